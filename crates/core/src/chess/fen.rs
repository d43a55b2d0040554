//! FEN for boards of any size, plus a seventh field for fog and mines.
//!
//! The first six fields are standard FEN with as many ranks as the board has
//! (the form variant engines use for 8×10): placement, side to move,
//! castling (`KQkq` names the preset's kingside and queenside rooks), en
//! passant (always `-` when written; a square is accepted and ignored, since
//! the game has no en passant), half-move clock and move number.
//!
//! The optional seventh field is the **minefield**, written rank by rank from
//! the top like the placement field:
//!
//! | text | cell |
//! |---|---|
//! | digits | that many cells outside the fog zone |
//! | `f` | fog-zone cell under fog, no mine |
//! | `x` | fog-zone cell under fog hiding a mine |
//! | `o` | fog-zone cell revealed, no mine |
//! | `X` | fog-zone cell revealed with a discovered mine on it |
//! | `s` | fog-zone cell under fog that a pawn swept: known to hold no mine |
//! | `?` | fog-zone cell under fog whose content nobody knows |
//!
//! Without the seventh field the board has no fog zone and no mines: plain
//! chess, as other engines see it.
//!
//! A FEN with `?` cells is **public**: it says what both players know, not
//! where the hidden mines are. Its eighth field then says how many mines the
//! `?` cells hide and, after a colon, the count each revealed cell shows
//! where it is not 0: `3:d5=1,e5=2`. Such a FEN is read as a
//! [`Setup`] with [`Setup::unknown`] set, and becomes a position by dealing
//! the mines ([`super::deal`]) or as a [`PublicPosition`].

use std::fmt;

use super::position::{CastlingRights, Position, PositionError, PublicPosition, Setup, Unknown};
use super::square::{Color, MAX_FILES, MAX_RANKS, Piece, Square, SquareSet};
use super::variant::{RuleSet, Wing};

/// What is wrong with a FEN string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text has fewer than two or more than eight fields.
    FieldCount(usize),
    /// A problem in one field: its number (1-based), its text and what is wrong.
    Field {
        /// 1-based field number.
        field: usize,
        /// Which field (e.g. "placement").
        name: &'static str,
        /// What is wrong.
        problem: String,
    },
    /// The fields parse but do not make a legal position.
    Position(PositionError),
    /// The hidden mines of a public FEN cannot be placed as it says.
    Deal(super::deal::DealError),
    /// The board does not fit the preset it is used with.
    Mismatch(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount(n) => write!(
                f,
                "FEN has {n} fields; expected placement and side to move, then optional \
                 castling, en passant, clocks, minefield and hidden mines"
            ),
            FenError::Field {
                field,
                name,
                problem,
            } => write!(f, "FEN field {field} ({name}): {problem}"),
            FenError::Position(e) => write!(f, "FEN describes an illegal position: {e}"),
            FenError::Deal(e) => write!(f, "FEN field 8 (hidden mines): {e}"),
            FenError::Mismatch(why) => write!(f, "FEN does not fit the preset: {why}"),
        }
    }
}

impl std::error::Error for FenError {}

fn field_err(field: usize, name: &'static str, problem: impl Into<String>) -> FenError {
    FenError::Field {
        field,
        name,
        problem: problem.into(),
    }
}

/// Splits one rank of a placement-like field into tokens: a run of empty
/// cells (a number, possibly more than one digit) or a single letter.
fn rank_tokens(rank: &str) -> Result<Vec<RankToken>, String> {
    let mut out = Vec::new();
    let mut chars = rank.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut n = c.to_digit(10).unwrap_or(0);
            while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                n = n.saturating_mul(10).saturating_add(d);
                chars.next();
            }
            if n == 0 {
                return Err(format!("empty run of 0 cells in '{rank}'"));
            }
            out.push(RankToken::Run(n));
        } else {
            out.push(RankToken::Letter(c));
        }
    }
    Ok(out)
}

enum RankToken {
    Run(u32),
    Letter(char),
}

