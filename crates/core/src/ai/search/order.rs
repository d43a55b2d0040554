//! Move ordering: the hash move, then winning captures and promotions (by
//! victim, then by how often the same capture caused a cut-off, then by
//! attacker), killers and the countermove, quiet moves by their history,
//! and last the captures that lose material. Quiet steps onto likely
//! mines go late among the quiet moves. The histories outlive a search:
//! the next move's starts from them at half weight.

use crate::chess::{Move, MoveKind, Position, Role};

use super::super::{CELLS, MAX_PLY, eval};

/// What the search has learnt about moves.
#[derive(Clone)]
pub(crate) struct Heuristics {
    pub(crate) killers: [[Option<Move>; 2]; MAX_PLY],
    /// By the moving piece (its code: colour and role) and landing cell.
    history: Vec<i32>,
    /// The reply that refuted each move, by its piece and landing cell.
    counters: Vec<Option<Move>>,
    /// How often each capture caused a cut-off: by the moving piece, the
    /// landing cell and the role taken (0 for a promotion onto an empty
    /// cell), so that among captures of the same victim the ones that
    /// worked come first.
    captures: Vec<i32>,
}

/// History scores stay within ±this (gravity pulls them back).
const HISTORY_MAX: i32 = 16_384;

/// Piece codes go up to 15 (colour bit 8, role 1–6).
fn slot(piece: u8, to: usize) -> usize {
    usize::from(piece & 15) * CELLS + to
}

impl Heuristics {
    pub(crate) fn new() -> Heuristics {
        Heuristics {
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 16 * CELLS],
            counters: vec![None; 16 * CELLS],
            captures: vec![0; 16 * CELLS * 8],
        }
    }

    /// What a search learnt, for the next move's: killers belong to the
    /// plies of the old root and go; histories keep half their weight.
    pub(crate) fn aged(mut self: Box<Self>) -> Box<Self> {
        self.killers = [[None; 2]; MAX_PLY];
        for h in self.history.iter_mut().chain(self.captures.iter_mut()) {
            *h /= 2;
        }
        self
    }

    /// The history of `m` in `pos` (before it is played).
    pub(crate) fn history(&self, pos: &Position, m: Move) -> i32 {
        self.history[slot(pos.code_at(m.from.index()), m.to.index())]
    }

    /// The move that last refuted `prev`, which led to `pos`.
    pub(crate) fn counter(&self, pos: &Position, prev: Option<Move>) -> Option<Move> {
        prev.and_then(|p| self.counters[slot(pos.code_at(p.to.index()), p.to.index())])
    }

    /// A quiet move that caused a cut-off: killer, countermove, and a
    /// history bonus for it and a malus for the quiet moves tried before it.
    pub(crate) fn reward(
        &mut self,
        pos: &Position,
        ply: usize,
        m: Move,
        prev: Option<Move>,
        tried: &[Option<Move>],
        depth: i32,
    ) {
        let k = &mut self.killers[ply.min(MAX_PLY - 1)];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        if let Some(p) = prev {
            self.counters[slot(pos.code_at(p.to.index()), p.to.index())] = Some(m);
        }
        let bonus = bonus(depth);
        self.nudge(pos, m, bonus);
        for &q in tried.iter().flatten() {
            if q != m {
                self.nudge(pos, q, -bonus);
            }
        }
    }

    /// The capture history of `m` in `pos` (before it is played).
    pub(crate) fn capture_history(&self, pos: &Position, m: Move) -> i32 {
        self.captures[capture_slot(pos, m)]
    }

    /// A cut-off: a bonus for the capture `m` that caused it (if it was
    /// one) and a malus for the captures tried before it.
    pub(crate) fn reward_captures(
        &mut self,
        pos: &Position,
        m: Option<Move>,
        tried: &[Option<Move>],
        depth: i32,
    ) {
        let bonus = bonus(depth);
        if let Some(m) = m {
            gravity(&mut self.captures[capture_slot(pos, m)], bonus);
        }
        for &q in tried.iter().flatten() {
            if Some(q) != m {
                gravity(&mut self.captures[capture_slot(pos, q)], -bonus);
            }
        }
    }

    fn nudge(&mut self, pos: &Position, m: Move, bonus: i32) {
        gravity(
            &mut self.history[slot(pos.code_at(m.from.index()), m.to.index())],
            bonus,
        );
    }
}

/// What a cut-off at `depth` is worth to a history: deeper ones more.
fn bonus(depth: i32) -> i32 {
    (150 * depth - 100).clamp(50, 1500)
}

