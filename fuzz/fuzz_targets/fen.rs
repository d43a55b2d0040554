#![no_main]
//! `cargo fuzz run fen`: see fuzz/README.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| minesweeper_cli::fuzz::fen_text(data));
