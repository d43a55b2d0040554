//! The tactics suite: 8×10 positions (mates, winning captures, a mine to
//! avoid) that the Strong level must solve, for `bench ai` and the tests.

use super::MATE;

/// What a tactics position asks for.
#[derive(Debug, Clone, Copy)]
pub enum Goal {
    /// Play one of these moves (coordinate notation).
    Play(&'static [&'static str]),
    /// Find a mate in at most this many moves.
    Mate(i32),
    /// Do not play this move.
    Avoid(&'static str),
}

/// The tactics suite: name, FEN (with a minefield field where fog matters),
/// goal.
pub const TACTICS: &[(&str, &str, Goal)] = &[
    (
        "back-rank mate",
        "7k/6pp/8/8/8/8/8/8/8/R5K1 w - - 0 1",
        Goal::Play(&["a1a10"]),
    ),
    (
        "queen mate in 1",
        "k7/8/1K6/8/8/8/8/8/7Q/8 w - - 0 1",
        Goal::Mate(1),
    ),
    (
        "two rooks, mate in 2",
        "7k/8/8/8/8/8/8/8/1R6/R3K3 w - - 0 1",
        Goal::Mate(2),
    ),
    (
        "rook and king, mate in 3",
        "6k1/8/8/6K1/8/8/8/8/8/R7 w - - 0 1",
        Goal::Mate(3),
    ),
    (
        "hanging rook",
        "7k/8/3r4/8/8/8/8/8/8/K2Q4 w - - 0 1",
        Goal::Play(&["d1d8"]),
    ),
    (
        "defended rook is not free",
        "7k/4p3/3r4/8/8/8/8/8/8/K2Q4 w - - 0 1",
        Goal::Avoid("d1d8"),
    ),
    (
        "knight fork",
        "8/8/8/3q4/6k1/8/8/3N4/8/K7 w - - 0 1",
        Goal::Play(&["d3e5"]),
    ),
    (
        "fork on a proven mine",
        "8/8/8/3q4/6k1/8/8/3N4/8/K7 w - - 0 1 8/8/8/oooooooo/oooooooo/ooooxooo/ooooooof/8/8/8",
        Goal::Avoid("d3e5"),
    ),
    (
        "fork on a proven safe cell",
        "8/8/8/3q4/6k1/8/8/3N4/8/K7 w - - 0 1 8/8/8/oooooooo/oooooooo/oooofooo/ooooooox/8/8/8",
        Goal::Play(&["d3e5"]),
    ),
    (
        "promote with check",
        "7k/P7/8/8/8/8/8/8/8/K7 w - - 0 1",
        Goal::Play(&["a9a10q"]),
    ),
];

/// Whether `thought` meets `goal`.
pub fn solved(goal: Goal, best: &str, score: i32) -> bool {
    match goal {
        Goal::Play(moves) => moves.contains(&best),
        Goal::Mate(n) => score >= MATE - (2 * n - 1),
        Goal::Avoid(m) => best != m,
    }
}
