//! A rated game's ratings move exactly once on a cluster, whatever fails:
//! a game whose node died between its end and its rating is rated by the
//! next node that looks, once however many look; a node killed as its
//! game ends leaves it rated once, by itself or by the node that finishes
//! it.

use std::time::{Duration, Instant};

use minesweeper_core::chess::fen::to_fen;
use minesweeper_core::chess::{ByColor, Color, Position, SquareSet, Variant};
use minesweeper_core::online::Event;
use minesweeper_core::online::protocol::{ClientMsg, ServerMsg};
use minesweeper_server::store::{Db, Ending, Node, Store, StoredGame};

use crate::accounts::sign_up;
use crate::postgres::{client, fresh_database};
use crate::ratings::rated_game;
use crate::support::{TestServer, alternate, fixed, started};

/// The rating rows game `code` left, and the rated games each of its
/// players has: (rows, games of each).
async fn rating_rows(url: &str, code: &str) -> (i64, Vec<i64>) {
    let c = client(url).await;
    let rows: i64 = c
        .query_one(
            "SELECT count(*) FROM rating_history WHERE game = $1",
            &[&code],
        )
        .await
        .expect("read")
        .get(0);
    let games = c
        .query("SELECT games FROM ratings ORDER BY user_id", &[])
        .await
        .expect("read")
        .iter()
        .map(|r| r.get(0))
        .collect();
    (rows, games)
}

/// Whether game `code` is over in the database.
async fn over_in_db(url: &str, code: &str) -> bool {
    let over: Option<i32> = client(url)
        .await
        .query_opt("SELECT over FROM games WHERE code = $1", &[&code])
        .await
        .expect("read")
        .map(|r| r.get(0));
    over == Some(1)
}

