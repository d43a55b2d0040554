//! Board presets: RON files in `levels/` that modders edit.
//!
//! A preset is read in two steps, like a chess library turns an unchecked
//! setup into a position: [`PresetFile`] is what the text says (serde),
//! [`validate`] turns it into a typed [`Variant`] or explains, with file,
//! line and column, what is wrong. See `levels/README.md` for the format.

use serde::Deserialize;

pub use crate::text::PresetError;
use crate::text::{at_field, read_ron};

use super::{Role, Variant};

mod validate;
pub use validate::validate;

/// A promotion target as written in a preset.
#[derive(Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PieceName {
    /// Queen.
    Queen,
    /// Rook.
    Rook,
    /// Bishop.
    Bishop,
    /// Knight.
    Knight,
}

impl PieceName {
    /// The role a pawn becomes.
    pub fn role(self) -> Role {
        match self {
            PieceName::Queen => Role::Queen,
            PieceName::Rook => Role::Rook,
            PieceName::Bishop => Role::Bishop,
            PieceName::Knight => Role::Knight,
        }
    }
}

/// A pair of values, one per colour, as written in a preset.
#[derive(Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PerColor<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

/// Castling as written in a preset: files by letter.
#[derive(Deserialize, Debug, Clone, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct CastlingFile {
    /// File the king starts on, e.g. `"e"`.
    pub king: String,
    /// Rook that castles short (`O-O`), e.g. `Some("h")`.
    #[serde(default)]
    pub kingside_rook: Option<String>,
    /// Rook that castles long (`O-O-O`), e.g. `Some("a")`.
    #[serde(default)]
    pub queenside_rook: Option<String>,
    /// Where king and rook land when castling short; default: the king on the
    /// second file from the edge, the rook beside it (g and f on 8 files).
    #[serde(default)]
    pub kingside_to: Option<(String, String)>,
    /// Where king and rook land when castling long; default c and d.
    #[serde(default)]
    pub queenside_to: Option<(String, String)>,
}

/// A preset exactly as its RON text says, before validation.
#[derive(Deserialize, Debug, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PresetFile {
    /// Name shown in menus.
    pub name: String,
    /// One or two sentences for the menu.
    #[serde(default)]
    pub description: String,
    /// Number of files (columns), 2–16.
    pub files: u8,
    /// Number of ranks (rows), 2–16.
    pub ranks: u8,
    /// First and last fog rank, counted from 1 like rank names.
    pub fog_ranks: (u8, u8),
    /// First and last fog file by letter; default: every file.
    #[serde(default)]
    pub fog_files: Option<(String, String)>,
    /// Number of mines hidden in the fog at the start.
    pub mines: u8,
    /// The starting pieces: FEN placement, ranks from the top, `/` between.
    pub setup: String,
    /// Rank on which each side's pawns promote; default: the far rank.
    #[serde(default)]
    pub promotion_ranks: Option<PerColor<u8>>,
    /// What pawns may promote to; default `[Queen]`.
    #[serde(default)]
    pub promotion_pieces: Option<Vec<PieceName>>,
    /// Rank from which each side's pawns may step two; `None` for never.
    /// Default: rank 2 for White, the second-to-last rank for Black.
    #[serde(default)]
    pub double_step_ranks: Option<PerColor<Option<u8>>>,
    /// Castling; omit or `None` for no castling.
    #[serde(default)]
    pub castling: Option<CastlingFile>,
    /// Whether pawns may sweep the cell ahead; default `true`.
    #[serde(default = "yes")]
    pub sapper: bool,
    /// Whether kings remove mines unharmed; default `true`.
    #[serde(default = "yes")]
    pub royal_sapper: bool,
}

fn yes() -> bool {
    true
}

/// A validated preset: the typed variant plus the text for menus.
#[derive(Debug, Clone, PartialEq)]
pub struct Preset {
    /// The rules and setup.
    pub variant: Variant,
    /// Menu description.
    pub description: String,
}

/// Parses and validates preset text; `file` names it in error messages.
///
/// # Errors
/// The first problem found, with the line and column it concerns.
pub fn parse(file: &str, text: &str) -> Result<Preset, PresetError> {
    let raw: PresetFile = read_ron(file, text)?;
    validate(&raw).map_err(|problem| at_field(file, text, problem))
}

/// The presets shipped in `levels/`, by file name, embedded in the binary so
/// the game has them even where the folder cannot be listed (the web).
pub const BUILTIN: &[(&str, &str)] = &[
    (
        "classic.ron",
        include_str!("../../../../../levels/classic.ron"),
    ),
    (
        "wide_fog.ron",
        include_str!("../../../../../levels/wide_fog.ron"),
    ),
    (
        "skirmish_6x6.ron",
        include_str!("../../../../../levels/skirmish_6x6.ron"),
    ),
    (
        "minefield.ron",
        include_str!("../../../../../levels/minefield.ron"),
    ),
    (
        "grand_12x12.ron",
        include_str!("../../../../../levels/grand_12x12.ron"),
    ),
];

/// Reads and validates a preset file from disk.
///
/// # Errors
/// A [`PresetError`]; an unreadable file is reported at line 1.
pub fn load_file(path: &std::path::Path) -> Result<Preset, PresetError> {
    let (name, text) = crate::text::read_file(path)?;
    parse(&name, &text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_preset_matches_the_rules() {
        let (_, text) = BUILTIN[0];
        let p = parse("classic.ron", text).expect("classic is valid");
        assert_eq!(p.variant, Variant::classic());
    }
}
