//! The `.ftl` files as assets: loaded from `assets/i18n/` at the start
//! and again whenever one changes on disk (desktop), so a translator sees
//! an edit live. A file with a syntax error keeps the last good texts and
//! shows the error (file, line, column) in the game.

use bevy::asset::{AssetLoader, LoadContext, io::Reader};
use bevy::prelude::*;

use super::{Lang, Texts};

/// A translation file's text.
#[derive(Asset, TypePath, Debug, Clone)]
pub struct FtlFile(pub String);

/// Loads `*.ftl` as text (parsing happens in [`Texts::replace`], so a
/// broken file still loads and can be fixed and reloaded).
#[derive(Default, TypePath)]
struct FtlLoader;

impl AssetLoader for FtlLoader {
    type Asset = FtlFile;
    type Settings = ();
    type Error = BevyError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _cx: &mut LoadContext<'_>,
    ) -> Result<FtlFile, BevyError> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        Ok(FtlFile(String::from_utf8_lossy(&bytes).into_owned()))
    }

    fn extensions(&self) -> &[&str] {
        &["ftl"]
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
            .init_asset_loader::<FtlLoader>()
            .init_resource::<FtlHandles>()
            .add_systems(Startup, load_files)
            .add_systems(Update, apply_files);
    }
}
