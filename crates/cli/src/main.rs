//! `minesweeper_cli`: the engine and the tools without a window (see
//! `--help`).

use std::process::ExitCode;

fn main() -> ExitCode {
    let usage = minesweeper_cli::usage();
    let args = match minesweeper_core::text::utf8_args(std::env::args_os().skip(1)) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("minesweeper_cli: {e}\n\n{usage}");
            return ExitCode::from(2);
        }
    };
    let host = minesweeper_cli::Host {
        usage: &usage,
        formats: None,
    };
    let out = minesweeper_cli::run(&args, host);
    print!("{}", out.stdout);
    eprint!("{}", out.stderr);
    ExitCode::from(out.code.clamp(0, 255) as u8)
}
