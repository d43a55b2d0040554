//! Bitboards for boards of at most 128 cells (the classic 8×10 among
//! them): a board as one `u128`, cell `rank * files + file`, and for every
//! cell the rays of the eight directions, a knight's jumps and a king's
//! ring, worked out once per board shape.
//!
//! A [`Position`](super::Position) on such a board keeps each side's
//! pieces of each kind as one of these beside its mailbox, so that the
//! evaluation's mobility and king attacks are a few table reads and a
//! popcount instead of a walk cell by cell. The move generator's own
//! attack test and its moves stay on the mailbox (by table they were no
//! faster), but a table read tells it which of the king's rays hold an
//! enemy slider at all, so that it walks only those. A slider's attacks
//! along a ray stop at the first piece in the way (included): the ray
//! beyond it is cut off with one lookup. Larger boards keep the walk.

use std::sync::OnceLock;

use super::square::{CELLS, STRIDE};

/// Cells a board may have to get tables.
const MAX: usize = 128;

/// The eight directions as (file, rank) steps: the first four raise the
/// cell number (the nearest piece on them is the lowest bit), the last
/// four lower it.
const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (1, -1),
];

/// Along files and ranks.
pub(crate) const LINES: [usize; 4] = [0, 1, 4, 5];
/// Along diagonals.
pub(crate) const DIAGONALS: [usize; 4] = [2, 3, 6, 7];

/// No cell: a mailbox index off the board.
const OFF: u8 = u8::MAX;

/// The tables of one board shape.
pub(crate) struct Tables {
    /// Each direction's ray from each cell, the cell itself left out.
    rays: [[u128; MAX]; 8],
    knight: [u128; MAX],
    /// The four line rays of each cell together, and the four diagonal
    /// ones: where neither holds a slider, no ray needs a look.
    lines: [u128; MAX],
    diagonals: [u128; MAX],
    /// A cell and its neighbours.
    ring: [u128; MAX],
    /// The cell of each mailbox index ([`OFF`] off the board).
    cell_of: [u8; CELLS],
    /// The mailbox index, file and rank of each cell.
    at: [(u16, u8, u8); MAX],
    /// The number of files: a rank up is this many cells on.
    files: u32,
    /// All cells but those of the first file, and of the last: where a
    /// pawn may take towards the last file, or the first.
    not_first: u128,
    not_last: u128,
    /// All cells of the board.
    board: u128,
}

/// One set of tables per shape (files and ranks 1–16), made on first use.
static SHAPES: [OnceLock<Box<Tables>>; 17 * 17] = [const { OnceLock::new() }; 17 * 17];

impl Tables {
    /// The tables for a board of `files` × `ranks`, or `None` when it has
    /// more than 128 cells.
    pub(crate) fn get(files: u8, ranks: u8) -> Option<&'static Tables> {
        if usize::from(files) * usize::from(ranks) > MAX || files > 16 || ranks > 16 {
            return None;
        }
        let slot = &SHAPES[usize::from(files) * 17 + usize::from(ranks)];
        Some(slot.get_or_init(|| Box::new(Tables::new(files, ranks))))
    }

    fn new(files: u8, ranks: u8) -> Tables {
        let (fs, rs) = (files as i8, ranks as i8);
        let on = |f: i8, r: i8| (0..fs).contains(&f) && (0..rs).contains(&r);
        let cell = |f: i8, r: i8| r as usize * files as usize + f as usize;
        let bit = |f: i8, r: i8| 1u128 << cell(f, r);
        let mut t = Tables {
            rays: [[0; MAX]; 8],
            knight: [0; MAX],
            lines: [0; MAX],
            diagonals: [0; MAX],
            ring: [0; MAX],
            cell_of: [OFF; CELLS],
            at: [(0, 0, 0); MAX],
            files: u32::from(files),
            not_first: 0,
            not_last: 0,
            board: 0,
        };
        for r in 0..rs {
            for f in 0..fs {
                let c = cell(f, r);
                let mailbox = (r as i16 + 2) * STRIDE + f as i16 + 1;
                t.cell_of[mailbox as usize] = c as u8;
                t.board |= bit(f, r);
                if f > 0 {
                    t.not_first |= bit(f, r);
                }
                if f < fs - 1 {
                    t.not_last |= bit(f, r);
                }
                t.at[c] = (mailbox as u16, f as u8, r as u8);
                t.ring[c] |= bit(f, r);
                for (d, &(df, dr)) in DIRS.iter().enumerate() {
                    let (mut x, mut y) = (f + df, r + dr);
                    while on(x, y) {
                        t.rays[d][c] |= bit(x, y);
                        if LINES.contains(&d) {
                            t.lines[c] |= bit(x, y);
                        } else {
                            t.diagonals[c] |= bit(x, y);
                        }
                        x += df;
                        y += dr;
                    }
                    if on(f + df, r + dr) {
                        t.ring[c] |= bit(f + df, r + dr);
                    }
                }
                for (df, dr) in [
                    (1, 2),
                    (2, 1),
                    (2, -1),
                    (1, -2),
                    (-1, -2),
                    (-2, -1),
                    (-2, 1),
                    (-1, 2),
                ] {
                    if on(f + df, r + dr) {
                        t.knight[c] |= bit(f + df, r + dr);
                    }
                }
            }
        }
        t
    }

    /// The cell of mailbox index `i`, if it is on the board.
    #[inline]
    pub(crate) fn cell_of(&self, i: usize) -> Option<usize> {
        let c = self.cell_of[i];
        (c != OFF).then_some(usize::from(c))
    }

    /// The mailbox index, file and rank of cell `c`.
    #[inline]
    pub(crate) fn at(&self, c: usize) -> (usize, u8, u8) {
        let (i, f, r) = self.at[c];
        (usize::from(i), f, r)
    }

    /// What a slider on `c` reaches along directions `dirs` (indices into
    /// the eight) with pieces on `occ`: every cell up to and including the
    /// first piece on each ray.
    #[inline]
    pub(crate) fn slide(&self, c: usize, occ: u128, dirs: [usize; 4]) -> u128 {
        let mut all = 0;
        for d in dirs {
            let ray = self.rays[d][c];
            let hit = ray & occ;
            all |= if d < 4 {
                // Up the cell numbers the nearest piece is the lowest bit:
                // it and the bits below it are `hit ^ (hit - 1)` (all of
                // them when nothing is in the way).
                ray & (hit ^ hit.wrapping_sub(1))
            } else {
                // Down them, the highest: the ray beyond it is cut off by
                // a lookup (a stop at cell 0, from which no ray goes down,
                // spares an open ray a branch).
                let first = 127 - (hit | 1).leading_zeros();
                ray ^ self.rays[d][first as usize]
            };
        }
        all
    }

    /// Which of the eight rays from `c` hold a piece of `lines` (along
    /// the first four mailbox directions, `N, -N, E, -E`) or of
    /// `diagonals` (along the last four, `N+E, N-E, -N+E, -N-E`): bit `i`
    /// for the mailbox direction `i`. A walk that way finds no slider
    /// where the bit is 0.
    #[inline]
    pub(crate) fn rays_holding(&self, c: usize, lines: u128, diagonals: u128) -> u8 {
        // The bitboard direction of each mailbox one.
        const DIR: [usize; 8] = [0, 4, 1, 5, 2, 3, 7, 6];
        if self.lines[c] & lines | self.diagonals[c] & diagonals == 0 {
            return 0;
        }
        let mut mask = 0;
        for (i, d) in DIR.into_iter().enumerate() {
            let pieces = if i < 4 { lines } else { diagonals };
            mask |= u8::from(self.rays[d][c] & pieces != 0) << i;
        }
        mask
    }

    /// The cells a knight on `c` jumps to.
    #[inline]
    pub(crate) fn knight(&self, c: usize) -> u128 {
        self.knight[c]
    }

    /// The cells the pawns `pawns` of colour index `side` (White 0,
    /// moving up) attack, all at once: the board shifted a rank and a
    /// file each way.
    #[inline]
    pub(crate) fn pawns(&self, side: usize, pawns: u128) -> u128 {
        let (left, right) = (pawns & self.not_first, pawns & self.not_last);
        let n = self.files;
        let att = if side == 0 {
            left << (n - 1) | right << (n + 1)
        } else {
            left >> (n + 1) | right >> (n - 1)
        };
        att & self.board
    }

    /// `c` and the cells next to it.
    #[inline]
    pub(crate) fn ring(&self, c: usize) -> u128 {
        self.ring[c]
    }
}

