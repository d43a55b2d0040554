//! Leases in SQL: how long one lasts, the database's clock they are
//! measured by, and the conditions that fence a node's writes (it holds
//! its lease; it still owns the game).

/// How long a node's lease lasts after each renewal (ms): a node killed
/// or cut off loses its games to the others within this.
pub const LEASE_MS: i64 = 5000;

/// The database's clock in ms: the one clock every node's lease is
/// measured by.
pub(super) const NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/// The condition that node `$n`, run `$r`, still owns game `$c`, taken at
/// count `$e`, with its lease running. The rows are locked so that a
/// take-over's UPDATE of the game and DELETE of the node wait for this
/// transaction to end; the node's row only against its deletion (KEY
/// SHARE), so that the node's own heartbeat, on another connection, never
/// waits for its commits.
pub(super) fn owned_by(c: usize, n: usize, e: usize, r: usize) -> String {
    format!(
        "EXISTS (SELECT 1 FROM games g JOIN nodes n ON n.name = g.owner
                 WHERE g.code = ${c} AND g.owner = ${n} AND g.epoch = ${e}
                   AND n.run = ${r} AND n.until_ms > {NOW_MS}
                 FOR SHARE OF g FOR KEY SHARE OF n)"
    )
}

/// The condition that node `$n`, run `$r`, holds its lease.
pub(super) fn alive(n: usize, r: usize) -> String {
    format!("EXISTS (SELECT 1 FROM nodes WHERE name = ${n} AND run = ${r} AND until_ms > {NOW_MS})")
}
