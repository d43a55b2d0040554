//! A generated board: the hidden sudoku and mines, the starting open cells
//! and the deck, all from a preset and a seed; and the short share code.

use crate::rng::GameRng;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand::{Rng, RngCore};

use super::grid::Grid;
use super::preset::{PieceKind, Side, SudokuPreset};

/// A piece with its digit card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Card {
    /// The piece.
    pub kind: PieceKind,
    /// Its colour (white senses mines, black senses its digit).
    pub side: Side,
    /// The digit it claims, 1..=size.
    pub digit: u8,
}

impl std::fmt::Display for Card {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let c = self.kind.letter();
        let c = if self.side == Side::White {
            c
        } else {
            c.to_ascii_lowercase()
        };
        write!(f, "{c}{}", self.digit)
    }
}

/// Everything a board is made of, hidden or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// The solved sudoku.
    pub grid: Grid,
    /// Mine under each cell.
    pub mines: Vec<bool>,
    /// Cells open at the start.
    pub open: Vec<bool>,
    /// Starting cells whose count stays hidden (an empty ring).
    pub hidden_count: Vec<bool>,
    /// The deck in dealing order (the hand is dealt from the front).
    pub deck: Vec<Card>,
    /// The seed it came from.
    pub seed: u64,
}

impl Board {
    /// Side length.
    pub fn size(&self) -> usize {
        self.grid.size as usize
    }

    /// Mines among the 8 neighbours of a cell.
    pub fn count(&self, cell: usize) -> u8 {
        neighbours(self.size(), cell)
            .filter(|&c| self.mines[c])
            .count() as u8
    }

    /// Mines in each block, in block order.
    pub fn block_mines(&self) -> Vec<u8> {
        let mut v = vec![0u8; self.size()];
        for (i, &m) in self.mines.iter().enumerate() {
            if m {
                v[Grid::block_of(self.grid.size, i)] += 1;
            }
        }
        v
    }

    /// The board as text: solution, mines, open cells, deck (the `puzzle`
    /// command).
    pub fn to_text(&self, preset: &SudokuPreset) -> String {
        let n = self.size();
        let mut s = format!(
            "preset: {}\nseed: {}\ncode: {}\nsize: {n}\n\nsolution:\n",
            preset.file.name,
            self.seed,
            share_code(&preset.file.code, self.seed)
        );
        for r in 0..n {
            let row: String = (0..n)
                .map(|c| char::from(b'0' + self.grid.at(r, c)))
                .collect();
            s.push_str(&row);
            s.push('\n');
        }
        s.push_str("\nmines (* mine, . none):\n");
        for r in 0..n {
            let row: String = (0..n)
                .map(|c| if self.mines[r * n + c] { '*' } else { '.' })
                .collect();
            s.push_str(&row);
            s.push('\n');
        }
        s.push_str("\nopen at start (digit, count in brackets; () hidden count; # closed):\n");
        for r in 0..n {
            let mut row = Vec::new();
            for c in 0..n {
                let i = r * n + c;
                row.push(if !self.open[i] {
                    "#  ".to_string()
                } else if self.hidden_count[i] {
                    format!("{}()", self.grid.cells[i])
                } else {
                    format!("{}({})", self.grid.cells[i], self.count(i))
                });
            }
            s.push_str(row.join(" ").trim_end());
            s.push('\n');
        }
        let blocks: Vec<String> = self.block_mines().iter().map(|b| b.to_string()).collect();
        s.push_str(&format!("\nblock mines: {}\n", blocks.join(" ")));
        let deck: Vec<String> = self.deck.iter().map(|c| c.to_string()).collect();
        s.push_str(&format!(
            "deck ({} cards, first {} dealt; capital white, small black): {}\n",
            self.deck.len(),
            preset.file.hand,
            deck.join(" ")
        ));
        s
    }
}

/// Cell indices around `cell` (up to 8).
pub fn neighbours(n: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (r, c) = ((cell / n) as i32, (cell % n) as i32);
    (-1..=1)
        .flat_map(move |dr| (-1..=1).map(move |dc| (dr, dc)))
        .filter(|&d| d != (0, 0))
        .filter_map(move |(dr, dc)| at(n, r + dr, c + dc))
}

