//! One node of the search: negamax with its pruning, the chance node of a
//! step onto fog, and the quiescence search.

use crate::chess::{Move, MoveKind, Position, Role, Square, SquareSet};

use super::super::{INF, MATE, MAX_PLY, eval};
use super::order;
use super::table::Entry;
use super::{Bound, Search};

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

    /// Whether the side to move can never be in zugzwang here, so that
    /// giving it a free move (the null move) proves nothing false: it has a
    /// piece besides pawns and king, or a sweep, which is a pass in all
    /// but name (while fog lies anywhere, any empty cell ahead of a pawn
    /// may be swept).
    fn may_pass(&self, pos: &Position) -> bool {
        let us = pos.turn();
        let has_piece = pos
            .pieces()
            .any(|(_, p)| p.color == us && !matches!(p.role, Role::Pawn | Role::King));
        has_piece || (pos.rules().sapper && !pos.fog().is_empty())
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

    /// The prunings tried before any move at a node off the principal
    /// variation, out of check and not a singular test's: razoring,
    /// reverse futility, the null move and ProbCut. The node's score when
    /// one of them settles it.
    #[inline(always)]
    fn prune_node(
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

    /// Searches the node's moves (the table's move `first` alone first,
    /// then the rest generated), pruning, extending and reducing; the
    /// best score and move, or `None` when the search was stopped.
    #[inline(always)]
    fn search_moves(
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
        if self.path.contains(&f.key) {
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

    /// The singular-extension test: where the table holds the move
    /// `first` to be good (a lower bound searched nearly as deep), the node
    /// is searched at half depth without it against a bar a little below
    /// its score. If nothing else reaches the bar the move is alone in
    /// holding the position, and a ply more on it finds out whether it
    /// really does; if another reaches it even above `beta`, two moves
    /// hold and the node cuts off.
    fn singular(
        &mut self,
        pos: &Position,
        first: Option<Move>,
        entry: Option<super::table::Entry>,
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
    fn probcut(
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

    /// Captures and queen promotions that do not lose material, until the
    /// position is quiet; in check (near the top), every evasion.
    fn quiesce(
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
        // Kept at depth 0: the next visit here, or a main-search node
        // that reaches it, starts from this capture and stand-pat.
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let eval = (stand > -INF).then_some(stand);
        let pv = entry.is_some_and(|e| e.pv);
        self.tt
            .store(key, best_move, best, 0, (bound, pv), ply, eval);
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_risk_of_losing_costs_a_little_not_a_mate() {
        // A step with a 3% chance of a blast that loses the game, on a
        // level safe line: 3% less chance of winning (about −10 cp), where
        // averaging centipawns made it −900.
        let v = unwin(0.97 * win(0) + 0.03 * win(-MATE + 5));
        assert!((-15..=-5).contains(&v), "{v}");
        // Round trips, and mates map to the ends of the scale.
        for x in [-900, -100, 0, 35, 700] {
            assert!((unwin(win(x)) - x).abs() <= 1, "{x}");
        }
        assert_eq!(unwin(win(MATE - 3)), 2400);
    }

    #[test]
    fn leaving_out_the_only_good_move_scores_lower_and_leaves_the_table_alone() {
        use crate::ai::Limits;
        use crate::chess::fen;
        // Only the knight's capture wins the queen.
        let pos = fen::parse_standard("7k/8/8/8/5q2/8/4N3/8/8/7K w - - 0 1").expect("FEN");
        let mut s = Search::new(&pos.public_view(), Limits::depth(8), 0, 1);
        let full = s.finish().expect("a move");
        assert_eq!(full.best.to_string(), "e4f6", "{full:?}");
        let key = s.root_key;
        let before = s.tt.probe(key).expect("the root is stored");
        // The singular test's search, deeper than the stored one: the
        // node without its best move.
        let frame = Frame {
            excluded: Some(full.best),
            ..Frame::root(key, false)
        };
        let bar = full.score - 100;
        let v = s.negamax(&pos, 9, bar - 1, bar, frame);
        assert!(v < bar, "without e4f6: {v}, with it: {}", full.score);
        let after = s.tt.probe(key).expect("still stored");
        assert_eq!(
            (after.mv, after.depth, after.score(0), after.bound),
            (before.mv, before.depth, before.score(0), before.bound)
        );
    }
}
