//! Menus and the side panel, with bevy_egui. Every text comes from the
//! translation table ([`crate::i18n`]).

use bevy::camera::{CameraOutputMode, visibility::RenderLayers};
use bevy::prelude::*;
use bevy::render::render_resource::BlendState;
use bevy_egui::{
    EguiContexts, EguiGlobalSettings, EguiPlugin, EguiPrimaryContextPass, PrimaryEguiContext, egui,
};

use crate::base::audio::PlaySound;
use crate::base::audio::synth::Effect;
use crate::base::i18n::{Lang, T, fill};
use crate::base::settings::{AnimSpeed, Palette, Settings, Theme};
use crate::chess::ecs::computer::{ComputerStatus, HintRequested};
use crate::chess::ecs::presets::PresetLibrary;
use crate::chess::ecs::save::{SavePlugin, SavedGame, current_record, read_record, start_record};
use crate::chess::ecs::{
    ActiveVariant, BoardView, GameCommand, GameState, MoveRejected, NewGameRequested, Opponent,
};
use crate::chess::view::input::{InputBlocked, TogglePause};
use minesweeper_core::chess::{Color as Side, Outcome, Piece};

use crate::base::options::GameOptions;
use crate::chess::view::{Layout, PanelWidth};

/// Which screen is showing.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Screen {
    /// The main menu over the board.
    #[default]
    Main,
    /// Playing.
    Playing,
    /// The Sweeper Sudoku menu: pick a board.
    SudokuMenu,
    /// Playing Sweeper Sudoku.
    Sudoku,
}

/// A window over the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Dialog {
    /// Settings.
    Settings,
    /// The rules.
    HowToPlay,
    /// Export: the game as text.
    Export(String),
    /// Import: text being pasted, and the last error.
    Import(String, Option<String>),
}

/// What the interface shows.
#[derive(Resource, Debug, Default)]
pub struct UiState {
    /// Current screen.
    pub screen: Screen,
    /// Pause menu open.
    pub paused: bool,
    /// Open dialog.
    pub dialog: Option<Dialog>,
    /// A short message (a refused move) and the time left to show it.
    pub toast: Option<(String, f32)>,
    /// A message that stays until dismissed (a corrupt save).
    pub notice: Option<String>,
    /// The game-over card was closed.
    pub over_dismissed: bool,
}

/// The main menu, panel, dialogs and overlays.
pub struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(EguiPlugin::default());
        // The board camera draws only left of the panel; egui gets its own
        // full-window camera.
        app.world_mut()
            .resource_mut::<EguiGlobalSettings>()
            .auto_create_primary_context = false;
        app.init_resource::<crate::sudoku::ui::SudokuMenu>();
        app.add_plugins(SavePlugin)
            .init_resource::<UiState>()
            .add_systems(Startup, (setup_cameras, start_screen))
            .add_systems(
                PostStartup,
                show_save_error.after(crate::chess::ecs::save::load_saved),
            )
            .add_systems(
                Update,
                (
                    toasts,
                    block_input,
                    crate::sudoku::ui::open_from_options,
                    crate::sudoku::ui::autosave.in_set(crate::sudoku::ecs::PuzzleSet::Present),
                ),
            )
            .add_systems(
                EguiPrimaryContextPass,
                (
                    crate::base::probe::start_ui,
                    fonts_once,
                    ui,
                    crate::sudoku::ui::ui,
                    crate::base::probe::end_ui,
                )
                    .chain(),
            );
    }
}

fn setup_cameras(mut commands: Commands) {
    commands.spawn((
        PrimaryEguiContext,
        Camera2d,
        RenderLayers::none(),
        Camera {
            order: 1,
            output_mode: CameraOutputMode::Write {
                blend_state: Some(BlendState::ALPHA_BLENDING),
                clear_color: ClearColorConfig::None,
            },
            clear_color: ClearColorConfig::Custom(Color::NONE),
            ..default()
        },
    ));
}

