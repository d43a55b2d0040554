//! Sets of squares: a bitset over the mailbox.

use std::fmt;

use super::square::{CELLS, Square};

/// A set of squares (a bitset over the mailbox).
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct SquareSet([u64; CELLS.div_ceil(64)]);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet([0; CELLS.div_ceil(64)]);

    /// Whether `sq` is in the set.
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        let i = sq.index();
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    /// Adds `sq`; returns whether it was new.
    #[inline]
    pub fn insert(&mut self, sq: Square) -> bool {
        let i = sq.index();
        let was = self.contains(sq);
        self.0[i / 64] |= 1 << (i % 64);
        !was
    }

    /// Removes `sq`; returns whether it was there.
    #[inline]
    pub fn remove(&mut self, sq: Square) -> bool {
        let i = sq.index();
        let was = self.contains(sq);
        self.0[i / 64] &= !(1 << (i % 64));
        was
    }

    /// The bits, 64 mailbox cells a word: for hot loops that walk a set
    /// without an iterator.
    #[inline]
    pub(crate) fn words(&self) -> &[u64; CELLS.div_ceil(64)] {
        &self.0
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Number of squares in the set.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Squares in both sets.
    pub fn intersection(&self, other: &SquareSet) -> SquareSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a &= *b;
        }
        out
    }

    /// Squares in `self` but not in `other`.
    pub fn difference(&self, other: &SquareSet) -> SquareSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a &= !*b;
        }
        out
    }

    /// Squares in either set.
    pub fn union(&self, other: &SquareSet) -> SquareSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0.iter()) {
            *a |= *b;
        }
        out
    }

    /// The squares in ascending index order (a1, b1, … then rank 2, …).
    pub fn iter(&self) -> Iter {
        Iter {
            words: self.0,
            word: 0,
        }
    }
}

/// The squares of a [`SquareSet`], in ascending index order.
pub struct Iter {
    words: [u64; CELLS.div_ceil(64)],
    word: usize,
}

impl Iterator for Iter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < self.words.len() {
            let w = &mut self.words[self.word];
            if *w != 0 {
                let b = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(Square((self.word * 64 + b) as u16));
            }
            self.word += 1;
        }
        None
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<T: IntoIterator<Item = Square>>(iter: T) -> Self {
        let mut s = SquareSet::EMPTY;
        for sq in iter {
            s.insert(sq);
        }
        s
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_set_basics() {
        let mut s = SquareSet::EMPTY;
        assert!(s.insert(Square::new(3, 3)));
        assert!(!s.insert(Square::new(3, 3)));
        s.insert(Square::new(15, 15));
        assert_eq!(s.len(), 2);
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            vec![Square::new(3, 3), Square::new(15, 15)]
        );
        assert!(s.remove(Square::new(3, 3)));
        assert_eq!(s.len(), 1);
    }
}
