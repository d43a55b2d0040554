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
pub use postgres::{LEASE_MS, NODES_CHANNEL, QUICK_CHANNEL, database_url};
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

/// The version of the tables this server makes (its newest migration).
pub fn schema_version() -> i64 {
    schema::latest()
}

/// Milliseconds and counters as the databases' signed 64-bit integers.
fn ms(t: u64) -> i64 {
    i64::try_from(t).unwrap_or(i64::MAX)
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

/// This server as one node of several (PostgreSQL only): its name and
/// the address other nodes forward connections to (`ws://HOST:PORT`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// Unique among the nodes.
    pub name: String,
    /// Where the other nodes reach its WebSocket.
    pub addr: String,
}

/// Where a game is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Whereabouts {
    /// On this node.
    Here,
    /// On another live node, at this address.
    There(String),
    /// Its node is gone and no other has taken it yet.
    Down,
    /// No unfinished game by that code or token.
    Unknown,
}

/// What a client names a game by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// The invite code.
    Code(String),
    /// A seat's token.
    Token(String),
}

/// A quick game paired on another node, as the waiting player's node
/// hears it (PostgreSQL's NOTIFY on [`QUICK_CHANNEL`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paired {
    /// The waiting player's ticket.
    pub ticket: i64,
    /// The new game.
    pub code: String,
    /// The waiting player's seat and its token.
    pub side: Color,
    /// Its token.
    pub token: String,
    /// The node that has the game.
    pub addr: String,
}

impl Paired {
    /// As the NOTIFY payload: fields by spaces (none holds one).
    pub fn to_payload(&self) -> String {
        let side = if self.side == Color::White { "w" } else { "b" };
        format!(
            "{} {} {side} {} {}",
            self.ticket, self.code, self.token, self.addr
        )
    }

    /// Reads a payload; `None` if it is not one.
    pub fn from_payload(text: &str) -> Option<Paired> {
        let mut f = text.split(' ');
        let ticket = f.next()?.parse().ok()?;
        let code = f.next()?.to_string();
        let side = match f.next()? {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return None,
        };
        let token = f.next()?.to_string();
        let addr = f.next()?.to_string();
        f.next().is_none().then_some(Paired {
            ticket,
            code,
            side,
            token,
            addr,
        })
    }
}

/// A question to the store thread about the nodes (asked in order with
/// the writes, outside their transaction).
enum Ask {
    /// Renew this node's lease.
    Heartbeat,
    /// Take the games of the nodes whose leases ran out.
    TakeOver,
    /// Where a game is played.
    Locate(Lookup),
    /// Give up this node's lease (a graceful stop).
    Leave,
    /// Take the longest waiting player of a live node (this one
    /// included) for this time control out of the quick-game queue.
    QueueTake(String),
    /// Put a player of this node in the quick-game queue.
    QueuePut(String),
    /// Take this ticket out of the queue (the player left).
    QueueDrop(i64),
    /// Tell the waiting player's node its game (kept in the queue's row,
    /// and NOTIFY).
    Pair(Paired),
    /// Collect the games paired for this node's waiting players.
    QueuePaired,
}

impl Ask {
    /// The answer of a server that is the only node (SQLite, or
    /// PostgreSQL without `--node`): nothing to renew, take or find
    /// elsewhere.
    fn alone(self) -> Answer {
        match self {
            Ask::Heartbeat => Answer::Alive(true),
            Ask::TakeOver => Answer::Games(Vec::new()),
            Ask::Locate(_) => Answer::Where(Whereabouts::Unknown),
            Ask::QueueTake(_) | Ask::QueuePut(_) => Answer::Ticket(None),
            Ask::QueuePaired => Answer::Pairs(Vec::new()),
            Ask::Leave | Ask::QueueDrop(_) | Ask::Pair(_) => Answer::Done,
        }
    }
}

enum Answer {
    Ticket(Option<i64>),
    Pairs(Vec<Paired>),
    Alive(bool),
    Games(Vec<StoredGame>),
    Where(Whereabouts),
    Done,
}

/// Writes with their answers, as the store thread hands them to a back end.
type Writes = Vec<(Write, oneshot::Sender<Result<(), StoreError>>)>;

/// A write with its answer, or a question with its.
enum Job {
    Write(Write, oneshot::Sender<Result<(), StoreError>>),
    Ask(Ask, oneshot::Sender<Result<Answer, StoreError>>),
}

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
    /// This node no longer holds the game (its lease ran out and another
    /// node took it): nothing was written.
    Fenced(String),
    /// Several nodes need PostgreSQL.
    NodesNeedPostgres,
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
            StoreError::Fenced(code) => {
                write!(f, "game {code} is no longer this node's: nothing written")
            }
            StoreError::NodesNeedPostgres => {
                write!(f, "--node needs a PostgreSQL database (--db postgres://…)")
            }
        }
    }
}

impl std::error::Error for StoreError {}

