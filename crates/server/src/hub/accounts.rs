//! Account requests answered: sign up, sign in (by password or a kept
//! session), sign out, change the password, delete the account. Passwords
//! are hashed and checked on four threads of their own (Argon2id takes tens
//! of milliseconds and 19 MiB), never on the store thread. A wrong name and
//! a wrong password take the same path: one lookup, one Argon2id check
//! (against a dummy hash when there is no such name), one answer.

use std::sync::Arc;

use minesweeper_core::online::account::{AccountRefusal, NameRule};
use minesweeper_core::online::protocol::{ClientMsg, ServerMsg};

use super::Hub;
use crate::accounts::names::{self, NameError};
use crate::accounts::password::{self, Password, PasswordError};
use crate::accounts::sessions::{self, SESSION_DAYS};
use crate::room::{Peer, Signed};
use crate::store::StoreError;
use crate::store::players::Account;

/// How long a session lasts from its last use (ms).
const SESSION_MS: u64 = SESSION_DAYS * 24 * 3600 * 1000;

/// A refusal to send back.
type Refused = AccountRefusal;

/// The store failed: logged here, "try again" to the client.
pub(super) fn unavailable(e: StoreError) -> Refused {
    crate::log::log(
        crate::log::Level::Error,
        "players_store_failed",
        &[("reason", &e)],
    );
    AccountRefusal::Unavailable
}

/// A name's broken rule as the client reads it.
fn name_refusal(e: &NameError) -> Refused {
    let rule = match e {
        NameError::Length { .. } => NameRule::Length,
        NameError::Character(_) => NameRule::Characters,
        NameError::Start => NameRule::Start,
        NameError::Separators => NameRule::Separators,
        NameError::Reserved => NameRule::Reserved,
    };
    AccountRefusal::BadName { rule }
}

/// A password's broken rule as the client reads it.
fn password_refusal(e: &PasswordError) -> Refused {
    match e {
        PasswordError::Hash => AccountRefusal::Unavailable,
        _ => bad_password(),
    }
}

/// The password rule as the client reads it.
fn bad_password() -> Refused {
    AccountRefusal::BadPassword {
        min: password::MIN_BYTES as u32,
        max: password::MAX_BYTES as u32,
    }
}

/// A new password, its length checked before any work is done on it.
fn new_password(given: String) -> Result<Password, Refused> {
    if (password::MIN_BYTES..=password::MAX_BYTES).contains(&given.len()) {
        Ok(Password::new(given))
    } else {
        Err(bad_password())
    }
}

/// Password hashes computed at once: each takes 19 MiB, so a burst of
/// sign-ins waits its turn rather than take the memory of hundreds.
const HASHING_AT_ONCE: usize = 4;

/// Work for the hashing threads.
type HashJob = Box<dyn FnOnce() + Send>;

/// The hashing threads' queue: [`HASHING_AT_ONCE`] threads of their own
/// (not tokio's blocking pool, whose many threads would each keep an
/// allocator arena holding a freed 19 MiB block).
fn hashers() -> Option<&'static std::sync::Mutex<std::sync::mpsc::Sender<HashJob>>> {
    use std::sync::{Arc, Mutex, OnceLock, mpsc};
    static POOL: OnceLock<Option<Mutex<mpsc::Sender<HashJob>>>> = OnceLock::new();
    POOL.get_or_init(|| {
        let (tx, rx) = mpsc::channel::<HashJob>();
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..HASHING_AT_ONCE {
            let rx = rx.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("hash-{i}"))
                .spawn(move || {
                    loop {
                        let job = rx
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner)
                            .recv();
                        match job {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    }
                });
            if spawned.is_err() {
                return None;
            }
        }
        Some(Mutex::new(tx))
    })
    .as_ref()
}

