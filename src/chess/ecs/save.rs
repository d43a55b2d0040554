//! Keeping the game: the game in progress is written after every move (and
//! when the window closes) and offered for resuming at the next start. Games
//! go in and out as text ([`minesweeper_core::chess::record`]).

use bevy::prelude::*;

use crate::base::platform::store;
use crate::chess::ecs::presets::PresetLibrary;
use crate::chess::ecs::{ActiveVariant, ChessGame, GameOver, NewGameRequested, TurnSet};
use minesweeper_core::chess::record::{self, Record, RecordError};
use minesweeper_core::chess::{RuleSet, Variant};
use minesweeper_core::rng::GameRng;
use rand::SeedableRng;

/// The game text for the current game, or `None` before the first move.
/// An unfinished game's text holds only what both players know; a finished
/// one's holds the true mine layout ([`record::write`]).
pub fn current_record(variant: &Variant, game: &ChessGame, preset_file: &str) -> Option<String> {
    annotated_record(variant, game, preset_file, &[])
}

/// [`current_record`] with an analysis's notes after the moves.
pub fn annotated_record(
    variant: &Variant,
    game: &ChessGame,
    preset_file: &str,
    notes: &[record::MoveNote],
) -> Option<String> {
    if game.moves().is_empty() {
        return None;
    }
    Some(record::write_annotated(
        &variant.name,
        game.true_game(),
        &[("Preset", preset_file)],
        notes,
    ))
}

/// Reads a game text, finding the rules by the `Variant` tag among the
/// presets. An unfinished game's hidden mines are dealt afresh with `seed`.
///
/// # Errors
/// A [`RecordError`] naming line, column and problem.
pub fn read_record(
    text: &str,
    library: &PresetLibrary,
    seed: u64,
) -> Result<(Record, Variant), RecordError> {
    let find = |name: &str| -> Option<Variant> {
        library
            .entries
            .iter()
            .filter_map(|e| e.preset.as_ref().ok())
            .find(|p| p.variant.name == name)
            .map(|p| p.variant.clone())
    };
    let mut rng = GameRng::seed_from_u64(seed);
    let rec = record::parse(text, |name| find(name).map(|v| v.rules), &mut rng)?;
    let start = &rec.start;
    let variant = rec
        .tag("Variant")
        .and_then(find)
        .unwrap_or_else(|| Variant {
            name: rec.tag("Variant").unwrap_or("Imported").to_string(),
            files: start.files(),
            ranks: start.ranks(),
            setup: start.pieces().collect(),
            fog_zone: *start.zone(),
            mine_count: start.mines_left() as u8,
            rules: RuleSet { ..*start.rules() },
        });
    Ok((rec, variant))
}

/// Starts `rec` in the ECS: its start position, then its moves queued to be
/// played one per frame through the normal turn.
pub(crate) fn start_record(
    rec: &Record,
    variant: Variant,
    new_game: &mut MessageWriter<NewGameRequested>,
) {
    new_game.write(NewGameRequested {
        variant: Some(variant),
        seed: None,
        position: Some(rec.start.clone()),
        moves: rec.game.moves().iter().map(|m| m.mv).collect(),
        seen: None,
    });
}

/// Name under which the game in progress is kept (a file in the config
/// folder, or a local-storage entry on the web).
pub(crate) const SAVE_FILE: &str = "saved_game.txt";

/// The saved game offered at start, or why it could not be read.
#[derive(Resource, Debug, Default)]
pub(crate) struct SavedGame {
    /// A readable saved game and its variant.
    pub game: Option<(Record, Variant)>,
    /// Why the file could not be read (it was set aside).
    pub error: Option<String>,
}

/// Writes the game after each move and on exit; loads it at start.
pub(crate) struct SavePlugin;

impl Plugin for SavePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<SavedGame>()
            .add_systems(PostStartup, load_saved)
            .add_systems(
                Update,
                // An online game is kept by its server.
                save_after_move
                    .run_if(super::decided_here)
                    .in_set(TurnSet::Record),
            )
            .add_systems(Last, save_on_exit.run_if(super::decided_here));
    }
}

/// Reads the saved game at start; a broken file is set aside with its reason.
pub(crate) fn load_saved(
    mut saved: ResMut<SavedGame>,
    library: Res<PresetLibrary>,
    mut seed: ResMut<crate::chess::ecs::MineSeed>,
) {
    let Some(text) = store::read(SAVE_FILE) else {
        return;
    };
    let deal = seed.draw();
    match read_record(&text, &library, deal) {
        Ok(g) => saved.game = Some(g),
        Err(e) => {
            saved.error = Some(format!("{}: {e}", store::describe(SAVE_FILE)));
            // Keep the broken file for inspection, out of the way.
            store::set_aside(SAVE_FILE, "saved_game.corrupt.txt");
        }
    }
}

fn write_save(variant: &Variant, game: &ChessGame, library: &PresetLibrary) {
    if game.outcome().is_some() || game.moves().is_empty() {
        store::remove(SAVE_FILE);
        return;
    }
    let file = library
        .entries
        .get(library.active)
        .map(|e| e.file.as_str())
        .unwrap_or("");
    if let Some(text) = current_record(variant, game, file)
        && let Err(e) = store::write(SAVE_FILE, &text)
    {
        warn!("cannot save the game: {e}");
    }
}

fn save_after_move(
    game: Res<ChessGame>,
    variant: Res<ActiveVariant>,
    library: Res<PresetLibrary>,
    mut over: MessageReader<GameOver>,
    mut last_len: Local<usize>,
) {
    let ended = over.read().count() > 0;
    if game.moves().len() != *last_len || ended {
        *last_len = game.moves().len();
        write_save(&variant.0, &game, &library);
    }
}

fn save_on_exit(
    mut exits: MessageReader<AppExit>,
    game: Res<ChessGame>,
    variant: Res<ActiveVariant>,
    library: Res<PresetLibrary>,
) {
    if exits.read().count() > 0 {
        write_save(&variant.0, &game, &library);
    }
}
