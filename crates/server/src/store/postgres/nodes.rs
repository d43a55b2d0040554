//! The nodes' questions: a node's lease taken, renewed and given up, the
//! games of dead nodes taken over, where a game is played, and the
//! quick-game queue shared by every node.

use tokio_postgres::Client;

use super::games::load;
use super::lease::{LEASE_MS, NOW_MS};
use crate::store::{Answer, Ask, Lookup, Node, Paired, Seeker, StoredGame, Whereabouts};

/// The channel a node that leaves announces itself on.
pub const NODES_CHANNEL: &str = "msc_nodes";

/// The channel a quick game paired on one node is told to the waiting
/// player's node on.
pub const QUICK_CHANNEL: &str = "msc_quick";

/// What a question comes to, before the store thread's own bookkeeping.
pub(super) enum Reply {
    /// The answer as it stands.
    Answer(Answer),
    /// The games taken over from dead nodes, each with its count of
    /// owners.
    Taken(Vec<(StoredGame, i64)>),
    /// This node gave up its lease.
    Left,
    /// This node joined again under a new run: its games (`None`: the
    /// name is another live process's).
    Joined(i64, Option<Vec<(StoredGame, i64)>>),
}

/// Answers `ask` for `node`, in its run `run`.
pub(super) async fn answer(
    client: &mut Client,
    node: &Node,
    run: i64,
    ask: Ask,
) -> Result<Reply, tokio_postgres::Error> {
    let answer = match ask {
        Ask::Heartbeat => Answer::Alive(heartbeat(client, &node.name, run, crate::now_ms()).await?),
        Ask::TakeOver => return Ok(Reply::Taken(take_over(client, node, run).await?)),
        Ask::Locate(lookup) => Answer::Where(locate(client, node, &lookup).await?),
        Ask::QueueTake(control, seeker) => {
            Answer::Taken(queue_take(client, &control, &seeker).await?)
        }
        Ask::QueuePut(control, seeker) => {
            Answer::Ticket(Some(queue_put(client, node, &control, &seeker).await?))
        }
        Ask::QueueRetake(own, control, seeker) => {
            Answer::Taken(queue_retake(client, own, &control, &seeker).await?)
        }
        Ask::QueueRelease(ticket) => {
            client
                .execute(
                    "UPDATE quick_queue SET paired = NULL, taken_ms = NULL
                     WHERE ticket = $1 AND paired = ''",
                    &[&ticket],
                )
                .await?;
            Answer::Done
        }
        Ask::QueueDrop(ticket) => {
            client
                .execute("DELETE FROM quick_queue WHERE ticket = $1", &[&ticket])
                .await?;
            Answer::Done
        }
        Ask::Pair(paired) => {
            pair(client, node, paired).await?;
            Answer::Done
        }
        Ask::QueuePaired => Answer::Pairs(queue_paired(client, node).await?),
        Ask::Leave => {
            leave(client, node, run).await?;
            return Ok(Reply::Left);
        }
        Ask::Rejoin => {
            let run = rand::random::<i64>();
            return Ok(Reply::Joined(run, join(client, node, run).await?));
        }
    };
    Ok(Reply::Answer(answer))
}

/// Renews `node`'s lease, noting the node's own clock (`clock_ms`);
/// `false` once the lease has run out.
pub(super) async fn heartbeat(
    client: &Client,
    node: &str,
    run: i64,
    clock_ms: u64,
) -> Result<bool, tokio_postgres::Error> {
    let q = format!(
        "UPDATE nodes SET until_ms = {NOW_MS} + $2, clock_ms = $4
         WHERE name = $1 AND run = $3 AND until_ms > {NOW_MS}"
    );
    let clock = crate::store::ms(clock_ms);
    let n = client
        .execute(&q, &[&node, &LEASE_MS, &run, &clock])
        .await?;
    Ok(n == 1)
}

/// Gives up `node`'s lease at once and tells the other nodes.
async fn leave(client: &Client, node: &Node, run: i64) -> Result<(), tokio_postgres::Error> {
    // Its players' clocks stop now, by its own clock.
    let q = "UPDATE nodes SET until_ms = 0, clock_ms = $3 WHERE name = $1 AND run = $2";
    let clock = crate::store::ms(crate::now_ms());
    client.execute(q, &[&node.name, &run, &clock]).await?;
    client
        .batch_execute(&format!("NOTIFY {NODES_CHANNEL}, 'left'"))
        .await
}

