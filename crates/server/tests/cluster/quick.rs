//! Quick games across nodes: players asking on different nodes meet, two
//! on the same node meet there, and a pairing whose NOTIFY was missed still
//! reaches the waiting player.

use std::time::{Duration, Instant};

use minesweeper_core::chess::Color;
use minesweeper_core::online::protocol::{ClientMsg, ServerMsg};
use minesweeper_server::store::Db;

use super::owner;
use crate::postgres::{client, fresh_database};
use crate::support::{TestServer, moved, play, seated};

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
        rated: false,
    })
    .await
    .expect("sent");
    on_b.until(|m| matches!(m, ServerMsg::Waiting).then_some(()))
        .await
        .expect("waiting");
    let mut on_a = a.bot().await;
    on_a.send(&ClientMsg::Quick {
        time: Some("3+2".into()),
        rated: false,
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

/// `bot` asks for an untimed casual quick game.
async fn ask_quick(bot: &mut minesweeper_server::swarm::Bot) {
    bot.send(&ClientMsg::Quick {
        time: None,
        rated: false,
    })
    .await
    .expect("sent");
}

/// A second player asking `node` for a quick game meets `first`, who
/// waits there: one game for both.
async fn meets(node: &TestServer, first: &mut minesweeper_server::swarm::Bot) {
    let mut second = node.bot().await;
    ask_quick(&mut second).await;
    let s1 = seated(first).await;
    let s2 = seated(&mut second).await;
    assert_eq!(s1.code, s2.code, "one game for both");
}

/// Node b, and a player of it waiting for a quick game.
async fn waiting_on_b(url: &str) -> (TestServer, minesweeper_server::swarm::Bot) {
    let b = TestServer::node(Db::Postgres(url.to_string()), "b", None).await;
    let mut on_b = b.bot().await;
    ask_quick(&mut on_b).await;
    on_b.until(|m| matches!(m, ServerMsg::Waiting).then_some(()))
        .await
        .expect("waiting");
    (b, on_b)
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
    ask_quick(&mut first).await;
    first
        .until(|m| matches!(m, ServerMsg::Waiting).then_some(()))
        .await
        .expect("waiting");
    meets(&a, &mut first).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pairing_whose_notify_was_missed_still_reaches_the_waiting_player() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let (b, mut on_b) = waiting_on_b(&url).await;
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rated_players_on_two_nodes_meet_once_their_ranges_widen() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let db = Db::Postgres(url.clone());
    let a = TestServer::node(db.clone(), "a", None).await;
    let b = TestServer::node(db.clone(), "b", None).await;
    let (mut x, mut y) = (a.bot().await, b.bot().await);
    crate::accounts::sign_up(&mut x, "Xena").await;
    crate::accounts::sign_up(&mut y, "Yuri").await;
    // Yuri is 300 points stronger at blitz: more than the first ±150.
    client(&url)
        .await
        .execute(
            "INSERT INTO ratings(user_id, speed, rating, deviation, volatility, games, updated_ms)
             SELECT id, 'blitz', 1800, 60, 0.06, 30, 0 FROM users WHERE name = 'Yuri'",
            &[],
        )
        .await
        .expect("a rating");
    let began = Instant::now();
    for bot in [&mut x, &mut y] {
        bot.send(&ClientMsg::Quick {
            time: Some("5+3".into()),
            rated: true,
        })
        .await
        .expect("sent");
        bot.until(|m| matches!(m, ServerMsg::Waiting).then_some(()))
            .await
            .expect("waiting");
    }
    // Not at once; within the 15 s a 300-point range takes, and a little.
    let sx = seated(&mut x).await;
    let sy = seated(&mut y).await;
    assert_eq!(sx.code, sy.code, "one game for both");
    let waited = began.elapsed();
    assert!(waited >= Duration::from_secs(14), "paired after {waited:?}");
    let game = x
        .until(|m| match m {
            ServerMsg::Game { rated, players, .. } => Some((*rated, players.clone())),
            _ => None,
        })
        .await
        .expect("the game");
    assert!(game.0, "a rated game");
    assert!(game.1.iter().all(|(_, p)| p.is_some()), "both cards");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ticket_taken_for_a_pairing_that_never_came_goes_back_to_the_queue() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let (b, mut on_b) = waiting_on_b(&url).await;
    // A node takes b's player for a pairing and dies before writing it.
    let db = client(&url).await;
    db.execute(
        "UPDATE quick_queue SET paired = '', taken_ms = 0 WHERE node = 'b'",
        &[],
    )
    .await
    .expect("taken");
    let back = "SELECT count(*) FROM quick_queue WHERE node = 'b' AND paired IS NULL";
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let n: i64 = db.query_one(back, &[]).await.expect("count").get(0);
        if n == 1 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the ticket stayed taken: b's player could never be paired"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // And it pairs: a second player on b meets the first.
    meets(&b, &mut on_b).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_partner_gone_as_the_game_opened_starts_no_clock_and_the_other_waits_again() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let (_b, _on_b) = waiting_on_b(&url).await;
    // b's player leaves as it is paired: its ticket is still in the
    // database, but nobody on b waits with it any more.
    let db = client(&url).await;
    db.execute(
        "UPDATE quick_queue SET ticket = ticket + 1000000 WHERE node = 'b'",
        &[],
    )
    .await
    .expect("renumbered");
    let a = TestServer::node(Db::Postgres(url.clone()), "a", None).await;
    let mut on_a = a.bot().await;
    ask_quick(&mut on_a).await;
    let seat = seated(&mut on_a).await;
    // Nobody comes: the game is given up unstarted, and a's player is in
    // the queue again.
    let again = on_a
        .until(|m| matches!(m, ServerMsg::Waiting).then_some(()))
        .await;
    assert!(again.is_ok(), "back in the queue: {again:?}");
    let starts: i64 = db
        .query_one(
            "SELECT count(*) FROM events WHERE code = $1 AND event = 'start'",
            &[&seat.code],
        )
        .await
        .expect("events")
        .get(0);
    assert_eq!(starts, 0, "the game never started: no clock ran");
    let over: i32 = db
        .query_one("SELECT over FROM games WHERE code = $1", &[&seat.code])
        .await
        .expect("the game")
        .get(0);
    assert_eq!(over, 1, "closed, never restored");
    // And the next player meets it.
    meets(&a, &mut on_a).await;
}
