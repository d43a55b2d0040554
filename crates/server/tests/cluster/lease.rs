//! Leases and fencing: a node whose lease ran out, or whose stalled earlier
//! run was restarted under its name, writes nothing more; a take-over waits
//! for the old owner's write in flight; a dropped database connection is
//! made again; a node cut off from its database stops serving.

use std::time::{Duration, Instant};

use minesweeper_core::chess::Color;
use minesweeper_core::online::Event;
use minesweeper_core::online::protocol::{ClientMsg, ServerMsg};
use minesweeper_server::store::{Db, Node, Store};
use minesweeper_server::swarm::{Bot, BotError};

use super::{get, owner};
use crate::migrations::game;
use crate::postgres::{client, fresh_database};
use crate::support::{TestServer, create};

/// Opens a node's store on its own thread (it blocks while it joins),
/// with the games it took.
async fn node_store(url: &str, name: &str) -> (Store, Vec<minesweeper_server::store::StoredGame>) {
    let db = Db::Postgres(url.to_string());
    let node = Node {
        name: name.into(),
        addr: format!("ws://127.0.0.1:1/{name}"),
    };
    tokio::task::spawn_blocking(move || Store::open_node(&db, false, Some(node)))
        .await
        .expect("task")
        .expect("the node joins")
}

/// Ends node `name`'s lease in the database, as if it had stopped
/// renewing it long enough.
async fn end_lease(url: &str, name: &str) {
    client(url)
        .await
        .execute("UPDATE nodes SET until_ms = 0 WHERE name = $1", &[&name])
        .await
        .expect("the lease ended");
}

/// Asserts that `store`'s next move in game `code` is refused as no
/// longer its node's.
async fn assert_fenced(store: &Store, code: &str) {
    let late = store
        .event(code, 1, &Event::Move("e2e4".into()), 2, false)
        .await;
    assert!(
        late.as_ref()
            .is_err_and(|e| e.to_string().contains("no longer")),
        "{late:?}"
    );
}

