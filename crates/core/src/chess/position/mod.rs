//! The position: pieces, fog and mines. Legal move generation is in
//! `movegen`, playing moves and the outcome in `play`, the public view in
//! `public`, refusals and results in `outcome`.
//!
//! Legality is judged on pieces alone: mines never block, never attack and
//! never make a move illegal (docs/rules.md, Decision 1). Mines only change what a
//! move does once it is played.

use std::fmt;

use super::bits::Tables;
use super::color::Color;
use super::piece::Piece;
use super::role::Role;
use super::square::{CELLS, STRIDE, Square};
use super::square_set::SquareSet;
use super::variant::{RuleSet, Variant, Wing};

mod movegen;
mod moves;
mod outcome;
mod play;
mod public;
mod see;

pub use moves::{CastlingRights, Move, MoveKind, MoveReport};
pub use outcome::{DrawReason, IllegalMove, Outcome, Refusal, WinReason};
pub use public::{PublicMoveError, PublicPosition};

const EMPTY: u8 = 0;
const OFF: u8 = 0x80;
const COLOR_BIT: u8 = 8;

const N: i16 = STRIDE;
const E: i16 = 1;
const ROOK_DIRS: [i16; 4] = [N, -N, E, -E];
const BISHOP_DIRS: [i16; 4] = [N + E, N - E, -N + E, -N - E];
const KING_DIRS: [i16; 8] = [N, -N, E, -E, N + E, N - E, -N + E, -N - E];
const KNIGHT_DIRS: [i16; 8] = [
    2 * N + E,
    2 * N - E,
    -2 * N + E,
    -2 * N - E,
    N + 2 * E,
    N - 2 * E,
    -N + 2 * E,
    -N - 2 * E,
];

/// An unchecked description of a position: what FEN text or the ECS world
/// says. It becomes a [`Position`] only through [`Position::from_setup`].
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
    /// Pieces on the board.
    pub pieces: Vec<(Square, Piece)>,
    /// Side to move.
    pub turn: Color,
    /// Castling rights.
    pub castling: CastlingRights,
    /// Cells where fog may lie and which show mine counts once revealed.
    pub zone: SquareSet,
    /// Cells still under fog.
    pub fog: SquareSet,
    /// Mines on the board, hidden or discovered.
    pub mines: SquareSet,
    /// Fogged cells a pawn swept: known to hold no mine (Decision 10).
    pub swept: SquareSet,
    /// Cells whose content the text leaves unknown (`?` in FEN): a public
    /// description that must be dealt ([`super::deal`]) before it is a
    /// position.
    pub unknown: Option<Unknown>,
    /// Half-moves since the last capture or pawn move (kept for FEN only:
    /// there is no fifty-move rule).
    pub halfmoves: u32,
    /// Move number, starting at 1 and counting up after Black moves.
    pub fullmoves: u32,
}

impl Setup {
    /// Whether `sq` is on this setup's board.
    fn on_board(&self, sq: Square) -> bool {
        sq.file() < self.files && sq.rank() < self.ranks
    }
}

/// What a public description leaves unknown: which fogged cells may hide
/// mines, how many they hide, and the counts both players see.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Unknown {
    /// Fogged cells whose content nobody knows.
    pub cells: SquareSet,
    /// Mines among them.
    pub mines: u8,
    /// The count shown on each revealed fog-zone cell, where it is not 0,
    /// in square order.
    pub counts: Vec<(Square, u8)>,
}