/// The handle to the writer thread; cheap to clone.
#[derive(Clone)]
pub struct Store {
    jobs: mpsc::Sender<Job>,
    /// What the writer has done, for `/metrics`.
    pub stats: Arc<Stats>,
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
}

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
    ) -> Result<(Backend, Vec<StoredGame>), StoreError> {
        Ok(match db {
            Db::Sqlite(_) if node.is_some() => return Err(StoreError::NodesNeedPostgres),
            Db::Sqlite(path) => {
                let (c, games) = sqlite::open(path, full_sync)?;
                (Backend::Sqlite(c), games)
            }
            Db::Postgres(url) => {
                let (p, games) = postgres::Postgres::open(url, node)?;
                (Backend::Postgres(Box::new(p)), games)
            }
        })
    }

    /// The writes in one transaction, then the questions one by one.
    fn run(&mut self, batch: Vec<Job>, stats: &Stats) {
        let mut writes = Vec::with_capacity(batch.len());
        let mut asks = Vec::new();
        for job in batch {
            match job {
                Job::Write(w, done) => writes.push((w, done)),
                Job::Ask(a, done) => asks.push((a, done)),
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
            match self {
                Backend::Sqlite(c) => sqlite::commit(c, writes),
                Backend::Postgres(p) => p.commit(writes),
            }
            let took = u64::try_from(began.elapsed().as_micros()).unwrap_or(u64::MAX);
            stats.commit(n, moves, took);
        }
        for (ask, done) in asks {
            let answer = match self {
                Backend::Sqlite(_) => Ok(ask.alone()),
                Backend::Postgres(p) => p.ask(ask),
            };
            let _ = done.send(answer);
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
        // The thread opens the database itself: PostgreSQL's client runs
        // on a runtime of the thread's own.
        thread::Builder::new()
            .name("store".into())
            .spawn(move || {
                let mut backend = match Backend::open(&db, full_sync, node) {
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
                    backend.run(batch, &kept);
                }
            })
            .map_err(|e| StoreError::Thread(e.to_string()))?;
        let games = opened
            .recv()
            .map_err(|_| StoreError::Thread("the store thread ended while opening".into()))??;
        Ok((Store { jobs, stats }, games))
    }

    async fn send(&self, w: Write) -> Result<(), StoreError> {
        let (done, answer) = oneshot::channel();
        self.jobs
            .send(Job::Write(w, done))
            .map_err(|_| StoreError::Stopped)?;
        answer.await.map_err(|_| StoreError::Stopped)?
    }

    async fn ask(&self, a: Ask) -> Result<Answer, StoreError> {
        let (done, answer) = oneshot::channel();
        self.jobs
            .send(Job::Ask(a, done))
            .map_err(|_| StoreError::Stopped)?;
        answer.await.map_err(|_| StoreError::Stopped)?
    }

    /// Renews this node's lease; `false` once it has run out (another node
    /// may have its games: this one must stop serving them).
    ///
    /// # Errors
    /// The database's reason.
    pub async fn heartbeat(&self) -> Result<bool, StoreError> {
        match self.ask(Ask::Heartbeat).await? {
            Answer::Alive(alive) => Ok(alive),
            _ => Ok(false),
        }
    }

    /// Takes over the unfinished games of every node whose lease has run
    /// out, and returns them to be played on here.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn take_over(&self) -> Result<Vec<StoredGame>, StoreError> {
        match self.ask(Ask::TakeOver).await? {
            Answer::Games(games) => Ok(games),
            _ => Ok(Vec::new()),
        }
    }

    /// Where the game a client names is played.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn locate(&self, lookup: Lookup) -> Result<Whereabouts, StoreError> {
        match self.ask(Ask::Locate(lookup)).await? {
            Answer::Where(w) => Ok(w),
            _ => Ok(Whereabouts::Unknown),
        }
    }

    /// Takes the longest waiting player for `control` on a live node
    /// (this one included) out of the queue: its ticket.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn queue_take(&self, control: &str) -> Result<Option<i64>, StoreError> {
        match self.ask(Ask::QueueTake(control.to_string())).await? {
            Answer::Ticket(t) => Ok(t),
            _ => Ok(None),
        }
    }

    /// Puts a player of this node in the queue for `control`: its ticket.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn queue_put(&self, control: &str) -> Result<Option<i64>, StoreError> {
        match self.ask(Ask::QueuePut(control.to_string())).await? {
            Answer::Ticket(t) => Ok(t),
            _ => Ok(None),
        }
    }

    /// Takes `ticket` out of the queue.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn queue_drop(&self, ticket: i64) -> Result<(), StoreError> {
        self.ask(Ask::QueueDrop(ticket)).await.map(|_| ())
    }

    /// Tells the waiting player's node of its game.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn pair(&self, paired: Paired) -> Result<(), StoreError> {
        self.ask(Ask::Pair(paired)).await.map(|_| ())
    }

    /// The games paired on other nodes for this node's waiting players,
    /// taken out of the queue (a NOTIFY may have brought them already).
    ///
    /// # Errors
    /// The database's reason.
    pub async fn queue_paired(&self) -> Result<Vec<Paired>, StoreError> {
        match self.ask(Ask::QueuePaired).await? {
            Answer::Pairs(p) => Ok(p),
            _ => Ok(Vec::new()),
        }
    }

    /// Gives up this node's lease at once, so that the others take its
    /// games now rather than when it would have run out.
    ///
    /// # Errors
    /// The database's reason.
    pub async fn leave(&self) -> Result<(), StoreError> {
        self.ask(Ask::Leave).await.map(|_| ())
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
