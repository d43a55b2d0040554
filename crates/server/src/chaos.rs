//! The cluster test's players: bots that play random games through
//! several nodes and ride out a node being killed or stopped: when their
//! connection goes they reconnect through the next node with their seat's
//! token and play on. Every move the server acknowledges is written down
//! (`CODE PLY MOVE`), so that the test can check each is stored once.

use std::time::{Duration, Instant};

use minesweeper_core::chess::fen::parse_public;
use minesweeper_core::online::protocol::{ClientMsg, SeatChoice, ServerMsg};
use minesweeper_core::online::table::builtin_variant;
use minesweeper_core::rng::GameRng;
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use tokio::sync::mpsc;

use crate::swarm::{Bot, BotError};

/// A seat in a game, as a player keeps it to come back.
struct Seat {
    code: String,
    token: String,
}

/// What a chaos run saw.
#[derive(Debug, Default)]
pub struct ChaosReport {
    /// Games played.
    pub games: usize,
    /// Players whose game reached its end.
    pub finished: usize,
    /// Players that gave up, with the first reason.
    pub failed: (usize, Option<String>),
    /// Moves acknowledged.
    pub acked: usize,
    /// Times a player reconnected.
    pub reconnects: usize,
    /// The longest a player waited, from losing its connection to its
    /// next move acknowledged (ms).
    pub longest_gap_ms: u64,
}

/// How one player's game went.
#[derive(Default)]
struct Outcome {
    acked: usize,
    reconnects: usize,
    longest_gap_ms: u64,
}

async fn seated(bot: &mut Bot) -> Result<Seat, BotError> {
    bot.until(|m| match m {
        ServerMsg::Seated { code, token, .. } => Some(Ok(Seat {
            code: code.clone(),
            token: token.clone(),
        })),
        ServerMsg::Error { code, message } => Some(Err(BotError::Refused(*code, message.clone()))),
        _ => None,
    })
    .await?
}

