//! A connection forwarded to the node that plays its game: the client
//! stays on this node, under this node's limits (size, rate, idle), and
//! its requests go on to the owner, whose messages come back. The owner
//! knows the client's address from a header signed by the secret the nodes
//! share, and applies its own limits too.

use std::fmt;
use std::net::IpAddr;
use std::sync::Arc;

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
/// The owner must accept the connection within this.
const CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

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
    let (mut sink, mut stream) = ws.split();
    let (requests, mut rx) = mpsc::channel::<Utf8Bytes>(QUEUE);
    let down = peer.clone();
    tokio::spawn(async move {
        while let Some(Ok(m)) = stream.next().await {
            match m {
                Message::Text(t) => down.send(Utf8Bytes::from(t.as_str())),
                Message::Close(_) => break,
                _ => {}
            }
        }
        // The owner closed (it stopped, or handed the game on): the
        // client reconnects through any node and resumes.
        down.close_with(1012, MOVED);
    });
    tokio::spawn(async move {
        while let Some(text) = rx.recv().await {
            if sink.send(Message::text(text.as_str())).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    Ok(Upstream { requests })
}
