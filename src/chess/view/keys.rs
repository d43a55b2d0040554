//! Keys: F12 screenshots and M mutes on every screen; the chess board's
//! Esc, F, U, H and S.

use bevy::prelude::*;

use super::Layout;
use super::ViewStep;
use super::input::Selection;
use crate::base::screen::{Menu, Screen};
use crate::base::settings::Settings;
use crate::chess::ecs::computer::HintRequested;
use crate::chess::ecs::{GameCommand, MoveRequested};

/// Reads the keys into the game's messages.
pub(super) struct KeysPlugin;

impl Plugin for KeysPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<TogglePause>()
            .add_message::<TakeScreenshot>()
            .add_systems(
                Update,
                (
                    global_keys,
                    chess_keys.run_if(in_state(Screen::Chess)),
                    save_screenshot,
                )
                    .chain()
                    .in_set(ViewStep::Keys),
            );
    }
}

/// Asks the interface to open or close the pause menu.
#[derive(Message, Debug, Clone, Copy)]
pub(crate) struct TogglePause;

/// F12: save a screenshot in the config folder's `screenshots/`.
#[derive(Message, Debug, Clone, Copy)]
struct TakeScreenshot;

/// Keys on every screen: F12 saves a screenshot, M mutes.
fn global_keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut settings: ResMut<Settings>,
    mut shots: MessageWriter<TakeScreenshot>,
) {
    if egui_wants.is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    if keys.just_pressed(KeyCode::F12) {
        shots.write(TakeScreenshot);
    }
    if keys.just_pressed(KeyCode::KeyM) {
        settings.muted = !settings.muted;
        settings.save();
    }
}

/// The chess board's keys: Esc cancels a premove, deselects, hides the
/// keyboard's cursor or (none of those) opens and closes the menu; F
/// flips, U undoes, H asks for a hint, S sweeps with the selected pawn.
/// Only Esc works while a menu is open.
fn chess_keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    menu: Res<State<Menu>>,
    mut selection: ResMut<Selection>,
    mut layout: ResMut<Layout>,
    mut commands_out: MessageWriter<GameCommand>,
    mut requests: MessageWriter<MoveRequested>,
    mut pause: MessageWriter<TogglePause>,
    mut hint: MessageWriter<HintRequested>,
    mut cursor: ResMut<super::cursor::Cursor>,
    mut premove: ResMut<super::premove::Premove>,
) {
    if egui_wants.is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    if keys.just_pressed(KeyCode::Escape) {
        if premove.is_set() {
            *premove = super::premove::Premove::default();
        } else if selection.from.is_some() || selection.promotion.is_some() {
            *selection = Selection::default();
        } else if cursor.0.is_some() {
            cursor.0 = None;
        } else {
            pause.write(TogglePause);
        }
    }
    if *menu.get() != Menu::None {
        return;
    }
    if keys.just_pressed(KeyCode::KeyF) {
        layout.flipped = !layout.flipped;
    }
    if keys.just_pressed(KeyCode::KeyU) {
        commands_out.write(GameCommand::Undo);
    }
    if keys.just_pressed(KeyCode::KeyH) {
        hint.write(HintRequested);
    }
    if keys.just_pressed(KeyCode::KeyS)
        && let Some(m) = selection.sweep()
    {
        requests.write(MoveRequested(m));
        *selection = Selection::default();
    }
}

/// Saves a screenshot when F12 was pressed.
fn save_screenshot(mut commands: Commands, mut asks: MessageReader<TakeScreenshot>) {
    if asks.read().count() == 0 {
        return;
    }
    let stamp = crate::base::platform::wall_clock_nanos() / 1_000_000_000;
    let name = format!("minesweeper-chess-{stamp}.png");
    // In the browser, Bevy offers the picture as a download.
    let path = if crate::base::platform::WEB {
        std::path::PathBuf::from(name)
    } else {
        let Some(dir) = crate::base::paths::config_dir().map(|d| d.join("screenshots")) else {
            return;
        };
        if let Err(e) = std::fs::create_dir_all(&dir) {
            warn!("cannot create {}: {e}", dir.display());
            return;
        }
        dir.join(name)
    };
    info!("screenshot: {}", path.display());
    crate::base::screenshot::save_window(&mut commands, path, false);
}
