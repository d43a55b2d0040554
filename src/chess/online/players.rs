//! Players with a name, the client side: the account signed in here (its
//! session kept between runs: a file of the config folder only its user
//! may read, or the browser's local storage), the cards of the game's
//! players, how a rated game moved the ratings, and what the archive,
//! a profile or the leaderboard brought.

use bevy::prelude::*;
use minesweeper_core::chess::ByColor;
use minesweeper_core::online::account::{
    AccountRefusal, ArchiveEntry, LeaderRow, PlayerView, ProfileView, RatingChange, RatingView,
};
use minesweeper_core::online::protocol::{ClientMsg, ServerMsg};
use minesweeper_core::online::rating::Speed;

use super::Heard;

use crate::base::platform::store;

/// Where the session token is kept between runs.
const SESSION_FILE: &str = "online-session.txt";

/// The longest session token read back (the server's are 64 hex digits).
const MAX_TOKEN: usize = 64;

/// The session kept by an earlier sign-in, if any.
pub(super) fn kept_session() -> Option<String> {
    let text = store::read(SESSION_FILE)?;
    let token: String = text.trim().chars().take(MAX_TOKEN).collect();
    (token.len() == MAX_TOKEN && token.chars().all(|c| c.is_ascii_hexdigit())).then_some(token)
}

/// Keeps the session to sign in with next time, or forgets it.
fn keep_session(token: Option<&str>) {
    let Some(token) = token else {
        store::remove(SESSION_FILE);
        return;
    };
    if let Err(e) = store::write(SESSION_FILE, token) {
        warn!("online: cannot keep the session: {e}");
        return;
    }
    owner_only(SESSION_FILE);
}

/// On a Unix desktop, makes a kept file readable by its user alone: a
/// session signs in as its player.
fn owner_only(name: &str) {
    #[cfg(unix)]
    if let Some(path) = store::path(name) {
        use std::os::unix::fs::PermissionsExt;
        let only_me = std::fs::Permissions::from_mode(0o600);
        if let Err(e) = std::fs::set_permissions(&path, only_me) {
            warn!("online: {}: {e}", path.display());
        }
    }
    #[cfg(not(unix))]
    let _ = name;
}

/// What happened to the account last, for the interface to say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AccountNews {
    /// Signed in as this name.
    SignedIn,
    /// Signed out (here, or everywhere from another device).
    SignedOut,
    /// The password was changed.
    PasswordChanged,
    /// The account was deleted.
    Deleted,
    /// A request was refused.
    Refused(AccountRefusal),
}

/// The players' side of online play as this screen knows it.
#[derive(Resource, Debug, Default)]
pub struct Players {
    /// The name signed in here, if any.
    pub name: Option<String>,
    /// Its ratings.
    pub ratings: Vec<RatingView>,
    /// The session to sign in with (kept between runs when remembering).
    pub(super) session: Option<String>,
    /// Keep the session between runs (the game's window does).
    pub(super) remember: bool,
    /// The last thing that happened to the account.
    pub news: Option<AccountNews>,
    /// The cards of the game's seats (names and ratings).
    pub cards: ByColor<Option<PlayerView>>,
    /// Whether the game on screen is rated.
    pub rated: bool,
    /// How the last rated game moved the ratings: its code and changes.
    pub changes: Option<(String, ByColor<Option<RatingChange>>)>,
    /// The last player's page asked for.
    pub profile: Option<ProfileView>,
    /// The last page of an archive: the player, the page, its games and
    /// whether older ones follow.
    pub archive: Option<(String, u32, Vec<ArchiveEntry>, bool)>,
    /// The last leaderboard asked for.
    pub leaderboard: Option<(Speed, Vec<LeaderRow>)>,
}

impl Players {
    /// A client that keeps its session between runs.
    pub fn remembering() -> Players {
        Players {
            remember: true,
            ..Players::default()
        }
    }

    /// Whether a player is signed in here.
    pub fn signed_in(&self) -> bool {
        self.name.is_some()
    }

    /// Whether a session is kept: the next connection signs in with it.
    pub fn has_session(&self) -> bool {
        self.session.is_some()
    }

    /// The rating change of `side` in the game `code`, if it was rated.
    pub fn change(
        &self,
        code: Option<&str>,
        side: minesweeper_core::chess::Color,
    ) -> Option<&RatingChange> {
        let (c, changes) = self.changes.as_ref()?;
        (Some(c.as_str()) == code)
            .then_some(changes[side].as_ref())
            .flatten()
    }

