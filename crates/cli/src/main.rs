//! `minesweeper_cli`: the engine and the tools without a window (see
//! `--help`).

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = minesweeper_cli::usage();
    let host = minesweeper_cli::Host {
        usage: &usage,
        formats: None,
    };
    let out = minesweeper_cli::run(&args, host);
    print!("{}", out.stdout);
    eprint!("{}", out.stderr);
    ExitCode::from(out.code.clamp(0, 255) as u8)
}
