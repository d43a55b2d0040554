//! One game on the server: its [`Table`], its seats, who is connected, and
//! the timer that lets a flag fall when nobody moves. [`peer`] is a
//! connected client as a game sees it.

pub mod peer;

use std::sync::Arc;

use minesweeper_core::chess::{ByColor, Color};
use minesweeper_core::online::account::PlayerView;
use minesweeper_core::online::protocol::{ClientMsg, EndReason, ErrorCode, GameResult, ServerMsg};
use minesweeper_core::online::rating::Speed;
use minesweeper_core::online::table::Refusal;
use minesweeper_core::online::{Event, Table};
use tokio::sync::{Mutex, Notify};

use crate::now_ms;
use crate::store::{Ending, Store, StoreError, StoredEvent};

pub use peer::{Peer, Place, Signed, encode};

/// Someone at the table: a seated player or a spectator.
pub struct Member {
    /// The client.
    pub peer: Arc<Peer>,
    /// The seat, `None` for a spectator.
    pub seat: Option<Color>,
}

/// The state of a game behind its lock.
pub struct RoomState {
    /// The rules, clocks and draw offer.
    pub table: Table,
    /// The seats' tokens (White, Black), `None` while free.
    pub tokens: ByColor<Option<String>>,
    /// The number of events stored.
    pub seq: u64,
    /// Who is connected.
    pub members: Vec<Member>,
    /// Which seats asked for a rematch.
    pub rematch: ByColor<bool>,
    /// When the game ended (ms), for clearing it from memory later.
    pub ended_at: Option<u64>,
    /// The accounts in the seats (`None`: a guest or free).
    pub users: ByColor<Option<i64>>,
    /// Whether the game is rated.
    pub rated: bool,
    /// The player cards shown (names and ratings), once read.
    pub players: ByColor<Option<PlayerView>>,
    /// Set when this node took the game over: the time the player to move
    /// had thought and when its clock was resumed (ms). When that player
    /// comes back within [`RESUME_GRACE_MS`] its clock restarts then: the
    /// time it needed to find the game's new node is not charged either.
    pub resumed: Option<(u64, u64)>,
    /// Set when the write of a move or of a clock resume took longer than
    /// [`LATE_WRITE_MS`]: how long the player to move had thought by then
    /// (0 after a move) and when it was told (ms). That player's clock
    /// restarts then, written with its next word: the database's time
    /// (a take-over's load, say) is neither player's.
    pub told_late: Option<(u64, u64)>,
    /// Set when a write's answer never came (or the database was found
    /// ahead of the room): the room reads what the database holds before
    /// it writes again, so that a move is applied exactly once whatever
    /// was lost.
    pub unsure: bool,
    /// A quick game opened here for a player waiting on another node: it
    /// starts when that player sits down (no clock runs for a player who
    /// left meanwhile), or is given up.
    pub awaiting: bool,
    /// Set when this node dropped the game (it lost its lease): a client
    /// that reaches the room after its players were told to reconnect is
    /// told so too, never sat at a game played elsewhere now.
    pub dropped: bool,
}

/// How long a room waits to read back a write whose answer was lost.
const SETTLE_WAIT: std::time::Duration = std::time::Duration::from_secs(1);

/// A move's write answered later than this (ms) restarts the clock of
/// the player to move when it was told (see [`RoomState::told_late`]).
pub const LATE_WRITE_MS: u64 = 300;

/// How long after a take-over the player to move may take to reconnect
/// without its clock running (ms).
pub const RESUME_GRACE_MS: u64 = 10_000;

/// A game and everyone at it.
pub struct Room {
    /// The invite code.
    pub code: String,
    /// Its state; held across the store's write so that a game's events
    /// are stored and told in one order.
    pub state: Mutex<RoomState>,
    /// Wakes the flag timer when the clocks change.
    pub wake: Notify,
}

