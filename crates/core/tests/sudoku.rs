//! Sweeper Sudoku (docs/rules.md §2): the generator, share codes, every rule of
//! the state machine on hand-made boards, the hint and rating, a soak of
//! random play, the presets and the `puzzle` command.

use std::collections::HashMap;

use minesweeper_core::sudoku::board::{Board, Card, neighbours};
use minesweeper_core::sudoku::deduce::{Seen, deduce};
use minesweeper_core::sudoku::game::{Action, CellState, Event, MineFate, PuzzleGame, Status};
use minesweeper_core::sudoku::grid::{Grid, block_shape};
use minesweeper_core::sudoku::preset::{self as sp, BUILTIN, PieceKind, Side, SudokuPreset};
use minesweeper_core::sudoku::{
    Hint, PublicView, generate, hint, merge_digits, parse_code, rate, share_code,
};
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

// ---------------------------------------------------------------- helpers

fn builtin(name: &str) -> SudokuPreset {
    let (file, text) = BUILTIN
        .iter()
        .find(|(f, _)| *f == name)
        .expect("a built-in preset");
    sp::parse(file, text).unwrap_or_else(|e| panic!("{e}"))
}

fn easy() -> SudokuPreset {
    builtin("easy_4x4.ron")
}

fn classic() -> SudokuPreset {
    builtin("classic_6x6.ron")
}

fn grand() -> SudokuPreset {
    builtin("grand_9x9.ron")
}

fn all_presets() -> [SudokuPreset; 3] {
    [easy(), classic(), grand()]
}

/// A solved 4×4 (2×2 blocks), row by row.
const G4: [u8; 16] = [
    1, 2, 3, 4, //
    3, 4, 1, 2, //
    2, 1, 4, 3, //
    4, 3, 2, 1,
];

/// A solved 6×6 (blocks of 2 rows × 3 columns), row by row.
const G6: [u8; 36] = [
    1, 2, 3, 4, 5, 6, //
    4, 5, 6, 1, 2, 3, //
    2, 3, 1, 5, 6, 4, //
    5, 6, 4, 2, 3, 1, //
    3, 1, 2, 6, 4, 5, //
    6, 4, 5, 3, 1, 2,
];

/// Cell index of (row, column) on a 6×6 board.
fn c6(r: usize, c: usize) -> usize {
    r * 6 + c
}

/// A card written like the `puzzle` command prints it: capital white,
/// small black, then the digit (`K3`, `n2`).
fn card(s: &str) -> Card {
    let mut ch = s.chars();
    let letter = ch.next().expect("a piece letter");
    let kind = match letter.to_ascii_uppercase() {
        'K' => PieceKind::King,
        'Q' => PieceKind::Queen,
        'R' => PieceKind::Rook,
        'B' => PieceKind::Bishop,
        'N' => PieceKind::Knight,
        other => panic!("no piece {other}"),
    };
    let side = if letter.is_ascii_uppercase() {
        Side::White
    } else {
        Side::Black
    };
    let digit = ch.as_str().parse().expect("a digit");
    Card { kind, side, digit }
}

fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(card).collect()
}

/// A hand-made board on a fixed grid: mines and starting open cells at the
/// given indices (no hidden counts), the deck in dealing order (the first
/// five cards are the hand).
fn hand_made(grid: &[u8], mines: &[usize], open: &[usize], deck: &str) -> Board {
    let size = (grid.len() as f64).sqrt() as u8;
    let grid = Grid {
        size,
        cells: grid.to_vec(),
    };
    assert!(grid.is_valid(), "the test grid is a sudoku");
    let n = grid.cells.len();
    let mut board = Board {
        grid,
        mines: vec![false; n],
        open: vec![false; n],
        hidden_count: vec![false; n],
        deck: cards(deck),
        seed: 0,
    };
    for &m in mines {
        board.mines[m] = true;
    }
    for &o in open {
        assert!(!board.mines[o], "open cells hold no mine");
        board.open[o] = true;
    }
    board
}

/// Plenty of cards, so that running out never ends a test by accident.
const MANY: &str = "K1 K1 K1 K1 K1 K1 K1 K1 K1 K1";

fn game4(mines: &[usize], open: &[usize], deck: &str) -> PuzzleGame {
    PuzzleGame::new(easy(), hand_made(&G4, mines, open, deck))
}

fn game6(mines: &[usize], open: &[usize], deck: &str) -> PuzzleGame {
    PuzzleGame::new(classic(), hand_made(&G6, mines, open, deck))
}

#[track_caller]
fn ok(g: &mut PuzzleGame, a: Action) -> Vec<Event> {
    g.apply(&a)
        .unwrap_or_else(|e| panic!("{a:?} was refused: {e}"))
}

/// Applies an action that must be refused and checks it changed nothing.
#[track_caller]
fn refused(g: &mut PuzzleGame, a: Action) -> String {
    let before = format!("{g:?}");
    let Err(why) = g.apply(&a) else {
        panic!("{a:?} should have been refused");
    };
    assert_eq!(format!("{g:?}"), before, "refusing {a:?} changed the game");
    why.to_string()
}

fn place(hand: usize, cell: usize) -> Action {
    Action::Place { hand, cell }
}

fn mv(from: usize, to: usize) -> Action {
    Action::Move { from, to }
}

fn jump(from: usize, to: usize) -> Action {
    Action::FlagJump { from, to }
}

fn points(ev: &[Event]) -> i32 {
    ev.iter()
        .map(|e| match e {
            Event::Points(p) => *p,
            _ => 0,
        })
        .sum()
}

fn sensor_at(g: &PuzzleGame, cell: usize) -> u8 {
    g.sensor(g.piece_at(cell).expect("a piece there"))
}

fn zone_at(g: &PuzzleGame, cell: usize) -> Vec<usize> {
    let mut z = g.zone(g.piece_at(cell).expect("a piece there"));
    z.sort_unstable();
    z
}

fn sorted(mut v: Vec<usize>) -> Vec<usize> {
    v.sort_unstable();
    v
}

/// Every row, column and block holds each digit once (written apart from
/// the game's own check).
fn is_sudoku(size: usize, cells: &[u8]) -> bool {
    let (br, bc) = match size {
        4 => (2, 2),
        6 => (2, 3),
        9 => (3, 3),
        _ => return false,
    };
    if cells.len() != size * size {
        return false;
    }
    let want: Vec<u8> = (1..=size as u8).collect();
    let check = |mut unit: Vec<u8>| {
        unit.sort_unstable();
        unit == want
    };
    (0..size).all(|r| check((0..size).map(|c| cells[r * size + c]).collect()))
        && (0..size).all(|c| check((0..size).map(|r| cells[r * size + c]).collect()))
        && (0..size / br).all(|bi| {
            (0..size / bc).all(|bj| {
                check(
                    (0..br)
                        .flat_map(|r| (0..bc).map(move |c| (bi * br + r) * size + bj * bc + c))
                        .map(|i| cells[i])
                        .collect(),
                )
            })
        })
}

// -------------------------------------------------------------- generator

#[test]
fn random_grids_are_solved_sudokus_of_every_size() {
    for size in [4u8, 6, 9] {
        for seed in 0..10_000u64 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let g = Grid::random(size, &mut rng).expect("sizes 4, 6 and 9 always fill");
            assert!(
                is_sudoku(size as usize, &g.cells),
                "size {size} seed {seed}: {:?}",
                g.cells
            );
        }
    }
    let mut rng = SmallRng::seed_from_u64(1);
    assert!(Grid::random(5, &mut rng).is_none(), "5 is no sudoku size");
}

#[test]
fn the_same_preset_and_seed_give_the_same_board() {
    for p in all_presets() {
        for seed in [0, 1, 7, 123_456, u64::MAX] {
            assert_eq!(generate(&p, seed), generate(&p, seed), "{}", p.file.name);
        }
        let distinct: std::collections::HashSet<Vec<u8>> =
            (0..20).map(|s| generate(&p, s).grid.cells).collect();
        assert!(distinct.len() >= 18, "seeds give different sudokus");
    }
}

