//! The pawns' part of the evaluation, kept from one evaluation to the
//! next: the search meets the same pawn structure at nearly every node,
//! as only pawn moves and captures of pawns change it. A small table per
//! thread, by the two sides' pawns and the board's shape, holds each
//! structure's files, its counts that depend on the pawns alone and its
//! passed pawns (the kings' race to them is counted afresh).

use std::cell::RefCell;

use super::{Bits, FEATURES, PawnFiles, Side};
use crate::chess::{Position, bits};

/// Entries in a thread's table (a power of two).
const SLOTS: usize = 4096;

/// Features 15 to 20: the counts of [`Side::pawn_shape`].
pub(super) const SHAPE: std::ops::Range<usize> = 15..21;

/// One pawn structure on one board shape.
#[derive(Clone)]
pub(super) struct Structure {
    /// What the entry is for.
    key: Key,
    /// Each side's pawns by file, a bit per rank.
    pub(super) files: [PawnFiles; 2],
    /// Each side's counts of features 15 to 20.
    pub(super) shape: [[i32; 6]; 2],
    /// Each side's passed pawns.
    pub(super) passed: [u128; 2],
}

thread_local! {
    static TABLE: RefCell<Vec<Option<Structure>>> = const { RefCell::new(Vec::new()) };
}

/// Each side's pawns, and the board's files, ranks and promotion ranks.
type Key = ([u128; 2], [u8; 4]);

/// What identifies `b`'s pawn structure on `pos`'s board, and its slot.
fn key(pos: &Position, b: &Bits) -> (Key, usize) {
    let pawns = [b.by[0][0], b.by[1][0]];
    let promo = pos.rules().promotion_rank;
    let shape = [pos.files(), pos.ranks(), promo[0], promo[1]];
    let fold = |p: u128| (p as u64) ^ (p >> 64) as u64 ^ (p >> 101) as u64;
    let h = fold(pawns[0]).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ fold(pawns[1]).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    ((pawns, shape), (h >> 40) as usize & (SLOTS - 1))
}

/// Calls `count` with both sides' views and the pawn structure on `pos`:
/// the table's, or worked out and then kept.
pub(super) fn with_structure<R>(
    pos: &Position,
    b: &Bits,
    count: impl FnOnce(&[Side; 2], &Structure) -> R,
) -> R {
    let (key, slot) = key(pos, b);
    TABLE.with(|t| {
        let mut t = t.borrow_mut();
        if t.is_empty() {
            t.resize(SLOTS, None);
        }
        if let Some(e) = t[slot].as_ref().filter(|e| e.key == key) {
            return count(&Side::pair(pos, &e.files, Some(b)), e);
        }
        let files = files(b);
        let sides = Side::pair(pos, &files, Some(b));
        let e = analyse(key, b, &sides, files);
        let r = count(&sides, &e);
        t[slot] = Some(e);
        r
    })
}

/// Each side's pawns by file, from the bitboards.
pub(super) fn files(b: &Bits) -> [PawnFiles; 2] {
    let mut files = [[0; 18]; 2];
    for (side, files) in files.iter_mut().enumerate() {
        for cell in bits::cells(b.by[side][0]) {
            let (_, f, r) = b.t.at(cell);
            files[f as usize + 1] |= 1 << r;
        }
    }
    files
}

/// Works out the structure `key` on `b`, with the sides' views made
/// from `files`.
fn analyse(key: Key, b: &Bits, sides: &[Side; 2], files: [PawnFiles; 2]) -> Structure {
    let mut e = Structure {
        key,
        files,
        shape: [[0; 6]; 2],
        passed: [0; 2],
    };
    for (side, s) in sides.iter().enumerate() {
        let mut x = [0; FEATURES];
        for cell in bits::cells(b.by[side][0]) {
            let (_, f, r) = b.t.at(cell);
            if s.pawn_shape(i32::from(f), i32::from(r), &mut x) {
                e.passed[side] |= 1 << cell;
            }
        }
        e.shape[side].copy_from_slice(&x[SHAPE]);
    }
    e
}
