//! Sweeper Sudoku: deduction, the hint and the rating, and what the public view hides.

use super::*;

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