/// Plays one seat to the end (resigning after `plies` moves of the
/// game), through `addrs` from `first`, reconnecting on the next node
/// whenever the connection goes, until `deadline`.
#[allow(clippy::too_many_arguments)]
async fn survive(
    seat: Seat,
    addrs: Vec<String>,
    first: usize,
    plies: u32,
    think: Duration,
    deadline: Instant,
    seed: u64,
    acks: mpsc::UnboundedSender<String>,
) -> Result<Outcome, BotError> {
    let mut out = Outcome::default();
    let mut rng = GameRng::seed_from_u64(seed);
    let mut next = first;
    let mut lost_at: Option<Instant> = None;
    let mut connections = 0;
    loop {
        if Instant::now() > deadline {
            return Err(BotError::Lost(format!(
                "game {}: past the deadline",
                seat.code
            )));
        }
        if connections > 0 {
            out.reconnects += 1;
        }
        connections += 1;
        let addr = &addrs[next % addrs.len()];
        next += 1;
        let Ok(mut bot) = Bot::connect(addr).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        if bot
            .send(&ClientMsg::Resume {
                token: seat.token.clone(),
            })
            .await
            .is_err()
        {
            continue;
        }
        // The game as it stands (or: not yet taken over, try again).
        let view = bot
            .until(|m| match m {
                ServerMsg::Game {
                    you: Some(side),
                    fen,
                    moves,
                    preset,
                    over,
                    ..
                } => Some(Some((
                    *side,
                    fen.clone(),
                    moves.len() as u32,
                    preset.clone(),
                    over.is_some(),
                ))),
                ServerMsg::Error { .. } => Some(None),
                _ => None,
            })
            .await;
        let Ok(Some((side, mut fen, mut ply, preset, over))) = view else {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        if over {
            return Ok(out);
        }
        let rules = builtin_variant(&preset)
            .map_err(|(_, e)| BotError::Lost(e))?
            .rules;
        let mut sent: Option<u32> = None;
        let ended = loop {
            let public = parse_public(&fen, rules)
                .ok()
                .filter(|p| !p.legal_moves().is_empty());
            let mine = public.as_ref().is_some_and(|p| p.position().turn() == side);
            if let Some(public) = public.filter(|_| mine && sent.is_none_or(|p| p <= ply)) {
                tokio::time::sleep(think).await;
                let request = if ply >= plies {
                    sent = Some(u32::MAX);
                    ClientMsg::Resign
                } else {
                    let moves = public.legal_moves();
                    let Some(m) = moves.choose(&mut rng) else {
                        return Err(BotError::Lost("no legal move in a live game".into()));
                    };
                    sent = Some(ply + 1);
                    ClientMsg::Move {
                        ply: ply + 1,
                        mv: m.to_string(),
                    }
                };
                if bot.send(&request).await.is_err() {
                    break false;
                }
            }
            match bot.recv_within(Duration::from_secs(10)).await {
                Ok(ServerMsg::Moved { view, .. }) => {
                    if view.by == side && sent == Some(view.ply) {
                        let _ = acks.send(format!("{} {} {}", seat.code, view.ply, view.uci));
                        out.acked += 1;
                        if let Some(at) = lost_at.take() {
                            let gap = u64::try_from(at.elapsed().as_millis()).unwrap_or(u64::MAX);
                            out.longest_gap_ms = out.longest_gap_ms.max(gap);
                        }
                    }
                    ply = view.ply;
                    fen = view.fen;
                }
                Ok(ServerMsg::Over(_)) => break true,
                Ok(_) => {}
                // Closed, broken or silent: the node went; on to the next.
                Err(_) => break false,
            }
        };
        if ended {
            return Ok(out);
        }
        lost_at.get_or_insert_with(Instant::now);
    }
}

/// Opens `games` games across `addrs` (White on node `i`, Black joining
/// through node `i + 1`), plays them with random moves, `plies` moves a
/// game at most, each after `think`, and sends each acknowledged move to
/// `acks`. Gives up on a player after `limit`.
///
/// # Errors
/// No node could open the games.
pub async fn chaos(
    addrs: &[String],
    games: usize,
    plies: u32,
    think: Duration,
    limit: Duration,
    acks: mpsc::UnboundedSender<String>,
) -> Result<ChaosReport, BotError> {
    let deadline = Instant::now() + limit;
    let n = addrs.len().max(1);
    let mut tasks = Vec::new();
    for i in 0..games {
        let mut w = Bot::connect(&addrs[i % n]).await?;
        w.send(&ClientMsg::Create {
            preset: "classic.ron".into(),
            time: Some("15+10".into()),
            color: SeatChoice::White,
        })
        .await?;
        let ws = seated(&mut w).await?;
        let mut b = Bot::connect(&addrs[(i + 1) % n]).await?;
        b.send(&ClientMsg::Join {
            code: ws.code.clone(),
        })
        .await?;
        let bs = seated(&mut b).await?;
        // Each player plays on a connection of its own from here.
        drop((w, b));
        for (k, (seat, start)) in [(ws, i), (bs, i + 1)].into_iter().enumerate() {
            let (addrs, acks) = (addrs.to_vec(), acks.clone());
            let seed = (i * 2 + k) as u64;
            tasks.push(tokio::spawn(survive(
                seat, addrs, start, plies, think, deadline, seed, acks,
            )));
        }
    }
    let mut report = ChaosReport {
        games,
        ..ChaosReport::default()
    };
    for t in tasks {
        match t.await {
            Ok(Ok(o)) => {
                report.finished += 1;
                report.acked += o.acked;
                report.reconnects += o.reconnects;
                report.longest_gap_ms = report.longest_gap_ms.max(o.longest_gap_ms);
            }
            Ok(Err(e)) => {
                report.failed.0 += 1;
                report.failed.1.get_or_insert(e.to_string());
            }
            Err(e) => {
                report.failed.0 += 1;
                report.failed.1.get_or_insert(e.to_string());
            }
        }
    }
    Ok(report)
}
