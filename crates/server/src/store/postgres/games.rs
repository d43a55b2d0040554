//! The tables and the games in them: migrations (one node at a time)
//! and the unfinished games loaded, at start and when a node takes over
//! another's.

use minesweeper_core::chess::ByColor;
use tokio_postgres::Client;

use crate::store::{StoreError, StoredGame, schema};

/// An arbitrary number all our nodes lock on while one migrates.
const MIGRATION_LOCK: i64 = 0x6d73_6300;

/// Brings the tables up to this server's version (in one transaction,
/// under a lock that makes nodes starting together migrate one after
/// another); `name` is the database as messages show it.
pub(super) async fn migrate(client: &mut Client, name: &str) -> Result<(), StoreError> {
    let failed = |e: tokio_postgres::Error| StoreError::Open {
        path: name.to_string(),
        reason: e.to_string(),
    };
    let tx = client.transaction().await.map_err(failed)?;
    // Nodes starting together migrate one after another.
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await
        .map_err(failed)?;
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
    for m in schema::plan(name, found)? {
        tx.batch_execute(m.postgres)
            .await
            .map_err(|e| StoreError::Migrate {
                db: name.to_string(),
                version: m.version,
                reason: e.to_string(),
            })?;
    }
    tx.execute("DELETE FROM schema_version", &[])
        .await
        .map_err(failed)?;
    tx.execute(
        "INSERT INTO schema_version(version) VALUES ($1)",
        &[&schema::latest()],
    )
    .await
    .map_err(failed)?;
    tx.commit().await.map_err(failed)
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
