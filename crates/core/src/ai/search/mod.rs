//! The search: iterative deepening principal variation search with
//! aspiration windows on a transposition table and move histories (quiet
//! moves and captures) kept between moves, null move, reverse futility,
//! razoring, ProbCut, late-move reductions (a ply more after a capture
//! from the table or after more than three of the node's moves were
//! refuted, a ply less at a node the table marks as once on a principal
//! variation) and pruning (each bolder where the
//! side's static score fell since its last turn: "improving"; each
//! weighing the table's score where its bound beats the static one),
//! futility pruning, internal iterative reduction, check extensions, a
//! singular extension (the table's move a ply deeper where no other move
//! comes near it; `node::singular`), and a quiescence search of good
//! captures and check evasions. A move that
//! lands on fog is a chance node (`node::chance`).
//!
//! One time budget: an iteration cut short by the clock still gives its
//! best move when one was fully searched. The web runs the search in
//! slices ([`Search::step`]); a slice that ends mid-iteration starts that
//! iteration again at the next step, quickly, from the table.

mod node;
mod order;
mod table;

use crate::rng::GameRng;
use rand::{Rng, SeedableRng};
use std::time::Duration;
use web_time::Instant;

use super::zobrist::Zobrist;
use super::{CELLS, INF, Level, Limits, MATE, MAX_PLY, Thought};
use crate::chess::probability::mine_odds;
use crate::chess::{Move, MoveKind, Position, PublicPosition, SquareSet};
use order::Heuristics;
use table::Bound;
pub use table::Table;

/// Late root moves (from this one on; quiet, no check, no fog) are first
/// searched a ply shallower, where their subtree is at least
/// `ROOT_LATE_DEPTH` deep (shallower, the suite's mates slip).
const ROOT_LATE: usize = 4;
const ROOT_LATE_DEPTH: i32 = 6;

/// Size of the table a search makes for itself (the game's computer).
const DEFAULT_MB: usize = 4;

/// A search in progress: call [`Search::step`] until it returns a result.
pub struct Search {
    root: Position,
    root_key: u64,
    limits: Limits,
    noise: i32,
    rng: GameRng,
    zobrist: Zobrist,
    tt: Table,
    heur: Box<Heuristics>,
    /// Chance that each cell hides a mine, from the public view at the root.
    risk: Vec<f32>,
    /// Keys of the game's earlier positions (since the last capture or
    /// pawn move), then of the line being searched from the root.
    path: Vec<u64>,
    /// How many of `path`'s keys are the game's, before the root.
    played: usize,
    lmr: [[u8; 64]; 64],
    /// The static score at each ply of the line being searched (−INF
    /// where the side to move was in check).
    evals: [i32; MAX_PLY + 1],
    /// At each ply, how many of its nodes' moves have been refuted since
    /// the node above began its moves: many, and that node is one where
    /// nothing works.
    cutoffs: [u8; MAX_PLY + 1],
    /// Move lists, one per ply, reused.
    lists: Vec<Vec<(Move, i32)>>,
    /// The generator's buffer, reused.
    scratch: Vec<Move>,
    /// The evaluation network's hidden layer at each ply.
    nets: Box<super::eval::net::Stack>,
    nodes: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// Raised from outside (UCI `stop`): the search ends at the next check.
    stop_flag: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    spent: Duration,
    next_depth: u8,
    done: Option<Thought>,
    best: Option<Thought>,
    /// Threads to search on (the desktop's and UCI's; 1 on the web).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    threads: usize,
}

/// The most threads a search takes.
pub const MAX_THREADS: usize = 64;

impl Search {
    /// A search of `public` for its side to move. `seed` drives the weak
    /// levels' noise (and nothing else): the same inputs give the same move.
    pub fn new(public: &PublicPosition, limits: Limits, noise: i32, seed: u64) -> Search {
        Search::with_table(
            public,
            limits,
            noise,
            seed,
            Table::with_megabytes(DEFAULT_MB),
        )
    }

    /// As [`Search::new`], with `table` as its memory (kept from earlier
    /// moves by the UCI engine), so that no table of its own is made.
    pub fn with_table(
        public: &PublicPosition,
        limits: Limits,
        noise: i32,
        seed: u64,
        mut tt: Table,
    ) -> Search {
        tt.new_search();
        let heur = tt
            .heuristics
            .take()
            .map_or_else(|| Box::new(Heuristics::new()), Heuristics::aged);
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
        Search::start(
            public.position().clone(),
            risk,
            tt,
            heur,
            limits,
            noise,
            seed,
        )
    }