#[test]
fn generated_boards_follow_their_preset() {
    for p in all_presets() {
        let f = &p.file;
        let n = f.size as usize;
        for seed in 0..300u64 {
            let b = generate(&p, seed);
            let what = format!("{} seed {seed}", f.name);
            assert_eq!(b.size(), n, "{what}");
            assert!(is_sudoku(n, &b.grid.cells), "{what}");
            let count = |v: &[bool]| v.iter().filter(|&&x| x).count();
            assert_eq!(count(&b.mines), f.mines as usize, "{what}: mines");
            assert_eq!(count(&b.open), f.givens as usize, "{what}: givens");
            assert_eq!(
                count(&b.hidden_count),
                f.hidden_counts as usize,
                "{what}: hidden counts"
            );
            for i in 0..n * n {
                assert!(!(b.open[i] && b.mines[i]), "{what}: a mine under a given");
                assert!(
                    !b.hidden_count[i] || b.open[i],
                    "{what}: a hidden count on a closed cell"
                );
            }
            // Givens are spread over the blocks: none starts blind.
            let mut per_block = vec![0usize; n];
            for i in (0..n * n).filter(|&i| b.open[i]) {
                per_block[Grid::block_of(f.size, i)] += 1;
            }
            let lo = f.givens as usize / n;
            assert!(
                per_block.iter().all(|&g| g == lo || g == lo + 1),
                "{what}: givens per block {per_block:?}"
            );
            // The deck: the preset's pieces, each with a digit on the board.
            assert_eq!(b.deck.len(), p.deck_size(), "{what}");
            let mut want: HashMap<(PieceKind, Side), usize> = HashMap::new();
            for e in &f.deck {
                *want.entry((e.piece, e.color)).or_default() += e.count as usize;
            }
            let mut got: HashMap<(PieceKind, Side), usize> = HashMap::new();
            for c in &b.deck {
                assert!((1..=f.size).contains(&c.digit), "{what}: card {c}");
                *got.entry((c.kind, c.side)).or_default() += 1;
            }
            assert_eq!(got, want, "{what}: deck");
            // A new game deals the hand from the front of the deck.
            let g = PuzzleGame::new(p.clone(), b.clone());
            assert_eq!(g.hand, b.deck[..f.hand as usize], "{what}");
            assert_eq!(g.deck.len(), b.deck.len() - f.hand as usize);
            assert_eq!((g.lives, g.score, g.status), (f.lives, 0, Status::Playing));
            // Open cells show their count, but for the hidden ones.
            let v = PublicView::of(&g);
            for i in 0..n * n {
                let want = (b.open[i] && !b.hidden_count[i]).then(|| b.count(i));
                let shown = match v.cells[i] {
                    Seen::Open { count, digit, .. } => {
                        assert_eq!(digit, b.grid.cells[i]);
                        count
                    }
                    _ => None,
                };
                assert_eq!(shown, want, "{what}: cell {i}");
                if b.open[i] {
                    let real = neighbours(n, i).filter(|&j| b.mines[j]).count() as u8;
                    assert_eq!(b.count(i), real);
                }
            }
            // The block totals a player sees are the real ones.
            for (blk, &m) in g.block_mines().iter().enumerate() {
                let real = (0..n * n)
                    .filter(|&i| b.mines[i] && Grid::block_of(f.size, i) == blk)
                    .count();
                assert_eq!(m as usize, real, "{what}: block {blk}");
            }
        }
    }
}

#[test]
fn share_codes_round_trip_and_catch_every_single_typo() {
    const ALPHABET: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    let mut rng = SmallRng::seed_from_u64(3);
    let mut seeds: Vec<u64> = vec![0, 1, 31, 32, 1023, 1024, u64::MAX];
    seeds.extend((0..200).map(|_| rng.random::<u64>() & 0x3FFF_FFFF));
    for tag in ["E4", "C6", "G9"] {
        for &seed in &seeds {
            let code = share_code(tag, seed);
            assert!(code.starts_with(&format!("{tag}-")), "{code}");
            assert_eq!(parse_code(&code), Ok((tag.to_string(), seed)), "{code}");
            assert_eq!(
                parse_code(&format!("  {}\n", code.to_lowercase())),
                Ok((tag.to_string(), seed)),
                "lowercase and spaces around are fine"
            );
            // O, I and L read as 0, 1 and 1 anywhere after the tag.
            let (head, body) = code.split_at(tag.len() + 1);
            for (from, to) in [('0', 'O'), ('0', 'o'), ('1', 'I'), ('1', 'l'), ('1', 'L')] {
                let typed = format!("{head}{}", body.replace(from, &to.to_string()));
                assert_eq!(
                    parse_code(&typed),
                    Ok((tag.to_string(), seed)),
                    "{typed} is {code}"
                );
            }
            // Any one character typed wrong is caught, check letter included.
            for (pos, orig) in body.char_indices() {
                for other in ALPHABET.chars().filter(|&c| c != orig) {
                    let mut typo = body.to_string();
                    typo.replace_range(pos..pos + 1, &other.to_string());
                    let typo = format!("{head}{typo}");
                    assert!(
                        parse_code(&typo).is_err(),
                        "{typo} (a typo of {code}) was accepted as {:?}",
                        parse_code(&typo)
                    );
                }
            }
        }
    }
    for bad in ["", "E4", "E4-", "-3K9QW", "E4-3", "E4-3U9QW", "E4-3K9Q W"] {
        assert!(parse_code(bad).is_err(), "{bad:?} is no code");
    }
}

// ------------------------------------------------------------------ merge

/// Steps round the circle 1..=n: start on `into` (the top digit standing
/// for 1) and walk `fed` steps on (again the top digit counting as 1).
fn walk(n: u8, into: u8, fed: u8) -> u8 {
    let one = |d: u8| if d == n { 1 } else { d };
    let mut at = one(into);
    for _ in 0..one(fed) {
        at = if at == n { 1 } else { at + 1 };
    }
    at
}

#[test]
fn merging_adds_digits_round_the_circle() {
    // Written out by hand: row = the card kept, column = the card fed.
    let t4: [[u8; 4]; 4] = [[2, 3, 4, 2], [3, 4, 1, 3], [4, 1, 2, 4], [2, 3, 4, 2]];
    let t6: [[u8; 6]; 6] = [
        [2, 3, 4, 5, 6, 2],
        [3, 4, 5, 6, 1, 3],
        [4, 5, 6, 1, 2, 4],
        [5, 6, 1, 2, 3, 5],
        [6, 1, 2, 3, 4, 6],
        [2, 3, 4, 5, 6, 2],
    ];
    for a in 1..=4u8 {
        for b in 1..=4u8 {
            assert_eq!(
                merge_digits(4, a, b),
                t4[a as usize - 1][b as usize - 1],
                "4×4: {b} fed to {a}"
            );
        }
    }
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            assert_eq!(
                merge_digits(6, a, b),
                t6[a as usize - 1][b as usize - 1],
                "6×6: {b} fed to {a}"
            );
        }
    }
    assert_eq!(merge_digits(6, 3, 3), 6, "the rule text: 3 + 3 → 6");
    assert_eq!(merge_digits(6, 3, 6), 4, "the rule text: 6 fed to 3 → 4");
    for n in [4u8, 6, 9] {
        for a in 1..=n {
            for b in 1..=n {
                let m = merge_digits(n, a, b);
                assert!((1..=n).contains(&m));
                assert_eq!(m, walk(n, a, b), "{n}×{n}: {b} fed to {a}");
                assert_eq!(m, merge_digits(n, b, a), "merging is symmetric");
            }
        }
        // The top digit counts as 1.
        for a in 1..=n {
            assert_eq!(merge_digits(n, a, n), merge_digits(n, a, 1));
        }
    }
    assert_eq!(merge_digits(9, 5, 4), 9);
    assert_eq!(merge_digits(9, 5, 5), 1);
    assert_eq!(merge_digits(9, 9, 9), 2);
}

#[test]
fn merging_in_the_hand_keeps_one_card_and_deals_a_new_one() {
    let mut g = game6(&[c6(5, 5)], &[], "K3 R3 N6 b3 K5 Q1 Q2");
    let ev = ok(&mut g, Action::Merge { into: 0, fed: 1 });
    assert_eq!(points(&ev), 0);
    assert_eq!(
        g.hand,
        cards("K6 Q1 N6 b3 K5"),
        "3 + 3 → 6; Q1 dealt in R3's slot"
    );
    ok(&mut g, Action::Merge { into: 3, fed: 2 });
    assert_eq!(g.hand, cards("K6 Q1 Q2 b4 K5"), "6 fed to 3 → 4");
    assert!(g.deck.is_empty());
    assert!(g.bench.is_empty() && g.destroyed.is_empty() && g.pieces.is_empty());
    assert_eq!(g.score, 0);
    refused(&mut g, Action::Merge { into: 1, fed: 1 });
    refused(&mut g, Action::Merge { into: 0, fed: 5 });
    // With the deck empty the hand shrinks.
    ok(&mut g, Action::Merge { into: 0, fed: 4 });
    assert_eq!(
        g.hand,
        cards("K6 Q1 Q2 b4"),
        "5 fed to 6 (counting as 1) → 6"
    );
}

// ---------------------------------------------------------------- placing

#[test]
fn the_right_digit_opens_the_cell_and_the_piece_stays_as_a_sensor() {
    // Cell 0 holds 1 and no mine; cell 5 (a neighbour) hides a mine.
    let mut g = game4(&[5, 15], &[], "K1 R2 N3 b4 K2 R3 N4");
    let ev = ok(&mut g, place(0, 0));
    assert!(ev.contains(&Event::Opened { cell: 0, digit: 1 }), "{ev:?}");
    assert!(
        matches!(
            ev.as_slice(),
            [.., Event::Placed { cell: 0, .. }, Event::Points(1)]
        ),
        "{ev:?}"
    );
    assert_eq!(g.cells[0].state, CellState::Open);
    let piece = g.piece_at(0).expect("the king stays on the cell");
    assert_eq!(piece.card, card("K1"));
    assert_eq!(g.sensor(piece), 1, "one mine around the white king");
    assert_eq!(g.score, 1, "opening a 1 scores 1");
    assert_eq!(
        g.hand,
        cards("R3 R2 N3 b4 K2"),
        "the next card fills the slot"
    );
    assert_eq!(g.deck, cards("N4"));
    assert_eq!(g.lives, 3);
}

