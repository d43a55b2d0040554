//! `check FILE...`: validates every file format the game reads, so modders
//! and tests can ask before the game does: board presets, Sweeper Sudoku
//! presets, saved and exported games, Sweeper Sudoku saves, settings and
//! FEN lists. Each problem names the file, the line (and column where it is
//! known) and what is wrong.

use std::path::{Path, PathBuf};

use crate::error::AtLine;
use crate::output::CliOutput;
use crate::paths::levels_dir;
use minesweeper_core::chess::preset::{self, Preset};
use minesweeper_core::chess::{PublicPosition, RuleSet, fen, record};
use minesweeper_core::rng::GameRng;
use minesweeper_core::sudoku;
use rand::SeedableRng;

/// Largest file `check` reads: far above any real preset or save.
const MAX_FILE_BYTES: u64 = 1 << 20;

/// The formats `check` tells apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    /// A chess board preset (`levels/*.ron`).
    ChessPreset,
    /// A Sweeper Sudoku preset (`levels/sudoku/*.ron`).
    SudokuPreset,
    /// A game record: the saved game (`saved_game.txt`) or an export.
    Record,
    /// A Sweeper Sudoku save (`sudoku_game.txt`).
    SudokuSave,
    /// The settings file (`settings.ron`).
    Settings,
    /// One FEN per line (`*.fen`; `#` starts a comment line).
    Fen,
    /// A translation (`assets/i18n/*.ftl`).
    Translation,
}

impl Format {
    fn name(self) -> &'static str {
        match self {
            Format::ChessPreset => "board preset",
            Format::SudokuPreset => "Sweeper Sudoku preset",
            Format::Record => "game record",
            Format::SudokuSave => "Sweeper Sudoku save",
            Format::Settings => "settings",
            Format::Fen => "FEN list",
            Format::Translation => "translation",
        }
    }
}

/// Which format a file is in, from its name and its first meaningful line.
fn format_of(path: &Path, text: &str) -> Format {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("//") && !l.starts_with('#'))
        .unwrap_or("");
    let in_sudoku_folder = path
        .parent()
        .and_then(|d| d.file_name())
        .is_some_and(|d| d == "sudoku");
    if first == sudoku::save::HEADER {
        Format::SudokuSave
    } else if name == "settings.ron" {
        Format::Settings
    } else if ext == "ftl" {
        Format::Translation
    } else if ext == "fen" {
        Format::Fen
    } else if first.starts_with('[') || ext == "txt" || ext == "pgn" {
        Format::Record
    } else if in_sudoku_folder || first.starts_with("SudokuPreset") {
        Format::SudokuPreset
    } else {
        Format::ChessPreset
    }
}

/// What is wrong with a file `check` was given, naming the file (and the
/// line, and column where it is known).
#[derive(Debug)]
pub enum CheckError {
    /// It cannot be read.
    Read(String, std::io::Error),
    /// It is larger than any game file (its length in bytes).
    TooLarge(String, u64),
    /// It is not UTF-8 from this line on.
    NotUtf8(String, usize),
    /// A board or Sweeper Sudoku preset that does not read.
    Preset(minesweeper_core::text::PresetError),
    /// A game record that does not read.
    Record(String, record::RecordError),
    /// A Sweeper Sudoku save that does not read.
    SudokuSave(String, sudoku::save::SaveError),
    /// A line of a FEN list that does not read or is not a position.
    Fen(AtLine<FenProblem>),
    /// One of the game's own formats, but no game to read it: the file
    /// and the format's name.
    GameOnly(String, &'static str),
    /// What the game said of one of its own files.
    Host(HostError),
}

impl std::fmt::Display for CheckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CheckError::Read(file, e) => write!(f, "{file}: cannot read the file: {e}"),
            CheckError::TooLarge(file, len) => write!(
                f,
                "{file}: {len} bytes is too large for a game file (at most {MAX_FILE_BYTES})"
            ),
            CheckError::NotUtf8(file, line) => write!(f, "{file}:{line}: not UTF-8 text"),
            CheckError::Preset(e) => e.fmt(f),
            CheckError::Record(file, e) => {
                write!(f, "{file}:{}:{}: {}", e.line, e.column, e.message)
            }
            CheckError::SudokuSave(file, e) => f.write_str(&located(file, &e.to_string())),
            CheckError::Fen(e) => e.fmt(f),
            CheckError::GameOnly(file, format) => write!(
                f,
                "{file}: a {format} is the game's: check it with `minesweeper_chess check`"
            ),
            CheckError::Host(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for CheckError {}

/// Why a line of a FEN list is refused.
#[derive(Debug)]
pub enum FenProblem {
    /// It does not read as a FEN.
    Fen(fen::FenError),
    /// A public FEN whose hidden mines cannot be as it says.
    Public(minesweeper_core::chess::PublicError),
    /// Not a legal position.
    Position(minesweeper_core::chess::PositionError),
}

impl std::fmt::Display for FenProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FenProblem::Fen(e) => e.fmt(f),
            FenProblem::Public(e) => e.fmt(f),
            FenProblem::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FenProblem {}

/// A problem the program running the tools found in one of its own files
/// (`FILE:LINE: problem`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostError(pub String);

impl std::fmt::Display for HostError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for HostError {}

/// Reads a file as text, refusing what is too large or not UTF-8. A UTF-8
/// byte-order mark is dropped.
///
/// # Errors
/// An unreadable, oversized or non-UTF-8 file.
fn read_text(path: &Path) -> Result<String, CheckError> {
    let shown = || path.display().to_string();
    let len = std::fs::metadata(path)
        .map_err(|e| CheckError::Read(shown(), e))?
        .len();
    if len > MAX_FILE_BYTES {
        return Err(CheckError::TooLarge(shown(), len));
    }
    let bytes = std::fs::read(path).map_err(|e| CheckError::Read(shown(), e))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let upto = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = upto.iter().filter(|&&b| b == b'\n').count() + 1;
        CheckError::NotUtf8(shown(), line)
    })?;
    Ok(text
        .strip_prefix('\u{feff}')
        .map(str::to_string)
        .unwrap_or(text))
}

