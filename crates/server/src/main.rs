//! `minesweeper_server`: runs the online game server, or (`swarm`) the load
//! test against one or several nodes, or (`chaos`) the cluster test's
//! players.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use minesweeper_server::{Config, start, swarm};

const USAGE: &str = "usage:
  minesweeper_server [--addr 127.0.0.1:8080] [--db games.sqlite|postgres://USER@HOST/DB] [--web dist] [--sync full] [--rate 10]
                     [--db-password-file FILE]   (or MSC_DB_PASSWORD in the environment)
                     [--max-connections 4096] [--per-address 64] [--waiting-per-address 20]
                     [--trusted-proxy IP[,IP…]]   (load balancers whose X-Forwarded-For names the client)
                     [--sign-ups-per-hour 5] [--sign-in-tries 20]   (per address)
                     [--node NAME [--advertise ws://HOST:PORT]]   (several nodes on one PostgreSQL;
                      the nodes share a secret in the environment: MSC_CLUSTER_SECRET)
  minesweeper_server swarm [--addr 127.0.0.1:8080[,HOST:PORT…]] [--games 1000] [--plies 40] [--think-ms 0]
                           [--rated 1]   (every bot signed up, every game rated)
  minesweeper_server chaos --addr HOST:PORT,HOST:PORT… [--games 30] [--plies 60] [--think-ms 100]
                           [--limit-s 120] [--acks FILE]   (the cluster test's players)
  minesweeper_server latency [--addr 127.0.0.1:8080] [--games 100]";

/// The longest a chaos run may last.
const MAX_LIMIT_S: u64 = 3600;

/// The most games, moves and thinking time a swarm run may ask for.
const MAX_GAMES: usize = 5000;
const MAX_PLIES: u32 = 500;
const MAX_THINK_MS: u64 = 60_000;

/// Why the server, or a test run, stopped with a failure.
#[derive(Debug)]
enum CliError {
    /// A flag given without its value.
    MissingValue(String),
    /// A flag's value refused, and why.
    BadValue {
        /// The flag.
        flag: String,
        /// Its value.
        value: String,
        /// Why it is refused.
        reason: String,
    },
    /// A flag this mode does not know.
    UnknownOption(String),
    /// `--node` without a usable `MSC_CLUSTER_SECRET`.
    ClusterSecret,
    /// The async runtime could not start.
    Runtime(std::io::Error),
    /// The stop signals cannot be listened for.
    Signal(std::io::Error),
    /// The server did not start.
    Start(minesweeper_server::StartError),
    /// A load or cluster-test run could not play.
    Bots(swarm::BotError),
    /// The acknowledged moves' file cannot be written.
    Acks {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: std::io::Error,
    },
    /// The task collecting the acknowledged moves failed.
    Collector(tokio::task::JoinError),
    /// Some players of a cluster-test run did not finish their games.
    PlayersFailed,
}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CliError::MissingValue(flag) => write!(f, "{flag} needs a value\n{USAGE}"),
            CliError::BadValue {
                flag,
                value,
                reason,
            } => write!(f, "{flag} {value}: {reason}\n{USAGE}"),
            CliError::UnknownOption(flag) => write!(f, "unknown option {flag}\n{USAGE}"),
            CliError::ClusterSecret => write!(
                f,
                "--node needs MSC_CLUSTER_SECRET in the environment: the same secret on every \
                 node, 16 characters or more, no spaces"
            ),
            CliError::Runtime(e) => write!(f, "the async runtime: {e}"),
            CliError::Signal(e) => write!(f, "listening for the stop signals: {e}"),
            CliError::Start(e) => write!(f, "{e}"),
            CliError::Bots(e) => write!(f, "{e}"),
            CliError::Acks { path, reason } => write!(f, "{}: {reason}", path.display()),
            CliError::Collector(e) => write!(f, "collecting the acknowledged moves: {e}"),
            CliError::PlayersFailed => write!(f, "some players could not finish their games"),
        }
    }
}

impl std::error::Error for CliError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CliError::Runtime(e) | CliError::Signal(e) | CliError::Acks { reason: e, .. } => {
                Some(e)
            }
            CliError::Start(e) => Some(e),
            CliError::Bots(e) => Some(e),
            CliError::Collector(e) => Some(e),
            _ => None,
        }
    }
}

impl From<swarm::BotError> for CliError {
    fn from(e: swarm::BotError) -> CliError {
        CliError::Bots(e)
    }
}

