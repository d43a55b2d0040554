//! One game on the server: its [`Table`], its seats, who is connected, and
//! the timer that lets a flag fall when nobody moves. [`peer`] is a
//! connected client as a game sees it.

pub mod peer;

use std::sync::Arc;

use minesweeper_core::chess::{ByColor, Color};
use minesweeper_core::online::protocol::{ClientMsg, ErrorCode, ServerMsg};
use minesweeper_core::online::table::Refusal;
use minesweeper_core::online::{Event, Table};
use tokio::sync::{Mutex, Notify};

use crate::now_ms;
use crate::store::Store;

pub use peer::{Peer, Place, encode};

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
}

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

    /// Tells each member the whole game, as its seat sees it.
    pub fn show_all(&self, code: &str) {
        let present = self.present();
        let now = now_ms();
        for m in &self.members {
            m.peer
                .send(encode(&self.table.view(code, m.seat, present, now)));
        }
    }
}

impl Room {
    /// A room for `table`.
    pub fn new(code: String, table: Table, tokens: ByColor<Option<String>>, seq: u64) -> Arc<Room> {
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
            }),
            wake: Notify::new(),
        })
    }

    /// Stores `event` and then applies it and tells everyone; nothing
    /// changes when the store refuses.
    ///
    /// # Errors
    /// [`ErrorCode::Unavailable`] when the write failed.
    pub async fn commit(
        &self,
        state: &mut RoomState,
        store: &Store,
        event: Event,
    ) -> Result<(), Refusal> {
        let now = now_ms();
        let mut next = state.table.clone();
        let told = next
            .apply(&event, now)
            .map_err(|e| (ErrorCode::BadRequest, e.to_string()))?;
        store
            .event(&self.code, state.seq, &event, now, next.over())
            .await
            .map_err(|e| (ErrorCode::Unavailable, format!("not stored: {e}")))?;
        state.table = next;
        state.seq += 1;
        if state.table.over() {
            state.ended_at = Some(now);
        }
        for msg in &told {
            state.tell_all(msg);
        }
        self.wake.notify_one();
        Ok(())
    }

    /// A seated player's move, resignation or draw word.
    ///
    /// # Errors
    /// The table's refusal, or the store's.
    pub async fn act(&self, store: &Store, side: Color, msg: &ClientMsg) -> Result<(), Refusal> {
        let mut state = self.state.lock().await;
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
                    if let Some(flag) = state.table.flag_due(now_ms())
                        && let Err((_, why)) = self.commit(&mut state, &store, flag).await
                    {
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