/// A node's store with a game `code` of its own, started.
async fn node_with_game(url: &str, name: &str, code: &str) -> Store {
    let store = node_store(url, name).await.0;
    store.create(game(code)).await.expect("stored");
    store
        .event(code, 0, &Event::Start, 1, false)
        .await
        .expect("written");
    store
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_whose_lease_ran_out_writes_nothing_more() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let x = node_with_game(&url, "x", "FENCED").await;
    // x stops renewing (cut off); its lease runs out, y takes the game.
    end_lease(&url, "x").await;
    let y = node_store(&url, "y").await.0;
    let taken = y.take_over().await.expect("take over");
    assert_eq!(taken.len(), 1);
    assert_eq!(taken[0].events.len(), 1);
    assert_fenced(&x, "FENCED").await;
    assert!(x.seat("FENCED", Color::Black, "t").await.is_err());
    // A new game of x's is refused as not its own, not as a clash.
    let new = x.create(game("LATE")).await;
    assert!(
        new.as_ref()
            .is_err_and(|e| e.to_string().contains("no longer")),
        "{new:?}"
    );
    assert_eq!(x.heartbeat().await, Ok(false), "x learns it lost the lease");
    y.event("FENCED", 1, &Event::Move("e2e4".into()), 2, false)
        .await
        .expect("y writes it");
    let n: i64 = client(&url)
        .await
        .query_one("SELECT count(*) FROM events WHERE code = 'FENCED'", &[])
        .await
        .expect("count")
        .get(0);
    assert_eq!(n, 2, "x's late move is not there");
    // A second live node may not take the name of a live one.
    let db = Db::Postgres(url.clone());
    let twin = Node {
        name: "y".into(),
        addr: "ws://127.0.0.1:1/twin".into(),
    };
    let refused = tokio::task::spawn_blocking(move || Store::open_node(&db, false, Some(twin)))
        .await
        .expect("task");
    assert!(
        refused
            .as_ref()
            .err()
            .is_some_and(|e| e.to_string().contains("named y")),
        "{:?}",
        refused.err()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_restarted_under_its_name_fences_its_stalled_earlier_run() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let old = node_with_game(&url, "r", "RERUN").await;
    // The first run stalls past its lease; the node is started again.
    end_lease(&url, "r").await;
    let (new, games) = node_store(&url, "r").await;
    assert_eq!(games.len(), 1, "the second run has the game");
    assert_eq!(owner(&url, "RERUN").await, (Some("r".into()), 1));
    // The first run wakes: the lease it sees renewed is not its own.
    assert_eq!(old.heartbeat().await, Ok(false));
    assert_fenced(&old, "RERUN").await;
    new.event("RERUN", 1, &Event::Move("e2e4".into()), 3, false)
        .await
        .expect("the second run writes");
    assert_eq!(new.heartbeat().await, Ok(true));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_whose_database_connection_drops_connects_again() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let x = node_store(&url, "cut").await.0;
    x.create(game("CUT")).await.expect("stored");
    let db = client(&url).await;
    let cut: i64 = db
        .query_one(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
             WHERE application_name = 'minesweeper_server' AND datname = current_database()",
            &[],
        )
        .await
        .expect("connections ended")
        .get(0);
    assert!(cut >= 1, "the node's connection was there to end");
    // The write that finds the connection gone may fail; the next is
    // made on a new connection, and the lease is still the node's.
    let deadline = Instant::now() + Duration::from_secs(10);
    while x.event("CUT", 0, &Event::Start, 1, false).await.is_err() {
        assert!(Instant::now() < deadline, "never connected again");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(x.heartbeat().await, Ok(true));
    let n: i64 = db
        .query_one("SELECT count(*) FROM events WHERE code = 'CUT'", &[])
        .await
        .expect("count")
        .get(0);
    assert_eq!(n, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_take_over_never_waits_for_a_dead_nodes_write_in_flight_and_takes_the_game_after_it() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let x = node_with_game(&url, "slow", "STALL").await;
    let db = client(&url).await;
    db.execute(
        "UPDATE nodes SET until_ms = (extract(epoch from clock_timestamp()) * 1000)::bigint + 300
         WHERE name = 'slow'",
        &[],
    )
    .await
    .expect("a lease of 0.3 s left: shorter than the database lets a write wait for a lock (1 s)");
    // Another session holds the event's key uncommitted: x's write, fenced
    // while its lease ran, stalls on it inside its transaction (as a node
    // paused mid-commit would).
    let mut other = client(&url).await;
    let holder = other.transaction().await.expect("transaction");
    holder
        .execute(
            "INSERT INTO events(code, seq, event, at_ms) VALUES ('STALL', 1, 'x', 0)",
            &[],
        )
        .await
        .expect("held");
    let stalled = {
        let x = x.clone();
        tokio::spawn(async move {
            x.event("STALL", 1, &Event::Move("e2e4".into()), 2, false)
                .await
        })
    };
    let expired = "SELECT until_ms < (extract(epoch from clock_timestamp()) * 1000)::bigint
                   FROM nodes WHERE name = 'slow'";
    while !db
        .query_one(expired, &[])
        .await
        .expect("lease")
        .get::<_, bool>(0)
    {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let y = node_store(&url, "next").await.0;
    // The dead node's transaction still holds its row: skipped at once,
    // never waited for (a taker stuck here would lose its own lease).
    let first = tokio::time::timeout(Duration::from_millis(500), y.take_over())
        .await
        .expect("the take-over did not wait for the dead node's transaction")
        .expect("asked");
    assert!(first.is_empty(), "taken while its last write was in flight");
    holder.rollback().await.expect("released");
    let written = stalled.await.expect("task");
    let taken = y.take_over().await.expect("taken");
    assert_eq!(taken.len(), 1, "taken once its last write ended");
    // Acknowledged if and only if stored: the database's own lock limit
    // may have refused the stalled write meanwhile, never half of it.
    let events = taken[0].events.len();
    assert_eq!(
        written.is_ok(),
        events == 2,
        "{written:?} {:?}",
        taken[0].events
    );
}

/// A TCP relay to `to` that stops passing bytes once `frozen` is set:
/// a database that hangs without closing anything.
async fn freezable_relay(
    to: std::net::SocketAddr,
    frozen: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> std::net::SocketAddr {
    use std::sync::atomic::Ordering;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bound");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(async move {
        while let Ok((client, _)) = listener.accept().await {
            let Ok(server) = tokio::net::TcpStream::connect(to).await else {
                continue;
            };
            let (cr, cw) = client.into_split();
            let (sr, sw) = server.into_split();
            for (mut from, mut into) in [
                (
                    Box::new(cr) as Box<dyn tokio::io::AsyncRead + Unpin + Send>,
                    Box::new(sw) as Box<dyn tokio::io::AsyncWrite + Unpin + Send>,
                ),
                (Box::new(sr) as _, Box::new(cw) as _),
            ] {
                let frozen = frozen.clone();
                tokio::spawn(async move {
                    let mut buf = vec![0u8; 16 * 1024];
                    while let Ok(n) = from.read(&mut buf).await {
                        if n == 0 || frozen.load(Ordering::Relaxed) {
                            // Held open, silent.
                            std::future::pending::<()>().await;
                        }
                        if into.write_all(&buf[..n]).await.is_err() {
                            break;
                        }
                    }
                });
            }
        }
    });
    addr
}

/// Asks `bot`'s node to watch a game it does not know (a lookup in the
/// database), and returns how long the refusal took.
async fn lookup(bot: &mut Bot) -> Duration {
    let asked = Instant::now();
    bot.send(&ClientMsg::Watch {
        code: "QQQQQQ".into(),
    })
    .await
    .expect("sent");
    let answer = bot.recv_within(Duration::from_secs(6)).await;
    assert!(matches!(answer, Ok(ServerMsg::Error { .. })), "{answer:?}");
    asked.elapsed()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_cut_off_from_its_database_answers_at_once_and_lets_its_players_go_before_the_lease_ends()
 {
    let Some(url) = fresh_database().await else {
        return;
    };
    // postgres://USER@HOST:PORT/DB: the node reaches it through a relay.
    let (head, rest) = url.rsplit_once('@').expect("user@host");
    let (host, db) = rest.split_once('/').expect("host/db");
    let server: std::net::SocketAddr = host.parse().expect("HOST:PORT");
    let frozen = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let relay = freezable_relay(server, frozen.clone()).await;
    let node = TestServer::node(Db::Postgres(format!("{head}@{relay}/{db}")), "cut", None).await;
    assert!(get(&node.addr, "/healthz").await.contains("200 OK"));
    let mut player = node.bot().await;
    create(&mut player, None).await;
    let mut looker = node.bot().await;
    frozen.store(true, std::sync::atomic::Ordering::Relaxed);
    let cut = Instant::now();
    // The first lookup waits out its query; the next ones do not wait
    // out the store's attempts to connect again.
    lookup(&mut looker).await;
    let again = lookup(&mut looker).await;
    assert!(
        again < Duration::from_millis(1500),
        "a lookup waited {again:?} on a database out of reach"
    );
    // Its lease runs 5 s from the last renewal: its player is let go by
    // then, though the database never said so, before another node
    // could take the game.
    let told = loop {
        // Its game's news before the cut (who sits) is passed over.
        if let Err(e) = player.recv_within(Duration::from_secs(12)).await {
            break e;
        }
    };
    let took = cut.elapsed();
    assert!(matches!(told, BotError::Closed(Some(1012), _)), "{told:?}");
    assert!(
        took <= Duration::from_millis(5500),
        "its player was let go {took:?} after the cut"
    );
    assert!(get(&node.addr, "/healthz").await.contains("503"));
    let metrics = get(&node.addr, "/metrics").await;
    assert!(metrics.contains("msc_lease_held 0"), "{metrics}");
    // A client still connected is sent on its way at its next request,
    // rather than told "try again" until the database comes back; nobody
    // new is let in to wait on it.
    looker
        .send(&ClientMsg::Watch {
            code: "QQQQQQ".into(),
        })
        .await
        .expect("sent");
    let sent_on = looker.recv_within(Duration::from_secs(2)).await;
    assert!(
        matches!(sent_on, Err(BotError::Closed(Some(1012), _))),
        "{sent_on:?}"
    );
    let refused = Bot::connect(&node.addr).await;
    assert!(matches!(refused, Err(BotError::Connect(_))), "connected");
}

/// Why a server without `--node` cannot open `url` (empty: it opened).
async fn lone_server_refusal(url: &str) -> String {
    let db = Db::Postgres(url.to_string());
    tokio::task::spawn_blocking(move || Store::open(&db, false))
        .await
        .expect("task")
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_without_a_node_name_is_refused_on_a_database_nodes_serve() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let _x = node_with_game(&url, "x", "OWNED").await;
    let refused = lone_server_refusal(&url).await;
    assert!(
        refused.contains("nodes x serve it") && refused.contains("--node"),
        "a lone server would write the nodes' games unfenced: {refused:?}"
    );
    // Nor once the node is gone while it still owns an unfinished game.
    end_lease(&url, "x").await;
    let refused = lone_server_refusal(&url).await;
    assert!(refused.contains("own 1 unfinished game"), "{refused:?}");
}
