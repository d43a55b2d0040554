//! A server on its own runtime (so a test can kill it outright), its
//! database in a fresh temporary folder, and helpers for bots.

use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use minesweeper_core::chess::{ByColor, Square, SquareSet, Variant};
use minesweeper_core::online::protocol::{ClientMsg, ClockView, Over, SeatChoice, ServerMsg};
use minesweeper_server::cluster::Cluster;
use minesweeper_server::hub::{Dealer, Hub};
use minesweeper_server::listen::Census;
use minesweeper_server::store::Db;
use minesweeper_server::store::Node;
use minesweeper_server::swarm::Bot;
use minesweeper_server::{Config, Limits, Running, start};
use tokio::runtime::Runtime;

/// A running server; dropping it (or [`TestServer::kill`]) ends every task
/// at once, as a killed process would.
pub struct TestServer {
    pub addr: String,
    pub db: Db,
    /// Its connections, counted.
    pub census: Arc<Census>,
    /// Its games.
    pub hub: Arc<Hub>,
    running: Option<Running>,
    rt: Option<Runtime>,
}

/// The secret the nodes of a test share.
pub const SECRET: &str = "a secret the test nodes share";

static DIRS: AtomicU64 = AtomicU64::new(0);

/// A fresh database path, in a folder of this test process's own.
pub fn fresh_db() -> PathBuf {
    static SWEEP: std::sync::Once = std::sync::Once::new();
    SWEEP.call_once(sweep_ended_runs);
    let dir = std::env::temp_dir()
        .join(format!("{RUN_PREFIX}{}", std::process::id()))
        .join(DIRS.fetch_add(1, Ordering::Relaxed).to_string());
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join("games.sqlite")
}

/// The temporary folders of test processes: this, then the process id.
const RUN_PREFIX: &str = "msc-server-test-";

