//! What reaches a node: a forwarded connection needs the nodes' secret and
//! is never forwarded again, a node on every interface must say where it is
//! reached, and `/healthz` and `/metrics` tell an operator what it holds.

use std::time::Duration;

use minesweeper_core::online::protocol::{ClientMsg, ErrorCode, ServerMsg};
use minesweeper_server::store::{Db, Node};
use tokio_tungstenite::connect_async;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use super::get;
use crate::postgres::fresh_database;
use crate::support::{TestServer, create, moved, play};

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
        trusted_proxies: Vec::new(),
    };
    let refused = minesweeper_server::start(config).await;
    let why = refused.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(why.contains("--advertise"), "{why}");
}

/// Waits for a watcher's first answer: the game, or a refusal.
async fn watched(
    bot: &mut minesweeper_server::swarm::Bot,
) -> Result<(), minesweeper_server::swarm::BotError> {
    use minesweeper_server::swarm::BotError;
    bot.until(|m| match m {
        ServerMsg::Game { .. } => Some(Ok(())),
        ServerMsg::Error { code, message } => Some(Err(BotError::Refused(*code, message.clone()))),
        _ => None,
    })
    .await?
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forwarded_client_is_counted_by_its_own_address_on_the_owner() {
    use minesweeper_server::swarm::Bot;
    use std::net::IpAddr;
    let Some(url) = fresh_database().await else {
        return;
    };
    let limits = minesweeper_server::Limits {
        per_address: 3,
        ..minesweeper_server::Limits::default()
    };
    let a = TestServer::node_limited(Db::Postgres(url.clone()), "a", None, limits).await;
    let b = TestServer::node_limited(Db::Postgres(url), "b", None, limits).await;
    let (_w, _k, ws, _) = crate::support::pair(&a, None).await;
    let watch = ClientMsg::Watch {
        code: ws.code.clone(),
    };
    // Six clients watch a's game through b: six addresses, not b's one.
    let mut kept = Vec::new();
    for i in 0..6u8 {
        let mut bot = Bot::connect_from(&b.addr, IpAddr::from([127, 0, 0, 10 + i]))
            .await
            .expect("connects");
        bot.send(&watch).await.expect("sent");
        let answer = watched(&mut bot).await;
        assert!(answer.is_ok(), "watcher {i}: {answer:?}");
        kept.push(bot);
    }
    // One client's connections count on the owner whichever way they come.
    let one = IpAddr::from([127, 0, 0, 30]);
    for _ in 0..3 {
        let mut bot = Bot::connect_from(&a.addr, one).await.expect("connects");
        bot.send(&watch).await.expect("sent");
        let answer = watched(&mut bot).await;
        assert!(answer.is_ok(), "{answer:?}");
        kept.push(bot);
    }
    let mut fourth = Bot::connect_from(&b.addr, one).await.expect("b takes it");
    fourth.send(&watch).await.expect("sent");
    assert!(
        watched(&mut fourth).await.is_err(),
        "its fourth, through b, is refused by a"
    );
}
