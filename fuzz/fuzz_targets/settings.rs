#![no_main]
//! `cargo fuzz run settings`: see fuzz/README.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| minesweeper_chess::tools::fuzz::settings_text(data));
