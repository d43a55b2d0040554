//! The evaluation: how good a position looks to the side to move, in
//! centipawns. Made for boards of any preset size: the terms are computed
//! from the board's shape (distance to the centre, ranks to promotion)
//! rather than read from 8×8 tables.
//!
//! It is linear in its weights: [`features`] counts what is on the board
//! (White's count minus Black's; threats and king danger come from each
//! side's attack maps, `threats.rs`), and each feature has a middle-game and
//! an end-game weight, blended by how much material is left (tapered).
//! The weights ([`WEIGHTS`]) are tuned by Texel's method (`tune`, over
//! positions from the match harness's games). It allocates nothing an
//! evaluation (the pawn table once a thread): on boards of at most 128
//! cells a loop per kind of piece over its bitboard counts (`board.rs`),
//! with each pawn structure's part kept in a table (`pawns.rs`); on
//! bigger ones one pass over the mailbox gathers the pieces and the pawns
//! of each file as rank bit masks (the same counts: a test checks).

use super::threats::{self, Attacks};
use crate::chess::bits::Tables;
use crate::chess::{Color, Position, Role, STRIDE, Square, SquareSet};

mod board;
pub mod net;
mod pawns;

/// Material values in centipawns, by [`Role`] order (pawn … king): what
/// exchanges and move ordering count with.
pub const VALUE: [i32; 6] = [100, 310, 330, 500, 950, 0];

/// The value of a role.
pub fn value(role: Role) -> i32 {
    VALUE[role as usize - 1]
}

/// Number of features.
pub const FEATURES: usize = 37;

/// The features' names, in order (for the tuner's report).
pub const NAMES: [&str; FEATURES] = [
    "pawn",
    "knight",
    "bishop",
    "rook",
    "queen",
    "knight off-centre",
    "bishop off-centre",
    "queen off-centre",
    "king off-centre",
    "knight mobility",
    "bishop mobility",
    "rook mobility",
    "queen mobility",
    "rook on a file without own pawns",
    "rook on an open file",
    "pawn advance",
    "central pawn",
    "doubled pawn",
    "isolated pawn",
    "passed pawn",
    "passed pawn progress²",
    "king off the back rank",
    "king's pawn shield",
    "bishop pair",
    "attacks next to the enemy king",
    "piece attacked by a pawn",
    "side to move",
    "major attacked by a lesser piece, to move",
    "major attacked by a lesser piece, not to move",
    "undefended piece attacked, to move",
    "undefended piece attacked, not to move",
    "undefended pawn attacked",
    "safe checks",
    "king danger (attackers' weight and checks, squared)",
    "knight or bishop on an outpost",
    "rook on the enemy pawns' first rank",
    "passed pawn: enemy king's distance less own king's",
];

/// Middle-game and end-game weight of each feature, in centipawns.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// With all pieces on the board.
    pub mg: [f32; FEATURES],
    /// With none but kings and pawns.
    pub eg: [f32; FEATURES],
}