/// Why a server that is not a node must keep off this database, if it
/// must: the nodes alive on it, or the unfinished games nodes own (a lone
/// server would load and write them with no fence).
pub(super) async fn shared_by_nodes(
    client: &Client,
) -> Result<Option<String>, tokio_postgres::Error> {
    let row = client
        .query_one(
            &format!(
                "SELECT (SELECT string_agg(name, ', ' ORDER BY name) FROM nodes
                         WHERE until_ms > {NOW_MS}),
                        (SELECT count(*) FROM games WHERE over = 0 AND owner IS NOT NULL)"
            ),
            &[],
        )
        .await?;
    let (alive, owned): (Option<String>, i64) = (row.get(0), row.get(1));
    Ok(match (alive, owned) {
        (None, 0) => None,
        (Some(names), _) => Some(format!("nodes {names} serve it")),
        (None, n) => Some(format!("nodes own {n} unfinished game(s) on it")),
    })
}

/// Takes `node`'s lease for this `run` (refused while another live node
/// has the name: `None`), and loads its games: those nobody owns (a
/// server that ran alone on this database before) and its own of an
/// earlier run, each with its count of owners raised so that a stalled
/// earlier process of the same name can no longer write them.
pub(super) async fn join(
    client: &mut Client,
    node: &Node,
    run: i64,
) -> Result<Option<Vec<(StoredGame, i64)>>, tokio_postgres::Error> {
    let tx = client.transaction().await?;
    // The earlier run's clock at its last renewal, if it left a row.
    let earlier: Option<i64> = tx
        .query_opt("SELECT clock_ms FROM nodes WHERE name = $1", &[&node.name])
        .await?
        .map(|r| r.get(0));
    let clock = crate::store::ms(crate::now_ms());
    let taken = tx
        .execute(
            &format!(
                "INSERT INTO nodes(name, addr, until_ms, run, clock_ms)
                 VALUES ($1, $2, {NOW_MS} + $3, $4, $5)
                 ON CONFLICT (name) DO UPDATE SET addr = $2, until_ms = {NOW_MS} + $3, run = $4,
                     clock_ms = $5
                 WHERE nodes.until_ms < {NOW_MS}"
            ),
            &[&node.name, &node.addr, &LEASE_MS, &run, &clock],
        )
        .await?;
    if taken != 1 {
        return Ok(None);
    }
    // Games of an earlier run of this node (not those nobody owned):
    // their clocks stopped when it last renewed.
    let mine: std::collections::HashSet<String> = tx
        .query(
            "SELECT code FROM games WHERE over = 0 AND owner = $1",
            &[&node.name],
        )
        .await?
        .iter()
        .map(|r| r.get(0))
        .collect();
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
    // Loaded before the commit makes them this node's: a load that fails
    // leaves them where they were.
    let mut games = load(&tx, Some(&codes)).await?;
    tx.commit().await?;
    if let Some(stopped) = earlier.filter(|&c| c > 0) {
        for (g, _) in &mut games {
            if mine.contains(&g.code) {
                g.stopped_ms = u64::try_from(stopped).ok();
            }
        }
    }
    Ok(Some(games))
}

/// Ends the leases that ran out and moves their nodes' unfinished games
/// to `node`, each one's count of owners raised (so a write of the old
/// owner's fails); returns them.
/// Whether the lease of a node other than `me` has run out: asked every
/// heartbeat before a take-over's transaction (a quick question with the
/// usual time limit; only a take-over that has games to load gets the long
/// one, so that a database that goes silent mid-question holds the store
/// thread 3 s, not 30).
pub(super) async fn lease_ran_out(
    client: &Client,
    me: &str,
) -> Result<bool, tokio_postgres::Error> {
    let row = client
        .query_one(
            &format!(
                "SELECT EXISTS (SELECT 1 FROM nodes WHERE until_ms < {NOW_MS} AND name <> $1)"
            ),
            &[&me],
        )
        .await?;
    Ok(row.get(0))
}

