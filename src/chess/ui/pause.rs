//! The pause menu: continue, a new game, back to the title, how to play,
//! settings, quit.

use bevy::prelude::*;

use bevy_egui::{EguiContexts, egui};

use super::{ChessUi, fresh_game};
use crate::base::audio::Effect;
use crate::base::audio::PlaySound;
use crate::base::i18n::{T, Texts};
use crate::base::screen::{Menus, Screen};
use crate::base::widgets::{centered, help_settings_quit, named};
use crate::chess::ecs::presets::PresetLibrary;
use crate::chess::ecs::{ModeRules, NewGameRequested};
use crate::chess::online::OnlineRequest;

/// Draws the pause menu (shown in [`crate::base::screen::Menu::Pause`]).
pub(crate) fn pause_menu(
    mut contexts: EguiContexts,
    tx: Res<Texts>,
    library: Res<PresetLibrary>,
    mut ui_state: ResMut<ChessUi>,
    mut menus: Menus,
    mut screen: ResMut<NextState<Screen>>,
    mut new_game: MessageWriter<NewGameRequested>,
    mut sound: MessageWriter<PlaySound>,
    mut exit: MessageWriter<AppExit>,
    rules: Res<ModeRules>,
    mut leave: MessageWriter<OnlineRequest>,
) -> Result {
    // Where the server decides, a new game is its own (a rematch); the
    // title leaves.
    let online = !rules.decided_here();
    let ctx = contexts.ctx_mut()?.clone();
    let tr = |t: T| tx.t(t);
    let mut click = false;
    centered(&ctx, tr(T::Paused)).show(&ctx, |ui| {
        let wide = egui::vec2(260.0, 40.0);
        if named(
            &T::Continue.id(),
            ui.add_sized(wide, crate::base::style::primary(&tr(T::Continue))),
        )
        .clicked()
        {
            menus.close_all();
            click = true;
        }
        if !online
            && named(
                &T::NewGame.id(),
                ui.add_sized(wide, crate::base::style::secondary(&tr(T::NewGame))),
            )
            .clicked()
        {
            new_game.write(fresh_game(&library));
            menus.close_all();
            ui_state.over_dismissed = false;
            click = true;
        }
        if named(
            &T::MainMenu.id(),
            ui.add_sized(wide, crate::base::style::secondary(&tr(T::MainMenu))),
        )
        .clicked()
        {
            menus.close_all();
            screen.set(Screen::Title);
            if online {
                leave.write(OnlineRequest::Leave);
            }
            click = true;
        }
        click |= help_settings_quit(
            ui,
            (crate::base::style::secondary, Some(wide)),
            &tx,
            &mut menus,
            &mut exit,
        );
    });
    if click {
        sound.write(PlaySound(Effect::Click));
    }
    Ok(())
}
