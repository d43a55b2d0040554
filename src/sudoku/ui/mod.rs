//! Sweeper Sudoku's interface, with bevy_egui: the board menu ([`menu`]:
//! choose a board or type a share code), the side panel and its buttons
//! ([`panel`]), the result card ([`result`]) and the how-to-play page
//! ([`help`]).

pub mod daily;
mod help;
pub mod menu;
pub mod panel;
pub mod pictures;
pub mod result;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};

use crate::base::i18n::{T, Texts, words};
use crate::base::screen::{Menu, Screen, no_menu, on_sudoku};
use crate::base::widgets::{UiSet, named};
use crate::sudoku::ecs::PuzzleRequest;
use crate::sudoku::ecs::daily::DailyBoard;
use crate::sudoku::ecs::presets::SudokuLibrary;
use crate::sudoku::view::PuzzleInput;
use minesweeper_core::sudoku::daily::{DAILY_TAG, Date, daily_seed};
use minesweeper_core::sudoku::{CodeError, PuzzleGame, SudokuPreset};

/// The board menu's choices and what is known about the boards.
#[derive(Resource, Debug, Default)]
pub struct SudokuMenu {
    /// Presets that loaded, in menu order (the files in `levels/sudoku/`,
    /// or the built-in copies until they load).
    pub presets: Vec<SudokuPreset>,
    /// Presets that failed to load, and a save that could not be read: file,
    /// line and problem.
    pub errors: Vec<String>,
    save_error: Option<String>,
    loaded: bool,
    /// The chosen preset.
    pub chosen: usize,
    /// A typed share code.
    pub code: String,
    /// What is wrong with the typed code.
    pub code_error: Option<String>,
    /// The result card was closed.
    pub result_closed: bool,
    /// The preset and seed of the board being played (for "play again").
    pub current: Option<(usize, u64)>,
    /// A board saved by an earlier run, replayed, with its code.
    pub saved: Option<(PuzzleGame, String)>,
    boards: u64,
}

impl SudokuMenu {
    /// Reads the saved board, once (the built-in presets stand in if the
    /// files are not known yet).
    pub fn load(&mut self, tx: &Texts) {
        if self.loaded {
            return;
        }
        if self.presets.is_empty() {
            self.presets = minesweeper_core::sudoku::preset::builtins();
        }
        self.loaded = true;
        match crate::sudoku::ecs::save::load_saved(&self.presets) {
            Ok(saved) => self.saved = saved,
            Err(why) => {
                let file = crate::sudoku::ecs::save::CORRUPT_FILE;
                let e = tx.f(
                    T::SudokuSaveCorrupt,
                    &[("why", why.to_string().into()), ("file", file.into())],
                );
                self.errors.push(e.clone());
                self.save_error = Some(e);
            }
        }
    }

    /// Takes the presets of `library`, keeping the chosen one chosen.
    fn set_presets(&mut self, library: &SudokuLibrary) {
        let chosen = self.presets.get(self.chosen).map(|p| p.source.clone());
        self.presets = library.valid().map(|(_, p)| p.clone()).collect();
        self.errors = library.errors().map(|e| e.to_string()).collect();
        self.errors.extend(self.save_error.clone());
        self.chosen = chosen
            .and_then(|c| self.presets.iter().position(|p| p.source == c))
            .unwrap_or(0);
    }

    /// A fresh seed for a new board.
    fn new_seed(&mut self) -> u64 {
        self.boards += 1;
        let mut x = crate::base::platform::wall_clock_nanos()
            ^ self.boards.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // SplitMix64 finaliser: neighbouring clocks give unrelated seeds.
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (x ^ (x >> 31)) & 0x3FFF_FFFF
    }
}

/// Starting boards: the menu, the request to the game, the screen.
#[derive(SystemParam)]
pub(crate) struct Boards<'w> {
    /// The menu's choices.
    pub menu: ResMut<'w, SudokuMenu>,
    requests: MessageWriter<'w, PuzzleRequest>,
    screen: ResMut<'w, NextState<Screen>>,
    /// The pointer's picks.
    pub input: ResMut<'w, PuzzleInput>,
    /// The texts, in the player's language.
    pub tx: Res<'w, Texts>,
    /// Whether the open board is the day's.
    pub daily: ResMut<'w, DailyBoard>,
}

