//! `bench ai`: the computer opponent's strength and speed, measured.
//!
//! - nodes per second and depth reached in one second from the start;
//! - a tactics suite of 8×10 positions (mates, winning captures, a mine to
//!   avoid) that the Strong level must solve;
//! - matches with random mine layouts: Casual against a random mover, and
//!   Strong against Beginner.
//!
//! Matches play games on every core at once. `--strong-ms N` sets the
//! Strong level's thinking time in the match (default 1000, as in the
//! game); a shorter time only makes Strong weaker, so a score reached with
//! it holds for the real level too.

use std::time::{Duration, Instant};

use minesweeper_core::ai::arena::{Player, play_game};
use minesweeper_core::ai::tactics::{TACTICS, solved};
use minesweeper_core::ai::{Level, Limits, Search};
use minesweeper_core::chess::{Color, RuleSet, Variant, fen};

use crate::flags::FlagError;

/// A bad flag of `bench ai`.
#[derive(Debug)]
pub enum AiBenchError {
    /// Unknown, or its value missing or out of range.
    Flag(FlagError),
    /// `--only` names no part (the value as given).
    Part(String),
}

impl std::fmt::Display for AiBenchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AiBenchError::Flag(e) => e.fmt(f),
            AiBenchError::Part(v) => write!(
                f,
                "bench ai: --only {v}: the parts are {}",
                PARTS.join(", ")
            ),
        }
    }
}

impl std::error::Error for AiBenchError {}

