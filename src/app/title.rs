//! The title screen over the chess board (its fog drifting behind a veil):
//! resume the saved game, play against the computer (level and side) or
//! hot-seat, online, Sweeper Sudoku, the board preset, how to play,
//! settings, quit. It starts the games, so it
//! lives with the composition: it knows both.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::base::audio::Effect;
use crate::base::audio::PlaySound;
use crate::base::draw::{BoardInset, PanelSpace};
use crate::base::i18n::{T, Texts};
use crate::base::options::{GameOptions, Page};
use crate::base::screen::{Menu, Menus, Screen};
use crate::base::settings::Settings;
use crate::base::style;
use crate::base::widgets::UiSet;
use crate::base::widgets::{help_settings_quit, named};
use crate::chess::ecs::computer::level_label;
use crate::chess::ecs::presets::PresetLibrary;
use crate::chess::ecs::save::{SavedGame, start_record};
use crate::chess::ecs::{NewGameRequested, PlayMode};
use crate::chess::ui::ChessUi;
use crate::chess::view::Layout;
use minesweeper_core::ai::Level;
use minesweeper_core::chess::Color as Side;

/// Where the board is drawn behind the title: no side panel, the menu's
/// width kept free on its left.
#[derive(SystemParam)]
pub(crate) struct BoardPlace<'w> {
    panel: ResMut<'w, PanelSpace>,
    inset: ResMut<'w, BoardInset>,
}

/// Leaving the title gives the board its whole side back.
fn clear_inset(mut inset: ResMut<BoardInset>) {
    inset.0 = 0.0;
}

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

/// Draws the title screen (on [`Screen::Title`], no menu open): the game's
/// name set large over the live board, its fog drifting behind a veil; the
/// primary actions large, the secondary ones quiet.
#[allow(clippy::too_many_arguments)]
pub(crate) fn title(
    mut contexts: EguiContexts,
    tx: Res<Texts>,
    mut settings: ResMut<Settings>,
    mut library: ResMut<PresetLibrary>,
    mut starts: Starts,
    mut menus: Menus,
    mut board: BoardPlace,
    mut sound: MessageWriter<PlaySound>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let tr = |t: T| tx.t(t);
    let screen = ctx.content_rect();
    let phone = screen.width() < 720.0;
    let width = (screen.width() - 48.0).min(460.0);
    // The board beside the menu (behind it on a phone), no side panel.
    // (In logical pixels: egui's points times its zoom.)
    let left = if phone {
        0.0
    } else {
        (screen.width() * 0.06 + width + 24.0) * ctx.zoom_factor()
    };
    if *board.panel != PanelSpace::default() || board.inset.0 != left {
        *board.panel = PanelSpace::default();
        board.inset.0 = left;
    }
    veil(&ctx, screen, phone);
    let mut click = false;
    let (anchor, offset) = if phone {
        (egui::Align2::CENTER_CENTER, [0.0, 0.0])
    } else {
        (egui::Align2::LEFT_CENTER, [screen.width() * 0.08, 0.0])
    };
    // On a phone the menu stands on a panel of its own over the board.
    let frame = if phone {
        egui::Frame::new()
            .fill(style::ui_colors::SURFACE)
            .corner_radius(14)
            .inner_margin(16)
    } else {
        egui::Frame::NONE
    };
    let width = if phone { width - 32.0 } else { width };
    egui::Area::new("title".into())
        .anchor(anchor, offset)
        .show(&ctx, |ui| {
            frame.show(ui, |ui| {
                ui.set_width(width);
                let name = if phone { 38.0 } else { 50.0 };
                ui.label(
                    egui::RichText::new(tr(T::Title))
                        .font(style::bold(name))
                        .color(style::ui_colors::TEXT),
                );
                ui.label(
                    egui::RichText::new(tr(T::Subtitle))
                        .size(18.0)
                        .italics()
                        .color(style::ui_colors::MUTED),
                );
                ui.add_space(18.0);
                let big = egui::vec2(width, 52.0);
                if let Some((rec, v)) = starts.saved.game.clone()
                    && named(
                        &T::Resume.id(),
                        ui.add_sized(big, style::primary(&tr(T::Resume))),
                    )
                    .clicked()
                {
                    start_record(&rec, v, &mut starts.new_game);
                    starts.saved.game = None;
                    starts.screen.set(Screen::Chess);
                    click = true;
                }
                click |= play_buttons(ui, &tx, big, &mut settings, &library, &mut starts);
                for (key, go) in [(T::PlayOnline, 0), (T::PlayPuzzle, 1)] {
                    if named(&key.id(), ui.add_sized(big, style::secondary(&tr(key)))).clicked() {
                        match go {
                            0 => menus.open(Menu::Online),
                            _ => starts.screen.set(Screen::SudokuMenu),
                        }
                        click = true;
                    }
                }
                ui.add_space(10.0);
                click |= board_choice(ui, &tx, &mut library, width);
                ui.add_space(4.0);
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing.x = 18.0;
                    click |=
                        help_settings_quit(ui, (style::quiet, None), &tx, &mut menus, &mut exit);
                });
            })
        });
    if click {
        sound.write(PlaySound(Effect::Click));
    }
    Ok(())
}

