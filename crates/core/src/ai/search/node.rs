//! One node of the search: negamax, the chance node of a step onto fog,
//! and what they share; the prunings before the moves (`prune.rs`), the
//! loop over the moves (`moves.rs`) and the quiescence search
//! (`quiesce.rs`) beside it.

use crate::chess::{Move, MoveKind, Position, Role, Square, SquareSet};

use super::super::{INF, MATE, MAX_PLY, eval};
use super::order;
use super::table::Entry;
use super::{Bound, Search};

mod moves;
mod prune;
mod quiesce;
#[cfg(test)]
mod tests;

/// Scores this close to ±MATE are mates.
const MATE_BOUND: i32 = MATE - 1000;

/// Nodes at least this deep test their table move for singularity.
const SINGULAR_DEPTH: i32 = 7;

/// What the singular-extension test found.
enum Singular {
    /// The table's move alone holds: search it a ply deeper.
    Extend,
    /// Another move holds above beta too: the node's score.
    Cut(i32),
    No,
}

/// Where a node sits: its depth from the root, its key, the fogged cells
/// its line has stepped on, and the move that led to it.
#[derive(Copy, Clone)]
pub(super) struct Frame {
    pub(super) ply: usize,
    /// The position's key, with `cleared_hash` mixed in.
    pub(super) key: u64,
    pub(super) cleared: SquareSet,
    /// The keys of the cleared cells whose odds mattered: a line that
    /// stepped on a risky cell reaches a different node from one that did
    /// not, even where the pieces stand the same.
    pub(super) cleared_hash: u64,
    pub(super) prev: Option<Move>,
    pub(super) can_null: bool,
    /// Whether the side to move is in check (known from making the move).
    pub(super) in_check: bool,
    /// The move left out (the singular-extension test searches the node
    /// without the table's move): such a search neither reads a cut-off
    /// from the table nor stores one, as it is not the node's whole value.
    pub(super) excluded: Option<Move>,
}

impl Frame {
    pub(super) fn root(key: u64, in_check: bool) -> Frame {
        Frame {
            ply: 0,
            key,
            cleared: SquareSet::EMPTY,
            cleared_hash: 0,
            prev: None,
            can_null: true,
            in_check,
            excluded: None,
        }
    }
}

/// What a node of [`Search::negamax`] knows of itself once it has looked
/// at the table and its static score, for the pieces of it.
#[derive(Copy, Clone, Default)]
struct Node {
    ply: usize,
    /// On the principal variation: searched with an open window.
    pv: bool,
    /// Its depth (less a ply where the table has no move).
    depth: i32,
    /// On a principal variation now or once.
    tt_pv: bool,
    /// The static score, or the table's where it is nearer the truth.
    static_eval: i32,
    /// Whether the static score rose since the side's last turn.
    improving: bool,
    /// Whether the table's move alone holds (searched a ply deeper).
    singular: bool,
    /// The ply's killer moves.
    killers: [Option<Move>; 2],
    /// Whether the table's move takes a piece.
    hash_capture: bool,
}

/// The chance of winning that a score stands for (logistic, 400 per
/// factor 10), so that a risk of a blast is weighed as a risk of losing,
/// not as a mate-sized number of centipawns.
fn win(x: i32) -> f64 {
    1.0 / (1.0 + 10f64.powf(-f64::from(x.clamp(-MATE, MATE)) / 400.0))
}

/// The score of a chance of winning (±2,400 at the extremes, never a mate).
fn unwin(w: f64) -> i32 {
    let w = w.clamp(1e-6, 1.0 - 1e-6);
    (-400.0 * (1.0 / w - 1.0).log10()).round() as i32
}

/// The score of a game a blast has just ended (the mover's king exposed
/// or gone), for the side to move, or `None` if no blast ended it.
fn blast_end(pos: &Position, ply: usize) -> Option<i32> {
    let loser = pos.self_destructed()?;
    Some(if loser == pos.turn() {
        -MATE + ply as i32
    } else {
        MATE - ply as i32
    })
}

