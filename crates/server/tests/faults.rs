//! Faults: the server killed and restarted mid-game (in-process and as a
//! real process killed with SIGKILL), and players who drop and come back.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use minesweeper_core::chess::ByColor;
use minesweeper_core::online::protocol::{ClientMsg, ServerMsg};
use minesweeper_server::store::Db;
use minesweeper_server::swarm::Bot;

use crate::support::{TestServer, alternate, clock_of, fixed, fresh_db, moved, pair, play, seated};

/// Back in a seat with the token: the `Game` the server sends.
async fn resume(bot: &mut Bot, token: &str) -> ServerMsg {
    bot.send(&ClientMsg::Resume {
        token: token.into(),
    })
    .await
    .unwrap();
    seated(bot).await;
    bot.until(|m| matches!(m, ServerMsg::Game { .. }).then(|| m.clone()))
        .await
        .unwrap()
}

const OPENING: [&str; 4] = ["e2e4", "e9e8", "g1f3", "b10c8"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_restarts_and_both_players_resume_with_no_move_lost_and_the_clocks_right() {
    killed_and_restarted(fresh_db().into()).await;
}

/// Four moves, the server killed, a new one on the same database: both
/// players resume with every move and the clocks right, and play on.
pub async fn killed_and_restarted(db: Db) {
    let mines = fixed(&["a7", "b7", "g7", "h7"]);
    let server = TestServer::start(db, Some(mines.clone())).await;
    let (mut w, mut b, ws, bs) = pair(&server, Some("10+5")).await;
    let last = alternate(&mut w, &mut b, &OPENING).await.expect("played");
    let before = clock_of(&last).expect("timed");
    let killed_at = std::time::Instant::now();
    let db = server.kill();
    drop((w, b));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let server = TestServer::start(db, Some(mines)).await;
    let mut w = server.bot().await;
    let mut b = server.bot().await;
    let gw = resume(&mut w, &ws.token).await;
    let gb = resume(&mut b, &bs.token).await;
    let ServerMsg::Moved { view, .. } = &last else {
        unreachable!()
    };
    for g in [&gw, &gb] {
        let ServerMsg::Game {
            moves,
            fen,
            code,
            clock,
            ..
        } = g
        else {
            unreachable!()
        };
        assert_eq!(code, &ws.code);
        assert_eq!(moves, &["e4", "e8", "Nf3", "Nc8"], "no move lost");
        assert_eq!(fen, &view.fen, "the same position");
        let c = clock.expect("the clocks came back");
        assert_eq!(c.running, before.running, "White's clock runs again");
        assert_eq!(
            c.black_ms, before.black_ms,
            "Black's stopped clock kept its time"
        );
        let gone = killed_at.elapsed().as_millis() as u64;
        assert!(
            c.white_ms <= before.white_ms && c.white_ms + gone + 2000 >= before.white_ms,
            "White's running clock went on through the restart: {before:?} → {c:?} ({gone} ms)"
        );
    }
    // Play goes on where it stopped.
    play(&mut w, 5, "f1c4").await;
    moved(&mut b, 5).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_player_comes_back_with_its_token_and_the_opponent_sees_it_go_and_return() {
    let server = TestServer::start(fresh_db(), None).await;
    let (mut w, b, _, bs) = pair(&server, Some("5+3")).await;
    play(&mut w, 1, "e2e4").await;
    b.close().await;
    let gone = w
        .until(|m| match m {
            ServerMsg::Presence { present } => Some(*present),
            _ => None,
        })
        .await
        .unwrap();
    assert_eq!(
        gone,
        ByColor::new(true, false),
        "White sees Black reconnecting"
    );
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut b = server.bot().await;
    let g = resume(&mut b, &bs.token).await;
    let ServerMsg::Game {
        moves, you, clock, ..
    } = &g
    else {
        unreachable!()
    };
    assert_eq!(moves, &["e4"]);
    assert_eq!(*you, Some(minesweeper_core::chess::Color::Black));
    let c = clock.unwrap();
    assert!(
        c.black_ms < 300_000,
        "Black's clock ran while it was away: {c:?}"
    );
    let back = w
        .until(|m| match m {
            ServerMsg::Presence { present } => Some(*present),
            _ => None,
        })
        .await
        .unwrap();
    assert_eq!(back, ByColor::new(true, true));
    play(&mut b, 2, "e9e8").await;
    moved(&mut w, 2).await;
}

/// A server process, killed when dropped (a failing test leaves none).
struct Process(Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The server binary on a free port over `db`, and the address it printed.
fn spawn_server(db: &std::path::Path) -> (Process, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_minesweeper_server"))
        .args(["--addr", "127.0.0.1:0", "--db"])
        .arg(db)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the server binary starts");
    let mut line = String::new();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    stderr.read_line(&mut line).unwrap();
    // Keep reading, so that the server never writes into a closed pipe.
    std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
    let addr = line
        .split_whitespace()
        .nth(1)
        .and_then(|a| a.strip_suffix(','))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    (Process(child), addr)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_process_killed_with_sigkill_loses_no_acknowledged_move() {
    let db = fresh_db();
    let (child, addr) = spawn_server(&db);
    let mut w = Bot::connect(&addr).await.unwrap();
    let ws = crate::support::create(&mut w, None).await;
    let mut b = Bot::connect(&addr).await.unwrap();
    b.send(&ClientMsg::Join {
        code: ws.code.clone(),
    })
    .await
    .unwrap();
    let bs = seated(&mut b).await;
    crate::support::started(&mut w).await;
    play(&mut w, 1, "d2d4").await;
    play(&mut b, 2, "d9d8").await;
    play(&mut w, 3, "c2c4").await;
    drop(child); // SIGKILL: no shutdown code runs
    let (child, addr) = spawn_server(&db);
    let mut b = Bot::connect(&addr).await.unwrap();
    let g = resume(&mut b, &bs.token).await;
    let ServerMsg::Game { moves, .. } = &g else {
        unreachable!()
    };
    assert_eq!(
        moves,
        &["d4", "d8", "c4"],
        "every acknowledged move was stored"
    );
    let mut w = Bot::connect(&addr).await.unwrap();
    resume(&mut w, &ws.token).await;
    play(&mut b, 4, "c9c8").await;
    drop(child);
}

/// Writes `mv` as the next event of game `code` straight into the SQLite
/// file: a write that reached the database though the room never heard
/// its answer.
fn stored_behind(path: &std::path::Path, code: &str, mv: &str) {
    let db = rusqlite::Connection::open(path).expect("opens");
    db.busy_timeout(Duration::from_secs(5)).expect("waits");
    let seq: i64 = db
        .query_row(
            "SELECT COALESCE(MAX(seq) + 1, 0) FROM events WHERE code = ?1",
            [code],
            |r| r.get(0),
        )
        .expect("reads");
    let record = minesweeper_core::online::Event::Move(mv.into()).to_record();
    db.execute(
        "INSERT INTO events(code, seq, event, at_ms) VALUES (?1, ?2, ?3, ?4)",
        rusqlite::params![code, seq, record, minesweeper_server::now_ms() as i64],
    )
    .expect("stored");
}

/// The moves of a `Game` view.
fn moves_of(g: &ServerMsg) -> Vec<String> {
    match g {
        ServerMsg::Game { moves, .. } => moves.clone(),
        other => panic!("not a game: {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_stored_whose_answer_was_lost_is_played_once_and_the_game_goes_on() {
    let path = fresh_db();
    let server = TestServer::start(path.clone(), Some(fixed(&["a7", "b7", "g7", "h7"]))).await;
    let (mut w, mut b, ws, bs) = pair(&server, None).await;
    alternate(&mut w, &mut b, &["e2e4"]).await;
    // Black's move is in the database; the room never heard it was.
    stored_behind(&path, &ws.code, "e9e8");
    // Black, told nothing, sends it (again): played once, for both.
    play(&mut b, 2, "e9e8").await;
    moved(&mut w, 2).await;
    play(&mut w, 3, "g1f3").await;
    moved(&mut b, 3).await;
    let g = resume(&mut b, &bs.token).await;
    assert_eq!(moves_of(&g), ["e4", "e8", "Nf3"], "each move once");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_behind_its_database_catches_up_instead_of_refusing_every_move() {
    let path = fresh_db();
    let server = TestServer::start(path.clone(), Some(fixed(&["a7", "b7", "g7", "h7"]))).await;
    let (mut w, mut b, ws, _) = pair(&server, None).await;
    alternate(&mut w, &mut b, &["e2e4"]).await;
    // Another answer lost: Black's b10c8 is what the database holds.
    stored_behind(&path, &ws.code, "b10c8");
    b.send(&ClientMsg::Move {
        ply: 2,
        mv: "e9e8".into(),
    })
    .await
    .unwrap();
    // Both are told the move the database has; Black's other is refused.
    let told = moved(&mut w, 2).await;
    let ServerMsg::Moved { view, .. } = &told else {
        unreachable!()
    };
    assert_eq!(view.san, "Nc8", "the stored move, not the one sent");
    let refused = b
        .until(|m| match m {
            ServerMsg::Error { code, .. } => Some(*code),
            _ => None,
        })
        .await
        .expect("an answer");
    assert_eq!(
        refused,
        minesweeper_core::online::protocol::ErrorCode::StaleMove
    );
    play(&mut w, 3, "g1f3").await;
    moved(&mut b, 3).await;
    let g = resume(&mut w, &ws.token).await;
    assert_eq!(moves_of(&g), ["e4", "Nc8", "Nf3"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_reaching_a_game_its_node_just_dropped_is_told_to_reconnect() {
    use minesweeper_core::chess::Color;
    use minesweeper_server::room::Peer;
    let server = TestServer::start(fresh_db(), None).await;
    let mut w = server.bot().await;
    let seat = crate::support::create(&mut w, None).await;
    let room = server.hub.room(&seat.code).expect("in play here");
    // The node loses its lease: its games dropped, their players told.
    server.hub.lose_all();
    tokio::time::sleep(Duration::from_millis(100)).await;
    // A resume that found the room a moment before sits down after.
    let (outbox, _rx) = tokio::sync::mpsc::channel(8);
    let late = Peer::new(99, std::net::IpAddr::from([127, 0, 0, 1]), outbox);
    minesweeper_server::hub::seats::attach(&server.hub, &late, &room, Some(Color::White), true)
        .await;
    assert_eq!(
        late.why().map(|(code, _)| code),
        Some(1012),
        "told to reconnect, not sat at a game played elsewhere"
    );
    assert!(room.state.lock().await.members.is_empty());
}
