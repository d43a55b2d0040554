//! A client's requests answered: games created, joined, resumed, watched,
//! quick games paired, moves passed to their room, rematches; and where
//! each client sits.

use std::sync::Arc;

use minesweeper_core::chess::{ByColor, Color};
use minesweeper_core::online::protocol::{ClientMsg, ErrorCode, ServerMsg};
use minesweeper_core::online::table::Refusal;
use minesweeper_core::online::{Event, TimeControl};

use minesweeper_core::online::rating::Speed;

use super::queue::Waiter;
use super::{Hub, time_control};
use crate::room::{Member, Peer, Place, Room};
use crate::secret;
use crate::store::{Lookup, Paired};

/// Leaves wherever `peer` is; the other seat hears it is gone.
pub async fn detach(hub: &Hub, peer: &Arc<Peer>) {
    let place = peer.place();
    peer.set_place(Place::Lobby);
    match place {
        Place::Lobby => {}
        Place::Queue(_) => hub.unqueue(peer),
        Place::Seat(room, _) | Place::Watch(room) => {
            let mut st = room.state.lock().await;
            let before = st.present();
            st.members.retain(|m| m.peer.id != peer.id);
            let present = st.present();
            if present != before {
                st.tell_all(&ServerMsg::Presence { present });
            }
        }
    }
}

/// Why the connection holding a seat is closed when another takes it.
const TAKEN: &str = "closed by the server: the seat was taken up by another connection";

/// Seats (or sits as a spectator) `peer` at `room`; with `show`, sends it
/// the whole game. One seat has one live holder: a connection already in
/// it is told the seat was taken and closed. A connection that has closed
/// meanwhile (it dropped as a quick game paired it) is not sat down.
pub async fn attach(
    hub: &Hub,
    peer: &Arc<Peer>,
    room: &Arc<Room>,
    seat: Option<Color>,
    show: bool,
) {
    detach(hub, peer).await;
    if peer.is_closed() {
        return;
    }
    let mut st = room.state.lock().await;
    if st.dropped {
        // Found a moment before this node dropped it: played elsewhere now.
        peer.close_with(1012, crate::hub::MOVED);
        return;
    }
    // A room unsure of its last write shows what the database holds (when
    // it cannot say soon, the view is the room's and the next write asks).
    let settling = room.settle(&mut st, &hub.store);
    let _ = tokio::time::timeout(std::time::Duration::from_secs(1), settling).await;
    let before = st.present();
    if seat.is_some() {
        st.members.retain(|m| {
            let holder = m.seat == seat && m.peer.id != peer.id;
            if holder {
                m.peer.tell(&ServerMsg::Error {
                    code: ErrorCode::SeatTaken,
                    message: "another connection took this seat with its token".into(),
                });
                m.peer.set_place(Place::Lobby);
                m.peer.close(TAKEN);
            }
            !holder
        });
    }
    if let Some(side) = seat {
        room.returned(&mut st, &hub.store, side).await;
    }
    st.members.push(Member {
        peer: peer.clone(),
        seat,
    });
    let present = st.present();
    if present != before {
        st.tell_all(&ServerMsg::Presence { present });
    }
    if st.awaiting && present.all(|p| *p) {
        // The quick game's second player came: now it starts.
        match room.commit(&mut st, &hub.store, Event::Start).await {
            Ok(()) => {
                st.awaiting = false;
                hub.started(&room.code);
                st.show_all(&room.code);
            }
            Err((_, why)) => crate::log::log(
                crate::log::Level::Warn,
                "quick_game_not_started",
                &[("game", &room.code), ("reason", &why)],
            ),
        }
    }
    if show {
        peer.tell(&st.view(&room.code, seat));
    }
    peer.set_place(match seat {
        Some(side) => Place::Seat(room.clone(), side),
        None => Place::Watch(room.clone()),
    });
}

/// Seats both players of a fresh two-seat game, starts it and shows it.
async fn seat_pair(
    hub: &Hub,
    room: &Arc<Room>,
    seats: [(Arc<Peer>, Color); 2],
    tokens: &ByColor<String>,
) -> Result<(), Refusal> {
    {
        let mut st = room.state.lock().await;
        room.commit(&mut st, &hub.store, Event::Start).await?;
    }
    for (peer, side) in &seats {
        peer.tell(&ServerMsg::Seated {
            code: room.code.clone(),
            token: tokens[*side].clone(),
            side: *side,
        });
        attach(hub, peer, room, Some(*side), false).await;
    }
    room.state.lock().await.show_all(&room.code);
    Ok(())
}

