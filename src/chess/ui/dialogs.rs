//! The chess game's dialogs: how to play, export (the game as text),
//! import (paste a game), and notices that stay until closed.

use bevy::prelude::*;

use bevy_egui::{EguiContexts, egui};

use super::{ChessUi, ImportDraft};
use crate::base::audio::Effect;
use crate::base::audio::PlaySound;
use crate::base::diagram::Frame;
use crate::base::i18n::{T, Texts};
use crate::base::screen::{Menus, Screen};
use crate::base::widgets::{Rules, centered, named};
use crate::chess::ecs::presets::PresetLibrary;
use crate::chess::ecs::save::{read_record, start_record};
use crate::chess::ecs::{MineSeed, NewGameRequested};

/// Minesweeper Chess's how-to-play page: the rules and the keys, with
/// their pictures.
pub(crate) struct ChessRules;

impl Rules for ChessRules {
    const TEXTS: (T, T) = (T::HelpChessTitle, T::HelpChess);

    fn picture(section: usize) -> Option<&'static [Frame]> {
        super::pictures::chess_picture(section)
    }
}

/// The game as text, to copy.
pub(crate) fn export(
    mut contexts: EguiContexts,
    tx: Res<Texts>,
    text: Res<super::ExportText>,
    mut menus: Menus,
    mut sound: MessageWriter<PlaySound>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let tr = |t: T| tx.t(t);
    centered(&ctx, tr(T::Export)).show(&ctx, |ui| {
        egui::ScrollArea::vertical()
            .max_height(300.0)
            .show(ui, |ui| {
                ui.add(
                    egui::TextEdit::multiline(&mut text.0.as_str())
                        .code_editor()
                        .desired_width(460.0),
                );
            });
        ui.horizontal(|ui| {
            if named(&T::Copy.id(), ui.button(tr(T::Copy))).clicked() {
                ctx.copy_text(text.0.clone());
            }
            if named(&T::Close.id(), ui.button(tr(T::Close))).clicked() {
                menus.close();
                sound.write(PlaySound(Effect::Click));
            }
        });
    });
    Ok(())
}

/// Paste a game and load it (an unfinished one's hidden mines are dealt
/// afresh).
pub(crate) fn import(
    mut contexts: EguiContexts,
    tx: Res<Texts>,
    library: Res<PresetLibrary>,
    mut draft: ResMut<ImportDraft>,
    mut seed: ResMut<MineSeed>,
    mut ui_state: ResMut<ChessUi>,
    mut menus: Menus,
    mut screen: ResMut<NextState<Screen>>,
    mut new_game: MessageWriter<NewGameRequested>,
    mut sound: MessageWriter<PlaySound>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let tr = |t: T| tx.t(t);
    let (mut load, mut close) = (false, false);
    centered(&ctx, tr(T::Import)).show(&ctx, |ui| {
        egui::ScrollArea::vertical()
            .max_height(300.0)
            .show(ui, |ui| {
                ui.add(
                    egui::TextEdit::multiline(&mut draft.text)
                        .code_editor()
                        .desired_width(460.0)
                        .desired_rows(10),
                );
            });
        if let Some(e) = &draft.error {
            ui.colored_label(egui::Color32::from_rgb(230, 80, 70), e.as_str());
        }
        ui.horizontal(|ui| {
            load = named(&T::Load.id(), ui.button(tr(T::Load))).clicked();
            close = named(&T::Close.id(), ui.button(tr(T::Close))).clicked();
        });
    });
    if load {
        match read_record(&draft.text, &library, seed.draw()) {
            Ok((rec, v)) => {
                start_record(&rec, v, &mut new_game);
                close = true;
                screen.set(Screen::Chess);
                ui_state.over_dismissed = false;
            }
            Err(e) => draft.error = Some(tx.f(T::ImportFailed, &[("why", e.to_string().into())])),
        }
    }
    if close {
        menus.close_all();
    }
    if load || close {
        sound.write(PlaySound(Effect::Click));
    }
    Ok(())
}

/// A notice (a corrupt save) that stays until closed.
pub(crate) fn notice(
    mut contexts: EguiContexts,
    tx: Res<Texts>,
    mut ui_state: ResMut<ChessUi>,
) -> Result {
    let Some(n) = ui_state.notice.clone() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?.clone();
    egui::Window::new("⚠")
        .collapsible(false)
        .anchor(
            egui::Align2::CENTER_TOP,
            [crate::base::widgets::board_centre(&ctx).x, 20.0],
        )
        .show(&ctx, |ui| {
            ui.label(n);
            if named(&T::Close.id(), ui.button(tx.t(T::Close))).clicked() {
                ui_state.notice = None;
            }
        });
    Ok(())
}
