//! Command-line tools: `check`, `perft`, `puzzle`, `uci` and `bench`.
//!
//! Each returns its output as text plus an exit code, so tests can run them
//! without spawning a process. Every flag value is checked and capped
//! ([`flags`]) before it is used.

pub mod ai_bench;
pub mod bench;
pub mod check;
pub mod fuzz;

use std::path::Path;
use std::time::Instant;

use crate::base::flags::Flags;
pub use check::check;

use minesweeper_core::chess::preset;
use minesweeper_core::chess::{Position, RuleSet, SquareSet, fen, perft};
use minesweeper_core::sudoku;

/// Deepest perft the tool runs: depth 8 of the classic start is already
/// hours; more would only ever be a typing mistake.
const MAX_PERFT_DEPTH: u32 = 8;
/// Most boards `puzzle --rate` plays.
const MAX_RATE_BOARDS: u64 = 100_000;

/// What a command printed and how it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliOutput {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// Exit code: 0 for success.
    pub code: i32,
}

impl CliOutput {
    /// Success with this output.
    pub fn ok(stdout: String) -> CliOutput {
        CliOutput {
            stdout,
            stderr: String::new(),
            code: 0,
        }
    }
    /// A usage error (exit code 2) with this message.
    pub(crate) fn fail(stderr: String) -> CliOutput {
        CliOutput {
            stdout: String::new(),
            stderr,
            code: 2,
        }
    }
}

