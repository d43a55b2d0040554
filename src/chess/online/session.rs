//! The session with the server: connecting, what each message changes,
//! keeping the connection alive and coming back after it drops.

use bevy::prelude::*;
use minesweeper_core::online::liveness::{RETRY_S, SILENT_S, gone_silent, ping_due, retry_delay};
use minesweeper_core::online::protocol::ClientMsg;

use super::link::{Link, LinkEvent};
use super::{Heard, LinkSlot, Notice, Online, OnlineRequest, Phase};
use crate::base::options::GameOptions;
use crate::base::platform::default_server;
use crate::base::platform::store;
use crate::chess::ecs::{MoveQueue, PlayMode};

/// Where the online seat is kept between runs (a reload, a restart):
/// the server's address, the seat's token and the game's code, a line
/// each.
const SEAT_FILE: &str = "online-seat.txt";

/// A seat kept between runs.
struct Kept {
    server: String,
    token: String,
    code: String,
}

/// The seat kept by [`keep_seat`], its lines capped.
fn kept_seat() -> Option<Kept> {
    let text = store::read(SEAT_FILE)?;
    let mut lines = text
        .lines()
        .map(|l| l.trim().chars().take(200).collect::<String>());
    let server = lines.next()?;
    let token: String = lines.next()?.chars().take(64).collect();
    let code: String = lines.next().unwrap_or_default().chars().take(32).collect();
    (!token.is_empty()).then_some(Kept {
        server,
        token,
        code,
    })
}

/// Keeps this seat to come back to (or forgets it: `None`): server,
/// token, code.
pub(super) fn keep_seat(seat: Option<(&str, &str, &str)>) {
    let done = match seat {
        Some((server, token, code)) => {
            store::write(SEAT_FILE, &format!("{server}\n{token}\n{code}\n"))
        }
        None => {
            store::remove(SEAT_FILE);
            Ok(())
        }
    };
    if let Err(e) = done {
        warn!("online: cannot keep the seat: {e}");
    }
}

/// The next reconnection's time from `t`, counted. The jitter comes from
/// the sub-millisecond part of this window's own running time (the game
/// draws no OS randomness): it differs from one player's window to the
/// next.
fn next_retry(online: &mut Online, t: f64) -> f64 {
    let at = t + retry_delay(online.retries, (t * 1000.0).fract());
    online.retries = online.retries.saturating_add(1);
    at
}

/// The most of one gap between two frames counted as the server's
/// silence (s).
const FRAME_GAP_S: f64 = 0.25;

pub(super) fn now(time: &Time<Real>) -> f64 {
    time.elapsed_secs_f64()
}

/// The server to use, and what to do first: join or watch from the
/// options (an invite link), or come back to the seat held before.
pub(super) fn start(
    mut online: ResMut<Online>,
    options: Option<Res<GameOptions>>,
    mut requests: MessageWriter<OnlineRequest>,
) {
    let options = options.map(|o| o.clone()).unwrap_or_default();
    let kept = kept_seat().filter(|_| online.remember);
    online.server = options
        .server
        .clone()
        .or_else(|| kept.as_ref().map(|k| k.server.clone()))
        .unwrap_or_else(default_server);
    let kept = kept.filter(|k| k.server == online.server);
    // An invite link opened again (a reload) goes back to the seat taken
    // through it rather than asking for it a second time.
    let rejoin = options.join.as_ref().is_some_and(|c| {
        kept.as_ref()
            .is_some_and(|k| k.code.eq_ignore_ascii_case(c.trim()))
    });
    if let Some(id) = &options.game {
        // A permanent link to a finished game: opened in the replay.
        requests.write(OnlineRequest::Say(ClientMsg::Replay { id: id.clone() }));
    } else if let (Some(code), false) = (&options.join, rejoin) {
        requests.write(OnlineRequest::Join(code.clone()));
    } else if let Some(code) = &options.watch {
        requests.write(OnlineRequest::Watch(code.clone()));
    } else if let Some(k) = kept {
        online.token = Some(k.token.clone());
        online.phase = Phase::Reconnecting;
        online.outbox.push(ClientMsg::Resume { token: k.token });
    }
}