fn start_screen(options: Res<GameOptions>, mut ui: ResMut<UiState>) {
    if options.skip_menu {
        ui.screen = Screen::Playing;
    }
}

fn show_save_error(saved: Res<SavedGame>, mut ui: ResMut<UiState>, settings: Res<Settings>) {
    if let Some(e) = &saved.error {
        ui.notice = Some(fill(T::SaveCorrupt.tr(settings.language), &[("why", e)]));
    }
}

fn block_input(ui: Res<UiState>, mut blocked: ResMut<InputBlocked>) {
    let b = ui.screen != Screen::Playing || ui.paused || ui.dialog.is_some();
    if blocked.0 != b {
        blocked.0 = b;
    }
}

fn toasts(
    time: Res<Time>,
    settings: Res<Settings>,
    mut ui: ResMut<UiState>,
    mut rejected: MessageReader<MoveRejected>,
    mut pause: MessageReader<TogglePause>,
) {
    for r in rejected.read() {
        ui.toast = Some((crate::base::i18n::refusal(r.reason, settings.language), 3.5));
    }
    if let Some((_, t)) = &mut ui.toast {
        *t -= time.delta_secs();
        if *t <= 0.0 {
            ui.toast = None;
        }
    }
    for _ in pause.read() {
        if ui.dialog.is_some() {
            ui.dialog = None;
        } else if ui.screen == Screen::Playing {
            ui.paused = !ui.paused;
        }
    }
}

fn fonts_once(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    // DejaVu Sans as a fallback: chess glyphs in the move list and panels.
    ctx.add_font(egui::epaint::text::FontInsert::new(
        "dejavu",
        egui::FontData::from_static(include_bytes!("../../../assets/fonts/DejaVuSans.ttf")),
        vec![
            egui::epaint::text::InsertFontFamily {
                family: egui::FontFamily::Proportional,
                priority: egui::epaint::text::FontPriority::Lowest,
            },
            egui::epaint::text::InsertFontFamily {
                family: egui::FontFamily::Monospace,
                priority: egui::epaint::text::FontPriority::Lowest,
            },
        ],
    ));
    *done = true;
    Ok(())
}