#[test]
fn a_wrong_digit_keeps_the_cell_shut_and_the_piece_sits_out() {
    let mut g = game4(&[5, 15], &[], "K1 R2 N3 b4 K2 R3 N4");
    let ev = ok(&mut g, place(1, 0)); // R2 on a 1
    assert!(
        ev.contains(&Event::NotDigit { cell: 0, digit: 2 }),
        "{ev:?}"
    );
    assert!(ev.contains(&Event::SatOut(card("R2"))));
    assert_eq!(g.cells[0].state, CellState::Closed);
    assert_ne!(g.cells[0].not_digits & (1 << 2), 0, "noted: not a 2");
    assert_eq!(g.cells[0].not_digits & !(1 << 2), 0, "and nothing else");
    assert!(g.pieces.is_empty());
    assert_eq!(g.bench, cards("R2"));
    assert_eq!((g.score, g.lives), (0, 3));
    assert_eq!(g.hand, cards("K1 R3 N3 b4 K2"), "the hand refills");
    // The note is public.
    let v = PublicView::of(&g);
    assert_eq!(
        v.cells[0],
        Seen::Closed {
            flag: false,
            not_digits: 1 << 2,
            proven_empty: false,
        }
    );
}

#[test]
fn a_mine_blows_up_whatever_the_digit() {
    // Cell 5 holds a 4 over a mine, cell 10 a 4 over a mine.
    let mut g = game4(&[5, 10, 15], &[], "b4 K1 R2 N3 K2 R3 N4");
    let ev = ok(&mut g, place(0, 5)); // the right digit
    assert!(ev.contains(&Event::Blew(5)) && ev.contains(&Event::Destroyed(card("b4"))));
    assert_eq!(g.lives, 2);
    assert_eq!(g.cells[5].mine, Some(MineFate::Blown));
    assert_eq!(g.destroyed, cards("b4"));
    assert!(g.pieces.is_empty() && g.bench.is_empty());
    assert_eq!(g.hand, cards("R3 K1 R2 N3 K2"));
    ok(&mut g, place(1, 10)); // a wrong digit
    assert_eq!(g.lives, 1);
    assert_eq!(g.cells[10].mine, Some(MineFate::Blown));
    assert_eq!(g.destroyed, cards("b4 K1"));
    assert_eq!(g.hand, cards("R3 N4 R2 N3 K2"));
    assert_eq!(g.score, 0);
    assert_eq!(g.status, Status::Playing);
}

#[test]
fn a_flagged_cell_refuses_a_piece_and_nothing_changes() {
    let mut g = game4(&[5, 15], &[], MANY);
    ok(&mut g, Action::Flag(0));
    assert!(g.cells[0].flag);
    let why = refused(&mut g, place(0, 0));
    assert!(why.contains("flag"), "{why}");
    ok(&mut g, Action::Flag(0));
    assert!(!g.cells[0].flag, "a second flag action takes it down");
    ok(&mut g, place(0, 0));
    // Open cells and out-of-range cells and cards are refused too.
    refused(&mut g, Action::Flag(0));
    refused(&mut g, place(0, 0));
    refused(&mut g, place(0, 16));
    refused(&mut g, place(7, 1));
}

// ---------------------------------------------------------------- sensors

#[test]
fn king_and_knight_zones_and_white_and_black_sensors() {
    let centre = c6(2, 2); // a 1
    let king_zone = sorted(vec![
        c6(1, 1),
        c6(1, 2),
        c6(1, 3),
        c6(2, 1),
        c6(2, 3),
        c6(3, 1),
        c6(3, 2),
        c6(3, 3),
    ]);
    let knight_zone = sorted(vec![
        c6(0, 1),
        c6(0, 3),
        c6(1, 0),
        c6(1, 4),
        c6(3, 0),
        c6(3, 4),
        c6(4, 1),
        c6(4, 3),
    ]);
    // Mines: two around the king, one of them also on a knight square...
    let mines = [c6(1, 1), c6(3, 3), c6(0, 1), c6(4, 3), c6(1, 3), c6(5, 5)];
    // White king: mines at (1,1), (3,3), (1,3) in its zone.
    let mut g = game6(&mines, &[], "K1 N1 k1 n1 K2 K2 K2 K2");
    ok(&mut g, place(0, centre));
    assert_eq!(zone_at(&g, centre), king_zone);
    assert_eq!(sensor_at(&g, centre), 3);
    ok(&mut g, Action::Probe(c6(1, 1)));
    assert_eq!(sensor_at(&g, centre), 2, "a defused mine no longer counts");

    // White knight: (0,1) and (4,3).
    let mut g = game6(&mines, &[], "N1 K1 k1 n1 K2 K2 K2 K2");
    ok(&mut g, place(0, centre));
    assert_eq!(zone_at(&g, centre), knight_zone);
    assert_eq!(sensor_at(&g, centre), 2);

    // Black king with a 1: of its zone only (1,3) holds a 1, and a mine
    // there does not matter; once open it no longer counts.
    let mut g = game6(&mines, &[], "k1 K1 N1 n1 K2 K2 K2 K2");
    ok(&mut g, place(0, centre));
    assert_eq!(sensor_at(&g, centre), 1);
    ok(&mut g, Action::Probe(c6(1, 3)));
    assert_eq!(g.cells[c6(1, 3)].state, CellState::Open);
    assert_eq!(sensor_at(&g, centre), 0, "an open 1 is not hidden any more");

    // Black knight with a 1: of its squares only (4,1) holds a 1.
    let mut g = game6(&mines, &[], "n1 K1 N1 k1 K2 K2 K2 K2");
    ok(&mut g, place(0, centre));
    let ones = knight_zone.iter().filter(|&&i| G6[i] == 1).count() as u8;
    assert_eq!(ones, 1);
    assert_eq!(sensor_at(&g, centre), ones);
}

#[test]
fn line_zones_stop_before_the_first_open_cell_or_piece() {
    let centre = c6(2, 2); // a 1
    // Open givens cut the lines down, right and down-right.
    let open = [c6(4, 2), c6(2, 4), c6(4, 4)];
    let mines = [c6(0, 2), c6(5, 2), c6(0, 0), c6(5, 5), c6(2, 5)];
    let rook = sorted(vec![
        c6(1, 2),
        c6(0, 2),
        c6(3, 2),
        c6(2, 1),
        c6(2, 0),
        c6(2, 3),
    ]);
    let bishop = sorted(vec![
        c6(1, 1),
        c6(0, 0),
        c6(1, 3),
        c6(0, 4),
        c6(3, 1),
        c6(4, 0),
        c6(3, 3),
    ]);
    let queen = sorted([rook.clone(), bishop.clone()].concat());
    for (c, zone, white) in [("R1", &rook, 1), ("B1", &bishop, 1), ("Q1", &queen, 2)] {
        let mut g = game6(&mines, &open, &format!("{c} {MANY}"));
        ok(&mut g, place(0, centre));
        assert_eq!(&zone_at(&g, centre), zone, "{c}");
        assert_eq!(
            sensor_at(&g, centre),
            white,
            "{c}: mines beyond an open cell do not count"
        );
        // A piece on (1,2) blocks the line up: (0,2) drops out.
        if c != "B1" {
            let six = format!("K6 {MANY}");
            let mut g2 = game6(&mines, &open, &format!("{c} {six}"));
            ok(&mut g2, place(0, centre));
            assert_eq!(g2.hand[1], card("K6"));
            ok(&mut g2, place(1, c6(1, 2))); // K6 on the 6 at (1,2)
            assert!(!zone_at(&g2, centre).contains(&c6(0, 2)), "{c}");
            assert!(!zone_at(&g2, centre).contains(&c6(1, 2)), "{c}");
            assert_eq!(sensor_at(&g2, centre), white - 1, "{c} behind a piece");
        }
    }
    // Black bishop with a 1: (0,0) and (1,3) hold a 1; a mine on (0,0) does
    // not change the count.
    let mut g = game6(&mines, &open, &format!("b1 {MANY}"));
    ok(&mut g, place(0, centre));
    assert_eq!(sensor_at(&g, centre), 2);
    // A black rook looks along its own row and column, where a sudoku
    // never repeats its digit.
    let mut g = game6(&mines, &open, &format!("r1 {MANY}"));
    ok(&mut g, place(0, centre));
    assert_eq!(sensor_at(&g, centre), 0);
}

// ------------------------------------------------------------- board moves

