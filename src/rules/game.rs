//! A game: a position plus its history, for repetition and the move list.

use super::notation::san_with_suffix;
use super::position::{
    DrawReason, IllegalMove, Move, MoveReport, Outcome, Position, PositionError, WinReason,
};
use super::square::{Color, SquareSet};
use super::variant::Variant;

/// One entry of the move list.
#[derive(Clone, Debug)]
pub struct PlayedMove {
    /// The move.
    pub mv: Move,
    /// Its SAN, with `+`/`#` as the board stood after it.
    pub san: String,
    /// What it did.
    pub report: MoveReport,
}

/// A game in progress or finished: the pure-rules twin of the ECS world,
/// used by tools, tests and the computer opponent.
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    keys: Vec<u64>,
    moves: Vec<PlayedMove>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A new game of `variant` with the given mine layout.
    ///
    /// # Errors
    /// When the variant and mines do not make a legal position.
    pub fn new(variant: &Variant, mines: SquareSet) -> Result<Game, PositionError> {
        Ok(Game::from_position(Position::new(variant, mines)?))
    }

    /// A game starting from `position`.
    pub fn from_position(position: Position) -> Game {
        let outcome = position.outcome();
        Game {
            keys: vec![position.repetition_key()],
            position,
            moves: Vec::new(),
            outcome,
        }
    }

    /// The current position (true mines included).
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[PlayedMove] {
        &self.moves
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Plays a legal move and updates the outcome.
    ///
    /// # Errors
    /// [`IllegalMove`] when the move is not legal or the game is over.
    pub fn play(&mut self, m: Move) -> Result<&PlayedMove, IllegalMove> {
        if self.outcome.is_some() || !self.position.is_legal(m) {
            return Err(IllegalMove(m));
        }
        let before = self.position.clone();
        let report = self.position.play(m);
        let san = san_with_suffix(&before, m, &self.position);
        self.keys.push(self.position.repetition_key());
        self.outcome = self.position.outcome().or_else(|| {
            let key = self.position.repetition_key();
            (repetitions(&self.keys, key) >= 3).then_some(Outcome::Draw(DrawReason::Repetition))
        });
        self.moves.push(PlayedMove { mv: m, san, report });
        Ok(self.moves.last().expect("just pushed"))
    }

    /// The side to move resigns.
    pub fn resign(&mut self) {
        if self.outcome.is_none() {
            self.outcome = Some(Outcome::Decisive {
                winner: !self.position.turn(),
                reason: WinReason::Resignation,
            });
        }
    }

    /// Both players agree to a draw.
    pub fn agree_draw(&mut self) {
        if self.outcome.is_none() {
            self.outcome = Some(Outcome::Draw(DrawReason::Agreement));
        }
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Color {
        self.position.turn()
    }
}

/// Counts how often `key` appears in `keys`: threefold repetition is three.
pub fn repetitions(keys: &[u64], key: u64) -> usize {
    keys.iter().filter(|&&k| k == key).count()
}
