#![no_main]
//! `cargo fuzz run options`: see fuzz/README.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| minesweeper_chess::fuzz::options_text(data));
