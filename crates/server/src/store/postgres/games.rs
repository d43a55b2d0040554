//! The tables and the games in them: migrations (one node at a time)
//! and the unfinished games loaded, at start and when a node takes over
//! another's.

use minesweeper_core::chess::ByColor;
use tokio_postgres::Client;

use crate::store::{StoreError, StoredGame, schema};

/// An arbitrary number all our nodes lock on while one migrates.
const MIGRATION_LOCK: i64 = 0x6d73_6300;

/// How long a migration's statement may run while other nodes are live:
/// well inside their 5 s leases, which their heartbeats renew through the
/// tables a migration may lock.
pub(super) const LIVE_STATEMENT: &str = "2s";

/// How many times a migration that met a lock held by the live nodes is
/// tried, and the pause between tries.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tries {
    pub(super) times: u32,
    pub(super) pause: std::time::Duration,
}

/// At start: ten tries, a second apart.
pub(super) const START_TRIES: Tries = Tries {
    times: 10,
    pause: std::time::Duration::from_secs(1),
};

/// Brings the tables up to this server's version; `name` is the database
/// as messages show it.
pub(super) async fn migrate(client: &mut Client, name: &str) -> Result<(), StoreError> {
    let extra = test_migration();
    let mut all = schema::MIGRATIONS.to_vec();
    all.extend(extra);
    migrate_with(client, name, &all, START_TRIES).await
}

/// A migration appended for the fault harness only (its "slow migration"):
/// `MSC_TEST_EXTRA_MIGRATION` holds its SQL. Never set in production.
fn test_migration() -> Option<schema::Migration> {
    let sql = std::env::var("MSC_TEST_EXTRA_MIGRATION").ok()?;
    Some(schema::Migration {
        version: schema::latest() + 1,
        sqlite: "",
        postgres: Box::leak(sql.into_boxed_str()),
    })
}

/// Applies `all`'s migrations the database lacks, each in a transaction
/// of its own (under a lock that makes nodes starting together migrate
/// one after another), so that no lock is held longer than one step
/// needs. A step waits at most a second for a lock (tried again later,
/// `tries` times in all) and, while other nodes are live, each of its
/// statements is cut at [`LIVE_STATEMENT`]: a migration never holds up
/// the live nodes' heartbeats long enough to cost a lease. A step cut off
/// changes nothing and says how to run it.
pub(super) async fn migrate_with(
    client: &mut Client,
    name: &str,
    all: &[schema::Migration],
    tries: Tries,
) -> Result<(), StoreError> {
    let failed = |e: tokio_postgres::Error| StoreError::Open {
        path: name.to_string(),
        reason: e.to_string(),
    };
    let mut tried = 0;
    loop {
        let tx = client.transaction().await.map_err(failed)?;
        tx.batch_execute("SET LOCAL lock_timeout = '1s'")
            .await
            .map_err(failed)?;
        let locked = tx
            .execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
            .await;
        let step = match locked {
            Ok(_) => next_step(&tx, name, all).await?,
            Err(e) if lock_wait(&e) && tried + 1 < tries.times => {
                // Another node migrates: wait for it.
                drop(tx);
                tried += 1;
                tokio::time::sleep(tries.pause).await;
                continue;
            }
            Err(e) => return Err(failed(e)),
        };
        let Some((m, live)) = step else {
            return tx.commit().await.map_err(failed);
        };
        if live {
            tx.batch_execute(&format!("SET LOCAL statement_timeout = '{LIVE_STATEMENT}'"))
                .await
                .map_err(failed)?;
        }
        match tx.batch_execute(m.postgres).await {
            Ok(()) => {}
            Err(e) if lock_wait(&e) && tried + 1 < tries.times => {
                drop(tx);
                tried += 1;
                tokio::time::sleep(tries.pause).await;
                continue;
            }
            Err(e) => return Err(step_failed(name, &m, &e, live)),
        }
        tx.execute("DELETE FROM schema_version", &[])
            .await
            .map_err(failed)?;
        tx.execute(
            "INSERT INTO schema_version(version) VALUES ($1)",
            &[&m.version],
        )
        .await
        .map_err(failed)?;
        tx.commit().await.map_err(failed)?;
    }
}

