//! The quick-game queue of one node: players waiting for the same time
//! control, rated or casual. A casual game pairs whoever waits longest; a
//! rated one the nearest rating within a range that widens while a player
//! waits (±150 at first, +50 every 5 s, anyone after a minute).

use std::collections::HashMap;
use std::sync::Arc;

use minesweeper_core::online::TimeControl;

use crate::room::Peer;

/// Which games a player waits for: the time control, and rated or not.
pub type Key = (Option<TimeControl>, bool);

/// A player waiting.
#[derive(Clone)]
pub struct Waiter {
    /// The client.
    pub peer: Arc<Peer>,
    /// Its rating at the key's speed (rated games only).
    pub rating: f64,
    /// The account, for a rated game.
    pub user: Option<i64>,
    /// Since when it waits (ms).
    pub since_ms: u64,
}

/// How far a rating may be from one that has waited `waited_ms`.
pub fn range(waited_ms: u64) -> f64 {
    if waited_ms >= 60_000 {
        return f64::INFINITY;
    }
    150.0 + 50.0 * (waited_ms / 5000) as f64
}

/// Whether `a` and `b` may play a rated game at `now`: either's range
/// takes the other in.
fn near(a: &Waiter, b: &Waiter, now: u64) -> bool {
    let wider = range(now.saturating_sub(a.since_ms)).max(range(now.saturating_sub(b.since_ms)));
    (a.rating - b.rating).abs() <= wider
}

/// Everyone waiting on this node.
#[derive(Default)]
pub struct Queue {
    waiting: HashMap<Key, Vec<Waiter>>,
}

impl Queue {
    /// The waiting player to pair `newcomer` with, taken out of the
    /// queue; else `newcomer` waits.
    pub fn pair(&mut self, key: Key, newcomer: Waiter, now: u64) -> Option<Waiter> {
        let list = self.waiting.entry(key).or_default();
        list.retain(|w| !w.peer.is_closed() && w.peer.id != newcomer.peer.id);
        let rated = key.1;
        let best = list
            .iter()
            .enumerate()
            .filter(|(_, w)| !rated || (near(w, &newcomer, now) && w.user != newcomer.user))
            .min_by(|(_, a), (_, b)| {
                let d = |w: &Waiter| {
                    if rated {
                        (w.rating - newcomer.rating).abs()
                    } else {
                        0.0
                    }
                };
                d(a).total_cmp(&d(b)).then(a.since_ms.cmp(&b.since_ms))
            })
            .map(|(i, _)| i);
        match best {
            Some(i) => Some(list.remove(i)),
            None => {
                list.push(newcomer);
                None
            }
        }
    }

    /// Pairs of rated players whose ranges have widened to take each
    /// other in, taken out of the queue.
    pub fn widened(&mut self, now: u64) -> Vec<(Key, Waiter, Waiter)> {
        let mut pairs = Vec::new();
        for (key, list) in &mut self.waiting {
            list.retain(|w| !w.peer.is_closed());
            let mut i = 0;
            while i < list.len() {
                let found = (i + 1..list.len())
                    .find(|&j| near(&list[i], &list[j], now) && list[i].user != list[j].user);
                match found {
                    Some(j) => {
                        let b = list.remove(j);
                        let a = list.remove(i);
                        pairs.push((*key, a, b));
                    }
                    None => i += 1,
                }
            }
        }
        pairs
    }

    /// Takes the client with `id` out of the queue.
    pub fn remove(&mut self, id: u64) {
        for list in self.waiting.values_mut() {
            list.retain(|w| w.peer.id != id);
        }
    }

    /// Everyone waiting, taken out.
    pub fn drain(&mut self) -> Vec<Arc<Peer>> {
        self.waiting
            .drain()
            .flat_map(|(_, l)| l.into_iter().map(|w| w.peer))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn waiter(id: u64, rating: f64, user: i64, since_ms: u64) -> Waiter {
        let (tx, _rx) = tokio::sync::mpsc::channel(1);
        Waiter {
            peer: Peer::new(id, std::net::Ipv4Addr::LOCALHOST.into(), tx),
            rating,
            user: Some(user),
            since_ms,
        }
    }

    #[test]
    fn rated_players_pair_by_rating_and_the_range_widens() {
        let key = (None, true);
        let mut q = Queue::default();
        assert!(q.pair(key, waiter(1, 1500.0, 1, 0), 0).is_none());
        assert!(q.pair(key, waiter(2, 2100.0, 2, 0), 0).is_none());
        // The nearer of two is chosen.
        let got = q.pair(key, waiter(3, 2000.0, 3, 0), 0).map(|w| w.peer.id);
        assert_eq!(got, Some(2));
        // 600 apart: not at first, but after a minute of waiting.
        assert!(q.pair(key, waiter(4, 2100.0, 4, 0), 1000).is_none());
        assert!(q.widened(10_000).is_empty());
        let pairs = q.widened(60_000);
        assert_eq!(pairs.len(), 1);
        assert_eq!((pairs[0].1.peer.id, pairs[0].2.peer.id), (1, 4));
    }

    #[test]
    fn one_account_is_never_paired_with_itself_and_casual_ignores_ratings() {
        let mut q = Queue::default();
        assert!(q.pair((None, true), waiter(1, 1500.0, 7, 0), 0).is_none());
        assert!(q.pair((None, true), waiter(2, 1500.0, 7, 0), 0).is_none());
        assert!(q.widened(120_000).is_empty());
        assert!(q.pair((None, false), waiter(3, 1000.0, 1, 0), 0).is_none());
        let got = q.pair((None, false), waiter(4, 2900.0, 2, 0), 0);
        assert_eq!(got.map(|w| w.peer.id), Some(3));
    }
}
