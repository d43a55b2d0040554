//! One WebSocket connection: reads the client's requests (size, rate and
//! idle limits first), has the hub answer them, and writes what its game
//! tells it. The games see the client as a [`Peer`].

use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use minesweeper_core::online::protocol::{ClientMsg, ErrorCode, ServerMsg};
use minesweeper_core::online::table::Refusal;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;

use crate::forward::{self, Upstream};
use crate::hub::Hub;
use crate::hub::seats::{Flow, detach, handle};
use crate::room::Peer;

/// Messages waiting to be written to one client; a client that reads
/// slower than its game talks is dropped rather than let grow memory.
const OUTBOX: usize = 256;
/// Requests a client may send per second by default (twice that at once).
pub const RATE: f64 = 10.0;
/// Refused requests after which a flooding client is disconnected.
const STRIKES: u32 = 200;
/// A client that takes longer than this to accept one message (its
/// receive window full, the network gone) is dropped.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest reason an error quotes: a request is never echoed whole.
const MAX_REASON: usize = 160;

/// A token bucket: `2 × rate` at once, `rate` per second.
struct Bucket {
    tokens: f64,
    rate: f64,
    at: Instant,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.at).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(2.0 * self.rate);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

fn refuse(peer: &Peer, (code, mut message): Refusal) {
    if let Some((cut, _)) = message.char_indices().nth(MAX_REASON) {
        message.truncate(cut);
        message.push('…');
    }
    peer.tell(&ServerMsg::Error { code, message });
}

/// Closes `peer` for a frame that broke the WebSocket protocol, with the
/// code RFC 6455 gives the fault.
fn broken(peer: &Peer, e: axum::Error) {
    use tokio_tungstenite::tungstenite::Error as Ws;
    let inner = e.into_inner();
    match inner.downcast_ref::<Ws>() {
        Some(Ws::Capacity(_)) => peer.close_with(1009, "closed by the server: a frame over 64 KiB"),
        Some(Ws::Utf8(_)) => {
            peer.close_with(1007, "closed by the server: a text frame not in UTF-8")
        }
        Some(Ws::Protocol(_)) => peer.close_with(
            1002,
            "closed by the server: the frame broke the WebSocket protocol",
        ),
        // The connection itself failed: nobody to tell.
        _ => peer.end(),
    }
}

/// Returns once the connection is to end.
async fn killed(kill: &mut watch::Receiver<bool>) {
    // The guard `wait_for` returns is dropped here, not held across awaits.
    let _ = kill.wait_for(|&k| k).await.map(|_| ());
}

/// Connects `peer` to the node at `addr` that has its game, sending
/// `first`; `None` (the client told to try again) when it cannot.
async fn relay(
    hub: &Hub,
    peer: &Arc<Peer>,
    address: IpAddr,
    addr: &str,
    first: Option<String>,
) -> Option<Upstream> {
    let secret = hub.forward_secret().unwrap_or_default();
    match forward::connect(addr, secret, address, peer.clone()).await {
        Ok(up) => {
            hub.store
                .stats
                .forwards
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let session = peer.signed().map(|s| ClientMsg::Session { token: s.token });
            if let Some(Ok(text)) = session.map(|m| serde_json::to_string(&m)) {
                up.send(text.into());
            }
            if let Some(first) = first {
                up.send(first.into());
            }
            Some(up)
        }
        Err(e) => {
            // The nodes' addresses are not the client's business.
            crate::log::log(
                crate::log::Level::Warn,
                "forward_failed",
                &[("owner", &addr), ("reason", &e)],
            );
            if e.owner_gone() {
                // Its lease runs out within seconds and a node takes the
                // game: asked again here, it is found.
                refuse(
                    peer,
                    (
                        ErrorCode::Unavailable,
                        "the game is changing servers; try again".into(),
                    ),
                );
            } else {
                // Asked again here, it would fail again while this node
                // cannot reach the owner (a partition between nodes): the
                // client reconnects, and a balancer may pick a node that
                // can.
                peer.close_with(
                    1012,
                    "the game's server cannot be reached from here: reconnect",
                );
            }
            None
        }
    }
}

