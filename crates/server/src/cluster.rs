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

use crate::hub::{Hub, start_timers};
use crate::log::{Level, log};
use crate::store::{Node, Paired};

/// How often the lease is renewed and dead nodes looked for.
pub const HEARTBEAT: Duration = Duration::from_secs(1);

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

/// Runs the node's heartbeat until its lease is lost; then every game is
/// dropped here and `lost` says so (the binary exits). The lease is taken
/// for lost, too, once it would have run out since the last renewal the
/// database confirmed (measured from when that renewal was sent): a node
/// cut off from the database stops serving before another takes its
/// games.
pub fn run(hub: Arc<Hub>, url: String, lost: watch::Sender<bool>) {
    tokio::spawn(async move {
        let mut left = listen(url, hub.clone());
        let mut tick = tokio::time::interval(HEARTBEAT);
        let lease = Duration::from_millis(crate::store::LEASE_MS.unsigned_abs());
        // Joined just before this started.
        let mut until = Instant::now() + lease;
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                Some(()) = left.recv() => {}
            }
            if hub.is_leaving() {
                return;
            }
            let sent = Instant::now();
            let renewed = tokio::time::timeout(HEARTBEAT * 2, hub.store.heartbeat()).await;
            let reason = match &renewed {
                Ok(Ok(true)) => {
                    until = sent + lease;
                    None
                }
                Ok(Ok(false)) => Some("lease_lost"),
                Ok(Err(e)) => {
                    log(Level::Warn, "lease_not_renewed", &[("reason", &e)]);
                    (Instant::now() >= until).then_some("lease_expired_unrenewed")
                }
                Err(_) => {
                    log(
                        Level::Warn,
                        "lease_not_renewed",
                        &[("reason", &"no answer in time")],
                    );
                    (Instant::now() >= until).then_some("lease_expired_unrenewed")
                }
            };
            if let Some(reason) = reason {
                log(Level::Error, reason, &[("games_dropped", &hub.games())]);
                hub.lose_all();
                let _ = lost.send(true);
                return;
            }
            if !matches!(renewed, Ok(Ok(true))) {
                continue;
            }
            // Pairings whose NOTIFY this node missed (or already heard:
            // a player is handed over once).
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
                    let n = games.len();
                    let rooms = hub.adopt(games);
                    start_timers(&hub, rooms);
                    log(Level::Warn, "take_over", &[("games", &n)]);
                }
                Ok(_) => {}
                Err(e) => log(Level::Warn, "take_over_failed", &[("reason", &e)]),
            }
        }
    });
}
