//! Preset files as Bevy assets, for either game: loaded from `levels/`
//! (or a folder inside it), hot-reloaded on the desktop, listed by an
//! `index.txt` on the web.
//!
//! The loader never fails on a bad preset: it stores the validation error in
//! the asset instead. A failed load would leave no asset to hot-reload, so a
//! modder fixing the file would have to restart the game; this way the error
//! shows in the game and the fix takes effect on save.

use std::fmt::Debug;
use std::path::Path;

use bevy::prelude::*;

use crate::base::loader::{FileLoader, FromFile};

use minesweeper_core::text::PresetError;

/// One kind of preset file (the chess boards, the Sweeper Sudoku boards).
pub trait PresetKind: TypePath + Send + Sync + 'static {
    /// The validated preset.
    type Preset: Clone + PartialEq + Debug + Send + Sync + 'static;
    /// The embedded copies: file name and text, in menu order.
    const BUILTIN: &'static [(&'static str, &'static str)];
    /// The folder inside `levels/` as error messages name it, e.g.
    /// `"levels/sudoku/"`.
    const FOLDER: &'static str;
    /// Parses and validates a preset's text; `file` names it in errors.
    ///
    /// # Errors
    /// What is wrong, with file, line and column.
    fn parse(file: &str, text: &str) -> Result<Self::Preset, PresetError>;
}

/// A preset file as loaded: the validated preset, or what is wrong with it.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct PresetAsset<K: PresetKind>(pub Result<K::Preset, PresetError>);

/// A preset file read and checked: a file that is not UTF-8 is an error
/// like any other.
impl<K: PresetKind> FromFile for PresetAsset<K> {
    const EXTENSIONS: &'static [&'static str] = &["ron"];

    fn from_file(bytes: Vec<u8>, path: &Path) -> PresetAsset<K> {
        let name = file_name::<K>(path);
        PresetAsset(match String::from_utf8(bytes) {
            Ok(text) => K::parse(&name, &text),
            Err(e) => Err(PresetError {
                file: name,
                line: 1,
                column: 1,
                message: format!("the file is not UTF-8 text: {e}"),
            }),
        })
    }
}

/// The name errors give a loaded file: its folder in `levels/` and its name.
fn file_name<K: PresetKind>(path: &Path) -> String {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    format!("{}{name}", K::FOLDER)
}

/// The list of preset files in an `index.txt`: one file name per line,
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

/// `index.txt`; its problems are logged.
impl FromFile for PresetIndex {
    const EXTENSIONS: &'static [&'static str] = &["txt"];

    fn from_file(bytes: Vec<u8>, path: &Path) -> PresetIndex {
        let name = format!("levels/{}", path.display());
        let (index, problems) = PresetIndex::parse(&name, &String::from_utf8_lossy(&bytes));
        for p in problems {
            warn!("{p}");
        }
        index
    }
}

/// How a preset menu finds the files beyond the built-in ones.
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

/// One entry of a preset menu.
#[derive(Debug, Clone)]
pub struct PresetEntry<K: PresetKind> {
    /// File name in its folder.
    pub file: String,
    /// The preset as last read: the embedded copy until the file loads.
    pub preset: Result<K::Preset, PresetError>,
    /// Handle that keeps the file loaded and watched.
    pub handle: Option<Handle<PresetAsset<K>>>,
}

/// All presets of kind `K` a menu offers, and which one is being played.
#[derive(Resource, Debug, Clone)]
pub struct PresetLibrary<K: PresetKind> {
    /// Entries in menu order: the built-in ones, then the others by name.
    pub entries: Vec<PresetEntry<K>>,
    /// Index of the preset being played.
    pub active: usize,
    /// Files found beyond the built-in ones, still loading: they join the
    /// menu when they have loaded (as a preset or as an error).
    pub pending: Vec<(String, Handle<PresetAsset<K>>)>,
    /// The index being fetched, in [`Discover::Index`] mode.
    pub index: Option<Handle<PresetIndex>>,
}

