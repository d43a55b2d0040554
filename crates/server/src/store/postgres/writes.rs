//! The writes of a batch, sent pipelined in one transaction. A write that
//! would clash (a code already used, an event number already stored)
//! inserts nothing and is refused alone; on a node of several each write
//! is fenced: it changes nothing unless the node still owns the game and
//! holds its lease.

use std::collections::HashMap;

use futures_util::future::join_all;
use minesweeper_core::chess::Color;
use tokio_postgres::Transaction;

use super::lease::{alive, owned_by};
use crate::store::{StoreError, StoredGame, Write, ms, seat_column};

/// What fences a node's writes: its name and run, and the games it owns,
/// each with the number of times it had changed hands when taken.
#[derive(Clone, Copy)]
pub(super) struct Fence<'a> {
    /// The node's name.
    pub(super) node: &'a str,
    /// This run of it.
    pub(super) run: i64,
    /// Its games and their counts of owners.
    pub(super) owned: &'a HashMap<String, i64>,
}

/// What a write comes to.
enum Outcome {
    Done,
    /// It would clash: nothing changed.
    Clash,
    /// This node does not own the game (any more): nothing changed.
    Fenced,
}

impl Outcome {
    /// A fenced write that inserted nothing: a clash while this node
    /// still holds the game (`ours`), else fenced.
    fn unchanged(ours: bool) -> Outcome {
        if ours {
            Outcome::Clash
        } else {
            Outcome::Fenced
        }
    }
}

type Param<'a> = &'a (dyn tokio_postgres::types::ToSql + Sync);

/// One write's fence: the node, its run and the game's count of owners.
type Held<'a> = Option<(&'a str, i64, i64)>;

/// Commits `writes` in one transaction: each one's answer, or the
/// database's error when the transaction failed.
pub(super) async fn commit(
    client: &mut tokio_postgres::Client,
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

/// The fence `w` is written under by the node `f` names; `None` when
/// the node does not own the game `w` is about (a new game is its
/// writer's).
fn fence_of<'a>(w: &Write, f: Fence<'a>) -> Held<'a> {
    match (w, f.owned.get(w.code())) {
        (Write::Game(_), _) => Some((f.node, f.run, 0)),
        (_, Some(&epoch)) => Some((f.node, f.run, epoch)),
        (_, None) => None,
    }
}

/// One write, fenced when the server is one node of several.
async fn write(
    tx: &Transaction<'_>,
    w: &Write,
    fence: Option<Fence<'_>>,
) -> Result<Outcome, tokio_postgres::Error> {
    let held = match fence {
        None => None,
        Some(f) => match fence_of(w, f) {
            Some(h) => Some(h),
            None => return Ok(Outcome::Fenced),
        },
    };
    match w {
        Write::Game(g) => insert_game(tx, g, held).await,
        Write::Seat {
            code,
            side,
            token,
            user,
        } => {
            let column = seat_column(*side);
            let q = |guard: &str, _: &str| {
                format!(
                    "UPDATE games SET {column} = $2, {column}_user = $3 WHERE code = $1 AND {guard}"
                )
            };
            let n = fenced(tx, q, &[code, token, user], 1, held).await?;
            Ok(updated(n, held))
        }
        Write::Event {
            code,
            seq,
            event,
            at_ms,
            ends,
            ending,
        } => {
            let end = ends.then(|| crate::store::ending_columns(ending.as_ref()));
            insert_event(tx, code, ms(*seq), event, ms(*at_ms), end, held).await
        }
        Write::Abandon { code } => {
            let q = |guard: &str, _: &str| {
                format!("UPDATE games SET over = 1 WHERE code = $1 AND {guard}")
            };
            let n = fenced(tx, q, &[code], 1, held).await?;
            Ok(updated(n, held))
        }
    }
}

/// An UPDATE of `n` rows: done, unless fenced and no row changed (the
/// game is no longer this node's).
fn updated(n: u64, held: Held<'_>) -> Outcome {
    if n == 1 || held.is_none() {
        Outcome::Done
    } else {
        Outcome::Fenced
    }
}

/// A new game, owned by the node writing it (when it holds its lease).
async fn insert_game(
    tx: &Transaction<'_>,
    g: &StoredGame,
    held: Held<'_>,
) -> Result<Outcome, tokio_postgres::Error> {
    let owner = held.map(|(node, _, _)| node.to_string());
    let run = held.map_or(0, |(_, run, _)| run);
    let guard = match &owner {
        None => "TRUE".to_string(),
        Some(_) => alive(7, 11),
    };
    let rated = i64::from(g.rated);
    let q = format!(
        "INSERT INTO games(code, preset, time, start, white, black, owner,
                           white_user, black_user, rated)
         SELECT $1, $2, $3, $4, $5, $6, $7::text, $8, $9, $10 WHERE {guard}
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
        &g.users[Color::White],
        &g.users[Color::Black],
        &rated,
    ];
    if owner.is_some() {
        params.push(&run);
    }
    let n = tx.execute(&q, &params).await?;
    Ok(match (n, &owner) {
        (1, _) => Outcome::Done,
        (_, None) => Outcome::Clash,
        (_, Some(node)) => {
            // Nothing inserted: a code already used, or this node's
            // lease is gone.
            let q = format!("SELECT {}", alive(1, 2));
            let held: bool = tx.query_one(&q, &[node, &run]).await?.get(0);
            Outcome::unchanged(held)
        }
    })
}

/// Event `seq` of game `code` at `at` ms; `ends` marks the game over.
async fn insert_event(
    tx: &Transaction<'_>,
    code: &str,
    seq: i64,
    event: &str,
    at: i64,
    end: Option<(Option<&str>, Option<&str>, Option<i64>)>,
    held: Held<'_>,
) -> Result<Outcome, tokio_postgres::Error> {
    // The writing node is kept with each event: the cluster test checks
    // that no node wrote after another took the game.
    let q = |guard: &str, node: &str| {
        format!(
            "INSERT INTO events(code, seq, event, at_ms, node)
             SELECT $1, $2, $3, $4, {node}::text WHERE {guard}
             ON CONFLICT (code, seq) DO NOTHING"
        )
    };
    let n = fenced(tx, q, &[&code, &seq, &event, &at], 1, held).await?;
    if n == 1
        && let Some((result, why, plies)) = end
    {
        tx.execute(
            "UPDATE games SET over = 1, result = $2, why = $3, plies = $4, ended_ms = $5
             WHERE code = $1",
            &[&code, &result, &why, &plies, &at],
        )
        .await?;
    }
    Ok(match (n, held) {
        (1, _) => Outcome::Done,
        (_, None) => Outcome::Clash,
        (_, Some((node, run, epoch))) => {
            // Nothing inserted: a clash, or the game is not ours.
            let q = format!("SELECT {}", owned_by(1, 2, 3, 4));
            let ours: bool = tx
                .query_one(&q, &[&code, &node, &epoch, &run])
                .await?
                .get(0);
            Outcome::unchanged(ours)
        }
    })
}
