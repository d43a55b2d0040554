//! One seat, one live holder; nothing but a join before a game starts;
//! a rematch asked once. Each bent rule gets its refusal and leaves the
//! game as it was.

use std::time::Duration;

use minesweeper_core::online::protocol::{ClientMsg, ErrorCode, ServerMsg};
use minesweeper_server::swarm::{Bot, BotError};

use crate::support::{TestServer, create, fresh_db, over, pair, play, seated, started};

async fn refused(bot: &mut Bot) -> (ErrorCode, String) {
    bot.until(|m| match m {
        ServerMsg::Error { code, message } => Some((*code, message.clone())),
        _ => None,
    })
    .await
    .expect("a refusal")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn before_anyone_joins_the_creator_can_only_wait() {
    let server = TestServer::start(fresh_db(), None).await;
    let mut w = server.bot().await;
    let seat = create(&mut w, None).await;
    for msg in [
        ClientMsg::Resign,
        ClientMsg::OfferDraw,
        ClientMsg::DeclineDraw,
    ] {
        w.send(&msg).await.expect("sent");
        let (code, why) = refused(&mut w).await;
        assert_eq!(code, ErrorCode::NotStarted, "{msg:?}: {why}");
    }
    // Its own code is not a second seat for it.
    w.send(&ClientMsg::Join {
        code: seat.code.clone(),
    })
    .await
    .expect("sent");
    let (code, why) = refused(&mut w).await;
    assert_eq!(code, ErrorCode::BadRequest, "{why}");
    // A stranger still finds the seat free, and the game unfinished.
    let mut b = server.bot().await;
    b.send(&ClientMsg::Join { code: seat.code })
        .await
        .expect("sent");
    seated(&mut b).await;
    match started(&mut b).await {
        ServerMsg::Game { over, moves, .. } => {
            assert!(over.is_none() && moves.is_empty(), "a fresh game");
        }
        other => panic!("{other:?}"),
    }
    play(&mut w, 1, "e2e4").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_connection_with_the_token_takes_the_seat_and_the_first_is_told() {
    let server = TestServer::start(fresh_db(), None).await;
    let (mut w, mut b, ws, _) = pair(&server, None).await;
    let mut again = server.bot().await;
    again
        .send(&ClientMsg::Resume {
            token: ws.token.clone(),
        })
        .await
        .expect("sent");
    seated(&mut again).await;
    // The first holder hears why, then its connection closes.
    let (code, _) = refused(&mut w).await;
    assert_eq!(code, ErrorCode::SeatTaken);
    let closed = loop {
        match w.recv_within(Duration::from_secs(5)).await {
            Ok(_) => {}
            Err(e) => break e,
        }
    };
    assert!(
        matches!(&closed, BotError::Closed(Some(1008), why) if why.contains("taken")),
        "closed with a reason: {closed}"
    );
    // Only the new holder moves for White.
    play(&mut again, 1, "e2e4").await;
    play(&mut b, 2, "e9e8").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_is_asked_once() {
    let server = TestServer::start(fresh_db(), None).await;
    let (mut w, mut b, _, _) = pair(&server, None).await;
    w.send(&ClientMsg::Resign).await.expect("sent");
    over(&mut w).await;
    over(&mut b).await;
    w.send(&ClientMsg::Rematch).await.expect("sent");
    b.until(|m| matches!(m, ServerMsg::RematchOffered { .. }).then_some(()))
        .await
        .expect("Black hears the offer");
    w.send(&ClientMsg::Rematch).await.expect("sent");
    let (code, why) = refused(&mut w).await;
    assert_eq!(code, ErrorCode::BadRequest, "{why}");
    // Black takes it: a new game starts for both.
    b.send(&ClientMsg::Rematch).await.expect("sent");
    for bot in [&mut w, &mut b] {
        seated(bot).await;
        started(bot).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_gone_as_it_is_seated_is_not_present() {
    use minesweeper_core::chess::{ByColor, Color};
    use minesweeper_server::hub::seats::attach;
    use minesweeper_server::room::Peer;
    let server = TestServer::start(fresh_db(), None).await;
    let mut w = server.bot().await;
    let seat = create(&mut w, None).await;
    let room = server.hub.room(&seat.code).expect("the game");
    // A quick game pairs a connection that dropped a moment before.
    let (outbox, _unread) = tokio::sync::mpsc::channel(4);
    let gone = Peer::new(u64::MAX, [127, 0, 0, 1].into(), outbox);
    gone.end();
    attach(&server.hub, &gone, &room, Some(Color::Black), true).await;
    assert_eq!(
        room.state.lock().await.present(),
        ByColor::new(true, false),
        "its seat shows away, its clock as any absent player's"
    );
}
