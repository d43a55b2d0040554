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

use super::game::{Action, PuzzleGame};
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

/// Reads one action written by [`action_text`].
///
/// # Errors
/// What is wrong with it.
pub fn parse_action(s: &str) -> Result<Action, String> {
    let parts: Vec<&str> = s.split_whitespace().collect();
    let num = |i: usize| -> Result<usize, String> {
        parts
            .get(i)
            .and_then(|p| p.parse().ok())
            .ok_or_else(|| format!("'{s}' needs a number in place {i}"))
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
                .ok_or_else(|| format!("'{s}' names no card"))?
                .split(',')
                .map(|p| {
                    p.parse()
                        .map_err(|_| format!("'{s}': '{p}' is not a number"))
                })
                .collect::<Result<_, _>>()?,
        ),
        Some("g") => Action::Merge {
            into: num(1)?,
            fed: num(2)?,
        },
        _ => return Err(format!("'{s}' is not an action")),
    };
    let expected = match a {
        Action::EndChain => 1,
        Action::Flag(_) | Action::Probe(_) | Action::Discard(_) => 2,
        _ => 3,
    };
    if parts.len() != expected {
        return Err(format!(
            "'{s}' has {} parts, {expected} expected",
            parts.len()
        ));
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

/// Rebuilds a saved game from the presets it may use (matched by file
/// name). Returns the game and its share code.
///
/// # Errors
/// `line N: problem` for a damaged or foreign save.
pub fn from_text(text: &str, presets: &[SudokuPreset]) -> Result<(PuzzleGame, String), String> {
    let mut lines = text.lines();
    if lines.next().map(str::trim) != Some(HEADER) {
        return Err(format!(
            "line 1: not a Sweeper Sudoku save (\"{HEADER}\" expected)"
        ));
    }
    let mut field = |n: usize, key: &str| -> Result<String, String> {
        let l = lines.next().unwrap_or("");
        l.strip_prefix(key)
            .and_then(|r| r.strip_prefix(' ').or(Some(r).filter(|r| r.is_empty())))
            .map(|r| r.trim().to_string())
            .ok_or_else(|| format!("line {n}: \"{key} …\" expected, found \"{l}\""))
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
        .ok_or_else(|| format!("line 2: no preset file \"{file}\" here any more"))?;
    let (tag, seed) = super::board::parse_code(&code).map_err(|e| format!("line 3: {e}"))?;
    if !tag.eq_ignore_ascii_case(&preset.file.code) {
        return Err(format!(
            "line 3: code {code} is not a board of {file} (its tag is {})",
            preset.file.code
        ));
    }
    let mut game = PuzzleGame::from_seed(preset.clone(), seed);
    for (i, a) in actions
        .split(';')
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .enumerate()
    {
        let action = parse_action(a).map_err(|e| format!("line 4, action {}: {e}", i + 1))?;
        game.apply(&action)
            .map_err(|e| format!("line 4, action {} ('{a}'): {e}", i + 1))?;
    }
    Ok((game, code))
}
