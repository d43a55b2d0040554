//! The Minesweeper Chess game server: WebSocket games whose mines only the
//! server knows, stored in SQLite or PostgreSQL, and the web build served
//! beside them.
//!
//! - [`listen`]: the sockets: connection caps, `TCP_NODELAY`, HTTP with a
//!   deadline for each request's head.
//! - [`conn`]: one client connection: the socket and its limits.
//! - [`hub`]: every game, the seat tokens and the quick-game queue;
//!   [`hub::seats`] answers each request.
//! - [`room`]: one game, its seats, members and flag timer;
//!   [`room::peer`] is a connected client as a game sees it.
//! - [`store`]: the database, written by one thread with group commits.
//! - [`secret`]: tokens, invite codes and seeds from the OS.
//! - [`accounts`]: players' accounts' pure parts: names, password
//!   hashes, session tokens, sign-in and sign-up limits.
//! - [`swarm`]: the load test's bot clients.
//!
//! Each imports only those after it (the connection the hub, the hub the
//! rooms, a room the store); `secret` and [`now_ms`] are for all,
//! `accounts` imports nothing of the crate, and `swarm`, a client, is for
//! the binary and the tests alone.

pub mod accounts;
pub mod chaos;
pub mod cluster;
pub mod conn;
pub mod forward;
mod health;
pub mod hub;
pub mod limits;
pub mod listen;
pub mod log;
pub mod room;
pub mod secret;
pub mod store;
pub mod swarm;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use axum::Extension;
use axum::Router;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use tokio::sync::watch;
use tower_http::services::{ServeDir, ServeFile};

use hub::Hub;
pub use limits::Limits;
use store::Store;

/// The largest WebSocket message the transport reads (the protocol's own
/// limit, 4 KiB, is answered with an error; past this the socket closes).
const MAX_FRAME: usize = 64 * 1024;

/// Milliseconds since the Unix epoch: clocks must survive a restart.
/// Read from the wall clock once, then carried on by the monotonic clock,
/// so that a step of the system's clock (NTP, an operator) moves no
/// player's time within a run; between nodes the game clocks never
/// compare wall clocks (a take-over resumes them by the stopped node's
/// own reckoning). The fault harness sets `MSC_TEST_CLOCK_OFFSET_MS` to
/// put a node's clock ahead (or, negative, behind) of the others'.
pub fn now_ms() -> u64 {
    static START: std::sync::OnceLock<(u64, std::time::Instant)> = std::sync::OnceLock::new();
    let (wall, at) = *START.get_or_init(|| {
        let offset = std::env::var("MSC_TEST_CLOCK_OFFSET_MS")
            .ok()
            .and_then(|v| v.parse::<i64>().ok())
            .map_or(0, |v| v.clamp(-86_400_000, 86_400_000));
        let wall = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
        (
            wall.saturating_add_signed(offset),
            std::time::Instant::now(),
        )
    });
    let since = u64::try_from(at.elapsed().as_millis()).unwrap_or(u64::MAX);
    wall.saturating_add(since)
}

/// How to run a server.
#[derive(Clone)]
pub struct Config {
    /// Where to listen (port 0: any free port).
    pub addr: SocketAddr,
    /// The database: an SQLite file or a PostgreSQL URL.
    pub db: store::Db,
    /// The web build to serve (`dist/`), if any.
    pub web: Option<PathBuf>,
    /// Wait for the disk on every commit.
    pub full_sync: bool,
    /// How mines are dealt; `None`: at random (tests fix the layout).
    pub dealer: Option<hub::Dealer>,
    /// Requests per second one connection may send (twice that at once);
    /// [`conn::RATE`] by default, raised for load tests.
    pub rate: f64,
    /// What clients may hold; raised for load tests.
    pub limits: Limits,
    /// One node of several on one PostgreSQL database, if so (its
    /// address may be left empty: the address it listens on).
    pub cluster: Option<cluster::Cluster>,
    /// Proxies (load balancers) whose `X-Forwarded-For` names the client:
    /// limits per address count that client, not the proxy.
    pub trusted_proxies: Vec<std::net::IpAddr>,
}

