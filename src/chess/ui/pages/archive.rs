//! A player's finished games, newest first, a page at a time; each opens
//! on the board or copies its permanent link. The row is the profile's
//! recent games' too.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use minesweeper_core::online::account::{ArchiveEntry, MAX_ARCHIVE_PAGE};

use super::{Action, Answer, Page, PageParams};
use crate::base::i18n::{T, Texts};
use crate::base::widgets::{centered, dialog_width, named};

/// One finished game: the day, who played, the result and how it ended,
/// the time control and whether it was rated, with its buttons (named
/// `replay-game-<row>` and `copy-link-<row>`). A click's action, if any.
pub(crate) fn game_row(
    ui: &mut egui::Ui,
    tx: &Texts,
    row: usize,
    entry: &ArchiveEntry,
) -> Option<Action> {
    let mut action = None;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(super::date_text(entry.ended_ms)).weak());
            let white = super::who_name(tx, &entry.white);
            let black = super::who_name(tx, &entry.black);
            ui.label(egui::RichText::new(format!("{white} – {black}")).strong());
        });
        ui.label(super::result_text(tx, entry.result, entry.why));
        ui.horizontal_wrapped(|ui| {
            let time = entry.time.clone().unwrap_or_else(|| tx.t(T::Untimed));
            let kind = tx.t(if entry.rated {
                T::GameRated
            } else {
                T::GameCasual
            });
            ui.label(egui::RichText::new(format!("{time} · {kind}")).weak());
            let replay = ui.button(tx.t(T::ReplayGame));
            if named(&format!("{}-{row}", T::ReplayGame.id()), replay).clicked() {
                action = Some(Action::Replay(entry.id.clone()));
            }
            let copy = ui.button(tx.t(T::CopyLink));
            if named(&format!("{}-{row}", T::CopyLink.id()), copy).clicked() {
                action = Some(Action::CopyLink(entry.id.clone()));
            }
        });
    });
    action
}

/// The games of a list, each a [`game_row`], or a line saying there are
/// none. A click's action, if any.
pub(crate) fn game_list(ui: &mut egui::Ui, tx: &Texts, games: &[ArchiveEntry]) -> Option<Action> {
    if games.is_empty() {
        ui.label(egui::RichText::new(tx.t(T::NoGamesYet)).weak());
        return None;
    }
    let mut action = None;
    for (row, entry) in games.iter().enumerate() {
        action = game_row(ui, tx, row, entry).or(action);
    }
    action
}

/// Newer and older pages, and the page's number between them.
fn paging(ui: &mut egui::Ui, tx: &Texts, name: &str, page: u32, more: bool) -> Option<Action> {
    let mut action = None;
    ui.horizontal(|ui| {
        let newer = ui.add_enabled(page > 0, egui::Button::new(tx.t(T::PageNewer)));
        if named(&T::PageNewer.id(), newer).clicked() {
            action = Some(Action::ArchivePage(
                name.to_string(),
                page.saturating_sub(1),
            ));
        }
        ui.label(tx.f(T::PageNumber, &[("n", (page + 1).into())]));
        if more && page < MAX_ARCHIVE_PAGE {
            let older = ui.button(tx.t(T::PageOlder));
            if named(&T::PageOlder.id(), older).clicked() {
                action = Some(Action::ArchivePage(name.to_string(), page + 1));
            }
        }
    });
    action
}

/// The archive window (a profile's "All games").
pub(crate) fn archive(mut contexts: EguiContexts, mut page: PageParams) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let tx = &page.tx;
    let shown = page.players.archive.as_ref();
    let answer = page.asked.answer(Page::Archive);
    let name = page.asked.archive.as_deref().unwrap_or_default();
    let title = tx.f(T::ArchiveTitle, &[("name", name.into())]);
    let width = dialog_width(&ctx, 460.0);
    let mut action = None;
    let window = centered(&ctx, title).id(egui::Id::new("archive-window"));
    window.show(&ctx, |ui| {
        ui.set_width(width);
        match (answer, shown) {
            (Answer::Came, Some((name, n, games, more))) => {
                egui::ScrollArea::vertical()
                    .id_salt("archive-games")
                    .max_height(super::list_height(&ctx))
                    .show(ui, |ui| action = game_list(ui, tx, games).or(action.take()));
                action = paging(ui, tx, name, *n, *more).or(action.take());
            }
            _ => super::waiting(ui, tx, &page.online, answer),
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
