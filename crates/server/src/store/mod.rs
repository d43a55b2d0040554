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
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::Instant;

use minesweeper_core::chess::{ByColor, Color};
use minesweeper_core::online::Event;
use tokio::sync::oneshot;

mod postgres;
pub use error::StoreError;
pub(crate) use nodes::{Answer, Ask};
pub use nodes::{Lookup, Node, Paired, Seeker, Whereabouts};
pub use postgres::{Heart, LEASE_MS, NODES_CHANNEL, QUICK_CHANNEL, database_url, with_password};
mod error;
mod nodes;
pub mod players;
mod schema;
pub(crate) mod sql;
mod sqlite;
mod stored;
pub use stored::{EVENTS_READ_AT_ONCE, StoredEvent};

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

/// The version of the tables this server makes (its newest migration).
pub fn schema_version() -> i64 {
    schema::latest()
}

/// Milliseconds and counters as the databases' signed 64-bit integers.
fn ms(t: u64) -> i64 {
    i64::try_from(t).unwrap_or(i64::MAX)
}

/// An ending's columns (result, why, plies), NULL when not known (a
/// test's bare end).
fn ending_columns(
    ending: Option<&Ending>,
) -> (Option<&'static str>, Option<&'static str>, Option<i64>) {
    (
        ending.map(|e| e.result),
        ending.map(|e| e.why),
        ending.map(|e| i64::from(e.plies)),
    )
}

/// The column of the games table that holds `side`'s token.
fn seat_column(side: Color) -> &'static str {
    if side == Color::White {
        "white"
    } else {
        "black"
    }
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
    /// The accounts in the seats (White, Black), `None` for a guest or a
    /// free seat.
    pub users: ByColor<Option<i64>>,
    /// Whether the game is rated.
    pub rated: bool,
    /// A game taken over from a node that stopped: that node's own clock
    /// at its last sign of life (ms), so that the player to move is
    /// charged only the time it had thought by then (`None`: loaded at
    /// start, or new).
    pub stopped_ms: Option<u64>,
}

/// How a game ended, kept with it for the archive and the ratings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// What ended it (`checkmate`, `timeout`…).
    pub why: &'static str,
    /// Half-moves played.
    pub plies: u32,
}

/// One write.
enum Write {
    Game(StoredGame),
    Seat {
        code: String,
        side: Color,
        token: String,
        user: Option<i64>,
    },
    Event {
        code: String,
        seq: u64,
        event: String,
        at_ms: u64,
        ends: bool,
        ending: Option<Ending>,
    },
    Abandon {
        code: String,
    },
}

impl Write {
    /// The game it is about.
    fn code(&self) -> &str {
        match self {
            Write::Game(g) => &g.code,
            Write::Seat { code, .. } | Write::Event { code, .. } | Write::Abandon { code } => code,
        }
    }

    /// Why this write, refused as a clash, changed nothing.
    fn clash(&self) -> String {
        match self {
            Write::Game(g) => format!("game code {} already used", g.code),
            Write::Event { code, seq, .. } => format!("event {seq} of game {code} already stored"),
            Write::Seat { code, .. } | Write::Abandon { code } => format!("game {code}"),
        }
    }
}

/// Writes with their answers, as the store thread hands them to a back end.
type Writes = Vec<(Write, oneshot::Sender<Result<(), StoreError>>)>;

/// A query of the players' tables, which sends its own answer.
type SqlJob = Box<dyn FnOnce(&mut dyn sql::Sql) + Send>;

/// A write with its answer, a question with its, or a players' query.
enum Job {
    Write(Write, oneshot::Sender<Result<(), StoreError>>),
    Ask(Ask, oneshot::Sender<Result<Answer, StoreError>>),
    Sql(SqlJob),
}

/// The handle to the writer thread; cheap to clone.
#[derive(Clone)]
pub struct Store {
    jobs: mpsc::Sender<Job>,
    /// What the writer has done, for `/metrics`.
    pub stats: Arc<Stats>,
    /// This run of the node (random), as it joined: its lease and writes
    /// name it.
    pub run: i64,
}

