//! FEN for boards of any size, plus a seventh field for fog and mines.
//!
//! The first six fields are standard FEN with as many ranks as the board has
//! (the form variant engines use for 8×10): placement, side to move,
//! castling (`KQkq` names the preset's kingside and queenside rooks), en
//! passant (always `-` when written; a square is accepted and ignored, since
//! the game has no en passant), half-move clock and move number.
//!
//! The optional seventh field is the **minefield**, written rank by rank from
//! the top like the placement field:
//!
//! | text | cell |
//! |---|---|
//! | digits | that many cells outside the fog zone |
//! | `f` | fog-zone cell under fog, no mine |
//! | `x` | fog-zone cell under fog hiding a mine |
//! | `o` | fog-zone cell revealed, no mine |
//! | `X` | fog-zone cell revealed with a discovered mine on it |
//! | `s` | fog-zone cell under fog that a pawn swept: known to hold no mine |
//! | `?` | fog-zone cell under fog whose content nobody knows |
//!
//! Without the seventh field the board has no fog zone and no mines: plain
//! chess, as other engines see it.
//!
//! A FEN with `?` cells is **public**: it says what both players know, not
//! where the hidden mines are. Its eighth field then says how many mines the
//! `?` cells hide and, after a colon, the count each revealed cell shows
//! where it is not 0: `3:d5=1,e5=2`. Such a FEN is read as a
//! [`Setup`] with [`Setup::unknown`] set, and becomes a position by dealing
//! the mines ([`super::deal`]) or as a [`PublicPosition`].

mod read;
mod write;

use std::fmt;

use super::position::{Position, PositionError, PublicPosition, Setup};
use super::square_set::SquareSet;
use super::variant::RuleSet;
pub use read::parse_setup;
use write::{minefield_free, push_hidden, push_minefield, write};

/// What is wrong with a FEN string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text has fewer than two or more than eight fields.
    FieldCount(usize),
    /// A problem in one field: its number (1-based), its text and what is wrong.
    Field {
        /// 1-based field number.
        field: usize,
        /// Which field (e.g. "placement").
        name: &'static str,
        /// What is wrong.
        problem: String,
    },
    /// The fields parse but do not make a legal position.
    Position(PositionError),
    /// The hidden mines of a public FEN cannot be placed as it says.
    Deal(super::deal::DealError),
    /// The board does not fit the preset it is used with.
    Mismatch(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => write!(
                f,
                "FEN has {n} fields; expected placement and side to move, then optional \
                 castling, en passant, clocks, minefield and hidden mines"
            ),
            FenError::Field {
                field,
                name,
                problem,
            } => write!(f, "FEN field {field} ({name}): {problem}"),
            FenError::Position(e) => write!(f, "FEN describes an illegal position: {e}"),
            FenError::Deal(e) => write!(f, "FEN field 8 (hidden mines): {e}"),
            FenError::Mismatch(why) => write!(f, "FEN does not fit the preset: {why}"),
        }
    }
}

impl std::error::Error for FenError {}

/// Parses a FEN into a position under `rules`.
///
/// # Errors
/// A [`FenError`] for malformed text or an illegal position.
pub fn parse(fen: &str, rules: RuleSet) -> Result<Position, FenError> {
    let setup = parse_setup(fen)?;
    Position::from_setup(setup, rules).map_err(FenError::Position)
}

/// Whether a FEN's board fits the preset `variant` it is used with: the same
/// size, and the same fog zone when the FEN has a minefield.
///
/// # Errors
/// [`FenError::Mismatch`] saying what differs.
pub fn check_against(setup: &Setup, variant: &super::Variant) -> Result<(), FenError> {
    if (setup.files, setup.ranks) != (variant.files, variant.ranks) {
        return Err(FenError::Mismatch(format!(
            "the FEN's board is {}×{} but {} is {}×{}",
            setup.files, setup.ranks, variant.name, variant.files, variant.ranks
        )));
    }
    if !setup.zone.is_empty() && setup.zone != variant.fog_zone {
        return Err(FenError::Mismatch(format!(
            "the FEN's minefield covers other cells than the fog zone of {}",
            variant.name
        )));
    }
    Ok(())
}

/// Parses a FEN, public or not, into what a player sees: a public FEN's
/// `?` cells stay unknown; a full FEN's hidden mines are dropped.
///
/// # Errors
/// A [`FenError`] for malformed text, an illegal position or counts that
/// no layout meets.
pub fn parse_public(fen: &str, rules: RuleSet) -> Result<PublicPosition, FenError> {
    let setup = parse_setup(fen)?;
    if setup.unknown.is_none() {
        return Position::from_setup(setup, rules)
            .map(|p| p.public_view())
            .map_err(FenError::Position);
    }
    PublicPosition::from_setup(setup, rules).map_err(|e| match e {
        super::deal::PublicError::Position(p) => FenError::Position(p),
        super::deal::PublicError::Deal(d) => FenError::Deal(d),
    })
}

