//! The limits, each met by one client on loopback: it is refused with a
//! code and the reason (or closed), the game next to it goes on, and what
//! the server holds comes back down. Bounded in count and time.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use minesweeper_core::online::protocol::{ClientMsg, ErrorCode, SeatChoice, ServerMsg};
use minesweeper_server::Limits;
use minesweeper_server::swarm::{Bot, BotError};
use tokio_tungstenite::tungstenite::Message;

use crate::support::{TestServer, create, fresh_db, moved, pair, play, seated};

/// Short limits, so a test waits seconds, not minutes.
fn short() -> Limits {
    Limits {
        per_address: 12,
        head_timeout: Duration::from_millis(800),
        idle: Duration::from_millis(1500),
        waiting_per_connection: 2,
        waiting_ttl: Duration::from_millis(600),
        sweep_every: Duration::from_millis(200),
        ..Limits::default()
    }
}

/// Reads a raw socket until it closes (at most `within`): what came, and
/// whether it closed in time.
fn read_until_closed(tcp: &mut TcpStream, within: Duration) -> (String, bool) {
    tcp.set_read_timeout(Some(within)).expect("timeout");
    let mut got = Vec::new();
    let mut buf = [0u8; 1024];
    let start = Instant::now();
    loop {
        match tcp.read(&mut buf) {
            Ok(0) => return (String::from_utf8_lossy(&got).into(), true),
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(_) => return (String::from_utf8_lossy(&got).into(), false),
        }
        if start.elapsed() > within {
            return (String::from_utf8_lossy(&got).into(), false);
        }
    }
}

