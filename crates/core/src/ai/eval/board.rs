//! The evaluation's counts on boards of at most 128 cells, by bitboards:
//! each kind of piece in its own loop, its attacks a table read or a
//! slide, its moves and its reach into the enemy king's ring a popcount.
//! The same counts as the walk over the mailbox (a test checks), at a
//! fraction of the cost: the search evaluates at about a third of its
//! nodes.

use super::super::threats::Attacks;
use super::pawns::{SHAPE, Structure};
use super::{Bits, FEATURES, Side, threat_counts};
use crate::chess::bits::{self, DIAGONALS, LINES};
use crate::chess::{Color, Position};

/// Pawn, knight, bishop, rook, queen and king: indices into a side's
/// pieces by kind.
const PAWN: usize = 0;
const KNIGHT: usize = 1;
const BISHOP: usize = 2;
const ROOK: usize = 3;
const QUEEN: usize = 4;
const KING: usize = 5;

/// Each side's counts and threats into `x`.
/// `pawns` is the pawn structure's part, worked out already.
pub(super) fn counts(
    pos: &Position,
    b: &Bits,
    sides: &[Side; 2],
    pawns: &Structure,
    x: &mut [[i32; FEATURES]; 2],
) {
    let mut a = [Attacks::NONE; 2];
    for side in 0..2 {
        let s = &sides[side];
        for (x, shape) in x[side][SHAPE].iter_mut().zip(pawns.shape[side]) {
            *x += shape;
        }
        for c in bits::cells(pawns.passed[side]) {
            let (_, f, r) = b.t.at(c);
            s.race(i32::from(f), i32::from(r), &mut x[side]);
        }
        a[side] = one_side(b, side, s, &sides[1 - side], &mut x[side]);
        if let Some(k) = b.t.cell_of(pos.king(Color::ALL[side]).index()) {
            a[side].checks = [
                b.t.knight(k),
                b.t.slide(k, b.occ, DIAGONALS),
                b.t.slide(k, b.occ, LINES),
            ];
        }
    }
    threat_counts(&a, pos.turn().index(), x);
}

/// One side's counts into `x`, and what its pieces stand on and attack.
/// `s` is its view of the board, `enemy` the other side's (whose
/// `guarded` is the cells our pawns attack).
fn one_side(
    b: &Bits,
    side: usize,
    s: &Side,
    enemy: &Side,
    x: &mut [i32; FEATURES],
) -> Attacks<u128> {
    let (t, by) = (b.t, &b.by[side]);
    let mut a = Attacks::NONE;
    a.on = *by;
    a.by[PAWN] = enemy.guarded;
    for k in PAWN..KING {
        x[k] += by[k].count_ones() as i32;
    }
    let pieces = by[KNIGHT] | by[BISHOP] | by[ROOK] | by[QUEEN];
    x[25] += (pieces & s.guarded).count_ones() as i32;
    let at = |c: usize| {
        let (_, f, r) = t.at(c);
        (i32::from(f), i32::from(r))
    };
    // A piece's moves (to cells neither ours nor guarded by an enemy
    // pawn: features 9 to 12, knight to queen) and its attacks next to
    // the enemy king.
    let mut reach = |k: usize, att: u128, x: &mut [i32; FEATURES]| {
        let near = (att & s.ring_bits).count_ones() as i32;
        x[8 + k] += (att & !s.barred).count_ones() as i32;
        x[24] += near;
        a.add(k, att, near);
    };
    for c in bits::cells(by[KNIGHT]) {
        let (f, r) = at(c);
        x[5] += s.centre(f, r);
        x[34] += s.outpost(f, r);
        reach(KNIGHT, t.knight(c), x);
    }
    for c in bits::cells(by[BISHOP]) {
        let (f, r) = at(c);
        x[6] += s.centre(f, r);
        x[34] += s.outpost(f, r);
        reach(BISHOP, t.slide(c, b.occ, DIAGONALS), x);
    }
    for c in bits::cells(by[ROOK]) {
        let (f, r) = at(c);
        x[35] += s.on_their_pawns_rank(r);
        s.rook_files(f, x);
        reach(ROOK, t.slide(c, b.occ, LINES), x);
    }
    for c in bits::cells(by[QUEEN]) {
        let (f, r) = at(c);
        x[7] += s.centre(f, r);
        let att = t.slide(c, b.occ, LINES) | t.slide(c, b.occ, DIAGONALS);
        reach(QUEEN, att, x);
    }
    for c in bits::cells(by[KING]) {
        let (f, r) = at(c);
        s.king(f, r, x);
        a.add(KING, t.ring(c) & !(1 << c), 0);
    }
    a
}
