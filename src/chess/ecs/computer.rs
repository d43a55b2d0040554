//! The computer at the board: thinks when it is its turn (on a thread on
//! the desktop, between frames on the web), plays through the same
//! [`MoveRequested`] path as a click, and gives the player hints.
//!
//! What it is shown is built here from the entities and reduced to the
//! public view before the search sees it; its random seed is mixed from
//! what is visible, never from the mine seed.

use bevy::platform::time::Instant;
use bevy::prelude::*;
use std::time::Duration;

use crate::base::jobs::{Finished, JobMode, JobPlugin, Running};
use crate::chess::ecs::{
    ChessGame, GameStarted, MoveQueue, MoveRequested, MoveUndone, PendingMove, PieceMoved,
    PlayMode, PublicBoard, SapperUsed, Timeline, TurnSet,
};
use minesweeper_core::ai::{Level, Limits, Search, Thought};
use minesweeper_core::chess::Move;

/// Where the computer's noise comes from: fixed in tests, from the clock in
/// a game. Independent of the mine seed, so its choices cannot reveal
/// anything about the layout.
#[derive(Resource, Debug, Clone, Copy)]
pub struct AiSeed(pub u64);

/// Replies the computer plays, in order, instead of searching: a
/// demonstration, a lesson, a test. It searches again once they run out.
#[derive(Resource, Debug, Clone, Default)]
pub struct ScriptedReplies(pub std::collections::VecDeque<Move>);

/// The player's hint: the engine's best move for them, drawn as an arrow.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Hint(pub Option<Move>);

/// Asks for a hint for the side to move.
#[derive(Message, Debug, Clone, Copy)]
pub struct HintRequested;

/// While set, the computer holds its move back (animations still playing).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub(crate) struct HoldMoves(pub bool);

/// What the computer is doing, for the side panel.
#[derive(Resource, Debug, Clone, Default)]
pub struct ComputerStatus {
    /// A search for the computer's own move is running.
    pub thinking: bool,
    /// A search for a hint is running.
    pub hinting: bool,
    /// The last search it finished (depth, score, nodes).
    pub last: Option<Thought>,
}

/// A search in progress and what it is for.
#[derive(Component, Debug, Clone, Copy)]
pub(crate) struct Thinking {
    /// Moves played when it started: a result for another position is dropped.
    pub moves: usize,
    /// A hint for the player rather than the computer's own move.
    pub hint: bool,
}

/// Runs in [`TurnSet::Input`], after the player's input.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct ComputerSet;

/// The computer opponent and hints.
pub(crate) struct ComputerPlugin;

impl Plugin for ComputerPlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<AiSeed>() {
            app.insert_resource(AiSeed(crate::base::platform::wall_clock_nanos() ^ 0xa1));
        }
        app.add_plugins(JobPlugin::<ThinkJob>::default())
            .init_resource::<Hint>()
            .init_resource::<HoldMoves>()
            .init_resource::<ComputerStatus>()
            .add_message::<HintRequested>()
            .configure_sets(Update, ComputerSet.in_set(TurnSet::Input))
            .add_systems(
                Update,
                (forget_on_change, start_thinking, ask_hint, use_results)
                    .chain()
                    .in_set(ComputerSet),
            );
    }
}

/// The search's seed for this position: the session seed mixed with what
/// everybody can see.
fn seed_for(seed: &AiSeed, public_key: u64, moves: usize) -> u64 {
    seed.0 ^ public_key.rotate_left(13) ^ (moves as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// A search of what the player sees, and nothing more: the public board
/// now and, for repetitions, the public boards before it.
fn search_for(
    board: &PublicBoard,
    state: &ChessGame,
    timeline: Option<&Timeline>,
    seed: &AiSeed,
    limits: Limits,
    noise: i32,
    threads: usize,
) -> Option<Search> {
    let public = board.public(state)?;
    let moves = state.moves().len();
    let s = seed_for(seed, public.position().repetition_key(), moves);
    let earlier = timeline
        .into_iter()
        .flat_map(|t| (0..moves).filter_map(|ply| t.at(ply)))
        .map(|p| p.position());
    Some(
        Search::new(&public, limits, noise, s)
            .with_history(earlier)
            .with_threads(threads),
    )
}

/// Threads the computer thinks on: where jobs have threads (the desktop)
/// half the processor's cores (the game draws on the others), at most
/// four; one where they are stepped between frames (the web).
fn search_threads(mode: &JobMode) -> usize {
    match mode {
        JobMode::Threaded => {
            std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).clamp(1, 4))
        }
        JobMode::Sliced { .. } => 1,
    }
}

fn spawn_search(commands: &mut Commands, search: Option<Search>, moves: usize, hint: bool) -> bool {
    let Some(search) = search else {
        return false;
    };
    commands.spawn((Running::new(ThinkJob(search)), Thinking { moves, hint }));
    true
}

