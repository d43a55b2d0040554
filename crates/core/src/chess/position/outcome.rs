//! Why a move is refused, and how a game ends.

use std::fmt;

use super::{Move, Role, Square};
use crate::chess::color::Color;

/// Why a move was refused, for the player (translated by the interface;
/// `Display` gives English for logs and tools).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game has ended.
    GameOver,
    /// No piece on that cell.
    NoPiece(Square),
    /// The other side is to move (the side to move is given).
    NotYourTurn(Color),
    /// Only pawns have the sapper action.
    OnlyPawnsSweep,
    /// The board preset switched the sapper action off.
    NoSapperRule,
    /// The sapper action is not allowed in check.
    SweepInCheck,
    /// This pawn cannot sweep that cell.
    CannotSweep(Square, Square),
    /// No mine is hidden any more: a pawn sweeps only a visible mine
    /// (this cell holds none).
    NothingToSweep(Square),
    /// A pawn reaching its last rank must promote.
    MustPromote(Square),
    /// The squares are right but the kind of move is not.
    WrongKind(Role, Square, Square),
    /// The king (on this cell) is in check and the move does not help.
    InCheck(Square),
    /// The piece cannot go there.
    CannotGo(Role, Square, Square),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::GameOver => write!(f, "the game is over"),
            Refusal::NoPiece(s) => write!(f, "there is no piece on {s}"),
            Refusal::NotYourTurn(c) => write!(f, "it is {}'s turn", c.name()),
            Refusal::OnlyPawnsSweep => write!(f, "only pawns can sweep"),
            Refusal::NoSapperRule => write!(f, "this board has no sapper action"),
            Refusal::SweepInCheck => write!(f, "a pawn cannot sweep while your king is in check"),
            Refusal::CannotSweep(a, b) => write!(f, "the pawn on {a} cannot sweep {b}"),
            Refusal::NothingToSweep(s) => write!(
                f,
                "no mine is hidden any more: there is nothing on {s} to sweep"
            ),
            Refusal::MustPromote(s) => write!(f, "a pawn reaching {s} must promote"),
            Refusal::WrongKind(r, a, b) => {
                write!(f, "{} {a} to {b} is not a move of that kind", r.name())
            }
            Refusal::InCheck(k) => {
                write!(
                    f,
                    "your king on {k} is in check; the move must get it out of check"
                )
            }
            Refusal::CannotGo(r, a, b) => write!(
                f,
                "the {} on {a} cannot go to {b} (blocked, not its way of moving, or it would expose your king)",
                r.name()
            ),
        }
    }
}

/// A move that is not legal in the position it was tried in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub Move);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.0)
    }
}

impl std::error::Error for IllegalMove {}

/// How a finished game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// One side won.
    Decisive {
        /// The winner.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw(DrawReason),
}

/// Why a side won.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WinReason {
    /// The loser is in check with no legal move.
    Checkmate,
    /// The loser's own piece blew up on a mine and left its king attacked
    /// (or the blast took the king).
    Blast,
    /// The loser resigned.
    Resignation,
    /// The loser's time ran out (online games).
    Timeout,
}

/// Why a game was drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DrawReason {
    /// No legal move and not in check.
    Stalemate,
    /// The same position (as players see it) occurred three times.
    Repetition,
    /// Neither side can mate.
    InsufficientMaterial,
    /// Both players agreed.
    Agreement,
    /// A flag fell, but the side with time left has too little to mate.
    TimeoutVsInsufficientMaterial,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Decisive { winner, reason } => {
                let w = if *winner == Color::White {
                    "White"
                } else {
                    "Black"
                };
                match reason {
                    WinReason::Checkmate => write!(f, "{w} wins by checkmate"),
                    WinReason::Blast => write!(f, "{w} wins: the blast exposed the enemy king"),
                    WinReason::Resignation => write!(f, "{w} wins by resignation"),
                    WinReason::Timeout => write!(f, "{w} wins on time"),
                }
            }
            Outcome::Draw(r) => match r {
                DrawReason::Stalemate => write!(f, "Draw by stalemate"),
                DrawReason::Repetition => write!(f, "Draw by threefold repetition"),
                DrawReason::InsufficientMaterial => write!(f, "Draw by insufficient material"),
                DrawReason::Agreement => write!(f, "Draw by agreement"),
                DrawReason::TimeoutVsInsufficientMaterial => {
                    write!(f, "Draw: time ran out, but the other side cannot mate")
                }
            },
        }
    }
}
