//! Sweeper Sudoku board presets: RON files in `levels/sudoku/`, every tunable
//! number of a board in one place, validated with messages that name the
//! file, line and field.

use serde::{Deserialize, Serialize};

use crate::chess::Color;
use crate::text::{PresetError, at_field, read_ron};

/// A chess piece that can be dealt in a Sweeper Sudoku hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PieceKind {
    /// One step any way; zone: the 8 cells around. Spare life against probes.
    King,
    /// Lines in 8 directions.
    Queen,
    /// Ranks and files; glides over open cells for free.
    Rook,
    /// Diagonals.
    Bishop,
    /// L-jumps; flag-jumps like a minesweeper.
    Knight,
}

impl PieceKind {
    /// The chess piece it is (for its glyph and its moves).
    pub fn role(self) -> crate::chess::Role {
        use crate::chess::Role;
        match self {
            PieceKind::King => Role::King,
            PieceKind::Queen => Role::Queen,
            PieceKind::Rook => Role::Rook,
            PieceKind::Bishop => Role::Bishop,
            PieceKind::Knight => Role::Knight,
        }
    }

    /// All kinds, strongest first.
    pub const ALL: [PieceKind; 5] = [
        PieceKind::King,
        PieceKind::Queen,
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Knight,
    ];

    /// Moves along lines (opens its path) rather than one step or jump.
    pub fn slides(self) -> bool {
        matches!(self, PieceKind::Queen | PieceKind::Rook | PieceKind::Bishop)
    }

    /// English name.
    pub fn name(self) -> &'static str {
        match self {
            PieceKind::King => "king",
            PieceKind::Queen => "queen",
            PieceKind::Rook => "rook",
            PieceKind::Bishop => "bishop",
            PieceKind::Knight => "knight",
        }
    }

    /// Letter as in chess notation.
    pub fn letter(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Queen => 'Q',
            PieceKind::Rook => 'R',
            PieceKind::Bishop => 'B',
            PieceKind::Knight => 'N',
        }
    }
}

/// White or black, as written in a preset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// Senses mines left in its zone.
    White,
    /// Senses closed cells in its zone hiding its digit.
    Black,
}

impl From<Side> for Color {
    fn from(s: Side) -> Color {
        match s {
            Side::White => Color::White,
            Side::Black => Color::Black,
        }
    }
}

/// Some cards of one piece in the deck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckEntry {
    /// Which piece.
    pub piece: PieceKind,
    /// Its colour.
    pub color: Side,
    /// How many of them (each gets a random digit card).
    pub count: u8,
}

/// Stamina per piece and board: board moves it may make.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stamina {
    /// A knight's board moves.
    pub knight: u8,
    /// Every other piece's board moves.
    pub other: u8,
}

/// Points. Opening a cell scores `digit × per_digit`; a move that defuses
/// two or more mines multiplies its points by their number (when
/// `multi_defuse` is on).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scoring {
    /// Points per pip of an opened digit.
    pub per_digit: i32,
    /// A mine defused by a piece.
    pub defuse: i32,
    /// A probe that finds a mine.
    pub probe_hit: i32,
    /// A probe on an empty cell (a penalty: zero or less).
    pub probe_miss: i32,
    /// A flag with no mine under it on a rook/bishop/queen path (zero or less).
    pub wrong_flag: i32,
    /// Multiply a move's points by the mines it defused when two or more.
    pub multi_defuse: bool,
    /// Points per pawn on the result card.
    pub points_per_pawn: i32,
}

/// The preset file as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "SudokuPreset")]
pub struct SudokuPresetFile {
    /// Menu name.
    pub name: String,
    /// Short tag used in share codes (1–4 letters or digits).
    pub code: String,
    /// Menu description.
    #[serde(default)]
    pub description: String,
    /// Side length: 4, 6 or 9.
    pub size: u8,
    /// Mines on the board.
    pub mines: u16,
    /// Cells open at the start (never mines).
    pub givens: u16,
    /// How many of the givens hide their mine count (an empty ring).
    pub hidden_counts: u16,
    /// Cards in the hand.
    pub hand: u8,
    /// The deck, dealt in random order with random digits.
    pub deck: Vec<DeckEntry>,
    /// Lives.
    pub lives: u8,
    /// Board moves per piece.
    pub stamina: Stamina,
    /// Spare lives of each king against failed probes next to him.
    pub king_spare_lives: u8,
    /// Seconds a probe must be held.
    pub probe_seconds: f32,
    /// Points.
    pub scoring: Scoring,
}

/// A validated preset.
#[derive(Debug, Clone, PartialEq)]
pub struct SudokuPreset {
    /// The file's contents, checked.
    pub file: SudokuPresetFile,
    /// Where it came from (for messages).
    pub source: String,
}

impl SudokuPreset {
    /// Cards in the deck.
    pub fn deck_size(&self) -> usize {
        self.file.deck.iter().map(|e| e.count as usize).sum()
    }
}

/// Presets built into the game (the web has no folder to read).
pub const BUILTIN: &[(&str, &str)] = &[
    (
        "easy_4x4.ron",
        include_str!("../../../../levels/sudoku/easy_4x4.ron"),
    ),
    (
        "classic_6x6.ron",
        include_str!("../../../../levels/sudoku/classic_6x6.ron"),
    ),
    (
        "grand_9x9.ron",
        include_str!("../../../../levels/sudoku/grand_9x9.ron"),
    ),
];

