//! Squares: one cell of a board.
//!
//! A [`Square`] is an index into a padded mailbox with a fixed stride, so that
//! move generation never needs bounds arithmetic: every cell off the board is a
//! sentinel. The stride is the same for every board size (up to 16×16), which
//! keeps squares and moves independent of the board they belong to.

use std::fmt;

/// Largest number of files (columns) a board may have.
pub const MAX_FILES: u8 = 16;
/// Largest number of ranks (rows) a board may have.
pub const MAX_RANKS: u8 = 16;
/// Distance between two vertically adjacent cells in the mailbox: 16 files plus
/// two sentinel columns (a knight jumping two files off either edge lands on one).
pub(crate) const STRIDE: i16 = MAX_FILES as i16 + 2;
/// Cells in the mailbox: two sentinel rows below and above the largest board.
pub(crate) const CELLS: usize = (MAX_RANKS as usize + 4) * STRIDE as usize;

/// One cell of a board, named like `e4` or `c10` (files a–p, ranks 1–16).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub(crate) u16);

impl Square {
    /// The square on `file` and `rank`, both counted from 0 (a1 is `new(0, 0)`).
    ///
    /// # Panics
    /// If either coordinate is 16 or more.
    pub const fn new(file: u8, rank: u8) -> Square {
        assert!(file < MAX_FILES && rank < MAX_RANKS);
        Square((rank as u16 + 2) * STRIDE as u16 + file as u16 + 1)
    }

    /// The square on `file` and `rank`, or `None` when either is out of range.
    pub fn try_new(file: i32, rank: i32) -> Option<Square> {
        if (0..MAX_FILES as i32).contains(&file) && (0..MAX_RANKS as i32).contains(&rank) {
            Some(Square::new(file as u8, rank as u8))
        } else {
            None
        }
    }

    /// File counted from 0 (a = 0).
    pub const fn file(self) -> u8 {
        (self.0 % STRIDE as u16) as u8 - 1
    }

    /// Rank counted from 0 (rank 1 = 0).
    pub const fn rank(self) -> u8 {
        (self.0 / STRIDE as u16) as u8 - 2
    }

    /// The mailbox index, for tables indexed by square.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square `df` files and `dr` ranks away, if it exists on a 16×16 board.
    pub fn offset(self, df: i32, dr: i32) -> Option<Square> {
        Square::try_new(self.file() as i32 + df, self.rank() as i32 + dr)
    }

    /// The up to eight squares around this one that lie on a `files`×`ranks` board.
    pub fn neighbours(self, files: u8, ranks: u8) -> impl Iterator<Item = Square> {
        (-1..=1)
            .flat_map(|dr| (-1..=1).map(move |df| (df, dr)))
            .filter(|&(df, dr)| df != 0 || dr != 0)
            .filter_map(move |(df, dr)| {
                let s = self.offset(df, dr)?;
                (s.file() < files && s.rank() < ranks).then_some(s)
            })
    }

    /// Parses a name like `e4` or `h10`.
    pub fn parse(name: &str) -> Option<Square> {
        let mut chars = name.chars();
        let f = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if digits.starts_with('0') {
            return None;
        }
        let rank: i32 = digits.parse().ok()?;
        Square::try_new(f as i32 - 'a' as i32, rank - 1)
    }

    /// Whether the two squares have the same colour on a chequered board.
    pub fn same_shade(self, other: Square) -> bool {
        (self.file() + self.rank()) % 2 == (other.file() + other.rank()) % 2
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file()) as char,
            self.rank() as u32 + 1
        )
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for f in 0..16 {
            for r in 0..16 {
                let s = Square::new(f, r);
                assert_eq!(s.file(), f);
                assert_eq!(s.rank(), r);
                assert_eq!(Square::parse(&s.to_string()), Some(s));
            }
        }
        assert_eq!(
            Square::parse("e10").map(|s| (s.file(), s.rank())),
            Some((4, 9))
        );
        assert_eq!(Square::parse("e0"), None);
        assert_eq!(Square::parse("e17"), None);
        assert_eq!(Square::parse("E4"), None);
    }

    #[test]
    fn corner_has_three_neighbours() {
        assert_eq!(Square::new(0, 0).neighbours(8, 10).count(), 3);
        assert_eq!(Square::new(4, 4).neighbours(8, 10).count(), 8);
        assert_eq!(Square::new(7, 9).neighbours(8, 10).count(), 3);
    }
}
