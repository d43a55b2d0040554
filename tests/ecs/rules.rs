//! The rules acting on entities through the schedule: a new game's board,
//! the mines and the fog, the royal sapper, castling, promotion, check and
//! mate, refused requests, undo, resignation, draws and saved games.

use bevy::prelude::*;
use minesweeper_chess::chess::ecs::*;
use minesweeper_core::chess::{
    Color as Side, DrawReason, Move, Outcome, Piece, Role, WinReason, fen,
};

use super::{app, cells, count_at, piece_at, pieces, play, request, snapshot, start};
use crate::support::{set, sq, with_mines};

#[test]
fn a_new_game_spawns_squares_pieces_fog_and_mines() {
    let mut app = app();
    let mut q = app.world_mut().query::<&BoardSquare>();
    assert_eq!(q.iter(app.world()).count(), 80);
    assert_eq!(pieces(&mut app).len(), 32);
    assert_eq!(cells::<Fog>(&mut app).len(), 32);
    let mines = cells::<Mine>(&mut app);
    assert_eq!(mines.len(), 4);
    assert!(mines.iter().all(|m| (3..7).contains(&m.rank())));
    let state = app.world().resource::<ChessGame>();
    assert_eq!(state.turn(), Side::White);
    assert_eq!(state.mines_at_start, 4);
}

#[test]
fn the_mine_seed_decides_the_layout_and_new_games_differ() {
    let mut a = app();
    let mut b = app();
    assert_eq!(
        cells::<Mine>(&mut a),
        cells::<Mine>(&mut b),
        "same seed, same mines"
    );
    let first = cells::<Mine>(&mut a);
    let mut differs = false;
    for _ in 0..5 {
        a.world_mut().write_message(NewGameRequested::fresh());
        a.update();
        differs |= cells::<Mine>(&mut a) != first;
    }
    assert!(differs, "new games get new layouts");
}

/// A whole scripted game showing the mine and fog rules acting on entities.
#[test]
fn scripted_game_shows_every_rule_on_entities() {
    let mut app = app();
    let position = with_mines(
        "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["d5", "e6", "c7", "h4"],
        &[],
    );
    start(&mut app, position);

    // Landing lifts one ring of fog; counts appear on revealed cells.
    let h = play(&mut app, "Nf3");
    assert_eq!(h.moved.len(), 1);
    assert_eq!(h.fog[0].cells, vec![sq("e4"), sq("f4"), sq("g4")]);
    assert!(!cells::<Fog>(&mut app).contains(sq("g4")));
    assert_eq!(count_at(&mut app, sq("g4")), Some(1), "h4 is next to g4");
    assert_eq!(count_at(&mut app, sq("e4")), Some(1), "d5 is next to e4");
    assert_eq!(count_at(&mut app, sq("f4")), Some(0));
    assert_eq!(count_at(&mut app, sq("e5")), None, "still fogged");
    play(&mut app, "a9a8");

    // A double step lands on d4 and discovers the mine on d5.
    let h = play(&mut app, "d2d4");
    assert!(h.fog[0].cells.contains(&sq("d5")));
    assert!(cells::<Mine>(&mut app).contains(sq("d5")));
    play(&mut app, "a8a7");

    // Sapper action: the pawn stays, the mine goes, no fog lifts.
    let h = play(&mut app, "d4*");
    assert_eq!(
        h.sapper,
        vec![SapperUsed {
            pawn: sq("d4"),
            target: sq("d5")
        }]
    );
    assert_eq!(
        h.swept,
        vec![MineSwept {
            at: sq("d5"),
            by_king: false
        }]
    );
    assert!(h.fog.is_empty());
    assert_eq!(
        piece_at(&mut app, sq("d4")),
        Some(Piece::new(Side::White, Role::Pawn))
    );
    assert!(!cells::<Mine>(&mut app).contains(sq("d5")));
    assert_eq!(
        count_at(&mut app, sq("e4")),
        Some(0),
        "counts drop when a mine goes"
    );

    // Black's knight discovers c7 from outside the zone.
    play(&mut app, "Nc8");
    assert!(!cells::<Fog>(&mut app).contains(sq("c7")));
    assert!(cells::<Mine>(&mut app).contains(sq("c7")));

    // A knight lands on the hidden mine on h4: the fog lifts around it first,
    // then knight and mine are gone.
    let h = play(&mut app, "Nh4");
    assert_eq!(
        h.exploded,
        vec![MineExploded {
            at: sq("h4"),
            piece: Piece::new(Side::White, Role::Knight)
        }]
    );
    assert!(h.fog[0].cells.contains(&sq("h5")) && h.fog[0].cells.contains(&sq("g5")));
    assert!(piece_at(&mut app, sq("h4")).is_none());
    assert!(!cells::<Mine>(&mut app).contains(sq("h4")));
    assert_eq!(count_at(&mut app, sq("g4")), Some(0));
    assert_eq!(cells::<Mine>(&mut app).len(), 2, "the mine counter");

    // Nd6 discovers e6: every mine left is known, so all fog lifts.
    let h = play(&mut app, "Nd6");
    assert!(h.fog.iter().any(|f| f.full), "the full lift");
    assert!(cells::<Fog>(&mut app).is_empty());
    assert_eq!(cells::<Mine>(&mut app), set(&["c7", "e6"]));
    assert_eq!(count_at(&mut app, sq("d7")), Some(2));

    let state = app.world().resource::<ChessGame>();
    let sans: Vec<&str> = state.moves().iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, ["Nf3", "a8", "d4", "a7", "d4*", "Nc8", "Nh4", "Nd6"]);
    assert_eq!(state.turn(), Side::White);
}

