//! The games on disk: an embedded SQLite database written by one thread.
//!
//! Every write is a request with an answer: the server tells nobody about
//! a move until its write is committed. Requests that arrive while a commit
//! runs are committed together in one transaction (group commit), so a
//! thousand games moving at once cost a few fsyncs, not a thousand.

use std::path::Path;
use std::sync::mpsc;
use std::thread;

use minesweeper_core::chess::{ByColor, Color};
use minesweeper_core::online::Event;
use rusqlite::{Connection, params};
use tokio::sync::oneshot;

/// The most writes committed in one transaction.
const BATCH: usize = 512;

/// A game as stored: how it began, its seats and what happened since.
#[derive(Clone, Debug)]
pub struct StoredGame {
    /// Invite code.
    pub code: String,
    /// Board preset file.
    pub preset: String,
    /// Time control text, `None` when untimed.
    pub time: Option<String>,
    /// The start position with its mines (full FEN).
    pub start: String,
    /// The seats' tokens (White, Black), `None` while free.
    pub tokens: ByColor<Option<String>>,
    /// Events in order, each with its time (ms since the epoch).
    pub events: Vec<(String, u64)>,
}

/// One write.
enum Write {
    Game(StoredGame),
    Seat {
        code: String,
        side: Color,
        token: String,
    },
    Event {
        code: String,
        seq: u64,
        event: String,
        at_ms: u64,
        ends: bool,
    },
    Abandon {
        code: String,
    },
}

type Job = (Write, oneshot::Sender<Result<(), StoreError>>);

/// Why the store could not open or write. SQLite's own reason is kept as
/// its text: one failed commit answers every write of the batch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The database cannot be opened, created or read.
    Open {
        /// The file.
        path: String,
        /// SQLite's reason.
        reason: String,
    },
    /// The writer thread could not start.
    Thread(String),
    /// SQLite refused this write (a code already used, a full disk).
    Write(String),
    /// The transaction holding this write did not commit.
    Commit(String),
    /// The writer has stopped (the server is shutting down).
    Stopped,
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Open { path, reason } => write!(f, "{path}: {reason}"),
            StoreError::Thread(e) => write!(f, "store thread: {e}"),
            StoreError::Write(e) => write!(f, "{e}"),
            StoreError::Commit(e) => write!(f, "commit: {e}"),
            StoreError::Stopped => write!(f, "the store has stopped"),
        }
    }
}

impl std::error::Error for StoreError {}

/// The handle to the writer thread; cheap to clone.
#[derive(Clone)]
pub struct Store {
    jobs: mpsc::Sender<Job>,
}

fn open_error(path: &Path) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
    move |e| StoreError::Open {
        path: path.display().to_string(),
        reason: e.to_string(),
    }
}

fn open(path: &Path, full_sync: bool) -> Result<Connection, StoreError> {
    let db = Connection::open(path).map_err(open_error(path))?;
    // WAL with NORMAL sync: a committed write survives the process being
    // killed; FULL (`--sync full`) also survives losing power.
    let sync = if full_sync { "FULL" } else { "NORMAL" };
    db.execute_batch(&format!(
        "PRAGMA journal_mode=WAL;
         PRAGMA synchronous={sync};
         CREATE TABLE IF NOT EXISTS games(
             code TEXT PRIMARY KEY, preset TEXT NOT NULL, time TEXT,
             start TEXT NOT NULL, white TEXT, black TEXT,
             over INTEGER NOT NULL DEFAULT 0);
         CREATE TABLE IF NOT EXISTS events(
             code TEXT NOT NULL, seq INTEGER NOT NULL, event TEXT NOT NULL,
             at_ms INTEGER NOT NULL, PRIMARY KEY(code, seq));"
    ))
    .map_err(open_error(path))?;
    Ok(db)
}

