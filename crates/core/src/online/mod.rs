//! Online play without a network: what the game server and its clients
//! share. The server does the I/O; the rules of a game
//! played over the network — clocks, seats, what each player may be told
//! — live here, where they are tested without sockets.
//!
//! - [`account`]: players as others see them: names, ratings, profiles,
//!   the archive and the leaderboard.
//! - [`clock`]: time controls and the two clocks.
//! - [`ending`]: how a game ended: its score and what ended it.
//! - [`liveness`]: a client's pings, silence and reconnections.
//! - [`protocol`]: the messages, and the public view of a move that is all
//!   a player is told before the game ends.
//! - [`table`]: one game as the server keeps it: requests checked into
//!   events, events stored, then applied.
//! - [`rating`]: Glicko-2 ratings, and the speed of a game each is kept for.
//! - [`told`]: a server's move as a client reads it, all public.

pub mod account;
pub mod clock;
pub mod ending;
pub mod liveness;
pub mod protocol;
pub mod rating;
pub mod table;
pub mod told;

pub use clock::{Clocks, TimeControl, TimeControlError};
pub use table::{Event, Table};
