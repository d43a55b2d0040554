//! Entry points for fuzzing: each feeds arbitrary bytes to one parser and
//! whatever it accepts to the code behind it. They must never panic or
//! hang. The test suite drives them with a seeded mutation fuzzer
//! (`tests/hostile.rs`, a few seconds); `fuzz/` has `cargo fuzz` targets
//! calling the same functions for longer runs. The game adds its own
//! (settings, command-line options).

use minesweeper_core::chess::{PublicPosition, RuleSet, fen, notation, record};
use minesweeper_core::rng::GameRng;
use rand::SeedableRng;

/// A parser's name and its entry point.
pub type Target = (&'static str, fn(&[u8]));

/// The parsers, by name, for the fuzzers.
pub const TARGETS: &[Target] = &[
    ("fen", fen_text),
    ("record", record_text),
    ("preset", preset_text),
    ("sudoku_preset", sudoku_preset_text),
    ("sudoku_save", sudoku_save_text),
    ("share_code", share_code_text),
    ("move", move_text),
];

/// The bytes as text, invalid UTF-8 replaced.
pub fn text(data: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// A FEN: parsed, checked as a position or a public position, dealt, and
/// its moves listed and played once.
pub fn fen_text(data: &[u8]) {
    let t = text(data);
    let Ok(setup) = fen::parse_setup(&t) else {
        return;
    };
    let rules = RuleSet::standard(setup.files.clamp(2, 16), setup.ranks.clamp(2, 16));
    if setup.unknown.is_some() {
        if let Ok(p) = PublicPosition::from_setup(setup.clone(), rules) {
            let _ = minesweeper_core::chess::probability::mine_odds(&p);
            let _ = fen::public_to_fen(&p);
        }
        let mut rng = GameRng::seed_from_u64(data.len() as u64);
        if let Ok(s) = minesweeper_core::chess::deal::deal(setup, &mut rng)
            && let Ok(p) = minesweeper_core::chess::Position::from_setup(s, rules)
        {
            play_all(&p);
        }
    } else if let Ok(p) = minesweeper_core::chess::Position::from_setup(setup, rules) {
        play_all(&p);
    }
}

fn play_all(p: &minesweeper_core::chess::Position) {
    let _ = fen::to_fen(p);
    let _ = fen::to_public_fen(p);
    let _ = p.outcome();
    for m in p.legal_moves() {
        let mut q = p.clone();
        let before = q.clone();
        q.play_unchecked(m);
        let _ = notation::san_with_suffix(&before, m, &q);
    }
}

/// A game record, read with the standard rules.
pub fn record_text(data: &[u8]) {
    let mut rng = GameRng::seed_from_u64(1);
    if let Ok(r) = record::parse(&text(data), |_| None, &mut rng) {
        let _ = record::write("Fuzz", &r.game, &[]);
    }
}

/// A board preset.
pub fn preset_text(data: &[u8]) {
    if let Ok(p) = minesweeper_core::chess::preset::parse("fuzz.ron", &text(data)) {
        let _ = minesweeper_core::chess::Position::new(
            &p.variant,
            minesweeper_core::chess::SquareSet::EMPTY,
        );
    }
}

/// A Sweeper Sudoku preset, and a board of it.
pub fn sudoku_preset_text(data: &[u8]) {
    if let Ok(p) = minesweeper_core::sudoku::preset::parse("fuzz.ron", &text(data)) {
        let g = minesweeper_core::sudoku::PuzzleGame::from_seed(p, 1);
        let _ = minesweeper_core::sudoku::hint(&minesweeper_core::sudoku::PublicView::of(&g));
    }
}

/// A Sweeper Sudoku save, against the built-in presets.
pub fn sudoku_save_text(data: &[u8]) {
    let presets = minesweeper_core::sudoku::preset::builtins();
    let _ = minesweeper_core::sudoku::save::from_text(&text(data), &presets);
}

/// A board share code.
pub fn share_code_text(data: &[u8]) {
    let _ = minesweeper_core::sudoku::parse_code(&text(data));
    let _ =
        minesweeper_core::sudoku::board::parse_code_among(&text(data), Some(&["E4", "C6", "G9"]));
}

/// A move in SAN or coordinates, on a position with fog and a hidden mine.
pub fn move_text(data: &[u8]) {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 \
                 8/8/8/ffffffff/ffffxfff/ffffffff/ffffffff/8/8/8";
    if let Ok(mut p) = fen::parse_standard(start)
        && let Ok(m) = notation::parse_move(&p, &text(data))
    {
        let _ = p.try_play(m);
    }
}

/// Command lines every binary must refuse with a message and a failing
/// exit code (not a panic, not a hang, not a start): an argument that is not UTF-8
/// (alone and as a flag's value), a flag it does not know, a flag without
/// its value, a number past any cap, and a 100,000-character argument.
/// Each binary's tests run them all (`refuses_hostile_args`).
#[cfg(unix)]
pub fn hostile_args() -> Vec<Vec<std::ffi::OsString>> {
    use std::ffi::OsString;
    use std::os::unix::ffi::OsStringExt;
    let bytes = |b: &[u8]| OsString::from_vec(b.to_vec());
    let text = |t: &str| OsString::from(t);
    vec![
        vec![bytes(b"\xff\xfe")],
        vec![text("--seed"), bytes(b"7\xff")],
        vec![text("--db"), bytes(b"/tmp/\xc3\x28")],
        vec![text("--no-such-flag")],
        vec![text("--seed")],
        vec![text("--seed"), text("99999999999999999999999")],
        vec![text("--port"), text("4294967296")],
        vec![text("--wait"), text("-1")],
        vec![text("perft"), text("--depth"), text("4294967295")],
        vec![OsString::from("x".repeat(100_000))],
    ]
}

/// Runs `binary` with each of [`hostile_args`] and returns what went wrong:
/// success, a panic (Rust's exit code 101, or its message), no message, or
/// a run past 20 s.
#[cfg(unix)]
pub fn refuses_hostile_args(binary: &std::path::Path) -> Vec<String> {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let mut problems = Vec::new();
    for (n, args) in hostile_args().into_iter().enumerate() {
        let shown: Vec<String> = args
            .iter()
            .map(|a| a.to_string_lossy().chars().take(24).collect())
            .collect();
        // Output to files, not pipes: a long message would fill a pipe
        // nobody reads until the end and block the child.
        let dir = std::env::temp_dir();
        let unique = format!("{}-{n}", std::process::id());
        let (out_path, err_path) = (
            dir.join(format!("hostile-{unique}.out")),
            dir.join(format!("hostile-{unique}.err")),
        );
        let files = std::fs::File::create(&out_path)
            .and_then(|o| std::fs::File::create(&err_path).map(|e| (o, e)));
        let child = files.and_then(|(o, e)| {
            Command::new(binary)
                .args(&args)
                .stdin(Stdio::null())
                .stdout(o)
                .stderr(e)
                .spawn()
        });
        let mut child = match child {
            Ok(c) => c,
            Err(e) => {
                problems.push(format!("{shown:?}: could not start: {e}"));
                continue;
            }
        };
        let started = Instant::now();
        let status = loop {
            match child.try_wait() {
                Ok(Some(s)) => break Some(s),
                Ok(None) if started.elapsed() > Duration::from_secs(20) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    break None;
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(20)),
                Err(_) => break None,
            }
        };
        let stderr = std::fs::read_to_string(&err_path).unwrap_or_default();
        let _ = std::fs::remove_file(&out_path);
        let _ = std::fs::remove_file(&err_path);
        match status {
            None => problems.push(format!("{shown:?}: still running after 20 s")),
            Some(s) if matches!(s.code(), None | Some(0 | 101)) => {
                problems.push(format!("{shown:?}: exit {s}, stderr {stderr:.300}"))
            }
            Some(_) if stderr.contains("panicked") || stderr.trim().is_empty() => {
                problems.push(format!("{shown:?}: stderr {stderr:.300}"))
            }
            Some(_) => {}
        }
    }
    problems
}
