//! What draws and plays: fonts and textures, the pointer, both boards, the
//! sounds, the frame probe.

use bevy::prelude::*;

use crate::chess::view::ViewPlugin;
use crate::sudoku::view::SudokuViewPlugin;

/// What draws and plays, with or without a window: fonts and textures, the
/// pointer, both boards, the sounds.
pub(crate) struct ViewsPlugin;

impl Plugin for ViewsPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            crate::base::draw::DrawPlugin,
            crate::base::art::ArtPlugin,
            crate::base::gesture::PointerPlugin,
            ViewPlugin,
            SudokuViewPlugin,
            crate::base::audio::SoundPlugin,
        ))
        .init_resource::<crate::base::probe::FrameProbe>()
        .add_systems(Last, publish_assets.run_if(|| crate::base::platform::WEB))
        .add_systems(
            Update,
            (
                crate::base::probe::start_update.in_set(crate::base::probe::ProbeSet::Start),
                crate::chess::online::low_time_warning.in_set(crate::base::audio::CueSet),
                crate::base::probe::end_update.in_set(crate::base::probe::ProbeSet::End),
            ),
        );
    }
}

/// Tells the page how far the art and sounds have loaded
/// (`window.mscAssets`): they come through the asset server after the
/// game has started, and the page shows their progress until all are in.
fn publish_assets(
    server: Option<Res<AssetServer>>,
    art: Res<crate::base::art::PieceArt>,
    sounds: Option<Res<crate::base::audio::Sounds>>,
    mut last: Local<Option<(usize, usize)>>,
) {
    let Some(server) = server else { return };
    let (a, b) = art.loaded(&server);
    let (c, d) = sounds.map_or((0, 0), |s| s.loaded(&server));
    let now = (a + c, b + d);
    if *last != Some(now) {
        *last = Some(now);
        crate::base::platform::publish(
            "mscAssets",
            &format!("{{\"loaded\":{},\"total\":{}}}", now.0, now.1),
        );
    }
}
