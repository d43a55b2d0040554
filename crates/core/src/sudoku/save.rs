//! A board in progress as text: the preset file, the share code and the
//! actions taken. Loading replays the actions on the regenerated board, so
//! a save can never describe a position the rules could not reach.
//!
//! ```text
//! sweeper-sudoku 1
//! preset easy_4x4.ron
//! code E4-7V
//! actions p 0 5; f 3; x 7
//! ```

use super::board::CodeError;
use super::game::{Action, PuzzleGame, Refusal};
use super::preset::SudokuPreset;

/// First line of every save.
pub const HEADER: &str = "sweeper-sudoku 1";

/// One action as text: `p HAND CELL` place, `m FROM TO` move, `j FROM TO`
/// flag-jump, `e` end a chain, `f CELL` flag, `x CELL` probe, `d I,J…`
/// discard, `g INTO FED` merge.
pub fn action_text(a: &Action) -> String {
    match a {
        Action::Place { hand, cell } => format!("p {hand} {cell}"),
        Action::Move { from, to } => format!("m {from} {to}"),
        Action::FlagJump { from, to } => format!("j {from} {to}"),
        Action::EndChain => "e".into(),
        Action::Flag(c) => format!("f {c}"),
        Action::Probe(c) => format!("x {c}"),
        Action::Discard(list) => {
            let l: Vec<String> = list.iter().map(|i| i.to_string()).collect();
            format!("d {}", l.join(","))
        }
        Action::Merge { into, fed } => format!("g {into} {fed}"),
    }
}

/// An action's text that does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// A number is missing or unreadable in this place.
    NeedsNumber {
        /// The action's text.
        text: String,
        /// Which word (0 is the letter).
        place: usize,
    },
    /// A discard that names no card.
    NoCard(String),
    /// A card of a discard that is not a number.
    NotANumber {
        /// The action's text.
        text: String,
        /// The word that is not a number.
        part: String,
    },
    /// Not a letter of the actions.
    Unknown(String),
    /// Too many or too few words.
    Parts {
        /// The action's text.
        text: String,
        /// Words found.
        found: usize,
        /// Words this action has.
        expected: usize,
    },
}

impl std::fmt::Display for ActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ActionError::NeedsNumber { text, place } => {
                write!(f, "'{text}' needs a number in place {place}")
            }
            ActionError::NoCard(text) => write!(f, "'{text}' names no card"),
            ActionError::NotANumber { text, part } => {
                write!(f, "'{text}': '{part}' is not a number")
            }
            ActionError::Unknown(text) => write!(f, "'{text}' is not an action"),
            ActionError::Parts {
                text,
                found,
                expected,
            } => write!(f, "'{text}' has {found} parts, {expected} expected"),
        }
    }
}

impl std::error::Error for ActionError {}

/// Reads one action written by [`action_text`].
///
/// # Errors
/// What is wrong with it.
pub fn parse_action(s: &str) -> Result<Action, ActionError> {
    let parts: Vec<&str> = s.split_whitespace().collect();
    let num = |place: usize| -> Result<usize, ActionError> {
        parts
            .get(place)
            .and_then(|p| p.parse().ok())
            .ok_or_else(|| ActionError::NeedsNumber {
                text: s.to_string(),
                place,
            })
    };
    let a = match parts.first().copied() {
        Some("p") => Action::Place {
            hand: num(1)?,
            cell: num(2)?,
        },
        Some("m") => Action::Move {
            from: num(1)?,
            to: num(2)?,
        },
        Some("j") => Action::FlagJump {
            from: num(1)?,
            to: num(2)?,
        },
        Some("e") => Action::EndChain,
        Some("f") => Action::Flag(num(1)?),
        Some("x") => Action::Probe(num(1)?),
        Some("d") => Action::Discard(
            parts
                .get(1)
                .ok_or_else(|| ActionError::NoCard(s.to_string()))?
                .split(',')
                .map(|p| {
                    p.parse().map_err(|_| ActionError::NotANumber {
                        text: s.to_string(),
                        part: p.to_string(),
                    })
                })
                .collect::<Result<_, _>>()?,
        ),
        Some("g") => Action::Merge {
            into: num(1)?,
            fed: num(2)?,
        },
        _ => return Err(ActionError::Unknown(s.to_string())),
    };
    let expected = match a {
        Action::EndChain => 1,
        Action::Flag(_) | Action::Probe(_) | Action::Discard(_) => 2,
        _ => 3,
    };
    if parts.len() != expected {
        return Err(ActionError::Parts {
            text: s.to_string(),
            found: parts.len(),
            expected,
        });
    }
    Ok(a)
}

