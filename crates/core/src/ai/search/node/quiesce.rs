//! The quiescence search: captures (and what else changes the material)
//! until the position is quiet, so that no score is taken in the middle of
//! an exchange.

use crate::chess::{Move, MoveKind, Position, Role};

use super::super::super::{INF, MATE, MAX_PLY, eval};
use super::super::{Bound, Search, order};
use super::blast_end;

impl Search {
    /// Captures and queen promotions that do not lose material, until the
    /// position is quiet; in check (near the top), every evasion.
    pub(super) fn quiesce(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qdepth: u8,
        key: u64,
    ) -> i32 {
        if self.out_of_budget() {
            return 0;
        }
        self.nodes += 1;
        if let Some(score) = blast_end(pos, ply) {
            return score;
        }
        // Any search of this position settles it here: the table's every
        // entry is at least as deep as this.
        let entry = self.tt.probe(key);
        if let Some(s) = entry.and_then(|e| e.cutoff(ply, alpha, beta)) {
            return s;
        }
        let in_check = qdepth < 3 && pos.in_check();
        let stand = match entry.and_then(|e| e.eval()) {
            _ if in_check => -INF,
            Some(v) => v,
            None => self
                .tt
                .eval(key, || eval::evaluate_at(pos, &mut self.nets, ply)),
        };
        if !in_check {
            if stand >= beta || qdepth >= 8 || ply >= MAX_PLY - 1 {
                return stand;
            }
            alpha = alpha.max(stand);
        } else if ply >= MAX_PLY - 1 {
            return eval::evaluate_at(pos, &mut self.nets, ply);
        }
        let mut moves = self.quiesce_moves(pos, ply, in_check);
        if in_check && moves.is_empty() {
            self.lists[ply] = moves;
            return -MATE + ply as i32;
        }
        order::sort_best_first(&mut moves);
        let alpha0 = alpha;
        let mut best = stand;
        let mut best_move = None;
        for &(m, _) in &moves {
            if !in_check {
                let promo = matches!(m.kind, MoveKind::Promotion(_));
                let victim = pos.piece_at(m.to).map_or(0, |p| eval::value(p.role));
                // Delta: even winning the piece would not reach alpha.
                if !promo && stand + victim + 200 < alpha {
                    continue;
                }
                if pos.see(m) < 0 {
                    continue;
                }
            }
            let mut child = pos.clone();
            child.play_quietly(m);
            let key = self.zobrist.after(key, pos, &child, m);
            self.tt.prefetch(key);
            let v = -self.quiesce(&child, -beta, -alpha, ply + 1, qdepth + 1, key);
            if self.stopped {
                self.lists[ply] = moves;
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(m);
            }
            if v >= beta {
                break;
            }
            alpha = alpha.max(v);
        }
        self.lists[ply] = moves;
        let pv = entry.is_some_and(|e| e.pv);
        self.quiesce_store(key, best_move, (best, alpha0, beta), stand, pv, ply);
        best
    }

    /// The moves worth a look at `ply`, scored for ordering, in the ply's
    /// list (taken out of `self.lists`; the caller puts it back): in check
    /// every evasion but a sweep, else captures and queen promotions.
    #[inline]
    fn quiesce_moves(&mut self, pos: &Position, ply: usize, in_check: bool) -> Vec<(Move, i32)> {
        let mut moves = std::mem::take(&mut self.lists[ply]);
        let mut all = std::mem::take(&mut self.scratch);
        if in_check {
            pos.legal_moves_into(&mut all);
        } else {
            pos.tactical_moves_into(&mut all);
        }
        moves.clear();
        for &m in &all {
            let queen = matches!(m.kind, MoveKind::Promotion(Role::Queen));
            let capture = m.kind == MoveKind::Normal && pos.piece_at(m.to).is_some();
            if in_check {
                if m.kind != MoveKind::Sapper {
                    moves.push((m, order::mvv_lva(pos, m)));
                }
            } else if queen || capture {
                moves.push((m, order::mvv_lva(pos, m)));
            }
        }
        self.scratch = all;
        moves
    }

    /// Keeps a quiescence result at depth 0: the next visit here, or a
    /// main-search node that reaches it, starts from this capture and
    /// stand-pat. The scores are the best one, alpha on entry and beta.
    #[inline]
    fn quiesce_store(
        &mut self,
        key: u64,
        best_move: Option<Move>,
        (best, alpha0, beta): (i32, i32, i32),
        stand: i32,
        pv: bool,
        ply: usize,
    ) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let eval = (stand > -INF).then_some(stand);
        self.tt
            .store(key, best_move, best, 0, (bound, pv), ply, eval);
    }
}
