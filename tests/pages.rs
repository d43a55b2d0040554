//! The players' pages through a real server: two players with accounts
//! finish a rated game (bots), and a client app asks for a profile, an
//! archive's page and the leaderboard, and opens the finished game on its
//! board with the mines the server dealt; a game still going is refused
//! and leaves the board alone.

use bevy::prelude::*;
use minesweeper_chess::chess::ecs::{ChessGame, PlayMode, public_position};
use minesweeper_chess::chess::online::{AccountNews, OnlineRequest, Players};
use minesweeper_core::chess::fen::to_public_fen;
use minesweeper_core::chess::{ByColor, Color as Side, Outcome, Square, SquareSet, WinReason};
use minesweeper_core::online::account::{AccountRefusal, Who};
use minesweeper_core::online::protocol::{ClientMsg, EndReason, GameResult, SeatChoice, ServerMsg};
use minesweeper_core::online::rating::Speed;
use minesweeper_server::swarm::Bot;

use crate::online::{MINES, client, run_until, server_with_hub};

/// Signs `bot` up as `name`.
async fn sign_up(bot: &mut Bot, name: &str) {
    let msg = ClientMsg::SignUp {
        name: name.into(),
        password: format!("{name} password"),
    };
    bot.send(&msg).await.expect("sent");
    bot.until(|m| match m {
        ServerMsg::SignedIn { .. } => Some(()),
        ServerMsg::AccountRefused(why) => panic!("{name} not signed up: {why:?}"),
        _ => None,
    })
    .await
    .expect("signed up");
}

/// White opens a classic game (`rated`, 5+3) and Black joins it: its code.
async fn game(w: &mut Bot, b: &mut Bot, rated: bool) -> String {
    let seated = |m: &ServerMsg| match m {
        ServerMsg::Seated { code, .. } => Some(code.clone()),
        ServerMsg::Error { message, .. } => panic!("refused: {message}"),
        _ => None,
    };
    let create = ClientMsg::Create {
        preset: "classic.ron".into(),
        time: Some("5+3".into()),
        color: SeatChoice::White,
        rated,
    };
    w.send(&create).await.expect("sent");
    let code = w.until(seated).await.expect("White seated");
    let join = ClientMsg::Join { code: code.clone() };
    b.send(&join).await.expect("sent");
    b.until(seated).await.expect("Black seated");
    // Moves wait for the game to start: both seats taken.
    for bot in [w, b] {
        bot.until(|m| match m {
            ServerMsg::Game { present, .. } if *present == ByColor::both(true) => Some(()),
            _ => None,
        })
        .await
        .expect("started");
    }
    code
}

/// Plays `moves` from the start, White first, each heard by both.
async fn alternate(w: &mut Bot, b: &mut Bot, moves: &[&str]) {
    for (i, mv) in moves.iter().enumerate() {
        let ply = u32::try_from(i).expect("a few moves") + 1;
        let mover = if i % 2 == 0 { &mut *w } else { &mut *b };
        let msg = ClientMsg::Move {
            ply,
            mv: (*mv).into(),
        };
        mover.send(&msg).await.expect("sent");
        for bot in [&mut *w, &mut *b] {
            bot.until(|m| match m {
                ServerMsg::Moved { view, .. } if view.ply == ply => Some(()),
                ServerMsg::Error { message, .. } => panic!("{mv} refused: {message}"),
                _ => None,
            })
            .await
            .expect("the move heard");
        }
    }
}

/// Whitey beats Blacky in a rated blitz game (Black resigns after three
/// moves), then two guests start a game they are still playing: the
/// finished game's code, the live one's, and the bots (whose connections
/// keep the live game going).
async fn played(addr: &str) -> (String, String, Vec<Bot>) {
    let mut bots = Vec::new();
    for _ in 0..4 {
        bots.push(Bot::connect(addr).await.expect("connects"));
    }
    let [mut w, mut b, mut x, mut y] = <[Bot; 4]>::try_from(bots).ok().expect("four bots");
    sign_up(&mut w, "Whitey").await;
    sign_up(&mut b, "Blacky").await;
    let done = game(&mut w, &mut b, true).await;
    alternate(&mut w, &mut b, &["e2e3", "a9a8", "d2d3"]).await;
    b.send(&ClientMsg::Resign).await.expect("sent");
    for bot in [&mut w, &mut b] {
        // The ratings are told once the game is stored.
        bot.until(|m| matches!(m, ServerMsg::Rated { .. }).then_some(()))
            .await
            .expect("rated");
    }
    let live = game(&mut x, &mut y, false).await;
    alternate(&mut x, &mut y, &["e2e3"]).await;
    (done, live, vec![w, b, x, y])
}

fn players(app: &App) -> &Players {
    app.world().resource::<Players>()
}

fn say(app: &mut App, msg: ClientMsg) {
    app.world_mut().write_message(OnlineRequest::Say(msg));
}

