//! One asset loader for the game's own text files (translations, presets,
//! the presets' index): it reads a file whole and lets the asset make
//! itself from the bytes. None of them fails to load: a broken file
//! becomes an asset that says what is wrong, so a fix on disk reloads it.

use std::marker::PhantomData;
use std::path::Path;

use bevy::asset::{AssetLoader, LoadContext, io::Reader};
use bevy::prelude::*;

/// An asset made from one file's bytes.
pub trait FromFile: Asset {
    /// The file names' endings it loads, without the dot (`"ftl"`).
    const EXTENSIONS: &'static [&'static str];

    /// The asset from the file's bytes; `path` is where the asset server
    /// found it, inside its source (`classic.ron`, `i18n/fr.ftl`).
    fn from_file(bytes: Vec<u8>, path: &Path) -> Self;
}

/// Loads assets of type `A` (the asset server picks a loader by the type
/// asked for, so two kinds may share an extension).
#[derive(TypePath)]
pub struct FileLoader<A>(PhantomData<A>);

impl<A> Default for FileLoader<A> {
    fn default() -> Self {
        FileLoader(PhantomData)
    }
}

impl<A: FromFile> AssetLoader for FileLoader<A> {
    type Asset = A;
    type Settings = ();
    type Error = BevyError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        cx: &mut LoadContext<'_>,
    ) -> Result<A, BevyError> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        Ok(A::from_file(bytes, cx.path().path()))
    }

    fn extensions(&self) -> &[&str] {
        A::EXTENSIONS
    }
}