async fn take_over(
    client: &mut Client,
    node: &Node,
    run: i64,
) -> Result<Vec<(StoredGame, i64)>, tokio_postgres::Error> {
    let tx = client.transaction().await?;
    // Only a node that holds its own lease takes others' games (the row
    // kept from deletion only: this node's heartbeat, on a connection of
    // its own, still renews it meanwhile).
    let alive = tx
        .query_opt(
            &format!(
                "SELECT 1 FROM nodes WHERE name = $1 AND run = $2 AND until_ms > {NOW_MS}
                 FOR KEY SHARE"
            ),
            &[&node.name, &run],
        )
        .await?;
    if alive.is_none() {
        return Ok(Vec::new());
    }
    // A dead node with a transaction still open (paused, cut off) keeps
    // its row locked until the database ends that transaction: skipped
    // now, taken at a later tick, never waited for.
    let dead: Vec<(String, i64)> = tx
        .query(
            &format!(
                "DELETE FROM nodes WHERE name IN (
                     SELECT name FROM nodes WHERE until_ms < {NOW_MS} AND name <> $1
                     FOR UPDATE SKIP LOCKED)
                 RETURNING name, clock_ms"
            ),
            &[&node.name],
        )
        .await?
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    if dead.is_empty() {
        return Ok(Vec::new());
    }
    let (names, clocks): (Vec<String>, Vec<i64>) = dead.into_iter().unzip();
    // Their players waiting for a quick game are gone with them.
    tx.execute("DELETE FROM quick_queue WHERE node = ANY($1)", &[&names])
        .await?;
    let rows = tx
        .query(
            "UPDATE games g SET owner = $1, epoch = g.epoch + 1
             FROM unnest($2::text[], $3::bigint[]) AS d(name, clock_ms)
             WHERE g.over = 0 AND g.owner = d.name RETURNING g.code, d.clock_ms",
            &[&node.name, &names, &clocks],
        )
        .await?;
    if rows.is_empty() {
        tx.commit().await?;
        return Ok(Vec::new());
    }
    let stopped: std::collections::HashMap<String, i64> =
        rows.iter().map(|r| (r.get(0), r.get(1))).collect();
    let codes: Vec<String> = stopped.keys().cloned().collect();
    // Loaded inside the transaction: the games become this node's only
    // once they are in hand, and a load that fails leaves them unowned
    // by anyone alive, for the next tick.
    let mut games = load(&tx, Some(&codes)).await?;
    tx.commit().await?;
    for (g, _) in &mut games {
        g.stopped_ms = stopped
            .get(&g.code)
            .and_then(|&c| u64::try_from(c).ok())
            .filter(|&c| c > 0);
    }
    Ok(games)
}

/// Where each of `lookups` is played, the queries pipelined on the one
/// connection: a crowd of players looking for their games (a node's
/// clients all coming through the others) costs one round trip per batch,
/// not one each.
pub(super) async fn locate_all(
    client: &Client,
    node: &Node,
    lookups: &[Lookup],
) -> Result<Vec<Result<Whereabouts, tokio_postgres::Error>>, tokio_postgres::Error> {
    let each = lookups.iter().map(|l| locate(client, node, l));
    Ok(futures_util::future::join_all(each).await)
}

/// Where the unfinished game a client names is played: from its owner
/// and, when the owner's lease holds, the owner's address.
async fn locate(
    client: &Client,
    node: &Node,
    lookup: &Lookup,
) -> Result<Whereabouts, tokio_postgres::Error> {
    let (column, key) = match lookup {
        Lookup::Code(code) => ("g.code = $1", code),
        Lookup::Token(token) => ("(g.white = $1 OR g.black = $1)", token),
    };
    let q = format!(
        "SELECT g.owner, n.addr FROM games g
         LEFT JOIN nodes n ON n.name = g.owner AND n.until_ms > {NOW_MS}
         WHERE {column} AND g.over = 0"
    );
    let found: Option<(Option<String>, Option<String>)> = client
        .query_opt(&q, &[key])
        .await?
        .map(|r| (r.get(0), r.get(1)));
    Ok(match found {
        None => Whereabouts::Unknown,
        Some((owner, _)) if owner.as_deref() == Some(node.name.as_str()) => Whereabouts::Here,
        Some((_, Some(addr))) => Whereabouts::There(addr),
        Some((_, None)) => Whereabouts::Down,
    })
}

