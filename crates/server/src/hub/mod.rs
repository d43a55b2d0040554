//! Every game on the server, the seat tokens, and the quick-game queue;
//! [`seats`] answers a client's requests with them.

pub mod accounts;
pub mod archive;
pub mod queue;
mod restore;
pub mod seats;

use restore::rebuild;
pub use restore::{RebuildError, rate_pending, resume_clocks, start_timers};

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError, Weak};

use minesweeper_core::chess::fen::to_fen;
use minesweeper_core::chess::mines::random_layout;
use minesweeper_core::chess::{ByColor, Color, Position, SquareSet, Variant};
use minesweeper_core::online::protocol::{ErrorCode, SeatChoice};
use minesweeper_core::online::table::{Refusal, builtin_variant};
use minesweeper_core::online::{Table, TimeControl};
use minesweeper_core::rng::GameRng;
use rand::SeedableRng;

use crate::accounts::limiter::{Limiter, LimiterConfig};
use crate::limits::Limits;
use crate::room::{Peer, Room};
use crate::secret;
use crate::store::{Lookup, Store, StoredGame, Whereabouts};

/// Why a client is closed when its game goes to another node: it
/// reconnects (through any node) and resumes with its token.
pub const MOVED: &str = "this server is handing its games to another: reconnect";

/// How long a finished game nobody is at stays in memory (ms).
const KEEP_OVER_MS: u64 = 10 * 60 * 1000;

/// How mines are dealt: a variant and a secret seed give a layout.
pub type Dealer = Arc<dyn Fn(&Variant, u64) -> SquareSet + Send + Sync>;

/// Deals uniformly at random from the seed (the server's default).
pub fn random_dealer() -> Dealer {
    Arc::new(|variant: &Variant, seed: u64| {
        let mut rng = GameRng::seed_from_u64(seed);
        random_layout(&variant.fog_zone, variant.mine_count as usize, &mut rng)
    })
}

/// A game waiting for its second player: who opened it, and since when
/// nobody has been at it (ms).
#[derive(Clone, Copy, Debug)]
struct Waiting {
    /// The creator's connection and address (`None` once restored).
    creator: Option<(u64, IpAddr)>,
    /// When it was last seen with somebody at it.
    seen_ms: u64,
}

/// The server's games.
pub struct Hub {
    /// Where games are written.
    pub store: Store,
    /// The limits of what clients may hold.
    pub limits: Limits,
    dealer: Dealer,
    rooms: Mutex<HashMap<String, Arc<Room>>>,
    tokens: Mutex<HashMap<String, (String, Color)>>,
    queue: Mutex<queue::Queue>,
    /// Sign-in and sign-up tries, by address and account.
    pub limiter: Limiter,
    /// Accounts made and sign-ins, for `/metrics`.
    pub counters: Counters,
    /// The signed-in connections of this node: their accounts.
    signed: Mutex<HashMap<u64, (i64, Weak<Peer>)>>,
    waiting: Mutex<HashMap<String, Waiting>>,
    /// Set when this server is one node of several: the secret the nodes
    /// share to forward connections to each other.
    forward_secret: OnceLock<String>,
    /// Players of this node waiting in the database's quick-game queue,
    /// by ticket.
    quick_waiters: Mutex<HashMap<i64, QuickWaiter>>,
    /// Set when this node is stopping on purpose: its lease ends by its
    /// own hand, not lost.
    leaving: std::sync::atomic::AtomicBool,
    /// Set while this node has lost its lease and not joined again: it
    /// has no game and cannot look one up.
    adrift: std::sync::atomic::AtomicBool,
    /// Woken when a lookup finds a game whose node's lease ran out: the
    /// take-over runs then rather than at the next heartbeat.
    orphans_seen: tokio::sync::Notify,
}

/// A player of this node in the database's queue, and for a rated game
/// its time control (paired again as its range widens).
type QuickWaiter = (queue::Waiter, Option<Option<TimeControl>>);

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic elsewhere never leaves these maps half-written: take them.
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Counts of account events, for `/metrics`.
#[derive(Default, Debug)]
pub struct Counters {
    /// Accounts made.
    pub sign_ups: AtomicU64,
    /// Sign-ins by password.
    pub sign_ins: AtomicU64,
}

