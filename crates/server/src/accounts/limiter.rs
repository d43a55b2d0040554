//! Rate limits on signing in and signing up, in this node's memory.
//!
//! Signing in: at most [`LimiterConfig::per_address`] tries from one
//! address in a window, whatever the accounts, which slows one machine
//! guessing many accounts' passwords; and at most
//! [`LimiterConfig::per_account`] failed tries at one account in a window,
//! from whatever addresses, which slows many machines guessing one. A
//! success clears the account's failures. Signing up: at most
//! [`LimiterConfig::sign_ups_per_hour`] new accounts from one address an
//! hour.
//!
//! An IPv6 address counts as its /64, the block one subscriber is given
//! (else each of its 2^64 addresses would have a limit of its own), and an
//! IPv4 address written as IPv6 (`::ffff:a.b.c.d`) as the IPv4 one.
//!
//! Each count is a fixed window from its first try: simple and 16 bytes a
//! key, at the cost that a client can make up to twice the limit across
//! the end of one window and the start of the next. The limits are per
//! node: a client spread over several nodes gets each node's.
//!
//! Memory is bounded: each map holds at most [`LimiterConfig::max_keys`]
//! keys, an account's key at most 64 bytes of it. When one is full, its
//! expired windows are dropped; when none has expired, a new key is
//! refused for a window rather than let in, so that a flood of addresses
//! or names costs a bounded amount of memory and wipes nobody's count.
//! Times are given, not read, so the tests need not sleep.

use std::borrow::Borrow;
use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// The sign-up window: one hour.
const SIGN_UP_WINDOW: Duration = Duration::from_secs(60 * 60);
/// The most bytes of an account's key kept (names have at most 20; a
/// longer string is cut, which can only merge counts, never split them).
const MAX_KEY_BYTES: usize = 64;

/// The limits of a [`Limiter`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LimiterConfig {
    /// Sign-in tries from one address in [`Self::address_window`].
    pub per_address: u32,
    /// The window of `per_address`.
    pub address_window: Duration,
    /// Failed sign-ins at one account in [`Self::account_window`].
    pub per_account: u32,
    /// The window of `per_account`.
    pub account_window: Duration,
    /// Accounts made from one address in an hour.
    pub sign_ups_per_hour: u32,
    /// The most keys each map holds.
    pub max_keys: usize,
}

impl Default for LimiterConfig {
    fn default() -> LimiterConfig {
        LimiterConfig {
            per_address: 20,
            address_window: Duration::from_secs(10 * 60),
            per_account: 5,
            account_window: Duration::from_secs(15 * 60),
            sign_ups_per_hour: 5,
            max_keys: 100_000,
        }
    }
}

/// A refusal: how long until a try is allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Wait {
    /// Whole seconds, at least one.
    pub seconds: u64,
}

impl Wait {
    fn ms(ms: u64) -> Wait {
        Wait {
            seconds: ms.div_ceil(1000).max(1),
        }
    }
}

impl fmt::Display for Wait {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "too many tries: wait {} s", self.seconds)
    }
}

/// Tries counted since `start_ms`.
#[derive(Clone, Copy, Debug)]
struct Window {
    start_ms: u64,
    count: u32,
}

/// One kind of count: a fixed window per key, at most `cap` keys.
#[derive(Debug)]
struct Counts<K> {
    map: HashMap<K, Window>,
    window_ms: u64,
    cap: usize,
    /// No window ends before this: pruning sooner frees nothing (so a
    /// full map of live keys is not scanned on every try).
    prune_at_ms: u64,
}

impl<K: Eq + Hash> Counts<K> {
    fn new(window: Duration, cap: usize) -> Counts<K> {
        Counts {
            map: HashMap::new(),
            window_ms: u64::try_from(window.as_millis()).unwrap_or(u64::MAX),
            cap,
            prune_at_ms: 0,
        }
    }

    fn end(&self, w: &Window) -> u64 {
        w.start_ms.saturating_add(self.window_ms)
    }

