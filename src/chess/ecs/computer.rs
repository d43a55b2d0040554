//! The computer's thinking: a search of what the player sees (on a
//! thread on the desktop, between frames on the web), for the player's
//! hint here and for the computer's own moves in its mode
//! (`chess::modes::computer`).
//!
//! What it is shown is built here from the entities and reduced to the
//! public view before the search sees it; its random seed is mixed from
//! what is visible, never from the mine seed.

use bevy::platform::time::Instant;
use bevy::prelude::*;
use std::time::Duration;

use crate::base::jobs::{Finished, JobMode, JobPlugin, Running};
use crate::chess::ecs::{
    ChessGame, GameStarted, ModeRules, MoveUndone, PieceMoved, PublicBoard, SapperUsed, Timeline,
};
use minesweeper_core::ai::{Level, Limits, Search, Thought};
use minesweeper_core::chess::Move;

/// Where the computer's noise comes from: fixed in tests, from the clock in
/// a game. Independent of the mine seed, so its choices cannot reveal
/// anything about the layout.
#[derive(Resource, Debug, Clone, Copy)]
pub struct AiSeed(pub u64);

/// The player's hint: the engine's best move for them, drawn as an arrow.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Hint(pub Option<Move>);

/// Asks for a hint for the side to move.
#[derive(Message, Debug, Clone, Copy)]
pub struct HintRequested;

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

/// In [`super::TurnSet::Input`], after the player's input: hints, then
/// the computer's moves (`chess::modes::computer`).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ComputerSet {
    /// Forgets what a change made moot; asks for and shows hints.
    Hint,
    /// The computer opponent's search and move.
    Play,
}

/// Searches and hints, in every mode (the hint where the mode offers it).
pub(crate) struct ThinkPlugin;

impl Plugin for ThinkPlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<AiSeed>() {
            app.insert_resource(AiSeed(crate::base::platform::wall_clock_nanos() ^ 0xa1));
        }
        app.add_plugins(JobPlugin::<ThinkJob>::default())
            .init_resource::<Hint>()
            .init_resource::<ComputerStatus>()
            .add_message::<HintRequested>()
            .add_systems(
                Update,
                (forget_on_change, ask_hint, use_hints)
                    .chain()
                    .in_set(ComputerSet::Hint),
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
pub(crate) fn search_for(
    board: &PublicBoard,
    game: &ChessGame,
    timeline: Option<&Timeline>,
    seed: &AiSeed,
    limits: Limits,
    noise: i32,
    threads: usize,
) -> Option<Search> {
    let public = board.public(game)?;
    let moves = game.moves().len();
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
pub(crate) fn search_threads(mode: &JobMode) -> usize {
    match mode {
        JobMode::Threaded => {
            std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).clamp(1, 4))
        }
        JobMode::Sliced { .. } => 1,
    }
}

pub(crate) fn spawn_search(
    commands: &mut Commands,
    search: Option<Search>,
    moves: usize,
    hint: bool,
) -> bool {
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

fn ask_hint(
    mut commands: Commands,
    mut asks: MessageReader<HintRequested>,
    rules: Res<ModeRules>,
    game: Res<ChessGame>,
    board: PublicBoard,
    seed: Res<AiSeed>,
    timeline: Option<Res<Timeline>>,
    job_mode: Res<JobMode>,
    mut status: ResMut<ComputerStatus>,
) {
    if asks.read().count() == 0
        || status.hinting
        || game.outcome().is_some()
        || !rules.hints
        || !rules.moves_here(game.turn())
    {
        return;
    }
    // Half a second of the strong search: a hint, not an oracle.
    let limits = Limits::time(Duration::from_millis(500));
    let threads = search_threads(&job_mode);
    let search = search_for(
        &board,
        &game,
        timeline.as_deref(),
        &seed,
        limits,
        0,
        threads,
    );
    status.hinting = spawn_search(&mut commands, search, game.moves().len(), true);
}

/// A finished hint becomes the arrow; a hint for a position gone is dropped.
fn use_hints(
    mut commands: Commands,
    done: Query<(Entity, &Thinking, &Finished<Option<Thought>>)>,
    game: Res<ChessGame>,
    mut hint: ResMut<Hint>,
) {
    for (e, thinking, finished) in &done {
        if !thinking.hint {
            continue;
        }
        if thinking.moves == game.moves().len() && game.outcome().is_none() {
            hint.0 = finished.output.as_ref().map(|t| t.best);
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
