//! `tune`: Texel tuning of the evaluation's weights from recorded games
//! (`match --record FILE`: one game a line, `RESULT move move …` from the
//! start without fog). Prints the error before and after and the weights
//! as Rust, to paste into `crates/core/src/ai/eval.rs`.

use minesweeper_core::ai::eval::{NAMES, WEIGHTS, Weights};
use minesweeper_core::ai::tune::{PRIOR, Sample, error, samples, tune};
use minesweeper_core::ai::uci::START_FEN;
use minesweeper_core::chess::{Move, fen, notation};

/// Most games read from all files together.
const MAX_GAMES: usize = 200_000;

/// The samples of one recorded game line; `Err` names what is wrong.
fn game_samples(line: &str, skip: usize) -> Result<Vec<Sample>, String> {
    let mut words = line.split_whitespace();
    let result = match words.next() {
        Some("1-0") => 1.0,
        Some("0-1") => 0.0,
        Some("1/2-1/2") => 0.5,
        other => return Err(format!("result {other:?}: write 1-0, 0-1 or 1/2-1/2")),
    };
    let start = fen::parse_standard(START_FEN).map_err(|e| e.to_string())?;
    let mut pos = start.clone();
    let mut moves: Vec<Move> = Vec::new();
    for w in words.take(2000) {
        let m = notation::parse_move(&pos, w).map_err(|e| format!("{w}: {e}"))?;
        pos.try_play(m).map_err(|e| format!("{w}: {e}"))?;
        moves.push(m);
    }
    Ok(samples(&start, &moves, result, skip))
}

/// Writes weights as the Rust constant.
fn as_rust(w: &Weights) -> String {
    let mut out = String::from("pub const WEIGHTS: Weights = Weights {\n");
    for (name, row) in [("mg", &w.mg), ("eg", &w.eg)] {
        out.push_str(&format!("    {name}: [\n"));
        for (i, v) in row.iter().enumerate() {
            out.push_str(&format!("        {v:.1}, // {}\n", NAMES[i]));
        }
        out.push_str("    ],\n");
    }
    out.push_str("};\n");
    out
}

/// `tune FILE... [--rounds N] [--skip N] [--material] [--prior PCT]`
/// (material weights stay as they are unless `--material`; the pull
/// towards the present weights is PCT per cent of the default).
///
/// # Errors
/// A file that cannot be read, a line that is not a game (with its file
/// and line number), or a bad flag.
pub fn run(args: &[String]) -> Result<String, String> {
    let mut files = Vec::new();
    let mut rounds = 200;
    let mut skip = 12;
    let mut material = false;
    let mut prior_pct = 100u32;
    let mut f = crate::flags::Flags::new("tune", args);
    while let Some(a) = f.next_flag() {
        match a {
            "--rounds" => rounds = f.number(a, 1, 100_000)?,
            "--skip" => skip = f.number(a, 0, 1000)?,
            "--material" => material = true,
            "--prior" => prior_pct = f.number(a, 0, 1000)?,
            other if other.starts_with("--") => return Err(f.unknown(other)),
            file => files.push(file.to_string()),
        }
    }
    if files.is_empty() {
        return Err("tune: give one or more files of recorded games (match --record)".into());
    }
    let mut all = Vec::new();
    // Every tenth game is held out: its error tells whether the fit
    // learnt the game or the sample.
    let mut held = Vec::new();
    let mut games = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || games >= MAX_GAMES {
                continue;
            }
            games += 1;
            let found = game_samples(line, skip).map_err(|e| format!("{path}:{}: {e}", i + 1))?;
            if games % 10 == 0 {
                held.extend(found);
            } else {
                all.extend(found);
            }
        }
    }
    let prior = PRIOR * f64::from(prior_pct) / 100.0;
    let t = tune(&all, &WEIGHTS, rounds, material, prior);
    let mut out = format!(
        "{games} games, {} positions; scale {:.2}; error {:.5} -> {:.5} after {} rounds\n",
        all.len(),
        t.scale,
        t.before,
        t.after,
        t.rounds
    );
    out.push_str(&format!(
        "held out: {} positions of every tenth game; error {:.5} -> {:.5}\n",
        held.len(),
        error(&held, &WEIGHTS, t.scale),
        error(&held, &t.weights, t.scale)
    ));
    for (i, name) in NAMES.iter().enumerate() {
        out.push_str(&format!(
            "  {name:<34} mg {:>7.1} -> {:>7.1}   eg {:>7.1} -> {:>7.1}\n",
            WEIGHTS.mg[i], t.weights.mg[i], WEIGHTS.eg[i], t.weights.eg[i]
        ));
    }
    out.push_str(&as_rust(&t.weights));
    Ok(out)
}
