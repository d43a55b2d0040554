//! Online play through the ECS: a real server in the test (on loopback,
//! with a fixed deal), two client apps playing a game to checkmate with a
//! sweep, a blast and a full lift, and a third watching; each board shows
//! what the server decided, and no client holds the server's hidden mines.

use std::sync::Arc;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use minesweeper_chess::app::{headless_app, headless_app_with_view};
use minesweeper_chess::base::options::GameOptions;
use minesweeper_chess::chess::ecs::{ChessGame, MineSeed, MoveRequested, public_position};
use minesweeper_chess::chess::online::{Online, OnlineRequest, Phase};
use minesweeper_core::chess::notation::parse_coordinate;
use minesweeper_core::chess::{
    ByColor, Color as Side, Outcome, Square, SquareSet, Variant, WinReason,
};
use minesweeper_core::online::protocol::SeatChoice;
use minesweeper_server::{Config, start};

/// Mines e4 (swept), d5 (a knight blows up), a7 and b7 (seen at once).
pub(crate) const MINES: [&str; 4] = ["e4", "d5", "a7", "b7"];
/// Sweep on move 3, blast and full lift on move 7, Qxf9# on move 15.
const SCRIPT: [&str; 15] = [
    "e2e3", "a9a8", "e3e4*", "h9h8", "b1c3", "g10f8", "c3d5", "a10a9", "d1h5", "h10h9", "f1b5",
    "a9a10", "h5h7", "a10a9", "h7f9",
];

/// A test server's runtime and its database folder: dropping it stops the
/// server, then removes the folder.
pub(crate) struct Served {
    rt: Option<tokio::runtime::Runtime>,
    dir: std::path::PathBuf,
}

