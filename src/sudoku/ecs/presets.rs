//! The Sweeper Sudoku presets: the shared preset pipeline
//! ([`crate::base::presets`]) for `levels/sudoku/*.ron`.

use bevy::prelude::*;

use crate::base::presets::{self, Discover, PresetKind, PresetsPlugin};
use minesweeper_core::sudoku::SudokuPreset;
use minesweeper_core::sudoku::preset::{BUILTIN, parse};
use minesweeper_core::text::PresetError;

/// The Sweeper Sudoku boards in `levels/sudoku/`.
#[derive(TypePath)]
pub struct SudokuPresets;

impl PresetKind for SudokuPresets {
    type Preset = SudokuPreset;
    const BUILTIN: &'static [(&'static str, &'static str)] = BUILTIN;
    const FOLDER: &'static str = "levels/sudoku/";

    fn parse(file: &str, text: &str) -> Result<SudokuPreset, PresetError> {
        parse(file, text)
    }
}

/// The Sweeper Sudoku boards the menu offers.
pub type SudokuLibrary = presets::PresetLibrary<SudokuPresets>;

/// Loads the Sweeper Sudoku presets through the asset server: a file
/// changed on disk is in the menu at once, a broken one shows its error.
pub struct SudokuPresetPlugin {
    /// Asset path of the folder, e.g. `"levels://sudoku/"`.
    pub prefix: &'static str,
    /// Where to look for presets beyond the built-in ones.
    pub discover: Discover,
}

impl Plugin for SudokuPresetPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(PresetsPlugin::<SudokuPresets>::new(
            self.prefix,
            self.discover.clone(),
        ));
    }
}
