#![no_main]
//! `cargo fuzz run record`: see fuzz/README.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| minesweeper_cli::fuzz::record_text(data));