impl Counters {
    fn sign_up(&self) {
        self.sign_ups.fetch_add(1, Ordering::Relaxed);
    }

    fn sign_in(&self) {
        self.sign_ins.fetch_add(1, Ordering::Relaxed);
    }
}

/// Reads a time control from a client (`None` is untimed).
///
/// # Errors
/// [`ErrorCode::BadRequest`] with the parser's reason.
pub fn time_control(text: Option<&str>) -> Result<Option<TimeControl>, Refusal> {
    text.map(|t| t.parse::<TimeControl>())
        .transpose()
        .map_err(|e| (ErrorCode::BadRequest, e.to_string()))
}

impl Hub {
    /// A hub over `store`, with the unfinished games read from it back in
    /// play (a game whose record no longer reads is left out and named).
    pub fn restore(
        store: Store,
        stored: Vec<StoredGame>,
        dealer: Dealer,
        limits: Limits,
    ) -> (Arc<Hub>, Vec<Arc<Room>>) {
        let hub = Arc::new(Hub {
            store,
            limits,
            dealer,
            rooms: Mutex::default(),
            tokens: Mutex::default(),
            queue: Mutex::default(),
            limiter: Limiter::new(LimiterConfig {
                per_address: limits.sign_in_tries,
                per_account: limits.sign_in_failures,
                sign_ups_per_hour: limits.sign_ups_per_hour,
                ..LimiterConfig::default()
            }),
            counters: Counters::default(),
            signed: Mutex::default(),
            waiting: Mutex::default(),
            forward_secret: OnceLock::new(),
            quick_waiters: Mutex::default(),
            leaving: std::sync::atomic::AtomicBool::new(false),
            adrift: std::sync::atomic::AtomicBool::new(false),
            orphans_seen: tokio::sync::Notify::new(),
        });
        let rooms = hub.adopt(stored);
        (hub, rooms)
    }

    /// Puts stored games in play here (restored at start, or taken over
    /// from a node that died); a game whose record no longer reads is left
    /// out and named. Returns their rooms, whose flag timers are not yet
    /// running ([`start_timers`]).
    pub fn adopt(&self, stored: Vec<StoredGame>) -> Vec<Arc<Room>> {
        let rooms = self.rebuilt(stored);
        self.publish(&rooms);
        rooms
    }

    /// The rooms of stored games, rebuilt but not yet reachable: a game
    /// that no longer reads is logged and left out.
    pub fn rebuilt(&self, stored: Vec<StoredGame>) -> Vec<Arc<Room>> {
        let mut rooms = Vec::new();
        for g in stored {
            match rebuild(&g) {
                Ok(table) => rooms.push(Room::new(
                    g.code.clone(),
                    table,
                    g.tokens.clone(),
                    g.events.len() as u64,
                    (g.users, g.rated),
                )),
                Err(why) => crate::log::log(
                    crate::log::Level::Error,
                    "game_not_restored",
                    &[("game", &g.code), ("reason", &why)],
                ),
            }
        }
        rooms
    }

    /// Makes `rooms` reachable: their codes and seat tokens answered here.
    pub fn publish(&self, rooms: &[Arc<Room>]) {
        let now = crate::now_ms();
        for room in rooms {
            // Just built: nobody else holds its lock.
            let Ok(st) = room.state.try_lock() else {
                continue;
            };
            if !st.table.started() && !st.table.over() {
                let waiting = Waiting {
                    creator: None,
                    seen_ms: now,
                };
                lock(&self.waiting).insert(room.code.clone(), waiting);
            }
            self.insert(room, &st.tokens);
        }
    }

    fn insert(&self, room: &Arc<Room>, tokens: &ByColor<Option<String>>) {
        lock(&self.rooms).insert(room.code.clone(), room.clone());
        let mut t = lock(&self.tokens);
        for (side, token) in tokens.iter() {
            if let Some(token) = token {
                t.insert(token.clone(), (room.code.clone(), side));
            }
        }
    }