impl Search {
    /// The fogged cell a move lands a vulnerable piece on, and its odds.
    pub(super) fn risk_of(
        &self,
        pos: &Position,
        m: Move,
        cleared: &SquareSet,
    ) -> Option<(Square, f32)> {
        let p = self.landing_risk(pos, m, cleared);
        (p > 0.0).then_some((m.to, p))
    }

    /// The odds of a blast where `m` lands (0 where the piece is safe or
    /// not at risk). Always a number read from the odds: an `Option`'s
    /// unset payload, multiplied before the check as the optimiser may,
    /// can be a subnormal float that costs a hundred cycles.
    pub(super) fn landing_risk(&self, pos: &Position, m: Move, cleared: &SquareSet) -> f32 {
        let p = self.risk[m.to.index()];
        if p <= 0.0
            || !matches!(m.kind, MoveKind::Normal | MoveKind::Promotion(_))
            || cleared.contains(m.to)
        {
            return 0.0;
        }
        match pos.piece_at(m.from) {
            Some(piece) if !(piece.role == Role::King && pos.rules().royal_sapper) => p,
            _ => 0.0,
        }
    }

    /// Whether sweeping `m.to` could find a mine: otherwise the sweep is
    /// a pure pass.
    pub(super) fn informative_sweep(&self, pos: &Position, m: Move, cleared: &SquareSet) -> bool {
        pos.fog().contains(m.to)
            && !pos.swept().contains(m.to)
            && !cleared.contains(m.to)
            && self.risk[m.to.index()] > 0.0
    }

    /// Plays `m` on `child`, a copy of `pos`: the child's frame and
    /// whether it gives check. The caller makes the copy where it keeps
    /// it: returned from here it was copied twice (900 bytes each time).
    pub(super) fn make(
        &self,
        child: &mut Position,
        pos: &Position,
        m: Move,
        f: &Frame,
    ) -> (Frame, bool) {
        child.play_quietly(m);
        let mut cleared = f.cleared;
        let mut cleared_hash = f.cleared_hash;
        if cleared.insert(m.to) && self.risk[m.to.index()] > 0.0 {
            cleared_hash ^= self.zobrist.cleared[m.to.index()];
        }
        let key = self.zobrist.after(f.key ^ f.cleared_hash, pos, child, m) ^ cleared_hash;
        self.tt.prefetch(key);
        let gives_check = child.in_check();
        let next = Frame {
            ply: f.ply + 1,
            key,
            cleared,
            cleared_hash,
            prev: Some(m),
            can_null: true,
            in_check: gives_check,
            excluded: None,
        };
        (next, gives_check)
    }