/// Where a connection comes from.
#[derive(Clone, Copy, Debug)]
pub struct Origin {
    /// The client's address.
    pub address: IpAddr,
    /// Forwarded by another node: never forwarded again, so that two
    /// nodes with different views of where a game is cannot pass a client
    /// back and forth.
    pub forwarded: bool,
}

/// Serves one client until it leaves, idles, floods or falls behind.
pub async fn run(socket: WebSocket, hub: Arc<Hub>, id: u64, origin: Origin, rate: f64) {
    let (sink, mut stream) = socket.split();
    let (outbox, rx) = mpsc::channel::<Utf8Bytes>(OUTBOX);
    let peer = Peer::new(id, origin.address, outbox);
    let writer = spawn_writer(sink, rx, peer.clone());
    let mut reader = Reader {
        hub: &hub,
        peer: &peer,
        origin,
        bucket: Bucket {
            tokens: 2.0 * rate,
            rate,
            at: Instant::now(),
        },
        strikes: 0,
        upstream: None,
    };
    reader.read(&mut stream).await;
    detach(&hub, &peer).await;
    // The writer sends what is queued, then the close frame.
    peer.end();
    if peer.why().is_some() {
        // Cut off by us: read (and drop) what the client still sends until
        // it answers the close, so that it gets the reason rather than a
        // reset that would discard it.
        let drain = async { while let Some(Ok(_)) = stream.next().await {} };
        let _ = tokio::time::timeout(Duration::from_secs(2), drain).await;
    }
    let _ = tokio::time::timeout(Duration::from_secs(2), writer).await;
}

/// Writes what `peer`'s game tells it (from `rx`) to `sink` until the
/// connection ends, then the close frame.
fn spawn_writer(
    mut sink: SplitSink<WebSocket, Message>,
    mut rx: mpsc::Receiver<Utf8Bytes>,
    peer: Arc<Peer>,
) -> JoinHandle<()> {
    let mut kill = peer.ending();
    tokio::spawn(async move {
        loop {
            tokio::select! {
                biased;
                next = rx.recv() => match next {
                    Some(text) => {
                        let sent = tokio::time::timeout(WRITE_TIMEOUT, sink.send(Message::Text(text)));
                        if !matches!(sent.await, Ok(Ok(()))) {
                            // Unread for too long (or gone): the reader
                            // stops too, and the socket is dropped.
                            peer.end();
                            break;
                        }
                    }
                    None => break,
                },
                () = killed(&mut kill) => {
                    let (code, reason) = peer.why().unwrap_or((1000, "goodbye"));
                    let close = Message::Close(Some(CloseFrame { code, reason: reason.into() }));
                    let _ = tokio::time::timeout(WRITE_TIMEOUT, sink.send(close)).await;
                    break;
                }
            }
        }
    })
}

/// The reading side of one connection.
struct Reader<'a> {
    hub: &'a Arc<Hub>,
    peer: &'a Arc<Peer>,
    origin: Origin,
    bucket: Bucket,
    /// Requests refused for the rate so far.
    strikes: u32,
    /// Set once the client's game is found on another node: every request
    /// then goes there, after this node's checks.
    upstream: Option<Upstream>,
}

