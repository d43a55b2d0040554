//! Moves between the board and the server: this screen's moves go out,
//! the server's come in and are played on the board one at a time, each
//! over mines dealt again so that it does here what it did there.

use bevy::prelude::*;
use minesweeper_core::chess::fen::FenError;
use minesweeper_core::chess::notation::parse_coordinate;
use minesweeper_core::chess::{Color as Side, Move, RuleSet, Square, SquareSet};
use minesweeper_core::online::protocol::{ClientMsg, MoveView};
use minesweeper_core::rng::GameRng;
use rand::SeedableRng;

use super::{Online, readable};
use crate::chess::ecs::{
    ActiveVariant, At, BoardEntity, ChessGame, GameOver, GameStarted, Mine, MoveQueue,
    MoveRejected, MoveRequested, Opponent, PendingMove,
};

/// This screen's moves, checked here (legality is public) and sent.
pub(super) fn send_moves(
    mut requests: MessageReader<MoveRequested>,
    mut online: ResMut<Online>,
    opponent: Res<Opponent>,
    history: Res<ChessGame>,
    replaying: Res<MoveQueue>,
    mut held: Local<Option<Move>>,
    mut rejected: MessageWriter<MoveRejected>,
) {
    let asked: Vec<Move> = held
        .take()
        .into_iter()
        .chain(requests.read().map(|r| r.0))
        .collect();
    // While the board catches up with the server (a new board, a history
    // replayed a frame a move) the last move asked waits, and is checked
    // against the position reached.
    if online.building || !replaying.0.is_empty() {
        *held = asked.last().copied();
        return;
    }
    for mv in asked {
        if opponent.online.is_none() || online.over.is_some() || online.sent.is_some() {
            continue;
        }
        let pos = history.position();
        if !opponent.moves_here(pos.turn()) || !online.incoming.is_empty() {
            continue;
        }
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

fn cell(name: &str) -> Option<Square> {
    Square::parse(name)
}

/// The mines to lay before `view`'s move: those the position after it
/// holds (dealt to agree with it) and those the move removed.
fn mines_before(view: &MoveView, rules: RuleSet, rng: &mut GameRng) -> Result<SquareSet, FenError> {
    let after = readable(&view.fen, rules, rng)?;
    let mut mines = *after.mines();
    let removed = view
        .blasts
        .iter()
        .map(|(c, _)| c.as_str())
        .chain(view.swept.as_deref())
        .chain(view.royal_sweep.as_deref());
    for sq in removed.filter_map(cell) {
        mines.insert(sq);
    }
    Ok(mines)
}

/// Plays the server's next move on the board once the last one is done.
#[allow(clippy::too_many_arguments)]
pub(super) fn feed_moves(
    mut online: ResMut<Online>,
    mut started: MessageReader<GameStarted>,
    pending: Res<PendingMove>,
    mut queue: ResMut<MoveQueue>,
    history: Res<ChessGame>,
    variant: Res<ActiveVariant>,
    mines: Query<Entity, With<Mine>>,
    mut commands: Commands,
) {
    if started.read().count() > 0 {
        online.building = false;
    }
    if online.building || pending.0.is_some() || !queue.0.is_empty() {
        return;
    }
    let Some(view) = online.incoming.pop_front() else {
        return;
    };
    let mut rng = GameRng::seed_from_u64(online.seed);
    online.seed = online.seed.wrapping_add(1);
    let mv = parse_coordinate(history.position(), &view.uci);
    let layout = mines_before(&view, variant.0.rules, &mut rng);
    let (Ok(mv), Ok(layout)) = (mv, layout) else {
        warn!(
            "online: move {} ({}) does not fit this board: asking again",
            view.ply, view.uci
        );
        super::session::resync_now(&mut online);
        return;
    };
    for e in &mines {
        commands.entity(e).despawn();
    }
    for sq in layout.iter() {
        commands.spawn((Mine, At(sq), BoardEntity));
    }
    queue.0.push_back(mv);
}

/// Ends the game on the board the way the server ended it, when the moves
/// alone do not (resignation, time, agreement).
pub(super) fn settle_outcome(
    online: Res<Online>,
    pending: Res<PendingMove>,
    queue: Res<MoveQueue>,
    mut history: ResMut<ChessGame>,
    mut over: MessageWriter<GameOver>,
) {
    let Some(end) = &online.over else { return };
    if history.outcome().is_some()
        || online.building
        || !online.incoming.is_empty()
        || pending.0.is_some()
        || !queue.0.is_empty()
    {
        return;
    }
    let loser = match end.result.as_str() {
        "1-0" => Some(Side::Black),
        "0-1" => Some(Side::White),
        _ => None,
    };
    let game = history.game_mut();
    match (end.why.as_str(), loser) {
        ("timeout", Some(l)) => game.flag(l),
        ("timeout_vs_insufficient_material", _) => {
            let turn = game.turn();
            game.flag(turn);
        }
        (_, Some(l)) => game.resign_as(l),
        (_, None) => game.agree_draw(),
    }
    if let Some(o) = history.outcome() {
        over.write(GameOver(o));
    }
}
