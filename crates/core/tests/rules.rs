//! Every rule of docs/rules.md §1, each with a test that fails when the rule breaks.

use minesweeper_core::chess::{
    CastlingRights, Color, DrawReason, Game, MoveKind, Outcome, Piece, Position, PositionError,
    Role, RuleSet, Square, SquareSet, Variant, WinReason, fen, notation,
};

pub use crate::support::{set, sq, with_mines};

pub fn play(pos: &mut Position, text: &str) -> minesweeper_core::chess::MoveReport {
    let m = notation::parse_move(pos, text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", fen::to_fen(pos)));
    pos.play_unchecked(m)
}

fn has_move(pos: &Position, text: &str) -> bool {
    notation::parse_move(pos, text).is_ok()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn board_is_8x10_with_the_standard_setup_and_white_first() {
    let v = Variant::classic();
    assert_eq!((v.files, v.ranks), (8, 10));
    let p = Position::new(&v, SquareSet::EMPTY).unwrap();
    assert_eq!(p.turn(), Color::White);
    assert_eq!(
        p.piece_at(sq("e1")),
        Some(Piece::new(Color::White, Role::King))
    );
    assert_eq!(
        p.piece_at(sq("d10")),
        Some(Piece::new(Color::Black, Role::Queen))
    );
    assert_eq!(
        p.piece_at(sq("a9")),
        Some(Piece::new(Color::Black, Role::Pawn))
    );
    for f in 0..8 {
        assert!(
            p.piece_at(Square::new(f, 2)).is_none(),
            "rank 3 starts empty"
        );
        assert!(
            p.piece_at(Square::new(f, 7)).is_none(),
            "rank 8 starts empty"
        );
    }
    let text = fen::to_fen(&p);
    assert!(text.starts_with(START), "{text}");
}

#[test]
fn fog_zone_is_ranks_4_to_7_and_holds_the_four_mines() {
    let v = Variant::classic();
    assert_eq!(v.fog_zone.len(), 32);
    assert!(v.fog_zone.iter().all(|s| (3..7).contains(&s.rank())));
    assert_eq!(v.mine_count, 4);
    let p = Position::new(&v, set(&["a4", "c5", "f6", "h7"])).unwrap();
    assert_eq!(p.fog().len(), 32, "the whole zone starts under fog");
    assert_eq!(p.mines_left(), 4, "the mine counter starts at four");
    assert!(
        Position::new(&v, set(&["e3"])).is_err(),
        "mines outside the zone are refused"
    );
}

#[test]
fn landing_lifts_one_ring_of_fog_without_cascade() {
    let mut p = with_mines(START, &["a7", "h7"], &[]);
    let r = play(&mut p, "Nf3");
    // f3 is outside the zone; its zone neighbours are e4, f4, g4.
    assert_eq!(r.lifted, set(&["e4", "f4", "g4"]));
    let r = play(&mut p, "Nc8");
    assert_eq!(r.lifted, set(&["b7", "c7", "d7"]));
    let r = play(&mut p, "Ne5");
    // e5 and its ring; e4 and f4 were open already. Counts there are 0, yet
    // nothing beyond the ring opens.
    assert_eq!(r.lifted, set(&["d4", "d5", "d6", "e5", "e6", "f5", "f6"]));
    assert!(p.fog().contains(sq("c5")) && p.fog().contains(sq("e7")));
}

#[test]
fn revealed_counts_show_neighbouring_mines() {
    let mut p = with_mines(START, &["d5", "f5", "a7"], &[]);
    play(&mut p, "e2e3");
    play(&mut p, "Nc8");
    play(&mut p, "e3e4");
    assert_eq!(p.revealed_count(sq("e4")), Some(2));
    assert_eq!(p.revealed_count(sq("e5")), Some(2));
    assert_eq!(p.revealed_count(sq("f4")), Some(1));
    assert_eq!(p.revealed_count(sq("d4")), Some(1));
    assert_eq!(
        p.revealed_count(sq("e7")),
        None,
        "fogged cells show nothing"
    );
    assert_eq!(
        p.revealed_count(sq("e3")),
        None,
        "cells outside the zone show nothing"
    );
    assert!(!p.fog().contains(sq("d5")), "a revealed mine is discovered");
}

#[test]
fn all_fog_lifts_when_every_mine_is_discovered_or_removed() {
    // Discovered: both mines' cells revealed.
    let mut p = with_mines(START, &["e5", "a7"], &[]);
    play(&mut p, "e2e3");
    play(&mut p, "Nc8");
    let r = play(&mut p, "e3e4");
    assert!(r.full_lift.is_empty(), "a7 is still hidden");
    assert!(!p.fog().contains(sq("e5")));
    let r = play(&mut p, "a9a8");
    assert!(!r.full_lift.is_empty(), "a7 revealed: every mine is known");
    assert!(p.fog().is_empty(), "all fog lifts for good");
    assert_eq!(p.mines_left(), 2, "discovered mines stay on the board");
    // Removed: the last hidden mine swept.
    let mut q = with_mines("4k3/8/8/8/8/8/8/4P3/8/4K3 w - - 0 1", &["e4"], &[]);
    assert_eq!(q.fog().len(), 32);
    let r = play(&mut q, "e3*");
    assert_eq!(r.full_lift.len(), 32);
    assert!(q.fog().is_empty());
}

#[test]
fn king_landing_on_a_mine_removes_it_unharmed() {
    let mut p = with_mines("4k3/8/8/8/8/8/8/4K3/8/8 w - - 0 1", &["e4", "a7"], &[]);
    let r = play(&mut p, "Ke4");
    assert_eq!(r.royal_sweep, Some(sq("e4")));
    assert!(r.blasts().next().is_none());
    assert_eq!(
        p.piece_at(sq("e4")),
        Some(Piece::new(Color::White, Role::King))
    );
    assert_eq!(p.mines_left(), 1);
}

#[test]
fn sapper_action_removes_the_mine_ahead_and_the_pawn_stays() {
    let mut p = with_mines("4k3/8/8/8/8/8/8/4P3/8/4K3 w - - 0 1", &["e4", "a7"], &[]);
    let r = play(&mut p, "e3*");
    assert_eq!(r.mv.kind, MoveKind::Sapper);
    assert_eq!(r.swept, Some(sq("e4")));
    assert_eq!(
        p.piece_at(sq("e3")),
        Some(Piece::new(Color::White, Role::Pawn))
    );
    assert_eq!(p.turn(), Color::Black, "the turn passes");
    assert_eq!(p.mines_left(), 1);
    assert!(p.fog().contains(sq("e4")), "the sapper action lifts no fog");
    // Safe with no mine there: a wasted move.
    let mut q = with_mines("4k3/8/8/8/8/8/8/4P3/8/4K3 w - - 0 1", &["a7"], &[]);
    let r = play(&mut q, "e3*");
    assert_eq!(r.swept, None);
    assert_eq!(q.mines_left(), 1);
    assert_eq!(q.turn(), Color::Black);
}

#[test]
fn pawn_moving_onto_a_mine_is_destroyed_and_the_mine_cleared() {
    let mut p = with_mines("4k3/8/8/8/8/8/8/4P3/8/4K3 w - - 0 1", &["e4", "a7"], &[]);
    let r = play(&mut p, "e3e4");
    assert_eq!(
        r.blasts().collect::<Vec<_>>(),
        vec![(sq("e4"), Piece::new(Color::White, Role::Pawn))]
    );
    assert!(p.piece_at(sq("e4")).is_none());
    assert_eq!(p.mines_left(), 1);
}

#[test]
fn other_pieces_landing_on_a_mine_are_destroyed() {
    for (fen_text, mv, target) in [
        ("4k3/8/8/8/8/8/8/8/8/4K1N1 w - - 0 1", "Nf3", "f3"),
        ("4k3/8/8/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra5", "a5"),
        ("4k3/8/8/8/8/8/8/8/8/3QK3 w - - 0 1", "Qd6", "d6"),
        ("4k3/8/8/8/8/8/8/8/8/4KB2 w - - 0 1", "Bc4", "c4"),
    ] {
        let zone_mine = if target == "f3" { "a7" } else { target };
        let mut p = with_mines(fen_text, &[zone_mine, "h7"], &[]);
        if target == "f3" {
            // f3 is outside the classic zone: put the mine there through FEN.
            let mut s = p.to_setup();
            s.zone.insert(sq("f3"));
            s.mines.insert(sq("f3"));
            p = Position::from_setup(s, *p.rules()).unwrap();
        }
        let r = play(&mut p, mv);
        assert_eq!(r.blasts().count(), 1, "{mv} should blow up");
        assert!(p.piece_at(sq(target)).is_none(), "{mv}: piece destroyed");
        assert!(!p.mines().contains(sq(target)), "{mv}: mine cleared");
    }
}

#[test]
fn a_mine_under_a_piece_is_no_position() {
    // A piece that lands on a mine sets it off (or, a king, removes it):
    // no game reaches a mine under a piece, so no FEN may describe one.
    let mut s = fen::parse_setup("4k3/8/8/8/3p4/8/8/8/8/3RK3 w - - 0 1").unwrap();
    s.zone = set(&["d6", "h7"]);
    s.mines = set(&["d6"]);
    let e = Position::from_setup(s, RuleSet::standard(8, 10)).unwrap_err();
    assert_eq!(e, PositionError::MineUnderPiece(sq("d6")));
    let e = fen::parse_standard("4k3/8/8/8/3p4/8/8/8/8/3RK3 w - - 0 1 8/8/8/8/3X4/8/8/8/8/8")
        .unwrap_err();
    assert!(
        e.to_string().contains("a mine lies under the piece on d6"),
        "{e}"
    );
}

#[test]
fn sliders_pass_over_mines_unharmed() {
    let mut p = with_mines("4k3/8/8/8/8/8/8/R7/8/4K3 w - - 0 1", &["a5", "h7"], &[]);
    let r = play(&mut p, "Ra7");
    assert!(r.blasts().next().is_none());
    assert_eq!(
        p.piece_at(sq("a7")),
        Some(Piece::new(Color::White, Role::Rook))
    );
    assert!(
        p.mines().contains(sq("a5")),
        "only the landing cell triggers"
    );
}

#[test]
fn sapper_action_is_not_available_in_check() {
    let p = with_mines("4k3/8/8/8/8/8/4r3/8/3P4/4K3 w - - 0 1", &["a7"], &[]);
    assert!(p.in_check());
    assert!(p.legal_moves().iter().all(|m| m.kind != MoveKind::Sapper));
    let q = with_mines("4k3/8/8/8/8/8/3r4/8/3P4/4K3 w - - 0 1", &["a7"], &[]);
    assert!(!q.in_check());
    assert!(has_move(&q, "d2*"));
}

#[test]
fn castling_follows_standard_rules() {
    let p = fen::parse_standard("r3k2r/8/8/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    assert!(has_move(&p, "O-O") && has_move(&p, "O-O-O"));
    let mut q = p.clone();
    let r = play(&mut q, "O-O");
    assert_eq!(r.rook, Some((sq("h1"), sq("f1"))));
    assert_eq!(
        q.piece_at(sq("g1")),
        Some(Piece::new(Color::White, Role::King))
    );
    assert_eq!(
        q.piece_at(sq("f1")),
        Some(Piece::new(Color::White, Role::Rook))
    );
    // Through an attacked cell (f1), out of check, into check: refused.
    let through = fen::parse_standard("r3k2r/8/8/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1").unwrap();
    assert!(!has_move(&through, "O-O") && has_move(&through, "O-O-O"));
    let in_check = fen::parse_standard("r3k2r/8/8/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1").unwrap();
    assert!(!has_move(&in_check, "O-O") && !has_move(&in_check, "O-O-O"));
    let into = fen::parse_standard("r3k2r/8/8/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1").unwrap();
    assert!(!has_move(&into, "O-O"));
    // A moved king or rook loses the right.
    let mut moved = p.clone();
    play(&mut moved, "Rh2");
    play(&mut moved, "Ra9");
    play(&mut moved, "Rh1");
    play(&mut moved, "Ra10");
    assert!(!has_move(&moved, "O-O") && has_move(&moved, "O-O-O"));
    // A piece in the corridor blocks it.
    let blocked = fen::parse_standard("r3k2r/8/8/8/8/8/8/8/8/R3KB1R w KQkq - 0 1").unwrap();
    assert!(!has_move(&blocked, "O-O"));
}

#[test]
fn mines_in_the_castling_corridor_count_as_empty_and_the_king_sweeps_them() {
    // A board whose fog zone reaches the back rank: mines on f1 and g1.
    let fen_text = "r3k2r/8/8/8/8/8/8/8/8/R3K2R w KQkq - 0 1 8/8/8/8/8/8/8/8/8/5xx1";
    let mut p = fen::parse_standard(fen_text).unwrap();
    assert!(has_move(&p, "O-O"), "hidden mines never block castling");
    let r = play(&mut p, "O-O");
    assert_eq!(
        r.royal_sweep,
        Some(sq("g1")),
        "the king lands on g1 and removes its mine"
    );
    // The rook lands on f1 like any other piece: a mine there destroys it.
    assert_eq!(
        r.blasts().collect::<Vec<_>>(),
        vec![(sq("f1"), Piece::new(Color::White, Role::Rook))]
    );
    assert_eq!(p.mines_left(), 0);
}

#[test]
fn pawns_promote_to_a_queen_on_the_far_rank() {
    let p = fen::parse_standard("8/P7/7k/8/8/8/8/8/7p/4K3 w - - 0 1").unwrap();
    let promos: Vec<_> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == sq("a9") && m.kind != MoveKind::Sapper)
        .collect();
    assert_eq!(promos.len(), 1);
    assert_eq!(promos[0].kind, MoveKind::Promotion(Role::Queen));
    let mut p = p;
    play(&mut p, "a10=Q");
    assert_eq!(
        p.piece_at(sq("a10")),
        Some(Piece::new(Color::White, Role::Queen))
    );
    play(&mut p, "h1=Q");
    assert_eq!(
        p.piece_at(sq("h1")),
        Some(Piece::new(Color::Black, Role::Queen))
    );
}

#[test]
fn there_is_no_en_passant() {
    let mut p = fen::parse_standard("4k3/8/8/8/8/8/3p4/8/4P3/4K3 w - - 0 1").unwrap();
    play(&mut p, "e2e4");
    assert!(!has_move(&p, "d4e3"), "no en passant capture");
    // The en passant field of a FEN is accepted and ignored.
    let q = fen::parse_standard("4k3/8/8/8/8/8/3pP3/8/8/4K3 b - e3 0 1").unwrap();
    assert!(!has_move(&q, "d4e3"));
}

#[test]
fn there_is_no_fifty_move_rule() {
    let p = fen::parse_standard("4k3/8/8/8/8/8/8/8/8/R3K3 w - - 180 120").unwrap();
    assert_eq!(p.outcome(), None);
    let mut g = Game::from_position(p);
    for m in ["Ra2", "Kd10", "Ra3", "Ke10", "Ra4", "Kd10", "Ra5", "Ke10"] {
        let mv = notation::parse_move(g.position(), m).unwrap();
        g.play(mv).unwrap();
    }
    assert_eq!(g.outcome(), None);
}

#[test]
fn check_must_be_answered() {
    let p = fen::parse_standard("4k3/8/8/8/8/8/8/8/4r3/4K3 w - - 0 1").unwrap();
    assert!(p.in_check());
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 3);
    for m in moves {
        let mut q = p.clone();
        q.play_unchecked(m);
        assert!(
            !q.king_attacked(Color::White),
            "{m} leaves the king in check"
        );
    }
    // A pinned piece may not leave the line.
    let pin = fen::parse_standard("4k3/4r3/8/8/8/8/8/4B3/8/4K3 w - - 0 1").unwrap();
    assert!(pin.legal_moves().iter().all(|m| m.from != sq("e3")));
}

#[test]
fn checkmate_wins_and_stalemate_draws() {
    let mate = fen::parse_standard("7k/6Q1/6K1/8/8/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Checkmate
        })
    );
    let stale = fen::parse_standard("7k/8/8/8/8/8/8/8/2q5/K7 w - - 0 1").unwrap();
    assert_eq!(stale.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    // A pinned pawn cannot step but, while a mine is hidden, can sweep: the
    // sweep is a move, so this is no stalemate.
    let fen_text = "7k/8/8/8/8/8/3b4/8/1P1n4/K1n5 w - - 0 1";
    let saved = with_mines(fen_text, &["h7"], &[]);
    let moves: Vec<String> = saved.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, vec!["b2b3*"]);
    assert_eq!(saved.outcome(), None);
    // After the full lift (no fog: no mine hidden) the game is standard
    // chess and the sweep is no free pass (Decision 8): stalemate.
    let lifted = fen::parse_standard(fen_text).unwrap();
    assert!(lifted.fog().is_empty());
    assert!(lifted.legal_moves().is_empty());
    assert_eq!(lifted.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    let rules = RuleSet {
        sapper: false,
        ..*saved.rules()
    };
    let plain = Position::from_setup(saved.to_setup(), rules).unwrap();
    assert_eq!(plain.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
}

#[test]
fn hidden_mines_never_decide_legality() {
    // Same visible position, different hidden layouts: same legal moves.
    let a = with_mines(START, &["a4", "b5", "c6", "d7"], &[]);
    let b = with_mines(START, &["e4", "f5", "g6", "h7"], &[]);
    let c = with_mines(START, &["a5", "b6", "g4", "h5"], &[]);
    assert_eq!(a.legal_moves(), b.legal_moves());
    assert_eq!(a.legal_moves(), c.legal_moves());
    // A discovered mine is known and a move onto it stays legal.
    let mut d = with_mines(
        "4k3/8/8/8/8/8/8/4P3/8/4K3 w - - 0 1",
        &["e4", "a7"],
        &["e4"],
    );
    assert!(!d.fog().contains(sq("e4")));
    assert!(has_move(&d, "e3e4"));
    assert_eq!(play(&mut d, "e3e4").blasts().count(), 1);
}

#[test]
fn a_blast_that_exposes_the_own_king_loses() {
    // The rook on e2 shields its king from the rook on e10; it moves along
    // the file onto a hidden mine and is destroyed.
    let mut p = with_mines("4r2k/8/8/8/8/8/8/8/4R3/4K3 w - - 0 1", &["e5", "a7"], &[]);
    assert!(has_move(&p, "Re5"), "legal on what can be seen");
    let r = play(&mut p, "Re5");
    assert!(r.self_destructed);
    assert_eq!(
        p.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: WinReason::Blast
        })
    );
    assert!(p.legal_moves().is_empty(), "the game is over");
    // A blast that exposes nothing just loses the piece.
    let mut q = with_mines("7k/8/8/8/8/8/8/8/4R3/4K3 w - - 0 1", &["e5", "a7"], &[]);
    let r = play(&mut q, "Re5");
    assert!(!r.self_destructed);
    assert_eq!(
        q.outcome(),
        Some(Outcome::Draw(DrawReason::InsufficientMaterial))
    );
}

