//! The computer opponent.
//!
//! It sees what a player sees and nothing more: its only input is a
//! [`PublicPosition`] (hidden mines removed), and the chance that each
//! fogged cell hides a mine comes from [`mine_odds`] over that view. A move
//! that lands a piece on a fogged cell is a chance event: the search
//! averages the line where the cell is safe and the line where it blows up,
//! weighted by those odds.
//!
//! The search (`search`) is iterative deepening principal variation search
//! with the pruning of a modern engine, a transposition table kept between
//! moves, and chance nodes averaged on the scale of winning chances. It
//! runs in slices ([`Search::step`]) so that the web can run it between
//! frames (the game's jobs).

pub mod analysis;
pub mod arena;
pub mod eval;
mod search;
pub mod tactics;
mod threats;
pub mod tune;
pub mod uci;
mod zobrist;

use std::time::Duration;

use crate::chess::{Move, PublicPosition};

pub use search::{MAX_THREADS, Search, Table};

/// A score above every evaluation: mate.
pub const MATE: i32 = 30_000;
pub(crate) const INF: i32 = 32_000;
pub(crate) const MAX_PLY: usize = 64;
pub(crate) use crate::chess::CELLS;

/// How strong the computer plays.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Level {
    /// One move deep with a lot of noise: blunders pieces, misses mates.
    Beginner,
    /// Two moves deep with some noise.
    Casual,
    /// Searches for about a second.
    #[default]
    Strong,
    /// Searches for about three seconds.
    Master,
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 4] = [Level::Beginner, Level::Casual, Level::Strong, Level::Master];

    /// How long and how deep it searches.
    pub fn limits(self) -> Limits {
        match self {
            Level::Beginner => Limits::depth(1),
            Level::Casual => Limits::depth(2),
            Level::Strong => Limits::time(Duration::from_millis(1000)),
            Level::Master => Limits::time(Duration::from_millis(3000)),
        }
    }

    /// Deliberate imperfection: each root move's score gets a random
    /// amount up to this many centipawns, so weak levels pick plausible but
    /// wrong moves.
    pub fn noise(self) -> i32 {
        match self {
            Level::Beginner => 250,
            Level::Casual => 70,
            Level::Strong | Level::Master => 0,
        }
    }
}

/// When the search stops.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: u8,
    /// Most nodes (positions visited).
    pub nodes: u64,
    /// Most thinking time (summed over slices).
    pub time: Option<Duration>,
}

impl Limits {
    /// Search to exactly this depth.
    pub fn depth(depth: u8) -> Limits {
        Limits {
            depth,
            nodes: u64::MAX,
            time: None,
        }
    }

    /// Search as deep as this much time allows.
    pub fn time(t: Duration) -> Limits {
        Limits {
            depth: MAX_PLY as u8 - 8,
            nodes: u64::MAX,
            time: Some(t),
        }
    }

    /// Search until this many nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: MAX_PLY as u8 - 8,
            nodes,
            time: None,
        }
    }
}

/// What the search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// The move to play.
    pub best: Move,
    /// Its score for the side to move, in centipawns (±[`MATE`] − plies
    /// for mates).
    pub score: i32,
    /// Deepest completed iteration.
    pub depth: u8,
    /// Nodes visited.
    pub nodes: u64,
    /// Expected continuation.
    pub pv: Vec<Move>,
    /// Thinking time spent (not wall time across slices).
    pub time: Duration,
}

/// The move the computer plays at `level` in `public` (a convenience for
/// tools and tests: runs on this thread to the end).
pub fn choose(public: &PublicPosition, level: Level, seed: u64) -> Option<Thought> {
    Search::at_level(public, level, seed).run()
}
