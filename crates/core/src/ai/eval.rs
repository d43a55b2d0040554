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

use crate::chess::{CELLS, Color, Position, Role, STRIDE, Square};

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
/// material kept) on 82,844 quiet positions of 599 games of
/// Fairy-Stockfish against itself (25 and 10 ms a move, the harness's
/// openings), from hand-set values.
pub const WEIGHTS: Weights = Weights {
    mg: [
        100.0, // pawn
        310.0, // knight
        330.0, // bishop
        500.0, // rook
        950.0, // queen
        0.4,   // knight off-centre
        0.3,   // bishop off-centre
        -0.9,  // queen off-centre
        -3.8,  // king off-centre
        4.0,   // knight mobility
        1.1,   // bishop mobility
        1.4,   // rook mobility
        -0.1,  // queen mobility
        12.4,  // rook on a file without own pawns
        7.8,   // rook on an open file
        -5.2,  // pawn advance
        8.6,   // central pawn
        -14.6, // doubled pawn
        -12.6, // isolated pawn
        8.9,   // passed pawn
        -3.9,  // passed pawn progress²
        -17.2, // king off the back rank
        10.1,  // king's pawn shield
        29.7,  // bishop pair
        7.0,   // attacks next to the enemy king
        -29.9, // piece attacked by a pawn
        8.4,   // side to move
    ],
    eg: [
        100.0, // pawn
        310.0, // knight
        330.0, // bishop
        500.0, // rook
        950.0, // queen
        -4.5,  // knight off-centre
        -2.4,  // bishop off-centre
        -0.1,  // queen off-centre
        -3.6,  // king off-centre
        4.9,   // knight mobility
        3.4,   // bishop mobility
        7.9,   // rook mobility
        7.4,   // queen mobility
        11.3,  // rook on a file without own pawns
        7.1,   // rook on an open file
        0.6,   // pawn advance
        8.1,   // central pawn
        -13.4, // doubled pawn
        -14.8, // isolated pawn
        8.6,   // passed pawn
        3.6,   // passed pawn progress²
        4.9,   // king off the back rank
        1.3,   // king's pawn shield
        29.8,  // bishop pair
        1.8,   // attacks next to the enemy king
        -30.0, // piece attacked by a pawn
        9.0,   // side to move
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

/// The most pieces a board holds (16×16).
const MAX_PIECES: usize = 256;

/// What one pass over the board learns.
struct Census {
    pawns: [PawnFiles; 2],
    /// Non-pawn, non-king material of both sides.
    heavy: i32,
    /// Every piece: file, rank and code.
    pieces: [(u8, u8, u8); MAX_PIECES],
    count: usize,
    bishops: [i32; 2],
}

fn census(pos: &Position) -> Census {
    let mut c = Census {
        pawns: [[0; 18]; 2],
        heavy: 0,
        pieces: [(0, 0, 0); MAX_PIECES],
        count: 0,
        bishops: [0; 2],
    };
    for r in 0..pos.ranks() {
        let row = Square::new(0, r).index();
        for f in 0..pos.files() {
            let code = pos.code_at(row + usize::from(f));
            if code == EMPTY {
                continue;
            }
            c.pieces[c.count] = (f, r, code);
            c.count += 1;
            let role = code & 7;
            let side = usize::from(code >> 3 & 1);
            if role == Role::Pawn as u8 {
                c.pawns[side][f as usize + 1] |= 1 << r;
            } else if role != Role::King as u8 {
                c.heavy += VALUE[role as usize - 1];
                if role == Role::Bishop as u8 {
                    c.bishops[side] += 1;
                }
            }
        }
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
    let c = census(pos);
    // Two rooks, two bishops, two knights and a queen a side.
    let full = 2 * (2 * 500 + 2 * 330 + 2 * 310 + 950);
    let phase = (1.0 - c.heavy as f32 / full as f32).clamp(0.0, 1.0);
    let mut counts = [0i32; FEATURES];
    let white = side_features(pos, Color::White, &c);
    let black = side_features(pos, Color::Black, &c);
    for i in 0..FEATURES {
        counts[i] = white[i] - black[i];
    }
    counts[26] = if pos.turn() == Color::White { 1 } else { -1 };
    Features { counts, phase }
}

/// What a piece's rays or jumps reach: cells it moves to, and attacks on
/// the cells next to the enemy king.
struct Reach {
    moves: i32,
    near_king: i32,
}

/// The enemy king's cell and its neighbours, as mailbox bits.
type Zone = [u64; CELLS.div_ceil(64)];

fn zone_of(king: Square) -> Zone {
    let mut z = [0u64; CELLS.div_ceil(64)];
    for dr in -1..=1i16 {
        for df in -1..=1i16 {
            let i = (king.index() as i16 + dr * S + df) as usize;
            z[i / 64] |= 1 << (i % 64);
        }
    }
    z
}

fn reach(pos: &Position, from: usize, ours: u8, dirs: &[i16], slide: bool, zone: &Zone) -> Reach {
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
            let i = at as usize;
            r.near_king += (zone[i / 64] >> (i % 64) & 1) as i32;
            if code != EMPTY {
                if code & 8 != ours {
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

/// Ranks strictly ahead of `r` for a side moving `forward`, as a mask.
fn ahead(r: i32, forward: i32) -> u32 {
    if forward > 0 {
        (!0u32).checked_shl(r as u32 + 1).unwrap_or(0)
    } else {
        (1u32 << r) - 1
    }
}

/// One side's counts.
fn side_features(pos: &Position, us: Color, c: &Census) -> [i32; FEATURES] {
    let mut x = [0i32; FEATURES];
    let (files, ranks) = (pos.files() as i32, pos.ranks() as i32);
    let own = &c.pawns[us.index()];
    let theirs = &c.pawns[(!us).index()];
    let forward = if us == Color::White { 1 } else { -1 };
    let promo = pos.rules().promotion_rank[us.index()] as i32;
    let ours = (us as u8) << 3;
    let king = &zone_of(pos.king(!us));
    let start = if us == Color::White { 1 } else { ranks - 2 };
    let back = if us == Color::White { 0 } else { ranks - 1 };
    for &(f, r, code) in &c.pieces[..c.count] {
        if code & 8 != ours {
            continue;
        }
        let i = Square::new(f, r).index();
        let (f, r) = (i32::from(f), i32::from(r));
        // Twice the distance to the centre, in files plus ranks.
        let centre = (2 * f - (files - 1)).abs() + (2 * r - (ranks - 1)).abs();
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
                x[15] += ((r - start) * forward).max(0);
                if (2 * f - (files - 1)).abs() < 2 {
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
                    let to_go = ((promo - r) * forward).max(1);
                    let progress = (ranks - 1 - to_go).max(0);
                    x[19] += 1;
                    x[20] += progress * progress;
                }
            }
            2 => {
                x[5] += centre;
                let m = reach(pos, i, ours, &KNIGHT, false, king);
                x[9] += m.moves;
                x[24] += m.near_king;
            }
            3 => {
                x[6] += centre;
                let m = reach(pos, i, ours, &DIAGONALS, true, king);
                x[10] += m.moves;
                x[24] += m.near_king;
            }
            4 => {
                let m = reach(pos, i, ours, &LINES, true, king);
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
                let a = reach(pos, i, ours, &LINES, true, king);
                let b = reach(pos, i, ours, &DIAGONALS, true, king);
                x[12] += a.moves + b.moves;
                x[24] += a.near_king + b.near_king;
            }
            _ => {
                x[8] += centre;
                x[21] += (r - back).abs();
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
    if c.bishops[us.index()] >= 2 {
        x[23] = 1;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::fen;

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
