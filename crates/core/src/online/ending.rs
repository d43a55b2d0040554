//! How a game ended, as the messages, the archive and the ratings write
//! it: the score and what ended it.

use serde::{Deserialize, Serialize};

use crate::chess::{Color, DrawReason, Outcome, WinReason};

/// A game's score, written as in PGN.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameResult {
    /// White won.
    #[serde(rename = "1-0")]
    WhiteWins,
    /// Black won.
    #[serde(rename = "0-1")]
    BlackWins,
    /// Drawn.
    #[serde(rename = "1/2-1/2")]
    Draw,
}

impl GameResult {
    /// The score of `outcome`.
    pub fn of(outcome: Outcome) -> GameResult {
        match outcome {
            Outcome::Decisive {
                winner: Color::White,
                ..
            } => GameResult::WhiteWins,
            Outcome::Decisive {
                winner: Color::Black,
                ..
            } => GameResult::BlackWins,
            Outcome::Draw(_) => GameResult::Draw,
        }
    }

    /// As written: `1-0`, `0-1` or `1/2-1/2`.
    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

/// What ended a game (`"checkmate"`, `"timeout"`… in JSON).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A win by checkmate.
    Checkmate,
    /// A win: the loser's blast exposed its king.
    Blast,
    /// A win by resignation.
    Resignation,
    /// A win on time.
    Timeout,
    /// A draw: no legal move, not in check.
    Stalemate,
    /// A draw by threefold repetition.
    Repetition,
    /// A draw: neither side can mate.
    InsufficientMaterial,
    /// A draw agreed.
    Agreement,
    /// A draw: a flag fell, but the other side cannot mate.
    TimeoutVsInsufficientMaterial,
}

impl EndReason {
    /// What ended `outcome`.
    pub fn of(outcome: Outcome) -> EndReason {
        match outcome {
            Outcome::Decisive { reason, .. } => match reason {
                WinReason::Checkmate => EndReason::Checkmate,
                WinReason::Blast => EndReason::Blast,
                WinReason::Resignation => EndReason::Resignation,
                WinReason::Timeout => EndReason::Timeout,
            },
            Outcome::Draw(d) => match d {
                DrawReason::Stalemate => EndReason::Stalemate,
                DrawReason::Repetition => EndReason::Repetition,
                DrawReason::InsufficientMaterial => EndReason::InsufficientMaterial,
                DrawReason::Agreement => EndReason::Agreement,
                DrawReason::TimeoutVsInsufficientMaterial => {
                    EndReason::TimeoutVsInsufficientMaterial
                }
            },
        }
    }

    /// As written in JSON (`timeout`, `insufficient_material`…).
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Blast => "blast",
            EndReason::Resignation => "resignation",
            EndReason::Timeout => "timeout",
            EndReason::Stalemate => "stalemate",
            EndReason::Repetition => "repetition",
            EndReason::InsufficientMaterial => "insufficient_material",
            EndReason::Agreement => "agreement",
            EndReason::TimeoutVsInsufficientMaterial => "timeout_vs_insufficient_material",
        }
    }
}
