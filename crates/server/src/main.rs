//! `minesweeper_server`: runs the online game server, or (`swarm`) the load
//! test against one or several nodes, or (`chaos`) the cluster test's
//! players.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use minesweeper_server::{Config, start, swarm};

const USAGE: &str = "usage:
  minesweeper_server [--addr 127.0.0.1:8080] [--db games.sqlite|postgres://USER@HOST/DB] [--web dist] [--sync full] [--rate 10]
                     [--max-connections 4096] [--per-address 64] [--waiting-per-address 20]
                     [--node NAME [--advertise ws://HOST:PORT]]   (several nodes on one PostgreSQL;
                      the nodes share a secret in the environment: MSC_CLUSTER_SECRET)
  minesweeper_server swarm [--addr 127.0.0.1:8080[,HOST:PORT…]] [--games 1000] [--plies 40] [--think-ms 0]
  minesweeper_server chaos --addr HOST:PORT,HOST:PORT… [--games 30] [--plies 60] [--think-ms 100]
                           [--limit-s 120] [--acks FILE]   (the cluster test's players)
  minesweeper_server latency [--addr 127.0.0.1:8080] [--games 100]";

/// The longest a chaos run may last.
const MAX_LIMIT_S: u64 = 3600;

/// The most games, moves and thinking time a swarm run may ask for.
const MAX_GAMES: usize = 5000;
const MAX_PLIES: u32 = 500;
const MAX_THINK_MS: u64 = 60_000;

fn value<'a>(
    args: &mut impl Iterator<Item = &'a String>,
    flag: &str,
) -> Result<&'a String, String> {
    args.next()
        .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))
}