/// Parses a FEN into a true position, dealing a public FEN's hidden mines
/// uniformly from the layouts that agree with it.
///
/// # Errors
/// As [`parse_public`].
pub fn parse_dealt(
    fen: &str,
    rules: RuleSet,
    rng: &mut impl rand::Rng,
) -> Result<Position, FenError> {
    let setup = super::deal::deal(parse_setup(fen)?, rng).map_err(FenError::Deal)?;
    Position::from_setup(setup, rules).map_err(FenError::Position)
}

/// Parses a FEN with the standard rules for its board size
/// ([`RuleSet::standard`]).
///
/// # Errors
/// As [`parse`].
pub fn parse_standard(fen: &str) -> Result<Position, FenError> {
    let setup = parse_setup(fen)?;
    let rules = RuleSet::standard(setup.files, setup.ranks);
    Position::from_setup(setup, rules).map_err(FenError::Position)
}

/// Writes `pos` as FEN; the minefield field is added when the board has a
/// fog zone. This is the whole truth, hidden mines included: for what a
/// player may see use [`to_public_fen`].
pub fn to_fen(pos: &Position) -> String {
    write(pos, &SquareSet::EMPTY)
}

/// Writes what both players know of `pos`: fogged cells nobody has swept
/// are `?`, and the eighth field gives their hidden mines and the counts.
/// The same text for every layout of the hidden mines.
pub fn to_public_fen(pos: &Position) -> String {
    write(pos, &pos.unknown_cells())
}

/// Writes a public position (its hidden mines are unknown already): the
/// same text as [`to_public_fen`] of the true position.
pub fn public_to_fen(public: &PublicPosition) -> String {
    let pos = public.position();
    let mut s = minefield_free(pos);
    let unknown = pos.unknown_cells();
    push_minefield(&mut s, pos, &unknown);
    if !unknown.is_empty() {
        push_hidden(&mut s, pos.unseen(), public.counts());
    }
    s
}

/// Writes `pos` with the cells of `unknown` (fogged, not swept) as `?`: a
/// true position told as much as someone who does not know those cells
/// knows. Used for the start position of an unfinished game's record.
pub fn to_fen_with_unknown(pos: &Position, unknown: &SquareSet) -> String {
    write(pos, unknown)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::square::Square;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn start_round_trips() {
        let p = parse_standard(START).expect("start FEN parses");
        assert_eq!(to_fen(&p), START);
        assert_eq!((p.files(), p.ranks()), (8, 10));
    }

    #[test]
    fn minefield_round_trips() {
        let fen = format!("{START} 8/8/8/ffxfffff/ffffffff/ooooXfff/fffffffx/8/8/8");
        let p = parse_standard(&fen).expect("parses");
        assert_eq!(to_fen(&p), fen);
        assert_eq!(p.mines_left(), 3);
        assert!(p.fog().contains(Square::parse("c7").unwrap()));
        assert!(!p.fog().contains(Square::parse("e5").unwrap()));
    }

    #[test]
    fn errors_name_the_field() {
        let e = parse_standard("rnbqkbnr/ppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .unwrap_err();
        assert!(
            e.to_string()
                .contains("field 1 (placement): rank 9 has 7 files"),
            "{e}"
        );
        let e = parse_standard("8/8/8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err();
        assert!(e.to_string().contains("white has 0 kings"), "{e}");
        let e = parse_standard("4k3/8/8/8/8/8/8/8/8/4K3 x").unwrap_err();
        assert!(e.to_string().contains("field 2 (side to move)"), "{e}");
        let e = parse_standard("4k3/8/8/8/8/8/8/8/8/4K3 w Z").unwrap_err();
        assert!(e.to_string().contains("field 3 (castling)"), "{e}");
        let e = parse_standard("4k3/8/8/8/8/8/8/8/8/4K3 w - - 0 1 8/8").unwrap_err();
        assert!(e.to_string().contains("field 7 (minefield)"), "{e}");
        let e = parse_standard("4k3/8/8/8/8/8/8/8/8/4K3 w K - 0 1").unwrap_err();
        assert!(e.to_string().contains("castling right"), "{e}");
    }

    #[test]
    fn wide_boards_use_multi_digit_runs() {
        let fen = "4k11/16/16/16/16/16/16/16/16/16/16/16/16/16/16/4K11 w - - 0 1";
        let p = parse_standard(fen).expect("16x16 parses");
        assert_eq!((p.files(), p.ranks()), (16, 16));
        assert_eq!(to_fen(&p), fen);
    }
}