impl From<FlagError> for AiBenchError {
    fn from(e: FlagError) -> AiBenchError {
        AiBenchError::Flag(e)
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Runs `games` games on all cores; returns (points for `hero`, wins,
/// draws, losses, median plies).
fn matches(hero: Player, villain: Player, games: u64, seed: u64) -> (f64, u64, u64, u64, f64) {
    let variant = Variant::classic();
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get()) as u64;
    let results: Vec<(f64, usize)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|w| {
                let variant = &variant;
                s.spawn(move || {
                    let mut out = Vec::new();
                    let mut g = w;
                    while g < games {
                        // Alternate colours.
                        let (white, black, side) = if g % 2 == 0 {
                            (hero, villain, Color::White)
                        } else {
                            (villain, hero, Color::Black)
                        };
                        let r = play_game(variant, white, black, seed + g, 400);
                        out.push((r.points(side), r.plies));
                        g += workers;
                    }
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let points: f64 = results.iter().map(|r| r.0).sum();
    let wins = results.iter().filter(|r| r.0 == 1.0).count() as u64;
    let draws = results.iter().filter(|r| r.0 == 0.5).count() as u64;
    let losses = results.len() as u64 - wins - draws;
    let plies = median(results.iter().map(|r| r.1 as f64).collect());
    (points, wins, draws, losses, plies)
}

/// Nodes a second and depth of `runs` one-second searches of `public`
/// (medians), as a line of the report.
fn one_second(public: &minesweeper_core::chess::PublicPosition, runs: u64, what: &str) -> String {
    let (mut nps, mut depth) = (Vec::new(), Vec::new());
    for i in 0..runs {
        let t = Instant::now();
        let thought = Search::new(public, Limits::time(Duration::from_secs(1)), 0, i).run();
        let secs = t.elapsed().as_secs_f64();
        if let Some(th) = thought {
            nps.push(th.nodes as f64 / secs);
            depth.push(th.depth as f64);
        }
    }
    if nps.is_empty() {
        return String::new();
    }
    format!(
        "speed from the start position {what}, 1 s searches, median of {runs}:\n  {:.0} nodes/s, depth {}\n",
        median(nps),
        median(depth)
    )
}

/// The parts `--only` may name.
const PARTS: [&str; 4] = ["speed", "nodes", "tactics", "matches"];

/// Positions for the fixed-depth node count: openings without fog, and
/// fog games a few moves in (seeded layouts, public views only).
const NODE_LINES: [(&str, bool); 8] = [
    ("", false),
    ("d2d4 g10f8 h2h4 d9d7 d4d5 b10c8", false),
    ("b2b3 b10c8 g1f3 e9e8 e2e4 b9b8", false),
    ("c2c4 b10c8 b2b4 e9e7 d2d4 f10c7", false),
    ("g1f3 d9d7 c2c4 h9h7 e2e3 e9e7", false),
    ("", true),
    ("e2e3 e9e8 e3e4* e8e7*", true),
    ("g1f3 g10f8 d2d3 d9d8 d3d4* d8d7* b1c3 b10c8", true),
];

/// The public positions of [`NODE_LINES`].
fn node_positions() -> Vec<(String, minesweeper_core::chess::PublicPosition)> {
    use minesweeper_core::chess::{Game, SquareSet, Variant, notation};
    let variant = Variant::classic();
    let mut out = Vec::new();
    for (i, (line, fog)) in NODE_LINES.iter().enumerate() {
        let mut rng =
            <minesweeper_core::rng::GameRng as rand::SeedableRng>::seed_from_u64(i as u64);
        let layout = if *fog {
            minesweeper_core::chess::mines::random_layout(&variant.fog_zone, 4, &mut rng)
        } else {
            SquareSet::EMPTY
        };
        let start = if *fog {
            Game::new(&variant, layout).ok()
        } else {
            fen::parse_standard(minesweeper_core::ai::uci::START_FEN)
                .ok()
                .map(Game::from_position)
        };
        let Some(mut game) = start else { continue };
        let played = line.split_whitespace().all(|m| {
            notation::parse_move(game.position(), m)
                .ok()
                .is_some_and(|mv| game.play(mv).is_ok())
        });
        if !played {
            continue;
        }
        let name = format!(
            "{}{}",
            if *fog { "fog: " } else { "" },
            if line.is_empty() { "start" } else { line }
        );
        out.push((name, game.position().public_view()));
    }
    out
}

/// What `bench ai` was asked for.
struct Plan<'a> {
    quick: bool,
    games: Option<u64>,
    strong_ms: Option<u64>,
    only: Option<&'a str>,
}

/// Reads `bench ai`'s flags.
fn parse(args: &[String]) -> Result<Plan<'_>, AiBenchError> {
    let mut plan = Plan {
        quick: false,
        games: None,
        strong_ms: None,
        only: None,
    };
    let mut f = crate::flags::Flags::new("bench ai", args);
    while let Some(a) = f.next_flag() {
        match a {
            "--quick" => plan.quick = true,
            "--games" => plan.games = Some(f.number(a, 1, 10_000)?),
            "--strong-ms" => plan.strong_ms = Some(f.number(a, 1, 60_000)?),
            "--only" => {
                let v = f.value(a)?;
                if !PARTS.contains(&v) {
                    return Err(AiBenchError::Part(v.to_string()));
                }
                plan.only = Some(v);
            }
            other => return Err(f.unknown(other).into()),
        }
    }
    Ok(plan)
}

/// `bench ai [--quick] [--games N] [--strong-ms MS] [--only speed|tactics|matches]`.
///
/// # Errors
/// An unknown flag, a missing or out-of-range value, or an `--only` part
/// that does not exist.
pub fn run(args: &[String]) -> Result<String, AiBenchError> {
    let plan = parse(args)?;
    let wants = |part: &str| plan.only.is_none_or(|o| o == part);
    let mut out = String::new();
    if cfg!(debug_assertions) {
        out.push_str("note: debug build; use `cargo run --release -- bench ai` for real figures\n");
    }
    if wants("speed") {
        out.push_str(&speed(plan.quick));
    }
    if wants("nodes") {
        out.push_str(&nodes(plan.quick));
    }
    if wants("tactics") {
        out.push_str(&tactics());
    }
    if wants("matches") {
        out.push_str(&match_report(&plan));
    }
    Ok(out)
}

/// Nodes a second and depth of one-second searches from the start, with
/// and without fog, and the depth the web's sliced search reaches.
fn speed(quick: bool) -> String {
    let mut out = String::new();
    let runs = if quick { 1 } else { 5 };
    // Without fog: the start position as plain chess on 8×10.
    if let Ok(start) = fen::parse_standard(minesweeper_core::ai::uci::START_FEN) {
        out.push_str(&one_second(&start.public_view(), runs, "without fog"));
    }
    let start = fen::parse(
        "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 8/8/8/ffffffff/ffffffff/ffffffff/ffffffff/8/8/8",
        RuleSet::standard(8, 10),
    );
    if let Ok(start) = start {
        let public = start.public_view();
        out.push_str(&one_second(&public, runs, "(fog, four hidden mines)"));
        // The web runs the search in 6 ms slices between frames: an
        // iteration cut short is redone from the transposition table.
        let mut sliced_depth = Vec::new();
        for i in 0..runs {
            let mut search = Search::new(&public, Limits::time(Duration::from_secs(1)), 0, i);
            let thought = loop {
                if let Some(t) = search.step(Duration::from_millis(6)) {
                    break t;
                }
            };
            sliced_depth.push(thought.depth as f64);
        }
        out.push_str(&format!(
            "  the same 1 s of thinking in 6 ms slices (the web): depth {}\n",
            median(sliced_depth)
        ));
    }
    out
}

/// Nodes of fixed-depth searches of [`NODE_LINES`], and their speed
/// (median of three runs).
fn nodes(quick: bool) -> String {
    // Fixed depth: a change meant only to be faster must show the same
    // node counts here; one meant to prune shows fewer.
    let (depth, fog_depth) = if quick { (6, 5) } else { (10, 8) };
    let mut out =
        format!("nodes at fixed depth ({depth} without fog, {fog_depth} with), one thread:\n");
    let positions = node_positions();
    let mut total = 0u64;
    let mut times = Vec::new();
    for run in 0..3 {
        let started = Instant::now();
        for (name, public) in &positions {
            let d = if public.position().fog().is_empty() {
                depth
            } else {
                fog_depth
            };
            let Some(t) = Search::new(public, Limits::depth(d), 0, 1).run() else {
                continue;
            };
            if run == 0 {
                total += t.nodes;
                out.push_str(&format!("  {:>10} nodes  {}  ({name})\n", t.nodes, t.best));
            }
        }
        times.push(started.elapsed().as_secs_f64());
    }
    let secs = median(times);
    out.push_str(&format!(
        "  total {total} nodes; median of 3 runs {secs:.2} s: {:.0} nodes/s\n",
        total as f64 / secs
    ));
    out
}

/// The tactics suite at the Strong level.
fn tactics() -> String {
    let strong = Level::Strong.limits();
    let mut solved_n = 0;
    let mut out = String::from("tactics suite at the Strong level (1 s):\n");
    for &(name, text, goal) in TACTICS {
        let rules = fen::parse_setup(text).map(|s| RuleSet::standard(s.files, s.ranks));
        let Ok(pos) = rules.and_then(|r| fen::parse(text, r)) else {
            out.push_str(&format!("  {name}: bad FEN\n"));
            continue;
        };
        let Some(t) = Search::new(&pos.public_view(), strong, 0, 1).run() else {
            continue;
        };
        let ok = solved(goal, &t.best.to_string(), t.score);
        solved_n += usize::from(ok);
        out.push_str(&format!(
            "  {} {name}: played {} (depth {}, score {})\n",
            if ok { "ok  " } else { "FAIL" },
            t.best,
            t.depth,
            t.score
        ));
    }
    out.push_str(&format!("  solved {solved_n} of {}\n", TACTICS.len()));
    out
}

/// Casual against a random mover, and Strong against Beginner.
fn match_report(plan: &Plan<'_>) -> String {
    let quick = plan.quick;
    let games = plan.games.unwrap_or(if quick { 10 } else { 50 });
    let (p, w, d, l, plies) = matches(Player::level(Level::Casual), Player::Random, games, 1000);
    let mut out = format!(
        "Casual vs a random mover, {games} games, random mine layouts:\n  {w} won, {d} drawn, {l} lost ({:.0}%), median {plies} plies\n",
        100.0 * p / games as f64
    );
    let games = plan.games.map_or(if quick { 10 } else { 100 }, |g| g * 2);
    let ms = plan.strong_ms.unwrap_or(1000);
    let strong = Player::Engine(Limits::time(Duration::from_millis(ms)), 0);
    let (p, w, d, l, plies) = matches(strong, Player::level(Level::Beginner), games, 5000);
    out.push_str(&format!(
        "Strong ({ms} ms a move) vs Beginner, {games} games, colours alternating:\n  {w} won, {d} drawn, {l} lost: {:.1}%, median {plies} plies\n",
        100.0 * p / games as f64
    ));
    out
}
