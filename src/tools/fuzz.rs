//! The game's own entry points for fuzzing (its settings and command-line
//! options), beside the Bevy-free ones of [`minesweeper_cli::fuzz`]: each
//! feeds arbitrary bytes to one parser and must never panic or hang.

use minesweeper_cli::fuzz::text;

/// Every parser, by name, for the fuzzers: the tools' and the game's.
pub fn targets() -> Vec<minesweeper_cli::fuzz::Target> {
    let mut all = minesweeper_cli::fuzz::TARGETS.to_vec();
    all.push(("settings", settings_text));
    all.push(("options", options_text));
    all
}

/// The settings file.
pub fn settings_text(data: &[u8]) {
    let _ = crate::base::settings::Settings::from_ron(&text(data));
}

/// The game's command-line options (one per line).
pub fn options_text(data: &[u8]) {
    let args: Vec<String> = text(data).lines().map(str::to_string).collect();
    let _ = crate::base::options::GameOptions::parse(&args);
}