    /// A new game's starting position: `preset`'s board with mines dealt
    /// from the OS's randomness.
    fn deal(&self, preset: &str) -> Result<Position, Refusal> {
        let variant = builtin_variant(preset)?;
        let mines = (self.dealer)(&variant, secret::seed());
        Position::new(&variant, mines).map_err(|e| (ErrorCode::BadRequest, e.to_string()))
    }

    /// The game with this invite code.
    pub fn room(&self, code: &str) -> Option<Arc<Room>> {
        lock(&self.rooms).get(code).cloned()
    }

    /// The game and seat a token holds.
    pub fn seat_of(&self, token: &str) -> Option<(Arc<Room>, Color)> {
        let (code, side) = lock(&self.tokens).get(token).cloned()?;
        Some((self.room(&code)?, side))
    }

    /// Notes a token for a seat (after it is stored).
    pub fn give_token(&self, code: &str, side: Color, token: &str) {
        lock(&self.tokens).insert(token.to_string(), (code.to_string(), side));
    }

    /// Opens and stores a new game of `preset`; the creator's seat is
    /// `choice`'s colour. Returns the room, the seat and its token.
    ///
    /// # Errors
    /// A preset or time control not offered, or the store's refusal.
    pub async fn create(
        self: &Arc<Hub>,
        creator: (u64, IpAddr),
        preset: &str,
        control: Option<TimeControl>,
        (choice, user, rated): (SeatChoice, Option<i64>, bool),
    ) -> Result<(Arc<Room>, Color, String), Refusal> {
        self.may_open(creator)?;
        let start = self.deal(preset)?;
        let side = match choice {
            SeatChoice::White => Color::White,
            SeatChoice::Black => Color::Black,
            SeatChoice::Random if secret::coin() => Color::White,
            SeatChoice::Random => Color::Black,
        };
        let token = secret::token();
        let mut tokens = ByColor::default();
        tokens[side] = Some(token.clone());
        let mut users = ByColor::default();
        users[side] = user;
        let room = self
            .open(preset, control, start, tokens, (users, rated))
            .await?;
        let waiting = Waiting {
            creator: Some(creator),
            seen_ms: crate::now_ms(),
        };
        lock(&self.waiting).insert(room.code.clone(), waiting);
        Ok((room, side, token))
    }

    /// Whether `creator` may open one more game that waits for its second
    /// player.
    ///
    /// # Errors
    /// [`ErrorCode::Limit`] naming the limit met.
    fn may_open(&self, (peer, address): (u64, IpAddr)) -> Result<(), Refusal> {
        let waiting = lock(&self.waiting);
        let of = |f: &dyn Fn(u64, IpAddr) -> bool| {
            waiting
                .values()
                .filter(|w| w.creator.is_some_and(|(p, a)| f(p, a)))
                .count()
        };
        let l = &self.limits;
        let refusal = if waiting.len() >= l.waiting {
            format!(
                "the server holds {} games waiting for a second player; try again later",
                l.waiting
            )
        } else if of(&|p, _| p == peer) >= l.waiting_per_connection {
            format!(
                "you have {} games waiting for a second player: share one, or wait until one starts",
                l.waiting_per_connection
            )
        } else if of(&|_, a| a == address) >= l.waiting_per_address {
            format!(
                "your address has {} games waiting for a second player; try again later",
                l.waiting_per_address
            )
        } else {
            return Ok(());
        };
        Err((ErrorCode::Limit, refusal))
    }

    /// The game with `code` has started: it waits no more.
    pub fn started(&self, code: &str) {
        lock(&self.waiting).remove(code);
    }

    /// Stores and opens a game from `start` with `tokens` already seated.
    async fn open(
        self: &Arc<Hub>,
        preset: &str,
        control: Option<TimeControl>,
        start: Position,
        tokens: ByColor<Option<String>>,
        (users, rated): (ByColor<Option<i64>>, bool),
    ) -> Result<Arc<Room>, Refusal> {
        let code = loop {
            let c = secret::code();
            if self.room(&c).is_none() {
                break c;
            }
        };
        let stored = StoredGame {
            code: code.clone(),
            preset: preset.to_string(),
            time: control.map(|c| c.to_string()),
            start: to_fen(&start),
            tokens: tokens.clone(),
            events: Vec::new(),
            users,
            rated,
            stopped_ms: None,
        };
        self.store
            .create(stored)
            .await
            .map_err(|e| e.refusal("not stored"))?;
        let table = Table::new(preset, control, start);
        let room = Room::new(code, table, tokens.clone(), 0, (users, rated));
        self.insert(&room, &tokens);
        self.read_cards(&room).await;
        if control.is_some() {
            tokio::spawn(room.clone().flag_timer(self.store.clone()));
        }
        Ok(room)
    }

