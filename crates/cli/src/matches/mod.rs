//! `match`: our UCI engine against another UCI engine on the 8×10 board,
//! refereed by the core's rules (see [`referee`]). Openings come from a
//! file and each is played with both colours; under `--fog` every pair of
//! games shares one mine layout. Prints each game, then wins, draws,
//! losses and an Elo estimate with its 95% error; with `--sprt` it stops
//! as soon as the test decides. Kept out of CI: a match takes minutes to
//! hours (benches/fairy/README.md).

pub mod engine;
pub mod referee;
pub mod stats;

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use engine::{Engine, EngineError, EngineSpec};
use referee::{Clock, RefereeError, Start};
use stats::{Sprt, Tally};

use crate::error::{AtLine, FileError, MoveError};
use crate::flags::FlagError;

/// Why an openings file was refused.
#[derive(Debug)]
pub enum OpeningsError {
    /// It cannot be read.
    Read(FileError),
    /// The start position does not read (a broken build).
    Start(minesweeper_core::chess::fen::FenError),
    /// A move on a line does not read or is not legal.
    Move(AtLine<MoveError>),
    /// It holds no opening (the file).
    Empty(String),
}

impl std::fmt::Display for OpeningsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpeningsError::Read(e) => e.fmt(f),
            OpeningsError::Start(e) => e.fmt(f),
            OpeningsError::Move(e) => e.fmt(f),
            OpeningsError::Empty(path) => write!(f, "{path}: no openings"),
        }
    }
}

impl std::error::Error for OpeningsError {}

/// Why a match could not be set up or went wrong.
#[derive(Debug)]
pub enum MatchError {
    /// A bad flag.
    Flag(FlagError),
    /// An engine option not written `NAME=VALUE`: the flag and its value.
    EngineOption(String, String),
    /// A `--tc` value not written `BASE_MS+INC_MS`.
    TimeControl(String),
    /// A `--sprt` value not written `ELO0,ELO1`.
    Sprt(String),
    /// No `--a`.
    NoA,
    /// No `--b` or `--fairy`.
    NoB,
    /// The openings file.
    Openings(OpeningsError),
    /// An engine (named) would not start.
    Engine(String, EngineError),
    /// A game could not start.
    Game(RefereeError),
    /// The record file cannot be written.
    Record(FileError),
    /// A worker panicked while holding the tally.
    Poisoned,
    /// A worker panicked.
    Panicked,
}

impl std::fmt::Display for MatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MatchError::Flag(e) => e.fmt(f),
            MatchError::EngineOption(flag, v) => write!(f, "match: {flag} {v}: write NAME=VALUE"),
            MatchError::TimeControl(v) => {
                write!(f, "match: --tc {v}: write BASE_MS+INC_MS, e.g. 10000+100")
            }
            MatchError::Sprt(v) => write!(f, "match: --sprt {v}: write ELO0,ELO1 with ELO0 < ELO1"),
            MatchError::NoA => f.write_str("match: --a CMD is needed"),
            MatchError::NoB => f.write_str("match: --b CMD or --fairy PATH is needed"),
            MatchError::Openings(e) => e.fmt(f),
            MatchError::Engine(name, e) => write!(f, "{name}: {e}"),
            MatchError::Game(e) => e.fmt(f),
            MatchError::Record(e) => e.fmt(f),
            MatchError::Poisoned => f.write_str("poisoned"),
            MatchError::Panicked => f.write_str("a worker panicked"),
        }
    }
}

impl std::error::Error for MatchError {}