impl<K: PresetKind> PresetLibrary<K> {
    /// The library of embedded presets (no files read yet).
    pub fn builtin() -> PresetLibrary<K> {
        PresetLibrary {
            entries: K::BUILTIN
                .iter()
                .map(|(file, text)| PresetEntry {
                    file: (*file).to_string(),
                    preset: K::parse(&format!("{}{file}", K::FOLDER), text),
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

    /// The presets that loaded, with their place in [`Self::entries`].
    pub fn valid(&self) -> impl Iterator<Item = (usize, &K::Preset)> {
        self.entries
            .iter()
            .enumerate()
            .filter_map(|(i, e)| e.preset.as_ref().ok().map(|p| (i, p)))
    }
}

/// A preset already in the menu was read again (its file changed): entry
/// [`Self::entry`] of the library now holds the new text's result.
#[derive(Message, Debug, Clone, Copy)]
pub(crate) struct PresetReloaded<K: PresetKind> {
    /// The entry that changed.
    pub entry: usize,
    _kind: std::marker::PhantomData<K>,
}

/// Loads the presets of kind `K` through the asset server into
/// [`PresetLibrary<K>`] and says which entries change on disk
/// ([`PresetReloaded`]).
pub(crate) struct PresetsPlugin<K: PresetKind> {
    /// Asset path of the folder, e.g. `"levels://"` or `"levels://sudoku/"`.
    pub prefix: &'static str,
    /// Where to look for presets beyond the built-in ones.
    pub discover: Discover,
    /// The kind.
    pub kind: std::marker::PhantomData<K>,
}

impl<K: PresetKind> PresetsPlugin<K> {
    /// The pipeline for files under `prefix`, found as `discover` says.
    pub fn new(prefix: &'static str, discover: Discover) -> Self {
        PresetsPlugin {
            prefix,
            discover,
            kind: std::marker::PhantomData,
        }
    }
}

#[derive(Resource)]
struct Source<K: PresetKind> {
    prefix: &'static str,
    discover: Discover,
    _kind: std::marker::PhantomData<K>,
}

impl<K: PresetKind> Plugin for PresetsPlugin<K> {
    fn build(&self, app: &mut App) {
        // Every kind's pipeline shares the index loader: registered once.
        if !app.world().contains_resource::<Assets<PresetIndex>>() {
            app.init_asset::<PresetIndex>()
                .init_asset_loader::<FileLoader<PresetIndex>>();
        }
        app.insert_resource(Source::<K> {
            prefix: self.prefix,
            discover: self.discover.clone(),
            _kind: std::marker::PhantomData,
        })
        .init_asset::<PresetAsset<K>>()
        .init_asset_loader::<FileLoader<PresetAsset<K>>>()
        .insert_resource(PresetLibrary::<K>::builtin())
        .add_message::<PresetReloaded<K>>()
        .add_systems(Startup, load_presets::<K>)
        .add_systems(
            PreUpdate,
            (index_loaded::<K>, preset_loaded::<K>)
                .chain()
                .after(bevy::asset::AssetTrackingSystems),
        );
    }
}

fn load_presets<K: PresetKind>(
    server: Res<AssetServer>,
    source: Res<Source<K>>,
    mut library: ResMut<PresetLibrary<K>>,
) {
    for entry in &mut library.entries {
        entry.handle = Some(server.load(format!("{}{}", source.prefix, entry.file)));
    }
    match &source.discover {
        Discover::BuiltinOnly => {}
        Discover::Index => {
            library.index = Some(server.load(format!("{}index.txt", source.prefix)));
        }
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
            add_files(&mut library, &server, source.prefix, names);
        }
    }
}

/// Starts loading the files not yet in the menu.
fn add_files<K: PresetKind>(
    library: &mut PresetLibrary<K>,
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

fn index_loaded<K: PresetKind>(
    mut events: MessageReader<AssetEvent<PresetIndex>>,
    indexes: Res<Assets<PresetIndex>>,
    server: Res<AssetServer>,
    source: Res<Source<K>>,
    mut library: ResMut<PresetLibrary<K>>,
) {
    for ev in events.read() {
        if let AssetEvent::LoadedWithDependencies { id } = ev
            && library.index.as_ref().is_some_and(|h| h.id() == *id)
            && let Some(index) = indexes.get(*id)
        {
            add_files(&mut library, &server, source.prefix, index.0.clone());
        }
    }
}

/// A discovered file joins the menu once loaded; a known one takes the new
/// text and is announced.
fn preset_loaded<K: PresetKind>(
    mut events: MessageReader<AssetEvent<PresetAsset<K>>>,
    assets: Res<Assets<PresetAsset<K>>>,
    mut library: ResMut<PresetLibrary<K>>,
    mut reloaded: MessageWriter<PresetReloaded<K>>,
) {
    for ev in events.read() {
        let (AssetEvent::LoadedWithDependencies { id } | AssetEvent::Modified { id }) = ev else {
            continue;
        };
        let Some(asset) = assets.get(*id) else {
            continue;
        };
        if let Some(k) = library.pending.iter().position(|(_, h)| h.id() == *id) {
            let (file, handle) = library.pending.remove(k);
            join(&mut library, file, handle, asset.0.clone());
            continue;
        }
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
            Ok(_) => info!("preset {}{} reloaded", K::FOLDER, entry.file),
        }
        reloaded.write(PresetReloaded {
            entry: i,
            _kind: std::marker::PhantomData,
        });
    }
}

/// Puts a discovered file in the menu: after the built-in ones, in name
/// order, whichever finished loading first.
fn join<K: PresetKind>(
    library: &mut PresetLibrary<K>,
    file: String,
    handle: Handle<PresetAsset<K>>,
    preset: Result<K::Preset, PresetError>,
) {
    if let Err(e) = &preset {
        warn!("{e}");
    }
    let builtin = K::BUILTIN.len();
    let at = library
        .entries
        .iter()
        .enumerate()
        .skip(builtin)
        .find(|(_, e)| e.file > file)
        .map_or(library.entries.len(), |(i, _)| i);
    if at <= library.active && library.active >= builtin {
        library.active += 1;
    }
    library.entries.insert(
        at,
        PresetEntry {
            file,
            preset,
            handle: Some(handle),
        },
    );
}