    /// A rematch of `old`'s game: the same board, fresh mines, colours
    /// swapped; returns the new room and each seat's new token (by the
    /// new colour).
    ///
    /// # Errors
    /// The store's refusal.
    pub async fn rematch(
        self: &Arc<Hub>,
        old: &crate::room::RoomState,
    ) -> Result<(Arc<Room>, ByColor<String>), Refusal> {
        let table = &old.table;
        let start = self.deal(table.preset())?;
        let tokens = ByColor::from_fn(|_| secret::token());
        let users = ByColor::new(old.users[Color::Black], old.users[Color::White]);
        let room = self
            .open(
                table.preset(),
                table.control(),
                start,
                tokens.clone().map(Some),
                (users, old.rated),
            )
            .await?;
        Ok((room, tokens))
    }

    /// Reads the player cards (names, ratings) of `room`'s seats.
    pub async fn read_cards(&self, room: &Room) {
        let (users, speed) = {
            let st = room.state.lock().await;
            (st.users, st.speed())
        };
        if users.all(Option::is_none) {
            return;
        }
        match self.store.cards(users, speed).await {
            Ok(cards) => room.state.lock().await.players = cards,
            Err(e) => crate::log::log(
                crate::log::Level::Warn,
                "cards_not_read",
                &[("game", &room.code), ("reason", &e)],
            ),
        }
    }

    /// Notes `peer` signed in as `user`.
    pub fn note_signed(&self, peer: &Arc<Peer>, user: i64) {
        let mut signed = lock(&self.signed);
        signed.retain(|_, (_, p)| p.strong_count() > 0);
        signed.insert(peer.id, (user, Arc::downgrade(peer)));
    }

    /// Signs every connection of `user` on this node out (but `except`),
    /// telling each.
    pub fn sign_out_user(&self, user: i64, except: Option<u64>) {
        let mut signed = lock(&self.signed);
        signed.retain(|id, (u, p)| {
            if *u != user || Some(*id) == except {
                return p.strong_count() > 0;
            }
            if let Some(p) = p.upgrade() {
                p.set_signed(None);
                p.tell(&minesweeper_core::online::protocol::ServerMsg::SignedOut);
            }
            false
        });
    }

    /// Puts `waiter` in the queue for `key`, or takes the one it pairs
    /// with there.
    pub fn pair(&self, key: queue::Key, waiter: queue::Waiter) -> Option<queue::Waiter> {
        lock(&self.queue).pair(key, waiter, crate::now_ms())
    }

    /// Rated players waiting here whose ranges have widened to take each
    /// other in, taken out of the queue.
    pub fn widened(&self) -> Vec<(queue::Key, queue::Waiter, queue::Waiter)> {
        lock(&self.queue).widened(crate::now_ms())
    }

    /// Takes `peer` out of the quick-game queue (on several nodes, its
    /// ticket out of the database's, in the background).
    pub fn unqueue(&self, peer: &Peer) {
        lock(&self.queue).remove(peer.id);
        let mut gone = Vec::new();
        lock(&self.quick_waiters).retain(|t, (w, _)| {
            let leaving = w.peer.id == peer.id;
            if leaving {
                gone.push(*t);
            }
            !leaving
        });
        for ticket in gone {
            let store = self.store.clone();
            tokio::spawn(async move {
                if let Err(e) = store.queue_drop(ticket).await {
                    crate::log::log(
                        crate::log::Level::Warn,
                        "queue_drop_failed",
                        &[("ticket", &ticket), ("reason", &e)],
                    );
                }
            });
        }
    }

