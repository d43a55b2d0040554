//! The UCI protocol, so that chess tools (GUIs, match runners) can play the
//! engine against others on this game's boards.
//!
//! Positions are FEN with as many ranks as the board has (ten for the
//! classic board: `position startpos` is its start without fog). A FEN may
//! carry the minefield: a full one (the engine looks only at its public
//! view) or a public one with `?` cells and their hidden-mine count, which
//! is what a GUI that does not know the mines sends. Moves after a public
//! FEN must not lift fog: the counts they would reveal are for the GUI to
//! send. Moves are in coordinate notation (`e2e4`, `e9e10q`, `e2e3*`).
//!
//! A search runs on its own thread while commands are read: `stop` ends it
//! with the best move so far, `isready` is answered at once, and a position
//! with no legal move gets `bestmove 0000` at once.

use std::io::{BufRead, Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use super::{Level, Limits, MATE, MAX_THREADS, Search, Table, Thought, eval};
use crate::chess::fen::FenError;
use crate::chess::notation::NotationError;
use crate::chess::position::PublicMoveError;
use crate::chess::{IllegalMove, Position, PublicPosition, RuleSet, fen, notation};

/// The classic board's start, without fog or mines.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Longest command line read; longer lines are refused, not buffered.
pub const MAX_LINE: usize = 64 * 1024;
/// Longest thinking time a `go` may ask for.
pub const MAX_THINK: Duration = Duration::from_secs(24 * 3600);

struct Session {
    position: Option<PublicPosition>,
    /// The positions before each move of the `moves` list (public views):
    /// a repetition of one of them is a draw.
    earlier: Vec<Position>,
    sapper: bool,
    /// The transposition table, kept from move to move; `None` while a
    /// search holds it.
    table: Option<Table>,
    hash_mb: usize,
    /// Threads a search runs on (the `Threads` option).
    threads: usize,
    /// Play as one of the game's levels (its depth, time and noise, within
    /// the clock) instead of at full strength.
    level: Option<Level>,
    /// Drives a level's noise: a new value each move.
    seed: u64,
}

/// The `Hash` option's default and largest values, in megabytes.
const HASH_DEFAULT: usize = 16;
const HASH_MAX: usize = 4096;

enum Event {
    /// A command, or why a line could not be read as one.
    Line(Result<String, UciError>),
    Done(Option<Thought>, Table),
    Failed(std::io::Error),
    End,
}

/// Speaks UCI on `input` and `output` until `quit` or the end of input.
///
/// # Errors
/// Only when reading `input` or writing `output` fails; bad commands get an
/// `info string` line saying what is wrong.
pub fn run(input: impl BufRead + Send + 'static, output: &mut impl Write) -> std::io::Result<()> {
    let (tx, rx) = mpsc::channel::<Event>();
    let reader = tx.clone();
    // The reader runs on its own so that `stop` reaches a running search.
    std::thread::spawn(move || read_lines(input, &reader));
    let mut s = Session {
        position: parse_position(START_FEN, &[], true).ok().map(|(p, _)| p),
        earlier: Vec::new(),
        sapper: true,
        table: None,
        hash_mb: HASH_DEFAULT,
        threads: 1,
        level: None,
        seed: 1,
    };
    // The running search: its stop flag.
    let mut thinking: Option<Arc<AtomicBool>> = None;
    // Commands in order, run once no search is running.
    let mut queue: std::collections::VecDeque<String> = std::collections::VecDeque::new();
    let mut ended = false;
    while let Ok(event) = rx.recv() {
        match event {
            Event::Done(t, table) => {
                thinking = None;
                s.table = Some(table);
                match t {
                    Some(t) => {
                        writeln!(output, "{}", info_line(&t))?;
                        writeln!(output, "bestmove {}", t.best)?;
                    }
                    None => writeln!(output, "bestmove 0000")?,
                }
                output.flush()?;
            }
            Event::Failed(e) => return Err(e),
            Event::Line(Err(why)) => {
                writeln!(output, "info string {why}")?;
                output.flush()?;
            }
            Event::Line(Ok(line)) => {
                if let Some(flag) = &thinking {
                    // While thinking: `stop` and `quit` end the search (the
                    // best move so far is given), `isready` is answered at
                    // once, the rest waits its turn.
                    match line.split_whitespace().next() {
                        Some("stop") => flag.store(true, Ordering::Relaxed),
                        Some("isready") => writeln!(output, "readyok")?,
                        Some("quit") => {
                            flag.store(true, Ordering::Relaxed);
                            queue.push_back(line);
                        }
                        Some(_) => queue.push_back(line),
                        None => {}
                    }
                    output.flush()?;
                } else {
                    queue.push_back(line);
                }
            }
            Event::End => ended = true,
        }
        while thinking.is_none()
            && let Some(line) = queue.pop_front()
        {
            if !command(&line, &mut s, &mut thinking, &tx, output)? {
                return Ok(());
            }
        }
        if ended && thinking.is_none() {
            break;
        }
    }
    Ok(())
}

/// Sends `input`'s lines as events until its end (then [`Event::End`]), a
/// read error ([`Event::Failed`]) or the receiver is gone. A line longer
/// than [`MAX_LINE`] is skipped without being buffered and sent as
/// [`UciError::TooLong`].
fn read_lines(mut input: impl BufRead, reader: &mpsc::Sender<Event>) {
    loop {
        let mut bytes = Vec::new();
        let read = Read::take(&mut input, MAX_LINE as u64 + 1).read_until(b'\n', &mut bytes);
        let line = match read {
            Ok(0) => break,
            Ok(_) if bytes.len() > MAX_LINE && bytes.last() != Some(&b'\n') => {
                // Skip the rest of an overlong line, unbuffered.
                loop {
                    let mut rest = Vec::new();
                    match Read::take(&mut input, MAX_LINE as u64).read_until(b'\n', &mut rest) {
                        Ok(0) => break,
                        Ok(_) if rest.last() == Some(&b'\n') => break,
                        Ok(_) => continue,
                        Err(_) => break,
                    }
                }
                Err(UciError::TooLong)
            }
            Ok(_) => String::from_utf8(bytes).map_err(|_| UciError::NotUtf8),
            Err(e) => {
                let _ = reader.send(Event::Failed(e));
                return;
            }
        };
        if reader.send(Event::Line(line)).is_err() {
            return;
        }
    }
    let _ = reader.send(Event::End);
}

/// One command while no search runs. `false` for `quit`.
fn command(
    line: &str,
    s: &mut Session,
    thinking: &mut Option<Arc<AtomicBool>>,
    tx: &mpsc::Sender<Event>,
    output: &mut impl Write,
) -> std::io::Result<bool> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&cmd, rest)) = words.split_first() else {
        return Ok(true);
    };
    match cmd {
        "uci" => identify(output)?,
        "isready" => writeln!(output, "readyok")?,
        "ucinewgame" => {
            if let Some(t) = &mut s.table {
                t.clear();
            }
        }
        "stop" | "ponderhit" => {}
        "quit" => return Ok(false),
        "setoption" => set_option(rest, s, output)?,
        "position" => match position_command(rest, s.sapper) {
            Ok((p, earlier)) => {
                s.position = Some(p);
                s.earlier = earlier;
            }
            Err(e) => {
                s.position = None;
                s.earlier.clear();
                writeln!(output, "info string {e}")?;
            }
        },
        "go" => go(rest, s, thinking, tx, output)?,
        other => writeln!(output, "info string unknown command: {other}")?,
    }
    output.flush()?;
    Ok(true)
}

