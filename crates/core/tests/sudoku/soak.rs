//! Sweeper Sudoku: a soak of random play on every preset: no action breaks the rules.

use super::*;

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