#[derive(Clone)]
struct App {
    hub: Arc<Hub>,
    ids: Arc<AtomicU64>,
    rate: f64,
}

/// The client's address: the connection's; for a connection another node
/// forwards, the one its header names when signed by the secret the nodes
/// share (`None`: a header that is not, refused); behind a trusted proxy,
/// the one its `X-Forwarded-For` names.
fn client_address(
    hub: &Hub,
    census: &listen::Census,
    from: SocketAddr,
    headers: &HeaderMap,
) -> Option<conn::Origin> {
    let Some(value) = headers.get(cluster::FORWARD_HEADER) else {
        let forwarded_for = headers.get("x-forwarded-for").and_then(|v| v.to_str().ok());
        return Some(conn::Origin {
            address: census.client_of(from.ip(), forwarded_for),
            forwarded: false,
        });
    };
    let secret = hub.forward_secret()?;
    let (given, client) = value.to_str().ok()?.rsplit_once(' ')?;
    let same = secret::same(given.as_bytes(), secret.as_bytes());
    let address = client.parse().ok().filter(|_| same)?;
    census.trust_node(from.ip());
    Some(conn::Origin {
        address,
        forwarded: true,
    })
}

async fn upgrade(
    State(app): State<App>,
    ConnectInfo(from): ConnectInfo<SocketAddr>,
    Extension(counted): Extension<Arc<listen::Counted>>,
    Extension(census): Extension<Arc<listen::Census>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> axum::response::Response {
    // A node without its lease has no game to offer and cannot look one
    // up: the client (or its load balancer) goes to another node at once
    // rather than wait on a database this node cannot reach.
    if app.hub.is_adrift() {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "this server lost its lease: connect to another",
        )
            .into_response();
    }
    let Some(origin) = client_address(&app.hub, &census, from, &headers) else {
        return (
            StatusCode::FORBIDDEN,
            "a forwarded connection without the nodes' secret",
        )
            .into_response();
    };
    // Counted under its client from now on: the per-address cap is the
    // client's, whichever node or proxy it came through.
    if let Err(why) = counted.rehome(origin.address) {
        return (StatusCode::SERVICE_UNAVAILABLE, why).into_response();
    }
    let id = app.ids.fetch_add(1, Ordering::Relaxed);
    // Small buffers: messages are a few hundred bytes, and the default
    // 128 KiB each way would be most of a game's memory.
    ws.max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .on_upgrade(move |socket| async move {
            conn::run(socket, app.hub, id, origin, app.rate).await;
            // Counted until the WebSocket ends.
            drop(counted);
        })
        .into_response()
}

/// A running server.
pub struct Running {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// Its games.
    pub hub: Arc<Hub>,
    /// Its connections.
    pub census: Arc<listen::Census>,
    /// `true` while this node has lost its lease (its games are another
    /// node's) and has not joined again.
    pub lost: watch::Receiver<bool>,
}

impl Running {
    /// A graceful stop: gives up the lease so that the other nodes take
    /// the games at once (they hear it through NOTIFY), and tells every
    /// client to reconnect, which brings it to the game's new node.
    pub async fn leave(&self) {
        self.hub.set_leaving();
        if let Err(e) = self.hub.store.leave().await {
            log::log(log::Level::Error, "lease_not_given_up", &[("reason", &e)]);
        }
        self.hub.lose_all();
    }
}

/// Why a server did not start.
#[derive(Debug)]
pub enum StartError {
    /// The database cannot be opened.
    Store(store::StoreError),
    /// The address cannot be listened on.
    Bind(SocketAddr, std::io::Error),
    /// A node listens on every interface (0.0.0.0 or ::) and was not told
    /// the address the other nodes reach it at.
    Advertise(SocketAddr),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Store(e) => write!(f, "{e}"),
            StartError::Bind(addr, e) => write!(f, "{addr}: {e}"),
            StartError::Advertise(addr) => write!(
                f,
                "--node on {addr}: the other nodes cannot reach an address that means every \
                 interface; give the one they reach this node at: --advertise ws://HOST:PORT"
            ),
        }
    }
}

