//! The cluster test's players: bots that play random games through
//! several nodes and ride out a node being killed or stopped: when their
//! connection goes they reconnect through the next node with their seat's
//! token and play on. Every move the server acknowledges is written down
//! (`CODE PLY MOVE AT_MS CHARGED_MS THINK_MS`: when, the clock it cost
//! beyond thinking, and the thinking on the connection it went by), so
//! that the tests can check each is stored once and measure the faults.

use std::time::{Duration, Instant};

use minesweeper_core::chess::fen::parse_public;
use minesweeper_core::chess::{Color, PublicPosition};
use minesweeper_core::online::liveness;
use minesweeper_core::online::protocol::{ClientMsg, ClockView, SeatChoice, ServerMsg};
use minesweeper_core::online::table::builtin_variant;
use minesweeper_core::rng::GameRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use tokio::sync::mpsc;

use crate::swarm::{Bot, BotError};

/// A connection silent this long is pinged, as the game's client does.
pub const PING_AFTER: Duration = Duration::from_secs(liveness::PING_AFTER_S as u64);

/// A connection silent this long (a ping unanswered) is given up, as the
/// game's client does.
pub const SILENT_FOR: Duration = Duration::from_secs(liveness::SILENT_S as u64);

/// The increment of the chaos games' time control (15+10), in ms.
const INCREMENT_MS: u64 = 10_000;

/// The chaos games' time control.
const CONTROL: &str = "15+10";

/// The next message, pinging the connection while it is silent; `Err`
/// once it was silent for [`SILENT_FOR`] or went.
async fn recv_live(bot: &mut Bot) -> Result<ServerMsg, BotError> {
    let began = Instant::now();
    loop {
        match bot.recv_within(PING_AFTER).await {
            Err(BotError::Timeout(_)) if began.elapsed() < SILENT_FOR => {
                bot.send(&ClientMsg::Ping).await?;
            }
            other => return other,
        }
    }
}

/// What `side`'s clock shows.
fn left_of(clock: &ClockView, side: Color) -> u64 {
    if side == Color::White {
        clock.white_ms
    } else {
        clock.black_ms
    }
}

/// Says what a bot did when `MSC_CHAOS_TRACE` is set (the fault
/// harness's logs).
fn trace(what: &str) {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if *ON.get_or_init(|| std::env::var_os("MSC_CHAOS_TRACE").is_some()) {
        eprintln!("{} {what}", wall_ms());
    }
}

/// Milliseconds since the epoch by this machine's clock.
fn wall_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

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
    /// The clocks as the game was found.
    clock: Option<ClockView>,
}

/// A player's own move under way: what its clock showed when it first saw
/// its turn, and how long it thought.
struct Turn {
    /// The move number it is for.
    ply: u32,
    /// Its clock when it saw its turn (ms).
    left_ms: u64,
    /// Time spent thinking before sending it.
    thought: Duration,
    /// Of which on the connection it was last sent on: the player had
    /// its game in hand from then (the fault harness's wait ends there).
    last: Duration,
}

/// Why a resume brought no game.
enum NoView {
    /// The node refused (the game not yet taken over: try again).
    Refused,
    /// The node said nothing, or the connection went.
    Silent,
}

/// The game as it stands after a resume.
async fn view(bot: &mut Bot) -> Result<View, NoView> {
    loop {
        match recv_live(bot).await.map_err(|_| NoView::Silent)? {
            ServerMsg::Game {
                you: Some(side),
                fen,
                moves,
                preset,
                over,
                clock,
                ..
            } => {
                return Ok(View {
                    side,
                    fen,
                    ply: moves.len() as u32,
                    preset,
                    over: over.is_some(),
                    clock,
                });
            }
            ServerMsg::Error { code, message } => {
                trace(&format!("resume refused: {code:?} {message}"));
                return Err(NoView::Refused);
            }
            other => trace(&format!("while resuming: {other:?}")),
        }
    }
}

/// How long a node that did not answer is left out of the players' turn
/// of the nodes, as a load balancer's passive health check does.
const SHUN_FOR: Duration = Duration::from_secs(10);

/// The nodes that did not answer a player's fresh connection or resume,
/// until when: one view for all the players, as a load balancer keeps
/// one for all its clients. (A connection that falls silent mid-game may
/// be a forwarded one whose owner went: that says nothing of its node.)
#[derive(Clone)]
struct Shunned(std::sync::Arc<std::sync::Mutex<Vec<Option<Instant>>>>);

impl Shunned {
    fn new(n: usize) -> Shunned {
        Shunned(std::sync::Arc::new(std::sync::Mutex::new(vec![
            None;
            n.max(1)
        ])))
    }

