//! The chess game's messages: what asks for something (a move, a new game,
//! a command) and what happened (moved, exploded, swept, fog lifted, check,
//! game over, started, undone), for the view, sound and interface.

use bevy::prelude::*;

use minesweeper_core::chess::{
    Color as Side, Move, Outcome, Piece, Position, PublicPosition, Square, Variant,
};

/// Asks for a move: from a click, a key, the computer or a test. Every source
/// writes this same message.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveRequested(pub Move);

/// Asks for a new game of the active variant (or of `variant`, if given).
#[derive(Message, Debug, Clone)]
pub struct NewGameRequested {
    /// Variant to switch to, or `None` to replay the active one.
    pub variant: Option<Variant>,
    /// Mine seed, or `None` for a fresh one.
    pub seed: Option<u64>,
    /// Start from this position (mines included) instead of the variant's
    /// start: for saved games, puzzles and tests. Its size, fog zone and
    /// rules replace the active variant's.
    pub position: Option<Position>,
    /// Moves to replay from the start, one per frame (a resumed or imported game).
    pub moves: Vec<Move>,
    /// Start from this position as the players see it, with no hidden
    /// mine anywhere: an online game, whose server keeps the mines.
    pub seen: Option<PublicPosition>,
}

impl NewGameRequested {
    /// A fresh game of the active variant with new mines.
    pub fn fresh() -> NewGameRequested {
        NewGameRequested {
            variant: None,
            seed: None,
            position: None,
            moves: Vec::new(),
            seen: None,
        }
    }
}

/// Resignation, draw by agreement or undo, from the menu.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameCommand {
    /// The side to move resigns.
    Resign,
    /// Both players agree to a draw.
    AgreeDraw,
    /// Take back the last move; against the computer, take back its reply
    /// too, so that it is the player's turn again.
    Undo,
}

/// A requested move was refused. The reason never depends on hidden mines.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct MoveRejected {
    /// The refused move.
    pub mv: Move,
    /// Why (translated by the interface).
    pub reason: minesweeper_core::chess::Refusal,
}

/// A piece moved (for castling: the king; the rook follows in `rook`).
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct PieceMoved {
    /// The move.
    pub mv: Move,
    /// The piece as it lands (promoted if it promoted).
    pub piece: Piece,
    /// A piece taken on the landing cell.
    pub captured: Option<Piece>,
    /// The castling rook's squares.
    pub rook: Option<(Square, Square)>,
}

/// A mine went off under a piece and destroyed it.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MineExploded {
    /// Where.
    pub at: Square,
    /// The piece destroyed.
    pub piece: Piece,
}

/// A mine was removed without harm.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MineSwept {
    /// Where.
    pub at: Square,
    /// `true` for a king landing on it (royal sapper), `false` for a pawn's
    /// sapper action.
    pub by_king: bool,
}

/// A pawn used the sapper action (whether or not a mine was there).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SapperUsed {
    /// The pawn's cell.
    pub pawn: Square,
    /// The cell it swept.
    pub target: Square,
}

/// Fog lifted from these cells.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct FogLifted {
    /// Cells uncovered.
    pub cells: Vec<Square>,
    /// Whether this was the full lift after every mine was found or removed.
    pub full: bool,
}

/// A king is in check.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckGiven {
    /// The side in check.
    pub side: Side,
    /// Its king's cell.
    pub king: Square,
}

/// An outcome decided outside the moves: a resignation or a draw agreed
/// here, or the server's word. One system ends the game with it.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Concluded(pub Outcome);

/// The final position with every mine (full FEN), told once a game kept
/// in public is over (an online game's end): the end-of-game reveal puts
/// its true mines into the history and under the fog.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct LayoutTold(pub String);

/// The game ended.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOver(pub Outcome);

/// A new board was set up.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct GameStarted;

/// A move was taken back; the board was rebuilt.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct MoveUndone;
