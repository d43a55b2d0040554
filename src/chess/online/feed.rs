//! Moves between the board and the server: this screen's moves go out,
//! and the server is the decider of every move played here. Each move it
//! tells of is read against the board the players see, into the move,
//! what it did (blasts, sweeps, fog lifted) and the counts after it, and
//! carried out by the same turn stages as a move at one screen. Nothing
//! here knows where a hidden mine lies, and nothing guesses.

use bevy::prelude::*;
use minesweeper_core::chess::Move;
use minesweeper_core::online::protocol::ClientMsg;

use super::Online;
use crate::chess::ecs::{
    ActiveVariant, ChessGame, Concluded, GameStarted, LayoutTold, MoveRejected, MoveRequested,
    Pending, PendingMove, PlayMode, PublicBoard, Replaying,
};

/// This screen's moves, checked here (legality is public) and sent.
#[allow(clippy::too_many_arguments)]
pub(super) fn send_moves(
    mut requests: MessageReader<MoveRequested>,
    mut online: ResMut<Online>,
    mode: Res<PlayMode>,
    history: Res<ChessGame>,
    board: PublicBoard,
    pending: Res<PendingMove>,
    mut held: Local<Option<Move>>,
    mut rejected: MessageWriter<MoveRejected>,
) {
    let asked: Vec<Move> = held
        .take()
        .into_iter()
        .chain(requests.read().map(|r| r.0))
        .collect();
    // While the board catches up with the server (a new board, a history
    // played a move a frame) the last move asked waits, and is checked
    // against the position reached.
    if online.building || !online.incoming.is_empty() || pending.is_some() {
        *held = asked.last().copied();
        return;
    }
    for mv in asked {
        if online.over.is_some() || online.sent.is_some() {
            continue;
        }
        if !mode.moves_here(history.turn()) {
            continue;
        }
        let Some(public) = board.public(&history) else {
            continue;
        };
        let pos = public.position();
        if !pos.is_legal(mv) {
            rejected.write(MoveRejected {
                mv,
                reason: pos.why_illegal(mv),
            });
            continue;
        }
        let ply = online.ply + 1;
        online.sent = Some(ply);
        super::session::send(
            &mut online,
            ClientMsg::Move {
                ply,
                mv: mv.to_string(),
            },
        );
    }
}

/// The server's decider: its next move, read against the board the
/// players see, becomes the move the turn's stages carry out.
pub(super) fn decide(
    mut online: ResMut<Online>,
    mut started: MessageReader<GameStarted>,
    mut pending: ResMut<PendingMove>,
    mut replaying: ResMut<Replaying>,
    history: Res<ChessGame>,
    board: PublicBoard,
    variant: Res<ActiveVariant>,
) {
    if started.read().count() > 0 {
        online.building = false;
    }
    if online.building || pending.is_some() || history.outcome().is_some() {
        return;
    }
    let Some(view) = online.incoming.pop_front() else {
        return;
    };
    online.history_left = online.history_left.saturating_sub(1);
    replaying.0 = online.history_left > 0;
    let told = board
        .public(&history)
        .ok_or(None)
        .and_then(|before| view.read(&before, variant.0.rules).map_err(Some));
    match told {
        Ok(told) => {
            pending.0 = Some(Pending {
                after: told.after.position().clone(),
                report: told.report,
                counts: told.after.counts().to_vec(),
            });
        }
        Err(why) => {
            warn!(
                "online: move {} ({}) does not fit this board ({}): asking again",
                view.ply,
                view.uci,
                why.map_or("no board".to_string(), |e| e.to_string())
            );
            super::session::resync_now(&mut online);
        }
    }
}

/// Once the game is over here too, hands the server's final layout to the
/// end-of-game reveal (once a game).
pub(super) fn reveal_layout(
    mut online: ResMut<Online>,
    pending: Res<PendingMove>,
    history: Res<ChessGame>,
    mut told: MessageWriter<LayoutTold>,
) {
    let caught_up = !online.building && online.incoming.is_empty() && !pending.is_some();
    if online.revealed || !caught_up || history.outcome().is_none() {
        return;
    }
    let Some(end) = &online.over else {
        return;
    };
    told.write(LayoutTold(end.layout.clone()));
    online.revealed = true;
}

/// Ends the game on the board the way the server ended it, when the moves
/// alone do not (resignation, time, agreement).
pub(super) fn settle_outcome(
    online: Res<Online>,
    pending: Res<PendingMove>,
    history: Res<ChessGame>,
    mut concluded: MessageWriter<Concluded>,
) {
    let Some(end) = &online.over else {
        return;
    };
    // Told once more the next frame at most: the first word ends it.
    if history.outcome().is_some()
        || online.building
        || !online.incoming.is_empty()
        || pending.is_some()
    {
        return;
    }
    match end.outcome() {
        Some(outcome) => {
            concluded.write(Concluded(outcome));
        }
        None => warn!("online: the server's end does not add up: {end:?}"),
    }
}
