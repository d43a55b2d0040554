//! A connection forwarded to the node that plays its game: the client
//! stays on this node, under this node's limits (size, rate, idle), and
//! its requests go on to the owner, whose messages come back. The owner
//! knows the client's address from a header signed by the secret the nodes
//! share, and applies its own limits too. The link is watched as a client
//! watches its own: pinged when quiet, given up when the owner stays
//! silent (a paused node, a cut cable), so that the client is told to
//! reconnect within seconds rather than waiting on a dead path.

use std::fmt;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::Utf8Bytes;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::http::header::InvalidHeaderValue;
use tokio_tungstenite::tungstenite::{self, Message};

use crate::cluster::FORWARD_HEADER;
use crate::hub::MOVED;
use crate::room::Peer;

/// Requests waiting to go to the owner.
const QUEUE: usize = 64;
/// The owner must accept the connection within this (nodes are near
/// each other; a client gives a silent node up after a few seconds, and
/// should hear "try again" from a live node before that).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);
/// The owner is pinged when it has said nothing for this long.
pub const PING_EVERY: Duration = Duration::from_secs(1);
/// An owner silent this long (not even a pong) is given up.
pub const SILENT_FOR: Duration = Duration::from_secs(4);
/// A request must be handed to the owner's connection within this.
const SEND_WITHIN: Duration = Duration::from_secs(2);

/// The way to the owner: requests sent here go on in order.
pub struct Upstream {
    requests: mpsc::Sender<Utf8Bytes>,
}

impl Upstream {
    /// Sends a client's request on; `false` once the owner is gone.
    pub fn send(&self, text: Utf8Bytes) -> bool {
        self.requests.try_send(text).is_ok()
    }
}

/// Why a connection could not be forwarded to the owner.
#[derive(Debug)]
pub enum ForwardError {
    /// The owner's address (`ws://HOST:PORT`) does not make a WebSocket
    /// request.
    Address {
        /// The owner's address.
        addr: String,
        /// Why it does not.
        reason: tungstenite::Error,
    },
    /// The secret the nodes share cannot be sent in a header (a character
    /// a header may not hold).
    Secret(InvalidHeaderValue),
    /// The owner did not accept the connection within [`CONNECT_TIMEOUT`].
    NoAnswer {
        /// The owner's address.
        addr: String,
    },
    /// The owner could not be reached, or refused the connection.
    Refused {
        /// The owner's address.
        addr: String,
        /// Why.
        reason: tungstenite::Error,
    },
}

impl ForwardError {
    /// Whether the owner's host said its game server is not there or not
    /// serving: nothing listens on its port (the process is gone) or it
    /// refuses connections while cut from the database (503). Its lease
    /// then runs out and a node that can reach the database takes the
    /// game: a client asking again where it is finds it there. Silence or
    /// a network error may be a partition, behind which the owner still
    /// plays its games.
    pub fn owner_gone(&self) -> bool {
        match self {
            ForwardError::Refused {
                reason: tungstenite::Error::Io(e),
                ..
            } => e.kind() == std::io::ErrorKind::ConnectionRefused,
            ForwardError::Refused {
                reason: tungstenite::Error::Http(response),
                ..
            } => response.status() == 503,
            _ => false,
        }
    }
}

impl fmt::Display for ForwardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ForwardError::Address { addr, reason } => write!(f, "{addr}: {reason}"),
            ForwardError::Secret(e) => write!(f, "the cluster secret in a header: {e}"),
            ForwardError::NoAnswer { addr } => write!(f, "{addr}: no answer"),
            ForwardError::Refused { addr, reason } => write!(f, "{addr}: {reason}"),
        }
    }
}

impl std::error::Error for ForwardError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ForwardError::Address { reason, .. } | ForwardError::Refused { reason, .. } => {
                Some(reason)
            }
            ForwardError::Secret(e) => Some(e),
            ForwardError::NoAnswer { .. } => None,
        }
    }
}

/// Connects `peer` to the owner at `addr` (`ws://HOST:PORT`) on behalf
/// of the client at `client`; what the owner says goes to `peer`, and
/// when the owner goes away `peer` is told to reconnect.
///
/// # Errors
/// The owner cannot be reached: its address and the reason.
pub async fn connect(
    addr: &str,
    secret: &str,
    client: IpAddr,
    peer: Arc<Peer>,
) -> Result<Upstream, ForwardError> {
    let mut request = format!("{addr}/ws")
        .into_client_request()
        .map_err(|reason| ForwardError::Address {
            addr: addr.to_string(),
            reason,
        })?;
    let signed =
        HeaderValue::from_str(&format!("{secret} {client}")).map_err(ForwardError::Secret)?;
    request.headers_mut().insert(FORWARD_HEADER, signed);
    let (ws, _) = tokio::time::timeout(CONNECT_TIMEOUT, connect_async(request))
        .await
        .map_err(|_| ForwardError::NoAnswer {
            addr: addr.to_string(),
        })?
        .map_err(|reason| ForwardError::Refused {
            addr: addr.to_string(),
            reason,
        })?;
    let (requests, rx) = mpsc::channel::<Utf8Bytes>(QUEUE);
    tokio::spawn(relay(ws, rx, peer, addr.to_string()));
    Ok(Upstream { requests })
}

