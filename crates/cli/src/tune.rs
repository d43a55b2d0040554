//! `tune`: Texel tuning of the evaluation's weights from recorded games
//! (`match --record FILE`: one game a line, `RESULT move move …` from the
//! start without fog), or from positions another engine scored (lines
//! `GAME RESULT CP FEN`: `tune --export` writes them without the score,
//! `benches/fairy/label.py` adds Fairy-Stockfish's). Prints the error
//! before and after and the weights as Rust, to paste into
//! `crates/core/src/ai/eval/weights.rs`.

use minesweeper_core::ai::eval::{NAMES, WEIGHTS, Weights, features};
use minesweeper_core::ai::tune::{
    PRIOR, Sample, blended, error, quiet_positions, samples, settled, tune,
};
use minesweeper_core::ai::uci::START_FEN;
use minesweeper_core::chess::{Move, Position, fen, notation};

use crate::error::{LineError, MoveError, Refusal};
use crate::flags::FlagError;
use crate::lines::{InputError, each_line};

/// Most games (or scored positions) read from all files together.
const MAX_GAMES: usize = 2_000_000;

/// Why `tune` stopped.
#[derive(Debug)]
pub enum TuneError {
    /// A bad flag.
    Flag(FlagError),
    /// No input files.
    NoFiles,
    /// A file that cannot be read, or a line that is not a game or a
    /// scored position.
    Input(InputError),
}

impl std::fmt::Display for TuneError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TuneError::Flag(e) => e.fmt(f),
            TuneError::NoFiles => {
                f.write_str("tune: give one or more files of recorded games (match --record)")
            }
            TuneError::Input(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for TuneError {}

impl From<FlagError> for TuneError {
    fn from(e: FlagError) -> TuneError {
        TuneError::Flag(e)
    }
}

/// A game's result for White, from its record's notation.
fn parse_result(word: Option<&str>) -> Result<f32, LineError> {
    match word {
        Some("1-0") => Ok(1.0),
        Some("0-1") => Ok(0.0),
        Some("1/2-1/2") => Ok(0.5),
        other => Err(LineError::Result(other.map(str::to_string))),
    }
}

/// The result and the start and moves of one recorded game line.
fn parse_game(line: &str) -> Result<(f32, Position, Vec<Move>), LineError> {
    let mut words = line.split_whitespace();
    let result = parse_result(words.next())?;
    let start = fen::parse_standard(START_FEN).map_err(LineError::Start)?;
    let mut pos = start.clone();
    let mut moves: Vec<Move> = Vec::new();
    let refused = |w, r| LineError::Move(MoveError::new(w, r));
    for w in words.take(2000) {
        let m = notation::parse_move(&pos, w).map_err(|e| refused(w, Refusal::Notation(e)))?;
        pos.try_play(m)
            .map_err(|e| refused(w, Refusal::Illegal(e)))?;
        moves.push(m);
    }
    Ok((result, start, moves))
}

/// One line of input: a game's samples (and its number, for holding
/// every tenth out), or a scored position's.
fn line_samples(
    line: &str,
    games: usize,
    skip: usize,
    blend: f32,
) -> Result<(usize, Vec<Sample>), LineError> {
    let mut words = line.split_whitespace();
    let Some(Ok(game)) = words.next().map(str::parse::<usize>) else {
        let (result, start, moves) = parse_game(line)?;
        return Ok((games, samples(&start, &moves, result, skip)));
    };
    let result = parse_result(words.next())?;
    let cp = match words.next().map(str::parse::<i32>) {
        Some(Ok(cp)) => cp,
        _ => return Err(LineError::NoScore),
    };
    let pos = LineError::fen(&words.collect::<Vec<_>>().join(" "))?;
    if !settled(&pos) {
        return Ok((game, Vec::new()));
    }
    let sample = Sample {
        features: features(&pos),
        result: blended(cp, result, blend),
    };
    Ok((game, vec![sample]))
}

/// `tune --export FILE...`: the positions tuning would learn from, as
/// `GAME RESULT FEN` lines for another engine to score.
fn export(files: &[String], skip: usize) -> Result<String, TuneError> {
    let mut out = String::new();
    each_line(files, MAX_GAMES, |game, line| {
        let (_, start, moves) = parse_game(line)?;
        // The record's own result word (parse_game has checked it).
        let word = line.split_whitespace().next().unwrap_or_default();
        for pos in quiet_positions(&start, &moves, skip) {
            out.push_str(&format!("{game} {word} {}\n", fen::to_fen(&pos)));
        }
        Ok(())
    })
    .map_err(TuneError::Input)?;
    Ok(out)
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

/// `tune FILE... [--rounds N] [--skip N] [--material] [--prior PCT]
/// [--blend PCT] [--export]` (material weights stay as they are unless
/// `--material`; the pull towards the present weights is PCT per cent of
/// the default; a scored position's target is the score's chance of
/// winning, blended at `--blend` per cent with the game's result).
///
/// # Errors
/// A file that cannot be read, a line that is not a game (with its file
/// and line number), or a bad flag.
pub fn run(args: &[String]) -> Result<String, TuneError> {
    let mut files = Vec::new();
    let mut rounds = 200;
    let mut skip = 12;
    let mut material = false;
    let mut prior_pct = 100u32;
    let mut blend_pct = 75u32;
    let mut export_only = false;
    let mut f = crate::flags::Flags::new("tune", args);
    while let Some(a) = f.next_flag() {
        match a {
            "--rounds" => rounds = f.number(a, 1, 100_000)?,
            "--skip" => skip = f.number(a, 0, 1000)?,
            "--material" => material = true,
            "--prior" => prior_pct = f.number(a, 0, 1000)?,
            "--blend" => blend_pct = f.number(a, 0, 100)?,
            "--export" => export_only = true,
            other if other.starts_with("--") => return Err(f.unknown(other).into()),
            file => files.push(file.to_string()),
        }
    }
    if files.is_empty() {
        return Err(TuneError::NoFiles);
    }
    if export_only {
        return export(&files, skip);
    }
    let blend = blend_pct as f32 / 100.0;
    let mut all = Vec::new();
    // Every tenth game is held out: its error tells whether the fit
    // learnt the game or the sample.
    let mut held = Vec::new();
    let games = each_line(&files, MAX_GAMES, |n, line| {
        let (game, found) = line_samples(line, n, skip, blend)?;
        if game % 10 == 0 {
            held.extend(found);
        } else {
            all.extend(found);
        }
        Ok(())
    })
    .map_err(TuneError::Input)?;
    let prior = PRIOR * f64::from(prior_pct) / 100.0;
    let t = tune(&all, &WEIGHTS, rounds, material, prior);
    let mut out = format!(
        "{games} lines, {} positions; scale {:.2}; error {:.5} -> {:.5} after {} rounds\n",
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