#[test]
fn sapper_notation_and_pinned_pawns() {
    let p = with_mines(START, &["a7"], &[]);
    let m = notation::parse_move(&p, "e2*").unwrap();
    assert_eq!(notation::san_base(&p, m, &p.legal_moves()), "e2*");
    assert_eq!(m.to_string(), "e2e3*");
    // A pinned pawn may still sweep: it does not move.
    let pinned = with_mines("4k3/8/8/8/8/8/7b/8/5P2/4K3 w - - 0 1", &["a7"], &[]);
    assert!(!has_move(&pinned, "f2f3"));
    assert!(has_move(&pinned, "f2*"));
}

#[test]
fn a_destroyed_piece_lands_first_and_lifts_the_fog() {
    let mut p = with_mines("4k3/8/8/8/8/8/8/8/8/4K3 w - - 0 1", &["e5", "a7"], &[]);
    let mut s = p.to_setup();
    s.pieces
        .push((sq("d3"), Piece::new(Color::White, Role::Knight)));
    p = Position::from_setup(s, *p.rules()).unwrap();
    let r = play(&mut p, "Ne5");
    assert_eq!(r.blasts().count(), 1);
    assert_eq!(
        r.lifted,
        set(&["d4", "d5", "d6", "e4", "e5", "e6", "f4", "f5", "f6"])
    );
}