impl Boards<'_> {
    /// Starts board `seed` of preset number `preset` and shows it.
    pub fn start(&mut self, preset: usize, seed: u64) {
        let Some(p) = self.menu.presets.get(preset) else {
            return;
        };
        self.open(p.clone(), seed);
        self.menu.current = Some((preset, seed));
        self.daily.set(None);
    }

    /// Starts the board of the day `date` (today, UTC, when `None`): the
    /// built-in preset's, never a modded copy, so that every player on
    /// every platform gets the same board.
    pub fn start_daily(&mut self, date: Option<Date>) {
        let date = date.unwrap_or_else(today);
        let builtins = minesweeper_core::sudoku::preset::builtins();
        let Some(p) = builtins.into_iter().find(|p| p.file.code == DAILY_TAG) else {
            return;
        };
        let seed = daily_seed(&p, date);
        self.open(p, seed);
        // Played again, the day's board would not count: no "again" here.
        self.menu.current = None;
        let code = minesweeper_core::sudoku::share_code(DAILY_TAG, seed);
        self.daily.set(Some((date, code)));
    }

    fn open(&mut self, preset: SudokuPreset, seed: u64) {
        self.requests.write(PuzzleRequest::Start {
            preset: Box::new(preset),
            seed,
        });
        self.menu.saved = None;
        self.menu.result_closed = false;
        *self.input = PuzzleInput::default();
        self.screen.set(Screen::Sudoku);
    }

    /// Buttons for the same board again (labelled `again`) and a new board
    /// of the same preset; whether one was clicked.
    pub(crate) fn again_buttons(&mut self, ui: &mut egui::Ui, again: T) -> bool {
        let Some((p, s)) = self.menu.current else {
            return false;
        };
        if ui.button(self.tx.t(again)).clicked() {
            self.start(p, s);
            return true;
        }
        if named(
            &T::SudokuNewBoard.id(),
            ui.button(self.tx.t(T::SudokuNewBoard)),
        )
        .clicked()
        {
            self.start_new(p);
            return true;
        }
        false
    }

    /// A new board of preset number `preset`.
    pub(crate) fn start_new(&mut self, preset: usize) {
        let seed = self.menu.new_seed();
        self.start(preset, seed);
    }

    /// Starts the board of a share code, or says on the menu what is wrong
    /// with the code.
    pub(crate) fn start_code(&mut self, code: &str) {
        let tags: Vec<&str> = self
            .menu
            .presets
            .iter()
            .map(|p| p.file.code.as_str())
            .collect();
        let found = minesweeper_core::sudoku::board::parse_code_among(code, Some(&tags)).and_then(
            |(tag, seed)| {
                self.menu
                    .presets
                    .iter()
                    .position(|p| p.file.code.eq_ignore_ascii_case(&tag))
                    .map(|i| (i, seed))
                    .ok_or_else(|| CodeError::UnknownTag(tag, Vec::new()))
            },
        );
        match found {
            Ok((i, seed)) => {
                self.menu.code_error = None;
                self.menu.chosen = i;
                self.start(i, seed);
            }
            Err(e) => self.menu.code_error = Some(words::code_error(&self.tx, &e)),
        }
    }

    /// Goes on with the board an earlier run saved.
    pub(crate) fn resume_saved(&mut self) {
        let Some((game, code)) = self.menu.saved.take() else {
            return;
        };
        self.menu.current = self
            .menu
            .presets
            .iter()
            .position(|p| p.source == game.preset.source)
            .zip(
                minesweeper_core::sudoku::parse_code(&code)
                    .ok()
                    .map(|(_, s)| s),
            );
        self.menu.result_closed = false;
        *self.input = PuzzleInput::default();
        self.requests.write(PuzzleRequest::Resume {
            game: Box::new(game),
            code,
        });
        self.screen.set(Screen::Sudoku);
    }

    /// Shows a screen.
    pub(crate) fn show(&mut self, screen: Screen) {
        self.screen.set(screen);
    }

    /// Asks the game for something (a hint, an action).
    pub fn request(&mut self, r: PuzzleRequest) {
        self.requests.write(r);
    }
}

/// Today in UTC (the board of the day changes at midnight UTC everywhere).
pub(crate) fn today() -> Date {
    Date::from_unix_nanos(crate::base::platform::wall_clock_nanos())
}

/// A board preset's name and description in the player's language.
pub(crate) fn preset_text(tx: &Texts, p: &SudokuPreset) -> (String, String) {
    tx.preset(
        "sudoku-preset-",
        &p.source,
        &p.file.name,
        &p.file.description,
    )
}

/// Opens the board named by `--sudoku CODE` (or `?sudoku=CODE` on the
/// web) once the presets are known; a bad code shows on the board menu.
fn open_from_options(
    options: Res<crate::base::options::GameOptions>,
    mut done: Local<bool>,
    mut boards: Boards,
) {
    if *done {
        return;
    }
    if let Some(date) = options.daily {
        *done = true;
        boards.menu.load(&boards.tx);
        boards.start_daily(date);
        return;
    }
    let Some(code) = options.sudoku.as_ref() else {
        return;
    };
    *done = true;
    boards.menu.load(&boards.tx);
    boards.menu.code = code.clone();
    boards.show(Screen::SudokuMenu);
    boards.start_code(code);
}

/// Keeps the menu's boards in step with the preset files.
fn follow_presets(library: Option<Res<SudokuLibrary>>, mut menu: ResMut<SudokuMenu>) {
    if let Some(library) = library.filter(|l| l.is_changed()) {
        menu.set_presets(&library);
    }
}

/// Sweeper Sudoku's menus, panel, result card and rules page.
pub struct SudokuUiPlugin;

impl Plugin for SudokuUiPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<SudokuMenu>()
            .init_resource::<Texts>()
            .add_systems(Update, (follow_presets, open_from_options).chain())
            .add_systems(
                EguiPrimaryContextPass,
                (
                    panel::panel.run_if(on_sudoku),
                    menu::board_menu.run_if(in_state(Screen::SudokuMenu).and_then(no_menu)),
                    crate::base::widgets::how_to_play::<help::SudokuRules>
                        .run_if(in_state(Menu::HowToPlay).and_then(on_sudoku)),
                    result::result_card.run_if(in_state(Screen::Sudoku).and_then(no_menu)),
                )
                    .chain()
                    .in_set(UiSet),
            );
    }
}