/// The weights the engine plays with: Texel-tuned (`minesweeper_cli tune`,
/// material kept) on 278,235 quiet positions of 2,246 games: 1,799 of
/// Fairy-Stockfish against itself (10 and 25 ms a move, from the
/// harness's openings and 1,500 varied ones), 165 of this engine against
/// it and 282 against itself (held-out error 0.11022 → 0.10798; +97 ± 37
/// Elo in self-play at 25 ms a move, 288 games). With the seven threat
/// and king-danger features: 0.10798 → 0.10400, +76 ± 34 (300 games);
/// with safe mobility, outposts, rooks on the enemy pawns' rank and the
/// kings' race to passed pawns: 0.10326, +50 ± 33 (300 games).
pub const WEIGHTS: Weights = Weights {
    mg: [
        100.0, // pawn
        310.0, // knight
        330.0, // bishop
        500.0, // rook
        950.0, // queen
        -0.7,  // knight off-centre
        1.6,   // bishop off-centre
        -0.6,  // queen off-centre
        8.2,   // king off-centre
        0.9,   // knight mobility
        1.4,   // bishop mobility
        2.3,   // rook mobility
        -0.1,  // queen mobility
        19.2,  // rook on a file without own pawns
        6.6,   // rook on an open file
        0.7,   // pawn advance
        2.5,   // central pawn
        -9.0,  // doubled pawn
        -5.1,  // isolated pawn
        1.4,   // passed pawn
        -1.3,  // passed pawn progress²
        -15.3, // king off the back rank
        5.4,   // king's pawn shield
        31.1,  // bishop pair
        10.0,  // attacks next to the enemy king
        -29.8, // piece attacked by a pawn
        5.9,   // side to move
        40.6,  // major attacked by a lesser piece, to move
        16.1,  // major attacked by a lesser piece, not to move
        60.0,  // undefended piece attacked, to move
        14.8,  // undefended piece attacked, not to move
        6.7,   // undefended pawn attacked
        11.7,  // safe checks
        7.7,   // king danger (attackers' weight and checks, squared)
        15.3,  // knight or bishop on an outpost
        10.1,  // rook on the enemy pawns' first rank
        -5.1,  // passed pawn: enemy king's distance less own king's
    ],
    eg: [
        100.0, // pawn
        310.0, // knight
        330.0, // bishop
        500.0, // rook
        950.0, // queen
        -3.9,  // knight off-centre
        -1.6,  // bishop off-centre
        4.1,   // queen off-centre
        -2.8,  // king off-centre
        5.0,   // knight mobility
        2.0,   // bishop mobility
        5.0,   // rook mobility
        9.8,   // queen mobility
        10.8,  // rook on a file without own pawns
        3.8,   // rook on an open file
        -5.4,  // pawn advance
        0.4,   // central pawn
        -8.2,  // doubled pawn
        -13.7, // isolated pawn
        -0.7,  // passed pawn
        3.2,   // passed pawn progress²
        11.1,  // king off the back rank
        -3.7,  // king's pawn shield
        31.4,  // bishop pair
        0.8,   // attacks next to the enemy king
        -29.9, // piece attacked by a pawn
        6.9,   // side to move
        40.2,  // major attacked by a lesser piece, to move
        15.2,  // major attacked by a lesser piece, not to move
        60.0,  // undefended piece attacked, to move
        14.8,  // undefended piece attacked, not to move
        14.9,  // undefended pawn attacked
        4.3,   // safe checks
        4.2,   // king danger (attackers' weight and checks, squared)
        10.1,  // knight or bishop on an outpost
        15.2,  // rook on the enemy pawns' first rank
        6.1,   // passed pawn: enemy king's distance less own king's
    ],
};

/// What [`features`] learns of a position: White's counts minus Black's,
/// and how far it is towards the end game (0 to 1).
#[derive(Clone, Debug, PartialEq)]
pub struct Features {
    /// White minus Black, by feature.
    pub counts: [i32; FEATURES],
    /// 0 with all pieces, 1 with none but kings and pawns.
    pub phase: f32,
}

impl Features {
    /// The score for White under `w`.
    pub fn score(&self, w: &Weights) -> f32 {
        let (mg, eg) = (1.0 - self.phase, self.phase);
        self.counts
            .iter()
            .enumerate()
            .map(|(i, &c)| c as f32 * (w.mg[i] * mg + w.eg[i] * eg))
            .sum()
    }
}

const S: i16 = STRIDE;
const KNIGHT: [i16; 8] = [
    2 * S + 1,
    2 * S - 1,
    -2 * S + 1,
    -2 * S - 1,
    S + 2,
    S - 2,
    -S + 2,
    -S - 2,
];
const DIAGONALS: [i16; 4] = [S + 1, S - 1, -S + 1, -S - 1];
const LINES: [i16; 4] = [S, -S, 1, -1];
const EMPTY: u8 = 0;
const OFF: u8 = 0x80;

/// Pawns of one colour, file by file (index file + 1, so that the files
/// beside the edge ones read as empty): a bit per rank.
type PawnFiles = [u32; 18];

/// What a look over both sides' pieces learns first.
struct Census {
    /// Each side's pawns by file (by the walk over the mailbox only: with
    /// bitboards they come from the pawn table).
    pawns: [PawnFiles; 2],
    /// Non-pawn, non-king material of both sides.
    heavy: i32,
    bishops: [i32; 2],
}

