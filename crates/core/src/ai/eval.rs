//! The evaluation: how good a position looks to the side to move, in
//! centipawns. Made for boards of any preset size: the terms are computed
//! from the board's shape (distance to the centre, ranks to promotion)
//! rather than read from 8×8 tables.
//!
//! It is linear in its weights: [`features`] counts what is on the board
//! (White's count minus Black's), and each feature has a middle-game and
//! an end-game weight, blended by how much material is left (tapered).
//! The weights ([`WEIGHTS`]) are tuned by Texel's method (`tune`, over
//! positions from the match harness's games). It allocates nothing: one
//! pass over the mailbox gathers the pieces and the pawns of each file as
//! rank bit masks.

use crate::chess::bits::{self, Tables};
use crate::chess::{Color, Position, Role, STRIDE};

/// Material values in centipawns, by [`Role`] order (pawn … king): what
/// exchanges and move ordering count with.
pub const VALUE: [i32; 6] = [100, 310, 330, 500, 950, 0];

/// The value of a role.
pub fn value(role: Role) -> i32 {
    VALUE[role as usize - 1]
}

/// Number of features.
pub const FEATURES: usize = 27;

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
/// material kept) on 278,294 quiet positions of 2,246 games: 1,799 of
/// Fairy-Stockfish against itself (10 and 25 ms a move, from the
/// harness's openings and 1,500 varied ones), 165 of this engine against
/// it and 282 against itself (held-out error 0.11022 → 0.10798; +97 ± 37
/// Elo in self-play at 25 ms a move, 288 games).
pub const WEIGHTS: Weights = Weights {
    mg: [
        100.0, // pawn
        310.0, // knight
        330.0, // bishop
        500.0, // rook
        950.0, // queen
        -0.7,  // knight off-centre
        1.6,   // bishop off-centre
        -0.1,  // queen off-centre
        3.4,   // king off-centre
        1.2,   // knight mobility
        1.1,   // bishop mobility
        2.5,   // rook mobility
        -0.5,  // queen mobility
        14.9,  // rook on a file without own pawns
        7.5,   // rook on an open file
        0.4,   // pawn advance
        6.5,   // central pawn
        -11.7, // doubled pawn
        -9.6,  // isolated pawn
        6.4,   // passed pawn
        -1.4,  // passed pawn progress²
        -16.6, // king off the back rank
        8.6,   // king's pawn shield
        30.7,  // bishop pair
        8.8,   // attacks next to the enemy king
        -30.0, // piece attacked by a pawn
        7.0,   // side to move
    ],
    eg: [
        100.0, // pawn
        310.0, // knight
        330.0, // bishop
        500.0, // rook
        950.0, // queen
        -3.6,  // knight off-centre
        -1.0,  // bishop off-centre
        2.1,   // queen off-centre
        -2.9,  // king off-centre
        5.7,   // knight mobility
        3.0,   // bishop mobility
        6.0,   // rook mobility
        10.4,  // queen mobility
        11.1,  // rook on a file without own pawns
        6.0,   // rook on an open file
        -2.8,  // pawn advance
        5.4,   // central pawn
        -11.2, // doubled pawn
        -14.5, // isolated pawn
        5.8,   // passed pawn
        3.0,   // passed pawn progress²
        8.6,   // king off the back rank
        -0.5,  // king's pawn shield
        30.5,  // bishop pair
        2.2,   // attacks next to the enemy king
        -30.0, // piece attacked by a pawn
        7.9,   // side to move
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

/// Calls `visit` with the mailbox index, cell (with bitboards, else 0),
/// file, rank and code of each of `us`'s pieces.
#[inline]
fn each_piece(
    pos: &Position,
    us: Color,
    board: Option<&Bits>,
    mut visit: impl FnMut(usize, usize, u8, u8, u8),
) {
    if let Some(b) = board {
        for c in bits::cells(b.side(us)) {
            let (i, f, r) = b.t.at(c);
            visit(i, c, f, r, pos.code_at(i));
        }
        return;
    }
    for (w, &word) in pos.occupied(us).words().iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let i = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (f, r) = ((i % S as usize) as u8 - 1, (i / S as usize) as u8 - 2);
            visit(i, 0, f, r, pos.code_at(i));
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
            // Counted by kind; only the pawns' files need a walk.
            let by = &b.by[side];
            for cell in bits::cells(by[0]) {
                let (_, f, r) = b.t.at(cell);
                c.pawns[side][f as usize + 1] |= 1 << r;
            }
            for (k, value) in VALUE.iter().enumerate().take(5).skip(1) {
                c.heavy += value * by[k].count_ones() as i32;
            }
            c.bishops[side] = by[Role::Bishop as usize - 1].count_ones() as i32;
            continue;
        }
        each_piece(pos, us, None, |_, _, f, r, code| {
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

/// Material and position from `pos.turn()`'s point of view.
pub fn evaluate(pos: &Position) -> i32 {
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
    let sides = [
        Side::new(pos, Color::White, &c, board),
        Side::new(pos, Color::Black, &c, board),
    ];
    // Each side's counts, gathered in one walk over the pieces.
    let mut x = [[0i32; FEATURES]; 2];
    for us in Color::ALL {
        let (s, x) = (&sides[us.index()], &mut x[us.index()]);
        each_piece(pos, us, board, |i, cell, f, r, code| {
            piece_features(pos, s, board, x, (i, cell), (f, r), code);
        });
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
    /// The enemy king's ring, and our pieces, as boards (with tables).
    ring_bits: u128,
    own_bits: u128,
    king_file: i32,
    king_rank: i32,
    files: i32,
    ranks: i32,
}

impl Side<'_> {
    fn new<'a>(pos: &Position, us: Color, c: &'a Census, board: Option<&Bits>) -> Side<'a> {
        let ranks = i32::from(pos.ranks());
        let white = us == Color::White;
        let king = board.and_then(|b| Some((b.t, b.t.cell_of(pos.king(!us).index())?)));
        Side {
            ring_bits: king.map_or(0, |(t, k)| t.ring(k)),
            own_bits: board.map_or(0, |b| b.side(us)),
            ours: (us as u8) << 3,
            own: &c.pawns[us.index()],
            theirs: &c.pawns[(!us).index()],
            forward: if white { 1 } else { -1 },
            promo: i32::from(pos.rules().promotion_rank[us.index()]),
            start: if white { 1 } else { ranks - 2 },
            back: if white { 0 } else { ranks - 1 },
            ring: pos.king(!us).index() - S as usize - 1,
            king_file: i32::from(pos.king(!us).file()),
            king_rank: i32::from(pos.king(!us).rank()),
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
            if KING {
                r.near_king += side.near_king(at as usize);
            }
            if code != EMPTY {
                if code & 8 != side.ours {
                    r.moves += 1;
                }
                break;
            }
            r.moves += 1;
            if !slide {
                break;
            }
        }
    }
    r
}

/// What a piece attacking `att` reaches, by the tables.
#[inline]
fn reached(s: &Side, att: u128) -> Reach {
    Reach {
        moves: (att & !s.own_bits).count_ones() as i32,
        near_king: (att & s.ring_bits).count_ones() as i32,
    }
}

/// [`reach`], with the king test only where `near`.
fn rays(pos: &Position, from: usize, side: &Side, dirs: &[i16], slide: bool, near: bool) -> Reach {
    if near {
        reach::<true>(pos, from, side, dirs, slide)
    } else {
        reach::<false>(pos, from, side, dirs, slide)
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

/// One piece's part of its side's counts `x`: on mailbox index and cell
/// `(i, cell)`, file and rank `at`.
fn piece_features(
    pos: &Position,
    s: &Side,
    board: Option<&Bits>,
    x: &mut [i32; FEATURES],
    (i, cell): (usize, usize),
    at: (u8, u8),
    code: u8,
) {
    let slide = |b: &Bits, dirs| reached(s, b.t.slide(cell, b.occ, dirs));
    let (f, r) = (i32::from(at.0), i32::from(at.1));
    let (own, theirs, forward) = (s.own, s.theirs, s.forward);
    // Twice the distance to the centre, in files plus ranks.
    let centre = (2 * f - (s.files - 1)).abs() + (2 * r - (s.ranks - 1)).abs();
    let file = f as usize + 1;
    let role = code & 7;
    x[role as usize - 1] += i32::from(role != 6);
    let by_pawn = {
        let rank = r + forward;
        (0..32).contains(&rank) && (theirs[file - 1] | theirs[file + 1]) >> rank & 1 != 0
    };
    if role != 1 && role != 6 && by_pawn {
        x[25] += 1;
    }
    match role {
        1 => {
            x[15] += ((r - s.start) * forward).max(0);
            if (2 * f - (s.files - 1)).abs() < 2 {
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
                let to_go = ((s.promo - r) * forward).max(1);
                let progress = (s.ranks - 1 - to_go).max(0);
                x[19] += 1;
                x[20] += progress * progress;
            }
        }
        2 => {
            x[5] += centre;
            let m = match board {
                Some(b) => reached(s, b.t.knight(cell)),
                None => {
                    let near = (f - s.king_file).abs() <= 3 && (r - s.king_rank).abs() <= 3;
                    rays(pos, i, s, &KNIGHT, false, near)
                }
            };
            x[9] += m.moves;
            x[24] += m.near_king;
        }
        3 => {
            x[6] += centre;
            let m = match board {
                Some(b) => slide(b, bits::DIAGONALS),
                None => rays(pos, i, s, &DIAGONALS, true, s.diagonals_near(f, r)),
            };
            x[10] += m.moves;
            x[24] += m.near_king;
        }
        4 => {
            let m = match board {
                Some(b) => slide(b, bits::LINES),
                None => rays(pos, i, s, &LINES, true, s.lines_near(f, r)),
            };
            x[11] += m.moves;
            x[24] += m.near_king;
            if own[file] == 0 {
                x[13] += 1;
                if theirs[file] == 0 {
                    x[14] += 1;
                }
            }
        }
        5 => {
            x[7] += centre;
            let (a, b) = match board {
                Some(b) => (slide(b, bits::LINES), slide(b, bits::DIAGONALS)),
                None => (
                    rays(pos, i, s, &LINES, true, s.lines_near(f, r)),
                    rays(pos, i, s, &DIAGONALS, true, s.diagonals_near(f, r)),
                ),
            };
            x[12] += a.moves + b.moves;
            x[24] += a.near_king + b.near_king;
        }
        _ => {
            x[8] += centre;
            x[21] += (r - s.back).abs();
            let near = (1..=2)
                .map(|dr| r + dr * forward)
                .filter(|rank| (0..32).contains(rank))
                .fold(0u32, |m, rank| m | 1 << rank);
            x[22] += ((own[file - 1] & near).count_ones()
                + (own[file] & near).count_ones()
                + (own[file + 1] & near).count_ones()) as i32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Game, Variant, fen, mines};
    use crate::rng::GameRng;
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;

    /// Random games with fog, blasts, captures and promotions: the attack
    /// tables count exactly what the walk over the mailbox counts.
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
    fn the_start_is_level_but_for_the_move_and_mirrors_agree() {
        let start = fen::parse_standard(crate::ai::uci::START_FEN).expect("start");
        let f = features(&start);
        assert!(f.counts[..26].iter().all(|&c| c == 0), "{f:?}");
        // The side to move's edge, at the start's phase (all pieces).
        assert_eq!(evaluate(&start), WEIGHTS.mg[26].round() as i32);
        // A queen up is about a queen up, whoever is to move.
        let up = fen::parse_standard("4k3/8/8/8/8/8/8/8/8/3QK3 w - - 0 1").expect("fen");
        let down = fen::parse_standard("3qk3/8/8/8/8/8/8/8/8/4K3 b - - 0 1").expect("fen");
        assert_eq!(evaluate(&up), evaluate(&down));
        assert!(evaluate(&up) > 800, "{}", evaluate(&up));
    }
}
