//! Minesweeper Chess's interface, with bevy_egui: the side panel
//! ([`panel`]), the pause menu ([`pause`]), the game-over card
//! ([`game_over`]), the dialogs ([`dialogs`]: how to play, export,
//! import, notices), online play ([`online`]: the lobby, clocks;
//! [`account`]: signing in and the account; [`players`]: names and
//! ratings) and the players' pages ([`pages`]: profiles, the archive,
//! the leaderboard, opened through [`open_pages`]). Every text comes
//! from the translation table.

pub mod account;
mod analysis;
pub mod dialogs;
pub mod game_over;
pub mod online;
pub mod open_pages;
pub(crate) mod pages;
pub mod panel;
pub mod pause;
pub mod pictures;
pub mod players;
mod typed;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::base::i18n::{T, Texts};
use crate::base::screen::{Menu, Menus, Screen, no_menu, on_chess_board};
use crate::chess::ecs::presets::PresetLibrary;
use crate::chess::ecs::save::SavedGame;
use crate::chess::ecs::{ActiveVariant, ChessGame, MoveRejected, NewGameRequested};
use crate::chess::view::keys::TogglePause;
use minesweeper_core::chess::{Color as Side, DrawReason, Outcome, WinReason};

/// What the chess interface shows besides the screen and menu states.
#[derive(Resource, Debug, Default)]
pub(crate) struct ChessUi {
    /// A short message (a refused move) and the time left to show it.
    pub toast: Option<(String, f32)>,
    /// A message that stays until dismissed (a corrupt save).
    pub notice: Option<String>,
    /// The game-over card was closed.
    pub over_dismissed: bool,
}

/// The game as text, shown by the export dialog.
#[derive(Resource, Debug, Default)]
pub(crate) struct ExportText(pub String);

/// The text pasted into the import dialog, and why it did not load.
#[derive(Resource, Debug, Default)]
pub(crate) struct ImportDraft {
    /// The pasted text.
    pub text: String,
    /// The last error.
    pub error: Option<String>,
}

/// The side panel, menus and dialogs of the chess game.
pub(crate) struct ChessUiPlugin;

impl Plugin for ChessUiPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ChessUi>()
            .init_resource::<Texts>()
            .init_resource::<ExportText>()
            .init_resource::<ImportDraft>()
            .init_resource::<typed::TypedMove>()
            .init_resource::<online::LobbyDraft>()
            .init_resource::<account::AccountDraft>()
            .add_systems(OnEnter(Menu::Account), account::opened)
            .add_systems(OnExit(Menu::Account), account::closed)
            .add_systems(OnEnter(Menu::Online), players::sign_in_kept)
            .init_resource::<pages::PagesAsked>()
            .add_systems(
                PostStartup,
                show_save_error.after(crate::chess::ecs::save::load_saved),
            )
            .add_systems(Update, (toasts, toggle_pause, online::follow_phase))
            .add_systems(
                Update,
                (
                    pages::track_requests.before(crate::chess::online::OnlineSet::Receive),
                    pages::track_answers.after(crate::chess::online::OnlineSet::Receive),
                ),
            )
            .add_systems(
                EguiPrimaryContextPass,
                (
                    panel::panel.run_if(in_state(Screen::Chess)),
                    pause::pause_menu.run_if(in_state(Menu::Pause)),
                    game_over::game_over.run_if(in_state(Screen::Chess).and_then(no_menu)),
                    crate::base::widgets::how_to_play::<dialogs::ChessRules>
                        .run_if(in_state(Menu::HowToPlay).and_then(on_chess_board)),
                    dialogs::export.run_if(in_state(Menu::Export)),
                    dialogs::import.run_if(in_state(Menu::Import)),
                    online::lobby.run_if(in_state(Menu::Online)),
                    account::account.run_if(in_state(Menu::Account)),
                    pages::profile::profile.run_if(in_state(Menu::Profile)),
                    pages::archive::archive.run_if(in_state(Menu::Archive)),
                    pages::leaderboard::leaderboard.run_if(in_state(Menu::Leaderboard)),
                    dialogs::notice,
                )
                    .chain()
                    .in_set(crate::base::widgets::UiSet),
            );
    }
}

fn show_save_error(saved: Res<SavedGame>, mut ui: ResMut<ChessUi>, tx: Res<Texts>) {
    if let Some(e) = &saved.error {
        ui.notice = Some(tx.f(T::SaveCorrupt, &[("why", e.as_str().into())]));
    }
}

/// A refused move shows for a few seconds.
fn toasts(
    time: Res<Time>,
    tx: Res<Texts>,
    mut ui: ResMut<ChessUi>,
    mut rejected: MessageReader<MoveRejected>,
) {
    for r in rejected.read() {
        ui.toast = Some((crate::base::i18n::words::refusal(&tx, r.reason), 3.5));
    }
    if let Some((_, t)) = &mut ui.toast {
        *t -= time.delta_secs();
        if *t <= 0.0 {
            ui.toast = None;
        }
    }
}

/// Esc: closes the open menu, or pauses a game.
fn toggle_pause(
    mut pause: MessageReader<TogglePause>,
    screen: Res<State<Screen>>,
    mut menus: Menus,
) {
    for _ in pause.read() {
        if menus.current() != Menu::None {
            menus.close();
        } else if *screen.get() == Screen::Chess {
            menus.open(Menu::Pause);
        }
    }
}

/// A new game of the chosen preset as it is now on disk (edits included).
pub(crate) fn fresh_game(library: &PresetLibrary) -> NewGameRequested {
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

/// The game as text for the export dialog, with the analysis's notes when
/// there is one.
pub(crate) fn export_text(
    library: &PresetLibrary,
    variant: &ActiveVariant,
    game: &ChessGame,
    analysis: &crate::chess::ecs::analysis::Analysis,
    timeline: &crate::chess::ecs::Timeline,
) -> String {
    let file = library
        .entries
        .get(library.active)
        .map(|e| e.file.clone())
        .unwrap_or_default();
    // An analysed game carries its verdicts and scores.
    let notes = if analysis.open {
        analysis.notes(game, timeline)
    } else {
        Vec::new()
    };
    crate::chess::ecs::save::annotated_record(&variant.0, game, &file, &notes).unwrap_or_default()
}

/// The result in words, from the translation table.
pub(crate) fn outcome_text(o: Outcome, tx: &Texts) -> String {
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
                WinReason::Timeout => T::WinTimeout,
            };
            tx.f(key, &[("side", tx.t(side).into())])
        }
        Outcome::Draw(r) => tx.t(match r {
            DrawReason::Stalemate => T::DrawStalemate,
            DrawReason::Repetition => T::DrawRepetition,
            DrawReason::InsufficientMaterial => T::DrawMaterial,
            DrawReason::Agreement => T::DrawAgreement,
            DrawReason::TimeoutVsInsufficientMaterial => T::DrawTimeout,
        }),
    }
}