/// The cells of a board, lowest first.
pub(crate) fn cells(b: u128) -> Cells {
    Cells {
        lo: b as u64,
        hi: (b >> 64) as u64,
    }
}

/// The cells of a board, lowest first: the low word's, then the high
/// word's (two native 64-bit scans, where one 128-bit scan tests which
/// word to look in at every step).
pub(crate) struct Cells {
    lo: u64,
    hi: u64,
}

impl Iterator for Cells {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.lo != 0 {
            let c = self.lo.trailing_zeros() as usize;
            self.lo &= self.lo - 1;
            Some(c)
        } else if self.hi != 0 {
            let c = self.hi.trailing_zeros() as usize;
            self.hi &= self.hi - 1;
            Some(64 + c)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rook_stops_at_the_first_piece_each_way_and_takes_it_in() {
        let t = Tables::get(8, 10).expect("80 cells");
        let cell = |f: usize, r: usize| r * 8 + f;
        // A rook on d5; pieces on d7 and b5: up to d7, left to b5.
        let occ = 1u128 << cell(3, 6) | 1u128 << cell(1, 4);
        let att = t.slide(cell(3, 4), occ, LINES);
        assert_eq!(att.count_ones(), 2 + 2 + 4 + 4);
        assert!(att >> cell(3, 6) & 1 == 1 && att >> cell(3, 7) & 1 == 0);
        assert!(att >> cell(0, 4) & 1 == 0);
        // A corner knight has two jumps; a corner ring four cells.
        assert_eq!(t.knight(0).count_ones(), 2);
        assert_eq!(t.ring(0).count_ones(), 4);
        // A white pawn on a2 takes on b3 only; a black one on d5 on c4, e4.
        assert_eq!(t.pawns(0, 1u128 << cell(0, 1)), 1u128 << cell(1, 2));
        assert_eq!(
            t.pawns(1, 1u128 << cell(3, 4)),
            1u128 << cell(2, 3) | 1u128 << cell(4, 3)
        );
        // All at once: nothing wraps round an edge or leaves the board.
        let (h10, h1) = (1u128 << cell(7, 9), 1u128 << cell(7, 0));
        assert_eq!(t.pawns(0, h10 | 1u128 << cell(7, 1)), 1u128 << cell(6, 2));
        assert_eq!(t.pawns(1, h1), 0);
        assert_eq!(t.pawns(0, 1u128 << cell(3, 4)).count_ones(), 2);
        let (i, f, r) = t.at(cell(3, 4));
        assert_eq!((f, r), (3, 4));
        assert_eq!(t.cell_of(i), Some(cell(3, 4)));
        assert!(Tables::get(12, 12).is_none());
    }
}
