//! The store on PostgreSQL (`--db postgres://…`): the same tables as
//! SQLite, written by the store thread through one connection. A batch of
//! writes is sent pipelined in one transaction; a write that would clash
//! (a code already used, an event number already stored) inserts nothing
//! and is refused alone instead of aborting the others.
//!
//! Its parts: [`link`] the connection and its time limits, [`games`] the
//! migrations and the games loaded, [`lease`] the leases and fences in
//! SQL, [`nodes`] the nodes' questions and quick-game queue, [`writes`]
//! the batch of fenced writes.

use std::collections::HashMap;

use tokio::runtime::Runtime;
use tokio_postgres::Client;

use super::{Answer, Ask, Lookup, Node, StoreError, StoredGame, Whereabouts, Write, Writes};

mod games;
mod heart;
mod lease;
mod link;
mod nodes;
mod sql;
mod writes;

pub use heart::Heart;
pub use lease::LEASE_MS;
pub use nodes::{NODES_CHANNEL, QUICK_CHANNEL};

use link::{DbError, LOAD_TIMEOUT, QUERY_TIMEOUT, connect, connect_async, within};
use nodes::Reply;
use writes::Fence;

/// How long after a failed connection the store tries again.
const RETRY_AFTER: std::time::Duration = std::time::Duration::from_secs(1);

/// The longest a job waits for a connection being made again.
const CONNECT_WAIT: std::time::Duration = std::time::Duration::from_millis(500);

/// A connection being made, driven whenever the store thread waits on it.
type Connecting = std::pin::Pin<Box<dyn std::future::Future<Output = Result<Client, DbError>>>>;

