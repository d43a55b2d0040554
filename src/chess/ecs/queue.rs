//! The one queue of moves that wait to be played.
//!
//! Filled by every [`MoveRequested`] (clicks, keys, typed moves, the
//! computer, a premove come due, a script), by a game started with moves
//! (a resumed or imported game) and by the online client (each move the
//! server tells of). Drained one move a frame by the mode's decider: the
//! local rules take the moves asked here; online, the client sends the
//! moves asked to the server and the server's decider plays the moves it
//! told, in order.

use std::collections::VecDeque;

use bevy::prelude::*;
use minesweeper_core::chess::Move;
use minesweeper_core::online::protocol::MoveView;

use super::MoveRequested;

/// A move waiting to be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Waiting {
    /// Asked at this screen: the decider checks it against the rules.
    Asked(Move),
    /// Told by the server, with what it did: played as told.
    Told(MoveView),
}

/// Moves that wait to be played, in order (see the module's doc for who
/// fills and who drains it).
#[derive(Resource, Debug, Default)]
pub struct MoveQueue(VecDeque<Waiting>);

/// Runs first in [`super::TurnSet::Validate`]: this frame's requests join
/// the queue before a decider takes from it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct QueueSet;

impl MoveQueue {
    /// Whether no move waits.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Adds a move asked here.
    pub fn ask(&mut self, mv: Move) {
        self.0.push_back(Waiting::Asked(mv));
    }

    /// Adds a move the server told of.
    pub fn tell(&mut self, view: MoveView) {
        self.0.push_back(Waiting::Told(view));
    }

    /// The next move if it was asked here.
    pub fn next_asked(&mut self) -> Option<Move> {
        match self.0.front()? {
            Waiting::Asked(mv) => {
                let mv = *mv;
                self.0.pop_front();
                Some(mv)
            }
            Waiting::Told(_) => None,
        }
    }

    /// The next move if the server told of it.
    pub fn next_told(&mut self) -> Option<MoveView> {
        match self.0.front()? {
            Waiting::Told(_) => match self.0.pop_front() {
                Some(Waiting::Told(view)) => Some(view),
                _ => None,
            },
            Waiting::Asked(_) => None,
        }
    }

    /// Whether a move the server told of still waits (the board is
    /// catching up with the server).
    pub fn catching_up(&self) -> bool {
        self.0.iter().any(|w| matches!(w, Waiting::Told(_)))
    }

    /// Drops every waiting move.
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Drops the moves the server told of (it is asked for the whole game
    /// again).
    pub fn forget_told(&mut self) {
        self.0.retain(|w| matches!(w, Waiting::Asked(_)));
    }
}

/// This frame's requests join the queue.
pub(super) fn queue_requests(
    mut requests: MessageReader<MoveRequested>,
    mut queue: ResMut<MoveQueue>,
) {
    for r in requests.read() {
        queue.ask(r.0);
    }
}
