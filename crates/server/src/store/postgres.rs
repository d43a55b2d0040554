//! The store on PostgreSQL (`--db postgres://…`): the same tables as
//! SQLite, written by the store thread through one connection. A batch of
//! writes is sent pipelined in one transaction; a write that would clash
//! (a code already used, an event number already stored) inserts nothing
//! and is refused alone instead of aborting the others.

use std::collections::HashMap;
use std::fmt;
use std::future::Future;
use std::time::Duration;

use futures_util::future::join_all;
use minesweeper_core::chess::{ByColor, Color};
use tokio::runtime::Runtime;
use tokio_postgres::{Client, NoTls, Transaction};

use super::{
    Answer, Ask, Lookup, Node, Paired, StoreError, StoredGame, Whereabouts, Write, Writes, schema,
};

/// An arbitrary number all our nodes lock on while one migrates.
const MIGRATION_LOCK: i64 = 0x6d73_6300;

/// How long a node's lease lasts after each renewal (ms): a node killed
/// or cut off loses its games to the others within this.
pub const LEASE_MS: i64 = 5000;

/// The database's clock in ms: the one clock every node's lease is
/// measured by.
const NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/// The longest one query or transaction may take before the connection
/// is taken for broken (dropped, and made again for the next job): a
/// database that hangs must not hang the store thread, whose heartbeat
/// keeps the lease.
const QUERY_TIMEOUT: Duration = Duration::from_secs(3);

/// The longest loading a node's games may take (at start and when it
/// takes over a dead node's games).
const LOAD_TIMEOUT: Duration = Duration::from_secs(30);

/// The channel a node that leaves announces itself on.
pub const NODES_CHANNEL: &str = "msc_nodes";

/// The channel a quick game paired on one node is told to the waiting
/// player's node on.
pub const QUICK_CHANNEL: &str = "msc_quick";

/// The connection and the runtime that drives it.
pub(super) struct Postgres {
    rt: Runtime,
    client: Client,
    /// Set when a query outran [`QUERY_TIMEOUT`]: the connection is made
    /// again before the next job.
    broken: bool,
    /// The address, to connect again.
    url: String,
    /// The address without its password, for messages.
    name: String,
    /// This server as a node of several, if it is one.
    node: Option<Node>,
    /// This run of the node (random): its lease and its writes name it, so
    /// that an earlier process of the same name can do neither.
    run: i64,
    /// The games this node owns, with the number of times each changed
    /// hands when it took it: every write names both.
    owned: HashMap<String, i64>,
}

/// `url` with any password left out.
pub(crate) fn display(url: &str) -> String {
    match url.split_once("://").zip(url.rsplit_once('@')) {
        Some(((scheme, _), (_, host))) => format!("{scheme}://…@{host}"),
        None => url.to_string(),
    }
}

/// `url` with database `name` in place of its own, its `?parameters`
/// kept: a database made beside the one given (tests, load scripts).
pub fn database_url(url: &str, name: &str) -> String {
    let (path, params) = url.split_once('?').unwrap_or((url, ""));
    let base = path.rsplit_once('/').map_or(path, |(b, _)| b);
    if params.is_empty() {
        format!("{base}/{name}")
    } else {
        format!("{base}/{name}?{params}")
    }
}

