//! The store on PostgreSQL (`--db postgres://…`): the same tables as
//! SQLite, written by the store thread through one connection. A batch of
//! writes is sent pipelined in one transaction; a write that would clash
//! (a code already used, an event number already stored) inserts nothing
//! and is refused alone instead of aborting the others.

use std::collections::HashMap;
use std::time::Duration;

use futures_util::future::join_all;
use minesweeper_core::chess::{ByColor, Color};
use tokio::runtime::Runtime;
use tokio_postgres::{Client, NoTls, Transaction};

use super::{Answer, Ask, Lookup, Node, StoreError, StoredGame, Whereabouts, Write, schema};

/// Writes with their answers.
type Writes = Vec<(Write, tokio::sync::oneshot::Sender<Result<(), StoreError>>)>;

/// An arbitrary number all our nodes lock on while one migrates.
const MIGRATION_LOCK: i64 = 0x6d73_6300;

/// How long a node's lease lasts after each renewal (ms): a node killed
/// or cut off loses its games to the others within this.
pub const LEASE_MS: i64 = 5000;

/// The database's clock in ms: the one clock every node's lease is
/// measured by.
const NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/// The channel a node that leaves announces itself on.
pub const NODES_CHANNEL: &str = "msc_nodes";

/// The channel a quick game paired on one node is told to the waiting
/// player's node on.
pub const QUICK_CHANNEL: &str = "msc_quick";