/// Parses a FEN (six standard fields plus the optional minefield) under `rules`.
/// The board size comes from the placement field.
///
/// # Errors
/// A [`FenError`] saying which field is wrong and why.
pub fn parse_setup(fen: &str) -> Result<Setup, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() < 2 || fields.len() > 8 {
        return Err(FenError::FieldCount(fields.len()));
    }
    let rows: Vec<&str> = fields[0].split('/').collect();
    let ranks = rows.len();
    if !(2..=MAX_RANKS as usize).contains(&ranks) {
        return Err(field_err(
            1,
            "placement",
            format!("{ranks} ranks; a board has 2 to {MAX_RANKS}"),
        ));
    }
    let mut files: Option<u32> = None;
    let mut pieces = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = (ranks - 1 - i) as u8;
        let mut file = 0u32;
        let tokens = rank_tokens(row).map_err(|p| field_err(1, "placement", p))?;
        for t in tokens {
            match t {
                RankToken::Run(n) => file = file.saturating_add(n),
                RankToken::Letter(c) => {
                    let p = Piece::from_char(c).ok_or_else(|| {
                        field_err(
                            1,
                            "placement",
                            format!("'{c}' in rank {} is not a piece letter", rank + 1),
                        )
                    })?;
                    if file < MAX_FILES as u32 {
                        pieces.push((Square::new(file as u8, rank), p));
                    }
                    file = file.saturating_add(1);
                }
            }
        }
        if file == 0 || file > MAX_FILES as u32 {
            return Err(field_err(
                1,
                "placement",
                format!(
                    "rank {} has {file} files; a board has 2 to {MAX_FILES}",
                    rank + 1
                ),
            ));
        }
        match files {
            None => files = Some(file),
            Some(w) if w != file => {
                return Err(field_err(
                    1,
                    "placement",
                    format!(
                        "rank {} has {file} files but rank {ranks} has {w}",
                        rank + 1
                    ),
                ));
            }
            _ => {}
        }
    }
    let files = files.unwrap_or(8) as u8;
    let ranks = ranks as u8;

    let turn = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => {
            return Err(field_err(
                2,
                "side to move",
                format!("'{other}' is neither 'w' nor 'b'"),
            ));
        }
    };

    let mut castling = CastlingRights::default();
    if let Some(&c) = fields.get(2)
        && c != "-"
    {
        for ch in c.chars() {
            let (color, wing) = match ch {
                'K' => (Color::White, Wing::King),
                'Q' => (Color::White, Wing::Queen),
                'k' => (Color::Black, Wing::King),
                'q' => (Color::Black, Wing::Queen),
                _ => {
                    return Err(field_err(
                        3,
                        "castling",
                        format!("'{ch}' is not one of K, Q, k, q or -"),
                    ));
                }
            };
            castling.set(color, wing, true);
        }
    }

    if let Some(&ep) = fields.get(3)
        && ep != "-"
        && Square::parse(ep).is_none()
    {
        return Err(field_err(
            4,
            "en passant",
            format!("'{ep}' is neither '-' nor a square"),
        ));
    }

    let number = |i: usize, name: &'static str, default: u32| -> Result<u32, FenError> {
        match fields.get(i) {
            None => Ok(default),
            Some(s) => s
                .parse()
                .map_err(|_| field_err(i + 1, name, format!("'{s}' is not a number"))),
        }
    };
    let halfmoves = number(4, "half-move clock", 0)?;
    let fullmoves = number(5, "move number", 1)?;

    let mut zone = SquareSet::EMPTY;
    let mut fog = SquareSet::EMPTY;
    let mut mines = SquareSet::EMPTY;
    let mut swept = SquareSet::EMPTY;
    let mut unknown_cells = SquareSet::EMPTY;
    if let Some(&mf) = fields.get(6) {
        let rows: Vec<&str> = mf.split('/').collect();
        if rows.len() != ranks as usize {
            return Err(field_err(
                7,
                "minefield",
                format!("{} ranks but the board has {ranks}", rows.len()),
            ));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = ranks - 1 - i as u8;
            let mut file = 0u32;
            for t in rank_tokens(row).map_err(|p| field_err(7, "minefield", p))? {
                match t {
                    RankToken::Run(n) => file = file.saturating_add(n),
                    RankToken::Letter(c) => {
                        if file < files as u32 {
                            let sq = Square::new(file as u8, rank);
                            match c {
                                'f' => {
                                    fog.insert(sq);
                                }
                                'x' => {
                                    fog.insert(sq);
                                    mines.insert(sq);
                                }
                                'o' => {}
                                'X' => {
                                    mines.insert(sq);
                                }
                                's' => {
                                    fog.insert(sq);
                                    swept.insert(sq);
                                }
                                '?' => {
                                    fog.insert(sq);
                                    unknown_cells.insert(sq);
                                }
                                _ => {
                                    return Err(field_err(
                                        7,
                                        "minefield",
                                        format!(
                                            "'{c}' in rank {} is not one of f, x, o, X, s, ? or a number",
                                            rank + 1
                                        ),
                                    ));
                                }
                            }
                            zone.insert(sq);
                        }
                        file = file.saturating_add(1);
                    }
                }
            }
            if file != files as u32 {
                return Err(field_err(
                    7,
                    "minefield",
                    format!(
                        "rank {} has {file} cells but the board has {files} files",
                        rank + 1
                    ),
                ));
            }
        }
    }

    let unknown = match fields.get(7) {
        None if unknown_cells.is_empty() => None,
        None => {
            return Err(field_err(
                8,
                "hidden mines",
                "the minefield has '?' cells, so this field must say how many mines they hide",
            ));
        }
        Some(text) => Some(hidden_field(text, unknown_cells)?),
    };

    Ok(Setup {
        files,
        ranks,
        pieces,
        turn,
        castling,
        zone,
        fog,
        mines,
        swept,
        unknown,
        halfmoves,
        fullmoves,
    })
}

