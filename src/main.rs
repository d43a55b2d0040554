//! Desktop and web entry point: the game, or a command-line tool when a
//! command is given (`check`, `perft`, `bench`; see `--help`).

use std::process::ExitCode;

fn main() -> ExitCode {
    let args = match minesweeper_chess::base::platform::args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}\n\n{}", minesweeper_chess::tools::usage());
            return ExitCode::from(2);
        }
    };
    if let Some(out) = minesweeper_chess::tools::run(&args) {
        print!("{}", out.stdout);
        eprint!("{}", out.stderr);
        return ExitCode::from(out.code.clamp(0, 255) as u8);
    }
    match minesweeper_chess::base::options::GameOptions::parse(&args) {
        Ok(options) => {
            minesweeper_chess::app::run_game(options);
            ExitCode::SUCCESS
        }
        // A page address with a bad option still opens the game; the
        // problem shows on the page.
        Err(e) if minesweeper_chess::base::platform::WEB => {
            minesweeper_chess::app::run_game(minesweeper_chess::base::options::GameOptions {
                problem: Some(e),
                ..Default::default()
            });
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}\n\n{}", minesweeper_chess::tools::usage());
            ExitCode::from(2)
        }
    }
}
