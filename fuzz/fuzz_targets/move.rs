#![no_main]
//! `cargo fuzz run move`: see fuzz/README.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| minesweeper_cli::fuzz::move_text(data));
