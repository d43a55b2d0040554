//! The game's options: command-line words on the desktop, the page's query
//! string on the web (see [`crate::base::platform::args`]). Plain data, read
//! by the app and both games.

use bevy::prelude::*;

use crate::base::i18n::Lang;

/// Options for a game run from the command line (all optional).
#[derive(Resource, Debug, Clone, Default)]
pub struct GameOptions {
    /// Save a screenshot here once the scripted moves are played, then quit.
    pub screenshot: Option<std::path::PathBuf>,
    /// Moves to play at the start (coordinate or SAN), through the same path
    /// as a click.
    pub moves: Vec<String>,
    /// Mine seed for the first game.
    pub seed: Option<u64>,
    /// Board preset file to start with (e.g. `wide_fog.ron`).
    pub preset: Option<String>,
    /// Skip the main menu (scripted runs).
    pub skip_menu: bool,
    /// Count frames and print the CPU time our systems take, then quit.
    pub bench_frames: Option<u32>,
    /// Start from this FEN (with a minefield field for fog and mines).
    pub fen: Option<String>,
    /// Frames to wait after the last scripted move before the screenshot
    /// (default: until every animation has finished).
    pub wait: Option<u32>,
    /// Start with the board flipped (Black at the bottom).
    pub flip: bool,
    /// What was wrong with the options (the web page's query), reported
    /// once the game runs.
    pub problem: Option<OptionsError>,
    /// Open this Sweeper Sudoku board code (e.g. `E4-7V`) at the start.
    pub sudoku: Option<String>,
    /// Open the board of the day at the start: `Some(None)` today's
    /// (`--daily`, `?daily`), `Some(Some(date))` that day's
    /// (`--daily 2026-12-02`, `?daily=2026-12-02`).
    pub daily: Option<Option<minesweeper_core::sudoku::daily::Date>>,
    /// Play in this language, whatever Settings say (`--lang uk`,
    /// `?lang=uk` on the web).
    pub lang: Option<Lang>,
    /// Open a page at the start, for screenshots: the title menu, the
    /// rules, the settings, the online lobby, the credits or Sweeper
    /// Sudoku's board menu (`--show title|rules|settings|online|account|profile|archive|leaderboard|credits|sudoku`).
    pub show: Option<Page>,
    /// The game server for online play (`--server 10.0.0.5:8080`); on the
    /// web the page's own server by default.
    pub server: Option<String>,
    /// Join the online game with this invite code at the start
    /// (`--join CODE`, the invite link's `?join=CODE`).
    pub join: Option<String>,
    /// Watch the online game with this code at the start.
    pub watch: Option<String>,
    /// Open this finished online game in the replay at the start
    /// (`--game ID`, the archive's link `?game=ID`).
    pub game: Option<String>,
    /// The window's size in logical pixels (`--size 1280x720`), each side
    /// 240–4096; the desktop only.
    pub size: Option<(u32, u32)>,
}

/// A page `--show` opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    /// The title menu.
    Title,
    /// How to play (of the game on screen).
    Rules,
    /// Settings.
    Settings,
    /// The online lobby (over the title).
    Online,
    /// The account dialog (sign in, or the signed-in account).
    Account,
    /// The signed-in player's page (its kept session signs in first).
    Profile,
    /// The signed-in player's games.
    Archive,
    /// The leaderboard.
    Leaderboard,
    /// Who made what the game uses, and the licences.
    Credits,
    /// Sweeper Sudoku's board menu.
    Sudoku,
}

impl GameOptions {
    /// Reads `--screenshot PATH`, `--script "e2e4 Nf8 …"` (or `--moves`),
    /// `--seed N`, `--preset FILE`, `--fen FEN`, `--wait FRAMES`,
    /// `--bench-frames N`, `--sudoku CODE`, `--daily [DATE]`, `--lang CODE`, `--show PAGE`,
    /// `--server ADDR`, `--join CODE`, `--watch CODE`, `--game ID`, `--size WxH`.
    ///
    /// # Errors
    /// [`OptionsError`], naming the unknown or incomplete option.
    pub fn parse(args: &[String]) -> Result<GameOptions, OptionsError> {
        let mut o = GameOptions::default();
        let mut f = minesweeper_cli::flags::Flags::new("", args);
        while let Some(a) = f.next_flag() {
            match a {
                "--screenshot" => o.screenshot = Some(f.value(a).map_err(flag)?.into()),
                "--moves" | "--script" => {
                    let v = f.value(a).map_err(flag)?;
                    if v.len() > MAX_SCRIPT_BYTES {
                        return Err(OptionsError::ScriptTooLong { flag: a.into() });
                    }
                    o.moves = v.split_whitespace().map(String::from).collect()
                }
                "--seed" => o.seed = Some(f.number(a, 0, u64::MAX).map_err(flag)?),
                "--preset" => o.preset = Some(f.value(a).map_err(flag)?.to_string()),
                "--fen" => o.fen = Some(f.value(a).map_err(flag)?.to_string()),
                "--server" => o.server = Some(short(f.value(a).map_err(flag)?, 200)),
                "--join" => o.join = Some(short(f.value(a).map_err(flag)?, 32)),
                "--watch" => o.watch = Some(short(f.value(a).map_err(flag)?, 32)),
                "--game" => o.game = Some(short(f.value(a).map_err(flag)?, 32)),
                "--flip" => o.flip = true,
                "--size" => o.size = Some(window_size(a, f.value(a).map_err(flag)?)?),
                "--sudoku" => o.sudoku = Some(f.value(a).map_err(flag)?.to_string()),
                "--daily" => {
                    let date = f.optional_value().map(|v| {
                        minesweeper_core::sudoku::daily::Date::parse(v).map_err(|error| {
                            OptionsError::Date {
                                flag: a.into(),
                                error,
                            }
                        })
                    });
                    o.daily = Some(date.transpose()?);
                }
                "--lang" => o.lang = Some(language(a, f.value(a).map_err(flag)?)?),
                "--show" => o.show = Some(page(a, f.value(a).map_err(flag)?)?),
                "--wait" => o.wait = Some(f.number(a, 0, 100_000).map_err(flag)?),
                "--bench-frames" => o.bench_frames = Some(f.number(a, 1, 1_000_000).map_err(flag)?),
                other => return Err(flag(f.unknown(other))),
            }
        }
        o.skip_menu = o.screenshot.is_some()
            || !o.moves.is_empty()
            || o.bench_frames.is_some()
            || o.fen.is_some()
            || o.preset.is_some();
        Ok(o)
    }
}

