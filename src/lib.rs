//! Minesweeper Chess and Sweeper Sudoku on the Bevy engine.
//!
//! [`rules`] is pure Rust (no Bevy); [`preset`] reads the RON boards in
//! `levels/`; [`chess`] runs the game in the ECS without a window; [`view`]
//! draws it; [`cli`] and [`bench`] are the command-line tools.

// Bevy systems take their data as parameters and filters as types; these
// lints fight the ECS style rather than finding bugs (Bevy's own advice).
#![allow(clippy::too_many_arguments, clippy::type_complexity)]

pub mod audio;
pub mod bench;
pub mod chess;
pub mod cli;
pub mod i18n;
pub mod preset;
pub mod rules;
pub mod save;
pub mod settings;
pub mod ui;
pub mod view;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

/// Everything but rendering, audio and UI: the game as tests and the
/// computer opponent run it.
pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(chess::ChessPlugin);
    }
}

/// A headless app (no window, GPU or sound) running the gameplay schedule,
/// with the mine seed fixed.
pub fn headless_app(seed: chess::MineSeed) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(seed)
        .add_plugins(GamePlugin);
    app
}
