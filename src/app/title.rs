//! The title menu over the chess board: resume the saved game, play
//! hot-seat or against the computer (level and side), Sweeper Sudoku, the
//! board preset, how to play, settings, quit. It starts the games, so it
//! lives with the composition: it knows both.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::base::audio::PlaySound;
use crate::base::audio::synth::Effect;
use crate::base::i18n::{T, Texts};
use crate::base::options::{GameOptions, Page};
use crate::base::screen::{Menu, Menus, Screen};
use crate::base::settings::Settings;
use crate::base::widgets::UiSet;
use crate::base::widgets::{centered, help_settings_quit};
use crate::chess::ecs::computer::level_label;
use crate::chess::ecs::presets::PresetLibrary;
use crate::chess::ecs::save::{SavedGame, start_record};
use crate::chess::ecs::{NewGameRequested, PlayMode};
use crate::chess::ui::ChessUi;
use crate::chess::view::Layout;
use minesweeper_core::ai::Level;
use minesweeper_core::chess::Color as Side;

/// What the title's buttons start.
#[derive(SystemParam)]
pub(crate) struct Starts<'w> {
    new_game: MessageWriter<'w, NewGameRequested>,
    screen: ResMut<'w, NextState<Screen>>,
    mode: ResMut<'w, PlayMode>,
    layout: ResMut<'w, Layout>,
    saved: ResMut<'w, SavedGame>,
    chess_ui: ResMut<'w, ChessUi>,
}

/// Draws the title menu (on [`Screen::Title`], no menu open).
pub(crate) fn title(
    mut contexts: EguiContexts,
    tx: Res<Texts>,
    mut settings: ResMut<Settings>,
    mut library: ResMut<PresetLibrary>,
    mut starts: Starts,
    mut menus: Menus,
    mut sound: MessageWriter<PlaySound>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let tr = |t: T| tx.t(t);
    let mut click = false;
    centered(tr(T::Title)).show(&ctx, |ui| {
        ui.label(egui::RichText::new(tr(T::Subtitle)).italics());
        ui.add_space(8.0);
        let wide = egui::vec2(280.0, 30.0);
        if let Some((rec, v)) = starts.saved.game.clone()
            && ui
                .add_sized(wide, egui::Button::new(tr(T::Resume)))
                .clicked()
        {
            start_record(&rec, v, &mut starts.new_game);
            starts.saved.game = None;
            starts.screen.set(Screen::Chess);
            click = true;
        }
        click |= play_buttons(ui, &tx, wide, &mut settings, &library, &mut starts);
        if ui
            .add_sized(wide, egui::Button::new(tr(T::PlayOnline)))
            .clicked()
        {
            menus.open(Menu::Online);
            click = true;
        }
        if ui
            .add_sized(wide, egui::Button::new(tr(T::PlayPuzzle)))
            .clicked()
        {
            starts.screen.set(Screen::SudokuMenu);
            click = true;
        }
        ui.add_space(6.0);
        click |= board_choice(ui, &tx, &mut library);
        ui.add_space(6.0);
        click |= help_settings_quit(ui, wide, &tx, &mut menus, &mut exit);
    });
    if click {
        sound.write(PlaySound(Effect::Click));
    }
    Ok(())
}

/// Hot-seat or against the computer, with its level and the player's side.
fn play_buttons(
    ui: &mut egui::Ui,
    tx: &Texts,
    wide: egui::Vec2,
    settings: &mut Settings,
    library: &PresetLibrary,
    starts: &mut Starts,
) -> bool {
    let tr = |t: T| tx.t(t);
    let mut click = false;
    let hot_seat = ui
        .add_sized(wide, egui::Button::new(tr(T::PlayHotSeat)))
        .clicked();
    let vs_computer = ui
        .add_sized(wide, egui::Button::new(tr(T::PlayComputer)))
        .clicked();
    ui.horizontal(|ui| {
        ui.label(tr(T::Level));
        for level in Level::ALL {
            if ui
                .radio(settings.ai_level == level, tr(level_label(level)))
                .clicked()
            {
                settings.ai_level = level;
                settings.save();
                click = true;
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label(tr(T::YouPlay));
        for (black, side) in [(false, T::White), (true, T::Black)] {
            if ui.radio(settings.play_black == black, tr(side)).clicked() {
                settings.play_black = black;
                settings.save();
                click = true;
            }
        }
    });
    if hot_seat || vs_computer {
        *starts.mode = if vs_computer {
            starts.layout.flipped = settings.play_black;
            PlayMode::Computer {
                side: if settings.play_black {
                    Side::White
                } else {
                    Side::Black
                },
                level: settings.ai_level,
            }
        } else {
            PlayMode::HotSeat
        };
        starts.new_game.write(crate::chess::ui::fresh_game(library));
        starts.screen.set(Screen::Chess);
        starts.chess_ui.over_dismissed = false;
        click = true;
    }
    click
}

/// The board presets, with the broken ones' errors.
fn board_choice(ui: &mut egui::Ui, tx: &Texts, library: &mut PresetLibrary) -> bool {
    ui.label(egui::RichText::new(tx.t(T::Board)).strong());
    let active = library.active;
    let mut chosen = None;
    for (i, e) in library.entries.iter().enumerate() {
        match &e.preset {
            Ok(p) => {
                let (name, description) =
                    tx.preset("preset-", &e.file, &p.variant.name, &p.description);
                let label = format!("{name} — {description}");
                if ui.radio(i == active, label).clicked() {
                    chosen = Some(i);
                }
            }
            Err(err) => {
                ui.colored_label(
                    egui::Color32::from_rgb(230, 80, 70),
                    format!("{}: {}", e.file, err.message),
                );
            }
        }
    }
    if let Some(i) = chosen {
        library.active = i;
        return true;
    }
    false
}

/// The title menu, and skipping it for scripted runs.
pub(crate) struct TitlePlugin;

impl Plugin for TitlePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, start_screen).add_systems(
            bevy_egui::EguiPrimaryContextPass,
            title
                .run_if(in_state(Screen::Title).and_then(in_state(Menu::None)))
                .in_set(UiSet),
        );
    }
}

/// Scripted runs and `--fen`/`--preset` skip the title; `--show` opens a
/// page.
fn start_screen(
    options: Res<GameOptions>,
    mut screen: ResMut<NextState<Screen>>,
    mut menus: Menus,
) {
    let over_title = matches!(options.show, Some(Page::Title | Page::Online));
    if options.skip_menu && !over_title {
        screen.set(Screen::Chess);
    }
    match options.show {
        Some(Page::Rules) => menus.open(Menu::HowToPlay),
        Some(Page::Settings) => menus.open(Menu::Settings),
        Some(Page::Online) => menus.open(Menu::Online),
        _ => {}
    }
}