/// Upper bounds of the commit-latency histogram's buckets, in µs.
pub const LATENCY_BUCKETS_US: [u64; 8] =
    [500, 1_000, 2_000, 5_000, 10_000, 25_000, 100_000, 1_000_000];

/// Counts kept by the store thread.
#[derive(Default, Debug)]
pub struct Stats {
    /// Writes committed (games, seats, events).
    pub writes: AtomicU64,
    /// Moves among them.
    pub moves: AtomicU64,
    /// Transactions committed (a group of writes each).
    pub commits: AtomicU64,
    /// Their time, summed, in µs.
    pub commit_us: AtomicU64,
    /// Commits that took at most each of [`LATENCY_BUCKETS_US`].
    pub under: [AtomicU64; 8],
    /// Rated games whose ratings this node moved.
    pub rated: AtomicU64,
    /// Writes whose transaction failed to commit (or whose outcome the
    /// database never told).
    pub failed: AtomicU64,
    /// Writes refused by the fence: the game was no longer this node's.
    pub fenced: AtomicU64,
    /// Jobs waiting for the store thread (writes, questions, queries).
    pub queued: AtomicU64,
    /// Requests refused because too many jobs waited.
    pub shed: AtomicU64,
    /// Games this node took over from nodes that stopped.
    pub taken_over: AtomicU64,
    /// Client connections forwarded to the node that has their game.
    pub forwards: AtomicU64,
    /// When this node's lease was last renewed (ms since the epoch; 0:
    /// never, or not a node).
    pub renewed_ms: AtomicU64,
}

/// The most jobs that may wait for the store thread: past it, writes are
/// refused ("busy, try again") rather than queued without end.
pub const QUEUE_CAP: u64 = 20_000;

/// Past this many waiting jobs, lookups for games not in memory (which any
/// client may ask for) are refused first, so that moves still get through.
pub const LOOKUP_CAP: u64 = 2_000;