impl RoomState {
    /// Whether each seat (White, Black) has a connection.
    pub fn present(&self) -> ByColor<bool> {
        ByColor::from_fn(|c| self.members.iter().any(|m| m.seat == Some(c)))
    }

    /// Tells everyone `msg`.
    pub fn tell_all(&self, msg: &ServerMsg) {
        let text = encode(msg);
        for m in &self.members {
            m.peer.send(text.clone());
        }
    }

    /// The whole game as `seat` sees it, with the player cards.
    pub fn view(&self, code: &str, seat: Option<Color>) -> ServerMsg {
        let mut view = self.table.view(code, seat, self.present(), crate::now_ms());
        if let ServerMsg::Game { players, rated, .. } = &mut view {
            *players = self.players.clone();
            *rated = self.rated;
        }
        view
    }

    /// The speed whose rating the player cards show.
    pub fn speed(&self) -> Speed {
        Speed::of(self.table.control())
    }

    /// Tells each member the whole game, as its seat sees it.
    pub fn show_all(&self, code: &str) {
        for m in &self.members {
            m.peer.send(encode(&self.view(code, m.seat)));
        }
    }

    /// How the game ended, when it has.
    fn ending(&self) -> Option<Ending> {
        let over = minesweeper_core::online::protocol::Over::of(self.table.game())?;
        Some(Ending {
            result: GameResult::as_str(over.result),
            why: EndReason::as_str(over.why),
            plies: u32::try_from(self.table.game().moves().len()).unwrap_or(u32::MAX),
        })
    }
}

impl Room {
    /// A room for `table`, `users` in its seats, rated or not.
    pub fn new(
        code: String,
        table: Table,
        tokens: ByColor<Option<String>>,
        seq: u64,
        (users, rated): (ByColor<Option<i64>>, bool),
    ) -> Arc<Room> {
        let ended_at = table.over().then(now_ms);
        Arc::new(Room {
            code,
            state: Mutex::new(RoomState {
                table,
                tokens,
                seq,
                members: Vec::new(),
                rematch: ByColor::default(),
                ended_at,
                users,
                rated,
                players: ByColor::default(),
                resumed: None,
                told_late: None,
                unsure: false,
                awaiting: false,
                dropped: false,
            }),
            wake: Notify::new(),
        })
    }

    /// Stores `event` and then applies it and tells everyone; nothing
    /// changes when the store refuses. When the database's answer is lost
    /// the room reads back what it holds: a move stored after all is
    /// played (and told) once, never written again.
    ///
    /// # Errors
    /// [`ErrorCode::Unavailable`] when the write failed;
    /// [`ErrorCode::StaleMove`] when the database held events the room had
    /// not yet applied (`event` was made for a position that is gone).
    pub async fn commit(
        &self,
        state: &mut RoomState,
        store: &Store,
        event: Event,
    ) -> Result<(), Refusal> {
        self.commit_at(state, store, event, None).await
    }