/// The eighth field: `N` or `N:sq=n,sq=n` (the counts that are not 0).
fn hidden_field(text: &str, cells: SquareSet) -> Result<Unknown, FenError> {
    let bad = |p: String| field_err(8, "hidden mines", p);
    let (n, list) = text.split_once(':').unwrap_or((text, ""));
    let mines: u8 = n
        .parse()
        .map_err(|_| bad(format!("'{n}' is not a number of mines (0 to 255)")))?;
    if mines > 0 && cells.is_empty() {
        return Err(bad(format!(
            "{mines} hidden mine(s) but the minefield has no '?' cell"
        )));
    }
    let mut counts = Vec::new();
    for item in list.split(',').filter(|i| !i.is_empty()) {
        let (sq, c) = item
            .split_once('=')
            .ok_or_else(|| bad(format!("'{item}' is not a count like e5=2")))?;
        let square = Square::parse(sq).ok_or_else(|| bad(format!("'{sq}' is not a square")))?;
        let c: u8 = c
            .parse()
            .ok()
            .filter(|c| (1..=8).contains(c))
            .ok_or_else(|| bad(format!("count '{c}' on {sq} is not 1 to 8")))?;
        if counts.iter().any(|(s, _)| *s == square) {
            return Err(bad(format!("{sq} has two counts")));
        }
        counts.push((square, c));
    }
    counts.sort_unstable();
    Ok(Unknown {
        cells,
        mines,
        counts,
    })
}

/// Parses a FEN into a position under `rules`.
///
/// # Errors
/// A [`FenError`] for malformed text or an illegal position.
pub fn parse(fen: &str, rules: RuleSet) -> Result<Position, FenError> {
    let setup = parse_setup(fen)?;
    Position::from_setup(setup, rules).map_err(FenError::Position)
}

/// Whether a FEN's board fits the preset `variant` it is used with: the same
/// size, and the same fog zone when the FEN has a minefield.
///
/// # Errors
/// [`FenError::Mismatch`] saying what differs.
pub fn check_against(setup: &Setup, variant: &super::Variant) -> Result<(), FenError> {
    if (setup.files, setup.ranks) != (variant.files, variant.ranks) {
        return Err(FenError::Mismatch(format!(
            "the FEN's board is {}×{} but {} is {}×{}",
            setup.files, setup.ranks, variant.name, variant.files, variant.ranks
        )));
    }
    if !setup.zone.is_empty() && setup.zone != variant.fog_zone {
        return Err(FenError::Mismatch(format!(
            "the FEN's minefield covers other cells than the fog zone of {}",
            variant.name
        )));
    }
    Ok(())
}