/// The connection and the runtime that drives it.
pub(super) struct Postgres {
    rt: Runtime,
    client: Client,
    /// The address without its password, for messages.
    name: String,
    /// This server as a node of several, if it is one.
    node: Option<Node>,
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
                eprintln!(
                    "{}",
                    crate::log::line(
                        crate::log::Level::Error,
                        "db_connection_lost",
                        &[("reason", &e)]
                    )
                );
            }
        });
        rt.block_on(migrate(&mut client, &name))?;
        let mut pg = Postgres {
            rt,
            client,
            name: name.clone(),
            node,
            owned: HashMap::new(),
        };
        let games = match pg.node.clone() {
            None => pg.rt.block_on(load(&pg.client, None)).map(Some),
            Some(node) => pg.rt.block_on(join(&mut pg.client, &node)),
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

    fn own(&mut self, games: &[(StoredGame, i64)]) -> Vec<StoredGame> {
        for (g, epoch) in games {
            self.owned.insert(g.code.clone(), *epoch);
        }
        games.iter().map(|(g, _)| g.clone()).collect()
    }

    /// Answers a question about the nodes.
    pub(super) fn ask(&mut self, ask: Ask) -> Result<Answer, StoreError> {
        let Some(node) = self.node.clone() else {
            return Ok(match ask {
                Ask::Heartbeat => Answer::Alive(true),
                Ask::TakeOver => Answer::Games(Vec::new()),
                Ask::Locate(_) => Answer::Where(Whereabouts::Unknown),
                Ask::QueueTake(_) | Ask::QueuePut(_) => Answer::Ticket(None),
                Ask::Leave | Ask::QueueDrop(_) | Ask::Pair(_) => Answer::Done,
            });
        };
        let failed = |e: tokio_postgres::Error| StoreError::Write(format!("{}: {e}", self.name));
        match ask {
            Ask::Heartbeat => {
                let q = format!(
                    "UPDATE nodes SET until_ms = {NOW_MS} + $2 WHERE name = $1 AND until_ms > {NOW_MS}"
                );
                let n = self
                    .rt
                    .block_on(self.client.execute(&q, &[&node.name, &LEASE_MS]))
                    .map_err(failed)?;
                Ok(Answer::Alive(n == 1))
            }
            Ask::TakeOver => {
                let taken = self
                    .rt
                    .block_on(take_over(&mut self.client, &node))
                    .map_err(failed)?;
                Ok(Answer::Games(self.own(&taken)))
            }
            Ask::Locate(lookup) => {
                let found = self
                    .rt
                    .block_on(locate(&self.client, &lookup))
                    .map_err(failed)?;
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
                let q = format!(
                    "DELETE FROM quick_queue WHERE ticket = (
                         SELECT q.ticket FROM quick_queue q
                         JOIN nodes n ON n.name = q.node AND n.until_ms > {NOW_MS}
                         WHERE q.control = $1
                         ORDER BY q.ticket LIMIT 1 FOR UPDATE OF q SKIP LOCKED)
                     RETURNING ticket"
                );
                let row = self
                    .rt
                    .block_on(self.client.query_opt(&q, &[&control]))
                    .map_err(failed)?;
                Ok(Answer::Ticket(row.map(|r| r.get(0))))
            }
            Ask::QueuePut(control) => {
                let row = self
                    .rt
                    .block_on(self.client.query_one(
                        "INSERT INTO quick_queue(control, node) VALUES ($1, $2) RETURNING ticket",
                        &[&control, &node.name],
                    ))
                    .map_err(failed)?;
                Ok(Answer::Ticket(Some(row.get(0))))
            }
            Ask::QueueDrop(ticket) => {
                self.rt
                    .block_on(
                        self.client
                            .execute("DELETE FROM quick_queue WHERE ticket = $1", &[&ticket]),
                    )
                    .map_err(failed)?;
                Ok(Answer::Done)
            }
            Ask::Pair(paired) => {
                let mut paired = paired;
                paired.addr = node.addr.clone();
                self.rt
                    .block_on(self.client.execute(
                        "SELECT pg_notify($1, $2)",
                        &[&QUICK_CHANNEL, &paired.to_payload()],
                    ))
                    .map_err(failed)?;
                Ok(Answer::Done)
            }
            Ask::Leave => {
                let q = "UPDATE nodes SET until_ms = 0 WHERE name = $1";
                self.rt
                    .block_on(async {
                        self.client.execute(q, &[&node.name]).await?;
                        self.client
                            .batch_execute(&format!("NOTIFY {NODES_CHANNEL}, 'left'"))
                            .await
                    })
                    .map_err(failed)?;
                self.owned.clear();
                Ok(Answer::Done)
            }
        }
    }

    /// Commits `batch` in one transaction; each write answers on its own,
    /// a failed commit fails them all.
    pub(super) fn commit(&mut self, batch: Writes) {
        let (writes, answers): (Vec<Write>, Vec<_>) = batch.into_iter().unzip();
        let fence = self.node.as_ref().map(|n| (n.name.as_str(), &self.owned));
        let result = self.rt.block_on(commit(&mut self.client, &writes, fence));
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

/// The unfinished games (of `owner` only, when given), each with the
/// number of times it changed hands.
async fn load(
    client: &Client,
    owner: Option<&str>,
) -> Result<Vec<(StoredGame, i64)>, tokio_postgres::Error> {
    let rows = client
        .query(
            "SELECT code, preset, time, start, white, black, epoch FROM games
             WHERE over = 0 AND ($1::text IS NULL OR owner = $1)",
            &[&owner],
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
    let q = client
        .prepare("SELECT event, at_ms FROM events WHERE code = $1 ORDER BY seq")
        .await?;
    for (g, _) in &mut games {
        for r in client.query(&q, &[&g.code]).await? {
            let at: i64 = r.get(1);
            g.events.push((r.get(0), u64::try_from(at).unwrap_or(0)));
        }
    }
    Ok(games)
}

/// Takes `node`'s lease (refused while another live node has the name:
/// `None`), claims the games nobody owns, and loads its own.
async fn join(
    client: &mut Client,
    node: &Node,
) -> Result<Option<Vec<(StoredGame, i64)>>, tokio_postgres::Error> {
    let tx = client.transaction().await?;
    let taken = tx
        .execute(
            &format!(
                "INSERT INTO nodes(name, addr, until_ms) VALUES ($1, $2, {NOW_MS} + $3)
                 ON CONFLICT (name) DO UPDATE SET addr = $2, until_ms = {NOW_MS} + $3
                 WHERE nodes.until_ms < {NOW_MS}"
            ),
            &[&node.name, &node.addr, &LEASE_MS],
        )
        .await?;
    if taken != 1 {
        return Ok(None);
    }
    // Games of a server that ran alone on this database before.
    tx.execute(
        "UPDATE games SET owner = $1, epoch = epoch + 1 WHERE over = 0 AND owner IS NULL",
        &[&node.name],
    )
    .await?;
    tx.commit().await?;
    load(client, Some(&node.name)).await.map(Some)
}

/// Ends the leases that ran out and moves their nodes' unfinished games
/// to `node`, each one's count of owners raised (so a write of the old
/// owner's fails); returns them.
async fn take_over(
    client: &mut Client,
    node: &Node,
) -> Result<Vec<(StoredGame, i64)>, tokio_postgres::Error> {
    let tx = client.transaction().await?;
    // Only a node that holds its own lease takes others' games.
    let alive = tx
        .query_opt(
            &format!("SELECT 1 FROM nodes WHERE name = $1 AND until_ms > {NOW_MS} FOR UPDATE"),
            &[&node.name],
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
    let mine = load(client, Some(&node.name)).await?;
    Ok(mine
        .into_iter()
        .filter(|(g, _)| codes.contains(&g.code))
        .collect())
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

/// What fences a node's writes: its name and the games it owns, each
/// with the number of times it had changed hands when taken.
type Fence<'a> = Option<(&'a str, &'a HashMap<String, i64>)>;

/// The condition that node `$n` still owns game `$c`, taken at count
/// `$e`, with its lease running.
fn owned_by(c: usize, n: usize, e: usize) -> String {
    format!(
        "EXISTS (SELECT 1 FROM games g JOIN nodes n ON n.name = g.owner
                 WHERE g.code = ${c} AND g.owner = ${n} AND g.epoch = ${e} AND n.until_ms > {NOW_MS}
                 FOR SHARE OF g, n)"
    )
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

/// Runs `q(guard, node)` with `params`, and with the fence's node and
/// count as the next two parameters when there is one: `guard` is then
/// the condition on them and `node` the node's parameter, else `TRUE`
/// and `NULL`.
async fn fenced(
    tx: &Transaction<'_>,
    q: impl Fn(&str, &str) -> String,
    params: &[Param<'_>],
    code_param: usize,
    fence: Option<(&str, i64)>,
) -> Result<u64, tokio_postgres::Error> {
    match fence {
        None => tx.execute(&q("TRUE", "NULL"), params).await,
        Some((node, epoch)) => {
            let (n, e) = (params.len() + 1, params.len() + 2);
            let mut all: Vec<Param<'_>> = params.to_vec();
            all.push(&node);
            all.push(&epoch);
            let writer = format!("${n}");
            tx.execute(&q(&owned_by(code_param, n, e), &writer), &all)
                .await
        }
    }
}

/// One write, fenced when the server is one node of several.
async fn write(
    tx: &Transaction<'_>,
    w: &Write,
    fence: Fence<'_>,
) -> Result<Outcome, tokio_postgres::Error> {
    let fence = match fence {
        None => None,
        Some((node, owned)) => match (w, owned.get(w.code())) {
            (Write::Game(_), _) => Some((node, 0)),
            (_, Some(&epoch)) => Some((node, epoch)),
            (_, None) => return Ok(Outcome::Fenced),
        },
    };
    let outcome = match w {
        Write::Game(g) => {
            let owner = fence.map(|(node, _)| node.to_string());
            let alive = match &owner {
                None => "TRUE".to_string(),
                Some(_) => {
                    format!("EXISTS (SELECT 1 FROM nodes WHERE name = $7 AND until_ms > {NOW_MS})")
                }
            };
            let q = format!(
                "INSERT INTO games(code, preset, time, start, white, black, owner)
                 SELECT $1, $2, $3, $4, $5, $6, $7::text WHERE {alive}
                 ON CONFLICT (code) DO NOTHING"
            );
            let n = tx
                .execute(
                    &q,
                    &[
                        &g.code,
                        &g.preset,
                        &g.time,
                        &g.start,
                        &g.tokens[Color::White],
                        &g.tokens[Color::Black],
                        &owner,
                    ],
                )
                .await?;
            if n == 1 {
                Outcome::Done
            } else {
                Outcome::Clash
            }
        }
        Write::Seat { code, side, token } => {
            let column = if *side == Color::White {
                "white"
            } else {
                "black"
            };
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
                (_, Some((node, epoch))) => {
                    // Nothing inserted: a clash, or the game is not ours.
                    let q = format!("SELECT {}", owned_by(1, 2, 3));
                    let ours: bool = tx.query_one(&q, &[code, &node, &epoch]).await?.get(0);
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
    fence: Fence<'_>,
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