impl std::ops::Deref for Served {
    type Target = tokio::runtime::Runtime;
    fn deref(&self) -> &tokio::runtime::Runtime {
        self.rt.as_ref().expect("the runtime lives until the drop")
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        drop(self.rt.take());
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub(crate) fn server() -> (Served, String) {
    let (rt, addr, _) = server_with_hub();
    (rt, addr)
}

/// A server, its address and its games (a test may read a seat's token).
pub(crate) fn server_with_hub() -> (Served, String, Arc<minesweeper_server::hub::Hub>) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("runtime");
    static RUNS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("msc-online-ecs-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let config = fixed_deal(dir.join("games.sqlite").into(), None);
    let running = rt.block_on(start(config)).expect("the server starts");
    let (addr, hub) = (running.addr.to_string(), running.hub);
    (Served { rt: Some(rt), dir }, addr, hub)
}

/// A server on any loopback port over `db`, dealing [`MINES`] in every
/// game, bots allowed 1,000 requests a second.
fn fixed_deal(
    db: minesweeper_server::store::Db,
    cluster: Option<minesweeper_server::cluster::Cluster>,
) -> Config {
    let mines: SquareSet = MINES
        .iter()
        .map(|c| Square::parse(c).expect("cell"))
        .collect();
    Config {
        addr: ([127, 0, 0, 1], 0).into(),
        db,
        cluster,
        web: None,
        full_sync: false,
        dealer: Some(Arc::new(move |_: &Variant, _| mines)),
        rate: 1000.0,
        limits: minesweeper_server::Limits::default(),
        trusted_proxies: Vec::new(),
    }
}

pub(crate) fn client(addr: &str, seed: u64) -> App {
    client_of(headless_app(MineSeed(seed)), addr)
}

/// A client that also chooses sounds (the view's plugins, no window).
fn client_of(mut app: App, addr: &str) -> App {
    app.insert_resource(GameOptions {
        server: Some(addr.to_string()),
        ..default()
    });
    app.update();
    app
}

/// Updates every app until `done` holds for all (at most 10 s).
pub(crate) fn run_until(apps: &mut [&mut App], what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !apps.iter().all(|a| done(a)) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "timed out waiting for {what}"
        );
        for a in apps.iter_mut() {
            a.update();
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

pub(crate) fn online(app: &App) -> &Online {
    app.world().resource::<Online>()
}

fn played(app: &App) -> usize {
    online(app).earlier.len() + app.world().resource::<ChessGame>().moves().len()
}

/// White creates a game (`time`, `None` untimed), Black joins it by its
/// code; both seated. The invite code.
fn seat_both(white: &mut App, black: &mut App, time: Option<&str>) -> String {
    white.world_mut().write_message(OnlineRequest::Create {
        preset: "classic.ron".into(),
        time: time.map(String::from),
        color: SeatChoice::White,
        rated: false,
    });
    run_until(&mut [&mut *white], "the game", |a| {
        online(a).phase == Phase::InGame
    });
    let code = online(white).code.clone().expect("an invite code");
    black
        .world_mut()
        .write_message(OnlineRequest::Join(code.clone()));
    run_until(&mut [white, black], "both seated", |a| {
        online(a).phase == Phase::InGame && online(a).present == ByColor::both(true)
    });
    code
}

#[test]
fn two_client_apps_play_to_checkmate_through_the_server_and_a_third_watches() {
    let (_rt, addr) = server();
    let mut white = client(&addr, 1);
    let mut black = client(&addr, 2);
    let mut watcher = client(&addr, 3);
    let code = seat_both(&mut white, &mut black, Some("5+3"));
    watcher
        .world_mut()
        .write_message(OnlineRequest::Watch(code.clone()));
    run_until(&mut [&mut watcher], "watching", |a| {
        online(a).phase == Phase::InGame && online(a).present == ByColor::both(true)
    });
    assert_eq!(online(&black).side, Some(Side::Black));
    assert_eq!(online(&watcher).side, None);
    for (i, text) in SCRIPT.iter().enumerate() {
        let mover = if i % 2 == 0 { &mut white } else { &mut black };
        let pos = seen(mover);
        let mv = parse_coordinate(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        mover.world_mut().write_message(MoveRequested(mv));
        let mut apps = [&mut white, &mut black, &mut watcher];
        run_until(&mut apps, text, |a| played(a) == i + 1);
        if i == 7 {
            late_watcher_sees_the_whole_history(&addr, &code, &mut white);
        }
    }
    // Let the last move's stages and the end settle everywhere.
    let mut apps = [&mut white, &mut black, &mut watcher];
    run_until(&mut apps, "the end", |a| {
        a.world().resource::<ChessGame>().outcome().is_some() && online(a).over.is_some()
    });
    for app in [&white, &black, &watcher] {
        let game = app.world().resource::<ChessGame>();
        assert_sweep_and_blast(game);
        let moves = game.moves();
        assert!(
            !moves[6].report.full_lift.is_empty(),
            "the fog lifted entirely"
        );
        assert_eq!(moves[14].san, "Qxf9#");
        assert_eq!(
            game.outcome(),
            Some(Outcome::Decisive {
                winner: Side::White,
                reason: WinReason::Checkmate
            })
        );
        let over = online(app).over.as_ref().expect("the server's end");
        assert_eq!(
            (over.result.as_str(), over.why.as_str()),
            ("1-0", "checkmate")
        );
    }
}

/// Move 3 swept e4's mine; on move 7 the knight blew up on d5.
fn assert_sweep_and_blast(game: &ChessGame) {
    let moves = game.moves();
    assert_eq!(
        moves[2].report.swept.map(|s| s.to_string()).as_deref(),
        Some("e4"),
        "the sweep found a mine"
    );
    let blasts: Vec<String> = moves[6]
        .report
        .blasts()
        .map(|(s, _)| s.to_string())
        .collect();
    assert_eq!(blasts, ["d5"], "the knight blew up on d5");
}

/// Someone who starts watching after move 8 (as a player who reloads)
/// gets every move with what it did, not just the position.
fn late_watcher_sees_the_whole_history(addr: &str, code: &str, white: &mut App) {
    use minesweeper_core::chess::fen::to_public_fen;
    let mut late = client(addr, 4);
    late.world_mut()
        .write_message(OnlineRequest::Watch(code.to_string()));
    run_until(&mut [&mut late], "the late watcher's replay", |a| {
        online(a).phase == Phase::InGame && a.world().resource::<ChessGame>().moves().len() == 8
    });
    assert!(online(&late).earlier.is_empty(), "replayed, not listed");
    assert_sweep_and_blast(late.world().resource::<ChessGame>());
    assert_eq!(
        to_public_fen(&seen(&mut late)),
        to_public_fen(&seen(white)),
        "the same board as the players'"
    );
}

/// White and Black play `moves` from the start, in turn, each seen on
/// both boards before the next.
fn play_in_turn(white: &mut App, black: &mut App, moves: &[&str]) {
    for (i, text) in moves.iter().enumerate() {
        let mover = if i % 2 == 0 { &mut *white } else { &mut *black };
        let pos = seen(mover);
        let mv = parse_coordinate(&pos, text).expect("legal");
        mover.world_mut().write_message(MoveRequested(mv));
        run_until(&mut [&mut *white, &mut *black], text, |a| {
            played(a) == i + 1
        });
    }
}

#[test]
fn before_the_end_no_client_board_holds_the_servers_hidden_mines() {
    let (_rt, addr) = server();
    let mut white = client(&addr, 11);
    let mut black = client(&addr, 12);
    seat_both(&mut white, &mut black, None);
    // Two quiet moves: every mine still hidden on the server.
    play_in_turn(&mut white, &mut black, &["g1h3", "g10h8"]);
    for app in [&mut white, &mut black] {
        // No mine of any layout, the server's or one made up here: the
        // four are only counted.
        assert!(
            !app.world().resource::<ChessGame>().knows_layout(),
            "no mine held"
        );
        let pos = seen(app);
        assert_eq!(pos.mines_left(), 4, "the counter is public");
        assert!(pos.mines().is_empty(), "no mine shown: {:?}", pos.mines());
        assert_eq!(pos.unseen(), 4);
        let mut q = app
            .world_mut()
            .query_filtered::<(), With<minesweeper_chess::chess::ecs::Mine>>();
        assert_eq!(q.iter(app.world()).count(), 0, "no mine entity");
    }
}

#[test]
fn a_mine_the_fog_uncovers_online_is_shown_on_both_boards() {
    let (_rt, addr) = server();
    let mut white = client(&addr, 13);
    let mut black = client(&addr, 14);
    seat_both(&mut white, &mut black, None);
    // White's e3 lifts the fog off e4, Black's a8 off a7 and b7: three
    // mines seen, one still hidden.
    play_in_turn(&mut white, &mut black, &["e2e3", "a9a8"]);
    let found: SquareSet = ["e4", "a7", "b7"]
        .iter()
        .map(|s| Square::parse(s).expect("a cell"))
        .collect();
    for app in [&mut white, &mut black] {
        let pos = seen(app);
        assert_eq!(pos.mines(), &found, "the mines seen are shown");
        assert_eq!(pos.unseen(), 1, "one still hidden");
        let mut q = app
            .world_mut()
            .query_filtered::<(), With<minesweeper_chess::chess::ecs::ShownMine>>();
        assert_eq!(q.iter(app.world()).count(), 3, "three mines drawn");
    }
}

/// The game of [`SCRIPT`] on [`MINES`]: every move's SAN and report, the
/// outcome and the finished game's record.
type Played = (
    Vec<String>,
    Vec<minesweeper_core::chess::MoveReport>,
    Option<Outcome>,
    String,
);

/// The position `app`'s players see.
pub(crate) fn seen(app: &mut App) -> minesweeper_core::chess::Position {
    public_position(app.world_mut())
        .expect("a board")
        .position()
        .clone()
}

fn played_game(app: &App) -> Played {
    let game = app.world().resource::<ChessGame>();
    let name = Variant::classic().name;
    (
        game.moves().iter().map(|m| m.san.clone()).collect(),
        game.moves().iter().map(|m| m.report).collect(),
        game.outcome(),
        minesweeper_core::chess::record::write(&name, game.finished().expect("over"), &[]),
    )
}

fn mines() -> SquareSet {
    MINES
        .iter()
        .map(|c| Square::parse(c).expect("cell"))
        .collect()
}

/// Plays [`SCRIPT`] at one screen: `scripted` Black is a scripted computer.
fn at_one_screen(scripted: bool) -> Played {
    use minesweeper_chess::chess::ecs::computer::AiSeed;
    use minesweeper_chess::chess::ecs::{NewGameRequested, PlayMode};
    use minesweeper_chess::chess::modes::computer::ScriptedReplies;
    use minesweeper_core::chess::Position;
    let mut app = headless_app(MineSeed(41));
    app.update();
    if scripted {
        // Black's replies are handed to it as its turns come (read on the
        // position each is played in); it never searches.
        app.insert_resource(AiSeed(1))
            .insert_resource(PlayMode::Computer {
                side: Side::Black,
                level: minesweeper_core::ai::Level::Master,
            })
            .insert_resource(ScriptedReplies(Default::default()));
    }
    let start = Position::new(&Variant::classic(), mines()).expect("the classic start");
    app.world_mut().write_message(NewGameRequested {
        position: Some(start),
        ..NewGameRequested::fresh()
    });
    app.update();
    for (i, text) in SCRIPT.iter().enumerate() {
        let pos = seen(&mut app);
        let mv = parse_coordinate(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        if scripted && i % 2 == 1 {
            app.world_mut()
                .resource_mut::<ScriptedReplies>()
                .0
                .push_back(mv);
        } else {
            app.world_mut().write_message(MoveRequested(mv));
        }
        let start = Instant::now();
        while app.world().resource::<ChessGame>().moves().len() < i + 1 {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "{text} not played"
            );
            app.update();
        }
    }
    played_game(&app)
}

#[test]
fn one_scripted_game_is_the_same_at_one_screen_against_a_scripted_computer_and_online() {
    let hot_seat = at_one_screen(false);
    let computer = at_one_screen(true);
    let (_rt, addr) = server();
    let mut white = client(&addr, 51);
    let mut black = client(&addr, 52);
    seat_both(&mut white, &mut black, None);
    for (i, text) in SCRIPT.iter().enumerate() {
        let mover = if i % 2 == 0 { &mut white } else { &mut black };
        let pos = seen(mover);
        let mv = parse_coordinate(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        mover.world_mut().write_message(MoveRequested(mv));
        run_until(&mut [&mut white, &mut black], text, |a| played(a) == i + 1);
    }
    // Over, and the server's layout revealed into the history.
    run_until(&mut [&mut white, &mut black], "the reveal", |a| {
        a.world()
            .resource::<ChessGame>()
            .finished()
            .is_some_and(|g| g.start().mines().len() == MINES.len())
    });
    assert_eq!(hot_seat.0.len(), SCRIPT.len());
    assert_eq!(hot_seat.0[14], "Qxf9#");
    assert!(hot_seat.1[6].blasts().count() == 1 && hot_seat.1[2].swept.is_some());
    assert_eq!(computer, hot_seat, "against the scripted computer");
    assert_eq!(played_game(&white), hot_seat, "White's screen online");
    assert_eq!(played_game(&black), hot_seat, "Black's screen online");
}

fn low_time_warnings(app: &App) -> usize {
    use minesweeper_chess::base::audio::{Effect, SoundLog};
    let log = &app.world().resource::<SoundLog>().0;
    log.iter().filter(|e| **e == Effect::LowTime).count()
}

/// What `side`'s clock shows; `u64::MAX` until the server has told the
/// clocks (the presence of both players can arrive a moment before the
/// started game with its clocks).
fn clock_ms(app: &App, side: Side) -> u64 {
    let now = app.world().resource::<Time<Real>>().elapsed_secs_f64();
    online(app).clock_left(side, now).unwrap_or(u64::MAX)
}

#[test]
fn the_low_time_warning_sounds_once_when_the_players_own_clock_runs_low() {
    let (_rt, addr) = server();
    let mut white = client_of(headless_app_with_view(MineSeed(21)), &addr);
    let mut black = client_of(headless_app_with_view(MineSeed(22)), &addr);
    // Eleven seconds each, no increment: a second after the start White's
    // running clock is under ten.
    seat_both(&mut white, &mut black, Some("11s+0"));
    assert_eq!(low_time_warnings(&white), 0, "eleven seconds is not low");
    run_until(&mut [&mut white, &mut black], "White under 9.5 s", |a| {
        clock_ms(a, Side::White) < 9_500
    });
    assert_eq!(low_time_warnings(&white), 1, "White hears it once");
    assert_eq!(
        low_time_warnings(&black),
        0,
        "not Black: its own clock is not running"
    );
    let pos = seen(&mut white);
    let mv = parse_coordinate(&pos, "g1h3").expect("legal");
    white.world_mut().write_message(MoveRequested(mv));
    run_until(&mut [&mut white, &mut black], "Black under 9.5 s", |a| {
        played(a) == 1 && clock_ms(a, Side::Black) < 9_500
    });
    assert_eq!(low_time_warnings(&black), 1, "now Black hears it");
    assert_eq!(low_time_warnings(&white), 1, "White's clock is stopped");
    // White's turn again, still low: no second warning for the same fall.
    let pos = seen(&mut black);
    let mv = parse_coordinate(&pos, "g10h8").expect("legal");
    black.world_mut().write_message(MoveRequested(mv));
    run_until(&mut [&mut white, &mut black], "White's turn", |a| {
        played(a) == 2
    });
    for _ in 0..50 {
        white.update();
        black.update();
        std::thread::sleep(Duration::from_millis(4));
    }
    assert_eq!(online(&white).clock_running(), Some(Side::White));
    assert_eq!(low_time_warnings(&white), 1, "once per fall, not per turn");
}

#[test]
fn a_player_who_leaves_for_the_menu_can_go_back_to_the_game() {
    let (_rt, addr) = server();
    let mut white = client(&addr, 31);
    let mut black = client(&addr, 32);
    let code = seat_both(&mut white, &mut black, Some("5+3"));
    let pos = seen(&mut white);
    let mv = parse_coordinate(&pos, "b1c3").expect("legal");
    white.world_mut().write_message(MoveRequested(mv));
    run_until(&mut [&mut white, &mut black], "b1c3", |a| played(a) == 1);
    white.world_mut().write_message(OnlineRequest::Leave);
    run_until(&mut [&mut white, &mut black], "White gone", |a| {
        online(a).side != Some(Side::White) || online(a).phase != Phase::InGame
    });
    run_until(&mut [&mut black], "Black sees White away", |a| {
        online(a).present == ByColor::new(false, true)
    });
    assert_eq!(online(&white).left_game(), Some(code.as_str()));
    white.world_mut().write_message(OnlineRequest::Return);
    run_until(&mut [&mut white, &mut black], "White back", |a| {
        online(a).present == ByColor::both(true)
            && online(a).phase == Phase::InGame
            && a.world().resource::<ChessGame>().moves().len() == 1
    });
    assert_eq!(online(&white).side, Some(Side::White));
    assert_eq!(online(&white).left_game(), None);
    // And plays on.
    let pos = seen(&mut black);
    let mv = parse_coordinate(&pos, "b10c8").expect("legal");
    black.world_mut().write_message(MoveRequested(mv));
    run_until(&mut [&mut white, &mut black], "b10c8", |a| played(a) == 2);
}

#[test]
fn a_screen_whose_seat_is_taken_elsewhere_says_so_and_does_not_take_it_back() {
    use minesweeper_chess::chess::online::Notice;
    use minesweeper_core::online::protocol::{ClientMsg, ErrorCode};
    use minesweeper_server::swarm::Bot;
    let (rt, addr, hub) = server_with_hub();
    let mut white = client(&addr, 61);
    let mut black = client(&addr, 62);
    let code = seat_both(&mut white, &mut black, None);
    let room = hub.room(&code).expect("the game");
    let token = rt
        .block_on(async { room.state.lock().await.tokens[Side::White].clone() })
        .expect("White's token");
    // The same player opens the game in another window, with the token.
    let mut other = rt.block_on(Bot::connect(&addr)).expect("connects");
    rt.block_on(other.send(&ClientMsg::Resume { token }))
        .expect("sent");
    run_until(&mut [&mut white], "the seat taken", |a| {
        online(a).notice == Some(Notice::Refused(ErrorCode::SeatTaken))
    });
    // It stays away: no reconnecting, the other window keeps the seat.
    for _ in 0..100 {
        white.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(online(&white).phase, Phase::Offline);
    let present = rt.block_on(async { room.state.lock().await.present() });
    assert_eq!(present, ByColor::both(true), "the other window holds White");
}

#[test]
fn a_server_that_takes_the_connection_and_never_answers_is_given_up_in_seconds() {
    use minesweeper_chess::chess::online::Notice;
    // A paused server: the kernel completes the TCP handshake, nothing
    // answers the WebSocket's.
    let silent = std::net::TcpListener::bind("127.0.0.1:0").expect("bound");
    let addr = silent.local_addr().expect("address").to_string();
    let mut app = client(&addr, 63);
    let start = Instant::now();
    app.world_mut()
        .write_message(OnlineRequest::Join("ABCDEFGH".into()));
    run_until(&mut [&mut app], "the silent server given up", |a| {
        matches!(online(a).notice, Some(Notice::Unreachable(_)))
    });
    // It waited out the silence limit (3 s), not the connect itself.
    assert!(start.elapsed() >= Duration::from_millis(2500));
    assert_eq!(online(&app).phase, Phase::Offline);
}

#[test]
fn a_page_that_stands_still_for_seconds_does_not_count_it_as_the_servers_silence() {
    // The silent server again, but the page draws a frame only every 2 s
    // (a reload compiling shaders on a software renderer): three such
    // frames are 6 s of its own stalling, not 6 s of the server's silence.
    let silent = std::net::TcpListener::bind("127.0.0.1:0").expect("bound");
    let addr = silent.local_addr().expect("address").to_string();
    let mut app = client(&addr, 64);
    app.world_mut()
        .write_message(OnlineRequest::Join("ABCDEFGH".into()));
    for _ in 0..3 {
        app.update();
        std::thread::sleep(Duration::from_secs(2));
    }
    app.update();
    assert!(
        online(&app).notice.is_none(),
        "given up: {:?}",
        online(&app).notice
    );
    assert_ne!(online(&app).phase, Phase::Offline);
}

#[test]
fn a_premove_made_while_the_opponent_thinks_goes_through_the_server() {
    use minesweeper_chess::chess::view::premove::Premove;
    let (_rt, addr) = server();
    let mut white = client(&addr, 1);
    let mut black = client_of(headless_app_with_view(MineSeed(2)), &addr);
    seat_both(&mut white, &mut black, None);
    // White to move: Black queues a9-a8 with the pointer.
    crate::premove::press_at(&mut black, "a9", false);
    crate::premove::press_at(&mut black, "a8", false);
    assert!(black.world().resource::<Premove>().queued.is_some());
    assert_eq!(played(&black), 0);
    // White moves; Black's premove goes to the server at once.
    let pos = seen(&mut white);
    let mv = parse_coordinate(&pos, "e2e3").expect("legal");
    white.world_mut().write_message(MoveRequested(mv));
    run_until(&mut [&mut white, &mut black], "the premove", |a| {
        played(a) == 2
    });
    for app in [&white, &black] {
        let game = app.world().resource::<ChessGame>();
        assert_eq!(game.moves()[1].mv.to_string(), "a9a8");
    }
    assert_eq!(*black.world().resource::<Premove>(), Premove::default());
    // Online too, each board is kept as it was seen, for looking back:
    // the start, after e3 and after a8, none holding a hidden mine (the
    // ones seen are public: e4's after e3).
    let timeline = black
        .world()
        .resource::<minesweeper_chess::chess::ecs::Timeline>();
    assert_eq!(timeline.len(), 3);
    for ply in 0..3 {
        let seen = timeline.at(ply).expect("seen here");
        let pos = seen.position();
        assert!(
            pos.mines().intersection(pos.fog()).is_empty(),
            "ply {ply}: a mine under fog"
        );
    }
}

/// A node of a test cluster on PostgreSQL database `url` (its own
/// runtime: dropping it kills the node), and its address.
fn node(url: &str, name: &str) -> (tokio::runtime::Runtime, String) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("runtime");
    let cluster = minesweeper_server::cluster::Cluster {
        node: minesweeper_server::store::Node {
            name: name.into(),
            addr: String::new(),
        },
        secret: "the test cluster's shared secret".into(),
    };
    let db = minesweeper_server::store::Db::Postgres(url.to_string());
    let config = fixed_deal(db, Some(cluster));
    let running = rt.block_on(start(config)).expect("the node starts");
    (rt, running.addr.to_string())
}

/// A fresh database on the PostgreSQL scripts/test.sh starts
/// (`MSC_PG_URL`), made with `psql`; `None` when asked to skip.
fn fresh_pg_database() -> Option<String> {
    let Ok(url) = std::env::var("MSC_PG_URL") else {
        assert!(
            std::env::var("MSC_SKIP_POSTGRES").is_ok_and(|v| v == "1"),
            "this test needs MSC_PG_URL (scripts/test.sh starts a PostgreSQL); \
             MSC_SKIP_POSTGRES=1 skips it"
        );
        return None;
    };
    let name = format!("msc_client_{}", std::process::id());
    let made = std::process::Command::new("psql")
        .args(["-qX", &url, "-c", &format!("CREATE DATABASE {name}")])
        .status()
        .expect("psql runs");
    assert!(made.success(), "database {name} made");
    Some(minesweeper_server::store::database_url(&url, &name))
}

#[test]
fn a_player_whose_games_node_dies_reconnects_through_another_and_plays_on() {
    use minesweeper_core::online::protocol::{ClientMsg, ServerMsg};
    use minesweeper_server::swarm::Bot;
    let Some(url) = fresh_pg_database() else {
        return;
    };
    let (node_a, addr_a) = node(&url, "a");
    let (node_b, addr_b) = node(&url, "b");
    // White, a bot, opens the game on node a; the screen joins as Black
    // through node b (forwarded to a).
    let mut white = node_b
        .block_on(Bot::connect(&addr_a))
        .expect("connects to a");
    node_b
        .block_on(white.send(&ClientMsg::Create {
            preset: "classic.ron".into(),
            time: Some("10+5".into()),
            color: SeatChoice::White,
            rated: false,
        }))
        .expect("sent");
    let (code, token) = node_b
        .block_on(white.until(|m| match m {
            ServerMsg::Seated { code, token, .. } => Some((code.clone(), token.clone())),
            _ => None,
        }))
        .expect("seated");
    let mut black = client(&addr_b, 71);
    black
        .world_mut()
        .write_message(OnlineRequest::Join(code.clone()));
    run_until(&mut [&mut black], "Black seated", |a| {
        online(a).phase == Phase::InGame && online(a).side == Some(Side::Black)
    });
    // Node a dies; the screen's connection through b closes with it.
    drop(white);
    node_a.shutdown_background();
    let start = Instant::now();
    let mut left = false;
    while !(left && online(&black).phase == Phase::InGame) {
        assert!(
            start.elapsed() < Duration::from_secs(25),
            "not back in the game: {:?}",
            online(&black).phase
        );
        left |= online(&black).phase == Phase::Reconnecting;
        black.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    // Node b has the game now: White comes back through it and moves, and
    // the screen sees the move and answers.
    let mut white = node_b
        .block_on(Bot::connect(&addr_b))
        .expect("connects to b");
    node_b
        .block_on(white.send(&ClientMsg::Resume { token }))
        .expect("sent");
    node_b
        .block_on(white.until(|m| matches!(m, ServerMsg::Game { .. }).then_some(())))
        .expect("White back");
    node_b
        .block_on(white.send(&ClientMsg::Move {
            ply: 1,
            mv: "e2e4".into(),
        }))
        .expect("sent");
    run_until(&mut [&mut black], "e2e4 seen", |a| played(a) == 1);
    let pos = seen(&mut black);
    let mv = parse_coordinate(&pos, "e9e8").expect("legal");
    black.world_mut().write_message(MoveRequested(mv));
    run_until(&mut [&mut black], "e9e8 played", |a| played(a) == 2);
}
