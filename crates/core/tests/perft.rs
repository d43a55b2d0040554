//! Data-driven perft: `tests/data/perft.txt`.

use minesweeper_core::chess::{
    Position, PublicPosition, RuleSet, Square, Unknown, fen, perft::perft,
};

/// The position as a player sees it while a mine is hidden: every empty
/// cell under fog, one mine somewhere in it. A public position, so no blast
/// goes off in the tree and the sapper action is a pass at every node.
fn hidden_mine(fen_text: &str) -> Position {
    let mut s = fen::parse_setup(fen_text).expect("perft FEN parses");
    let occupied: Vec<Square> = s.pieces.iter().map(|(q, _)| *q).collect();
    s.zone = (0..s.ranks)
        .flat_map(|r| (0..s.files).map(move |f| Square::new(f, r)))
        .filter(|q| !occupied.contains(q))
        .collect();
    s.fog = s.zone;
    s.unknown = Some(Unknown {
        cells: s.fog,
        mines: 1,
        counts: Vec::new(),
    });
    let rules = RuleSet::standard(s.files, s.ranks);
    PublicPosition::from_setup(s, rules)
        .expect("a public position")
        .position()
        .clone()
}

struct Case {
    name: String,
    fen: String,
    chess: Vec<(u32, u64)>,
    sapper: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    for (n, line) in include_str!("data/perft.txt").lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let pair = || -> (u32, u64) {
            let mut it = rest.split_whitespace();
            let d = it.next().and_then(|d| d.parse().ok());
            let c = it.next().and_then(|c| c.parse().ok());
            d.zip(c)
                .unwrap_or_else(|| panic!("perft.txt:{}: bad line", n + 1))
        };
        match key {
            "name" => out.push(Case {
                name: rest.to_string(),
                fen: String::new(),
                chess: vec![],
                sapper: vec![],
            }),
            "fen" => out.last_mut().expect("name first").fen = rest.to_string(),
            "chess" => out.last_mut().expect("name first").chess.push(pair()),
            "sapper" => out.last_mut().expect("name first").sapper.push(pair()),
            other => panic!("perft.txt:{}: unknown key {other}", n + 1),
        }
    }
    out
}

#[test]
fn perft_matches_the_reference_counts() {
    let cases = cases();
    assert!(cases.len() >= 10, "at least ten positions");
    for c in &cases {
        let pos = fen::parse_standard(&c.fen).unwrap_or_else(|e| panic!("{}: {e}", c.name));
        let chess = pos.without_sapper();
        for &(d, want) in &c.chess {
            assert_eq!(perft(&chess, d), want, "{} chess depth {d}", c.name);
            // No fog, no hidden mine: standard chess even with the sapper
            // rule on (Decision 8).
            if d <= 3 {
                assert_eq!(perft(&pos, d), want, "{} after the lift, depth {d}", c.name);
            }
        }
        let hidden = hidden_mine(&c.fen);
        for &(d, want) in &c.sapper {
            assert_eq!(perft(&hidden, d), want, "{} sapper depth {d}", c.name);
        }
    }
}

#[test]
fn divide_sums_to_perft() {
    let pos = fen::parse_standard("r3k2r/8/8/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1").unwrap();
    let rows = minesweeper_core::chess::perft::divide(&pos, 3);
    assert_eq!(rows.iter().map(|(_, n)| n).sum::<u64>(), perft(&pos, 3));
}
