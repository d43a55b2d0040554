//! A player's page: since when they play, their ratings with a graph of
//! each one's history, their games won, drawn and lost, and the newest of
//! them.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use minesweeper_core::online::account::ProfileView;
use minesweeper_core::online::rating::Speed;

use super::{Action, Answer, Page, PageParams};
use crate::base::i18n::{T, Texts};
use crate::base::widgets::{centered, dialog_width, named};

/// The profile window (a leaderboard's name, the account's own page).
pub(crate) fn profile(
    mut contexts: EguiContexts,
    mut page: PageParams,
    mut graph: Local<Option<Speed>>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let tx = &page.tx;
    let answer = page.asked.answer(Page::Profile);
    let shown = page
        .players
        .profile
        .as_ref()
        .filter(|_| answer == Answer::Came);
    let width = dialog_width(&ctx, 440.0);
    let mut action = None;
    let window = centered(&ctx, tx.t(T::ProfileTitle)).id(egui::Id::new("profile-window"));
    window.show(&ctx, |ui| {
        ui.set_width(width);
        match shown {
            Some(p) => {
                egui::ScrollArea::vertical()
                    .id_salt("profile-page")
                    .max_height(super::list_height(&ctx))
                    .show(ui, |ui| action = body(ui, tx, p, &mut graph));
            }
            None => super::waiting(ui, tx, &page.online, answer),
        }
        ui.add_space(6.0);
        let name = shown.map(|p| p.name.as_str());
        action = buttons(ui, tx, name).or(action.take());
    });
    if let Some(action) = action {
        super::act(action, &mut page, &ctx);
    }
    Ok(())
}

/// The page itself; a click's action, if any.
fn body(
    ui: &mut egui::Ui,
    tx: &Texts,
    p: &ProfileView,
    graph: &mut Option<Speed>,
) -> Option<Action> {
    ui.heading(p.name.as_str());
    let since = super::date_text(p.since_ms);
    ui.label(egui::RichText::new(tx.f(T::MemberSince, &[("date", since.into())])).weak());
    ui.add_space(6.0);
    ratings(ui, tx, p);
    history(ui, tx, p, graph);
    ui.add_space(6.0);
    let games = tx.f(
        T::ProfileGames,
        &[
            ("played", p.played.into()),
            ("won", p.won.into()),
            ("drawn", p.drawn.into()),
            ("lost", p.lost.into()),
        ],
    );
    ui.label(games);
    ui.add_space(6.0);
    ui.label(egui::RichText::new(tx.t(T::RecentGames)).strong());
    super::archive::game_list(ui, tx, &p.recent)
}

/// Each rating: its speed, the rating (`1500?` while provisional) and the
/// rated games behind it.
fn ratings(ui: &mut egui::Ui, tx: &Texts, p: &ProfileView) {
    if p.ratings.is_empty() {
        ui.label(egui::RichText::new(tx.t(T::NoRatingsYet)).weak());
        return;
    }
    for r in &p.ratings {
        let line = tx.f(
            T::SpeedRating,
            &[
                ("speed", tx.t(super::speed_name(r.speed)).into()),
                ("rating", super::rating_text(r.rating, r.provisional).into()),
                ("n", r.games.into()),
            ],
        );
        ui.label(line);
    }
}

/// The graph of one speed's history, the speed chosen among those with
/// any when there are several.
fn history(ui: &mut egui::Ui, tx: &Texts, p: &ProfileView, graph: &mut Option<Speed>) {
    let speeds: Vec<Speed> = p
        .history
        .iter()
        .filter(|(_, points)| !points.is_empty())
        .map(|(speed, _)| *speed)
        .collect();
    let Some(&first) = speeds.first() else {
        return;
    };
    let chosen = graph.filter(|s| speeds.contains(s)).unwrap_or(first);
    ui.add_space(6.0);
    ui.label(egui::RichText::new(tx.t(T::RatingHistory)).strong());
    if speeds.len() > 1 {
        ui.horizontal_wrapped(|ui| {
            for &speed in &speeds {
                let tab = ui.selectable_label(speed == chosen, tx.t(super::speed_name(speed)));
                if named(&format!("history-{}", speed.as_str()), tab).clicked() {
                    *graph = Some(speed);
                }
            }
        });
    }
    let points = p
        .history
        .iter()
        .find(|(speed, _)| *speed == chosen)
        .map_or(&[][..], |(_, points)| points.as_slice());
    super::graph::draw(ui, points, ui.available_width());
}

/// All games, the leaderboard, close; `name` is the player shown, if any.
fn buttons(ui: &mut egui::Ui, tx: &Texts, name: Option<&str>) -> Option<Action> {
    let mut action = None;
    ui.horizontal_wrapped(|ui| {
        let all = ui.add_enabled(name.is_some(), egui::Button::new(tx.t(T::AllGames)));
        if let (true, Some(name)) = (named(&T::AllGames.id(), all).clicked(), name) {
            action = Some(Action::OpenArchive(name.to_string()));
        }
        if named(&T::Leaderboard.id(), ui.button(tx.t(T::Leaderboard))).clicked() {
            action = Some(Action::OpenLeaderboard);
        }
        if named(&T::Close.id(), ui.button(tx.t(T::Close))).clicked() {
            action = Some(Action::Close);
        }
    });
    action
}