#[test]
fn kings_and_knights_spend_stamina_and_keep_their_digit() {
    let far = [c6(5, 5), c6(5, 4)];
    let mut g = game6(&far, &[], &format!("K1 {MANY}"));
    let k = c6(2, 2);
    ok(&mut g, place(0, k));
    assert_eq!(g.piece_at(k).unwrap().stamina, 2);
    refused(&mut g, mv(k, c6(0, 2))); // two steps away
    let ev = ok(&mut g, mv(k, c6(2, 3)));
    assert!(ev.contains(&Event::Opened {
        cell: c6(2, 3),
        digit: 5
    }));
    assert_eq!(points(&ev), 5);
    let p = g.piece_at(c6(2, 3)).expect("the king moved");
    assert_eq!(
        (p.stamina, p.card.digit),
        (1, 1),
        "a king keeps its card digit"
    );
    refused(&mut g, mv(c6(2, 3), k)); // open now
    ok(&mut g, mv(c6(2, 3), c6(3, 3)));
    assert_eq!(g.piece_at(c6(3, 3)).unwrap().stamina, 0);
    let why = refused(&mut g, mv(c6(3, 3), c6(4, 3)));
    assert!(why.contains("stamina"), "{why}");

    let mut g = game6(&far, &[], &format!("N1 {MANY}"));
    ok(&mut g, place(0, k));
    assert_eq!(g.piece_at(k).unwrap().stamina, 3);
    refused(&mut g, mv(k, c6(2, 3)));
    for (from, to) in [(k, c6(0, 1)), (c6(0, 1), c6(2, 0)), (c6(2, 0), c6(4, 1))] {
        ok(&mut g, mv(from, to));
    }
    let n = g.piece_at(c6(4, 1)).unwrap();
    assert_eq!((n.stamina, n.card.digit), (0, 1));
    assert!(g.targets(c6(4, 1)).is_empty());
    refused(&mut g, mv(c6(4, 1), c6(2, 2)));
    assert_eq!(g.score, 1 + 2 + 2 + 1);
}

#[test]
fn a_mine_under_a_king_or_knight_blows_up_flag_or_not() {
    for (c, to) in [("K1", c6(2, 3)), ("N1", c6(0, 1))] {
        let mut g = game6(&[to, c6(5, 5)], &[], &format!("{c} {MANY}"));
        ok(&mut g, place(0, c6(2, 2)));
        ok(&mut g, Action::Flag(to));
        let ev = ok(&mut g, mv(c6(2, 2), to));
        assert!(ev.contains(&Event::Blew(to)), "{c}: {ev:?}");
        assert_eq!(g.lives, 2, "{c}");
        assert!(g.pieces.is_empty(), "{c} is destroyed");
        assert_eq!(g.destroyed, cards(c));
        assert_eq!(g.cells[to].mine, Some(MineFate::Blown));
    }
}

#[test]
fn a_rook_defuses_flagged_mines_on_its_path_and_takes_the_last_digit() {
    // Row 0 reads 1 2 3 4 5 6; mines on (0,2) and (0,4), one more far away.
    let mines = [c6(0, 2), c6(0, 4), c6(5, 5)];
    let mut g = game6(&mines, &[], &format!("R1 {MANY}"));
    ok(&mut g, place(0, 0));
    ok(&mut g, Action::Flag(c6(0, 2)));
    ok(&mut g, Action::Flag(c6(0, 4)));
    let ev = ok(&mut g, mv(0, c6(0, 5)));
    for c in 1..=5 {
        assert_eq!(g.cells[c].state, CellState::Open, "(0,{c}) opened");
        assert!(!g.cells[c].flag);
    }
    assert!(ev.contains(&Event::Defused(2)) && ev.contains(&Event::Defused(4)));
    assert_eq!(g.cells[2].mine, Some(MineFate::Defused));
    assert_eq!(g.cells[4].mine, Some(MineFate::Defused));
    // (2+3+4+5+6 digits + 2 × 10 defused) × 2 mines on one move.
    assert_eq!(points(&ev), 80);
    assert_eq!(g.score, 81);
    let r = g.piece_at(c6(0, 5)).expect("the rook ends its path");
    assert_eq!(
        (r.card.digit, r.stamina),
        (6, 1),
        "a rook takes the digit it ends on"
    );
    assert_eq!(g.lives, 3);
    assert_eq!(g.block_done(), vec![1, 1, 0, 0, 0, 0]);

    // One mine: no multiplier.
    let mut g = game6(&mines, &[], &format!("R1 {MANY}"));
    ok(&mut g, place(0, 0));
    ok(&mut g, Action::Flag(c6(0, 2)));
    let ev = ok(&mut g, mv(0, c6(0, 3)));
    assert_eq!(points(&ev), 2 + 3 + 4 + 10);
    // The multiplier is the preset's to switch off.
    let mut p = classic();
    p.file.scoring.multi_defuse = false;
    let mut g = PuzzleGame::new(p, hand_made(&G6, &mines, &[], &format!("R1 {MANY}")));
    ok(&mut g, place(0, 0));
    ok(&mut g, Action::Flag(c6(0, 2)));
    ok(&mut g, Action::Flag(c6(0, 4)));
    assert_eq!(points(&ok(&mut g, mv(0, c6(0, 5)))), 40);
}

#[test]
fn a_flag_without_a_mine_stops_a_line_piece_and_costs_ten() {
    let mut g = game6(&[c6(5, 5)], &[], &format!("R1 R1 {MANY}"));
    ok(&mut g, place(0, 0));
    ok(&mut g, Action::Flag(c6(0, 2)));
    let ev = ok(&mut g, mv(0, c6(0, 5)));
    assert_eq!(g.cells[1].state, CellState::Open);
    assert_eq!(g.cells[2].state, CellState::Question);
    assert!(ev.contains(&Event::Question(2)));
    for c in 3..=5 {
        assert_eq!(
            g.cells[c].state,
            CellState::Closed,
            "the rook stopped before (0,{c})"
        );
    }
    assert!(g.pieces.is_empty(), "the rook sits out");
    assert_eq!(g.bench, cards("R1"));
    assert_eq!(points(&ev), 2 - 10);
    assert_eq!(g.score, 1 + 2 - 10);
    assert_eq!(g.lives, 3);
    // The question mark blocks lines for good.
    assert_eq!(g.hand[1], card("R1"));
    ok(&mut g, place(1, c6(2, 2)));
    assert!(g.targets(c6(2, 2)).contains(&(c6(1, 2), false)));
    assert!(!g.targets(c6(2, 2)).iter().any(|&(t, _)| t == c6(0, 2)));
    let why = refused(&mut g, mv(c6(2, 2), c6(0, 2)));
    assert!(why.contains("question mark"), "{why}");
}

#[test]
fn an_unflagged_mine_blows_up_a_line_piece() {
    let mut g = game6(&[c6(0, 3), c6(5, 5)], &[], &format!("Q1 {MANY}"));
    ok(&mut g, place(0, 0));
    let ev = ok(&mut g, mv(0, c6(0, 5)));
    assert!(ev.contains(&Event::Blew(3)));
    assert_eq!(g.cells[1].state, CellState::Open);
    assert_eq!(g.cells[2].state, CellState::Open);
    assert_eq!(g.cells[3].mine, Some(MineFate::Blown));
    assert_eq!(g.cells[4].state, CellState::Closed);
    assert_eq!(g.cells[5].state, CellState::Closed);
    assert_eq!(g.lives, 2);
    assert!(g.pieces.is_empty());
    assert_eq!(g.destroyed, cards("Q1"));
    assert_eq!(points(&ev), 2 + 3);
}

#[test]
fn a_bishop_takes_the_digit_of_its_last_cell_and_senses_it() {
    let mut g = game6(&[c6(5, 0), c6(5, 1)], &[], &format!("b1 {MANY}"));
    ok(&mut g, place(0, 0));
    ok(&mut g, mv(0, c6(3, 3))); // through (1,1) = 5 and (2,2) = 1 onto a 2
    let b = g.piece_at(c6(3, 3)).expect("the bishop moved");
    assert_eq!(b.card.digit, 2);
    // Its zone now holds the closed 2s on (4,2) and (5,5).
    let z = g.zone(b);
    let twos = z.iter().filter(|&&i| G6[i] == 2).count() as u8;
    assert_eq!(twos, 2);
    assert_eq!(g.sensor(b), twos);
}

