//! Rated games and the archive through a real server: both ratings move
//! once and symmetrically, an aborted game moves none, a guest plays
//! casual only, and a finished game opens with its mines while one in
//! progress is neither listed nor opened.

use minesweeper_core::chess::{ByColor, Color};
use minesweeper_core::online::account::{AccountRefusal, RatingChange, Who};
use minesweeper_core::online::protocol::{ClientMsg, SeatChoice, ServerMsg};
use minesweeper_core::online::rating::Speed;
use minesweeper_server::store::Db;
use minesweeper_server::swarm::Bot;

use crate::accounts::{ask, sign_up};
use crate::support::{TestServer, alternate, fixed, over, seated, started};

/// Opens a rated game as White and has `b` join it (through whichever
/// node each is on): White's seat.
pub async fn rated_game(w: &mut Bot, b: &mut Bot, time: &str) -> crate::support::Seat {
    w.send(&ClientMsg::Create {
        preset: "classic.ron".into(),
        time: Some(time.into()),
        color: SeatChoice::White,
        rated: true,
    })
    .await
    .expect("sent");
    let seat = seated(w).await;
    b.send(&ClientMsg::Join {
        code: seat.code.clone(),
    })
    .await
    .expect("sent");
    seated(b).await;
    seat
}

/// Waits for the rating changes of a game.
async fn rated(bot: &mut Bot) -> ByColor<Option<RatingChange>> {
    bot.until(|m| match m {
        ServerMsg::Rated { changes, .. } => Some(changes.clone()),
        _ => None,
    })
    .await
    .expect("the ratings")
}

/// Sends `msg` and waits for the first answer `pick` takes.
async fn request<T>(bot: &mut Bot, msg: ClientMsg, pick: impl Fn(&ServerMsg) -> Option<T>) -> T {
    bot.send(&msg).await.expect("sent");
    bot.until(|m| pick(m)).await.expect("an answer")
}