async fn join(hub: &Hub, peer: &Arc<Peer>, code: &str) -> Result<(), Refusal> {
    let room = hub
        .room(code)
        .ok_or_else(|| (ErrorCode::NotFound, "no game with that code".into()))?;
    if matches!(peer.place(), Place::Seat(r, _) if Arc::ptr_eq(&r, &room)) {
        // One player, one seat: the other is for someone else.
        return Err((
            ErrorCode::BadRequest,
            "you hold a seat in this game already".into(),
        ));
    }
    let rated = room.state.lock().await.rated;
    let user = seat_user(hub, peer, rated).await?;
    {
        let mut st = room.state.lock().await;
        if rated && user.is_some() && st.users.iter().any(|(_, u)| *u == user) {
            return Err((
                ErrorCode::BadRequest,
                "you hold the other seat of this rated game already".into(),
            ));
        }
        let side = [Color::White, Color::Black]
            .into_iter()
            .find(|c| st.tokens[*c].is_none())
            .ok_or_else(|| {
                (
                    ErrorCode::GameFull,
                    "both seats are taken; you may watch".into(),
                )
            })?;
        let token = secret::token();
        hub.store
            .seat_user(&room.code, side, &token, user)
            .await
            .map_err(|e| e.refusal("not stored"))?;
        st.tokens[side] = Some(token.clone());
        st.users[side] = user;
        hub.give_token(&room.code, side, &token);
        peer.tell(&ServerMsg::Seated {
            code: room.code.clone(),
            token,
            side,
        });
        drop(st);
        hub.read_cards(&room).await;
        attach(hub, peer, &room, Some(side), false).await;
        let mut st = room.state.lock().await;
        let both = st.tokens.all(Option::is_some);
        if both && !st.table.started() {
            room.commit(&mut st, &hub.store, Event::Start).await?;
            hub.started(&room.code);
        }
        st.show_all(&room.code);
    }
    Ok(())
}

async fn rematch(hub: &Arc<Hub>, room: &Arc<Room>, side: Color) -> Result<(), Refusal> {
    let mut st = room.state.lock().await;
    if !st.table.over() {
        return Err((
            ErrorCode::BadRequest,
            "a rematch comes after the game".into(),
        ));
    }
    if st.rematch[side] {
        return Err((
            ErrorCode::BadRequest,
            "you asked for a rematch already".into(),
        ));
    }
    st.rematch[side] = true;
    if !st.rematch[!side] {
        st.tell_all(&ServerMsg::RematchOffered { by: side });
        return Ok(());
    }
    st.rematch = ByColor::default();
    let (next, tokens) = hub.rematch(&st).await?;
    let members: Vec<(Arc<Peer>, Option<Color>)> = st
        .members
        .iter()
        .map(|m| (m.peer.clone(), m.seat))
        .collect();
    drop(st);
    {
        let mut st = next.state.lock().await;
        next.commit(&mut st, &hub.store, Event::Start).await?;
    }
    for (peer, seat) in members {
        let seat = seat.map(|c| !c);
        if let Some(s) = seat {
            peer.tell(&ServerMsg::Seated {
                code: next.code.clone(),
                token: tokens[s].clone(),
                side: s,
            });
        }
        attach(hub, &peer, &next, seat, false).await;
    }
    next.state.lock().await.show_all(&next.code);
    Ok(())
}

/// The quick-game queue of several nodes, in the database: a player
/// waiting on another node is taken and the game opened here, then that
/// node hears of it (NOTIFY) and hands its player over; or this player
/// waits with a ticket.
async fn quick_across_nodes(
    hub: &Arc<Hub>,
    me: Waiter,
    (control, rated): (Option<TimeControl>, bool),
) -> Result<(), Refusal> {
    let peer = me.peer.clone();
    let key = queue_key(control, rated);
    let seeker = seeker(&me, rated);
    let Some(taken) = hub
        .store
        .queue_take(&key, seeker.clone())
        .await
        .map_err(queue_unavailable)?
    else {
        let ticket = hub
            .store
            .queue_put(&key, seeker)
            .await
            .map_err(queue_unavailable)?;
        if let Some(ticket) = ticket {
            hub.wait_for_pair(ticket, me, rated.then_some(control));
        }
        peer.set_place(Place::Queue(control));
        peer.tell(&ServerMsg::Waiting);
        return Ok(());
    };
    pair_with_ticket(hub, me, (control, rated), taken).await
}