#[test]
fn royal_sapper_castling_promotion_check_and_mate_on_entities() {
    let mut app = app();
    // Royal sapper: the king keeps walking, the mine is gone.
    start(
        &mut app,
        with_mines("4k3/8/8/8/8/8/8/4K3/8/R7 w - - 0 1", &["e4", "a7"], &[]),
    );
    let h = play(&mut app, "Ke4");
    assert_eq!(
        h.swept,
        vec![MineSwept {
            at: sq("e4"),
            by_king: true
        }]
    );
    assert_eq!(
        piece_at(&mut app, sq("e4")),
        Some(Piece::new(Side::White, Role::King))
    );
    assert_eq!(cells::<Mine>(&mut app).len(), 1);

    // Castling moves the rook entity too.
    start(
        &mut app,
        fen::parse_standard("r3k2r/8/8/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap(),
    );
    let h = play(&mut app, "O-O");
    assert_eq!(h.moved[0].rook, Some((sq("h1"), sq("f1"))));
    assert_eq!(
        piece_at(&mut app, sq("f1")),
        Some(Piece::new(Side::White, Role::Rook))
    );
    assert_eq!(
        piece_at(&mut app, sq("g1")),
        Some(Piece::new(Side::White, Role::King))
    );
    let h = play(&mut app, "O-O-O");
    assert_eq!(
        piece_at(&mut app, sq("d10")),
        Some(Piece::new(Side::Black, Role::Rook))
    );
    assert!(h.check.is_empty());

    // Promotion turns the pawn entity into a queen, and it gives check.
    start(
        &mut app,
        fen::parse_standard("4k3/P7/8/8/8/8/8/8/8/4K3 w - - 0 1").unwrap(),
    );
    let h = play(&mut app, "a10=Q+");
    assert_eq!(h.moved[0].piece, Piece::new(Side::White, Role::Queen));
    assert_eq!(
        piece_at(&mut app, sq("a10")),
        Some(Piece::new(Side::White, Role::Queen))
    );
    assert_eq!(
        h.check,
        vec![CheckGiven {
            side: Side::Black,
            king: sq("e10")
        }]
    );

    // Mate ends the game; later requests are refused.
    start(
        &mut app,
        fen::parse_standard("7k/8/6K1/8/8/8/8/8/8/Q7 w - - 0 1").unwrap(),
    );
    let h = play(&mut app, "Qa9");
    assert!(h.over.is_empty());
    play(&mut app, "Kg10");
    let h = play(&mut app, "Qg9#");
    assert_eq!(
        h.over,
        vec![GameOver(Outcome::Decisive {
            winner: Side::White,
            reason: WinReason::Checkmate
        })]
    );
    let m = Move {
        from: sq("g10"),
        to: sq("h10"),
        kind: minesweeper_core::chess::MoveKind::Normal,
    };
    let h = request(&mut app, m);
    assert_eq!(
        h.rejected[0].reason,
        minesweeper_core::chess::Refusal::GameOver
    );
}

#[test]
fn a_blast_that_exposes_the_king_ends_the_game_through_the_schedule() {
    let mut app = app();
    start(
        &mut app,
        with_mines("4r2k/8/8/8/8/8/8/8/4R3/4K3 w - - 0 1", &["e5", "a7"], &[]),
    );
    let h = play(&mut app, "Re5");
    assert_eq!(h.exploded.len(), 1);
    assert_eq!(
        h.over,
        vec![GameOver(Outcome::Decisive {
            winner: Side::Black,
            reason: WinReason::Blast
        })]
    );
    assert!(h.check.is_empty(), "no check message for a finished game");
}

#[test]
fn illegal_requests_get_a_reason_and_change_nothing() {
    let mut app = app();
    start(
        &mut app,
        with_mines(
            "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["a4", "b5", "c6", "d7"],
            &[],
        ),
    );
    let before = pieces(&mut app);
    for (from, to, why) in [
        ("e2", "e5", "cannot go to e5"),
        ("e9", "e8", "white's turn"),
        ("e4", "e5", "no piece on e4"),
    ] {
        let m = Move {
            from: sq(from),
            to: sq(to),
            kind: minesweeper_core::chess::MoveKind::Normal,
        };
        let h = request(&mut app, m);
        assert_eq!(h.rejected.len(), 1);
        let text = h.rejected[0].reason.to_string();
        assert!(text.contains(why), "{text}");
    }
    assert_eq!(pieces(&mut app), before);
    assert_eq!(app.world().resource::<ChessGame>().turn(), Side::White);
}

#[test]
fn undo_resign_and_draw_by_agreement() {
    let mut app = app();
    start(
        &mut app,
        with_mines(
            "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["e4", "b5", "c6", "d7"],
            &[],
        ),
    );
    let before = snapshot(&mut app);
    let h = play(&mut app, "e2e3");
    assert!(!h.fog.is_empty());
    play(&mut app, "a9a8");
    let h = play(&mut app, "e3e4");
    assert_eq!(h.exploded.len(), 1);
    assert_eq!(cells::<Mine>(&mut app).len(), 3, "the pawn blew up on e4");
    for _ in 0..3 {
        app.world_mut().write_message(GameCommand::Undo);
        app.update();
    }
    // Back to the start as both players knew it; the mines are dealt
    // afresh (Decision 11), so the blast at e4 tells nothing.
    assert_eq!(
        fen::to_public_fen(&snapshot(&mut app)),
        fen::to_public_fen(&before)
    );
    assert_eq!(cells::<Mine>(&mut app).len(), 4);
    assert!(app.world().resource::<ChessGame>().moves().is_empty());

    app.world_mut().write_message(GameCommand::Resign);
    app.update();
    assert_eq!(
        app.world().resource::<ChessGame>().outcome(),
        Some(Outcome::Decisive {
            winner: Side::Black,
            reason: WinReason::Resignation
        })
    );
    app.world_mut().write_message(NewGameRequested::fresh());
    app.update();
    app.world_mut().write_message(GameCommand::AgreeDraw);
    app.update();
    assert_eq!(
        app.world().resource::<ChessGame>().outcome(),
        Some(Outcome::Draw(DrawReason::Agreement))
    );
}

/// A game saved as text comes back move for move, with everything both
/// players saw (its hidden mines dealt afresh); a damaged save is an error
/// with a place, never a panic.
#[test]
fn saved_games_resume_exactly_and_corrupt_ones_are_refused() {
    use minesweeper_chess::chess::ecs::presets::PresetLibrary;
    use minesweeper_chess::chess::ecs::save::{current_record, read_record};
    let mut app = app();
    start(
        &mut app,
        with_mines(
            "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["d5", "e6", "c7", "h4"],
            &[],
        ),
    );
    for m in ["Nf3", "a9a8", "d2d4", "a8a7", "d4*", "Nc8", "Nh4", "Nd6"] {
        play(&mut app, m);
    }
    let text = {
        let world = app.world();
        let state = world.resource::<ChessGame>();
        let variant = &world.resource::<ActiveVariant>().0;
        current_record(variant, state, "classic.ron").expect("a game with moves has a record")
    };
    assert!(text.contains("[Preset \"classic.ron\"]"), "{text}");
    let library = PresetLibrary::builtin();
    let (rec, variant) = read_record(&text, &library, 9).expect("the record reads back");

    let mut other = self::app();
    other.world_mut().write_message(NewGameRequested {
        variant: Some(variant),
        seed: None,
        position: Some(rec.start.clone()),
        moves: rec.game.moves().iter().map(|m| m.mv).collect(),
        seen: None,
    });
    for _ in 0..12 {
        other.update();
    }
    assert_eq!(
        fen::to_public_fen(&snapshot(&mut other)),
        fen::to_public_fen(&snapshot(&mut app))
    );
    let sans = |a: &App| -> Vec<String> {
        a.world()
            .resource::<ChessGame>()
            .moves()
            .iter()
            .map(|m| m.san.clone())
            .collect()
    };
    assert_eq!(sans(&other), sans(&app));

    // Damage: a move that cannot be played, a broken FEN, plain garbage.
    let broken = text.replace("Nh4", "Nh9");
    let e = read_record(&broken, &library, 9).unwrap_err();
    assert!(e.message.contains("Nh9"), "{e}");
    assert!(read_record(&text.replace("[FEN \"rnbq", "[FEN \"xnbq"), &library, 9).is_err());
    assert!(read_record("\u{0}\u{1}garbage", &library, 9).is_err());
}