    /// The window of `key` still running at `now_ms`.
    fn live<Q>(&self, key: &Q, now_ms: u64) -> Option<&Window>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map.get(key).filter(|w| now_ms < self.end(w))
    }

    /// Drops the windows that have ended, if any can have.
    fn prune(&mut self, now_ms: u64) {
        if now_ms < self.prune_at_ms {
            return;
        }
        let window_ms = self.window_ms;
        self.map
            .retain(|_, w| now_ms < w.start_ms.saturating_add(window_ms));
        self.prune_at_ms = self.map.values().map(|w| self.end(w)).min().unwrap_or(0);
    }

    /// Whether a key not yet held can be.
    fn has_room(&mut self, now_ms: u64) -> bool {
        if self.map.len() < self.cap {
            return true;
        }
        self.prune(now_ms);
        self.map.len() < self.cap
    }

    /// Refuses when `key` has `limit` tries in its window, or is new and
    /// there is no room for it.
    fn check<Q>(&mut self, key: &Q, limit: u32, now_ms: u64) -> Result<(), Wait>
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        if let Some(w) = self.live(key, now_ms) {
            if w.count >= limit {
                return Err(Wait::ms(self.end(w).saturating_sub(now_ms)));
            }
            return Ok(());
        }
        // Held but ended: it will restart in place.
        if self.map.contains_key(key) || self.has_room(now_ms) {
            Ok(())
        } else {
            Err(Wait::ms(self.window_ms))
        }
    }

    /// Counts a try for `key`; one that finds no room is not counted (the
    /// check before it refused, unless another filled the map between).
    fn add(&mut self, key: K, now_ms: u64) {
        let window_ms = self.window_ms;
        if let Some(w) = self.map.get_mut(&key) {
            if now_ms < w.start_ms.saturating_add(window_ms) {
                w.count = w.count.saturating_add(1);
            } else {
                *w = Window {
                    start_ms: now_ms,
                    count: 1,
                };
            }
        } else if self.has_room(now_ms) {
            self.map.insert(
                key,
                Window {
                    start_ms: now_ms,
                    count: 1,
                },
            );
        }
    }

    fn clear<Q>(&mut self, key: &Q)
    where
        K: Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        self.map.remove(key);
    }
}

#[derive(Debug)]
struct State {
    addresses: Counts<IpAddr>,
    accounts: Counts<String>,
    sign_ups: Counts<IpAddr>,
}

/// The sign-in and sign-up limits of one node, shared by its connections.
#[derive(Debug)]
pub struct Limiter {
    config: LimiterConfig,
    state: Mutex<State>,
}

impl Default for Limiter {
    fn default() -> Limiter {
        Limiter::new(LimiterConfig::default())
    }
}

/// The address a limit counts: an IPv6 address's /64, an IPv4-mapped
/// address's IPv4.
fn network(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V4(_) => addr,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Addr::from_bits(v6.to_bits() & (u128::MAX << 64))),
        },
    }
}

/// At most [`MAX_KEY_BYTES`] of an account's key.
fn bounded(key: &str) -> &str {
    &key[..key.floor_char_boundary(MAX_KEY_BYTES)]
}

