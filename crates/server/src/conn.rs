//! One WebSocket connection: reads the client's requests (size, rate and
//! idle limits first), answers them, and writes what its game tells it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::{SinkExt, StreamExt};
use minesweeper_core::chess::Color;
use minesweeper_core::online::protocol::{ClientMsg, ErrorCode, ServerMsg};
use minesweeper_core::online::table::Refusal;
use minesweeper_core::online::{Event, TimeControl};
use tokio::sync::{mpsc, watch};

use crate::hub::{Hub, time_control};
use crate::room::{Member, Room};

/// Messages waiting to be written to one client; a client that reads
/// slower than its game talks is dropped rather than let grow memory.
const OUTBOX: usize = 256;
/// A connection that sends nothing for this long is closed (clients ping
/// every 15 seconds).
pub const IDLE: Duration = Duration::from_secs(60);
/// Requests a client may send per second by default (twice that at once).
pub const RATE: f64 = 10.0;
/// Refused requests after which a flooding client is disconnected.
const STRIKES: u32 = 200;

/// Where a connection is.
#[derive(Clone, Default)]
pub enum Place {
    /// In no game.
    #[default]
    Lobby,
    /// Waiting for a quick game.
    Queue(Option<TimeControl>),
    /// In a seat.
    Seat(Arc<Room>, Color),
    /// Watching.
    Watch(Arc<Room>),
}

/// A connected client, as games see it.
pub struct Conn {
    /// Unique while the server runs.
    pub id: u64,
    outbox: mpsc::Sender<Utf8Bytes>,
    /// Turns true when the connection is to end (both halves watch it).
    kill: watch::Sender<bool>,
    closed: AtomicBool,
    /// Why the server closes the connection, for the close frame.
    why: std::sync::OnceLock<&'static str>,
    place: Mutex<Place>,
}

