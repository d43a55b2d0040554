//! One WebSocket connection: reads the client's requests (size, rate and
//! idle limits first), has the hub answer them, and writes what its game
//! tells it. The games see the client as a [`Peer`].

use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::{SinkExt, StreamExt};
use minesweeper_core::online::protocol::{ClientMsg, ErrorCode, ServerMsg};
use minesweeper_core::online::table::Refusal;
use tokio::sync::{mpsc, watch};

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
            refuse(
                peer,
                (
                    ErrorCode::Unavailable,
                    "the game's server cannot be reached; try again".into(),
                ),
            );
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
    let address = origin.address;
    let idle = hub.limits.idle;
    let (mut sink, mut stream) = socket.split();
    let (outbox, mut rx) = mpsc::channel::<Utf8Bytes>(OUTBOX);
    let peer = Peer::new(id, address, outbox);
    let writer_peer = peer.clone();
    let mut writer_kill = peer.ending();
    let mut reader_kill = peer.ending();
    let writer = tokio::spawn(async move {
        loop {
            tokio::select! {
                biased;
                next = rx.recv() => match next {
                    Some(text) => {
                        let sent = tokio::time::timeout(WRITE_TIMEOUT, sink.send(Message::Text(text)));
                        if !matches!(sent.await, Ok(Ok(()))) {
                            // Unread for too long (or gone): the reader
                            // stops too, and the socket is dropped.
                            writer_peer.end();
                            break;
                        }
                    }
                    None => break,
                },
                () = killed(&mut writer_kill) => {
                    let (code, reason) = writer_peer.why().unwrap_or((1000, "goodbye"));
                    let close = Message::Close(Some(CloseFrame { code, reason: reason.into() }));
                    let _ = tokio::time::timeout(WRITE_TIMEOUT, sink.send(close)).await;
                    break;
                }
            }
        }
    });
    let mut bucket = Bucket {
        tokens: 2.0 * rate,
        rate,
        at: Instant::now(),
    };
    let mut strikes = 0;
    // Set once the client's game is found on another node: every request
    // then goes there, after this node's checks.
    let mut upstream: Option<Upstream> = None;
    let mut handed = peer.handed();
    while !peer.is_closed() {
        let frame = tokio::select! {
            // A quick game paired on another node takes this client there.
            Ok(()) = handed.changed(), if upstream.is_none() => {
                let to = handed.borrow_and_update().clone();
                if let Some((addr, first)) = to {
                    upstream = relay(&hub, &peer, address, &addr, Some(first)).await;
                }
                continue;
            }
            next = tokio::time::timeout(idle, stream.next()) => match next {
                Ok(Some(Ok(frame))) => frame,
                Ok(Some(Err(e))) => {
                    broken(&peer, e);
                    break;
                }
                Ok(None) => break,
                Err(_) => {
                    peer.close("closed by the server: nothing received for a minute");
                    break;
                }
            },
            () = killed(&mut reader_kill) => break,
        };
        if matches!(frame, Message::Close(_)) {
            break;
        }
        // Every frame counts against the rate: text, binary, pings.
        if !bucket.take() {
            strikes += 1;
            if strikes >= STRIKES {
                peer.close("closed by the server: too many requests");
                break;
            }
            refuse(
                &peer,
                (
                    ErrorCode::RateLimited,
                    format!("at most {rate} requests a second"),
                ),
            );
            continue;
        }
        let text = match frame {
            Message::Text(t) => t,
            Message::Binary(_) => {
                refuse(
                    &peer,
                    (ErrorCode::BadMessage, "text frames only (JSON)".into()),
                );
                continue;
            }
            Message::Ping(_) | Message::Pong(_) | Message::Close(_) => continue,
        };
        if let Some(up) = &upstream {
            // Only a request that reads goes on, written afresh: nothing
            // a client sends reaches another node unchecked.
            match ClientMsg::parse(text.as_str()).map(|m| serde_json::to_string(&m)) {
                Ok(Ok(checked)) => {
                    if !up.send(checked.into()) {
                        peer.close_with(1012, crate::hub::MOVED);
                        break;
                    }
                }
                Ok(Err(e)) => refuse(&peer, (ErrorCode::BadMessage, e.to_string())),
                Err(refusal) => refuse(&peer, refusal),
            }
            continue;
        }
        let result = match ClientMsg::parse(text.as_str()) {
            Ok(msg) => handle(&hub, &peer, msg).await,
            Err(refusal) => Err(refusal),
        };
        match result {
            Ok(Flow::Stay) => {}
            Ok(Flow::Forward(_)) if origin.forwarded => refuse(
                &peer,
                (
                    ErrorCode::Unavailable,
                    "the game is changing servers; try again".into(),
                ),
            ),
            Ok(Flow::Forward(addr)) => {
                // The request that found the game goes first (it read:
                // handle had it), written afresh.
                let first = ClientMsg::parse(text.as_str())
                    .ok()
                    .and_then(|m| serde_json::to_string(&m).ok());
                upstream = relay(&hub, &peer, address, &addr, first).await;
            }
            Err(refusal) => refuse(&peer, refusal),
        }
    }
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