impl From<FlagError> for MatchError {
    fn from(e: FlagError) -> MatchError {
        MatchError::Flag(e)
    }
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchPlan {
    /// The engine whose score is reported.
    pub a: EngineSpec,
    /// Its opponent.
    pub b: EngineSpec,
    /// Openings (moves from the start), each played with both colours.
    pub openings: Vec<Vec<String>>,
    /// Games in all (rounded up to pairs).
    pub games: usize,
    /// Thinking time.
    pub clock: Clock,
    /// Games played at once.
    pub concurrency: usize,
    /// Fog games from this seed instead of openings.
    pub fog: Option<u64>,
    /// SPRT bounds (Elo0, Elo1).
    pub sprt: Option<(f64, f64)>,
    /// A game this long is a draw.
    pub max_plies: usize,
    /// Appends each game here as `RESULT move move …` (White's result:
    /// 1-0, 0-1 or 1/2-1/2): the tuner's input.
    pub record: Option<String>,
}

/// The usage line of `match`.
pub const USAGE: &str = "\
  match --a CMD [--a-option K=V]... (--b CMD [--b-option K=V]... | --fairy PATH [--elo N])
        [--openings FILE] [--games N] [--movetime MS | --tc BASE_MS+INC_MS]
        [--concurrency N] [--fog SEED] [--sprt ELO0,ELO1] [--max-plies N] [--record FILE]
                          engine A against engine B (UCI), refereed by our
                          rules; --fairy: Fairy-Stockfish with
                          benches/fairy/variants.ini (--elo: UCI_Elo);
                          prints W/D/L, Elo ± 95% error, and the SPRT;
                          --record: each game's result and moves (tune's input)
";

fn spec(name: &str, cmd: &str) -> EngineSpec {
    EngineSpec {
        name: name.to_string(),
        command: cmd.split_whitespace().map(str::to_string).collect(),
        options: Vec::new(),
    }
}

fn option(v: &str, flag: &str) -> Result<(String, String), MatchError> {
    let (k, val) = v
        .split_once('=')
        .ok_or_else(|| MatchError::EngineOption(flag.to_string(), v.to_string()))?;
    Ok((k.to_string(), val.to_string()))
}

/// Reads an openings file: one opening a line, moves in coordinate
/// notation; `#` starts a comment. Checked against the rules with the
/// line number of any bad move.
///
/// # Errors
/// An unreadable or empty file, or a move that does not read or is not
/// legal there (with its line).
pub fn read_openings(path: &str) -> Result<Vec<Vec<String>>, OpeningsError> {
    use minesweeper_core::chess::{Game, fen};
    let text =
        std::fs::read_to_string(path).map_err(|e| OpeningsError::Read(FileError::at(path)(e)))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let pos = fen::parse_standard(minesweeper_core::ai::uci::START_FEN)
            .map_err(OpeningsError::Start)?;
        let mut game = Game::from_position(pos);
        let moves: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        for m in &moves {
            MoveError::play(&mut game, m)
                .map_err(|e| OpeningsError::Move(AtLine::at(path, i)(e)))?;
        }
        out.push(moves);
    }
    if out.is_empty() {
        return Err(OpeningsError::Empty(path.to_string()));
    }
    Ok(out)
}