#[test]
fn a_rook_glides_along_open_cells_for_free() {
    let mut g = game6(&[c6(5, 5)], &[], &format!("R1 {MANY}"));
    ok(&mut g, place(0, 0));
    ok(&mut g, mv(0, c6(1, 0))); // opens (1,0), a 4
    assert_eq!(g.piece_at(c6(1, 0)).unwrap().stamina, 1);
    assert!(g.targets(c6(1, 0)).contains(&(0, true)));
    let score = g.score;
    let ev = ok(&mut g, mv(c6(1, 0), 0)); // glide back
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Opened { .. } | Event::Points(_)))
    );
    let r = g.piece_at(0).expect("glided");
    assert_eq!(
        (r.stamina, r.card.digit),
        (1, 1),
        "free, and it lines up on the 1"
    );
    assert_eq!(g.score, score);
    ok(&mut g, mv(0, c6(2, 0))); // over the open (1,0) onto the closed (2,0)
    assert_eq!(g.piece_at(c6(2, 0)).unwrap().stamina, 0);
    // Out of stamina: gliding still works, opening does not.
    ok(&mut g, mv(c6(2, 0), 0));
    let why = refused(&mut g, mv(0, c6(0, 1)));
    assert!(why.contains("stamina"), "{why}");
    // A bishop does not glide.
    let mut g = game6(&[c6(5, 5)], &[c6(1, 1)], &format!("B1 {MANY}"));
    ok(&mut g, place(0, 0));
    assert!(!g.targets(0).iter().any(|&(t, _)| t == c6(1, 1)));
    assert!(
        g.targets(0).contains(&(c6(2, 2), false)),
        "it passes over open cells"
    );
    refused(&mut g, mv(0, c6(1, 1)));
}

// ----------------------------------------------------- knight flag-jumps

#[test]
fn a_knight_flag_jump_defuses_and_keeps_jumping_while_it_hits() {
    // From (2,2): (0,1) a mine, then (2,0) a mine, then (4,1) empty.
    let mines = [c6(0, 1), c6(2, 0), c6(5, 5)];
    let mut g = game6(&mines, &[], &format!("N1 {MANY}"));
    ok(&mut g, place(0, c6(2, 2)));
    let ev = ok(&mut g, jump(c6(2, 2), c6(0, 1)));
    assert!(ev.contains(&Event::Defused(c6(0, 1))));
    assert_eq!(g.cells[c6(0, 1)].state, CellState::Open);
    assert_eq!(
        g.piece_at(c6(0, 1)).unwrap().stamina,
        2,
        "the first jump costs one"
    );
    assert_eq!(g.score, 1 + 2 + 10);
    ok(&mut g, Action::Flag(c6(4, 4))); // planning does not end the chain
    let ev = ok(&mut g, jump(c6(0, 1), c6(2, 0)));
    assert!(ev.contains(&Event::Defused(c6(2, 0))));
    assert_eq!(
        g.piece_at(c6(2, 0)).unwrap().stamina,
        2,
        "a hit earns a free jump"
    );
    assert_eq!(g.score, 1 + (12 + 12) * 2, "two mines on one chain");
    let ev = ok(&mut g, jump(c6(2, 0), c6(4, 1)));
    assert!(ev.contains(&Event::Question(c6(4, 1))));
    assert_eq!(g.cells[c6(4, 1)].state, CellState::Question);
    assert!(g.pieces.is_empty(), "a miss: the knight sits out");
    assert_eq!(g.bench, cards("N1"));
    assert_eq!(g.chain, None);
    assert_eq!(g.score, 49);
    assert_eq!(g.lives, 3);
}

#[test]
fn a_knight_chain_ends_on_another_move_but_not_on_a_probe_or_discard() {
    // Puzzle Decision 5: a probe and a discard are not moves; while the
    // knight keeps hitting, it keeps jumping.
    let mines = [c6(0, 1), c6(2, 0), c6(4, 1), c6(5, 5), c6(0, 5)];
    let mut g = game6(&mines, &[], &format!("N1 {MANY}"));
    ok(&mut g, place(0, c6(2, 2)));
    ok(&mut g, jump(c6(2, 2), c6(0, 1)));
    let stamina = g.piece_at(c6(0, 1)).unwrap().stamina;
    ok(&mut g, Action::Discard(vec![0]));
    assert!(g.chain.is_some(), "a discard keeps the chain");
    ok(&mut g, Action::Probe(c6(5, 5)));
    assert!(g.chain.is_some(), "a probe keeps the chain");
    let ev = ok(&mut g, jump(c6(0, 1), c6(2, 0)));
    assert_eq!(
        g.piece_at(c6(2, 0)).unwrap().stamina,
        stamina,
        "the hit earned it"
    );
    assert!(points(&ev) > 12, "still one chain: the multiplier grows");
    // Any other move ends it: the next jump is paid for and starts afresh.
    ok(&mut g, place(0, c6(3, 3)));
    assert_eq!(g.chain, None, "placing a piece is a move");
    let ev = ok(&mut g, jump(c6(2, 0), c6(4, 1)));
    assert_eq!(
        g.piece_at(c6(4, 1)).unwrap().stamina,
        stamina - 1,
        "paid again"
    );
    let digit = g.board.grid.cells[c6(4, 1)] as i32;
    assert_eq!(points(&ev), digit + 10, "a new chain: no multiplier");
    ok(&mut g, Action::EndChain);
    refused(&mut g, Action::EndChain);

    // With one stamina: the paid jump, a free one after a hit, then none.
    let mut p = classic();
    p.file.stamina.knight = 1;
    let mut g = PuzzleGame::new(p, hand_made(&G6, &mines, &[], &format!("N1 {MANY}")));
    ok(&mut g, place(0, c6(2, 2)));
    ok(&mut g, jump(c6(2, 2), c6(0, 1)));
    assert_eq!(g.piece_at(c6(0, 1)).unwrap().stamina, 0);
    ok(&mut g, jump(c6(0, 1), c6(2, 0)));
    ok(&mut g, Action::EndChain);
    assert!(g.jump_targets(c6(2, 0)).is_empty());
    refused(&mut g, jump(c6(2, 0), c6(4, 1)));
    // Only knights flag-jump.
    let mut g = game6(&mines, &[], &format!("K1 {MANY}"));
    ok(&mut g, place(0, c6(2, 2)));
    refused(&mut g, jump(c6(2, 2), c6(0, 1)));
}

// ------------------------------------------------------------------ probe

#[test]
fn a_probe_defuses_a_mine_or_leaves_a_question_mark_for_good() {
    let mut g = game4(&[5, 10, 15], &[], MANY);
    let ev = ok(&mut g, Action::Probe(5));
    assert!(ev.contains(&Event::Defused(5)));
    assert_eq!(g.cells[5].state, CellState::Open);
    assert_eq!(g.cells[5].mine, Some(MineFate::Defused));
    assert_eq!(g.score, 10, "worth 10, the digit is not scored");
    assert_eq!(g.block_done(), vec![1, 0, 0, 0]);
    let ev = ok(&mut g, Action::Probe(0));
    assert!(ev.contains(&Event::Question(0)));
    assert_eq!(g.cells[0].state, CellState::Question);
    assert_eq!(g.score, 0);
    assert_eq!(g.lives, 3, "a probe costs no life");
    // A question mark is for good.
    refused(&mut g, Action::Probe(0));
    refused(&mut g, place(0, 0));
    refused(&mut g, Action::Flag(0));
    assert_eq!(PublicView::of(&g).cells[0], Seen::Question);
    // A flagged cell can be probed; the flag goes.
    ok(&mut g, Action::Flag(10));
    ok(&mut g, Action::Probe(10));
    assert!(!g.cells[10].flag);
    assert_eq!(g.cells[10].mine, Some(MineFate::Defused));
}

#[test]
fn a_king_spends_his_spare_life_on_a_failed_probe_next_to_him() {
    // King on cell 0 (a 1); cells 1 and 4 around him are empty.
    let mut g = game4(&[5, 10, 15], &[], MANY);
    ok(&mut g, place(0, 0));
    let id = g.piece_at(0).unwrap().id;
    let ev = ok(&mut g, Action::Probe(1));
    assert!(ev.contains(&Event::SpareLife { id, cell: 1 }), "{ev:?}");
    assert_eq!(g.cells[1].state, CellState::Closed, "the cell stays closed");
    assert_eq!(g.score, 1, "and nothing is lost");
    assert_eq!(g.piece_at(0).unwrap().spare, 0);
    // The spent life proved the cell empty (puzzle Decision 6): it is
    // marked so, in the public view, and deduction knows it.
    assert!(g.cells[1].proven_empty);
    let view = PublicView::of(&g);
    assert!(matches!(
        view.cells[1],
        Seen::Closed {
            proven_empty: true,
            ..
        }
    ));
    assert_eq!(deduce(&view).mine[1], Some(false));
    let ev = ok(&mut g, Action::Probe(1));
    assert!(ev.contains(&Event::Question(1)), "once only: {ev:?}");
    assert_eq!(g.score, 1 - 10);
    ok(&mut g, Action::Probe(4));
    assert_eq!(g.cells[4].state, CellState::Question);
    assert_eq!(g.score, 1 - 20);
    // A probe beyond his 3×3 is not absorbed.
    let mut g = game4(&[5, 10, 15], &[], MANY);
    ok(&mut g, place(0, 0));
    ok(&mut g, Action::Probe(2));
    assert_eq!(g.cells[2].state, CellState::Question);
    assert_eq!(g.piece_at(0).unwrap().spare, 1);
}

// ------------------------------------------------------- discard and hand

