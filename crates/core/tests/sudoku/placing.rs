//! Sweeper Sudoku: placing a card on a cell, and the sensors a piece leaves.

use super::*;

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
