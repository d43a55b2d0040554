//! The transposition table: buckets of four entries, kept from one search
//! to the next (the UCI `Hash` option sizes it, `ucinewgame` clears it).
//! Mate scores are stored as distances from the node, not from the root,
//! so that a mate found in one line reads right in another. Beside it, a
//! cache of static evaluations (a sixteenth of the table's size): most
//! evaluations are the quiescence search's, which only reads the
//! table, and each iteration meets the last one's leaves again. It also
//! carries the move histories from one move's search to the next.

use crate::chess::Move;

use super::super::MATE;
use super::order::Heuristics;

/// What a stored score says about the true one.
#[derive(Copy, Clone, Default, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// The score itself.
    #[default]
    Exact,
    /// At least the score.
    Lower,
    /// At most the score.
    Upper,
}

#[derive(Copy, Clone, Default)]
pub(crate) struct Entry {
    key: u64,
    pub(crate) mv: Option<Move>,
    score: i32,
    pub(crate) depth: i8,
    pub(crate) bound: Bound,
    generation: u8,
    /// The static evaluation, when the node computed one.
    eval: Option<i32>,
}

impl Entry {
    /// The score seen from a node `ply` plies below the root.
    pub(crate) fn score(&self, ply: usize) -> i32 {
        from_table(self.score, ply)
    }

    /// The stored score, where its bound settles the window
    /// (`alpha`, `beta`) of a node `ply` plies below the root.
    pub(crate) fn cutoff(&self, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
        let s = self.score(ply);
        match self.bound {
            Bound::Exact => Some(s),
            Bound::Lower if s >= beta => Some(s),
            Bound::Upper if s <= alpha => Some(s),
            _ => None,
        }
    }

    /// The static evaluation stored with it, if any.
    pub(crate) fn eval(&self) -> Option<i32> {
        self.eval
    }
}

const WAYS: usize = 4;
/// Mates are scored ±(MATE − plies); anything this close is one.
const MATE_BOUND: i32 = MATE - 1000;

fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The engine's memory of positions it has searched.
pub struct Table {
    buckets: Vec<[Entry; WAYS]>,
    generation: u8,
    /// Static evaluations by key (key 0: empty).
    evals: Vec<(u64, i32)>,
    /// What the last search learnt of moves (histories, countermoves),
    /// for the next move's search to start from.
    pub(crate) heuristics: Option<Box<Heuristics>>,
}

impl Table {
    /// A table of about `mb` megabytes (at least one bucket; capped at 4 GB).
    pub fn with_megabytes(mb: usize) -> Table {
        let bytes = mb.clamp(1, 4096) * 1024 * 1024;
        let n = (bytes / std::mem::size_of::<[Entry; WAYS]>()).max(1);
        // A power of two, so that a mask picks the bucket.
        let n = 1usize << (usize::BITS - 1 - n.leading_zeros());
        Table {
            buckets: vec![[Entry::default(); WAYS]; n],
            generation: 0,
            evals: vec![(0, 0); (n / 2).max(1)],
            heuristics: None,
        }
    }

    /// A table of one bucket: the placeholder a search keeps once it has
    /// given its table back.
    pub(crate) fn empty() -> Table {
        Table {
            buckets: vec![[Entry::default(); WAYS]; 1],
            generation: 0,
            evals: vec![(0, 0); 1],
            heuristics: None,
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.buckets.fill([Entry::default(); WAYS]);
        self.evals.fill((0, 0));
        self.generation = 0;
        self.heuristics = None;
    }

    /// The static evaluation of the position with `key`, computed by
    /// `eval` unless it is cached.
    pub(crate) fn eval(&mut self, key: u64, eval: impl FnOnce() -> i32) -> i32 {
        // The low bits pick the slot (the buckets use the high ones).
        let slot = key as usize & (self.evals.len() - 1);
        let (k, v) = self.evals[slot];
        if k == key && key != 0 {
            return v;
        }
        let v = eval();
        self.evals[slot] = (key, v);
        v
    }

    /// Marks the start of a new search: older entries give way first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn bucket(&self, key: u64) -> usize {
        // The high bits pick the bucket; the whole key is checked.
        (key >> 32) as usize & (self.buckets.len() - 1)
    }

    /// Asks the processor to fetch `key`'s bucket and evaluation slot
    /// now, so that the child's probe a little later finds them in cache:
    /// the probe's first read was the search's costliest instruction.
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket = &self.buckets[self.bucket(key)];
            let slot = key as usize & (self.evals.len() - 1);
            // SAFETY: a prefetch is a hint that reads nothing and cannot
            // fault; both pointers are in bounds anyway (indexed above),
            // and SSE, which it needs, is in every x86-64 processor.
            unsafe {
                // A bucket is 128 bytes: two or three cache lines.
                _mm_prefetch::<_MM_HINT_T0>(bucket.as_ptr().cast());
                _mm_prefetch::<_MM_HINT_T0>((&raw const bucket[2]).cast());
                _mm_prefetch::<_MM_HINT_T0>((&raw const bucket[WAYS - 1].eval).cast());
                _mm_prefetch::<_MM_HINT_T0>((&raw const self.evals[slot]).cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        self.buckets[self.bucket(key)]
            .iter()
            .find(|e| e.key == key && (e.mv.is_some() || e.depth != 0 || e.score != 0))
            .copied()
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store(
        &mut self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        depth: i32,
        bound: Bound,
        ply: usize,
        eval: Option<i32>,
    ) {
        let generation = self.generation;
        let b = self.bucket(key);
        let bucket = &mut self.buckets[b];
        // The same position, or else the least worth keeping: shallow and old.
        let slot = bucket.iter().position(|e| e.key == key).unwrap_or_else(|| {
            let worth = |e: &Entry| {
                i32::from(e.depth) - 8 * i32::from(generation.wrapping_sub(e.generation))
            };
            (0..WAYS).min_by_key(|&i| worth(&bucket[i])).unwrap_or(0)
        });
        let e = &mut bucket[slot];
        if e.key == key
            && depth < i32::from(e.depth) - 2
            && bound != Bound::Exact
            && e.generation == generation
        {
            // A deeper result of this search stays.
            return;
        }
        let mv = mv.or(if e.key == key { e.mv } else { None });
        let eval = eval.or(if e.key == key { e.eval } else { None });
        *e = Entry {
            key,
            mv,
            score: to_table(score, ply),
            depth: depth.clamp(-1, 120) as i8,
            bound,
            generation,
            eval,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_are_stored_relative_to_the_node() {
        let mut t = Table::with_megabytes(1);
        // A mate in 3 plies seen 5 plies below the root…
        t.store(42, None, MATE - 8, 4, Bound::Exact, 5, Some(17));
        // …is a mate in 3 plies from wherever the position is met again.
        let e = t.probe(42).expect("stored");
        assert_eq!(e.score(1), MATE - 4);
        assert_eq!(e.score(5), MATE - 8);
        assert_eq!(e.eval(), Some(17));
        // The evaluation cache answers for a key it has seen…
        assert_eq!(t.eval(42, || 5), 5);
        assert_eq!(t.eval(42, || panic!("evaluated twice")), 5);
        t.clear();
        assert!(t.probe(42).is_none());
        // …and forgets with the table, as it forgets the move histories.
        assert_eq!(t.eval(42, || 6), 6);
        t.heuristics = Some(Box::new(Heuristics::new()));
        t.clear();
        assert!(t.heuristics.is_none());
    }
}
