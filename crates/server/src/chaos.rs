//! The cluster test's players: bots that play random games through
//! several nodes and ride out a node being killed or stopped: when their
//! connection goes they reconnect through the next node with their seat's
//! token and play on. Every move the server acknowledges is written down
//! (`CODE PLY MOVE`), so that the test can check each is stored once.

use std::time::{Duration, Instant};

use minesweeper_core::chess::fen::parse_public;
use minesweeper_core::chess::{Color, PublicPosition};
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

/// The game as a player finds it when it comes back.
struct View {
    side: Color,
    fen: String,
    /// Moves played.
    ply: u32,
    preset: String,
    over: bool,
}

/// The game as it stands after a resume; `None` when the node refused
/// (not yet taken over: try again) or the connection went.
async fn view(bot: &mut Bot) -> Option<View> {
    bot.until(|m| match m {
        ServerMsg::Game {
            you: Some(side),
            fen,
            moves,
            preset,
            over,
            ..
        } => Some(Some(View {
            side: *side,
            fen: fen.clone(),
            ply: moves.len() as u32,
            preset: preset.clone(),
            over: over.is_some(),
        })),
        ServerMsg::Error { .. } => Some(None),
        _ => None,
    })
    .await
    .ok()
    .flatten()
}

/// One player of a chaos run, between its connections.
struct Player {
    seat: Seat,
    /// Resigns after this many moves of the game.
    plies: u32,
    think: Duration,
    rng: GameRng,
    acks: mpsc::UnboundedSender<String>,
    out: Outcome,
    /// When its connection was lost, until its next move is acknowledged.
    lost_at: Option<Instant>,
}

impl Player {
    /// Plays on one connection from `view`: `true` once the game is over,
    /// `false` when the connection went.
    ///
    /// # Errors
    /// The game cannot be followed (an unknown board, no legal move).
    async fn play(&mut self, bot: &mut Bot, view: View) -> Result<bool, BotError> {
        let rules = builtin_variant(&view.preset)
            .map_err(|(_, e)| BotError::Lost(e))?
            .rules;
        let View {
            side,
            mut fen,
            mut ply,
            ..
        } = view;
        // The move number of the last request sent on this connection.
        let mut sent: Option<u32> = None;
        loop {
            let public = parse_public(&fen, rules)
                .ok()
                .filter(|p| !p.legal_moves().is_empty());
            let mine = public.as_ref().is_some_and(|p| p.position().turn() == side);
            if let Some(public) = public.filter(|_| mine && sent.is_none_or(|p| p <= ply)) {
                tokio::time::sleep(self.think).await;
                let (request, number) = self.request(&public, ply)?;
                sent = Some(number);
                if bot.send(&request).await.is_err() {
                    return Ok(false);
                }
            }
            match bot.recv_within(Duration::from_secs(10)).await {
                Ok(ServerMsg::Moved { view, .. }) => {
                    if view.by == side && sent == Some(view.ply) {
                        self.acked(view.ply, &view.uci);
                    }
                    ply = view.ply;
                    fen = view.fen;
                }
                Ok(ServerMsg::Over(_)) => return Ok(true),
                Ok(_) => {}
                // Closed, broken or silent: the node went; on to the next.
                Err(_) => return Ok(false),
            }
        }
    }

    /// The next request after `ply` moves, with the move number it is
    /// sent for: a random legal move, or resigning after `plies`.
    fn request(&mut self, public: &PublicPosition, ply: u32) -> Result<(ClientMsg, u32), BotError> {
        if ply >= self.plies {
            return Ok((ClientMsg::Resign, u32::MAX));
        }
        let moves = public.legal_moves();
        let Some(m) = moves.choose(&mut self.rng) else {
            return Err(BotError::Lost("no legal move in a live game".into()));
        };
        let request = ClientMsg::Move {
            ply: ply + 1,
            mv: m.to_string(),
        };
        Ok((request, ply + 1))
    }

    /// Writes down move `ply`, `uci`, as acknowledged.
    fn acked(&mut self, ply: u32, uci: &str) {
        let _ = self.acks.send(format!("{} {ply} {uci}", self.seat.code));
        self.out.acked += 1;
        if let Some(at) = self.lost_at.take() {
            let gap = u64::try_from(at.elapsed().as_millis()).unwrap_or(u64::MAX);
            self.out.longest_gap_ms = self.out.longest_gap_ms.max(gap);
        }
    }
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
    let mut player = Player {
        seat,
        plies,
        think,
        rng: GameRng::seed_from_u64(seed),
        acks,
        out: Outcome::default(),
        lost_at: None,
    };
    let mut next = first;
    let mut connections = 0;
    loop {
        if Instant::now() > deadline {
            return Err(BotError::Lost(format!(
                "game {}: past the deadline",
                player.seat.code
            )));
        }
        if connections > 0 {
            player.out.reconnects += 1;
        }
        connections += 1;
        let addr = &addrs[next % addrs.len()];
        next += 1;
        let Ok(mut bot) = Bot::connect(addr).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let resume = ClientMsg::Resume {
            token: player.seat.token.clone(),
        };
        if bot.send(&resume).await.is_err() {
            continue;
        }
        let Some(view) = view(&mut bot).await else {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        if view.over || player.play(&mut bot, view).await? {
            return Ok(player.out);
        }
        player.lost_at.get_or_insert_with(Instant::now);
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
            rated: false,
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