impl Postgres {
    /// Connects, migrates and loads the unfinished games (a node: takes
    /// its lease and loads its own games and those nobody owns).
    pub(super) fn open(
        url: &str,
        node: Option<Node>,
    ) -> Result<(Postgres, Vec<StoredGame>), StoreError> {
        let name = display(url);
        let open = |reason: String| StoreError::Open {
            path: name.clone(),
            reason,
        };
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| open(e.to_string()))?;
        let mut client = connect(&rt, url).map_err(|e| open(e.to_string()))?;
        rt.block_on(migrate(&mut client, &name))?;
        let mut pg = Postgres {
            rt,
            client,
            broken: false,
            url: url.to_string(),
            name: name.clone(),
            node,
            run: rand::random::<i64>(),
            owned: HashMap::new(),
        };
        let run = pg.run;
        let games = match pg.node.clone() {
            None => within(&pg.rt, LOAD_TIMEOUT, load(&pg.client, None)).map(Some),
            Some(node) => within(&pg.rt, LOAD_TIMEOUT, join(&mut pg.client, &node, run)),
        }
        .map_err(|e| open(e.to_string()))?
        .ok_or_else(|| {
            open(format!(
                "another live node is named {}: choose another name, or wait {} s for its lease to run out",
                pg.node.as_ref().map_or("", |n| n.name.as_str()),
                LEASE_MS / 1000
            ))
        })?;
        let games = pg.own(&games);
        Ok((pg, games))
    }

    /// Makes the connection again when it broke or outran a query.
    fn ready(&mut self) -> Result<(), DbError> {
        if self.broken || self.client.is_closed() {
            self.client = connect(&self.rt, &self.url)?;
            self.broken = false;
            crate::log::log(crate::log::Level::Warn, "db_reconnected", &[]);
        }
        Ok(())
    }

    /// `r` as the store's error; a timeout marks the connection broken.
    fn checked<T>(&mut self, r: Result<T, DbError>) -> Result<T, StoreError> {
        r.map_err(|e| {
            if matches!(e, DbError::TimedOut) {
                self.broken = true;
            }
            StoreError::Write(format!("{}: {e}", self.name))
        })
    }

    fn own(&mut self, games: &[(StoredGame, i64)]) -> Vec<StoredGame> {
        for (g, epoch) in games {
            self.owned.insert(g.code.clone(), *epoch);
        }
        games.iter().map(|(g, _)| g.clone()).collect()
    }

    /// Answers a question about the nodes.
    pub(super) fn ask(&mut self, ask: Ask) -> Result<Answer, StoreError> {
        let Some(node) = self.node.clone() else {
            return Ok(ask.alone());
        };
        let ready = self.ready();
        self.checked(ready)?;
        let (rt, client, run) = (&self.rt, &mut self.client, self.run);
        match ask {
            Ask::Heartbeat => {
                let q = format!(
                    "UPDATE nodes SET until_ms = {NOW_MS} + $2
                     WHERE name = $1 AND run = $3 AND until_ms > {NOW_MS}"
                );
                let n = within(
                    rt,
                    QUERY_TIMEOUT,
                    client.execute(&q, &[&node.name, &LEASE_MS, &run]),
                );
                let n = self.checked(n)?;
                Ok(Answer::Alive(n == 1))
            }
            Ask::TakeOver => {
                let taken = within(rt, LOAD_TIMEOUT, take_over(client, &node, run));
                let taken = self.checked(taken)?;
                Ok(Answer::Games(self.own(&taken)))
            }
            Ask::Locate(lookup) => {
                let found = within(rt, QUERY_TIMEOUT, locate(client, &lookup));
                let found = self.checked(found)?;
                Ok(Answer::Where(match found {
                    None => Whereabouts::Unknown,
                    Some((owner, _)) if owner.as_deref() == Some(node.name.as_str()) => {
                        Whereabouts::Here
                    }
                    Some((_, Some(addr))) => Whereabouts::There(addr),
                    Some((_, None)) => Whereabouts::Down,
                }))
            }
            Ask::QueueTake(control) => {
                // Taken (paired = ''), not deleted: the pairing is written
                // into the row for the waiting player's node to collect.
                let q = format!(
                    "UPDATE quick_queue SET paired = '' WHERE ticket = (
                         SELECT q.ticket FROM quick_queue q
                         JOIN nodes n ON n.name = q.node AND n.until_ms > {NOW_MS}
                         WHERE q.control = $1 AND q.paired IS NULL
                         ORDER BY q.ticket LIMIT 1 FOR UPDATE OF q SKIP LOCKED)
                     RETURNING ticket"
                );
                let row = within(rt, QUERY_TIMEOUT, client.query_opt(&q, &[&control]));
                Ok(Answer::Ticket(self.checked(row)?.map(|r| r.get(0))))
            }
            Ask::QueuePut(control) => {
                let row = within(
                    rt,
                    QUERY_TIMEOUT,
                    client.query_one(
                        "INSERT INTO quick_queue(control, node) VALUES ($1, $2) RETURNING ticket",
                        &[&control, &node.name],
                    ),
                );
                Ok(Answer::Ticket(Some(self.checked(row)?.get(0))))
            }
            Ask::QueueDrop(ticket) => {
                let done = within(
                    rt,
                    QUERY_TIMEOUT,
                    client.execute("DELETE FROM quick_queue WHERE ticket = $1", &[&ticket]),
                );
                self.checked(done)?;
                Ok(Answer::Done)
            }
            Ask::Pair(paired) => {
                let mut paired = paired;
                paired.addr = node.addr.clone();
                let payload = paired.to_payload();
                let done = within(rt, QUERY_TIMEOUT, async {
                    client
                        .execute(
                            "UPDATE quick_queue SET paired = $2 WHERE ticket = $1",
                            &[&paired.ticket, &payload],
                        )
                        .await?;
                    client
                        .execute("SELECT pg_notify($1, $2)", &[&QUICK_CHANNEL, &payload])
                        .await
                });
                self.checked(done)?;
                Ok(Answer::Done)
            }
            Ask::QueuePaired => {
                let rows = within(
                    rt,
                    QUERY_TIMEOUT,
                    client.query(
                        "DELETE FROM quick_queue WHERE node = $1 AND paired <> '' RETURNING paired",
                        &[&node.name],
                    ),
                );
                let pairs = self
                    .checked(rows)?
                    .iter()
                    .filter_map(|r| Paired::from_payload(r.get(0)))
                    .collect();
                Ok(Answer::Pairs(pairs))
            }
            Ask::Leave => {
                let q = "UPDATE nodes SET until_ms = 0 WHERE name = $1 AND run = $2";
                let done = within(rt, QUERY_TIMEOUT, async {
                    client.execute(q, &[&node.name, &run]).await?;
                    client
                        .batch_execute(&format!("NOTIFY {NODES_CHANNEL}, 'left'"))
                        .await
                });
                self.checked(done)?;
                self.owned.clear();
                Ok(Answer::Done)
            }
        }
    }

    /// Commits `batch` in one transaction; each write answers on its own,
    /// a failed commit fails them all.
    pub(super) fn commit(&mut self, batch: Writes) {
        let (writes, answers): (Vec<Write>, Vec<_>) = batch.into_iter().unzip();
        let result = self.ready().and_then(|()| {
            let fence = self.node.as_ref().map(|n| Fence {
                node: n.name.as_str(),
                run: self.run,
                owned: &self.owned,
            });
            let done = within(
                &self.rt,
                QUERY_TIMEOUT,
                commit(&mut self.client, &writes, fence),
            );
            if matches!(done, Err(DbError::TimedOut)) {
                self.broken = true;
            }
            done
        });
        match result {
            Ok(each) => {
                for ((r, done), w) in each.into_iter().zip(answers).zip(&writes) {
                    if let (Ok(()), Write::Game(g)) = (&r, w)
                        && self.node.is_some()
                    {
                        self.owned.insert(g.code.clone(), 0);
                    }
                    if let Err(StoreError::Fenced(code)) = &r {
                        self.owned.remove(code);
                    }
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

/// Why a query, or the connection, failed.
#[derive(Debug)]
enum DbError {
    /// The address is not a PostgreSQL URL, the server cannot be reached,
    /// or it refused the query: its reason.
    Db(tokio_postgres::Error),
    /// No answer within the time given: the connection is taken for
    /// broken.
    TimedOut,
}

impl fmt::Display for DbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DbError::Db(e) => write!(f, "{e}"),
            DbError::TimedOut => write!(f, "no answer in time: the connection is made again"),
        }
    }
}

impl std::error::Error for DbError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DbError::Db(e) => Some(e),
            DbError::TimedOut => None,
        }
    }
}

