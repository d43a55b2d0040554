#![no_main]
//! `cargo fuzz run move`: see fuzz/README.md.
libfuzzer_sys::fuzz_target!(|data: &[u8]| minesweeper_chess::fuzz::move_text(data));
