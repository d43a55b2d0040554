//! The position: pieces, fog and mines, legal move generation and playing moves.
//!
//! Legality is judged on pieces alone: mines never block, never attack and
//! never make a move illegal (RULES.md, Decision 1). Mines only change what a
//! move does once it is played.

use std::fmt;

use super::square::{CELLS, Color, Piece, Role, STRIDE, Square, SquareSet};
use super::variant::{RuleSet, Variant, Wing};

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

    fn build(
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
        let on_board = |s: Square| s.file() < files && s.rank() < ranks;
        let mut board = [OFF; CELLS];
        for r in 0..ranks {
            for f in 0..files {
                board[Square::new(f, r).index()] = EMPTY;
            }
        }
        let mut kings = [None, None];
        let mut king_count = [0usize; 2];
        for &(sq, piece) in &setup.pieces {
            if !on_board(sq) {
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
        for sq in setup.zone.iter() {
            if !on_board(sq) {
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
        // A king destroyed by a blast leaves a placeholder square: the game is over.
        let kings = [
            kings[0].unwrap_or(Square::new(0, 0)),
            kings[1].unwrap_or(Square::new(0, 0)),
        ];
        let mut pos = Position {
            board,
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
                if setup.castling.has(color, wing) && pos.castle_squares(color, wing).is_none() {
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

    // ---- attacks --------------------------------------------------------

    #[inline]
    fn cell(&self, i: i16) -> u8 {
        self.board[i as usize]
    }

    /// Whether `by` attacks `sq`, treating `ignore` as an empty cell.
    fn attacked_by(&self, sq: Square, by: Color, ignore: Option<Square>) -> bool {
        let s = sq.0 as i16;
        let side = (by as u8) << 3;
        let pawn = side | Role::Pawn as u8;
        let back = if by == Color::White { -N } else { N };
        if self.cell(s + back + E) == pawn || self.cell(s + back - E) == pawn {
            return true;
        }
        let knight = side | Role::Knight as u8;
        if KNIGHT_DIRS.iter().any(|&d| self.cell(s + d) == knight) {
            return true;
        }
        let king = side | Role::King as u8;
        if KING_DIRS.iter().any(|&d| self.cell(s + d) == king) {
            return true;
        }
        let queen = side | Role::Queen as u8;
        let ign = ignore.map_or(-1, |q| q.0 as i16);
        for (dirs, slider) in [
            (&ROOK_DIRS, side | Role::Rook as u8),
            (&BISHOP_DIRS, side | Role::Bishop as u8),
        ] {
            for &d in dirs {
                let mut t = s + d;
                loop {
                    let c = self.cell(t);
                    if c == EMPTY || t == ign {
                        t += d;
                        continue;
                    }
                    if c == slider || c == queen {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    // ---- move generation ----------------------------------------------

    /// The legal moves, sapper actions included when the rules allow them.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(64);
        self.legal_moves_into(&mut v);
        v
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }

    /// Why `m` is not legal here. Judged on the pieces alone, so it never
    /// hints at a hidden mine.
    pub fn why_illegal(&self, m: Move) -> Refusal {
        if self.self_destructed.is_some() {
            return Refusal::GameOver;
        }
        let Some(p) = self.piece_at(m.from) else {
            return Refusal::NoPiece(m.from);
        };
        if p.color != self.turn {
            return Refusal::NotYourTurn(self.turn);
        }
        if m.kind == MoveKind::Sapper {
            if p.role != Role::Pawn {
                return Refusal::OnlyPawnsSweep;
            }
            if !self.rules.sapper {
                return Refusal::NoSapperRule;
            }
            if self.in_check() {
                return Refusal::SweepInCheck;
            }
            let fwd: i16 = if self.turn == Color::White { N } else { -N };
            let ahead = m.to.0 as i16 == m.from.0 as i16 + fwd
                && self.contains(m.to)
                && self.piece_at(m.to).is_none();
            if ahead && !self.may_sweep(m.to) {
                return Refusal::NothingToSweep(m.to);
            }
            return Refusal::CannotSweep(m.from, m.to);
        }
        let mut same_squares = self.legal_moves();
        same_squares.retain(|o| o.from == m.from && o.to == m.to);
        if let Some(o) = same_squares.first() {
            return match o.kind {
                MoveKind::Promotion(_) => Refusal::MustPromote(m.to),
                _ => Refusal::WrongKind(p.role, m.from, m.to),
            };
        }
        if self.in_check() {
            return Refusal::InCheck(self.kings[self.turn.index()]);
        }
        Refusal::CannotGo(p.role, m.from, m.to)
    }

    /// Fills `out` with the legal moves (clearing it first).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.self_destructed.is_some() {
            return;
        }
        let us = self.turn;
        let them = !us;
        let usbits = (us as u8) << 3;
        let ksq = self.kings[us.index()];
        let k = ksq.0 as i16;

        // Checkers and pins, by looking outwards from the king.
        let mut checkers = 0u32;
        let mut block = SquareSet::EMPTY;
        let mut pins: [(i16, i16); 8] = [(0, 0); 8];
        let mut npins = 0;
        for (i, &d) in KING_DIRS.iter().enumerate() {
            let diagonal = i >= 4;
            let mut t = k + d;
            let mut own: Option<i16> = None;
            loop {
                let c = self.cell(t);
                if c == EMPTY {
                    t += d;
                    continue;
                }
                if c == OFF {
                    break;
                }
                if c & COLOR_BIT == usbits {
                    if own.is_some() {
                        break;
                    }
                    own = Some(t);
                    t += d;
                    continue;
                }
                let role = c & 7;
                let slides = role == Role::Queen as u8
                    || (diagonal && role == Role::Bishop as u8)
                    || (!diagonal && role == Role::Rook as u8);
                if slides {
                    match own {
                        None => {
                            checkers += 1;
                            let mut s = k + d;
                            loop {
                                block.insert(Square(s as u16));
                                if s == t {
                                    break;
                                }
                                s += d;
                            }
                        }
                        Some(o) => {
                            pins[npins] = (o, d);
                            npins += 1;
                        }
                    }
                }
                break;
            }
        }
        let theirs = (them as u8) << 3;
        for &d in &KNIGHT_DIRS {
            if self.cell(k + d) == theirs | Role::Knight as u8 {
                checkers += 1;
                block.insert(Square((k + d) as u16));
            }
        }
        let fwd = if us == Color::White { N } else { -N };
        for side in [E, -E] {
            if self.cell(k + fwd + side) == theirs | Role::Pawn as u8 {
                checkers += 1;
                block.insert(Square((k + fwd + side) as u16));
            }
        }

        // King steps.
        for &d in &KING_DIRS {
            let t = k + d;
            let c = self.cell(t);
            if c == OFF || (c != EMPTY && c & COLOR_BIT == usbits) {
                continue;
            }
            let to = Square(t as u16);
            if !self.attacked_by(to, them, Some(ksq)) {
                out.push(Move {
                    from: ksq,
                    to,
                    kind: MoveKind::Normal,
                });
            }
        }
        if checkers >= 2 {
            return;
        }
        let in_check = checkers == 1;
        if !in_check {
            self.gen_castling(out);
        }

        let pin_of = |s: i16| -> i16 { pins[..npins].iter().find(|p| p.0 == s).map_or(0, |p| p.1) };
        let ok_target = |t: i16| !in_check || block.contains(Square(t as u16));
        let promo_rank = self.rules.promotion_rank[us.index()];
        let double_rank = self.rules.double_step_rank[us.index()];

        for r in 0..self.ranks {
            let row = Square::new(0, r).0 as i16;
            for s in row..row + self.files as i16 {
                let c = self.cell(s);
                if c == EMPTY || c & COLOR_BIT != usbits {
                    continue;
                }
                let role = c & 7;
                let pin = if npins > 0 { pin_of(s) } else { 0 };
                let from = Square(s as u16);
                match role {
                    1 => {
                        // Pawn.
                        let push_ok = pin == 0 || pin == fwd || pin == -fwd;
                        let t = s + fwd;
                        if self.cell(t) == EMPTY {
                            if push_ok && ok_target(t) {
                                self.push_pawn(out, from, Square(t as u16), promo_rank);
                            }
                            if self.rules.sapper && !in_check && self.may_sweep(Square(t as u16)) {
                                out.push(Move {
                                    from,
                                    to: Square(t as u16),
                                    kind: MoveKind::Sapper,
                                });
                            }
                            if push_ok && Some(r) == double_rank {
                                let t2 = t + fwd;
                                if self.cell(t2) == EMPTY && ok_target(t2) {
                                    self.push_pawn(out, from, Square(t2 as u16), promo_rank);
                                }
                            }
                        }
                        for side in [E, -E] {
                            let d = fwd + side;
                            let t = s + d;
                            let tc = self.cell(t);
                            if tc != EMPTY
                                && tc != OFF
                                && tc & COLOR_BIT != usbits
                                && (pin == 0 || pin == d || pin == -d)
                                && ok_target(t)
                            {
                                self.push_pawn(out, from, Square(t as u16), promo_rank);
                            }
                        }
                    }
                    2 => {
                        if pin != 0 {
                            continue;
                        }
                        for &d in &KNIGHT_DIRS {
                            let t = s + d;
                            let tc = self.cell(t);
                            if (tc == EMPTY || (tc != OFF && tc & COLOR_BIT != usbits))
                                && ok_target(t)
                            {
                                out.push(Move {
                                    from,
                                    to: Square(t as u16),
                                    kind: MoveKind::Normal,
                                });
                            }
                        }
                    }
                    3..=5 => {
                        let dirs: &[i16] = match role {
                            3 => &BISHOP_DIRS,
                            4 => &ROOK_DIRS,
                            _ => &KING_DIRS,
                        };
                        for &d in dirs {
                            if pin != 0 && pin != d && pin != -d {
                                continue;
                            }
                            let mut t = s + d;
                            loop {
                                let tc = self.cell(t);
                                if tc == EMPTY {
                                    if ok_target(t) {
                                        out.push(Move {
                                            from,
                                            to: Square(t as u16),
                                            kind: MoveKind::Normal,
                                        });
                                    }
                                    t += d;
                                    continue;
                                }
                                if tc != OFF && tc & COLOR_BIT != usbits && ok_target(t) {
                                    out.push(Move {
                                        from,
                                        to: Square(t as u16),
                                        kind: MoveKind::Normal,
                                    });
                                }
                                break;
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// Decision 8: while a mine is hidden any empty cell ahead may be swept;
    /// after the full lift (no fog) only a visible mine, so that the game
    /// goes on as standard chess, with no free pass.
    #[inline]
    fn may_sweep(&self, target: Square) -> bool {
        !self.fog.is_empty() || self.mines.contains(target)
    }

    #[inline]
    fn push_pawn(&self, out: &mut Vec<Move>, from: Square, to: Square, promo_rank: u8) {
        if to.rank() == promo_rank {
            for role in self.rules.promotion_roles() {
                out.push(Move {
                    from,
                    to,
                    kind: MoveKind::Promotion(role),
                });
            }
        } else {
            out.push(Move {
                from,
                to,
                kind: MoveKind::Normal,
            });
        }
    }

    fn back_rank(&self, color: Color) -> u8 {
        if color == Color::White {
            0
        } else {
            self.ranks - 1
        }
    }

    /// King from/to and rook from/to for castling, when king and rook stand
    /// on their squares.
    fn castle_squares(&self, color: Color, wing: Wing) -> Option<(Square, Square, Square, Square)> {
        let c = self.rules.castling?;
        let side = c.side(wing)?;
        let back = self.back_rank(color);
        let kf = Square::new(c.king_file, back);
        let rf = Square::new(side.rook_file, back);
        let ok = self.piece_at(kf) == Some(Piece::new(color, Role::King))
            && self.piece_at(rf) == Some(Piece::new(color, Role::Rook));
        ok.then(|| {
            (
                kf,
                Square::new(side.king_to, back),
                rf,
                Square::new(side.rook_to, back),
            )
        })
    }

    fn gen_castling(&self, out: &mut Vec<Move>) {
        let us = self.turn;
        for wing in [Wing::King, Wing::Queen] {
            if !self.castling.has(us, wing) {
                continue;
            }
            let Some((kf, kt, rf, rt)) = self.castle_squares(us, wing) else {
                continue;
            };
            // Every cell either piece crosses or lands on must be free of other
            // pieces; mines count as empty (RULES.md: the castling corridor).
            let lo = kf.file().min(kt.file()).min(rf.file()).min(rt.file());
            let hi = kf.file().max(kt.file()).max(rf.file()).max(rt.file());
            let back = kf.rank();
            let clear = (lo..=hi).all(|f| {
                let s = Square::new(f, back);
                s == kf || s == rf || self.piece_at(s).is_none()
            });
            if !clear {
                continue;
            }
            let (a, b) = (kf.file().min(kt.file()), kf.file().max(kt.file()));
            let safe = (a..=b).all(|f| !self.attacked_by(Square::new(f, back), !us, Some(kf)));
            if safe {
                out.push(Move {
                    from: kf,
                    to: kt,
                    kind: MoveKind::Castle(wing),
                });
            }
        }
    }

    // ---- playing moves -------------------------------------------------

    /// Plays `m`, which must be legal (see [`Position::try_play`]), and
    /// reports everything that happened, mines included.
    pub fn play(&mut self, m: Move) -> MoveReport {
        let us = self.turn;
        let piece = self.piece_at(m.from).unwrap_or(Piece::new(us, Role::Pawn));
        let mut rep = MoveReport {
            mv: m,
            mover: us,
            piece,
            captured: None,
            rook: None,
            blasts: [None, None],
            royal_sweep: None,
            swept: None,
            lifted: SquareSet::EMPTY,
            full_lift: SquareSet::EMPTY,
            self_destructed: false,
        };
        let fog_before = self.fog;
        let mut irreversible = false;
        match m.kind {
            MoveKind::Sapper => {
                if self.mines.remove(m.to) {
                    rep.swept = Some(m.to);
                }
                // Found a mine or not, the cell is empty now, and both
                // players know it (Decision 10).
                if self.fog.contains(m.to) {
                    self.swept.insert(m.to);
                }
                irreversible = true;
            }
            MoveKind::Castle(wing) => {
                if let Some((kf, kt, rf, rt)) = self.castle_squares(us, wing) {
                    self.board[kf.index()] = EMPTY;
                    self.board[rf.index()] = EMPTY;
                    self.board[kt.index()] = Piece::new(us, Role::King).code();
                    self.board[rt.index()] = Piece::new(us, Role::Rook).code();
                    self.kings[us.index()] = kt;
                    rep.rook = Some((rf, rt));
                    self.land(kt, &mut rep, 0);
                    self.land(rt, &mut rep, 1);
                }
            }
            MoveKind::Normal | MoveKind::Promotion(_) => {
                rep.captured = self.piece_at(m.to);
                let placed = match m.kind {
                    MoveKind::Promotion(r) => Piece::new(us, r),
                    _ => piece,
                };
                self.board[m.from.index()] = EMPTY;
                self.board[m.to.index()] = placed.code();
                if piece.role == Role::King {
                    self.kings[us.index()] = m.to;
                }
                irreversible = rep.captured.is_some() || piece.role == Role::Pawn;
                self.land(m.to, &mut rep, 0);
            }
        }
        self.update_castling(m.from);
        self.update_castling(m.to);
        if let Some((rf, _)) = rep.rook {
            self.update_castling(rf);
        }
        if !self.fog.is_empty() && (rep.touched_mines() || self.fog != fog_before) {
            rep.full_lift = self.full_lift_if_done();
        }
        rep.lifted = fog_before.difference(&self.fog).difference(&rep.full_lift);
        if rep.blasts[0].is_some() {
            // Decision 2: a blast that leaves the own king attacked (or takes
            // the king itself) loses at once.
            let king_gone = rep.blasts().any(|(_, p)| p.role == Role::King);
            if king_gone || self.king_attacked(us) {
                rep.self_destructed = true;
                self.self_destructed = Some(us);
            }
        }
        // Saturating: a FEN may give any clock, even u32::MAX.
        self.halfmoves = if irreversible {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = !us;
        rep
    }

    /// This position with a mine on `sq`: the "what if that cell is
    /// mined" branch of the computer's search, which works on the public
    /// view (where hidden mines are gone) and must imagine them itself. The
    /// imagined mine is one of the unseen ones, so the counter stays.
    pub fn with_mine(&self, sq: Square) -> Position {
        let mut p = self.clone();
        if p.mines.insert(sq) {
            p.unseen = p.unseen.saturating_sub(1);
        }
        p
    }

    /// Plays `m` if it is legal.
    ///
    /// # Errors
    /// [`IllegalMove`] when `m` is not among [`Position::legal_moves`].
    pub fn try_play(&mut self, m: Move) -> Result<MoveReport, IllegalMove> {
        if self.is_legal(m) {
            Ok(self.play(m))
        } else {
            Err(IllegalMove(m))
        }
    }

    /// A piece has landed on `sq`: lift the fog around it, then let a mine
    /// there act (Decision 4: the piece lands first).
    #[inline]
    fn land(&mut self, sq: Square, rep: &mut MoveReport, slot: usize) {
        if !self.fog.is_empty() {
            self.fog.remove(sq);
            let s = sq.0 as i16;
            for &d in &KING_DIRS {
                self.fog.remove(Square((s + d) as u16));
            }
            self.swept = self.swept.intersection(&self.fog);
        }
        if self.mines.remove(sq) {
            let c = self.board[sq.index()];
            let p = Piece::from_code(c);
            if p.role == Role::King && self.rules.royal_sapper {
                rep.royal_sweep = Some(sq);
            } else {
                self.board[sq.index()] = EMPTY;
                rep.blasts[slot] = Some((sq, p));
                if rep.blasts[0].is_none() {
                    rep.blasts.swap(0, slot);
                }
            }
        }
    }

    fn update_castling(&mut self, sq: Square) {
        let Some(c) = self.rules.castling else {
            return;
        };
        if self.castling.0 == 0 {
            return;
        }
        for color in Color::ALL {
            let back = self.back_rank(color);
            if sq.rank() != back {
                continue;
            }
            if sq.file() == c.king_file {
                self.castling.set(color, Wing::King, false);
                self.castling.set(color, Wing::Queen, false);
            }
            for wing in [Wing::King, Wing::Queen] {
                if c.side(wing).is_some_and(|s| s.rook_file == sq.file()) {
                    self.castling.set(color, wing, false);
                }
            }
        }
    }

    /// Lifts all fog when every mine on the board is discovered (its own cell
    /// is revealed). Returns the cells lifted.
    fn full_lift_if_done(&mut self) -> SquareSet {
        if self.fog.is_empty() || self.unseen > 0 || !self.mines.intersection(&self.fog).is_empty()
        {
            return SquareSet::EMPTY;
        }
        self.swept = SquareSet::EMPTY;
        std::mem::take(&mut self.fog)
    }

    // ---- outcome --------------------------------------------------------

    /// How the game stands from this position alone (repetition needs the
    /// game's history: see [`super::Game`]).
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(loser) = self.self_destructed {
            return Some(Outcome::Decisive {
                winner: !loser,
                reason: WinReason::Blast,
            });
        }
        if !self.has_legal_move() {
            return Some(if self.in_check() {
                Outcome::Decisive {
                    winner: !self.turn,
                    reason: WinReason::Checkmate,
                }
            } else {
                Outcome::Draw(DrawReason::Stalemate)
            });
        }
        if self.insufficient_material() {
            return Some(Outcome::Draw(DrawReason::InsufficientMaterial));
        }
        None
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut v = Vec::with_capacity(64);
        self.legal_moves_into(&mut v);
        !v.is_empty()
    }

    /// Neither side can ever mate: bare kings, a single minor piece, or only
    /// bishops all on one shade. Mines cannot harm a king, so they change nothing.
    pub fn insufficient_material(&self) -> bool {
        let mut minors = 0;
        let mut bishops: Vec<Square> = Vec::new();
        for (sq, p) in self.pieces() {
            match p.role {
                Role::King => {}
                Role::Knight => minors += 1,
                Role::Bishop => {
                    minors += 1;
                    bishops.push(sq);
                }
                _ => return false,
            }
        }
        if minors <= 1 {
            return true;
        }
        bishops.len() == minors && bishops.windows(2).all(|w| w[0].same_shade(w[1]))
    }

    /// A hash of everything a player sees (pieces, side to move, castling,
    /// fog, swept cells, discovered mines and the mine counter), for
    /// threefold repetition.
    pub fn repetition_key(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |b: u64| {
            h ^= b;
            h = h.wrapping_mul(0x0100_0000_01b3);
        };
        for sq in self.squares() {
            let mut b = self.board[sq.index()] as u64;
            if self.swept.contains(sq) {
                b |= 0x400;
            } else if self.fog.contains(sq) {
                b |= 0x100;
            } else if self.mines.contains(sq) {
                b |= 0x200;
            }
            mix(b);
        }
        mix(self.turn as u64);
        mix(self.castling.0 as u64);
        mix(self.mines_left() as u64);
        h
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", super::fen::to_fen(self))
    }
}

/// A position with the hidden mines taken away: all that a player, the move
/// list or the computer opponent may look at.
#[derive(Clone, Debug)]
pub struct PublicPosition {
    position: Position,
    counts: Vec<(Square, u8)>,
}

impl PublicPosition {
    /// A public position from a description whose hidden mines are unknown
    /// (`?` cells, their number and the counts), as a GUI or a saved game
    /// gives it: no layout is needed, only one that agrees must exist.
    ///
    /// # Errors
    /// As [`Position::from_setup`], and when no layout of the unknown
    /// mines agrees with the counts.
    pub fn from_setup(mut setup: Setup, rules: RuleSet) -> Result<PublicPosition, PublicError> {
        let unknown = setup.unknown.take().unwrap_or_default();
        // The pieces, fog and mines first: their errors are the clearer ones.
        let position = Position::build(setup.clone(), rules, None, unknown.mines)
            .map_err(PublicError::Position)?;
        let space = super::deal::LayoutSpace::new(&setup, &unknown)?;
        // Too large to count exactly is accepted: only a real game gets there.
        if space.count().is_some_and(|c| c <= 0.0) {
            return Err(PublicError::Deal(super::deal::DealError::NoLayout));
        }
        let fog_unknown = setup.fog.difference(&setup.swept).difference(&setup.mines);
        if unknown.cells != fog_unknown || !setup.mines.intersection(&setup.fog).is_empty() {
            return Err(PublicError::Deal(super::deal::DealError::NotPublic));
        }
        let counts = position
            .squares()
            .filter(|&sq| position.zone.contains(sq) && !position.fog.contains(sq))
            .map(|sq| {
                let n = unknown
                    .counts
                    .iter()
                    .find(|(s, _)| *s == sq)
                    .map_or(0, |(_, n)| *n);
                (sq, n)
            })
            .collect();
        Ok(PublicPosition { position, counts })
    }

    /// The visible position (discovered mines only).
    pub fn position(&self) -> &Position {
        &self.position
    }
    /// Mines still hidden under fog: the counter minus the discovered ones.
    pub fn hidden_mines(&self) -> u8 {
        self.position.unseen
    }
    /// The mine counter.
    pub fn mines_left(&self) -> usize {
        self.position.mines_left()
    }
    /// The counts of revealed fog-zone cells, in square order.
    pub fn counts(&self) -> &[(Square, u8)] {
        &self.counts
    }
    /// The description of what is seen: the hidden mines as
    /// [`Setup::unknown`], with the counts.
    pub fn to_setup(&self) -> Setup {
        let mut s = self.position.to_setup();
        if let Some(u) = &mut s.unknown {
            u.counts = self.counts.iter().copied().filter(|c| c.1 > 0).collect();
        }
        s
    }
    /// The count a revealed fog-zone cell shows (hidden mines included, as
    /// on the board); `None` under fog or outside the zone. Use this, not
    /// `position().revealed_count`, which only sees discovered mines.
    pub fn revealed_count(&self, sq: Square) -> Option<u8> {
        self.counts.iter().find(|(s, _)| *s == sq).map(|(_, n)| *n)
    }
    /// The legal moves; the same for every hidden-mine layout.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.position.legal_moves()
    }

    /// Plays `m` when what it does follows from what is seen: it lifts no
    /// fog and sweeps no unknown cell (a lift would reveal counts nobody
    /// has told this view; a sweep might find a mine).
    ///
    /// # Errors
    /// [`PublicMoveError::Illegal`] for an illegal move,
    /// [`PublicMoveError::Unknown`] when its outcome depends on hidden mines.
    pub fn play_seen(&mut self, m: Move) -> Result<MoveReport, PublicMoveError> {
        if !self.position.is_legal(m) {
            return Err(PublicMoveError::Illegal(IllegalMove(m)));
        }
        let unknown = self.position.unknown_cells();
        let mut next = self.position.clone();
        let report = next.play(m);
        let swept_unknown = m.kind == MoveKind::Sapper && unknown.contains(m.to);
        if !report.lifted.is_empty() || !report.full_lift.is_empty() || swept_unknown {
            return Err(PublicMoveError::Unknown(m));
        }
        self.position = next;
        Ok(report)
    }
}

/// Why a public view cannot play a move by itself.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PublicMoveError {
    /// Not a legal move.
    Illegal(IllegalMove),
    /// Its outcome depends on what the fog hides: the view after it must be
    /// told (a public FEN), not guessed.
    Unknown(Move),
}

impl fmt::Display for PublicMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PublicMoveError::Illegal(e) => e.fmt(f),
            PublicMoveError::Unknown(m) => write!(
                f,
                "{m} lifts fog or sweeps an unknown cell: send the position after it as a public FEN"
            ),
        }
    }
}

impl std::error::Error for PublicMoveError {}

/// Why a public description is not a public position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PublicError {
    /// The pieces, fog or mines do not make a legal position.
    Position(PositionError),
    /// The unknown mines cannot be placed as the counts say.
    Deal(super::deal::DealError),
}

impl fmt::Display for PublicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PublicError::Position(e) => e.fmt(f),
            PublicError::Deal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PublicError {}

impl From<super::deal::DealError> for PublicError {
    fn from(e: super::deal::DealError) -> Self {
        PublicError::Deal(e)
    }
}

/// Why a move was refused, for the player (translated by the interface;
/// `Display` gives English for logs and tools).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game has ended.
    GameOver,
    /// No piece on that cell.
    NoPiece(Square),
    /// The other side is to move (the side to move is given).
    NotYourTurn(Color),
    /// Only pawns have the sapper action.
    OnlyPawnsSweep,
    /// The board preset switched the sapper action off.
    NoSapperRule,
    /// The sapper action is not allowed in check.
    SweepInCheck,
    /// This pawn cannot sweep that cell.
    CannotSweep(Square, Square),
    /// No mine is hidden any more: a pawn sweeps only a visible mine
    /// (this cell holds none).
    NothingToSweep(Square),
    /// A pawn reaching its last rank must promote.
    MustPromote(Square),
    /// The squares are right but the kind of move is not.
    WrongKind(Role, Square, Square),
    /// The king (on this cell) is in check and the move does not help.
    InCheck(Square),
    /// The piece cannot go there.
    CannotGo(Role, Square, Square),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::GameOver => write!(f, "the game is over"),
            Refusal::NoPiece(s) => write!(f, "there is no piece on {s}"),
            Refusal::NotYourTurn(c) => write!(f, "it is {}'s turn", c.name()),
            Refusal::OnlyPawnsSweep => write!(f, "only pawns can sweep"),
            Refusal::NoSapperRule => write!(f, "this board has no sapper action"),
            Refusal::SweepInCheck => write!(f, "a pawn cannot sweep while your king is in check"),
            Refusal::CannotSweep(a, b) => write!(f, "the pawn on {a} cannot sweep {b}"),
            Refusal::NothingToSweep(s) => write!(
                f,
                "no mine is hidden any more: there is nothing on {s} to sweep"
            ),
            Refusal::MustPromote(s) => write!(f, "a pawn reaching {s} must promote"),
            Refusal::WrongKind(r, a, b) => {
                write!(f, "{} {a} to {b} is not a move of that kind", r.name())
            }
            Refusal::InCheck(k) => {
                write!(
                    f,
                    "your king on {k} is in check; the move must get it out of check"
                )
            }
            Refusal::CannotGo(r, a, b) => write!(
                f,
                "the {} on {a} cannot go to {b} (blocked, not its way of moving, or it would expose your king)",
                r.name()
            ),
        }
    }
}

/// A move that is not legal in the position it was tried in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub Move);

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.0)
    }
}

impl std::error::Error for IllegalMove {}

/// How a finished game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// One side won.
    Decisive {
        /// The winner.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw(DrawReason),
}

/// Why a side won.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WinReason {
    /// The loser is in check with no legal move.
    Checkmate,
    /// The loser's own piece blew up on a mine and left its king attacked
    /// (or the blast took the king).
    Blast,
    /// The loser resigned.
    Resignation,
}

/// Why a game was drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DrawReason {
    /// No legal move and not in check.
    Stalemate,
    /// The same position (as players see it) occurred three times.
    Repetition,
    /// Neither side can mate.
    InsufficientMaterial,
    /// Both players agreed.
    Agreement,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Decisive { winner, reason } => {
                let w = if *winner == Color::White {
                    "White"
                } else {
                    "Black"
                };
                match reason {
                    WinReason::Checkmate => write!(f, "{w} wins by checkmate"),
                    WinReason::Blast => write!(f, "{w} wins: the blast exposed the enemy king"),
                    WinReason::Resignation => write!(f, "{w} wins by resignation"),
                }
            }
            Outcome::Draw(r) => match r {
                DrawReason::Stalemate => write!(f, "Draw by stalemate"),
                DrawReason::Repetition => write!(f, "Draw by threefold repetition"),
                DrawReason::InsufficientMaterial => write!(f, "Draw by insufficient material"),
                DrawReason::Agreement => write!(f, "Draw by agreement"),
            },
        }
    }
}