    /// The request that signs in with the kept session, if there is one
    /// and nobody is signed in yet.
    pub(super) fn resume_session(&self) -> Option<ClientMsg> {
        self.session
            .clone()
            .map(|token| ClientMsg::Session { token })
    }

    fn signed_out(&mut self) {
        self.name = None;
        self.ratings.clear();
        self.session = None;
        if self.remember {
            keep_session(None);
        }
    }
}

/// Reads the session kept between runs.
pub(super) fn start(mut players: ResMut<Players>) {
    if players.remember {
        players.session = kept_session();
    }
}

/// What the server said of the account.
pub(super) fn told_account(mut heard: MessageReader<Heard>, mut players: ResMut<Players>) {
    for msg in heard.read() {
        let news = match &msg.0 {
            ServerMsg::SignedIn {
                name,
                session,
                ratings,
            } => {
                players.name = Some(name.clone());
                players.ratings = ratings.clone();
                players.session = Some(session.clone());
                if players.remember {
                    keep_session(Some(session));
                }
                AccountNews::SignedIn
            }
            ServerMsg::SignedOut => {
                players.signed_out();
                AccountNews::SignedOut
            }
            ServerMsg::AccountDeleted => {
                players.signed_out();
                AccountNews::Deleted
            }
            ServerMsg::PasswordChanged => AccountNews::PasswordChanged,
            ServerMsg::AccountRefused(why) => {
                if *why == AccountRefusal::SessionEnded {
                    players.signed_out();
                }
                AccountNews::Refused(why.clone())
            }
            _ => continue,
        };
        players.news = Some(news);
    }
}

/// The cards of a whole game, and how a rated one moved the ratings.
pub(super) fn told_game(
    mut heard: MessageReader<Heard>,
    mut players: ResMut<Players>,
    online: Res<super::Online>,
) {
    for msg in heard.read() {
        match &msg.0 {
            ServerMsg::Game {
                players: cards,
                rated,
                ..
            } => {
                players.cards = cards.clone();
                players.rated = *rated;
            }
            ServerMsg::Rated { code, changes } => {
                players.changes = Some((code.clone(), changes.clone()));
                // The cards show the ratings the game left.
                for (side, change) in changes.iter() {
                    if let (Some(c), Some(card)) = (change, players.cards[side].as_mut()) {
                        card.rating = Some(c.after);
                        card.provisional = c.provisional;
                    }
                }
                // This seat's new rating is the account's now (no sign-in
                // again).
                let seat = online.side.and_then(|side| changes[side].clone());
                if let Some(change) = seat {
                    let mine = players.ratings.iter_mut().find(|r| r.speed == change.speed);
                    match mine {
                        Some(r) => {
                            r.rating = change.after;
                            r.provisional = change.provisional;
                            r.games += 1;
                        }
                        None => players.ratings.push(RatingView {
                            speed: change.speed,
                            rating: change.after,
                            deviation: 0,
                            provisional: change.provisional,
                            games: 1,
                        }),
                    }
                }
            }
            _ => {}
        }
    }
}

/// A profile, a page of the archive or a leaderboard the server sent.
pub(super) fn told_pages(mut heard: MessageReader<Heard>, mut players: ResMut<Players>) {
    for msg in heard.read() {
        match &msg.0 {
            ServerMsg::Profile(p) => players.profile = Some(p.clone()),
            ServerMsg::Archive {
                name,
                page,
                games,
                more,
            } => players.archive = Some((name.clone(), *page, games.clone(), *more)),
            ServerMsg::Leaderboard { speed, rows } => {
                players.leaderboard = Some((*speed, rows.clone()));
            }
            _ => {}
        }
    }
}

/// An answer about the account or a page while only connecting (no game
/// asked for): the connection is up and nothing more is awaited, so the
/// lobby stops saying it is connecting.
pub(super) fn answered(mut heard: MessageReader<Heard>, mut online: ResMut<super::Online>) {
    let answered = heard.read().any(|msg| {
        matches!(
            msg.0,
            ServerMsg::SignedIn { .. }
                | ServerMsg::SignedOut
                | ServerMsg::PasswordChanged
                | ServerMsg::AccountDeleted
                | ServerMsg::AccountRefused(_)
                | ServerMsg::Profile(_)
                | ServerMsg::Archive { .. }
                | ServerMsg::Leaderboard { .. }
        )
    });
    if answered && online.phase == super::Phase::Connecting {
        online.phase = super::Phase::Offline;
    }
}