fn refusal(m: &ServerMsg) -> Option<AccountRefusal> {
    match m {
        ServerMsg::AccountRefused(why) => Some(why.clone()),
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_moves_both_ratings_once_and_is_archived_with_its_mines() {
    rated_and_archived(crate::support::fresh_db().into()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgresql_a_rated_game_moves_both_ratings_once_and_is_archived() {
    if let Some(url) = crate::postgres::fresh_database().await {
        rated_and_archived(Db::Postgres(url)).await;
    }
}

async fn rated_and_archived(db: Db) {
    let mines = ["e4", "d5", "a7", "b7"];
    let server = TestServer::start(db, Some(fixed(&mines))).await;
    let (mut w, mut b) = (server.bot().await, server.bot().await);
    sign_up(&mut w, "Whitey").await;
    sign_up(&mut b, "Blacky").await;
    let code = rated_game(&mut w, &mut b, "5+3").await.code;
    let ServerMsg::Game {
        players,
        rated: is_rated,
        ..
    } = started(&mut w).await
    else {
        unreachable!()
    };
    assert!(is_rated);
    let white = players[Color::White].clone().expect("a card");
    assert_eq!(
        white.who,
        Who::Named {
            name: "Whitey".into()
        }
    );
    assert_eq!((white.rating, white.provisional), (Some(1500), true));
    started(&mut b).await;
    // A game still going is in no archive and cannot be opened.
    let opened = request(&mut b, ClientMsg::Replay { id: code.clone() }, refusal).await;
    assert_eq!(opened, AccountRefusal::NotFound);
    alternate(&mut w, &mut b, &["e2e3", "a9a8", "d2d3"]).await;
    b.send(&ClientMsg::Resign).await.expect("sent");
    over(&mut w).await;
    let changes = rated(&mut w).await;
    assert_eq!(rated(&mut b).await, changes, "both told the same");
    let (cw, cb) = (
        changes[Color::White].clone().expect("White rated"),
        changes[Color::Black].clone().expect("Black rated"),
    );
    assert_eq!(cw.speed, Speed::Blitz, "5+3 is blitz");
    assert!(cw.delta() > 0 && cb.delta() < 0, "{cw:?} {cb:?}");
    assert_eq!(cw.delta(), -cb.delta(), "equal players: symmetric");
    // Once only: asking again (another node, the pending sweep) finds it
    // done and changes nothing.
    let again = server.hub.store.rate(&code, 0).await.expect("read");
    assert_eq!(again, Some(changes.clone()));
    assert_eq!(server.hub.store.rate_pending(0).await.expect("ran"), 0);
    let (_, _, ratings) = ask(
        &mut w,
        ClientMsg::SignIn {
            name: "whitey".into(),
            password: "Whitey password".into(),
        },
    )
    .await
    .expect("signed in");
    assert_eq!(ratings.len(), 1);
    assert_eq!((ratings[0].rating, ratings[0].games), (cw.after, 1));
    archived(&server, &mut b, &code, &mines).await;
    // Whitey deletes the account: the game stays, under "deleted player".
    w.send(&ClientMsg::DeleteAccount {
        password: "Whitey password".into(),
    })
    .await
    .expect("sent");
    w.until(|m| matches!(m, ServerMsg::AccountDeleted).then_some(()))
        .await
        .expect("deleted");
    // Four archive reads a second per connection: this is Blacky's fifth.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let games = request(
        &mut b,
        ClientMsg::Archive {
            name: "Blacky".into(),
            page: 0,
        },
        |m| match m {
            ServerMsg::Archive { games, .. } => Some(games.clone()),
            _ => None,
        },
    )
    .await;
    assert_eq!((games.len(), &games[0].white), (1, &Who::Deleted));
}

/// Game `code`, finished, is in Blacky's archive and opens with `mines`;
/// Whitey's page counts it; the operator's counts show it.
async fn archived(server: &TestServer, b: &mut Bot, code: &str, mines: &[&str]) {
    let games = request(
        b,
        ClientMsg::Archive {
            name: "Blacky".into(),
            page: 0,
        },
        |m| match m {
            ServerMsg::Archive { games, more, .. } => Some((games.clone(), *more)),
            _ => None,
        },
    )
    .await;
    assert_eq!(games.0.len(), 1);
    assert!(!games.1);
    assert_eq!(games.0[0].id, code);
    let record = request(b, ClientMsg::Replay { id: code.into() }, |m| match m {
        ServerMsg::Replay { record, .. } => Some(record.clone()),
        _ => None,
    })
    .await;
    assert!(record.contains("[White \"Whitey\"]"), "{record}");
    let rec = minesweeper_core::chess::record::parse(
        &record,
        |_| Some(minesweeper_core::chess::Variant::classic().rules),
        &mut <minesweeper_core::rng::GameRng as rand::SeedableRng>::seed_from_u64(1),
    )
    .expect("the record reads");
    assert!(!rec.dealt, "the true layout, not a guess");
    let layout: Vec<String> = rec.start.mines().iter().map(|s| s.to_string()).collect();
    let mut want: Vec<String> = mines.iter().map(|s| s.to_string()).collect();
    let mut got = layout.clone();
    want.sort();
    got.sort();
    assert_eq!(got, want);
    let profile = request(
        b,
        ClientMsg::Profile {
            name: "whitey".into(),
        },
        |m| match m {
            ServerMsg::Profile(p) => Some(p.clone()),
            _ => None,
        },
    )
    .await;
    assert_eq!((profile.played, profile.won, profile.lost), (1, 1, 0));
    assert_eq!(profile.history.len(), 1);
    assert_eq!(profile.recent.len(), 1);
    // The operator counts them; no password, token or hash shows.
    let metrics = crate::cluster::get(&server.addr, "/metrics").await;
    for line in [
        "msc_sign_ups_total 2",
        "msc_sign_ins_total 1",
        "msc_rated_games_total 1",
    ] {
        assert!(metrics.contains(line), "{line} missing from:\n{metrics}");
    }
    assert!(!metrics.contains("Whitey password") && !metrics.contains("$argon2"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_aborted_game_moves_no_rating_and_a_guest_plays_casual_only() {
    let server = TestServer::start(crate::support::fresh_db(), None).await;
    let (mut w, mut b) = (server.bot().await, server.bot().await);
    sign_up(&mut w, "Early").await;
    sign_up(&mut b, "Leaver").await;
    rated_game(&mut w, &mut b, "3+2").await;
    started(&mut w).await;
    alternate(&mut w, &mut b, &["e2e3"]).await;
    b.send(&ClientMsg::Resign).await.expect("sent");
    over(&mut w).await;
    assert_eq!(rated(&mut w).await, ByColor::default(), "aborted: unrated");
    // A guest may not open a rated game.
    let mut guest = server.bot().await;
    guest
        .send(&ClientMsg::Create {
            preset: "classic.ron".into(),
            time: None,
            color: SeatChoice::White,
            rated: true,
        })
        .await
        .expect("sent");
    let answer = guest
        .until(|m| match m {
            ServerMsg::Error { message, .. } => Some(message.clone()),
            ServerMsg::Seated { .. } => Some(String::new()),
            _ => None,
        })
        .await
        .expect("an answer");
    assert!(answer.contains("signed-in"), "{answer:?}");
}