/// How the database's queue sees a waiting player.
fn seeker(me: &Waiter, rated: bool) -> crate::store::Seeker {
    crate::store::Seeker {
        rated: rated.then_some((me.rating, me.user.unwrap_or(-1))),
        since_ms: me.since_ms,
    }
}

fn queue_unavailable(e: crate::store::StoreError) -> Refusal {
    e.refusal("the queue")
}

/// Opens the game of `me` and the player waiting with the ticket taken
/// from the database's queue (and its account): paired here when that
/// player is on this node, else its node is told and hands it over.
async fn pair_with_ticket(
    hub: &Arc<Hub>,
    me: Waiter,
    (control, rated): (Option<TimeControl>, bool),
    (ticket, other_user): (i64, Option<i64>),
) -> Result<(), Refusal> {
    let peer = me.peer.clone();
    // A player waiting on this very node: paired here, as on a lone server.
    if let Some(other) = hub.take_waiter(ticket) {
        hub.store
            .queue_drop(ticket)
            .await
            .map_err(queue_unavailable)?;
        let other = Waiter {
            peer: other,
            rating: 0.0,
            user: other_user,
            since_ms: 0,
        };
        return start_quick(hub, (control, rated), other, me).await;
    }
    let mine = if secret::coin() {
        Color::White
    } else {
        Color::Black
    };
    let mut users = ByColor::default();
    users[mine] = me.user;
    users[!mine] = other_user;
    let (room, tokens) = hub.quick(control, (users, rated)).await?;
    // Started when the other player sits down: it may have left already.
    room.state.lock().await.awaiting = true;
    peer.tell(&ServerMsg::Seated {
        code: room.code.clone(),
        token: tokens[mine].clone(),
        side: mine,
    });
    attach(hub, &peer, &room, Some(mine), true).await;
    let paired = Paired {
        ticket,
        code: room.code.clone(),
        side: !mine,
        token: tokens[!mine].clone(),
        addr: String::new(),
    };
    hub.store.pair(paired).await.map_err(queue_unavailable)?;
    tokio::spawn(unless_met(hub.clone(), room, peer, (control, rated)));
    Ok(())
}

/// How long the player of a quick game paired across nodes has to sit
/// down before the game is given up.
pub const ARRIVAL: std::time::Duration = std::time::Duration::from_secs(10);

/// Gives up the quick game `room` when its second player has not sat down
/// within [`ARRIVAL`] (it left as it was paired): the game is closed, never
/// started, and `me`, still at it, goes back to the queue.
async fn unless_met(
    hub: Arc<Hub>,
    room: Arc<Room>,
    me: Arc<Peer>,
    (control, rated): (Option<TimeControl>, bool),
) {
    tokio::time::sleep(ARRIVAL).await;
    {
        let mut st = room.state.lock().await;
        if !st.awaiting {
            return;
        }
        st.awaiting = false;
        st.ended_at = Some(crate::now_ms());
        for m in st.members.iter().filter(|m| m.peer.id != me.id) {
            // Came as it was given up: its seat is gone with the game.
            m.peer.close_with(1012, crate::hub::MOVED);
        }
    }
    hub.close_unmet(&room.code).await;
    let here = matches!(me.place(), Place::Seat(r, _) if Arc::ptr_eq(&r, &room));
    if !here || me.is_closed() {
        return;
    }
    // Asked again on its connection, as if the client had: back in the
    // queue (the rated range starts narrow again).
    let again = ClientMsg::Quick {
        time: control.map(|c| c.to_string()),
        rated,
    };
    if let Ok(text) = serde_json::to_string(&again) {
        me.hand_to(String::new(), text);
    }
}

