//! The store on PostgreSQL (`--db postgres://…`): the same tables as
//! SQLite, written by the store thread through one connection. A batch of
//! writes is sent pipelined in one transaction; a write that would clash
//! (a code already used, an event number already stored) inserts nothing
//! and is refused alone instead of aborting the others.

use std::time::Duration;

use futures_util::future::join_all;
use minesweeper_core::chess::{ByColor, Color};
use tokio::runtime::Runtime;
use tokio_postgres::{Client, NoTls, Transaction};

use super::{Job, StoreError, StoredGame, Write, schema};

/// An arbitrary number all our nodes lock on while one migrates.
const MIGRATION_LOCK: i64 = 0x6d73_6300;

/// The connection and the runtime that drives it.
pub(super) struct Postgres {
    rt: Runtime,
    client: Client,
    /// The address without its password, for messages.
    name: String,
}

/// `url` with any password left out.
pub(crate) fn display(url: &str) -> String {
    match url.split_once("://").zip(url.rsplit_once('@')) {
        Some(((scheme, _), (_, host))) => format!("{scheme}://…@{host}"),
        None => url.to_string(),
    }
}

impl Postgres {
    /// Connects, migrates and loads the unfinished games.
    pub(super) fn open(url: &str) -> Result<(Postgres, Vec<StoredGame>), StoreError> {
        let name = display(url);
        let open = |reason: String| StoreError::Open {
            path: name.clone(),
            reason,
        };
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| open(e.to_string()))?;
        let mut config: tokio_postgres::Config = url.parse().map_err(|e| open(format!("{e}")))?;
        config
            .connect_timeout(Duration::from_secs(10))
            .application_name("minesweeper_server");
        let (mut client, connection) = rt
            .block_on(config.connect(NoTls))
            .map_err(|e| open(e.to_string()))?;
        // The connection runs while the store thread waits on a query.
        rt.spawn(async move {
            if let Err(e) = connection.await {
                eprintln!("minesweeper_server: database connection: {e}");
            }
        });
        rt.block_on(migrate(&mut client, &name))?;
        let games = rt
            .block_on(load(&client))
            .map_err(|e| open(e.to_string()))?;
        Ok((Postgres { rt, client, name }, games))
    }

    /// Commits `batch` in one transaction; each write answers on its own,
    /// a failed commit fails them all.
    pub(super) fn commit(&mut self, batch: Vec<Job>) {
        let (writes, answers): (Vec<Write>, Vec<_>) = batch.into_iter().unzip();
        let result = self.rt.block_on(commit(&mut self.client, &writes));
        match result {
            Ok(each) => {
                for (r, done) in each.into_iter().zip(answers) {
                    let _ = done.send(r);
                }
            }
            Err(e) => {
                let why = StoreError::Commit(format!("{}: {e}", self.name));
                for done in answers {
                    let _ = done.send(Err(why.clone()));
                }
            }
        }
    }
}

async fn migrate(client: &mut Client, name: &str) -> Result<(), StoreError> {
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

async fn load(client: &Client) -> Result<Vec<StoredGame>, tokio_postgres::Error> {
    let rows = client
        .query(
            "SELECT code, preset, time, start, white, black FROM games WHERE over = 0",
            &[],
        )
        .await?;
    let mut games: Vec<StoredGame> = rows
        .iter()
        .map(|r| StoredGame {
            code: r.get(0),
            preset: r.get(1),
            time: r.get(2),
            start: r.get(3),
            tokens: ByColor::new(r.get(4), r.get(5)),
            events: Vec::new(),
        })
        .collect();
    let q = client
        .prepare("SELECT event, at_ms FROM events WHERE code = $1 ORDER BY seq")
        .await?;
    for g in &mut games {
        for r in client.query(&q, &[&g.code]).await? {
            let at: i64 = r.get(1);
            g.events.push((r.get(0), u64::try_from(at).unwrap_or(0)));
        }
    }
    Ok(games)
}

/// One write; `Ok(false)` when it clashed and changed nothing.
async fn write(tx: &Transaction<'_>, w: &Write) -> Result<bool, tokio_postgres::Error> {
    let n = match w {
        Write::Game(g) => {
            tx.execute(
                "INSERT INTO games(code, preset, time, start, white, black)
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (code) DO NOTHING",
                &[
                    &g.code,
                    &g.preset,
                    &g.time,
                    &g.start,
                    &g.tokens[Color::White],
                    &g.tokens[Color::Black],
                ],
            )
            .await?
        }
        Write::Seat { code, side, token } => {
            let q = if *side == Color::White {
                "UPDATE games SET white = $1 WHERE code = $2"
            } else {
                "UPDATE games SET black = $1 WHERE code = $2"
            };
            tx.execute(q, &[token, code]).await?;
            1
        }
        Write::Event {
            code,
            seq,
            event,
            at_ms,
            ends,
        } => {
            let n = tx
                .execute(
                    "INSERT INTO events(code, seq, event, at_ms) VALUES ($1, $2, $3, $4)
                     ON CONFLICT (code, seq) DO NOTHING",
                    &[code, &super::ms(*seq), event, &super::ms(*at_ms)],
                )
                .await?;
            if *ends && n == 1 {
                tx.execute("UPDATE games SET over = 1 WHERE code = $1", &[code])
                    .await?;
            }
            n
        }
        Write::Abandon { code } => {
            tx.execute("UPDATE games SET over = 1 WHERE code = $1", &[code])
                .await?;
            1
        }
    };
    Ok(n == 1)
}

async fn commit(
    client: &mut Client,
    writes: &[Write],
) -> Result<Vec<Result<(), StoreError>>, tokio_postgres::Error> {
    let tx = client.transaction().await?;
    // Sent together (the client pipelines them), applied in order.
    let done = join_all(writes.iter().map(|w| write(&tx, w))).await;
    let mut each = Vec::with_capacity(writes.len());
    for (r, w) in done.into_iter().zip(writes) {
        each.push(match r? {
            true => Ok(()),
            false => Err(StoreError::Write(w.clash().to_string())),
        });
    }
    tx.commit().await?;
    Ok(each)
}
