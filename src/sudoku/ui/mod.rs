//! Sweeper Sudoku's menus and panel: choose a board (or type a share
//! code), the side panel with lives, score, deck, hint and actions, the
//! result card and the how-to-play page.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::base::audio::PlaySound;
use crate::base::audio::synth::Effect;
use crate::chess::ui::{Screen, UiState};
use crate::chess::view::PanelWidth;
use crate::sudoku::ecs::{Puzzle, PuzzleRequest};
use crate::sudoku::view::{PuzzleInput, PuzzleShown};
use minesweeper_core::sudoku::{Action, PieceKind, Side, Status, SudokuPreset};

/// The puzzle menu's choices.
#[derive(Resource, Debug, Default)]
pub struct SudokuMenu {
    /// Presets found (built in, or `levels/sudoku/*.ron` on the desktop).
    pub presets: Vec<SudokuPreset>,
    /// Presets that failed to load, with file, line and problem.
    pub errors: Vec<String>,
    loaded: bool,
    /// The chosen preset.
    pub chosen: usize,
    /// A typed share code.
    pub code: String,
    /// What is wrong with the typed code.
    pub code_error: Option<String>,
    /// The how-to-play page is open.
    pub help: bool,
    /// The result card was closed.
    pub result_closed: bool,
    /// The preset and seed of the board being played (for "play again").
    pub current: Option<(usize, u64)>,
    /// A board saved by an earlier run, replayed, with its code.
    pub saved: Option<(minesweeper_core::sudoku::PuzzleGame, String)>,
    boards: u64,
}

/// Where the board in progress is kept between runs.
pub const SAVE_FILE: &str = "sudoku_game.txt";

fn load_menu(menu: &mut SudokuMenu) {
    if menu.loaded {
        return;
    }
    let (ok, bad) = crate::sudoku::ecs::presets::discover();
    menu.presets = ok;
    menu.errors = bad.iter().map(|e| e.to_string()).collect();
    menu.loaded = true;
    let store = crate::base::platform::store::read;
    if let Some(text) = store(SAVE_FILE) {
        match minesweeper_core::sudoku::save::from_text(&text, &menu.presets) {
            Ok((game, code)) if game.status == Status::Playing => {
                menu.saved = Some((game, code));
            }
            Ok(_) => crate::base::platform::store::remove(SAVE_FILE),
            Err(e) => {
                // Kept aside, not deleted: the player (or we) can look at it.
                menu.errors.push(format!(
                    "{}: {e} (kept as sudoku_game.corrupt.txt; a new board starts clean)",
                    crate::base::platform::store::describe(SAVE_FILE)
                ));
                crate::base::platform::store::set_aside(SAVE_FILE, "sudoku_game.corrupt.txt");
            }
        }
    }
}

/// Keeps the board in progress in the store after every action, and drops
/// it when the board is over.
pub fn autosave(
    puzzle: Res<Puzzle>,
    mut happened: MessageReader<crate::sudoku::ecs::PuzzleHappened>,
) {
    if happened.read().count() == 0 {
        return;
    }
    let Some(game) = &puzzle.game else { return };
    if game.status != Status::Playing {
        crate::base::platform::store::remove(SAVE_FILE);
        return;
    }
    let file = std::path::Path::new(&game.preset.source)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let text = minesweeper_core::sudoku::save::to_text(game, &file, &puzzle.code);
    if let Err(e) = crate::base::platform::store::write(SAVE_FILE, &text) {
        warn!("cannot save the board: {e}");
    }
}

/// How to play Sweeper Sudoku, in our words, with the controls.
pub const HOW_TO_PLAY: &str = "\
A solved sudoku hides under the fog: each digit once in every row, column and block. \
Mines are scattered separately, under any digit. Cells that start open never hold a mine.

An open cell shows a small count: the mines among its eight neighbours (an empty ring \
keeps it secret). The badge at each block's corner says how many mines the block holds.