/// A board of at most 128 cells with its pieces as bitboards: the attack
/// tables' inputs.
struct Bits<'a> {
    t: &'static Tables,
    /// Each side's pieces by kind.
    by: &'a [[u128; 6]; 2],
    /// Each side's pieces, and both sides': gathered once an evaluation.
    sides: [u128; 2],
    occ: u128,
}

impl<'a> Bits<'a> {
    fn new(t: &'static Tables, by: &'a [[u128; 6]; 2]) -> Bits<'a> {
        let sides = by.map(|kinds| kinds.iter().fold(0, |all, b| all | b));
        Bits {
            t,
            by,
            sides,
            occ: sides[0] | sides[1],
        }
    }

    fn side(&self, us: Color) -> u128 {
        self.sides[us.index()]
    }
}

/// Calls `visit` with the mailbox index, file, rank and code of each of
/// `us`'s pieces, by a walk over the mailbox.
#[inline]
fn each_piece(pos: &Position, us: Color, mut visit: impl FnMut(usize, u8, u8, u8)) {
    for (w, &word) in pos.occupied(us).words().iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let i = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (f, r) = ((i % S as usize) as u8 - 1, (i / S as usize) as u8 - 2);
            visit(i, f, r, pos.code_at(i));
        }
    }
}

fn census(pos: &Position, board: Option<&Bits>) -> Census {
    let mut c = Census {
        pawns: [[0; 18]; 2],
        heavy: 0,
        bishops: [0; 2],
    };
    for us in Color::ALL {
        let side = us.index();
        if let Some(b) = board {
            // Counted by kind; the pawns' files come from their table.
            let by = &b.by[side];
            for (k, value) in VALUE.iter().enumerate().take(5).skip(1) {
                c.heavy += value * by[k].count_ones() as i32;
            }
            c.bishops[side] = by[Role::Bishop as usize - 1].count_ones() as i32;
            continue;
        }
        each_piece(pos, us, |_, f, r, code| {
            let role = code & 7;
            if role == Role::Pawn as u8 {
                c.pawns[side][f as usize + 1] |= 1 << r;
            } else if role != Role::King as u8 {
                c.heavy += VALUE[role as usize - 1];
                if role == Role::Bishop as u8 {
                    c.bishops[side] += 1;
                }
            }
        });
    }
    c
}

/// Most a network's score may say: well clear of the mate scores.
const NET_CAP: i32 = 5_000;

/// Material and position from `pos.turn()`'s point of view: by the
/// network on the 8×10 board ([`net`]), else by the linear terms.
pub fn evaluate(pos: &Position) -> i32 {
    with_net(pos, |n| n.evaluate(pos))
}

/// [`evaluate`] in a search: the network's hidden layer brought up to
/// date from `stack`'s nearby plies rather than summed anew.
pub fn evaluate_at(pos: &Position, stack: &mut net::Stack, ply: usize) -> i32 {
    with_net(pos, |n| stack.evaluate(n, pos, ply))
}

/// The active network's part (`net_part`, `None` off the 8×10 board),
/// on top of the linear terms where it was trained so; else the linear
/// terms alone.
fn with_net(pos: &Position, net_part: impl FnOnce(&net::Net) -> Option<i32>) -> i32 {
    if let Some(n) = net::active()
        && let Some(cp) = net_part(n)
    {
        let base = if n.residual { linear(pos) } else { 0 };
        return (base + cp).clamp(-NET_CAP, NET_CAP);
    }
    linear(pos)
}

/// The linear evaluation ([`WEIGHTS`]) from `pos.turn()`'s point of view.
pub fn linear(pos: &Position) -> i32 {
    let white = features(pos).score(&WEIGHTS).round() as i32;
    match pos.turn() {
        Color::White => white,
        Color::Black => -white,
    }
}

/// The features of `pos` (White minus Black).
pub fn features(pos: &Position) -> Features {
    features_with(pos, true)
}