/// What the command line's first word asks for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The game server.
    Serve,
    /// The load test.
    Swarm,
    /// The latency of one join and one move.
    Latency,
    /// The cluster test's players.
    Chaos,
}

/// The command line, read.
struct Args {
    mode: Mode,
    /// The server's settings (its address set from `addr` at the end).
    config: Config,
    /// `--addr` of the server, or of the one node `latency` measures.
    addr: SocketAddr,
    /// `--addr` of `swarm` and `chaos`: the nodes to play through.
    addrs: Vec<String>,
    node: Option<String>,
    advertise: String,
    games: usize,
    plies: u32,
    think: u64,
    limit_s: u64,
    acks: Option<PathBuf>,
    /// `swarm --rated 1`: every bot signs up and every game is rated.
    rated: bool,
    /// `--db-password-file`: the database's password, read from a file.
    password_file: Option<PathBuf>,
}

impl Args {
    /// Each mode's defaults.
    fn new(mode: Mode) -> Args {
        let addr: SocketAddr = ([127, 0, 0, 1], 8080).into();
        let (games, plies, think) = match mode {
            Mode::Latency => (100, 40, 0),
            Mode::Chaos => (30, 60, 100),
            Mode::Serve | Mode::Swarm => (1000, 40, 0),
        };
        Args {
            mode,
            config: Config {
                addr,
                db: PathBuf::from("games.sqlite").into(),
                web: None,
                full_sync: false,
                dealer: None,
                rate: minesweeper_server::conn::RATE,
                limits: minesweeper_server::Limits::default(),
                cluster: None,
                trusted_proxies: Vec::new(),
            },
            addr,
            addrs: Vec::new(),
            node: None,
            advertise: String::new(),
            games,
            plies,
            think,
            limit_s: 120,
            acks: None,
            rated: false,
            password_file: None,
        }
    }

    /// Reads the command line (its mode word included).
    fn parse(args: &[String]) -> Result<Args, CliError> {
        let mode = match args.first().map(String::as_str) {
            Some("swarm") => Mode::Swarm,
            Some("latency") => Mode::Latency,
            Some("chaos") => Mode::Chaos,
            _ => Mode::Serve,
        };
        let mut read = Args::new(mode);
        let mut it = args.iter().skip(usize::from(mode != Mode::Serve));
        while let Some(flag) = it.next() {
            let v = it
                .next()
                .ok_or_else(|| CliError::MissingValue(flag.clone()))?;
            read.set(flag, v)?;
        }
        read.config.addr = read.addr;
        read.config.cluster = read.cluster()?;
        read.db_password()?;
        Ok(read)
    }

    /// Adds the database's password to its address, from the file
    /// `--db-password-file` names or from `MSC_DB_PASSWORD`: never on the
    /// command line, which every user of the machine can read.
    fn db_password(&mut self) -> Result<(), CliError> {
        let password = match &self.password_file {
            Some(path) => {
                let bad = |reason: String| CliError::BadValue {
                    flag: "--db-password-file".into(),
                    value: path.display().to_string(),
                    reason,
                };
                let text = std::fs::read_to_string(path).map_err(|e| bad(e.to_string()))?;
                let text = text.trim_end_matches(['\n', '\r']).to_string();
                if text.is_empty() || text.len() > 1024 || text.contains('\n') {
                    return Err(bad(
                        "expected one line of 1 to 1024 bytes: the password".into()
                    ));
                }
                Some(text)
            }
            None => std::env::var("MSC_DB_PASSWORD")
                .ok()
                .filter(|p| !p.is_empty()),
        };
        if let (Some(pw), minesweeper_server::store::Db::Postgres(url)) =
            (password, &self.config.db)
        {
            let url = minesweeper_server::store::with_password(url, &pw);
            self.config.db = minesweeper_server::store::Db::Postgres(url);
        }
        Ok(())
    }

