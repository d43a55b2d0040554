//! The best players of each speed: a tab a speed, then rank, name (which
//! opens the player's profile), rating and rated games.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use minesweeper_core::online::account::{LEADERBOARD_ACTIVE_DAYS, LeaderRow};
use minesweeper_core::online::rating::Speed;

use super::{Action, Answer, Page, PageParams};
use crate::base::i18n::{T, Texts};
use crate::base::widgets::{centered, dialog_width, named};

/// The leaderboard window (the lobby's and a profile's "Leaderboard").
pub(crate) fn leaderboard(mut contexts: EguiContexts, mut page: PageParams) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let tx = &page.tx;
    let answer = page.asked.answer(Page::Leaderboard);
    let chosen = page.asked.speed.unwrap_or(Speed::Blitz);
    let shown = page
        .players
        .leaderboard
        .as_ref()
        .filter(|(speed, _)| answer == Answer::Came && *speed == chosen);
    let width = dialog_width(&ctx, 400.0);
    let mut action = None;
    let window = centered(&ctx, tx.t(T::Leaderboard)).id(egui::Id::new("leaderboard-window"));
    window.show(&ctx, |ui| {
        ui.set_width(width);
        action = tabs(ui, tx, chosen);
        ui.add_space(6.0);
        match shown {
            Some((_, rows)) if rows.is_empty() => {
                let days = [("n", LEADERBOARD_ACTIVE_DAYS.into())];
                ui.label(egui::RichText::new(tx.f(T::LeaderboardEmpty, &days)).weak());
            }
            Some((_, rows)) => {
                egui::ScrollArea::vertical()
                    .id_salt("leaderboard-rows")
                    .max_height(super::list_height(&ctx))
                    .show(ui, |ui| action = table(ui, tx, rows).or(action.take()));
            }
            None => super::waiting(ui, tx, &page.online, answer),
        }
        ui.add_space(6.0);
        if named(&T::Close.id(), ui.button(tx.t(T::Close))).clicked() {
            action = Some(Action::Close);
        }
    });
    if let Some(action) = action {
        super::act(action, &mut page, &ctx);
    }
    Ok(())
}

/// A tab a speed, `chosen`'s selected; a click asks for another.
fn tabs(ui: &mut egui::Ui, tx: &Texts, chosen: Speed) -> Option<Action> {
    let mut action = None;
    ui.horizontal_wrapped(|ui| {
        for speed in Speed::ALL {
            let key = super::speed_name(speed);
            let tab = ui.selectable_label(speed == chosen, tx.t(key));
            if named(&key.id(), tab).clicked() && speed != chosen {
                action = Some(Action::Speed(speed));
            }
        }
    });
    action
}

/// The numbered rows under their headings; a name clicked opens its
/// profile (named `leader-player-<rank>`).
fn table(ui: &mut egui::Ui, tx: &Texts, rows: &[LeaderRow]) -> Option<Action> {
    let mut action = None;
    egui::Grid::new("leaderboard-table")
        .num_columns(4)
        .striped(true)
        .spacing([14.0, 6.0])
        .show(ui, |ui| {
            let head = |ui: &mut egui::Ui, key: T| {
                ui.label(egui::RichText::new(tx.t(key)).strong());
            };
            ui.label("#");
            head(ui, T::LeaderPlayer);
            head(ui, T::LeaderRating);
            head(ui, T::LeaderGames);
            ui.end_row();
            for (i, row) in rows.iter().enumerate() {
                let rank = i + 1;
                ui.label(rank.to_string());
                let link = ui.link(row.name.as_str());
                if named(&format!("{}-{rank}", T::LeaderPlayer.id()), link).clicked() {
                    action = Some(Action::Profile(row.name.clone()));
                }
                ui.label(row.rating.to_string());
                ui.label(row.games.to_string());
                ui.end_row();
            }
        });
    action
}