    /// [`Room::commit`], the event made at `at` (ms) if given, else now.
    async fn commit_at(
        &self,
        state: &mut RoomState,
        store: &Store,
        event: Event,
        at: Option<u64>,
    ) -> Result<(), Refusal> {
        if !self.settle(state, store).await?.is_empty() {
            return Err((ErrorCode::StaleMove, "the game moved on; try again".into()));
        }
        let now = at.unwrap_or_else(now_ms);
        let mut next = state.table.clone();
        let told = next
            .apply(&event, now)
            .map_err(|e| (ErrorCode::BadRequest, e.to_string()))?;
        let was = std::mem::replace(&mut state.table, next);
        let ending = state.ending();
        let stored = store
            .event_ending(&self.code, state.seq, &event, now, ending.clone())
            .await;
        if let Err(e) = stored {
            state.table = was;
            if matches!(e, StoreError::Busy | StoreError::Fenced(_)) {
                // Refused before any SQL ran, or by the fence: not stored.
                return Err(e.refusal("not stored"));
            }
            let (seq, record) = (state.seq, event.to_record());
            state.unsure = true;
            // A short look only: with the database out of reach the room's
            // lock must not be held for long (a node that lost its lease
            // closes its rooms' players once it has it); the next write
            // asks again.
            let read = tokio::time::timeout(SETTLE_WAIT, self.settle(state, store))
                .await
                .unwrap_or_else(|_| Err((ErrorCode::Unavailable, "not known yet".into())));
            return match read {
                // Stored after all (only its answer was lost): the same
                // move at the same point, played once.
                Ok(found)
                    if found
                        .first()
                        .is_some_and(|f| f.seq == seq && f.record == record) =>
                {
                    Ok(())
                }
                // The database held another: the game moved on under it.
                Ok(found) if !found.is_empty() => {
                    Err((ErrorCode::StaleMove, "the game moved on; try again".into()))
                }
                _ => Err(e.refusal("not stored")),
            };
        }
        self.applied(state, store, &event, &told, now, ending.is_some());
        let done = now_ms();
        let thought = match event {
            Event::Move(_) => Some(0),
            Event::Resume(thought) => Some(thought),
            _ => None,
        };
        state.told_late = thought
            .filter(|_| done.saturating_sub(now) > LATE_WRITE_MS)
            .filter(|_| state.table.thought_by(done).is_some())
            .map(|thought| (thought, done));
        Ok(())
    }

    /// After `event`, made at `at`, is stored and applied to the table:
    /// counts it, tells everyone, rates a rated game it ended and wakes
    /// the flag timer.
    fn applied(
        &self,
        state: &mut RoomState,
        store: &Store,
        event: &Event,
        told: &[ServerMsg],
        at: u64,
        ended: bool,
    ) {
        state.seq += 1;
        state.resumed = match event {
            Event::Resume(thought) => Some((*thought, at)),
            _ => None,
        };
        if state.table.over() {
            state.ended_at = Some(at);
        }
        for msg in told {
            state.tell_all(msg);
        }
        if ended && state.rated {
            self.rate(state, store, at);
        }
        self.wake.notify_one();
    }

    /// When the room is unsure of its last write: reads the events the
    /// database holds past the room's and plays them (telling everyone),
    /// so that the room is the database's again. Returns the events read.
    ///
    /// # Errors
    /// [`ErrorCode::Unavailable`] when the database cannot say yet (the
    /// room stays unsure and asks again before its next write).
    pub async fn settle(
        &self,
        state: &mut RoomState,
        store: &Store,
    ) -> Result<Vec<StoredEvent>, Refusal> {
        let mut read = Vec::new();
        while state.unsure {
            let found = store
                .events_from(&self.code, state.seq)
                .await
                .map_err(|e| e.refusal("the game's last move is not known yet"))?;
            let whole = found.len() < crate::store::EVENTS_READ_AT_ONCE;
            for f in &found {
                let event = Event::from_record(&f.record)
                    .map_err(|e| (ErrorCode::Unavailable, format!("stored event: {e}")))?;
                let over = state.table.over();
                let told = state
                    .table
                    .apply(&event, f.at_ms)
                    .map_err(|e| (ErrorCode::Unavailable, format!("stored event: {e}")))?;
                let ended = !over && state.table.over();
                self.applied(state, store, &event, &told, f.at_ms, ended);
            }
            read.extend(found);
            state.unsure = !whole;
        }
        if !read.is_empty() {
            crate::log::log(
                crate::log::Level::Warn,
                "room_settled",
                &[("game", &self.code), ("events", &read.len())],
            );
        }
        Ok(read)
    }