    /// The player of this node waiting with `ticket`, taken out of the
    /// queue, if it is still connected.
    pub fn take_waiter(&self, ticket: i64) -> Option<Arc<Peer>> {
        lock(&self.quick_waiters)
            .remove(&ticket)
            .map(|(w, _)| w.peer)
            .filter(|p| !p.is_closed())
    }

    /// Notes `waiter` waiting in the database's queue with `ticket`; a
    /// rated one with its time control, to be paired again as its range
    /// widens.
    pub fn wait_for_pair(
        &self,
        ticket: i64,
        waiter: queue::Waiter,
        rated: Option<Option<TimeControl>>,
    ) {
        lock(&self.quick_waiters).insert(ticket, (waiter, rated));
    }

    /// This node's rated players in the database's queue: ticket, waiter
    /// and time control.
    pub fn rated_waiters(&self) -> Vec<(i64, queue::Waiter, Option<TimeControl>)> {
        lock(&self.quick_waiters)
            .iter()
            .filter_map(|(t, (w, rated))| rated.map(|control| (*t, w.clone(), control)))
            .collect()
    }

    /// A quick game was paired on another node: the player waiting here
    /// with its ticket is told its seat and handed to that node. `false`
    /// when nobody waits with that ticket any more.
    pub fn paired(&self, p: &crate::store::Paired) -> bool {
        let Some((waiter, _)) = lock(&self.quick_waiters).remove(&p.ticket) else {
            return false;
        };
        let peer = waiter.peer;
        if peer.is_closed() {
            return false;
        }
        peer.set_place(crate::room::Place::Lobby);
        peer.tell(&minesweeper_core::online::protocol::ServerMsg::Seated {
            code: p.code.clone(),
            token: p.token.clone(),
            side: p.side,
        });
        let resume = minesweeper_core::online::protocol::ClientMsg::Resume {
            token: p.token.clone(),
        };
        match serde_json::to_string(&resume) {
            Ok(first) => {
                peer.hand_to(p.addr.clone(), first);
                true
            }
            Err(_) => false,
        }
    }

    /// Opens a quick game between two clients (colours by coin).
    ///
    /// # Errors
    /// The store's refusal.
    pub async fn quick(
        self: &Arc<Hub>,
        control: Option<TimeControl>,
        players: (ByColor<Option<i64>>, bool),
    ) -> Result<(Arc<Room>, ByColor<String>), Refusal> {
        let start = self.deal("classic.ron")?;
        let tokens = ByColor::from_fn(|_| secret::token());
        let room = self
            .open(
                "classic.ron",
                control,
                start,
                tokens.clone().map(Some),
                players,
            )
            .await?;
        Ok((room, tokens))
    }

    /// Drops from memory the finished games nobody has been at for a while
    /// (they stay in the database).
    pub async fn sweep(&self, now: u64) {
        let rooms: Vec<Arc<Room>> = lock(&self.rooms).values().cloned().collect();
        let ttl = u64::try_from(self.limits.waiting_ttl.as_millis()).unwrap_or(u64::MAX);
        for room in rooms {
            let state = room.state.lock().await;
            let stale = state
                .ended_at
                .is_some_and(|t| now.saturating_sub(t) > KEEP_OVER_MS);
            let abandoned = {
                let mut waiting = lock(&self.waiting);
                match waiting.get_mut(&room.code) {
                    Some(w) if !state.members.is_empty() => {
                        w.seen_ms = now;
                        false
                    }
                    Some(w) => now.saturating_sub(w.seen_ms) > ttl,
                    None => false,
                }
            };
            if abandoned {
                // Nobody came: closed for good (kept in the database as
                // over, never restored).
                if let Err(e) = self.store.abandon(&room.code).await {
                    crate::log::log(
                        crate::log::Level::Error,
                        "game_not_closed",
                        &[("game", &room.code), ("reason", &e)],
                    );
                    continue;
                }
                lock(&self.waiting).remove(&room.code);
            }
            if (stale || abandoned) && state.members.is_empty() {
                lock(&self.rooms).remove(&room.code);
                lock(&self.tokens).retain(|_, (c, _)| *c != room.code);
            }
        }
    }

