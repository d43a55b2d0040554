//! One node of several on one PostgreSQL database: the lease renewed every
//! second, the games of a node whose lease ran out taken over from its
//! event log, a node that leaves heard at once (LISTEN/NOTIFY), and this
//! node stopped the moment its own lease is lost (its writes would be
//! fenced anyway: see `store/postgres/writes.rs`).

use std::sync::Arc;
use std::time::Duration;

use tokio::time::Instant;

use futures_util::StreamExt;
use tokio::sync::{mpsc, watch};
use tokio_postgres::{AsyncMessage, NoTls};

use std::collections::HashMap;
use std::sync::atomic::Ordering;

use crate::hub::{Hub, resume_clocks, start_timers};
use crate::log::{Level, log};
use crate::store::{Heart, Node, Paired, StoredGame};

/// How often the lease is renewed and dead nodes looked for.
pub const HEARTBEAT: Duration = Duration::from_secs(1);

/// The least time between two take-overs woken by players looking for a
/// dead node's games.
const ORPHANS_EVERY: Duration = Duration::from_millis(250);

/// This server as a node: who it is, and the secret the nodes share to
/// forward connections to each other.
#[derive(Clone, Debug)]
pub struct Cluster {
    /// The name and address other nodes reach it at.
    pub node: Node,
    /// Shared by every node; a forwarded connection carries it.
    pub secret: String,
}

/// The header a forwarding node sends: the shared secret, a space and the
/// client's address.
pub const FORWARD_HEADER: &str = "x-msc-forwarded";

/// Wakes the heartbeat loop whenever a node announces it left, and hands
/// a player waiting here for a quick game to the node that paired it.
fn listen(url: String, hub: Arc<Hub>) -> mpsc::Receiver<()> {
    let (tx, rx) = mpsc::channel(8);
    tokio::spawn(async move {
        loop {
            match tokio_postgres::connect(&url, NoTls).await {
                Ok((client, mut connection)) => {
                    let mut messages =
                        futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
                    let listen_sql = format!(
                        "LISTEN {}; LISTEN {}",
                        crate::store::NODES_CHANNEL,
                        crate::store::QUICK_CHANNEL
                    );
                    let listen = client.batch_execute(&listen_sql);
                    // The LISTEN runs while the connection is polled.
                    let listened = tokio::select! {
                        r = listen => r.is_ok(),
                        _ = messages.next() => false,
                    };
                    if listened {
                        while let Some(m) = messages.next().await {
                            match m {
                                Ok(AsyncMessage::Notification(n))
                                    if n.channel() == crate::store::QUICK_CHANNEL =>
                                {
                                    // Every node hears it; the one whose
                                    // player holds the ticket acts.
                                    if let Some(p) = Paired::from_payload(n.payload()) {
                                        hub.paired(&p);
                                    }
                                }
                                Ok(AsyncMessage::Notification(_)) => {
                                    let _ = tx.try_send(());
                                }
                                Ok(_) => {}
                                Err(_) => break,
                            }
                        }
                    }
                }
                Err(e) => log(Level::Warn, "listen_failed", &[("reason", &e)]),
            }
            if tx.is_closed() {
                return;
            }
            tokio::time::sleep(HEARTBEAT).await;
        }
    });
    rx
}

/// Plays `games` here: rebuilt, their clocks resumed past the outage
/// before any player can reach them (a move in between would be charged
/// the whole outage), then reachable, their flag timers started.
async fn take(hub: &Arc<Hub>, games: Vec<StoredGame>) -> usize {
    let n = games.len();
    let stopped: HashMap<String, u64> = games
        .iter()
        .filter_map(|g| g.stopped_ms.map(|at| (g.code.clone(), at)))
        .collect();
    let rooms = hub.rebuilt(games);
    resume_clocks(hub, &rooms, &stopped).await;
    hub.publish(&rooms);
    start_timers(hub, rooms);
    n
}

