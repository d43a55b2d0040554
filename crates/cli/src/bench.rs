//! `bench puzzle` and what every benchmark shares: medians, `--quick`.

use std::time::Instant;

use crate::flags::FlagError;
use crate::output::CliOutput;

/// The one flag these benchmarks take: `--quick`.
///
/// # Errors
/// Any other flag.
pub fn only_quick(cmd: &'static str, args: &[String]) -> Result<bool, FlagError> {
    let mut quick = false;
    let mut f = crate::flags::Flags::new(cmd, args);
    while let Some(a) = f.next_flag() {
        match a {
            "--quick" => quick = true,
            other => return Err(f.unknown(other)),
        }
    }
    Ok(quick)
}

/// The middle value (the upper one of an even count).
pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// `bench puzzle`: generating Sweeper Sudoku 9×9 boards (median, 90th
/// percentile and worst of many seeds) and rating a board of each built-in
/// preset (median). `--quick` times fewer seeds.
pub fn puzzle(args: &[String]) -> CliOutput {
    use minesweeper_core::sudoku::{PuzzleGame, generate, preset, rate};
    let quick = match only_quick("bench puzzle", args) {
        Ok(q) => q,
        Err(e) => return CliOutput::fail(format!("{e}\n")),
    };
    let (boards, rated) = if quick { (200, 10) } else { (5000, 200) };
    let presets = preset::builtins();
    let Some(grand) = presets.iter().find(|p| p.file.size == 9) else {
        return CliOutput {
            stdout: String::new(),
            stderr: "bench puzzle: no built-in 9×9 preset\n".into(),
            code: 2,
        };
    };
    let mut out = String::new();
    if cfg!(debug_assertions) {
        out.push_str(
            "note: debug build; use `cargo run --release -- bench puzzle` for real figures\n",
        );
    }
    let mut times: Vec<f64> = (0..boards as u64)
        .map(|seed| {
            let t = Instant::now();
            let board = generate(grand, seed);
            let us = t.elapsed().as_secs_f64() * 1e6;
            std::hint::black_box(board);
            us
        })
        .collect();
    times.sort_by(f64::total_cmp);
    out.push_str(&format!(
        "generate {} ({boards} seeds): median {:.1} µs, 90th percentile {:.1} µs, max {:.1} µs\n",
        grand.file.name,
        times[times.len() / 2],
        times[times.len() * 9 / 10],
        times[times.len() - 1]
    ));
    for p in &presets {
        let times: Vec<f64> = (0..rated as u64)
            .map(|seed| {
                let game = PuzzleGame::from_seed(p.clone(), seed);
                let t = Instant::now();
                let r = rate(&game);
                let us = t.elapsed().as_secs_f64() * 1e6;
                std::hint::black_box(r);
                us
            })
            .collect();
        out.push_str(&format!(
            "rate {} ({rated} seeds): median {:.1} µs\n",
            p.file.name,
            median(times)
        ));
    }
    CliOutput {
        stdout: out,
        stderr: String::new(),
        code: 0,
    }
}
