//! Writing FEN: the six standard fields, the minefield and the hidden
//! mines of a public FEN.

use crate::chess::color::Color;
use crate::chess::position::Position;
use crate::chess::square::Square;
use crate::chess::square_set::SquareSet;
use crate::chess::variant::Wing;

/// `pos` as FEN with the cells of `unknown` written as `?`.
pub(super) fn write(pos: &Position, unknown: &SquareSet) -> String {
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

/// The eighth field: the hidden mines and the counts that are not 0.
pub(super) fn push_hidden(s: &mut String, hidden: u8, counts: &[(Square, u8)]) {
    s.push_str(&format!(" {hidden}"));
    let mut sep = ':';
    for (sq, n) in counts.iter().filter(|c| c.1 > 0) {
        s.push(sep);
        s.push_str(&format!("{sq}={n}"));
        sep = ',';
    }
}

/// The seventh field, when the board has a fog zone.
pub(super) fn push_minefield(s: &mut String, pos: &Position, unknown: &SquareSet) {
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
pub(super) fn minefield_free(pos: &Position) -> String {
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

/// A position prints as its FEN (the whole truth: for tests and logs).
impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", super::to_fen(self))
    }
}
