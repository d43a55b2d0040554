//! The evaluation's counts on boards too big for bitboards (more than 128
//! cells): a walk over the mailbox, piece by piece, and along each
//! piece's rays. The same counts as the bitboards' (a test checks).

use super::super::threats::Attacks;
use super::{EMPTY, FEATURES, OFF, S, Side, each_piece, threat_counts};
use crate::chess::{Color, Position, Square, SquareSet};

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

/// [`super::features`]' counts by a walk over the mailbox, cell by cell.
pub(super) fn counts(pos: &Position, sides: &[Side; 2], x: &mut [[i32; FEATURES]; 2]) {
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