/// The cell at (row, col) when on the board.
pub fn at(n: usize, r: i32, c: i32) -> Option<usize> {
    (r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n).then(|| r as usize * n + c as usize)
}

/// Generates the board for a preset and seed. The same pair always gives
/// the same board, on every machine.
pub fn generate(preset: &SudokuPreset, seed: u64) -> Board {
    let p = &preset.file;
    let mut rng = GameRng::seed_from_u64(seed ^ 0x5eed_50d0_c0de);
    let grid = loop {
        // Filling never fails for sizes 4, 6 and 9; the loop only guards it.
        if let Some(g) = Grid::random(p.size, &mut rng) {
            break g;
        }
    };
    let n = p.size as usize;
    let cells = n * n;
    // Givens spread over the blocks: take blocks in turn, a random free
    // cell from each, so no block starts blind while another is full.
    let mut by_block: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in 0..cells {
        by_block[Grid::block_of(p.size, i)].push(i);
    }
    for b in &mut by_block {
        b.shuffle(&mut rng);
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.shuffle(&mut rng);
    let mut open = vec![false; cells];
    let mut placed = 0;
    'fill: loop {
        for &b in &order {
            if placed == p.givens as usize {
                break 'fill;
            }
            if let Some(i) = by_block[b].pop() {
                open[i] = true;
                placed += 1;
            }
        }
    }
    let mut free: Vec<usize> = (0..cells).filter(|&i| !open[i]).collect();
    free.shuffle(&mut rng);
    let mut mines = vec![false; cells];
    for &i in free.iter().take(p.mines as usize) {
        mines[i] = true;
    }
    let mut givens: Vec<usize> = (0..cells).filter(|&i| open[i]).collect();
    givens.shuffle(&mut rng);
    let mut hidden_count = vec![false; cells];
    for &i in givens.iter().take(p.hidden_counts as usize) {
        hidden_count[i] = true;
    }
    let mut deck = Vec::new();
    for e in &p.deck {
        for _ in 0..e.count {
            deck.push(Card {
                kind: e.piece,
                side: e.color,
                digit: rng.random_range(1..=p.size),
            });
        }
    }
    deck.shuffle(&mut rng);
    Board {
        grid,
        mines,
        open,
        hidden_count,
        deck,
        seed,
    }
}

/// A fresh random seed for "new board" (short enough for a short code).
pub fn random_seed(rng: &mut impl RngCore) -> u64 {
    rng.next_u64() & 0x3FFF_FFFF
}

const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// A real code (the easy 4×4 board of seed 7), for messages and docs; a
/// test checks that it and every code in the docs pass their check letter.
pub const EXAMPLE_CODE: &str = "E4-7V";

/// The share code of a board: the preset's tag, the seed in base 32 and a
/// check letter, e.g. `E4-7V` ([`EXAMPLE_CODE`]). Typing mistakes are
/// caught by the check.
pub fn share_code(tag: &str, seed: u64) -> String {
    let mut digits = Vec::new();
    let mut s = seed;
    loop {
        digits.push(ALPHABET[(s % 32) as usize]);
        s /= 32;
        if s == 0 {
            break;
        }
    }
    digits.reverse();
    let body = String::from_utf8(digits).unwrap_or_default();
    format!(
        "{}-{}{}",
        tag.to_ascii_uppercase(),
        body,
        check_char(tag, seed)
    )
}

/// The check letter: the tag's hash plus each base-32 digit of the seed
/// times an odd weight. Odd weights are invertible mod 32, so any one
/// character typed wrong changes the sum, and the letter.
fn check_char(tag: &str, seed: u64) -> char {
    let mut h: u64 = 7;
    for b in tag.to_ascii_uppercase().bytes() {
        h = h.wrapping_mul(31).wrapping_add(b as u64);
    }
    let mut sum = h.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 59;
    let (mut s, mut weight) = (seed, 1u64);
    while s > 0 {
        sum += weight * (s % 32);
        s /= 32;
        weight += 2;
    }
    ALPHABET[(sum % 32) as usize] as char
}