#[test]
fn discards_refill_from_the_deck_until_it_runs_out() {
    let mut g = game4(&[5, 15], &[], "K1 K2 K3 K4 R1 R2 R3");
    let ev = ok(&mut g, Action::Discard(vec![2, 0]));
    assert_eq!(points(&ev), 0);
    // Each discarded slot takes the deck's next card in place.
    assert_eq!(g.hand, cards("R2 K2 R3 K4 R1"));
    assert!(g.deck.is_empty());
    refused(&mut g, Action::Discard(vec![]));
    refused(&mut g, Action::Discard(vec![5]));
    ok(&mut g, Action::Discard(vec![0, 1, 2]));
    assert_eq!(g.hand, cards("K4 R1"), "the deck is the limit");
    assert_eq!((g.score, g.lives, g.status), (0, 3, Status::Playing));
    let ev = ok(&mut g, Action::Discard(vec![1, 0]));
    assert!(ev.contains(&Event::Over(Status::LostPieces)));
    assert_eq!(g.status, Status::LostPieces);
}

// -------------------------------------------------- blocks, lives, the end

#[test]
fn blocks_show_their_mines_and_count_the_done_ones() {
    // Blocks: 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right.
    let mut g = game4(&[1, 6, 7, 13], &[], MANY);
    assert_eq!(g.block_mines(), vec![1, 2, 1, 0]);
    assert_eq!(PublicView::of(&g).block_mines, vec![1, 2, 1, 0]);
    assert_eq!(g.block_done(), vec![0, 0, 0, 0]);
    ok(&mut g, Action::Probe(6));
    assert_eq!(g.block_done(), vec![0, 1, 0, 0]);
    ok(&mut g, place(0, 13));
    assert_eq!(g.block_done(), vec![0, 1, 1, 0], "a blown mine is done too");
    assert_eq!(g.block_mines(), vec![1, 2, 1, 0], "totals never change");
    assert_eq!(g.mines_done(), 2);
}

#[test]
fn a_wipe_needs_every_mine_defused_or_blown() {
    let mut g = game4(&[6, 13], &[], MANY);
    ok(&mut g, Action::Probe(6));
    assert_eq!(g.status, Status::Playing);
    let ev = ok(&mut g, place(0, 13));
    assert_eq!(g.status, Status::Won, "the blown mine counts as done");
    assert_eq!(ev.iter().filter(|e| matches!(e, Event::Over(_))).count(), 1);
    assert_eq!(ev.last(), Some(&Event::Over(Status::Won)));
    assert_eq!(g.lives, 2);
    assert!(
        g.cells
            .iter()
            .filter(|c| c.state == CellState::Closed)
            .count()
            > 10,
        "no need to open every cell"
    );
    let why = refused(&mut g, Action::Probe(0));
    assert!(why.contains("over"), "{why}");
    refused(&mut g, Action::Discard(vec![0]));
    refused(&mut g, Action::Flag(0));
}

#[test]
fn three_blown_mines_lose_the_board() {
    let mut g = game4(&[1, 6, 13, 14], &[], MANY);
    ok(&mut g, place(0, 1));
    ok(&mut g, place(0, 6));
    assert_eq!((g.lives, g.status), (1, Status::Playing));
    let ev = ok(&mut g, place(0, 13));
    assert_eq!((g.lives, g.status), (0, Status::LostLives));
    assert_eq!(ev.last(), Some(&Event::Over(Status::LostLives)));
    refused(&mut g, place(0, 0));
}

#[test]
fn the_last_mine_on_the_last_life_loses_the_board() {
    let mut g = game4(&[1, 6, 13], &[], MANY);
    ok(&mut g, place(0, 1));
    ok(&mut g, place(0, 6));
    let ev = ok(&mut g, place(0, 13));
    assert_eq!(g.mines_done(), g.mines_total(), "every mine is done");
    assert_eq!(g.status, Status::LostLives, "but no life is left");
    assert_eq!(ev.last(), Some(&Event::Over(Status::LostLives)));
}

#[test]
fn a_saved_board_replays_to_the_same_game() {
    use minesweeper_core::sudoku::save;
    let p = easy();
    let presets = vec![p.clone()];
    let code = minesweeper_core::sudoku::share_code(&p.file.code, 7);
    let mut g = PuzzleGame::from_seed(p.clone(), 7);
    let closed: Vec<usize> = (0..16).filter(|&i| g.is_closed(i)).collect();
    ok(&mut g, Action::Flag(closed[0]));
    ok(&mut g, Action::Probe(closed[1]));
    ok(&mut g, Action::Merge { into: 1, fed: 0 });
    ok(&mut g, Action::Discard(vec![3]));
    ok(&mut g, place(0, closed[2]));
    let text = save::to_text(&g, "easy_4x4.ron", &code);
    let (back, back_code) = save::from_text(&text, &presets).expect("the save loads");
    assert_eq!(back_code, code);
    assert_eq!(back.cells, g.cells);
    assert_eq!(back.hand, g.hand);
    assert_eq!(back.deck, g.deck);
    assert_eq!(
        (back.score, back.lives, back.moves),
        (g.score, g.lives, g.moves)
    );
    // Damaged saves are refused with the line and the problem.
    let bad = text.replace("x ", "x 99");
    let e = save::from_text(&bad, &presets).unwrap_err().to_string();
    assert!(e.starts_with("line 4, action 2"), "{e}");
    let e = save::from_text("hello", &presets).unwrap_err();
    assert_eq!((e.line, &e.problem), (1, &save::SaveProblem::NotASave));
    let e = e.to_string();
    assert!(e.starts_with("line 1:"), "{e}");
    let e = save::from_text(&text.replace("easy_4x4", "gone"), &presets)
        .unwrap_err()
        .to_string();
    assert!(e.contains("line 2") && e.contains("gone.ron"), "{e}");
    let e = save::from_text(&text.replace(&code, "E4-7W"), &presets)
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("line 3:"), "{e}");
}

#[test]
fn out_of_pieces_with_nothing_to_move_loses_the_board() {
    // Exactly a hand of cards; a king on cell 0 can still walk twice.
    let mut g = game4(&[12, 15], &[], "K1 R2 N3 K4 R1");
    ok(&mut g, place(0, 0));
    ok(&mut g, Action::Discard(vec![0, 1, 2, 3]));
    assert!(g.hand.is_empty() && g.deck.is_empty());
    assert_eq!(g.status, Status::Playing, "the king can still move");
    ok(&mut g, mv(0, 1));
    assert_eq!(g.status, Status::Playing);
    let ev = ok(&mut g, mv(1, 2));
    assert_eq!(g.status, Status::LostPieces);
    assert_eq!(ev.last(), Some(&Event::Over(Status::LostPieces)));
    // Five wrong digits in a row end it too.
    let mut g = game4(&[12, 15], &[], "K2 K2 K2 K2 K2");
    for _ in 0..4 {
        ok(&mut g, place(0, 0));
        assert_eq!(g.status, Status::Playing);
    }
    ok(&mut g, place(0, 0));
    assert_eq!(g.status, Status::LostPieces);
    assert_eq!(g.bench.len(), 5);
}

#[test]
fn the_score_is_counted_in_pawns() {
    let mut g = game4(&[5, 10, 15], &[], MANY);
    ok(&mut g, place(0, 0)); // 1
    ok(&mut g, Action::Probe(5)); // 10
    assert_eq!(g.score, 11);
    assert!((g.pawns() - 1.1).abs() < 1e-6);
    ok(&mut g, Action::Probe(3)); // -10
    ok(&mut g, Action::Probe(6)); // -10
    assert!((g.pawns() + 0.9).abs() < 1e-6);
}

// ---------------------------------------------------------------- presets

fn line_of(text: &str, start: &str) -> usize {
    text.lines()
        .position(|l| l.trim_start().starts_with(start))
        .expect("the line is there")
        + 1
}

#[test]
fn the_builtin_sudoku_presets_parse_and_match_the_files() {
    assert_eq!(BUILTIN.len(), 3);
    for (file, text) in BUILTIN {
        let p = sp::parse(file, text).unwrap_or_else(|e| panic!("{e}"));
        assert!(!p.file.description.is_empty(), "{file}");
        assert!(block_shape(p.file.size).is_some());
        let path = format!("{}/../../levels/sudoku/{file}", env!("CARGO_MANIFEST_DIR"));
        assert_eq!(std::fs::read_to_string(path).unwrap(), *text, "{file}");
    }
    let names: Vec<u8> = sp::builtins().iter().map(|p| p.file.size).collect();
    assert_eq!(names, [4, 6, 9]);
}