/// On several nodes, the rated players waiting here whose ranges have
/// widened take the partner the database's queue now allows.
async fn pair_widened_across_nodes(hub: &Arc<Hub>) {
    let now = crate::now_ms();
    for (ticket, me, control) in hub.rated_waiters() {
        // The range first widens after five seconds. Each node tries on
        // half its ticks, at random: two nodes retaking each other's
        // players in step would each find the other's row locked and
        // give way, tick after tick.
        if now.saturating_sub(me.since_ms) < 5000 || secret::coin() {
            continue;
        }
        let key = queue_key(control, true);
        let taken = match hub
            .store
            .queue_retake(ticket, &key, seeker(&me, true))
            .await
        {
            Ok(Some(taken)) => taken,
            Ok(None) => continue,
            Err(e) => {
                crate::log::log(
                    crate::log::Level::Warn,
                    "queue_retake_failed",
                    &[("reason", &e)],
                );
                continue;
            }
        };
        if hub.take_waiter(ticket).is_none() {
            // Gone meanwhile: the partner's ticket goes back.
            if let Err(e) = hub.store.queue_release(taken.0).await {
                crate::log::log(
                    crate::log::Level::Warn,
                    "queue_release_failed",
                    &[("reason", &e)],
                );
            }
            continue;
        }
        if let Err((_, why)) = pair_with_ticket(hub, me, (control, true), taken).await {
            crate::log::log(
                crate::log::Level::Warn,
                "quick_game_not_opened",
                &[("reason", &why)],
            );
        }
    }
}

/// The database queue's key: the time control, and rated or casual.
fn queue_key(control: Option<TimeControl>, rated: bool) -> String {
    let time = control.map_or_else(|| "untimed".to_string(), |c| c.to_string());
    if rated { format!("{time} rated") } else { time }
}

/// A rated game needs an account.
fn rated_needs_account() -> Refusal {
    (
        ErrorCode::BadRequest,
        "a rated game is for signed-in players; a guest plays casual games".into(),
    )
}

/// The account `peer` takes a seat with: a live one for a rated game,
/// whichever it has (or none) for a casual one.
async fn seat_user(hub: &Hub, peer: &Peer, rated: bool) -> Result<Option<i64>, Refusal> {
    if !rated {
        return Ok(peer.account().map(|a| a.id));
    }
    let account = super::accounts::live_account(hub, peer)
        .await
        .map_err(|why| {
            peer.tell(&ServerMsg::AccountRefused(why));
            rated_needs_account()
        })?;
    Ok(Some(account.id))
}

/// `peer` as a waiting player: for a rated game its live account and its
/// rating at the speed of `control`.
async fn waiter(
    hub: &Hub,
    peer: &Arc<Peer>,
    control: Option<TimeControl>,
    rated: bool,
) -> Result<Waiter, Refusal> {
    let since_ms = crate::now_ms();
    let user = seat_user(hub, peer, rated).await?;
    let rating = if rated {
        let cards = hub
            .store
            .cards(ByColor::new(user, None), Speed::of(control))
            .await
            .map_err(|e| e.refusal("the ratings"))?;
        cards[Color::White]
            .as_ref()
            .and_then(|c| c.rating)
            .map_or(1500.0, f64::from)
    } else {
        0.0
    };
    Ok(Waiter {
        peer: peer.clone(),
        rating,
        user,
        since_ms,
    })
}

/// Opens a quick game between two waiting players (colours by coin).
///
/// # Errors
/// The store's refusal.
pub async fn start_quick(
    hub: &Arc<Hub>,
    (control, rated): (Option<TimeControl>, bool),
    a: Waiter,
    b: Waiter,
) -> Result<(), Refusal> {
    let (w, b) = if secret::coin() { (a, b) } else { (b, a) };
    let users = ByColor::new(w.user, b.user);
    let (room, tokens) = hub.quick(control, (users, rated)).await?;
    let seats = [(w.peer, Color::White), (b.peer, Color::Black)];
    seat_pair(hub, &room, seats, &tokens).await
}

/// Every second, opens the rated games of players waiting here whose
/// rating ranges have widened to take each other in.
pub async fn pair_widened(hub: Arc<Hub>) {
    loop {
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
        if hub.forward_secret().is_some() {
            pair_widened_across_nodes(&hub).await;
        }
        for ((control, rated), a, b) in hub.widened() {
            if let Err((_, why)) = start_quick(&hub, (control, rated), a, b).await {
                crate::log::log(
                    crate::log::Level::Warn,
                    "quick_game_not_opened",
                    &[("reason", &why)],
                );
            }
        }
    }
}

async fn quick(
    hub: &Arc<Hub>,
    peer: &Arc<Peer>,
    control: Option<TimeControl>,
    rated: bool,
) -> Result<(), Refusal> {
    detach(hub, peer).await;
    let me = waiter(hub, peer, control, rated).await?;
    if hub.forward_secret().is_some() {
        return quick_across_nodes(hub, me, (control, rated)).await;
    }
    let Some(other) = hub.pair((control, rated), me.clone()) else {
        peer.set_place(Place::Queue(control));
        peer.tell(&ServerMsg::Waiting);
        return Ok(());
    };
    start_quick(hub, (control, rated), other, me).await
}