/// Sends `msg` (at the end of the frame), connecting first when needed.
pub(super) fn send(online: &mut Online, msg: ClientMsg) {
    // A request for a seat waits in `Connecting` until it is seated (the
    // connection may be open already, for a page); a page or an account
    // request leaves the lobby as it was.
    let seating = matches!(
        msg,
        ClientMsg::Create { .. }
            | ClientMsg::Join { .. }
            | ClientMsg::Quick { .. }
            | ClientMsg::Watch { .. }
            | ClientMsg::Resume { .. }
    );
    online.outbox.push(msg);
    if !online.connected {
        online.connected = true;
        online.open = false;
    }
    if !online.in_game() && seating {
        online.phase = Phase::Connecting;
    }
}

/// Opens the connection asked for.
fn connect(online: &mut Online, slot: &mut LinkSlot) {
    match Link::open(&online.server) {
        Ok(link) => slot.0 = Some(link),
        Err(e) => {
            online.notice = Some(Notice::Unreachable(format!("{}: {e}", online.server)));
            online.outbox.clear();
            online.connected = false;
            online.phase = Phase::Offline;
        }
    }
}

/// The interface's requests.
pub(super) fn requests(
    mut asked: MessageReader<OnlineRequest>,
    mut online: ResMut<Online>,
    mut mode: ResMut<PlayMode>,
) {
    for request in asked.read() {
        online.notice = None;
        // Asked for by the player: a seat taken elsewhere may come back.
        online.taken = false;
        if matches!(
            request,
            OnlineRequest::Create { .. }
                | OnlineRequest::Join(_)
                | OnlineRequest::Quick { .. }
                | OnlineRequest::Watch(_)
        ) {
            // Another game: the one left is not offered any more.
            online.left = None;
        }
        let msg = match request.clone() {
            OnlineRequest::Create {
                preset,
                time,
                color,
                rated,
            } => ClientMsg::Create {
                preset,
                time,
                color,
                rated,
            },
            OnlineRequest::Join(code) => ClientMsg::Join {
                code: code.trim().to_uppercase(),
            },
            OnlineRequest::Quick { time, rated } => ClientMsg::Quick { time, rated },
            OnlineRequest::Watch(code) => ClientMsg::Watch {
                code: code.trim().to_uppercase(),
            },
            OnlineRequest::Say(msg) => msg,
            OnlineRequest::Leave => {
                // A game in progress stays ours to come back to (here, or
                // at the next start: its seat stays kept).
                let playing = online.in_game() && online.over.is_none();
                let left = match (&online.token, &online.code, playing) {
                    (Some(t), Some(c), true) => Some((t.clone(), c.clone())),
                    _ => None,
                };
                let (server, remember) = (std::mem::take(&mut online.server), online.remember);
                if remember && left.is_none() {
                    keep_seat(None);
                }
                *online = Online {
                    server,
                    remember,
                    left,
                    ..Online::default()
                };
                *mode = crate::chess::modes::hot_seat::mode();
                continue;
            }
            OnlineRequest::Server(addr) => {
                // A typed address, capped as the lobby's field is.
                online.server = addr.trim().chars().take(200).collect();
                continue;
            }
            OnlineRequest::Return => {
                let Some((token, _)) = online.left.take() else {
                    continue;
                };
                online.token = Some(token.clone());
                online.phase = Phase::Reconnecting;
                ClientMsg::Resume { token }
            }
        };

        send(&mut online, msg);
    }
}

