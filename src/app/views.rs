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
        .add_systems(
            Update,
            (
                crate::base::probe::start_update.before(crate::base::gesture::PointerSet),
                // After both games have asked for their sounds.
                crate::chess::online::low_time_warning
                    .after(crate::sudoku::ecs::PuzzleSet::Present)
                    .before(crate::base::audio::SoundSet),
                crate::base::probe::end_update.after(crate::base::audio::SoundSet),
            ),
        );
    }
}
