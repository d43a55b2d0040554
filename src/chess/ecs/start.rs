//! The game the command line asks for: `--preset` and `--fen` (a public
//! FEN's hidden mines dealt here, with the rules, never in a view).

use bevy::prelude::*;
use minesweeper_core::chess::{Position, RuleSet, Variant, fen};

use crate::base::options::GameOptions;
use crate::chess::ecs::NewGameRequested;
use crate::chess::ecs::presets::PresetLibrary;

/// The game `--preset` and `--fen` ask for, if any.
pub(crate) fn options_game(
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