/// The next migration the database lacks, and whether other nodes are
/// live now; `None` when it is up to date.
async fn next_step(
    tx: &tokio_postgres::Transaction<'_>,
    name: &str,
    all: &[schema::Migration],
) -> Result<Option<(schema::Migration, bool)>, StoreError> {
    let failed = |e: tokio_postgres::Error| StoreError::Open {
        path: name.to_string(),
        reason: e.to_string(),
    };
    tx.batch_execute("CREATE TABLE IF NOT EXISTS schema_version(version BIGINT NOT NULL)")
        .await
        .map_err(failed)?;
    let recorded: Option<i64> = tx
        .query_one("SELECT max(version) FROM schema_version", &[])
        .await
        .map_err(failed)?
        .get(0);
    let has_games: bool = tx
        .query_one("SELECT to_regclass('games') IS NOT NULL", &[])
        .await
        .map_err(failed)?
        .get(0);
    let found = schema::found(recorded, has_games);
    let Some(m) = schema::plan_of(all, name, found)?.next().cloned() else {
        return Ok(None);
    };
    let has_nodes: bool = tx
        .query_one("SELECT to_regclass('nodes') IS NOT NULL", &[])
        .await
        .map_err(failed)?
        .get(0);
    let live = if has_nodes {
        let q = format!(
            "SELECT EXISTS (SELECT 1 FROM nodes WHERE until_ms > {})",
            super::lease::NOW_MS
        );
        tx.query_one(&q, &[]).await.map_err(failed)?.get(0)
    } else {
        false
    };
    Ok(Some((m, live)))
}

/// Whether `e` is a wait for a lock given up (`lock_timeout`).
fn lock_wait(e: &tokio_postgres::Error) -> bool {
    e.code() == Some(&tokio_postgres::error::SqlState::LOCK_NOT_AVAILABLE)
}

/// Why migration `m` failed, with what to do when it was cut off to spare
/// the live nodes' leases.
fn step_failed(
    name: &str,
    m: &schema::Migration,
    e: &tokio_postgres::Error,
    live: bool,
) -> StoreError {
    let cut = e.code() == Some(&tokio_postgres::error::SqlState::QUERY_CANCELED);
    let locked = lock_wait(e);
    // The database's own words, not the client's "db error".
    let e = e
        .as_db_error()
        .map_or_else(|| e.to_string(), |d| d.message().to_string());
    let reason = if cut && live {
        format!(
            "it ran longer than {LIVE_STATEMENT} while other nodes were live (their leases last              5 s): stop the nodes, then start one to run it ({e})"
        )
    } else if locked {
        format!("the tables stayed locked by the live nodes: try again ({e})")
    } else {
        e
    };
    StoreError::Migrate {
        db: name.to_string(),
        version: m.version,
        reason,
    }
}

