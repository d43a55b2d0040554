//! A move as a client learns it from the server: the [`MoveView`] read
//! against the position the client shows, into the move, the report of
//! what it did and the position after it, all public. The client plays
//! this through its own turn; it never deals a mine to do so.

use std::fmt;

use super::protocol::MoveView;
use crate::chess::deal::PublicError;
use crate::chess::fen::{self, FenError};
use crate::chess::notation::{NotationError, parse_coordinate};
use crate::chess::{Move, MoveReport, Piece, PublicPosition, RuleSet, Square, SquareSet};

/// A server's move, read.
#[derive(Clone, Debug)]
pub struct ToldMove {
    /// The move.
    pub mv: Move,
    /// What it did: the pieces' part worked out here, the mines' and the
    /// fog's part as the server told it.
    pub report: MoveReport,
    /// The position after it, as the players see it.
    pub after: PublicPosition,
}

/// Why a server's move does not fit the position shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToldError {
    /// The move is not legal here.
    Move(NotationError),
    /// A cell's name does not read.
    Cell(String),
    /// A destroyed piece's letter does not read.
    Piece(char),
    /// The position after it does not read.
    Fen(FenError),
    /// The position after it is not a public one, or not a position.
    Public(PublicError),
    /// The pieces after it are not those the move leaves.
    Pieces,
}

impl fmt::Display for ToldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToldError::Move(e) => write!(f, "the move: {e}"),
            ToldError::Cell(c) => write!(f, "`{c}` is not a cell"),
            ToldError::Piece(c) => write!(f, "`{c}` is not a piece"),
            ToldError::Fen(e) => write!(f, "the position after it: {e}"),
            ToldError::Public(e) => write!(f, "the position after it: {e}"),
            ToldError::Pieces => write!(f, "the pieces after it are not the move's"),
        }
    }
}

impl std::error::Error for ToldError {}

fn cell(name: &str) -> Result<Square, ToldError> {
    Square::parse(name).ok_or_else(|| ToldError::Cell(name.chars().take(8).collect()))
}

fn cells(names: &[String]) -> Result<SquareSet, ToldError> {
    names.iter().map(|n| cell(n)).collect()
}

impl MoveView {
    /// Reads this move against `before`, the position the client shows,
    /// under `rules`.
    ///
    /// # Errors
    /// When the move is not legal there, a cell or piece does not read, or
    /// the position after it does not read or does not follow from it.
    pub fn read(&self, before: &PublicPosition, rules: RuleSet) -> Result<ToldMove, ToldError> {
        let pos = before.position();
        let mv = parse_coordinate(pos, &self.uci).map_err(ToldError::Move)?;
        // The pieces' part follows from the board alone; the mines' and
        // the fog's part is the server's word.
        let mut moved = pos.clone();
        let mut report = moved.play_unchecked(mv);
        let mut blasts = [None, None];
        for (slot, (at, letter)) in blasts.iter_mut().zip(&self.blasts) {
            let piece = Piece::from_char(*letter).ok_or(ToldError::Piece(*letter))?;
            *slot = Some((cell(at)?, piece));
        }
        report.blasts = blasts;
        report.swept = self.swept.as_deref().map(cell).transpose()?;
        report.royal_sweep = self.royal_sweep.as_deref().map(cell).transpose()?;
        report.lifted = cells(&self.lifted)?;
        report.full_lift = cells(&self.full_lift)?;
        let after = public_after(&self.fen, rules, report.blasts[0].map(|_| report.mover))?;
        report.self_destructed = after.position().self_destructed().is_some();
        // A blast takes pieces off the board: the rest is the move's.
        let mut expected: Vec<_> = moved
            .pieces()
            .filter(|(sq, _)| report.blasts().all(|(b, _)| b != *sq))
            .collect();
        let mut told: Vec<_> = after.position().pieces().collect();
        expected.sort_by_key(|(sq, _)| *sq);
        told.sort_by_key(|(sq, _)| *sq);
        if expected != told {
            return Err(ToldError::Pieces);
        }
        Ok(ToldMove { mv, report, after })
    }
}

/// The public position a server sent; `blasted` names the side a blast
/// of this move may have beaten (its king then stands attacked).
///
/// # Errors
/// When the text does not read or is not a public position.
pub fn public_after(
    text: &str,
    rules: RuleSet,
    blasted: Option<crate::chess::Color>,
) -> Result<PublicPosition, ToldError> {
    let setup = fen::parse_setup(text).map_err(ToldError::Fen)?;
    match PublicPosition::from_board(setup.clone(), rules, None) {
        Ok(p) => Ok(p),
        Err(e) => match blasted {
            Some(loser) => {
                PublicPosition::from_board(setup, rules, Some(loser)).map_err(ToldError::Public)
            }
            None => Err(ToldError::Public(e)),
        },
    }
}
