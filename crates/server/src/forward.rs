//! A connection forwarded to the node that plays its game: the client
//! stays on this node, under this node's limits (size, rate, idle), and
//! its requests go on to the owner, whose messages come back. The owner
//! knows the client's address from a header signed by the secret the nodes
//! share, and applies its own limits too.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::ws::Utf8Bytes;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

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

/// Connects `peer` to the owner at `addr` (`ws://HOST:PORT`) on behalf
/// of the client at `client`; what the owner says goes to `peer`, and
/// when the owner goes away `peer` is told to reconnect.
///
/// # Errors
/// The owner cannot be reached: the reason.
pub async fn connect(
    addr: &str,
    secret: &str,
    client: IpAddr,
    peer: Arc<Peer>,
) -> Result<Upstream, String> {
    let mut request = format!("{addr}/ws")
        .into_client_request()
        .map_err(|e| e.to_string())?;
    let signed = HeaderValue::from_str(&format!("{secret} {client}")).map_err(|e| e.to_string())?;
    request.headers_mut().insert(FORWARD_HEADER, signed);
    let (ws, _) = tokio::time::timeout(CONNECT_TIMEOUT, connect_async(request))
        .await
        .map_err(|_| format!("{addr}: no answer"))?
        .map_err(|e| format!("{addr}: {e}"))?;
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
