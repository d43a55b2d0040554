//! Several nodes on one PostgreSQL: a game played through another node
//! than its own, taken over when its node is killed or leaves, and a node
//! that lost its lease writes nothing more.

use std::time::{Duration, Instant};

use minesweeper_core::chess::Color;
use minesweeper_core::online::Event;
use minesweeper_core::online::protocol::{ClientMsg, ErrorCode, ServerMsg};
use minesweeper_server::store::{Db, Node, Store};
use minesweeper_server::swarm::Bot;
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use crate::migrations::game;
use crate::postgres::{client, fresh_database};
use crate::support::{
    TestServer, alternate, clock_of, create, fixed, moved, play, seated, started,
};

/// How long a test waits for a node's games to move (the lease is 5 s).
const TAKE_OVER: Duration = Duration::from_secs(20);

/// Resumes `token` through `server`, again and again while the game's
/// node is down and not yet taken over; returns the bot and its `Game`.
async fn resume_through(server: &TestServer, token: &str) -> (Bot, ServerMsg) {
    let deadline = Instant::now() + TAKE_OVER;
    loop {
        let mut bot = server.bot().await;
        bot.send(&ClientMsg::Resume {
            token: token.into(),
        })
        .await
        .expect("sent");
        let answer = bot
            .until(|m| match m {
                ServerMsg::Game { .. } | ServerMsg::Error { .. } => Some(m.clone()),
                _ => None,
            })
            .await;
        match answer {
            Ok(game @ ServerMsg::Game { .. }) => return (bot, game),
            other => {
                assert!(Instant::now() < deadline, "not resumed in time: {other:?}");
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        }
    }
}

/// The owner of game `code` and its count of owners, from the database.
async fn owner(url: &str, code: &str) -> (Option<String>, i64) {
    let row = client(url)
        .await
        .query_one("SELECT owner, epoch FROM games WHERE code = $1", &[&code])
        .await
        .expect("the game");
    (row.get(0), row.get(1))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_played_through_another_node_and_goes_on_when_its_node_is_killed() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let db = Db::Postgres(url.clone());
    let mines = fixed(&["a7", "b7", "g7", "h7"]);
    let a = TestServer::node(db.clone(), "a", Some(mines.clone())).await;
    let b = TestServer::node(db.clone(), "b", Some(mines.clone())).await;
    // White on node a, Black through node b: forwarded to a.
    let mut w = a.bot().await;
    let ws = create(&mut w, Some("10+5")).await;
    let mut k = b.bot().await;
    k.send(&ClientMsg::Join {
        code: ws.code.clone(),
    })
    .await
    .expect("sent");
    let ks = seated(&mut k).await;
    assert_eq!(ks.code, ws.code);
    started(&mut w).await;
    started(&mut k).await;
    assert!(b.hub.room(&ws.code).is_none(), "played on a, not b");
    // What does not read is refused by the node the client is on, and the
    // game goes on.
    k.send_text("{\"type\":\"move\",\"ply\":\"one\"}")
        .await
        .expect("sent");
    let refused = k
        .until(|m| matches!(m, ServerMsg::Error { .. }).then(|| m.clone()))
        .await
        .expect("an error");
    assert!(
        matches!(&refused, ServerMsg::Error { code, .. } if *code == ErrorCode::BadMessage),
        "{refused:?}"
    );
    let last = alternate(&mut w, &mut k, &["e2e4", "e9e8", "g1f3", "b10c8"])
        .await
        .expect("played");
    let before = clock_of(&last).expect("timed");
    assert_eq!(owner(&url, &ws.code).await, (Some("a".into()), 0));
    // Node a dies without a word; b takes the game from its event log.
    let killed_at = Instant::now();
    drop(a.kill());
    drop((w, k));
    let (mut w, gw) = resume_through(&b, &ws.token).await;
    let (mut k, gk) = resume_through(&b, &ks.token).await;
    for g in [&gw, &gk] {
        let ServerMsg::Game { moves, .. } = g else {
            unreachable!()
        };
        assert_eq!(moves, &["e4", "e8", "Nf3", "Nc8"], "no move lost");
        // The time without a node is charged to the side whose clock ran.
        let c = clock_of(g).expect("the clocks came back");
        assert_eq!(
            c.black_ms, before.black_ms,
            "Black's stopped clock kept its time"
        );
        let gone = killed_at.elapsed().as_millis() as u64;
        assert!(
            c.white_ms < before.white_ms && c.white_ms + gone + 2000 >= before.white_ms,
            "White's clock ran on while no node had the game: {before:?} → {c:?} ({gone} ms)"
        );
    }
    assert_eq!(owner(&url, &ws.code).await, (Some("b".into()), 1));
    play(&mut w, 5, "f1c4").await;
    moved(&mut k, 5).await;
    // Every event once: the start and five moves.
    let stored: Vec<(i64, String)> = client(&url)
        .await
        .query(
            "SELECT seq, event FROM events WHERE code = $1 ORDER BY seq",
            &[&ws.code],
        )
        .await
        .expect("events")
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    let seqs: Vec<i64> = stored.iter().map(|(s, _)| *s).collect();
    assert_eq!(seqs, (0..6).collect::<Vec<i64>>(), "{stored:?}");
}

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
async fn a_node_that_leaves_hands_its_games_over_without_waiting_for_its_lease() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let db = Db::Postgres(url.clone());
    let a = TestServer::node(db.clone(), "a", None).await;
    let b = TestServer::node(db.clone(), "b", None).await;
    let mut w = a.bot().await;
    let ws = create(&mut w, None).await;
    let left = Instant::now();
    a.leave().await;
    // The lease would last 5 s: NOTIFY brings b now.
    let deadline = left + Duration::from_secs(4);
    while owner(&url, &ws.code).await.0.as_deref() != Some("b") {
        assert!(
            Instant::now() < deadline,
            "not handed over before the lease ran out"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (_, game) = resume_through(&b, &ws.token).await;
    assert!(matches!(game, ServerMsg::Game { .. }));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forwarded_connection_without_the_nodes_secret_is_refused() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let node = TestServer::node(Db::Postgres(url), "a", None).await;
    let lone = TestServer::start(crate::support::fresh_db(), None).await;
    for server in [&node, &lone] {
        let mut request = format!("ws://{}/ws", server.addr)
            .into_client_request()
            .expect("request");
        request.headers_mut().insert(
            "x-msc-forwarded",
            "not-the-secret-at-all 10.0.0.1".parse().expect("header"),
        );
        let refused = connect_async(request).await;
        assert!(
            refused
                .as_ref()
                .err()
                .is_some_and(|e| e.to_string().contains("403")),
            "{:?}",
            refused.err()
        );
    }
    // With the secret, the connection is served as the client it names.
    let mut request = format!("ws://{}/ws", node.addr)
        .into_client_request()
        .expect("request");
    let signed = format!("{} 10.0.0.1", crate::support::SECRET);
    request
        .headers_mut()
        .insert("x-msc-forwarded", signed.parse().expect("header"));
    assert!(connect_async(request).await.is_ok());
}

/// The body of `GET path` on `addr`, with its status line.
async fn get(addr: &str, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut tcp = tokio::net::TcpStream::connect(addr)
        .await
        .expect("connects");
    let request = format!("GET {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n");
    tcp.write_all(request.as_bytes()).await.expect("sent");
    let mut answer = String::new();
    tcp.read_to_string(&mut answer).await.expect("answer");
    answer
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_and_metrics_tell_an_operator_what_the_node_holds() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let node = TestServer::node(Db::Postgres(url), "a", None).await;
    let (mut w, mut k, _, _) = crate::support::pair(&node, None).await;
    play(&mut w, 1, "e2e4").await;
    moved(&mut k, 1).await;
    let health = get(&node.addr, "/healthz").await;
    assert!(
        health.starts_with("HTTP/1.1 200") && health.ends_with("ok"),
        "{health}"
    );
    let metrics = get(&node.addr, "/metrics").await;
    for line in [
        "msc_games 1",
        "msc_moves_total 1",
        "msc_lease_held 1",
        "msc_games_leased 1",
        "# TYPE msc_commit_seconds histogram",
        "msc_commit_seconds_bucket{le=\"+Inf\"}",
    ] {
        assert!(metrics.contains(line), "{line} missing from:\n{metrics}");
    }
    // The two players, and the scraper itself (and maybe the health
    // check's connection, still closing).
    let connections: usize = metrics
        .lines()
        .find_map(|l| l.strip_prefix("msc_connections "))
        .and_then(|n| n.parse().ok())
        .expect("connections counted");
    assert!((3..=4).contains(&connections), "{metrics}");
    // A lone server has no lease to report.
    let lone = TestServer::start(crate::support::fresh_db(), None).await;
    let metrics = get(&lone.addr, "/metrics").await;
    assert!(
        metrics.contains("msc_games 0") && !metrics.contains("msc_lease_held"),
        "{metrics}"
    );
    assert!(get(&lone.addr, "/healthz").await.ends_with("ok"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_asking_for_a_quick_game_on_different_nodes_meet() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let db = Db::Postgres(url.clone());
    let a = TestServer::node(db.clone(), "a", None).await;
    let b = TestServer::node(db.clone(), "b", None).await;
    // One waits on b (in the database's queue); the other asks on a,
    // which opens the game and tells b (NOTIFY), which hands its player
    // over to a.
    let mut on_b = b.bot().await;
    on_b.send(&ClientMsg::Quick {
        time: Some("3+2".into()),
    })
    .await
    .expect("sent");
    on_b.until(|m| matches!(m, ServerMsg::Waiting).then_some(()))
        .await
        .expect("waiting");
    let mut on_a = a.bot().await;
    on_a.send(&ClientMsg::Quick {
        time: Some("3+2".into()),
    })
    .await
    .expect("sent");
    let sa = seated(&mut on_a).await;
    let sb = seated(&mut on_b).await;
    assert_eq!(sa.code, sb.code, "one game for both");
    assert_eq!(
        owner(&url, &sa.code).await.0.as_deref(),
        Some("a"),
        "opened where it was paired"
    );
    // Both are in it, through their own nodes: White moves, Black sees it.
    let you = |m: &ServerMsg| match m {
        ServerMsg::Game { you, .. } => Some(*you),
        _ => None,
    };
    let side_a = on_a.until(you).await.expect("a's view");
    on_b.until(you).await.expect("b's view, through b");
    on_a.until(|m| {
        matches!(m, ServerMsg::Presence { present } if present.all(|p| *p)).then_some(())
    })
    .await
    .expect("the opponent arrives");
    let (mut white, mut black) = (on_a, on_b);
    if side_a == Some(Color::Black) {
        std::mem::swap(&mut white, &mut black);
    }
    play(&mut white, 1, "e2e4").await;
    moved(&mut black, 1).await;
    queue_empties(&url).await;
}

/// Waits until the quick-game queue is empty: b collects its player's
/// pairing from its row within a heartbeat or two.
async fn queue_empties(url: &str) {
    let db = client(url).await;
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let left: i64 = db
            .query_one("SELECT count(*) FROM quick_queue", &[])
            .await
            .expect("the queue")
            .get(0);
        if left == 0 {
            return;
        }
        assert!(Instant::now() < deadline, "{left} left in the queue");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_asking_on_the_same_node_meet_there() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let a = TestServer::node(Db::Postgres(url), "a", None).await;
    let mut first = a.bot().await;
    first
        .send(&ClientMsg::Quick { time: None })
        .await
        .expect("sent");
    first
        .until(|m| matches!(m, ServerMsg::Waiting).then_some(()))
        .await
        .expect("waiting");
    let mut second = a.bot().await;
    second
        .send(&ClientMsg::Quick { time: None })
        .await
        .expect("sent");
    let s1 = seated(&mut first).await;
    let s2 = seated(&mut second).await;
    assert_eq!(s1.code, s2.code, "one game for both");
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
async fn a_forwarded_connection_is_never_forwarded_again() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let Some(url) = fresh_database().await else {
        return;
    };
    let db = Db::Postgres(url);
    let a = TestServer::node(db.clone(), "a", None).await;
    let b = TestServer::node(db, "b", None).await;
    let mut w = a.bot().await;
    let ws = create(&mut w, None).await;
    // A connection b takes for forwarded asks for a's game: b does not
    // pass it on (two nodes that disagree on where a game is could pass
    // a client back and forth).
    let mut request = format!("ws://{}/ws", b.addr)
        .into_client_request()
        .expect("request");
    let signed = format!("{} 10.0.0.1", crate::support::SECRET);
    request
        .headers_mut()
        .insert("x-msc-forwarded", signed.parse().expect("header"));
    let (mut relayed, _) = connect_async(request).await.expect("served");
    let watch = serde_json::to_string(&ClientMsg::Watch {
        code: ws.code.clone(),
    })
    .expect("json");
    relayed.send(Message::text(watch)).await.expect("sent");
    let answer = tokio::time::timeout(Duration::from_secs(5), relayed.next())
        .await
        .expect("an answer");
    let text = match answer {
        Some(Ok(Message::Text(t))) => t.to_string(),
        other => panic!("{other:?}"),
    };
    let msg: ServerMsg = serde_json::from_str(&text).expect("a server message");
    assert!(
        matches!(
            msg,
            ServerMsg::Error {
                code: ErrorCode::Unavailable,
                ..
            }
        ),
        "{msg:?}"
    );
    // A client's own connection to b is forwarded to a as before.
    let mut k = b.bot().await;
    k.send(&ClientMsg::Watch { code: ws.code })
        .await
        .expect("sent");
    let watched = k
        .until(|m| matches!(m, ServerMsg::Game { .. }).then_some(()))
        .await;
    assert!(watched.is_ok(), "{:?}", watched.err());
}

#[tokio::test]
async fn a_node_on_every_interface_must_say_where_it_is_reached() {
    let config = minesweeper_server::Config {
        addr: ([0, 0, 0, 0], 0).into(),
        db: Db::Postgres("postgres://nobody@127.0.0.1:1/none".into()),
        web: None,
        full_sync: false,
        dealer: None,
        rate: 10.0,
        limits: minesweeper_server::Limits::default(),
        cluster: Some(minesweeper_server::cluster::Cluster {
            node: Node {
                name: "a".into(),
                addr: String::new(),
            },
            secret: crate::support::SECRET.into(),
        }),
    };
    let refused = minesweeper_server::start(config).await;
    let why = refused.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(why.contains("--advertise"), "{why}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_take_over_waits_for_the_old_owners_write_in_flight() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let x = node_with_game(&url, "slow", "STALL").await;
    let db = client(&url).await;
    db.execute(
        "UPDATE nodes SET until_ms = (extract(epoch from clock_timestamp()) * 1000)::bigint + 1000
         WHERE name = 'slow'",
        &[],
    )
    .await
    .expect("a lease of one second left");
    // Another session holds the event's key uncommitted: x's write, fenced
    // while its lease ran, stalls on it inside its transaction.
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
    let taking = tokio::spawn(async move { y.take_over().await });
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(
        !taking.is_finished(),
        "the take-over did not wait for the old owner's transaction"
    );
    holder.rollback().await.expect("released");
    let written = stalled.await.expect("task");
    let taken = taking.await.expect("task").expect("taken");
    assert_eq!(taken.len(), 1);
    // x was told its move is stored: the new owner has it.
    assert!(written.is_ok(), "{written:?}");
    assert_eq!(taken[0].events.len(), 2, "{:?}", taken[0].events);
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_cut_off_from_its_database_stops_serving_when_its_lease_would_end() {
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
    frozen.store(true, std::sync::atomic::Ordering::Relaxed);
    let cut = Instant::now();
    // Its lease runs 5 s from the last renewal; it stops by itself soon
    // after, though the database never said so.
    let deadline = cut + Duration::from_secs(12);
    while !get(&node.addr, "/healthz").await.contains("503") {
        assert!(Instant::now() < deadline, "still serving");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let took = cut.elapsed();
    assert!(
        took >= Duration::from_secs(3),
        "stopped before its lease could end: {took:?}"
    );
    let metrics = get(&node.addr, "/metrics").await;
    assert!(metrics.contains("msc_lease_held 0"), "{metrics}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pairing_whose_notify_was_missed_still_reaches_the_waiting_player() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let b = TestServer::node(Db::Postgres(url.clone()), "b", None).await;
    let mut on_b = b.bot().await;
    on_b.send(&ClientMsg::Quick { time: None })
        .await
        .expect("sent");
    on_b.until(|m| matches!(m, ServerMsg::Waiting).then_some(()))
        .await
        .expect("waiting");
    // Another node pairs b's player, and its NOTIFY never arrives: the
    // pairing is only in the queue's row.
    let db = client(&url).await;
    let ticket: i64 = db
        .query_one("SELECT ticket FROM quick_queue WHERE node = 'b'", &[])
        .await
        .expect("b's player waits in the database")
        .get(0);
    let payload = minesweeper_server::store::Paired {
        ticket,
        code: "MISSEDNT".into(),
        side: Color::Black,
        token: "t0ken".into(),
        addr: format!("ws://{}", b.addr),
    }
    .to_payload();
    db.execute(
        "UPDATE quick_queue SET paired = $2 WHERE ticket = $1",
        &[&ticket, &payload],
    )
    .await
    .expect("paired");
    let told = on_b
        .until(|m| match m {
            ServerMsg::Seated { code, .. } => Some(code.clone()),
            _ => None,
        })
        .await;
    assert_eq!(told.ok().as_deref(), Some("MISSEDNT"));
    queue_empties(&url).await;
}
