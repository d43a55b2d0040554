//! The store and a whole server on PostgreSQL. scripts/test.sh starts a
//! throwaway PostgreSQL on loopback and passes its address in
//! `MSC_PG_URL`; each test makes a database of its own there.

use std::sync::atomic::{AtomicU64, Ordering};

use minesweeper_core::chess::Color;
use minesweeper_core::online::Event;
use minesweeper_server::store::{Db, Store, StoreError, StoredGame};
use tokio_postgres::NoTls;

use crate::migrations::game;

static DATABASES: AtomicU64 = AtomicU64::new(0);

/// A fresh, empty database on the test PostgreSQL, or `None` when the
/// run was told to skip them. A plain `cargo test` without either is an
/// error: a skipped test must be asked for.
pub async fn fresh_database() -> Option<String> {
    let Ok(url) = std::env::var("MSC_PG_URL") else {
        assert!(
            std::env::var("MSC_SKIP_POSTGRES").is_ok_and(|v| v == "1"),
            "the PostgreSQL tests need MSC_PG_URL (scripts/test.sh starts a server); \
             MSC_SKIP_POSTGRES=1 skips them"
        );
        eprintln!("skipped: MSC_SKIP_POSTGRES=1");
        return None;
    };
    let name = format!(
        "msc_test_{}_{}",
        std::process::id(),
        DATABASES.fetch_add(1, Ordering::Relaxed)
    );
    let (client, conn) = tokio_postgres::connect(&url, NoTls)
        .await
        .expect("the test PostgreSQL");
    tokio::spawn(conn);
    client
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .await
        .expect("a database of its own");
    Some(minesweeper_server::store::database_url(&url, &name))
}

pub async fn client(url: &str) -> tokio_postgres::Client {
    let (client, conn) = tokio_postgres::connect(url, NoTls).await.expect("connects");
    tokio::spawn(conn);
    client
}

/// Opens the store on its own thread (it blocks while it migrates).
async fn open(db: Db) -> Result<(Store, Vec<StoredGame>), StoreError> {
    tokio::task::spawn_blocking(move || Store::open(&db, false))
        .await
        .expect("open task")
}

/// Why opening `db` failed, as the operator reads it.
async fn refusal(db: Db) -> String {
    open(db)
        .await
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_seats_and_events_come_back_and_a_clash_is_refused_alone() {
    let Some(url) = fresh_database().await else {
        return;
    };
    let (store, games) = open(Db::Postgres(url.clone())).await.expect("opens");
    assert!(games.is_empty());
    store.create(game("PGGAME")).await.expect("game stored");
    store.create(game("OVER")).await.expect("game stored");
    store.seat("PGGAME", Color::Black, "b").await.expect("seat");
    // Sent together: committed as one batch, the clash refused alone.
    let moves = ["e2e4", "e9e8", "g1f3"];
    let writes = moves.iter().enumerate().map(|(i, m)| {
        let store = store.clone();
        let m = m.to_string();
        async move {
            store
                .event("PGGAME", i as u64, &Event::Move(m), 100 + i as u64, false)
                .await
        }
    });
    let other = Event::Move("d2d4".into());
    let clash = store.event("PGGAME", 1, &other, 1, false);
    let (done, clash) = tokio::join!(futures_util::future::join_all(writes), clash);
    let refused = done.iter().chain([&clash]).filter(|r| r.is_err()).count();
    assert_eq!(
        refused, 1,
        "one of the two event 1s is refused: {done:?} {clash:?}"
    );
    assert!(
        clash.is_err() || done[1].is_err(),
        "the clash is an event 1: {done:?} {clash:?}"
    );
    store
        .create(game("PGGAME"))
        .await
        .expect_err("a code already used");
    store
        .event("OVER", 0, &Event::Resign(Color::White), 5, true)
        .await
        .expect("the end");
    drop(store);
    let (_store, games) = open(Db::Postgres(url.clone())).await.expect("reopens");
    assert_eq!(games.len(), 1, "the finished game is not loaded again");
    let g = &games[0];
    assert_eq!(g.code, "PGGAME");
    assert_eq!(g.tokens[Color::Black].as_deref(), Some("b"));
    assert_eq!(g.events.len(), 3, "{:?}", g.events);
    assert_eq!(g.events[0], ("move e2e4".to_string(), 100));
    assert_eq!(g.events[2], ("move g1f3".to_string(), 102));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_a_newer_server_has_used_is_refused_with_the_versions() {
    let Some(url) = fresh_database().await else {
        return;
    };
    drop(open(Db::Postgres(url.clone())).await.expect("migrates"));
    let newer = minesweeper_server::store::schema_version() + 1;
    client(&url)
        .await
        .execute("UPDATE schema_version SET version = $1", &[&newer])
        .await
        .expect("as a newer server would");
    let err = refusal(Db::Postgres(url.clone())).await;
    assert!(
        err.contains(&format!("version {newer}")) && err.contains("newer"),
        "{err}"
    );
    assert!(
        !url.contains('…') && err.contains("postgres://…@"),
        "no password shown: {err}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_database_is_named_with_the_reason() {
    if fresh_database().await.is_none() {
        return;
    }
    // Nothing listens on port 1 of loopback.
    let err = refusal(Db::parse("postgres://u:secret@127.0.0.1:1/none")).await;
    assert!(
        err.contains("127.0.0.1:1/none") && !err.contains("secret"),
        "{err}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_on_postgres_restarts_with_no_move_lost() {
    let Some(url) = fresh_database().await else {
        return;
    };
    crate::faults::killed_and_restarted(Db::Postgres(url)).await;
}
