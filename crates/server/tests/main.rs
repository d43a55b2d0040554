//! The server's tests: real servers on loopback with real SQLite files,
//! bots speaking the protocol over WebSockets.

mod fairness;
mod faults;
mod game;
mod hostile;
mod limits;
mod seats;
mod support;
