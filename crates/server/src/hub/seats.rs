//! A client's requests answered: games created, joined, resumed, watched,
//! quick games paired, moves passed to their room, rematches; and where
//! each client sits.

use std::sync::Arc;

use minesweeper_core::chess::{ByColor, Color};
use minesweeper_core::online::protocol::{ClientMsg, ErrorCode, ServerMsg};
use minesweeper_core::online::table::Refusal;
use minesweeper_core::online::{Event, TimeControl};

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
    st.members.push(Member {
        peer: peer.clone(),
        seat,
    });
    let present = st.present();
    if present != before {
        st.tell_all(&ServerMsg::Presence { present });
    }
    if show {
        let view = st.table.view(&room.code, seat, present, crate::now_ms());
        peer.tell(&view);
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
    {
        let mut st = room.state.lock().await;
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
            .seat(&room.code, side, &token)
            .await
            .map_err(|e| (ErrorCode::Unavailable, format!("not stored: {e}")))?;
        st.tokens[side] = Some(token.clone());
        hub.give_token(&room.code, side, &token);
        peer.tell(&ServerMsg::Seated {
            code: room.code.clone(),
            token,
            side,
        });
        drop(st);
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
    let (next, tokens) = hub.rematch(&st.table).await?;
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
    peer: &Arc<Peer>,
    control: Option<TimeControl>,
) -> Result<(), Refusal> {
    let key = control.map_or_else(|| "untimed".to_string(), |c| c.to_string());
    let unavailable =
        |e: crate::store::StoreError| (ErrorCode::Unavailable, format!("the queue: {e}"));
    let Some(ticket) = hub.store.queue_take(&key).await.map_err(unavailable)? else {
        let ticket = hub.store.queue_put(&key).await.map_err(unavailable)?;
        if let Some(ticket) = ticket {
            hub.wait_for_pair(ticket, peer);
        }
        peer.set_place(Place::Queue(control));
        peer.tell(&ServerMsg::Waiting);
        return Ok(());
    };
    // A player waiting on this very node: paired here, as on a lone server.
    if let Some(other) = hub.take_waiter(ticket) {
        hub.store.queue_drop(ticket).await.map_err(unavailable)?;
        let (room, tokens) = hub.quick(control).await?;
        let (w, b) = if secret::coin() {
            (other, peer.clone())
        } else {
            (peer.clone(), other)
        };
        return seat_pair(hub, &room, [(w, Color::White), (b, Color::Black)], &tokens).await;
    }
    let (room, tokens) = hub.quick(control).await?;
    let mine = if secret::coin() {
        Color::White
    } else {
        Color::Black
    };
    {
        let mut st = room.state.lock().await;
        room.commit(&mut st, &hub.store, Event::Start).await?;
    }
    peer.tell(&ServerMsg::Seated {
        code: room.code.clone(),
        token: tokens[mine].clone(),
        side: mine,
    });
    attach(hub, peer, &room, Some(mine), true).await;
    let paired = Paired {
        ticket,
        code: room.code.clone(),
        side: !mine,
        token: tokens[!mine].clone(),
        addr: String::new(),
    };
    hub.store.pair(paired).await.map_err(unavailable)
}

async fn quick(
    hub: &Arc<Hub>,
    peer: &Arc<Peer>,
    control: Option<TimeControl>,
) -> Result<(), Refusal> {
    detach(hub, peer).await;
    if hub.forward_secret().is_some() {
        return quick_across_nodes(hub, peer, control).await;
    }
    let Some(other) = hub.pair(control, peer) else {
        peer.set_place(Place::Queue(control));
        peer.tell(&ServerMsg::Waiting);
        return Ok(());
    };
    let (room, tokens) = hub.quick(control).await?;
    let (w, b) = if secret::coin() {
        (other, peer.clone())
    } else {
        (peer.clone(), other)
    };
    seat_pair(hub, &room, [(w, Color::White), (b, Color::Black)], &tokens).await
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
    match &msg {
        ClientMsg::Ping => peer.tell(&ServerMsg::Pong),
        ClientMsg::Create {
            preset,
            time,
            color,
        } => {
            let control = time_control(time.as_deref())?;
            let creator = (peer.id, peer.address);
            let (room, side, token) = hub.create(creator, preset, control, *color).await?;
            peer.tell(&ServerMsg::Seated {
                code: room.code.clone(),
                token,
                side,
            });
            attach(hub, peer, &room, Some(side), true).await;
        }
        ClientMsg::Join { code } => join(hub, peer, code).await?,
        ClientMsg::Quick { time } => quick(hub, peer, time_control(time.as_deref())?).await?,
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
    }
    Ok(Flow::Stay)
}
