//! One online game as the server keeps it: the rules, the clocks and the
//! draw offer, without sockets, seats or storage.
//!
//! A request is first *checked* ([`Table::check`]): refused with an error,
//! or turned into an [`Event`] that the server stores; only a stored event
//! is *applied* ([`Table::apply`]), which cannot fail and says what to tell
//! everyone. Restoring a game after a restart applies its stored events in
//! order, with their times, so the clocks come back exactly as they were.

use crate::chess::notation::parse_coordinate;
use crate::chess::preset::{self, BUILTIN};
use crate::chess::{ByColor, Color, Game, Position, Variant};

use super::protocol::{ClientMsg, ClockView, ErrorCode, MoveView, Over, ServerMsg};
use super::{Clocks, TimeControl};

/// A refusal: what kind and why, for [`ServerMsg::Error`].
pub type Refusal = (ErrorCode, String);

/// Something that happened to a game, in the order it is stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Both seats are taken: White's clock starts.
    Start,
    /// A move, in coordinate form.
    Move(String),
    /// This side gave up.
    Resign(Color),
    /// This side offered a draw.
    Offer(Color),
    /// The draw offer was turned down (by a word or a move).
    Decline,
    /// Both agreed a draw.
    Draw,
    /// This side's time ran out.
    Flag(Color),
    /// The game moved to another server after its own stopped: the side
    /// to move had thought this many ms (by the stopped server's clock)
    /// and its clock runs on from this event's time, so that the outage
    /// costs it nothing.
    Resume(u64),
}

/// The most thinking time a [`Event::Resume`] may carry: two of the
/// longest base times.
const MAX_RESUME_MS: u64 = 2 * super::clock::MAX_BASE_S as u64 * 1000;

impl Event {
    /// The stored form: a short word and, for a move, the move.
    pub fn to_record(&self) -> String {
        let side = |c: Color| if c == Color::White { "w" } else { "b" };
        match self {
            Event::Start => "start".into(),
            Event::Move(m) => format!("move {m}"),
            Event::Resign(c) => format!("resign {}", side(*c)),
            Event::Offer(c) => format!("offer {}", side(*c)),
            Event::Decline => "decline".into(),
            Event::Draw => "draw".into(),
            Event::Flag(c) => format!("flag {}", side(*c)),
            Event::Resume(ms) => format!("resume {ms}"),
        }
    }

    /// Reads [`Event::to_record`]'s form back.
    ///
    /// # Errors
    /// What is wrong with the record.
    pub fn from_record(text: &str) -> Result<Event, BadEvent> {
        let (word, arg) = text.split_once(' ').unwrap_or((text, ""));
        let side = || match arg {
            "w" => Ok(Color::White),
            "b" => Ok(Color::Black),
            _ => Err(BadEvent::NoSide(text.to_string())),
        };
        Ok(match word {
            "start" => Event::Start,
            "move" if !arg.is_empty() => Event::Move(arg.to_string()),
            "resign" => Event::Resign(side()?),
            "offer" => Event::Offer(side()?),
            "decline" => Event::Decline,
            "draw" => Event::Draw,
            "flag" => Event::Flag(side()?),
            "resume" => match arg.parse::<u64>() {
                Ok(ms) => Event::Resume(ms.min(MAX_RESUME_MS)),
                Err(_) => return Err(BadEvent::Unknown(text.to_string())),
            },
            _ => return Err(BadEvent::Unknown(text.to_string())),
        })
    }
}

/// A stored event that does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadEvent {
    /// The word needs a side, `w` or `b`.
    NoSide(String),
    /// Not a word of the game's events.
    Unknown(String),
}

impl std::fmt::Display for BadEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BadEvent::NoSide(text) => write!(f, "`{text}`: expected a side, `w` or `b`"),
            BadEvent::Unknown(text) => write!(f, "`{text}` is not a game event"),
        }
    }
}

impl std::error::Error for BadEvent {}

/// A stored event that no longer fits its game (a corrupt store).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApplyError {
    /// A stored move that does not read here.
    Unreadable(String, crate::chess::notation::NotationError),
    /// A stored move that is not legal here.
    Illegal(String, crate::chess::IllegalMove),
}

impl std::fmt::Display for ApplyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ApplyError::Unreadable(text, e) => write!(f, "stored move `{text}`: {e}"),
            ApplyError::Illegal(text, e) => write!(f, "stored move `{text}`: {e}"),
        }
    }
}