/// A message as sent.
pub fn encode(msg: &ServerMsg) -> Utf8Bytes {
    serde_json::to_string(msg)
        .unwrap_or_else(|e| format!(r#"{{"t":"error","code":"unavailable","message":"{e}"}}"#))
        .into()
}

impl Conn {
    /// Queues `text` for the client; a full queue drops the connection.
    pub fn send(&self, text: Utf8Bytes) {
        if self.outbox.try_send(text).is_err() {
            self.close("closed by the server: messages were not read in time");
        }
    }

    /// Queues `msg` for the client.
    pub fn tell(&self, msg: &ServerMsg) {
        self.send(encode(msg));
    }

    fn close(&self, why: &'static str) {
        let _ = self.why.set(why);
        self.end();
    }

    fn end(&self) {
        self.closed.store(true, Ordering::Relaxed);
        self.kill.send_replace(true);
    }

    /// Whether the connection has ended or is being dropped.
    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Relaxed)
    }

    fn place(&self) -> Place {
        self.place
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn set_place(&self, place: Place) {
        *self.place.lock().unwrap_or_else(PoisonError::into_inner) = place;
    }
}

/// Leaves wherever `conn` is; the other seat hears it is gone.
async fn detach(hub: &Hub, conn: &Arc<Conn>) {
    let place = conn.place();
    conn.set_place(Place::Lobby);
    match place {
        Place::Lobby => {}
        Place::Queue(_) => hub.unqueue(conn),
        Place::Seat(room, _) | Place::Watch(room) => {
            let mut st = room.state.lock().await;
            let before = st.present();
            st.members.retain(|m| m.conn.id != conn.id);
            let present = st.present();
            if present != before {
                st.tell_all(&ServerMsg::Presence { present });
            }
        }
    }
}

/// Seats (or sits as a spectator) `conn` at `room`; with `show`, sends it
/// the whole game.
pub async fn attach(
    hub: &Hub,
    conn: &Arc<Conn>,
    room: &Arc<Room>,
    seat: Option<Color>,
    show: bool,
) {
    detach(hub, conn).await;
    let mut st = room.state.lock().await;
    let before = st.present();
    st.members.push(Member {
        conn: conn.clone(),
        seat,
    });
    let present = st.present();
    if present != before {
        st.tell_all(&ServerMsg::Presence { present });
    }
    if show {
        let view = st.table.view(&room.code, seat, present, crate::now_ms());
        conn.tell(&view);
    }
    conn.set_place(match seat {
        Some(side) => Place::Seat(room.clone(), side),
        None => Place::Watch(room.clone()),
    });
}

/// Seats both players of a fresh two-seat game, starts it and shows it.
async fn seat_pair(
    hub: &Hub,
    room: &Arc<Room>,
    seats: [(Arc<Conn>, Color); 2],
    tokens: &[String; 2],
) -> Result<(), Refusal> {
    {
        let mut st = room.state.lock().await;
        room.commit(&mut st, &hub.store, Event::Start).await?;
    }
    for (conn, side) in &seats {
        conn.tell(&ServerMsg::Seated {
            code: room.code.clone(),
            token: tokens[side.index()].clone(),
            side: *side,
        });
        attach(hub, conn, room, Some(*side), false).await;
    }
    room.state.lock().await.show_all(&room.code);
    Ok(())
}

async fn join(hub: &Hub, conn: &Arc<Conn>, code: &str) -> Result<(), Refusal> {
    let room = hub
        .room(code)
        .ok_or_else(|| (ErrorCode::NotFound, "no game with that code".into()))?;
    {
        let mut st = room.state.lock().await;
        let side = [Color::White, Color::Black]
            .into_iter()
            .find(|c| st.tokens[c.index()].is_none())
            .ok_or_else(|| {
                (
                    ErrorCode::GameFull,
                    "both seats are taken; you may watch".into(),
                )
            })?;
        let token = crate::secret::token();
        hub.store
            .seat(&room.code, side, &token)
            .await
            .map_err(|e| (ErrorCode::Unavailable, format!("not stored: {e}")))?;
        st.tokens[side.index()] = Some(token.clone());
        hub.give_token(&room.code, side, &token);
        conn.tell(&ServerMsg::Seated {
            code: room.code.clone(),
            token,
            side,
        });
        drop(st);
        attach(hub, conn, &room, Some(side), false).await;
        let mut st = room.state.lock().await;
        let both = st.tokens.iter().all(Option::is_some);
        if both && !st.table.started() {
            room.commit(&mut st, &hub.store, Event::Start).await?;
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
    st.rematch[side.index()] = true;
    if !st.rematch[(!side).index()] {
        st.tell_all(&ServerMsg::RematchOffered { by: side });
        return Ok(());
    }
    st.rematch = [false; 2];
    let (next, tokens) = hub.rematch(&st.table).await?;
    let members: Vec<(Arc<Conn>, Option<Color>)> = st
        .members
        .iter()
        .map(|m| (m.conn.clone(), m.seat))
        .collect();
    drop(st);
    {
        let mut st = next.state.lock().await;
        next.commit(&mut st, &hub.store, Event::Start).await?;
    }
    for (conn, seat) in members {
        let seat = seat.map(|c| !c);
        if let Some(s) = seat {
            conn.tell(&ServerMsg::Seated {
                code: next.code.clone(),
                token: tokens[s.index()].clone(),
                side: s,
            });
        }
        attach(hub, &conn, &next, seat, false).await;
    }
    next.state.lock().await.show_all(&next.code);
    Ok(())
}

async fn quick(
    hub: &Arc<Hub>,
    conn: &Arc<Conn>,
    control: Option<TimeControl>,
) -> Result<(), Refusal> {
    detach(hub, conn).await;
    let Some(other) = hub.pair(control, conn) else {
        conn.set_place(Place::Queue(control));
        conn.tell(&ServerMsg::Waiting);
        return Ok(());
    };
    let (room, tokens) = hub.quick(control).await?;
    let (w, b) = if crate::secret::coin() {
        (other, conn.clone())
    } else {
        (conn.clone(), other)
    };
    seat_pair(hub, &room, [(w, Color::White), (b, Color::Black)], &tokens).await
}

/// Answers one request.
async fn handle(hub: &Arc<Hub>, conn: &Arc<Conn>, msg: ClientMsg) -> Result<(), Refusal> {
    match &msg {
        ClientMsg::Ping => conn.tell(&ServerMsg::Pong),
        ClientMsg::Create {
            preset,
            time,
            color,
        } => {
            let control = time_control(time.as_deref())?;
            let (room, side, token) = hub.create(preset, control, *color).await?;
            conn.tell(&ServerMsg::Seated {
                code: room.code.clone(),
                token,
                side,
            });
            attach(hub, conn, &room, Some(side), true).await;
        }
        ClientMsg::Join { code } => join(hub, conn, code).await?,
        ClientMsg::Quick { time } => quick(hub, conn, time_control(time.as_deref())?).await?,
        ClientMsg::Resume { token } => {
            let (room, side) = hub
                .seat_of(token)
                .ok_or_else(|| (ErrorCode::NotFound, "no seat with that token".into()))?;
            conn.tell(&ServerMsg::Seated {
                code: room.code.clone(),
                token: token.clone(),
                side,
            });
            attach(hub, conn, &room, Some(side), true).await;
        }
        ClientMsg::Watch { code } => {
            let room = hub
                .room(code)
                .ok_or_else(|| (ErrorCode::NotFound, "no game with that code".into()))?;
            attach(hub, conn, &room, None, true).await;
        }
        ClientMsg::Move { .. }
        | ClientMsg::Resign
        | ClientMsg::OfferDraw
        | ClientMsg::DeclineDraw
        | ClientMsg::Rematch => {
            let Place::Seat(room, side) = conn.place() else {
                return Err((ErrorCode::NotSeated, "take a seat in a game first".into()));
            };
            if msg == ClientMsg::Rematch {
                rematch(hub, &room, side).await?;
            } else {
                room.act(&hub.store, side, &msg).await?;
            }
        }
    }
    Ok(())
}

/// A token bucket: `2 × rate` at once, `rate` per second.
struct Bucket {
    tokens: f64,
    rate: f64,
    at: Instant,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.at).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(2.0 * self.rate);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

fn refuse(conn: &Conn, (code, message): Refusal) {
    conn.tell(&ServerMsg::Error { code, message });
}

/// Returns once the connection is to end.
async fn killed(kill: &mut watch::Receiver<bool>) {
    // The guard `wait_for` returns is dropped here, not held across awaits.
    let _ = kill.wait_for(|&k| k).await.map(|_| ());
}

/// Serves one client until it leaves, idles, floods or falls behind.
pub async fn run(socket: WebSocket, hub: Arc<Hub>, id: u64, rate: f64) {
    let (mut sink, mut stream) = socket.split();
    let (outbox, mut rx) = mpsc::channel::<Utf8Bytes>(OUTBOX);
    let conn = Arc::new(Conn {
        id,
        outbox,
        kill: watch::Sender::new(false),
        closed: AtomicBool::new(false),
        why: std::sync::OnceLock::new(),
        place: Mutex::new(Place::Lobby),
    });
    let writer_conn = conn.clone();
    let mut writer_kill = conn.kill.subscribe();
    let mut reader_kill = conn.kill.subscribe();
    let writer = tokio::spawn(async move {
        loop {
            tokio::select! {
                biased;
                next = rx.recv() => match next {
                    Some(text) => {
                        if sink.send(Message::Text(text)).await.is_err() {
                            break;
                        }
                    }
                    None => break,
                },
                () = killed(&mut writer_kill) => {
                    let (code, reason) = match writer_conn.why.get() {
                        Some(why) => (1008, *why),
                        None => (1000, "goodbye"),
                    };
                    let _ = sink
                        .send(Message::Close(Some(CloseFrame { code, reason: reason.into() })))
                        .await;
                    break;
                }
            }
        }
    });
    let mut bucket = Bucket {
        tokens: 2.0 * rate,
        rate,
        at: Instant::now(),
    };
    let mut strikes = 0;
    while !conn.is_closed() {
        let frame = tokio::select! {
            next = tokio::time::timeout(IDLE, stream.next()) => match next {
                Ok(Some(Ok(frame))) => frame,
                Ok(_) => break,
                Err(_) => {
                    conn.close("closed by the server: nothing received for a minute");
                    break;
                }
            },
            () = killed(&mut reader_kill) => break,
        };
        let text = match frame {
            Message::Text(t) => t,
            Message::Binary(_) => {
                refuse(
                    &conn,
                    (ErrorCode::BadMessage, "text frames only (JSON)".into()),
                );
                continue;
            }
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        if !bucket.take() {
            strikes += 1;
            if strikes >= STRIKES {
                conn.close("closed by the server: too many requests");
                break;
            }
            refuse(
                &conn,
                (
                    ErrorCode::RateLimited,
                    format!("at most {rate} requests a second"),
                ),
            );
            continue;
        }
        let result = match ClientMsg::parse(text.as_str()) {
            Ok(msg) => handle(&hub, &conn, msg).await,
            Err(refusal) => Err(refusal),
        };
        if let Err(refusal) = result {
            refuse(&conn, refusal);
        }
    }
    detach(&hub, &conn).await;
    // The writer sends what is queued, then the close frame.
    conn.end();
    if conn.why.get().is_some() {
        // Cut off by us: read (and drop) what the client still sends until
        // it answers the close, so that it gets the reason rather than a
        // reset that would discard it.
        let drain = async { while let Some(Ok(_)) = stream.next().await {} };
        let _ = tokio::time::timeout(Duration::from_secs(2), drain).await;
    }
    let _ = tokio::time::timeout(Duration::from_secs(2), writer).await;
}