#[test]
fn double_step_passes_over_a_mine() {
    let fen_text = "4k3/8/8/8/8/8/8/8/4P3/4K3 w - - 0 1 8/8/8/8/8/8/8/4x3/8/8";
    let mut p = fen::parse_standard(fen_text).unwrap();
    let r = play(&mut p, "e2e4");
    assert!(r.blasts().next().is_none());
    assert_eq!(
        p.piece_at(sq("e4")),
        Some(Piece::new(Color::White, Role::Pawn))
    );
    assert!(p.mines().contains(sq("e3")));
}

#[test]
fn counts_only_count_mines_still_on_the_board() {
    let mut p = with_mines(
        "4k3/8/8/8/8/4P3/8/8/8/4K3 w - - 0 1",
        &["d6", "e6"],
        &["d5"],
    );
    assert_eq!(p.revealed_count(sq("d5")), Some(2));
    play(&mut p, "e5*");
    assert_eq!(
        p.revealed_count(sq("d5")),
        Some(1),
        "the swept mine no longer counts"
    );
}

#[test]
fn threefold_repetition_and_insufficient_material_draw() {
    let mut g = Game::new(&Variant::classic(), set(&["a5", "c5", "f6", "h6"])).unwrap();
    // After Nf3 Nf8 the fog is settled; that position recurs after plies 6
    // and 10, the third time.
    let shuffle = ["Nf3", "Nf8", "Ng1", "Ng10"];
    for m in shuffle.iter().cycle().take(10) {
        let mv = notation::parse_move(g.position(), m).unwrap();
        assert!(g.outcome().is_none());
        g.play(mv).unwrap();
    }
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));

    for (text, drawn) in [
        ("4k3/8/8/8/8/8/8/8/8/4K3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/8/8/2B1K3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/8/8/1N2K3 w - - 0 1", true),
        ("2b1k3/8/8/8/8/8/8/8/8/3BK3 w - - 0 1", true),
        ("3bk3/8/8/8/8/8/8/8/8/3BK3 w - - 0 1", false),
        ("4k3/8/8/8/8/8/8/8/8/1NN1K3 w - - 0 1", false),
        ("4k3/8/8/8/8/8/8/8/P7/4K3 w - - 0 1", false),
    ] {
        let p = fen::parse_standard(text).unwrap();
        assert_eq!(p.insufficient_material(), drawn, "{text}");
    }
}

