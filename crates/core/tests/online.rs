//! Online games without a network: clocks, and what the server may tell
//! the players.

use minesweeper_core::chess::{ByColor, Color, Game, Variant, fen};
use minesweeper_core::online::protocol::{ClientMsg, ErrorCode, MoveView, Over};
use minesweeper_core::online::{Clocks, TimeControl};
use minesweeper_core::rng::GameRng;
use rand::SeedableRng;

use crate::fairness::{random_move, random_start, variants};

const S: u64 = 1000;

#[test]
fn time_controls_read_as_players_write_them() {
    let tc: TimeControl = "5+3".parse().expect("5+3");
    assert_eq!((tc.base_s, tc.increment_s), (300, 3));
    assert_eq!(tc.to_string(), "5+3");
    let tc: TimeControl = "90s+2".parse().expect("90s+2");
    assert_eq!(
        (tc.base_s, tc.increment_s, tc.to_string()),
        (90, 2, "90s+2".to_string())
    );
    for bad in [
        "",
        "5",
        "0+0",
        "181+0",
        "5+181",
        "x+3",
        "5+-1",
        "99999999999+1",
    ] {
        let e = bad.parse::<TimeControl>().expect_err(bad);
        assert!(e.to_string().contains("like 5+3"), "{bad}: {e}");
    }
    let offered: Vec<String> = TimeControl::OFFERED.iter().map(|t| t.to_string()).collect();
    assert_eq!(offered, ["3+2", "5+3", "10+5", "15+10"]);
    // The constructor caps what it is given.
    assert_eq!(
        TimeControl::minutes(100_000, 100_000),
        "180+180".parse().expect("max")
    );
}

#[test]
fn the_mover_pays_for_its_thinking_and_gets_the_increment() {
    let mut c = Clocks::start("5+3".parse().expect("tc"), 1_000_000);
    // White thinks 10 s.
    assert_eq!(c.left(Color::White, 1_000_000 + 10 * S), 290 * S);
    assert_eq!(c.left(Color::Black, 1_000_000 + 10 * S), 300 * S);
    c.press(Color::White, 1_000_000 + 10 * S).expect("in time");
    assert_eq!(c.left(Color::White, 1_000_000 + 10 * S), 293 * S);
    assert_eq!(c.running(), Some(Color::Black));
    // Black's time runs now, White's stands still.
    assert_eq!(c.left(Color::White, 1_000_000 + 70 * S), 293 * S);
    assert_eq!(c.left(Color::Black, 1_000_000 + 70 * S), 240 * S);
    // A press by the side whose clock is not running changes nothing.
    c.press(Color::White, 1_000_000 + 70 * S).expect("ignored");
    assert_eq!(c.running(), Some(Color::Black));
    assert_eq!(c.deadline(), Some(1_000_000 + 10 * S + 300 * S));
}

#[test]
fn a_flag_falls_at_zero_and_a_late_move_is_refused() {
    let mut c = Clocks::start("3+2".parse().expect("tc"), 0);
    assert_eq!(c.flagged(180 * S - 1), None);
    assert_eq!(c.flagged(180 * S), Some(Color::White));
    assert_eq!(c.left(Color::White, 500 * S), 0);
    assert_eq!(c.press(Color::White, 181 * S), Err(Color::White));
    // Stopped: nothing runs and the times stay as they were.
    assert_eq!(c.running(), None);
    assert_eq!(c.left(Color::Black, 999 * S), 180 * S);
}

#[test]
fn stored_clocks_come_back_with_the_time_that_passed() {
    let mut c = Clocks::start("10+5".parse().expect("tc"), 0);
    c.press(Color::White, 20 * S).expect("in time");
    let (left, running) = c.stored();
    // The server is down for a minute; Black's clock kept running.
    let back = Clocks::restore(c.control(), left, running);
    assert_eq!(back.left(Color::Black, 80 * S), 540 * S);
    assert_eq!(back.left(Color::White, 80 * S), 585 * S);
    // A corrupt store cannot give anyone days of time.
    let huge = Clocks::restore(c.control(), ByColor::both(u64::MAX), None);
    assert!(huge.left(Color::White, 0) <= 6 * 3600 * S);
}

#[test]
fn no_message_before_the_end_depends_on_the_hidden_mines() {
    // Every move of many random games on every board: what the server
    // sends about it reads the same after the hidden mines are dealt
    // afresh; the layout goes out only when the game is over.
    let mut moves = 0;
    let mut blasts = 0;
    for variant in variants() {
        for seed in 0..12u64 {
            let mut rng = GameRng::seed_from_u64(seed);
            let mut game = random_start(&variant, &mut rng);
            while game.outcome().is_none() && game.moves().len() < 120 {
                let m = random_move(&game, &mut rng);
                game.play(m).expect("legal");
                let sent = serde_json::to_string(&MoveView::last(&game)).expect("json");
                if game.outcome().is_none() {
                    assert!(Over::of(&game).is_none());
                    let other = game.redeal(&mut rng).expect("a consistent layout");
                    let again = serde_json::to_string(&MoveView::last(&other)).expect("json");
                    assert_eq!(sent, again, "{}: seed {seed}", variant.name);
                }
                moves += 1;
                blasts += MoveView::last(&game).map_or(0, |v| v.blasts.len());
            }
            if let Some(over) = Over::of(&game) {
                assert_eq!(over.layout, fen::to_fen(game.position()));
            }
        }
    }
    assert!(
        moves > 1000 && blasts > 10,
        "{moves} moves, {blasts} blasts"
    );
}

