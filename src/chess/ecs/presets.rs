//! Presets as Bevy assets: loaded from `levels/`, hot-reloaded on desktop.
//!
//! The loader never fails on a bad preset: it stores the validation error in
//! the asset instead. A failed load would leave no asset to hot-reload, so a
//! modder fixing the file would have to restart the game; this way the error
//! shows in the game and the fix takes effect on save.

use bevy::asset::{AssetLoader, LoadContext, io::Reader};
use bevy::prelude::*;

use crate::chess::ecs::{ActiveVariant, ChessGame, NewGameRequested};
use minesweeper_core::chess::preset::{BUILTIN, Preset, PresetError, parse};

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

/// The list of preset files in `levels/index.txt`: one file name per line,
/// blank lines and `#` comments skipped. The web build writes it, because a
/// folder cannot be listed over HTTP.
#[derive(Asset, TypePath, Debug, Clone, Default)]
pub struct PresetIndex(pub Vec<String>);

impl PresetIndex {
    /// Reads an index; names that are not plain `*.ron` file names are
    /// reported (with their line) and left out.
    pub fn parse(file: &str, text: &str) -> (PresetIndex, Vec<String>) {
        let mut names = Vec::new();
        let mut problems = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let name = line.split('#').next().unwrap_or("").trim();
            if name.is_empty() {
                continue;
            }
            if !name.ends_with(".ron") || name.contains(['/', '\\']) || name.starts_with('.') {
                problems.push(format!(
                    "{file}:{}: '{name}' is not a preset file name (like classic.ron)",
                    i + 1
                ));
            } else if !names.iter().any(|n| n == name) {
                names.push(name.to_string());
            }
        }
        (PresetIndex(names), problems)
    }
}

/// Loads `index.txt`.
#[derive(Default, TypePath)]
pub struct PresetIndexLoader;

impl AssetLoader for PresetIndexLoader {
    type Asset = PresetIndex;
    type Settings = ();
    type Error = BevyError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        cx: &mut LoadContext<'_>,
    ) -> Result<PresetIndex, BevyError> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        let name = format!("levels/{}", cx.path().path().display());
        let (index, problems) = PresetIndex::parse(&name, &String::from_utf8_lossy(&bytes));
        for p in problems {
            warn!("{p}");
        }
        Ok(index)
    }

    fn extensions(&self) -> &[&str] {
        &["txt"]
    }
}

/// How the preset menu finds the files beyond the built-in ones.
#[derive(Debug, Clone, Default)]
pub enum Discover {
    /// Only the built-in presets.
    #[default]
    BuiltinOnly,
    /// Every `*.ron` file in this folder (the desktop: a modder drops a
    /// file in `levels/` and it is in the menu at the next start).
    Folder(std::path::PathBuf),
    /// The files named in `index.txt` of the levels source (the web).
    Index,
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
    /// Files found beyond the built-in ones, still loading: they join the
    /// menu when they have loaded (as a preset or as an error).
    pub pending: Vec<(String, Handle<PresetAsset>)>,
    /// The index being fetched, in [`Discover::Index`] mode.
    pub index: Option<Handle<PresetIndex>>,
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
            pending: Vec::new(),
            index: None,
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
    /// Where to look for presets beyond the built-in ones.
    pub discover: Discover,
}

#[derive(Resource)]
struct PresetPrefix(&'static str, Discover);

impl Plugin for PresetPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(PresetPrefix(self.prefix, self.discover.clone()))
            .init_asset::<PresetAsset>()
            .init_asset_loader::<PresetLoader>()
            .init_asset::<PresetIndex>()
            .init_asset_loader::<PresetIndexLoader>()
            .insert_resource(PresetLibrary::builtin())
            .add_systems(Startup, load_presets)
            .add_systems(
                Update,
                (index_loaded, preset_changed)
                    .chain()
                    .in_set(crate::chess::ecs::TurnSet::Setup)
                    .before(crate::chess::ecs::new_game),
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
    match &prefix.1 {
        Discover::BuiltinOnly => {}
        Discover::Index => library.index = Some(server.load(format!("{}index.txt", prefix.0))),
        Discover::Folder(dir) => {
            let mut names: Vec<String> = match std::fs::read_dir(dir) {
                Ok(list) => list
                    .filter_map(|e| e.ok())
                    .filter_map(|e| e.file_name().into_string().ok())
                    .filter(|n| n.ends_with(".ron"))
                    .collect(),
                Err(e) => {
                    warn!("cannot list {}: {e}", dir.display());
                    Vec::new()
                }
            };
            names.sort();
            add_files(&mut library, &server, prefix.0, names);
        }
    }
}

/// Starts loading the files not yet in the menu.
fn add_files(
    library: &mut PresetLibrary,
    server: &AssetServer,
    prefix: &str,
    names: impl IntoIterator<Item = String>,
) {
    for name in names {
        let known = library.entries.iter().any(|e| e.file == name)
            || library.pending.iter().any(|(f, _)| *f == name);
        if !known {
            let handle = server.load(format!("{prefix}{name}"));
            library.pending.push((name, handle));
        }
    }
}

fn index_loaded(
    mut events: MessageReader<AssetEvent<PresetIndex>>,
    indexes: Res<Assets<PresetIndex>>,
    server: Res<AssetServer>,
    prefix: Res<PresetPrefix>,
    mut library: ResMut<PresetLibrary>,
) {
    for ev in events.read() {
        if let AssetEvent::LoadedWithDependencies { id } = ev
            && library.index.as_ref().is_some_and(|h| h.id() == *id)
            && let Some(index) = indexes.get(*id)
        {
            add_files(&mut library, &server, prefix.0, index.0.clone());
        }
    }
}

fn preset_changed(
    mut events: MessageReader<AssetEvent<PresetAsset>>,
    assets: Res<Assets<PresetAsset>>,
    mut library: ResMut<PresetLibrary>,
    active: Res<ActiveVariant>,
    state: Res<ChessGame>,
    mut new_game: MessageWriter<NewGameRequested>,
) {
    for ev in events.read() {
        let (AssetEvent::LoadedWithDependencies { id } | AssetEvent::Modified { id }) = ev else {
            continue;
        };
        let Some(asset) = assets.get(*id) else {
            continue;
        };
        // A discovered file joins the menu once it has loaded.
        if let Some(k) = library.pending.iter().position(|(_, h)| h.id() == *id) {
            let (file, handle) = library.pending.remove(k);
            if let Err(e) = &asset.0 {
                warn!("{e}");
            }
            // Discovered files follow the built-in ones in name order,
            // whichever finished loading first.
            let at = library
                .entries
                .iter()
                .enumerate()
                .skip(BUILTIN.len())
                .find(|(_, e)| e.file > file)
                .map_or(library.entries.len(), |(i, _)| i);
            if at <= library.active && library.active >= BUILTIN.len() {
                library.active += 1;
            }
            library.entries.insert(
                at,
                PresetEntry {
                    file,
                    preset: asset.0.clone(),
                    handle: Some(handle),
                },
            );
            continue;
        }
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
                if i == active_index && state.moves().is_empty() && p.variant != active.0 {
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