fn run(args: &[String]) -> Result<(), String> {
    let mut addr: SocketAddr = ([127, 0, 0, 1], 8080).into();
    let mut config = Config {
        addr,
        db: PathBuf::from("games.sqlite").into(),
        web: None,
        full_sync: false,
        dealer: None,
        rate: minesweeper_server::conn::RATE,
        limits: minesweeper_server::Limits::default(),
        cluster: None,
    };
    let (mut node, mut advertise) = (None::<String>, String::new());
    let (mut games, mut plies, mut think) = (1000usize, 40u32, 0u64);
    let is_swarm = args.first().is_some_and(|a| a == "swarm");
    let is_latency = args.first().is_some_and(|a| a == "latency");
    let is_chaos = args.first().is_some_and(|a| a == "chaos");
    if is_latency {
        games = 100;
    }
    if is_chaos {
        (games, plies, think) = (30, 60, 100);
    }
    let (mut addrs, mut limit_s, mut acks) = (Vec::<String>::new(), 120u64, None::<PathBuf>);
    let mut it = args
        .iter()
        .skip(usize::from(is_swarm || is_latency || is_chaos));
    while let Some(flag) = it.next() {
        let v = value(&mut it, flag)?;
        let bad = |e: &dyn std::fmt::Display| format!("{flag} {v}: {e}\n{USAGE}");
        match flag.as_str() {
            "--addr" if is_swarm || is_chaos => {
                addrs = v.split(',').map(str::to_string).collect();
                if addrs.len() > 64 || addrs.iter().any(|a| a.parse::<SocketAddr>().is_err()) {
                    return Err(bad(&"1 to 64 addresses HOST:PORT, by commas"));
                }
            }
            "--addr" => addr = v.parse().map_err(|e| bad(&e))?,
            "--limit-s" if is_chaos => {
                limit_s = v.parse::<u64>().map_err(|e| bad(&e))?.clamp(1, MAX_LIMIT_S)
            }
            "--acks" if is_chaos => acks = Some(PathBuf::from(v)),
            "--db" => config.db = minesweeper_server::store::Db::parse(v),
            "--web" => config.web = Some(PathBuf::from(v)),
            "--sync" if v == "full" || v == "normal" => config.full_sync = v == "full",
            "--rate" => config.rate = v.parse::<f64>().map_err(|e| bad(&e))?.clamp(0.1, 10_000.0),
            "--max-connections" => {
                config.limits.connections =
                    v.parse::<usize>().map_err(|e| bad(&e))?.clamp(1, 1 << 20)
            }
            "--per-address" => {
                config.limits.per_address =
                    v.parse::<usize>().map_err(|e| bad(&e))?.clamp(1, 1 << 20)
            }
            "--waiting-per-address" => {
                config.limits.waiting_per_address =
                    v.parse::<usize>().map_err(|e| bad(&e))?.clamp(1, 1 << 20)
            }
            "--node" => {
                let ok = !v.is_empty()
                    && v.len() <= 64
                    && v.bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
                if !ok {
                    return Err(bad(&"a node's name is 1 to 64 letters, digits, - or _"));
                }
                node = Some(v.clone());
            }
            "--advertise" => {
                if !v.starts_with("ws://") {
                    return Err(bad(
                        &"the address other nodes reach this one at: ws://HOST:PORT",
                    ));
                }
                advertise = v.clone();
            }
            "--games" => games = v.parse::<usize>().map_err(|e| bad(&e))?.clamp(1, MAX_GAMES),
            "--think-ms" => think = v.parse::<u64>().map_err(|e| bad(&e))?.min(MAX_THINK_MS),
            "--plies" => plies = v.parse::<u32>().map_err(|e| bad(&e))?.clamp(1, MAX_PLIES),
            _ => return Err(format!("unknown option {flag}\n{USAGE}")),
        }
    }
    config.addr = addr;
    if let Some(name) = node {
        let secret = std::env::var("MSC_CLUSTER_SECRET").unwrap_or_default();
        if secret.len() < 16 || secret.contains(char::is_whitespace) {
            return Err(
                "--node needs MSC_CLUSTER_SECRET in the environment: the same secret on every node, 16 characters or more, no spaces"
                    .into(),
            );
        }
        config.cluster = Some(minesweeper_server::cluster::Cluster {
            node: minesweeper_server::store::Node {
                name,
                addr: advertise,
            },
            secret,
        });
    }
    let rt = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    rt.block_on(async move {
        if is_latency {
            let l = swarm::latency(&addr.to_string(), games)
                .await
                .map_err(|e| e.to_string())?;
            println!(
                "games {} join (two messages) median {:.2} ms, move (one message) median {:.2} ms",
                l.games,
                l.join_us as f64 / 1000.0,
                l.move_us as f64 / 1000.0
            );
            return Ok(());
        }
        if addrs.is_empty() {
            addrs.push(addr.to_string());
        }
        if is_chaos {
            return run_chaos(&addrs, games, plies, think, limit_s, acks).await;
        }
        if is_swarm {
            let r = swarm::swarm(
                &addrs,
                games,
                plies,
                std::time::Duration::from_millis(think),
            )
            .await
            .map_err(|e| e.to_string())?;
            println!(
                "games {} moves {} seconds {:.1} moves/s {:.0} rtt p50 {:.2} ms p99 {:.2} ms failed {}{}",
                r.games,
                r.moves,
                r.seconds,
                r.moves as f64 / r.seconds.max(1e-9),
                r.p50_us as f64 / 1000.0,
                r.p99_us as f64 / 1000.0,
                r.failed.0,
                r.failed.1.map(|e| format!(" (first: {e})")).unwrap_or_default(),
            );
            return Ok(());
        }
        let running = start(config).await.map_err(|e| e.to_string())?;
        let mut lost = running.lost.clone();
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
            .map_err(|e| e.to_string())?;
        tokio::select! {
            r = tokio::signal::ctrl_c() => r.map_err(|e| e.to_string())?,
            _ = term.recv() => {}
            Ok(_) = lost.wait_for(|&l| l) => {
                return Err("this node's lease ran out: its games are another node's now".into());
            }
        }
        // A graceful stop: the games go to the other nodes at once, and
        // the clients are told to reconnect (a second for the close frames).
        running.leave().await;
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        eprintln!("minesweeper_server: stopped");
        Ok(())
    })
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
) -> Result<(), String> {
    use std::io::Write as _;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<String>();
    let mut file = match &acks {
        Some(path) => {
            Some(std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?)
        }
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
    .await
    .map_err(|e| e.to_string())?;
    let lines = writer.await.map_err(|e| e.to_string())?;
    if let Some(f) = &mut file {
        for line in &lines {
            writeln!(f, "{line}").map_err(|e| e.to_string())?;
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
        return Err("some players could not finish their games".into());
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
