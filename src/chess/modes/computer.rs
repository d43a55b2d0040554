//! Against the computer: the local rules decide; the player moves one
//! side, and the computer searches the public board for the other side's
//! moves when it is its turn and plays them through the same
//! [`MoveRequested`] path as a click, once the last move's animation is
//! over. An undo takes back its reply too; resigning is always the
//! player's; no draw by agreement.

use bevy::prelude::*;
use minesweeper_core::ai::{Level, Thought};
use minesweeper_core::chess::{ByColor, Color as Side, Move};

use crate::base::jobs::{Finished, JobMode};
use crate::chess::ecs::computer::{
    AiSeed, ComputerSet, ComputerStatus, Thinking, search_for, search_threads, spawn_search,
};
use crate::chess::ecs::{
    ChessGame, Decider, ModeRules, MoveQueue, MoveRequested, PendingMove, PlayMode, Player,
    PublicBoard, Timeline,
};

/// Replies the computer plays, in order, instead of searching: a
/// demonstration, a lesson, a test. It searches again once they run out.
#[derive(Resource, Debug, Clone, Default)]
pub struct ScriptedReplies(pub std::collections::VecDeque<Move>);

/// The computer opponent.
pub(crate) struct ComputerPlugin;

impl Plugin for ComputerPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (
                super::declare(declare),
                (start_thinking, play_result.run_if(animations_over))
                    .chain()
                    .run_if(playing)
                    .in_set(ComputerSet::Play),
            ),
        );
    }
}

/// The mode that plays against the computer, which plays `side` at
/// `level`.
pub fn mode(side: Side, level: Level) -> PlayMode {
    PlayMode::Computer { side, level }
}

/// Whether the computer is being played against.
pub fn playing(mode: Res<PlayMode>) -> bool {
    matches!(*mode, PlayMode::Computer { .. })
}

/// The computer's side and level, when it is played against.
fn opponent(mode: &PlayMode) -> Option<(Side, Level)> {
    match *mode {
        PlayMode::Computer { side, level } => Some((side, level)),
        _ => None,
    }
}

/// Inserts the rules of a game against the computer when it is picked.
fn declare(mode: Res<PlayMode>, mut rules: ResMut<ModeRules>) {
    let Some((side, level)) = opponent(&mode) else {
        return;
    };
    let player = |s: Side| {
        if s == side {
            Player::Computer(level)
        } else {
            Player::Person
        }
    };
    rules.set_if_neq(ModeRules {
        decider: Decider::Local,
        movers: ByColor::from_fn(|s| s != side),
        players: ByColor::from_fn(player),
        draw_here: false,
        hints: true,
    });
}

/// Run condition: no piece is still sliding or fading (the view marks
/// them busy; a headless game has none), so the computer's move does not
/// land on a board still showing the last one.
fn animations_over(busy: Query<(), With<crate::chess::ecs::Busy>>) -> bool {
    busy.is_empty()
}

/// Starts a search when it is the computer's turn (or plays its next
/// scripted reply).
#[allow(clippy::too_many_arguments)]
fn start_thinking(
    mut commands: Commands,
    mode: Res<PlayMode>,
    game: Res<ChessGame>,
    board: PublicBoard,
    queue: Res<MoveQueue>,
    pending: Res<PendingMove>,
    seed: Res<AiSeed>,
    timeline: Option<Res<Timeline>>,
    job_mode: Res<JobMode>,
    jobs: Query<&Thinking>,
    mut status: ResMut<ComputerStatus>,
    mut scripted: Option<ResMut<ScriptedReplies>>,
    mut requests: MessageWriter<MoveRequested>,
) {
    status.thinking = jobs.iter().any(|t| !t.hint);
    status.hinting = jobs.iter().any(|t| t.hint);
    let Some((side, level)) = opponent(&mode) else {
        return;
    };
    if side != game.turn()
        || game.outcome().is_some()
        || !queue.is_empty()
        || pending.is_some()
        || status.thinking
    {
        return;
    }
    if let Some(mv) = scripted.as_mut().and_then(|s| s.0.pop_front()) {
        requests.write(MoveRequested(mv));
        return;
    }
    let search = search_for(
        &board,
        &game,
        timeline.as_deref(),
        &seed,
        level.limits(),
        level.noise(),
        search_threads(&job_mode),
    );
    status.thinking = spawn_search(&mut commands, search, game.moves().len(), false);
}

/// Plays the search's move if it is still the computer's turn in the
/// position it searched.
fn play_result(
    mut commands: Commands,
    done: Query<(Entity, &Thinking, &Finished<Option<Thought>>)>,
    mode: Res<PlayMode>,
    game: Res<ChessGame>,
    mut status: ResMut<ComputerStatus>,
    mut requests: MessageWriter<MoveRequested>,
) {
    let to_move = opponent(&mode).is_some_and(|(side, _)| side == game.turn());
    for (e, thinking, finished) in &done {
        if thinking.hint {
            continue;
        }
        let current = thinking.moves == game.moves().len() && game.outcome().is_none();
        if current
            && to_move
            && let Some(t) = &finished.output
        {
            requests.write(MoveRequested(t.best));
            status.last = Some(t.clone());
        }
        commands.entity(e).despawn();
    }
}