impl Stats {
    fn commit(&self, writes: u64, moves: u64, took_us: u64) {
        self.writes.fetch_add(writes, Ordering::Relaxed);
        self.moves.fetch_add(moves, Ordering::Relaxed);
        self.commits.fetch_add(1, Ordering::Relaxed);
        self.commit_us.fetch_add(took_us, Ordering::Relaxed);
        for (bound, n) in LATENCY_BUCKETS_US.iter().zip(&self.under) {
            if took_us <= *bound {
                n.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
}

/// A database the store thread writes to.
enum Backend {
    Sqlite(rusqlite::Connection),
    // One of these a server: the size difference costs nothing.
    Postgres(Box<postgres::Postgres>),
}

impl Backend {
    fn open(
        db: &Db,
        full_sync: bool,
        node: Option<Node>,
        run: i64,
    ) -> Result<(Backend, Vec<StoredGame>), StoreError> {
        Ok(match db {
            Db::Sqlite(_) if node.is_some() => return Err(StoreError::NodesNeedPostgres),
            Db::Sqlite(path) => {
                let (c, games) = sqlite::open(path, full_sync)?;
                (Backend::Sqlite(c), games)
            }
            Db::Postgres(url) => {
                let (p, games) = postgres::Postgres::open(url, node, run)?;
                (Backend::Postgres(Box::new(p)), games)
            }
        })
    }

    /// The writes in one transaction, then the questions one by one.
    fn run(&mut self, batch: Vec<Job>, stats: &Stats) {
        let mut writes = Vec::with_capacity(batch.len());
        let mut asks = Vec::new();
        let mut queries = Vec::new();
        for job in batch {
            match job {
                Job::Write(w, done) => writes.push((w, done)),
                Job::Ask(a, done) => asks.push((a, done)),
                Job::Sql(q) => queries.push(q),
            }
        }
        if !writes.is_empty() {
            let n = writes.len() as u64;
            let moves = writes
                .iter()
                .filter(
                    |(w, _)| matches!(w, Write::Event { event, .. } if event.starts_with("move ")),
                )
                .count() as u64;
            let began = Instant::now();
            let committed = match self {
                Backend::Sqlite(c) => sqlite::commit(c, writes),
                Backend::Postgres(p) => p.commit(writes),
            };
            let took = u64::try_from(began.elapsed().as_micros()).unwrap_or(u64::MAX);
            // A failed commit is counted with the failed writes, not here.
            if committed {
                stats.commit(n, moves, took);
            }
        }
        let (lookups, asks): (Vec<_>, Vec<_>) = asks
            .into_iter()
            .partition(|(a, _)| matches!(a, Ask::Locate(_)));
        if let Backend::Postgres(p) = self
            && !lookups.is_empty()
        {
            let (keys, dones): (Vec<_>, Vec<_>) = lookups
                .into_iter()
                .filter_map(|(a, done)| match a {
                    Ask::Locate(l) => Some((l, done)),
                    _ => None,
                })
                .unzip();
            for (answer, done) in p.locate_all(&keys).into_iter().zip(dones) {
                let _ = done.send(answer);
            }
        } else {
            for (ask, done) in lookups {
                let _ = done.send(Ok(ask.alone()));
            }
        }
        for (ask, done) in asks {
            let answer = match self {
                Backend::Sqlite(_) => Ok(ask.alone()),
                Backend::Postgres(p) => p.ask(ask),
            };
            let _ = done.send(answer);
        }
        for q in queries {
            match self {
                Backend::Sqlite(c) => q(c),
                Backend::Postgres(p) => q(p.as_mut()),
            }
        }
    }
}

/// The most lookups run between two batches of the other jobs.
const LOOKUPS_AT_ONCE: usize = 32;

/// Whether `job` is a lookup of where a game is played, which any client
/// may ask for.
fn is_lookup(job: &Job) -> bool {
    matches!(job, Job::Ask(Ask::Locate(_), _))
}

/// The store thread's loop, until every handle is dropped (the server
/// stopped): writes, the nodes' questions and queries in batches, with
/// lookups kept apart and run a few at a time between them, so that a
/// flood of lookups never holds up a move, a take-over or a heartbeat's
/// chores by more than a few lookups' time.
fn serve(rx: &mpsc::Receiver<Job>, backend: &mut Backend, stats: &Stats) {
    let mut lookups = std::collections::VecDeque::new();
    let mut open = true;
    while open || !lookups.is_empty() {
        let mut batch = Vec::new();
        if lookups.is_empty() {
            match rx.recv() {
                Ok(j) if is_lookup(&j) => lookups.push_back(j),
                Ok(j) => batch.push(j),
                Err(_) => return,
            }
        }
        while batch.len() < BATCH {
            match rx.try_recv() {
                Ok(j) if is_lookup(&j) => lookups.push_back(j),
                Ok(j) => batch.push(j),
                Err(mpsc::TryRecvError::Empty) => break,
                Err(mpsc::TryRecvError::Disconnected) => {
                    open = false;
                    break;
                }
            }
        }
        batch.extend(lookups.drain(..lookups.len().min(LOOKUPS_AT_ONCE)));
        stats
            .queued
            .fetch_sub(batch.len() as u64, Ordering::Relaxed);
        backend.run(batch, stats);
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
        Store::open_node(db, full_sync, None)
    }

    /// As [`Store::open`] for `node` of several on one PostgreSQL
    /// database: it takes a lease (renewed by [`Store::heartbeat`]) and
    /// loads only the games it owns; every write is fenced by the lease.
    ///
    /// # Errors
    /// As [`Store::open`]; SQLite, or another live node of that name.
    pub fn open_node(
        db: &Db,
        full_sync: bool,
        node: Option<Node>,
    ) -> Result<(Store, Vec<StoredGame>), StoreError> {
        let (jobs, rx) = mpsc::channel::<Job>();
        let (ready, opened) = mpsc::channel();
        let db = db.clone();
        let stats = Arc::new(Stats::default());
        let kept = stats.clone();
        let run = rand::random::<i64>();
        // The thread opens the database itself: PostgreSQL's client runs
        // on a runtime of the thread's own.
        thread::Builder::new()
            .name("store".into())
            .spawn(move || {
                let mut backend = match Backend::open(&db, full_sync, node, run) {
                    Ok((backend, games)) => {
                        let _ = ready.send(Ok(games));
                        backend
                    }
                    Err(e) => {
                        let _ = ready.send(Err(e));
                        return;
                    }
                };
                serve(&rx, &mut backend, &kept);
            })
            .map_err(|e| StoreError::Thread(e.to_string()))?;
        let games = opened
            .recv()
            .map_err(|_| StoreError::Thread("the store thread ended while opening".into()))??;
        Ok((Store { jobs, stats, run }, games))
    }

    /// Queues `job` unless more than `cap` already wait.
    fn enqueue(&self, job: Job, cap: u64) -> Result<(), StoreError> {
        if self.stats.queued.load(Ordering::Relaxed) >= cap {
            self.stats.shed.fetch_add(1, Ordering::Relaxed);
            return Err(StoreError::Busy);
        }
        self.stats.queued.fetch_add(1, Ordering::Relaxed);
        self.jobs.send(job).map_err(|_| {
            self.stats.queued.fetch_sub(1, Ordering::Relaxed);
            StoreError::Stopped
        })
    }

    async fn send(&self, w: Write) -> Result<(), StoreError> {
        let (done, answer) = oneshot::channel();
        self.enqueue(Job::Write(w, done), QUEUE_CAP)?;
        let r = answer.await.map_err(|_| StoreError::Stopped)?;
        match &r {
            Err(StoreError::Commit(_)) => self.stats.failed.fetch_add(1, Ordering::Relaxed),
            Err(StoreError::Fenced(_)) => self.stats.fenced.fetch_add(1, Ordering::Relaxed),
            _ => 0,
        };
        r
    }

    async fn ask(&self, a: Ask) -> Result<Answer, StoreError> {
        let (done, answer) = oneshot::channel();
        let cap = if matches!(a, Ask::Locate(_)) {
            LOOKUP_CAP
        } else {
            QUEUE_CAP
        };
        self.enqueue(Job::Ask(a, done), cap)?;
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
        self.seat_user(code, side, token, None).await
    }

    /// Stores who holds a seat, and the account in it (`None`: a guest).
    ///
    /// # Errors
    /// The database's reason.
    pub async fn seat_user(
        &self,
        code: &str,
        side: Color,
        token: &str,
        user: Option<i64>,
    ) -> Result<(), StoreError> {
        self.send(Write::Seat {
            code: code.into(),
            side,
            token: token.into(),
            user,
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
        let ending = ends.then_some(None);
        self.write_event(code, seq, event, at_ms, ending).await
    }

    /// Stores the `seq`-th event of a game (from 0), and when it ends the
    /// game, how (for the archive and the ratings).
    ///
    /// # Errors
    /// The database's reason (this event number already stored, a full disk).
    pub async fn event_ending(
        &self,
        code: &str,
        seq: u64,
        event: &Event,
        at_ms: u64,
        ending: Option<Ending>,
    ) -> Result<(), StoreError> {
        self.write_event(code, seq, event, at_ms, ending.map(Some))
            .await
    }

    /// Stores an event; `end` when it ends the game, with how when known.
    async fn write_event(
        &self,
        code: &str,
        seq: u64,
        event: &Event,
        at_ms: u64,
        end: Option<Option<Ending>>,
    ) -> Result<(), StoreError> {
        self.send(Write::Event {
            code: code.into(),
            seq,
            event: event.to_record(),
            at_ms,
            ends: end.is_some(),
            ending: end.flatten(),
        })
        .await
    }

    /// Runs a query of the players' tables on the store thread, after the
    /// writes and questions before it.
    async fn query<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut dyn sql::Sql) -> Result<T, sql::SqlError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (done, answer) = oneshot::channel();
        let job: SqlJob = Box::new(move |db| {
            let _ = done.send(f(db));
        });
        self.enqueue(Job::Sql(job), QUEUE_CAP)?;
        answer
            .await
            .map_err(|_| StoreError::Stopped)?
            .map_err(|e| StoreError::Write(e.0))
    }
}