    fn shun(&self, i: usize) {
        let mut all = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(until) = all.get_mut(i) {
            *until = Some(Instant::now() + SHUN_FOR);
        }
    }

    /// The first node from `next` on (round the ring) not shunned now;
    /// `next` itself when every one is.
    fn pick(&self, next: usize) -> usize {
        let all = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let n = all.len();
        let now = Instant::now();
        (0..n)
            .map(|k| (next + k) % n)
            .find(|&i| all[i].is_none_or(|until| until <= now))
            .unwrap_or(next % n)
    }
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
    /// Its move under way, kept across reconnections.
    turn: Option<Turn>,
    /// When it gives up.
    deadline: Instant,
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
            mut clock,
            ..
        } = view;
        // The move number of the last request sent on this connection,
        // and when.
        let mut sent: Option<u32> = None;
        let mut sent_at: Option<Instant> = None;
        loop {
            let public = parse_public(&fen, rules)
                .ok()
                .filter(|p| !p.legal_moves().is_empty());
            let mine = public.as_ref().is_some_and(|p| p.position().turn() == side);
            if let Some(public) = public.filter(|_| mine && sent.is_none_or(|p| p <= ply)) {
                if self.turn.as_ref().is_none_or(|t| t.ply != ply + 1) {
                    let left_ms = clock.as_ref().map_or(0, |c| left_of(c, side));
                    self.turn = Some(Turn {
                        ply: ply + 1,
                        left_ms,
                        thought: Duration::ZERO,
                        last: Duration::ZERO,
                    });
                }
                // A move already decided before the connection went is
                // sent at once on the new one, as the game's client does.
                let thought = self.turn.as_ref().map_or(Duration::ZERO, |t| t.thought);
                let still = self.think.saturating_sub(thought);
                tokio::time::sleep(still).await;
                if let Some(t) = &mut self.turn {
                    t.thought += still;
                    t.last = still;
                }
                let (request, number) = self.request(&public, ply)?;
                sent = Some(number);
                sent_at = Some(Instant::now());
                if bot.send(&request).await.is_err() {
                    trace(&format!("{}: send failed", self.seat.code));
                    return Ok(false);
                }
            }
            // A request unanswered on a connection that still answers
            // pings (its node dropped the game): resumed elsewhere.
            if sent_at.is_some_and(|t| t.elapsed() > SILENT_FOR) {
                trace(&format!("{}: move {sent:?} unanswered", self.seat.code));
                return Ok(false);
            }
            if Instant::now() > self.deadline {
                return Err(BotError::Lost(format!(
                    "game {}: past the deadline",
                    self.seat.code
                )));
            }
            match recv_live(bot).await {
                Ok(ServerMsg::Moved { view, clock: after }) => {
                    if sent.is_some_and(|p| p <= view.ply) {
                        sent_at = None;
                    }
                    if view.by == side && sent == Some(view.ply) {
                        let left = after.as_ref().map(|c| left_of(c, side));
                        self.acked(view.ply, &view.uci, left);
                    }
                    ply = view.ply;
                    fen = view.fen;
                    clock = after;
                }
                Ok(ServerMsg::Over(_)) => return Ok(true),
                // Refused (the game moved, a stale move): the game as it
                // stands comes with the next resume.
                Ok(ServerMsg::Error { code, message }) => {
                    trace(&format!("{}: refused {code:?} {message}", self.seat.code));
                    return Ok(false);
                }
                Ok(_) => {}
                // Closed, broken or silent: the node went; on to the next.
                Err(e) => {
                    trace(&format!("{}: connection: {e}", self.seat.code));
                    return Ok(false);
                }
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

    /// Writes down move `ply`, `uci`, as acknowledged, with the time and
    /// the clock it cost beyond thinking (from the mover's clock after it,
    /// `left`, when timed).
    fn acked(&mut self, ply: u32, uci: &str, left: Option<u64>) {
        let turn = self.turn.take().filter(|t| t.ply == ply);
        let charged = match (&turn, left) {
            (Some(t), Some(left)) => {
                let spent = (t.left_ms + INCREMENT_MS).saturating_sub(left);
                let thought = u64::try_from(t.thought.as_millis()).unwrap_or(u64::MAX);
                spent.saturating_sub(thought)
            }
            _ => 0,
        };
        let last = turn.map_or(0, |t| u64::try_from(t.last.as_millis()).unwrap_or(u64::MAX));
        let _ = self.acks.send(format!(
            "{} {ply} {uci} {} {charged} {last}",
            self.seat.code,
            wall_ms()
        ));
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
    (addrs, shunned): (Vec<String>, Shunned),
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
        turn: None,
        deadline,
    };
    let mut next = first;
    let mut connections = 0;
    // Reconnections since the game was last reached, and their jitter:
    // the game's client's rules (`liveness::retry_delay`).
    let mut retries = 0;
    let mut jitter = GameRng::seed_from_u64(seed ^ 0x6a69_7474_6572);
    loop {
        if Instant::now() > player.deadline {
            return Err(BotError::Lost(format!(
                "game {}: past the deadline",
                player.seat.code
            )));
        }
        if connections > 0 {
            player.out.reconnects += 1;
            let wait = liveness::retry_delay(retries, jitter.random::<f64>());
            retries += 1;
            tokio::time::sleep(Duration::from_secs_f64(wait)).await;
        }
        connections += 1;
        let Some((mut bot, i)) =
            balanced(&addrs, &shunned, &mut next, &player.seat.code, seed).await
        else {
            continue;
        };
        // A node took it: the back-off counts only connections that could
        // not be made (`liveness::retry_delay`).
        retries = 0;
        let Some(view) = resumed(&mut bot, &player, (&shunned, i)).await else {
            continue;
        };
        if view.over || player.play(&mut bot, view).await? {
            return Ok(player.out);
        }
        player.lost_at.get_or_insert_with(Instant::now);
    }
}

/// A connection through the nodes from `next` on, as a load balancer
/// makes one: a node that refuses it or does not answer within
/// [`SILENT_FOR`] (a paused node takes it and never answers) is left out
/// a while and the next one tried at once, which the client never sees;
/// `None` when none answered. With the node's index.
async fn balanced(
    addrs: &[String],
    shunned: &Shunned,
    next: &mut usize,
    code: &str,
    seed: u64,
) -> Option<(Bot, usize)> {
    for _ in 0..addrs.len() {
        let i = shunned.pick(*next);
        *next = i + 1;
        let addr = &addrs[i];
        trace(&format!("{code}: resume through {addr}"));
        match tokio::time::timeout(SILENT_FOR, connect_as(addr, seed)).await {
            Ok(Ok(bot)) => return Some((bot, i)),
            _ => shunned.shun(i),
        }
    }
    None
}

/// The seat's game through `bot`, asked for again on the same connection
/// every [`liveness::RETRY_S`] while it is between nodes, as the game's
/// client does; `None` when the connection went (node `i` shunned when it
/// fell silent).
async fn resumed(bot: &mut Bot, player: &Player, (shunned, i): (&Shunned, usize)) -> Option<View> {
    let resume = ClientMsg::Resume {
        token: player.seat.token.clone(),
    };
    loop {
        bot.send(&resume).await.ok()?;
        match view(bot).await {
            Ok(view) => return Some(view),
            Err(NoView::Silent) => {
                shunned.shun(i);
                return None;
            }
            Err(NoView::Refused) if Instant::now() < player.deadline => {
                tokio::time::sleep(Duration::from_secs_f64(liveness::RETRY_S)).await;
            }
            Err(NoView::Refused) => return None,
        }
    }
}

/// Connects player `n` to `addr`: from a loopback address of its own when
/// the node is on IPv4 loopback (127.1.x.y), so that the nodes' limits per
/// address count players as they would on the internet, not one machine.
async fn connect_as(addr: &str, n: u64) -> Result<Bot, BotError> {
    let on_loopback = addr
        .parse::<std::net::SocketAddr>()
        .is_ok_and(|a| a.ip().is_loopback() && a.is_ipv4());
    if !on_loopback {
        return Bot::connect(addr).await;
    }
    let [_, _, x, y] = u32::try_from(n % 65_536).unwrap_or(0).to_be_bytes();
    Bot::connect_from(addr, std::net::IpAddr::from([127, 1, x, y])).await
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
    let shunned = Shunned::new(addrs.len());
    let mut tasks = Vec::new();
    for i in 0..games {
        let mut w = connect_as(&addrs[i % n], i as u64 * 2).await?;
        w.send(&ClientMsg::Create {
            preset: "classic.ron".into(),
            time: Some(CONTROL.into()),
            color: SeatChoice::White,
            rated: false,
        })
        .await?;
        let ws = seated(&mut w).await?;
        let mut b = connect_as(&addrs[(i + 1) % n], i as u64 * 2 + 1).await?;
        b.send(&ClientMsg::Join {
            code: ws.code.clone(),
        })
        .await?;
        let bs = seated(&mut b).await?;
        // Each player plays on a connection of its own from here.
        drop((w, b));
        for (k, (seat, start)) in [(ws, i), (bs, i + 1)].into_iter().enumerate() {
            let (nodes, acks) = ((addrs.to_vec(), shunned.clone()), acks.clone());
            let seed = (i * 2 + k) as u64;
            tasks.push(tokio::spawn(survive(
                seat, nodes, start, plies, think, deadline, seed, acks,
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
