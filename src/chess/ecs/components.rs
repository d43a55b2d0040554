//! Components and resources of Minesweeper Chess in the ECS.

use bevy::prelude::*;

use minesweeper_core::chess::{MoveReport, Piece, Position, Square, Variant};

/// A cell of the board (one entity per cell).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardSquare(pub Square);

/// Marks a board cell that belongs to the fog zone (it shows a count once revealed).
#[derive(Component, Debug, Clone, Copy)]
pub struct FogZone;

/// The count a revealed fog-zone cell shows: mines among its eight neighbours.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct RevealedCount(pub u8);

/// Where a piece, fog cover or mine lies.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct At(pub Square);

/// A chess piece on the board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChessPiece(pub Piece);

/// Grey fog over one cell.
#[derive(Component, Debug, Clone, Copy)]
pub struct Fog;

/// On a [`Fog`] cover: a pawn swept this cell, so both players know it holds
/// no mine now, though the fog stays (Decision 10).
#[derive(Component, Debug, Clone, Copy)]
pub struct Swept;

/// A mine. Hidden while a [`Fog`] lies on the same cell; never show it then.
#[derive(Component, Debug, Clone, Copy)]
pub struct Mine;

/// On a [`Mine`] whose cell is not fogged: a mine both players see (found
/// by the full lift, or shown at the end). Views draw these; they never
/// look at [`Mine`] itself.
#[derive(Component, Debug, Clone, Copy)]
pub struct ShownMine;

/// Tags every entity that belongs to the current game's board, so a new game
/// can clear them all.
#[derive(Component, Debug, Clone, Copy)]
pub(crate) struct BoardEntity;

/// Marks an animation in progress (the view's slides, fades and blasts):
/// the computer's move and scripts wait until none is left.
#[derive(Component, Debug, Default)]
pub struct Busy;

/// The variant being played.
#[derive(Resource, Debug, Clone)]
pub struct ActiveVariant(pub Variant);

/// The move being carried out this frame, once its mode's decider has
/// decided it: each stage of the turn applies its part of the report.
#[derive(Resource, Debug, Clone, Default)]
pub struct PendingMove(pub(crate) Option<Pending>);

/// A decided move and everything it does: worked out by the rules here
/// (hot-seat, the computer) or told by the server (online).
#[derive(Debug, Clone)]
pub(crate) struct Pending {
    /// The position the move leads to, for the history: the true one, or
    /// online the public one (the server keeps the mines).
    pub after: Position,
    /// What the move does.
    pub report: MoveReport,
    /// The count each revealed fog-zone cell shows after it (0 where not
    /// listed): public, whoever decided the move.
    pub counts: Vec<(Square, u8)>,
}

impl PendingMove {
    /// Whether a move is being carried out this frame.
    pub fn is_some(&self) -> bool {
        self.0.is_some()
    }
}

/// The move played this frame belongs to a history replayed one move a
/// frame (a resumed game, an online game joined late) and more follow:
/// sounds wait for its last move.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct Replaying(pub bool);

/// Seed for the next game's mine layout (and for dealing hidden mines
/// afresh on undo, resume and import).
#[derive(Resource, Debug, Clone, Copy)]
pub struct MineSeed(pub u64);

impl MineSeed {
    /// A seed for one deal, moving this one on so the next deal differs.
    pub(crate) fn draw(&mut self) -> u64 {
        use rand::{RngCore, SeedableRng};
        let mut rng = minesweeper_core::rng::GameRng::seed_from_u64(self.0);
        self.0 = rng.next_u64();
        rng.next_u64()
    }
}
