//! Presets as Bevy assets: loaded from `levels/`, hot-reloaded on desktop.
//!
//! The loader never fails on a bad preset: it stores the validation error in
//! the asset instead. A failed load would leave no asset to hot-reload, so a
//! modder fixing the file would have to restart the game; this way the error
//! shows in the game and the fix takes effect on save.

use bevy::asset::{AssetLoader, LoadContext, io::Reader};
use bevy::prelude::*;

use super::{BUILTIN, Preset, PresetError, parse};
use crate::chess::{ActiveVariant, GameState, NewGameRequested};

/// A preset file as loaded: the validated preset, or what is wrong with it.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct PresetAsset(pub Result<Preset, PresetError>);

/// Loads `*.ron` presets.
#[derive(Default, TypePath)]
pub struct PresetLoader;

impl AssetLoader for PresetLoader {
    type Asset = PresetAsset;
    type Settings = ();
    type Error = BevyError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        cx: &mut LoadContext<'_>,
    ) -> Result<PresetAsset, BevyError> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        let name = format!("levels/{}", cx.path().path().display());
        let result = match String::from_utf8(bytes) {
            Ok(text) => parse(&name, &text),
            Err(e) => Err(PresetError {
                file: name,
                line: 1,
                column: 1,
                message: format!("the file is not UTF-8 text: {e}"),
            }),
        };
        Ok(PresetAsset(result))
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

/// One entry of the preset menu.
#[derive(Debug, Clone)]
pub struct PresetEntry {
    /// File name in `levels/`.
    pub file: String,
    /// The preset as last read: the embedded copy until the file loads.
    pub preset: Result<Preset, PresetError>,
    /// Handle that keeps the file loaded and watched.
    pub handle: Option<Handle<PresetAsset>>,
}

/// All presets the menu offers, and which one is being played.
#[derive(Resource, Debug, Clone, Default)]
pub struct PresetLibrary {
    /// Entries in menu order.
    pub entries: Vec<PresetEntry>,
    /// Index of the preset being played.
    pub active: usize,
}

impl PresetLibrary {
    /// The library of embedded presets (no files read yet).
    pub fn builtin() -> PresetLibrary {
        PresetLibrary {
            entries: BUILTIN
                .iter()
                .map(|(file, text)| PresetEntry {
                    file: (*file).to_string(),
                    preset: parse(&format!("levels/{file}"), text),
                    handle: None,
                })
                .collect(),
            active: 0,
        }
    }

    /// Errors to show the player: one per broken preset.
    pub fn errors(&self) -> impl Iterator<Item = &PresetError> {
        self.entries.iter().filter_map(|e| e.preset.as_ref().err())
    }
}

/// Loads the presets from `levels/` through the asset server and keeps
/// them in [`PresetLibrary`]; a changed file reloads the board when no move
/// has been made yet.
pub struct PresetPlugin {
    /// Asset path prefix of the levels folder, e.g. `"levels://"` or `""`.
    pub prefix: &'static str,
}

#[derive(Resource)]
struct PresetPrefix(&'static str);

impl Plugin for PresetPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(PresetPrefix(self.prefix))
            .init_asset::<PresetAsset>()
            .init_asset_loader::<PresetLoader>()
            .insert_resource(PresetLibrary::builtin())
            .add_systems(Startup, load_presets)
            .add_systems(
                Update,
                preset_changed
                    .in_set(crate::chess::TurnSet::Setup)
                    .before(crate::chess::new_game),
            );
    }
}

fn load_presets(
    server: Res<AssetServer>,
    prefix: Res<PresetPrefix>,
    mut library: ResMut<PresetLibrary>,
) {
    for entry in &mut library.entries {
        entry.handle = Some(server.load(format!("{}{}", prefix.0, entry.file)));
    }
}

fn preset_changed(
    mut events: MessageReader<AssetEvent<PresetAsset>>,
    assets: Res<Assets<PresetAsset>>,
    mut library: ResMut<PresetLibrary>,
    active: Res<ActiveVariant>,
    state: Res<GameState>,
    mut new_game: MessageWriter<NewGameRequested>,
) {
    for ev in events.read() {
        let (AssetEvent::LoadedWithDependencies { id } | AssetEvent::Modified { id }) = ev else {
            continue;
        };
        let Some(asset) = assets.get(*id) else {
            continue;
        };
        let active_index = library.active;
        let Some((i, entry)) = library
            .entries
            .iter_mut()
            .enumerate()
            .find(|(_, e)| e.handle.as_ref().is_some_and(|h| h.id() == *id))
        else {
            continue;
        };
        if entry.preset == asset.0 {
            continue;
        }
        entry.preset = asset.0.clone();
        match &entry.preset {
            Err(e) => warn!("{e}"),
            Ok(p) => {
                info!("preset {} reloaded", entry.file);
                // Swap the board at once while nobody has moved; otherwise the
                // change applies to the next game.
                if i == active_index && state.moves.is_empty() && p.variant != active.0 {
                    new_game.write(NewGameRequested {
                        variant: Some(p.variant.clone()),
                        seed: None,
                        position: None,
                        moves: Vec::new(),
                    });
                }
            }
        }
    }
}
