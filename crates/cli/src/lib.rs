//! Minesweeper Chess without a window: the UCI engine (`uci`), `perft`,
//! `check` (every file format the game reads), `puzzle` (Sweeper Sudoku
//! boards as text), `bench ai` and `bench puzzle`, and the fuzzers' entry
//! points. Bevy-free: a chess GUI that wants the engine builds this crate
//! alone (`cargo install --path crates/cli`), and the game's binary
//! forwards the same commands here.
//!
//! Each command returns its output as text plus an exit code, so tests run
//! them without spawning a process. Every flag value is checked and capped
//! ([`flags`]) before it is used.

pub mod ai_bench;
pub mod bench;
pub mod check;
pub mod error;
pub mod flags;
pub mod fuzz;
pub mod lines;
pub mod matches;
pub mod output;
pub mod paths;
pub mod perft;
pub mod puzzle;
pub mod train;
pub mod tune;

pub use check::{HostError, HostFormat, HostReader};
pub use output::CliOutput;

/// The commands both binaries have (each adds its own `check` line and,
/// the game's, its options and `bench`), as their usage texts list them.
pub const COMMANDS: &str = "\
  perft --depth N [--fen FEN] [--preset FILE] [--no-sapper] [--divide]
                          count leaf nodes of the move tree (N from 1 to 8);
                          the last line is the total. Without --fen: the
                          preset's start (classic by default), no mines.
  bench ai [--quick] [--games N] [--strong-ms MS] [--only speed|nodes|tactics|matches]
                          the computer opponent's speed, tactics and matches
  bench puzzle [--quick]  Sweeper Sudoku: generating 9×9 boards, rating each preset
  puzzle --preset FILE --seed N | --code CODE | --daily DATE [--rate N]
                          a Sweeper Sudoku board as text: solution, mines,
                          open cells, deck, hint and rating; --daily
                          YYYY-MM-DD: that day's board (the game's board of
                          the day); --rate N: the share of N boards (seeds
                          1..N, N up to 100000) deduction alone wins
  uci                     speak UCI on stdin/stdout: FEN with or without the
                          minefield, public FEN with '?' cells; the option
                          Sapper turns the sapper action off for pure chess
";

/// The usage text of this crate's binary.
pub fn usage() -> String {
    format!(
        "usage: minesweeper_cli COMMAND

  check [FILE...]         validate board and Sweeper Sudoku presets (.ron),
                          saved or exported games (saved_game.txt, .pgn),
                          Sweeper Sudoku saves (sudoku_game.txt) and FEN
                          lists (.fen); settings and translations are the
                          game's own (minesweeper_chess check FILE);
                          default: every levels/*.ron and levels/sudoku/*.ron
{COMMANDS}{}  tune FILE... [--rounds N] [--skip N] [--material] [--prior PCT] [--blend PCT] [--export]
                          Texel-tune the evaluation's weights on recorded
                          games (match --record) or on positions another
                          engine scored (GAME RESULT CP FEN; --export
                          writes the positions); prints them as Rust
  train FILE... --out PATH [--epochs N] [--batch N] [--lr MICRO] [--blend PCT] [--seed N]
                          [--decay MILLI] [--residual] [--mirror] [--unsettled]
                          fit the evaluation's network to scored positions
                          (GAME RESULT CP FEN: benches/fairy/datagen.py's
                          searched scores, evalgen.py's static ones with
                          --unsettled)
",
        matches::USAGE
    )
}

/// What the program running the tools adds to them.
#[derive(Clone, Copy)]
pub struct Host<'a> {
    /// Its usage text, shown with a usage error.
    pub usage: &'a str,
    /// The formats only it can read.
    pub formats: Option<HostReader<'a>>,
}

/// Runs a command given its arguments (without the program name).
pub fn run(args: &[String], host: Host<'_>) -> CliOutput {
    let usage = host.usage;
    let Some((cmd, rest)) = args.split_first() else {
        return CliOutput::fail(format!("a command is needed\n\n{usage}"));
    };
    match cmd.as_str() {
        "check" => check::check(rest, host.formats),
        "perft" => perft::perft_cmd(rest, usage),
        "puzzle" => puzzle::puzzle_cmd(rest, usage),
        "bench" if rest.first().is_some_and(|a| a == "ai") => match ai_bench::run(&rest[1..]) {
            Ok(text) => CliOutput::ok(text),
            Err(e) => CliOutput::fail(format!("{e}\n\n{usage}")),
        },
        "bench" if rest.first().is_some_and(|a| a == "puzzle") => bench::puzzle(&rest[1..]),
        "uci" => {
            let stdin = std::io::BufReader::new(std::io::stdin());
            let mut stdout = std::io::stdout();
            match minesweeper_core::ai::uci::run(stdin, &mut stdout) {
                Ok(()) => CliOutput::ok(String::new()),
                Err(e) => CliOutput::fail(format!("uci: {e}\n")),
            }
        }
        "train" => match train::run(rest) {
            Ok(text) => CliOutput::ok(text),
            Err(e) => CliOutput::fail(format!("{e}\n\n{usage}")),
        },
        "tune" => match tune::run(rest) {
            Ok(text) => CliOutput::ok(text),
            Err(e) => CliOutput::fail(format!("{e}\n\n{usage}")),
        },
        "match" => match matches::parse(rest) {
            Ok(plan) => {
                let print = |line: &str| {
                    use std::io::Write;
                    let mut out = std::io::stdout().lock();
                    let _ = writeln!(out, "{line}");
                    let _ = out.flush();
                };
                match matches::run(&plan, &print) {
                    Ok(summary) => CliOutput::ok(summary),
                    Err(e) => CliOutput::fail(format!("match: {e}\n")),
                }
            }
            Err(e) => CliOutput::fail(format!("{e}\n\n{usage}")),
        },
        "help" | "--help" | "-h" => CliOutput::ok(usage.to_string()),
        other => {
            // At most 40 characters of whatever was typed.
            let shown: String = other.chars().take(40).collect();
            CliOutput::fail(format!("unknown command '{shown}'\n\n{usage}"))
        }
    }
}
