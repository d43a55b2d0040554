//! Accounts through a real server: sign up, sign in on a second client,
//! a kept session, one answer for a wrong name and a wrong password, the
//! sign-in limit, signing out everywhere and deleting an account.

use std::time::{Duration, Instant};

use minesweeper_core::online::account::{AccountRefusal, NameRule, RatingView};
use minesweeper_core::online::protocol::{ClientMsg, ServerMsg};
use minesweeper_server::Limits;
use minesweeper_server::store::Db;
use minesweeper_server::swarm::Bot;

use crate::support::TestServer;

/// What an account request came to: signed in (name, session, ratings)
/// or refused.
pub type Answer = Result<(String, String, Vec<RatingView>), AccountRefusal>;

/// Sends `msg` and waits for the account answer.
pub async fn ask(bot: &mut Bot, msg: ClientMsg) -> Answer {
    bot.send(&msg).await.expect("sent");
    bot.until(|m| match m {
        ServerMsg::SignedIn {
            name,
            session,
            ratings,
        } => Some(Ok((name.clone(), session.clone(), ratings.clone()))),
        ServerMsg::AccountRefused(why) => Some(Err(why.clone())),
        _ => None,
    })
    .await
    .expect("an answer")
}

/// Signs `name` up with a password of its own: the session token.
pub async fn sign_up(bot: &mut Bot, name: &str) -> String {
    let msg = ClientMsg::SignUp {
        name: name.into(),
        password: format!("{name} password"),
    };
    match ask(bot, msg).await {
        Ok((_, session, _)) => session,
        Err(why) => panic!("{name} not signed up: {why:?}"),
    }
}

fn sign_in(name: &str, password: &str) -> ClientMsg {
    ClientMsg::SignIn {
        name: name.into(),
        password: password.into(),
    }
}

