//! Minesweeper Chess and Sweeper Sudoku on the Bevy engine.
//!
//! [`rules`] is pure Rust (no Bevy); [`preset`] reads the RON boards in
//! `levels/`; [`chess`] runs the game in the ECS without a window; [`view`]
//! draws it; [`cli`] and [`bench`] are the command-line tools.

// Bevy systems take their data as parameters and filters as types; these
// lints fight the ECS style rather than finding bugs (Bevy's own advice).
#![allow(clippy::too_many_arguments, clippy::type_complexity)]

pub mod ai;
pub mod audio;
pub mod bench;
pub mod chess;
pub mod cli;
pub mod fuzz;
pub mod i18n;
pub mod jobs;
pub mod platform;
pub mod preset;
pub mod puzzle;
/// The rules of Minesweeper Chess (the core crate's `chess`).
pub use minesweeper_core::chess as rules;
/// The portable random number generator (the core crate's).
pub use minesweeper_core::rng;
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
        app.add_plugins((
            chess::ChessPlugin,
            ai::play::ComputerPlugin,
            puzzle::plugin::PuzzlePlugin,
        ));
    }
}

/// The headless app plus the board view, animations and sound systems:
/// sprites and text are plain components without a renderer, so this runs
/// in tests and benchmarks too.
pub fn headless_app_with_view(seed: chess::MineSeed) -> App {
    let mut app = headless_app(seed);
    app.add_plugins(bevy::asset::AssetPlugin::default())
        .init_asset::<Image>()
        .init_asset::<bevy::text::Font>()
        .init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<ButtonInput<MouseButton>>()
        .add_message::<bevy::input::touch::TouchInput>()
        .add_message::<bevy::window::CursorMoved>()
        .insert_resource(settings::Settings::default())
        .add_plugins((view::ViewPlugin, audio::SoundPlugin));
    app
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