/// The store thread's part of a heartbeat, in a task of its own so that
/// it never delays the next renewal: the pairings whose NOTIFY this node
/// missed, and the games of dead nodes.
fn chores(hub: Arc<Hub>) -> mpsc::Sender<()> {
    let (tx, mut rx) = mpsc::channel::<()>(1);
    tokio::spawn(async move {
        while rx.recv().await.is_some() {
            // A player is handed over once, whoever heard it first.
            match hub.store.queue_paired().await {
                Ok(pairs) => {
                    for p in &pairs {
                        hub.paired(p);
                    }
                }
                Err(e) => log(Level::Warn, "queue_paired_failed", &[("reason", &e)]),
            }
            match hub.store.take_over().await {
                Ok(games) if !games.is_empty() => {
                    let n = take(&hub, games).await;
                    let stats = &hub.store.stats;
                    stats.taken_over.fetch_add(n as u64, Ordering::Relaxed);
                    log(Level::Warn, "take_over", &[("games", &n)]);
                }
                Ok(_) => {}
                Err(e) => log(Level::Warn, "take_over_failed", &[("reason", &e)]),
            }
        }
    });
    tx
}

/// Takes the lease again after it was lost (the database was out of
/// reach, or this node paused): tries every [`HEARTBEAT`] until the
/// database answers; the games of this node that no other took are
/// played here again. `None` once the node is leaving.
async fn rejoin(hub: &Arc<Hub>) -> Option<i64> {
    loop {
        tokio::time::sleep(HEARTBEAT).await;
        if hub.is_leaving() {
            return None;
        }
        match hub.store.rejoin().await {
            Ok(Some((run, games))) => {
                let n = take(hub, games).await;
                log(Level::Warn, "rejoined", &[("games", &n)]);
                return Some(run);
            }
            Ok(None) => log(Level::Warn, "rejoin_refused", &[("reason", &"name in use")]),
            Err(e) => log(Level::Warn, "rejoin_failed", &[("reason", &e)]),
        }
    }
}

/// Runs the node's heartbeat on a database connection of its own. When
/// the lease is lost every game is dropped here (`lost` says so while it
/// lasts) and the node joins again as soon as the database lets it. The
/// lease is taken for lost, too, once it would have run out since the
/// last renewal the database confirmed (measured from when that renewal
/// was sent): a node cut off from the database stops serving before
/// another takes its games.
pub fn run(hub: Arc<Hub>, url: String, node: String, lost: watch::Sender<bool>) {
    tokio::spawn(async move {
        let mut left = listen(url.clone(), hub.clone());
        let mut heart = Heart::new(&url, &node, hub.store.run);
        let chores = chores(hub.clone());
        let mut tick = tokio::time::interval(HEARTBEAT);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let lease = Duration::from_millis(crate::store::LEASE_MS.unsigned_abs());
        // Joined just before this started.
        let mut until = Instant::now() + lease;
        let mut last = Instant::now();
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                Some(()) = left.recv() => {}
                // Between beats too: the lease ends on time, not at the
                // next tick.
                () = tokio::time::sleep_until(until) => {}
                // Players already look for a dead node's games: taken
                // now, not up to a heartbeat later (and not more often
                // than every ORPHANS_EVERY, however many look).
                () = hub.orphans_seen() => {
                    tokio::time::sleep_until(last + ORPHANS_EVERY).await;
                }
            }
            last = Instant::now();
            if hub.is_leaving() {
                return;
            }
            let sent = Instant::now();
            // A beat still trying (a database cut off answers nothing)
            // is given up the moment the lease would end: the players
            // are told before another node can take their games.
            let beat = tokio::time::timeout_at(until, heart.beat())
                .await
                .unwrap_or(Ok(false));
            let reason = match beat {
                Ok(true) => {
                    until = sent + lease;
                    let stats = &hub.store.stats;
                    stats.renewed_ms.store(crate::now_ms(), Ordering::Relaxed);
                    None
                }
                Ok(false) if Instant::now() >= until => Some("lease_expired_unrenewed"),
                Ok(false) => Some("lease_lost"),
                Err(e) => {
                    log(Level::Warn, "lease_not_renewed", &[("reason", &e)]);
                    (Instant::now() >= until).then_some("lease_expired_unrenewed")
                }
            };
            if let Some(reason) = reason {
                log(Level::Error, reason, &[("games_dropped", &hub.games())]);
                hub.set_adrift(true);
                hub.lose_all();
                let _ = lost.send(true);
                let Some(run) = rejoin(&hub).await else {
                    return;
                };
                heart.set_run(run);
                until = Instant::now() + lease;
                hub.set_adrift(false);
                let _ = lost.send(false);
                continue;
            }
            if Instant::now() < until {
                // Busy still with the last tick's: skipped, not queued.
                let _ = chores.try_send(());
            }
        }
    });
}
