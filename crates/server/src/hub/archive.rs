//! The archive, players' pages and the leaderboard, answered from the
//! database. A game is there once finished (its result stored), never
//! before: its mines go out with its record only then.

use std::sync::Arc;

use minesweeper_core::online::account::{
    AccountRefusal, LEADERBOARD_ACTIVE_DAYS, MAX_ARCHIVE_PAGE, Who,
};
use minesweeper_core::online::protocol::{ClientMsg, ErrorCode, ServerMsg};
use minesweeper_core::online::table::Refusal;

use super::accounts::unavailable;
use super::{Hub, rebuild};
use crate::accounts::names;
use crate::room::Peer;

/// A name as the archive's key (a name that breaks the rules names
/// nobody).
fn key(name: &str) -> Result<String, AccountRefusal> {
    names::check(name)
        .map(|n| n.key)
        .map_err(|_| AccountRefusal::NotFound)
}

/// A seat's name as a record's tag.
fn tag(who: &Who) -> String {
    match who {
        Who::Guest => "guest".into(),
        Who::Deleted => "deleted player".into(),
        Who::Named { name } => name.clone(),
    }
}

/// A finished game's entry and record (its mines included).
async fn replay(hub: &Hub, id: &str) -> Result<ServerMsg, AccountRefusal> {
    let (entry, stored) = hub
        .store
        .finished(id)
        .await
        .map_err(unavailable)?
        .ok_or(AccountRefusal::NotFound)?;
    let table = rebuild(&stored).map_err(|e| {
        crate::log::log(
            crate::log::Level::Error,
            "archive_game_unreadable",
            &[("game", &id), ("reason", &e)],
        );
        AccountRefusal::Unavailable
    })?;
    let (white, black) = (tag(&entry.white), tag(&entry.black));
    let mut extra = vec![
        ("Site", "Minesweeper Chess online"),
        ("White", white.as_str()),
        ("Black", black.as_str()),
        ("GameId", entry.id.as_str()),
    ];
    let time = entry.time.clone().unwrap_or_else(|| "-".into());
    extra.push(("TimeControl", time.as_str()));
    let record = minesweeper_core::chess::record::write(table.preset(), table.game(), &extra);
    Ok(ServerMsg::Replay { entry, record })
}

async fn answer(hub: &Hub, msg: &ClientMsg) -> Result<ServerMsg, AccountRefusal> {
    match msg {
        ClientMsg::Profile { name } => hub
            .store
            .profile(&key(name)?)
            .await
            .map_err(unavailable)?
            .map(ServerMsg::Profile)
            .ok_or(AccountRefusal::NotFound),
        ClientMsg::Archive { name, page } => {
            if *page > MAX_ARCHIVE_PAGE {
                return Err(AccountRefusal::PageTooFar);
            }
            let (games, more) = hub
                .store
                .archive(&key(name)?, *page)
                .await
                .map_err(unavailable)?
                .ok_or(AccountRefusal::NotFound)?;
            Ok(ServerMsg::Archive {
                name: name.clone(),
                page: *page,
                games,
                more,
            })
        }
        ClientMsg::Replay { id } => replay(hub, id).await,
        ClientMsg::Leaderboard { speed } => {
            let since = crate::now_ms().saturating_sub(LEADERBOARD_ACTIVE_DAYS * 24 * 3600 * 1000);
            let rows = hub
                .store
                .leaderboard(*speed, since)
                .await
                .map_err(unavailable)?;
            Ok(ServerMsg::Leaderboard {
                speed: *speed,
                rows,
            })
        }
        _ => Err(AccountRefusal::NotFound),
    }
}

/// Answers an archive request; `Ok(false)` when `msg` is not one.
///
/// # Errors
/// [`ErrorCode::RateLimited`] past the archive reads a connection may
/// make a second.
pub async fn handle(hub: &Hub, peer: &Arc<Peer>, msg: &ClientMsg) -> Result<bool, Refusal> {
    if !matches!(
        msg,
        ClientMsg::Profile { .. }
            | ClientMsg::Archive { .. }
            | ClientMsg::Replay { .. }
            | ClientMsg::Leaderboard { .. }
    ) {
        return Ok(false);
    }
    let per_second = hub.limits.archive_reads;
    if !peer.may_read(crate::now_ms(), per_second) {
        return Err((
            ErrorCode::RateLimited,
            format!("at most {per_second} archive reads a second"),
        ));
    }
    match answer(hub, msg).await {
        Ok(reply) => peer.tell(&reply),
        Err(why) => peer.tell(&ServerMsg::AccountRefused(why)),
    }
    Ok(true)
}