/// Reads `match`'s flags into a plan.
///
/// # Errors
/// A bad flag or value, a missing engine, or a bad openings file.
pub fn parse(args: &[String]) -> Result<MatchPlan, MatchError> {
    let mut f = crate::flags::Flags::new("match", args);
    let mut a: Option<EngineSpec> = None;
    let mut b: Option<EngineSpec> = None;
    let mut a_opts = Vec::new();
    let mut b_opts = Vec::new();
    let mut elo: Option<u32> = None;
    let mut openings = None;
    let mut games: usize = 100;
    let mut clock = Clock::MoveTime(Duration::from_millis(200));
    let mut concurrency = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut fog = None;
    let mut sprt = None;
    let mut max_plies = 400;
    let mut record = None;
    while let Some(flag) = f.next_flag() {
        match flag {
            "--a" => a = Some(spec("A", f.value(flag)?)),
            "--b" => b = Some(spec("B", f.value(flag)?)),
            "--a-option" => a_opts.push(option(f.value(flag)?, flag)?),
            "--b-option" => b_opts.push(option(f.value(flag)?, flag)?),
            "--fairy" => {
                let path = f.value(flag)?;
                let mut s = spec("Fairy-Stockfish", path);
                let ini = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("../../benches/fairy/variants.ini");
                s.options = vec![
                    ("Threads".into(), "1".into()),
                    ("Hash".into(), "16".into()),
                    ("VariantPath".into(), ini.display().to_string()),
                    ("UCI_Variant".into(), "minesweeperchess".into()),
                ];
                b = Some(s);
            }
            "--elo" => elo = Some(f.number(flag, 500, 2850)?),
            "--openings" => {
                openings = Some(read_openings(f.value(flag)?).map_err(MatchError::Openings)?)
            }
            "--games" => games = f.number(flag, 1, 100_000)?,
            "--movetime" => {
                clock = Clock::MoveTime(Duration::from_millis(f.number(flag, 1, 600_000)?))
            }
            "--tc" => {
                let v = f.value(flag)?;
                let (base, inc) = v.split_once('+').unwrap_or((v, "0"));
                let ms = |s: &str| s.parse::<u64>().ok().filter(|n| *n <= 3_600_000);
                let (Some(base), Some(inc)) = (ms(base), ms(inc)) else {
                    return Err(MatchError::TimeControl(v.to_string()));
                };
                clock = Clock::Fischer(
                    Duration::from_millis(base.max(1)),
                    Duration::from_millis(inc),
                );
            }
            "--concurrency" => concurrency = f.number(flag, 1, 256)?,
            "--fog" => fog = Some(f.number(flag, 0, u64::MAX)?),
            "--sprt" => {
                let v = f.value(flag)?;
                let bounds = v
                    .split_once(',')
                    .and_then(|(x, y)| Some((x.trim().parse().ok()?, y.trim().parse().ok()?)))
                    .filter(|(x, y): &(f64, f64)| x < y && x.abs() < 1000.0 && y.abs() < 1000.0);
                sprt = Some(bounds.ok_or_else(|| MatchError::Sprt(v.to_string()))?);
            }
            "--max-plies" => max_plies = f.number(flag, 10, 10_000)?,
            "--record" => record = Some(f.value(flag)?.to_string()),
            other => return Err(f.unknown(other).into()),
        }
    }
    let mut a = a.ok_or(MatchError::NoA)?;
    let mut b = b.ok_or(MatchError::NoB)?;
    a.options.extend(a_opts);
    b.options.extend(b_opts);
    if let Some(elo) = elo {
        b.options.push(("UCI_LimitStrength".into(), "true".into()));
        b.options.push(("UCI_Elo".into(), elo.to_string()));
        b.name = format!("{} ({elo})", b.name);
    }
    if a.command == b.command && a.options == b.options {
        b.name = "A'".into();
    }
    Ok(MatchPlan {
        a,
        b,
        openings: openings.unwrap_or_else(|| vec![Vec::new()]),
        games: games.div_ceil(2) * 2,
        clock,
        concurrency,
        fog,
        sprt,
        max_plies,
        record,
    })
}

/// Shared between the workers.
struct Shared {
    next: AtomicUsize,
    stop: AtomicBool,
    tally: Mutex<Tally>,
}

/// Runs the match, printing each game as it ends (through `print`), and
/// returns the summary.
///
/// # Errors
/// An engine that would not start, a game that could not, or a record
/// file that cannot be written: the first a worker met.
pub fn run(plan: &MatchPlan, print: &(dyn Fn(&str) + Sync)) -> Result<String, MatchError> {
    let shared = Shared {
        next: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        tally: Mutex::new(Tally::default()),
    };
    let workers = plan.concurrency.min(plan.games).max(1);
    let errors: Vec<MatchError> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|_| s.spawn(|| worker(plan, &shared, print)))
            .collect();
        handles
            .into_iter()
            .filter_map(|h| h.join().unwrap_or(Err(MatchError::Panicked)).err())
            .collect()
    });
    if let Some(e) = errors.into_iter().next() {
        return Err(e);
    }
    let t = *shared.tally.lock().map_err(|_| MatchError::Poisoned)?;
    Ok(summary(plan, &t))
}

