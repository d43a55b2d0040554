//! Reading FEN: each field on its own, every error naming its field.

use super::FenError;
use crate::chess::color::Color;
use crate::chess::piece::Piece;
use crate::chess::position::{CastlingRights, Setup, Unknown};
use crate::chess::square::{MAX_FILES, MAX_RANKS, Square};
use crate::chess::square_set::SquareSet;
use crate::chess::variant::Wing;

fn field_err(field: usize, name: &'static str, problem: impl Into<String>) -> FenError {
    FenError::Field {
        field,
        name,
        problem: problem.into(),
    }
}

/// Parses a FEN (six standard fields plus the optional minefield and hidden
/// mines). The board size comes from the placement field.
///
/// # Errors
/// A [`FenError`] saying which field is wrong and why.
pub fn parse_setup(fen: &str) -> Result<Setup, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() < 2 || fields.len() > 8 {
        return Err(FenError::FieldCount(fields.len()));
    }
    let (files, ranks, pieces) = placement(fields[0])?;
    let turn = side_to_move(fields[1])?;
    let castling = fields
        .get(2)
        .map_or(Ok(CastlingRights::default()), |c| castling(c))?;
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
    let halfmoves = number(&fields, 4, "half-move clock", 0)?;
    let fullmoves = number(&fields, 5, "move number", 1)?;
    let field = match fields.get(6) {
        Some(mf) => minefield(mf, files, ranks)?,
        None => Minefield::default(),
    };
    let unknown = match fields.get(7) {
        None if field.unknown.is_empty() => None,
        None => {
            return Err(field_err(
                8,
                "hidden mines",
                "the minefield has '?' cells, so this field must say how many mines they hide",
            ));
        }
        Some(text) => Some(hidden_field(text, field.unknown)?),
    };
    Ok(Setup {
        files,
        ranks,
        pieces,
        turn,
        castling,
        zone: field.zone,
        fog: field.fog,
        mines: field.mines,
        swept: field.swept,
        unknown,
        halfmoves,
        fullmoves,
    })
}

/// Field `i` (0-based) as a number, `default` when the FEN stops before it.
fn number(fields: &[&str], i: usize, name: &'static str, default: u32) -> Result<u32, FenError> {
    match fields.get(i) {
        None => Ok(default),
        Some(s) => s
            .parse()
            .map_err(|_| field_err(i + 1, name, format!("'{s}' is not a number"))),
    }
}

/// A board's files, ranks and pieces.
type Placement = (u8, u8, Vec<(Square, Piece)>);

/// The first field: the board's files and ranks and its pieces.
fn placement(field: &str) -> Result<Placement, FenError> {
    let bad = |p: String| field_err(1, "placement", p);
    let rows: Vec<&str> = field.split('/').collect();
    let ranks = rows.len();
    if !(2..=MAX_RANKS as usize).contains(&ranks) {
        return Err(bad(format!("{ranks} ranks; a board has 2 to {MAX_RANKS}")));
    }
    let mut files: Option<u32> = None;
    let mut pieces = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = (ranks - 1 - i) as u8;
        let mut file = 0u32;
        for t in rank_tokens(row).map_err(|e| bad(e.to_string()))? {
            match t {
                RankToken::Run(n) => file = file.saturating_add(n),
                RankToken::Letter(c) => {
                    let p = Piece::from_char(c).ok_or_else(|| {
                        bad(format!("'{c}' in rank {} is not a piece letter", rank + 1))
                    })?;
                    if file < MAX_FILES as u32 {
                        pieces.push((Square::new(file as u8, rank), p));
                    }
                    file = file.saturating_add(1);
                }
            }
        }
        if file == 0 || file > MAX_FILES as u32 {
            return Err(bad(format!(
                "rank {} has {file} files; a board has 2 to {MAX_FILES}",
                rank + 1
            )));
        }
        match files {
            Some(w) if w != file => {
                return Err(bad(format!(
                    "rank {} has {file} files but rank {ranks} has {w}",
                    rank + 1
                )));
            }
            _ => files = Some(file),
        }
    }
    Ok((files.unwrap_or(8) as u8, ranks as u8, pieces))
}

/// The second field: `w` or `b`.
fn side_to_move(field: &str) -> Result<Color, FenError> {
    match field {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        other => Err(field_err(
            2,
            "side to move",
            format!("'{other}' is neither 'w' nor 'b'"),
        )),
    }
}

/// The third field: `-` or some of `KQkq`.
fn castling(field: &str) -> Result<CastlingRights, FenError> {
    let mut castling = CastlingRights::default();
    if field == "-" {
        return Ok(castling);
    }
    for ch in field.chars() {
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
    Ok(castling)
}

/// What the seventh field says about each cell of the fog zone.
#[derive(Default)]
struct Minefield {
    zone: SquareSet,
    fog: SquareSet,
    mines: SquareSet,
    swept: SquareSet,
    unknown: SquareSet,
}

impl Minefield {
    /// Records cell `sq` written as `c`; false for a letter that is no cell.
    fn mark(&mut self, sq: Square, c: char) -> bool {
        let (fog, mine, swept, unknown) = match c {
            'f' => (true, false, false, false),
            'x' => (true, true, false, false),
            'o' => (false, false, false, false),
            'X' => (false, true, false, false),
            's' => (true, false, true, false),
            '?' => (true, false, false, true),
            _ => return false,
        };
        for (set, on) in [
            (&mut self.fog, fog),
            (&mut self.mines, mine),
            (&mut self.swept, swept),
            (&mut self.unknown, unknown),
            (&mut self.zone, true),
        ] {
            if on {
                set.insert(sq);
            }
        }
        true
    }
}

/// The seventh field, for a board of `files` × `ranks`.
fn minefield(field: &str, files: u8, ranks: u8) -> Result<Minefield, FenError> {
    let bad = |p: String| field_err(7, "minefield", p);
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != ranks as usize {
        return Err(bad(format!(
            "{} ranks but the board has {ranks}",
            rows.len()
        )));
    }
    let mut out = Minefield::default();
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i as u8;
        let mut file = 0u32;
        for t in rank_tokens(row).map_err(|e| bad(e.to_string()))? {
            match t {
                RankToken::Run(n) => file = file.saturating_add(n),
                RankToken::Letter(c) => {
                    if file < files as u32 && !out.mark(Square::new(file as u8, rank), c) {
                        return Err(bad(format!(
                            "'{c}' in rank {} is not one of f, x, o, X, s, ? or a number",
                            rank + 1
                        )));
                    }
                    file = file.saturating_add(1);
                }
            }
        }
        if file != files as u32 {
            return Err(bad(format!(
                "rank {} has {file} cells but the board has {files} files",
                rank + 1
            )));
        }
    }
    Ok(out)
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

/// A rank of a placement-like field with a run of zero empty cells.
#[derive(Debug)]
struct ZeroRun<'a> {
    /// The rank's text.
    rank: &'a str,
}

impl std::fmt::Display for ZeroRun<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "empty run of 0 cells in '{}'", self.rank)
    }
}

impl std::error::Error for ZeroRun<'_> {}

/// Splits one rank of a placement-like field into tokens: a run of empty
/// cells (a number, possibly more than one digit) or a single letter.
fn rank_tokens(rank: &str) -> Result<Vec<RankToken>, ZeroRun<'_>> {
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
                return Err(ZeroRun { rank });
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