/// [`features`], by the board's bitboards when it has them and `tables`
/// (else by walking the mailbox: the same counts, which a test checks).
fn features_with(pos: &Position, tables: bool) -> Features {
    let board = pos
        .bitboards()
        .filter(|_| tables)
        .map(|(t, by)| Bits::new(t, by));
    let board = board.as_ref();
    let c = census(pos, board);
    // Two rooks, two bishops, two knights and a queen a side.
    let full = 2 * (2 * 500 + 2 * 330 + 2 * 310 + 950);
    let phase = (1.0 - c.heavy as f32 / full as f32).clamp(0.0, 1.0);
    // Each side's counts, gathered in one walk over the pieces.
    let mut x = [[0i32; FEATURES]; 2];
    match board {
        Some(b) => pawns::with_structure(pos, b, |sides, structure| {
            board::counts(pos, b, sides, structure, &mut x)
        }),
        None => mailbox_counts(pos, &Side::pair(pos, &c.pawns, None), &mut x),
    }
    let mut counts = [0i32; FEATURES];
    for (side, x) in x.iter_mut().enumerate() {
        if c.bishops[side] >= 2 {
            x[23] = 1;
        }
    }
    for i in 0..FEATURES {
        counts[i] = x[0][i] - x[1][i];
    }
    counts[26] = if pos.turn() == Color::White { 1 } else { -1 };
    Features { counts, phase }
}

/// [`features_with`]'s counts by a walk over the mailbox, cell by cell.
fn mailbox_counts(pos: &Position, sides: &[Side; 2], x: &mut [[i32; FEATURES]; 2]) {
    let mut a = [Attacks::NONE; 2];
    for us in Color::ALL {
        let side = us.index();
        let (s, x, a) = (&sides[side], &mut x[side], &mut a[side]);
        each_piece(pos, us, |i, f, r, code| {
            piece_features(pos, s, x, a, i, (f, r), code);
        });
        let king = pos.king(us).index();
        let checks = [(&KNIGHT[..], false), (&DIAGONALS, true), (&LINES, true)];
        for (k, (dirs, slide)) in checks.into_iter().enumerate() {
            walk(pos, king, dirs, slide, &mut a.checks[k]);
        }
    }
    threat_counts(&a, pos.turn().index(), x);
}

/// Each side's threats on the other, into its counts.
fn threat_counts<M: threats::Cells>(
    a: &[Attacks<M>; 2],
    to_move: usize,
    x: &mut [[i32; FEATURES]; 2],
) {
    for side in 0..2 {
        threats::count(&a[side], &a[1 - side], side == to_move, &mut x[side]);
    }
}

/// Adds to `map` the cells a piece on mailbox index `from` reaches along
/// `dirs` (one step each unless `slide`), up to and including a piece.
fn walk(pos: &Position, from: usize, dirs: &[i16], slide: bool, map: &mut SquareSet) {
    for &d in dirs {
        let mut at = from as i16;
        loop {
            at += d;
            let code = pos.code_at(at as usize);
            if code == OFF {
                break;
            }
            map.insert(Square(at as u16));
            if code != EMPTY || !slide {
                break;
            }
        }
    }
}

/// The cells next to a king and its own, as bits counted from the cell
/// below and left of it: mailbox offsets 0–2, S–S+2 and 2S–2S+2.
const RING: u64 = 0b111 | 0b111 << S | 0b111 << (2 * S);

/// What one side's features need to know, worked out once an evaluation.
struct Side<'a> {
    ours: u8,
    own: &'a PawnFiles,
    theirs: &'a PawnFiles,
    forward: i32,
    promo: i32,
    start: i32,
    back: i32,
    /// The mailbox index [`RING`] counts from: the enemy king's.
    ring: usize,
    /// The enemy king's ring, as a board (with tables).
    ring_bits: u128,
    /// Cells a piece does not count as a move to: ours, and those the
    /// enemy's pawns guard (with tables).
    barred: u128,
    /// The cells the enemy's pawns guard (with tables): the threats'
    /// pawn attacks too.
    guarded: u128,
    king_file: i32,
    king_rank: i32,
    /// Our own king's file and rank.
    own_king: (i32, i32),
    files: i32,
    ranks: i32,
}

