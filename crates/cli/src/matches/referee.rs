//! One game between two UCI engines, refereed by the core's rules: mate,
//! stalemate, repetition, insufficient material and blasts end it; an
//! illegal move, a crash or a flag fall loses it.

use std::time::Duration;

use minesweeper_core::chess::{Color, Game, Outcome, Variant, fen, mines, notation};
use minesweeper_core::rng::GameRng;
use rand::SeedableRng;

use super::engine::{Engine, EngineError};
use crate::error::MoveError;

/// Why a game could not be played: its start is broken.
#[derive(Debug)]
pub enum RefereeError {
    /// The start position does not read (a broken build).
    Start(fen::FenError),
    /// The seed's mine layout makes no position.
    Layout(minesweeper_core::chess::PositionError),
    /// An opening move does not read or is not legal.
    Opening(MoveError),
    /// An engine's pipe closed before the game began.
    Engine(EngineError),
}

impl std::fmt::Display for RefereeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RefereeError::Start(e) => write!(f, "start position: {e}"),
            RefereeError::Layout(e) => write!(f, "layout: {e}"),
            RefereeError::Opening(e) => write!(f, "opening move {e}"),
            RefereeError::Engine(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RefereeError {}

/// How long each side thinks.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Clock {
    /// A fixed time a move (`go movetime`).
    MoveTime(Duration),
    /// A clock: base time and increment (`go wtime … winc …`).
    Fischer(Duration, Duration),
}

/// Where a game starts.
#[derive(Clone, Debug)]
pub enum Start {
    /// The start position without fog, then these opening moves.
    Opening(Vec<String>),
    /// The classic board with fog and this seed's mine layout.
    Fog(u64),
}

/// How a game ended, for the engine that played White.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// 1, ½ or 0 for White.
    pub white_points: f64,
    /// Why it ended.
    pub reason: String,
    /// The moves, in coordinate notation.
    pub moves: Vec<String>,
    /// The longest a move took beyond its allowance (movetime only).
    pub worst_overshoot: Duration,
}

/// Grace on top of the allowance before an engine that has not answered
/// loses on time.
const GRACE: Duration = Duration::from_millis(1000);

/// Plays one game; `Err` only when the start is broken (a bad opening).
pub fn play(
    white: &mut Engine,
    black: &mut Engine,
    start: &Start,
    clock: Clock,
    max_plies: usize,
) -> Result<Played, RefereeError> {
    let (mut game, opening, fog) = match start {
        Start::Opening(moves) => {
            let pos = fen::parse_standard(minesweeper_core::ai::uci::START_FEN)
                .map_err(RefereeError::Start)?;
            (Game::from_position(pos), moves.clone(), false)
        }
        Start::Fog(seed) => {
            let variant = Variant::classic();
            let mut rng = GameRng::seed_from_u64(*seed);
            let layout =
                mines::random_layout(&variant.fog_zone, variant.mine_count as usize, &mut rng);
            let game = Game::new(&variant, layout).map_err(RefereeError::Layout)?;
            (game, Vec::new(), true)
        }
    };
    let start_fen = fen::to_fen(game.position());
    let mut moves = Vec::new();
    for text in &opening {
        let m = MoveError::play(&mut game, text).map_err(RefereeError::Opening)?;
        moves.push(m.to_string());
    }
    for e in [&mut *white, &mut *black] {
        e.send("ucinewgame").map_err(RefereeError::Engine)?;
        let _ = e.ready();
    }
    let mut left = match clock {
        Clock::Fischer(base, _) => [base, base],
        Clock::MoveTime(_) => [Duration::ZERO; 2],
    };
    let mut worst = Duration::ZERO;
    let end = |white_points: f64, reason: String, moves: Vec<String>, worst| Played {
        white_points,
        reason,
        moves,
        worst_overshoot: worst,
    };
    loop {
        if let Some(o) = game.outcome() {
            let points = match o {
                Outcome::Decisive {
                    winner: Color::White,
                    ..
                } => 1.0,
                Outcome::Decisive { .. } => 0.0,
                Outcome::Draw(_) => 0.5,
            };
            return Ok(end(points, o.to_string(), moves, worst));
        }
        if moves.len() >= max_plies {
            return Ok(end(
                0.5,
                format!("{max_plies} plies: adjudicated a draw"),
                moves,
                worst,
            ));
        }
        let side = game.turn();
        let engine = if side == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        let loses = if side == Color::White { 0.0 } else { 1.0 };
        // Under fog an engine sees the public board only, as a player does.
        let position = if fog {
            format!("position fen {}", fen::to_public_fen(game.position()))
        } else if moves.is_empty() {
            format!("position fen {start_fen}")
        } else {
            format!("position fen {start_fen} moves {}", moves.join(" "))
        };
        let (go, limit) = match clock {
            Clock::MoveTime(t) => (format!("go movetime {}", t.as_millis()), t + GRACE),
            Clock::Fischer(_, inc) => (
                format!(
                    "go wtime {} btime {} winc {} binc {}",
                    left[0].as_millis(),
                    left[1].as_millis(),
                    inc.as_millis(),
                    inc.as_millis()
                ),
                left[side.index()] + GRACE,
            ),
        };
        let name = engine.name.clone();
        let (text, took) = match engine.think(&position, &go, limit) {
            Ok(answer) => answer,
            Err(EngineError::Timeout(_)) => {
                return Ok(end(loses, format!("{name} lost on time"), moves, worst));
            }
            Err(e) => return Ok(end(loses, format!("{name}: {e}"), moves, worst)),
        };
        match clock {
            Clock::MoveTime(t) => worst = worst.max(took.saturating_sub(t)),
            Clock::Fischer(_, inc) => {
                let l = &mut left[side.index()];
                if took > *l {
                    return Ok(end(loses, format!("{name} lost on time"), moves, worst));
                }
                *l = *l - took + inc;
            }
        }
        let played = notation::parse_move(game.position(), &text)
            .ok()
            .and_then(|m| game.play(m).ok().map(|_| m));
        match played {
            Some(m) => moves.push(m.to_string()),
            None => {
                return Ok(end(
                    loses,
                    format!("{name} played an illegal move: {text}"),
                    moves,
                    worst,
                ));
            }
        }
    }
}
