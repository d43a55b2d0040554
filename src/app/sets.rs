//! The one order of a frame: every set of [`Update`] is configured here
//! and nowhere else; plugins only put their own systems in these sets.
//!
//! The frame probe starts; the pointer is read; the chess turn runs
//! (setup, input, validate, apply, mines, fog, check, outcome, record,
//! analyse, present), then the Sweeper Sudoku board's (input, apply, sync,
//! daily, present), then sounds of no move are asked for (the low-time
//! warning) and every sound asked for is played; the probe ends. The two games share the pointer and the sound,
//! never the same frame's work. Inside the turn:
//! - Setup: the mode in play declares its rules, the server's news is read
//!   (online), then the board is set up (new games, undo, resignation,
//!   conclusions, reveals);
//! - Input: the view reads the board changes, keys, the keyboard's
//!   cursor, the pointer, a premove come due and the script; then the
//!   computer thinks and hints;
//! - Validate: this frame's requests join the move queue, then the mode's
//!   decider takes the next move (the local rules, or online the moves
//!   asked go to the server and the server's moves are played), then what
//!   waits for the server is sent;
//! - Apply to Outcome run only when a move was decided;
//! - Present: the board's entities, camera, motion, marks, sounds.
//!
//! The egui pass (menus, panels) runs after [`Update`] in its own
//! schedule, ordered in `app::ui`.

use bevy::prelude::*;

use crate::base::audio::{CueSet, SoundSet};
use crate::base::gesture::PointerSet;
use crate::base::probe::ProbeSet;
use crate::chess::ecs::computer::ComputerSet;
use crate::chess::ecs::{Decider, QueueSet, SetupStep, TurnSet, move_pending};
use crate::chess::online::OnlineSet;
use crate::chess::view::ViewStep;
use crate::sudoku::ecs::PuzzleSet;
use crate::sudoku::view::PuzzleViewStep;

/// Orders every set of [`Update`].
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
        order_frame(app);
        order_turn(app);
        order_views(app);
    }
}

/// The games one after the other, the probe around them, the sounds last.
fn order_frame(app: &mut App) {
    app.configure_sets(
        Update,
        (
            (ProbeSet::Start, PointerSet).chain(),
            // The chess turn.
            (
                TurnSet::Setup,
                TurnSet::Input,
                TurnSet::Validate,
                TurnSet::Apply,
                TurnSet::Mines,
                TurnSet::Fog,
                TurnSet::Check,
                TurnSet::Outcome,
                TurnSet::Record,
                TurnSet::Analyse,
                TurnSet::Present,
            )
                .chain(),
            // The Sweeper Sudoku board's.
            (
                PuzzleSet::Input,
                PuzzleSet::Apply,
                PuzzleSet::Sync,
                PuzzleSet::Daily,
                PuzzleSet::Present,
            )
                .chain(),
            (CueSet, SoundSet, ProbeSet::End).chain(),
        )
            .chain(),
    );
}

/// Inside the chess turn: setup, input and validation steps, and the
/// move's stages only when a move was decided.
fn order_turn(app: &mut App) {
    app.configure_sets(
        Update,
        (
            SetupStep::Mode,
            SetupStep::Presets,
            OnlineSet::Receive,
            SetupStep::Board,
        )
            .chain()
            .in_set(TurnSet::Setup),
    );
    app.configure_sets(
        Update,
        (
            ViewStep::Read,
            ViewStep::Keys,
            ViewStep::Cursor,
            ViewStep::Pointer,
            ViewStep::Premove,
            ViewStep::Script,
            ComputerSet::Hint,
            ComputerSet::Play,
        )
            .chain()
            .in_set(TurnSet::Input),
    );
    app.configure_sets(
        Update,
        (QueueSet, Decider::Local, Decider::Server, OnlineSet::Send)
            .chain()
            .in_set(TurnSet::Validate),
    );
    // Whether a move's stages run is the game's: a decider decided one.
    app.configure_sets(
        Update,
        (
            TurnSet::Apply,
            TurnSet::Mines,
            TurnSet::Fog,
            TurnSet::Check,
            TurnSet::Outcome,
        )
            .run_if(move_pending),
    );
}

/// The views' steps: chess's input and drawing, the puzzle's input and
/// drawing.
fn order_views(app: &mut App) {
    app.configure_sets(
        Update,
        (
            ViewStep::Board,
            ViewStep::Camera,
            ViewStep::Motion,
            ViewStep::Marks,
            ViewStep::Sound,
        )
            .chain()
            .in_set(TurnSet::Present),
    );
    app.configure_sets(
        Update,
        (PuzzleViewStep::Pointer, PuzzleViewStep::Script)
            .chain()
            .in_set(PuzzleSet::Input),
    );
    app.configure_sets(
        Update,
        (
            PuzzleViewStep::Camera,
            PuzzleViewStep::Board,
            PuzzleViewStep::Pieces,
            PuzzleViewStep::Hand,
            PuzzleViewStep::Effects,
        )
            .chain()
            .in_set(PuzzleSet::Present),
    );
}
