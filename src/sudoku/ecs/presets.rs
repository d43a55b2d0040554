//! The Sweeper Sudoku presets the menu offers.

use minesweeper_core::sudoku::SudokuPreset;
use minesweeper_core::sudoku::preset;

/// Every preset the menu offers: on the desktop the files in
/// `levels/sudoku/` (so a modder's edits show), else the built-in ones; and
/// the problems of files that failed.
pub fn discover() -> (Vec<SudokuPreset>, Vec<minesweeper_core::text::PresetError>) {
    use preset::{BUILTIN, builtins, load_file};

    let dir = crate::base::paths::levels_dir().join("sudoku");
    let mut names: Vec<std::path::PathBuf> = match std::fs::read_dir(&dir) {
        Ok(rd) if !crate::base::platform::WEB => rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "ron"))
            .collect(),
        _ => return (builtins(), Vec::new()),
    };
    names.sort();
    let mut ok = Vec::new();
    let mut bad = Vec::new();
    for p in names {
        match load_file(&p) {
            Ok(preset) => ok.push(preset),
            Err(e) => bad.push(e),
        }
    }
    // Builtins first in their order, then the rest by name.
    let rank = |p: &SudokuPreset| {
        BUILTIN
            .iter()
            .position(|(n, _)| p.source.ends_with(n))
            .unwrap_or(BUILTIN.len())
    };
    ok.sort_by_key(|p| rank(p));
    if ok.is_empty() {
        ok = builtins();
    }
    (ok, bad)
}