Your hand holds pieces with digit cards. Put one on a closed cell to claim its digit. \
Right digit: the cell opens and the piece stays as a sensor. Wrong digit: the piece sits \
out and the cell is marked \u{2260} that digit. A mine blows up whatever the digit: a life \
and the piece are lost. The hand refills from the deck.

Sensors (the square badge): a white piece counts the mines left in its zone, a black \
piece the closed cells in its zone that hide its digit. King: the 8 cells around. Knight: \
its 8 jumps. Rook, bishop, queen: along their lines through closed cells, stopping at the \
first open cell or piece.

Board moves follow chess and cost stamina (the green pips: knight 3, others 2). A rook, \
bishop or queen opens its whole path: a flagged mine is defused, a flag without a mine \
becomes a question mark and the piece sits out (\u{2212}10), an unflagged mine blows up. A \
rook glides over open cells for free. A king or knight blows up on a mine, flag or not; \
a rook, bishop or queen takes the digit of the cell it stops on.

Knight flag-jump: right-click a knight (hold it on a touch screen), then pick a jump. \
Onto a mine it defuses it and may jump again for free; onto an empty cell it leaves a \
question mark and sits out. The first jump costs one stamina.

Probe: hold a closed cell until the fuse burns round it. A mine is defused (+10); an empty \
cell becomes a question mark for good (\u{2212}10), unless a king next to it spends his \
spare life (\u{2665}).

Discard a picked card (D, or drag it onto the deck) for a new one; drag one hand card onto another to merge: the \
digits add round the circle, the top digit counting as 1.

Defuse every mine to win (a Wipe; blown mines count as done). Lose all lives, or run out \
of pieces with nothing left to move, and the board is lost. Opened digits score their \
value, defused mines 10 each, multiplied when one move defuses several; ten points make \
a pawn.

Mouse: click a card then a cell (or drag it there); click a piece, then a dot to move; \
right-click to flag; hold to probe. Touch: tap, double-tap to flag, hold to probe, hold a \
knight to raise its flag. Keys: H hint, D discard, Esc cancel.";

fn new_seed(menu: &mut SudokuMenu) -> u64 {
    menu.boards += 1;
    let mut x =
        crate::base::platform::wall_clock_nanos() ^ menu.boards.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    // SplitMix64 finaliser: neighbouring clocks give unrelated seeds.
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (x ^ (x >> 31)) & 0x3FFF_FFFF
}

fn start(
    menu: &mut SudokuMenu,
    preset: usize,
    seed: u64,
    requests: &mut MessageWriter<PuzzleRequest>,
    ui_state: &mut UiState,
    input: &mut PuzzleInput,
) {
    let Some(p) = menu.presets.get(preset) else {
        return;
    };
    requests.write(PuzzleRequest::Start {
        preset: Box::new(p.clone()),
        seed,
    });
    menu.current = Some((preset, seed));
    menu.saved = None;
    menu.result_closed = false;
    *input = PuzzleInput::default();
    ui_state.screen = Screen::Sudoku;
}

fn card_text(kind: PieceKind, side: Side, digit: u8) -> String {
    let (solid, outline) = crate::chess::view::board::glyphs(match kind {
        PieceKind::King => minesweeper_core::chess::Role::King,
        PieceKind::Queen => minesweeper_core::chess::Role::Queen,
        PieceKind::Rook => minesweeper_core::chess::Role::Rook,
        PieceKind::Bishop => minesweeper_core::chess::Role::Bishop,
        PieceKind::Knight => minesweeper_core::chess::Role::Knight,
    });
    format!(
        "{}{digit}",
        if side == Side::White { outline } else { solid }
    )
}

