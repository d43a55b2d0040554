//! Desktop and web entry point: the game, or a command-line tool when a
//! command is given (`check`, `perft`, `bench`; see `--help`).

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(out) = minesweeper_chess::cli::run(&args) {
        print!("{}", out.stdout);
        eprint!("{}", out.stderr);
        return ExitCode::from(out.code.clamp(0, 255) as u8);
    }
    minesweeper_chess::view::run_game();
    ExitCode::SUCCESS
}
