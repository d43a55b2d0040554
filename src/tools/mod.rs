//! The game binary's commands: `bench` (move generation and whole ECS
//! turns, which need the game) here; `check`, `perft`, `puzzle`, `uci`,
//! `bench ai` and `bench puzzle` forwarded to the Bevy-free
//! [`minesweeper_cli`] (its own binary, `minesweeper_cli`), with the
//! game's own file formats (settings, translations) added to `check`.

mod bench;
pub mod fuzz;

pub use minesweeper_cli::CliOutput;
use minesweeper_cli::{Host, HostError, HostFormat};

/// The game options and the commands before those of [`minesweeper_cli`].
const OPTIONS: &str = "\
usage: minesweeper_chess [COMMAND]

  (no command)            play the game; options:
      --seed N            mine layout of the first game
      --moves 'e2e4 ...'  play these moves first (coordinate or SAN)
      --screenshot FILE   save a PNG after the moves, then quit
      --sudoku CODE       open a Sweeper Sudoku board by its code (E4-7V)
      --daily [DATE]      open the board of the day (today, UTC) or of DATE
                          (YYYY-MM-DD)
      --lang CODE         play in en, uk, fr, da or ms (default: the
                          system's language, then the one chosen in Settings)
      --show PAGE         open title, rules, settings, online, credits or
                          sudoku (Sweeper Sudoku's boards) at the start
  check [FILE...]         validate files the game reads: board and Sweeper
                          Sudoku presets (.ron), saved or exported games
                          (saved_game.txt, .pgn), Sweeper Sudoku saves
                          (sudoku_game.txt), settings.ron, FEN lists (.fen),
                          translations (assets/i18n/*.ftl, against en.ftl);
                          default: every levels/*.ron and levels/sudoku/*.ron
  bench [--quick]         time move generation (perft) and full ECS turns
";

/// The usage text.
pub fn usage() -> String {
    format!("{OPTIONS}{}", minesweeper_cli::COMMANDS)
}

/// Runs a command given its arguments (without the program name). Returns
/// `None` when the arguments name no command (the caller starts the game).
pub fn run(args: &[String]) -> Option<CliOutput> {
    let (cmd, rest) = args.split_first()?;
    if cmd.starts_with("--") && cmd != "--help" {
        return None; // game options
    }
    let tools = rest.first().is_some_and(|a| a == "ai" || a == "puzzle");
    Some(if cmd == "bench" && !tools {
        bench::run(rest)
    } else {
        let usage = usage();
        // The tools take a reader's error as its words.
        let formats = |format: HostFormat, file: &str, text: &str| {
            game_format(format, file, text).map_err(|e| HostError(e.to_string()))
        };
        let host = Host {
            usage: &usage,
            formats: Some(&formats),
        };
        minesweeper_cli::run(args, host)
    })
}

/// Reads the files only the game knows, for `check`.
fn game_format(format: HostFormat, file: &str, text: &str) -> Result<String, GameFileError> {
    match format {
        HostFormat::Settings => {
            let (_, err) = crate::base::settings::Settings::from_ron(text);
            match err {
                Some(error) => Err(GameFileError::Settings {
                    file: file.to_string(),
                    error,
                }),
                None => Ok("settings read".to_string()),
            }
        }
        HostFormat::Translation => Ok(crate::base::i18n::check::check_translation(file, text)?),
    }
}

/// What is wrong with a file only the game reads.
#[derive(Debug)]
enum GameFileError {
    /// A settings file that does not read.
    Settings {
        /// The file as given.
        file: String,
        /// Where and what, as RON says.
        error: ron::error::SpannedError,
    },
    /// A translation that does not match English.
    Translation(crate::base::i18n::check::CheckError),
}

impl std::fmt::Display for GameFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            // RON's error starts with `LINE:COL:`.
            GameFileError::Settings { file, error } => write!(f, "{file}:{error}"),
            GameFileError::Translation(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for GameFileError {}

impl From<crate::base::i18n::check::CheckError> for GameFileError {
    fn from(e: crate::base::i18n::check::CheckError) -> Self {
        GameFileError::Translation(e)
    }
}
