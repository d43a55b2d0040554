//! Minesweeper Chess in the ECS: the world is the truth.
//!
//! Every board cell, piece, fog cover and mine is an entity; the history
//! (moves, repetition, outcome) is [`ChessGame`]. A move flows through the
//! [`TurnSet`]s, chained with the rest of the frame in `app::sets`:
//! `Setup → Input → Validate → Apply → Mines → Fog → Check → Outcome → Present`.
//! Validate builds a [`Position`] snapshot from the entities and asks the
//! rules whether the move is legal and what it will do; each later stage
//! carries out its part on the entities and writes messages that the
//! presentation layer (sound, animation, HUD) reacts to. Nothing here needs a
//! window, so tests and the computer opponent run it headless.

pub mod analysis;
pub mod board;
pub mod components;
pub mod computer;
pub mod history;
pub mod messages;
pub mod mode;
pub mod presets;
mod queue;
pub mod save;
mod setup;
mod start;
pub mod timeline;
mod turn;

use bevy::prelude::*;

pub use board::{PublicBoard, TrueBoard, public_position, snapshot};
pub use components::*;
pub use history::ChessGame;
pub use messages::*;
pub use mode::{ModeRules, PlayMode, Player, decided_by_server, decided_here};
pub use queue::{MoveQueue, QueueSet, Waiting};
pub(crate) use setup::rebuild;
pub(crate) use start::options_game;
pub use timeline::Timeline;

use minesweeper_core::chess::Variant;

/// The stages of a turn, run in this order every frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnSet {
    /// New games, undo, resignation.
    Setup,
    /// Clicks, keys, the computer's choice, scripts: all become [`MoveRequested`].
    Input,
    /// Checks the request against the legal moves.
    Validate,
    /// Moves the pieces, captures, promotes, castles.
    Apply,
    /// Mines act: blasts, royal sapper, the sapper action.
    Mines,
    /// Fog lifts; revealed counts update.
    Fog,
    /// Detects check.
    Check,
    /// Records the move, detects the end of the game.
    Outcome,
    /// The timeline keeps the position reached (every frame: a new game
    /// and an undo change the history too).
    Record,
    /// The analysis of a finished game runs, board by board.
    Analyse,
    /// Drawing, animation, sound, HUD: reacts to the messages above.
    Present,
}

/// The steps of [`TurnSet::Setup`]: the mode in play declares its rules,
/// the server's news is read (online), then the board is set up.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SetupStep {
    /// The mode plugins insert their [`ModeRules`] when their mode starts.
    Mode,
    /// A preset changed on disk swaps a board nobody has moved on.
    Presets,
    /// What the server said (`chess::online`): a new board, its moves,
    /// its end.
    Told,
    /// New games, undo, resignation, conclusions and reveals.
    Board,
}

/// Who decides the move the stages carry out, inside [`TurnSet::Validate`]:
/// one decider per mode runs, the others' run conditions keep them idle.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Decider {
    /// The rules on the true board: hot-seat and against the computer.
    Local,
    /// The server's confirmed move (`chess::online`).
    Server,
}

/// The headless gameplay plugin: the board's entities, the turn's stages
/// and, when `persist`, the game saved after each move.
pub(crate) struct ChessPlugin {
    /// Save the game in progress and offer it at the next start (the
    /// window's game; tests and tools leave no file behind).
    pub persist: bool,
}

impl Plugin for ChessPlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<ActiveVariant>() {
            app.insert_resource(ActiveVariant(Variant::classic()));
        }
        if !app.world().contains_resource::<MineSeed>() {
            app.insert_resource(MineSeed(clock_seed()));
        }
        if self.persist {
            app.add_plugins(save::SavePlugin);
        }
        app.init_resource::<ChessGame>()
            .init_resource::<PlayMode>()
            .init_resource::<ModeRules>()
            .init_resource::<PendingMove>()
            .init_resource::<MoveQueue>()
            .init_resource::<Replaying>()
            .init_resource::<Timeline>()
            .add_plugins((analysis::AnalysisPlugin, computer::ThinkPlugin))
            .add_message::<Concluded>()
            .add_message::<LayoutTold>()
            .add_message::<MoveRequested>()
            .add_message::<NewGameRequested>()
            .add_message::<GameCommand>()
            .add_message::<MoveRejected>()
            .add_message::<PieceMoved>()
            .add_message::<MineExploded>()
            .add_message::<MineSwept>()
            .add_message::<SapperUsed>()
            .add_message::<FogLifted>()
            .add_message::<CheckGiven>()
            .add_message::<GameOver>()
            .add_message::<GameStarted>()
            .add_message::<MoveUndone>()
            .add_systems(Startup, setup::start_first_game)
            .add_systems(
                Update,
                (
                    (
                        setup::new_game,
                        setup::game_commands.run_if(decided_here),
                        turn::conclude,
                        turn::reveal,
                        turn::expose_mines,
                    )
                        .chain()
                        .in_set(SetupStep::Board),
                    queue::queue_requests.in_set(QueueSet),
                    turn::validate_move
                        .in_set(Decider::Local)
                        .run_if(decided_here),
                    turn::apply_move.in_set(TurnSet::Apply),
                    turn::apply_mines.in_set(TurnSet::Mines),
                    (
                        turn::lift_fog,
                        turn::uncover_mines,
                        turn::set_counts,
                        turn::expose_mines,
                    )
                        .chain()
                        .in_set(TurnSet::Fog),
                    turn::detect_check.in_set(TurnSet::Check),
                    turn::decide_outcome.in_set(TurnSet::Outcome),
                    // Every frame, not only when a move is pending: a new
                    // game and an undo change the history too.
                    timeline::record.in_set(TurnSet::Record),
                ),
            );
    }
}

/// Run condition of the move's stages (`app::sets`): a decider has
/// decided a move this frame.
pub fn move_pending(p: Res<PendingMove>) -> bool {
    p.0.is_some()
}

fn clock_seed() -> u64 {
    // No OS randomness source on every platform we target; the clock is
    // enough to vary the mines between games.
    let t = bevy::platform::time::Instant::now();
    let nanos = match crate::base::platform::wall_clock_nanos() {
        0 => 0x5eed,
        n => n,
    };
    nanos ^ (t.elapsed().as_nanos() as u64).rotate_left(17)
}