/// Parses a FEN, public or not, into what a player sees: a public FEN's
/// `?` cells stay unknown; a full FEN's hidden mines are dropped.
///
/// # Errors
/// A [`FenError`] for malformed text, an illegal position or counts that
/// no layout meets.
pub fn parse_public(fen: &str, rules: RuleSet) -> Result<PublicPosition, FenError> {
    let setup = parse_setup(fen)?;
    if setup.unknown.is_none() {
        return Position::from_setup(setup, rules)
            .map(|p| p.public_view())
            .map_err(FenError::Position);
    }
    PublicPosition::from_setup(setup, rules).map_err(|e| match e {
        super::position::PublicError::Position(p) => FenError::Position(p),
        super::position::PublicError::Deal(d) => FenError::Deal(d),
    })
}

/// Parses a FEN into a true position, dealing a public FEN's hidden mines
/// uniformly from the layouts that agree with it.
///
/// # Errors
/// As [`parse_public`].
pub fn parse_dealt(
    fen: &str,
    rules: RuleSet,
    rng: &mut impl rand::Rng,
) -> Result<Position, FenError> {
    let setup = super::deal::deal(parse_setup(fen)?, rng).map_err(FenError::Deal)?;
    Position::from_setup(setup, rules).map_err(FenError::Position)
}

/// Parses a FEN with the standard rules for its board size
/// ([`RuleSet::standard`]).
///
/// # Errors
/// As [`parse`].
pub fn parse_standard(fen: &str) -> Result<Position, FenError> {
    let setup = parse_setup(fen)?;
    let rules = RuleSet::standard(setup.files, setup.ranks);
    Position::from_setup(setup, rules).map_err(FenError::Position)
}

/// Writes `pos` as FEN; the minefield field is added when the board has a
/// fog zone. This is the whole truth, hidden mines included: for what a
/// player may see use [`to_public_fen`].
pub fn to_fen(pos: &Position) -> String {
    write(pos, &SquareSet::EMPTY)
}

/// Writes what both players know of `pos`: fogged cells nobody has swept
/// are `?`, and the eighth field gives their hidden mines and the counts.
/// The same text for every layout of the hidden mines.
pub fn to_public_fen(pos: &Position) -> String {
    write(pos, &pos.unknown_cells())
}

/// Writes a public position (its hidden mines are unknown already): the
/// same text as [`to_public_fen`] of the true position.
pub fn public_to_fen(public: &PublicPosition) -> String {
    let pos = public.position();
    let mut s = minefield_free(pos);
    let unknown = pos.unknown_cells();
    push_minefield(&mut s, pos, &unknown);
    if !unknown.is_empty() {
        push_hidden(&mut s, pos.unseen(), public.counts());
    }
    s
}

/// Writes `pos` with the cells of `unknown` (fogged, not swept) as `?`: a
/// true position told as much as someone who does not know those cells
/// knows. Used for the start position of an unfinished game's record.
pub fn to_fen_with_unknown(pos: &Position, unknown: &SquareSet) -> String {
    write(pos, unknown)
}

fn write(pos: &Position, unknown: &SquareSet) -> String {
    let mut s = minefield_free(pos);
    push_minefield(&mut s, pos, unknown);
    if !unknown.is_empty() {
        let hidden = pos.mines().intersection(unknown).len() as u8;
        let counts: Vec<(Square, u8)> = pos
            .squares()
            .filter_map(|sq| pos.revealed_count(sq).map(|n| (sq, n)))
            .collect();
        push_hidden(&mut s, hidden, &counts);
    }
    s
}

fn push_hidden(s: &mut String, hidden: u8, counts: &[(Square, u8)]) {
    s.push_str(&format!(" {hidden}"));
    let mut sep = ':';
    for (sq, n) in counts.iter().filter(|c| c.1 > 0) {
        s.push(sep);
        s.push_str(&format!("{sq}={n}"));
        sep = ',';
    }
}