/// The formats only the game reads: its settings and its translations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostFormat {
    /// The settings file (`settings.ron`).
    Settings,
    /// A translation (`assets/i18n/*.ftl`).
    Translation,
}

/// A reader for the files only the program running the tools knows (the
/// game's settings and translations): the format, the file's name and
/// its text; a summary, or `FILE:LINE: problem`.
pub type HostReader<'a> = &'a dyn Fn(HostFormat, &str, &str) -> Result<String, HostError>;

/// Checks one file: a summary on success, `FILE:LINE[:COL]: problem` on
/// failure.
///
/// # Errors
/// The first problem found.
fn check_file(path: &Path, host: Option<HostReader<'_>>) -> Result<String, CheckError> {
    let text = read_text(path)?;
    let format = format_of(path, &text);
    let file = path.display().to_string();
    let summary = match format {
        Format::ChessPreset => preset::parse(&file, &text)
            .map(|p| summary(&p))
            .map_err(CheckError::Preset)?,
        Format::SudokuPreset => sudoku::preset::parse(&file, &text)
            .map(|p| {
                format!(
                    "\"{}\", sudoku {}×{}, {} mines, {} givens, {} cards",
                    p.file.name,
                    p.file.size,
                    p.file.size,
                    p.file.mines,
                    p.file.givens,
                    p.deck_size()
                )
            })
            .map_err(CheckError::Preset)?,
        Format::Record => check_record(&text).map_err(|e| CheckError::Record(file, e))?,
        Format::SudokuSave => {
            let presets = sudoku_presets();
            let (game, code) = sudoku::save::from_text(&text, &presets)
                .map_err(|e| CheckError::SudokuSave(file, e))?;
            format!("board {code}, {} action(s) replayed", game.log.len())
        }
        Format::Settings | Format::Translation => {
            let game = match format {
                Format::Settings => HostFormat::Settings,
                _ => HostFormat::Translation,
            };
            match host {
                Some(read) => read(game, &file, &text).map_err(CheckError::Host)?,
                None => return Err(CheckError::GameOnly(file, format.name())),
            }
        }
        Format::Fen => check_fens(&file, &text).map_err(CheckError::Fen)?,
    };
    Ok(format!("{}: {summary}", format.name()))
}

/// `line N: problem` (or `line N, …: problem`) as `FILE:N: …`.
fn located(file: &str, e: &str) -> String {
    let rest = e.strip_prefix("line ").unwrap_or("");
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    match rest[digits.len()..].strip_prefix([':', ',']) {
        Some(tail) if !digits.is_empty() => format!("{file}:{digits}:{tail}"),
        _ => format!("{file}: {e}"),
    }
}

/// The `*.ron` files in `dir`, by name.
fn ron_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|x| x == "ron"));
    files.sort();
    files
}

