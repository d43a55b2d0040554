//! Games between players (engine levels, a random mover) with random mine
//! layouts: the strength benchmarks and tests use them. The referee holds
//! the true position; each player is shown only its public view.

use crate::rng::GameRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

use super::{Limits, Search};
use crate::chess::{Color, Game, Outcome, Variant, mines};

/// Who plays a side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// Any legal move, uniformly.
    Random,
    /// The engine with these limits and this much root noise.
    Engine(Limits, i32),
}

impl Player {
    /// The engine at a level.
    pub fn level(level: super::Level) -> Player {
        Player::Engine(level.limits(), level.noise())
    }
}

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The outcome; `None` when the move cap was reached (counted a draw).
    pub outcome: Option<Outcome>,
    /// Half-moves played.
    pub plies: usize,
}

impl GameResult {
    /// Points for `side`: 1 for a win, ½ for a draw, 0 for a loss.
    pub fn points(&self, side: Color) -> f64 {
        match self.outcome {
            Some(Outcome::Decisive { winner, .. }) if winner == side => 1.0,
            Some(Outcome::Decisive { .. }) => 0.0,
            _ => 0.5,
        }
    }
}

/// Plays one game of `variant` with a mine layout drawn from `seed`.
pub fn play_game(
    variant: &Variant,
    white: Player,
    black: Player,
    seed: u64,
    max_plies: usize,
) -> GameResult {
    let mut rng = GameRng::seed_from_u64(seed);
    let layout = mines::random_layout(&variant.fog_zone, variant.mine_count as usize, &mut rng);
    let Ok(mut game) = Game::new(variant, layout) else {
        return GameResult {
            outcome: None,
            plies: 0,
        };
    };
    let mut plies = 0;
    while game.outcome().is_none() && plies < max_plies {
        let player = match game.turn() {
            Color::White => white,
            Color::Black => black,
        };
        let public = game.position().public_view();
        let m = match player {
            Player::Random => public.legal_moves().choose(&mut rng).copied(),
            Player::Engine(limits, noise) => Search::new(&public, limits, noise, rng.random())
                .run()
                .map(|t| t.best),
        };
        let Some(m) = m else { break };
        if game.play(m).is_err() {
            break;
        }
        plies += 1;
    }
    GameResult {
        outcome: game.outcome(),
        plies,
    }
}