impl Side<'_> {
    /// White's view and Black's, with the pawns by file `pawns`.
    fn pair<'a>(pos: &Position, pawns: &'a [PawnFiles; 2], board: Option<&Bits>) -> [Side<'a>; 2] {
        [
            Side::new(pos, Color::White, pawns, board),
            Side::new(pos, Color::Black, pawns, board),
        ]
    }

    fn new<'a>(
        pos: &Position,
        us: Color,
        pawns: &'a [PawnFiles; 2],
        board: Option<&Bits>,
    ) -> Side<'a> {
        let ranks = i32::from(pos.ranks());
        let white = us == Color::White;
        let king = board.and_then(|b| Some((b.t, b.t.cell_of(pos.king(!us).index())?)));
        let them = (!us).index();
        let guarded = board.map_or(0, |b| b.t.pawns(them, b.by[them][0]));
        Side {
            ring_bits: king.map_or(0, |(t, k)| t.ring(k)),
            barred: board.map_or(0, |b| b.side(us)) | guarded,
            guarded,
            ours: (us as u8) << 3,
            own: &pawns[us.index()],
            theirs: &pawns[(!us).index()],
            forward: if white { 1 } else { -1 },
            promo: i32::from(pos.rules().promotion_rank[us.index()]),
            start: if white { 1 } else { ranks - 2 },
            back: if white { 0 } else { ranks - 1 },
            ring: pos.king(!us).index() - S as usize - 1,
            king_file: i32::from(pos.king(!us).file()),
            king_rank: i32::from(pos.king(!us).rank()),
            own_king: (
                i32::from(pos.king(us).file()),
                i32::from(pos.king(us).rank()),
            ),
            files: i32::from(pos.files()),
            ranks,
        }
    }

    /// Whether the enemy king's ring may lie on a line through file `f`
    /// and rank `r`: along the file or rank, and along either diagonal.
    fn lines_near(&self, f: i32, r: i32) -> bool {
        (f - self.king_file).abs() <= 1 || (r - self.king_rank).abs() <= 1
    }

    /// As [`Side::lines_near`] for the diagonals.
    fn diagonals_near(&self, f: i32, r: i32) -> bool {
        ((f - r) - (self.king_file - self.king_rank)).abs() <= 2
            || ((f + r) - (self.king_file + self.king_rank)).abs() <= 2
    }

    /// Twice the distance of file `f` and rank `r` to the centre, in files
    /// plus ranks.
    #[inline]
    fn centre(&self, f: i32, r: i32) -> i32 {
        (2 * f - (self.files - 1)).abs() + (2 * r - (self.ranks - 1)).abs()
    }

    /// 1 for a minor piece on `f`, `r` in the enemy half that an own pawn
    /// guards and no enemy pawn can ever chase away.
    #[inline]
    fn outpost(&self, f: i32, r: i32) -> i32 {
        if 2 * (r - self.back).abs() < self.ranks {
            return 0;
        }
        let (file, behind) = (f as usize + 1, r - self.forward);
        let (own, theirs) = (self.own, self.theirs);
        let guarded =
            (0..32).contains(&behind) && (own[file - 1] | own[file + 1]) >> behind & 1 != 0;
        i32::from(guarded && (theirs[file - 1] | theirs[file + 1]) & ahead(r, self.forward) == 0)
    }

    /// 1 for a rook on rank `r` when it is the enemy pawns' first rank.
    #[inline]
    fn on_their_pawns_rank(&self, r: i32) -> i32 {
        i32::from((r - self.back).abs() == self.ranks - 2)
    }

    /// A rook's counts for its file `f`: without own pawns, or open.
    #[inline]
    fn rook_files(&self, f: i32, x: &mut [i32; FEATURES]) {
        let file = f as usize + 1;
        if self.own[file] == 0 {
            x[13] += 1;
            if self.theirs[file] == 0 {
                x[14] += 1;
            }
        }
    }

    /// A pawn's counts, on file `f` and rank `r`.
    #[inline]
    fn pawn(&self, f: i32, r: i32, x: &mut [i32; FEATURES]) {
        if self.pawn_shape(f, r, x) {
            self.race(f, r, x);
        }
    }

    /// The counts of a pawn on file `f` and rank `r` that depend on the
    /// pawns alone (features 15 to 20); whether it is passed.
    #[inline]
    fn pawn_shape(&self, f: i32, r: i32, x: &mut [i32; FEATURES]) -> bool {
        let (own, theirs, forward) = (self.own, self.theirs, self.forward);
        let file = f as usize + 1;
        x[15] += ((r - self.start) * forward).max(0);
        if (2 * f - (self.files - 1)).abs() < 2 {
            x[16] += 1;
        }
        if own[file].count_ones() > 1 {
            x[17] += 1;
        }
        if own[file - 1] == 0 && own[file + 1] == 0 {
            x[18] += 1;
        }
        let front = ahead(r, forward);
        if (theirs[file - 1] | theirs[file] | theirs[file + 1]) & front == 0 {
            let to_go = ((self.promo - r) * forward).max(1);
            let progress = (self.ranks - 1 - to_go).max(0);
            x[19] += 1;
            x[20] += progress * progress;
            return true;
        }
        false
    }

    /// The kings' race to the cell in front of a passed pawn on file `f`
    /// and rank `r`.
    #[inline]
    fn race(&self, f: i32, r: i32, x: &mut [i32; FEATURES]) {
        let stop = r + self.forward;
        let dist = |(kf, kr): (i32, i32)| (kf - f).abs().max((kr - stop).abs());
        x[36] += dist((self.king_file, self.king_rank)) - dist(self.own_king);
    }

    /// The king's counts, on file `f` and rank `r`.
    #[inline]
    fn king(&self, f: i32, r: i32, x: &mut [i32; FEATURES]) {
        // The file distance stops at the knight's file: a king on g1
        // is as tucked away as one on h1, so the step costs a tempo.
        let file_off = (2 * f - (self.files - 1))
            .abs()
            .min((self.files - 3).max(1));
        x[8] += file_off + (2 * r - (self.ranks - 1)).abs();
        x[21] += (r - self.back).abs();
        let near = ranks_ahead(r, self.forward, 2);
        let (own, file) = (self.own, f as usize + 1);
        x[22] += ((own[file - 1] & near).count_ones()
            + (own[file] & near).count_ones()
            + (own[file + 1] & near).count_ones()) as i32;
    }

    /// Whether an enemy pawn guards mailbox cell `i`.
    #[inline]
    fn pawn_guarded(&self, i: usize) -> bool {
        let (file, rank) = (i % S as usize, (i / S as usize) as i32 - 2 + self.forward);
        (0..32).contains(&rank) && (self.theirs[file - 1] | self.theirs[file + 1]) >> rank & 1 != 0
    }

    /// Whether mailbox cell `i` is the enemy king's or next to it.
    #[inline]
    fn near_king(&self, i: usize) -> i32 {
        let o = i.wrapping_sub(self.ring);
        i32::from(o < 64 && RING >> o & 1 != 0)
    }
}

