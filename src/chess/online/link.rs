//! The connection to a game server: one WebSocket (ewebsock: a thread on
//! the desktop, the browser's own socket on the web), polled every frame.

use minesweeper_core::online::protocol::{ClientMsg, ServerMsg};

/// The largest message the client reads from a server (a whole game's
/// view is a few kilobytes).
const MAX_SERVER_MSG: usize = 256 * 1024;

/// What the connection did since the last poll.
#[derive(Debug, Clone, PartialEq)]
pub enum LinkEvent {
    /// The socket is open: requests may go.
    Opened,
    /// A message from the server (boxed: a whole game's view is large).
    Message(Box<ServerMsg>),
    /// A frame that does not read as a message (named, then ignored).
    Unreadable(String),
    /// The connection ended or could not be made.
    Closed(String),
}

/// An open (or opening) connection.
pub struct Link {
    sender: ewebsock::WsSender,
    receiver: ewebsock::WsReceiver,
}

/// The WebSocket address of a server given as `host:port` (or a full
/// `ws://…`/`wss://…` URL, kept as it is).
pub fn url_of(addr: &str) -> String {
    let addr = addr.trim();
    if addr.starts_with("ws://") || addr.starts_with("wss://") {
        addr.to_string()
    } else {
        format!("ws://{addr}/ws")
    }
}

/// Why a connection could not start: the WebSocket library's reason (an
/// address that is not a WebSocket URL, a socket refused at once).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkError(pub String);

impl std::fmt::Display for LinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LinkError {}

impl Link {
    /// Starts connecting to `addr`.
    ///
    /// # Errors
    /// The address is not a WebSocket URL.
    pub fn open(addr: &str) -> Result<Link, LinkError> {
        let options = ewebsock::Options {
            max_incoming_frame_size: MAX_SERVER_MSG,
            ..Default::default()
        };
        let (sender, receiver) = ewebsock::connect(url_of(addr), options).map_err(LinkError)?;
        Ok(Link { sender, receiver })
    }

    /// Sends a request.
    pub fn send(&mut self, msg: &ClientMsg) {
        if let Ok(text) = serde_json::to_string(msg) {
            self.sender.send(ewebsock::WsMessage::Text(text));
        }
    }

    /// What happened since the last poll, in order.
    pub fn poll(&mut self) -> Vec<LinkEvent> {
        let mut out = Vec::new();
        while let Some(event) = self.receiver.try_recv() {
            out.push(match event {
                ewebsock::WsEvent::Opened => LinkEvent::Opened,
                ewebsock::WsEvent::Message(ewebsock::WsMessage::Text(t)) => {
                    match serde_json::from_str(&t) {
                        Ok(m) => LinkEvent::Message(Box::new(m)),
                        Err(e) => LinkEvent::Unreadable(format!("{e}")),
                    }
                }
                ewebsock::WsEvent::Message(_) => continue,
                ewebsock::WsEvent::Error(e) => LinkEvent::Closed(e),
                ewebsock::WsEvent::Closed => LinkEvent::Closed(String::new()),
            });
        }
        out
    }
}
