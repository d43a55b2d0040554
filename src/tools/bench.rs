//! `bench`: move-generation speed (perft) and the cost of one full turn
//! through the ECS schedule. Reports medians over several runs; build with
//! `--release` for meaningful numbers.

use std::time::Instant;

use bevy::prelude::*;
use minesweeper_core::rng::GameRng;
use rand::SeedableRng;
use rand::seq::IndexedRandom;

use crate::chess::ecs::{ChessGame, MineSeed, MoveRequested, TrueBoard};
use minesweeper_cli::CliOutput;
use minesweeper_cli::bench::{median, only_quick};
use minesweeper_cli::perft::without_sapper;
use minesweeper_core::chess::{Position, fen, perft::perft};

/// Positions timed by the perft benchmark: name, FEN, depth. The same
/// positions are timed with Fairy-Stockfish by `benches/fairy/compare.sh`.
const PERFT_POSITIONS: &[(&str, &str, u32)] = &[
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
    ),
    ("castles", "r3k2r/8/8/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 4),
    (
        "italian",
        "r1bqkbnr/pppp1ppp/2n5/4p3/8/8/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 1",
        4,
    ),
];

/// Runs the benchmark; `--quick` uses smaller depths and fewer runs.
pub(super) fn run(args: &[String]) -> CliOutput {
    let quick = match only_quick("bench", args) {
        Ok(q) => q,
        Err(e) => return CliOutput::fail(format!("{e}\n")),
    };
    let runs = if quick { 3 } else { 5 };
    let mut out = String::new();
    if cfg!(debug_assertions) {
        out.push_str("note: debug build; use `cargo run --release -- bench` for real figures\n");
    }
    out.push_str(&format!(
        "perft (chess moves only, bulk-counted leaves), median of {runs} runs:\n"
    ));
    for &(name, f, depth) in PERFT_POSITIONS {
        let depth = if quick { depth - 1 } else { depth };
        let Ok(pos) = fen::parse_standard(f) else {
            continue;
        };
        let pos = without_sapper(&pos);
        let (nodes, nps) = time_perft(&pos, depth, runs);
        out.push_str(&format!(
            "  {name:<8} depth {depth}: {nodes:>10} nodes, {:>7.2} Mnps\n",
            nps / 1e6
        ));
    }
    let turns = if quick { 100 } else { 400 };
    let (median_us, p90_us) = time_ecs_turns(turns);
    out.push_str(&format!(
        "ECS turn (validate → apply → mines → fog → check → outcome), {turns} turns:\n  median {median_us:.1} µs, 90th percentile {p90_us:.1} µs\n"
    ));
    let frames = if quick { 300 } else { 1200 };
    let (m, p99) = time_view_frames(frames);
    out.push_str(&format!(
        "whole frame with the board view and effects, headless, {frames} frames (a move every 10):\n  median {m:.1} µs, 99th percentile {p99:.1} µs\n"
    ));
    CliOutput {
        stdout: out,
        stderr: String::new(),
        code: 0,
    }
}

/// The legal moves a player sees in the app's current game, or `None`
/// when the game is over.
fn public_moves(app: &mut App) -> Option<Vec<minesweeper_core::chess::Move>> {
    let world = app.world_mut();
    let mut state = bevy::ecs::system::SystemState::<(TrueBoard, Res<ChessGame>)>::new(world);
    match state.get(world) {
        Ok((board, gs)) if gs.outcome().is_none() => board
            .snapshot(&gs)
            .ok()
            .map(|p| p.public_view().legal_moves()),
        _ => None,
    }
}

/// Perft `runs` times; returns the node count and the median nodes/second.
fn time_perft(pos: &Position, depth: u32, runs: usize) -> (u64, f64) {
    let mut rates = Vec::new();
    let mut nodes = 0;
    for _ in 0..runs {
        let t = Instant::now();
        nodes = perft(pos, depth);
        rates.push(nodes as f64 / t.elapsed().as_secs_f64().max(1e-9));
    }
    (nodes, median(rates))
}

/// Plays random games through the headless schedule, timing each
/// `app.update()` that carries a move. Returns median and 90th percentile µs.
fn time_ecs_turns(turns: usize) -> (f64, f64) {
    let mut app = crate::app::headless_app(MineSeed(1));
    app.update();
    let mut rng = GameRng::seed_from_u64(99);
    let mut times = Vec::with_capacity(turns);
    while times.len() < turns {
        let moves = public_moves(&mut app);
        let Some(moves) = moves.filter(|m| !m.is_empty()) else {
            app.world_mut()
                .write_message(crate::chess::ecs::NewGameRequested::fresh());
            app.update();
            continue;
        };
        let Some(&m) = moves.choose(&mut rng) else {
            continue;
        };
        app.world_mut().write_message(MoveRequested(m));
        let t = Instant::now();
        app.update();
        times.push(t.elapsed().as_secs_f64() * 1e6);
    }
    times.sort_by(f64::total_cmp);
    let p90 = times[times.len() * 9 / 10];
    (median(times), p90)
}

/// Runs the gameplay plus the board view, animations and sound systems
/// headless (no GPU: sprites and text are plain components), playing a
/// random move every 10 frames. Returns median and 99th percentile µs per
/// `app.update()`.
fn time_view_frames(frames: usize) -> (f64, f64) {
    let mut app = crate::app::headless_app_with_view(MineSeed(4));
    app.update();
    let mut rng = GameRng::seed_from_u64(5);
    let mut times = Vec::with_capacity(frames);
    for i in 0..frames {
        if i % 10 == 0 {
            let moves = public_moves(&mut app);
            match moves.as_ref().and_then(|m| m.choose(&mut rng)) {
                Some(&m) => {
                    app.world_mut().write_message(MoveRequested(m));
                }
                None => {
                    app.world_mut()
                        .write_message(crate::chess::ecs::NewGameRequested::fresh());
                }
            }
        }
        let t = Instant::now();
        app.update();
        times.push(t.elapsed().as_secs_f64() * 1e6);
    }
    times.sort_by(f64::total_cmp);
    let p99 = times[times.len() * 99 / 100];
    (median(times), p99)
}
