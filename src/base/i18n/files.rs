//! The `.ftl` files as assets: loaded from `assets/i18n/` at the start
//! and again whenever one changes on disk (desktop), so a translator sees
//! an edit live. A file with a syntax error keeps the last good texts and
//! shows the error (file, line, column) in the game.

use std::path::Path;

use bevy::prelude::*;

use crate::base::loader::{FileLoader, FromFile};

use super::{Lang, Texts};

/// A translation file's text.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct FtlFile(pub String);

/// Read as text (parsing happens in [`Texts::replace`], so a broken file
/// still loads and can be fixed and reloaded).
impl FromFile for FtlFile {
    const EXTENSIONS: &'static [&'static str] = &["ftl"];

    fn from_file(bytes: Vec<u8>, _path: &Path) -> FtlFile {
        FtlFile(String::from_utf8_lossy(&bytes).into_owned())
    }
}

/// The loaded files, one per language.
#[derive(Resource, Default)]
struct FtlHandles(Vec<(Lang, Handle<FtlFile>)>);

fn load_files(server: Res<AssetServer>, mut handles: ResMut<FtlHandles>) {
    handles.0 = Lang::ALL
        .into_iter()
        .map(|l| (l, server.load(format!("i18n/{}.ftl", l.code()))))
        .collect();
}

/// Takes in a file each time it (re)loads.
fn apply_files(
    mut events: MessageReader<AssetEvent<FtlFile>>,
    files: Res<Assets<FtlFile>>,
    handles: Res<FtlHandles>,
    mut texts: ResMut<Texts>,
) {
    for ev in events.read() {
        let (AssetEvent::LoadedWithDependencies { id } | AssetEvent::Modified { id }) = ev else {
            continue;
        };
        let Some((lang, _)) = handles.0.iter().find(|(_, h)| h.id() == *id) else {
            continue;
        };
        let Some(file) = files.get(*id) else {
            continue;
        };
        if texts.source_of(*lang) == file.0 {
            continue;
        }
        match texts.replace(*lang, &file.0) {
            Ok(()) => info!("{}: texts reloaded", lang.file()),
            Err(e) => warn!("{e}"),
        }
    }
}

/// Loads and watches the translation files through the asset server (the
/// game window adds it; headless apps keep the built-in texts).
pub struct TextFilesPlugin;

impl Plugin for TextFilesPlugin {
    fn build(&self, app: &mut App) {
        app.init_asset::<FtlFile>()
            .init_asset_loader::<FileLoader<FtlFile>>()
            .init_resource::<FtlHandles>()
            .add_systems(Startup, load_files)
            .add_systems(Update, apply_files);
    }
}