/// The buttons both menus end with: how to play, settings and (on the
/// desktop) quit. Returns whether one was clicked.
fn help_settings_quit(
    ui: &mut egui::Ui,
    size: egui::Vec2,
    lang: Lang,
    state: &mut UiState,
    exit: &mut MessageWriter<AppExit>,
) -> bool {
    let mut clicked = false;
    for (key, dialog) in [
        (T::HowToPlay, Dialog::HowToPlay),
        (T::Settings, Dialog::Settings),
    ] {
        if ui
            .add_sized(size, egui::Button::new(key.tr(lang)))
            .clicked()
        {
            state.dialog = Some(dialog);
            clicked = true;
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    if ui
        .add_sized(size, egui::Button::new(T::Quit.tr(lang)))
        .clicked()
    {
        exit.write(AppExit::Success);
    }
    #[cfg(target_arch = "wasm32")]
    let _ = exit;
    clicked
}

/// A new game of the chosen preset as it is now on disk (edits included).
fn fresh_game(library: &PresetLibrary) -> NewGameRequested {
    let variant = library
        .entries
        .get(library.active)
        .and_then(|e| e.preset.as_ref().ok())
        .map(|p| p.variant.clone());
    NewGameRequested {
        variant,
        ..NewGameRequested::fresh()
    }
}

fn piece_char(p: Piece) -> char {
    let (solid, outline) = crate::chess::view::board::glyphs(p.role);
    let s = if p.color == Side::White {
        outline
    } else {
        solid
    };
    s.chars().next().unwrap_or('?')
}

/// The result in words, from the translation table.
pub fn outcome_text(o: Outcome, lang: Lang) -> String {
    use minesweeper_core::chess::{DrawReason, WinReason};
    match o {
        Outcome::Decisive { winner, reason } => {
            let side = if winner == Side::White {
                T::White
            } else {
                T::Black
            };
            let key = match reason {
                WinReason::Checkmate => T::WinCheckmate,
                WinReason::Blast => T::WinBlast,
                WinReason::Resignation => T::WinResignation,
            };
            fill(key.tr(lang), &[("side", side.tr(lang))])
        }
        Outcome::Draw(r) => match r {
            DrawReason::Stalemate => T::DrawStalemate,
            DrawReason::Repetition => T::DrawRepetition,
            DrawReason::InsufficientMaterial => T::DrawMaterial,
            DrawReason::Agreement => T::DrawAgreement,
        }
        .tr(lang)
        .to_string(),
    }
}

#[allow(clippy::too_many_arguments)]
/// The computer opponent as the interface sees it.
#[derive(bevy::ecs::system::SystemParam)]
pub struct ComputerUi<'w, 's> {
    opponent: ResMut<'w, Opponent>,
    status: Res<'w, ComputerStatus>,
    hint: MessageWriter<'w, HintRequested>,
    marker: std::marker::PhantomData<&'s ()>,
}

fn ui(
    mut computer: ComputerUi,
    mut contexts: EguiContexts,
    mut ui_state: ResMut<UiState>,
    mut settings: ResMut<Settings>,
    mut panel: ResMut<PanelWidth>,
    mut layout: ResMut<Layout>,
    mut library: ResMut<PresetLibrary>,
    mut saved: ResMut<SavedGame>,
    state: Res<GameState>,
    variant: Res<ActiveVariant>,
    board: BoardView,
    mut new_game: MessageWriter<NewGameRequested>,
    mut command: MessageWriter<GameCommand>,
    mut sound: MessageWriter<PlaySound>,
    mut exit: MessageWriter<AppExit>,
    mut seed: ResMut<crate::chess::ecs::MineSeed>,
) -> Result {
    // Sweeper Sudoku draws its own panel and menus (see `puzzle`).
    if matches!(ui_state.screen, Screen::SudokuMenu | Screen::Sudoku) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.language;
    let tr = |t: T| t.tr(lang);
    let mut click = false;

    // ---- side panel ------------------------------------------------------
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let width = egui::Panel::right("hud")
        .resizable(false)
        .exact_size(300.0)
        .show(&mut root, |ui| {
            ui.add_space(6.0);
            ui.heading(tr(T::Title));
            ui.label(egui::RichText::new(&variant.0.name).weak());
            ui.separator();
            let pos = board.snapshot(&state).ok();
            if let Some(o) = state.outcome {
                ui.label(
                    egui::RichText::new(outcome_text(o, lang))
                        .strong()
                        .size(16.0),
                );
            } else {
                let side = if state.turn == Side::White {
                    T::White
                } else {
                    T::Black
                };
                ui.horizontal(|ui| {
                    let (fill_c, line) = if state.turn == Side::White {
                        (
                            egui::Color32::from_rgb(245, 240, 230),
                            egui::Color32::DARK_GRAY,
                        )
                    } else {
                        (egui::Color32::from_rgb(25, 25, 28), egui::Color32::GRAY)
                    };
                    let (r, _) =
                        ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
                    ui.painter()
                        .circle(r.center(), 7.0, fill_c, egui::Stroke::new(1.5, line));
                    ui.label(
                        egui::RichText::new(fill(tr(T::ToMove), &[("side", tr(side))])).size(16.0),
                    );
                });
                if pos.as_ref().is_some_and(|p| p.in_check()) {
                    ui.label(
                        egui::RichText::new(tr(T::Check))
                            .color(egui::Color32::from_rgb(230, 60, 50))
                            .strong(),
                    );
                }
            }
            if let Some(p) = &pos {
                ui.label(
                    egui::RichText::new(format!(
                        "💣 {}",
                        fill(tr(T::Mines), &[("n", &p.mines_left().to_string())])
                    ))
                    .size(15.0),
                );
            }
            ui.separator();
            // Captured and destroyed pieces, from the move list.
            let mut captured: [Vec<char>; 2] = [vec![], vec![]];
            let mut destroyed: Vec<char> = vec![];
            for m in &state.moves {
                if let Some(c) = m.report.captured {
                    captured[m.side.index()].push(piece_char(c));
                }
                for (_, p) in m.report.blasts() {
                    destroyed.push(piece_char(p));
                }
            }
            ui.label(egui::RichText::new(tr(T::Captured)).strong());
            for side in [Side::White, Side::Black] {
                let who = if side == Side::White {
                    T::White
                } else {
                    T::Black
                };
                ui.label(format!(
                    "{}: {}",
                    tr(who),
                    captured[side.index()].iter().collect::<String>()
                ));
            }
            ui.label(egui::RichText::new(tr(T::Destroyed)).strong());
            ui.label(if destroyed.is_empty() {
                "—".to_string()
            } else {
                destroyed.iter().collect()
            });
            ui.separator();
            ui.label(egui::RichText::new(tr(T::Moves)).strong());
            egui::ScrollArea::vertical()
                .max_height(220.0)
                .stick_to_bottom(true)
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    egui::Grid::new("moves")
                        .num_columns(3)
                        .striped(true)
                        .show(ui, |ui| {
                            let mut n = 1;
                            let mut col = 0;
                            for m in &state.moves {
                                if col == 0 {
                                    ui.label(format!("{n}."));
                                    if m.side == Side::Black {
                                        ui.label("…");
                                        col = 1;
                                    }
                                }
                                let mut text = m.san.clone();
                                if m.report.blasts().next().is_some() {
                                    text.push_str(" 💥");
                                }
                                if m.report.swept.is_some() {
                                    text.push_str(" ✔");
                                }
                                ui.monospace(text);
                                col += 1;
                                if col == 2 {
                                    ui.end_row();
                                    col = 0;
                                    n += 1;
                                }
                            }
                        });
                });
            let vs = computer.opponent.computer;
            if vs.is_some() {
                ui.separator();
                let level = tr(crate::chess::ecs::computer::level_label(
                    computer.opponent.level,
                ));
                ui.label(fill(tr(T::VsComputer), &[("level", level)]));
                if computer.status.thinking {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(tr(T::Thinking));
                    });
                } else if computer.status.hinting {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(tr(T::HintThinking));
                    });
                }
                if let Some(t) = &computer.status.last {
                    let info = fill(
                        tr(T::SearchInfo),
                        &[
                            ("depth", &t.depth.to_string()),
                            ("nodes", &t.nodes.to_string()),
                        ],
                    );
                    ui.label(egui::RichText::new(info).small().weak());
                }
            }
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                if ui.button(tr(T::NewGame)).clicked() {
                    new_game.write(fresh_game(&library));
                    ui_state.over_dismissed = false;
                    click = true;
                }
                if ui
                    .add_enabled(!state.moves.is_empty(), egui::Button::new(tr(T::Undo)))
                    .clicked()
                {
                    command.write(GameCommand::Undo);
                    ui_state.over_dismissed = false;
                    click = true;
                }
                let live = state.outcome.is_none();
                if ui
                    .add_enabled(live, egui::Button::new(tr(T::Resign)))
                    .clicked()
                {
                    command.write(GameCommand::Resign);
                    click = true;
                }
                if vs.is_none()
                    && ui
                        .add_enabled(live, egui::Button::new(tr(T::OfferDraw)))
                        .clicked()
                {
                    command.write(GameCommand::AgreeDraw);
                    click = true;
                }
                let my_turn = vs.is_some_and(|c| c != state.turn);
                if vs.is_some()
                    && ui
                        .add_enabled(
                            live && my_turn && !computer.status.hinting,
                            egui::Button::new(tr(T::Hint)),
                        )
                        .clicked()
                {
                    computer.hint.write(HintRequested);
                    click = true;
                }
                if ui.button(tr(T::Flip)).clicked() {
                    layout.flipped = !layout.flipped;
                    click = true;
                }
                if ui.button(tr(T::Export)).clicked() {
                    let file = library
                        .entries
                        .get(library.active)
                        .map(|e| e.file.clone())
                        .unwrap_or_default();
                    let text = current_record(&variant.0, &state, &file).unwrap_or_default();
                    ui_state.dialog = Some(Dialog::Export(text));
                    click = true;
                }
                if ui.button(tr(T::Import)).clicked() {
                    ui_state.dialog = Some(Dialog::Import(String::new(), None));
                    click = true;
                }
                if ui.button("☰").on_hover_text(tr(T::Paused)).clicked() {
                    ui_state.paused = true;
                    click = true;
                }
            });
            if let Some((t, _)) = &ui_state.toast {
                ui.separator();
                ui.colored_label(egui::Color32::from_rgb(230, 140, 60), t);
            }
            let errors: Vec<String> = library.errors().map(|e| e.to_string()).collect();
            if !errors.is_empty() {
                ui.separator();
                ui.colored_label(egui::Color32::from_rgb(230, 80, 70), tr(T::PresetErrors));
                for e in errors {
                    ui.label(egui::RichText::new(e).small().monospace());
                }
            }
            ui.with_layout(egui::Layout::bottom_up(egui::Align::LEFT), |ui| {
                ui.label(egui::RichText::new(tr(T::Keys)).small().weak());
                ui.label(egui::RichText::new(tr(T::SweepHint)).small().weak());
            });
        })
        .response
        .rect
        .width();
    if (panel.0 - width).abs() > 0.5 {
        panel.0 = width;
    }

    let center = |title: &str| {
        egui::Window::new(title.to_string())
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [-150.0, 0.0])
    };

    // ---- main menu -------------------------------------------------------
    if ui_state.screen == Screen::Main && ui_state.dialog.is_none() {
        center(tr(T::Title)).show(&ctx, |ui| {
            ui.label(egui::RichText::new(tr(T::Subtitle)).italics());
            ui.add_space(8.0);
            let wide = egui::vec2(280.0, 30.0);
            if let Some((rec, v)) = &saved.game
                && ui
                    .add_sized(wide, egui::Button::new(tr(T::Resume)))
                    .clicked()
            {
                start_record(rec, v.clone(), &mut new_game);
                saved.game = None;
                ui_state.screen = Screen::Playing;
                click = true;
            }
            let hot_seat = ui
                .add_sized(wide, egui::Button::new(tr(T::PlayHotSeat)))
                .clicked();
            let vs_computer = ui
                .add_sized(wide, egui::Button::new(tr(T::PlayComputer)))
                .clicked();
            ui.horizontal(|ui| {
                ui.label(tr(T::Level));
                for level in minesweeper_core::ai::Level::ALL {
                    if ui
                        .radio(
                            settings.ai_level == level,
                            tr(crate::chess::ecs::computer::level_label(level)),
                        )
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
                *computer.opponent = if vs_computer {
                    layout.flipped = settings.play_black;
                    Opponent {
                        computer: Some(if settings.play_black {
                            Side::White
                        } else {
                            Side::Black
                        }),
                        level: settings.ai_level,
                    }
                } else {
                    Opponent::default()
                };
                let v = library
                    .entries
                    .get(library.active)
                    .and_then(|e| e.preset.as_ref().ok())
                    .map(|p| p.variant.clone());
                new_game.write(NewGameRequested {
                    variant: v,
                    ..NewGameRequested::fresh()
                });
                ui_state.screen = Screen::Playing;
                ui_state.over_dismissed = false;
                click = true;
            }
            if ui
                .add_sized(wide, egui::Button::new(tr(T::PlayPuzzle)))
                .clicked()
            {
                ui_state.screen = Screen::SudokuMenu;
                click = true;
            }
            ui.add_space(6.0);
            ui.label(egui::RichText::new(tr(T::Board)).strong());
            let active = library.active;
            let mut chosen = None;
            for (i, e) in library.entries.iter().enumerate() {
                match &e.preset {
                    Ok(p) => {
                        let label = format!("{} — {}", p.variant.name, p.description);
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
                click = true;
            }
            ui.add_space(6.0);
            click |= help_settings_quit(ui, wide, lang, &mut ui_state, &mut exit);
        });
    }

    // ---- pause menu ------------------------------------------------------
    if ui_state.paused && ui_state.dialog.is_none() {
        center(tr(T::Paused)).show(&ctx, |ui| {
            let wide = egui::vec2(220.0, 28.0);
            if ui
                .add_sized(wide, egui::Button::new(tr(T::Continue)))
                .clicked()
            {
                ui_state.paused = false;
                click = true;
            }
            if ui
                .add_sized(wide, egui::Button::new(tr(T::NewGame)))
                .clicked()
            {
                new_game.write(fresh_game(&library));
                ui_state.paused = false;
                ui_state.over_dismissed = false;
                click = true;
            }
            if ui
                .add_sized(wide, egui::Button::new(tr(T::MainMenu)))
                .clicked()
            {
                ui_state.paused = false;
                ui_state.screen = Screen::Main;
                click = true;
            }
            click |= help_settings_quit(ui, wide, lang, &mut ui_state, &mut exit);
        });
    }

    // ---- game over -------------------------------------------------------
    if let Some(o) = state.outcome
        && ui_state.screen == Screen::Playing
        && !ui_state.paused
        && ui_state.dialog.is_none()
        && !ui_state.over_dismissed
    {
        center(tr(T::GameOver)).show(&ctx, |ui| {
            ui.label(
                egui::RichText::new(outcome_text(o, lang))
                    .size(20.0)
                    .strong(),
            );
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button(tr(T::NewGame)).clicked() {
                    new_game.write(fresh_game(&library));
                    click = true;
                }
                if ui.button(tr(T::Export)).clicked() {
                    let file = library
                        .entries
                        .get(library.active)
                        .map(|e| e.file.clone())
                        .unwrap_or_default();
                    ui_state.dialog = Some(Dialog::Export(
                        current_record(&variant.0, &state, &file).unwrap_or_default(),
                    ));
                    click = true;
                }
                if ui.button(tr(T::Close)).clicked() {
                    ui_state.over_dismissed = true;
                    click = true;
                }
            });
        });
    }

    // ---- dialogs ---------------------------------------------------------
    let mut close = false;
    let mut changed = false;
    match &mut ui_state.dialog {
        Some(Dialog::Settings) => {
            center(tr(T::Settings)).show(&ctx, |ui| {
                egui::Grid::new("settings")
                    .num_columns(2)
                    .spacing([16.0, 8.0])
                    .show(ui, |ui| {
                        ui.label(tr(T::Volume));
                        changed |= ui
                            .add(egui::Slider::new(&mut settings.volume, 0.0..=1.0))
                            .changed();
                        ui.end_row();
                        ui.label(tr(T::Mute));
                        changed |= ui.checkbox(&mut settings.muted, "").changed();
                        ui.end_row();
                        ui.label(tr(T::Theme));
                        ui.horizontal(|ui| {
                            for t in Theme::ALL {
                                changed |= ui
                                    .selectable_value(&mut settings.theme, t, t.label().tr(lang))
                                    .changed();
                            }
                        });
                        ui.end_row();
                        ui.label(tr(T::Coordinates));
                        changed |= ui.checkbox(&mut settings.coordinates, "").changed();
                        ui.end_row();
                        ui.label(tr(T::AnimationSpeed));
                        ui.horizontal(|ui| {
                            for a in AnimSpeed::ALL {
                                changed |= ui
                                    .selectable_value(
                                        &mut settings.animation,
                                        a,
                                        a.label().tr(lang),
                                    )
                                    .changed();
                            }
                        });
                        ui.end_row();
                        ui.label(tr(T::Palette));
                        ui.vertical(|ui| {
                            changed |= ui
                                .radio_value(
                                    &mut settings.palette,
                                    Palette::Classic,
                                    tr(T::PaletteClassic),
                                )
                                .changed();
                            changed |= ui
                                .radio_value(
                                    &mut settings.palette,
                                    Palette::ColourBlind,
                                    tr(T::PaletteColourBlind),
                                )
                                .changed();
                        });
                        ui.end_row();
                        ui.label(tr(T::Language));
                        ui.horizontal(|ui| {
                            for l in Lang::ALL {
                                changed |= ui
                                    .selectable_value(&mut settings.language, l, l.name())
                                    .changed();
                            }
                        });
                        ui.end_row();
                    });
                if ui.button(tr(T::Back)).clicked() {
                    close = true;
                }
            });
        }
        Some(Dialog::HowToPlay) => {
            center(tr(T::HowToPlay)).show(&ctx, |ui| {
                ui.set_max_width(460.0);
                ui.label(tr(T::Rules));
                ui.add_space(6.0);
                ui.label(egui::RichText::new(tr(T::Keys)).weak());
                if ui.button(tr(T::Back)).clicked() {
                    close = true;
                }
            });
        }
        Some(Dialog::Export(text)) => {
            center(tr(T::Export)).show(&ctx, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(300.0)
                    .show(ui, |ui| {
                        ui.add(
                            egui::TextEdit::multiline(&mut text.as_str())
                                .code_editor()
                                .desired_width(460.0),
                        );
                    });
                ui.horizontal(|ui| {
                    if ui.button(tr(T::Copy)).clicked() {
                        ctx.copy_text(text.clone());
                    }
                    if ui.button(tr(T::Close)).clicked() {
                        close = true;
                    }
                });
            });
        }
        Some(Dialog::Import(text, error)) => {
            let mut load = false;
            center(tr(T::Import)).show(&ctx, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(300.0)
                    .show(ui, |ui| {
                        ui.add(
                            egui::TextEdit::multiline(text)
                                .code_editor()
                                .desired_width(460.0)
                                .desired_rows(10),
                        );
                    });
                if let Some(e) = error {
                    ui.colored_label(egui::Color32::from_rgb(230, 80, 70), e.as_str());
                }
                ui.horizontal(|ui| {
                    if ui.button(tr(T::Load)).clicked() {
                        load = true;
                    }
                    if ui.button(tr(T::Close)).clicked() {
                        close = true;
                    }
                });
            });
            if load {
                match read_record(text, &library, seed.draw()) {
                    Ok((rec, v)) => {
                        start_record(&rec, v, &mut new_game);
                        close = true;
                        ui_state.screen = Screen::Playing;
                        ui_state.over_dismissed = false;
                    }
                    Err(e) => *error = Some(fill(tr(T::ImportFailed), &[("why", &e.to_string())])),
                }
            }
        }
        None => {}
    }
    if close {
        ui_state.dialog = None;
        click = true;
    }
    if changed {
        settings.save();
    }
    if let Some(n) = ui_state.notice.clone() {
        egui::Window::new("⚠")
            .collapsible(false)
            .anchor(egui::Align2::CENTER_TOP, [-150.0, 20.0])
            .show(&ctx, |ui| {
                ui.label(n);
                if ui.button(tr(T::Close)).clicked() {
                    ui_state.notice = None;
                }
            });
    }
    if click {
        sound.write(PlaySound(Effect::Click));
    }
    Ok(())
}
