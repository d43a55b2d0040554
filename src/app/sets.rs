//! The one order of a frame, configured once: the pointer is read, the
//! chess turn runs (setup, input, validate, apply, mines, fog, check,
//! outcome, present), then the Sweeper Sudoku board's (input, apply, sync,
//! present), then the sounds they asked for are played. The two games share
//! the pointer and the sound, never the same frame's work.

use bevy::prelude::*;

use crate::base::audio::SoundSet;
use crate::base::gesture::PointerSet;
use crate::chess::ecs::TurnSet;
use crate::chess::ecs::computer::ComputerSet;
use crate::chess::online::OnlineSet;
use crate::chess::view::ViewStep;
use crate::sudoku::ecs::PuzzleSet;

/// Chains every game's sets in [`Update`].
pub(crate) struct SetsPlugin;

impl Plugin for SetsPlugin {
    fn build(&self, app: &mut App) {
        // Update is a long chain of small systems: waking worker threads for
        // each costs more than the systems do (measured with `bench`), and
        // the chain leaves little to run side by side. One thread runs it,
        // as on the web; the computer's search keeps its own task pool.
        app.edit_schedule(Update, |s| {
            s.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
        });
        app.configure_sets(
            Update,
            (
                PointerSet,
                TurnSet::Setup,
                TurnSet::Input,
                TurnSet::Validate,
                TurnSet::Apply,
                TurnSet::Mines,
                TurnSet::Fog,
                TurnSet::Check,
                TurnSet::Outcome,
                TurnSet::Present,
                PuzzleSet::Input,
                PuzzleSet::Apply,
                PuzzleSet::Sync,
                PuzzleSet::Present,
                SoundSet,
            )
                .chain(),
        );
        // Inside the turn's input: what the server said comes first, then
        // keys, pointer, script and the computer, then what goes to the
        // server.
        app.configure_sets(
            Update,
            (
                OnlineSet::Receive,
                ViewStep::Read,
                ViewStep::Script,
                ComputerSet,
                OnlineSet::Send,
            )
                .chain(),
        );
    }
}
