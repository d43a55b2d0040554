#![no_main]
//! `cargo fuzz run fen`: see fuzz/README.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| minesweeper_chess::fuzz::fen_text(data));
