//! Board presets: RON files in `levels/` that modders edit.
//!
//! A preset is read in two steps, like a chess library turns an unchecked
//! setup into a position: [`PresetFile`] is what the text says (serde),
//! [`validate`] turns it into a typed [`Variant`] or explains, with file,
//! line and column, what is wrong. See `levels/README.md` for the format.

use serde::Deserialize;

pub use crate::text::PresetError;
use crate::text::{at_field, read_ron};

use super::{
    CastleSide, Castling, Color, Piece, Position, Role, RuleSet, Square, SquareSet, Variant,
    variant::BOARD_LIMITS,
};

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
    fn role(self) -> Role {
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

fn file_index(name: &str, files: u8, what: &str) -> Result<u8, String> {
    let mut chars = name.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_lowercase() && ((c as u8 - b'a') < files) => {
            Ok(c as u8 - b'a')
        }
        _ => Err(format!(
            "{what} \"{name}\" is not a file of this board (a to {})",
            (b'a' + files - 1) as char
        )),
    }
}

/// Validates a parsed preset. Errors are `(field name, message)`.
///
/// # Errors
/// The first problem found.
pub fn validate(p: &PresetFile) -> Result<Preset, (&'static str, String)> {
    let (max_f, max_r) = BOARD_LIMITS;
    if !(2..=max_f).contains(&p.files) {
        return Err((
            "files",
            format!("files {} is outside 2 to {max_f}", p.files),
        ));
    }
    if !(2..=max_r).contains(&p.ranks) {
        return Err((
            "ranks",
            format!("ranks {} is outside 2 to {max_r}", p.ranks),
        ));
    }
    let (files, ranks) = (p.files, p.ranks);

    // Setup: FEN placement.
    let rows: Vec<&str> = p.setup.split('/').collect();
    if rows.len() != ranks as usize {
        return Err((
            "setup",
            format!("setup has {} ranks but the board has {ranks}", rows.len()),
        ));
    }
    let mut setup = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i as u8;
        let mut file: u32 = 0;
        let mut digits = String::new();
        let flush = |digits: &mut String, file: &mut u32| {
            if !digits.is_empty() {
                *file = file.saturating_add(digits.parse::<u32>().unwrap_or(u32::MAX));
                digits.clear();
            }
        };
        for c in row.trim().chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            flush(&mut digits, &mut file);
            if c == '.' {
                file = file.saturating_add(1);
                continue;
            }
            let piece = Piece::from_char(c).ok_or((
                "setup",
                format!(
                    "'{c}' in rank {} of the setup is not a piece letter (KQRBNP, kqrbnp)",
                    rank + 1
                ),
            ))?;
            if file < files as u32 {
                setup.push((Square::new(file as u8, rank), piece));
            }
            file = file.saturating_add(1);
        }
        flush(&mut digits, &mut file);
        if file != files as u32 {
            return Err((
                "setup",
                format!(
                    "rank {} of the setup has {file} files but the board has {files}",
                    rank + 1
                ),
            ));
        }
    }

    setup.sort_by_key(|(sq, _)| *sq);

    // Fog zone.
    let (lo, hi) = p.fog_ranks;
    if lo < 1 || hi > ranks || lo > hi {
        return Err((
            "fog_ranks",
            format!("fog_ranks ({lo}, {hi}) must satisfy 1 <= first <= last <= {ranks}"),
        ));
    }
    let (flo, fhi) = match &p.fog_files {
        None => (0, files - 1),
        Some((a, b)) => {
            let a = file_index(a, files, "fog_files").map_err(|m| ("fog_files", m))?;
            let b = file_index(b, files, "fog_files").map_err(|m| ("fog_files", m))?;
            if a > b {
                return Err(("fog_files", "fog_files must go from left to right".into()));
            }
            (a, b)
        }
    };
    let zone: SquareSet = (lo - 1..hi)
        .flat_map(|r| (flo..=fhi).map(move |f| Square::new(f, r)))
        .collect();
    if let Some((sq, _)) = setup.iter().find(|(sq, _)| zone.contains(*sq)) {
        return Err((
            "setup",
            format!("the piece on {sq} stands in the fog zone; fog may only cover empty cells"),
        ));
    }
    if p.mines as usize > zone.len() {
        return Err((
            "mines",
            format!(
                "mines {} is more than the {} fog cells",
                p.mines,
                zone.len()
            ),
        ));
    }

    // Promotion.
    let promotion_rank = match p.promotion_ranks {
        None => [ranks - 1, 0],
        Some(PerColor { white, black }) => {
            for r in [white, black] {
                if r < 1 || r > ranks {
                    return Err((
                        "promotion_ranks",
                        format!("promotion rank {r} is not a rank of this board (1 to {ranks})"),
                    ));
                }
            }
            [white - 1, black - 1]
        }
    };
    let promotion_pieces = p
        .promotion_pieces
        .clone()
        .unwrap_or_else(|| vec![PieceName::Queen]);
    if promotion_pieces.is_empty() {
        return Err((
            "promotion_pieces",
            "promotion_pieces is empty; pawns need something to become".into(),
        ));
    }
    let promotion_roles = promotion_pieces
        .iter()
        .fold(0, |m, r| m | RuleSet::role_bit(r.role()));

    // Double steps.
    let double_step_rank = match p.double_step_ranks {
        None => [Some(1), Some(ranks - 2)],
        Some(PerColor { white, black }) => {
            let mut out = [None, None];
            for (i, r) in [white, black].into_iter().enumerate() {
                if let Some(r) = r {
                    if r < 1 || r > ranks {
                        return Err((
                            "double_step_ranks",
                            format!("double-step rank {r} is not a rank of this board"),
                        ));
                    }
                    out[i] = Some(r - 1);
                }
            }
            out
        }
    };

    // A double step passes over one rank: it must not be the promotion
    // rank, or the pawn would jump past promoting.
    for (i, color) in Color::ALL.into_iter().enumerate() {
        if let Some(d) = double_step_rank[i] {
            let passed = if color == Color::White {
                d + 1
            } else {
                d.wrapping_sub(1)
            };
            if passed == promotion_rank[i] {
                return Err((
                    "double_step_ranks",
                    format!(
                        "a {} double step from rank {} jumps over the promotion rank {}",
                        color.name(),
                        d + 1,
                        passed + 1
                    ),
                ));
            }
        }
    }

    // Castling.
    let castling = match &p.castling {
        None => None,
        Some(c) => {
            let king_file = file_index(&c.king, files, "king").map_err(|m| ("king", m))?;
            let side = |rook: &Option<String>,
                        to: &Option<(String, String)>,
                        default: (u8, u8),
                        field: &'static str|
             -> Result<Option<CastleSide>, (&'static str, String)> {
                let Some(rook) = rook else { return Ok(None) };
                let rook_file = file_index(rook, files, field).map_err(|m| (field, m))?;
                let (king_to, rook_to) = match to {
                    None => default,
                    Some((k, r)) => (
                        file_index(k, files, "king target").map_err(|m| (field, m))?,
                        file_index(r, files, "rook target").map_err(|m| (field, m))?,
                    ),
                };
                if king_to >= files || rook_to >= files {
                    return Err((
                        field,
                        format!(
                            "castling would land the king or rook off this {files}-file board; \
                             say where with {}",
                            if field == "kingside_rook" {
                                "kingside_to"
                            } else {
                                "queenside_to"
                            }
                        ),
                    ));
                }
                if king_to == rook_to {
                    return Err((field, "king and rook cannot land on the same file".into()));
                }
                if king_to.abs_diff(king_file) < 2 {
                    return Err((
                        field,
                        "castling must move the king at least two files, or it reads as a king step"
                            .into(),
                    ));
                }
                Ok(Some(CastleSide {
                    rook_file,
                    king_to,
                    rook_to,
                }))
            };
            let kingside = side(
                &c.kingside_rook,
                &c.kingside_to,
                (files.saturating_sub(2), files.saturating_sub(3)),
                "kingside_rook",
            )?;
            let queenside = side(&c.queenside_rook, &c.queenside_to, (2, 3), "queenside_rook")?;
            for color in Color::ALL {
                let back = if color == Color::White { 0 } else { ranks - 1 };
                let has = |f: u8, role: Role| {
                    setup.contains(&(Square::new(f, back), Piece::new(color, role)))
                };
                if !has(king_file, Role::King) {
                    return Err((
                        "castling",
                        format!(
                            "castling needs the {} king on {}",
                            color.name(),
                            Square::new(king_file, back)
                        ),
                    ));
                }
                for s in [kingside, queenside].into_iter().flatten() {
                    if !has(s.rook_file, Role::Rook) {
                        return Err((
                            "castling",
                            format!(
                                "castling needs a {} rook on {}",
                                color.name(),
                                Square::new(s.rook_file, back)
                            ),
                        ));
                    }
                }
            }
            Some(Castling {
                king_file,
                kingside,
                queenside,
            })
        }
    };

    let variant = Variant {
        name: p.name.clone(),
        files,
        ranks,
        setup,
        fog_zone: zone,
        mine_count: p.mines,
        rules: RuleSet {
            promotion_rank,
            promotion_roles,
            double_step_rank,
            castling,
            sapper: p.sapper,
            royal_sapper: p.royal_sapper,
        },
    };
    // The start must be a legal position (one king each, no pawn on its
    // promotion rank, nobody already in check on the wrong move…).
    Position::new(&variant, SquareSet::EMPTY)
        .map_err(|e| ("setup", format!("the setup is not a legal start: {e}")))?;
    Ok(Preset {
        variant,
        description: p.description.clone(),
    })
}

/// The presets shipped in `levels/`, by file name, embedded in the binary so
/// the game has them even where the folder cannot be listed (the web).
pub const BUILTIN: &[(&str, &str)] = &[
    (
        "classic.ron",
        include_str!("../../../../levels/classic.ron"),
    ),
    (
        "wide_fog.ron",
        include_str!("../../../../levels/wide_fog.ron"),
    ),
    (
        "skirmish_6x6.ron",
        include_str!("../../../../levels/skirmish_6x6.ron"),
    ),
    (
        "minefield.ron",
        include_str!("../../../../levels/minefield.ron"),
    ),
    (
        "grand_12x12.ron",
        include_str!("../../../../levels/grand_12x12.ron"),
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
