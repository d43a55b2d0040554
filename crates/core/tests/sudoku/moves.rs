//! Sweeper Sudoku: board moves, the knight's flag-jumps and probes.

use super::*;

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
