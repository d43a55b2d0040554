//! Whole games through the server: the moves, what each side and a
//! spectator are told, the quick-game queue, draws and rematches.

use minesweeper_core::chess::Color;
use minesweeper_core::online::protocol::{ClientMsg, ErrorCode, ServerMsg};

use crate::support::{
    TestServer, create, fixed, moved, over, pair, play, seated, started, watcher,
};

/// A game to checkmate in which a sweep removes e4's mine, a knight blows
/// up on d5, the fog lifts entirely (a7 and b7 were seen), and White mates
/// on f9 (Qxf9, the bishop on b5 guarding it).
const SCRIPT: [&str; 15] = [
    "e2e3", "a9a8", "e3e4*", "h9h8", "b1c3", "g10f8", "c3d5", "a10a9", "d1h5", "h10h9", "f1b5",
    "a9a10", "h5h7", "a10a9", "h7f9",
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_to_checkmate_and_a_spectator_sees_every_move() {
    let server = TestServer::start(
        crate::support::fresh_db(),
        Some(fixed(&["e4", "d5", "a7", "b7"])),
    )
    .await;
    let (mut w, mut b, seat, _) = pair(&server, Some("5+3")).await;
    let mut spectator = watcher(&server, &seat.code).await;
    match spectator.recv().await.unwrap() {
        ServerMsg::Game { you, fen, .. } => {
            assert_eq!(you, None, "a spectator holds no seat");
            assert!(fen.contains('?'), "the spectator sees fog: {fen}");
        }
        other => panic!("expected the game, got {other:?}"),
    }
    let mut seen = Vec::new();
    for (i, mv) in SCRIPT.iter().enumerate() {
        let ply = i as u32 + 1;
        let (mover, other) = if i % 2 == 0 {
            (&mut w, &mut b)
        } else {
            (&mut b, &mut w)
        };
        let mine = play(mover, ply, mv).await;
        let theirs = moved(other, ply).await;
        let watched = moved(&mut spectator, ply).await;
        assert_eq!(mine, theirs, "both players are told the same");
        let (ServerMsg::Moved { view, .. }, ServerMsg::Moved { view: v2, .. }) = (&mine, &watched)
        else {
            unreachable!()
        };
        assert_eq!(view, v2, "the spectator is told the same");
        seen.push(view.clone());
    }
    assert_eq!(
        seen[2].swept.as_deref(),
        Some("e4"),
        "the sweep found e4's mine"
    );
    assert_eq!(
        seen[6].blasts,
        vec![("d5".to_string(), 'N')],
        "the knight blew up on d5"
    );
    assert!(
        !seen[6].full_lift.is_empty(),
        "every mine left was known: the fog lifted"
    );
    assert!(seen[..6].iter().all(|v| v.full_lift.is_empty()));
    assert_eq!(seen[14].san, "Qxf9#");
    for bot in [&mut w, &mut b, &mut spectator] {
        let end = over(bot).await;
        assert_eq!(
            (end.result.as_str(), end.why.as_str()),
            ("1-0", "checkmate")
        );
        assert!(
            end.layout.contains("a7") || !end.layout.contains('?'),
            "the end shows every mine"
        );
    }
    // After the end nobody may move.
    b.send(&ClientMsg::Move {
        ply: 16,
        mv: "a9a10".into(),
    })
    .await
    .unwrap();
    let refused = b
        .until(|m| match m {
            ServerMsg::Error { code, .. } => Some(*code),
            _ => None,
        })
        .await
        .unwrap();
    assert_eq!(refused, ErrorCode::GameOver);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_games_pair_two_players_with_the_same_time_control() {
    let server = TestServer::start(crate::support::fresh_db(), None).await;
    let mut a = server.bot().await;
    let mut other_time = server.bot().await;
    let mut b = server.bot().await;
    a.send(&ClientMsg::Quick {
        time: Some("3+2".into()),
        rated: false,
    })
    .await
    .unwrap();
    assert_eq!(a.recv().await.unwrap(), ServerMsg::Waiting);
    other_time
        .send(&ClientMsg::Quick {
            time: Some("10+5".into()),
            rated: false,
        })
        .await
        .unwrap();
    assert_eq!(
        other_time.recv().await.unwrap(),
        ServerMsg::Waiting,
        "another time control waits apart"
    );
    b.send(&ClientMsg::Quick {
        time: Some("3+2".into()),
        rated: false,
    })
    .await
    .unwrap();
    let mut sides = Vec::new();
    let mut codes = Vec::new();
    for bot in [&mut a, &mut b] {
        let s = seated(bot).await;
        codes.push(s.code);
        match started(bot).await {
            ServerMsg::Game {
                you, time, clock, ..
            } => {
                assert_eq!(time.as_deref(), Some("3+2"));
                let c = clock.expect("a timed game");
                assert_eq!(c.running, Some(Color::White), "White's clock runs");
                assert!(c.white_ms <= 180_000 && c.white_ms > 170_000, "{c:?}");
                sides.push(you.unwrap());
            }
            _ => unreachable!(),
        }
    }
    assert_eq!(codes[0], codes[1], "one game for both");
    assert_ne!(sides[0], sides[1], "one of each colour");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_offer_is_shown_declined_by_a_move_and_agreed_then_a_rematch_swaps_colours() {
    let server = TestServer::start(
        crate::support::fresh_db(),
        Some(fixed(&["a7", "b7", "g7", "h7"])),
    )
    .await;
    let (mut w, mut b, seat, _) = pair(&server, None).await;
    w.send(&ClientMsg::OfferDraw).await.unwrap();
    for bot in [&mut w, &mut b] {
        let by = bot
            .until(|m| match m {
                ServerMsg::DrawOffered { by } => Some(*by),
                _ => None,
            })
            .await
            .unwrap();
        assert_eq!(by, Color::White);
    }
    // One offer per move: asking again is refused.
    w.send(&ClientMsg::OfferDraw).await.unwrap();
    assert!(matches!(
        w.recv().await.unwrap(),
        ServerMsg::Error {
            code: ErrorCode::BadRequest,
            ..
        }
    ));
    play(&mut w, 1, "e2e4").await;
    // Black moves instead of answering: the offer lapses.
    b.send(&ClientMsg::Move {
        ply: 2,
        mv: "e9e8".into(),
    })
    .await
    .unwrap();
    b.until(|m| (m == &ServerMsg::DrawDeclined).then_some(()))
        .await
        .unwrap();
    // Black offers, White agrees by offering back.
    b.send(&ClientMsg::OfferDraw).await.unwrap();
    w.until(|m| matches!(m, ServerMsg::DrawOffered { by: Color::Black }).then_some(()))
        .await
        .unwrap();
    w.send(&ClientMsg::OfferDraw).await.unwrap();
    for bot in [&mut w, &mut b] {
        let end = over(bot).await;
        assert_eq!(
            (end.result.as_str(), end.why.as_str()),
            ("1/2-1/2", "agreement")
        );
    }
    // Rematch: one asks, the other hears; both ask: a new game, colours swapped.
    w.send(&ClientMsg::Rematch).await.unwrap();
    b.until(|m| matches!(m, ServerMsg::RematchOffered { by: Color::White }).then_some(()))
        .await
        .unwrap();
    b.send(&ClientMsg::Rematch).await.unwrap();
    let mut new_codes = Vec::new();
    for (bot, side) in [(&mut w, Color::Black), (&mut b, Color::White)] {
        let (code, s) = bot
            .until(|m| match m {
                ServerMsg::Seated { code, side, .. } => Some((code.clone(), *side)),
                _ => None,
            })
            .await
            .unwrap();
        assert_eq!(s, side, "colours swap");
        assert_ne!(code, seat.code, "a new game");
        new_codes.push(code);
        match started(bot).await {
            ServerMsg::Game { moves, over, .. } => assert!(moves.is_empty() && over.is_none()),
            _ => unreachable!(),
        }
    }
    assert_eq!(new_codes[0], new_codes[1]);
    // The old White now plays Black: White (the old Black) opens.
    play(&mut b, 1, "d2d4").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_falls_when_time_runs_out_and_the_player_who_moved_wins() {
    let server = TestServer::start(
        crate::support::fresh_db(),
        Some(fixed(&["a7", "b7", "g7", "h7"])),
    )
    .await;
    let (mut w, mut b, _, _) = pair(&server, Some("2s+0")).await;
    play(&mut w, 1, "e2e4").await;
    // Black lets its two seconds run out: the server ends the game itself.
    let end = over(&mut b).await;
    assert_eq!((end.result.as_str(), end.why.as_str()), ("1-0", "timeout"));
    let end = over(&mut w).await;
    assert_eq!(end.why.as_str(), "timeout");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn joining_a_full_game_is_refused_and_watching_it_is_not() {
    let server = TestServer::start(crate::support::fresh_db(), None).await;
    let (_w, _b, seat, _) = pair(&server, None).await;
    let mut third = server.bot().await;
    third
        .send(&ClientMsg::Join {
            code: seat.code.clone(),
        })
        .await
        .unwrap();
    assert!(matches!(
        third.recv().await.unwrap(),
        ServerMsg::Error {
            code: ErrorCode::GameFull,
            ..
        }
    ));
    third
        .send(&ClientMsg::Watch {
            code: seat.code.clone(),
        })
        .await
        .unwrap();
    assert!(matches!(
        third.recv().await.unwrap(),
        ServerMsg::Game { you: None, .. }
    ));
    // A spectator cannot move.
    third
        .send(&ClientMsg::Move {
            ply: 1,
            mv: "e2e4".into(),
        })
        .await
        .unwrap();
    assert!(matches!(
        third.recv().await.unwrap(),
        ServerMsg::Error {
            code: ErrorCode::NotSeated,
            ..
        }
    ));
    let mut creator = server.bot().await;
    create(&mut creator, None).await;
}