/// The save text of a game (`preset_file` is the preset's file name).
pub fn to_text(game: &PuzzleGame, preset_file: &str, code: &str) -> String {
    let actions: Vec<String> = game.log.iter().map(action_text).collect();
    format!(
        "{HEADER}\npreset {preset_file}\ncode {code}\nactions {}\n",
        actions.join("; ")
    )
}

/// Why a save does not load: the line, and what is wrong there.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveError {
    /// The line of the save (1 is the header).
    pub line: usize,
    /// What is wrong on it.
    pub problem: SaveProblem,
}

/// What is wrong with one line of a save.
#[derive(Clone, Debug, PartialEq)]
pub enum SaveProblem {
    /// The first line is not the save header.
    NotASave,
    /// The line does not start with the field it should.
    Expected {
        /// The field's word.
        key: &'static str,
        /// What the line held.
        found: String,
    },
    /// The preset file is not among those here.
    NoPreset(String),
    /// The share code does not read.
    Code(CodeError),
    /// The code is of another preset's board.
    NotThisBoard {
        /// The code.
        code: String,
        /// The preset file.
        file: String,
        /// The preset's tag.
        tag: String,
    },
    /// An action (numbered from 1) does not read.
    Action(usize, ActionError),
    /// An action (numbered from 1) the rules refuse there.
    Refused {
        /// Its number.
        index: usize,
        /// Its text.
        text: String,
        /// Why the rules refuse it.
        refusal: Refusal,
    },
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let line = self.line;
        match &self.problem {
            SaveProblem::NotASave => write!(
                f,
                "line {line}: not a Sweeper Sudoku save (\"{HEADER}\" expected)"
            ),
            SaveProblem::Expected { key, found } => {
                write!(f, "line {line}: \"{key} …\" expected, found \"{found}\"")
            }
            SaveProblem::NoPreset(file) => {
                write!(f, "line {line}: no preset file \"{file}\" here any more")
            }
            SaveProblem::Code(e) => write!(f, "line {line}: {e}"),
            SaveProblem::NotThisBoard { code, file, tag } => write!(
                f,
                "line {line}: code {code} is not a board of {file} (its tag is {tag})"
            ),
            SaveProblem::Action(i, e) => write!(f, "line {line}, action {i}: {e}"),
            SaveProblem::Refused {
                index,
                text,
                refusal,
            } => write!(f, "line {line}, action {index} ('{text}'): {refusal}"),
        }
    }
}

impl std::error::Error for SaveError {}

/// Rebuilds a saved game from the presets it may use (matched by file
/// name). Returns the game and its share code.
///
/// # Errors
/// The line and the problem, for a damaged or foreign save.
pub fn from_text(text: &str, presets: &[SudokuPreset]) -> Result<(PuzzleGame, String), SaveError> {
    let err = |line, problem| SaveError { line, problem };
    let mut lines = text.lines();
    if lines.next().map(str::trim) != Some(HEADER) {
        return Err(err(1, SaveProblem::NotASave));
    }
    let mut field = |n: usize, key: &'static str| -> Result<String, SaveError> {
        let l = lines.next().unwrap_or("");
        l.strip_prefix(key)
            .and_then(|r| r.strip_prefix(' ').or(Some(r).filter(|r| r.is_empty())))
            .map(|r| r.trim().to_string())
            .ok_or_else(|| {
                err(
                    n,
                    SaveProblem::Expected {
                        key,
                        found: l.to_string(),
                    },
                )
            })
    };
    let file = field(2, "preset")?;
    let code = field(3, "code")?;
    let actions = field(4, "actions")?;
    let preset = presets
        .iter()
        .find(|p| {
            std::path::Path::new(&p.source)
                .file_name()
                .is_some_and(|n| n.to_string_lossy() == file)
        })
        .ok_or_else(|| err(2, SaveProblem::NoPreset(file.clone())))?;
    let (tag, seed) = super::board::parse_code(&code).map_err(|e| err(3, SaveProblem::Code(e)))?;
    if !tag.eq_ignore_ascii_case(&preset.file.code) {
        return Err(err(
            3,
            SaveProblem::NotThisBoard {
                code,
                file,
                tag: preset.file.code.clone(),
            },
        ));
    }
    let mut game = PuzzleGame::from_seed(preset.clone(), seed);
    for (i, a) in actions
        .split(';')
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .enumerate()
    {
        let index = i + 1;
        let action = parse_action(a).map_err(|e| err(4, SaveProblem::Action(index, e)))?;
        game.apply(&action).map_err(|refusal| {
            err(
                4,
                SaveProblem::Refused {
                    index,
                    text: a.to_string(),
                    refusal,
                },
            )
        })?;
    }
    Ok((game, code))
}