/// Sees game `code` finished after its node died: ended there already
/// (over in the database, so no node takes it over), or taken over by
/// `node`, where White (signed in with `session`, seat `token`) resigns
/// again.
async fn finish_on(node: &TestServer, url: &str, session: &str, token: &str, code: &str) {
    let deadline = Instant::now() + super::TAKE_OVER;
    while Instant::now() < deadline {
        if over_in_db(url, code).await {
            return;
        }
        let mut bot = node.bot().await;
        let kept = ClientMsg::Session {
            token: session.into(),
        };
        assert!(crate::accounts::ask(&mut bot, kept).await.is_ok());
        bot.send(&ClientMsg::Resume {
            token: token.into(),
        })
        .await
        .expect("sent");
        let answer = bot
            .until(|m| match m {
                ServerMsg::Game { over, .. } => Some(over.is_some()),
                ServerMsg::Error { .. } => Some(false),
                _ => None,
            })
            .await;
        if let Ok(true) = answer {
            return;
        }
        if matches!(answer, Ok(false)) && !over_in_db(url, code).await {
            // Taken over and still going, or not yet taken: resign (a
            // refusal before the take-over is retried).
            bot.send(&ClientMsg::Resign).await.expect("sent");
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    panic!("game {code} not finished after its node died");
}

/// Waits until game `code` is rated (its rating done).
async fn until_rated(url: &str, code: &str, within: Duration) {
    let c = client(url).await;
    let deadline = Instant::now() + within;
    loop {
        let done: Option<i64> = c
            .query_opt("SELECT rating_done FROM games WHERE code = $1", &[&code])
            .await
            .expect("read")
            .map(|r| r.get(0));
        if done == Some(1) {
            return;
        }
        assert!(Instant::now() < deadline, "{code} not rated in time");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_node_died_before_rating_it_is_rated_once_by_the_others() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let db = Db::Postgres(url.clone());
    let b = TestServer::node(db.clone(), "b", None).await;
    let (mut x, mut y) = (b.bot().await, b.bot().await);
    sign_up(&mut x, "Xavier").await;
    sign_up(&mut y, "Yvonne").await;
    // A node that wrote a rated game's end and died before rating it.
    let ghost = Node {
        name: "ghost".into(),
        addr: "ws://127.0.0.1:9".into(),
    };
    let opened = tokio::task::spawn_blocking(move || Store::open_node(&db, false, Some(ghost)));
    let (store, _) = opened.await.expect("task").expect("opens");
    let start = Position::new(&Variant::classic(), SquareSet::EMPTY).expect("a position");
    store
        .create(StoredGame {
            code: "GHOST1".into(),
            preset: "classic.ron".into(),
            time: Some("5+3".into()),
            start: to_fen(&start),
            tokens: ByColor::new(Some("tw".into()), Some("tb".into())),
            events: Vec::new(),
            users: ByColor::new(Some(1), Some(2)),
            rated: true,
            stopped_ms: None,
        })
        .await
        .expect("stored");
    let events = [
        Event::Start,
        Event::Move("e2e3".into()),
        Event::Move("a9a8".into()),
    ];
    for (i, e) in events.iter().enumerate() {
        store
            .event_ending("GHOST1", i as u64, e, 1000 + i as u64, None)
            .await
            .expect("stored");
    }
    let end = Ending {
        result: "1-0",
        why: "resignation",
        plies: 2,
    };
    store
        .event_ending("GHOST1", 3, &Event::Resign(Color::Black), 1010, Some(end))
        .await
        .expect("stored");
    drop(store);
    // Another node starting rates what is pending; the one running
    // rates it too on its next look: once in all.
    let c = TestServer::node(Db::Postgres(url.clone()), "c", None).await;
    until_rated(&url, "GHOST1", Duration::from_secs(20)).await;
    let again = b.hub.store.rate("GHOST1", 0).await.expect("read");
    assert_eq!(again, c.hub.store.rate("GHOST1", 0).await.expect("read"));
    assert_eq!(b.hub.store.rate_pending(0).await.expect("ran"), 0);
    assert_eq!(rating_rows(&url, "GHOST1").await, (2, vec![1, 1]));
    let changes = again.expect("a rated game");
    let white = changes[Color::White].clone().expect("rated");
    assert!(white.delta() > 0, "White won: {white:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_killed_as_its_rated_game_ends_leaves_it_rated_once() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let db = Db::Postgres(url.clone());
    let mines = fixed(&["a7", "b7", "g7", "h7"]);
    let a = TestServer::node(db.clone(), "a", Some(mines.clone())).await;
    let b = TestServer::node(db.clone(), "b", Some(mines)).await;
    let (mut w, mut k) = (a.bot().await, a.bot().await);
    let w_session = sign_up(&mut w, "Wendy").await;
    sign_up(&mut k, "Kurt").await;
    let ws = rated_game(&mut w, &mut k, "10+5").await;
    started(&mut w).await;
    started(&mut k).await;
    alternate(&mut w, &mut k, &["e2e3", "a9a8", "d2d3"]).await;
    // White resigns and node a dies at once: the end may or may not be
    // stored, the rating may or may not be done.
    w.send(&ClientMsg::Resign).await.expect("sent");
    let _ = a.kill();
    finish_on(&b, &url, &w_session, &ws.token, &ws.code).await;
    until_rated(&url, &ws.code, Duration::from_secs(30)).await;
    // Whatever happened, once: two rows, one game each.
    assert_eq!(rating_rows(&url, &ws.code).await, (2, vec![1, 1]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_signed_in_on_one_node_joins_a_rated_game_on_another() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let db = Db::Postgres(url.clone());
    let a = TestServer::node(db.clone(), "a", None).await;
    let b = TestServer::node(db.clone(), "b", None).await;
    let (mut w, mut k) = (a.bot().await, b.bot().await);
    sign_up(&mut w, "Greta").await;
    sign_up(&mut k, "Hugo").await;
    // Hugo's connection is on b; the game on a: the join goes there with
    // his session, and a seats his account.
    rated_game(&mut w, &mut k, "3+2").await;
    let ServerMsg::Game { players, .. } = started(&mut k).await else {
        unreachable!()
    };
    let black = players[Color::Black].clone().expect("Hugo's card");
    assert_eq!(
        black.who,
        minesweeper_core::online::account::Who::Named {
            name: "Hugo".into()
        }
    );
}
