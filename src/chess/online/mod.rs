//! Online play, the client side: the connection to a game server, what it
//! says turned into the same messages as a game at one screen.
//!
//! The server holds the mines; this screen never learns where the hidden
//! ones are, and holds none of its own: its board is the one the players
//! see. The server is the decider of an online game: each move it tells of
//! (what it did, the counts after it) is carried out by the same turn
//! stages, animations and sounds as a move at one screen.
//! [`ServerMsg::Game`](minesweeper_core::online::protocol::ServerMsg::Game)
//! brings the start as the players saw it and every move since, played
//! here the same way.

mod feed;
pub mod link;
mod players;
mod session;
mod told;
mod warn;

use bevy::prelude::*;
use minesweeper_core::chess::{ByColor, Color as Side};
use minesweeper_core::online::protocol::{ClientMsg, ClockView, ErrorCode, Over};

use crate::chess::ecs::{Decider, decided_by_server};
use link::Link;

/// The connection, if any: a non-`Send` resource (the browser's socket),
/// so the systems that use it run on the main thread.
#[derive(Default)]
pub struct LinkSlot(Option<Link>);
pub use players::{AccountNews, Players};
pub use warn::LOW_TIME_MS;
pub(crate) use warn::low_time_warning;

/// Where the online client is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Phase {
    /// No connection.
    #[default]
    Offline,
    /// Connecting to the server.
    Connecting,
    /// In the quick-game queue.
    Queued,
    /// In a game (a seat or watching).
    InGame,
    /// The connection was lost; trying again.
    Reconnecting,
}

/// Why the last request went wrong, for the interface to word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// The server refused something.
    Refused(ErrorCode),
    /// The server could not be reached (its address and the reason).
    Unreachable(String),
}

/// The online game as this screen knows it.
#[derive(Resource, Default)]
pub struct Online {
    /// The server's address.
    pub server: String,
    /// A connection is wanted (the link itself is [`LinkSlot`]: a browser
    /// socket lives on the main thread only).
    connected: bool,
    open: bool,
    /// Requests waiting for the connection to open.
    outbox: Vec<ClientMsg>,
    /// Where the client is.
    pub phase: Phase,
    /// The game's invite code.
    pub code: Option<String>,
    /// The seat's token (players only).
    token: Option<String>,
    /// This screen's side; `None` when watching.
    pub side: Option<Side>,
    /// The board preset's file.
    pub preset: String,
    /// The time control (`5+3`), `None` when untimed.
    pub time: Option<String>,
    /// Whether each side (White, Black) is connected.
    pub present: ByColor<bool>,
    /// The clocks as last told, and when (seconds of this app's clock).
    clock: Option<(ClockView, f64)>,
    /// The draw on offer, by whom.
    pub offer: Option<Side>,
    /// The rematch asked for, by whom.
    pub rematch: Option<Side>,
    /// How the game ended, once it has.
    pub over: Option<Over>,
    /// The moves played before this screen joined (SAN), when the
    /// server's record of them could not be replayed (else empty: the
    /// board holds them).
    pub earlier: Vec<String>,
    /// Moves the server has told of.
    ply: u32,
    /// The ply of the move sent and not yet answered (the move itself
    /// waited in the move queue until sent).
    sent: Option<u32>,
    /// The final layout was handed to the end-of-game reveal.
    revealed: bool,
    /// Another connection took this seat: no coming back on our own.
    taken: bool,
    /// The last refusal or connection problem.
    pub notice: Option<Notice>,
    /// When to try the connection again.
    retry_at: f64,
    /// The server could not reach the seat's game yet (its node stopped
    /// and another is taking it over): ask again at `retry_at`.
    resume_again: bool,
    /// When the connection was last pinged.
    ping_at: f64,
    /// When the server was last heard (any message, a pong included): a
    /// connection silent past [`liveness::SILENT_S`](minesweeper_core::online::liveness::SILENT_S) is given up.
    heard_at: f64,
    /// When the connection was last read (a frame's time): a page that
    /// stood still (a reload compiling its shaders, a slow software
    /// renderer) has not heard its server for as long, which is no
    /// silence of the server's.
    polled_at: f64,
    /// Reconnections tried since the connection was last open: each waits
    /// longer, with jitter, so that the players of a node that stopped do
    /// not all come back in the same instant.
    retries: u32,
    /// Keep the seat's token between runs (the game's window does; tests
    /// and tools leave no file behind).
    remember: bool,
    /// The seat of a game in progress this screen left for the menu (its
    /// token and code): the lobby offers to go back.
    left: Option<(String, String)>,
}

impl Online {
    /// The code of the game in progress this screen left, if any.
    pub fn left_game(&self) -> Option<&str> {
        self.left.as_ref().map(|(_, code)| code.as_str())
    }

    /// A client that keeps its seat between runs (a reload, a restart).
    pub fn remembering() -> Online {
        Online {
            remember: true,
            ..Online::default()
        }
    }

    /// Whether this screen is in an online game.
    pub fn in_game(&self) -> bool {
        matches!(self.phase, Phase::InGame | Phase::Reconnecting)
    }