/// What a piece's rays or jumps reach: cells it moves to, and attacks on
/// the cells next to the enemy king.
struct Reach {
    moves: i32,
    near_king: i32,
}

/// `KING`: whether the rays may come near the enemy king at all (the
/// caller knows from the lines the piece stands on); without it the
/// steps skip the test.
fn reach<const KING: bool>(
    pos: &Position,
    from: usize,
    side: &Side,
    dirs: &[i16],
    slide: bool,
    map: &mut SquareSet,
) -> Reach {
    let mut r = Reach {
        moves: 0,
        near_king: 0,
    };
    for &d in dirs {
        let mut at = from as i16;
        loop {
            at += d;
            let code = pos.code_at(at as usize);
            if code == OFF {
                break;
            }
            map.insert(Square(at as u16));
            if KING {
                r.near_king += side.near_king(at as usize);
            }
            // A move to a cell an enemy pawn guards does not count.
            let safe = i32::from(!side.pawn_guarded(at as usize));
            if code != EMPTY {
                if code & 8 != side.ours {
                    r.moves += safe;
                }
                break;
            }
            r.moves += safe;
            if !slide {
                break;
            }
        }
    }
    r
}

/// [`reach`], with the king test only where `near`; the cells reached
/// are added to `map`.
fn rays(
    pos: &Position,
    (from, side): (usize, &Side),
    dirs: &[i16],
    slide: bool,
    near: bool,
    map: &mut SquareSet,
) -> Reach {
    if near {
        reach::<true>(pos, from, side, dirs, slide, map)
    } else {
        reach::<false>(pos, from, side, dirs, slide, map)
    }
}

