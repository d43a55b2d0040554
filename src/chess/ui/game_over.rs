//! The card at the end of a game: the result (and how a rated online
//! game moved the ratings), a new game, export, close.

use bevy::prelude::*;

use bevy_egui::{EguiContexts, egui};

use super::open_pages::open_profile;
use super::{ChessUi, ExportText, export_text, fresh_game, outcome_text};
use crate::base::art::{PieceIcons, piece_icon};
use crate::base::audio::Effect;
use crate::base::audio::PlaySound;
use crate::base::i18n::{T, Texts};
use crate::base::screen::{Menu, Menus};
use crate::base::style;
use crate::base::widgets::{card, named};
use crate::chess::ecs::Timeline;
use crate::chess::ecs::analysis::{AnalyseRequested, Analysis};
use crate::chess::ecs::presets::PresetLibrary;
use crate::chess::ecs::{ActiveVariant, ChessGame, NewGameRequested};
use crate::chess::online::{Online, OnlineRequest, Players};
use minesweeper_core::chess::{Color as Side, Outcome, Role};

/// Draws the game-over card until it is closed.
pub(crate) fn game_over(
    mut contexts: EguiContexts,
    tx: Res<Texts>,
    game: Res<ChessGame>,
    variant: Res<ActiveVariant>,
    library: Res<PresetLibrary>,
    mut ui_state: ResMut<ChessUi>,
    mut export: ResMut<ExportText>,
    mut menus: Menus,
    mut new_game: MessageWriter<NewGameRequested>,
    icons: Res<PieceIcons>,
    analyse: (
        Res<Analysis>,
        Res<Timeline>,
        MessageWriter<AnalyseRequested>,
    ),
    mut sound: MessageWriter<PlaySound>,
    online: (Res<Online>, Res<Players>, MessageWriter<OnlineRequest>),
) -> Result {
    let (analysis, timeline, mut analyse) = analyse;
    let (online, players, mut requests) = online;
    let Some(o) = game.outcome() else {
        return Ok(());
    };
    // Closed, or the analysis took its place.
    if ui_state.over_dismissed || analysis.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let mut chosen = None;
    // The player's own page, after a rated game of theirs.
    let code = online.code.as_deref();
    let my_page = players
        .name
        .clone()
        .filter(|_| players.rated && code.is_some());
    card(&ctx, tx.t(T::GameOver))
        .title_bar(false)
        .show(&ctx, |ui| {
            ui.set_width(crate::base::widgets::dialog_width(&ctx, 320.0));
            ui.vertical_centered(|ui| {
                result(ui, &tx, &icons, o);
                super::players::rating_changes(ui, &tx, &players, code);
                ui.add_space(12.0);
                chosen = buttons(ui, &tx, my_page.is_some());
            });
        });
    let Some(choice) = chosen else {
        return Ok(());
    };
    match choice {
        Choice::NewGame => {
            new_game.write(fresh_game(&library));
        }
        // The engine's look at the game, in the panel; the card goes.
        Choice::Analyse => {
            analyse.write(AnalyseRequested);
            ui_state.over_dismissed = true;
        }
        Choice::Export => {
            export.0 = export_text(&library, &variant, &game, &analysis, &timeline);
            menus.open(Menu::Export);
        }
        Choice::Close => ui_state.over_dismissed = true,
        Choice::MyPage => {
            if let Some(name) = &my_page {
                open_profile(&mut requests, &mut menus, name);
            }
        }
    }
    sound.write(PlaySound(Effect::Click));
    Ok(())
}

/// A button of the card.
enum Choice {
    NewGame,
    Analyse,
    Export,
    Close,
    MyPage,
}

/// The card's head: "Game over", the winner's king (both kings for a
/// draw), the score and the outcome in words.
fn result(ui: &mut egui::Ui, tx: &Texts, icons: &PieceIcons, o: Outcome) {
    let (score, winner) = match o {
        Outcome::Decisive { winner, .. } => (
            if winner == Side::White {
                "1–0"
            } else {
                "0–1"
            },
            Some(winner),
        ),
        Outcome::Draw(_) => ("½–½", None),
    };
    ui.label(
        egui::RichText::new(tx.t(T::GameOver))
            .size(style::size::SMALL)
            .color(style::ui_colors::MUTED),
    );
    ui.horizontal(|ui| {
        let kings: Vec<Side> = winner.map_or(vec![Side::White, Side::Black], |w| vec![w]);
        let w = kings.len() as f32 * 64.0;
        ui.add_space((ui.available_width() - w) / 2.0);
        for k in kings {
            piece_icon(ui, icons, k, Role::King, 60.0);
        }
    });
    ui.label(
        egui::RichText::new(score)
            .size(34.0)
            .strong()
            .color(style::ui_colors::TEXT),
    );
    ui.label(
        egui::RichText::new(outcome_text(o, tx))
            .size(18.0)
            .color(style::ui_colors::ACCENT_HOT),
    );
}

/// New game and Analyse, wide (and the player's page after a rated
/// game, when `my_page`); Export and Close, two quiet links each half
/// their width. The one clicked, if any.
fn buttons(ui: &mut egui::Ui, tx: &Texts, my_page: bool) -> Option<Choice> {
    let tr = |t: T| tx.t(t);
    let mut chosen = None;
    let wide = egui::vec2(260.0, 44.0);
    if named(
        &T::NewGame.id(),
        ui.add_sized(wide, style::primary(&tr(T::NewGame))),
    )
    .clicked()
    {
        chosen = Some(Choice::NewGame);
    }
    if named(
        "analyse",
        ui.add_sized(wide, style::secondary(&tr(T::Analyse))),
    )
    .clicked()
    {
        chosen = Some(Choice::Analyse);
    }
    if my_page
        && named(
            &T::AccMyPage.id(),
            ui.add_sized(wide, style::secondary(&tr(T::AccMyPage))),
        )
        .clicked()
    {
        chosen = Some(Choice::MyPage);
    }
    ui.horizontal(|ui| {
        let gap = ui.spacing().item_spacing.x;
        let half = egui::vec2((wide.x - gap) / 2.0, wide.y * 0.7);
        ui.add_space(((ui.available_width() - wide.x) / 2.0).max(0.0));
        for (key, choice) in [(T::Export, Choice::Export), (T::Close, Choice::Close)] {
            if named(&key.id(), ui.add_sized(half, style::quiet(&tr(key)))).clicked() {
                chosen = Some(choice);
            }
        }
    });
    chosen
}
