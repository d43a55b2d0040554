//! Sweeper Sudoku: discards and the hand; blocks, lives and how a board ends.

use super::*;

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
