//! Keeping the Sweeper Sudoku board in progress: written after every
//! action (the preset file, the share code and the action log), dropped
//! when the board is over, read back when the menu loads its presets. A
//! broken save is set aside with its reason.

use bevy::prelude::*;

use super::{Puzzle, PuzzleHappened, PuzzleSet};
use crate::base::platform::store;
use minesweeper_core::sudoku::save::SaveError;
use minesweeper_core::sudoku::{PuzzleGame, Status, SudokuPreset};

/// Where the board in progress is kept between runs.
pub(crate) const SAVE_FILE: &str = "sudoku_game.txt";

/// Where a save that cannot be read is kept.
pub(crate) const CORRUPT_FILE: &str = "sudoku_game.corrupt.txt";

/// Saves the board after every action.
pub(crate) struct SavePlugin;

impl Plugin for SavePlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, autosave.in_set(PuzzleSet::Present));
    }
}

/// The saved board still in play, with its code; or why it could not be
/// read (the file is kept aside as [`CORRUPT_FILE`]).
pub(crate) fn load_saved(
    presets: &[SudokuPreset],
) -> Result<Option<(PuzzleGame, String)>, BrokenSave> {
    let Some(text) = store::read(SAVE_FILE) else {
        return Ok(None);
    };
    match minesweeper_core::sudoku::save::from_text(&text, presets) {
        Ok((game, code)) if game.status == Status::Playing => Ok(Some((game, code))),
        Ok(_) => {
            store::remove(SAVE_FILE);
            Ok(None)
        }
        Err(e) => {
            store::set_aside(SAVE_FILE, CORRUPT_FILE);
            Err(BrokenSave {
                place: store::describe(SAVE_FILE),
                error: e,
            })
        }
    }
}

/// A kept board that could not be read: where it was and what is wrong.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct BrokenSave {
    /// The file (or local-storage entry) it was read from.
    pub place: String,
    /// The line and the problem.
    pub error: SaveError,
}

impl std::fmt::Display for BrokenSave {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.place, self.error)
    }
}

impl std::error::Error for BrokenSave {}

/// Keeps the board in progress in the store after every action, and drops
/// it when the board is over.
fn autosave(puzzle: Res<Puzzle>, mut happened: MessageReader<PuzzleHappened>) {
    if happened.read().count() == 0 {
        return;
    }
    let Some(game) = &puzzle.game else { return };
    if game.status != Status::Playing {
        store::remove(SAVE_FILE);
        return;
    }
    let file = std::path::Path::new(&game.preset.source)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let text = minesweeper_core::sudoku::save::to_text(game, &file, &puzzle.code);
    if let Err(e) = store::write(SAVE_FILE, &text) {
        warn!("cannot save the board: {e}");
    }
}