/// The connection and the runtime that drives it.
pub(super) struct Postgres {
    rt: Runtime,
    client: Client,
    /// Set when a query outran [`QUERY_TIMEOUT`]: the connection is made
    /// again before the next job.
    broken: bool,
    /// Until when a failed connection is not tried again: while the
    /// database is out of reach, the jobs waiting fail at once rather than
    /// each waiting out its own connection attempt.
    down_until: Option<std::time::Instant>,
    /// The attempt to connect again under way, if one is.
    connecting: Option<Connecting>,
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

/// `url` with any password left out: in the user part and as a
/// `password=` parameter.
pub(crate) fn display(url: &str) -> String {
    let (path, params) = url.split_once('?').unwrap_or((url, ""));
    let path = match path.split_once("://").zip(path.rsplit_once('@')) {
        Some(((scheme, _), (_, host))) => format!("{scheme}://…@{host}"),
        None => path.to_string(),
    };
    if params.is_empty() {
        return path;
    }
    let params: Vec<&str> = params
        .split('&')
        .map(|p| {
            if p.starts_with("password=") {
                "password=…"
            } else {
                p
            }
        })
        .collect();
    format!("{path}?{}", params.join("&"))
}

/// `url` with `password` added as its `password=` parameter (percent
/// encoded): the password read from the environment or a file, never from
/// the command line, where any user of the machine can read it.
pub fn with_password(url: &str, password: &str) -> String {
    let mut encoded = String::with_capacity(password.len() * 3);
    for b in password.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            encoded.push(char::from(b));
        } else {
            encoded.push_str(&format!("%{b:02X}"));
        }
    }
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}password={encoded}")
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
        run: i64,
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
        rt.block_on(games::migrate(&mut client, &name))?;
        let mut pg = Postgres {
            rt,
            client,
            broken: false,
            down_until: None,
            connecting: None,
            url: url.to_string(),
            name: name.clone(),
            node,
            run,
            owned: HashMap::new(),
        };
        let run = pg.run;
        if pg.node.is_none() {
            let shared = within(&pg.rt, QUERY_TIMEOUT, nodes::shared_by_nodes(&pg.client))
                .map_err(|e| open(e.to_string()))?;
            if let Some(why) = shared {
                return Err(open(format!(
                    "{why}: a server on a database of several nodes must be one of them \
                     (--node NAME with MSC_CLUSTER_SECRET)"
                )));
            }
        }
        let games = match pg.node.clone() {
            None => within(&pg.rt, LOAD_TIMEOUT, games::load(&pg.client, None)).map(Some),
            Some(node) => within(&pg.rt, LOAD_TIMEOUT, nodes::join(&mut pg.client, &node, run)),
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
    ///
    /// The attempt is kept across jobs, and each job gives it at most
    /// [`CONNECT_WAIT`]: behind a cut link an attempt takes its whole
    /// [`link::CONNECT_TIMEOUT`], which no lookup or move should wait out.
    fn ready(&mut self) -> Result<(), DbError> {
        if !self.broken && !self.client.is_closed() {
            return Ok(());
        }
        let now = std::time::Instant::now();
        if self.down_until.is_some_and(|t| now < t) {
            return Err(DbError::Down);
        }
        let url = self.url.clone();
        let attempt = self
            .connecting
            .get_or_insert_with(|| Box::pin(async move { connect_async(&url).await }));
        let polled = self
            .rt
            .block_on(async { tokio::time::timeout(CONNECT_WAIT, attempt.as_mut()).await });
        // Still connecting: this job fails now, the attempt goes on with
        // the next one.
        let made = polled.map_err(|_| DbError::Down)?;
        self.connecting = None;
        self.client = made.inspect_err(|_| {
            self.down_until = Some(std::time::Instant::now() + RETRY_AFTER);
        })?;
        self.broken = false;
        self.down_until = None;
        crate::log::log(crate::log::Level::Warn, "db_reconnected", &[]);
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
        // Taking over loads the games taken, as a start does: the long
        // limit, once a lease has run out.
        let limit = match ask {
            Ask::TakeOver => {
                let due = within(
                    &self.rt,
                    QUERY_TIMEOUT,
                    nodes::lease_ran_out(&self.client, &node.name),
                );
                if !self.checked(due)? {
                    return Ok(Answer::Games(Vec::new()));
                }
                LOAD_TIMEOUT
            }
            Ask::Rejoin => LOAD_TIMEOUT,
            _ => QUERY_TIMEOUT,
        };
        let reply = within(
            &self.rt,
            limit,
            nodes::answer(&mut self.client, &node, self.run, ask),
        );
        Ok(match self.checked(reply)? {
            Reply::Answer(answer) => answer,
            Reply::Taken(games) => Answer::Games(self.own(&games)),
            Reply::Left | Reply::Joined(_, None) => {
                self.owned.clear();
                Answer::Done
            }
            Reply::Joined(run, Some(games)) => {
                self.owned.clear();
                self.run = run;
                Answer::Joined(run, self.own(&games))
            }
        })
    }

    /// Where each of `lookups` is played, in one round trip: each answers
    /// on its own (all fail together only when the connection does).
    pub(super) fn locate_all(&mut self, lookups: &[Lookup]) -> Vec<Result<Answer, StoreError>> {
        let Some(node) = self.node.clone() else {
            return lookups
                .iter()
                .map(|_| Ok(Answer::Where(Whereabouts::Unknown)))
                .collect();
        };
        let found = self.ready().and_then(|()| {
            within(
                &self.rt,
                QUERY_TIMEOUT,
                nodes::locate_all(&self.client, &node, lookups),
            )
        });
        match self.checked(found) {
            Ok(each) => each
                .into_iter()
                .map(|r| {
                    r.map(Answer::Where)
                        .map_err(|e| StoreError::Write(format!("{}: {e}", self.name)))
                })
                .collect(),
            Err(e) => lookups.iter().map(|_| Err(e.clone())).collect(),
        }
    }

    /// Commits `batch` in one transaction; each write answers on its own,
    /// a failed commit fails them all (`false`).
    pub(super) fn commit(&mut self, batch: Writes) -> bool {
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
                writes::commit(&mut self.client, &writes, fence),
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
                true
            }
            Err(e) => {
                let why = StoreError::Commit(format!("{}: {e}", self.name));
                for done in answers {
                    let _ = done.send(Err(why.clone()));
                }
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::database_url;

    #[test]
    fn a_password_never_shows_in_the_address_printed() {
        use super::{display, with_password};
        let url = with_password(
            "postgres://game@db:5432/msc?sslmode=disable",
            "s3cret p@ss&x=1",
        );
        assert!(url.ends_with("&password=s3cret%20p%40ss%26x%3D1"), "{url}");
        let shown = display(&url);
        assert_eq!(shown, "postgres://…@db:5432/msc?sslmode=disable&password=…");
        assert_eq!(display("postgres://u:pw@h/db"), "postgres://…@h/db");
        let parsed: tokio_postgres::Config = url.parse().expect("reads");
        assert_eq!(parsed.get_password(), Some("s3cret p@ss&x=1".as_bytes()));
    }

    #[test]
    fn a_database_beside_the_one_given_keeps_the_server_and_parameters() {
        assert_eq!(
            database_url("postgres://u:p@h:5/db?sslmode=disable", "t1"),
            "postgres://u:p@h:5/t1?sslmode=disable"
        );
        assert_eq!(database_url("postgres://u@h/db", "t2"), "postgres://u@h/t2");
    }
}
