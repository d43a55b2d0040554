#![no_main]
//! `cargo fuzz run preset`: see fuzz/README.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| minesweeper_cli::fuzz::preset_text(data));
