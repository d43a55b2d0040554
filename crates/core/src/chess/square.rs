//! Squares, square sets, colours and piece kinds.
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

/// A set of squares (a bitset over the mailbox).
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct SquareSet([u64; CELLS.div_ceil(64)]);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet([0; CELLS.div_ceil(64)]);

    /// Whether `sq` is in the set.
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        let i = sq.index();
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    /// Adds `sq`; returns whether it was new.
    #[inline]
    pub fn insert(&mut self, sq: Square) -> bool {
        let i = sq.index();
        let was = self.contains(sq);
        self.0[i / 64] |= 1 << (i % 64);
        !was
    }

    /// Removes `sq`; returns whether it was there.
    #[inline]
    pub fn remove(&mut self, sq: Square) -> bool {
        let i = sq.index();
        let was = self.contains(sq);
        self.0[i / 64] &= !(1 << (i % 64));
        was
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Number of squares in the set.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Squares in both sets.
    pub fn intersection(&self, other: &SquareSet) -> SquareSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a &= *b;
        }
        out
    }

    /// Squares in `self` but not in `other`.
    pub fn difference(&self, other: &SquareSet) -> SquareSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a &= !*b;
        }
        out
    }

    /// Squares in either set.
    pub fn union(&self, other: &SquareSet) -> SquareSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a |= *b;
        }
        out
    }

    /// The squares in ascending index order (a1, b1, … then rank 2, …).
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.0.iter().enumerate().flat_map(|(wi, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros();
                w &= w - 1;
                Some(Square((wi * 64 + b as usize) as u16))
            })
        })
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<T: IntoIterator<Item = Square>>(iter: T) -> Self {
        let mut s = SquareSet::EMPTY;
        for sq in iter {
            s.insert(sq);
        }
        s
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// A side (`"white"`, `"black"` in the online protocol's JSON).
#[derive(
    Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Color {
    /// Moves first, starts on the low ranks.
    White = 0,
    /// Starts on the high ranks.
    Black = 1,
}

impl Color {
    /// The other side.
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black (for arrays indexed by colour).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `"white"` or `"black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];
}

impl std::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.opponent()
    }
}

/// A kind of chess piece.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Role {
    /// Pawn; can also sweep the cell ahead (the sapper action).
    Pawn = 1,
    /// Knight.
    Knight = 2,
    /// Bishop.
    Bishop = 3,
    /// Rook.
    Rook = 4,
    /// Queen.
    Queen = 5,
    /// King; immune to mines (royal sapper).
    King = 6,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// Lower-case FEN letter (`p n b r q k`).
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The role for a FEN letter of either case.
    pub fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'p' => Role::Pawn,
            'n' => Role::Knight,
            'b' => Role::Bishop,
            'r' => Role::Rook,
            'q' => Role::Queen,
            'k' => Role::King,
            _ => return None,
        })
    }

    /// English name, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    pub(crate) const fn from_u8(v: u8) -> Role {
        match v {
            1 => Role::Pawn,
            2 => Role::Knight,
            3 => Role::Bishop,
            4 => Role::Rook,
            5 => Role::Queen,
            _ => Role::King,
        }
    }
}

/// A piece: a role and a colour.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// FEN letter: upper case for White.
    pub fn char(self) -> char {
        match self.color {
            Color::White => self.role.char().to_ascii_uppercase(),
            Color::Black => self.role.char(),
        }
    }

    /// The piece for a FEN letter.
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    pub(crate) const fn code(self) -> u8 {
        (self.color as u8) << 3 | self.role as u8
    }

    pub(crate) const fn from_code(code: u8) -> Piece {
        Piece {
            color: if code & 8 != 0 {
                Color::Black
            } else {
                Color::White
            },
            role: Role::from_u8(code & 7),
        }
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
    fn square_set_basics() {
        let mut s = SquareSet::EMPTY;
        assert!(s.insert(Square::new(3, 3)));
        assert!(!s.insert(Square::new(3, 3)));
        s.insert(Square::new(15, 15));
        assert_eq!(s.len(), 2);
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            vec![Square::new(3, 3), Square::new(15, 15)]
        );
        assert!(s.remove(Square::new(3, 3)));
        assert_eq!(s.len(), 1);
    }

    #[test]
    fn corner_has_three_neighbours() {
        assert_eq!(Square::new(0, 0).neighbours(8, 10).count(), 3);
        assert_eq!(Square::new(4, 4).neighbours(8, 10).count(), 8);
        assert_eq!(Square::new(7, 9).neighbours(8, 10).count(), 3);
    }
}
