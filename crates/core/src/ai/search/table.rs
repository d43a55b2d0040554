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

/// What the table knows of a position, as a probe answers it.
#[derive(Copy, Clone, Default)]
pub(crate) struct Entry {
    pub(crate) mv: Option<Move>,
    score: i32,
    pub(crate) depth: i8,
    pub(crate) bound: Bound,
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

/// One entry as stored: 16 bytes, so that a bucket of four fills one
/// 64-byte cache line (a probe reads one line, not two or three).
#[derive(Copy, Clone, Default)]
struct Slot {
    /// The key's low half (its high half picked the bucket).
    check: u32,
    mv: Option<Move>,
    score: i16,
    /// The static evaluation, or `NO_EVAL`.
    eval: i16,
    depth: i8,
    /// Bits 0–1: the bound (0 empty, then exact, lower, upper); 2–7: the
    /// search's generation, modulo 64.
    meta: u8,
}

const NO_EVAL: i16 = i16::MIN;
const GENERATIONS: u8 = 64;

impl Slot {
    fn bound(&self) -> Option<Bound> {
        match self.meta & 3 {
            1 => Some(Bound::Exact),
            2 => Some(Bound::Lower),
            3 => Some(Bound::Upper),
            _ => None,
        }
    }

    fn generation(&self) -> u8 {
        self.meta >> 2
    }

    fn holds(&self, check: u32) -> bool {
        self.check == check && self.meta & 3 != 0
    }

    fn entry(&self) -> Option<Entry> {
        Some(Entry {
            mv: self.mv,
            score: i32::from(self.score),
            depth: self.depth,
            bound: self.bound()?,
            eval: (self.eval != NO_EVAL).then_some(i32::from(self.eval)),
        })
    }
}

const WAYS: usize = 4;

/// Four slots on one cache line.
#[derive(Copy, Clone, Default)]
#[repr(align(64))]
struct Bucket([Slot; WAYS]);

const _: () = assert!(std::mem::size_of::<Bucket>() == 64);
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
    buckets: Vec<Bucket>,
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
        let n = (bytes / std::mem::size_of::<Bucket>()).max(1);
        // A power of two, so that a mask picks the bucket.
        let n = 1usize << (usize::BITS - 1 - n.leading_zeros());
        Table {
            buckets: vec![Bucket::default(); n],
            generation: 0,
            evals: vec![(0, 0); (n / 2).max(1)],
            heuristics: None,
        }
    }

    /// A table of one bucket: the placeholder a search keeps once it has
    /// given its table back.
    pub(crate) fn empty() -> Table {
        Table {
            buckets: vec![Bucket::default(); 1],
            generation: 0,
            evals: vec![(0, 0); 1],
            heuristics: None,
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
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
        self.generation = (self.generation + 1) % GENERATIONS;
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
                _mm_prefetch::<_MM_HINT_T0>((&raw const *bucket).cast());
                _mm_prefetch::<_MM_HINT_T0>((&raw const self.evals[slot]).cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let check = key as u32;
        self.buckets[self.bucket(key)]
            .0
            .iter()
            .find(|e| e.holds(check))
            .and_then(Slot::entry)
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
        let check = key as u32;
        let b = self.bucket(key);
        let bucket = &mut self.buckets[b].0;
        // The same position, or else the least worth keeping: empty,
        // shallow and old.
        let slot = bucket
            .iter()
            .position(|e| e.holds(check))
            .unwrap_or_else(|| {
                let worth = |e: &Slot| match e.bound() {
                    None => i32::MIN,
                    Some(_) => {
                        let age = (generation + GENERATIONS - e.generation()) % GENERATIONS;
                        i32::from(e.depth) - 8 * i32::from(age)
                    }
                };
                (0..WAYS).min_by_key(|&i| worth(&bucket[i])).unwrap_or(0)
            });
        let e = &mut bucket[slot];
        let same = e.holds(check);
        if same
            && depth < i32::from(e.depth) - 2
            && bound != Bound::Exact
            && e.generation() == generation
        {
            // A deeper result of this search stays.
            return;
        }
        let mv = mv.or(if same { e.mv } else { None });
        let eval = eval.or(if same {
            e.entry().and_then(|e| e.eval)
        } else {
            None
        });
        let code = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        *e = Slot {
            check,
            mv,
            // Scores and evaluations lie within ±32,000 (INF).
            score: to_table(score, ply).clamp(-32_000, 32_000) as i16,
            eval: eval.map_or(NO_EVAL, |v| v.clamp(-32_000, 32_000) as i16),
            depth: depth.clamp(-1, 120) as i8,
            meta: code | generation << 2,
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
