//! The computer's search timed the same way in WebAssembly and natively:
//! nodes a second and depth of one second of search from the start
//! position, with and without fog, whole or in the browser's slices.

use std::time::Duration;

use minesweeper_core::ai::eval::net;
use minesweeper_core::ai::{Limits, Search};
use minesweeper_core::chess::{RuleSet, fen};
use wasm_bindgen::prelude::*;

/// The start position, mines hidden under the four middle ranks' fog.
const FOG_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 8/8/8/ffffffff/ffffffff/ffffffff/ffffffff/8/8/8";
/// The same without fog.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// One second of search from the start (with `fog`: four hidden mines),
/// the evaluation network on or off, in `slice_ms` slices (0: whole):
/// `[nodes a second, depth]`, or an empty list where the position does
/// not parse.
#[wasm_bindgen]
pub fn one_second(fog: bool, use_net: bool, slice_ms: u32, seed: u32) -> Vec<f64> {
    net::set_enabled(use_net);
    let text = if fog { FOG_START } else { START };
    let Ok(pos) = fen::parse(text, RuleSet::standard(8, 10)) else {
        return Vec::new();
    };
    let public = pos.public_view();
    let limits = Limits::time(Duration::from_secs(1));
    let started = web_time::Instant::now();
    let mut search = Search::new(&public, limits, 0, u64::from(seed));
    let thought = if slice_ms == 0 {
        search.run()
    } else {
        let slice = Duration::from_millis(u64::from(slice_ms.min(1000)));
        loop {
            if let Some(t) = search.step(slice) {
                break Some(t);
            }
        }
    };
    let secs = started.elapsed().as_secs_f64();
    thought.map_or_else(Vec::new, |t| {
        vec![t.nodes as f64 / secs, f64::from(t.depth)]
    })
}

/// What is timed: a name, fog, the network, the slice in milliseconds.
pub const CASES: [(&str, bool, bool, u32); 4] = [
    ("no fog, network", false, true, 0),
    ("no fog, linear only", false, false, 0),
    ("fog, network", true, true, 0),
    ("fog, network, 8 ms slices", true, true, 8),
];

/// The number of cases, for the JavaScript side.
#[wasm_bindgen]
pub fn cases() -> u32 {
    CASES.len() as u32
}

/// Case `i` five times: its summary line.
#[wasm_bindgen]
pub fn run_case(i: u32) -> String {
    let Some(&(name, fog, use_net, slice)) = CASES.get(i as usize) else {
        return String::new();
    };
    let runs: Vec<Vec<f64>> = (0..5)
        .map(|seed| one_second(fog, use_net, slice, seed))
        .collect();
    summary(name, &runs)
}

/// "name: median nodes a second, median depth" over `runs`.
pub fn summary(name: &str, runs: &[Vec<f64>]) -> String {
    let median = |k: usize| {
        let mut v: Vec<f64> = runs.iter().filter_map(|r| r.get(k).copied()).collect();
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or(0.0)
    };
    format!(
        "  {name}: {:.0} nodes/s, depth {} (median of {})",
        median(0),
        median(1),
        runs.len()
    )
}