    /// Milliseconds `side` has at `now` (app seconds), ticking down for the
    /// running clock; `None` when untimed.
    pub fn clock_left(&self, side: Side, now: f64) -> Option<u64> {
        let (c, at) = self.clock?;
        let stored = if side == Side::White {
            c.white_ms
        } else {
            c.black_ms
        };
        let spent = if c.running == Some(side) && self.over.is_none() {
            ((now - at).max(0.0) * 1000.0) as u64
        } else {
            0
        };
        Some(stored.saturating_sub(spent))
    }

    /// The side whose clock runs.
    pub fn clock_running(&self) -> Option<Side> {
        self.clock
            .and_then(|(c, _)| c.running)
            .filter(|_| self.over.is_none())
    }

    /// How many moves the game has had, as the server told.
    pub fn moves_told(&self) -> u32 {
        self.ply
    }

    /// Whether a move of ours is on its way to the server.
    pub fn awaiting_reply(&self) -> bool {
        self.sent.is_some()
    }
}

/// A message the server sent, read this frame (each kind handled by its
/// own system in `told`).
#[derive(Message, Debug, Clone)]
pub(crate) struct Heard(pub minesweeper_core::online::protocol::ServerMsg);

/// What the interface asks of the online client.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum OnlineRequest {
    /// Open a game (preset file, time control, colour) and take a seat.
    Create {
        /// Board preset file.
        preset: String,
        /// Time control, `None` for untimed.
        time: Option<String>,
        /// The colour asked for.
        color: minesweeper_core::online::protocol::SeatChoice,
        /// Rated (signed in) or casual.
        rated: bool,
    },
    /// Join by invite code.
    Join(String),
    /// Wait for a quick game with this time control, rated or casual.
    Quick {
        /// Time control, `None` for untimed.
        time: Option<String>,
        /// Rated (signed in, paired by rating) or casual.
        rated: bool,
    },
    /// Watch by code.
    Watch(String),
    /// Resign, offer or decline a draw, ask for a rematch.
    Say(ClientMsg),
    /// Leave the game and the server (a game in progress is kept to come
    /// back to: its clock runs meanwhile).
    Leave,
    /// Go back to the game in progress left with [`OnlineRequest::Leave`].
    Return,
    /// Use this server (`host:port` or a WebSocket URL) for the next
    /// connection.
    Server(String),
}

/// The sets of the online client (ordered in `app::sets`): what the
/// server said, read in the turn's setup; what waits for it, sent once
/// the frame's move is decided.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OnlineSet {
    /// The interface's requests; the connection read, each kind of
    /// message handled by its own system.
    Receive,
    /// Sends what waits for the server.
    Send,
}

/// The online client: headless (no window needed), in every app.
pub struct OnlinePlugin;

impl Plugin for OnlinePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Online>()
            .init_resource::<Players>()
            .init_resource::<told::ReplayEnd>()
            .insert_non_send(LinkSlot::default())
            .add_message::<OnlineRequest>()
            .add_message::<Heard>()
            .add_systems(Startup, (players::start, session::start).chain())
            .add_systems(Last, publish.run_if(|| crate::base::platform::WEB))
            .add_systems(
                Update,
                (
                    (
                        session::keep_alive,
                        session::requests,
                        session::receive,
                        told::seated,
                        told::whole_game,
                        told::moved,
                        told::news,
                        told::over,
                        told::refused,
                        told::replay,
                        told::settle_replay,
                        players::told_account,
                        players::told_game,
                        players::told_pages,
                        players::answered,
                        feed::settle_outcome,
                        feed::reveal_layout,
                    )
                        .chain()
                        .in_set(OnlineSet::Receive),
                    (feed::send_moves, feed::decide)
                        .chain()
                        .in_set(Decider::Server)
                        .run_if(decided_by_server),
                    session::flush.in_set(OnlineSet::Send),
                ),
            );
    }
}

/// On the web, the online state for the browser test (`window.mscOnline`):
/// the phase, code, side, moves told, presence, clocks and result; the
/// player signed in, whether the game is rated, this seat's rating change
/// and the games of the archive page shown.
fn publish(online: Res<Online>, players: Res<Players>, time: Res<Time<Real>>) {
    let now = time.elapsed_secs_f64();
    let ms = |side| {
        online
            .clock_left(side, now)
            .map_or("null".to_string(), |m| m.to_string())
    };
    let side = match online.side {
        Some(Side::White) => "\"white\"",
        Some(Side::Black) => "\"black\"",
        None => "null",
    };
    let change = online
        .side
        .and_then(|s| players.change(online.code.as_deref(), s))
        .map_or("null".to_string(), |c| c.delta().to_string());
    let archive = players
        .archive
        .as_ref()
        .map_or(0, |(_, _, games, _)| games.len());
    let json = format!(
        "{{\"phase\":\"{:?}\",\"code\":\"{}\",\"side\":{side},\"ply\":{},\"present\":[{},{}],\"white_ms\":{},\"black_ms\":{},\"over\":\"{}\",\"player\":\"{}\",\"rated\":{},\"change\":{change},\"archive\":{archive}}}",
        online.phase,
        online.code.as_deref().unwrap_or(""),
        online.ply,
        online.present[Side::White],
        online.present[Side::Black],
        ms(Side::White),
        ms(Side::Black),
        online.over.as_ref().map_or("", |o| o.why.as_str()),
        players.name.as_deref().unwrap_or(""),
        players.rated,
    );
    crate::base::platform::publish("mscOnline", &json);
}
