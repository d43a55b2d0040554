//! One WebSocket connection: reads the client's requests (size, rate and
//! idle limits first), has the hub answer them, and writes what its game
//! tells it. The games see the client as a [`Peer`].

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::{SinkExt, StreamExt};
use minesweeper_core::online::protocol::{ClientMsg, ErrorCode, ServerMsg};
use minesweeper_core::online::table::Refusal;
use tokio::sync::{mpsc, watch};

use crate::hub::Hub;
use crate::hub::seats::{detach, handle};
use crate::room::Peer;

/// Messages waiting to be written to one client; a client that reads
/// slower than its game talks is dropped rather than let grow memory.
const OUTBOX: usize = 256;
/// A connection that sends nothing for this long is closed (clients ping
/// every 15 seconds).
pub const IDLE: Duration = Duration::from_secs(60);
/// Requests a client may send per second by default (twice that at once).
pub const RATE: f64 = 10.0;
/// Refused requests after which a flooding client is disconnected.
const STRIKES: u32 = 200;

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

fn refuse(peer: &Peer, (code, message): Refusal) {
    peer.tell(&ServerMsg::Error { code, message });
}

/// Returns once the connection is to end.
async fn killed(kill: &mut watch::Receiver<bool>) {
    // The guard `wait_for` returns is dropped here, not held across awaits.
    let _ = kill.wait_for(|&k| k).await.map(|_| ());
}

/// Serves one client until it leaves, idles, floods or falls behind.
pub async fn run(socket: WebSocket, hub: Arc<Hub>, id: u64, rate: f64) {
    let (mut sink, mut stream) = socket.split();
    let (outbox, mut rx) = mpsc::channel::<Utf8Bytes>(OUTBOX);
    let peer = Peer::new(id, outbox);
    let writer_peer = peer.clone();
    let mut writer_kill = peer.ending();
    let mut reader_kill = peer.ending();
    let writer = tokio::spawn(async move {
        loop {
            tokio::select! {
                biased;
                next = rx.recv() => match next {
                    Some(text) => {
                        if sink.send(Message::Text(text)).await.is_err() {
                            break;
                        }
                    }
                    None => break,
                },
                () = killed(&mut writer_kill) => {
                    let (code, reason) = match writer_peer.why() {
                        Some(why) => (1008, why),
                        None => (1000, "goodbye"),
                    };
                    let _ = sink
                        .send(Message::Close(Some(CloseFrame { code, reason: reason.into() })))
                        .await;
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
    while !peer.is_closed() {
        let frame = tokio::select! {
            next = tokio::time::timeout(IDLE, stream.next()) => match next {
                Ok(Some(Ok(frame))) => frame,
                Ok(_) => break,
                Err(_) => {
                    peer.close("closed by the server: nothing received for a minute");
                    break;
                }
            },
            () = killed(&mut reader_kill) => break,
        };
        let text = match frame {
            Message::Text(t) => t,
            Message::Binary(_) => {
                refuse(
                    &peer,
                    (ErrorCode::BadMessage, "text frames only (JSON)".into()),
                );
                continue;
            }
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
        };
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
        let result = match ClientMsg::parse(text.as_str()) {
            Ok(msg) => handle(&hub, &peer, msg).await,
            Err(refusal) => Err(refusal),
        };
        if let Err(refusal) = result {
            refuse(&peer, refusal);
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