#[test]
fn a_hostile_frame_gets_its_error_and_nothing_else() {
    for (frame, want) in [
        ("", ErrorCode::BadMessage),
        ("{", ErrorCode::BadMessage),
        ("[1,2,3]", ErrorCode::BadMessage),
        (r#"{"t":"launch_missiles"}"#, ErrorCode::BadMessage),
        (r#"{"t":"move","ply":1}"#, ErrorCode::BadMessage),
        (
            r#"{"t":"move","ply":-1,"mv":"e2e4"}"#,
            ErrorCode::BadMessage,
        ),
    ] {
        let (code, why) = ClientMsg::parse(frame).expect_err(frame);
        assert_eq!(code, want, "{frame}: {why}");
        assert!(!why.is_empty());
    }
    // Sides go over the wire as words.
    assert_eq!(
        serde_json::to_string(&Color::Black).expect("json"),
        r#""black""#
    );
    let huge = format!(r#"{{"t":"join","code":"{}"}}"#, "A".repeat(10_000));
    assert_eq!(
        ClientMsg::parse(&huge).expect_err("huge").0,
        ErrorCode::TooLarge
    );
    let ok = ClientMsg::parse(r#"{"t":"move","ply":3,"mv":"e2e3*"}"#).expect("a move");
    assert_eq!(
        ok,
        ClientMsg::Move {
            ply: 3,
            mv: "e2e3*".into()
        }
    );
}

#[test]
fn a_fallen_flag_loses_unless_the_other_side_cannot_mate() {
    use minesweeper_core::chess::{DrawReason, Game, Outcome, RuleSet, WinReason};
    let game = |fen_text: &str| {
        let pos = fen::parse(fen_text, RuleSet::standard(8, 10)).expect("fen");
        Game::from_position(pos)
    };
    let cases = [
        // A rook mates: White wins on Black's time.
        (
            "4k3/8/8/8/8/8/8/8/8/R3K3 b - - 0 1",
            Color::Black,
            Some(Color::White),
        ),
        // A lone king cannot: a draw.
        ("r3k3/8/8/8/8/8/8/8/8/4K3 b - - 0 1", Color::Black, None),
        // A knight against a king with a pawn can (the pawn may block).
        (
            "4k3/4p3/8/8/8/8/8/8/8/4KN2 b - - 0 1",
            Color::Black,
            Some(Color::White),
        ),
        // So can a knight against a rook; and White flagging against it loses.
        (
            "r3k3/8/8/8/8/8/8/8/8/4KN2 b - - 0 1",
            Color::Black,
            Some(Color::White),
        ),
        (
            "r3k3/8/8/8/8/8/8/8/8/4KN2 w - - 0 1",
            Color::White,
            Some(Color::Black),
        ),
    ];
    for (text, loser, winner) in cases {
        let mut g = game(text);
        g.flag(loser);
        let want = match winner {
            Some(w) => Outcome::Decisive {
                winner: w,
                reason: WinReason::Timeout,
            },
            None => Outcome::Draw(DrawReason::TimeoutVsInsufficientMaterial),
        };
        assert_eq!(g.outcome(), Some(want), "{text}");
        let result = match winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        };
        let over = Over::of(&g).expect("the game is over");
        assert_eq!(over.result.as_str(), result);
        // The score and reason read back into the same outcome, and the
        // JSON names them as it always has.
        assert_eq!(over.outcome(), Some(want), "{text}");
        let json = serde_json::to_string(&over).expect("serialises");
        assert!(json.contains(&format!("\"result\":\"{result}\"")), "{json}");
        assert!(
            json.contains(&format!("\"why\":\"{}\"", over.why.as_str())),
            "{json}"
        );
    }
    // A game already drawn (king and knight against a king) stays drawn.
    let mut g = game("4k3/8/8/8/8/8/8/8/8/4KN2 b - - 0 1");
    g.flag(Color::Black);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw(DrawReason::InsufficientMaterial))
    );
}

#[test]
fn stored_events_read_back_and_a_corrupt_record_is_named() {
    use minesweeper_core::online::Event;
    let events = [
        Event::Start,
        Event::Move("e3e4*".into()),
        Event::Resign(Color::Black),
        Event::Offer(Color::White),
        Event::Decline,
        Event::Draw,
        Event::Flag(Color::White),
        Event::Resume(2_500),
    ];
    for e in &events {
        assert_eq!(Event::from_record(&e.to_record()).as_ref(), Ok(e));
    }
    for bad in [
        "",
        "move",
        "resign x",
        "teleport e4",
        "flag",
        "resume",
        "resume -3",
    ] {
        let err = Event::from_record(bad).expect_err(bad).to_string();
        assert!(err.contains(bad), "the error quotes the record: {err}");
    }
}

/// The classic board's start position, with no mines.
fn classic_start() -> minesweeper_core::chess::Position {
    Game::new(
        &Variant::classic(),
        minesweeper_core::chess::SquareSet::EMPTY,
    )
    .unwrap()
    .position()
    .clone()
}

#[test]
fn a_table_refuses_moves_before_the_start_and_replays_its_events_to_the_same_clocks() {
    use minesweeper_core::online::{Event, Table};
    let start = classic_start();
    let control = Some(TimeControl::minutes(5, 3));
    let mut t = Table::new("classic.ron", control, start.clone());
    let mv = ClientMsg::Move {
        ply: 1,
        mv: "e2e4".into(),
    };
    assert!(
        t.check(Color::White, &mv, 0).is_err(),
        "no moves before both are seated"
    );
    let log = [
        (Event::Start, 1_000),
        (Event::Move("e2e4".into()), 4_000),
        (Event::Move("e9e8".into()), 10_000),
    ];
    for (e, at) in &log {
        t.apply(e, *at).unwrap();
    }
    let c = t.clock_view(12_000).unwrap();
    assert_eq!(
        c.white_ms,
        300_000 - 3_000 + 3_000 - 2_000,
        "White: 3 s used, 3 s added, 2 s running"
    );
    assert_eq!(c.black_ms, 300_000 - 6_000 + 3_000);
    let mut again = Table::new("classic.ron", control, start);
    for (e, at) in &log {
        again.apply(e, *at).unwrap();
    }
    assert_eq!(
        again.clock_view(12_000),
        Some(c),
        "replayed events give the same clocks"
    );
    assert!(
        again.apply(&Event::Move("e2e4".into()), 13_000).is_err(),
        "a stored move that no longer fits is named"
    );
    let late = ClientMsg::Move {
        ply: 3,
        mv: "d2d4".into(),
    };
    assert_eq!(
        t.check(Color::White, &late, 10_000 + 300_000),
        Ok(Event::Flag(Color::White)),
        "past the flag a move is a loss on time"
    );
}

#[test]
fn a_game_taken_over_charges_the_player_to_move_only_what_it_thought_before_its_server_stopped() {
    use minesweeper_core::online::{Event, Table};
    let start = classic_start();
    let control = Some(TimeControl::minutes(5, 3));
    let mut t = Table::new("classic.ron", control, start);
    t.apply(&Event::Start, 1_000).unwrap();
    t.apply(&Event::Move("e2e4".into()), 4_000).unwrap();
    // Black thinks from 4 s; its server's last sign of life is at 6 s
    // (by that server's clock), and another takes the game over at 40 s
    // by a clock 20 s ahead: Black had thought 2 s.
    let thought = t.thought_by(6_000).expect("Black's clock runs");
    assert_eq!(thought, 2_000);
    t.apply(&Event::Resume(thought), 60_000).unwrap();
    let c = t.clock_view(61_000).unwrap();
    assert_eq!(
        c.black_ms,
        300_000 - 2_000 - 1_000,
        "2 s thought before the outage, 1 s since the take-over: the outage and the skew cost nothing"
    );
    assert_eq!(
        c.white_ms,
        300_000 - 3_000 + 3_000,
        "White's clock is not touched"
    );
    // A resume when no clock runs changes nothing.
    t.apply(&Event::Resign(Color::Black), 62_000).unwrap();
    let stopped = t.clock_view(62_000);
    t.apply(&Event::Resume(0), 90_000).unwrap();
    assert_eq!(t.clock_view(95_000), stopped);
    assert_eq!(t.thought_by(95_000), None);
}

#[test]
fn an_end_whose_score_and_reason_disagree_has_no_outcome() {
    let mut over: Over = serde_json::from_str(
        r#"{"result":"1/2-1/2","reason":"x","why":"checkmate","layout":"8/8"}"#,
    )
    .expect("well-formed");
    assert_eq!(over.outcome(), None);
    over.why = minesweeper_core::online::protocol::EndReason::Agreement;
    assert!(over.outcome().is_some());
    // An unknown reason or score is refused as JSON, not guessed.
    let bad = r#"{"result":"2-0","reason":"x","why":"checkmate","layout":"8/8"}"#;
    assert!(serde_json::from_str::<Over>(bad).is_err());
    let bad = r#"{"result":"1-0","reason":"x","why":"boredom","layout":"8/8"}"#;
    assert!(serde_json::from_str::<Over>(bad).is_err());
}
