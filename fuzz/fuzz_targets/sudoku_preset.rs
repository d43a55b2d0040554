#![no_main]
//! `cargo fuzz run sudoku_preset`: see fuzz/README.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| minesweeper_cli::fuzz::sudoku_preset_text(data));
