//! A piece: a role and a colour.

use super::color::Color;
use super::role::Role;

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