fn summary(plan: &MatchPlan, t: &Tally) -> String {
    let mut out = format!(
        "{} vs {}: {} games, +{} ={} -{}, score {:.1}/{} ({:.1}%)\n",
        plan.a.name,
        plan.b.name,
        t.games(),
        t.wins,
        t.draws,
        t.losses,
        t.points(),
        t.games(),
        100.0 * t.points() / t.games().max(1) as f64
    );
    match t.elo() {
        Some((elo, err)) => out.push_str(&format!("Elo difference: {elo:+.0} ± {err:.0} (95%)\n")),
        None => out.push_str("Elo difference: no finite estimate (all won or all lost)\n"),
    }
    if let Some((e0, e1)) = plan.sprt {
        let llr = t.llr(e0, e1);
        let verdict = match stats::sprt(llr) {
            Sprt::Gain => "H1 accepted (a gain)",
            Sprt::NoGain => "H0 accepted (no gain)",
            Sprt::Open => "undecided",
        };
        out.push_str(&format!(
            "SPRT [{e0}, {e1}]: LLR {llr:.2} (bounds ±2.94): {verdict}\n"
        ));
    }
    out
}

/// Appends a line to a file (opened each time: workers share it).
fn append(path: &str, line: &str) -> Result<(), MatchError> {
    use std::io::Write;
    static LOCK: Mutex<()> = Mutex::new(());
    let _held = LOCK.lock().map_err(|_| MatchError::Poisoned)?;
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut f| f.write_all(line.as_bytes()))
        .map_err(|e| MatchError::Record(FileError::at(path)(e)))
}

/// Starts the engine `spec` names.
fn launch(spec: &EngineSpec) -> Result<Engine, MatchError> {
    Engine::start(spec).map_err(|e| MatchError::Engine(spec.name.clone(), e))
}

fn worker(
    plan: &MatchPlan,
    shared: &Shared,
    print: &(dyn Fn(&str) + Sync),
) -> Result<(), MatchError> {
    let mut a = launch(&plan.a)?;
    let mut b = launch(&plan.b)?;
    loop {
        if shared.stop.load(Ordering::Relaxed) {
            return Ok(());
        }
        let g = shared.next.fetch_add(1, Ordering::Relaxed);
        if g >= plan.games {
            return Ok(());
        }
        let pair = g / 2;
        let start = match plan.fog {
            Some(seed) => Start::Fog(seed.wrapping_add(pair as u64)),
            None => Start::Opening(plan.openings[pair % plan.openings.len()].clone()),
        };
        let a_white = g.is_multiple_of(2);
        let played = if a_white {
            referee::play(&mut a, &mut b, &start, plan.clock, plan.max_plies)
        } else {
            referee::play(&mut b, &mut a, &start, plan.clock, plan.max_plies)
        }
        .map_err(MatchError::Game)?;
        let a_points = if a_white {
            played.white_points
        } else {
            1.0 - played.white_points
        };
        let line = {
            let mut t = shared.tally.lock().map_err(|_| MatchError::Poisoned)?;
            match a_points {
                p if p > 0.75 => t.wins += 1,
                p if p < 0.25 => t.losses += 1,
                _ => t.draws += 1,
            }
            if let Some((e0, e1)) = plan.sprt
                && stats::sprt(t.llr(e0, e1)) != Sprt::Open
            {
                shared.stop.store(true, Ordering::Relaxed);
            }
            format!(
                "game {:>4}: {} white, {} ({}, {} plies, worst overshoot {} ms) [+{} ={} -{}]\n  moves: {}",
                g + 1,
                if a_white { &plan.a.name } else { &plan.b.name },
                match a_points {
                    p if p > 0.75 => "A won",
                    p if p < 0.25 => "A lost",
                    _ => "drawn",
                },
                played.reason,
                played.moves.len(),
                played.worst_overshoot.as_millis(),
                t.wins,
                t.draws,
                t.losses,
                played.moves.join(" ")
            )
        };
        print(&line);
        if let Some(path) = &plan.record {
            let result = match played.white_points {
                p if p > 0.75 => "1-0",
                p if p < 0.25 => "0-1",
                _ => "1/2-1/2",
            };
            append(path, &format!("{result} {}\n", played.moves.join(" ")))?;
        }
        // A crashed engine is restarted for the next game.
        if played.reason.contains("exited") {
            a = launch(&plan.a)?;
            b = launch(&plan.b)?;
        }
    }
}