fn push_minefield(s: &mut String, pos: &Position, unknown: &SquareSet) {
    if pos.zone().is_empty() {
        return;
    }
    s.push(' ');
    s.push_str(&placement(pos, |sq| {
        if !pos.zone().contains(sq) {
            return None;
        }
        if unknown.contains(sq) {
            return Some('?');
        }
        let fog = pos.fog().contains(sq);
        let mine = pos.mines().contains(sq);
        Some(if fog && pos.swept().contains(sq) {
            's'
        } else {
            match (fog, mine) {
                (true, true) => 'x',
                (true, false) => 'f',
                (false, true) => 'X',
                (false, false) => 'o',
            }
        })
    }));
}

/// The six standard fields.
fn minefield_free(pos: &Position) -> String {
    let mut s = placement(pos, |sq| pos.piece_at(sq).map(|p| p.char()));
    s.push(' ');
    s.push(if pos.turn() == Color::White { 'w' } else { 'b' });
    s.push(' ');
    let c = pos.castling();
    let mut any = false;
    for (color, wing, ch) in [
        (Color::White, Wing::King, 'K'),
        (Color::White, Wing::Queen, 'Q'),
        (Color::Black, Wing::King, 'k'),
        (Color::Black, Wing::Queen, 'q'),
    ] {
        if c.has(color, wing) {
            s.push(ch);
            any = true;
        }
    }
    if !any {
        s.push('-');
    }
    s.push_str(&format!(" - {} {}", pos.halfmoves(), pos.fullmoves()));
    s
}

/// A placement-style field: ranks from the top, runs of `None` as numbers.
fn placement(pos: &Position, cell: impl Fn(Square) -> Option<char>) -> String {
    let mut s = String::new();
    for r in (0..pos.ranks()).rev() {
        let mut run = 0;
        for f in 0..pos.files() {
            match cell(Square::new(f, r)) {
                None => run += 1,
                Some(c) => {
                    if run > 0 {
                        s.push_str(&run.to_string());
                        run = 0;
                    }
                    s.push(c);
                }
            }
        }
        if run > 0 {
            s.push_str(&run.to_string());
        }
        if r > 0 {
            s.push('/');
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn start_round_trips() {
        let p = parse_standard(START).expect("start FEN parses");
        assert_eq!(to_fen(&p), START);
        assert_eq!((p.files(), p.ranks()), (8, 10));
    }

    #[test]
    fn minefield_round_trips() {
        let fen = format!("{START} 8/8/8/ffxfffff/ffffffff/ooooXfff/fffffffx/8/8/8");
        let p = parse_standard(&fen).expect("parses");
        assert_eq!(to_fen(&p), fen);
        assert_eq!(p.mines_left(), 3);
        assert!(p.fog().contains(Square::parse("c7").unwrap()));
        assert!(!p.fog().contains(Square::parse("e5").unwrap()));
    }

    #[test]
    fn errors_name_the_field() {
        let e = parse_standard("rnbqkbnr/ppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .unwrap_err();
        assert!(
            e.to_string()
                .contains("field 1 (placement): rank 9 has 7 files"),
            "{e}"
        );
        let e = parse_standard("8/8/8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err();
        assert!(e.to_string().contains("white has 0 kings"), "{e}");
        let e = parse_standard("4k3/8/8/8/8/8/8/8/8/4K3 x").unwrap_err();
        assert!(e.to_string().contains("field 2 (side to move)"), "{e}");
        let e = parse_standard("4k3/8/8/8/8/8/8/8/8/4K3 w Z").unwrap_err();
        assert!(e.to_string().contains("field 3 (castling)"), "{e}");
        let e = parse_standard("4k3/8/8/8/8/8/8/8/8/4K3 w - - 0 1 8/8").unwrap_err();
        assert!(e.to_string().contains("field 7 (minefield)"), "{e}");
        let e = parse_standard("4k3/8/8/8/8/8/8/8/8/4K3 w K - 0 1").unwrap_err();
        assert!(e.to_string().contains("castling right"), "{e}");
    }

    #[test]
    fn wide_boards_use_multi_digit_runs() {
        let fen = "4k11/16/16/16/16/16/16/16/16/16/16/16/16/16/16/4K11 w - - 0 1";
        let p = parse_standard(fen).expect("16x16 parses");
        assert_eq!((p.files(), p.ranks()), (16, 16));
        assert_eq!(to_fen(&p), fen);
    }
}