/// Waits for a bare answer (`SignedOut`, `AccountDeleted`…).
async fn heard(bot: &mut Bot, what: fn(&ServerMsg) -> bool) {
    bot.until(|m| what(m).then_some(()))
        .await
        .expect("the answer");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_signs_up_signs_in_elsewhere_and_signs_out_everywhere() {
    sign_up_in_and_out(crate::support::fresh_db().into()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgresql_a_player_signs_up_signs_in_elsewhere_and_signs_out_everywhere() {
    if let Some(url) = crate::postgres::fresh_database().await {
        sign_up_in_and_out(Db::Postgres(url)).await;
    }
}

async fn sign_up_in_and_out(db: Db) {
    let server = TestServer::start(db, None).await;
    let mut a = server.bot().await;
    let session = sign_up(&mut a, "Alice").await;
    assert_eq!(session.len(), 64, "a 256-bit token in hex");
    // Another device: the name in any case, the same account.
    let mut b = server.bot().await;
    let (name, other, ratings) = ask(&mut b, sign_in("ALICE", "Alice password"))
        .await
        .expect("signed in");
    assert_eq!((name.as_str(), ratings.len()), ("Alice", 0));
    assert_ne!(other, session, "each device its own session");
    // A third comes back with the first one's kept session.
    let mut c = server.bot().await;
    let kept = ClientMsg::Session {
        token: session.clone(),
    };
    assert!(ask(&mut c, kept.clone()).await.is_ok());
    // A look-alike name is the same name.
    let mut d = server.bot().await;
    let taken = ClientMsg::SignUp {
        name: "al1ce".into(),
        password: "another password".into(),
    };
    assert_eq!(ask(&mut d, taken).await, Err(AccountRefusal::NameTaken));
    let reserved = ClientMsg::SignUp {
        name: "Admin".into(),
        password: "another password".into(),
    };
    let refused = Err(AccountRefusal::BadName {
        rule: NameRule::Reserved,
    });
    assert_eq!(ask(&mut d, reserved).await, refused);
    // Signing out everywhere ends the other devices' sessions at once.
    a.send(&ClientMsg::SignOut { everywhere: true })
        .await
        .expect("sent");
    for bot in [&mut a, &mut b, &mut c] {
        heard(bot, |m| matches!(m, ServerMsg::SignedOut)).await;
    }
    assert_eq!(ask(&mut c, kept).await, Err(AccountRefusal::SessionEnded));
    // Deleting the account: its name no longer signs in or has a page.
    assert!(
        ask(&mut a, sign_in("alice", "Alice password"))
            .await
            .is_ok()
    );
    a.send(&ClientMsg::DeleteAccount {
        password: "Alice password".into(),
    })
    .await
    .expect("sent");
    heard(&mut a, |m| matches!(m, ServerMsg::AccountDeleted)).await;
    let gone = ask(&mut b, sign_in("alice", "Alice password")).await;
    assert_eq!(gone, Err(AccountRefusal::WrongSignIn));
    b.send(&ClientMsg::Profile {
        name: "Alice".into(),
    })
    .await
    .expect("sent");
    let page = b
        .until(|m| match m {
            ServerMsg::AccountRefused(why) => Some(why.clone()),
            ServerMsg::Profile(_) => Some(AccountRefusal::Unavailable),
            _ => None,
        })
        .await
        .expect("an answer");
    assert_eq!(page, AccountRefusal::NotFound);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_name_and_a_wrong_password_get_the_same_answer_in_the_same_time() {
    let server = TestServer::start(crate::support::fresh_db(), None).await;
    let mut a = server.bot().await;
    sign_up(&mut a, "Bob").await;
    let mut c = server.bot().await;
    sign_up(&mut c, "Bert").await;
    let mut probe = server.bot().await;
    // Eight of each, interleaved (a busy machine slows both alike): four
    // per account, under the five failures an account may have.
    let mut times = [Vec::new(), Vec::new()];
    let mut answers = [Vec::new(), Vec::new()];
    for i in 0..8 {
        let tries = [
            sign_in(["Bob", "Bert"][i % 2], "not the password"),
            sign_in(["Nobody", "Noone"][i % 2], "not the password"),
        ];
        for (k, msg) in tries.into_iter().enumerate() {
            let began = Instant::now();
            answers[k].push(ask(&mut probe, msg).await);
            times[k].push(began.elapsed());
        }
    }
    assert_eq!(answers[0], answers[1], "the same answer");
    assert!(
        answers[0]
            .iter()
            .all(|a| *a == Err(AccountRefusal::WrongSignIn))
    );
    let median = |t: &mut Vec<Duration>| {
        t.sort();
        t[t.len() / 2]
    };
    let (t_wrong, t_none) = (median(&mut times[0]), median(&mut times[1]));
    // Both run one Argon2id check; the bound stated in docs/online.md:
    // the medians within a factor of two (a lookup's difference is well
    // under a millisecond, the check tens of them).
    let (fast, slow) = if t_wrong < t_none {
        (t_wrong, t_none)
    } else {
        (t_none, t_wrong)
    };
    assert!(
        slow <= fast * 2 + Duration::from_millis(5),
        "wrong password {t_wrong:?}, unknown name {t_none:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn too_many_failed_sign_ins_wait_even_with_the_right_password() {
    let limits = Limits {
        sign_in_failures: 3,
        ..Limits::default()
    };
    let server = TestServer::limited(crate::support::fresh_db(), limits).await;
    let mut a = server.bot().await;
    sign_up(&mut a, "Carol").await;
    let mut probe = server.bot().await;
    for _ in 0..3 {
        let wrong = ask(&mut probe, sign_in("Carol", "guessing again")).await;
        assert_eq!(wrong, Err(AccountRefusal::WrongSignIn));
    }
    let right = ask(&mut probe, sign_in("Carol", "Carol password")).await;
    assert!(
        matches!(right, Err(AccountRefusal::TooManyTries { wait_s }) if wait_s > 0),
        "{right:?}"
    );
    // The limit is the account's: a sign-up from here is not refused for it.
    let mut other = server.bot().await;
    sign_up(&mut other, "Dave").await;
}
