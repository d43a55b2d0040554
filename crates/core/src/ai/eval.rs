//! The evaluation: how good a position looks to the side to move, in
//! centipawns. Made for boards of any preset size: piece-square terms are
//! computed from the board's shape (distance to the centre, ranks to
//! promotion) rather than read from 8×8 tables.

use crate::chess::{Color, Piece, Position, Role, Square};

/// Material values in centipawns, by [`Role`] order (pawn … king).
pub const VALUE: [i32; 6] = [100, 310, 330, 500, 950, 0];

/// The value of a role.
pub fn value(role: Role) -> i32 {
    VALUE[role as usize - 1]
}

const KNIGHT_JUMPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const DIAGONALS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const LINES: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// Material and position from `pos.turn()`'s point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let white = side_score(pos, Color::White) - side_score(pos, Color::Black);
    let tempo = 10;
    match pos.turn() {
        Color::White => white + tempo,
        Color::Black => -white + tempo,
    }
}

/// How far the game is towards the endgame: 0 with all pieces, 1 with
/// none but kings and pawns.
fn endgame(pos: &Position) -> f32 {
    let heavy: i32 = pos
        .pieces()
        .filter(|(_, p)| !matches!(p.role, Role::Pawn | Role::King))
        .map(|(_, p)| value(p.role))
        .sum();
    // Two rooks, two bishops, two knights and a queen a side.
    let full = 2 * (2 * 500 + 2 * 330 + 2 * 310 + 950);
    (1.0 - heavy as f32 / full as f32).clamp(0.0, 1.0)
}

fn side_score(pos: &Position, us: Color) -> i32 {
    let (files, ranks) = (pos.files() as i32, pos.ranks() as i32);
    let cf = (files - 1) as f32 / 2.0;
    let cr = (ranks - 1) as f32 / 2.0;
    let eg = endgame(pos);
    let own_pawns: Vec<Square> = pos
        .pieces()
        .filter(|(_, p)| *p == Piece::new(us, Role::Pawn))
        .map(|(s, _)| s)
        .collect();
    let their_pawns: Vec<Square> = pos
        .pieces()
        .filter(|(_, p)| *p == Piece::new(!us, Role::Pawn))
        .map(|(s, _)| s)
        .collect();
    let forward = if us == Color::White { 1 } else { -1 };
    let promo = pos.rules().promotion_rank[us.index()] as i32;
    let mut score = 0;
    for (sq, p) in pos.pieces().filter(|(_, p)| p.color == us) {
        let (f, r) = (sq.file() as i32, sq.rank() as i32);
        let centre = (f as f32 - cf).abs() + (r as f32 - cr).abs();
        score += value(p.role);
        score += match p.role {
            Role::Pawn => pawn(pos, sq, us, promo, forward, &own_pawns, &their_pawns),
            Role::Knight => {
                -(6.0 * centre) as i32 + 4 * mobility(pos, sq, us, &KNIGHT_JUMPS, false)
            }
            Role::Bishop => -(3.0 * centre) as i32 + 4 * mobility(pos, sq, us, &DIAGONALS, true),
            Role::Rook => {
                let open_file = !own_pawns.iter().any(|s| s.file() as i32 == f);
                let half = !their_pawns.iter().any(|s| s.file() as i32 == f);
                2 * mobility(pos, sq, us, &LINES, true)
                    + if open_file { 12 } else { 0 }
                    + if open_file && half { 8 } else { 0 }
            }
            Role::Queen => {
                -(2.0 * centre) as i32
                    + mobility(pos, sq, us, &LINES, true)
                    + mobility(pos, sq, us, &DIAGONALS, true)
            }
            Role::King => king(pos, sq, us, forward, centre, eg, &own_pawns),
        };
    }
    score
}

/// Cells a piece reaches (empty or enemy), by jumps or along rays.
fn mobility(pos: &Position, sq: Square, us: Color, dirs: &[(i32, i32)], slide: bool) -> i32 {
    let mut n = 0;
    for &(df, dr) in dirs {
        let mut at = sq;
        while let Some(next) = at.offset(df, dr).filter(|s| pos.contains(*s)) {
            match pos.piece_at(next) {
                None => n += 1,
                Some(p) => {
                    if p.color != us {
                        n += 1;
                    }
                    break;
                }
            }
            if !slide {
                break;
            }
            at = next;
        }
    }
    n
}

fn pawn(
    pos: &Position,
    sq: Square,
    us: Color,
    promo: i32,
    forward: i32,
    own: &[Square],
    theirs: &[Square],
) -> i32 {
    let (f, r) = (sq.file() as i32, sq.rank() as i32);
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
    if own.iter().any(|o| o.file() as i32 == f && *o != sq) {
        s -= 12; // doubled (counted on each)
    }
    if !own.iter().any(|o| (o.file() as i32 - f).abs() == 1) {
        s -= 12; // isolated
    }
    let passed = !theirs
        .iter()
        .any(|t| (t.file() as i32 - f).abs() <= 1 && (t.rank() as i32 - r) * forward > 0);
    if passed {
        // Ten ranks make a long way to go: the bonus grows fast near the end.
        let ranks = pos.ranks() as i32;
        let progress = (ranks - 1 - to_go).max(0);
        s += 10 + progress * progress * 3;
    }
    s
}

fn king(
    pos: &Position,
    sq: Square,
    us: Color,
    forward: i32,
    centre: f32,
    eg: f32,
    own_pawns: &[Square],
) -> i32 {
    let (f, r) = (sq.file() as i32, sq.rank() as i32);
    let back = if us == Color::White {
        0
    } else {
        pos.ranks() as i32 - 1
    };
    let from_back = (r - back).abs();
    // Middlegame: stay home behind pawns. Endgame: come to the centre.
    let shield = own_pawns
        .iter()
        .filter(|p| {
            let dr = (p.rank() as i32 - r) * forward;
            (p.file() as i32 - f).abs() <= 1 && (1..=2).contains(&dr)
        })
        .count() as i32;
    let middle = -18 * from_back + 10 * shield;
    let end = -(5.0 * centre) as i32;
    ((1.0 - eg) * middle as f32 + eg * end as f32) as i32
}