    /// The value of `m` (already played into `child`) for the side to move
    /// in `pos`, searched `depth` deep: a chance node when it lands on fog.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn child(
        &mut self,
        pos: &Position,
        m: Move,
        child: &Position,
        risk: Option<(Square, f32)>,
        depth: i32,
        alpha: i32,
        beta: i32,
        next: Frame,
        null_window: bool,
    ) -> i32 {
        match risk {
            Some((cell, p)) => self.chance(
                pos,
                m,
                cell,
                p,
                child,
                depth,
                alpha,
                beta,
                next,
                null_window,
            ),
            None if null_window => -self.negamax(child, depth, -alpha - 1, -alpha, next),
            None => -self.negamax(child, depth, -beta, -alpha, next),
        }
    }

    /// A step onto a cell that may hide a mine: the blast line and the safe
    /// line, averaged by the odds on the scale of winning chances. The
    /// blast line (a piece lost) is searched at half the depth; the safe
    /// line only inside the window where the average can still matter.
    ///
    /// The odds are the root's, not brought up to date along the line:
    /// the search never learns a count (it does not know the mines), and a
    /// safe step changes the others' odds by a few per cent at most.
    #[allow(clippy::too_many_arguments)]
    fn chance(
        &mut self,
        pos: &Position,
        m: Move,
        cell: Square,
        p: f32,
        safe: &Position,
        depth: i32,
        alpha: i32,
        beta: i32,
        next: Frame,
        null_window: bool,
    ) -> i32 {
        let mut blast = pos.with_mine(cell);
        blast.play_quietly(m);
        // The pieces of the two lines differ only where the move landed.
        let raw = next.key ^ next.cleared_hash;
        let bkey = self.zobrist.across(raw, safe, &blast, [m.to.index()]) ^ next.cleared_hash;
        debug_assert_eq!(bkey, self.zobrist.key(&blast) ^ next.cleared_hash);
        let blast_check = blast.in_check();
        let vb = -self.negamax(
            &blast,
            depth / 2 - 1,
            -INF,
            INF,
            Frame {
                key: bkey,
                in_check: blast_check,
                ..next
            },
        );
        if self.stopped {
            return 0;
        }
        let (p, q) = (f64::from(p), 1.0 - f64::from(p));
        if q < 1e-4 {
            // A proven mine: there is no safe line.
            return vb;
        }
        let wb = p * win(vb);
        // What the safe line must score for the average to reach x.
        let need = |x: i32| (win(x) - wb) / q;
        let (lo_w, hi_w) = (need(alpha), need(beta));
        if lo_w >= 1.0 {
            // Not even a sure win on the safe line lifts it above alpha.
            return unwin(q + wb).min(alpha);
        }
        if hi_w <= 0.0 {
            // Even a sure loss on the safe line keeps it above beta.
            return unwin(wb).max(beta);
        }
        let lo = if lo_w <= 0.0 {
            -INF
        } else {
            (unwin(lo_w) - 1).max(-INF)
        };
        let hi = if null_window || hi_w >= 1.0 {
            if null_window { lo + 2 } else { INF }
        } else {
            (unwin(hi_w) + 1).min(INF)
        };
        let hi = hi.max(lo + 1).min(INF);
        let vs = -self.negamax(safe, depth, -hi, -lo, next);
        unwin(q * win(vs) + wb)
    }

    /// The static score of the node (`-INF` in check; from the table
    /// where it has one, else computed and kept there), and the score the
    /// pruning weighs: the table's, where its bound says it is nearer the
    /// truth than the static one.
    #[inline(always)]
    fn static_scores(
        &mut self,
        pos: &Position,
        f: &Frame,
        entry: Option<Entry>,
        cached: Option<i32>,
    ) -> (i32, i32) {
        let ply = f.ply;
        let raw_eval = if f.in_check {
            -INF
        } else {
            match cached {
                Some(v) => v,
                None => self
                    .tt
                    .eval(f.key, || eval::evaluate_at(pos, &mut self.nets, ply)),
            }
        };
        self.evals[ply] = raw_eval;
        let static_eval = match entry.map(|e| (e.score(ply), e.bound)) {
            Some((s, b))
                if !f.in_check
                    && s.abs() < MATE_BOUND
                    && ((b == Bound::Lower && s > raw_eval)
                        || (b == Bound::Upper && s < raw_eval)) =>
            {
                s
            }
            _ => raw_eval,
        };
        (raw_eval, static_eval)
    }

    /// The node's moves, the table's move `first` alone where there is
    /// one; `Err` with the node's score where there is nothing to search
    /// (no legal move, or only the move a singular test leaves out).
    #[inline(always)]
    fn first_moves(
        &mut self,
        pos: &Position,
        f: &Frame,
        first: Option<Move>,
        hash: Option<Move>,
        alpha: i32,
    ) -> Result<Vec<(Move, i32)>, i32> {
        let ply = f.ply;
        let mut moves = std::mem::take(&mut self.lists[ply]);
        if let Some(h) = first {
            moves.clear();
            moves.push((h, order::HASH_MOVE));
            return Ok(moves);
        }
        self.gen_moves(pos, &mut moves, hash, ply, f.prev, &f.cleared);
        if moves.is_empty() {
            self.lists[ply] = moves;
            return Err(if f.in_check { -MATE + ply as i32 } else { 0 });
        }
        if f.excluded.is_some() && moves.iter().all(|&(m, _)| Some(m) == f.excluded) {
            // Only the left-out move: nothing else holds.
            self.lists[ply] = moves;
            return Err(alpha);
        }
        Ok(moves)
    }

    /// Keeps the node's result in the table: its best move and score, the
    /// bound it is (against the window it was searched with), and its
    /// static score.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn store_node(
        &mut self,
        f: &Frame,
        n: &Node,
        best: (i32, Option<Move>),
        (alpha0, beta): (i32, i32),
        raw_eval: i32,
        cached: Option<i32>,
    ) {
        let bound = if best.0 >= beta {
            Bound::Lower
        } else if best.0 <= alpha0 {
            Bound::Upper
        } else {
            Bound::Exact
        };
        let known = (raw_eval > -INF).then_some(raw_eval);
        self.tt.store(
            f.key,
            best.1,
            best.0,
            n.depth,
            (bound, n.tt_pv),
            f.ply,
            known.or(cached),
        );
    }

    pub(super) fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        f: Frame,
    ) -> i32 {
        if self.out_of_budget() {
            return 0;
        }
        self.nodes += 1;
        let ply = f.ply;
        if let Some(score) = blast_end(pos, ply) {
            return score;
        }
        if self.repeats(f.key) {
            return 0;
        }
        let in_check = f.in_check;
        if (depth <= 0 && !in_check) || ply >= MAX_PLY - 2 {
            return self.quiesce(pos, alpha, beta, ply, 0, f.key);
        }
        let pv = beta - alpha > 1;
        // No line from here can beat a mate already found nearer the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let entry = self.tt.probe(f.key);
        let hash = entry.and_then(|e| e.mv);
        let excluded = f.excluded;
        let mut n = Node {
            ply,
            pv,
            depth: depth.max(1),
            // On a principal variation now or once: its moves are reduced less.
            tt_pv: pv || entry.is_some_and(|e| e.pv),
            ..Node::default()
        };
        if let Some(e) = entry
            && !pv
            && excluded.is_none()
            && i32::from(e.depth) >= n.depth
            && let Some(s) = e.cutoff(ply, alpha, beta)
        {
            return s;
        }
        // The pruning looks at the static score, and whether it rose since
        // the side's last turn; the table keeps it for the next visit.
        let cached = entry.and_then(|e| e.eval());
        let (raw_eval, static_eval) = self.static_scores(pos, &f, entry, cached);
        n.static_eval = static_eval;
        n.improving = !in_check && self.improving(ply, raw_eval);
        // The singular test's search only asks about the other moves.
        if !pv
            && !in_check
            && excluded.is_none()
            && let Some(v) = self.prune_node(pos, &f, &n, (alpha, beta), entry)
        {
            return v;
        }
        // No move from the table: a shallower search will find one cheaper.
        if hash.is_none() && n.depth >= 4 {
            n.depth -= 1;
        }
        // The table's move is tried alone first: where it cuts off (most
        // often, at a node the table knows), the rest are never generated.
        let first = hash.filter(|&h| Some(h) != excluded && self.hash_legal(pos, h, &f.cleared));
        n.singular = match self.singular(pos, first, entry, n.depth, beta, &f) {
            Singular::Cut(v) => return v,
            Singular::Extend => true,
            Singular::No => false,
        };
        if self.stopped {
            return 0;
        }
        let moves = match self.first_moves(pos, &f, first, hash, alpha) {
            Ok(moves) => moves,
            Err(v) => return v,
        };
        self.path.push(f.key);
        self.cutoffs[ply + 1] = 0;
        n.killers = self.heur.killers[ply.min(MAX_PLY - 1)];
        n.hash_capture = first.is_some_and(|h| order::tactical(pos, h));
        let alpha0 = alpha;
        let searched = self.search_moves(pos, &f, &n, moves, (first, hash), (alpha, beta));
        self.path.pop();
        let Some((best, best_move)) = searched else {
            return 0;
        };
        if excluded.is_some() {
            return if best == -INF { alpha } else { best };
        }
        self.store_node(&f, &n, (best, best_move), (alpha0, beta), raw_eval, cached);
        best
    }
}