impl Reader<'_> {
    /// Reads the client's frames until it leaves, idles or is cut off.
    async fn read(&mut self, stream: &mut SplitStream<WebSocket>) {
        let idle = self.hub.limits.idle;
        let mut kill = self.peer.ending();
        let mut handed = self.peer.handed();
        while !self.peer.is_closed() {
            let frame = tokio::select! {
                // A quick game paired on another node takes this client there.
                Ok(()) = handed.changed(), if self.upstream.is_none() => {
                    let to = handed.borrow_and_update().clone();
                    match to {
                        // No address: the server asks on the client's
                        // behalf here (back into the quick-game queue).
                        Some((addr, first)) if addr.is_empty() => self.answer(&first).await,
                        Some((addr, first)) => self.relay(&addr, Some(first)).await,
                        None => {}
                    }
                    continue;
                }
                next = tokio::time::timeout(idle, stream.next()) => match next {
                    Ok(Some(Ok(frame))) => frame,
                    Ok(Some(Err(e))) => {
                        broken(self.peer, e);
                        break;
                    }
                    Ok(None) => break,
                    Err(_) => {
                        self.peer.close("closed by the server: nothing received for a minute");
                        break;
                    }
                },
                () = killed(&mut kill) => break,
            };
            if !self.frame(frame).await {
                break;
            }
        }
    }

    /// Takes one frame; `false` when the connection is to end.
    async fn frame(&mut self, frame: Message) -> bool {
        if matches!(frame, Message::Close(_)) {
            return false;
        }
        // Every frame counts against the rate: text, binary, pings.
        if !self.bucket.take() {
            self.strikes += 1;
            if self.strikes >= STRIKES {
                self.peer.close("closed by the server: too many requests");
                return false;
            }
            let rate = self.bucket.rate;
            refuse(
                self.peer,
                (
                    ErrorCode::RateLimited,
                    format!("at most {rate} requests a second"),
                ),
            );
            return true;
        }
        let text = match frame {
            Message::Text(t) => t,
            Message::Binary(_) => {
                refuse(
                    self.peer,
                    (ErrorCode::BadMessage, "text frames only (JSON)".into()),
                );
                return true;
            }
            Message::Ping(_) | Message::Pong(_) | Message::Close(_) => return true,
        };
        match &self.upstream {
            Some(up) => pass_on(self.peer, up, &text),
            None => {
                self.answer(&text).await;
                true
            }
        }
    }

    /// Has the hub answer a request, or finds where its game is played.
    async fn answer(&mut self, text: &str) {
        if self.hub.is_adrift() {
            // This node lost its lease: no game is here and none can be
            // looked up. Asking again here would get "try again" until it
            // joins again; a new connection reaches a node that serves.
            self.peer.close_with(1012, crate::hub::MOVED);
            return;
        }
        let result = match ClientMsg::parse(text) {
            Ok(msg) => handle(self.hub, self.peer, msg).await,
            Err(refusal) => Err(refusal),
        };
        match result {
            Ok(Flow::Stay) => {}
            Ok(Flow::Forward(_)) if self.origin.forwarded => refuse(
                self.peer,
                (
                    ErrorCode::Unavailable,
                    "the game is changing servers; try again".into(),
                ),
            ),
            Ok(Flow::Forward(addr)) => {
                // The request that found the game goes first (it read:
                // handle had it), written afresh.
                let first = ClientMsg::parse(text)
                    .ok()
                    .and_then(|m| serde_json::to_string(&m).ok());
                self.relay(&addr, first).await;
            }
            Err(refusal) => refuse(self.peer, refusal),
        }
    }

    /// From now on relays the client to the node at `addr`, `first` sent
    /// first; a signed-in client's session before it, so that the other
    /// node seats the same account (a rated game needs it).
    async fn relay(&mut self, addr: &str, first: Option<String>) {
        self.upstream = relay(self.hub, self.peer, self.origin.address, addr, first).await;
    }
}

/// Sends a client's request on to the node that has its game; `false`
/// when that node is gone (the client is told to reconnect).
fn pass_on(peer: &Peer, up: &Upstream, text: &str) -> bool {
    // Only a request that reads goes on, written afresh: nothing a client
    // sends reaches another node unchecked.
    match ClientMsg::parse(text).map(|m| serde_json::to_string(&m)) {
        Ok(Ok(checked)) => {
            if !up.send(checked.into()) {
                peer.close_with(1012, crate::hub::MOVED);
                return false;
            }
        }
        Ok(Err(e)) => refuse(peer, (ErrorCode::BadMessage, e.to_string())),
        Err(refusal) => refuse(peer, refusal),
    }
    true
}
