//! The transposition table: buckets of four entries, kept from one search
//! to the next (the UCI `Hash` option sizes it, `ucinewgame` clears it)
//! and shared by the threads of one search (each entry two atomic words,
//! the first XORed with the second, so that a read torn by another
//! thread's write does not match its key and is skipped).
//! Mate scores are stored as distances from the node, not from the root,
//! so that a mate found in one line reads right in another. Beside it, a
//! cache of static evaluations (an eighth of the table's size): most
//! evaluations are the quiescence search's, which only reads the
//! table, and each iteration meets the last one's leaves again. It also
//! carries the move histories from one move's search to the next.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::chess::{Move, MoveKind, Role, Square, Wing};

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
    /// Whether the node was searched with an open window (on a principal
    /// variation) when this or an earlier entry for it was stored.
    pub(crate) pv: bool,
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

/// A move in 23 bits: from and to (9 bits each: the mailbox has 360
/// cells), the kind (4 bits), and bit 22 set for "a move".
fn pack_move(m: Option<Move>) -> u64 {
    let Some(m) = m else { return 0 };
    let kind: u64 = match m.kind {
        MoveKind::Normal => 0,
        MoveKind::Sapper => 1,
        MoveKind::Castle(Wing::King) => 2,
        MoveKind::Castle(Wing::Queen) => 3,
        MoveKind::Promotion(r) => 8 + r as u64,
    };
    1 << 22 | kind << 18 | u64::from(m.to.0 & 511) << 9 | u64::from(m.from.0 & 511)
}

/// The bits of a packed move.
const MOVE_BITS: u64 = (1 << 23) - 1;

fn unpack_move(bits: u64) -> Option<Move> {
    if bits >> 22 & 1 == 0 {
        return None;
    }
    let kind = match bits >> 18 & 15 {
        0 => MoveKind::Normal,
        1 => MoveKind::Sapper,
        2 => MoveKind::Castle(Wing::King),
        3 => MoveKind::Castle(Wing::Queen),
        k => MoveKind::Promotion(Role::from_u8((k - 8) as u8)),
    };
    Some(Move {
        from: Square((bits & 511) as u16),
        to: Square((bits >> 9 & 511) as u16),
        kind,
    })
}

/// One entry as read: the key's low half (its high half picked the
/// bucket), and what is known.
#[derive(Copy, Clone, Default)]
struct Slot {
    check: u32,
    /// The move, packed ([`pack_move`]).
    mv: u64,
    score: i16,
    /// The static evaluation, or `NO_EVAL`.
    eval: i16,
    depth: i8,
    /// Bits 0–1: the bound (0 empty, then exact, lower, upper); 2–6: the
    /// search's generation, modulo 32; 7: on a principal variation.
    meta: u8,
}

const NO_EVAL: i16 = i16::MIN;
const GENERATIONS: u8 = 32;

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
        self.meta >> 2 & (GENERATIONS - 1)
    }

    fn holds(&self, check: u32) -> bool {
        self.check == check && self.meta & 3 != 0
    }

    fn entry(&self) -> Option<Entry> {
        Some(Entry {
            mv: unpack_move(self.mv),
            score: i32::from(self.score),
            depth: self.depth,
            bound: self.bound()?,
            eval: (self.eval != NO_EVAL).then_some(i32::from(self.eval)),
            pv: self.meta >> 7 != 0,
        })
    }

    /// The two words: the key's check and the meta byte, XORed with the
    /// data (move, score, evaluation, depth) mixed, and the data.
    fn words(&self) -> [u64; 2] {
        let data = self.mv
            | u64::from(self.score as u16) << 23
            | u64::from(self.eval as u16) << 39
            | u64::from(self.depth as u8) << 55;
        [
            (u64::from(self.check) << 32 | u64::from(self.meta)) ^ mix(data),
            data,
        ]
    }

    /// The slot the two words hold, or an empty one where they do not
    /// belong together (a write by another thread came between).
    fn read(words: &[AtomicU64; 2]) -> Slot {
        let data = words[1].load(Relaxed);
        let head = words[0].load(Relaxed) ^ mix(data);
        if head >> 8 & 0xff_ffff != 0 {
            return Slot::default();
        }
        Slot {
            check: (head >> 32) as u32,
            mv: data & MOVE_BITS,
            score: (data >> 23) as u16 as i16,
            eval: (data >> 39) as u16 as i16,
            depth: (data >> 55) as u8 as i8,
            meta: head as u8,
        }
    }
}