/// Ranks strictly ahead of `r` for a side moving `forward`, as a mask.
fn ahead(r: i32, forward: i32) -> u32 {
    if forward > 0 {
        (!0u32).checked_shl(r as u32 + 1).unwrap_or(0)
    } else {
        (1u32 << r) - 1
    }
}

/// The `n` ranks just ahead of rank `r` for a side moving `forward`, as
/// a mask (those on the board's 32 bits).
fn ranks_ahead(r: i32, forward: i32, n: i32) -> u32 {
    (1..=n)
        .map(|dr| r + dr * forward)
        .filter(|rank| (0..32).contains(rank))
        .fold(0, |m, rank| m | 1 << rank)
}

/// One piece's part of its side's counts `x` and attacks `a`, by a walk:
/// on mailbox index `i`, file and rank `at`.
fn piece_features(
    pos: &Position,
    s: &Side,
    x: &mut [i32; FEATURES],
    a: &mut Attacks<SquareSet>,
    i: usize,
    at: (u8, u8),
    code: u8,
) {
    let (f, r) = (i32::from(at.0), i32::from(at.1));
    let centre = s.centre(f, r);
    let role = code & 7;
    x[role as usize - 1] += i32::from(role != 6);
    if role != 1 && role != 6 && s.pawn_guarded(i) {
        x[25] += 1;
    }
    // What the piece attacks, its moves and the enemy king's cells among
    // them.
    let mut cells = SquareSet::EMPTY;
    let mut trace =
        |dirs: &[i16], slide: bool, near: bool| rays(pos, (i, s), dirs, slide, near, &mut cells);
    let m = match role {
        1 => {
            s.pawn(f, r, x);
            let up = s.forward as i16 * S;
            trace(&[up + 1, up - 1], false, false);
            0
        }
        2 => {
            x[5] += centre;
            x[34] += s.outpost(f, r);
            let near = (f - s.king_file).abs() <= 3 && (r - s.king_rank).abs() <= 3;
            let m = trace(&KNIGHT, false, near);
            x[9] += m.moves;
            x[24] += m.near_king;
            m.near_king
        }
        3 => {
            x[6] += centre;
            x[34] += s.outpost(f, r);
            let m = trace(&DIAGONALS, true, s.diagonals_near(f, r));
            x[10] += m.moves;
            x[24] += m.near_king;
            m.near_king
        }
        4 => {
            x[35] += s.on_their_pawns_rank(r);
            let m = trace(&LINES, true, s.lines_near(f, r));
            x[11] += m.moves;
            x[24] += m.near_king;
            s.rook_files(f, x);
            m.near_king
        }
        5 => {
            x[7] += centre;
            let a = trace(&LINES, true, s.lines_near(f, r));
            let b = trace(&DIAGONALS, true, s.diagonals_near(f, r));
            x[12] += a.moves + b.moves;
            x[24] += a.near_king + b.near_king;
            a.near_king + b.near_king
        }
        _ => {
            s.king(f, r, x);
            trace(&DIAGONALS, false, false);
            trace(&LINES, false, false);
            0
        }
    };
    let k = role as usize - 1;
    a.on[k].insert(Square(i as u16));
    a.add(k, cells, m);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Game, Variant, fen, mines};
    use crate::rng::GameRng;
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;

    /// Random games with fog, blasts, captures and promotions: the attack
    /// tables count exactly what the walk over the mailbox counts, whether
    /// the pawn structure is new to the pawn table or found in it (most
    /// moves leave the pawns alone, so most evaluations here find it).
    #[test]
    fn the_tables_count_what_the_mailbox_walk_counts() {
        let variant = Variant::classic();
        assert!(Tables::get(variant.files, variant.ranks).is_some());
        let mut compared = 0;
        for seed in 0..40u64 {
            let mut rng = GameRng::seed_from_u64(seed);
            let layout = mines::random_layout(&variant.fog_zone, 4, &mut rng);
            let Ok(game) = Game::new(&variant, layout) else {
                continue;
            };
            let mut pos = game.position().clone();
            for _ in 0..160 {
                assert_eq!(
                    features_with(&pos, true),
                    features_with(&pos, false),
                    "seed {seed}: {}",
                    fen::to_fen(&pos)
                );
                compared += 1;
                let moves = pos.legal_moves();
                let Some(&m) = moves.choose(&mut rng) else {
                    break;
                };
                pos.play_unchecked(m);
                if pos.self_destructed().is_some() {
                    break;
                }
            }
        }
        assert!(compared > 2000, "{compared}");
    }

    #[test]
    fn a_knight_on_an_undefended_rook_is_a_threat_worth_most_to_the_mover() {
        let pos =
            |turn| fen::parse_standard(&format!("4k3/8/8/2r5/8/3N4/8/8/8/4K3 {turn} - - 0 1"));
        let (w, b) = (pos("w").expect("fen"), pos("b").expect("fen"));
        let (fw, fb) = (features(&w), features(&b));
        // A major piece under a lesser one, and undefended: White's threat.
        assert_eq!((fw.counts[27], fw.counts[29]), (1, 1), "{fw:?}");
        assert_eq!((fw.counts[28], fw.counts[30]), (0, 0), "{fw:?}");
        assert_eq!((fb.counts[28], fb.counts[30]), (1, 1), "{fb:?}");
        // With White to move the rook is as good as taken; with Black to
        // move it can run: White's score differs by more than the move.
        let edge = WEIGHTS.mg[26] + WEIGHTS.eg[26];
        assert!(linear(&w) + linear(&b) > edge.round() as i32 + 20);
    }

    #[test]
    fn moves_onto_pawn_guarded_cells_and_chaseable_outposts_count_for_nothing() {
        let f = |text: &str| features(&fen::parse_standard(text).expect("fen")).counts;
        // A corner knight reaches b3 and c2; a black pawn on c4 guards b3.
        assert_eq!(f("4k3/8/8/8/8/8/8/8/8/N3K3 w - - 0 1")[9], 2);
        assert_eq!(f("4k3/8/8/8/8/8/2p5/8/8/N3K3 w - - 0 1")[9], 1);
        // A knight on d6 guarded by e5, no black pawn beside the d-file:
        // an outpost; a black pawn on c8 can chase it off.
        assert_eq!(f("4k3/8/8/8/3N4/4P3/8/8/8/4K3 w - - 0 1")[34], 1);
        assert_eq!(f("4k3/8/2p5/8/3N4/4P3/8/8/8/4K3 w - - 0 1")[34], 0);
    }

    #[test]
    fn two_pieces_at_a_king_are_danger_one_is_not() {
        let one = fen::parse_standard("6k1/8/8/6Q1/8/8/8/8/8/4K3 b - - 0 1").expect("fen");
        let two = fen::parse_standard("6k1/R7/8/6Q1/8/8/8/8/8/4K3 b - - 0 1").expect("fen");
        assert_eq!(features(&one).counts[33], 0);
        assert!(features(&two).counts[33] > 0, "{:?}", features(&two));
        assert!(
            features(&two).counts[32] > 0,
            "safe checks: {:?}",
            features(&two)
        );
    }

    #[test]
    fn the_start_is_level_but_for_the_move_and_mirrors_agree() {
        let start = fen::parse_standard(crate::ai::uci::START_FEN).expect("start");
        let f = features(&start);
        assert!(f.counts[..26].iter().all(|&c| c == 0), "{f:?}");
        // The side to move's edge, at the start's phase (all pieces).
        assert_eq!(linear(&start), WEIGHTS.mg[26].round() as i32);
        // A queen up is about a queen up, whoever is to move.
        let up = fen::parse_standard("4k3/8/8/8/8/8/8/8/8/3QK3 w - - 0 1").expect("fen");
        let down = fen::parse_standard("3qk3/8/8/8/8/8/8/8/8/4K3 b - - 0 1").expect("fen");
        assert_eq!(linear(&up), linear(&down));
        assert!(linear(&up) > 800, "{}", linear(&up));
    }
}