    /// Takes flag `flag` with its value `v`.
    fn set(&mut self, flag: &str, v: &str) -> Result<(), CliError> {
        let bad = |e: &dyn std::fmt::Display| CliError::BadValue {
            flag: flag.to_string(),
            value: v.to_string(),
            reason: e.to_string(),
        };
        let (several, chaos) = (
            matches!(self.mode, Mode::Swarm | Mode::Chaos),
            self.mode == Mode::Chaos,
        );
        let config = &mut self.config;
        match flag {
            "--addr" if several => {
                self.addrs = v.split(',').map(str::to_string).collect();
                let addrs = &self.addrs;
                if addrs.len() > 64 || addrs.iter().any(|a| a.parse::<SocketAddr>().is_err()) {
                    return Err(bad(&"1 to 64 addresses HOST:PORT, by commas"));
                }
            }
            "--addr" => self.addr = v.parse().map_err(|e| bad(&e))?,
            "--limit-s" if chaos => {
                self.limit_s = v.parse::<u64>().map_err(|e| bad(&e))?.clamp(1, MAX_LIMIT_S)
            }
            "--acks" if chaos => self.acks = Some(PathBuf::from(v)),
            "--db" => config.db = minesweeper_server::store::Db::parse(v),
            "--db-password-file" => self.password_file = Some(PathBuf::from(v)),
            "--web" => config.web = Some(PathBuf::from(v)),
            "--sync" if v == "full" || v == "normal" => config.full_sync = v == "full",
            "--rate" => config.rate = v.parse::<f64>().map_err(|e| bad(&e))?.clamp(0.1, 10_000.0),
            "--max-connections" => config.limits.connections = count(v).map_err(|e| bad(&e))?,
            "--per-address" => config.limits.per_address = count(v).map_err(|e| bad(&e))?,
            "--trusted-proxy" => {
                for ip in v.split(',') {
                    let ip = ip.trim().parse().map_err(|e| bad(&e))?;
                    if config.trusted_proxies.len() >= minesweeper_server::listen::MAX_PROXIES {
                        return Err(bad(&format!(
                            "at most {} trusted proxies",
                            minesweeper_server::listen::MAX_PROXIES
                        )));
                    }
                    config.trusted_proxies.push(ip);
                }
            }
            "--waiting-per-address" => {
                config.limits.waiting_per_address = count(v).map_err(|e| bad(&e))?
            }
            "--node" => {
                let ok = !v.is_empty()
                    && v.len() <= 64
                    && v.bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
                if !ok {
                    return Err(bad(&"a node's name is 1 to 64 letters, digits, - or _"));
                }
                self.node = Some(v.to_string());
            }
            "--advertise" => {
                if !v.starts_with("ws://") {
                    return Err(bad(
                        &"the address other nodes reach this one at: ws://HOST:PORT",
                    ));
                }
                self.advertise = v.to_string();
            }
            "--rated" if self.mode == Mode::Swarm => {
                self.rated = match v {
                    "1" | "yes" => true,
                    "0" | "no" => false,
                    _ => return Err(bad(&"1 (every bot signed in, every game rated) or 0")),
                }
            }
            "--sign-ups-per-hour" => {
                config.limits.sign_ups_per_hour =
                    u32::try_from(count(v).map_err(|e| bad(&e))?).unwrap_or(u32::MAX)
            }
            "--sign-in-tries" => {
                config.limits.sign_in_tries =
                    u32::try_from(count(v).map_err(|e| bad(&e))?).unwrap_or(u32::MAX)
            }
            "--games" => self.games = v.parse::<usize>().map_err(|e| bad(&e))?.clamp(1, MAX_GAMES),
            "--think-ms" => self.think = v.parse::<u64>().map_err(|e| bad(&e))?.min(MAX_THINK_MS),
            "--plies" => self.plies = v.parse::<u32>().map_err(|e| bad(&e))?.clamp(1, MAX_PLIES),
            _ => return Err(CliError::UnknownOption(flag.to_string())),
        }
        Ok(())
    }

    /// This server as a node of several (`--node`), with the secret the
    /// nodes share from the environment.
    fn cluster(&self) -> Result<Option<minesweeper_server::cluster::Cluster>, CliError> {
        let Some(name) = self.node.clone() else {
            return Ok(None);
        };
        let secret = std::env::var("MSC_CLUSTER_SECRET").unwrap_or_default();
        if secret.len() < 16 || secret.contains(char::is_whitespace) {
            return Err(CliError::ClusterSecret);
        }
        Ok(Some(minesweeper_server::cluster::Cluster {
            node: minesweeper_server::store::Node {
                name,
                addr: self.advertise.clone(),
            },
            secret,
        }))
    }
}

/// A count of connections: 1 to 2²⁰.
fn count(v: &str) -> Result<usize, std::num::ParseIntError> {
    Ok(v.parse::<usize>()?.clamp(1, 1 << 20))
}

