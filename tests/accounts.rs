//! Accounts through the ECS and a real server (the online tests' server,
//! on loopback): a client app signs up and keeps its session, which signs
//! a new connection in; a wrong password and an unknown name get the one
//! same answer; a rated game between two signed-in players shows both
//! names on the cards and how it moved their ratings.

use bevy::prelude::*;
use minesweeper_chess::chess::ecs::MoveRequested;
use minesweeper_chess::chess::online::{AccountNews, OnlineRequest, Phase, Players};
use minesweeper_core::chess::Color as Side;
use minesweeper_core::chess::notation::parse_coordinate;
use minesweeper_core::online::account::{AccountRefusal, Who};
use minesweeper_core::online::protocol::{ClientMsg, SeatChoice};
use minesweeper_core::online::rating::Speed;

use super::online::{client, online, run_until, seen, server};

const PASSWORD: &str = "correct horse battery";

fn players(app: &App) -> &Players {
    app.world().resource::<Players>()
}

/// Asks the server `msg` with the last news forgotten, and waits for the
/// account's next news.
fn ask(app: &mut App, msg: ClientMsg) -> AccountNews {
    app.world_mut().resource_mut::<Players>().news = None;
    app.world_mut().write_message(OnlineRequest::Say(msg));
    run_until(&mut [app], "the account's news", |a| {
        players(a).news.is_some()
    });
    players(app).news.clone().expect("news")
}

fn sign_up(app: &mut App, name: &str) {
    let signed = ask(
        app,
        ClientMsg::SignUp {
            name: name.into(),
            password: PASSWORD.into(),
        },
    );
    assert_eq!(signed, AccountNews::SignedIn);
    assert_eq!(players(app).name.as_deref(), Some(name));
}

fn sign_in(name: &str, password: &str) -> ClientMsg {
    ClientMsg::SignIn {
        name: name.into(),
        password: password.into(),
    }
}

#[test]
fn a_player_signs_up_keeps_the_session_and_a_wrong_password_is_refused() {
    let (_rt, addr) = server();
    let mut alice = client(&addr, 1);
    sign_up(&mut alice, "alice");
    assert!(players(&alice).has_session(), "the session is kept");
    // Only connecting, no game asked for: the lobby stops saying so.
    assert_eq!(online(&alice).phase, Phase::Offline);

    // A new connection signs in with the kept session, no password asked.
    alice.world_mut().write_message(OnlineRequest::Leave);
    alice.update();
    alice.world_mut().resource_mut::<Players>().name = None;
    let again = ask(
        &mut alice,
        ClientMsg::Leaderboard {
            speed: Speed::Blitz,
        },
    );
    assert_eq!(again, AccountNews::SignedIn);
    assert_eq!(players(&alice).name.as_deref(), Some("alice"));

    // Another screen: a guest asking for a rated game is told to sign in.
    let mut other = client(&addr, 2);
    other.world_mut().write_message(OnlineRequest::Create {
        preset: "classic.ron".into(),
        time: Some("5+3".into()),
        color: SeatChoice::White,
        rated: true,
    });
    run_until(&mut [&mut other], "the refusal", |a| {
        players(a).news.is_some()
    });
    assert_eq!(
        players(&other).news,
        Some(AccountNews::Refused(AccountRefusal::NotSignedIn))
    );
    // A wrong password and a name nobody has: one answer for both.
    for name in ["alice", "nobody"] {
        let refused = ask(&mut other, sign_in(name, "not the password"));
        assert_eq!(
            refused,
            AccountNews::Refused(AccountRefusal::WrongSignIn),
            "{name}"
        );
        assert!(!players(&other).signed_in());
    }
    // The right password, the name in any case.
    assert_eq!(
        ask(&mut other, sign_in("ALICE", PASSWORD)),
        AccountNews::SignedIn
    );
    assert_eq!(players(&other).name.as_deref(), Some("alice"));

    // The account dialog's requests: a new password, then signing out.
    let changed = ask(
        &mut other,
        ClientMsg::ChangePassword {
            old: PASSWORD.into(),
            new: "a brand new password".into(),
        },
    );
    assert_eq!(changed, AccountNews::PasswordChanged);
    let out = ask(&mut other, ClientMsg::SignOut { everywhere: false });
    assert_eq!(out, AccountNews::SignedOut);
    assert!(!players(&other).signed_in() && !players(&other).has_session());
}

#[test]
fn a_rated_game_shows_both_names_on_the_cards_and_moves_both_ratings() {
    let (_rt, addr) = server();
    let mut white = client(&addr, 1);
    let mut black = client(&addr, 2);
    sign_up(&mut white, "alice");
    sign_up(&mut black, "bob");
    white.world_mut().write_message(OnlineRequest::Create {
        preset: "classic.ron".into(),
        time: Some("5+3".into()),
        color: SeatChoice::White,
        rated: true,
    });
    run_until(&mut [&mut white], "the game", |a| {
        online(a).phase == Phase::InGame
    });
    let code = online(&white).code.clone().expect("an invite code");
    black
        .world_mut()
        .write_message(OnlineRequest::Join(code.clone()));
    run_until(&mut [&mut white, &mut black], "both cards", |a| {
        online(a).phase == Phase::InGame && players(a).cards.all(Option::is_some)
    });
    for app in [&white, &black] {
        let p = players(app);
        assert!(p.rated, "the game is rated");
        for (side, name) in [(Side::White, "alice"), (Side::Black, "bob")] {
            let card = p.cards[side].as_ref().expect("a card");
            assert_eq!(card.who, Who::Named { name: name.into() });
            // Newcomers: 1500, provisional.
            assert_eq!((card.rating, card.provisional), (Some(1500), true));
        }
    }

    // Two moves (a game with fewer is aborted, not rated), then Black
    // resigns.
    for (i, text) in ["e2e3", "a9a8"].into_iter().enumerate() {
        let mover = if i == 0 { &mut white } else { &mut black };
        let mv = parse_coordinate(&seen(mover), text).expect("a legal move");
        mover.world_mut().write_message(MoveRequested(mv));
        run_until(&mut [&mut white, &mut black], text, |a| {
            online(a).moves_told() as usize == i + 1
        });
    }
    black
        .world_mut()
        .write_message(OnlineRequest::Say(ClientMsg::Resign));
    run_until(&mut [&mut white, &mut black], "the ratings moved", |a| {
        players(a).change(Some(&code), Side::Black).is_some()
    });
    for app in [&white, &black] {
        let p = players(app);
        let won = p.change(Some(&code), Side::White).expect("White's change");
        let lost = p.change(Some(&code), Side::Black).expect("Black's change");
        assert_eq!(won.speed, Speed::Blitz);
        assert!(won.delta() > 0 && lost.delta() < 0, "{won:?} {lost:?}");
        assert!(p.change(Some("OTHER"), Side::White).is_none());
    }
    // Each player's own rating is the new one now (the lobby shows it).
    for (app, side) in [(&white, Side::White), (&black, Side::Black)] {
        let p = players(app);
        let change = p.change(Some(&code), side).expect("a change");
        let mine = p.ratings.iter().find(|r| r.speed == Speed::Blitz);
        assert_eq!(mine.map(|r| r.rating), Some(change.after));
    }
}