/// Parses and validates preset text; `file` names it in messages.
///
/// # Errors
/// The first problem, with its line and column.
pub fn parse(file: &str, text: &str) -> Result<SudokuPreset, PresetError> {
    let raw: SudokuPresetFile = read_ron(file, text)?;
    validate(&raw).map_err(|problem| at_field(file, text, problem))?;
    Ok(SudokuPreset {
        file: raw,
        source: file.to_string(),
    })
}

/// Checks every number of a preset. Errors are `(field, message)`.
///
/// # Errors
/// The first problem found.
pub fn validate(p: &SudokuPresetFile) -> Result<(), Problem> {
    validate_board(p)?;
    validate_play(p)?;
    validate_scoring(&p.scoring)
}

/// A problem: the field it is in and what is wrong.
type Problem = (&'static str, String);

/// The board: size, name, code, givens, mines, hidden counts.
fn validate_board(p: &SudokuPresetFile) -> Result<(), Problem> {
    // Sums in u32: a modder's 65535 must not wrap round into a valid total.
    let cells = (p.size as u32) * (p.size as u32);
    let (givens, mines, hidden) = (p.givens as u32, p.mines as u32, p.hidden_counts as u32);
    if super::grid::block_shape(p.size).is_none() {
        return Err((
            "size",
            format!("size {} is not a sudoku size (4, 6 or 9)", p.size),
        ));
    }
    if p.name.trim().is_empty() {
        return Err(("name", "the name is empty".into()));
    }
    if p.code.is_empty() || p.code.len() > 4 || !p.code.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err((
            "code",
            format!(
                "code \"{}\" must be 1 to 4 letters or digits (it starts every share code)",
                p.code
            ),
        ));
    }
    if givens == 0 || givens >= cells {
        return Err((
            "givens",
            format!(
                "givens = {} but must be 1 to {} on a {}×{} board",
                p.givens,
                cells - 1,
                p.size,
                p.size
            ),
        ));
    }
    if mines == 0 || mines + givens > cells {
        return Err((
            "mines",
            format!(
                "mines = {} but only {} cells are not givens (and at least one mine is needed)",
                p.mines,
                cells - givens
            ),
        ));
    }
    if hidden > givens {
        return Err((
            "hidden_counts",
            format!(
                "hidden_counts = {} is more than the {} givens",
                p.hidden_counts, p.givens
            ),
        ));
    }
    Ok(())
}

/// The hand, the deck, lives, stamina and the probe.
fn validate_play(p: &SudokuPresetFile) -> Result<(), Problem> {
    if !(1..=8).contains(&p.hand) {
        return Err(("hand", format!("hand = {} but must be 1 to 8", p.hand)));
    }
    let deck: usize = p.deck.iter().map(|e| e.count as usize).sum();
    if deck < p.hand as usize {
        return Err((
            "deck",
            format!(
                "the deck holds {deck} cards, fewer than a hand of {}",
                p.hand
            ),
        ));
    }
    if deck > 200 {
        return Err(("deck", format!("the deck holds {deck} cards; at most 200")));
    }
    if !(1..=9).contains(&p.lives) {
        return Err(("lives", format!("lives = {} but must be 1 to 9", p.lives)));
    }
    if p.stamina.knight > 9 || p.stamina.other > 9 {
        return Err(("stamina", "stamina is at most 9 per piece".into()));
    }
    if p.king_spare_lives > 9 {
        return Err(("king_spare_lives", "king_spare_lives is at most 9".into()));
    }
    if !(0.1..=5.0).contains(&p.probe_seconds) {
        return Err((
            "probe_seconds",
            format!("probe_seconds = {} but must be 0.1 to 5", p.probe_seconds),
        ));
    }
    Ok(())
}

/// Points and penalties, capped.
fn validate_scoring(s: &Scoring) -> Result<(), Problem> {
    if s.probe_miss > 0 {
        return Err(("probe_miss", "probe_miss is a penalty: 0 or less".into()));
    }
    if s.wrong_flag > 0 {
        return Err(("wrong_flag", "wrong_flag is a penalty: 0 or less".into()));
    }
    for (field, v) in [
        ("per_digit", s.per_digit),
        ("defuse", s.defuse),
        ("probe_hit", s.probe_hit),
    ] {
        if !(0..=1000).contains(&v) {
            return Err((field, format!("{field} = {v} but must be 0 to 1000")));
        }
    }
    if s.probe_miss < -1000 || s.wrong_flag < -1000 {
        return Err(("scoring", "penalties are at least -1000".into()));
    }
    if !(1..=1000).contains(&s.points_per_pawn) {
        return Err((
            "points_per_pawn",
            "points_per_pawn must be 1 to 1000".into(),
        ));
    }
    Ok(())
}

/// The built-in presets, parsed.
pub fn builtins() -> Vec<SudokuPreset> {
    BUILTIN
        .iter()
        .filter_map(|(name, text)| parse(name, text).ok())
        .collect()
}

/// Reads and validates a preset file.
///
/// # Errors
/// A [`PresetError`]; an unreadable file is reported at line 1.
pub fn load_file(path: &std::path::Path) -> Result<SudokuPreset, PresetError> {
    let (name, text) = crate::text::read_file(path)?;
    parse(&name, &text)
}
