//! The rules that vary between board presets, in validated, typed form.

use super::color::Color;
use super::piece::Piece;
use super::role::Role;
use super::square::{MAX_FILES, MAX_RANKS, Square};
use super::square_set::SquareSet;

/// Where the king and one rook go when castling to one side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CastleSide {
    /// File of the rook that castles on this side (0 = a).
    pub rook_file: u8,
    /// File the king lands on.
    pub king_to: u8,
    /// File the rook lands on.
    pub rook_to: u8,
}

/// Castling for both colours, on their back ranks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Castling {
    /// File the king starts on (0 = a).
    pub king_file: u8,
    /// Castling towards the h-file side (`O-O`), if allowed.
    pub kingside: Option<CastleSide>,
    /// Castling towards the a-file side (`O-O-O`), if allowed.
    pub queenside: Option<CastleSide>,
}

/// Which way a castling move goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Wing {
    /// Towards the high files: `O-O`.
    King = 0,
    /// Towards file a: `O-O-O`.
    Queen = 1,
}

impl Castling {
    /// The rule for one wing.
    pub fn side(&self, wing: Wing) -> Option<CastleSide> {
        match wing {
            Wing::King => self.kingside,
            Wing::Queen => self.queenside,
        }
    }
}

/// The rule switches and geometry a [`super::Position`] needs to generate and
/// play moves. Small and `Copy`, so positions carry it along.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RuleSet {
    /// Rank (from 0) on which each colour's pawns promote, indexed by colour.
    pub promotion_rank: [u8; 2],
    /// Roles a pawn may promote to, as a bit mask over `Role as u8`.
    pub promotion_roles: u8,
    /// Rank (from 0) from which each colour's pawns may step two cells.
    pub double_step_rank: [Option<u8>; 2],
    /// Castling, if the variant has it. Back ranks are the first and last rank.
    pub castling: Option<Castling>,
    /// Whether pawns may sweep the cell ahead (the sapper action).
    pub sapper: bool,
    /// Whether a king landing on a mine removes it unharmed.
    pub royal_sapper: bool,
}

impl RuleSet {
    /// The roles pawns may promote to, strongest first.
    pub fn promotion_roles(&self) -> impl Iterator<Item = Role> + '_ {
        [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
            .into_iter()
            .filter(|r| self.promotion_roles & (1 << *r as u8) != 0)
    }

    /// Mask bit for one promotion role.
    pub const fn role_bit(role: Role) -> u8 {
        1 << role as u8
    }

    /// The standard rules for a board of this size: promotion to a queen on
    /// the far rank, double steps from the second rank, castling when the board
    /// has eight files, sapper and royal sapper on.
    pub fn standard(files: u8, ranks: u8) -> RuleSet {
        RuleSet {
            promotion_rank: [ranks - 1, 0],
            promotion_roles: Self::role_bit(Role::Queen),
            double_step_rank: [Some(1), Some(ranks - 2)],
            castling: (files == 8).then_some(Castling {
                king_file: 4,
                kingside: Some(CastleSide {
                    rook_file: 7,
                    king_to: 6,
                    rook_to: 5,
                }),
                queenside: Some(CastleSide {
                    rook_file: 0,
                    king_to: 2,
                    rook_to: 3,
                }),
            }),
            sapper: true,
            royal_sapper: true,
        }
    }
}

/// A complete, validated board description: what a preset becomes once it
/// passes validation, and all a new game needs.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    /// Human-readable name shown in menus.
    pub name: String,
    /// Number of files (columns), 2–16.
    pub files: u8,
    /// Number of ranks (rows), 2–16.
    pub ranks: u8,
    /// The starting pieces.
    pub setup: Vec<(Square, Piece)>,
    /// Cells that start under fog and may hold mines.
    pub fog_zone: SquareSet,
    /// Mines hidden in the fog zone at the start.
    pub mine_count: u8,
    /// Everything move generation needs.
    pub rules: RuleSet,
}

impl Variant {
    /// The rules as written: 8×10, fog on ranks 4–7, four mines.
    pub fn classic() -> Variant {
        let files = 8;
        let ranks = 10;
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        let mut setup = Vec::new();
        for (f, role) in back.iter().enumerate() {
            let f = f as u8;
            setup.push((Square::new(f, 0), Piece::new(Color::White, *role)));
            setup.push((Square::new(f, 1), Piece::new(Color::White, Role::Pawn)));
            setup.push((
                Square::new(f, ranks - 2),
                Piece::new(Color::Black, Role::Pawn),
            ));
            setup.push((Square::new(f, ranks - 1), Piece::new(Color::Black, *role)));
        }
        setup.sort_by_key(|(sq, _)| *sq);
        let fog_zone = (3..7)
            .flat_map(|r| (0..files).map(move |f| Square::new(f, r)))
            .collect();
        Variant {
            name: "Classic".into(),
            files,
            ranks,
            setup,
            fog_zone,
            mine_count: 4,
            rules: RuleSet::standard(files, ranks),
        }
    }

    /// Whether `sq` lies on this board.
    pub fn contains(&self, sq: Square) -> bool {
        sq.file() < self.files && sq.rank() < self.ranks
    }

    /// All squares of the board, rank by rank from a1.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.ranks).flat_map(move |r| (0..self.files).map(move |f| Square::new(f, r)))
    }
}

/// Largest board sides, re-exported for validation messages.
pub const BOARD_LIMITS: (u8, u8) = (MAX_FILES, MAX_RANKS);
