//! What the players saw after each move: the public board at every ply of
//! the history, taken from the entities as the turn left them (so online,
//! where this screen never holds a hidden mine, it is the same as at one
//! screen). A replay shows these, never a position rebuilt from the true
//! layout, so looking back can tell nothing the players did not see then.

use bevy::prelude::*;
use minesweeper_core::chess::PublicPosition;

use super::{ChessGame, GameStarted, PublicBoard};

/// The public board after each ply: `seen[0]` is the start, `seen[k]` the
/// board after the history's `k`-th move.
#[derive(Resource, Debug, Default, Clone)]
pub struct Timeline {
    seen: Vec<Option<PublicPosition>>,
}

impl Timeline {
    /// The board as the players saw it after `ply` moves, if kept.
    pub fn at(&self, ply: usize) -> Option<&PublicPosition> {
        self.seen.get(ply).and_then(Option::as_ref)
    }

    /// How many boards are kept (the moves played plus the start).
    pub fn len(&self) -> usize {
        self.seen.len()
    }

    /// Whether no board is kept yet (before the first frame of a game).
    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }
}

/// Keeps the timeline in step with the history: cleared for a new game,
/// cut back after an undo, and the board as it now stands added when a
/// move has been played. Runs after the turn's stages, every frame.
pub(crate) fn record(
    mut timeline: ResMut<Timeline>,
    mut started: MessageReader<GameStarted>,
    game: Res<ChessGame>,
    board: PublicBoard,
) {
    if started.read().count() > 0 {
        timeline.seen.clear();
    }
    let plies = game.moves().len() + 1;
    // An undo (or a game rebuilt shorter): the earlier boards stand.
    timeline.seen.truncate(plies);
    // Moves are played one a frame (queued, replayed or told by the
    // server), so at most one board is missing; should more be, the
    // earlier ones were never seen here and stay unknown.
    if timeline.seen.len() < plies {
        timeline.seen.resize(plies - 1, None);
        timeline.seen.push(board.public(&game));
    }
}