/// Runs `f` on `rt`, for at most `limit`.
fn within<T>(
    rt: &Runtime,
    limit: Duration,
    f: impl Future<Output = Result<T, tokio_postgres::Error>>,
) -> Result<T, DbError> {
    // The timer is made inside the runtime, whose clock it needs.
    match rt.block_on(async { tokio::time::timeout(limit, f).await }) {
        Ok(r) => r.map_err(DbError::Db),
        Err(_) => Err(DbError::TimedOut),
    }
}

/// Connects to `url`; the connection is driven on `rt` while the store
/// thread waits on a query.
fn connect(rt: &Runtime, url: &str) -> Result<Client, DbError> {
    let mut config: tokio_postgres::Config = url.parse().map_err(DbError::Db)?;
    config
        .connect_timeout(Duration::from_secs(10))
        .application_name("minesweeper_server");
    let (client, connection) = rt.block_on(config.connect(NoTls)).map_err(DbError::Db)?;
    rt.spawn(async move {
        if let Err(e) = connection.await {
            crate::log::log(
                crate::log::Level::Error,
                "db_connection_lost",
                &[("reason", &e)],
            );
        }
    });
    Ok(client)
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

/// The unfinished games (those of `codes` only, when given), each with
/// the number of times it changed hands; two queries whatever their
/// number.
async fn load(
    client: &Client,
    codes: Option<&[String]>,
) -> Result<Vec<(StoredGame, i64)>, tokio_postgres::Error> {
    let rows = client
        .query(
            "SELECT code, preset, time, start, white, black, epoch FROM games
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

/// Takes `node`'s lease for this `run` (refused while another live node
/// has the name: `None`), and loads its games: those nobody owns (a
/// server that ran alone on this database before) and its own of an
/// earlier run, each with its count of owners raised so that a stalled
/// earlier process of the same name can no longer write them.
async fn join(
    client: &mut Client,
    node: &Node,
    run: i64,
) -> Result<Option<Vec<(StoredGame, i64)>>, tokio_postgres::Error> {
    let tx = client.transaction().await?;
    let taken = tx
        .execute(
            &format!(
                "INSERT INTO nodes(name, addr, until_ms, run) VALUES ($1, $2, {NOW_MS} + $3, $4)
                 ON CONFLICT (name) DO UPDATE SET addr = $2, until_ms = {NOW_MS} + $3, run = $4
                 WHERE nodes.until_ms < {NOW_MS}"
            ),
            &[&node.name, &node.addr, &LEASE_MS, &run],
        )
        .await?;
    if taken != 1 {
        return Ok(None);
    }
    let codes: Vec<String> = tx
        .query(
            "UPDATE games SET owner = $1, epoch = epoch + 1
             WHERE over = 0 AND (owner IS NULL OR owner = $1) RETURNING code",
            &[&node.name],
        )
        .await?
        .iter()
        .map(|r| r.get(0))
        .collect();
    tx.commit().await?;
    load(client, Some(&codes)).await.map(Some)
}

/// Ends the leases that ran out and moves their nodes' unfinished games
/// to `node`, each one's count of owners raised (so a write of the old
/// owner's fails); returns them.
async fn take_over(
    client: &mut Client,
    node: &Node,
    run: i64,
) -> Result<Vec<(StoredGame, i64)>, tokio_postgres::Error> {
    let tx = client.transaction().await?;
    // Only a node that holds its own lease takes others' games.
    let alive = tx
        .query_opt(
            &format!(
                "SELECT 1 FROM nodes WHERE name = $1 AND run = $2 AND until_ms > {NOW_MS}
                 FOR UPDATE"
            ),
            &[&node.name, &run],
        )
        .await?;
    if alive.is_none() {
        return Ok(Vec::new());
    }
    let dead: Vec<String> = tx
        .query(
            &format!("DELETE FROM nodes WHERE until_ms < {NOW_MS} AND name <> $1 RETURNING name"),
            &[&node.name],
        )
        .await?
        .iter()
        .map(|r| r.get(0))
        .collect();
    if dead.is_empty() {
        return Ok(Vec::new());
    }
    // Their players waiting for a quick game are gone with them.
    tx.execute("DELETE FROM quick_queue WHERE node = ANY($1)", &[&dead])
        .await?;
    let codes: Vec<String> = tx
        .query(
            "UPDATE games SET owner = $1, epoch = epoch + 1
             WHERE over = 0 AND owner = ANY($2) RETURNING code",
            &[&node.name, &dead],
        )
        .await?
        .iter()
        .map(|r| r.get(0))
        .collect();
    tx.commit().await?;
    if codes.is_empty() {
        return Ok(Vec::new());
    }
    load(client, Some(&codes)).await
}

/// The owner of the unfinished game a client names and, when its lease
/// holds, its address.
async fn locate(
    client: &Client,
    lookup: &Lookup,
) -> Result<Option<(Option<String>, Option<String>)>, tokio_postgres::Error> {
    let (column, key) = match lookup {
        Lookup::Code(code) => ("g.code = $1", code),
        Lookup::Token(token) => ("(g.white = $1 OR g.black = $1)", token),
    };
    let q = format!(
        "SELECT g.owner, n.addr FROM games g
         LEFT JOIN nodes n ON n.name = g.owner AND n.until_ms > {NOW_MS}
         WHERE {column} AND g.over = 0"
    );
    Ok(client
        .query_opt(&q, &[key])
        .await?
        .map(|r| (r.get(0), r.get(1))))
}

/// What fences a node's writes: its name and run, and the games it owns,
/// each with the number of times it had changed hands when taken.
#[derive(Clone, Copy)]
struct Fence<'a> {
    node: &'a str,
    run: i64,
    owned: &'a HashMap<String, i64>,
}

/// The condition that node `$n`, run `$r`, still owns game `$c`, taken at
/// count `$e`, with its lease running. The rows are locked (FOR SHARE) so
/// that a take-over's UPDATE waits for this transaction to end.
fn owned_by(c: usize, n: usize, e: usize, r: usize) -> String {
    format!(
        "EXISTS (SELECT 1 FROM games g JOIN nodes n ON n.name = g.owner
                 WHERE g.code = ${c} AND g.owner = ${n} AND g.epoch = ${e}
                   AND n.run = ${r} AND n.until_ms > {NOW_MS}
                 FOR SHARE OF g, n)"
    )
}

/// The condition that node `$n`, run `$r`, holds its lease.
fn alive(n: usize, r: usize) -> String {
    format!("EXISTS (SELECT 1 FROM nodes WHERE name = ${n} AND run = ${r} AND until_ms > {NOW_MS})")
}

/// What a write comes to.
enum Outcome {
    Done,
    /// It would clash: nothing changed.
    Clash,
    /// This node does not own the game (any more): nothing changed.
    Fenced,
}

type Param<'a> = &'a (dyn tokio_postgres::types::ToSql + Sync);

/// One write's fence: the node, its run and the game's count of owners.
type Held<'a> = Option<(&'a str, i64, i64)>;