/// Opens the board named by `--sudoku CODE` (or `?sudoku=CODE` on the
/// web) once the presets are known; a bad code shows on the board menu.
pub fn open_from_options(
    options: Res<crate::base::options::GameOptions>,
    mut done: Local<bool>,
    mut menu: ResMut<SudokuMenu>,
    mut ui_state: ResMut<UiState>,
    mut input: ResMut<PuzzleInput>,
    mut requests: MessageWriter<PuzzleRequest>,
) {
    let Some(code) = options.sudoku.as_ref().filter(|_| !*done) else {
        return;
    };
    *done = true;
    load_menu(&mut menu);
    menu.code = code.clone();
    ui_state.screen = Screen::SudokuMenu;
    start_code(&mut menu, code, &mut requests, &mut ui_state, &mut input);
}

/// Starts the board of a share code, or says on the menu what is wrong
/// with the code.
fn start_code(
    menu: &mut SudokuMenu,
    code: &str,
    requests: &mut MessageWriter<PuzzleRequest>,
    ui_state: &mut UiState,
    input: &mut PuzzleInput,
) {
    let tags: Vec<&str> = menu.presets.iter().map(|p| p.file.code.as_str()).collect();
    let found = minesweeper_core::sudoku::board::parse_code_among(code, Some(&tags)).and_then(
        |(tag, seed)| {
            menu.presets
                .iter()
                .position(|p| p.file.code.eq_ignore_ascii_case(&tag))
                .map(|i| (i, seed))
                .ok_or_else(|| format!("no board preset has the tag {tag}"))
        },
    );
    match found {
        Ok((i, seed)) => {
            menu.code_error = None;
            menu.chosen = i;
            start(menu, i, seed, requests, ui_state, input);
        }
        Err(e) => menu.code_error = Some(e),
    }
}

