//! The search: iterative deepening PVS with a transposition table, move
//! ordering, quiescence and check extensions, and chance nodes where a
//! piece lands on fog.

use crate::rng::GameRng;
use rand::{Rng, SeedableRng};
use std::time::Duration;
use web_time::Instant;

use super::zobrist::Zobrist;
use super::{CELLS, INF, Level, Limits, MATE, MAX_PLY, Thought, eval};
use crate::chess::probability::mine_odds;
use crate::chess::{Move, MoveKind, Position, PublicPosition, Role, Square};

#[derive(Copy, Clone, Default)]
struct Entry {
    key: u64,
    mv: Option<Move>,
    score: i32,
    depth: i8,
    bound: Bound,
}

#[derive(Copy, Clone, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Exact,
    Lower,
    Upper,
}

/// A search in progress: call [`Search::step`] until it returns a result.
pub struct Search {
    root: Position,
    limits: Limits,
    noise: i32,
    rng: GameRng,
    zobrist: Zobrist,
    tt: Vec<Entry>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: Vec<i32>,
    /// Chance that each cell hides a mine, from the public view at the root.
    risk: Vec<f32>,
    path: Vec<u64>,
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// Raised from outside (UCI `stop`): the search ends at the next check.
    stop_flag: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    spent: Duration,
    next_depth: u8,
    done: Option<Thought>,
    best: Option<Thought>,
}