/// The data spread over all 64 bits (an odd multiplier: the lowest bit
/// two data words differ in differs in the products too, and the bits
/// above it differ at random), so that the first word of one write and
/// the second of another fail the key check or the spare bits.
fn mix(data: u64) -> u64 {
    data.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

const WAYS: usize = 4;

/// Four slots on one cache line.
#[derive(Default)]
#[repr(align(64))]
struct Bucket([[AtomicU64; 2]; WAYS]);

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

/// The memory the threads share.
struct Store {
    buckets: Box<[Bucket]>,
    /// Static evaluations by key: the key XORed with the score, and the
    /// score (key 0: empty).
    evals: Box<[[AtomicU64; 2]]>,
}

impl Store {
    fn new(buckets: usize, evals: usize) -> Store {
        Store {
            buckets: (0..buckets).map(|_| Bucket::default()).collect(),
            evals: (0..evals).map(|_| Default::default()).collect(),
        }
    }
}

/// The engine's memory of positions it has searched.
pub struct Table {
    store: Arc<Store>,
    generation: u8,
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
            store: Arc::new(Store::new(n, (n / 2).max(1))),
            generation: 0,
            heuristics: None,
        }
    }

    /// A table of one bucket: the placeholder a search keeps once it has
    /// given its table back.
    pub(crate) fn empty() -> Table {
        Table {
            store: Arc::new(Store::new(1, 1)),
            generation: 0,
            heuristics: None,
        }
    }

    /// The same memory, for another thread of this search.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn share(&self) -> Table {
        Table {
            store: Arc::clone(&self.store),
            generation: self.generation,
            heuristics: None,
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        let zero = |w: &[AtomicU64; 2]| w.iter().for_each(|w| w.store(0, Relaxed));
        self.store.buckets.iter().flat_map(|b| &b.0).for_each(zero);
        self.store.evals.iter().for_each(zero);
        self.generation = 0;
        self.heuristics = None;
    }

    /// The static evaluation of the position with `key`, computed by
    /// `eval` unless it is cached.
    pub(crate) fn eval(&self, key: u64, eval: impl FnOnce() -> i32) -> i32 {
        // The low bits pick the slot (the buckets use the high ones).
        let evals = &self.store.evals;
        let slot = &evals[key as usize & (evals.len() - 1)];
        let v = slot[1].load(Relaxed);
        if slot[0].load(Relaxed) ^ v == key && key != 0 {
            return v as u32 as i32;
        }
        let v = eval();
        let data = u64::from(v as u32);
        slot[0].store(key ^ data, Relaxed);
        slot[1].store(data, Relaxed);
        v
    }

    /// Marks the start of a new search: older entries give way first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) % GENERATIONS;
    }

    fn bucket(&self, key: u64) -> &Bucket {
        // The high bits pick the bucket; the whole key is checked.
        let buckets = &self.store.buckets;
        &buckets[(key >> 32) as usize & (buckets.len() - 1)]
    }

    /// Asks the processor to fetch `key`'s bucket and evaluation slot
    /// now, so that the child's probe a little later finds them in cache:
    /// the probe's first read was the search's costliest instruction.
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let bucket = self.bucket(key);
            let evals = &self.store.evals;
            let slot = &evals[key as usize & (evals.len() - 1)];
            // SAFETY: a prefetch is a hint that reads nothing and cannot
            // fault; both pointers are in bounds anyway (indexed above),
            // and SSE, which it needs, is in every x86-64 processor.
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>((&raw const *bucket).cast());
                _mm_prefetch::<_MM_HINT_T0>((&raw const *slot).cast());
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let check = key as u32;
        self.bucket(key)
            .0
            .iter()
            // The key is checked before the rest is unpacked.
            .find(|w| {
                let head = w[0].load(Relaxed) ^ mix(w[1].load(Relaxed));
                (head >> 32) as u32 == check && head & 3 != 0
            })
            // Read again whole: another thread may have written between.
            .map(Slot::read)
            .filter(|s| s.holds(check))
            .and_then(|s| s.entry())
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store(
        &self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        depth: i32,
        (bound, pv): (Bound, bool),
        ply: usize,
        eval: Option<i32>,
    ) {
        let generation = self.generation;
        let check = key as u32;
        let words = &self.bucket(key).0;
        let bucket = [0, 1, 2, 3].map(|i| Slot::read(&words[i]));
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
        let e = &bucket[slot];
        let same = e.holds(check);
        if same
            && depth < i32::from(e.depth) - 2
            && bound != Bound::Exact
            && e.generation() == generation
        {
            // A deeper result of this search stays.
            return;
        }
        let mv = match mv {
            Some(m) => pack_move(Some(m)),
            None if same => e.mv,
            None => 0,
        };
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
        let new = Slot {
            check,
            mv,
            // Scores and evaluations lie within ±32,000 (INF).
            score: to_table(score, ply).clamp(-32_000, 32_000) as i16,
            eval: eval.map_or(NO_EVAL, |v| v.clamp(-32_000, 32_000) as i16),
            depth: depth.clamp(-1, 120) as i8,
            meta: code | generation << 2 | u8::from(pv) << 7,
        };
        let [head, data] = new.words();
        words[slot][0].store(head, Relaxed);
        words[slot][1].store(data, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_move_comes_back_as_stored_and_a_torn_entry_is_not_read() {
        let sq = |f, r| Square::new(f, r);
        let kinds = [
            MoveKind::Normal,
            MoveKind::Sapper,
            MoveKind::Castle(Wing::King),
            MoveKind::Castle(Wing::Queen),
        ]
        .into_iter()
        .chain(Role::ALL.map(MoveKind::Promotion));
        let t = Table::with_megabytes(1);
        for (i, kind) in kinds.enumerate() {
            // The far corners of the largest board too.
            let m = Move {
                from: sq(0, i as u8),
                to: sq(15, 15),
                kind,
            };
            assert_eq!(unpack_move(pack_move(Some(m))), Some(m));
            let key = 0x1234_5678_0000_0000 + i as u64;
            t.store(key, Some(m), -250, 7, (Bound::Upper, false), 0, Some(-31));
            let e = t.probe(key).expect("stored");
            assert_eq!((e.mv, e.score(0), e.depth), (Some(m), -250, 7));
            assert_eq!((e.bound, e.eval(), e.pv), (Bound::Upper, Some(-31), false));
        }
        assert_eq!(unpack_move(pack_move(None)), None);
        // Another thread's write lands between the two words of one slot:
        // the key's half and the data no longer belong together.
        let a = Slot {
            check: 9,
            mv: pack_move(None),
            score: 100,
            eval: 5,
            depth: 3,
            meta: 2,
        };
        let b = Slot { score: -400, ..a };
        let torn = [AtomicU64::new(a.words()[0]), AtomicU64::new(b.words()[1])];
        assert!(!Slot::read(&torn).holds(9));
        // Two moves that differ only in the low bits of the square they
        // start from: the data's low byte, under the meta byte.
        let from = |f| {
            let m = Move {
                from: Square::new(f, 0),
                to: Square::new(4, 4),
                kind: MoveKind::Normal,
            };
            Slot {
                mv: pack_move(Some(m)),
                ..a
            }
        };
        let (c, d) = (from(1), from(2));
        let torn = [AtomicU64::new(c.words()[0]), AtomicU64::new(d.words()[1])];
        assert!(!Slot::read(&torn).holds(9));
        let whole = [AtomicU64::new(b.words()[0]), AtomicU64::new(b.words()[1])];
        assert!(Slot::read(&whole).holds(9));
    }

    #[test]
    fn mates_are_stored_relative_to_the_node() {
        let mut t = Table::with_megabytes(1);
        // A mate in 3 plies seen 5 plies below the root…
        t.store(42, None, MATE - 8, 4, (Bound::Exact, true), 5, Some(17));
        // …is a mate in 3 plies from wherever the position is met again.
        let e = t.probe(42).expect("stored");
        assert_eq!(e.score(1), MATE - 4);
        assert_eq!(e.score(5), MATE - 8);
        assert_eq!(e.eval(), Some(17));
        assert!(e.pv, "stored from a principal variation");
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