impl Limiter {
    /// A limiter with nothing counted.
    pub fn new(config: LimiterConfig) -> Limiter {
        let cap = config.max_keys;
        Limiter {
            config,
            state: Mutex::new(State {
                addresses: Counts::new(config.address_window, cap),
                accounts: Counts::new(config.account_window, cap),
                sign_ups: Counts::new(SIGN_UP_WINDOW, cap),
            }),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        // The counts stay whole whatever panicked while they were held.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether a sign-in at the account `key` (a name's key) from `addr`
    /// may be tried now. Counts nothing: call [`Self::tried`], then
    /// [`Self::failed`] or [`Self::succeeded`].
    ///
    /// # Errors
    /// The address has used its tries or the account its failures (the
    /// longer wait when both), or a map is full.
    pub fn may_try(&self, addr: IpAddr, key: &str, now_ms: u64) -> Result<(), Wait> {
        let mut state = self.state();
        let by_address = state
            .addresses
            .check(&network(addr), self.config.per_address, now_ms);
        let by_account = state
            .accounts
            .check(bounded(key), self.config.per_account, now_ms);
        match (by_address, by_account) {
            (Err(a), Err(b)) => Err(a.max(b)),
            (Err(w), Ok(())) | (Ok(()), Err(w)) => Err(w),
            (Ok(()), Ok(())) => Ok(()),
        }
    }

    /// Counts a sign-in try from `addr`.
    pub fn tried(&self, addr: IpAddr, now_ms: u64) {
        self.state().addresses.add(network(addr), now_ms);
    }

    /// Counts a failed sign-in at the account `key`; at a name no account
    /// has too, or a wait would tell which names exist.
    pub fn failed(&self, key: &str, now_ms: u64) {
        self.state().accounts.add(bounded(key).to_string(), now_ms);
    }

    /// Clears the account `key`'s failures: its player got in.
    pub fn succeeded(&self, key: &str) {
        self.state().accounts.clear(bounded(key));
    }

    /// Whether `addr` may make an account now; counted when it may.
    ///
    /// # Errors
    /// The address has made its accounts for the hour, or the map is full.
    pub fn may_sign_up(&self, addr: IpAddr, now_ms: u64) -> Result<(), Wait> {
        let addr = network(addr);
        let mut state = self.state();
        state
            .sign_ups
            .check(&addr, self.config.sign_ups_per_hour, now_ms)?;
        state.sign_ups.add(addr, now_ms);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: u64 = 60_000;

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("an address")
    }

    /// A sign-in from `addr` at `key` that fails, if allowed.
    fn fail(l: &Limiter, addr: &str, key: &str, now: u64) -> Result<(), Wait> {
        l.may_try(ip(addr), key, now)?;
        l.tried(ip(addr), now);
        l.failed(key, now);
        Ok(())
    }

    #[test]
    fn defaults_are_the_documented_limits() {
        let c = LimiterConfig::default();
        assert_eq!((c.per_address, c.address_window.as_secs()), (20, 600));
        assert_eq!((c.per_account, c.account_window.as_secs()), (5, 900));
        assert_eq!((c.sign_ups_per_hour, c.max_keys), (5, 100_000));
    }

    #[test]
    fn one_address_gets_twenty_tries_in_ten_minutes() {
        let l = Limiter::default();
        let start = 1_000_000;
        for i in 0..20 {
            // A different account each time: only the address's limit.
            assert_eq!(fail(&l, "10.0.0.1", &format!("user{i}"), start + i), Ok(()));
        }
        assert_eq!(
            l.may_try(ip("10.0.0.1"), "other", start + 20),
            Err(Wait { seconds: 600 })
        );
        // The wait counts down from the first try.
        assert_eq!(
            l.may_try(ip("10.0.0.1"), "other", start + 4 * MIN),
            Err(Wait { seconds: 360 })
        );
        // Another address is not held back.
        assert_eq!(l.may_try(ip("10.0.0.2"), "other", start + 20), Ok(()));
        // Over when the window ends.
        assert_eq!(l.may_try(ip("10.0.0.1"), "other", start + 10 * MIN), Ok(()));
    }

    #[test]
    fn one_account_gets_five_failures_in_fifteen_minutes() {
        let l = Limiter::default();
        for i in 0..5 {
            // From a different address each time: only the account's limit.
            assert_eq!(fail(&l, &format!("10.0.0.{i}"), "blll", i), Ok(()));
        }
        assert_eq!(
            l.may_try(ip("10.9.9.9"), "blll", 5),
            Err(Wait { seconds: 900 })
        );
        assert_eq!(
            l.may_try(ip("10.9.9.9"), "blll", 14 * MIN + 500),
            Err(Wait { seconds: 60 })
        );
        assert_eq!(l.may_try(ip("10.9.9.9"), "bob", 5), Ok(()));
        assert_eq!(l.may_try(ip("10.9.9.9"), "blll", 15 * MIN), Ok(()));
    }

    #[test]
    fn both_limits_reached_give_the_longer_wait() {
        let l = Limiter::new(LimiterConfig {
            per_address: 5,
            ..LimiterConfig::default()
        });
        for i in 0..5 {
            assert_eq!(fail(&l, "10.0.0.1", "blll", i * MIN), Ok(()));
        }
        // The address's window (10 minutes from 0) ends before the
        // account's (15 minutes from 0).
        assert_eq!(
            l.may_try(ip("10.0.0.1"), "blll", 5 * MIN),
            Err(Wait { seconds: 600 })
        );
    }

    #[test]
    fn a_wait_is_whole_seconds_rounded_up_and_at_least_one() {
        assert_eq!(Wait::ms(0), Wait { seconds: 1 });
        assert_eq!(Wait::ms(1), Wait { seconds: 1 });
        assert_eq!(Wait::ms(1000), Wait { seconds: 1 });
        assert_eq!(Wait::ms(1001), Wait { seconds: 2 });
        assert_eq!(Wait { seconds: 3 }.to_string(), "too many tries: wait 3 s");
    }

    #[test]
    fn success_clears_the_accounts_failures() {
        let l = Limiter::default();
        for i in 0..5 {
            assert_eq!(fail(&l, "10.0.0.1", "blll", i), Ok(()));
        }
        assert!(l.may_try(ip("10.0.0.1"), "blll", 10).is_err());
        l.succeeded("blll");
        assert_eq!(l.may_try(ip("10.0.0.1"), "blll", 10), Ok(()));
        // The address's tries stay counted.
        for i in 5..20 {
            assert_eq!(fail(&l, "10.0.0.1", &format!("other{i}"), i), Ok(()));
        }
        assert!(l.may_try(ip("10.0.0.1"), "blll", 30).is_err());
    }

    #[test]
    fn a_failure_after_the_window_starts_a_new_one() {
        let l = Limiter::default();
        for i in 0..5 {
            assert_eq!(fail(&l, "10.0.0.1", "blll", i), Ok(()));
        }
        let later = 15 * MIN;
        assert_eq!(fail(&l, "10.0.0.2", "blll", later), Ok(()));
        for i in 1..5 {
            assert_eq!(fail(&l, "10.0.0.2", "blll", later + i), Ok(()));
        }
        assert_eq!(
            l.may_try(ip("10.0.0.3"), "blll", later + 5),
            Err(Wait { seconds: 900 })
        );
    }

    #[test]
    fn five_sign_ups_an_hour_from_one_address() {
        let l = Limiter::default();
        for i in 0..5 {
            assert_eq!(l.may_sign_up(ip("10.0.0.1"), i * MIN), Ok(()));
        }
        assert_eq!(
            l.may_sign_up(ip("10.0.0.1"), 5 * MIN),
            Err(Wait { seconds: 55 * 60 })
        );
        // A refusal is not counted: the hour still ends at 60 minutes.
        assert_eq!(
            l.may_sign_up(ip("10.0.0.1"), 59 * MIN),
            Err(Wait { seconds: 60 })
        );
        assert_eq!(l.may_sign_up(ip("10.0.0.2"), 5 * MIN), Ok(()));
        assert_eq!(l.may_sign_up(ip("10.0.0.1"), 60 * MIN), Ok(()));
    }

    #[test]
    fn an_ipv6_slash_64_is_one_address_and_mapped_ipv4_is_ipv4() {
        let l = Limiter::new(LimiterConfig {
            sign_ups_per_hour: 2,
            ..LimiterConfig::default()
        });
        assert_eq!(l.may_sign_up(ip("2001:db8:1:2::1"), 0), Ok(()));
        assert_eq!(l.may_sign_up(ip("2001:db8:1:2:ffff::9"), 0), Ok(()));
        assert!(l.may_sign_up(ip("2001:db8:1:2:abcd::"), 0).is_err());
        assert_eq!(l.may_sign_up(ip("2001:db8:1:3::1"), 0), Ok(()));
        assert_eq!(l.may_sign_up(ip("192.0.2.7"), 0), Ok(()));
        assert_eq!(l.may_sign_up(ip("::ffff:192.0.2.7"), 0), Ok(()));
        assert!(l.may_sign_up(ip("192.0.2.7"), 0).is_err());
    }

    #[test]
    fn long_account_keys_are_cut() {
        let l = Limiter::default();
        let long = "k".repeat(10_000);
        for i in 0..5 {
            assert_eq!(fail(&l, "10.0.0.1", &long, i), Ok(()));
        }
        let same_start = format!("{}x", "k".repeat(MAX_KEY_BYTES));
        assert!(l.may_try(ip("10.0.0.2"), &same_start, 10).is_err());
        let state = l.state();
        assert!(state.accounts.map.keys().all(|k| k.len() <= MAX_KEY_BYTES));
        // Cut at a character's boundary, not inside one.
        assert_eq!(bounded(&"é".repeat(40)).len(), MAX_KEY_BYTES);
        assert_eq!(
            bounded(&format!("a{}", "é".repeat(40))).len(),
            MAX_KEY_BYTES - 1
        );
    }

    #[test]
    fn a_full_map_refuses_new_keys_for_a_window_until_some_expire() {
        let l = Limiter::new(LimiterConfig {
            max_keys: 3,
            ..LimiterConfig::default()
        });
        for (i, a) in ["10.0.0.1", "10.0.0.2", "10.0.0.3"].iter().enumerate() {
            assert_eq!(fail(&l, a, &format!("user{i}"), 0), Ok(()));
        }
        // A new address and a new account: refused for a whole window.
        assert_eq!(
            l.may_try(ip("10.0.0.4"), "user0", MIN),
            Err(Wait { seconds: 600 })
        );
        assert_eq!(
            l.may_try(ip("10.0.0.1"), "user9", MIN),
            Err(Wait { seconds: 900 })
        );
        // Keys already held go on.
        assert_eq!(l.may_try(ip("10.0.0.1"), "user1", MIN), Ok(()));
        // Counting a new key without asking first does not grow a map.
        l.tried(ip("10.0.0.5"), MIN);
        l.failed("user8", MIN);
        {
            let state = l.state();
            assert_eq!(state.addresses.map.len(), 3);
            assert_eq!(state.accounts.map.len(), 3);
        }
        // Once the windows end, the expired keys make room.
        assert_eq!(l.may_try(ip("10.0.0.4"), "user9", 15 * MIN), Ok(()));
        l.tried(ip("10.0.0.4"), 15 * MIN);
        l.failed("user9", 15 * MIN);
        let state = l.state();
        assert_eq!(state.addresses.map.len(), 1);
        assert_eq!(state.accounts.map.len(), 1);
    }

    #[test]
    fn a_full_map_of_live_keys_is_not_scanned_again_before_one_can_end() {
        let mut counts: Counts<u32> = Counts::new(Duration::from_secs(60), 2);
        counts.add(1, 0);
        counts.add(2, 30_000);
        assert!(counts.check(&3, 5, 10_000).is_err());
        // The first window ends at 60 s: nothing to prune before.
        assert_eq!(counts.prune_at_ms, 60_000);
        assert!(counts.check(&3, 5, 59_999).is_err());
        assert_eq!(counts.check(&3, 5, 60_000), Ok(()));
        counts.add(3, 60_000);
        assert_eq!(counts.map.len(), 2);
        assert!(counts.map.contains_key(&2) && counts.map.contains_key(&3));
    }

    #[test]
    fn sign_ups_fill_their_own_map() {
        let l = Limiter::new(LimiterConfig {
            max_keys: 2,
            ..LimiterConfig::default()
        });
        assert_eq!(l.may_sign_up(ip("10.0.0.1"), 0), Ok(()));
        assert_eq!(l.may_sign_up(ip("10.0.0.2"), 0), Ok(()));
        assert_eq!(
            l.may_sign_up(ip("10.0.0.3"), 0),
            Err(Wait { seconds: 3600 })
        );
        assert_eq!(l.may_try(ip("10.0.0.3"), "bob", 0), Ok(()));
        assert_eq!(l.may_sign_up(ip("10.0.0.3"), 60 * MIN), Ok(()));
    }
}
