//! How a client keeps its connection honest, shared by the game's client
//! and the server's chaos players (which measure what a player meets): a
//! quiet connection pinged, a silent one given up (a server paused or cut
//! off closes nothing), reconnections spread out and slowed down.

/// A connection quiet this long (s) is pinged, and again each time it
/// stays quiet as long.
pub const PING_AFTER_S: f64 = 1.0;

/// A connection that said nothing for this long (s), pinged all the
/// while, is given up and made again: a node's games are playable on
/// another within seconds of its lease running out.
pub const SILENT_S: f64 = 3.0;

/// Seconds before the first reconnection, and between two requests for a
/// game that is between nodes ("try again").
pub const RETRY_S: f64 = 1.0;

/// The longest wait between reconnections (s).
pub const RETRY_MAX_S: f64 = 15.0;

/// Whether a connection `quiet` seconds without a word, last pinged
/// `since` seconds ago, is pinged now. A busy game pings nobody.
pub fn ping_due(quiet: f64, since: f64) -> bool {
    quiet >= PING_AFTER_S && since >= PING_AFTER_S
}

/// Whether a connection `quiet` seconds without a word is given up.
pub fn gone_silent(quiet: f64) -> bool {
    quiet > SILENT_S
}

/// The wait (s) before reconnection attempt `retries` (from 0), `unit` a
/// random number in [0, 1): doubling from [`RETRY_S`] up to
/// [`RETRY_MAX_S`], each spread from half to the whole of it, so that the
/// players of a node that stopped do not all come back in one instant.
///
/// `retries` counts the connections in a row that did not open: one that
/// opened starts the count again, closed or not after. A node that takes
/// the connection and sends the player on (its game's node is gone and
/// its lease not yet run out) is asked again within a second, as a game
/// between nodes is: doubling there kept players waiting seconds after
/// their game was taken over.
pub fn retry_delay(retries: u32, unit: f64) -> f64 {
    let full = (RETRY_S * 2f64.powi(retries.min(8) as i32)).min(RETRY_MAX_S);
    full * (0.5 + 0.5 * unit.clamp(0.0, 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_silent_server_is_pinged_after_a_second_and_left_after_three() {
        // Moves and clocks flowing: no ping.
        assert!(!ping_due(0.4, 10.0));
        // A second of silence: pinged, then not again for a second.
        assert!(ping_due(1.0, 10.0));
        assert!(!ping_due(1.5, 0.5));
        assert!(ping_due(2.0, 1.0));
        // Still nothing after three seconds: a paused or cut-off server,
        // left for another node well within the seconds a take-over takes.
        assert!(!gone_silent(2.9));
        assert!(gone_silent(3.1));
    }

    #[test]
    fn reconnections_spread_out_and_wait_longer_each_time_up_to_a_cap() {
        // Spread: two players whose node stopped do not come back together.
        assert_eq!(retry_delay(0, 0.0), RETRY_S / 2.0);
        assert!(retry_delay(0, 0.999) > RETRY_S * 0.99);
        // Longer each time, never past the cap.
        assert!(retry_delay(1, 0.5) > retry_delay(0, 0.5));
        assert!(retry_delay(2, 0.5) > retry_delay(1, 0.5));
        for n in [5, 20, u32::MAX] {
            assert!(retry_delay(n, 0.999) <= RETRY_MAX_S, "{n}");
        }
    }
}
