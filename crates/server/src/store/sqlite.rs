//! The embedded store: one SQLite file, written by the store thread.

use std::path::Path;

use minesweeper_core::chess::{ByColor, Color};
use rusqlite::{Connection, TransactionBehavior, params};

use super::{StoreError, StoredGame, Write, Writes, schema};

fn open_error(path: &Path) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
    move |e| StoreError::Open {
        path: path.display().to_string(),
        reason: e.to_string(),
    }
}

/// The open database and the unfinished games in it.
pub(super) fn open(
    path: &Path,
    full_sync: bool,
) -> Result<(Connection, Vec<StoredGame>), StoreError> {
    let mut db = Connection::open(path).map_err(open_error(path))?;
    // WAL with NORMAL sync: a committed write survives the process being
    // killed; FULL (`--sync full`) also survives losing power.
    let sync = if full_sync { "FULL" } else { "NORMAL" };
    db.execute_batch(&format!(
        "PRAGMA journal_mode=WAL;
         PRAGMA synchronous={sync};"
    ))
    .map_err(open_error(path))?;
    migrate(&mut db, path)?;
    let games = load(&db).map_err(open_error(path))?;
    Ok((db, games))
}

/// Brings the tables up to this server's version (in one transaction).
fn migrate(db: &mut Connection, path: &Path) -> Result<(), StoreError> {
    let name = path.display().to_string();
    let tx = db
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(open_error(path))?;
    let (recorded, has_games) = (|| {
        tx.execute_batch("CREATE TABLE IF NOT EXISTS schema_version(version INTEGER NOT NULL)")?;
        let recorded: Option<i64> =
            tx.query_row("SELECT max(version) FROM schema_version", [], |r| r.get(0))?;
        let has_games: bool = tx.query_row(
            "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table' AND name = 'games'",
            [],
            |r| r.get(0),
        )?;
        Ok((recorded, has_games))
    })()
    .map_err(open_error(path))?;
    let found = schema::found(recorded, has_games);
    for m in schema::plan(&name, found)? {
        tx.execute_batch(m.sqlite)
            .map_err(|e| StoreError::Migrate {
                db: name.clone(),
                version: m.version,
                reason: e.to_string(),
            })?;
    }
    tx.execute_batch("DELETE FROM schema_version")
        .and_then(|()| {
            tx.execute(
                "INSERT INTO schema_version(version) VALUES (?1)",
                [schema::latest()],
            )
        })
        .and_then(|_| tx.commit())
        .map_err(open_error(path))
}

fn load(db: &Connection) -> Result<Vec<StoredGame>, rusqlite::Error> {
    let mut games = Vec::new();
    let mut q =
        db.prepare("SELECT code, preset, time, start, white, black, white_user, black_user, rated FROM games WHERE over = 0")?;
    let rows = q.query_map([], |r| {
        Ok(StoredGame {
            code: r.get(0)?,
            preset: r.get(1)?,
            time: r.get(2)?,
            start: r.get(3)?,
            tokens: ByColor::new(r.get(4)?, r.get(5)?),
            events: Vec::new(),
            users: ByColor::new(r.get(6)?, r.get(7)?),
            rated: r.get::<_, i64>(8)? != 0,
            stopped_ms: None,
        })
    })?;
    for g in rows {
        games.push(g?);
    }
    let mut q = db.prepare("SELECT event, at_ms FROM events WHERE code = ?1 ORDER BY seq")?;
    for g in &mut games {
        let rows = q.query_map([&g.code], |r| Ok((r.get(0)?, r.get::<_, i64>(1)?)))?;
        for e in rows {
            let (event, at): (String, i64) = e?;
            g.events.push((event, u64::try_from(at).unwrap_or(0)));
        }
    }
    Ok(games)
}

fn write(db: &Connection, w: &Write) -> Result<(), rusqlite::Error> {
    match w {
        Write::Game(g) => {
            db.execute(
                "INSERT INTO games(code, preset, time, start, white, black, white_user, black_user, rated)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    g.code,
                    g.preset,
                    g.time,
                    g.start,
                    g.tokens[Color::White],
                    g.tokens[Color::Black],
                    g.users[Color::White],
                    g.users[Color::Black],
                    i64::from(g.rated)
                ],
            )?;
        }
        Write::Seat {
            code,
            side,
            token,
            user,
        } => {
            let column = super::seat_column(*side);
            db.execute(
                &format!("UPDATE games SET {column} = ?1, {column}_user = ?3 WHERE code = ?2"),
                params![token, code, user],
            )?;
        }
        Write::Event {
            code,
            seq,
            event,
            at_ms,
            ends,
            ending,
        } => {
            db.execute(
                "INSERT INTO events(code, seq, event, at_ms) VALUES (?1, ?2, ?3, ?4)",
                params![code, super::ms(*seq), event, super::ms(*at_ms)],
            )?;
            if *ends {
                let (result, why, plies) = super::ending_columns(ending.as_ref());
                db.execute(
                    "UPDATE games SET over = 1, result = ?2, why = ?3, plies = ?4, ended_ms = ?5
                     WHERE code = ?1",
                    params![code, result, why, plies, super::ms(*at_ms)],
                )?;
            }
        }
        Write::Abandon { code } => {
            db.execute("UPDATE games SET over = 1 WHERE code = ?1", [code])?;
        }
    }
    Ok(())
}

/// Commits `batch` in one transaction; each write answers on its own, a
/// failed commit fails them all.
pub(super) fn commit(db: &mut Connection, batch: Writes) -> bool {
    let tx = match db.transaction() {
        Ok(tx) => tx,
        Err(e) => {
            let why = StoreError::Commit(e.to_string());
            for (_, done) in batch {
                let _ = done.send(Err(why.clone()));
            }
            return false;
        }
    };
    let mut answers = Vec::with_capacity(batch.len());
    for (w, done) in batch {
        // A write that fails alone (a duplicate event) is refused; its
        // savepoint keeps the others.
        let r = tx
            .execute_batch("SAVEPOINT w")
            .and_then(|()| write(&tx, &w))
            .and_then(|()| tx.execute_batch("RELEASE w"));
        let r = r.map_err(|e| {
            let _ = tx.execute_batch("ROLLBACK TO w; RELEASE w");
            StoreError::Write(e.to_string())
        });
        answers.push((r, done));
    }
    match tx.commit() {
        Ok(()) => {
            for (r, done) in answers {
                let _ = done.send(r);
            }
            true
        }
        Err(e) => {
            for (_, done) in answers {
                let _ = done.send(Err(StoreError::Commit(e.to_string())));
            }
            false
        }
    }
}
