//! Piece art: the image set chosen in Settings, twelve PNG files in
//! `assets/pieces/<set>/` (`wK.png` … `bP.png`) loaded through the asset
//! server (hot-reloaded on the desktop), or the font's glyphs. Both games
//! draw their pieces through [`PieceArt`]; the interface's small pieces go
//! through egui textures made from the same images (the window build).

use bevy::prelude::*;
use minesweeper_core::chess::{Color as Side, Role};

use crate::base::settings::{PieceSet, Settings};

/// The roles in file-name order.
pub const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// The file name of a piece in a set's folder: `wK.png`, `bN.png`.
pub fn file_name(side: Side, role: Role) -> String {
    let c = match side {
        Side::White => 'w',
        Side::Black => 'b',
    };
    let r = match role {
        Role::King => 'K',
        Role::Queen => 'Q',
        Role::Rook => 'R',
        Role::Bishop => 'B',
        Role::Knight => 'N',
        Role::Pawn => 'P',
    };
    format!("{c}{r}.png")
}

/// Index of a piece in a set's twelve handles (White first).
fn index(side: Side, role: Role) -> usize {
    let r = ROLES.iter().position(|x| *x == role).unwrap_or(0);
    match side {
        Side::White => r,
        Side::Black => 6 + r,
    }
}

/// The pieces' images for the set in use; empty for the glyphs (or where
/// no asset server runs, as in the headless tests).
#[derive(Resource, Debug, Default, Clone)]
pub(crate) struct PieceArt {
    /// The set the handles are of; `None` before the first load.
    pub set: Option<PieceSet>,
    images: Vec<Handle<Image>>,
}

impl PieceArt {
    /// The image of a piece, if the set in use has images.
    pub(crate) fn image(&self, side: Side, role: Role) -> Option<Handle<Image>> {
        self.images.get(index(side, role)).cloned()
    }

    /// How many of the set's images have loaded, of how many.
    pub(crate) fn loaded(&self, server: &AssetServer) -> (usize, usize) {
        let done = self
            .images
            .iter()
            .filter(|h| server.is_loaded(h.id()))
            .count();
        (done, self.images.len())
    }

    /// All twelve images (none for the glyphs), White first, K Q R B N P.
    #[cfg(feature = "window")]
    pub(crate) fn images(&self) -> &[Handle<Image>] {
        &self.images
    }
}

/// Loads the chosen set at start and whenever Settings change it.
pub(crate) struct ArtPlugin;

impl Plugin for ArtPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<PieceArt>()
            .init_resource::<PieceIcons>()
            .add_systems(PreUpdate, follow_piece_set);
    }
}

fn follow_piece_set(
    settings: Res<Settings>,
    server: Option<Res<AssetServer>>,
    mut art: ResMut<PieceArt>,
) {
    if art.set == Some(settings.pieces) {
        return;
    }
    // Only a window decodes images: headless, the pieces are glyphs.
    let server = server.filter(|_| cfg!(feature = "window"));
    let images = match (settings.pieces.folder(), server) {
        (Some(folder), Some(server)) => [Side::White, Side::Black]
            .into_iter()
            .flat_map(|side| ROLES.map(|role| (side, role)))
            .map(|(side, role)| server.load(format!("pieces/{folder}/{}", file_name(side, role))))
            .collect(),
        _ => Vec::new(),
    };
    *art = PieceArt {
        set: Some(settings.pieces),
        images,
    };
}

/// A PNG file's bytes as an image (sRGB, its pixels kept in memory).
pub(crate) fn decode_png(bytes: &[u8]) -> Result<Image, bevy::image::TextureError> {
    use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
    Image::from_buffer(
        bytes,
        ImageType::Extension("png"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::Default,
        bevy::asset::RenderAssetUsages::default(),
    )
}

/// What a set's files hold, checked without a window: every piece of
/// every image set in `root` (the `assets/` folder) decodes as an image of
/// at least 64 pixels a side. Each problem names its file.
pub fn check_piece_files(root: &std::path::Path) -> Vec<String> {
    let mut problems = Vec::new();
    for set in PieceSet::ALL {
        let Some(folder) = set.folder() else { continue };
        for side in [Side::White, Side::Black] {
            for role in ROLES {
                let path = root.join("pieces").join(folder).join(file_name(side, role));
                let bytes = match std::fs::read(&path) {
                    Ok(b) => b,
                    Err(e) => {
                        problems.push(format!("{}: {e}", path.display()));
                        continue;
                    }
                };
                match decode_png(&bytes) {
                    Ok(img) if img.width() >= 64 && img.height() >= 64 => {}
                    Ok(img) => problems.push(format!(
                        "{}: {}×{} pixels, at least 64×64 wanted",
                        path.display(),
                        img.width(),
                        img.height()
                    )),
                    Err(e) => problems.push(format!("{}: not a readable PNG: {e}", path.display())),
                }
            }
        }
    }
    problems
}

/// The pieces in use as egui textures, for the interface (player cards,
/// captured pieces, the Settings preview, Sweeper Sudoku's cards). Only
/// the window build has egui textures: elsewhere it stays empty and the
/// interface writes the glyphs.
#[derive(Resource, Debug, Default)]
pub(crate) struct PieceIcons {
    #[cfg(feature = "window")]
    set: Option<PieceSet>,
    #[cfg(feature = "window")]
    images: Vec<AssetId<Image>>,
    ids: Vec<bevy_egui::egui::TextureId>,
}

impl PieceIcons {
    /// The texture of a piece, if the set in use has images.
    pub(crate) fn get(&self, side: Side, role: Role) -> Option<bevy_egui::egui::TextureId> {
        self.ids.get(index(side, role)).copied()
    }
}

/// Registers the set in use with egui when it changes.
#[cfg(feature = "window")]
pub(crate) fn register_icons(
    mut contexts: bevy_egui::EguiContexts,
    art: Res<PieceArt>,
    mut icons: ResMut<PieceIcons>,
) {
    if icons.set == art.set {
        return;
    }
    for old in icons.images.drain(..) {
        contexts.remove_image(old);
    }
    icons.images = art.images().iter().map(|h| h.id()).collect();
    icons.ids = icons
        .images
        .iter()
        .map(|id| contexts.add_image(bevy_egui::EguiTextureHandle::Weak(*id)))
        .collect();
    icons.set = art.set;
    debug!(
        "piece icons: {} registered for {:?}",
        icons.ids.len(),
        art.set
    );
}

/// Draws a piece in the interface: its image, or its glyph in the font.
pub(crate) fn piece_icon(
    ui: &mut bevy_egui::egui::Ui,
    icons: &PieceIcons,
    side: Side,
    role: Role,
    size: f32,
) -> bevy_egui::egui::Response {
    use bevy_egui::egui;
    match icons.get(side, role) {
        Some(id) => ui.add(egui::Image::new((id, egui::vec2(size, size)))),
        None => {
            let (solid, outline) = crate::base::draw::glyphs(role);
            let glyph = match side {
                Side::White => outline,
                Side::Black => solid,
            };
            ui.label(egui::RichText::new(glyph).size(size * 0.9))
        }
    }
}