/// On a phone the menu stands on the board: a veil keeps it readable.
/// (On a wider screen the board has its own side.)
fn veil(ctx: &egui::Context, screen: egui::Rect, phone: bool) {
    if phone {
        let layer = egui::LayerId::new(egui::Order::Background, egui::Id::new("title-veil"));
        ctx.layer_painter(layer)
            .rect_filled(screen, 0.0, egui::Color32::from_black_alpha(245));
    }
}

/// Against the computer (its level and the player's side beneath), then
/// two players at one screen.
fn play_buttons(
    ui: &mut egui::Ui,
    tx: &Texts,
    big: egui::Vec2,
    settings: &mut Settings,
    library: &PresetLibrary,
    starts: &mut Starts,
) -> bool {
    let tr = |t: T| tx.t(t);
    let mut click = false;
    let vs_computer = named(
        &T::PlayComputer.id(),
        ui.add_sized(big, style::primary(&tr(T::PlayComputer))),
    )
    .clicked();
    ui.horizontal_wrapped(|ui| {
        for level in Level::ALL {
            let r = ui.selectable_label(settings.ai_level == level, tr(level_label(level)));
            if named(&level_label(level).id(), r).clicked() {
                settings.ai_level = level;
                settings.save();
                click = true;
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(tr(T::YouPlay)).color(style::ui_colors::MUTED));
        for (black, side) in [(false, T::White), (true, T::Black)] {
            let r = ui.selectable_label(settings.play_black == black, tr(side));
            if named(&side.id(), r).clicked() {
                settings.play_black = black;
                settings.save();
                click = true;
            }
        }
    });
    ui.add_space(4.0);
    let hot_seat = named(
        &T::PlayHotSeat.id(),
        ui.add_sized(big, style::secondary(&tr(T::PlayHotSeat))),
    )
    .clicked();
    if hot_seat || vs_computer {
        *starts.mode = if vs_computer {
            starts.layout.flipped = settings.play_black;
            let side = if settings.play_black {
                Side::White
            } else {
                Side::Black
            };
            crate::chess::modes::computer::mode(side, settings.ai_level)
        } else {
            crate::chess::modes::hot_seat::mode()
        };
        starts.new_game.write(crate::chess::ui::fresh_game(library));
        starts.screen.set(Screen::Chess);
        starts.chess_ui.over_dismissed = false;
        click = true;
    }
    click
}

/// The board preset, chosen from a list (with the broken ones' errors).
fn board_choice(ui: &mut egui::Ui, tx: &Texts, library: &mut PresetLibrary, width: f32) -> bool {
    let active = library.active;
    let name_of = |i: usize| {
        library.entries.get(i).and_then(|e| {
            e.preset
                .as_ref()
                .ok()
                .map(|p| tx.preset("preset-", &e.file, &p.variant.name, &p.description))
        })
    };
    let shown = name_of(active).map_or_else(String::new, |(n, _)| n);
    let mut chosen = None;
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(tx.t(T::Board)).color(style::ui_colors::MUTED));
        egui::ComboBox::from_id_salt("board-preset")
            .selected_text(shown)
            .width(width - 90.0)
            .show_ui(ui, |ui| {
                for (i, e) in library.entries.iter().enumerate() {
                    match &e.preset {
                        Ok(p) => {
                            let (name, description) =
                                tx.preset("preset-", &e.file, &p.variant.name, &p.description);
                            let label = format!("{name} — {description}");
                            if ui.selectable_label(i == active, label).clicked() {
                                chosen = Some(i);
                            }
                        }
                        Err(err) => {
                            ui.colored_label(
                                style::ui_colors::BAD,
                                format!("{}: {}", e.file, err.message),
                            );
                        }
                    }
                }
            });
    });
    // A broken preset is shown on the title too, not only in the list.
    for e in &library.entries {
        if let Err(err) = &e.preset {
            ui.colored_label(
                style::ui_colors::BAD,
                format!("{}: {}", e.file, err.message),
            );
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
        app.add_systems(Startup, start_screen)
            .add_systems(Update, show_player_pages)
            .add_systems(OnExit(Screen::Title), clear_inset)
            .add_systems(
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
    let over_title = matches!(
        options.show,
        Some(
            Page::Title
                | Page::Online
                | Page::Account
                | Page::Profile
                | Page::Archive
                | Page::Leaderboard
                | Page::Credits
                | Page::Sudoku
        )
    );
    if options.skip_menu && !over_title {
        screen.set(Screen::Chess);
    }
    match options.show {
        Some(Page::Sudoku) => screen.set(Screen::SudokuMenu),
        Some(Page::Rules) => menus.open(Menu::HowToPlay),
        Some(Page::Settings) => menus.open(Menu::Settings),
        Some(Page::Online) => menus.open(Menu::Online),
        Some(Page::Account) => menus.open(Menu::Account),
        Some(Page::Credits) => menus.open(Menu::Credits),
        _ => {}
    }
}

/// `--show profile|archive|leaderboard`: the page asked for over the
/// lobby, once the kept session has signed in (the leaderboard at once).
fn show_player_pages(
    options: Res<GameOptions>,
    players: Res<crate::chess::online::Players>,
    mut requests: MessageWriter<crate::chess::online::OnlineRequest>,
    mut menus: Menus,
    mut done: Local<bool>,
    mut connected: Local<bool>,
) {
    use minesweeper_core::online::protocol::ClientMsg;
    if *done {
        return;
    }
    let name = players.name.clone().unwrap_or_default();
    let (msg, menu) = match options.show {
        Some(Page::Leaderboard) => (
            ClientMsg::Leaderboard {
                speed: minesweeper_core::online::rating::Speed::Blitz,
            },
            Menu::Leaderboard,
        ),
        Some(Page::Profile) if !name.is_empty() => (ClientMsg::Profile { name }, Menu::Profile),
        Some(Page::Archive) if !name.is_empty() => {
            (ClientMsg::Archive { name, page: 0 }, Menu::Archive)
        }
        Some(Page::Profile | Page::Archive) => {
            // Connects (a ping), so that the kept session signs in.
            if !*connected {
                *connected = true;
                requests.write(crate::chess::online::OnlineRequest::Say(ClientMsg::Ping));
            }
            return;
        }
        _ => {
            *done = true;
            return;
        }
    };
    *done = true;
    menus.open(Menu::Online);
    requests.write(crate::chess::online::OnlineRequest::Say(msg));
    menus.open(menu);
}
