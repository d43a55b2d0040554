//! The server's tests: real servers on loopback with real SQLite files
//! and a real PostgreSQL (started by scripts/test.sh), bots speaking the
//! protocol over WebSockets.

mod accounts;
mod cluster;
mod fairness;
mod faults;
mod game;
mod hostile;
mod limits;
mod migrations;
mod postgres;
mod ratings;
mod seats;
mod support;
