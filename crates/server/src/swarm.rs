//! A WebSocket client of the game protocol ([`Bot`]), and the load test:
//! a bounded swarm of bots playing random games against a server
//! ([`swarm`]), reporting moves per second and move round trips.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use minesweeper_core::chess::fen::parse_public;
use minesweeper_core::chess::{Color, PublicPosition};
use minesweeper_core::online::protocol::{ClientMsg, ErrorCode, SeatChoice, ServerMsg};
use minesweeper_core::online::table::builtin_variant;
use minesweeper_core::rng::GameRng;
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

/// How long a bot waits for any one message before giving up.
pub const WAIT: Duration = Duration::from_secs(30);

/// What went wrong for a bot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BotError {
    /// The connection or the WebSocket handshake failed.
    Connect(String),
    /// Nothing came within the time allowed.
    Timeout(Duration),
    /// A message that does not read, and why.
    Unreadable(String, String),
    /// The server closed the connection: its close code and reason.
    Closed(Option<u16>, String),
    /// The connection broke.
    Broken(String),
    /// The server refused a request of the game's.
    Refused(ErrorCode, String),
    /// The game went somewhere a player cannot follow (a position that
    /// does not read, no legal move in a live game).
    Lost(String),
}

impl std::fmt::Display for BotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotError::Connect(e) => write!(f, "{e}"),
            BotError::Timeout(wait) => write!(f, "nothing received in {wait:?}"),
            BotError::Unreadable(text, e) => write!(f, "unreadable message {text}: {e}"),
            BotError::Closed(_, reason) => write!(f, "closed: {reason}"),
            BotError::Broken(e) => write!(f, "{e}"),
            BotError::Refused(code, message) => write!(f, "server refused: {code:?}: {message}"),
            BotError::Lost(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for BotError {}

/// A client connection speaking the protocol.
pub struct Bot {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Bot {
    /// Connects to the server at `addr` (`127.0.0.1:8080`).
    ///
    /// # Errors
    /// The connection or the WebSocket handshake failed.
    pub async fn connect(addr: &str) -> Result<Bot, BotError> {
        let (ws, _) = connect_async(format!("ws://{addr}/ws"))
            .await
            .map_err(|e| BotError::Connect(format!("{addr}: {e}")))?;
        Ok(Bot { ws })
    }

    /// As [`Bot::connect`] from the local address `from` (one of
    /// 127.0.0.0/8, say): tests of the limits per address play as many
    /// clients on one machine.
    ///
    /// # Errors
    /// The address cannot be bound, or the connection or the handshake
    /// failed.
    pub async fn connect_from(addr: &str, from: std::net::IpAddr) -> Result<Bot, BotError> {
        let failed =
            |e: &dyn std::fmt::Display| BotError::Connect(format!("{addr} from {from}: {e}"));
        let to: std::net::SocketAddr = addr.parse().map_err(|e| failed(&e))?;
        let socket = match from {
            std::net::IpAddr::V4(_) => tokio::net::TcpSocket::new_v4(),
            std::net::IpAddr::V6(_) => tokio::net::TcpSocket::new_v6(),
        }
        .map_err(|e| failed(&e))?;
        socket.bind((from, 0).into()).map_err(|e| failed(&e))?;
        let tcp = socket.connect(to).await.map_err(|e| failed(&e))?;
        let (ws, _) =
            tokio_tungstenite::client_async(format!("ws://{addr}/ws"), MaybeTlsStream::Plain(tcp))
                .await
                .map_err(|e| failed(&e))?;
        Ok(Bot { ws })
    }

    /// Sends a request.
    ///
    /// # Errors
    /// The connection is gone.
    pub async fn send(&mut self, msg: &ClientMsg) -> Result<(), BotError> {
        let text = serde_json::to_string(msg).map_err(|e| BotError::Broken(e.to_string()))?;
        self.send_text(&text).await
    }

    /// Sends any text frame (the hostile tests send broken ones).
    ///
    /// # Errors
    /// The connection is gone.
    pub async fn send_text(&mut self, text: &str) -> Result<(), BotError> {
        self.ws
            .send(Message::text(text))
            .await
            .map_err(|e| BotError::Broken(e.to_string()))
    }

    /// Sends a frame of bytes as it is.
    ///
    /// # Errors
    /// The connection is gone.
    pub async fn send_frame(&mut self, frame: Message) -> Result<(), BotError> {
        self.ws
            .send(frame)
            .await
            .map_err(|e| BotError::Broken(e.to_string()))
    }

    /// The next message, waiting at most `wait`; `Err` names a timeout, a
    /// closed connection (with the server's reason) or a message that does
    /// not read.
    ///
    /// # Errors
    /// As above.
    pub async fn recv_within(&mut self, wait: Duration) -> Result<ServerMsg, BotError> {
        loop {
            let frame = tokio::time::timeout(wait, self.ws.next())
                .await
                .map_err(|_| BotError::Timeout(wait))?;
            match frame {
                Some(Ok(Message::Text(t))) => {
                    return serde_json::from_str(t.as_str())
                        .map_err(|e| BotError::Unreadable(t.to_string(), e.to_string()));
                }
                Some(Ok(Message::Close(c))) => {
                    return Err(BotError::Closed(
                        c.as_ref().map(|c| u16::from(c.code)),
                        c.map(|c| c.reason.to_string()).unwrap_or_default(),
                    ));
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(BotError::Broken(e.to_string())),
                None => return Err(BotError::Closed(None, String::new())),
            }
        }
    }

    /// The next message within [`WAIT`].
    ///
    /// # Errors
    /// As [`Bot::recv_within`].
    pub async fn recv(&mut self) -> Result<ServerMsg, BotError> {
        self.recv_within(WAIT).await
    }

    /// Reads messages until `pick` takes one (others are skipped).
    ///
    /// # Errors
    /// As [`Bot::recv`].
    pub async fn until<T>(
        &mut self,
        mut pick: impl FnMut(&ServerMsg) -> Option<T>,
    ) -> Result<T, BotError> {
        loop {
            let msg = self.recv().await?;
            if let Some(t) = pick(&msg) {
                return Ok(t);
            }
        }
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// A random player: what it knows is the public FEN the server sends.
struct Player {
    bot: Bot,
    side: Color,
    preset: String,
    fen: String,
    ply: u32,
    sent: Option<(u32, Instant)>,
    rng: GameRng,
}

/// What one game of the swarm measured.
#[derive(Default)]
struct Played {
    moves: u64,
    rtts_us: Vec<u64>,
}

impl Player {
    fn public(&self) -> Result<PublicPosition, BotError> {
        let rules = builtin_variant(&self.preset)
            .map_err(|(_, e)| BotError::Lost(e))?
            .rules;
        parse_public(&self.fen, rules)
            .map_err(|e| BotError::Lost(format!("server FEN {}: {e}", self.fen)))
    }

    /// Plays until the game is over (resigning after `plies` moves),
    /// thinking `think` before each move.
    async fn play(mut self, plies: u32, think: Duration, out: &mut Played) -> Result<(), BotError> {
        loop {
            // A final position (a blast that exposed the mover's king) does
            // not read as a live one: the end follows.
            let public = self.public().ok().filter(|p| !p.legal_moves().is_empty());
            let mine = public
                .as_ref()
                .is_some_and(|p| p.position().turn() == self.side);
            if let Some(public) =
                public.filter(|_| mine && self.sent.is_none_or(|(p, _)| p <= self.ply))
            {
                if !think.is_zero() {
                    tokio::time::sleep(think).await;
                }
                if self.ply >= plies {
                    self.bot.send(&ClientMsg::Resign).await?;
                    self.sent = Some((u32::MAX, Instant::now()));
                } else {
                    let moves = public.legal_moves();
                    let m = moves
                        .choose(&mut self.rng)
                        .ok_or_else(|| BotError::Lost("no legal move in a live game".into()))?;
                    let ply = self.ply + 1;
                    self.bot
                        .send(&ClientMsg::Move {
                            ply,
                            mv: m.to_string(),
                        })
                        .await?;
                    self.sent = Some((ply, Instant::now()));
                }
            }
            match self.bot.recv().await? {
                ServerMsg::Moved { view, .. } => {
                    if let Some((_, at)) = self.sent.filter(|(p, _)| *p == view.ply) {
                        out.rtts_us
                            .push(u64::try_from(at.elapsed().as_micros()).unwrap_or(u64::MAX));
                        out.moves += 1;
                    }
                    self.ply = view.ply;
                    self.fen = view.fen;
                }
                ServerMsg::Over(_) => return Ok(()),
                ServerMsg::Error { code, message } => {
                    return Err(BotError::Refused(code, message));
                }
                _ => {}
            }
        }
    }
}

/// Signs `bot` up as `name` and waits until it is signed in.
async fn sign_up(bot: &mut Bot, name: String) -> Result<(), BotError> {
    bot.send(&ClientMsg::SignUp {
        name,
        password: "a swarm bot's password".into(),
    })
    .await?;
    bot.until(|m| match m {
        ServerMsg::SignedIn { .. } => Some(Ok(())),
        ServerMsg::AccountRefused(why) => Some(Err(BotError::Lost(format!("sign-up: {why:?}")))),
        _ => None,
    })
    .await?
}

/// Seats a pair of bots in a new game of `preset`: White creates it at
/// `addr`, Black joins at `other` (another node: forwarded). `rated`:
/// both sign up first (as `s{seed}w` and `s{seed}b`) and the game is
/// rated.
async fn pair(
    (addr, other): (&str, &str),
    preset: &str,
    time: Option<&str>,
    seed: u64,
    rated: bool,
) -> Result<[Player; 2], BotError> {
    let mut a = Bot::connect(addr).await?;
    let mut b = Bot::connect(other).await?;
    if rated {
        sign_up(&mut a, format!("s{seed}w")).await?;
        sign_up(&mut b, format!("s{seed}b")).await?;
    }
    a.send(&ClientMsg::Create {
        preset: preset.into(),
        time: time.map(str::to_string),
        color: SeatChoice::White,
        rated,
    })
    .await?;
    let code = a
        .until(|m| match m {
            ServerMsg::Seated { code, .. } => Some(Ok(code.clone())),
            ServerMsg::Error { code, message } => {
                Some(Err(BotError::Refused(*code, message.clone())))
            }
            _ => None,
        })
        .await??;
    b.send(&ClientMsg::Join { code }).await?;
    let mut players = Vec::new();
    for (i, mut bot) in [a, b].into_iter().enumerate() {
        let (side, fen) = bot
            .until(|m| match m {
                ServerMsg::Game {
                    you: Some(side),
                    fen,
                    clock,
                    ..
                } if time.is_none() || clock.is_some_and(|c| c.running.is_some()) => {
                    Some((*side, fen.clone()))
                }
                _ => None,
            })
            .await?;
        players.push(Player {
            bot,
            side,
            preset: preset.to_string(),
            fen,
            ply: 0,
            sent: None,
            rng: GameRng::seed_from_u64(seed * 2 + i as u64),
        });
    }
    let [w, b]: [Player; 2] = players
        .try_into()
        .map_err(|_| BotError::Lost("two players".into()))?;
    Ok([w, b])
}

/// What a swarm run measured.
#[derive(Debug)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Players whose game failed, with the first reason.
    pub failed: (usize, Option<String>),
    /// Moves played.
    pub moves: u64,
    /// Seconds from the first move to the last game's end.
    pub seconds: f64,
    /// Median move round trip (send to the mover's `moved`), µs.
    pub p50_us: u64,
    /// 99th percentile round trip, µs.
    pub p99_us: u64,
}

/// Opens `games` games across the nodes at `addrs` (game `i` created at
/// node `i`, joined through node `i + 1`; all seated before any moves, so
/// they run concurrently), then plays each with random moves, `plies` per
/// side at most, each after `think`, and reports. `rated`: every bot
/// signs up first and every game is rated (and rated when it ends).
///
/// # Errors
/// The server could not be reached for seating.
pub async fn swarm(
    addrs: &[String],
    games: usize,
    (plies, think): (u32, Duration),
    rated: bool,
) -> Result<Report, BotError> {
    let n = addrs.len().max(1);
    let node = |i: usize| addrs.get(i % n).map_or("", String::as_str);
    let mut pairs: Vec<[Player; 2]> = Vec::with_capacity(games);
    let mut pinged = Instant::now();
    for i in 0..games {
        let seed = i as u64;
        let nodes = (node(i), node(i + 1));
        pairs.push(pair(nodes, "classic.ron", Some("15+10"), seed, rated).await?);
        // Seating with sign-ups (an Argon2id hash each) can outlast the
        // server's minute of silence: the bots already seated ping.
        if pinged.elapsed() > Duration::from_secs(20) {
            for p in pairs.iter_mut().flatten() {
                p.bot.send(&ClientMsg::Ping).await?;
            }
            pinged = Instant::now();
        }
    }
    eprintln!("swarm: {games} games seated ({} connections)", games * 2);
    let start = Instant::now();
    let mut tasks = Vec::new();
    for [w, b] in pairs {
        for p in [w, b] {
            tasks.push(tokio::spawn(async move {
                let mut out = Played::default();
                let r = p.play(plies, think, &mut out).await;
                (r, out)
            }));
        }
    }
    let mut rtts = Vec::new();
    let mut moves = 0;
    let mut failed = (0, None);
    for t in tasks {
        match t.await {
            Ok((r, out)) => {
                moves += out.moves;
                rtts.extend(out.rtts_us);
                if let Err(e) = r {
                    failed.0 += 1;
                    failed.1.get_or_insert(e.to_string());
                }
            }
            Err(e) => {
                failed.0 += 1;
                failed.1.get_or_insert(e.to_string());
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    rtts.sort_unstable();
    let at = |q: f64| {
        rtts.get(((rtts.len() as f64 - 1.0) * q) as usize)
            .copied()
            .unwrap_or(0)
    };
    Ok(Report {
        games,
        failed,
        moves,
        seconds,
        p50_us: at(0.5),
        p99_us: at(0.99),
    })
}

/// Round trips measured by [`latency`], medians in µs.
#[derive(Debug)]
pub struct Latency {
    /// Games measured.
    pub games: usize,
    /// A join answered by two messages in a row (`seated`, then `game`):
    /// from sending the join to reading the second.
    pub join_us: u64,
    /// A move answered by one message (`moved`).
    pub move_us: u64,
}

/// Measures `games` times, one after another, how long a join takes to be
/// answered with its two messages and a move with its one: the cost of a
/// reply that is two writes in a row (Nagle's algorithm holds the second
/// back for the client's delayed ACK unless `TCP_NODELAY` is set).
///
/// # Errors
/// The server could not be reached or refused the games.
pub async fn latency(addr: &str, games: usize) -> Result<Latency, BotError> {
    let (mut joins, mut moves) = (Vec::new(), Vec::new());
    for _ in 0..games {
        let mut a = Bot::connect(addr).await?;
        a.send(&ClientMsg::Create {
            preset: "classic.ron".into(),
            time: None,
            color: SeatChoice::White,
            rated: false,
        })
        .await?;
        let code = a
            .until(|m| match m {
                ServerMsg::Seated { code, .. } => Some(code.clone()),
                _ => None,
            })
            .await?;
        let mut b = Bot::connect(addr).await?;
        let t = Instant::now();
        b.send(&ClientMsg::Join { code }).await?;
        b.until(|m| matches!(m, ServerMsg::Seated { .. }).then_some(()))
            .await?;
        b.until(|m| matches!(m, ServerMsg::Game { .. }).then_some(()))
            .await?;
        joins.push(t.elapsed().as_micros());
        a.until(|m| {
            matches!(m, ServerMsg::Game { present, .. } if present.all(|p| *p)).then_some(())
        })
        .await?;
        let t = Instant::now();
        a.send(&ClientMsg::Move {
            ply: 1,
            mv: "e2e4".into(),
        })
        .await?;
        a.until(|m| matches!(m, ServerMsg::Moved { .. }).then_some(()))
            .await?;
        moves.push(t.elapsed().as_micros());
        a.close().await;
        b.close().await;
    }
    let median = |mut v: Vec<u128>| {
        v.sort_unstable();
        v.get(v.len() / 2)
            .map_or(0, |m| u64::try_from(*m).unwrap_or(u64::MAX))
    };
    Ok(Latency {
        games,
        join_us: median(joins),
        move_us: median(moves),
    })
}
