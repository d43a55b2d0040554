//! Sweeper Sudoku (docs/rules.md §2): the generator, share codes, every rule of
//! the state machine on hand-made boards, the hint and rating, a soak of
//! random play, the presets and the `puzzle` command.

mod deduction;
mod end;
mod generator;
mod moves;
mod placing;
mod presets;
mod soak;

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