    /// Rates the game that just ended (in the background: the store does
    /// it once, whichever node asks first) and tells everyone at it how
    /// the ratings moved.
    fn rate(&self, state: &RoomState, store: &Store, now: u64) {
        let peers: Vec<Arc<Peer>> = state.members.iter().map(|m| m.peer.clone()).collect();
        let (store, code) = (store.clone(), self.code.clone());
        tokio::spawn(async move {
            match store.rate(&code, now).await {
                Ok(Some(changes)) => {
                    let msg = ServerMsg::Rated { code, changes };
                    for p in peers {
                        p.tell(&msg);
                    }
                }
                Ok(None) => {}
                // Left for the sweep that rates what is pending.
                Err(e) => crate::log::log(
                    crate::log::Level::Warn,
                    "rating_deferred",
                    &[("game", &code), ("reason", &e)],
                ),
            }
        });
    }

    /// `side` came back to the game: when it is to move and a take-over
    /// resumed the clock a moment ago, the clock restarts now.
    pub async fn returned(&self, state: &mut RoomState, store: &Store, side: Color) {
        let Some((thought, at)) = state.resumed else {
            return;
        };
        let waited = now_ms().saturating_sub(at);
        if state.table.game().turn() != side || state.table.over() || waited > RESUME_GRACE_MS {
            return;
        }
        if let Err((_, why)) = self.commit(state, store, Event::Resume(thought)).await {
            crate::log::log(
                crate::log::Level::Warn,
                "clock_not_resumed",
                &[("game", &self.code), ("reason", &why)],
            );
        }
        // Once: a second connection of the same player changes nothing.
        state.resumed = None;
    }

    /// Before `side`'s word: if it is to move and was told of the last
    /// move late (a slow write), its clock restarts from when it was told.
    async fn restart_if_told_late(&self, state: &mut RoomState, store: &Store, side: Color) {
        let Some((thought, told)) = state.told_late.take() else {
            return;
        };
        if state.table.game().turn() != side || state.table.over() {
            return;
        }
        if let Err((_, why)) = self
            .commit_at(state, store, Event::Resume(thought), Some(told))
            .await
        {
            crate::log::log(
                crate::log::Level::Warn,
                "clock_not_resumed",
                &[("game", &self.code), ("reason", &why)],
            );
        }
        // Not a take-over's resume: coming back later restarts nothing.
        state.resumed = None;
    }

    /// A seated player's move, resignation or draw word.
    ///
    /// # Errors
    /// The table's refusal, or the store's.
    pub async fn act(&self, store: &Store, side: Color, msg: &ClientMsg) -> Result<(), Refusal> {
        let mut state = self.state.lock().await;
        self.settle(&mut state, store).await?;
        self.restart_if_told_late(&mut state, store, side).await;
        let event = state.table.check(side, msg, now_ms())?;
        let flagged = matches!(event, Event::Flag(_));
        self.commit(&mut state, store, event).await?;
        if flagged {
            return Err((ErrorCode::GameOver, "your time ran out".into()));
        }
        Ok(())
    }

    /// Runs until the game is over: lets the running side's flag fall at
    /// its deadline unless a move comes first.
    pub async fn flag_timer(self: Arc<Room>, store: Store) {
        loop {
            let deadline = {
                let state = self.state.lock().await;
                if state.table.over() {
                    return;
                }
                state.table.deadline()
            };
            let Some(deadline) = deadline else {
                self.wake.notified().await;
                continue;
            };
            let wait = deadline.saturating_sub(now_ms());
            tokio::select! {
                () = tokio::time::sleep(std::time::Duration::from_millis(wait)) => {
                    let mut state = self.state.lock().await;
                    let flagged = match self.settle(&mut state, &store).await {
                        Ok(_) => match state.table.flag_due(now_ms()) {
                            Some(flag) => self.commit(&mut state, &store, flag).await,
                            None => Ok(()),
                        },
                        Err(e) => Err(e),
                    };
                    if let Err((_, why)) = flagged {
                        crate::log::log(
                            crate::log::Level::Error,
                            "flag_not_stored",
                            &[("game", &self.code), ("reason", &why)],
                        );
                        drop(state);
                        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                    }
                }
                () = self.wake.notified() => {}
            }
        }
    }
}
