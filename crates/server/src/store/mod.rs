//! The games on disk: an embedded SQLite file ([`sqlite`], the default)
//! or PostgreSQL ([`postgres`], for several nodes), written by one thread.
//!
//! Every write is a request with an answer: the server tells nobody about
//! a move until its write is committed. Requests that arrive while a commit
//! runs are committed together in one transaction (group commit), so a
//! thousand games moving at once cost a few fsyncs, not a thousand. Both
//! databases have the same tables, made by numbered migrations
//! ([`schema`]) applied when the store opens.

use std::fmt;
use std::path::PathBuf;
use std::sync::mpsc;
use std::thread;

use minesweeper_core::chess::{ByColor, Color};
use minesweeper_core::online::Event;
use tokio::sync::oneshot;

mod postgres;
mod schema;
mod sqlite;

/// Where the games are kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Db {
    /// An SQLite file (made when missing).
    Sqlite(PathBuf),
    /// A PostgreSQL database, by its `postgres://` URL.
    Postgres(String),
}

impl Db {
    /// `postgres://…` or `postgresql://…` is PostgreSQL; anything else is
    /// an SQLite file's path.
    pub fn parse(text: &str) -> Db {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Db::Postgres(text.to_string())
        } else {
            Db::Sqlite(PathBuf::from(text))
        }
    }
}

impl From<PathBuf> for Db {
    fn from(path: PathBuf) -> Db {
        Db::Sqlite(path)
    }
}

/// The file, or the URL without its password.
impl fmt::Display for Db {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Db::Sqlite(path) => write!(f, "{}", path.display()),
            Db::Postgres(url) => write!(f, "{}", postgres::display(url)),
        }
    }
}

/// Milliseconds and counters as the databases' signed 64-bit integers.
fn ms(t: u64) -> i64 {
    i64::try_from(t).unwrap_or(i64::MAX)
}

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

impl Write {
    /// Why this write, refused as a clash, changed nothing.
    fn clash(&self) -> String {
        match self {
            Write::Game(g) => format!("game code {} already used", g.code),
            Write::Event { code, seq, .. } => format!("event {seq} of game {code} already stored"),
            Write::Seat { code, .. } | Write::Abandon { code } => format!("game {code}"),
        }
    }
}

type Job = (Write, oneshot::Sender<Result<(), StoreError>>);

/// Why the store could not open or write. The database's own reason is
/// kept as its text: one failed commit answers every write of the batch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The database cannot be opened, created or read.
    Open {
        /// The file or address.
        path: String,
        /// The database's reason.
        reason: String,
    },
    /// The database's tables are at a version this server does not know:
    /// a newer server has used it.
    Schema {
        /// The file or address.
        db: String,
        /// The version found.
        found: i64,
        /// The newest this server knows.
        known: i64,
    },
    /// A migration failed (the database is left as it was).
    Migrate {
        /// The file or address.
        db: String,
        /// The migration's number.
        version: i64,
        /// The database's reason.
        reason: String,
    },
    /// The writer thread could not start.
    Thread(String),
    /// The database refused this write (a code already used, a full disk).
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
            StoreError::Schema { db, found, known } => write!(
                f,
                "{db}: its tables are at version {found}, newer than this server knows ({known}); \
                 run the newer minesweeper_server that made them"
            ),
            StoreError::Migrate {
                db,
                version,
                reason,
            } => write!(
                f,
                "{db}: migration {version} failed, nothing changed: {reason}"
            ),
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

/// A database the store thread writes to.
enum Backend {
    Sqlite(rusqlite::Connection),
    Postgres(postgres::Postgres),
}

impl Backend {
    fn open(db: &Db, full_sync: bool) -> Result<(Backend, Vec<StoredGame>), StoreError> {
        Ok(match db {
            Db::Sqlite(path) => {
                let (c, games) = sqlite::open(path, full_sync)?;
                (Backend::Sqlite(c), games)
            }
            Db::Postgres(url) => {
                let (p, games) = postgres::Postgres::open(url)?;
                (Backend::Postgres(p), games)
            }
        })
    }

    fn commit(&mut self, batch: Vec<Job>) {
        match self {
            Backend::Sqlite(c) => sqlite::commit(c, batch),
            Backend::Postgres(p) => p.commit(batch),
        }
    }
}

impl Store {
    /// Opens (or creates) the database, brings its tables up to date and
    /// starts its writer; returns the unfinished games found there.
    /// `full_sync` makes every SQLite commit wait for the disk (safe
    /// against power loss, slower).
    ///
    /// # Errors
    /// The database cannot be opened, read or migrated, or is newer than
    /// this server: the file or address and the reason.
    pub fn open(db: &Db, full_sync: bool) -> Result<(Store, Vec<StoredGame>), StoreError> {
        let (jobs, rx) = mpsc::channel::<Job>();
        let (ready, opened) = mpsc::channel();
        let db = db.clone();
        // The thread opens the database itself: PostgreSQL's client runs
        // on a runtime of the thread's own.
        thread::Builder::new()
            .name("store".into())
            .spawn(move || {
                let mut backend = match Backend::open(&db, full_sync) {
                    Ok((backend, games)) => {
                        let _ = ready.send(Ok(games));
                        backend
                    }
                    Err(e) => {
                        let _ = ready.send(Err(e));
                        return;
                    }
                };
                // Ends when every handle is dropped (the server stopped).
                while let Ok(first) = rx.recv() {
                    let mut batch = vec![first];
                    while batch.len() < BATCH {
                        match rx.try_recv() {
                            Ok(j) => batch.push(j),
                            Err(_) => break,
                        }
                    }
                    backend.commit(batch);
                }
            })
            .map_err(|e| StoreError::Thread(e.to_string()))?;
        let games = opened
            .recv()
            .map_err(|_| StoreError::Thread("the store thread ended while opening".into()))??;
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
    /// The database's reason.
    pub async fn abandon(&self, code: &str) -> Result<(), StoreError> {
        self.send(Write::Abandon { code: code.into() }).await
    }

    /// Stores a new game.
    ///
    /// # Errors
    /// The database's reason (a code already used, a full disk).
    pub async fn create(&self, game: StoredGame) -> Result<(), StoreError> {
        self.send(Write::Game(game)).await
    }

    /// Stores who holds a seat.
    ///
    /// # Errors
    /// The database's reason.
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
    /// The database's reason (this event number already stored, a full disk).
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