/// The answer to `uci`: the engine's name and options, then `uciok`.
fn identify(output: &mut impl Write) -> std::io::Result<()> {
    writeln!(output, "id name Minesweeper Chess")?;
    writeln!(output, "id author Minesweeper Chess developers")?;
    writeln!(output, "option name Sapper type check default true")?;
    writeln!(
        output,
        "option name Hash type spin default {HASH_DEFAULT} min 1 max {HASH_MAX}"
    )?;
    writeln!(output, "option name Clear Hash type button")?;
    writeln!(
        output,
        "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
    )?;
    writeln!(
        output,
        "option name Level type combo default Full var Full var Beginner var Casual var Strong var Master"
    )?;
    writeln!(output, "option name UseNet type check default true")?;
    writeln!(
        output,
        "option name EvalFile type string default <built-in>"
    )?;
    writeln!(output, "uciok")?;
    Ok(())
}

/// `setoption name NAME value VALUE`: a value out of range or unknown is
/// answered with an `info string` and changes nothing.
fn set_option(rest: &[&str], s: &mut Session, output: &mut impl Write) -> std::io::Result<()> {
    // setoption name Sapper value false
    let text = rest.join(" ").to_ascii_lowercase();
    if let Some(v) = text.strip_prefix("name hash value ").map(str::trim) {
        match v.parse::<usize>() {
            Ok(mb) if (1..=HASH_MAX).contains(&mb) => {
                s.hash_mb = mb;
                s.table = Some(Table::with_megabytes(mb));
            }
            _ => writeln!(output, "info string Hash is 1 to {HASH_MAX} (MB), not {v}")?,
        }
    } else if let Some(v) = text.strip_prefix("name threads value ").map(str::trim) {
        match v.parse::<usize>() {
            Ok(n) if (1..=MAX_THREADS).contains(&n) => s.threads = n,
            _ => writeln!(output, "info string Threads is 1 to {MAX_THREADS}, not {v}")?,
        }
    } else if let Some(v) = text.strip_prefix("name level value ").map(str::trim) {
        match v {
            "full" => s.level = None,
            "beginner" => s.level = Some(Level::Beginner),
            "casual" => s.level = Some(Level::Casual),
            "strong" => s.level = Some(Level::Strong),
            "master" => s.level = Some(Level::Master),
            _ => writeln!(
                output,
                "info string Level is Full, Beginner, Casual, Strong or Master, not {v}"
            )?,
        }
    } else if let Some(v) = text.strip_prefix("name usenet value ").map(str::trim) {
        match v {
            "true" => eval::net::set_enabled(true),
            "false" => eval::net::set_enabled(false),
            _ => writeln!(output, "info string UseNet is true or false, not {v}")?,
        }
    } else if text.starts_with("name evalfile value ") {
        // The path as given: not lower-cased.
        let path = rest.get(3..).unwrap_or_default().join(" ");
        if let Err(e) = eval::net::load(&path) {
            writeln!(output, "info string EvalFile: {e}")?;
        }
    } else if text == "name clear hash" {
        if let Some(t) = &mut s.table {
            t.clear();
        }
    } else {
        match text.strip_prefix("name sapper value ").map(str::trim) {
            Some("true") => s.sapper = true,
            Some("false") => s.sapper = false,
            Some(v) => writeln!(output, "info string Sapper is true or false, not {v}")?,
            None => writeln!(output, "info string unknown option: {}", rest.join(" "))?,
        }
    }
    Ok(())
}

