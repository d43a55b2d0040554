//! Moves between the board and the server: this screen's moves go out,
//! and the server is the decider of every move played here. Each move it
//! tells of is read against the board the players see, into the move,
//! what it did (blasts, sweeps, fog lifted) and the counts after it, and
//! carried out by the same turn stages as a move at one screen. Nothing
//! here knows where a hidden mine lies, and nothing guesses.

use bevy::prelude::*;
use minesweeper_core::online::protocol::ClientMsg;

use super::Online;
use crate::chess::ecs::{
    ActiveVariant, ChessGame, Concluded, LayoutTold, ModeRules, MoveQueue, MoveRejected, Pending,
    PendingMove, PublicBoard, Replaying,
};

/// This screen's moves from the queue, checked here (legality is public)
/// and sent. While the board catches up with the server (a history played
/// a move a frame) they wait in the queue, and are checked against the
/// position reached.
#[allow(clippy::too_many_arguments)]
pub(super) fn send_moves(
    mut queue: ResMut<MoveQueue>,
    mut online: ResMut<Online>,
    rules: Res<ModeRules>,
    game: Res<ChessGame>,
    board: PublicBoard,
    pending: Res<PendingMove>,
    mut rejected: MessageWriter<MoveRejected>,
) {
    if queue.catching_up() || pending.is_some() {
        return;
    }
    while let Some(mv) = queue.next_asked() {
        if online.over.is_some() || online.sent.is_some() || !rules.moves_here(game.turn()) {
            continue;
        }
        let Some(public) = board.public(&game) else {
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
    mut queue: ResMut<MoveQueue>,
    mut pending: ResMut<PendingMove>,
    mut replaying: ResMut<Replaying>,
    game: Res<ChessGame>,
    board: PublicBoard,
    variant: Res<ActiveVariant>,
) {
    if pending.is_some() || game.outcome().is_some() {
        return;
    }
    let Some(view) = queue.next_told() else {
        return;
    };
    // A history caught up with is heard at its last move only.
    replaying.0 = queue.catching_up();
    let told = board
        .public(&game)
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
            super::session::resync_now(&mut online, &mut queue);
        }
    }
}

/// Whether the board shows every move the server told of.
fn caught_up(queue: &MoveQueue, pending: &PendingMove) -> bool {
    !queue.catching_up() && !pending.is_some()
}

/// Once the game is over here too, hands the server's final layout to the
/// end-of-game reveal (once a game).
pub(super) fn reveal_layout(
    mut online: ResMut<Online>,
    queue: Res<MoveQueue>,
    pending: Res<PendingMove>,
    game: Res<ChessGame>,
    mut told: MessageWriter<LayoutTold>,
) {
    if online.revealed || !caught_up(&queue, &pending) || game.outcome().is_none() {
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
    queue: Res<MoveQueue>,
    pending: Res<PendingMove>,
    game: Res<ChessGame>,
    mut concluded: MessageWriter<Concluded>,
) {
    let Some(end) = &online.over else {
        return;
    };
    // Told once more the next frame at most: the first word ends it.
    if game.outcome().is_some() || !caught_up(&queue, &pending) {
        return;
    }
    match end.outcome() {
        Some(outcome) => {
            concluded.write(Concluded(outcome));
        }
        None => warn!("online: the server's end does not add up: {end:?}"),
    }
}