fn forget_on_change(
    mut commands: Commands,
    mut started: MessageReader<GameStarted>,
    mut undone: MessageReader<MoveUndone>,
    mut moved: MessageReader<PieceMoved>,
    mut swept: MessageReader<SapperUsed>,
    jobs: Query<Entity, With<Thinking>>,
    mut hint: ResMut<Hint>,
) {
    let reset = started.read().count() + undone.read().count() > 0;
    let played = moved.read().count() + swept.read().count() > 0;
    if reset {
        // A new game or a take-back: whatever was being computed is moot.
        for e in &jobs {
            commands.entity(e).despawn();
        }
    }
    if (reset || played) && hint.0.is_some() {
        hint.0 = None;
    }
}

fn start_thinking(
    mut commands: Commands,
    mode: Res<PlayMode>,
    state: Res<ChessGame>,
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
    if mode.computer() != Some(state.turn())
        || state.outcome().is_some()
        || !queue.0.is_empty()
        || pending.0.is_some()
        || status.thinking
    {
        return;
    }
    let PlayMode::Computer { level, .. } = *mode else {
        return;
    };
    if let Some(mv) = scripted.as_mut().and_then(|s| s.0.pop_front()) {
        requests.write(MoveRequested(mv));
        return;
    }
    let search = search_for(
        &board,
        &state,
        timeline.as_deref(),
        &seed,
        level.limits(),
        level.noise(),
        search_threads(&job_mode),
    );
    status.thinking = spawn_search(&mut commands, search, state.moves().len(), false);
}

fn ask_hint(
    mut commands: Commands,
    mut asks: MessageReader<HintRequested>,
    mode: Res<PlayMode>,
    state: Res<ChessGame>,
    board: PublicBoard,
    seed: Res<AiSeed>,
    timeline: Option<Res<Timeline>>,
    job_mode: Res<JobMode>,
    mut status: ResMut<ComputerStatus>,
) {
    if asks.read().count() == 0
        || status.hinting
        || state.outcome().is_some()
        || mode.computer() == Some(state.turn())
    {
        return;
    }
    // Half a second of the strong search: a hint, not an oracle.
    let limits = Limits::time(Duration::from_millis(500));
    let threads = search_threads(&job_mode);
    let search = search_for(
        &board,
        &state,
        timeline.as_deref(),
        &seed,
        limits,
        0,
        threads,
    );
    status.hinting = spawn_search(&mut commands, search, state.moves().len(), true);
}

fn use_results(
    mut commands: Commands,
    done: Query<(Entity, &Thinking, &Finished<Option<Thought>>)>,
    mode: Res<PlayMode>,
    state: Res<ChessGame>,
    hold: Res<HoldMoves>,
    mut hint: ResMut<Hint>,
    mut status: ResMut<ComputerStatus>,
    mut requests: MessageWriter<MoveRequested>,
) {
    for (e, thinking, finished) in &done {
        let current = thinking.moves == state.moves().len() && state.outcome().is_none();
        if !current {
            commands.entity(e).despawn();
            continue;
        }
        if thinking.hint {
            hint.0 = finished.output.as_ref().map(|t| t.best);
            commands.entity(e).despawn();
            continue;
        }
        if hold.0 {
            // Play once the last move's animation is over.
            continue;
        }
        if mode.computer() == Some(state.turn())
            && let Some(t) = &finished.output
        {
            requests.write(MoveRequested(t.best));
            status.last = Some(t.clone());
        }
        commands.entity(e).despawn();
    }
}

/// The level's name in the interface.
pub(crate) fn level_label(level: Level) -> crate::base::i18n::T {
    use crate::base::i18n::T;
    match level {
        Level::Beginner => T::LevelBeginner,
        Level::Casual => T::LevelCasual,
        Level::Strong => T::LevelStrong,
        Level::Master => T::LevelMaster,
    }
}

/// A search as a [`crate::base::jobs::Job`]: runs on a thread on the desktop and
/// in slices on the web.
pub struct ThinkJob(pub Search);

impl crate::base::jobs::Job for ThinkJob {
    type Output = Option<Thought>;
    fn thread_slice(&self) -> Duration {
        // On its own thread the search runs its whole budget in one go:
        // no iteration is cut short and redone.
        self.0.limits().time.map_or(Duration::from_secs(3600), |t| {
            t.saturating_sub(self.0.spent())
        })
    }
    fn step(&mut self, deadline: Instant) -> Option<Option<Thought>> {
        if !self.0.has_legal_move() {
            return Some(None);
        }
        let slice = deadline.saturating_duration_since(Instant::now());
        self.0.step(slice).map(Some)
    }
}