/// `go …`: starts a search of the position on its own thread (its result
/// comes back through `tx`), or answers `bestmove 0000` when there is no
/// position or no legal move.
fn go(
    rest: &[&str],
    s: &mut Session,
    thinking: &mut Option<Arc<AtomicBool>>,
    tx: &mpsc::Sender<Event>,
    output: &mut impl Write,
) -> std::io::Result<()> {
    let Some(pos) = &s.position else {
        writeln!(
            output,
            "info string no valid position; send 'position' first"
        )?;
        writeln!(output, "bestmove 0000")?;
        return Ok(());
    };
    if pos.legal_moves().is_empty() {
        writeln!(output, "info string no legal move: the game is over")?;
        writeln!(output, "bestmove 0000")?;
        return Ok(());
    }
    let mut limits = go_limits(rest, pos);
    let mut noise = 0;
    if let Some(level) = s.level {
        // The level's own limits, never beyond what the clock allows.
        let own = level.limits();
        limits.depth = own.depth.min(limits.depth);
        limits.time = match (own.time, limits.time) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        noise = level.noise();
        s.seed = s.seed.wrapping_add(1);
    }
    let flag = Arc::new(AtomicBool::new(false));
    let table = s
        .table
        .take()
        .unwrap_or_else(|| Table::with_megabytes(s.hash_mb));
    let mut search = Search::with_table(pos, limits, noise, s.seed, table)
        .with_history(&s.earlier)
        .with_threads(s.threads)
        .with_stop(flag.clone());
    let tx = tx.clone();
    std::thread::spawn(move || {
        let thought = search.finish();
        let _ = tx.send(Event::Done(thought, search.take_table()));
    });
    *thinking = Some(flag);
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

/// A line that is not a command, or a position that cannot be set up.
#[derive(Debug)]
pub enum UciError {
    /// Longer than [`MAX_LINE`].
    TooLong,
    /// Not UTF-8.
    NotUtf8,
    /// `position` without `startpos` or `fen FEN`.
    PositionSyntax,
    /// The FEN does not read.
    Fen(FenError),
    /// A move of the `moves` list does not read.
    Notation(String, NotationError),
    /// A move of the list is not legal there.
    Illegal(String, IllegalMove),
    /// A move of the list cannot be played on a public position.
    Unseen(String, PublicMoveError),
}

impl std::fmt::Display for UciError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            UciError::TooLong => write!(f, "line too long (at most {MAX_LINE} bytes)"),
            UciError::NotUtf8 => write!(f, "the line is not UTF-8 text"),
            UciError::PositionSyntax => {
                write!(f, "expected 'position startpos' or 'position fen FEN'")
            }
            UciError::Fen(e) => write!(f, "bad FEN: {e}"),
            UciError::Notation(m, e) => write!(f, "move {m}: {e}"),
            UciError::Illegal(m, e) => write!(f, "move {m}: {e}"),
            UciError::Unseen(m, e) => write!(f, "move {m}: {e}"),
        }
    }
}