#[test]
fn resignation_and_agreement_end_the_game() {
    let mut g = Game::new(&Variant::classic(), SquareSet::EMPTY).unwrap();
    g.resign();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: WinReason::Resignation
        })
    );
    let mut g = Game::new(&Variant::classic(), SquareSet::EMPTY).unwrap();
    g.agree_draw();
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
    let mv = notation::parse_move(g.position(), "e2e4").unwrap();
    assert!(g.play(mv).is_err(), "no moves after the end");
}

#[test]
fn mine_counter_and_public_view_agree() {
    let p = with_mines(START, &["a4", "b5", "c6", "d7"], &[]);
    let public = p.public_view();
    assert_eq!(public.mines_left(), 4);
    assert!(
        public.position().mines().is_empty(),
        "hidden mines are not in the public view"
    );
    assert_eq!(public.hidden_mines(), 4);
}

#[test]
fn fen_minefield_round_trips_through_play() {
    let mut p = with_mines(START, &["a4", "e5", "c6", "h7"], &[]);
    for m in ["e2e3", "Nc8", "e3e4", "Nd6", "Nf3"] {
        play(&mut p, m);
        let text = fen::to_fen(&p);
        let back = fen::parse_standard(&text).unwrap();
        assert_eq!(fen::to_fen(&back), text);
        assert_eq!(back.mines(), p.mines());
        assert_eq!(back.fog(), p.fog());
    }
    let _ = CastlingRights::ALL;
}

