//! A game goes on when its node goes: played through another node, taken
//! over from its event log when its node is killed (no move lost, the clock
//! charged to the side whose clock ran), handed over at once when its node
//! leaves.

use std::time::{Duration, Instant};

use minesweeper_core::online::protocol::{ClientMsg, ErrorCode, ServerMsg};
use minesweeper_server::store::Db;
use minesweeper_server::swarm::BotError;

use super::{owner, resume_through};
use crate::postgres::{client, fresh_database};
use crate::support::{
    TestServer, alternate, clock_of, create, fixed, moved, play, seated, started,
};

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
    let (mut w, gw) = resume_through(&b, None, &ws.token).await;
    let (mut k, gk) = resume_through(&b, None, &ks.token).await;
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
    // Numbered without a gap; besides the clock resumed at the take-over
    // (and again when the player to move came back), the start and the
    // five moves, each once.
    let seqs: Vec<i64> = stored.iter().map(|(s, _)| *s).collect();
    assert_eq!(seqs, (0..stored.len() as i64).collect::<Vec<i64>>());
    let played: Vec<&str> = stored
        .iter()
        .map(|(_, e)| e.as_str())
        .filter(|e| !e.starts_with("resume "))
        .collect();
    assert_eq!(
        played,
        [
            "start",
            "move e2e4",
            "move e9e8",
            "move g1f3",
            "move b10c8",
            "move f1c4"
        ],
        "{stored:?}"
    );
    assert!(stored.len() <= 8, "{stored:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_that_leaves_hands_its_games_over_without_waiting_for_its_lease() {
    let Some((url, a, b)) = two_nodes().await else {
        return;
    };
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
    let (_, game) = resume_through(&b, None, &ws.token).await;
    assert!(matches!(game, ServerMsg::Game { .. }));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draining_node_takes_no_new_game() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let a = TestServer::node(Db::Postgres(url), "a", None).await;
    let mut early = a.bot().await;
    let open = create(&mut early, None).await;
    a.hub.set_leaving();
    for ask in [
        ClientMsg::Create {
            preset: "classic.ron".into(),
            time: None,
            color: minesweeper_core::online::protocol::SeatChoice::White,
            rated: false,
        },
        ClientMsg::Quick {
            time: None,
            rated: false,
        },
        ClientMsg::Join { code: open.code },
    ] {
        let mut bot = a.bot().await;
        bot.send(&ask).await.expect("sent");
        let answer = bot
            .until(|m| match m {
                ServerMsg::Error { code, .. } => Some(Err(*code)),
                ServerMsg::Seated { .. } | ServerMsg::Waiting => Some(Ok(())),
                _ => None,
            })
            .await
            .expect("an answer");
        assert_eq!(answer, Err(ErrorCode::Unavailable), "{ask:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_on_a_node_that_cannot_reach_the_games_node_is_sent_on() {
    let Some(url) = fresh_database().await else {
        return;
    };
    // Node a lives, but the other nodes reach it through a black hole: a
    // port that takes connections and never answers, as across a
    // partition between nodes.
    let hole = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let hole_addr = format!("ws://{}", hole.local_addr().expect("its address"));
    let held = tokio::spawn(async move {
        let mut kept = Vec::new();
        while let Ok((conn, _)) = hole.accept().await {
            kept.push(conn);
        }
    });
    let db = Db::Postgres(url);
    let a = TestServer::node_advertising(db.clone(), "a", &hole_addr).await;
    let b = TestServer::node(db, "b", None).await;
    let mut w = a.bot().await;
    let ws = create(&mut w, None).await;
    let mut p = b.bot().await;
    p.send(&ClientMsg::Resume {
        token: ws.token.clone(),
    })
    .await
    .expect("sent");
    // Sent on to reconnect (a balancer may pick a node that reaches the
    // game's), not told to ask again where it would fail again.
    let told = p.recv_within(Duration::from_secs(5)).await;
    assert!(
        matches!(told, Err(BotError::Closed(Some(1012), _))),
        "{told:?}"
    );
    held.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_whose_games_node_is_gone_asks_again_where_it_is_and_finds_it_taken_over() {
    let Some((_, a, b)) = two_nodes().await else {
        return;
    };
    let mut w = a.bot().await;
    let ws = create(&mut w, None).await;
    // Node a gone (nothing listens on its port), its lease still running:
    // b will take the game once it runs out, so the player stays.
    drop(a.kill());
    drop(w);
    let mut p = b.bot().await;
    let resume = ClientMsg::Resume {
        token: ws.token.clone(),
    };
    p.send(&resume).await.expect("sent");
    let told = p.recv_within(Duration::from_secs(5)).await;
    assert!(
        matches!(
            told,
            Ok(ServerMsg::Error {
                code: ErrorCode::Unavailable,
                ..
            })
        ),
        "told to try again, not sent away: {told:?}"
    );
    // Asking again on the same connection, as the client does every
    // second, finds the game once the lease ran out.
    let began = Instant::now();
    'asking: loop {
        tokio::time::sleep(Duration::from_secs(1)).await;
        p.send(&resume).await.expect("the connection stays");
        loop {
            match p.recv_within(Duration::from_secs(5)).await {
                Ok(ServerMsg::Game { code, .. }) => {
                    assert_eq!(code, ws.code);
                    break 'asking;
                }
                Ok(ServerMsg::Error {
                    code: ErrorCode::Unavailable,
                    ..
                }) => break,
                Ok(ServerMsg::Error { code, message }) => panic!("{code:?} {message}"),
                // Seated, who is present: the game comes with them.
                Ok(_) => {}
                Err(e) => panic!("{e}"),
            }
        }
        assert!(
            began.elapsed() < Duration::from_secs(20),
            "never taken over"
        );
    }
}

/// Nodes a and b on a fresh database (its address first); `None` without
/// PostgreSQL.
async fn two_nodes() -> Option<(String, TestServer, TestServer)> {
    let url = fresh_database().await?;
    let db = Db::Postgres(url.clone());
    let a = TestServer::node(db.clone(), "a", None).await;
    let b = TestServer::node(db, "b", None).await;
    Some((url, a, b))
}