/// The unfinished games (those of `codes` only, when given), each with
/// the number of times it changed hands; two queries whatever their
/// number.
pub(super) async fn load(
    client: &impl tokio_postgres::GenericClient,
    codes: Option<&[String]>,
) -> Result<Vec<(StoredGame, i64)>, tokio_postgres::Error> {
    let rows = client
        .query(
            "SELECT code, preset, time, start, white, black, epoch, white_user, black_user, rated
             FROM games
             WHERE over = 0 AND ($1::text[] IS NULL OR code = ANY($1)) ORDER BY code",
            &[&codes],
        )
        .await?;
    let mut games: Vec<(StoredGame, i64)> = rows
        .iter()
        .map(|r| {
            let game = StoredGame {
                code: r.get(0),
                preset: r.get(1),
                time: r.get(2),
                start: r.get(3),
                tokens: ByColor::new(r.get(4), r.get(5)),
                events: Vec::new(),
                users: ByColor::new(r.get(7), r.get(8)),
                rated: r.get::<_, i64>(9) != 0,
                stopped_ms: None,
            };
            (game, r.get(6))
        })
        .collect();
    let loaded: Vec<&str> = games.iter().map(|(g, _)| g.code.as_str()).collect();
    let events = client
        .query(
            "SELECT code, event, at_ms FROM events WHERE code = ANY($1) ORDER BY code, seq",
            &[&loaded],
        )
        .await?;
    // Both in code order: one walk hands each game its events.
    let mut at = 0;
    for r in &events {
        let code: &str = r.get(0);
        while games.get(at).is_some_and(|(g, _)| g.code.as_str() < code) {
            at += 1;
        }
        if let Some((g, _)) = games.get_mut(at).filter(|(g, _)| g.code == code) {
            let ms: i64 = r.get(2);
            g.events.push((r.get(1), u64::try_from(ms).unwrap_or(0)));
        }
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::{Duration, Instant};

    use tokio_postgres::NoTls;

    use super::super::lease::NOW_MS;
    use super::*;
    use crate::store::schema::{MIGRATIONS, Migration, latest};

    /// A fresh database on the test PostgreSQL, or `None` where the tests
    /// run without one (`MSC_SKIP_POSTGRES=1`).
    async fn fresh() -> Option<String> {
        static N: AtomicU64 = AtomicU64::new(0);
        let Ok(url) = std::env::var("MSC_PG_URL") else {
            assert!(
                std::env::var("MSC_SKIP_POSTGRES").is_ok_and(|v| v == "1"),
                "the PostgreSQL tests need MSC_PG_URL; MSC_SKIP_POSTGRES=1 skips them"
            );
            return None;
        };
        let name = format!(
            "msc_migrate_{}_{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        );
        let admin = connect(&url).await;
        admin
            .batch_execute(&format!("CREATE DATABASE {name}"))
            .await
            .expect("a database of its own");
        Some(crate::store::database_url(&url, &name))
    }

    async fn connect(url: &str) -> Client {
        let (client, conn) = tokio_postgres::connect(url, NoTls).await.expect("connects");
        tokio::spawn(conn);
        client
    }

    /// A fresh database with every migration, and a connection to it.
    async fn migrated() -> Option<(String, Client)> {
        let url = fresh().await?;
        let mut c = connect(&url).await;
        migrate_with(&mut c, "db", MIGRATIONS, START_TRIES)
            .await
            .expect("migrates");
        Some((url, c))
    }

    /// Every migration, then `sql` as the next one.
    fn and_then(sql: &'static str) -> Vec<Migration> {
        let mut all = MIGRATIONS.to_vec();
        all.push(Migration {
            version: latest() + 1,
            sqlite: "",
            postgres: sql,
        });
        all
    }

    async fn version(c: &Client) -> i64 {
        c.query_one("SELECT max(version) FROM schema_version", &[])
            .await
            .expect("a version")
            .get(0)
    }

    async fn table(c: &Client, name: &str) -> bool {
        c.query_one("SELECT to_regclass($1) IS NOT NULL", &[&name])
            .await
            .expect("asked")
            .get(0)
    }

    const SLOW: &str = "LOCK TABLE nodes IN ACCESS EXCLUSIVE MODE;
                        SELECT pg_sleep(4);
                        CREATE TABLE slow_step(x INT);";

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_slow_migration_is_cut_off_before_it_costs_a_live_node_its_lease() {
        let Some((url, mut c)) = migrated().await else {
            return;
        };
        let node = connect(&url).await;
        node.batch_execute(&format!(
            "INSERT INTO nodes(name, addr, until_ms) VALUES ('x', '', {NOW_MS} + 5000)"
        ))
        .await
        .expect("a live node");
        // The live node renews its lease every 250 ms, each renewal
        // waiting at most a second for a lock, as a node's does.
        let longest = std::sync::Arc::new(AtomicU64::new(0));
        let seen = longest.clone();
        let beat = tokio::spawn(async move {
            node.batch_execute("SET lock_timeout = '1s'")
                .await
                .expect("set");
            let mut last = Instant::now();
            let renew = format!("UPDATE nodes SET until_ms = {NOW_MS} + 5000 WHERE name = 'x'");
            for _ in 0..40 {
                if node.batch_execute(&renew).await.is_ok() {
                    let gap = u64::try_from(last.elapsed().as_millis()).unwrap_or(u64::MAX);
                    seen.fetch_max(gap, Ordering::Relaxed);
                    last = Instant::now();
                }
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        });
        let began = Instant::now();
        let cut = migrate_with(&mut c, "db", &and_then(SLOW), START_TRIES).await;
        let took = began.elapsed();
        let reason = cut.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(reason.contains("while other nodes were live"), "{reason}");
        assert!(took < Duration::from_secs(3), "held {took:?}");
        assert!(!table(&c, "slow_step").await, "nothing changed");
        assert_eq!(version(&c).await, latest());
        beat.await.expect("the heartbeats ran");
        let gap = longest.load(Ordering::Relaxed);
        assert!(
            gap < 4000,
            "a renewal waited {gap} ms: the 5 s lease at risk"
        );
        // With no node live, the same step runs to its end.
        c.batch_execute("DELETE FROM nodes").await.expect("gone");
        migrate_with(&mut c, "db", &and_then(SLOW), START_TRIES)
            .await
            .expect("runs when it costs no lease");
        assert!(table(&c, "slow_step").await);
        assert_eq!(version(&c).await, latest() + 1);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_migration_meeting_a_lock_tries_again_and_never_half_applies() {
        let Some((url, mut c)) = migrated().await else {
            return;
        };
        let step =
            and_then("ALTER TABLE games ADD COLUMN extra BIGINT; CREATE TABLE after_extra(x INT);");
        // A long transaction of a live node holds the games table.
        let holder = connect(&url).await;
        holder
            .batch_execute("BEGIN; LOCK TABLE games IN ACCESS SHARE MODE")
            .await
            .expect("held");
        let few = Tries {
            times: 2,
            pause: Duration::from_millis(100),
        };
        let refused = migrate_with(&mut c, "db", &step, few).await;
        let reason = refused.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(reason.contains("locked"), "{reason}");
        assert!(
            !table(&c, "after_extra").await,
            "nothing of the step applied"
        );
        // Released while the migration waits between tries: it goes on.
        let release = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(1500)).await;
            holder.batch_execute("ROLLBACK").await.expect("released");
        });
        let many = Tries {
            times: 10,
            pause: Duration::from_millis(200),
        };
        migrate_with(&mut c, "db", &step, many)
            .await
            .expect("migrates once the lock is gone");
        release.await.expect("released");
        assert!(table(&c, "after_extra").await);
        assert_eq!(version(&c).await, latest() + 1);
    }
}