impl std::error::Error for ApplyError {}

/// The variant of a built-in board preset, by file name.
///
/// # Errors
/// The names offered when `file` is not one of them.
pub fn builtin_variant(file: &str) -> Result<Variant, Refusal> {
    let offered = || {
        BUILTIN
            .iter()
            .map(|(f, _)| *f)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (name, text) = BUILTIN.iter().find(|(f, _)| *f == file).ok_or_else(|| {
        (
            ErrorCode::BadRequest,
            format!("no board `{}`; offered: {}", clip(file), offered()),
        )
    })?;
    preset::parse(name, text)
        .map(|p| p.variant)
        .map_err(|e| (ErrorCode::BadRequest, e.to_string()))
}

/// At most 40 characters of a client's text, for quoting it in an error.
fn clip(text: &str) -> String {
    text.chars().take(40).collect()
}

/// One online game.
#[derive(Clone, Debug)]
pub struct Table {
    preset: String,
    control: Option<TimeControl>,
    game: Game,
    clocks: Option<Clocks>,
    started: bool,
    offer: Option<Color>,
    /// The number of moves played when each side last offered a draw: one
    /// offer per move, so that offers cannot be repeated to pester.
    offered_at: ByColor<Option<usize>>,
}

impl Table {
    /// A game of the built-in preset `preset` from `start` (its mines
    /// dealt), untimed when `control` is `None`.
    pub fn new(preset: &str, control: Option<TimeControl>, start: Position) -> Table {
        Table {
            preset: preset.to_string(),
            control,
            game: Game::from_position(start),
            clocks: None,
            started: false,
            offer: None,
            offered_at: ByColor::default(),
        }
    }

    /// The board preset's file name.
    pub fn preset(&self) -> &str {
        &self.preset
    }

    /// The time control, `None` when untimed.
    pub fn control(&self) -> Option<TimeControl> {
        self.control
    }

    /// The game (with its hidden mines: for the server only).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether both players have sat down and play has begun.
    pub fn started(&self) -> bool {
        self.started
    }

    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// When the running clock's flag falls (ms), if a clock runs.
    pub fn deadline(&self) -> Option<u64> {
        self.clocks.as_ref().and_then(Clocks::deadline)
    }

    /// The clocks at `now_ms`, when timed.
    pub fn clock_view(&self, now_ms: u64) -> Option<ClockView> {
        self.clocks.as_ref().map(|c| ClockView::of(c, now_ms))
    }

    /// The event that ends the game on time at `now_ms`, if a flag fell.
    pub fn flag_due(&self, now_ms: u64) -> Option<Event> {
        if self.over() {
            return None;
        }
        self.clocks
            .as_ref()
            .and_then(|c| c.flagged(now_ms))
            .map(Event::Flag)
    }

    /// Checks a seated player's request at `now_ms`: the event to store, or
    /// why it is refused. A move made after the mover's flag fell is
    /// refused and the flag event returned instead, to be stored and
    /// applied like any other.
    ///
    /// # Errors
    /// Not started, over, not your turn, stale, illegal, or an offer
    /// already made.
    pub fn check(&self, side: Color, msg: &ClientMsg, now_ms: u64) -> Result<Event, Refusal> {
        if self.over() {
            return Err((ErrorCode::GameOver, "the game is over".into()));
        }
        // Before its second player sits down a game has nothing to end
        // or offer: a stranger must not be seated in a finished game.
        if !self.started {
            return Err((
                ErrorCode::NotStarted,
                "the game starts when both players are seated".into(),
            ));
        }
        if let Some(flag) = self.flag_due(now_ms) {
            return Ok(flag);
        }
        match msg {
            ClientMsg::Move { ply, mv } => self.check_move(side, *ply, mv),
            ClientMsg::Resign => Ok(Event::Resign(side)),
            ClientMsg::OfferDraw => {
                if self.offer == Some(!side) {
                    return Ok(Event::Draw);
                }
                if self.offer == Some(side)
                    || self.offered_at[side] == Some(self.game.moves().len())
                {
                    return Err((
                        ErrorCode::BadRequest,
                        "one draw offer per move: play a move first".into(),
                    ));
                }
                Ok(Event::Offer(side))
            }
            ClientMsg::DeclineDraw => match self.offer {
                Some(by) if by != side => Ok(Event::Decline),
                _ => Err((ErrorCode::BadRequest, "no draw offer to decline".into())),
            },
            _ => Err((ErrorCode::BadRequest, "not a move of the game".into())),
        }
    }

    fn check_move(&self, side: Color, ply: u32, text: &str) -> Result<Event, Refusal> {
        if self.game.turn() != side {
            return Err((ErrorCode::NotYourTurn, "it is the other side's move".into()));
        }
        let expected = self.game.moves().len() + 1;
        if usize::try_from(ply).ok() != Some(expected) {
            return Err((
                ErrorCode::StaleMove,
                format!("move {ply} was sent, but this is move {expected}"),
            ));
        }
        let m = parse_coordinate(self.game.position(), text)
            .map_err(|e| (ErrorCode::IllegalMove, format!("`{}`: {e}", clip(text))))?;
        Ok(Event::Move(m.to_string()))
    }

    /// Applies a stored event made at `at_ms` and says what everyone at
    /// the table is told. An event that no longer fits (a corrupt store)
    /// changes nothing and says so in the `Err`.
    ///
    /// # Errors
    /// A stored move that is not legal here.
    pub fn apply(&mut self, event: &Event, at_ms: u64) -> Result<Vec<ServerMsg>, ApplyError> {
        let mut out = Vec::new();
        match event {
            Event::Start => {
                self.started = true;
                self.clocks = self.control.map(|c| Clocks::start(c, at_ms));
            }
            Event::Move(text) => {
                let mover = self.game.turn();
                let m = parse_coordinate(self.game.position(), text)
                    .map_err(|e| ApplyError::Unreadable(text.clone(), e))?;
                self.game
                    .play(m)
                    .map_err(|e| ApplyError::Illegal(text.clone(), e))?;
                if let Some(c) = self.clocks.as_mut() {
                    // A move checked in time is never flagged here.
                    let _ = c.press(mover, at_ms);
                }
                if let Some(view) = MoveView::last(&self.game) {
                    out.push(ServerMsg::Moved {
                        view,
                        clock: self.clock_view(at_ms),
                    });
                }
                if self.offer == Some(!mover) {
                    self.offer = None;
                    out.push(ServerMsg::DrawDeclined);
                }
            }
            Event::Resign(side) => self.game.resign_as(*side),
            Event::Offer(side) => {
                self.offer = Some(*side);
                self.offered_at[*side] = Some(self.game.moves().len());
                out.push(ServerMsg::DrawOffered { by: *side });
            }
            Event::Decline => {
                self.offer = None;
                out.push(ServerMsg::DrawDeclined);
            }
            Event::Draw => self.game.agree_draw(),
            Event::Flag(side) => self.game.flag(*side),
            Event::Resume(thought) => {
                if let Some(c) = self.clocks.as_mut() {
                    c.resume(*thought, at_ms);
                }
            }
        }
        if let Some(over) = Over::of(&self.game) {
            self.offer = None;
            if let Some(c) = self.clocks.as_mut() {
                c.stop(at_ms);
            }
            out.push(ServerMsg::Over(over));
        }
        Ok(out)
    }

    /// How long the side to move had thought at `stopped_ms` (by the
    /// clock its moves were timed with): `None` when no clock runs.
    pub fn thought_by(&self, stopped_ms: u64) -> Option<u64> {
        let (_, running) = self.clocks.as_ref()?.stored();
        running.map(|(_, since)| stopped_ms.saturating_sub(since))
    }

    /// The draw offer on the table, by whom.
    pub fn offer(&self) -> Option<Color> {
        self.offer
    }

    /// The whole game as `you` (a seat, or `None` for a spectator) may see
    /// it at `now_ms`, with who is connected.
    pub fn view(
        &self,
        code: &str,
        you: Option<Color>,
        present: ByColor<bool>,
        now_ms: u64,
    ) -> ServerMsg {
        ServerMsg::Game {
            code: code.to_string(),
            preset: self.preset.clone(),
            time: self.control.map(|c| c.to_string()),
            you,
            moves: self.game.moves().iter().map(|m| m.san.clone()).collect(),
            start: crate::chess::fen::to_public_fen(self.game.start()),
            history: MoveView::history(&self.game),
            record: crate::chess::record::write(&self.preset, &self.game, &[]),
            fen: crate::chess::fen::to_public_fen(self.game.position()),
            present,
            clock: self.clock_view(now_ms),
            offer: self.offer,
            over: Over::of(&self.game),
            players: ByColor::default(),
            rated: false,
        }
    }
}
