#![no_main]
//! `cargo fuzz run share_code`: see fuzz/README.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| minesweeper_cli::fuzz::share_code_text(data));
