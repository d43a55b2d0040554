//! Move notation: coordinate (`e2e4`, `e9e10q`, `e2e3*`) and SAN (`Nf3`,
//! `exd5`, `e10=Q`, `O-O`, and `e2*` for the sapper action).

use std::fmt;

use super::position::{Move, MoveKind, Outcome, Position, WinReason};
use super::role::Role;
use super::square::Square;
use super::variant::Wing;

/// A move text that does not name a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text is not a move in either notation.
    Syntax(String),
    /// The text names a move that is not legal here.
    Illegal(String),
    /// The SAN matches more than one legal move.
    Ambiguous(String),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Syntax(s) => write!(f, "'{s}' is not a move (try e2e4, Nf3 or e2*)"),
            NotationError::Illegal(s) => write!(f, "'{s}' is not a legal move here"),
            NotationError::Ambiguous(s) => write!(f, "'{s}' could mean more than one move"),
        }
    }
}

impl std::error::Error for NotationError {}

/// SAN without the check suffix, judged against the legal moves of `pos`.
pub fn san_base(pos: &Position, m: Move, legal: &[Move]) -> String {
    let piece = match pos.piece_at(m.from) {
        Some(p) => p,
        None => return m.to_string(),
    };
    match m.kind {
        MoveKind::Castle(Wing::King) => return "O-O".into(),
        MoveKind::Castle(Wing::Queen) => return "O-O-O".into(),
        MoveKind::Sapper => return format!("{}*", m.from),
        _ => {}
    }
    let capture = pos.piece_at(m.to).is_some();
    let mut s = String::new();
    if piece.role == Role::Pawn {
        if capture {
            s.push((b'a' + m.from.file()) as char);
            s.push('x');
        }
        s.push_str(&m.to.to_string());
        if let MoveKind::Promotion(r) = m.kind {
            s.push('=');
            s.push(r.char().to_ascii_uppercase());
        }
        return s;
    }
    s.push(piece.role.char().to_ascii_uppercase());
    let rivals: Vec<Square> = legal
        .iter()
        .filter(|o| {
            o.to == m.to
                && o.from != m.from
                && matches!(o.kind, MoveKind::Normal)
                && pos.piece_at(o.from) == Some(piece)
        })
        .map(|o| o.from)
        .collect();
    if !rivals.is_empty() {
        let file_unique = rivals.iter().all(|r| r.file() != m.from.file());
        let rank_unique = rivals.iter().all(|r| r.rank() != m.from.rank());
        if file_unique {
            s.push((b'a' + m.from.file()) as char);
        } else if rank_unique {
            s.push_str(&(m.from.rank() + 1).to_string());
        } else {
            s.push_str(&m.from.to_string());
        }
    }
    if capture {
        s.push('x');
    }
    s.push_str(&m.to.to_string());
    s
}

/// Full SAN for `m` played in `pos`, with `+` or `#` judged on the position
/// after the move (`after`), which is public once the move has been made.
pub fn san_with_suffix(pos: &Position, m: Move, after: &Position) -> String {
    let mut s = san_base(pos, m, &pos.legal_moves());
    match after.outcome() {
        Some(Outcome::Decisive {
            reason: WinReason::Checkmate,
            ..
        }) => s.push('#'),
        _ if after.in_check() => s.push('+'),
        _ => {}
    }
    s
}