/// Draws the puzzle's menus, panel and cards (nothing on the chess screens).
pub fn ui(
    mut contexts: EguiContexts,
    mut ui_state: ResMut<UiState>,
    mut menu: ResMut<SudokuMenu>,
    puzzle: Res<Puzzle>,
    mut input: ResMut<PuzzleInput>,
    mut shown: ResMut<PuzzleShown>,
    mut panel: ResMut<PanelWidth>,
    mut requests: MessageWriter<PuzzleRequest>,
    mut sound: MessageWriter<PlaySound>,
) -> Result {
    let visible = matches!(ui_state.screen, Screen::SudokuMenu | Screen::Sudoku);
    let over = puzzle
        .game
        .as_ref()
        .is_some_and(|g| g.status != Status::Playing);
    let want = PuzzleShown {
        visible,
        interactive: ui_state.screen == Screen::Sudoku && !menu.help && !over,
    };
    if *shown != want {
        *shown = want;
    }
    if !visible {
        return Ok(());
    }
    load_menu(&mut menu);
    let ctx = contexts.ctx_mut()?.clone();
    let mut click = false;
    let center = |title: &str| {
        egui::Window::new(title.to_string())
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [-150.0, 0.0])
    };

    // ---- side panel ------------------------------------------------------
    let mut root = egui::Ui::new(
        ctx.clone(),
        "puzzle-root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let width = egui::Panel::right("puzzle-hud")
        .resizable(false)
        .exact_size(300.0)
        .show(&mut root, |ui| {
            ui.add_space(6.0);
            ui.heading("Sweeper Sudoku");
            let Some(game) = &puzzle.game else {
                ui.label(egui::RichText::new("Choose a board to play.").weak());
                return;
            };
            ui.label(egui::RichText::new(&game.preset.file.name).weak());
            ui.horizontal(|ui| {
                ui.label("Board code:");
                ui.monospace(&puzzle.code);
            });
            if let Some(r) = puzzle.rating {
                ui.label(
                    egui::RichText::new(format!(
                        "Rating: {} ({}/{} mines by deduction alone)",
                        r.label(),
                        r.mines_found,
                        r.mines
                    ))
                    .weak(),
                );
            }
            ui.separator();
            let lives: String = (0..game.preset.file.lives)
                .map(|i| {
                    if i < game.lives {
                        '\u{2665}'
                    } else {
                        '\u{2661}'
                    }
                })
                .collect();
            ui.label(
                egui::RichText::new(format!("Lives {lives}"))
                    .size(18.0)
                    .color(egui::Color32::from_rgb(230, 70, 90)),
            );
            ui.label(
                egui::RichText::new(format!(
                    "Score {} points \u{00b7} {:.1} pawns",
                    game.score,
                    game.pawns()
                ))
                .size(16.0)
                .strong(),
            );
            ui.label(format!(
                "Mines {} of {} done",
                game.mines_done(),
                game.mines_total()
            ));
            ui.label(format!(
                "Deck {} cards \u{00b7} hand {}",
                game.deck.len(),
                game.hand.len()
            ));
            if !game.bench.is_empty() {
                let s: Vec<String> = game
                    .bench
                    .iter()
                    .map(|c| card_text(c.kind, c.side, c.digit))
                    .collect();
                ui.label(format!("Sitting out: {}", s.join(" ")));
            }
            if !game.destroyed.is_empty() {
                let s: Vec<String> = game
                    .destroyed
                    .iter()
                    .map(|c| card_text(c.kind, c.side, c.digit))
                    .collect();
                ui.label(format!("Destroyed: {}", s.join(" ")));
            }
            ui.separator();
            // What the pointer will do next.
            let doing = if let Some(k) = input.jumper {
                format!(
                    "The knight on {} has its flag up: pick an orange ring to jump{}.",
                    minesweeper_core::sudoku::deduce::cell_name(game.board.grid.size, k),
                    if game.chain.is_some() { " (free)" } else { "" }
                )
            } else if let Some(c) = input.card.and_then(|i| game.hand.get(i)) {
                format!(
                    "Place the {} {} {}: pick a closed cell.",
                    if c.side == Side::White {
                        "white"
                    } else {
                        "black"
                    },
                    c.kind.name(),
                    c.digit
                )
            } else if input.piece.is_some() {
                "Pick a dot to move (blue: a free glide).".to_string()
            } else {
                "Pick a card or a piece; right-click flags; hold a cell to probe.".to_string()
            };
            ui.label(egui::RichText::new(doing).italics());
            if let Some((t, _)) = &input.toast {
                ui.label(
                    egui::RichText::new(t)
                        .color(egui::Color32::from_rgb(240, 170, 80))
                        .strong(),
                );
            }
            if let Some(h) = puzzle.hint {
                ui.label(
                    egui::RichText::new(format!("Hint: {}", h.describe(game.board.grid.size)))
                        .color(egui::Color32::from_rgb(120, 230, 140)),
                );
            } else if puzzle.no_hint {
                ui.label(
                    egui::RichText::new("Hint: nothing is certain from what you see.")
                        .color(egui::Color32::from_rgb(200, 200, 140)),
                );
            }
            ui.add_space(4.0);
            let playing = game.status == Status::Playing;
            let wide = egui::vec2(270.0, 26.0);
            if ui
                .add_enabled(playing, egui::Button::new("Hint (H)").min_size(wide))
                .clicked()
            {
                requests.write(PuzzleRequest::Hint);
                click = true;
            }
            if ui
                .add_enabled(
                    playing && input.card.is_some(),
                    egui::Button::new("Discard the picked card (D)").min_size(wide),
                )
                .clicked()
                && let Some(c) = input.card.take()
            {
                requests.write(PuzzleRequest::Act(Action::Discard(vec![c])));
                click = true;
            }
            if game.chain.is_some()
                && ui
                    .add_sized(wide, egui::Button::new("Stop the knight's jumps"))
                    .clicked()
            {
                requests.write(PuzzleRequest::Act(Action::EndChain));
                input.jumper = None;
                click = true;
            }
            ui.separator();
            let block: Vec<String> = game
                .block_mines()
                .iter()
                .zip(game.block_done())
                .map(|(t, d)| format!("{d}/{t}"))
                .collect();
            ui.label(egui::RichText::new(format!("Block mines done: {}", block.join("  "))).weak());
            ui.label(egui::RichText::new(format!("Actions: {}", game.moves)).weak());
        })
        .response
        .rect
        .width();
    if (panel.0 - width).abs() > 0.5 {
        panel.0 = width;
    }
    // Buttons at the bottom of the panel area are drawn in a small window
    // so they stay reachable on short screens.
    if ui_state.screen == Screen::Sudoku && !menu.help {
        egui::Window::new("puzzle-actions")
            .title_bar(false)
            .resizable(false)
            .anchor(egui::Align2::RIGHT_BOTTOM, [-12.0, -12.0])
            .show(&ctx, |ui| {
                ui.horizontal(|ui| {
                    if ui.button("How to play").clicked() {
                        menu.help = true;
                        click = true;
                    }
                    if ui.button("Restart").clicked()
                        && let Some((p, s)) = menu.current
                    {
                        start(&mut menu, p, s, &mut requests, &mut ui_state, &mut input);
                        click = true;
                    }
                    if ui.button("New board").clicked()
                        && let Some((p, _)) = menu.current
                    {
                        let s = new_seed(&mut menu);
                        start(&mut menu, p, s, &mut requests, &mut ui_state, &mut input);
                        click = true;
                    }
                    if ui.button("Menu").clicked() {
                        ui_state.screen = Screen::SudokuMenu;
                        click = true;
                    }
                });
            });
    }

    // ---- board menu ------------------------------------------------------
    if ui_state.screen == Screen::SudokuMenu && !menu.help {
        center("Sweeper Sudoku").show(&ctx, |ui| {
            ui.set_max_width(440.0);
            ui.label(
                egui::RichText::new("A hidden sudoku, mines, and a hand of chess pieces.")
                    .italics(),
            );
            ui.add_space(6.0);
            ui.label(egui::RichText::new("Board").strong());
            let mut chosen = menu.chosen;
            for (i, p) in menu.presets.iter().enumerate() {
                let label = format!("{} \u{2014} {}", p.file.name, p.file.description);
                if ui.radio(i == chosen, label).clicked() {
                    chosen = i;
                }
            }
            if chosen != menu.chosen {
                menu.chosen = chosen;
                click = true;
            }
            for e in &menu.errors {
                ui.colored_label(egui::Color32::from_rgb(230, 80, 70), e);
            }
            let wide = egui::vec2(300.0, 30.0);
            if puzzle
                .game
                .as_ref()
                .is_some_and(|g| g.status == Status::Playing)
                && ui
                    .add_sized(wide, egui::Button::new("Resume this board"))
                    .clicked()
            {
                ui_state.screen = Screen::Sudoku;
                click = true;
            }
            if puzzle.game.is_none()
                && let Some((game, code)) = menu.saved.clone()
                && ui
                    .add_sized(
                        wide,
                        egui::Button::new(format!("Resume the saved board {code}")),
                    )
                    .clicked()
            {
                menu.current = menu
                    .presets
                    .iter()
                    .position(|p| p.source == game.preset.source)
                    .zip(
                        minesweeper_core::sudoku::parse_code(&code)
                            .ok()
                            .map(|(_, s)| s),
                    );
                menu.saved = None;
                menu.result_closed = false;
                *input = PuzzleInput::default();
                requests.write(PuzzleRequest::Resume {
                    game: Box::new(game),
                    code,
                });
                ui_state.screen = Screen::Sudoku;
                click = true;
            }
            if ui
                .add_sized(wide, egui::Button::new("Play a new board"))
                .clicked()
            {
                let s = new_seed(&mut menu);
                let p = menu.chosen;
                start(&mut menu, p, s, &mut requests, &mut ui_state, &mut input);
                click = true;
            }
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                ui.label("Board code:");
                ui.add(egui::TextEdit::singleline(&mut menu.code).desired_width(120.0));
                if ui.button("Play code").clicked() {
                    click = true;
                    let code = menu.code.clone();
                    start_code(&mut menu, &code, &mut requests, &mut ui_state, &mut input);
                }
            });
            if let Some(e) = &menu.code_error {
                ui.colored_label(egui::Color32::from_rgb(230, 80, 70), e);
            }
            ui.add_space(4.0);
            ui.horizontal(|ui| {
                if ui.button("How to play").clicked() {
                    menu.help = true;
                    click = true;
                }
                if ui.button("Back to Minesweeper Chess").clicked() {
                    ui_state.screen = Screen::Main;
                    click = true;
                }
            });
        });
    }

    // ---- how to play -----------------------------------------------------
    if menu.help {
        center("How to play Sweeper Sudoku").show(&ctx, |ui| {
            ui.set_max_width(520.0);
            egui::ScrollArea::vertical()
                .max_height(560.0)
                .show(ui, |ui| ui.label(HOW_TO_PLAY));
            if ui.button("Back").clicked() {
                menu.help = false;
                click = true;
            }
        });
    }

    // ---- result card -----------------------------------------------------
    if let Some(game) = &puzzle.game
        && game.status != Status::Playing
        && ui_state.screen == Screen::Sudoku
        && !menu.result_closed
        && !menu.help
    {
        let title = if game.status == Status::Won {
            "Wipe!"
        } else {
            "Board lost"
        };
        center(title).show(&ctx, |ui| {
            ui.set_min_width(300.0);
            let why = match game.status {
                Status::Won => "Every mine is done with.",
                Status::LostLives => "No lives left.",
                Status::LostPieces => "Out of pieces, with nothing left to move.",
                Status::Playing => "",
            };
            ui.label(egui::RichText::new(why).size(16.0));
            ui.add_space(4.0);
            ui.label(
                egui::RichText::new(format!("{:.1} pawns", game.pawns()))
                    .size(28.0)
                    .strong(),
            );
            ui.label(format!("{} points", game.score));
            let defused = game
                .cells
                .iter()
                .filter(|c| c.mine == Some(minesweeper_core::sudoku::MineFate::Defused))
                .count();
            let blown = game
                .cells
                .iter()
                .filter(|c| c.mine == Some(minesweeper_core::sudoku::MineFate::Blown))
                .count();
            let opened = game
                .cells
                .iter()
                .enumerate()
                .filter(|(i, c)| {
                    c.state == minesweeper_core::sudoku::CellState::Open && !game.board.open[*i]
                })
                .count();
            egui::Grid::new("result").num_columns(2).show(ui, |ui| {
                for (k, v) in [
                    (
                        "Mines defused",
                        format!("{defused} of {}", game.mines_total()),
                    ),
                    ("Mines blown", blown.to_string()),
                    ("Cells opened", opened.to_string()),
                    ("Lives left", game.lives.to_string()),
                    ("Actions", game.moves.to_string()),
                    (
                        "Cards left",
                        (game.hand.len() + game.deck.len()).to_string(),
                    ),
                    ("Board", game.preset.file.name.clone()),
                    ("Code", puzzle.code.clone()),
                    (
                        "Rating",
                        puzzle
                            .rating
                            .map(|r| r.label().to_string())
                            .unwrap_or_default(),
                    ),
                ] {
                    ui.label(k);
                    ui.label(v);
                    ui.end_row();
                }
            });
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                if ui.button("Play again").clicked()
                    && let Some((p, s)) = menu.current
                {
                    start(&mut menu, p, s, &mut requests, &mut ui_state, &mut input);
                    click = true;
                }
                if ui.button("New board").clicked()
                    && let Some((p, _)) = menu.current
                {
                    let s = new_seed(&mut menu);
                    start(&mut menu, p, s, &mut requests, &mut ui_state, &mut input);
                    click = true;
                }
                if ui.button("Look at the board").clicked() {
                    menu.result_closed = true;
                    click = true;
                }
                if ui.button("Menu").clicked() {
                    ui_state.screen = Screen::SudokuMenu;
                    click = true;
                }
            });
        });
    }
    if click {
        sound.write(PlaySound(Effect::Click));
    }
    Ok(())
}
