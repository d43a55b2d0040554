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

/// The game at its start: the opening played, and whether it is a fog
/// game (the engines then see the public board only).
struct Board {
    game: Game,
    start_fen: String,
    moves: Vec<String>,
    fog: bool,
}

impl Board {
    /// Sets up `start` and plays its opening.
    fn new(start: &Start) -> Result<Board, RefereeError> {
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
        Ok(Board {
            game,
            start_fen,
            moves,
            fog,
        })
    }

    /// The `position` command for the side to move.
    fn position_command(&self) -> String {
        // Under fog an engine sees the public board only, as a player does.
        if self.fog {
            format!("position fen {}", fen::to_public_fen(self.game.position()))
        } else if self.moves.is_empty() {
            format!("position fen {}", self.start_fen)
        } else {
            format!(
                "position fen {} moves {}",
                self.start_fen,
                self.moves.join(" ")
            )
        }
    }

    /// Plays the engine's answer; `false` when it is not a legal move.
    fn play(&mut self, text: &str) -> bool {
        let played = notation::parse_move(self.game.position(), text)
            .ok()
            .and_then(|m| self.game.play(m).ok().map(|_| m));
        if let Some(m) = played {
            self.moves.push(m.to_string());
        }
        played.is_some()
    }
}

/// White's points for a finished game.
fn white_points(o: &Outcome) -> f64 {
    match o {
        Outcome::Decisive {
            winner: Color::White,
            ..
        } => 1.0,
        Outcome::Decisive { .. } => 0.0,
        Outcome::Draw(_) => 0.5,
    }
}

/// The `go` command for `side` and how long it may take, grace included.
fn go_command(clock: Clock, left: &[Duration; 2], side: Color) -> (String, Duration) {
    match clock {
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
    }
}

/// Plays one game; `Err` only when the start is broken (a bad opening).
///
/// # Errors
/// A start position or layout that does not make a game, an opening move
/// that does not read or is not legal, or an engine gone before the game.
pub fn play(
    white: &mut Engine,
    black: &mut Engine,
    start: &Start,
    clock: Clock,
    max_plies: usize,
) -> Result<Played, RefereeError> {
    let mut board = Board::new(start)?;
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
        if let Some(o) = board.game.outcome() {
            return Ok(end(white_points(&o), o.to_string(), board.moves, worst));
        }
        if board.moves.len() >= max_plies {
            let reason = format!("{max_plies} plies: adjudicated a draw");
            return Ok(end(0.5, reason, board.moves, worst));
        }
        let side = board.game.turn();
        let engine = if side == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        let loses = if side == Color::White { 0.0 } else { 1.0 };
        let (go, limit) = go_command(clock, &left, side);
        let name = engine.name.clone();
        let (text, took) = match engine.think(&board.position_command(), &go, limit) {
            Ok(answer) => answer,
            Err(EngineError::Timeout(_)) => {
                return Ok(end(
                    loses,
                    format!("{name} lost on time"),
                    board.moves,
                    worst,
                ));
            }
            Err(e) => return Ok(end(loses, format!("{name}: {e}"), board.moves, worst)),
        };
        match clock {
            Clock::MoveTime(t) => worst = worst.max(took.saturating_sub(t)),
            Clock::Fischer(_, inc) => {
                let l = &mut left[side.index()];
                if took > *l {
                    return Ok(end(
                        loses,
                        format!("{name} lost on time"),
                        board.moves,
                        worst,
                    ));
                }
                *l = *l - took + inc;
            }
        }
        if !board.play(&text) {
            let reason = format!("{name} played an illegal move: {text}");
            return Ok(end(loses, reason, board.moves, worst));
        }
    }
}
