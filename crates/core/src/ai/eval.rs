//! The evaluation: how good a position looks to the side to move, in
//! centipawns. Made for boards of any preset size: piece-square terms are
//! computed from the board's shape (distance to the centre, ranks to
//! promotion) rather than read from 8×8 tables.
//!
//! It runs at every leaf of the search, so it allocates nothing: one pass
//! over the mailbox gathers the pawns of each file as rank bit masks, a
//! second scores the pieces.

use crate::chess::{Color, Position, Role, STRIDE, Square};

/// Material values in centipawns, by [`Role`] order (pawn … king).
pub const VALUE: [i32; 6] = [100, 310, 330, 500, 950, 0];

/// The value of a role.
pub fn value(role: Role) -> i32 {
    VALUE[role as usize - 1]
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

/// What one pass over the board learns.
struct Census {
    pawns: [PawnFiles; 2],
    /// Non-pawn, non-king material of both sides.
    heavy: i32,
}

fn census(pos: &Position) -> Census {
    let mut c = Census {
        pawns: [[0; 18]; 2],
        heavy: 0,
    };
    for r in 0..pos.ranks() {
        for f in 0..pos.files() {
            let code = pos.code_at(Square::new(f, r).index());
            if code == EMPTY {
                continue;
            }
            let role = code & 7;
            if role == Role::Pawn as u8 {
                c.pawns[usize::from(code >> 3 & 1)][f as usize + 1] |= 1 << r;
            } else if role != Role::King as u8 {
                c.heavy += VALUE[role as usize - 1];
            }
        }
    }
    c
}

/// Material and position from `pos.turn()`'s point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let c = census(pos);
    // Two rooks, two bishops, two knights and a queen a side.
    let full = 2 * (2 * 500 + 2 * 330 + 2 * 310 + 950);
    // How far the game is towards the endgame: 0 with all pieces, 1 with
    // none but kings and pawns.
    let eg = (1.0 - c.heavy as f32 / full as f32).clamp(0.0, 1.0);
    let white = side_score(pos, Color::White, &c, eg) - side_score(pos, Color::Black, &c, eg);
    let tempo = 10;
    match pos.turn() {
        Color::White => white + tempo,
        Color::Black => -white + tempo,
    }
}

fn side_score(pos: &Position, us: Color, c: &Census, eg: f32) -> i32 {
    let (files, ranks) = (pos.files() as i32, pos.ranks() as i32);
    let cf = (files - 1) as f32 / 2.0;
    let cr = (ranks - 1) as f32 / 2.0;
    let own = &c.pawns[us.index()];
    let theirs = &c.pawns[(!us).index()];
    let forward = if us == Color::White { 1 } else { -1 };
    let promo = pos.rules().promotion_rank[us.index()] as i32;
    let ours = (us as u8) << 3;
    let mut score = 0;
    for r in 0..ranks {
        for f in 0..files {
            let sq = Square::new(f as u8, r as u8);
            let code = pos.code_at(sq.index());
            if code == EMPTY || code & 8 != ours {
                continue;
            }
            let role = code & 7;
            let centre = (f as f32 - cf).abs() + (r as f32 - cr).abs();
            let i = sq.index();
            score += VALUE[role as usize - 1];
            score += match role {
                1 => pawn(pos, f, r, us, promo, forward, own, theirs),
                2 => -(6.0 * centre) as i32 + 4 * mobility(pos, i, ours, &KNIGHT, false),
                3 => -(3.0 * centre) as i32 + 4 * mobility(pos, i, ours, &DIAGONALS, true),
                4 => {
                    let open_file = own[f as usize + 1] == 0;
                    let half = theirs[f as usize + 1] == 0;
                    2 * mobility(pos, i, ours, &LINES, true)
                        + if open_file { 12 } else { 0 }
                        + if open_file && half { 8 } else { 0 }
                }
                5 => {
                    -(2.0 * centre) as i32
                        + mobility(pos, i, ours, &LINES, true)
                        + mobility(pos, i, ours, &DIAGONALS, true)
                }
                _ => king(pos, f, r, us, forward, centre, eg, own),
            };
        }
    }
    score
}

/// Cells a piece reaches (empty or enemy), by jumps or along rays.
fn mobility(pos: &Position, from: usize, ours: u8, dirs: &[i16], slide: bool) -> i32 {
    let mut n = 0;
    for &d in dirs {
        let mut at = from as i16;
        loop {
            at += d;
            let code = pos.code_at(at as usize);
            if code == OFF {
                break;
            }
            if code != EMPTY {
                if code & 8 != ours {
                    n += 1;
                }
                break;
            }
            n += 1;
            if !slide {
                break;
            }
        }
    }
    n
}

/// Ranks strictly ahead of `r` for a side moving `forward`, as a mask.
fn ahead(r: i32, forward: i32) -> u32 {
    if forward > 0 {
        (!0u32).checked_shl(r as u32 + 1).unwrap_or(0)
    } else {
        (1u32 << r) - 1
    }
}

#[allow(clippy::too_many_arguments)]
fn pawn(
    pos: &Position,
    f: i32,
    r: i32,
    us: Color,
    promo: i32,
    forward: i32,
    own: &PawnFiles,
    theirs: &PawnFiles,
) -> i32 {
    let start = if us == Color::White {
        1
    } else {
        pos.ranks() as i32 - 2
    };
    let advanced = ((r - start) * forward).max(0);
    let to_go = ((promo - r) * forward).max(1);
    let mut s = 6 * advanced;
    // Central pawns matter more early.
    let cf = (pos.files() as i32 - 1) as f32 / 2.0;
    if (f as f32 - cf).abs() < 1.0 {
        s += 8;
    }
    let file = f as usize + 1;
    if own[file].count_ones() > 1 {
        s -= 12; // doubled (counted on each)
    }
    if own[file - 1] == 0 && own[file + 1] == 0 {
        s -= 12; // isolated
    }
    let front = ahead(r, forward);
    let passed = (theirs[file - 1] | theirs[file] | theirs[file + 1]) & front == 0;
    if passed {
        // Ten ranks make a long way to go: the bonus grows fast near the end.
        let ranks = pos.ranks() as i32;
        let progress = (ranks - 1 - to_go).max(0);
        s += 10 + progress * progress * 3;
    }
    s
}

#[allow(clippy::too_many_arguments)]
fn king(
    pos: &Position,
    f: i32,
    r: i32,
    us: Color,
    forward: i32,
    centre: f32,
    eg: f32,
    own: &PawnFiles,
) -> i32 {
    let back = if us == Color::White {
        0
    } else {
        pos.ranks() as i32 - 1
    };
    let from_back = (r - back).abs();
    // Middlegame: stay home behind pawns. Endgame: come to the centre.
    let near = (1..=2)
        .map(|dr| r + dr * forward)
        .filter(|rank| (0..32).contains(rank))
        .fold(0u32, |m, rank| m | 1 << rank);
    let file = f as usize + 1;
    let shield = ((own[file - 1] & near).count_ones()
        + (own[file] & near).count_ones()
        + (own[file + 1] & near).count_ones()) as i32;
    let middle = -18 * from_back + 10 * shield;
    let end = -(5.0 * centre) as i32;
    ((1.0 - eg) * middle as f32 + eg * end as f32) as i32
}