fn load(db: &Connection) -> Result<Vec<StoredGame>, rusqlite::Error> {
    let mut games = Vec::new();
    let mut q =
        db.prepare("SELECT code, preset, time, start, white, black FROM games WHERE over = 0")?;
    let rows = q.query_map([], |r| {
        Ok(StoredGame {
            code: r.get(0)?,
            preset: r.get(1)?,
            time: r.get(2)?,
            start: r.get(3)?,
            tokens: ByColor::new(r.get(4)?, r.get(5)?),
            events: Vec::new(),
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
    let ms = |t: u64| i64::try_from(t).unwrap_or(i64::MAX);
    match w {
        Write::Game(g) => {
            db.execute(
                "INSERT INTO games(code, preset, time, start, white, black) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    g.code,
                    g.preset,
                    g.time,
                    g.start,
                    g.tokens[Color::White],
                    g.tokens[Color::Black]
                ],
            )?;
        }
        Write::Seat { code, side, token } => {
            let column = if *side == Color::White {
                "white"
            } else {
                "black"
            };
            db.execute(
                &format!("UPDATE games SET {column} = ?1 WHERE code = ?2"),
                params![token, code],
            )?;
        }
        Write::Event {
            code,
            seq,
            event,
            at_ms,
            ends,
        } => {
            db.execute(
                "INSERT INTO events(code, seq, event, at_ms) VALUES (?1, ?2, ?3, ?4)",
                params![code, ms(*seq), event, ms(*at_ms)],
            )?;
            if *ends {
                db.execute("UPDATE games SET over = 1 WHERE code = ?1", [code])?;
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
fn commit(db: &mut Connection, batch: Vec<Job>) {
    let tx = match db.transaction() {
        Ok(tx) => tx,
        Err(e) => {
            let why = StoreError::Commit(e.to_string());
            for (_, done) in batch {
                let _ = done.send(Err(why.clone()));
            }
            return;
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
        }
        Err(e) => {
            for (_, done) in answers {
                let _ = done.send(Err(StoreError::Commit(e.to_string())));
            }
        }
    }
}

impl Store {
    /// Opens (or creates) the database at `path` and starts its writer;
    /// returns the unfinished games found there. `full_sync` makes every
    /// commit wait for the disk (safe against power loss, slower).
    ///
    /// # Errors
    /// The file cannot be opened or read, with the path and SQLite's reason.
    pub fn open(path: &Path, full_sync: bool) -> Result<(Store, Vec<StoredGame>), StoreError> {
        let mut db = open(path, full_sync)?;
        let games = load(&db).map_err(open_error(path))?;
        let (jobs, rx) = mpsc::channel::<Job>();
        thread::Builder::new()
            .name("store".into())
            .spawn(move || {
                // Ends when every handle is dropped (the server stopped).
                while let Ok(first) = rx.recv() {
                    let mut batch = vec![first];
                    while batch.len() < BATCH {
                        match rx.try_recv() {
                            Ok(j) => batch.push(j),
                            Err(_) => break,
                        }
                    }
                    commit(&mut db, batch);
                }
            })
            .map_err(|e| StoreError::Thread(e.to_string()))?;
        Ok((Store { jobs }, games))
    }

    async fn send(&self, w: Write) -> Result<(), StoreError> {
        let (done, answer) = oneshot::channel();
        self.jobs.send((w, done)).map_err(|_| StoreError::Stopped)?;
        answer.await.map_err(|_| StoreError::Stopped)?
    }

    /// Closes a game nobody joined: kept, never restored.
    ///
    /// # Errors
    /// SQLite's reason.
    pub async fn abandon(&self, code: &str) -> Result<(), StoreError> {
        self.send(Write::Abandon { code: code.into() }).await
    }

    /// Stores a new game.
    ///
    /// # Errors
    /// SQLite's reason (a code already used, a full disk).
    pub async fn create(&self, game: StoredGame) -> Result<(), StoreError> {
        self.send(Write::Game(game)).await
    }

    /// Stores who holds a seat.
    ///
    /// # Errors
    /// SQLite's reason.
    pub async fn seat(&self, code: &str, side: Color, token: &str) -> Result<(), StoreError> {
        self.send(Write::Seat {
            code: code.into(),
            side,
            token: token.into(),
        })
        .await
    }

    /// Stores the `seq`-th event of a game (from 0); `ends` marks the game
    /// finished, so that a restart does not load it again.
    ///
    /// # Errors
    /// SQLite's reason (this event number already stored, a full disk).
    pub async fn event(
        &self,
        code: &str,
        seq: u64,
        event: &Event,
        at_ms: u64,
        ends: bool,
    ) -> Result<(), StoreError> {
        self.send(Write::Event {
            code: code.into(),
            seq,
            event: event.to_record(),
            at_ms,
            ends,
        })
        .await
    }
}
