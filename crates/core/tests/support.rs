//! Helpers shared by the core's tests and the game's (which include this
//! file by path): squares by name and positions with mines.

#![allow(dead_code)]

use minesweeper_core::chess::{Position, RuleSet, Setup, Square, SquareSet, fen};

pub fn sq(name: &str) -> Square {
    Square::parse(name).expect("valid square")
}

pub fn set(names: &[&str]) -> SquareSet {
    names.iter().map(|n| sq(n)).collect()
}

/// A position from FEN piece placement with the classic fog zone (ranks
/// 4–7), the given mines, and fog everywhere in the zone except on pieces and
/// on `open` cells.
pub fn with_mines(fen_text: &str, mines: &[&str], open: &[&str]) -> Position {
    let mut s: Setup = fen::parse_setup(fen_text).expect("test FEN parses");
    s.zone = (3..7)
        .flat_map(|r| (0..s.files).map(move |f| Square::new(f, r)))
        .collect();
    let occupied: SquareSet = s.pieces.iter().map(|(q, _)| *q).collect();
    s.fog = s.zone.difference(&occupied).difference(&set(open));
    s.mines = set(mines);
    let rules = RuleSet::standard(s.files, s.ranks);
    Position::from_setup(s, rules).expect("test position is legal")
}
