//! The players' pages: a player's profile ([`profile`]), their finished
//! games a page at a time ([`archive`]), the best players of each speed
//! ([`leaderboard`]) and the rating graph ([`graph`]). Each window shows
//! the server's answer to the last request of its kind; [`PagesAsked`]
//! follows those requests (the helpers of `open_pages` only send them).

pub(crate) mod archive;
pub(crate) mod graph;
pub(crate) mod leaderboard;
pub(crate) mod profile;

use std::collections::VecDeque;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use minesweeper_core::chess::Outcome;
use minesweeper_core::online::account::{AccountRefusal, Who};
use minesweeper_core::online::protocol::{
    ClientMsg, EndReason, ErrorCode, GameResult, Over, ServerMsg,
};
use minesweeper_core::online::rating::Speed;

use crate::base::audio::{Effect, PlaySound};
use crate::base::i18n::{T, Texts};
use crate::base::platform::page_address;
use crate::base::screen::Menus;
use crate::chess::online::{Heard, Notice, Online, OnlineRequest, Players};

/// A kind of page the server is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Page {
    /// A player's profile.
    Profile,
    /// A page of a player's archive.
    Archive,
    /// A finished game to replay (its refusal shows nowhere: the menus
    /// closed when it was asked for).
    Replay,
    /// A leaderboard.
    Leaderboard,
}

impl Page {
    /// The kind of page `msg` asks for, if it asks for one.
    fn asked_by(msg: &ClientMsg) -> Option<Page> {
        Some(match msg {
            ClientMsg::Profile { .. } => Page::Profile,
            ClientMsg::Archive { .. } => Page::Archive,
            ClientMsg::Replay { .. } => Page::Replay,
            ClientMsg::Leaderboard { .. } => Page::Leaderboard,
            _ => return None,
        })
    }

    /// The kind of page `msg` answers, if it answers one.
    fn answered_by(msg: &ServerMsg) -> Option<Page> {
        Some(match msg {
            ServerMsg::Profile(_) => Page::Profile,
            ServerMsg::Archive { .. } => Page::Archive,
            ServerMsg::Replay { .. } => Page::Replay,
            ServerMsg::Leaderboard { .. } => Page::Leaderboard,
            _ => return None,
        })
    }
}

/// Why the server did not send a page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// An account refusal: no such player, a page too far, the database.
    Account(AccountRefusal),
    /// A request refused outright (too many a second).
    Server(ErrorCode),
}

/// Where the last request of a kind of page stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Answer<'a> {
    /// Not answered yet.
    Waiting,
    /// Answered: the page is in [`Players`].
    Came,
    /// Refused.
    Refused(&'a Refusal),
}

/// What the pages asked the server for last, and what became of it.
#[derive(Resource, Debug, Default)]
pub(crate) struct PagesAsked {
    /// The speed of the leaderboard asked for last.
    pub speed: Option<Speed>,
    /// The player whose archive was asked for last.
    pub archive: Option<String>,
    /// Requests sent and not answered yet, oldest first (the server
    /// answers a connection's requests in order).
    waiting: VecDeque<Page>,
    /// The refusal of the last request of each kind, if it was refused.
    refused: Vec<(Page, Refusal)>,
}

impl PagesAsked {
    /// Where the last request for `page` stands.
    pub(crate) fn answer(&self, page: Page) -> Answer<'_> {
        if self.waiting.contains(&page) {
            return Answer::Waiting;
        }
        self.refused
            .iter()
            .find(|(p, _)| *p == page)
            .map_or(Answer::Came, |(_, why)| Answer::Refused(why))
    }

    fn refuse(&mut self, page: Page, why: Refusal) {
        self.refused.retain(|(p, _)| *p != page);
        self.refused.push((page, why));
    }
}

/// The most requests followed at once: more waiting means answers were
/// lost with a connection.
const MAX_WAITING: usize = 16;

/// Follows the pages asked for (before the requests are sent).
pub(crate) fn track_requests(
    mut asked: MessageReader<OnlineRequest>,
    mut pages: ResMut<PagesAsked>,
) {
    for request in asked.read() {
        match request {
            OnlineRequest::Say(msg) => {
                let Some(page) = Page::asked_by(msg) else {
                    continue;
                };
                match msg {
                    ClientMsg::Leaderboard { speed } => pages.speed = Some(*speed),
                    ClientMsg::Archive { name, .. } => pages.archive = Some(name.clone()),
                    _ => {}
                }
                pages.refused.retain(|(p, _)| *p != page);
                if pages.waiting.len() >= MAX_WAITING {
                    pages.waiting.pop_front();
                }
                pages.waiting.push_back(page);
            }
            // The connection closes: nothing more will be answered.
            OnlineRequest::Leave | OnlineRequest::Server(_) => pages.waiting.clear(),
            _ => {}
        }
    }
}

