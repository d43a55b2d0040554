//! A game: a position plus its history, for repetition and the move list.

use super::color::Color;
use super::notation::san_with_suffix;
use super::position::{
    DrawReason, IllegalMove, Move, MoveReport, Outcome, Position, PositionError, WinReason,
};
use super::square_set::SquareSet;
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
    start: Position,
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
            start: position.clone(),
            position,
            moves: Vec::new(),
            outcome,
        }
    }

    /// A game from `start` with `moves` played.
    ///
    /// # Errors
    /// The first move that is not legal where it stands.
    pub fn replay(start: Position, moves: &[Move]) -> Result<Game, IllegalMove> {
        let mut g = Game::from_position(start);
        for &m in moves {
            g.play(m)?;
        }
        Ok(g)
    }

    /// The current position (true mines included).
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The position the game started from (true mines included).
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// Cells of the start position whose content nobody knows yet: those
    /// still under fog and never swept. No move has touched them, so the
    /// game so far is the same whatever they hide.
    pub fn unknown(&self) -> SquareSet {
        self.position.unknown_cells()
    }

    /// The same game with its hidden mines dealt afresh: a layout drawn
    /// uniformly from those that agree with everything public now (the
    /// counts, swept cells and the counter), put back into the start
    /// position, and the moves replayed. Every move does what it did, every
    /// count shows what it showed; only where the hidden mines lie changes.
    ///
    /// # Errors
    /// When the public view admits no layout (never in a real game) or the
    /// replay differs (a bug).
    pub fn redeal(&self, rng: &mut impl rand::Rng) -> Result<Game, RedealError> {
        let layout =
            super::deal::redeal(&self.position.public_view(), rng).map_err(RedealError::Deal)?;
        let unknown = self.unknown();
        let known = self.start.mines().difference(&unknown);
        self.with_start_mines(known.union(&layout))
    }

    /// This game from a start holding `mines`, its moves replayed; the
    /// replay must give the same public game.
    fn with_start_mines(&self, mines: SquareSet) -> Result<Game, RedealError> {
        let mut setup = self.start.to_setup();
        setup.unknown = None;
        setup.mines = mines;
        let start =
            Position::from_setup(setup, *self.start.rules()).map_err(RedealError::Position)?;
        let moves: Vec<Move> = self.moves.iter().map(|m| m.mv).collect();
        let mut game = Game::replay(start, &moves).map_err(|_| RedealError::Replay)?;
        if game.keys != self.keys {
            return Err(RedealError::Replay);
        }
        game.outcome = self.outcome;
        Ok(game)
    }

    /// The true game behind one kept in public (an online client's, whose
    /// positions hold no hidden mine), once the game is over and `last`,
    /// the mines of its final position, are told: the start's mines are
    /// those and the ones its moves set off or swept. The moves replay to
    /// the same public game.
    ///
    /// # Errors
    /// When the start does not take the layout or the replay differs (a
    /// layout that is not this game's).
    pub fn revealed(&self, last: &SquareSet) -> Result<Game, RedealError> {
        let mut mines = *last;
        for m in &self.moves {
            let r = &m.report;
            for (sq, _) in r.blasts() {
                mines.insert(sq);
            }
            for sq in r.swept.into_iter().chain(r.royal_sweep) {
                mines.insert(sq);
            }
        }
        self.with_start_mines(self.start.mines().union(&mines))
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
        let mut after = self.position.clone();
        let report = after.play_unchecked(m);
        self.record_played(m, after, report)
    }

    /// Records move `m` that the caller has already checked and played
    /// into `after`, with its `report` (the ECS turn validates and plays a
    /// move before the history hears of it): the SAN, the repetition key
    /// and the outcome, as [`Game::play`] does, without playing it twice.
    /// The caller vouches that `after` is what `m` makes of the position.
    ///
    /// # Errors
    /// [`IllegalMove`] when the game is already over.
    pub fn record_played(
        &mut self,
        m: Move,
        after: Position,
        report: MoveReport,
    ) -> Result<&PlayedMove, IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove(m));
        }
        let before = std::mem::replace(&mut self.position, after);
        let san = san_with_suffix(&before, m, &self.position);
        let key = self.position.repetition_key();
        self.keys.push(key);
        self.outcome = self.position.outcome().or_else(|| {
            (repetitions(&self.keys, key) >= 3).then_some(Outcome::Draw(DrawReason::Repetition))
        });
        self.moves.push(PlayedMove { mv: m, san, report });
        Ok(self.moves.last().expect("just pushed"))
    }

    /// The side to move resigns.
    pub fn resign(&mut self) {
        self.resign_as(self.position.turn());
    }

    /// `loser` resigns (against the computer the player may resign on its
    /// turn).
    pub fn resign_as(&mut self, loser: Color) {
        if self.outcome.is_none() {
            self.outcome = Some(Outcome::Decisive {
                winner: !loser,
                reason: WinReason::Resignation,
            });
        }
    }

    /// `loser`'s time ran out: the other side wins, unless it has too
    /// little left to ever mate (then it is a draw).
    pub fn flag(&mut self, loser: Color) {
        if self.outcome.is_none() {
            self.outcome = Some(if self.position.can_mate(!loser) {
                Outcome::Decisive {
                    winner: !loser,
                    reason: WinReason::Timeout,
                }
            } else {
                Outcome::Draw(DrawReason::TimeoutVsInsufficientMaterial)
            });
        }
    }

    /// Ends the game with an outcome decided outside its moves (a
    /// resignation, an agreement, a flag: here or by a server); a game
    /// already over keeps its outcome.
    pub fn conclude(&mut self, outcome: Outcome) {
        if self.outcome.is_none() {
            self.outcome = Some(outcome);
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

/// Why a game could not be dealt afresh.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RedealError {
    /// No layout agrees with the public view.
    Deal(super::deal::DealError),
    /// The start position did not take the new layout.
    Position(PositionError),
    /// The moves did not replay to the same public game.
    Replay,
}

impl std::fmt::Display for RedealError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RedealError::Deal(e) => e.fmt(f),
            RedealError::Position(e) => e.fmt(f),
            RedealError::Replay => write!(f, "the moves do not replay to the same game"),
        }
    }
}

impl std::error::Error for RedealError {}

/// Counts how often `key` appears in `keys`: threefold repetition is three.
pub fn repetitions(keys: &[u64], key: u64) -> usize {
    keys.iter().filter(|&&k| k == key).count()
}
