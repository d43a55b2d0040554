//! Exact mine probabilities from what a player sees.
//!
//! The input is a [`PublicPosition`]: fogged cells, discovered mines, the
//! revealed counts and the mine counter; it has no field for the hidden
//! layout. Every layout consistent with the counts and the counter is
//! weighed equally, as the best Minesweeper solvers do: fogged cells next to
//! a revealed count ("frontier") are enumerated per independent group, the
//! groups are combined over their mine totals, and the remaining mines are
//! spread evenly over the unconstrained fogged cells.

use std::collections::BTreeMap;

use super::position::PublicPosition;
use super::square::{Square, SquareSet};

/// Above this many frontier cells in one group, enumeration is refused
/// (2^cells layouts in the worst case); callers fall back to the average.
pub const MAX_GROUP: usize = 26;

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

fn binomial(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    let k = k.min(n - k);
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

use super::deal::{Constraint, constraints};

/// Per-group enumeration: for each mine total, the number of layouts and,
/// per cell, the number of those layouts with a mine there.
type GroupTable = BTreeMap<usize, (f64, Vec<f64>)>;

fn enumerate_group(cells: &[usize], constraints: &[&Constraint]) -> GroupTable {
    let n = cells.len();
    let index = |c: usize| cells.iter().position(|&x| x == c).unwrap_or(usize::MAX);
    let cons: Vec<(Vec<usize>, usize)> = constraints
        .iter()
        .map(|c| (c.cells.iter().map(|&x| index(x)).collect(), c.need))
        .collect();
    let mut table: GroupTable = BTreeMap::new();
    let mut assign = vec![false; n];
    fn rec(i: usize, assign: &mut Vec<bool>, cons: &[(Vec<usize>, usize)], table: &mut GroupTable) {
        // Prune: every constraint must still be satisfiable.
        for (cells, want) in cons {
            let mut set = 0;
            let mut open = 0;
            for &c in cells {
                if c < i {
                    set += assign[c] as usize;
                } else {
                    open += 1;
                }
            }
            if set > *want || set + open < *want {
                return;
            }
        }
        if i == assign.len() {
            let k = assign.iter().filter(|&&b| b).count();
            let entry = table
                .entry(k)
                .or_insert_with(|| (0.0, vec![0.0; assign.len()]));
            entry.0 += 1.0;
            for (j, &b) in assign.iter().enumerate() {
                if b {
                    entry.1[j] += 1.0;
                }
            }
            return;
        }
        for v in [false, true] {
            assign[i] = v;
            rec(i + 1, assign, cons, table);
        }
        assign[i] = false;
    }
    rec(0, &mut assign, &cons, &mut table);
    table
}

/// Exact probabilities for every fogged cell, or `None` when a constraint
/// group is too large to enumerate or nothing is consistent (which a legal
/// game never produces).
pub fn mine_odds(public: &PublicPosition) -> Option<MineOdds> {
    let pos = public.position();
    let hidden = public.hidden_mines() as usize;
    if pos.unknown_cells().is_empty() {
        return Some(MineOdds {
            cells: Vec::new(),
            layouts: 1.0,
        });
    }
    // The same constraints the re-deal uses: swept cells are known empty.
    let mut setup = pos.to_setup();
    setup.unknown = None;
    let (fog, constraints) = constraints(&setup, &pos.unknown_cells(), public.counts()).ok()?;
    // Group frontier cells linked by shared constraints (union-find).
    let mut parent: Vec<usize> = (0..fog.len()).collect();
    fn find(p: &mut [usize], x: usize) -> usize {
        let mut r = x;
        while p[r] != r {
            r = p[r];
        }
        let mut y = x;
        while p[y] != r {
            let next = p[y];
            p[y] = r;
            y = next;
        }
        r
    }
    let mut frontier = SquareSet::EMPTY;
    for c in &constraints {
        for &i in &c.cells {
            frontier.insert(fog[i]);
            let (a, b) = (find(&mut parent, c.cells[0]), find(&mut parent, i));
            parent[a] = b;
        }
    }
    let mut groups: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (i, s) in fog.iter().enumerate() {
        if frontier.contains(*s) {
            let root = find(&mut parent, i);
            groups.entry(root).or_default().push(i);
        }
    }
    let interior: Vec<usize> = (0..fog.len())
        .filter(|&i| !frontier.contains(fog[i]))
        .collect();
    let mut tables = Vec::new();
    for cells in groups.values() {
        if cells.len() > MAX_GROUP {
            return None;
        }
        let root = find(&mut parent, cells[0]);
        let cons: Vec<&Constraint> = constraints
            .iter()
            .filter(|c| find(&mut parent, c.cells[0]) == root)
            .collect();
        let t = enumerate_group(cells, &cons);
        if t.is_empty() {
            return None;
        }
        tables.push((cells.clone(), t));
    }
    // Combine groups over their totals: ways[k] = layouts of all groups
    // with k mines in total.
    let mut ways: BTreeMap<usize, f64> = BTreeMap::from([(0, 1.0)]);
    for (_, t) in &tables {
        let mut next = BTreeMap::new();
        for (&a, &wa) in &ways {
            for (&b, (wb, _)) in t {
                *next.entry(a + b).or_insert(0.0) += wa * wb;
            }
        }
        ways = next;
    }
    let u = interior.len();
    let weight_of_total = |k: usize| -> f64 {
        if k > hidden || hidden - k > u {
            0.0
        } else {
            binomial(u, hidden - k)
        }
    };
    let total: f64 = ways.iter().map(|(&k, &w)| w * weight_of_total(k)).sum();
    if total <= 0.0 {
        return None;
    }
    let mut prob = vec![0.0; fog.len()];
    // Interior: expected share of the leftover mines.
    if u > 0 {
        let expected: f64 = ways
            .iter()
            .map(|(&k, &w)| w * weight_of_total(k) * (hidden.saturating_sub(k)) as f64 / u as f64)
            .sum::<f64>()
            / total;
        for &i in &interior {
            prob[i] = expected;
        }
    }
    // Frontier: for each group, combine it with every other group.
    for (gi, (cells, table)) in tables.iter().enumerate() {
        let mut others: BTreeMap<usize, f64> = BTreeMap::from([(0, 1.0)]);
        for (gj, (_, t)) in tables.iter().enumerate() {
            if gi == gj {
                continue;
            }
            let mut next = BTreeMap::new();
            for (&a, &wa) in &others {
                for (&b, (wb, _)) in t {
                    *next.entry(a + b).or_insert(0.0) += wa * wb;
                }
            }
            others = next;
        }
        for (&k, (_, per_cell)) in table {
            let outside: f64 = others
                .iter()
                .map(|(&o, &w)| w * weight_of_total(k + o))
                .sum();
            for (j, &hits) in per_cell.iter().enumerate() {
                prob[cells[j]] += hits * outside / total;
            }
        }
    }
    Some(MineOdds {
        cells: fog.iter().copied().zip(prob).collect(),
        layouts: total,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Position, RuleSet, Variant, fen};

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
        let m = crate::rules::notation::parse_move(&p, "e2e4").unwrap();
        p.play(m);
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