impl std::error::Error for StartError {}

/// Opens the database, restores its games and starts serving on the
/// current Tokio runtime.
///
/// # Errors
/// The database cannot be opened or the address cannot be bound.
pub async fn start(config: Config) -> Result<Running, StartError> {
    // Bound first: a node registers the address it listens on.
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| StartError::Bind(config.addr, e))?;
    let addr = listener
        .local_addr()
        .map_err(|e| StartError::Bind(config.addr, e))?;
    let node = match config.cluster.as_ref().map(|c| c.node.clone()) {
        Some(node) if node.addr.is_empty() && addr.ip().is_unspecified() => {
            return Err(StartError::Advertise(addr));
        }
        Some(mut node) => {
            if node.addr.is_empty() {
                node.addr = format!("ws://{addr}");
            }
            Some(node)
        }
        None => None,
    };
    let (store, stored) =
        Store::open_node(&config.db, config.full_sync, node.clone()).map_err(StartError::Store)?;
    let restored = stored.len();
    let dealer = config.dealer.clone().unwrap_or_else(hub::random_dealer);
    let (hub, rooms) = Hub::restore(store, stored, dealer, config.limits);
    let files = listen::raise_file_limit();
    listen::return_large_blocks();
    hub::start_timers(&hub, rooms);
    let (lost_tx, lost) = watch::channel(false);
    if let (Some(c), store::Db::Postgres(url)) = (&config.cluster, &config.db) {
        hub.join_cluster(c.secret.clone());
        cluster::run(hub.clone(), url.clone(), c.node.name.clone(), lost_tx);
    }
    let app = App {
        hub: hub.clone(),
        ids: Arc::new(AtomicU64::new(0)),
        rate: config.rate.clamp(0.1, 10_000.0),
    };
    let mut router = Router::new()
        .route("/ws", get(upgrade))
        .route("/healthz", get(health::healthz))
        .route("/metrics", get(health::metrics));
    if let Some(web) = &config.web {
        // dist/ holds .br and .gz beside each file: sent as the browser
        // accepts, with Content-Encoding set.
        let files = ServeDir::new(web)
            .precompressed_br()
            .precompressed_gzip()
            .fallback(ServeFile::new(web.join("index.html")));
        router = router.fallback_service(files);
    }
    let census = listen::Census::new(config.limits, &config.trusted_proxies);
    let router = router
        .layer(Extension(census.clone()))
        .layer(Extension(hub.clone()))
        .layer(Extension(lost.clone()))
        .with_state(app);
    let node_name = node.map(|n| n.name).unwrap_or_default();
    if !node_name.is_empty() {
        log::set_node(&node_name);
    }
    let name = if node_name.is_empty() {
        String::new()
    } else {
        format!(" (node {node_name})")
    };
    eprintln!(
        "minesweeper_server: {addr}{name}, {restored} game(s) restored from {}",
        config.db
    );
    log::log(
        log::Level::Info,
        "start",
        &[
            ("addr", &addr),
            ("games_restored", &restored),
            ("db", &config.db),
        ],
    );
    tokio::spawn(listen::serve(listener, router, census.clone()));
    if let Some(n) = files.filter(|n| *n < config.limits.connections as u64 + 64) {
        eprintln!(
            "minesweeper_server: only {n} open files allowed; fewer connections than the limit of {} will fit",
            config.limits.connections
        );
    }
    let sweeper = hub.clone();
    let every = config.limits.sweep_every;
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(every).await;
            sweeper.sweep(now_ms()).await;
        }
    });
    tokio::spawn(hub::seats::pair_widened(hub.clone()));
    tokio::spawn(hub::rate_pending(hub.clone()));
    Ok(Running {
        addr,
        hub,
        census,
        lost,
    })
}