/// Parses coordinate notation (`e2e4`, `e9e10q`, `e1g1`, `e2e3*`, `e2*`).
///
/// # Errors
/// [`NotationError`] when the text is malformed or the move illegal.
pub fn parse_coordinate(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let t = text.trim();
    let syntax = || NotationError::Syntax(t.to_string());
    let (body, sapper) = match t.strip_suffix('*') {
        Some(b) => (b, true),
        None => (t, false),
    };
    // Split into squares: letter + digits, letter + digits, optional role.
    let mut squares = Vec::new();
    let mut rest = body;
    while let Some(c) = rest.chars().next() {
        if !c.is_ascii_lowercase() {
            break;
        }
        let digits = rest[1..].bytes().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 {
            break;
        }
        let sq = Square::parse(&rest[..1 + digits]).ok_or_else(syntax)?;
        squares.push(sq);
        rest = &rest[1 + digits..];
        if squares.len() == 2 {
            break;
        }
    }
    let promo = match rest {
        "" => None,
        r if r.chars().count() == 1 => Some(
            Role::from_char(r.chars().next().unwrap_or(' '))
                .filter(|r| *r != Role::Pawn && *r != Role::King)
                .ok_or_else(syntax)?,
        ),
        _ => return Err(syntax()),
    };
    if squares.is_empty() || (!sapper && squares.len() != 2) {
        return Err(syntax());
    }
    let legal = pos.legal_moves();
    let found = legal.iter().copied().find(|m| {
        if sapper {
            return m.kind == MoveKind::Sapper
                && m.from == squares[0]
                && (squares.len() == 1 || m.to == squares[1]);
        }
        if squares.len() != 2 || m.from != squares[0] || m.to != squares[1] {
            return false;
        }
        match (m.kind, promo) {
            (MoveKind::Promotion(r), Some(p)) => r == p,
            (MoveKind::Promotion(_), None) => false,
            (MoveKind::Normal | MoveKind::Castle(_), None) => true,
            _ => false,
        }
    });
    found.ok_or_else(|| NotationError::Illegal(t.to_string()))
}

/// Parses SAN (`Nf3`, `exd5`, `e10=Q`, `O-O`, `e2*`); check marks are ignored.
///
/// # Errors
/// [`NotationError`] when no legal move or several match.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let t = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let t0 = t.replace('0', "O");
    let legal = pos.legal_moves();
    let matches: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| {
            let base = san_base(pos, m, &legal);
            base == t || base == t0 || base.replace('x', "") == t.replace('x', "")
        })
        .collect();
    match matches.len() {
        1 => Ok(matches[0]),
        0 if t.is_empty() => Err(NotationError::Syntax(text.to_string())),
        // `Nd2` where two knights may go: the SAN needs the one it means.
        0 if reaches(pos, &legal, t) > 1 => Err(NotationError::Ambiguous(text.trim().to_string())),
        0 => Err(NotationError::Illegal(text.trim().to_string())),
        _ => Err(NotationError::Ambiguous(text.trim().to_string())),
    }
}

/// How many legal moves of the piece `t` names (`Nd2`, `Rxe5`: a role
/// letter and a square, no disambiguation) go to its square.
fn reaches(pos: &Position, legal: &[Move], t: &str) -> usize {
    let mut chars = t.chars();
    let role = chars
        .next()
        .filter(char::is_ascii_uppercase)
        .and_then(Role::from_char);
    let to = Square::parse(&chars.as_str().replace('x', ""));
    let (Some(role), Some(to)) = (role, to) else {
        return 0;
    };
    legal
        .iter()
        .filter(|m| m.to == to && m.kind != MoveKind::Sapper)
        .filter(|m| pos.piece_at(m.from).is_some_and(|p| p.role == role))
        .count()
}

/// Parses a move in either notation.
///
/// # Errors
/// The SAN error when neither notation names a legal move.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    parse_coordinate(pos, text).or_else(|_| parse_san(pos, text))
}

/// A SAN move with other piece letters (king, queen, rook, bishop,
/// knight), for a move list in the player's language: `Nf3` with the
/// Ukrainian letters is `Кf3`, `e10=Q` is `e10=Ф`. Files, ranks, `O-O`,
/// `x`, `+`, `#` and the sweep mark `*` stay as they are.
pub fn with_letters(san: &str, letters: &[&str; 5]) -> String {
    let letter = |c: char| "KQRBN".find(c).map(|i| letters[i]);
    let mut out = String::with_capacity(san.len() + 2);
    let mut after_equals = false;
    for (i, c) in san.chars().enumerate() {
        match letter(c) {
            Some(l) if i == 0 || after_equals => out.push_str(l),
            _ => out.push(c),
        }
        after_equals = c == '=';
    }
    out
}

