//! Solved sudoku grids of size 4, 6 or 9, generated from a seed.

use rand::Rng;
use rand::seq::SliceRandom;

/// Block shape (rows, columns) for a board size: 4 → 2×2, 6 → 2×3, 9 → 3×3.
pub fn block_shape(size: u8) -> Option<(u8, u8)> {
    match size {
        4 => Some((2, 2)),
        6 => Some((2, 3)),
        9 => Some((3, 3)),
        _ => None,
    }
}

/// A solved (or checked) sudoku: `size × size` digits 1..=size, row-major.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    /// Side length: 4, 6 or 9.
    pub size: u8,
    /// Digits, row by row.
    pub cells: Vec<u8>,
}

impl Grid {
    /// Digit at (row, column).
    pub fn at(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.size as usize + col]
    }

    /// Block index (row-major over blocks) of a cell index.
    pub fn block_of(size: u8, cell: usize) -> usize {
        let (br, bc) = block_shape(size).unwrap_or((size, 1));
        let n = size as usize;
        let (r, c) = (cell / n, cell % n);
        (r / br as usize) * (n / bc as usize) + c / bc as usize
    }

    /// True when every row, column and block holds each digit once.
    pub fn is_valid(&self) -> bool {
        let n = self.size as usize;
        if block_shape(self.size).is_none() || self.cells.len() != n * n {
            return false;
        }
        let full: u32 = ((1u32 << n) - 1) << 1;
        let mut rows = vec![0u32; n];
        let mut cols = vec![0u32; n];
        let mut blocks = vec![0u32; n];
        for (i, &d) in self.cells.iter().enumerate() {
            if d == 0 || d as usize > n {
                return false;
            }
            let bit = 1u32 << d;
            rows[i / n] |= bit;
            cols[i % n] |= bit;
            blocks[Self::block_of(self.size, i)] |= bit;
        }
        rows.iter().chain(&cols).chain(&blocks).all(|&m| m == full)
    }

    /// A random solved grid. Backtracking that always fills the cell with the
    /// fewest candidates, trying digits in random order: every solved grid
    /// can come out, and a 9×9 takes microseconds.
    pub fn random(size: u8, rng: &mut impl Rng) -> Option<Grid> {
        block_shape(size)?;
        let n = size as usize;
        let mut g = Filler {
            size,
            cells: vec![0; n * n],
            rows: vec![0; n],
            cols: vec![0; n],
            blocks: vec![0; n],
        };
        if g.fill(rng) {
            Some(Grid {
                size,
                cells: g.cells,
            })
        } else {
            None
        }
    }
}

struct Filler {
    size: u8,
    cells: Vec<u8>,
    rows: Vec<u32>,
    cols: Vec<u32>,
    blocks: Vec<u32>,
}

impl Filler {
    fn candidates(&self, i: usize) -> u32 {
        let n = self.size as usize;
        let used = self.rows[i / n] | self.cols[i % n] | self.blocks[Grid::block_of(self.size, i)];
        (((1u32 << n) - 1) << 1) & !used
    }

    fn set(&mut self, i: usize, d: u8, on: bool) {
        let n = self.size as usize;
        let bit = 1u32 << d;
        let b = Grid::block_of(self.size, i);
        if on {
            self.cells[i] = d;
            self.rows[i / n] |= bit;
            self.cols[i % n] |= bit;
            self.blocks[b] |= bit;
        } else {
            self.cells[i] = 0;
            self.rows[i / n] &= !bit;
            self.cols[i % n] &= !bit;
            self.blocks[b] &= !bit;
        }
    }

    fn fill(&mut self, rng: &mut impl Rng) -> bool {
        let mut best: Option<(usize, u32)> = None;
        for i in 0..self.cells.len() {
            if self.cells[i] != 0 {
                continue;
            }
            let c = self.candidates(i);
            if best.is_none_or(|(_, b)| c.count_ones() < b.count_ones()) {
                best = Some((i, c));
                if c.count_ones() <= 1 {
                    break;
                }
            }
        }
        let Some((i, cands)) = best else {
            return true; // full
        };
        let mut digits: Vec<u8> = (1..=self.size).filter(|&d| cands & (1 << d) != 0).collect();
        digits.shuffle(rng);
        for d in digits {
            self.set(i, d, true);
            if self.fill(rng) {
                return true;
            }
            self.set(i, d, false);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;
    use rand::SeedableRng;

    #[test]
    fn a_broken_grid_is_invalid() {
        let mut rng = GameRng::seed_from_u64(1);
        let mut g = Grid::random(6, &mut rng).expect("6×6 fills");
        assert!(g.is_valid());
        g.cells.swap(0, 1);
        assert!(!g.is_valid(), "two digits swapped in a row break columns");
    }
}