/// Moves a history score by `bonus`, less the more it already holds.
fn gravity(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

/// A capture's place in the capture history.
fn capture_slot(pos: &Position, m: Move) -> usize {
    let victim = pos.piece_at(m.to).map_or(0, |p| p.role as usize);
    slot(pos.code_at(m.from.index()), m.to.index()) * 8 + victim
}

/// Whether a move takes a piece or promotes.
pub(crate) fn tactical(pos: &Position, m: Move) -> bool {
    matches!(m.kind, MoveKind::Promotion(_))
        || (m.kind == MoveKind::Normal && pos.piece_at(m.to).is_some())
}

/// Most valuable victim, least valuable attacker.
pub(crate) fn mvv_lva(pos: &Position, m: Move) -> i32 {
    let victim = pos.piece_at(m.to).map_or(0, |p| eval::value(p.role));
    let attacker = pos.piece_at(m.from).map_or(0, |p| eval::value(p.role));
    let promo = match m.kind {
        MoveKind::Promotion(r) => eval::value(r),
        _ => 0,
    };
    victim * 10 - attacker / 10 + promo * 10
}

/// Ordering keys, highest first.
pub(crate) const HASH_MOVE: i32 = 10_000_000;
const GOOD_TACTIC: i32 = 2_000_000;
const KILLER: [i32; 2] = [1_000_000, 900_000];
const COUNTER: i32 = 800_000;
const BAD_TACTIC: i32 = -2_000_000;

/// What ordering the moves of one node needs, looked up once for all of
/// them.
pub(crate) struct Keys<'a> {
    h: &'a Heuristics,
    hash: Option<Move>,
    killers: [Option<Move>; 2],
    counter: Option<Move>,
}

impl<'a> Keys<'a> {
    /// The keys at a node `pos` at `ply`, reached by `prev`, whose table
    /// move is `hash`.
    pub(crate) fn new(
        h: &'a Heuristics,
        pos: &Position,
        hash: Option<Move>,
        ply: usize,
        prev: Option<Move>,
    ) -> Keys<'a> {
        Keys {
            h,
            hash,
            killers: h.killers[ply.min(MAX_PLY - 1)],
            counter: h.counter(pos, prev),
        }
    }

    /// The ordering key of `m`; `risk` gives the chance that a quiet
    /// move lands on a mine (asked only of quiet moves).
    #[inline]
    pub(crate) fn score(&self, pos: &Position, m: Move, risk: impl FnOnce() -> f32) -> i32 {
        if Some(m) == self.hash {
            return HASH_MOVE;
        }
        if tactical(pos, m) {
            let under = matches!(m.kind, MoveKind::Promotion(r) if r != Role::Queen);
            let base = if !under && pos.see(m) >= 0 {
                GOOD_TACTIC
            } else {
                BAD_TACTIC
            };
            return base + mvv_lva(pos, m) + self.h.capture_history(pos, m) / 32;
        }
        if self.killers[0] == Some(m) {
            return KILLER[0];
        }
        if self.killers[1] == Some(m) {
            return KILLER[1];
        }
        if self.counter == Some(m) {
            return COUNTER;
        }
        self.h.history(pos, m) - (risk() * 100_000.0) as i32
    }
}

/// Brings the best of `moves[i..]` to `i`, the others keeping their order:
/// the lazy form of [`sort_best_first`], for a node that may stop after
/// its first few moves.
#[inline]
pub(crate) fn pick(moves: &mut [(Move, i32)], i: usize) {
    let Some(&(_, mut top)) = moves.get(i) else {
        return;
    };
    let mut best = i;
    // Selects without a branch: the keys come in no order a predictor
    // could learn.
    for (j, &(_, key)) in moves.iter().enumerate().skip(i + 1) {
        let better = key > top;
        best = if better { j } else { best };
        top = if better { key } else { top };
    }
    if best > i {
        moves[i..=best].rotate_right(1);
    }
}

/// Sorts scored moves best first, equal keys in the order they came.
/// The library's stable sort keeps lists this short in a buffer on the
/// stack (no allocation), and mispredicts less than the insertion sort
/// it replaced: the node bench's same trees 8% sooner.
pub(crate) fn sort_best_first(moves: &mut [(Move, i32)]) {
    moves.sort_by_key(|&(_, key)| std::cmp::Reverse(key));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Square;

    /// Picking the first moves one by one and sorting the rest gives the
    /// stable sort's order, equal keys included: the search's tree does
    /// not depend on which of the two a node used.
    #[test]
    fn picking_lazily_orders_as_the_stable_sort() {
        let mut seed = 7u64;
        for len in 0..40usize {
            let moves: Vec<(Move, i32)> = (0..len)
                .map(|k| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                    let m = Move {
                        from: Square::new((k % 8) as u8, (k / 8) as u8),
                        to: Square::new(0, 9),
                        kind: MoveKind::Normal,
                    };
                    (m, (seed >> 60) as i32)
                })
                .collect();
            let mut sorted = moves.clone();
            sort_best_first(&mut sorted);
            for first in 0..4 {
                let mut lazy = moves.clone();
                for i in 0..len {
                    if i < first {
                        pick(&mut lazy, i);
                    } else if i == first {
                        sort_best_first(&mut lazy[first..]);
                    }
                }
                assert_eq!(lazy, sorted, "{len} moves, {first} picked");
            }
        }
    }
}