async fn closed(bot: &mut Bot) -> BotError {
    loop {
        match bot.recv_within(Duration::from_secs(5)).await {
            Ok(_) => {}
            Err(e) => return e,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_trickling_and_idle_clients_are_closed_while_a_game_goes_on() {
    let server = TestServer::limited(fresh_db(), short()).await;
    let (mut w, mut b, _, _) = pair(&server, None).await;
    let addr = server.addr.clone();
    let raw = tokio::task::spawn_blocking(move || {
        // A bare connection that never speaks.
        let mut silent = TcpStream::connect(&addr).expect("connects");
        let silent = read_until_closed(&mut silent, Duration::from_secs(4)).1;
        // A request head sent a byte at a time, never finished.
        let mut slow = TcpStream::connect(&addr).expect("connects");
        let start = Instant::now();
        let mut cut = false;
        for byte in
            b"GET /ws HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".iter()
        {
            if slow.write_all(&[*byte]).is_err() {
                cut = true;
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let cut = cut || read_until_closed(&mut slow, Duration::from_secs(4)).1;
        (silent, cut && start.elapsed() < Duration::from_secs(5))
    });
    // A WebSocket that says nothing.
    let mut idle = server.bot().await;
    let idle = tokio::spawn(async move { closed(&mut idle).await });
    // Meanwhile the game goes on: every pawn a step, a move every 150 ms.
    for (i, file) in "abcdefgh".chars().enumerate() {
        let ply = 2 * i as u32 + 1;
        play(&mut w, ply, &format!("{file}2{file}3")).await;
        moved(&mut b, ply).await;
        tokio::time::sleep(Duration::from_millis(150)).await;
        play(&mut b, ply + 1, &format!("{file}9{file}8")).await;
        moved(&mut w, ply + 1).await;
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
    let (silent, trickled) = raw.await.expect("the raw clients");
    assert!(silent, "a silent connection is closed");
    assert!(trickled, "a trickled request is cut off");
    let e = idle.await.expect("the idle client");
    assert!(
        matches!(&e, BotError::Closed(Some(1008), why) if why.contains("nothing received")),
        "closed with the reason: {e}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_over_the_address_limit_get_503_with_the_reason_and_the_count_comes_back() {
    let limits = short();
    let server = TestServer::limited(fresh_db(), limits).await;
    let mut bots = Vec::new();
    for _ in 0..limits.per_address {
        bots.push(server.bot().await);
    }
    let addr = server.addr.clone();
    let (head, _) = tokio::task::spawn_blocking(move || {
        let mut tcp = TcpStream::connect(&addr).expect("connects");
        let _ = tcp.write_all(b"GET /ws HTTP/1.1\r\nHost: x\r\n\r\n");
        read_until_closed(&mut tcp, Duration::from_secs(4))
    })
    .await
    .expect("the raw client");
    assert!(head.starts_with("HTTP/1.1 503"), "{head}");
    assert!(
        head.contains("too many connections from your address"),
        "{head}"
    );
    assert!(
        Bot::connect(&server.addr).await.is_err(),
        "no WebSocket either"
    );
    // The ones inside are served.
    bots[0].send(&ClientMsg::Ping).await.expect("sent");
    assert_eq!(bots[0].recv().await.expect("pong"), ServerMsg::Pong);
    for bot in bots {
        bot.close().await;
    }
    let start = Instant::now();
    while server.census.total() > 0 {
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "sockets counted back"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut again = server.bot().await;
    again.send(&ClientMsg::Ping).await.expect("sent");
    assert_eq!(again.recv().await.expect("pong"), ServerMsg::Pong);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn long_heads_big_frames_and_binary_floods_are_refused_by_kind() {
    let server = TestServer::strict(fresh_db()).await;
    let addr = server.addr.clone();
    let head = tokio::task::spawn_blocking(move || {
        let mut tcp = TcpStream::connect(&addr).expect("connects");
        let line = format!("GET /{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(20_000));
        let _ = tcp.write_all(line.as_bytes());
        read_until_closed(&mut tcp, Duration::from_secs(4)).0
    })
    .await
    .expect("the raw client");
    assert!(head.starts_with("HTTP/1.1 431"), "a 4xx, not a 500: {head}");
    // Binary frames and pings count against the rate like requests.
    let mut flood = server.bot().await;
    for _ in 0..60 {
        let _ = flood.send_frame(Message::Binary(vec![1u8; 8].into())).await;
    }
    let mut limited = false;
    for _ in 0..60 {
        if let Ok(ServerMsg::Error {
            code: ErrorCode::RateLimited,
            ..
        }) = flood.recv().await
        {
            limited = true;
            break;
        }
    }
    assert!(limited, "binary frames are rate limited");
    // A refusal quotes a little of what it refuses, never the whole.
    let mut echo = server.bot().await;
    echo.send_text(&format!(r#"{{"t":"quick","time":"{}"}}"#, "9".repeat(3000)))
        .await
        .expect("sent");
    match echo.recv().await.expect("an answer") {
        ServerMsg::Error { message, .. } => {
            assert!(
                message.chars().count() <= 161,
                "{} characters",
                message.len()
            );
        }
        other => panic!("{other:?}"),
    }
    // A text frame that is not UTF-8 closes with 1007.
    use tokio_tungstenite::tungstenite::protocol::frame::Frame;
    use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
    let mut bad = server.bot().await;
    let frame = Frame::message(vec![0xff, 0xfe, 0x7b], OpCode::Data(Data::Text), true);
    let _ = bad.send_frame(Message::Frame(frame)).await;
    let e = closed(&mut bad).await;
    assert!(matches!(e, BotError::Closed(Some(1007), _)), "{e}");
    // A frame past the transport's limit closes with 1009.
    let mut big = server.bot().await;
    let _ = big.send_text(&"x".repeat(70_000)).await;
    let e = closed(&mut big).await;
    assert!(matches!(e, BotError::Closed(Some(1009), _)), "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn waiting_games_are_capped_per_connection_and_freed_when_nobody_comes() {
    let db = fresh_db();
    let server = TestServer::limited(db.clone(), short()).await;
    let mut host = server.bot().await;
    let first = create(&mut host, None).await;
    create(&mut host, None).await;
    host.send(&ClientMsg::Create {
        preset: "classic.ron".into(),
        time: None,
        color: SeatChoice::White,
        rated: false,
    })
    .await
    .expect("sent");
    let (code, message) = host
        .until(|m| match m {
            ServerMsg::Error { code, message } => Some((*code, message.clone())),
            ServerMsg::Seated { .. } => panic!("a third game waits"),
            _ => None,
        })
        .await
        .expect("an answer");
    assert_eq!(code, ErrorCode::Limit, "{message}");
    assert!(message.contains("waiting"), "{message}");
    // A friend joins the first: it starts, and the host may open another.
    let mut friend = server.bot().await;
    friend
        .send(&ClientMsg::Join {
            code: first.code.clone(),
        })
        .await
        .expect("sent");
    seated(&mut friend).await;
    friend
        .until(|m| matches!(m, ServerMsg::Game { .. }).then_some(()))
        .await
        .expect("the game starts");
    let third = create(&mut host, None).await;
    // The host leaves; nobody comes: the waiting games close.
    host.close().await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let mut late = server.bot().await;
    late.send(&ClientMsg::Join {
        code: third.code.clone(),
    })
    .await
    .expect("sent");
    match late.recv().await.expect("an answer") {
        ServerMsg::Error { code, .. } => assert_eq!(code, ErrorCode::NotFound),
        other => panic!("a waiting game stayed open: {other:?}"),
    }
    // And it does not come back with a restart; the started one does.
    let db = server.kill();
    let server = TestServer::limited(db, short()).await;
    let mut after = server.bot().await;
    after
        .send(&ClientMsg::Watch { code: third.code })
        .await
        .expect("sent");
    match after.recv().await.expect("an answer") {
        ServerMsg::Error { code, .. } => assert_eq!(code, ErrorCode::NotFound),
        other => panic!("{other:?}"),
    }
    after
        .send(&ClientMsg::Watch { code: first.code })
        .await
        .expect("sent");
    assert!(matches!(
        after.recv().await.expect("the game"),
        ServerMsg::Game { .. }
    ));
}

/// A WebSocket to `server` whose request says `X-Forwarded-For: client`.
async fn through_proxy(
    server: &TestServer,
    client: &str,
) -> Result<(), tokio_tungstenite::tungstenite::Error> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://{}/ws", server.addr)
        .into_client_request()
        .expect("request");
    request
        .headers_mut()
        .insert("x-forwarded-for", client.parse().expect("header"));
    let (ws, _) = tokio_tungstenite::connect_async(request).await?;
    // Kept open for the test's length.
    std::mem::forget(ws);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_each_client_has_its_own_connections() {
    let limits = Limits {
        per_address: 2,
        ..Limits::default()
    };
    let proxy = std::net::IpAddr::from([127, 0, 0, 1]);
    let server = TestServer::behind(fresh_db(), limits, &[proxy]).await;
    for _ in 0..2 {
        assert!(through_proxy(&server, "203.0.113.5").await.is_ok());
    }
    let third = through_proxy(&server, "203.0.113.5").await;
    assert!(
        third
            .as_ref()
            .err()
            .is_some_and(|e| e.to_string().contains("503")),
        "{third:?}"
    );
    for _ in 0..2 {
        assert!(
            through_proxy(&server, "203.0.113.6").await.is_ok(),
            "another client"
        );
    }
    // Without the setting the header is anyone's to write: not believed.
    let plain = TestServer::limited(fresh_db(), limits).await;
    assert!(through_proxy(&plain, "203.0.113.5").await.is_ok());
    assert!(through_proxy(&plain, "203.0.113.6").await.is_ok());
    assert!(through_proxy(&plain, "203.0.113.7").await.is_err());
}