/// Why a relay to the owner ended.
enum Ended {
    /// The client went away: nothing to tell it.
    Client,
    /// The owner closed, failed or fell silent: the client reconnects.
    Owner(&'static str),
}

/// Carries requests up to the owner and its messages down to `peer`,
/// pinging a quiet owner and giving it up after [`SILENT_FOR`].
async fn relay<S>(
    ws: tokio_tungstenite::WebSocketStream<S>,
    mut rx: mpsc::Receiver<Utf8Bytes>,
    peer: Arc<Peer>,
    addr: String,
) where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
    let (mut sink, mut stream) = ws.split();
    let mut heard = Instant::now();
    let mut tick = tokio::time::interval(PING_EVERY);
    let ended = loop {
        tokio::select! {
            m = stream.next() => match m {
                Some(Ok(Message::Text(t))) => {
                    heard = Instant::now();
                    peer.send(Utf8Bytes::from(t.as_str()));
                }
                Some(Ok(Message::Close(_))) | None => break Ended::Owner("closed"),
                Some(Err(_)) => break Ended::Owner("broken"),
                Some(Ok(_)) => heard = Instant::now(),
            },
            r = rx.recv() => match r {
                Some(text) => {
                    let sent = tokio::time::timeout(SEND_WITHIN, sink.send(Message::text(text.as_str())));
                    if !matches!(sent.await, Ok(Ok(()))) {
                        break Ended::Owner("not taking requests");
                    }
                }
                None => break Ended::Client,
            },
            _ = tick.tick() => {
                let quiet = heard.elapsed();
                if quiet >= SILENT_FOR {
                    break Ended::Owner("silent");
                }
                if quiet >= PING_EVERY {
                    let ping = tokio::time::timeout(SEND_WITHIN, sink.send(Message::Ping(Default::default())));
                    if !matches!(ping.await, Ok(Ok(()))) {
                        break Ended::Owner("not taking pings");
                    }
                }
            }
        }
    };
    if let Ended::Owner(why) = ended {
        crate::log::log(
            crate::log::Level::Info,
            "forward_ended",
            &[("owner", &addr), ("why", &why), ("client", &peer.id)],
        );
        // The owner stopped, handed the game on or cannot be heard: the
        // client reconnects through any node and resumes.
        peer.close_with(1012, MOVED);
    }
    let _ = tokio::time::timeout(SEND_WITHIN, sink.close()).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An owner on loopback that accepts the WebSocket and then either
    /// answers (reads, so its pongs go out) or falls silent.
    async fn owner(answers: bool) -> String {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("binds");
        let addr = listener.local_addr().expect("has an address");
        tokio::spawn(async move {
            let (tcp, _) = listener.accept().await.expect("accepts");
            let mut ws = tokio_tungstenite::accept_async(tcp)
                .await
                .expect("handshake");
            if answers {
                while let Some(Ok(_)) = ws.next().await {}
            } else {
                // Paused: holds the connection, reads nothing, says nothing.
                tokio::time::sleep(Duration::from_secs(60)).await;
            }
        });
        format!("ws://{addr}")
    }

    async fn forwarded(addr: &str) -> Arc<Peer> {
        let (outbox, _rx) = mpsc::channel(8);
        let peer = Peer::new(1, IpAddr::from([127, 0, 0, 1]), outbox);
        let up = connect(addr, "s", IpAddr::from([127, 0, 0, 2]), peer.clone())
            .await
            .expect("connects");
        // The client stays: its side of the relay is kept open.
        std::mem::forget(up);
        peer
    }

    #[tokio::test]
    async fn a_silent_owner_is_given_up_and_the_client_told_to_reconnect_within_seconds() {
        let addr = owner(false).await;
        let peer = forwarded(&addr).await;
        let began = Instant::now();
        while !peer.is_closed() && began.elapsed() < SILENT_FOR + Duration::from_secs(3) {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(peer.why(), Some((1012, MOVED)), "told to reconnect");
        assert!(began.elapsed() <= SILENT_FOR + PING_EVERY * 2);
    }

    #[tokio::test]
    async fn an_owner_that_answers_pings_keeps_a_quiet_client_forwarded() {
        let addr = owner(true).await;
        let peer = forwarded(&addr).await;
        tokio::time::sleep(SILENT_FOR + PING_EVERY * 2).await;
        assert!(!peer.is_closed(), "closed: {:?}", peer.why());
    }
}
