//! Hostile clients: each bad message gets its error, nothing changes, and
//! the server goes on serving everyone.

use minesweeper_core::online::protocol::{ClientMsg, ErrorCode, ServerMsg};
use minesweeper_server::swarm::{Bot, BotError};
use tokio_tungstenite::tungstenite::Message;

use crate::support::{TestServer, moved, pair, play};

async fn refused(bot: &mut Bot) -> ErrorCode {
    match bot.recv().await.expect("an answer") {
        ServerMsg::Error { code, message } => {
            assert!(!message.is_empty(), "an error says why");
            code
        }
        other => panic!("expected an error, got {other:?}"),
    }
}

/// Messages a stranger may send that are refused, each with what it is
/// and the error it gets.
fn bad_messages() -> Vec<(&'static str, String, ErrorCode)> {
    let huge = format!(r#"{{"t":"join","code":"{}"}}"#, "A".repeat(5000));
    vec![
        ("not JSON", "{nope".into(), ErrorCode::BadMessage),
        (
            "unknown type",
            r#"{"t":"teleport"}"#.into(),
            ErrorCode::BadMessage,
        ),
        (
            "wrong field type",
            r#"{"t":"move","ply":"one","mv":"e2e4"}"#.into(),
            ErrorCode::BadMessage,
        ),
        (
            "negative ply",
            r#"{"t":"move","ply":-1,"mv":"e2e4"}"#.into(),
            ErrorCode::BadMessage,
        ),
        ("too large", huge, ErrorCode::TooLarge),
        (
            "no such game",
            r#"{"t":"join","code":"ZZZZZZZZ"}"#.into(),
            ErrorCode::NotFound,
        ),
        (
            "no such token",
            r#"{"t":"resume","token":"00000000000000000000000000000000"}"#.into(),
            ErrorCode::NotFound,
        ),
        (
            "watch nothing",
            r#"{"t":"watch","code":"nothing"}"#.into(),
            ErrorCode::NotFound,
        ),
        (
            "move without a seat",
            r#"{"t":"move","ply":1,"mv":"e2e4"}"#.into(),
            ErrorCode::NotSeated,
        ),
        (
            "resign without a seat",
            r#"{"t":"resign"}"#.into(),
            ErrorCode::NotSeated,
        ),
        (
            "bad preset",
            r#"{"t":"create","preset":"../../etc/passwd","time":null,"color":"white"}"#.into(),
            ErrorCode::BadRequest,
        ),
        (
            "bad time",
            r#"{"t":"create","preset":"classic.ron","time":"99999+0","color":"white"}"#.into(),
            ErrorCode::BadRequest,
        ),
        (
            "bad colour",
            r#"{"t":"create","preset":"classic.ron","time":null,"color":"green"}"#.into(),
            ErrorCode::BadMessage,
        ),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_bad_message_gets_its_error_and_the_game_goes_on() {
    let server = TestServer::start(crate::support::fresh_db(), None).await;
    let (mut w, mut b, seat, _) = pair(&server, None).await;
    let mut stranger = server.bot().await;
    for (what, text, code) in &bad_messages() {
        stranger.send_text(text).await.unwrap();
        assert_eq!(refused(&mut stranger).await, *code, "{what}");
    }
    stranger
        .send_frame(Message::binary(vec![0u8, 159, 146, 150]))
        .await
        .unwrap();
    assert_eq!(
        refused(&mut stranger).await,
        ErrorCode::BadMessage,
        "binary frame"
    );
    seated_mistakes(&mut w, &mut b).await;
    // A stranger's join of a full game, and the game is unchanged.
    stranger
        .send(&ClientMsg::Join {
            code: seat.code.clone(),
        })
        .await
        .unwrap();
    assert_eq!(refused(&mut stranger).await, ErrorCode::GameFull);
    play(&mut b, 2, "e9e8").await;
    moved(&mut w, 2).await;
}

/// Seated players' mistakes: out of turn, stale and replayed moves,
/// illegal moves, an offer or a rematch that is not there. White plays
/// move 1 on the way.
async fn seated_mistakes(w: &mut Bot, b: &mut Bot) {
    b.send(&ClientMsg::Move {
        ply: 1,
        mv: "e9e8".into(),
    })
    .await
    .unwrap();
    assert_eq!(
        refused(b).await,
        ErrorCode::NotYourTurn,
        "Black before White"
    );
    w.send(&ClientMsg::Move {
        ply: 7,
        mv: "e2e4".into(),
    })
    .await
    .unwrap();
    assert_eq!(
        refused(w).await,
        ErrorCode::StaleMove,
        "a move number from the future"
    );
    w.send(&ClientMsg::Move {
        ply: 1,
        mv: "e2e5".into(),
    })
    .await
    .unwrap();
    assert_eq!(
        refused(w).await,
        ErrorCode::IllegalMove,
        "a pawn jumping three"
    );
    w.send(&ClientMsg::Move {
        ply: 1,
        mv: "zz".into(),
    })
    .await
    .unwrap();
    assert_eq!(refused(w).await, ErrorCode::IllegalMove, "not a move");
    play(w, 1, "e2e4").await;
    moved(b, 1).await;
    w.send(&ClientMsg::Move {
        ply: 1,
        mv: "e2e4".into(),
    })
    .await
    .unwrap();
    assert_eq!(
        refused(w).await,
        ErrorCode::NotYourTurn,
        "the same move replayed"
    );
    b.send(&ClientMsg::DeclineDraw).await.unwrap();
    assert_eq!(
        refused(b).await,
        ErrorCode::BadRequest,
        "no offer to decline"
    );
    b.send(&ClientMsg::Rematch).await.unwrap();
    assert_eq!(
        refused(b).await,
        ErrorCode::BadRequest,
        "a rematch before the end"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_rate_limited_then_cut_off_and_others_are_not_slowed() {
    let server = TestServer::strict(crate::support::fresh_db()).await;
    let (mut w, mut b, _, _) = pair(&server, None).await;
    let mut flooder = server.bot().await;
    for _ in 0..400 {
        if flooder.send(&ClientMsg::Ping).await.is_err() {
            break;
        }
    }
    let mut pongs = 0;
    let mut limited = 0;
    let closed = loop {
        match flooder.recv().await {
            Ok(ServerMsg::Pong) => pongs += 1,
            Ok(ServerMsg::Error {
                code: ErrorCode::RateLimited,
                ..
            }) => limited += 1,
            Ok(other) => panic!("unexpected {other:?}"),
            Err(e) => break e,
        }
    };
    assert!(
        (20..60).contains(&pongs),
        "a burst is answered, then the limit: {pongs} pongs"
    );
    assert!(limited > 0, "the rest are refused with a reason");
    assert!(
        matches!(&closed, BotError::Closed(_, why) if why.contains("too many requests")),
        "then the flooder is cut off, told why: {closed}"
    );
    // The players were not held up.
    play(&mut w, 1, "e2e4").await;
    moved(&mut b, 1).await;
    let mut fresh = server.bot().await;
    fresh.send(&ClientMsg::Ping).await.unwrap();
    assert_eq!(fresh.recv().await.unwrap(), ServerMsg::Pong);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_past_the_transport_limit_closes_only_that_connection() {
    let server = TestServer::start(crate::support::fresh_db(), None).await;
    let mut big = server.bot().await;
    let _ = big.send_text(&"x".repeat(200 * 1024)).await;
    assert!(big.recv().await.is_err(), "the connection is closed");
    let mut fresh = server.bot().await;
    fresh.send(&ClientMsg::Ping).await.unwrap();
    assert_eq!(fresh.recv().await.unwrap(), ServerMsg::Pong);
}

/// Every command line in the shared hostile list is refused with a
/// message: no panic, no start, no hang.
#[cfg(unix)]
#[test]
fn the_binary_refuses_hostile_command_lines() {
    let problems = minesweeper_cli::fuzz::refuses_hostile_args(std::path::Path::new(env!(
        "CARGO_BIN_EXE_minesweeper_server"
    )));
    assert!(problems.is_empty(), "{problems:#?}");
}