/// The connection: opens it when asked, reads it and passes on what the
/// server said, drops it on leave.
pub(super) fn receive(
    mut slot: NonSendMut<LinkSlot>,
    mut online: ResMut<Online>,
    players: Res<super::Players>,
    time: Res<Time<Real>>,
    mut heard: MessageWriter<Heard>,
) {
    // Only a quarter of a second of each gap between two reads counts
    // toward the server's silence: a frame that took seconds (the page
    // itself stalled) would otherwise give up a connection whose answer
    // is waiting to be read, again at every stall.
    let t = now(&time);
    let gap = t - online.polled_at;
    online.polled_at = t;
    if gap > FRAME_GAP_S {
        online.heard_at += gap - FRAME_GAP_S;
    }
    if !online.connected {
        slot.0 = None;
        return;
    }
    if slot.0.is_none() {
        connect(&mut online, &mut slot);
        // Counted from here while it opens: a paused server takes the
        // connection and never answers the handshake.
        online.heard_at = now(&time);
    }
    let Some(link) = slot.0.as_mut() else {
        return;
    };
    // Pinged and still silent, or never opened: the server is paused or
    // cut off. Dropped, as a closed connection is, and made again.
    let mut events = link.poll();
    let quiet = now(&time) - online.heard_at;
    if events.is_empty() && gone_silent(quiet) {
        warn!("online: nothing heard for {SILENT_S} s: connecting again");
        events.push(LinkEvent::Closed("the server went silent".into()));
    }
    for event in events {
        match event {
            LinkEvent::Opened => {
                online.open = true;
                online.heard_at = now(&time);
                // A node took it: the back-off counts only connections
                // that could not be made (`liveness::retry_delay`).
                online.retries = 0;
                // A new connection knows nobody: the kept session first.
                if let Some(session) = players.resume_session() {
                    online.outbox.insert(0, session);
                }
            }
            LinkEvent::Message(msg) => {
                online.heard_at = now(&time);
                online.retries = 0;
                heard.write(Heard(*msg));
            }
            LinkEvent::Unreadable(why) => {
                warn!("online: a message from the server did not read: {why}")
            }
            LinkEvent::Closed(why) => {
                slot.0 = None;
                online.connected = false;
                online.open = false;
                online.sent = None;
                if online.taken {
                    // The seat went to another window: coming back would
                    // take it back, and so on for ever.
                    online.phase = Phase::Offline;
                } else if online.in_game() && online.over.is_none() {
                    // Back with the token (or as a spectator) shortly.
                    online.phase = Phase::Reconnecting;
                    online.retry_at = next_retry(&mut online, now(&time));
                } else if !online.in_game() {
                    online.phase = Phase::Offline;
                    online.notice = Some(Notice::Unreachable(format!("{}: {why}", online.server)));
                }
                break;
            }
        }
    }
}

/// Sends what waits for the server once the connection is open.
pub(super) fn flush(mut slot: NonSendMut<LinkSlot>, mut online: ResMut<Online>) {
    if online.open
        && let Some(link) = slot.0.as_mut()
    {
        for msg in std::mem::take(&mut online.outbox) {
            link.send(&msg);
        }
    }
}

/// Asks for the whole game again (after a missed or refused move): the
/// server's moves still waiting are dropped.
pub(super) fn resync_now(online: &mut Online, queue: &mut MoveQueue) {
    let msg = match (&online.token, &online.code) {
        (Some(token), _) => ClientMsg::Resume {
            token: token.clone(),
        },
        (None, Some(code)) => ClientMsg::Watch { code: code.clone() },
        (None, None) => return,
    };
    queue.forget_told();
    send(online, msg);
}

/// Pings while connected; reconnects after a drop and resumes the seat.
pub(super) fn keep_alive(
    mut online: ResMut<Online>,
    mut queue: ResMut<MoveQueue>,
    time: Res<Time<Real>>,
) {
    let t = now(&time);
    if online.phase == Phase::Reconnecting && !online.connected && t >= online.retry_at {
        online.retry_at = next_retry(&mut online, t);
        online.outbox.clear();
        resync_now(&mut online, &mut queue);
        if !online.connected {
            online.phase = Phase::Offline;
        }
        return;
    }
    // Connected, but the seat's game was between nodes: ask again, once
    // a retry's interval has passed.
    if online.resume_again && online.phase == Phase::Reconnecting && online.connected {
        if online.retry_at <= t - RETRY_S {
            online.retry_at = t + RETRY_S;
        } else if t >= online.retry_at {
            online.resume_again = false;
            online.retry_at = t + RETRY_S;
            resync_now(&mut online, &mut queue);
        }
    }
    if online.open && ping_due(t - online.heard_at, t - online.ping_at) {
        online.ping_at = t;
        online.outbox.push(ClientMsg::Ping);
    }
}
