//! A connected client as games see it: where it is, and a queue of what to
//! write to it. The socket itself is `conn`'s; this side only queues text
//! and asks for the end.

use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use axum::extract::ws::Utf8Bytes;
use minesweeper_core::chess::Color;
use minesweeper_core::online::TimeControl;
use minesweeper_core::online::protocol::ServerMsg;
use tokio::sync::{mpsc, watch};

use super::Room;
use crate::store::players::Account;

/// A connection's sign-in: the account and its session. The token is
/// kept (in memory only) to sign in on the node a game is forwarded to.
#[derive(Clone)]
pub struct Signed {
    /// The account.
    pub account: Account,
    /// The session token the client holds.
    pub token: String,
    /// Its hash, as stored.
    pub hash: String,
}

/// Where a client is.
#[derive(Clone, Default)]
pub enum Place {
    /// In no game.
    #[default]
    Lobby,
    /// Waiting for a quick game.
    Queue(Option<TimeControl>),
    /// In a seat.
    Seat(Arc<Room>, Color),
    /// Watching.
    Watch(Arc<Room>),
}

/// A connected client, as games see it.
pub struct Peer {
    /// Unique while the server runs.
    pub id: u64,
    /// Where it connects from.
    pub address: IpAddr,
    outbox: mpsc::Sender<Utf8Bytes>,
    /// Turns true when the connection is to end (both halves watch it).
    kill: watch::Sender<bool>,
    closed: AtomicBool,
    /// Why the server closes the connection, for the close frame: its
    /// code and reason.
    why: OnceLock<(u16, &'static str)>,
    place: Mutex<Place>,
    /// Set when the client's game is on another node: its address and the
    /// first request to send it (the connection then relays there).
    handed: watch::Sender<Option<(String, String)>>,
    /// The account signed in on this connection, if any.
    signed: Mutex<Option<Signed>>,
    /// Archive reads this second: when it began (ms) and how many.
    reads: Mutex<(u64, u32)>,
}

/// A message as sent.
pub fn encode(msg: &ServerMsg) -> Utf8Bytes {
    serde_json::to_string(msg)
        .unwrap_or_else(|e| format!(r#"{{"t":"error","code":"unavailable","message":"{e}"}}"#))
        .into()
}

impl Peer {
    /// A client at `address` in the lobby whose messages go to `outbox`.
    pub fn new(id: u64, address: IpAddr, outbox: mpsc::Sender<Utf8Bytes>) -> Arc<Peer> {
        Arc::new(Peer {
            id,
            address,
            outbox,
            kill: watch::Sender::new(false),
            closed: AtomicBool::new(false),
            why: OnceLock::new(),
            place: Mutex::new(Place::Lobby),
            handed: watch::Sender::new(None),
            signed: Mutex::new(None),
            reads: Mutex::new((0, 0)),
        })
    }

    /// Queues `text` for the client; a full queue drops the connection.
    pub fn send(&self, text: Utf8Bytes) {
        if self.outbox.try_send(text).is_err() {
            self.close("closed by the server: messages were not read in time");
        }
    }

    /// Queues `msg` for the client.
    pub fn tell(&self, msg: &ServerMsg) {
        self.send(encode(msg));
    }

    /// Ends the connection for `why`, which its close frame carries with
    /// 1008, a policy of this server (the first reason given stays).
    pub fn close(&self, why: &'static str) {
        self.close_with(1008, why);
    }

    /// Ends the connection with a close frame of `code` and `why`.
    pub fn close_with(&self, code: u16, why: &'static str) {
        let _ = self.why.set((code, why));
        self.end();
    }

    /// Ends the connection.
    pub fn end(&self) {
        self.closed.store(true, Ordering::Relaxed);
        self.kill.send_replace(true);
    }

    /// Whether the connection has ended or is being dropped.
    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Relaxed)
    }

    /// Why the server closed the connection, if it did: the close code
    /// and reason.
    pub fn why(&self) -> Option<(u16, &'static str)> {
        self.why.get().copied()
    }

    /// Watches for the end of the connection (it turns true).
    pub fn ending(&self) -> watch::Receiver<bool> {
        self.kill.subscribe()
    }

    /// Hands the client to the node at `addr`: its connection relays
    /// there from now on, starting with `first` (a request, as JSON). An
    /// empty `addr` has `first` answered here, as if the client sent it.
    pub fn hand_to(&self, addr: String, first: String) {
        self.handed.send_replace(Some((addr, first)));
    }

    /// Watches for [`Peer::hand_to`].
    pub fn handed(&self) -> watch::Receiver<Option<(String, String)>> {
        self.handed.subscribe()
    }

    /// Where the client is now.
    pub fn place(&self) -> Place {
        self.place
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The sign-in of this connection, if any.
    pub fn signed(&self) -> Option<Signed> {
        self.signed
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The account signed in here, if any.
    pub fn account(&self) -> Option<Account> {
        self.signed().map(|s| s.account)
    }

    /// Signs this connection in (`Some`) or out (`None`).
    pub fn set_signed(&self, signed: Option<Signed>) {
        *self.signed.lock().unwrap_or_else(PoisonError::into_inner) = signed;
    }

    /// Counts one archive read at `now_ms`; `false` past `per_second`.
    pub fn may_read(&self, now_ms: u64, per_second: u32) -> bool {
        let mut r = self.reads.lock().unwrap_or_else(PoisonError::into_inner);
        if now_ms.saturating_sub(r.0) >= 1000 {
            *r = (now_ms, 0);
        }
        r.1 += 1;
        r.1 <= per_second
    }

    /// Moves the client to `place`.
    pub fn set_place(&self, place: Place) {
        *self.place.lock().unwrap_or_else(PoisonError::into_inner) = place;
    }
}