    /// A search of `root` with the mine odds `risk` by cell, its own
    /// buffers and nothing searched yet.
    fn start(
        root: Position,
        risk: Vec<f32>,
        tt: Table,
        heur: Box<Heuristics>,
        limits: Limits,
        noise: i32,
        seed: u64,
    ) -> Search {
        let zobrist = Zobrist::new();
        let root_key = zobrist.key(&root);
        let mut lmr = [[0u8; 64]; 64];
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (d as f64).ln() * (i as f64).ln() / 2.25) as u8;
            }
        }
        Search {
            root,
            root_key,
            limits,
            noise,
            rng: GameRng::seed_from_u64(seed),
            zobrist,
            tt,
            heur,
            risk,
            path: Vec::with_capacity(MAX_PLY + 128),
            played: 0,
            lmr,
            evals: [-INF; MAX_PLY + 1],
            cutoffs: [0; MAX_PLY + 1],
            lists: (0..MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            scratch: Vec::with_capacity(128),
            nets: Box::default(),
            nodes: 0,
            deadline: None,
            stopped: false,
            stop_flag: None,
            spent: Duration::ZERO,
            next_depth: 1,
            done: None,
            best: None,
            threads: 1,
        }
    }

    /// This search on `n` threads (capped at [`MAX_THREADS`]; where there
    /// are none, as on the web, or with a weak level's noise, on one):
    /// the others search the same root on the shared table, each deepening
    /// on its own, and fill the table for this one ("lazy SMP"); where one
    /// finished a deeper iteration than this one, its move is played. The
    /// result then differs from run to run with the threads' timing.
    pub fn with_threads(mut self, n: usize) -> Search {
        self.threads = n.clamp(1, MAX_THREADS);
        self
    }

    /// A helper for thread `i`: the same root, table and histories, no
    /// limits but `stop` and the search's depth (so that `go depth 6`
    /// answers at depth 6, not at a helper's 7).
    #[cfg(not(target_arch = "wasm32"))]
    fn helper(&self, i: usize, stop: std::sync::Arc<std::sync::atomic::AtomicBool>) -> Search {
        let mut h = Search::start(
            self.root.clone(),
            self.risk.clone(),
            self.tt.share(),
            self.heur.clone(),
            Limits::depth(self.limits.depth),
            0,
            i as u64,
        );
        h.path = self.path.clone();
        h.played = self.played;
        h.stop_flag = Some(stop);
        // Half of them a ply ahead, so that the threads' iterations differ.
        h.next_depth = 1 + (i % 2) as u8;
        h
    }

    /// This search, ending as soon as `flag` is raised (with the best move
    /// found so far).
    pub fn with_stop(mut self, flag: std::sync::Arc<std::sync::atomic::AtomicBool>) -> Search {
        self.stop_flag = Some(flag);
        self
    }

    /// Gives back the table, for the next move's search (the search keeps
    /// an empty one).
    pub fn take_table(&mut self) -> Table {
        let mut tt = std::mem::replace(&mut self.tt, Table::empty());
        tt.heuristics = Some(std::mem::replace(
            &mut self.heur,
            Box::new(Heuristics::new()),
        ));
        tt
    }

    /// This search knowing the game's earlier positions (public views,
    /// oldest first), so that it sees a repetition of them as a draw.
    pub fn with_history<'a>(mut self, earlier: impl IntoIterator<Item = &'a Position>) -> Search {
        let keys: Vec<u64> = earlier.into_iter().map(|p| self.zobrist.key(p)).collect();
        // Only positions since the last capture or pawn move can recur.
        let since = (self.root.halfmoves() as usize).min(keys.len());
        self.path = keys[keys.len() - since..].to_vec();
        self.played = self.path.len();
        self
    }

    /// Whether the position of `key` is scored a draw by repetition: seen
    /// already in the line searched (the root included: whoever could
    /// repeat it once can again), or twice in the game before the root
    /// (this is its third time). Once in the game is no draw yet.
    pub(super) fn repeats(&self, key: u64) -> bool {
        let (game, line) = self.path.split_at(self.played.min(self.path.len()));
        // Only every other position has the same side to move.
        line.iter().rev().skip(1).step_by(2).any(|k| *k == key)
            || game.iter().filter(|k| **k == key).nth(1).is_some()
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
    /// result when the search is over.
    pub fn step(&mut self, slice: Duration) -> Option<Thought> {
        if let Some(t) = &self.done {
            return Some(t.clone());
        }
        #[cfg(not(target_arch = "wasm32"))]
        if self.threads > 1 && self.noise == 0 {
            return self.step_with_helpers(slice);
        }
        self.step_alone(slice)
    }

    /// [`Search::step`] with helper threads for the slice's length; their
    /// nodes count in the result.
    #[cfg(not(target_arch = "wasm32"))]
    fn step_with_helpers(&mut self, slice: Duration) -> Option<Thought> {
        use std::sync::atomic::{AtomicBool, Ordering};
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let mut helpers: Vec<Search> = (1..self.threads)
            .map(|i| self.helper(i, stop.clone()))
            .collect();
        /// Stops the helpers however this thread leaves the scope (a
        /// panic too, or a thread the system would not give), which
        /// waits for them: they have no other limit.
        struct StopOnDrop(std::sync::Arc<AtomicBool>);
        impl Drop for StopOnDrop {
            fn drop(&mut self) {
                self.0.store(true, Ordering::Relaxed);
            }
        }
        let (mut out, nodes, deepest) = std::thread::scope(|s| {
            let guard = StopOnDrop(stop.clone());
            let running: Vec<_> = helpers
                .iter_mut()
                .map(|h| {
                    s.spawn(move || {
                        h.finish();
                        (h.nodes, h.best.take())
                    })
                })
                .collect();
            let out = self.step_alone(slice);
            drop(guard);
            let mut nodes = 0;
            let mut deepest: Option<Thought> = None;
            for h in running {
                // A helper's panic is a bug; this thread's result
                // stands without it.
                let (n, best) = h.join().unwrap_or_else(|_| {
                    if cfg!(debug_assertions) {
                        panic!("a helper thread of the search panicked");
                    }
                    (0, None)
                });
                nodes += n;
                if best.as_ref().map(|b| b.depth) > deepest.as_ref().map(|b| b.depth) {
                    deepest = best;
                }
            }
            (out, nodes, deepest)
        });
        for t in out.iter_mut().chain(self.done.iter_mut()) {
            t.nodes += nodes;
            // A helper that finished a deeper iteration saw further: its
            // move, score and line stand for the search's.
            if let Some(h) = deepest.as_ref().filter(|h| h.depth > t.depth) {
                t.best = h.best;
                t.score = h.score;
                t.depth = h.depth;
                t.pv = h.pv.clone();
            }
        }
        out
    }

    fn step_alone(&mut self, slice: Duration) -> Option<Thought> {
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
        let history = self.path.len();
        loop {
            let d = self.next_depth;
            let result = self.iterate(d);
            self.path.truncate(history);
            if let Some(t) = result {
                self.best = Some(t);
                if !self.stopped {
                    self.next_depth += 1;
                }
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

    /// Runs to the end on this thread in one time budget; `None` at once
    /// when there is no legal move.
    pub fn run(mut self) -> Option<Thought> {
        self.finish()
    }

    /// As [`Search::run`], keeping the search (and its table) for later.
    pub fn finish(&mut self) -> Option<Thought> {
        if !self.root.has_legal_move() {
            return None;
        }
        let all = self.limits.time.unwrap_or(Duration::MAX);
        loop {
            if let Some(t) = self.step(all) {
                return Some(t);
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

    /// One iteration, inside an aspiration window around the last score.
    /// `None` when it was cut short before any move was fully searched.
    fn iterate(&mut self, depth: u8) -> Option<Thought> {
        let last = self.best.as_ref().map(|b| b.score);
        let mut window = 30;
        let (mut alpha, mut beta) = match last {
            Some(s) if depth >= 5 && self.noise == 0 && s.abs() < MATE - 1000 => {
                (s - window, s + window)
            }
            _ => (-INF, INF),
        };
        loop {
            let (found, complete) = self.root_search(depth, alpha, beta);
            let (m, v) = found?;
            if !complete {
                // Cut short: a move that beat the first one is still news.
                let beat = self.best.as_ref().is_none_or(|b| b.best != m) && v > alpha;
                return beat.then(|| self.thought(m, v, depth.saturating_sub(1)));
            }
            if v <= alpha && alpha > -INF {
                alpha = (alpha - window).max(-INF);
            } else if v >= beta && beta < INF {
                beta = (beta + window).min(INF);
            } else {
                return Some(self.thought(m, v, depth));
            }
            window *= 2;
        }
    }

    fn thought(&self, best: Move, score: i32, depth: u8) -> Thought {
        Thought {
            best,
            score,
            depth,
            nodes: self.nodes,
            pv: self.pv(best),
            time: self.spent,
        }
    }

    /// The root's moves in order; returns the best (move, score) so far
    /// and whether every move was searched.
    fn root_search(&mut self, depth: u8, mut alpha: i32, beta: i32) -> (Option<(Move, i32)>, bool) {
        let root = self.root.clone();
        let key = self.root_key;
        let hash = self.best.as_ref().map(|b| b.best);
        let mut moves = std::mem::take(&mut self.lists[0]);
        self.gen_moves(&root, &mut moves, hash, 0, None, &SquareSet::EMPTY);
        order::sort_best_first(&mut moves);
        let root_check = root.in_check();
        let alpha0 = alpha;
        let mut best: Option<(Move, i32)> = None;
        let mut complete = true;
        self.path.push(key);
        for (i, &(m, _)) in moves.iter().enumerate() {
            // With noise every root move needs its true score, not a bound.
            let full = self.noise > 0 || i == 0;
            let frame = node::Frame::root(key, root_check);
            let mut child = root.clone();
            let (next, gives_check) = self.make(&mut child, &root, m, &frame);
            let depth = depth as i32 - 1 + i32::from(gives_check);
            let risk = self.risk_of(&root, m, &SquareSet::EMPTY);
            // Late quiet root moves are first searched a ply shallower:
            // most only confirm they are worse; the others are searched
            // again at full depth.
            let late = !full
                && i >= ROOT_LATE
                && depth >= ROOT_LATE_DEPTH
                && !root_check
                && !gives_check
                && risk.is_none()
                && !order::tactical(&root, m);
            let shallow = late
                .then(|| self.child(&root, m, &child, risk, depth - 1, alpha, beta, next, true));
            let mut v = match shallow {
                Some(v) if v <= alpha || self.stopped => v,
                _ => self.child(&root, m, &child, risk, depth, alpha, beta, next, !full),
            };
            if !full && v > alpha && !self.stopped {
                v = self.child(&root, m, &child, risk, depth, alpha, beta, next, false);
            }
            if self.stopped {
                complete = false;
                break;
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
                if v >= beta {
                    break;
                }
            }
        }
        self.lists[0] = moves;
        self.path.pop();
        if complete && let Some((m, v)) = best {
            let bound = if v >= beta {
                Bound::Lower
            } else if v <= alpha0 {
                Bound::Upper
            } else {
                Bound::Exact
            };
            self.tt
                .store(key, Some(m), v, depth as i32, (bound, true), 0, None);
        }
        (best, complete)
    }

    /// Whether the side to move stands better than on its last turn (or
    /// the one before, when it was in check then; true when neither is
    /// known): pruning and reductions trust a falling score less.
    fn improving(&self, ply: usize, eval: i32) -> bool {
        if ply >= 2 && self.evals[ply - 2] > -INF {
            eval > self.evals[ply - 2]
        } else if ply >= 4 && self.evals[ply - 4] > -INF {
            eval > self.evals[ply - 4]
        } else {
            true
        }
    }

    fn pv(&self, first: Move) -> Vec<Move> {
        let mut pv = vec![first];
        let mut pos = self.root.clone();
        pos.play_unchecked(first);
        while pv.len() < 12 {
            let key = self.zobrist.key(&pos);
            let Some(m) = self.tt.probe(key).and_then(|e| e.mv) else {
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

    /// Whether the table's move `m` is legal here (and not a pure pass
    /// that [`Search::gen_moves`] would leave out), judged from the moves
    /// of its piece alone: a table entry may belong to another position.
    fn hash_legal(&mut self, pos: &Position, m: Move, cleared: &SquareSet) -> bool {
        if m.kind == MoveKind::Sapper && !self.informative_sweep(pos, m, cleared) {
            return false;
        }
        let mut moves = std::mem::take(&mut self.scratch);
        pos.moves_from_into(m.from, &mut moves);
        let legal = moves.contains(&m);
        self.scratch = moves;
        legal
    }

    /// Fills `out` with the legal moves, ordered best first, all pure
    /// passes but one left out (sweeping a cell known to be empty changes
    /// nothing but the turn, and there may be eight of them).
    fn gen_moves(
        &mut self,
        pos: &Position,
        out: &mut Vec<(Move, i32)>,
        hash: Option<Move>,
        ply: usize,
        prev: Option<Move>,
        cleared: &SquareSet,
    ) {
        let mut moves = std::mem::take(&mut self.scratch);
        pos.legal_moves_into(&mut moves);
        out.clear();
        let mut passed = false;
        let keys = order::Keys::new(&self.heur, pos, hash, ply, prev);
        for &m in &moves {
            if m.kind == MoveKind::Sapper && !self.informative_sweep(pos, m, cleared) {
                if passed {
                    continue;
                }
                passed = true;
            }
            let risk = || self.landing_risk(pos, m, cleared);
            out.push((m, keys.score(pos, m, risk)));
        }
        // Sorted as it is searched (order::pick): equal keys keep the
        // generator's order, run after run.
        self.scratch = moves;
    }
}