/// Why a [`Setup`] is not a playable position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The board is smaller than 2×2 or larger than 16×16.
    BoardSize(u8, u8),
    /// A piece, mine or fog cell lies outside the board.
    OffBoard(Square),
    /// Two pieces on one square.
    Occupied(Square),
    /// A side has no king or more than one.
    Kings(Color, usize),
    /// A pawn stands on its own promotion rank.
    PawnOnPromotionRank(Square),
    /// A castling right without king and rook on their squares.
    Castling(Color, Wing),
    /// A mine or fog outside the fog zone.
    OutsideZone(Square),
    /// Fog covers a piece.
    FogOverPiece(Square),
    /// The side that just moved is in check.
    OppositeCheck,
    /// A mine lies under a piece: no game reaches that (a piece landing on
    /// a mine sets it off or, a king, removes it).
    MineUnderPiece(Square),
    /// A swept cell is not under fog or holds a mine.
    Swept(Square),
    /// The description leaves this many mines unknown (`?`): deal them first.
    Unknown(u8),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::BoardSize(w, h) => {
                write!(f, "board {w}×{h} is outside the supported 2×2 to 16×16")
            }
            PositionError::OffBoard(s) => write!(f, "{s} is off the board"),
            PositionError::Occupied(s) => write!(f, "two pieces on {s}"),
            PositionError::Kings(c, n) => {
                write!(f, "{} has {n} kings; exactly one is needed", c.name())
            }
            PositionError::PawnOnPromotionRank(s) => {
                write!(f, "pawn on {s} stands on its promotion rank")
            }
            PositionError::Castling(c, w) => write!(
                f,
                "{} has the {} castling right but the king or rook is not on its square",
                c.name(),
                match w {
                    Wing::King => "kingside",
                    Wing::Queen => "queenside",
                }
            ),
            PositionError::OutsideZone(s) => write!(f, "mine or fog on {s} outside the fog zone"),
            PositionError::FogOverPiece(s) => write!(f, "fog covers the piece on {s}"),
            PositionError::OppositeCheck => write!(f, "the side not to move is in check"),
            PositionError::MineUnderPiece(s) => write!(
                f,
                "a mine lies under the piece on {s}; a piece that lands on a mine sets it off"
            ),
            PositionError::Swept(s) => {
                write!(f, "{s} is marked swept but is not fog without a mine")
            }
            PositionError::Unknown(n) => write!(
                f,
                "the position leaves {n} mine(s) unknown ('?'): they must be dealt first"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// A legal position of Minesweeper Chess, with the true mine layout.
///
/// Use [`Position::public_view`] for anything a player or the computer may
/// see: it drops the mines still hidden under fog.
#[derive(Clone)]
pub struct Position {
    board: [u8; CELLS],
    /// Each side's pieces, kept with `board`: the engine's loops walk
    /// these instead of every cell.
    occupied: [SquareSet; 2],
    /// On a board of at most 128 cells, its tables and each side's pieces
    /// of each kind (by role, pawn first) as bitboards: the engine's
    /// attacks and mobility by table instead of by walk.
    tables: Option<&'static Tables>,
    bits: [[u128; 6]; 2],
    files: u8,
    ranks: u8,
    turn: Color,
    castling: CastlingRights,
    kings: [Square; 2],
    halfmoves: u32,
    fullmoves: u32,
    mines: SquareSet,
    fog: SquareSet,
    /// Fogged cells known to be empty because a pawn swept them.
    swept: SquareSet,
    zone: SquareSet,
    /// Mines this position does not hold but counts: the hidden ones, in a
    /// public view. Always 0 in a true position.
    unseen: u8,
    rules: RuleSet,
    self_destructed: Option<Color>,
}

impl Position {
    /// The starting position of `variant` with mines on `mines` (which must
    /// lie in the fog zone).
    ///
    /// # Errors
    /// If the variant's setup or the mines do not make a legal position.
    pub fn new(variant: &Variant, mines: SquareSet) -> Result<Position, PositionError> {
        let mut castling = CastlingRights::default();
        if let Some(c) = variant.rules.castling {
            for color in Color::ALL {
                let back = if color == Color::White {
                    0
                } else {
                    variant.ranks - 1
                };
                let has = |file: u8, role: Role| {
                    variant
                        .setup
                        .contains(&(Square::new(file, back), Piece::new(color, role)))
                };
                for wing in [Wing::King, Wing::Queen] {
                    if let Some(side) = c.side(wing) {
                        let ok = has(c.king_file, Role::King) && has(side.rook_file, Role::Rook);
                        castling.set(color, wing, ok);
                    }
                }
            }
        }
        Position::from_setup(
            Setup {
                files: variant.files,
                ranks: variant.ranks,
                pieces: variant.setup.clone(),
                turn: Color::White,
                castling,
                zone: variant.fog_zone,
                fog: variant.fog_zone,
                mines,
                swept: SquareSet::EMPTY,
                unknown: None,
                halfmoves: 0,
                fullmoves: 1,
            },
            variant.rules,
        )
    }

    /// Validates a setup under `rules`.
    ///
    /// # Errors
    /// A [`PositionError`] naming the first problem found.
    pub fn from_setup(setup: Setup, rules: RuleSet) -> Result<Position, PositionError> {
        Position::build(setup, rules, None, 0)
    }

    /// Like [`Position::from_setup`] for the final position of a game lost
    /// by a blast: `loser`'s king may be attacked (or gone) with the other
    /// side to move.
    ///
    /// # Errors
    /// As [`Position::from_setup`], less those two checks.
    pub fn from_setup_after_blast(
        setup: Setup,
        rules: RuleSet,
        loser: Color,
    ) -> Result<Position, PositionError> {
        Position::build(setup, rules, Some(loser), 0)
    }

    pub(crate) fn build(
        setup: Setup,
        rules: RuleSet,
        loser: Option<Color>,
        unseen: u8,
    ) -> Result<Position, PositionError> {
        if let Some(u) = &setup.unknown {
            return Err(PositionError::Unknown(u.mines));
        }
        let (files, ranks) = (setup.files, setup.ranks);
        if !(2..=16).contains(&files) || !(2..=16).contains(&ranks) {
            return Err(PositionError::BoardSize(files, ranks));
        }
        let (board, kings) = place_pieces(&setup, &rules, loser)?;
        check_cells(&setup, &board)?;
        // A king destroyed by a blast leaves a placeholder square: the game is over.
        let kings = [
            kings[0].unwrap_or(Square::new(0, 0)),
            kings[1].unwrap_or(Square::new(0, 0)),
        ];
        let mut occupied = [SquareSet::EMPTY; 2];
        for &(sq, piece) in &setup.pieces {
            occupied[piece.color.index()].insert(sq);
        }
        let tables = Tables::get(files, ranks);
        let mut bits = [[0u128; 6]; 2];
        if let Some(t) = tables {
            for &(sq, piece) in &setup.pieces {
                if let Some(c) = t.cell_of(sq.index()) {
                    bits[piece.color.index()][piece.role as usize - 1] |= 1 << c;
                }
            }
        }
        let mut pos = Position {
            board,
            occupied,
            tables,
            bits,
            files,
            ranks,
            turn: setup.turn,
            castling: setup.castling,
            kings,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            mines: setup.mines,
            fog: setup.fog,
            swept: setup.swept,
            zone: setup.zone,
            unseen,
            rules,
            self_destructed: loser,
        };
        for color in Color::ALL {
            for wing in [Wing::King, Wing::Queen] {
                if pos.castling.has(color, wing) && pos.castle_squares(color, wing).is_none() {
                    return Err(PositionError::Castling(color, wing));
                }
            }
        }
        if loser.is_none() && pos.attacked_by(pos.kings[(!pos.turn).index()], pos.turn, None) {
            return Err(PositionError::OppositeCheck);
        }
        // With no mine left hidden, the fog has nothing to hide.
        pos.full_lift_if_done();
        Ok(pos)
    }

    /// The unchecked description of this position. A public view's
    /// hidden mines become [`Setup::unknown`] (without the counts: see
    /// [`PublicPosition::to_setup`]).
    pub fn to_setup(&self) -> Setup {
        Setup {
            files: self.files,
            ranks: self.ranks,
            pieces: self.pieces().collect(),
            turn: self.turn,
            castling: self.castling,
            zone: self.zone,
            fog: self.fog,
            mines: self.mines,
            swept: self.swept,
            unknown: (self.unseen > 0).then(|| Unknown {
                cells: self.unknown_cells(),
                mines: self.unseen,
                counts: Vec::new(),
            }),
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    /// What a player sees: this position without the mines hidden under fog.
    /// The mine counter still counts them ([`Position::mines_left`]).
    pub fn public_view(&self) -> PublicPosition {
        let mut p = self.clone();
        let hidden = self.mines.intersection(&self.fog).len();
        p.mines = self.mines.difference(&self.fog);
        p.unseen = self.unseen + hidden as u8;
        // The counts are public, but they count hidden mines too: take them
        // from the true position before the hidden mines are dropped.
        let counts = self
            .squares()
            .filter_map(|sq| self.revealed_count(sq).map(|n| (sq, n)))
            .collect();
        PublicPosition {
            position: p,
            counts,
        }
    }

    /// This position with the sapper action switched off, so perft counts
    /// match engines that do not know it.
    pub fn without_sapper(&self) -> Position {
        let mut p = self.clone();
        p.rules.sapper = false;
        p
    }

    /// Fogged cells whose content nobody knows: the fog less the swept cells.
    pub fn unknown_cells(&self) -> SquareSet {
        self.fog.difference(&self.swept)
    }

    // ---- accessors ------------------------------------------------------

    /// Number of files.
    pub fn files(&self) -> u8 {
        self.files
    }
    /// Number of ranks.
    pub fn ranks(&self) -> u8 {
        self.ranks
    }
    /// Side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }
    /// Castling rights.
    pub fn castling(&self) -> CastlingRights {
        self.castling
    }
    /// The rule switches in force.
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }
    /// Half-move clock (informational: there is no fifty-move rule).
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }
    /// Move number.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }
    /// Mines on the board, hidden and discovered: the true layout.
    pub fn mines(&self) -> &SquareSet {
        &self.mines
    }
    /// Cells under fog.
    pub fn fog(&self) -> &SquareSet {
        &self.fog
    }
    /// Fogged cells a pawn swept: known to hold no mine.
    pub fn swept(&self) -> &SquareSet {
        &self.swept
    }
    /// The fog zone: cells that started under fog and show counts.
    pub fn zone(&self) -> &SquareSet {
        &self.zone
    }
    /// The mine counter: mines still on the board (in a public view, the
    /// hidden ones included).
    pub fn mines_left(&self) -> usize {
        self.mines.len() + self.unseen as usize
    }
    /// Mines counted but not held: the hidden ones of a public view (0 in
    /// a true position).
    pub fn unseen(&self) -> u8 {
        self.unseen
    }
    /// Where `color`'s king stands.
    pub fn king(&self, color: Color) -> Square {
        self.kings[color.index()]
    }
    /// The side that lost by a blast on its own move, if any.
    pub fn self_destructed(&self) -> Option<Color> {
        self.self_destructed
    }

    /// Whether `sq` is on this board.
    pub fn contains(&self, sq: Square) -> bool {
        sq.file() < self.files && sq.rank() < self.ranks
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let c = self.board[sq.index()];
        (c != EMPTY && c != OFF).then(|| Piece::from_code(c))
    }

    /// The raw mailbox cell `i` ([`Square::index`]): 0 empty, 0x80 off the
    /// board, else the piece's code (colour bit 8, role 1–6). For the
    /// engine's hot loops, which must not allocate or convert.
    #[inline]
    pub(crate) fn code_at(&self, i: usize) -> u8 {
        self.board[i]
    }

    /// The cells `color`'s pieces stand on.
    #[inline]
    pub(crate) fn occupied(&self, color: Color) -> &SquareSet {
        &self.occupied[color.index()]
    }

    /// Puts `code` (a piece, or [`EMPTY`]) on `sq`, keeping the sides'
    /// sets in step with the board.
    #[inline]
    pub(super) fn put(&mut self, sq: Square, code: u8) {
        let old = self.board[sq.index()];
        let cell = self.tables.and_then(|t| t.cell_of(sq.index()));
        if old != EMPTY {
            self.occupied[usize::from(old >> 3 & 1)].remove(sq);
            if let Some(c) = cell {
                self.bits[usize::from(old >> 3 & 1)][usize::from(old & 7) - 1] &= !(1 << c);
            }
        }
        if code != EMPTY {
            self.occupied[usize::from(code >> 3 & 1)].insert(sq);
            if let Some(c) = cell {
                self.bits[usize::from(code >> 3 & 1)][usize::from(code & 7) - 1] |= 1 << c;
            }
        }
        self.board[sq.index()] = code;
    }

    /// The board's tables and each side's pieces by kind as bitboards,
    /// when the board has at most 128 cells.
    #[inline]
    pub(crate) fn bitboards(&self) -> Option<(&'static Tables, &[[u128; 6]; 2])> {
        self.tables.map(|t| (t, &self.bits))
    }

    /// All pieces, rank by rank from a1.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.squares()
            .filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// All squares of the board, rank by rank from a1.
    pub fn squares(&self) -> impl Iterator<Item = Square> + use<> {
        let (files, ranks) = (self.files, self.ranks);
        (0..ranks).flat_map(move |r| (0..files).map(move |f| Square::new(f, r)))
    }

    /// The count a revealed fog-zone cell shows: the mines among its eight
    /// neighbours. `None` under fog or outside the fog zone.
    pub fn revealed_count(&self, sq: Square) -> Option<u8> {
        if !self.zone.contains(sq) || self.fog.contains(sq) {
            return None;
        }
        Some(self.neighbour_mines(sq))
    }

    /// Mines among the eight neighbours of `sq`.
    pub fn neighbour_mines(&self, sq: Square) -> u8 {
        KING_DIRS
            .iter()
            .filter(|&&d| self.mines.contains(Square((sq.0 as i16 + d) as u16)))
            .count() as u8
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.attacked_by(self.kings[self.turn.index()], !self.turn, None)
    }

    /// Whether `color`'s king is attacked.
    pub fn king_attacked(&self, color: Color) -> bool {
        self.attacked_by(self.kings[color.index()], !color, None)
    }
}

/// The board of `setup`'s pieces (cells off the board marked) and each
/// side's king, checked: every piece on an empty cell of the board, no
/// pawn on its promotion rank, one king a side (none for the side a blast
/// has just lost, `loser`).
fn place_pieces(
    setup: &Setup,
    rules: &RuleSet,
    loser: Option<Color>,
) -> Result<([u8; CELLS], [Option<Square>; 2]), PositionError> {
    let (files, ranks) = (setup.files, setup.ranks);
    let mut board = [OFF; CELLS];
    for r in 0..ranks {
        for f in 0..files {
            board[Square::new(f, r).index()] = EMPTY;
        }
    }
    let mut kings = [None, None];
    let mut king_count = [0usize; 2];
    for &(sq, piece) in &setup.pieces {
        if !setup.on_board(sq) {
            return Err(PositionError::OffBoard(sq));
        }
        if board[sq.index()] != EMPTY {
            return Err(PositionError::Occupied(sq));
        }
        if piece.role == Role::Pawn && sq.rank() == rules.promotion_rank[piece.color.index()] {
            return Err(PositionError::PawnOnPromotionRank(sq));
        }
        if piece.role == Role::King {
            kings[piece.color.index()] = Some(sq);
            king_count[piece.color.index()] += 1;
        }
        board[sq.index()] = piece.code();
    }
    for color in Color::ALL {
        let n = king_count[color.index()];
        if n != 1 && !(n == 0 && loser == Some(color)) {
            return Err(PositionError::Kings(color, n));
        }
    }
    Ok((board, kings))
}

/// Checks `setup`'s zone, fog, mines and swept cells against each other
/// and the pieces on `board`.
fn check_cells(setup: &Setup, board: &[u8; CELLS]) -> Result<(), PositionError> {
    for sq in setup.zone.iter() {
        if !setup.on_board(sq) {
            return Err(PositionError::OffBoard(sq));
        }
    }
    for sq in setup.fog.union(&setup.mines).iter() {
        if !setup.zone.contains(sq) {
            return Err(PositionError::OutsideZone(sq));
        }
    }
    for sq in setup.fog.iter() {
        if board[sq.index()] != EMPTY {
            return Err(PositionError::FogOverPiece(sq));
        }
    }
    for sq in setup.mines.iter() {
        if board[sq.index()] != EMPTY {
            return Err(PositionError::MineUnderPiece(sq));
        }
    }
    for sq in setup.swept.iter() {
        if !setup.fog.contains(sq) || setup.mines.contains(sq) {
            return Err(PositionError::Swept(sq));
        }
    }
    Ok(())
}