impl Search {
    /// A search of `public` for its side to move. `seed` drives the weak
    /// levels' noise (and nothing else): the same inputs give the same move.
    pub fn new(public: &PublicPosition, limits: Limits, noise: i32, seed: u64) -> Search {
        let mut risk = vec![0.0f32; CELLS];
        let unknown = public.position().unknown_cells();
        if !unknown.is_empty() {
            match mine_odds(public) {
                Some(odds) => {
                    for (sq, p) in odds.cells {
                        risk[sq.index()] = p as f32;
                    }
                }
                None => {
                    // Too many layouts to count: the average over the
                    // unknown cells (swept ones are known to be empty).
                    let p = public.hidden_mines() as f32 / unknown.len() as f32;
                    for sq in unknown.iter() {
                        risk[sq.index()] = p;
                    }
                }
            }
        }
        Search {
            root: public.position().clone(),
            limits,
            noise,
            rng: GameRng::seed_from_u64(seed),
            zobrist: Zobrist::new(),
            tt: vec![Entry::default(); 1 << 18],
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; CELLS * CELLS],
            risk,
            path: Vec::with_capacity(MAX_PLY),
            nodes: 0,
            deadline: None,
            stopped: false,
            stop_flag: None,
            spent: Duration::ZERO,
            next_depth: 1,
            done: None,
            best: None,
        }
    }

    /// This search, ending as soon as `flag` is raised (with the best move
    /// found so far).
    pub fn with_stop(mut self, flag: std::sync::Arc<std::sync::atomic::AtomicBool>) -> Search {
        self.stop_flag = Some(flag);
        self
    }

    /// The limits it searches under.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Thinking time spent so far, over all slices.
    pub fn spent(&self) -> Duration {
        self.spent
    }

    /// Whether the side to move has a move to search.
    pub fn has_legal_move(&self) -> bool {
        self.root.has_legal_move()
    }

    /// A search at `level`.
    pub fn at_level(public: &PublicPosition, level: Level, seed: u64) -> Search {
        Search::new(public, level.limits(), level.noise(), seed)
    }

    /// Searches for at most `slice` (or until the limits), returning the
    /// result when the search is over. An iteration cut short by the slice is redone
    /// at the next step, quickly, from the transposition table.
    pub fn step(&mut self, slice: Duration) -> Option<Thought> {
        if let Some(t) = &self.done {
            return Some(t.clone());
        }
        let started = Instant::now();
        // A search limited by depth or nodes ignores the slice's deadline:
        // cutting an iteration short and redoing it would make its result
        // depend on timing. Only a search limited by time (whose result
        // depends on the clock anyway) stops where the slice ends.
        self.deadline = self
            .limits
            .time
            .map(|t| started + t.saturating_sub(self.spent).min(slice));
        self.stopped = false;
        loop {
            let d = self.next_depth;
            let result = self.root_search(d);
            if let Some(t) = result {
                self.best = Some(t);
                self.next_depth += 1;
            }
            let out_of_time = self
                .limits
                .time
                .is_some_and(|t| self.spent + started.elapsed() >= t);
            let finished = self.next_depth > self.limits.depth
                || self.nodes >= self.limits.nodes
                || out_of_time
                || self.told_to_stop()
                || self.best.as_ref().is_some_and(|b| {
                    b.score.abs() >= MATE - 100 && self.noise == 0 && b.depth >= 2
                });
            if finished {
                self.spent += started.elapsed();
                let mut t = match self.best.clone() {
                    Some(t) => t,
                    // Not even depth 1 finished: any legal move beats none.
                    None => self.fallback()?,
                };
                t.nodes = self.nodes;
                t.time = self.spent;
                self.done = Some(t.clone());
                return Some(t);
            }
            if self.stopped {
                // The slice is over; come back for more.
                self.spent += started.elapsed();
                return None;
            }
        }
    }

    /// Runs to the end on this thread; `None` at once when there is no
    /// legal move.
    pub fn run(mut self) -> Option<Thought> {
        if self.root.legal_moves().is_empty() {
            return None;
        }
        loop {
            if let Some(t) = self.step(Duration::from_millis(50)) {
                return Some(t);
            }
            if self.root.legal_moves().is_empty() {
                return None;
            }
        }
    }

    fn fallback(&self) -> Option<Thought> {
        let best = *self.root.legal_moves().first()?;
        Some(Thought {
            best,
            score: 0,
            depth: 0,
            nodes: self.nodes,
            pv: vec![best],
            time: self.spent,
        })
    }

    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        let timed_out =
            || self.nodes & 1023 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d);
        if self.nodes >= self.limits.nodes || timed_out() || self.told_to_stop() {
            self.stopped = true;
        }
        self.stopped
    }

    fn told_to_stop(&self) -> bool {
        self.stop_flag
            .as_ref()
            .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// One iteration at the root. `None` when it was cut short.
    fn root_search(&mut self, depth: u8) -> Option<Thought> {
        let root = self.root.clone();
        let mut moves = root.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let key = self.zobrist.key(&root);
        self.order(&root, &mut moves, key, 0);
        // The previous best first.
        if let Some(b) = &self.best
            && let Some(i) = moves.iter().position(|m| *m == b.best)
        {
            moves[..=i].rotate_right(1);
        }
        self.path.clear();
        self.path.push(key);
        let cleared = crate::chess::SquareSet::EMPTY;
        let mut alpha = -INF;
        let mut best: Option<(Move, i32)> = None;
        for (i, &m) in moves.iter().enumerate() {
            // With noise every root move needs its true score, not a bound.
            let full = self.noise > 0 || i == 0;
            let mut v = self.child_value(&root, m, depth as i32, alpha, INF, 1, cleared, !full);
            if self.stopped {
                break;
            }
            if !full && v > alpha {
                v = self.child_value(&root, m, depth as i32, alpha, INF, 1, cleared, false);
                if self.stopped {
                    break;
                }
            }
            let noisy = if self.noise > 0 {
                v + self.rng.random_range(-self.noise..=self.noise)
            } else {
                v
            };
            if best.is_none_or(|(_, b)| noisy > b) {
                best = Some((m, noisy));
            }
            if self.noise == 0 && v > alpha {
                alpha = v;
            }
        }
        if self.stopped {
            return None;
        }
        let (best, score) = best?;
        self.store(key, Some(best), score, depth as i32, Bound::Exact);
        Some(Thought {
            best,
            score,
            depth,
            nodes: self.nodes,
            pv: self.pv(&root, best),
            time: self.spent,
        })
    }

    fn pv(&self, root: &Position, first: Move) -> Vec<Move> {
        let mut pv = vec![first];
        let mut pos = root.clone();
        pos.play_unchecked(first);
        while pv.len() < 12 {
            let key = self.zobrist.key(&pos);
            let e = self.tt[key as usize & (self.tt.len() - 1)];
            let Some(m) = e.mv.filter(|_| e.key == key) else {
                break;
            };
            if !pos.is_legal(m) {
                break;
            }
            pos.play_unchecked(m);
            pv.push(m);
        }
        pv
    }

    /// The fogged cell a move lands a vulnerable piece on, and its odds.
    fn risk_of(
        &self,
        pos: &Position,
        m: Move,
        cleared: &crate::chess::SquareSet,
    ) -> Option<(Square, f32)> {
        if !matches!(m.kind, MoveKind::Normal | MoveKind::Promotion(_)) {
            return None;
        }
        let p = self.risk[m.to.index()];
        if p <= 0.0 || cleared.contains(m.to) {
            return None;
        }
        let piece = pos.piece_at(m.from)?;
        if piece.role == Role::King && pos.rules().royal_sapper {
            return None;
        }
        Some((m.to, p))
    }

    /// The value of playing `m` in `pos`, for the side to move in `pos`.
    /// A landing on fog averages the safe and the blast outcomes.
    #[allow(clippy::too_many_arguments)]
    fn child_value(
        &mut self,
        pos: &Position,
        m: Move,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        mut cleared: crate::chess::SquareSet,
        null_window: bool,
    ) -> i32 {
        let risk = self.risk_of(pos, m, &cleared);
        cleared.insert(m.to);
        let mut safe = pos.clone();
        safe.play_unchecked(m);
        let ext = i32::from(safe.in_check() && ply < MAX_PLY / 2);
        match risk {
            None => {
                if null_window {
                    -self.negamax(&safe, depth - 1 + ext, -alpha - 1, -alpha, ply, cleared)
                } else {
                    -self.negamax(&safe, depth - 1 + ext, -beta, -alpha, ply, cleared)
                }
            }
            Some((cell, p)) => {
                // The blast line first, a little shallower (a piece is gone:
                // it rarely needs the full depth), with a full window.
                let mut blast = pos.with_mine(cell);
                blast.play_unchecked(m);
                let vb = -self.negamax(&blast, depth - 2, -INF, INF, ply, cleared);
                if self.stopped {
                    return 0;
                }
                // Then the safe line, with the window that (1−p)·safe + p·blast
                // must fall in to matter: alpha-beta keeps its cut-offs.
                let q = 1.0 - p;
                if q < 1e-4 {
                    // A proven mine: there is no safe line.
                    return vb;
                }
                let bound =
                    |x: i32| ((x as f32 - p * vb as f32) / q).clamp(-INF as f32, INF as f32) as i32;
                let (lo, hi) = if null_window {
                    (bound(alpha) - 1, bound(alpha) + 1)
                } else {
                    (bound(alpha) - 1, bound(beta) + 1)
                };
                let (lo, hi) = (lo.clamp(-INF, INF - 1), hi.clamp(-INF + 1, INF));
                let vs = -self.negamax(&safe, depth - 1 + ext, -hi, -lo, ply, cleared);
                (q * vs as f32 + p * vb as f32).round() as i32
            }
        }
    }

    fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let i = key as usize & (self.tt.len() - 1);
        let e = &mut self.tt[i];
        if e.key != key || depth >= e.depth as i32 || bound == Bound::Exact {
            *e = Entry {
                key,
                mv: mv.or(if e.key == key { e.mv } else { None }),
                score,
                depth: depth.clamp(-1, 120) as i8,
                bound,
            };
        }
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        cleared: crate::chess::SquareSet,
    ) -> i32 {
        if self.out_of_budget() {
            return 0;
        }
        self.nodes += 1;
        if let Some(score) = blast_end(pos, ply) {
            return score;
        }
        let key = self.zobrist.key(pos);
        if self.path.contains(&key) {
            return 0;
        }
        let in_check = pos.in_check();
        if (depth <= 0 && !in_check) || ply >= MAX_PLY - 2 {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        let depth = depth.max(1);
        let slot = key as usize & (self.tt.len() - 1);
        let e = self.tt[slot];
        let hash_move = if e.key == key { e.mv } else { None };
        if e.key == key && e.depth as i32 >= depth {
            let s = e.score;
            match e.bound {
                Bound::Exact => return s,
                Bound::Lower if s >= beta => return s,
                Bound::Upper if s <= alpha => return s,
                _ => {}
            }
        }
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        self.order(pos, &mut moves, key, ply);
        if let Some(h) = hash_move
            && let Some(i) = moves.iter().position(|m| *m == h)
        {
            moves[..=i].rotate_right(1);
        }
        self.path.push(key);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        for (i, &m) in moves.iter().enumerate() {
            let mut v = self.child_value(pos, m, depth, alpha, beta, ply + 1, cleared, i > 0);
            if i > 0 && v > alpha && v < beta && !self.stopped {
                v = self.child_value(pos, m, depth, alpha, beta, ply + 1, cleared, false);
            }
            if self.stopped {
                self.path.pop();
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(m);
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                let quiet = pos.piece_at(m.to).is_none() && m.kind == MoveKind::Normal;
                if quiet && ply < MAX_PLY {
                    let k = &mut self.killers[ply];
                    if k[0] != Some(m) {
                        k[1] = k[0];
                        k[0] = Some(m);
                    }
                    let h = &mut self.history[m.from.index() * CELLS + m.to.index()];
                    *h = (*h + depth * depth).min(1 << 20);
                }
                break;
            }
        }
        self.path.pop();
        let bound = if best >= beta {
            Bound::Lower
        } else if best <= alpha0 {
            Bound::Upper
        } else {
            Bound::Exact
        };
        self.store(key, best_move, best, depth, bound);
        best
    }

    fn quiesce(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qdepth: u8,
    ) -> i32 {
        if self.out_of_budget() {
            return 0;
        }
        self.nodes += 1;
        if let Some(score) = blast_end(pos, ply) {
            return score;
        }
        let stand = eval::evaluate(pos);
        if stand >= beta || qdepth >= 8 || ply >= MAX_PLY - 1 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut moves: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| {
                matches!(m.kind, MoveKind::Promotion(Role::Queen))
                    || (m.kind == MoveKind::Normal && pos.piece_at(m.to).is_some())
            })
            .collect();
        moves.sort_by_key(|m| -self.capture_score(pos, *m));
        for m in moves {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let v = -self.quiesce(&child, -beta, -alpha, ply + 1, qdepth + 1);
            if self.stopped {
                return 0;
            }
            if v >= beta {
                return v;
            }
            alpha = alpha.max(v);
        }
        alpha
    }

    fn capture_score(&self, pos: &Position, m: Move) -> i32 {
        let victim = pos.piece_at(m.to).map_or(0, |p| eval::value(p.role));
        let attacker = pos.piece_at(m.from).map_or(0, |p| eval::value(p.role));
        let promo = match m.kind {
            MoveKind::Promotion(r) => eval::value(r),
            _ => 0,
        };
        victim * 10 - attacker / 10 + promo * 10
    }

    /// Captures (best victim, cheapest attacker) and promotions first, then
    /// killers, then quiet moves by history; moves onto likely mines last.
    fn order(&self, pos: &Position, moves: &mut [Move], _key: u64, ply: usize) {
        let killers = if ply < MAX_PLY {
            self.killers[ply]
        } else {
            [None; 2]
        };
        moves.sort_by_cached_key(|&m| {
            let tactical = pos.piece_at(m.to).is_some() || matches!(m.kind, MoveKind::Promotion(_));
            let s = if tactical {
                1_000_000 + self.capture_score(pos, m)
            } else if killers[0] == Some(m) {
                900_000
            } else if killers[1] == Some(m) {
                800_000
            } else {
                self.history[m.from.index() * CELLS + m.to.index()]
                    - (self.risk[m.to.index()] * 100_000.0) as i32
            };
            -s
        });
    }
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
