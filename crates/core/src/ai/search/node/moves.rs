//! A node's loop over its moves: which to leave out, how deep and with
//! what window each is searched, and the moves tried before a cut-off
//! (the histories' input).

use crate::chess::{Move, Position};

use super::super::super::{INF, MAX_PLY};
use super::super::{Search, order};
use super::{Frame, MATE_BOUND, Node};

/// The moves tried at a node that did not cut off, quiet ones and
/// captures apart: the history the cut-off move's reward takes from.
struct Tried {
    quiets: [Option<Move>; 64],
    quiet_n: usize,
    captures: [Option<Move>; 32],
    capture_n: usize,
}

impl Tried {
    #[inline(always)]
    fn new() -> Tried {
        Tried {
            quiets: [None; 64],
            quiet_n: 0,
            captures: [None; 32],
            capture_n: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, m: Move, quiet: bool) {
        if quiet && self.quiet_n < self.quiets.len() {
            self.quiets[self.quiet_n] = Some(m);
            self.quiet_n += 1;
        } else if !quiet && self.capture_n < self.captures.len() {
            self.captures[self.capture_n] = Some(m);
            self.capture_n += 1;
        }
    }

    fn quiets(&self) -> &[Option<Move>] {
        &self.quiets[..self.quiet_n]
    }

    fn captures(&self) -> &[Option<Move>] {
        &self.captures[..self.capture_n]
    }
}

impl Search {
    /// Whether move `i`, `m`, is left out before it is made: a late quiet
    /// move at low depth (half as many where the side's score is falling),
    /// or a capture that loses material.
    #[inline(always)]
    fn skip_before(&self, pos: &Position, m: Move, i: usize, quiet: bool, n: &Node) -> bool {
        let depth = n.depth;
        let late = (3 + depth * depth) / (2 - i32::from(n.improving));
        (quiet && depth <= 4 && i as i32 >= late)
            || (!quiet && depth <= 3 && pos.see(m) < -100 * depth)
    }

    /// How many plies less a late quiet move is searched with.
    #[inline(always)]
    fn reduction(&self, pos: &Position, m: Move, searched: usize, new_depth: i32, n: &Node) -> i32 {
        let ply = n.ply;
        let mut r = i32::from(self.lmr[n.depth.min(63) as usize][(searched + 1).min(63)]);
        if n.tt_pv {
            r -= 1;
        }
        if n.killers.contains(&Some(m)) {
            r -= 1;
        }
        if !n.improving {
            r += 1;
        }
        // Where the table's move takes a piece, the quiet moves after it
        // are seldom better.
        if n.hash_capture {
            r += 1;
        }
        // Nor where the replies so far have refuted ours.
        if self.cutoffs[ply + 1] > 3 {
            r += 1;
        }
        r -= self.heur.history(pos, m) / 8192;
        r.clamp(0, new_depth - 1)
    }

    /// The score of one move at a node: the first in full, one onto fog
    /// with a null window first, the rest reduced and with a null window,
    /// searched again in full where they beat alpha.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn search_move(
        &mut self,
        pos: &Position,
        m: Move,
        child: &Position,
        (new_depth, searched, reduce): (i32, usize, bool),
        (alpha, beta): (i32, i32),
        f: &Frame,
        next: Frame,
        n: &Node,
    ) -> i32 {
        let risk = self.risk_of(pos, m, &f.cleared);
        if searched == 0 {
            return self.child(pos, m, child, risk, new_depth, alpha, beta, next, false);
        }
        if risk.is_some() {
            let mut v = self.child(pos, m, child, risk, new_depth, alpha, beta, next, true);
            if v > alpha && v < beta && !self.stopped {
                v = self.child(pos, m, child, risk, new_depth, alpha, beta, next, false);
            }
            return v;
        }
        let r = if reduce {
            self.reduction(pos, m, searched, new_depth, n)
        } else {
            0
        };
        let mut v = -self.negamax(child, new_depth - r, -alpha - 1, -alpha, next);
        if v > alpha && r > 0 && !self.stopped {
            v = -self.negamax(child, new_depth, -alpha - 1, -alpha, next);
        }
        if v > alpha && v < beta && !self.stopped {
            v = -self.negamax(child, new_depth, -beta, -alpha, next);
        }
        v
    }

    /// Searches the node's moves (the table's move `first` alone first,
    /// then the rest generated), pruning, extending and reducing; the
    /// best score and move, or `None` when the search was stopped.
    #[inline(always)]
    pub(super) fn search_moves(
        &mut self,
        pos: &Position,
        f: &Frame,
        n: &Node,
        mut moves: Vec<(Move, i32)>,
        (first, hash): (Option<Move>, Option<Move>),
        (mut alpha, beta): (i32, i32),
    ) -> Option<(i32, Option<Move>)> {
        let (ply, in_check, excluded, pv) = (f.ply, f.in_check, f.excluded, n.pv);
        let mut generated = first.is_none();
        let mut best = -INF;
        let mut best_move = None;
        let mut tried = Tried::new();
        let mut searched = 0;
        let mut next = 0;
        loop {
            if next == 1 && !generated {
                // The table's move did not cut off: now the others, in
                // the order they would have had beside it.
                self.gen_moves(pos, &mut moves, hash, ply, f.prev, &f.cleared);
                order::pick(&mut moves, 0);
                generated = true;
            }
            if next >= moves.len() {
                break;
            }
            let i = next;
            next += 1;
            // The first few picked one by one (a cut-off usually comes
            // early), the rest sorted at once.
            if i < 3 {
                order::pick(&mut moves, i);
            } else if i == 3 {
                order::sort_best_first(&mut moves[3..]);
            }
            let m = moves[i].0;
            if Some(m) == excluded {
                continue;
            }
            let quiet = !order::tactical(pos, m);
            let can_prune = !pv && !in_check && best > -MATE_BOUND;
            if can_prune && self.skip_before(pos, m, i, quiet, n) {
                continue;
            }
            let mut child = pos.clone();
            let (next, gives_check) = self.make(&mut child, pos, m, f);
            // Futility: a quiet move cannot lift a hopeless static score.
            if can_prune
                && quiet
                && !gives_check
                && n.depth <= 3
                && n.static_eval + 120 + 100 * n.depth <= alpha
            {
                continue;
            }
            // A check that gives the piece away is not worth a ply more.
            let check = gives_check && pos.see(m) >= 0;
            // The table's move, alone in holding, is searched a ply deeper.
            let extend = check || (n.singular && i == 0);
            let new_depth = n.depth - 1 + i32::from(extend && ply < MAX_PLY / 2);
            let reduce = n.depth >= 3 && quiet && !gives_check && !in_check;
            let v = self.search_move(
                pos,
                m,
                &child,
                (new_depth, searched, reduce),
                (alpha, beta),
                f,
                next,
                n,
            );
            if self.stopped {
                self.lists[ply] = moves;
                return None;
            }
            searched += 1;
            if v > best {
                best = v;
                best_move = Some(m);
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                self.cutoffs[ply] = self.cutoffs[ply].saturating_add(1);
                if quiet {
                    self.heur
                        .reward(pos, ply, m, f.prev, tried.quiets(), n.depth);
                }
                let by_capture = (!quiet).then_some(m);
                self.heur
                    .reward_captures(pos, by_capture, tried.captures(), n.depth);
                break;
            }
            tried.push(m, quiet);
        }
        self.lists[ply] = moves;
        Some((best, best_move))
    }
}