fn run(args: &[String]) -> Result<(), CliError> {
    let Args {
        mode,
        config,
        addr,
        mut addrs,
        games,
        plies,
        think,
        limit_s,
        acks,
        rated,
        ..
    } = Args::parse(args)?;
    let rt = tokio::runtime::Runtime::new().map_err(CliError::Runtime)?;
    if addrs.is_empty() {
        addrs.push(addr.to_string());
    }
    rt.block_on(async move {
        match mode {
            Mode::Latency => run_latency(&addr.to_string(), games).await,
            Mode::Chaos => run_chaos(&addrs, games, plies, think, limit_s, acks).await,
            Mode::Swarm => run_swarm(&addrs, games, (plies, think), rated).await,
            Mode::Serve => serve(config).await,
        }
    })
}

/// Measures one join and one move, `games` times, on the server at `addr`.
async fn run_latency(addr: &str, games: usize) -> Result<(), CliError> {
    let l = swarm::latency(addr, games).await?;
    println!(
        "games {} join (two messages) median {:.2} ms, move (one message) median {:.2} ms",
        l.games,
        l.join_us as f64 / 1000.0,
        l.move_us as f64 / 1000.0
    );
    Ok(())
}

/// The load test: `games` games through `addrs`, `plies` moves each,
/// each after `think` ms; `rated`: by signed-in bots, rated.
async fn run_swarm(
    addrs: &[String],
    games: usize,
    (plies, think): (u32, u64),
    rated: bool,
) -> Result<(), CliError> {
    let think = std::time::Duration::from_millis(think);
    let r = swarm::swarm(addrs, games, (plies, think), rated).await?;
    println!(
        "games {} moves {} seconds {:.1} moves/s {:.0} rtt p50 {:.2} ms p99 {:.2} ms failed {}{}",
        r.games,
        r.moves,
        r.seconds,
        r.moves as f64 / r.seconds.max(1e-9),
        r.p50_us as f64 / 1000.0,
        r.p99_us as f64 / 1000.0,
        r.failed.0,
        r.failed
            .1
            .map(|e| format!(" (first: {e})"))
            .unwrap_or_default(),
    );
    Ok(())
}

/// Serves until a stop signal, then leaves gracefully. A node that loses
/// its lease drops its games and joins again by itself.
async fn serve(config: Config) -> Result<(), CliError> {
    let running = start(config).await.map_err(CliError::Start)?;
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .map_err(CliError::Signal)?;
    tokio::select! {
        r = tokio::signal::ctrl_c() => r.map_err(CliError::Signal)?,
        _ = term.recv() => {}
    }
    // A graceful stop: the games go to the other nodes at once, and
    // the clients are told to reconnect (a second for the close frames).
    running.leave().await;
    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    eprintln!("minesweeper_server: stopped");
    Ok(())
}

/// The acknowledged moves' file `path` could not be written.
fn acks_error(path: &Path) -> impl Fn(std::io::Error) -> CliError + '_ {
    move |reason| CliError::Acks {
        path: path.to_path_buf(),
        reason,
    }
}

/// The cluster test's players; prints a summary line, and each move the
/// server acknowledged to `acks`.
async fn run_chaos(
    addrs: &[String],
    games: usize,
    plies: u32,
    think: u64,
    limit_s: u64,
    acks: Option<PathBuf>,
) -> Result<(), CliError> {
    use std::io::Write as _;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<String>();
    let mut file = match &acks {
        Some(path) => Some(std::fs::File::create(path).map_err(acks_error(path))?),
        None => None,
    };
    let writer = tokio::spawn(async move {
        let mut lines = Vec::new();
        while let Some(line) = rx.recv().await {
            lines.push(line);
        }
        lines
    });
    let r = minesweeper_server::chaos::chaos(
        addrs,
        games,
        plies,
        std::time::Duration::from_millis(think),
        std::time::Duration::from_secs(limit_s),
        tx,
    )
    .await?;
    let lines = writer.await.map_err(CliError::Collector)?;
    if let (Some(f), Some(path)) = (&mut file, &acks) {
        for line in &lines {
            writeln!(f, "{line}").map_err(acks_error(path))?;
        }
    }
    println!(
        "games {} players_finished {} failed {} acked {} reconnects {} longest_gap_ms {}{}",
        r.games,
        r.finished,
        r.failed.0,
        r.acked,
        r.reconnects,
        r.longest_gap_ms,
        r.failed
            .1
            .map(|e| format!(" (first: {e})"))
            .unwrap_or_default(),
    );
    if r.failed.0 > 0 {
        return Err(CliError::PlayersFailed);
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = match minesweeper_core::text::utf8_args(std::env::args_os().skip(1)) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("minesweeper_server: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("minesweeper_server: {e}");
            ExitCode::FAILURE
        }
    }
}
