//! Exact mine probabilities from what a player sees.
//!
//! The input is a [`PublicPosition`]: fogged cells, swept cells, discovered
//! mines, the revealed counts and the mine counter; it has no field for the
//! hidden layout. Every layout consistent with the counts and the counter is
//! weighed equally, as the best Minesweeper solvers do. The layouts are the
//! ones the re-deal draws from ([`super::deal::LayoutSpace`]): the chance of
//! a cell is the number of layouts with a mine there over the number of all
//! layouts, both counted exactly.

use super::deal::LayoutSpace;
use super::position::PublicPosition;
use super::square::Square;

/// The chance that each unknown cell (fogged, not swept) hides a mine.
#[derive(Clone, Debug, PartialEq)]
pub struct MineOdds {
    /// `(cell, probability)` for every unknown cell, in square order.
    pub cells: Vec<(Square, f64)>,
    /// Number of layouts consistent with what is seen (as a float: it can
    /// be astronomically large).
    pub layouts: f64,
}

impl MineOdds {
    /// The probability for one cell (0 for cells not under fog or swept).
    pub fn at(&self, sq: Square) -> f64 {
        self.cells
            .iter()
            .find(|(s, _)| *s == sq)
            .map_or(0.0, |(_, p)| *p)
    }
}

/// Exact probabilities for every unknown cell, or `None` when the layouts
/// are too many to count or none is consistent (which a legal game never
/// produces).
pub fn mine_odds(public: &PublicPosition) -> Option<MineOdds> {
    let space = LayoutSpace::of_public(public).ok()?;
    let total = space.count()?;
    if total <= 0.0 {
        return None;
    }
    let mut cells = Vec::with_capacity(space.cells().len());
    for (i, &sq) in space.cells().iter().enumerate() {
        let mined = space.forcing(i).count()?;
        cells.push((sq, mined / total));
    }
    Some(MineOdds {
        cells,
        layouts: total,
    })
}

/// The chance of a mine the mover faced with move `m`, played from the
/// board `before` as the players saw it: for a piece landing on a fogged,
/// unswept cell, that cell's odds then; `None` for any other move (a
/// sweep, a step onto open ground) or when the layouts are too many to
/// count.
pub fn step_odds(before: &PublicPosition, m: super::position::Move) -> Option<f64> {
    let pos = before.position();
    let unknown = pos.fog().contains(m.to) && !pos.swept().contains(m.to);
    if !unknown || m.kind == super::position::MoveKind::Sapper {
        return None;
    }
    mine_odds(before).map(|o| o.at(m.to))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Position, RuleSet, SquareSet, Variant, fen};

    /// Brute force: every layout of the hidden mines in the fog that matches
    /// every revealed count.
    fn brute(public: &PublicPosition, truth: &Position) -> Vec<(Square, f64)> {
        let pos = public.position();
        let fog: Vec<Square> = pos.fog().iter().collect();
        let hidden = public.hidden_mines() as u32;
        let mut hits = vec![0u64; fog.len()];
        let mut total = 0u64;
        for mask in 0u64..(1u64 << fog.len()) {
            if mask.count_ones() != hidden {
                continue;
            }
            let mut setup = truth.to_setup();
            setup.mines = *pos.mines();
            for (i, s) in fog.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    setup.mines.insert(*s);
                }
            }
            let Ok(candidate) = Position::from_setup(setup, *truth.rules()) else {
                continue;
            };
            if truth
                .squares()
                .all(|s| truth.revealed_count(s) == candidate.revealed_count(s))
            {
                total += 1;
                for (i, _) in fog.iter().enumerate() {
                    if mask >> i & 1 == 1 {
                        hits[i] += 1;
                    }
                }
            }
        }
        fog.iter()
            .zip(hits)
            .map(|(s, h)| (*s, h as f64 / total as f64))
            .collect()
    }

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn a_step_into_the_fog_faced_the_odds_of_its_cell_then() {
        let mines: SquareSet = ["a5", "c6", "h4", "f7"]
            .iter()
            .map(|n| Square::parse(n).unwrap())
            .collect();
        let start = Position::new(&Variant::classic(), mines).unwrap();
        let seen = start.public_view();
        let legal = start.legal_moves();
        let find = |text: &str| *legal.iter().find(|m| m.to_string() == text).unwrap();
        // Nothing is known yet: 4 mines in 32 fogged cells.
        let odds = step_odds(&seen, find("e2e4")).unwrap();
        assert!((odds - 4.0 / 32.0).abs() < 1e-12, "{odds}");
        // Open ground and a sweep face no mine.
        assert_eq!(step_odds(&seen, find("e2e3")), None);
        assert_eq!(step_odds(&seen, find("e2e3*")), None);
        // The odds come from what was seen: the same for another layout
        // that shows the same.
        let other = Position::new(
            &Variant::classic(),
            ["b5", "c6", "h4", "f7"]
                .iter()
                .map(|n| Square::parse(n).unwrap())
                .collect(),
        )
        .unwrap();
        assert_eq!(step_odds(&other.public_view(), find("e2e4")), Some(odds));
    }

    #[test]
    fn matches_brute_force_on_small_boards() {
        // A 6×6 board, fog on ranks 3–4 (12 cells), cases with counts.
        for fen_text in [
            "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 6/6/xfffff/ffffxf/6/6",
            "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 6/6/xooooo/offfxf/6/6",
            "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 6/6/ffoxff/fxoooo/6/6",
            "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 6/6/xfoffo/fxooxf/6/6",
            "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 6/6/ooXfff/ffooff/6/6",
        ] {
            let truth = fen::parse_standard(fen_text).unwrap();
            let public = truth.public_view();
            let odds = mine_odds(&public).unwrap_or_else(|| panic!("{fen_text}"));
            let want = brute(&public, &truth);
            assert_eq!(odds.cells.len(), want.len());
            for ((s, p), (s2, q)) in odds.cells.iter().zip(&want) {
                assert_eq!(s, s2);
                assert!((p - q).abs() < 1e-9, "{fen_text}: {s} {p} vs {q}");
            }
            let sum: f64 = odds.cells.iter().map(|(_, p)| p).sum();
            assert!((sum - public.hidden_mines() as f64).abs() < 1e-9);
        }
    }

    #[test]
    fn the_start_is_uniform_and_zero_counts_clear_neighbours() {
        let v = Variant::classic();
        let mines: SquareSet = [sq("a7"), sq("b7"), sq("g7"), sq("h7")]
            .into_iter()
            .collect();
        let start = Position::new(&v, mines).unwrap();
        let odds = mine_odds(&start.public_view()).unwrap();
        for (_, p) in &odds.cells {
            assert!((p - 4.0 / 32.0).abs() < 1e-12);
        }
        let mut p = start.clone();
        let m = crate::chess::notation::parse_move(&p, "e2e4").unwrap();
        p.play_unchecked(m);
        let public = p.public_view();
        let odds = mine_odds(&public).unwrap();
        assert_eq!(odds.at(sq("e4")), 0.0, "revealed cells are not fogged");
        let mut cleared = 0;
        for s in p.squares() {
            if p.revealed_count(s) == Some(0) {
                for n in s.neighbours(p.files(), p.ranks()) {
                    if p.fog().contains(n) {
                        assert_eq!(odds.at(n), 0.0, "{n} touches a zero at {s}");
                        cleared += 1;
                    }
                }
            }
        }
        assert!(cleared > 0);
        let sum: f64 = odds.cells.iter().map(|(_, p)| p).sum();
        assert!((sum - 4.0).abs() < 1e-9);
        let _ = RuleSet::standard(8, 10);
    }
}
