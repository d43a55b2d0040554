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

/// Tags every entity that belongs to the current game's board, so a new game
/// can clear them all.
#[derive(Component, Debug, Clone, Copy)]
pub(crate) struct BoardEntity;

/// The variant being played.
#[derive(Resource, Debug, Clone)]
pub struct ActiveVariant(pub Variant);

/// Who plays: two people at one screen, or a person against the computer.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Opponent {
    /// The side the computer plays; `None` for hot-seat.
    pub computer: Option<minesweeper_core::chess::Color>,
    /// How strong it plays.
    pub level: minesweeper_core::ai::Level,
    /// An online game: the server decides every move, and this screen
    /// moves for one side at most.
    pub online: Option<Seat>,
}

/// Who this screen is in an online game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    /// The player of this side.
    Player(minesweeper_core::chess::Color),
    /// Watching: moves for neither side.
    Spectator,
}

impl Opponent {
    /// Whether the side to move is moved from this screen (not by the
    /// computer, and online only this screen's own side).
    pub fn moves_here(&self, turn: minesweeper_core::chess::Color) -> bool {
        match self.online {
            Some(Seat::Player(side)) => side == turn,
            Some(Seat::Spectator) => false,
            None => self.computer != Some(turn),
        }
    }
}

/// The move being carried out this frame, once validated: each stage of the
/// turn applies its part of the report.
#[derive(Resource, Debug, Clone, Default)]
pub(crate) struct PendingMove(pub Option<Pending>);

/// A validated move and everything it will do.
#[derive(Debug, Clone)]
pub(crate) struct Pending {
    /// The position the move leads to.
    pub after: Position,
    /// What the move does.
    pub report: MoveReport,
}

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