/// Runs `q(guard, node)` with `params`, and with the fence's node, count
/// and run as the next three parameters when there is one: `guard` is
/// then the condition on them and `node` the node's parameter, else
/// `TRUE` and `NULL`.
async fn fenced(
    tx: &Transaction<'_>,
    q: impl Fn(&str, &str) -> String,
    params: &[Param<'_>],
    code_param: usize,
    held: Held<'_>,
) -> Result<u64, tokio_postgres::Error> {
    match held {
        None => tx.execute(&q("TRUE", "NULL"), params).await,
        Some((node, run, epoch)) => {
            let (n, e, r) = (params.len() + 1, params.len() + 2, params.len() + 3);
            let mut all: Vec<Param<'_>> = params.to_vec();
            all.push(&node);
            all.push(&epoch);
            all.push(&run);
            let writer = format!("${n}");
            tx.execute(&q(&owned_by(code_param, n, e, r), &writer), &all)
                .await
        }
    }
}

/// One write, fenced when the server is one node of several.
async fn write(
    tx: &Transaction<'_>,
    w: &Write,
    fence: Option<Fence<'_>>,
) -> Result<Outcome, tokio_postgres::Error> {
    let fence = match fence {
        None => None,
        Some(f) => match (w, f.owned.get(w.code())) {
            (Write::Game(_), _) => Some((f.node, f.run, 0)),
            (_, Some(&epoch)) => Some((f.node, f.run, epoch)),
            (_, None) => return Ok(Outcome::Fenced),
        },
    };
    let outcome = match w {
        Write::Game(g) => {
            let owner = fence.map(|(node, _, _)| node.to_string());
            let run = fence.map_or(0, |(_, run, _)| run);
            let guard = match &owner {
                None => "TRUE".to_string(),
                Some(_) => alive(7, 8),
            };
            let q = format!(
                "INSERT INTO games(code, preset, time, start, white, black, owner)
                 SELECT $1, $2, $3, $4, $5, $6, $7::text WHERE {guard}
                 ON CONFLICT (code) DO NOTHING"
            );
            let mut params: Vec<Param<'_>> = vec![
                &g.code,
                &g.preset,
                &g.time,
                &g.start,
                &g.tokens[Color::White],
                &g.tokens[Color::Black],
                &owner,
            ];
            if owner.is_some() {
                params.push(&run);
            }
            let n = tx.execute(&q, &params).await?;
            match (n, &owner) {
                (1, _) => Outcome::Done,
                (_, None) => Outcome::Clash,
                (_, Some(node)) => {
                    // Nothing inserted: a code already used, or this
                    // node's lease is gone.
                    let q = format!("SELECT {}", alive(1, 2));
                    let held: bool = tx.query_one(&q, &[node, &run]).await?.get(0);
                    if held {
                        Outcome::Clash
                    } else {
                        Outcome::Fenced
                    }
                }
            }
        }
        Write::Seat { code, side, token } => {
            let column = super::seat_column(*side);
            let q = |guard: &str, _: &str| {
                format!("UPDATE games SET {column} = $2 WHERE code = $1 AND {guard}")
            };
            let n = fenced(tx, q, &[code, token], 1, fence).await?;
            if n == 1 || fence.is_none() {
                Outcome::Done
            } else {
                Outcome::Fenced
            }
        }
        Write::Event {
            code,
            seq,
            event,
            at_ms,
            ends,
        } => {
            // The writing node is kept with each event: the cluster test
            // checks that no node wrote after another took the game.
            let q = |guard: &str, node: &str| {
                format!(
                    "INSERT INTO events(code, seq, event, at_ms, node)
                     SELECT $1, $2, $3, $4, {node}::text WHERE {guard}
                     ON CONFLICT (code, seq) DO NOTHING"
                )
            };
            let (seq, at) = (super::ms(*seq), super::ms(*at_ms));
            let n = fenced(tx, q, &[code, &seq, event, &at], 1, fence).await?;
            if n == 1 && *ends {
                tx.execute("UPDATE games SET over = 1 WHERE code = $1", &[code])
                    .await?;
            }
            match (n, fence) {
                (1, _) => Outcome::Done,
                (_, None) => Outcome::Clash,
                (_, Some((node, run, epoch))) => {
                    // Nothing inserted: a clash, or the game is not ours.
                    let q = format!("SELECT {}", owned_by(1, 2, 3, 4));
                    let ours: bool = tx.query_one(&q, &[code, &node, &epoch, &run]).await?.get(0);
                    if ours {
                        Outcome::Clash
                    } else {
                        Outcome::Fenced
                    }
                }
            }
        }
        Write::Abandon { code } => {
            let q = |guard: &str, _: &str| {
                format!("UPDATE games SET over = 1 WHERE code = $1 AND {guard}")
            };
            let n = fenced(tx, q, &[code], 1, fence).await?;
            if n == 1 || fence.is_none() {
                Outcome::Done
            } else {
                Outcome::Fenced
            }
        }
    };
    Ok(outcome)
}

async fn commit(
    client: &mut Client,
    writes: &[Write],
    fence: Option<Fence<'_>>,
) -> Result<Vec<Result<(), StoreError>>, tokio_postgres::Error> {
    let tx = client.transaction().await?;
    // Sent together (the client pipelines them), applied in order.
    let done = join_all(writes.iter().map(|w| write(&tx, w, fence))).await;
    let mut each = Vec::with_capacity(writes.len());
    for (r, w) in done.into_iter().zip(writes) {
        each.push(match r? {
            Outcome::Done => Ok(()),
            Outcome::Clash => Err(StoreError::Write(w.clash())),
            Outcome::Fenced => Err(StoreError::Fenced(w.code().to_string())),
        });
    }
    tx.commit().await?;
    Ok(each)
}

#[cfg(test)]
mod tests {
    use super::database_url;

    #[test]
    fn a_database_beside_the_one_given_keeps_the_server_and_parameters() {
        assert_eq!(
            database_url("postgres://u:p@h:5/db?sslmode=disable", "t1"),
            "postgres://u:p@h:5/t1?sslmode=disable"
        );
        assert_eq!(database_url("postgres://u@h/db", "t2"), "postgres://u@h/t2");
    }
}