/// The board presets a record may name: the built-in ones and `levels/`.
fn chess_presets() -> Vec<Preset> {
    let mut out: Vec<Preset> = preset::BUILTIN
        .iter()
        .filter_map(|(f, t)| preset::parse(f, t).ok())
        .collect();
    for p in ron_files(&levels_dir()) {
        if let Ok(found) = preset::load_file(&p)
            && !out.iter().any(|o| o.variant.name == found.variant.name)
        {
            out.push(found);
        }
    }
    out
}

/// The Sweeper Sudoku presets a save may use: `levels/sudoku/` and the
/// built-in ones.
fn sudoku_presets() -> Vec<sudoku::SudokuPreset> {
    let mut out: Vec<sudoku::SudokuPreset> = ron_files(&levels_dir().join("sudoku"))
        .iter()
        .filter_map(|p| sudoku::preset::load_file(p).ok())
        .collect();
    for b in sudoku::preset::builtins() {
        let name = |s: &str| std::path::Path::new(s).file_name().map(|n| n.to_owned());
        if !out.iter().any(|p| name(&p.source) == name(&b.source)) {
            out.push(b);
        }
    }
    out
}

fn check_record(text: &str) -> Result<String, record::RecordError> {
    let presets = chess_presets();
    let rules_for = |name: &str| -> Option<RuleSet> {
        presets
            .iter()
            .find(|p| p.variant.name == name)
            .map(|p| p.variant.rules)
    };
    // The deal only checks that some layout agrees; which one is irrelevant.
    let mut rng = GameRng::seed_from_u64(0);
    let rec = record::parse(text, rules_for, &mut rng)?;
    Ok(format!(
        "{} move(s), {}{}",
        rec.game.moves().len(),
        record::result_token(rec.game.outcome()),
        if rec.dealt {
            ", unfinished: hidden mines not stored"
        } else {
            ""
        }
    ))
}

/// The number of positions in the FEN list `text` of `file`.
///
/// # Errors
/// The first bad line and what is wrong with it.
fn check_fens(file: &str, text: &str) -> Result<String, AtLine<FenProblem>> {
    let mut n = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let setup = fen::parse_setup(line).map_err(|e| AtLine::at(file, i)(FenProblem::Fen(e)))?;
        let rules = RuleSet::standard(setup.files, setup.ranks);
        let checked = if setup.unknown.is_some() {
            PublicPosition::from_setup(setup, rules)
                .map(|_| ())
                .map_err(FenProblem::Public)
        } else {
            minesweeper_core::chess::Position::from_setup(setup, rules)
                .map(|_| ())
                .map_err(FenProblem::Position)
        };
        checked.map_err(AtLine::at(file, i))?;
        n += 1;
    }
    Ok(format!("{n} position(s)"))
}

fn summary(p: &Preset) -> String {
    let v = &p.variant;
    format!(
        "\"{}\", {}×{}, {} mines in {} fog cells",
        v.name,
        v.files,
        v.ranks,
        v.mine_count,
        v.fog_zone.len()
    )
}

/// `check [FILE...]`: validates files (default: every preset in `levels/`
/// and `levels/sudoku/`), the game's own formats through `host`; exit
/// code 1 when any is broken.
pub fn check(files: &[String], host: Option<HostReader<'_>>) -> CliOutput {
    let mut paths: Vec<PathBuf> = files.iter().map(PathBuf::from).collect();
    if paths.is_empty() {
        let dir = levels_dir();
        for d in [dir.clone(), dir.join("sudoku")] {
            match std::fs::read_dir(&d) {
                Ok(rd) => {
                    let mut more: Vec<PathBuf> = rd
                        .filter_map(|e| e.ok().map(|e| e.path()))
                        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                        .collect();
                    more.sort();
                    paths.extend(more);
                }
                Err(e) if d == dir => {
                    return CliOutput::fail(format!("cannot list {}: {e}\n", d.display()));
                }
                Err(_) => {}
            }
        }
    }
    let mut out = CliOutput::ok(String::new());
    let mut bad = 0;
    for path in &paths {
        match check_file(path, host) {
            Ok(s) => out
                .stdout
                .push_str(&format!("ok  {}: {s}\n", path.display())),
            Err(e) => {
                out.stderr.push_str(&format!("error: {e}\n"));
                out.code = 1;
                bad += 1;
            }
        }
    }
    out.stdout.push_str(&format!(
        "{} file(s) checked, {bad} with errors\n",
        paths.len()
    ));
    out
}
