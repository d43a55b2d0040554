//! The chess boards' presets: the shared preset pipeline
//! ([`crate::base::presets`]) for `levels/*.ron`, and a changed file
//! replacing the board while nobody has moved.

use bevy::prelude::*;

use crate::base::presets::{self, PresetKind, PresetReloaded, PresetsPlugin};
use crate::chess::ecs::{ActiveVariant, ChessGame, NewGameRequested};
use minesweeper_core::chess::preset::{BUILTIN, Preset, PresetError, parse};

pub use crate::base::presets::{Discover, PresetIndex};

/// The chess boards in `levels/`.
#[derive(TypePath)]
pub struct ChessPresets;

impl PresetKind for ChessPresets {
    type Preset = Preset;
    const BUILTIN: &'static [(&'static str, &'static str)] = BUILTIN;
    const FOLDER: &'static str = "levels/";

    fn parse(file: &str, text: &str) -> Result<Preset, PresetError> {
        parse(file, text)
    }
}

/// A chess preset file as loaded.
pub type PresetAsset = presets::PresetAsset<ChessPresets>;
/// The chess boards the menu offers, and which one is played.
pub type PresetLibrary = presets::PresetLibrary<ChessPresets>;

/// Loads the chess presets from `levels/` and reloads the board when its
/// file changes before the first move.
pub struct PresetPlugin {
    /// Asset path prefix of the levels folder, e.g. `"levels://"` or `""`.
    pub prefix: &'static str,
    /// Where to look for presets beyond the built-in ones.
    pub discover: Discover,
}

impl Plugin for PresetPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(PresetsPlugin::<ChessPresets>::new(
            self.prefix,
            self.discover.clone(),
        ))
        .add_systems(
            Update,
            swap_board.in_set(crate::chess::ecs::SetupStep::Presets),
        );
    }
}

/// Swaps the board at once when its preset changed while nobody has moved;
/// otherwise the change applies to the next game.
fn swap_board(
    mut reloaded: MessageReader<PresetReloaded<ChessPresets>>,
    library: Res<PresetLibrary>,
    active: Res<ActiveVariant>,
    game: Res<ChessGame>,
    mut new_game: MessageWriter<NewGameRequested>,
) {
    for r in reloaded.read() {
        let Some(Ok(p)) = library.entries.get(r.entry).map(|e| &e.preset) else {
            continue;
        };
        if r.entry == library.active && game.moves().is_empty() && p.variant != active.0 {
            new_game.write(NewGameRequested {
                variant: Some(p.variant.clone()),
                ..NewGameRequested::fresh()
            });
        }
    }
}
