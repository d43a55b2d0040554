//! The pieces the commands' errors share: a file that could not be read or
//! written, a problem on one line of a file, a move that does not read or
//! is not legal, and what is wrong with a line of recorded games or
//! scored positions (`tune`'s and `train`'s input).

use std::fmt;

use minesweeper_core::chess::{IllegalMove, fen::FenError, notation::NotationError};

/// A file that could not be read or written.
#[derive(Debug)]
pub struct FileError {
    /// The file as given.
    pub path: String,
    /// Why.
    pub error: std::io::Error,
}

impl FileError {
    /// A closure for `map_err` naming `path`.
    pub fn at(path: &str) -> impl Fn(std::io::Error) -> FileError + '_ {
        move |error| FileError {
            path: path.to_string(),
            error,
        }
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.error)
    }
}

impl std::error::Error for FileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// A problem on one line of a file: `FILE:LINE: problem`.
#[derive(Debug)]
pub struct AtLine<E> {
    /// The file.
    pub path: String,
    /// 1-based line.
    pub line: usize,
    /// What is wrong there.
    pub error: E,
}

impl<E> AtLine<E> {
    /// A closure for `map_err` naming the line of index `i` (0-based) of `path`.
    pub fn at(path: &str, i: usize) -> impl FnOnce(E) -> AtLine<E> + '_ {
        move |error| AtLine {
            path: path.to_string(),
            line: i + 1,
            error,
        }
    }
}

impl<E: fmt::Display> fmt::Display for AtLine<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.path, self.line, self.error)
    }
}

impl<E: std::error::Error + 'static> std::error::Error for AtLine<E> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Why a move's text was refused.
#[derive(Debug)]
pub enum Refusal {
    /// It does not read as a move there.
    Notation(NotationError),
    /// It reads, but the rules refuse it.
    Illegal(IllegalMove),
}

/// A move, as written, that does not read or is not legal: `TEXT: why`.
#[derive(Debug)]
pub struct MoveError {
    /// The move as written.
    pub text: String,
    /// Why it was refused.
    pub refusal: Refusal,
}

impl MoveError {
    /// The error for the refused move `text`.
    pub fn new(text: &str, refusal: Refusal) -> MoveError {
        MoveError {
            text: text.to_string(),
            refusal,
        }
    }

    /// Plays the move `text` (coordinate notation or SAN) in `game`.
    ///
    /// # Errors
    /// When it does not read there or the rules refuse it.
    pub fn play(
        game: &mut minesweeper_core::chess::Game,
        text: &str,
    ) -> Result<minesweeper_core::chess::Move, MoveError> {
        let m = minesweeper_core::chess::notation::parse_move(game.position(), text)
            .map_err(|e| MoveError::new(text, Refusal::Notation(e)))?;
        game.play(m)
            .map_err(|e| MoveError::new(text, Refusal::Illegal(e)))?;
        Ok(m)
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.refusal {
            Refusal::Notation(e) => write!(f, "{}: {e}", self.text),
            Refusal::Illegal(e) => write!(f, "{}: {e}", self.text),
        }
    }
}

impl std::error::Error for MoveError {}

/// What is wrong with one line of recorded games (`RESULT move move …`)
/// or of scored positions (`GAME RESULT CP FEN`).
#[derive(Debug)]
pub enum LineError {
    /// A scored position's line without its game number.
    NoGame,
    /// The result is missing or not one of the three (as found).
    Result(Option<String>),
    /// A scored position's line without its score.
    NoScore,
    /// The start position does not read (a broken build).
    Start(FenError),
    /// A recorded move that does not read or is not legal.
    Move(MoveError),
    /// The position's FEN does not read.
    Fen {
        /// The FEN as written.
        text: String,
        /// Why.
        error: FenError,
    },
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::NoGame => f.write_str("no game number: write GAME RESULT CP FEN"),
            LineError::Result(found) => write!(
                f,
                "result {:?}: write 1-0, 0-1 or 1/2-1/2",
                found.as_deref()
            ),
            LineError::NoScore => f.write_str("no score: write GAME RESULT CP FEN"),
            LineError::Start(e) => e.fmt(f),
            LineError::Move(e) => e.fmt(f),
            LineError::Fen { text, error } => write!(f, "{text}: {error}"),
        }
    }
}

impl std::error::Error for LineError {}

impl LineError {
    /// Reads a position's FEN (the rest of a scored line).
    ///
    /// # Errors
    /// [`LineError::Fen`] with the text.
    pub fn fen(text: &str) -> Result<minesweeper_core::chess::Position, LineError> {
        minesweeper_core::chess::fen::parse_standard(text).map_err(|error| LineError::Fen {
            text: text.to_string(),
            error,
        })
    }
}