#[test]
fn broken_sudoku_presets_name_the_file_line_and_problem() {
    let text = BUILTIN[0].1;
    let file = "levels/sudoku/broken.ron";
    let err = |t: &str| {
        sp::parse(file, t)
            .expect_err("the preset should be rejected")
            .to_string()
    };
    let at = |field: &str| format!("{file}:{}:", line_of(text, field));
    let cases = [
        (
            "size: 4,",
            "size: 5,",
            "size:",
            "size 5 is not a sudoku size",
        ),
        (
            "mines: 3,",
            "mines: 11,",
            "mines:",
            "mines = 11 but only 10 cells",
        ),
        (
            "hidden_counts: 1,",
            "hidden_counts: 7,",
            "hidden_counts:",
            "more than the 6 givens",
        ),
        (
            "probe_miss: -10,",
            "probe_miss: 5,",
            "probe_miss:",
            "probe_miss is a penalty",
        ),
        (
            "hand: 5,",
            "hand: 9,",
            "hand:",
            "hand = 9 but must be 1 to 8",
        ),
        (
            "lives: 3,",
            "lives: 3, colour: 2,",
            "lives:",
            "unknown field `colour`",
        ),
    ];
    for (from, to, field, msg) in cases {
        assert!(text.contains(from), "{from}");
        let e = err(&text.replacen(from, to, 1));
        assert!(e.starts_with(&at(field)), "{to}: {e}");
        assert!(e.contains(msg), "{to}: {e}");
    }
    let e = err(&text.replacen("lives: 3,", "", 1));
    assert!(
        e.starts_with(file) && e.contains("missing field `lives`"),
        "{e}"
    );
    // A deck smaller than the hand.
    let (head, rest) = text.split_at(text.find("deck: [").unwrap());
    let tail = &rest[rest.find("],").unwrap() + 2..];
    let small = format!("{head}deck: [(piece: King, color: White, count: 4)],{tail}");
    let e = err(&small);
    assert!(e.starts_with(&at("deck:")), "{e}");
    assert!(
        e.contains("the deck holds 4 cards, fewer than a hand of 5"),
        "{e}"
    );
}

// ------------------------------------------------------ deduction and hint

/// Checks everything deduction claims against the hidden board.
#[track_caller]
fn assert_sound(g: &PuzzleGame, what: &str) {
    let v = PublicView::of(g);
    let k = deduce(&v);
    for i in 0..g.cells.len() {
        if g.cells[i].state != CellState::Closed {
            continue;
        }
        if let Some(m) = k.mine[i] {
            assert_eq!(m, g.board.mines[i], "{what}: cell {i} mine");
        }
        if let Some(d) = k.digit[i] {
            assert_eq!(d, g.board.grid.cells[i], "{what}: cell {i} digit");
        }
    }
    if let Some(h) = hint(&v) {
        let i = h.cell();
        assert_eq!(g.cells[i].state, CellState::Closed, "{what}: {h:?}");
        let (mine, digit) = (g.board.mines[i], g.board.grid.cells[i]);
        let right = match h {
            Hint::Mine(_) => mine,
            Hint::SafeDigit(_, d) => !mine && digit == d,
            Hint::Safe(_) => !mine,
            Hint::Digit(_, d) => digit == d,
        };
        assert!(right, "{what}: hint {h:?} but mine {mine}, digit {digit}");
        assert!(!h.describe(v.size).is_empty());
    }
}

#[test]
fn the_hint_names_a_certain_mine_in_words() {
    // Block 1 (cells 2, 3, 6, 7) holds the only mine; 2 and 7 are open, so
    // the mine is on 3, the top-right cell: d1.
    let mut g = game4(&[3], &[0, 1, 2, 4, 5, 6, 7], MANY);
    let v = PublicView::of(&g);
    assert_eq!(v.block_mines, vec![0, 1, 0, 0]);
    let h = hint(&v).expect("a certain mine");
    assert_eq!(h, Hint::Mine(3));
    assert!(
        h.describe(4).starts_with("d1 is a mine"),
        "{}",
        h.describe(4)
    );
    // Every other closed cell is certainly safe.
    let k = deduce(&v);
    for i in [8, 9, 10, 11, 12, 13, 14, 15] {
        assert_eq!(k.mine[i], Some(false), "cell {i}");
    }
    ok(&mut g, Action::Probe(3));
    assert_eq!(g.status, Status::Won);
}

#[test]
fn hints_are_sound_on_fresh_boards() {
    let mut hints = 0;
    for p in all_presets() {
        for seed in 0..150 {
            let g = PuzzleGame::from_seed(p.clone(), seed);
            assert_sound(&g, &format!("{} seed {seed}", p.file.name));
            hints += hint(&PublicView::of(&g)).is_some() as usize;
        }
    }
    assert!(
        hints > 150,
        "most fresh boards have a hint ({hints} of 450)"
    );
}

/// Two closed cells of one block that nothing open, no piece zone and no
/// count can tell apart, one with a mine and one without.
fn silent_mine_pair(g: &PuzzleGame) -> Option<(usize, usize)> {
    let n = g.size();
    let size = n as u8;
    let zones: Vec<usize> = g.pieces.iter().flat_map(|p| g.zone(p)).collect();
    let silent = |i: usize| {
        g.cells[i].state == CellState::Closed
            && !zones.contains(&i)
            && neighbours(n, i).all(|j| g.cells[j].state != CellState::Open)
    };
    for a in (0..n * n).filter(|&a| g.board.mines[a] && silent(a)) {
        let b = (0..n * n).find(|&b| {
            !g.board.mines[b] && silent(b) && Grid::block_of(size, a) == Grid::block_of(size, b)
        });
        if let Some(b) = b {
            return Some((a, b));
        }
    }
    None
}

/// Four closed cells a, b / b, a in two rows of one band and two columns
/// of two stacks: swapping them leaves a valid sudoku.
fn silent_rectangle(g: &PuzzleGame) -> Option<[usize; 4]> {
    let n = g.size();
    let (br, bc) = block_shape(n as u8)?;
    let (br, bc) = (br as usize, bc as usize);
    let black: Vec<usize> = g
        .pieces
        .iter()
        .filter(|p| p.card.side == Side::Black)
        .flat_map(|p| g.zone(p))
        .collect();
    let hidden = |i: usize| g.cells[i].state != CellState::Open && !black.contains(&i);
    let d = |r: usize, c: usize| g.board.grid.cells[r * n + c];
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            if r1 / br != r2 / br {
                continue;
            }
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    if c1 / bc == c2 / bc || d(r1, c1) != d(r2, c2) || d(r1, c2) != d(r2, c1) {
                        continue;
                    }
                    let cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    if cells.iter().all(|&i| hidden(i)) {
                        return Some(cells);
                    }
                }
            }
        }
    }
    None
}

/// Everything a player sees, and what the engine tells from it.
#[track_caller]
fn assert_same_to_the_player(a: &PuzzleGame, b: &PuzzleGame, what: &str) {
    let (va, vb) = (PublicView::of(a), PublicView::of(b));
    assert_eq!(va, vb, "{what}: the view");
    assert_eq!(deduce(&va), deduce(&vb), "{what}");
    assert_eq!(hint(&va), hint(&vb), "{what}: the hint");
    for p in &a.pieces {
        assert_eq!(a.targets(p.cell), b.targets(p.cell), "{what}");
        assert_eq!(a.jump_targets(p.cell), b.jump_targets(p.cell), "{what}");
    }
    assert_eq!(a.can_move(), b.can_move());
}

#[test]
fn hidden_mines_and_digits_stay_hidden() {
    let (mut mine_swaps, mut digit_swaps) = (0, 0);
    for p in all_presets() {
        for seed in 0..60u64 {
            // At the start, and after some random play.
            let mut g = PuzzleGame::from_seed(p.clone(), seed);
            let mut rng = SmallRng::seed_from_u64(seed);
            for round in 0..2 {
                if round == 1 {
                    for _ in 0..12 {
                        let a = random_action(&g, &mut rng);
                        let _ = g.apply(&a);
                    }
                }
                let what = format!("{} seed {seed} round {round}", p.file.name);
                if let Some((a, b)) = silent_mine_pair(&g) {
                    let mut h = g.clone();
                    h.board.mines.swap(a, b);
                    // The mine's fate (live) goes with it.
                    let fate = h.cells[a].mine.take();
                    h.cells[b].mine = fate;
                    assert_same_to_the_player(&g, &h, &format!("{what}: mine {a}↔{b}"));
                    mine_swaps += 1;
                }
                if let Some([a, b, c, d]) = silent_rectangle(&g) {
                    let mut h = g.clone();
                    let cells = &mut h.board.grid.cells;
                    cells.swap(a, b);
                    cells.swap(c, d);
                    assert!(h.board.grid.is_valid(), "{what}");
                    assert_same_to_the_player(&g, &h, &format!("{what}: digits"));
                    digit_swaps += 1;
                }
            }
        }
    }
    assert!(
        mine_swaps > 20 && digit_swaps > 60,
        "{mine_swaps} {digit_swaps}"
    );
}

#[test]
fn hidden_content_of_a_hand_made_board_does_not_reach_the_view() {
    // Bottom rows: (2,0)=2 (2,2)=4 / (3,0)=4 (3,2)=2 swap into another sudoku;
    // the mine moves within block 1 away from every open cell.
    let open = [0, 1, 4, 5];
    let a = PuzzleGame::new(easy(), hand_made(&G4, &[3, 10, 15], &open, MANY));
    let mut g2 = G4;
    g2.swap(8, 10);
    g2.swap(12, 14);
    let b = PuzzleGame::new(easy(), hand_made(&g2, &[7, 10, 15], &open, MANY));
    assert_ne!(a.board, b.board);
    assert_same_to_the_player(&a, &b, "hand-made");
}