impl std::error::Error for UciError {}

/// A position and the public views before each of its moves.
type Positioned = (PublicPosition, Vec<Position>);

fn position_command(words: &[&str], sapper: bool) -> Result<Positioned, UciError> {
    let moves_at = words.iter().position(|w| *w == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let fen_text = match head.split_first() {
        Some((&"startpos", [])) => START_FEN.to_string(),
        Some((&"fen", f)) if !f.is_empty() => f.join(" "),
        _ => return Err(UciError::PositionSyntax),
    };
    parse_position(&fen_text, moves, sapper)
}

fn parse_position(fen_text: &str, moves: &[&str], sapper: bool) -> Result<Positioned, UciError> {
    let setup = fen::parse_setup(fen_text).map_err(UciError::Fen)?;
    let mut rules = RuleSet::standard(setup.files, setup.ranks);
    rules.sapper = sapper;
    if setup.unknown.is_none() {
        // A full FEN: its moves play out exactly, then only the public view
        // reaches the search.
        let mut pos = fen::parse(fen_text, rules).map_err(UciError::Fen)?;
        let mut earlier = Vec::with_capacity(moves.len());
        for m in moves {
            let mv =
                notation::parse_move(&pos, m).map_err(|e| UciError::Notation(m.to_string(), e))?;
            earlier.push(pos.public_view().position().clone());
            pos.try_play(mv)
                .map_err(|e| UciError::Illegal(m.to_string(), e))?;
        }
        return Ok((pos.public_view(), earlier));
    }
    let mut public = fen::parse_public(fen_text, rules).map_err(UciError::Fen)?;
    let mut earlier = Vec::with_capacity(moves.len());
    for m in moves {
        let mv = notation::parse_move(public.position(), m)
            .map_err(|e| UciError::Notation(m.to_string(), e))?;
        earlier.push(public.position().clone());
        public
            .play_seen(mv)
            .map_err(|e| UciError::Unseen(m.to_string(), e))?;
    }
    Ok((public, earlier))
}

fn go_limits(words: &[&str], pos: &PublicPosition) -> Limits {
    let num = |key: &str| -> Option<u64> {
        let i = words.iter().position(|w| *w == key)?;
        words.get(i + 1)?.parse().ok()
    };
    let capped = |ms: u64| Duration::from_millis(ms).min(MAX_THINK);
    let mut limits = Limits::time(Duration::from_millis(1000));
    if let Some(d) = num("depth") {
        limits = Limits::depth(d.clamp(1, 50) as u8);
    }
    if let Some(n) = num("nodes") {
        limits.nodes = n.max(1);
        limits.time = None;
    }
    if let Some(ms) = num("movetime") {
        limits.time = Some(capped(ms));
    }
    let (time, inc) = match pos.position().turn() {
        crate::chess::Color::White => (num("wtime"), num("winc")),
        crate::chess::Color::Black => (num("btime"), num("binc")),
    };
    if let Some(t) = time {
        let to_go = num("movestogo").unwrap_or(30).max(1);
        let share = (t / to_go).saturating_add(inc.unwrap_or(0) / 2);
        limits.time = Some(capped(share.min(t.saturating_sub(50)).max(10)));
    }
    if words.contains(&"infinite") {
        // Until `stop` (capped, so a lost GUI does not leave it running).
        limits = Limits::time(MAX_THINK);
    }
    limits
}