/// Removes the folders of earlier test processes that have ended (a
/// restart test reopens its database, so a folder cannot go with its
/// server). Only where `/proc` tells which processes live.
fn sweep_ended_runs() {
    let proc = std::path::Path::new("/proc");
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    if !proc.join("self").exists() {
        return;
    }
    for entry in entries.flatten() {
        let name = entry.file_name();
        let pid = name.to_str().and_then(|n| n.strip_prefix(RUN_PREFIX));
        let Some(pid) = pid.and_then(|p| p.split('-').next()) else {
            continue;
        };
        if pid.parse::<u32>().is_ok() && !proc.join(pid).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Deals these mines in every game.
pub fn fixed(cells: &[&str]) -> Dealer {
    let mines: SquareSet = cells
        .iter()
        .map(|c| Square::parse(c).expect("cell"))
        .collect();
    Arc::new(move |_: &Variant, _| mines)
}

impl TestServer {
    /// A server on a free loopback port over `db`, each connection
    /// allowed 1,000 requests a second (bots move fast).
    pub async fn start(db: impl Into<Db>, dealer: Option<Dealer>) -> TestServer {
        TestServer::with_rate(db, dealer, 1000.0).await
    }

    /// As [`TestServer::start`] with the server's own rate limit.
    pub async fn strict(db: impl Into<Db>) -> TestServer {
        TestServer::with_rate(db, None, minesweeper_server::conn::RATE).await
    }

    /// As [`TestServer::start`] under `limits`.
    pub async fn limited(db: impl Into<Db>, limits: Limits) -> TestServer {
        TestServer::with(db, None, 1000.0, limits).await
    }

    async fn with_rate(db: impl Into<Db>, dealer: Option<Dealer>, rate: f64) -> TestServer {
        TestServer::with(db, dealer, rate, Limits::default()).await
    }

    async fn with(
        db: impl Into<Db>,
        dealer: Option<Dealer>,
        rate: f64,
        limits: Limits,
    ) -> TestServer {
        TestServer::launch(db.into(), dealer, rate, limits, None).await
    }

    /// Node `name` of several on the PostgreSQL database `db` (the nodes
    /// of a test share one secret).
    pub async fn node(db: Db, name: &str, dealer: Option<Dealer>) -> TestServer {
        TestServer::node_limited(db, name, dealer, Limits::default()).await
    }

    /// As [`TestServer::node`], telling the other nodes it is reached at
    /// `addr` (`ws://HOST:PORT`), not where it listens.
    pub async fn node_advertising(db: Db, name: &str, addr: &str) -> TestServer {
        let cluster = Cluster {
            node: Node {
                name: name.into(),
                addr: addr.into(),
            },
            secret: SECRET.into(),
        };
        TestServer::launch(db, None, 1000.0, Limits::default(), Some(cluster)).await
    }

    /// As [`TestServer::node`] under `limits`.
    pub async fn node_limited(
        db: Db,
        name: &str,
        dealer: Option<Dealer>,
        limits: Limits,
    ) -> TestServer {
        let cluster = Cluster {
            node: Node {
                name: name.into(),
                addr: String::new(),
            },
            secret: SECRET.into(),
        };
        TestServer::launch(db, dealer, 1000.0, limits, Some(cluster)).await
    }

    /// As [`TestServer::limited`] behind the load balancers `proxies`.
    pub async fn behind(db: impl Into<Db>, limits: Limits, proxies: &[IpAddr]) -> TestServer {
        TestServer::launch_with(db.into(), None, 1000.0, limits, None, proxies).await
    }

    async fn launch(
        db: Db,
        dealer: Option<Dealer>,
        rate: f64,
        limits: Limits,
        cluster: Option<Cluster>,
    ) -> TestServer {
        TestServer::launch_with(db, dealer, rate, limits, cluster, &[]).await
    }

    async fn launch_with(
        db: Db,
        dealer: Option<Dealer>,
        rate: f64,
        limits: Limits,
        cluster: Option<Cluster>,
        proxies: &[IpAddr],
    ) -> TestServer {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("runtime");
        let config = Config {
            addr: ([127, 0, 0, 1], 0).into(),
            db: db.clone(),
            web: None,
            full_sync: false,
            dealer,
            rate,
            limits,
            cluster,
            trusted_proxies: proxies.to_vec(),
        };
        let running = rt
            .spawn(start(config))
            .await
            .expect("server task")
            .expect("server starts");
        TestServer {
            addr: running.addr.to_string(),
            db,
            census: running.census.clone(),
            hub: running.hub.clone(),
            running: Some(running),
            rt: Some(rt),
        }
    }

    /// Ends every server task at once, without a goodbye.
    pub fn kill(mut self) -> Db {
        if let Some(rt) = self.rt.take() {
            rt.shutdown_background();
        }
        self.db.clone()
    }

    /// A graceful stop: the lease given up, the clients told to
    /// reconnect; then the server ends.
    pub async fn leave(mut self) {
        if let Some(running) = self.running.take() {
            running.leave().await;
        }
    }

    /// A bot connected to this server.
    pub async fn bot(&self) -> Bot {
        Bot::connect(&self.addr).await.expect("connects")
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(rt) = self.rt.take() {
            rt.shutdown_background();
        }
    }
}

/// What a seated bot learnt from `Seated`.
pub struct Seat {
    pub code: String,
    pub token: String,
}

/// Creates a classic game as White (`time` as given) and returns the seat.
pub async fn create(bot: &mut Bot, time: Option<&str>) -> Seat {
    bot.send(&ClientMsg::Create {
        preset: "classic.ron".into(),
        time: time.map(str::to_string),
        color: SeatChoice::White,
        rated: false,
    })
    .await
    .expect("sent");
    seated(bot).await
}

/// Waits for `Seated`.
pub async fn seated(bot: &mut Bot) -> Seat {
    bot.until(|m| match m {
        ServerMsg::Seated { code, token, .. } => Some(Seat {
            code: code.clone(),
            token: token.clone(),
        }),
        ServerMsg::Error { message, .. } => panic!("refused: {message}"),
        _ => None,
    })
    .await
    .expect("seated")
}

/// A game between two fresh bots (White created it, Black joined), both
/// past the start (the `Game` with the clock running).
pub async fn pair(server: &TestServer, time: Option<&str>) -> (Bot, Bot, Seat, Seat) {
    let mut w = server.bot().await;
    let ws = create(&mut w, time).await;
    let mut b = server.bot().await;
    b.send(&ClientMsg::Join {
        code: ws.code.clone(),
    })
    .await
    .expect("sent");
    let bs = seated(&mut b).await;
    for bot in [&mut w, &mut b] {
        started(bot).await;
    }
    (w, b, ws, bs)
}

/// Waits for a `Game` view of a started game (both seats taken).
pub async fn started(bot: &mut Bot) -> ServerMsg {
    bot.until(|m| match m {
        ServerMsg::Game { present, .. } if present == &ByColor::new(true, true) => Some(m.clone()),
        _ => None,
    })
    .await
    .expect("the game view")
}

/// Plays `moves` from ply 1, White (`w`) first, each heard by the other;
/// returns what the mover heard of the last.
pub async fn alternate(w: &mut Bot, b: &mut Bot, moves: &[&str]) -> Option<ServerMsg> {
    let mut last = None;
    for (i, mv) in moves.iter().enumerate() {
        let ply = i as u32 + 1;
        let (mover, other) = if i % 2 == 0 {
            (&mut *w, &mut *b)
        } else {
            (&mut *b, &mut *w)
        };
        last = Some(play(mover, ply, mv).await);
        moved(other, ply).await;
    }
    last
}

/// Plays `mv` as move `ply` and waits until this bot hears it played.
pub async fn play(bot: &mut Bot, ply: u32, mv: &str) -> ServerMsg {
    bot.send(&ClientMsg::Move { ply, mv: mv.into() })
        .await
        .expect("sent");
    moved(bot, ply).await
}

/// Waits for the `Moved` of move `ply`.
pub async fn moved(bot: &mut Bot, ply: u32) -> ServerMsg {
    bot.until(|m| match m {
        ServerMsg::Moved { view, .. } if view.ply == ply => Some(m.clone()),
        ServerMsg::Error { code, message } => panic!("move {ply} refused: {code:?} {message}"),
        _ => None,
    })
    .await
    .unwrap_or_else(|e| panic!("move {ply}: {e}"))
}

/// Waits for the end.
pub async fn over(bot: &mut Bot) -> Over {
    bot.until(|m| match m {
        ServerMsg::Over(o) => Some(o.clone()),
        _ => None,
    })
    .await
    .expect("the end")
}

/// The clocks of a `Game` or `Moved` message.
pub fn clock_of(msg: &ServerMsg) -> Option<ClockView> {
    match msg {
        ServerMsg::Game { clock, .. } | ServerMsg::Moved { clock, .. } => *clock,
        _ => None,
    }
}

/// A bot watching the game with this code (its first `Game` not yet read).
pub async fn watcher(server: &TestServer, code: &str) -> Bot {
    let mut bot = server.bot().await;
    bot.send(&ClientMsg::Watch { code: code.into() })
        .await
        .expect("sent");
    bot
}
