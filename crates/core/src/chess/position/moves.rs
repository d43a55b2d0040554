//! Moves, what a played move did, and castling rights.

use std::fmt;

use super::{Color, Piece, Role, Square, SquareSet, Wing};

/// What a move is, beyond its two squares.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// Any ordinary move or capture.
    Normal,
    /// A pawn reaching its promotion rank, becoming this role.
    Promotion(Role),
    /// Castling; `from`/`to` are the king's squares.
    Castle(Wing),
    /// The sapper action: the pawn on `from` sweeps `to`, the cell ahead, and
    /// stays where it is.
    Sapper,
}

/// A move. For the sapper action `to` is the swept cell; the pawn stays on `from`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// Where the moving piece stands.
    pub from: Square,
    /// Where it goes (or the swept cell for the sapper action).
    pub to: Square,
    /// What kind of move it is.
    pub kind: MoveKind,
}

impl fmt::Display for Move {
    /// Coordinate notation: `e2e4`, `e9e10q`, `e1g1` (castling), `e2e3*` (sapper).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        match self.kind {
            MoveKind::Promotion(r) => write!(f, "{}", r.char()),
            MoveKind::Sapper => write!(f, "*"),
            _ => Ok(()),
        }
    }
}

/// Everything a played move did, in the order it happened: the
/// presentation layer and the ECS systems replay it onto entities.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MoveReport {
    /// The move that was played.
    pub mv: Move,
    /// Who moved.
    pub mover: Color,
    /// The piece that moved (a pawn for promotions and the sapper action).
    pub piece: Piece,
    /// The piece taken on the landing cell.
    pub captured: Option<Piece>,
    /// For castling: the rook's start and landing cells.
    pub rook: Option<(Square, Square)>,
    /// Pieces destroyed by mines where they landed (at most the king's and the
    /// rook's landing cells when castling without royal sapper).
    pub blasts: [Option<(Square, Piece)>; 2],
    /// A king removed the mine it landed on (royal sapper).
    pub royal_sweep: Option<Square>,
    /// The sapper action removed a mine from this cell.
    pub swept: Option<Square>,
    /// Cells whose fog lifted because a piece landed next to them.
    pub lifted: SquareSet,
    /// Cells whose fog lifted because every mine left is now known.
    pub full_lift: SquareSet,
    /// The mover lost at once: a blast exposed the own king, or destroyed it.
    pub self_destructed: bool,
}

impl MoveReport {
    /// The pieces destroyed by mines during this move.
    pub fn blasts(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.blasts.iter().flatten().copied()
    }

    /// Whether any mine went off or was removed.
    pub fn touched_mines(&self) -> bool {
        self.blasts[0].is_some() || self.royal_sweep.is_some() || self.swept.is_some()
    }
}

/// Castling rights: bit `colour * 2 + wing`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct CastlingRights(pub u8);

impl CastlingRights {
    /// All four rights.
    pub const ALL: CastlingRights = CastlingRights(0b1111);

    /// Whether `color` may still castle on `wing`.
    pub fn has(self, color: Color, wing: Wing) -> bool {
        self.0 & Self::bit(color, wing) != 0
    }

    /// Grants or revokes one right.
    pub fn set(&mut self, color: Color, wing: Wing, on: bool) {
        if on {
            self.0 |= Self::bit(color, wing);
        } else {
            self.0 &= !Self::bit(color, wing);
        }
    }

    const fn bit(color: Color, wing: Wing) -> u8 {
        1 << (color as u8 * 2 + wing as u8)
    }
}