#[test]
fn malformed_fen_is_an_error_never_a_panic() {
    use rand::{Rng, SeedableRng};
    let base = format!("{START} 8/8/8/ffxfffff/ffffffff/ooooXfff/fffffffx/8/8/8");
    let alphabet: Vec<char> = "0123456789/ kqrbnpKQRBNPwfxoX-12abcdefgh*=+#"
        .chars()
        .collect();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
    let mut parsed = 0;
    for _ in 0..20_000 {
        let mut text: Vec<char> = base.chars().collect();
        for _ in 0..rng.random_range(1..4) {
            let i = rng.random_range(0..text.len());
            match rng.random_range(0..3) {
                0 => text[i] = alphabet[rng.random_range(0..alphabet.len())],
                1 => {
                    text.remove(i);
                }
                _ => text.insert(i, alphabet[rng.random_range(0..alphabet.len())]),
            }
        }
        let text: String = text.into_iter().collect();
        if let Ok(p) = fen::parse_standard(&text) {
            parsed += 1;
            // Whatever parses is a usable position that writes itself back.
            let again = fen::parse_standard(&fen::to_fen(&p)).expect("round trip");
            assert_eq!(fen::to_fen(&again), fen::to_fen(&p));
            for m in p.legal_moves() {
                let mut q = p.clone();
                q.play_unchecked(m);
            }
        }
    }
    assert!(parsed > 100, "some mutations stay valid ({parsed})");
}