/// Follows the server's answers (after they are read).
pub(crate) fn track_answers(
    mut heard: MessageReader<Heard>,
    online: Res<Online>,
    mut pages: ResMut<PagesAsked>,
) {
    for Heard(msg) in heard.read() {
        if let Some(page) = Page::answered_by(msg) {
            if let Some(i) = pages.waiting.iter().position(|p| *p == page) {
                pages.waiting.remove(i);
            }
            continue;
        }
        let why = match msg {
            ServerMsg::AccountRefused(
                why @ (AccountRefusal::NotFound
                | AccountRefusal::PageTooFar
                | AccountRefusal::Unavailable),
            ) => Refusal::Account(why.clone()),
            ServerMsg::Error {
                code: code @ ErrorCode::RateLimited,
                ..
            } => Refusal::Server(*code),
            _ => continue,
        };
        if let Some(page) = pages.waiting.pop_front() {
            pages.refuse(page, why);
        }
    }
    if matches!(online.notice, Some(Notice::Unreachable(_))) {
        pages.waiting.clear();
    }
}

/// What the pages' windows read and act on.
#[derive(SystemParam)]
pub(crate) struct PageParams<'w, 's> {
    tx: Res<'w, Texts>,
    players: Res<'w, Players>,
    online: Res<'w, Online>,
    asked: Res<'w, PagesAsked>,
    requests: MessageWriter<'w, OnlineRequest>,
    menus: Menus<'w>,
    sound: MessageWriter<'w, PlaySound>,
    marker: std::marker::PhantomData<&'s ()>,
}

/// What a click in a page asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Action {
    /// Open a finished game on the board.
    Replay(String),
    /// Copy a finished game's link.
    CopyLink(String),
    /// Open a player's profile.
    Profile(String),
    /// Open a player's archive at its newest page.
    OpenArchive(String),
    /// Another page of the archive on screen: the player and the page.
    ArchivePage(String, u32),
    /// Open the leaderboard.
    OpenLeaderboard,
    /// Another speed of the leaderboard on screen.
    Speed(Speed),
    /// Close this window.
    Close,
}

/// Does what a click asked for, with its sound.
fn act(action: Action, page: &mut PageParams, ctx: &egui::Context) {
    let say = |page: &mut PageParams, msg| page.requests.write(OnlineRequest::Say(msg));
    match action {
        Action::Replay(id) => {
            say(page, ClientMsg::Replay { id });
            page.menus.close_all();
        }
        Action::CopyLink(id) => ctx.copy_text(game_link(&id)),
        Action::Profile(name) => {
            super::open_pages::open_profile(&mut page.requests, &mut page.menus, &name)
        }
        Action::OpenArchive(name) => {
            super::open_pages::open_archive(&mut page.requests, &mut page.menus, &name)
        }
        Action::ArchivePage(name, n) => {
            say(page, ClientMsg::Archive { name, page: n });
        }
        Action::OpenLeaderboard => {
            super::open_pages::open_leaderboard(&mut page.requests, &mut page.menus)
        }
        Action::Speed(speed) => {
            say(page, ClientMsg::Leaderboard { speed });
        }
        Action::Close => page.menus.close(),
    }
    page.sound.write(PlaySound(Effect::Click));
}

/// A finished game's permanent link: the page's address with `?game=` on
/// the web, the command line's option on the desktop.
fn game_link(id: &str) -> String {
    match page_address() {
        Some(page) => format!("{page}?game={id}"),
        None => format!("--game {id}"),
    }
}

/// A speed's name.
pub(crate) fn speed_name(speed: Speed) -> T {
    match speed {
        Speed::Bullet => T::SpeedBullet,
        Speed::Blitz => T::SpeedBlitz,
        Speed::Rapid => T::SpeedRapid,
        Speed::Classical => T::SpeedClassical,
        Speed::Untimed => T::Untimed,
    }
}

/// A seat's player as a list shows them.
pub(crate) fn who_name(tx: &Texts, who: &Who) -> String {
    match who {
        Who::Guest => tx.t(T::WhoGuest),
        Who::Deleted => tx.t(T::WhoDeleted),
        Who::Named { name } => name.clone(),
    }
}