/// What the connection does after a request.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    /// Goes on here.
    Stay,
    /// Its game is played on another node, at this address: the request
    /// and all that follow go there.
    Forward(String),
}

/// The node to forward a request that names a game not here to, if any.
async fn owner_of(hub: &Hub, msg: &ClientMsg) -> Result<Option<String>, Refusal> {
    let lookup = match msg {
        ClientMsg::Join { code } | ClientMsg::Watch { code } if hub.room(code).is_none() => {
            Lookup::Code(code.clone())
        }
        ClientMsg::Resume { token } if hub.seat_of(token).is_none() => Lookup::Token(token.clone()),
        _ => return Ok(None),
    };
    hub.elsewhere(lookup).await
}

/// Answers one request from `peer`.
///
/// # Errors
/// The refusal to send back: a game, seat or token not found, a full game,
/// a request out of place, the table's refusal or the store's.
pub async fn handle(hub: &Arc<Hub>, peer: &Arc<Peer>, msg: ClientMsg) -> Result<Flow, Refusal> {
    if let Some(addr) = owner_of(hub, &msg).await? {
        detach(hub, peer).await;
        return Ok(Flow::Forward(addr));
    }
    let opens = matches!(
        msg,
        ClientMsg::Create { .. } | ClientMsg::Join { .. } | ClientMsg::Quick { .. }
    );
    if opens && hub.is_leaving() {
        // Draining: its games go to the other nodes; nothing new here.
        return Err((
            ErrorCode::Unavailable,
            "this server is stopping; try again".into(),
        ));
    }
    match &msg {
        ClientMsg::Ping => peer.tell(&ServerMsg::Pong),
        ClientMsg::Create {
            preset,
            time,
            color,
            rated,
        } => {
            let control = time_control(time.as_deref())?;
            let creator = (peer.id, peer.address);
            let user = seat_user(hub, peer, *rated).await?;
            let choice = (*color, user, *rated);
            let (room, side, token) = hub.create(creator, preset, control, choice).await?;
            peer.tell(&ServerMsg::Seated {
                code: room.code.clone(),
                token,
                side,
            });
            attach(hub, peer, &room, Some(side), true).await;
        }
        ClientMsg::Join { code } => join(hub, peer, code).await?,
        ClientMsg::Quick { time, rated } => {
            quick(hub, peer, time_control(time.as_deref())?, *rated).await?;
        }
        ClientMsg::Resume { token } => {
            let (room, side) = hub
                .seat_of(token)
                .ok_or_else(|| (ErrorCode::NotFound, "no seat with that token".into()))?;
            peer.tell(&ServerMsg::Seated {
                code: room.code.clone(),
                token: token.clone(),
                side,
            });
            attach(hub, peer, &room, Some(side), true).await;
        }
        ClientMsg::Watch { code } => {
            let room = hub
                .room(code)
                .ok_or_else(|| (ErrorCode::NotFound, "no game with that code".into()))?;
            attach(hub, peer, &room, None, true).await;
        }
        ClientMsg::Move { .. }
        | ClientMsg::Resign
        | ClientMsg::OfferDraw
        | ClientMsg::DeclineDraw
        | ClientMsg::Rematch => {
            let Place::Seat(room, side) = peer.place() else {
                return Err((ErrorCode::NotSeated, "take a seat in a game first".into()));
            };
            if msg == ClientMsg::Rematch {
                rematch(hub, &room, side).await?;
            } else {
                room.act(&hub.store, side, &msg).await?;
            }
        }
        ClientMsg::SignUp { .. }
        | ClientMsg::SignIn { .. }
        | ClientMsg::Session { .. }
        | ClientMsg::SignOut { .. }
        | ClientMsg::ChangePassword { .. }
        | ClientMsg::DeleteAccount { .. } => {
            super::accounts::handle(hub, peer, &msg).await;
        }
        ClientMsg::Profile { .. }
        | ClientMsg::Archive { .. }
        | ClientMsg::Replay { .. }
        | ClientMsg::Leaderboard { .. } => {
            super::archive::handle(hub, peer, &msg).await?;
        }
    }
    Ok(Flow::Stay)
}