/// Thousands of random games on random layouts across every preset, through
/// the pure rules (the ECS soak in `tests/ecs/invariants.rs` covers the
/// entities).
#[test]
fn soak_random_games_through_the_rules() {
    use minesweeper_core::chess::mines::random_layout;
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(77);
    let variants: Vec<Variant> = minesweeper_core::chess::preset::BUILTIN
        .iter()
        .map(|(f, t)| {
            minesweeper_core::chess::preset::parse(f, t)
                .unwrap()
                .variant
        })
        .collect();
    let mut endings = std::collections::HashMap::new();
    for game in 0..5000 {
        let v = &variants[game % variants.len()];
        let mines = random_layout(&v.fog_zone, v.mine_count as usize, &mut rng);
        let mut g = Game::new(v, mines).unwrap();
        for _ in 0..150 {
            if g.outcome().is_some() {
                break;
            }
            let before = g.position().clone();
            let moves = before.public_view().legal_moves();
            assert_eq!(
                moves,
                before.legal_moves(),
                "legal moves ignore hidden mines"
            );
            let Some(&m) = moves.choose(&mut rng) else {
                break;
            };
            g.play(m).unwrap();
            let p = g.position();
            assert!(p.mines().difference(&v.fog_zone).is_empty());
            assert!(p.mines_left() <= before.mines_left());
            for (s, _) in p.pieces() {
                assert!(!p.fog().contains(s), "fog over a piece on {s}");
                assert!(!p.mines().contains(s), "a piece stands on a mine on {s}");
            }
            if g.outcome().is_none() {
                let kings = |c| {
                    p.pieces()
                        .filter(|(_, x)| *x == Piece::new(c, Role::King))
                        .count()
                };
                assert_eq!((kings(Color::White), kings(Color::Black)), (1, 1));
                assert!(
                    !p.king_attacked(!p.turn()),
                    "the side that moved is not in check"
                );
            }
            if !p.fog().is_empty() {
                assert!(
                    !p.mines().intersection(p.fog()).is_empty(),
                    "fog stays only while a mine hides"
                );
            }
        }
        *endings.entry(format!("{:?}", g.outcome())).or_insert(0) += 1;
    }
    // Random play reaches the game's endings, blasts included.
    assert!(endings.keys().any(|k| k.contains("Blast")), "{endings:?}");
    assert!(
        endings.keys().any(|k| k.contains("Checkmate")),
        "{endings:?}"
    );
}