/// A typed code character as an alphabet character: upper case, with O,
/// I and L read as 0, 1 and 1.
fn normalize(c: char) -> char {
    match c.to_ascii_uppercase() {
        'O' => '0',
        'I' | 'L' => '1',
        c => c,
    }
}

/// Why a typed board code cannot be read (the game words it in the
/// player's language; [`Display`](std::fmt::Display) gives English).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodeError {
    /// No dash between tag and seed.
    NotACode(String),
    /// Tag or seed missing.
    TooShort(String),
    /// A tag no preset has: the tag (upper case) and the known tags.
    UnknownTag(String, Vec<String>),
    /// A character outside the code alphabet.
    BadCharacter(char),
    /// More seed than fits.
    TooLong(String),
    /// The check letter does not match: a typing mistake.
    Typo(String),
}

impl std::fmt::Display for CodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CodeError::NotACode(c) => {
                write!(f, "\"{c}\" is not a board code (like {EXAMPLE_CODE})")
            }
            CodeError::TooShort(c) => write!(
                f,
                "\"{c}\" is too short for a board code (like {EXAMPLE_CODE})"
            ),
            CodeError::UnknownTag(t, tags) => write!(
                f,
                "no board preset has the tag {t} (the tags are {})",
                tags.join(", ")
            ),
            CodeError::BadCharacter(c) => write!(f, "'{c}' cannot appear in a board code"),
            CodeError::TooLong(c) => write!(f, "\"{c}\" is too long for a board code"),
            CodeError::Typo(c) => write!(
                f,
                "\"{c}\" has a typing mistake (its check letter does not match)"
            ),
        }
    }
}

/// Reads a share code into (tag, seed).
///
/// # Errors
/// What is wrong with it.
pub fn parse_code(code: &str) -> Result<(String, u64), CodeError> {
    parse_code_among(code, None)
}

/// Reads a share code whose tag must be one of `tags` (when given): an
/// unknown tag is named as such, not taken for a typing mistake.
///
/// # Errors
/// What is wrong with it.
pub fn parse_code_among(code: &str, tags: Option<&[&str]>) -> Result<(String, u64), CodeError> {
    let code = code.trim();
    // Echoed back to the player: a pasted page of text is cut short.
    let shown: String = code.chars().take(24).collect();
    let Some((tag, rest)) = code.split_once('-') else {
        return Err(CodeError::NotACode(shown));
    };
    if tag.is_empty() || rest.chars().count() < 2 {
        return Err(CodeError::TooShort(shown));
    }
    if let Some(tags) = tags
        && !tags.iter().any(|t| t.eq_ignore_ascii_case(tag))
    {
        let tag: String = tag.chars().take(8).collect();
        return Err(CodeError::UnknownTag(
            tag.to_ascii_uppercase(),
            tags.iter().map(|t| t.to_string()).collect(),
        ));
    }
    let mut seed: u64 = 0;
    let chars: Vec<char> = rest.chars().collect();
    let (body, check) = chars.split_at(chars.len() - 1);
    for &c in body {
        let c = normalize(c);
        let Some(v) = ALPHABET.iter().position(|&a| a as char == c) else {
            return Err(CodeError::BadCharacter(c));
        };
        seed = seed
            .checked_mul(32)
            .and_then(|s| s.checked_add(v as u64))
            .ok_or_else(|| CodeError::TooLong(shown.clone()))?;
    }
    if normalize(check[0]) != check_char(tag, seed) {
        return Err(CodeError::Typo(shown));
    }
    Ok((tag.to_ascii_uppercase(), seed))
}

/// `merge(into, fed)`: digits add round the circle 1..=size, the top digit
/// counting as 1 (on 6×6: 3+3 → 6, 6 fed to 3 → 4).
pub fn merge_digits(size: u8, into: u8, fed: u8) -> u8 {
    let v = |d: u8| if d == size { 1 } else { d };
    let sum = v(into) as u16 + v(fed) as u16;
    ((sum - 1) % size as u16 + 1) as u8
}