/// What is wrong with the game's options. Each names the option; a
/// value the player typed is shown cut to a few characters where it may
/// be long.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OptionsError {
    /// The command-line reader's own complaint: an unknown option, a
    /// missing value, a number out of range (its message as it wrote it).
    Flag(String),
    /// `--moves` longer than [`MAX_SCRIPT_BYTES`].
    ScriptTooLong {
        /// The option as given (`--moves` or `--script`).
        flag: String,
    },
    /// `--daily` with a date that is not one.
    Date {
        /// The option as given.
        flag: String,
        /// What is wrong with the date.
        error: minesweeper_core::sudoku::daily::DateError,
    },
    /// `--lang` with a language the game does not have.
    Language {
        /// The option as given.
        flag: String,
        /// The code asked for, at most 16 characters of it.
        shown: String,
    },
    /// `--show` with a page the game does not have.
    Page {
        /// The option as given.
        flag: String,
        /// The page asked for, at most 16 characters of it.
        shown: String,
    },
    /// `--size` that is not `WIDTHxHEIGHT` with each side 240–4096.
    WindowSize {
        /// The option as given.
        flag: String,
        /// The value as given.
        value: String,
    },
}

impl std::fmt::Display for OptionsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionsError::Flag(message) => f.write_str(message),
            OptionsError::ScriptTooLong { flag } => {
                write!(f, "{flag}: at most {MAX_SCRIPT_BYTES} characters of moves")
            }
            OptionsError::Date { flag, error } => write!(f, "{flag}: {error}"),
            OptionsError::Language { flag, shown } => {
                let codes: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
                write!(f, "{flag} {shown}: the languages are {}", codes.join(", "))
            }
            OptionsError::Page { flag, shown } => write!(
                f,
                "{flag} {shown}: show title, rules, settings, online, credits or sudoku"
            ),
            OptionsError::WindowSize { flag, value } => write!(
                f,
                "{flag}: '{value}' is not WIDTHxHEIGHT with each side 240–4096"
            ),
        }
    }
}

impl std::error::Error for OptionsError {}

/// The command-line reader's error as ours (it may be a message or a
/// typed error: only its words are kept).
fn flag(e: impl std::fmt::Display) -> OptionsError {
    OptionsError::Flag(e.to_string())
}

/// At most `max` characters of a user's text.
fn short(text: &str, max: usize) -> String {
    text.trim().chars().take(max).collect()
}

/// The language of `--lang CODE`.
fn language(flag: &str, code: &str) -> Result<Lang, OptionsError> {
    Lang::from_locale(code).ok_or_else(|| OptionsError::Language {
        flag: flag.into(),
        shown: code.chars().take(16).collect(),
    })
}

/// The page of `--show PAGE`.
fn page(flag: &str, name: &str) -> Result<Page, OptionsError> {
    Ok(match name {
        "title" => Page::Title,
        "rules" => Page::Rules,
        "settings" => Page::Settings,
        "online" => Page::Online,
        "account" => Page::Account,
        "profile" => Page::Profile,
        "archive" => Page::Archive,
        "leaderboard" => Page::Leaderboard,
        "credits" => Page::Credits,
        "sudoku" => Page::Sudoku,
        other => {
            return Err(OptionsError::Page {
                flag: flag.into(),
                shown: other.chars().take(16).collect(),
            });
        }
    })
}

/// Longest `--moves` script the game reads (some thousand moves).
const MAX_SCRIPT_BYTES: usize = 64 * 1024;

/// `--size 1280x720`: a window size, each side capped to 240–4096.
fn window_size(flag: &str, v: &str) -> Result<(u32, u32), OptionsError> {
    let parse = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| (240..=4096).contains(n))
    };
    v.split_once(['x', 'X'])
        .and_then(|(w, h)| Some((parse(w)?, parse(h)?)))
        .ok_or_else(|| OptionsError::WindowSize {
            flag: flag.into(),
            value: v.into(),
        })
}