/// A rating as shown: `1523`, or `1500?` while provisional.
pub(crate) fn rating_text(rating: i32, provisional: bool) -> String {
    if provisional {
        format!("{rating}?")
    } else {
        rating.to_string()
    }
}

/// A day as `YYYY-MM-DD` (UTC) from milliseconds since the Unix epoch.
pub(crate) fn date_text(ms: u64) -> String {
    let days = i64::try_from(ms / 86_400_000).unwrap_or(i64::MAX);
    minesweeper_core::sudoku::daily::Date::from_unix_days(days).to_string()
}

/// The outcome a score and its reason say, if they agree.
fn outcome(result: GameResult, why: EndReason) -> Option<Outcome> {
    let said = Over {
        result,
        reason: String::new(),
        why,
        layout: String::new(),
    };
    said.outcome()
}

/// The score (`1-0`, `0-1`, `½-½`) and how the game ended, in words.
pub(crate) fn result_text(tx: &Texts, result: GameResult, why: EndReason) -> String {
    let score = match result {
        GameResult::WhiteWins => "1-0",
        GameResult::BlackWins => "0-1",
        GameResult::Draw => "½-½",
    };
    match outcome(result, why) {
        Some(o) => format!("{score} · {}", super::outcome_text(o, tx)),
        None => score.to_string(),
    }
}

/// Why a page did not come, in the player's language.
fn refusal_text(tx: &Texts, why: &Refusal) -> String {
    match why {
        Refusal::Account(AccountRefusal::NotFound) => tx.t(T::NoSuchPlayer),
        Refusal::Account(_) => tx.t(T::PageUnavailable),
        Refusal::Server(code) => super::online::notice_text(tx, &Notice::Refused(*code)),
    }
}

/// While a page is on its way: a spinner, or why it will not come (the
/// server unreachable, the request refused).
fn waiting(ui: &mut egui::Ui, tx: &Texts, online: &Online, answer: Answer) {
    let problem = match answer {
        Answer::Refused(why) => Some(refusal_text(tx, why)),
        _ => online
            .notice
            .as_ref()
            .map(|n| super::online::notice_text(tx, n)),
    };
    match problem {
        Some(text) => {
            ui.colored_label(crate::base::style::ui_colors::BAD, text);
        }
        None => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(tx.t(T::PageLoading));
            });
        }
    }
}

/// The height a page's list may take: most of the screen, less the
/// window's title and buttons.
fn list_height(ctx: &egui::Context) -> f32 {
    (ctx.content_rect().height() - 220.0).clamp(160.0, 520.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use minesweeper_core::chess::{Color as Side, DrawReason, WinReason};

    #[test]
    fn dates_read_as_utc_days() {
        assert_eq!(date_text(946_684_800_000), "2000-01-01");
        // 2024-02-29 23:59:59.999 UTC, a leap day's last millisecond.
        assert_eq!(date_text(1_709_251_199_999), "2024-02-29");
        assert_eq!(date_text(1_709_251_200_000), "2024-03-01");
    }

    #[test]
    fn a_score_and_its_reason_make_an_outcome_when_they_agree() {
        assert_eq!(
            outcome(GameResult::BlackWins, EndReason::Resignation),
            Some(Outcome::Decisive {
                winner: Side::Black,
                reason: WinReason::Resignation
            })
        );
        assert_eq!(
            outcome(GameResult::Draw, EndReason::Agreement),
            Some(Outcome::Draw(DrawReason::Agreement))
        );
        assert_eq!(outcome(GameResult::Draw, EndReason::Checkmate), None);
        assert_eq!(outcome(GameResult::WhiteWins, EndReason::Stalemate), None);
    }

    #[test]
    fn answers_and_refusals_follow_the_order_of_the_requests() {
        let mut pages = PagesAsked::default();
        pages.waiting.extend([Page::Profile, Page::Archive]);
        assert_eq!(pages.answer(Page::Profile), Answer::Waiting);
        assert_eq!(pages.answer(Page::Leaderboard), Answer::Came);
        let not_found = Refusal::Account(AccountRefusal::NotFound);
        let first = pages.waiting.pop_front().expect("waiting");
        pages.refuse(first, not_found.clone());
        assert_eq!(pages.answer(Page::Profile), Answer::Refused(&not_found));
        assert_eq!(pages.answer(Page::Archive), Answer::Waiting);
    }
}
