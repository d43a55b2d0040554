//! The card at the end of a game: the result, a new game, export, close.

use bevy::prelude::*;

use bevy_egui::{EguiContexts, egui};

use super::{ChessUi, ExportText, export_text, fresh_game, outcome_text};
use crate::base::audio::PlaySound;
use crate::base::audio::synth::Effect;
use crate::base::i18n::{T, Texts};
use crate::base::screen::{Menu, Menus};
use crate::base::widgets::centered;
use crate::chess::ecs::presets::PresetLibrary;
use crate::chess::ecs::{ActiveVariant, ChessGame, NewGameRequested};

/// Draws the game-over card until it is closed.
pub(crate) fn game_over(
    mut contexts: EguiContexts,
    tx: Res<Texts>,
    state: Res<ChessGame>,
    variant: Res<ActiveVariant>,
    library: Res<PresetLibrary>,
    mut ui_state: ResMut<ChessUi>,
    mut export: ResMut<ExportText>,
    mut menus: Menus,
    mut new_game: MessageWriter<NewGameRequested>,
    mut sound: MessageWriter<PlaySound>,
) -> Result {
    let Some(o) = state.outcome() else {
        return Ok(());
    };
    if ui_state.over_dismissed {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let tr = |t: T| tx.t(t);
    let mut click = false;
    centered(tr(T::GameOver)).show(&ctx, |ui| {
        ui.label(
            egui::RichText::new(outcome_text(o, &tx))
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
                export.0 = export_text(&library, &variant, &state);
                menus.open(Menu::Export);
                click = true;
            }
            if ui.button(tr(T::Close)).clicked() {
                ui_state.over_dismissed = true;
                click = true;
            }
        });
    });
    if click {
        sound.write(PlaySound(Effect::Click));
    }
    Ok(())
}
