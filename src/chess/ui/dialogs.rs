//! The chess game's dialogs: how to play, export (the game as text),
//! import (paste a game), and notices that stay until closed.

use bevy::prelude::*;

use bevy_egui::{EguiContexts, egui};

use super::{ChessUi, ImportDraft};
use crate::base::art::PieceIcons;
use crate::base::audio::Effect;
use crate::base::audio::PlaySound;
use crate::base::i18n::{T, Texts};
use crate::base::screen::{Menus, Screen};
use crate::base::settings::Settings;
use crate::base::widgets::{Pictures, centered, named, rules_page};
use crate::chess::ecs::presets::PresetLibrary;
use crate::chess::ecs::save::{read_record, start_record};
use crate::chess::ecs::{MineSeed, NewGameRequested};

/// The rules and the keys.
pub(crate) fn how_to_play(
    mut contexts: EguiContexts,
    tx: Res<Texts>,
    mut menus: Menus,
    settings: Res<Settings>,
    icons: Res<PieceIcons>,
    mut sound: MessageWriter<PlaySound>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let pictures = Pictures {
        of: &super::pictures::chess_picture,
        look: (settings.theme, settings.count_colors),
        icons: &icons,
    };
    if rules_page(&ctx, &tx, (T::HelpChessTitle, T::HelpChess), &pictures) {
        menus.close();
        sound.write(PlaySound(Effect::Click));
    }
    Ok(())
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