/// Runs Argon2id work on the hashing threads, [`HASHING_AT_ONCE`] at most
/// at a time; the rest wait in their queue.
async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T, Refused> {
    let (done, answer) = tokio::sync::oneshot::channel();
    let job: HashJob = Box::new(move || {
        let _ = done.send(f());
    });
    hashers()
        .ok_or(AccountRefusal::Unavailable)?
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .send(job)
        .map_err(|_| AccountRefusal::Unavailable)?;
    answer.await.map_err(|_| AccountRefusal::Unavailable)
}

/// Signs `peer` in as `account` with a new session, and tells it so.
async fn open_session(hub: &Hub, peer: &Arc<Peer>, account: Account) -> Result<(), Refused> {
    let token = sessions::new_token().map_err(|_| AccountRefusal::Unavailable)?;
    let hash = sessions::token_hash(&token);
    let now = crate::now_ms();
    hub.store
        .open_session(account.id, hash.clone(), now, now + SESSION_MS)
        .await
        .map_err(unavailable)?;
    signed_in(
        hub,
        peer,
        Signed {
            account,
            token,
            hash,
        },
    )
    .await
}

/// Notes `peer` signed in and tells it its name, session and ratings.
async fn signed_in(hub: &Hub, peer: &Arc<Peer>, signed: Signed) -> Result<(), Refused> {
    let ratings = hub
        .store
        .ratings(signed.account.id)
        .await
        .map_err(unavailable)?;
    peer.tell(&ServerMsg::SignedIn {
        name: signed.account.name.clone(),
        session: signed.token.clone(),
        ratings,
    });
    hub.note_signed(peer, signed.account.id);
    peer.set_signed(Some(signed));
    Ok(())
}

async fn sign_up(hub: &Hub, peer: &Arc<Peer>, name: &str, given: String) -> Result<(), Refused> {
    let name = names::check(name).map_err(|e| name_refusal(&e))?;
    let pw = new_password(given)?;
    let now = crate::now_ms();
    hub.limiter
        .may_sign_up(peer.address, now)
        .map_err(|w| AccountRefusal::TooManyTries { wait_s: w.seconds })?;
    let hash = blocking(move || password::hash(&pw))
        .await?
        .map_err(|e| password_refusal(&e))?;
    let account = hub
        .store
        .sign_up(&name.shown, &name.key, hash, now)
        .await
        .map_err(unavailable)?
        .ok_or(AccountRefusal::NameTaken)?;
    hub.counters.sign_up();
    open_session(hub, peer, account).await
}

/// Checks `given` against the account of `name`: the account, or the
/// one answer for a wrong name and a wrong password alike.
async fn check_password(
    hub: &Hub,
    peer: &Peer,
    name: &str,
    given: String,
) -> Result<Account, Refused> {
    // A name that breaks the rules is looked up as itself: it finds
    // nothing, and costs what a wrong password does.
    let key = names::check(name).map_or_else(|_| name.to_ascii_lowercase(), |n| n.key);
    let now = crate::now_ms();
    hub.limiter
        .may_try(peer.address, &key, now)
        .map_err(|w| AccountRefusal::TooManyTries { wait_s: w.seconds })?;
    hub.limiter.tried(peer.address, now);
    let found = hub.store.credentials(&key).await.map_err(unavailable)?;
    let pw = Password::new(given);
    let (account, right) = blocking(move || match found {
        Some((account, hash)) => {
            let right = password::verify(&pw, &hash);
            (Some(account), right)
        }
        None => (None, password::verify_unknown(&pw)),
    })
    .await?;
    match account.filter(|_| right) {
        Some(account) => {
            hub.limiter.succeeded(&key);
            Ok(account)
        }
        None => {
            hub.limiter.failed(&key, now);
            Err(AccountRefusal::WrongSignIn)
        }
    }
}

async fn sign_in(hub: &Hub, peer: &Arc<Peer>, name: &str, given: String) -> Result<(), Refused> {
    let account = check_password(hub, peer, name, given).await?;
    hub.counters.sign_in();
    open_session(hub, peer, account).await
}