#[test]
fn a_client_reads_a_profile_an_archive_and_the_leaderboard_through_the_server() {
    let (rt, addr, _hub) = server_with_hub();
    let (done, _live, _bots) = rt.block_on(played(&addr));
    let mut app = client(&addr, 81);
    say(
        &mut app,
        ClientMsg::Profile {
            name: "whitey".into(),
        },
    );
    run_until(&mut [&mut app], "the profile", |a| {
        players(a).profile.is_some()
    });
    let profile = players(&app).profile.clone().expect("a profile");
    assert_eq!(profile.name, "Whitey", "as its owner wrote it");
    assert_eq!(
        (profile.played, profile.won, profile.drawn, profile.lost),
        (1, 1, 0, 0)
    );
    let blitz = &profile.ratings[0];
    assert_eq!(
        (blitz.speed, blitz.games, blitz.provisional),
        (Speed::Blitz, 1, true)
    );
    assert!(blitz.rating > 1500, "a win: {}", blitz.rating);
    let (speed, points) = &profile.history[0];
    assert_eq!((*speed, points.len()), (Speed::Blitz, 1));
    assert_eq!(points[0].rating, blitz.rating);
    let entry = &profile.recent[0];
    assert_eq!(entry.id, done);
    assert_eq!(
        (&entry.white, &entry.black),
        (
            &Who::Named {
                name: "Whitey".into()
            },
            &Who::Named {
                name: "Blacky".into()
            }
        )
    );
    assert_eq!(
        (
            entry.result,
            entry.why,
            entry.rated,
            entry.time.as_deref(),
            entry.plies
        ),
        (
            GameResult::WhiteWins,
            EndReason::Resignation,
            true,
            Some("5+3"),
            3
        )
    );
    say(
        &mut app,
        ClientMsg::Archive {
            name: "Blacky".into(),
            page: 0,
        },
    );
    run_until(&mut [&mut app], "the archive", |a| {
        players(a).archive.is_some()
    });
    let (name, page, games, more) = players(&app).archive.clone().expect("a page");
    assert_eq!((name.as_str(), page, more), ("Blacky", 0, false));
    assert_eq!(games, profile.recent, "the same one game");
    // Nobody has an established rating after one game: an empty board,
    // for each speed asked.
    for speed in [Speed::Blitz, Speed::Bullet] {
        say(&mut app, ClientMsg::Leaderboard { speed });
        run_until(&mut [&mut app], "the leaderboard", |a| {
            players(a)
                .leaderboard
                .as_ref()
                .is_some_and(|(s, _)| *s == speed)
        });
        let (_, rows) = players(&app).leaderboard.clone().expect("a board");
        assert!(rows.is_empty(), "{speed}: {rows:?}");
    }
    // The server answers four pages a second to a connection.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    say(
        &mut app,
        ClientMsg::Profile {
            name: "nobody".into(),
        },
    );
    run_until(&mut [&mut app], "no such player", |a| {
        players(a).news == Some(AccountNews::Refused(AccountRefusal::NotFound))
    });
    assert_eq!(players(&app).profile.as_ref(), Some(&profile), "kept");
}

fn mines() -> SquareSet {
    MINES
        .iter()
        .map(|c| Square::parse(c).expect("cell"))
        .collect()
}

#[test]
fn a_finished_game_opens_on_the_board_with_its_mines_and_a_live_one_does_not() {
    let (rt, addr, _hub) = server_with_hub();
    let (done, live, _bots) = rt.block_on(played(&addr));
    let mut app = client(&addr, 82);
    let board = |app: &mut App| {
        to_public_fen(
            public_position(app.world_mut())
                .expect("a board")
                .position(),
        )
    };
    let before = board(&mut app);
    // The game still going is no archive's yet: refused, the board kept.
    say(&mut app, ClientMsg::Replay { id: live });
    run_until(&mut [&mut app], "the refusal", |a| {
        players(a).news == Some(AccountNews::Refused(AccountRefusal::NotFound))
    });
    for _ in 0..10 {
        app.update();
    }
    let game = app.world().resource::<ChessGame>();
    assert!(game.moves().is_empty() && game.outcome().is_none());
    assert_eq!(board(&mut app), before, "the board left alone");
    // The finished one opens as it ended, the server's mines in view.
    say(&mut app, ClientMsg::Replay { id: done });
    run_until(&mut [&mut app], "the replay", |a| {
        a.world().resource::<ChessGame>().finished().is_some()
    });
    let game = app.world().resource::<ChessGame>();
    let finished = game.finished().expect("over");
    assert_eq!(*finished.start().mines(), mines(), "the server's layout");
    assert!(game.knows_layout());
    let sans: Vec<&str> = game.moves().iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, ["e3", "a8", "d3"]);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Decisive {
            winner: Side::White,
            reason: WinReason::Resignation
        })
    );
    assert_eq!(*app.world().resource::<PlayMode>(), PlayMode::HotSeat);
}

#[test]
fn the_archive_s_permanent_link_opens_the_finished_game_at_the_start() {
    let (rt, addr, _hub) = server_with_hub();
    let (done, _live, _bots) = rt.block_on(played(&addr));
    // `--game ID` (the web's ?game=ID): nothing else asked.
    let mut app = minesweeper_chess::app::headless_app(minesweeper_chess::chess::ecs::MineSeed(84));
    app.insert_resource(minesweeper_chess::base::options::GameOptions {
        server: Some(addr.clone()),
        game: Some(done),
        ..default()
    });
    app.update();
    run_until(&mut [&mut app], "the game of the link", |a| {
        a.world().resource::<ChessGame>().finished().is_some()
    });
    let game = app.world().resource::<ChessGame>();
    assert!(game.knows_layout(), "its mines known");
    assert_eq!(game.moves().len(), 3);
}
