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

pub mod components;
pub mod computer;
pub mod history;
pub mod messages;
pub mod presets;
pub mod save;
mod setup;
mod turn;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

pub use components::*;
pub use history::ChessGame;
pub use messages::*;
pub(crate) use setup::new_game;

use minesweeper_core::chess::{Position, PositionError, Setup, SquareSet, Variant};

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
    /// Drawing, animation, sound, HUD: reacts to the messages above.
    Present,
}

/// The headless gameplay plugin.
pub(crate) struct ChessPlugin;

impl Plugin for ChessPlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<ActiveVariant>() {
            app.insert_resource(ActiveVariant(Variant::classic()));
        }
        if !app.world().contains_resource::<MineSeed>() {
            app.insert_resource(MineSeed(clock_seed()));
        }
        app.init_resource::<ChessGame>()
            .init_resource::<Opponent>()
            .init_resource::<PendingMove>()
            .init_resource::<MoveQueue>()
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
            // The order of the sets is the app's (`app::sets`); whether the
            // move stages run is the game's.
            .configure_sets(
                Update,
                (
                    TurnSet::Apply,
                    TurnSet::Mines,
                    TurnSet::Fog,
                    TurnSet::Check,
                    TurnSet::Outcome,
                )
                    .run_if(move_pending),
            )
            .add_systems(Startup, setup::start_first_game)
            .add_systems(
                Update,
                (
                    (setup::new_game, setup::game_commands, turn::update_counts)
                        .chain()
                        .in_set(TurnSet::Setup),
                    turn::validate_move.in_set(TurnSet::Validate),
                    turn::apply_move.in_set(TurnSet::Apply),
                    turn::apply_mines.in_set(TurnSet::Mines),
                    (turn::lift_fog, turn::update_counts)
                        .chain()
                        .in_set(TurnSet::Fog),
                    turn::detect_check.in_set(TurnSet::Check),
                    turn::decide_outcome.in_set(TurnSet::Outcome),
                ),
            );
    }
}

/// Moves requested but not yet played: one is played per frame, in order.
#[derive(Resource, Debug, Default)]
pub(crate) struct MoveQueue(pub std::collections::VecDeque<minesweeper_core::chess::Move>);

fn move_pending(p: Res<PendingMove>) -> bool {
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

/// Read access to the board entities, to build a [`Position`] snapshot: the
/// true board, hidden mines included.
#[derive(SystemParam)]
pub struct TrueBoard<'w, 's> {
    variant: Res<'w, ActiveVariant>,
    pieces: Query<'w, 's, (&'static At, &'static ChessPiece)>,
    fog: Query<'w, 's, (&'static At, Has<Swept>), With<Fog>>,
    mines: Query<'w, 's, &'static At, With<Mine>>,
}

impl TrueBoard<'_, '_> {
    /// The position the entities describe, with the side to move, castling
    /// rights and clocks from the game's history. Includes the true mines:
    /// use [`Position::public_view`] for anything a player may see.
    ///
    /// # Errors
    /// When the entities do not form a legal position (a bug, never input).
    pub fn snapshot(&self, game: &ChessGame) -> Result<Position, PositionError> {
        snapshot(
            &self.variant.0,
            game.position(),
            self.pieces.iter().map(|(a, p)| (a.0, p.0)),
            self.fog.iter().map(|(a, _)| a.0).collect(),
            self.fog
                .iter()
                .filter(|(_, s)| *s)
                .map(|(a, _)| a.0)
                .collect(),
            self.mines.iter().map(|a| a.0).collect(),
        )
    }

    /// The variant being played.
    pub fn variant(&self) -> &Variant {
        &self.variant.0
    }
}

/// Builds a position from its parts (see [`TrueBoard::snapshot`]).
///
/// # Errors
/// When the parts do not form a legal position.
pub fn snapshot(
    variant: &Variant,
    meta: &Position,
    pieces: impl Iterator<
        Item = (
            minesweeper_core::chess::Square,
            minesweeper_core::chess::Piece,
        ),
    >,
    fog: SquareSet,
    swept: SquareSet,
    mines: SquareSet,
) -> Result<Position, PositionError> {
    let mut pieces: Vec<_> = pieces.collect();
    pieces.sort_by_key(|(sq, _)| *sq);
    let setup = Setup {
        files: variant.files,
        ranks: variant.ranks,
        pieces,
        turn: meta.turn(),
        castling: meta.castling(),
        zone: variant.fog_zone,
        fog,
        mines,
        swept,
        unknown: None,
        halfmoves: meta.halfmoves(),
        fullmoves: meta.fullmoves(),
    };
    // The side that lost by a blast may have its king attacked with the
    // opponent to move; that position is final, so it is built leniently.
    match meta.self_destructed() {
        Some(loser) => Position::from_setup_after_blast(setup, variant.rules, loser),
        None => Position::from_setup(setup, variant.rules),
    }
}
