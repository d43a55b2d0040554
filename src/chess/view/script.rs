//! Scripted runs: `--preset` and `--fen` set up the board, `--script`
//! plays moves one at a time through the input path (waiting for the
//! animations), then `--screenshot` saves a picture and quits.

use bevy::prelude::*;

use super::effects;
use crate::base::options::GameOptions;
use crate::chess::ecs::presets::PresetLibrary;
use crate::chess::ecs::{ChessGame, MoveRequested, NewGameRequested, TrueBoard};
use minesweeper_core::chess::{Position, RuleSet, Variant, fen};

/// Plays the command line's script once the pointer and keys are read.
pub(super) struct ScriptPlugin;

impl Plugin for ScriptPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, script.in_set(super::ViewStep::Script));
    }
}

/// Runs the command line's board, moves and screenshot.
pub(super) fn script(
    mut commands: Commands,
    mut options: ResMut<GameOptions>,
    board: TrueBoard,
    state: Res<ChessGame>,
    library: Option<Res<PresetLibrary>>,
    busy: Query<(), With<effects::Busy>>,
    mut frames: Local<u32>,
    mut since_move: Local<u32>,
    mut requests: MessageWriter<MoveRequested>,
    mut new_game: MessageWriter<NewGameRequested>,
) {
    if !options.skip_menu {
        return;
    }
    *frames += 1;
    *since_move += 1;
    if *frames == 3 {
        if let Some(req) = options_game(&options, library.as_deref()) {
            new_game.write(req);
        }
        return;
    }
    // Let the first game start, the window settle and animations finish.
    if *frames < 20 {
        return;
    }
    let waited = options
        .wait
        .is_some_and(|w| *since_move >= w && options.moves.is_empty());
    if !busy.is_empty() && !waited {
        return;
    }
    if !options.moves.is_empty() {
        let text = options.moves.remove(0);
        if let Some(m) = scripted_move(&board, &state, &text) {
            requests.write(MoveRequested(m));
            *since_move = 0;
        }
        *frames = 10;
        return;
    }
    if *frames < 40 || (options.wait.is_some() && !waited) {
        return;
    }
    if let Some(path) = options.screenshot.take() {
        info!("--screenshot: {}", path.display());
        crate::base::screenshot::save_window(&mut commands, path, true);
    }
}

/// The game `--preset` and `--fen` ask for, if any.
fn options_game(
    options: &GameOptions,
    library: Option<&PresetLibrary>,
) -> Option<NewGameRequested> {
    let variant = options.preset.as_ref().and_then(|file| {
        let found = library.and_then(|l| l.entries.iter().find(|e| &e.file == file));
        if found.is_none() {
            error!("--preset {file}: no such preset in levels/");
        }
        found
            .and_then(|e| e.preset.as_ref().ok())
            .map(|p| p.variant.clone())
    });
    let position = options.fen.as_ref().and_then(|f| {
        fen_position(f, variant.as_ref(), options.seed)
            .map_err(|e| error!("--fen: {e}"))
            .ok()
    });
    (variant.is_some() || position.is_some()).then(|| NewGameRequested {
        variant,
        position,
        ..NewGameRequested::fresh()
    })
}

/// A `--fen` position under the preset's rules (its board must fit the
/// preset); a public FEN's hidden mines are dealt from what it shows.
fn fen_position(
    text: &str,
    variant: Option<&Variant>,
    seed: Option<u64>,
) -> Result<Position, fen::FenError> {
    let setup = fen::parse_setup(text)?;
    if let Some(v) = variant {
        fen::check_against(&setup, v)?;
    }
    let rules = variant.map_or_else(|| RuleSet::standard(setup.files, setup.ranks), |v| v.rules);
    let mut rng = <minesweeper_core::rng::GameRng as rand::SeedableRng>::seed_from_u64(
        seed.unwrap_or_else(crate::base::platform::wall_clock_nanos),
    );
    let setup =
        minesweeper_core::chess::deal::deal(setup, &mut rng).map_err(fen::FenError::Deal)?;
    Position::from_setup(setup, rules).map_err(fen::FenError::Position)
}

/// A scripted move, read on what the player sees.
fn scripted_move(
    board: &TrueBoard,
    state: &ChessGame,
    text: &str,
) -> Option<minesweeper_core::chess::Move> {
    let pos = board
        .snapshot(state)
        .map_err(|e| error!("--script: {e}"))
        .ok()?;
    let public = pos.public_view();
    match minesweeper_core::chess::notation::parse_move(public.position(), text) {
        Ok(m) => {
            info!("--script: {text}");
            Some(m)
        }
        Err(e) => {
            error!("--script: {e}");
            None
        }
    }
}
