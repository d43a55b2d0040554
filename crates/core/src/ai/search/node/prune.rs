//! The prunings a node tries before its moves: razoring, reverse
//! futility, the null move and ProbCut, and the singular-extension test
//! of the table's move.

use crate::chess::{Move, Position, Role};

use super::super::table::Entry;
use super::super::{Bound, Search, order};
use super::{Frame, MATE_BOUND, Node, SINGULAR_DEPTH, Singular};

/// Whether a pawn of the side to move has an empty cell ahead on the
/// board: a sweep it may make (the fog's free pass). Pawns all blocked,
/// the side has no pass, whatever fog lies elsewhere.
fn can_sweep(pos: &Position) -> bool {
    let us = pos.turn();
    let step = if us == crate::chess::Color::White {
        1
    } else {
        -1
    };
    let ranks = i32::from(pos.ranks());
    pos.pieces().any(|(sq, p)| {
        let ahead = i32::from(sq.rank()) + step;
        p.color == us
            && p.role == Role::Pawn
            && (0..ranks).contains(&ahead)
            && crate::chess::Square::try_new(i32::from(sq.file()), ahead)
                .is_some_and(|a| pos.piece_at(a).is_none())
    })
}

impl Search {
    /// Whether the side to move can never be in zugzwang here, so that
    /// giving it a free move (the null move) proves nothing false: it has a
    /// piece besides pawns and king, or a sweep, which is a pass in all
    /// but name (while fog lies anywhere, any empty cell ahead of a pawn
    /// may be swept).
    pub(in super::super) fn may_pass(&self, pos: &Position) -> bool {
        let us = pos.turn();
        let has_piece = pos
            .pieces()
            .any(|(_, p)| p.color == us && !matches!(p.role, Role::Pawn | Role::King));
        has_piece || (pos.rules().sapper && !pos.fog().is_empty() && can_sweep(pos))
    }

    /// The prunings tried before any move at a node off the principal
    /// variation, out of check and not a singular test's: razoring,
    /// reverse futility, the null move and ProbCut. The node's score when
    /// one of them settles it.
    #[inline(always)]
    pub(super) fn prune_node(
        &mut self,
        pos: &Position,
        f: &Frame,
        n: &Node,
        (alpha, beta): (i32, i32),
        entry: Option<Entry>,
    ) -> Option<i32> {
        let (depth, static_eval, improving_i) = (n.depth, n.static_eval, i32::from(n.improving));
        // Razoring: far below alpha near the leaves, only a capture can
        // help, and the quiescence search tries them all.
        if depth <= 2 && static_eval + 200 + 250 * depth * depth < alpha {
            let v = self.quiesce(pos, alpha - 1, alpha, f.ply, 0, f.key);
            if self.stopped {
                return Some(0);
            }
            if v < alpha {
                return Some(v);
            }
        }
        if beta.abs() >= MATE_BOUND {
            return None;
        }
        // Reverse futility: far above beta, a shallow node will not fall
        // (nearer beta where the score is rising).
        if depth <= 6 && static_eval - 90 * (depth - improving_i) >= beta {
            return Some(static_eval);
        }
        // Null move: if passing still beats beta, a real move will.
        if f.can_null && depth >= 3 && static_eval >= beta && self.may_pass(pos) {
            let r = 3 + depth / 4 + ((static_eval - beta) / 200).min(3);
            let child = pos.null_move();
            let next = Frame {
                ply: f.ply + 1,
                key: f.key ^ self.zobrist.black,
                prev: None,
                can_null: false,
                in_check: false,
                excluded: None,
                ..*f
            };
            self.path.push(f.key);
            let v = -self.negamax(&child, depth - 1 - r, -beta, -beta + 1, next);
            self.path.pop();
            if self.stopped {
                return Some(0);
            }
            if v >= beta {
                return Some(if v >= MATE_BOUND { beta } else { v });
            }
        }
        // ProbCut: a capture that beats beta by a margin in a shallow
        // search will almost surely beat beta in the full one.
        if depth >= 5 {
            let pc_beta = beta + 200 - 50 * improving_i;
            let known_below =
                entry.is_some_and(|e| i32::from(e.depth) >= depth - 3 && e.score(f.ply) < pc_beta);
            if !known_below {
                return self.probcut(pos, f, depth, pc_beta, static_eval);
            }
        }
        None
    }

    /// The singular-extension test: where the table holds the move
    /// `first` to be good (a lower bound searched nearly as deep), the node
    /// is searched at half depth without it against a bar a little below
    /// its score. If nothing else reaches the bar the move is alone in
    /// holding the position, and a ply more on it finds out whether it
    /// really does; if another reaches it even above `beta`, two moves
    /// hold and the node cuts off.
    pub(super) fn singular(
        &mut self,
        pos: &Position,
        first: Option<Move>,
        entry: Option<Entry>,
        depth: i32,
        beta: i32,
        f: &Frame,
    ) -> Singular {
        let (Some(h), Some(e)) = (first, entry) else {
            return Singular::No;
        };
        let score = e.score(f.ply);
        if f.excluded.is_some()
            || depth < SINGULAR_DEPTH
            || !matches!(e.bound, Bound::Lower | Bound::Exact)
            || i32::from(e.depth) < depth - 3
            || score.abs() >= MATE_BOUND
            || self.risk_of(pos, h, &f.cleared).is_some()
        {
            return Singular::No;
        }
        let bar = score - 2 * depth;
        let frame = Frame {
            excluded: Some(h),
            ..*f
        };
        let v = self.negamax(pos, (depth - 1) / 2, bar - 1, bar, frame);
        if self.stopped {
            Singular::No
        } else if v < bar {
            Singular::Extend
        } else if bar >= beta {
            Singular::Cut(bar)
        } else {
            Singular::No
        }
    }

    /// ProbCut's captures: each that wins at least `pc_beta − static_eval`
    /// by the exchange count, tried first by the quiescence search, then
    /// by a search four plies shallower; a score at `pc_beta` or above is
    /// the node's (and is stored as a lower bound).
    pub(super) fn probcut(
        &mut self,
        pos: &Position,
        f: &Frame,
        depth: i32,
        pc_beta: i32,
        static_eval: i32,
    ) -> Option<i32> {
        let ply = f.ply;
        let mut moves = std::mem::take(&mut self.lists[ply]);
        let mut all = std::mem::take(&mut self.scratch);
        pos.tactical_moves_into(&mut all);
        moves.clear();
        for &m in &all {
            if order::tactical(pos, m)
                && self.risk_of(pos, m, &f.cleared).is_none()
                && pos.see(m) >= pc_beta - static_eval
            {
                moves.push((m, order::mvv_lva(pos, m)));
            }
        }
        self.scratch = all;
        order::sort_best_first(&mut moves);
        let mut found = None;
        self.path.push(f.key);
        for &(m, _) in &moves {
            let mut child = pos.clone();
            let (next, _) = self.make(&mut child, pos, m, f);
            let mut v = -self.quiesce(&child, -pc_beta, -pc_beta + 1, ply + 1, 0, next.key);
            if v >= pc_beta && !self.stopped {
                v = -self.negamax(&child, depth - 4, -pc_beta, -pc_beta + 1, next);
            }
            if self.stopped {
                break;
            }
            if v >= pc_beta {
                self.tt.store(
                    f.key,
                    Some(m),
                    v,
                    depth - 3,
                    (Bound::Lower, false),
                    ply,
                    None,
                );
                found = Some(v);
                break;
            }
        }
        self.path.pop();
        self.lists[ply] = moves;
        if self.stopped { None } else { found }
    }
}
