//! Games back in play (restored at start, taken over from a dead node)
//! and the ratings a dead node left undone.

use std::collections::HashMap;
use std::sync::Arc;

use minesweeper_core::chess::fen::parse;
use minesweeper_core::online::table::{ApplyError, BadEvent, builtin_variant};
use minesweeper_core::online::{Event, Table};

use super::{Hub, time_control};
use crate::room::Room;
use crate::store::StoredGame;

/// Why a stored game cannot be played on (it is left out at start).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RebuildError {
    /// Its preset or time control is not offered any more.
    Offer(String),
    /// Its start position does not read.
    Start(minesweeper_core::chess::fen::FenError),
    /// An event (numbered from 0) does not read.
    Event(usize, BadEvent),
    /// An event (numbered from 0) does not fit the game.
    Apply(usize, ApplyError),
}

impl std::fmt::Display for RebuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RebuildError::Offer(e) => write!(f, "{e}"),
            RebuildError::Start(e) => write!(f, "start position: {e}"),
            RebuildError::Event(i, e) => write!(f, "event {i}: {e}"),
            RebuildError::Apply(i, e) => write!(f, "event {i}: {e}"),
        }
    }
}

/// A stored game back as a table: its start position, then each event
/// applied at its time.
pub(super) fn rebuild(g: &StoredGame) -> Result<Table, RebuildError> {
    let variant = builtin_variant(&g.preset).map_err(|(_, e)| RebuildError::Offer(e))?;
    let start = parse(&g.start, variant.rules).map_err(RebuildError::Start)?;
    let control = time_control(g.time.as_deref()).map_err(|(_, e)| RebuildError::Offer(e))?;
    let mut table = Table::new(&g.preset, control, start);
    for (i, (record, at)) in g.events.iter().enumerate() {
        let event = Event::from_record(record).map_err(|e| RebuildError::Event(i, e))?;
        table
            .apply(&event, *at)
            .map_err(|e| RebuildError::Apply(i, e))?;
    }
    Ok(table)
}

/// How often a node rates the finished rated games nobody rated (their
/// node died between the end and the rating).
const RATE_PENDING_EVERY: std::time::Duration = std::time::Duration::from_secs(15);

/// Rates, at start and then every [`RATE_PENDING_EVERY`], the finished
/// rated games still unrated: a rating moves once whatever fails.
pub async fn rate_pending(hub: Arc<Hub>) {
    loop {
        match hub.store.rate_pending(crate::now_ms()).await {
            Ok(0) => {}
            Ok(n) => crate::log::log(
                crate::log::Level::Info,
                "pending_games_rated",
                &[("games", &n)],
            ),
            Err(e) => crate::log::log(
                crate::log::Level::Warn,
                "pending_games_not_rated",
                &[("reason", &e)],
            ),
        }
        tokio::time::sleep(RATE_PENDING_EVERY).await;
    }
}

/// Gives the players to move in games taken over (or joined again) the
/// time their node was out: each clock runs on as if its side had thought
/// only until that node's last sign of life (`stopped`, by that node's
/// clock, so that nodes' clocks need not agree). Stored as an event, so
/// that a later take-over replays it.
pub async fn resume_clocks(hub: &Hub, rooms: &[Arc<Room>], stopped: &HashMap<String, u64>) {
    // All at once: the store commits them together (a few transactions
    // for hundreds of games, not one each).
    let resumes = rooms.iter().filter_map(|room| {
        let at = *stopped.get(&room.code)?;
        Some(resume_clock(hub, room, at))
    });
    futures_util::future::join_all(resumes).await;
}

/// [`resume_clocks`] for one game whose node stopped at `at`.
async fn resume_clock(hub: &Hub, room: &Arc<Room>, at: u64) {
    let mut state = room.state.lock().await;
    if state.table.over() {
        return;
    }
    let Some(thought) = state.table.thought_by(at) else {
        return;
    };
    if let Err((_, why)) = room
        .commit(&mut state, &hub.store, Event::Resume(thought))
        .await
    {
        crate::log::log(
            crate::log::Level::Warn,
            "clock_not_resumed",
            &[("game", &room.code), ("reason", &why)],
        );
    }
}

/// Spawns the flag timers of restored games.
pub fn start_timers(hub: &Hub, rooms: Vec<Arc<Room>>) {
    for room in rooms {
        let timed = room
            .state
            .try_lock()
            .is_ok_and(|s| s.table.control().is_some());
        if timed {
            tokio::spawn(room.clone().flag_timer(hub.store.clone()));
        }
        cards_later(hub, room);
    }
}

/// Reads a restored or taken-over game's player cards in the background.
fn cards_later(hub: &Hub, room: Arc<Room>) {
    let store = hub.store.clone();
    tokio::spawn(async move {
        let (users, speed) = {
            let st = room.state.lock().await;
            (st.users, st.speed())
        };
        if users.all(Option::is_none) {
            return;
        }
        if let Ok(cards) = store.cards(users, speed).await {
            room.state.lock().await.players = cards;
        }
    });
}