async fn session(hub: &Hub, peer: &Arc<Peer>, token: &str) -> Result<(), Refused> {
    if !sessions::looks_like_token(token) {
        return Err(AccountRefusal::SessionEnded);
    }
    let hash = sessions::token_hash(token);
    let now = crate::now_ms();
    let account = hub
        .store
        .session(hash.clone(), now, now + SESSION_MS)
        .await
        .map_err(unavailable)?
        .ok_or(AccountRefusal::SessionEnded)?;
    signed_in(
        hub,
        peer,
        Signed {
            account,
            token: token.to_string(),
            hash,
        },
    )
    .await
}

/// The account signed in on `peer` if its session still holds (another
/// device may have signed out everywhere, on another node).
///
/// # Errors
/// [`AccountRefusal::NotSignedIn`], or the session ended (the
/// connection is signed out and told).
pub async fn live_account(hub: &Hub, peer: &Peer) -> Result<Account, Refused> {
    let signed = peer.signed().ok_or(AccountRefusal::NotSignedIn)?;
    let now = crate::now_ms();
    match hub.store.session(signed.hash, now, now + SESSION_MS).await {
        Ok(Some(account)) => Ok(account),
        Ok(None) => {
            peer.set_signed(None);
            peer.tell(&ServerMsg::SignedOut);
            Err(AccountRefusal::SessionEnded)
        }
        Err(e) => Err(unavailable(e)),
    }
}

async fn sign_out(hub: &Hub, peer: &Arc<Peer>, everywhere: bool) -> Result<(), Refused> {
    let signed = peer.signed().ok_or(AccountRefusal::NotSignedIn)?;
    if everywhere {
        hub.store
            .end_sessions(signed.account.id, None)
            .await
            .map_err(unavailable)?;
        hub.sign_out_user(signed.account.id, None);
    } else {
        hub.store
            .end_session(signed.hash)
            .await
            .map_err(unavailable)?;
    }
    peer.set_signed(None);
    peer.tell(&ServerMsg::SignedOut);
    Ok(())
}

async fn change_password(
    hub: &Hub,
    peer: &Arc<Peer>,
    old: String,
    new: String,
) -> Result<(), Refused> {
    let account = live_account(hub, peer).await?;
    let new = new_password(new)?;
    check_password(hub, peer, &account.name, old).await?;
    let hash = blocking(move || password::hash(&new))
        .await?
        .map_err(|e| password_refusal(&e))?;
    hub.store
        .set_password(account.id, hash)
        .await
        .map_err(unavailable)?;
    // The other devices sign in again with the new password.
    let keep = peer.signed().map(|s| s.hash);
    hub.store
        .end_sessions(account.id, keep)
        .await
        .map_err(unavailable)?;
    hub.sign_out_user(account.id, Some(peer.id));
    peer.tell(&ServerMsg::PasswordChanged);
    Ok(())
}

async fn delete_account(hub: &Hub, peer: &Arc<Peer>, given: String) -> Result<(), Refused> {
    let account = live_account(hub, peer).await?;
    check_password(hub, peer, &account.name, given).await?;
    hub.store
        .delete_account(account.id)
        .await
        .map_err(unavailable)?;
    hub.sign_out_user(account.id, Some(peer.id));
    peer.set_signed(None);
    peer.tell(&ServerMsg::AccountDeleted);
    Ok(())
}

/// Answers an account request; `false` when `msg` is not one.
pub async fn handle(hub: &Hub, peer: &Arc<Peer>, msg: &ClientMsg) -> bool {
    let done = match msg.clone() {
        ClientMsg::SignUp { name, password } => sign_up(hub, peer, &name, password).await,
        ClientMsg::SignIn { name, password } => sign_in(hub, peer, &name, password).await,
        ClientMsg::Session { token } => session(hub, peer, &token).await,
        ClientMsg::SignOut { everywhere } => sign_out(hub, peer, everywhere).await,
        ClientMsg::ChangePassword { old, new } => change_password(hub, peer, old, new).await,
        ClientMsg::DeleteAccount { password } => delete_account(hub, peer, password).await,
        _ => return false,
    };
    if let Err(why) = done {
        peer.tell(&ServerMsg::AccountRefused(why));
    }
    true
}
