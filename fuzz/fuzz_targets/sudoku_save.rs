#![no_main]
//! `cargo fuzz run sudoku_save`: see fuzz/README.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| minesweeper_cli::fuzz::sudoku_save_text(data));
