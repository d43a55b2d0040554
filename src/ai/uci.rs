//! The UCI protocol, for fog-free positions on this game's boards, so that
//! chess tools (GUIs, match runners) can play the engine against others.
//!
//! Positions are FEN with as many ranks as the board has (ten for the
//! classic board: `position startpos` is its start). Moves are in
//! coordinate notation (`e2e4`, `e9e10q`); with the `Sapper` option on,
//! the sapper action is written `e2e3*`. Searches run to the end before the
//! next command is read (`stop` has nothing to interrupt).

use std::io::{BufRead, Write};
use std::time::Duration;

use super::{Limits, MATE, Search, Thought};
use crate::rules::{Position, RuleSet, fen, notation};

/// The classic board's start, without fog or mines.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

struct Session {
    position: Option<Position>,
    sapper: bool,
}

/// Speaks UCI on `input` and `output` until `quit` or the end of input.
///
/// # Errors
/// Only when writing to `output` fails; bad commands get an
/// `info string` line saying what is wrong.
pub fn run(input: impl BufRead, output: &mut impl Write) -> std::io::Result<()> {
    let mut s = Session {
        position: parse_position(START_FEN, &[], true).ok(),
        sapper: true,
    };
    for line in input.lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, rest)) = words.split_first() else {
            continue;
        };
        match cmd {
            "uci" => {
                writeln!(output, "id name Minesweeper Chess")?;
                writeln!(output, "id author Minesweeper Chess developers")?;
                writeln!(output, "option name Sapper type check default true")?;
                writeln!(output, "uciok")?;
            }
            "isready" => writeln!(output, "readyok")?,
            "ucinewgame" | "stop" | "ponderhit" => {}
            "quit" => break,
            "setoption" => {
                // setoption name Sapper value false
                let text = rest.join(" ").to_ascii_lowercase();
                if let Some(v) = text.strip_prefix("name sapper value ") {
                    s.sapper = v.trim() == "true";
                } else {
                    writeln!(output, "info string unknown option: {}", rest.join(" "))?;
                }
            }
            "position" => match position_command(rest, s.sapper) {
                Ok(p) => s.position = Some(p),
                Err(e) => {
                    s.position = None;
                    writeln!(output, "info string {e}")?;
                }
            },
            "go" => {
                let Some(pos) = &s.position else {
                    writeln!(
                        output,
                        "info string no valid position; send 'position' first"
                    )?;
                    writeln!(output, "bestmove 0000")?;
                    continue;
                };
                let limits = go_limits(rest, pos);
                let thought = Search::new(&pos.public_view(), limits, 0, 1).run();
                match thought {
                    Some(t) => {
                        writeln!(output, "{}", info_line(&t))?;
                        writeln!(output, "bestmove {}", t.best)?;
                    }
                    None => writeln!(output, "bestmove 0000")?,
                }
            }
            other => writeln!(output, "info string unknown command: {other}")?,
        }
        output.flush()?;
    }
    Ok(())
}

/// `info depth … score … nodes … nps … time … pv …`.
pub fn info_line(t: &Thought) -> String {
    let score = if t.score.abs() >= MATE - 200 {
        let plies = MATE - t.score.abs();
        let moves = (plies + 1) / 2;
        format!("mate {}", if t.score > 0 { moves } else { -moves })
    } else {
        format!("cp {}", t.score)
    };
    let ms = t.time.as_millis().max(1);
    let pv: Vec<String> = t.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "info depth {} score {score} nodes {} nps {} time {ms} pv {}",
        t.depth,
        t.nodes,
        t.nodes as u128 * 1000 / ms,
        pv.join(" ")
    )
}

fn position_command(words: &[&str], sapper: bool) -> Result<Position, String> {
    let moves_at = words.iter().position(|w| *w == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let fen_text = match head.split_first() {
        Some((&"startpos", _)) => START_FEN.to_string(),
        Some((&"fen", f)) if !f.is_empty() => f.join(" "),
        _ => return Err("expected 'position startpos' or 'position fen FEN'".into()),
    };
    parse_position(&fen_text, moves, sapper)
}

fn parse_position(fen_text: &str, moves: &[&str], sapper: bool) -> Result<Position, String> {
    let setup = fen::parse_setup(fen_text).map_err(|e| format!("bad FEN: {e}"))?;
    let mut rules = RuleSet::standard(setup.files, setup.ranks);
    rules.sapper = sapper;
    let mut pos = fen::parse(fen_text, rules).map_err(|e| format!("bad FEN: {e}"))?;
    for m in moves {
        let mv = notation::parse_move(&pos, m).map_err(|e| format!("move {m}: {e}"))?;
        pos.try_play(mv).map_err(|e| format!("move {m}: {e}"))?;
    }
    Ok(pos)
}

fn go_limits(words: &[&str], pos: &Position) -> Limits {
    let num = |key: &str| -> Option<u64> {
        let i = words.iter().position(|w| *w == key)?;
        words.get(i + 1)?.parse().ok()
    };
    let mut limits = Limits::time(Duration::from_millis(1000));
    if let Some(d) = num("depth") {
        limits = Limits::depth(d.clamp(1, 50) as u8);
    }
    if let Some(n) = num("nodes") {
        limits.nodes = n;
        limits.time = None;
    }
    if let Some(ms) = num("movetime") {
        limits.time = Some(Duration::from_millis(ms));
    }
    let (time, inc) = match pos.turn() {
        crate::rules::Color::White => (num("wtime"), num("winc")),
        crate::rules::Color::Black => (num("btime"), num("binc")),
    };
    if let Some(t) = time {
        let to_go = num("movestogo").unwrap_or(30).max(1);
        let share = t / to_go + inc.unwrap_or(0) / 2;
        limits.time = Some(Duration::from_millis(
            share.min(t.saturating_sub(50)).max(10),
        ));
    }
    if words.contains(&"infinite") && limits.time.is_none() && limits.nodes == u64::MAX {
        limits.time = Some(Duration::from_secs(10));
    }
    limits
}
