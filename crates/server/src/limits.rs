//! Every limit of the server in one place, with its default: what one
//! client may hold, and what the server holds in all. `docs/online.md`
//! lists each with what a client gets at it.

use std::time::Duration;

/// The server's limits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Connections of any kind, in all (`503` past it).
    pub connections: usize,
    /// Connections from one address (`503` past it).
    pub per_address: usize,
    /// A request's head (line and headers) must arrive within this.
    pub head_timeout: Duration,
    /// A WebSocket that sends nothing for this long is closed (clients
    /// ping every 15 seconds).
    pub idle: Duration,
    /// Games waiting for their second player that one connection created.
    pub waiting_per_connection: usize,
    /// Games waiting for their second player created from one address.
    pub waiting_per_address: usize,
    /// Games waiting for their second player, in all.
    pub waiting: usize,
    /// A waiting game nobody has been at for this long is closed.
    pub waiting_ttl: Duration,
    /// How often finished and abandoned games are cleared from memory.
    pub sweep_every: Duration,
    /// Accounts made from one address in an hour.
    pub sign_ups_per_hour: u32,
    /// Sign-in tries from one address in ten minutes.
    pub sign_in_tries: u32,
    /// Failed sign-ins of one account in fifteen minutes.
    pub sign_in_failures: u32,
    /// Archive, profile, replay and leaderboard requests of one
    /// connection in a second.
    pub archive_reads: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            connections: 4096,
            per_address: 64,
            head_timeout: Duration::from_secs(10),
            idle: Duration::from_secs(60),
            waiting_per_connection: 3,
            waiting_per_address: 20,
            waiting: 2000,
            waiting_ttl: Duration::from_secs(30 * 60),
            sweep_every: Duration::from_secs(60),
            sign_ups_per_hour: 5,
            sign_in_tries: 20,
            sign_in_failures: 5,
            archive_reads: 4,
        }
    }
}