    /// Closes a quick game given up before it started (its second player
    /// never came): kept in the database as over, never restored, and
    /// dropped from memory with its seats.
    pub async fn close_unmet(&self, code: &str) {
        if let Err(e) = self.store.abandon(code).await {
            crate::log::log(
                crate::log::Level::Warn,
                "game_not_closed",
                &[("game", &code), ("reason", &e)],
            );
        }
        lock(&self.waiting).remove(code);
        lock(&self.rooms).remove(code);
        lock(&self.tokens).retain(|_, (c, _)| c != code);
    }

    /// Marks this node as stopping on purpose.
    pub fn set_leaving(&self) {
        self.leaving
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// Whether this node is stopping on purpose.
    pub fn is_leaving(&self) -> bool {
        self.leaving.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Marks this node as without its lease (`true`) or back in the
    /// cluster (`false`).
    pub fn set_adrift(&self, adrift: bool) {
        self.adrift
            .store(adrift, std::sync::atomic::Ordering::Relaxed);
    }

    /// Whether this node has lost its lease and not joined again.
    pub fn is_adrift(&self) -> bool {
        self.adrift.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Returns once a lookup has found a game whose node's lease ran out
    /// (at once if one did since the last call).
    pub async fn orphans_seen(&self) {
        self.orphans_seen.notified().await;
    }

    /// Makes this hub one node of several, forwarding with `secret`.
    pub fn join_cluster(&self, secret: String) {
        let _ = self.forward_secret.set(secret);
    }

    /// The secret the nodes share, when this is one of several.
    pub fn forward_secret(&self) -> Option<&str> {
        self.forward_secret.get().map(String::as_str)
    }

    /// Where the game a client names is played when it is not here: the
    /// address of the node to forward to, or `None` (a lone server, or a
    /// game unknown).
    ///
    /// # Errors
    /// [`ErrorCode::Unavailable`]: its node stopped and no other has
    /// taken it yet, this node took it a moment ago and is loading it, or
    /// the database cannot say.
    pub async fn elsewhere(&self, lookup: Lookup) -> Result<Option<String>, Refusal> {
        if self.forward_secret().is_none() {
            return Ok(None);
        }
        match self.store.locate(lookup).await {
            Ok(Whereabouts::There(addr)) => Ok(Some(addr)),
            Ok(Whereabouts::Unknown) => Ok(None),
            // Taken over by this node a moment ago, not yet in play: the
            // seat is not lost, only a second early.
            Ok(Whereabouts::Here) => Err((
                ErrorCode::Unavailable,
                "the game is moving to this server: try again".into(),
            )),
            Ok(Whereabouts::Down) => {
                self.orphans_seen.notify_one();
                Err((
                    ErrorCode::Unavailable,
                    "the game's server stopped; another takes it over within seconds: try again"
                        .into(),
                ))
            }
            Err(e) => Err(e.refusal("cannot find the game")),
        }
    }

    /// Drops every game here, their clients told to reconnect (to the
    /// node that has them now): this node lost its lease.
    pub fn lose_all(&self) {
        let rooms: Vec<Arc<Room>> = lock(&self.rooms).drain().map(|(_, r)| r).collect();
        lock(&self.tokens).clear();
        lock(&self.waiting).clear();
        for peer in lock(&self.queue).drain() {
            peer.close_with(1012, MOVED);
        }
        for (_, (waiter, _)) in lock(&self.quick_waiters).drain() {
            waiter.peer.close_with(1012, MOVED);
        }
        for room in rooms {
            // A room busy with a commit (on a database that no longer
            // answers, say) is told once the commit gives up: a member
            // left on a dropped room would wait for moves for ever.
            tokio::spawn(async move {
                let mut st = room.state.lock().await;
                st.dropped = true;
                for m in &st.members {
                    m.peer.close_with(1012, MOVED);
                }
            });
        }
    }

    /// The number of games waiting for their second player.
    pub fn waiting(&self) -> usize {
        lock(&self.waiting).len()
    }

    /// The number of games in memory.
    pub fn games(&self) -> usize {
        lock(&self.rooms).len()
    }
}