/// SAN written with other piece letters read back into K Q R B N: the
/// inverse of [`with_letters`]. At the start and after `=`, the longest
/// letter that fits wins (the Ukrainian king `Кр` before the knight `К`);
/// anything else is kept as it is.
pub fn from_letters(text: &str, letters: &[&str; 5]) -> String {
    let mut order: Vec<(char, &str)> = "KQRBN"
        .chars()
        .zip(letters.iter().copied())
        .filter(|(_, l)| !l.is_empty())
        .collect();
    order.sort_by_key(|(_, l)| std::cmp::Reverse(l.chars().count()));
    let mut out = String::with_capacity(text.len());
    let mut rest = text.trim();
    let mut piece_here = true;
    while let Some(c) = rest.chars().next() {
        if piece_here && let Some((k, l)) = order.iter().find(|(_, l)| rest.starts_with(l)) {
            out.push(*k);
            rest = &rest[l.len()..];
            piece_here = false;
            continue;
        }
        out.push(c);
        piece_here = c == '=';
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// A move a player typed: SAN or coordinates, with the piece letters of
/// their move list (`letters`, tried first when `local_first`) or the
/// international ones. Errors quote the text as typed.
///
/// # Errors
/// [`NotationError`] when neither reading names one legal move: the more
/// telling error (illegal or ambiguous before "not a move").
pub fn parse_typed(
    pos: &Position,
    text: &str,
    letters: &[&str; 5],
    local_first: bool,
) -> Result<Move, NotationError> {
    let typed = text.trim();
    let local = from_letters(typed, letters);
    let (first, second) = if local_first {
        (local.as_str(), typed)
    } else {
        (typed, local.as_str())
    };
    let quoted = |e: NotationError| match e {
        NotationError::Syntax(_) => NotationError::Syntax(typed.to_string()),
        NotationError::Illegal(_) => NotationError::Illegal(typed.to_string()),
        NotationError::Ambiguous(_) => NotationError::Ambiguous(typed.to_string()),
    };
    let a = match parse_move(pos, first) {
        Ok(m) => return Ok(m),
        Err(e) => e,
    };
    if first == second {
        return Err(quoted(a));
    }
    match parse_move(pos, second) {
        Ok(m) => Ok(m),
        Err(b) if matches!(a, NotationError::Syntax(_)) => Err(quoted(b)),
        Err(_) => Err(quoted(a)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::fen::parse_standard;

    #[test]
    fn san_and_coordinates() {
        // With a mine hidden (the sapper action is a pass only then).
        let p = parse_standard(
            "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 8/8/8/ffffffff/ffxfffff/ffffffff/ffffffff/8/8/8",
        )
        .unwrap();
        let m = parse_san(&p, "Nf3").unwrap();
        assert_eq!(m.to_string(), "g1f3");
        assert_eq!(parse_coordinate(&p, "e2e4").unwrap().to_string(), "e2e4");
        let s = parse_move(&p, "e2*").unwrap();
        assert_eq!(s.kind, MoveKind::Sapper);
        assert_eq!(san_base(&p, s, &p.legal_moves()), "e2*");
        assert_eq!(s.to_string(), "e2e3*");
        assert!(matches!(
            parse_move(&p, "e2e5"),
            Err(NotationError::Illegal(_))
        ));
        for junk in ["zz", "*", "", "e2e", "e99e100", "e2e4qq", "O-O-O-O", "é2é4"] {
            assert!(parse_move(&p, junk).is_err(), "{junk}");
        }
    }

    #[test]
    fn disambiguation_and_promotion() {
        let p = parse_standard("4k3/P7/8/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
        let legal = p.legal_moves();
        let m = parse_coordinate(&p, "a9a10q").unwrap();
        assert_eq!(san_base(&p, m, &legal), "a10=Q");
        let ooo = parse_san(&p, "O-O-O").unwrap();
        assert_eq!(ooo.to_string(), "e1c1");
        assert_eq!(san_base(&p, ooo, &legal), "O-O-O");
        let p = parse_standard("4k3/8/8/8/8/8/8/8/4K3/R6R w - - 0 1").unwrap();
        let m = parse_coordinate(&p, "a1d1").unwrap();
        assert_eq!(san_base(&p, m, &p.legal_moves()), "Rad1");
    }

    #[test]
    fn moves_read_in_other_letters() {
        let uk = ["Кр", "Ф", "Т", "С", "К"];
        assert_eq!(with_letters("Nf3", &uk), "Кf3");
        assert_eq!(with_letters("Kxe2+", &uk), "Крxe2+");
        assert_eq!(with_letters("e10=Q#", &uk), "e10=Ф#");
        assert_eq!(with_letters("Rbd1", &uk), "Тbd1");
        assert_eq!(with_letters("exd5", &uk), "exd5");
        assert_eq!(with_letters("O-O", &uk), "O-O");
        assert_eq!(with_letters("e2*", &uk), "e2*");
        let fr = ["R", "D", "T", "F", "C"];
        assert_eq!(with_letters("Bb5", &fr), "Fb5");
        assert_eq!(with_letters("Qh5", &fr), "Dh5");
    }

    #[test]
    fn typed_moves_in_every_language_s_letters() {
        let p = parse_standard(
            "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 8/8/8/ffffffff/ffxfffff/ffffffff/ffffffff/8/8/8",
        )
        .unwrap();
        let nf3 = parse_san(&p, "Nf3").unwrap();
        let en = ["K", "Q", "R", "B", "N"];
        let uk = ["Кр", "Ф", "Т", "С", "К"];
        let fr = ["R", "D", "T", "F", "C"];
        let da = ["K", "D", "T", "L", "S"];
        for (letters, knight) in [(&en, "Nf3"), (&uk, "Кf3"), (&fr, "Cf3"), (&da, "Sf3")] {
            assert_eq!(
                parse_typed(&p, knight, letters, true).unwrap(),
                nf3,
                "{knight}"
            );
            // The international letters work whatever the list shows.
            assert_eq!(parse_typed(&p, "Nf3", letters, true).unwrap(), nf3);
        }
        assert_eq!(from_letters("Крe2", &uk), "Ke2");
        assert_eq!(from_letters("e10=Ф", &uk), "e10=Q");
        assert_eq!(from_letters("exd5", &fr), "exd5");
        // Coordinates and the sweep as the game writes them.
        assert_eq!(
            parse_typed(&p, " e2e4 ", &fr, true).unwrap().to_string(),
            "e2e4"
        );
        assert_eq!(
            parse_typed(&p, "e2*", &uk, true).unwrap().kind,
            MoveKind::Sapper
        );
        // Errors quote what was typed.
        assert_eq!(
            parse_typed(&p, "Кf5", &uk, true),
            Err(NotationError::Illegal("Кf5".into()))
        );
        assert_eq!(
            parse_typed(&p, "hello", &fr, true),
            Err(NotationError::Illegal("hello".into()))
        );
        // French R is the king in the list's letters, the rook otherwise.
        let q = parse_standard("4k3/8/8/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        let king = parse_typed(&q, "Rd1", &fr, true).unwrap();
        assert_eq!(king.from.to_string(), "e1");
        let rook = parse_typed(&q, "Rd1", &fr, false).unwrap();
        assert_eq!(rook.from.to_string(), "a1");
        // Two knights reach d2: ambiguous in either letters.
        let n = parse_standard("4k3/8/8/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
        let r = parse_typed(&n, "Sd2", &da, true);
        assert!(matches!(r, Err(NotationError::Ambiguous(_))), "{r:?}");
    }
}