/// Takes the longest waiting player for `control` of a live node out of
/// the queue: its ticket.
async fn queue_take(
    client: &impl tokio_postgres::GenericClient,
    control: &str,
    seeker: &Seeker,
) -> Result<Option<(i64, Option<i64>)>, tokio_postgres::Error> {
    // Taken (paired = ''), not deleted: the pairing is written into the
    // row for the waiting player's node to collect. A rated seeker takes
    // the nearest rating that either's range (widening with the wait, as
    // on one node: hub::queue::range) takes in, never its own account.
    let range = |since: &str| {
        format!(
            "CASE WHEN {NOW_MS} - {since} >= 60000 THEN 1e9
             ELSE 150 + 50 * floor(({NOW_MS} - {since}) / 5000) END"
        )
    };
    let (waited, mine) = (range("q.since_ms"), range("$4::bigint"));
    let q = format!(
        "UPDATE quick_queue SET paired = '', taken_ms = {NOW_MS} WHERE ticket = (
             SELECT q.ticket FROM quick_queue q
             JOIN nodes n ON n.name = q.node AND n.until_ms > {NOW_MS}
             WHERE q.control = $1 AND q.paired IS NULL
               AND ($2::float8 IS NULL OR (q.user_id <> $3
                    AND abs(q.rating - $2) <= GREATEST({waited}, {mine})))
             ORDER BY abs(coalesce(q.rating, 0) - coalesce($2, 0)), q.ticket
             LIMIT 1 FOR UPDATE OF q SKIP LOCKED)
         RETURNING ticket, user_id"
    );
    let rating = seeker.rated.map(|(r, _)| r);
    let user = seeker.rated.map_or(-1, |(_, u)| u);
    let since = i64::try_from(seeker.since_ms).unwrap_or(i64::MAX);
    let row = client
        .query_opt(&q, &[&control, &rating, &user, &since])
        .await?;
    Ok(row.map(|r| (r.get(0), r.get(1))))
}

/// A player of this node waiting with ticket `own` takes the partner its
/// widened range now allows: its own ticket and the partner's are taken
/// together, or neither (another node paired it meanwhile, or nobody
/// suits yet).
async fn queue_retake(
    client: &mut Client,
    own: i64,
    control: &str,
    seeker: &Seeker,
) -> Result<Option<(i64, Option<i64>)>, tokio_postgres::Error> {
    let tx = client.transaction().await?;
    let mine = tx
        .execute(
            "DELETE FROM quick_queue WHERE ticket = $1 AND paired IS NULL",
            &[&own],
        )
        .await?;
    if mine == 0 {
        return Ok(None);
    }
    let found = queue_take(&tx, control, seeker).await?;
    if found.is_some() {
        tx.commit().await?;
    }
    // Dropped uncommitted otherwise: the own ticket stays in the queue.
    Ok(found)
}

/// Puts a player of `node` in the queue for `control`: its ticket.
async fn queue_put(
    client: &Client,
    node: &Node,
    control: &str,
    seeker: &Seeker,
) -> Result<i64, tokio_postgres::Error> {
    let rating = seeker.rated.map(|(r, _)| r);
    let user = seeker.rated.map(|(_, u)| u);
    let since = i64::try_from(seeker.since_ms).unwrap_or(i64::MAX);
    let row = client
        .query_one(
            "INSERT INTO quick_queue(control, node, rating, user_id, since_ms)
             VALUES ($1, $2, $3, $4, $5) RETURNING ticket",
            &[&control, &node.name, &rating, &user, &since],
        )
        .await?;
    Ok(row.get(0))
}

/// Tells the waiting player's node its game, played on `node`: kept in
/// the queue's row, and sent on [`QUICK_CHANNEL`].
async fn pair(
    client: &Client,
    node: &Node,
    mut paired: Paired,
) -> Result<(), tokio_postgres::Error> {
    paired.addr = node.addr.clone();
    let payload = paired.to_payload();
    // Only while the ticket is still taken: one given back as stale meanwhile
    // is another pairing's now, and its player is not told this one.
    let written = client
        .execute(
            "UPDATE quick_queue SET paired = $2 WHERE ticket = $1 AND paired = ''",
            &[&paired.ticket, &payload],
        )
        .await?;
    if written == 0 {
        return Ok(());
    }
    client
        .execute("SELECT pg_notify($1, $2)", &[&QUICK_CHANNEL, &payload])
        .await?;
    Ok(())
}

/// How long a ticket may stay taken without its pairing written before
/// it goes back to the queue (its taker failed or died mid-pairing).
pub(super) const TICKET_STALE_MS: i64 = 10_000;

/// Collects the games paired for `node`'s waiting players, taking them
/// out of the queue; first gives back to the queue every ticket taken for
/// a pairing that never came.
async fn queue_paired(client: &Client, node: &Node) -> Result<Vec<Paired>, tokio_postgres::Error> {
    client
        .execute(
            &format!(
                "UPDATE quick_queue SET paired = NULL, taken_ms = NULL
                 WHERE paired = '' AND taken_ms < {NOW_MS} - $1"
            ),
            &[&TICKET_STALE_MS],
        )
        .await?;
    let rows = client
        .query(
            "DELETE FROM quick_queue WHERE node = $1 AND paired <> '' RETURNING paired",
            &[&node.name],
        )
        .await?;
    Ok(rows
        .iter()
        .filter_map(|r| Paired::from_payload(r.get(0)))
        .collect())
}