#[test]
fn deduction_alone_wins_most_easy_boards() {
    let p = easy();
    let n = 200;
    let mut wins = 0;
    for seed in 1..=n {
        let g = PuzzleGame::from_seed(p.clone(), seed);
        let r = rate(&g);
        assert!(r.mines_found <= r.mines);
        assert!((1..=4).contains(&r.stars()));
        wins += r.solved as u32;
        // The rating only reads the game: it is unchanged.
        assert_eq!(g.status, Status::Playing);
        assert!(g.cells.iter().all(|c| c.mine != Some(MineFate::Defused)));
    }
    assert!(wins * 100 >= n as u32 * WIN_SHARE_EASY, "{wins} of {n}");
}

/// Percentage of easy boards deduction must win (192 of these 200 do).
const WIN_SHARE_EASY: u32 = 80;

// ------------------------------------------------------------------- soak

/// A random action chosen from what the player sees (plus some nonsense
/// that must be refused).
fn random_action(g: &PuzzleGame, rng: &mut SmallRng) -> Action {
    let v = PublicView::of(g);
    let n = v.cells.len();
    let closed: Vec<usize> = (0..n)
        .filter(|&i| matches!(v.cells[i], Seen::Closed { .. }))
        .collect();
    let unflagged: Vec<usize> = closed
        .iter()
        .copied()
        .filter(|&i| matches!(v.cells[i], Seen::Closed { flag: false, .. }))
        .collect();
    let hand = g.hand.len();
    let garbage = |rng: &mut SmallRng| match rng.random_range(0..5) {
        0 => place(rng.random_range(0..8), rng.random_range(0..n + 3)),
        1 => mv(rng.random_range(0..n), rng.random_range(0..n + 3)),
        2 => jump(rng.random_range(0..n), rng.random_range(0..n)),
        3 => Action::Probe(rng.random_range(0..n + 3)),
        _ => Action::Flag(rng.random_range(0..n + 3)),
    };
    let roll = rng.random_range(0..100);
    // Sometimes follow the hint, so games get deep.
    if roll < 10
        && let Some(h) = hint(&v)
    {
        match h {
            Hint::Mine(c) => return Action::Probe(c),
            Hint::SafeDigit(c, d) | Hint::Digit(c, d) => {
                if let Some(i) = g.hand.iter().position(|k| k.digit == d)
                    && unflagged.contains(&c)
                {
                    return place(i, c);
                }
            }
            Hint::Safe(_) => {}
        }
    }
    let a = match roll {
        0..30 if hand > 0 => unflagged
            .choose(rng)
            .map(|&c| place(rng.random_range(0..hand), c)),
        30..50 => v
            .pieces
            .choose(rng)
            .and_then(|p| g.targets(p.cell).choose(rng).map(|&(to, _)| mv(p.cell, to))),
        50..60 => {
            let knights: Vec<usize> = v
                .pieces
                .iter()
                .filter(|p| p.kind == PieceKind::Knight)
                .map(|p| p.cell)
                .collect();
            knights
                .choose(rng)
                .and_then(|&k| g.jump_targets(k).choose(rng).map(|&to| jump(k, to)))
        }
        60..70 => closed.choose(rng).map(|&c| Action::Flag(c)),
        70..78 => closed.choose(rng).map(|&c| Action::Probe(c)),
        78..84 if hand > 0 => {
            let k = rng.random_range(1..=hand.min(3));
            Some(Action::Discard(
                (0..k).map(|_| rng.random_range(0..hand)).collect(),
            ))
        }
        84..92 if hand > 1 => Some(Action::Merge {
            into: rng.random_range(0..hand),
            fed: rng.random_range(0..hand),
        }),
        92..95 => Some(Action::EndChain),
        _ => None,
    };
    a.unwrap_or_else(|| garbage(rng))
}

/// Cards an accepted action takes out of play: those discarded (each
/// slot once) or the one fed to a merge.
fn cards_gone(a: &Action) -> usize {
    match a {
        Action::Discard(list) => {
            let mut l = list.clone();
            l.sort_unstable();
            l.dedup();
            l.len()
        }
        Action::Merge { .. } => 1,
        _ => 0,
    }
}

/// The board's pieces each stand alone on an open cell, with stamina and
/// a digit in range; a line piece shows its cell's digit.
fn assert_pieces_sound(g: &PuzzleGame, stamina_max: u8, w: &str) {
    let mut seen = Vec::new();
    for q in &g.pieces {
        assert_eq!(
            g.cells[q.cell].state,
            CellState::Open,
            "{w}: piece on a closed cell"
        );
        assert!(!seen.contains(&q.cell), "{w}: two pieces on a cell");
        seen.push(q.cell);
        assert!(q.stamina <= stamina_max);
        assert!((1..=g.board.grid.size).contains(&q.card.digit));
        if q.card.kind.slides() {
            assert_eq!(
                q.card.digit, g.board.grid.cells[q.cell],
                "{w}: a line piece shows its cell"
            );
        }
    }
}

/// No cell closes again; live mines stay closed; no question mark over a
/// mine and no flag on an open cell; the mines are the board's.
fn assert_cells_sound(g: &PuzzleGame, before: &PuzzleGame, w: &str) {
    for (i, c) in g.cells.iter().enumerate() {
        let was = before.cells[i].state;
        assert!(
            was == CellState::Closed || c.state == was,
            "{w}: cell {i} went back"
        );
        if c.mine == Some(MineFate::Live) {
            assert_eq!(c.state, CellState::Closed, "{w}: a live mine in the open");
        }
        assert_eq!(c.mine.is_some(), g.board.mines[i]);
        if c.state == CellState::Question {
            assert!(c.mine.is_none(), "{w}: a question mark over a mine");
        }
        if c.state != CellState::Closed {
            assert!(!c.flag, "{w}: a flag on an open cell");
        }
    }
}

#[test]
fn random_play_never_breaks_the_rules() {
    let mut actions = 0usize;
    let mut ended = [0usize; 3];
    for p in all_presets() {
        let seeds = if p.file.size == 9 { 60 } else { 200 };
        let cards = p.deck_size();
        let stamina_max = p.file.stamina.knight.max(p.file.stamina.other);
        for seed in 0..seeds {
            let what = format!("{} seed {seed}", p.file.name);
            let mut g = PuzzleGame::from_seed(p.clone(), seed);
            let mut rng = SmallRng::seed_from_u64(seed * 7 + 1);
            let mut discarded = 0usize;
            let mut points_sum = 0;
            let mut overs = 0;
            for step in 0..400 {
                let a = random_action(&g, &mut rng);
                let before = g.clone();
                actions += 1;
                match g.apply(&a) {
                    Err(_) => {
                        assert_eq!(
                            format!("{g:?}"),
                            format!("{before:?}"),
                            "{what}: refused {a:?} changed the game"
                        );
                        continue;
                    }
                    Ok(ev) => {
                        discarded += cards_gone(&a);
                        points_sum += points(&ev);
                        overs += ev.iter().filter(|e| matches!(e, Event::Over(_))).count();
                    }
                }
                let w = format!("{what} step {step} after {a:?}");
                assert!(g.lives <= before.lives, "{w}: lives grew");
                assert_eq!(
                    g.hand.len()
                        + g.deck.len()
                        + g.pieces.len()
                        + g.bench.len()
                        + g.destroyed.len()
                        + discarded,
                    cards,
                    "{w}: cards are conserved"
                );
                assert!(g.hand.len() <= p.file.hand as usize);
                assert_eq!(g.score, points_sum, "{w}: score is the sum of Points");
                assert!(overs <= 1, "{w}: over twice");
                assert_eq!(overs == 1, g.status != Status::Playing, "{w}");
                assert!(g.mines_done() >= before.mines_done());
                // Every mine done is a Wipe, unless the last one took the
                // last life.
                if g.mines_done() == g.mines_total() {
                    assert!(matches!(g.status, Status::Won | Status::LostLives), "{w}");
                } else {
                    assert_ne!(g.status, Status::Won, "{w}");
                }
                assert_pieces_sound(&g, stamina_max, &w);
                assert_cells_sound(&g, &before, &w);
                if step % 10 == 0 {
                    assert_sound(&g, &w);
                }
                if g.status != Status::Playing {
                    for _ in 0..5 {
                        let a = random_action(&g, &mut rng);
                        assert!(g.apply(&a).is_err(), "{w}: {a:?} accepted after the end");
                    }
                    ended[match g.status {
                        Status::Won => 0,
                        Status::LostLives => 1,
                        _ => 2,
                    }] += 1;
                    break;
                }
            }
        }
    }
    assert!(actions > 5000, "{actions} actions");
    assert!(
        ended.iter().all(|&e| e > 0),
        "wins, life losses and piece losses all happen: {ended:?}"
    );
}