/// The usage text.
pub const USAGE: &str = "\
usage: minesweeper_chess [COMMAND]

  (no command)            play the game; options:
      --seed N            mine layout of the first game
      --moves 'e2e4 ...'  play these moves first (coordinate or SAN)
      --screenshot FILE   save a PNG after the moves, then quit
      --sudoku CODE       open a Sweeper Sudoku board by its code (E4-7V)
      --lang CODE         play in en, uk, fr, da or ms (default: the
                          system's language, then the one chosen in Settings)
      --show PAGE         open title, rules or settings at the start
  check [FILE...]         validate files the game reads: board and Sweeper
                          Sudoku presets (.ron), saved or exported games
                          (saved_game.txt, .pgn), Sweeper Sudoku saves
                          (sudoku_game.txt), settings.ron, FEN lists (.fen),
                          translations (assets/i18n/*.ftl, against en.ftl);
                          default: every levels/*.ron and levels/sudoku/*.ron
  perft --depth N [--fen FEN] [--preset FILE] [--no-sapper] [--divide]
                          count leaf nodes of the move tree (N from 1 to 8);
                          the last line is the total. Without --fen: the
                          preset's start (classic by default), no mines.
  bench [--quick]         time move generation (perft) and full ECS turns
  bench ai [--quick] [--games N] [--strong-ms MS] [--only speed|tactics|matches]
                          the computer opponent's speed, tactics and matches
  bench puzzle [--quick]  Sweeper Sudoku: generating 9×9 boards, rating each preset
  puzzle --preset FILE --seed N | --code CODE [--rate N]
                          a Sweeper Sudoku board as text: solution, mines,
                          open cells, deck, hint and rating; --rate N: the
                          share of N boards (seeds 1..N, N up to 100000)
                          deduction alone wins
  uci                     speak UCI on stdin/stdout: FEN with or without the
                          minefield, public FEN with '?' cells; the option
                          Sapper turns the sapper action off for pure chess
";

/// Runs a command given its arguments (without the program name). Returns
/// `None` when the arguments name no command (the caller starts the game).
pub fn run(args: &[String]) -> Option<CliOutput> {
    let (cmd, rest) = args.split_first()?;
    if cmd.starts_with("--") && cmd != "--help" {
        return None; // game options
    }
    Some(match cmd.as_str() {
        "check" => check(rest),
        "perft" => perft_cmd(rest),
        "puzzle" => puzzle_cmd(rest),
        "bench" if rest.first().is_some_and(|a| a == "ai") => {
            match crate::tools::ai_bench::run(&rest[1..]) {
                Ok(text) => CliOutput::ok(text),
                Err(e) => CliOutput::fail(format!("{e}\n\n{USAGE}")),
            }
        }
        "bench" if rest.first().is_some_and(|a| a == "puzzle") => {
            crate::tools::bench::puzzle(&rest[1..])
        }
        "bench" => crate::tools::bench::run(rest),
        "uci" => {
            let stdin = std::io::BufReader::new(std::io::stdin());
            let mut stdout = std::io::stdout();
            match minesweeper_core::ai::uci::run(stdin, &mut stdout) {
                Ok(()) => CliOutput::ok(String::new()),
                Err(e) => CliOutput::fail(format!("uci: {e}\n")),
            }
        }
        "help" | "--help" | "-h" => CliOutput::ok(USAGE.to_string()),
        other => CliOutput::fail(format!("unknown command '{other}'\n\n{USAGE}")),
    })
}

/// `puzzle`: one Sweeper Sudoku board as text, or the share of boards that
/// deduction wins.
fn puzzle_cmd(args: &[String]) -> CliOutput {
    let mut preset_path = None;
    let mut seed = None;
    let mut code = None;
    let mut rate_n = None;
    let mut f = Flags::new("puzzle", args);
    while let Some(a) = f.next_flag() {
        let r = match a {
            "--preset" => f.value(a).map(|v| preset_path = Some(v.to_string())),
            "--seed" => f.number(a, 0, u64::MAX).map(|n| seed = Some(n)),
            "--code" => f.value(a).map(|v| code = Some(v.to_string())),
            "--rate" => f.number(a, 1, MAX_RATE_BOARDS).map(|n| rate_n = Some(n)),
            other => Err(format!("{}\n\n{USAGE}", f.unknown(other))),
        };
        if let Err(e) = r {
            return CliOutput::fail(format!("{e}\n"));
        }
    }
    let presets = match &preset_path {
        Some(p) => match sudoku::preset::load_file(Path::new(p)) {
            Ok(p) => vec![p],
            Err(e) => return CliOutput::fail(format!("error: {e}\n")),
        },
        None => sudoku::preset::builtins(),
    };
    if let Some(code) = &code {
        let tags: Vec<&str> = presets.iter().map(|p| p.file.code.as_str()).collect();
        let (tag, s) = match sudoku::board::parse_code_among(code, Some(&tags)) {
            Ok(v) => v,
            Err(e) => return CliOutput::fail(format!("puzzle: {e}\n")),
        };
        let Some(p) = presets
            .iter()
            .find(|p| p.file.code.eq_ignore_ascii_case(&tag))
        else {
            return CliOutput::fail(format!(
                "puzzle: no preset has the tag {tag} (give its file with --preset)\n"
            ));
        };
        return CliOutput::ok(describe_board(p, s));
    }
    if preset_path.is_none() {
        return CliOutput::fail(format!(
            "puzzle: --preset FILE (or --code CODE) is required\n\n{USAGE}"
        ));
    }
    let p = &presets[0];
    if let Some(n) = rate_n {
        return CliOutput::ok(rate_report(p, n));
    }
    let Some(seed) = seed else {
        return CliOutput::fail(format!("puzzle: --seed N is required\n\n{USAGE}"));
    };
    CliOutput::ok(describe_board(p, seed))
}

fn describe_board(p: &sudoku::SudokuPreset, seed: u64) -> String {
    let game = sudoku::PuzzleGame::from_seed(p.clone(), seed);
    let mut s = game.board.to_text(p);
    let r = sudoku::rate(&game);
    s.push_str(&format!(
        "rating: {} ({} of {} mines by deduction alone, {} rounds{})\n",
        r.label(),
        r.mines_found,
        r.mines,
        r.rounds,
        if r.advanced {
            ", needs pair reasoning"
        } else {
            ""
        }
    ));
    let view = sudoku::PublicView::of(&game);
    s.push_str(&format!(
        "hint: {}\n",
        sudoku::hint(&view)
            .map(|h| h.describe(view.size))
            .unwrap_or_else(|| "nothing is certain yet".into())
    ));
    s
}

/// The share of boards (seeds 1..=n) that deduction alone wins.
fn rate_report(p: &sudoku::SudokuPreset, n: u64) -> String {
    let mut wins = 0;
    let mut stars = [0u64; 4];
    let mut found = 0usize;
    let mut mines = 0usize;
    for seed in 1..=n {
        let r = sudoku::rate(&sudoku::PuzzleGame::from_seed(p.clone(), seed));
        wins += r.solved as u64;
        stars[r.stars() as usize - 1] += 1;
        found += r.mines_found;
        mines += r.mines;
    }
    format!(
        "{}: deduction alone wins {wins} of {n} boards ({:.1}%), finds {:.1}% of the mines; \
         gentle {} thoughtful {} tricky {} daring {}\n",
        p.file.name,
        100.0 * wins as f64 / n as f64,
        100.0 * found as f64 / mines.max(1) as f64,
        stars[0],
        stars[1],
        stars[2],
        stars[3]
    )
}

fn perft_cmd(args: &[String]) -> CliOutput {
    let mut depth = None;
    let mut fen_text = None;
    let mut preset_path = None;
    let mut sapper = true;
    let mut divide = false;
    let mut f = Flags::new("perft", args);
    while let Some(a) = f.next_flag() {
        let r = match a {
            "--depth" => f.number(a, 1, MAX_PERFT_DEPTH).map(|d| depth = Some(d)),
            "--fen" => f.value(a).map(|v| fen_text = Some(v.to_string())),
            "--preset" => f.value(a).map(|v| preset_path = Some(v.to_string())),
            "--no-sapper" => {
                sapper = false;
                Ok(())
            }
            "--divide" => {
                divide = true;
                Ok(())
            }
            other => Err(format!("{}\n\n{USAGE}", f.unknown(other))),
        };
        if let Err(e) = r {
            return CliOutput::fail(format!("{e}\n"));
        }
    }
    let Some(depth) = depth else {
        return CliOutput::fail(format!("perft: --depth N is required\n\n{USAGE}"));
    };
    let preset = match &preset_path {
        Some(p) => match preset::load_file(Path::new(p)) {
            Ok(p) => Some(p),
            Err(e) => return CliOutput::fail(format!("error: {e}\n")),
        },
        None => None,
    };
    let pos = match (&fen_text, &preset) {
        (Some(f), Some(p)) => fen::parse_setup(f).and_then(|s| {
            fen::check_against(&s, &p.variant)?;
            Position::from_setup(s, p.variant.rules).map_err(fen::FenError::Position)
        }),
        (Some(f), None) => fen::parse_setup(f).and_then(|s| {
            // A public FEN (`?` cells) counts the tree both players see.
            let rules = RuleSet::standard(s.files, s.ranks);
            if s.unknown.is_some() {
                fen::parse_public(f, rules).map(|p| p.position().clone())
            } else {
                Position::from_setup(s, rules).map_err(fen::FenError::Position)
            }
        }),
        (None, p) => {
            let v = p
                .as_ref()
                .map(|p| p.variant.clone())
                .unwrap_or_else(minesweeper_core::chess::Variant::classic);
            // The start as the players see it: its mines hidden, so no
            // blast goes off in the tree and a sweep is a pass.
            let some_layout: SquareSet = v.fog_zone.iter().take(v.mine_count as usize).collect();
            Position::new(&v, some_layout)
                .map(|p| p.public_view().position().clone())
                .map_err(fen::FenError::Position)
        }
    };
    let mut pos = match pos {
        Ok(p) => p,
        Err(e) => return CliOutput::fail(format!("error: {e}\n")),
    };
    if !sapper {
        pos = without_sapper(&pos);
    }
    let start = Instant::now();
    let mut out = String::new();
    let total = if divide {
        let rows = perft::divide(&pos, depth);
        for (m, n) in &rows {
            out.push_str(&format!("{m}: {n}\n"));
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        perft::perft(&pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    CliOutput {
        stdout: format!("{out}{total}\n"),
        stderr: format!(
            "depth {depth}: {total} nodes in {secs:.3} s ({:.1} Mnps)\n",
            total as f64 / secs.max(1e-9) / 1e6
        ),
        code: 0,
    }
}

/// The same position with the sapper action switched off, so counts match
/// engines that do not know it.
pub(crate) fn without_sapper(pos: &Position) -> Position {
    pos.without_sapper()
}
