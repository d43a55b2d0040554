//! Saving the window as a PNG (F12, `--screenshot`). Without the `window`
//! feature (the headless library the tests build) there is no renderer
//! and no window to save.

use std::path::PathBuf;

use bevy::prelude::*;

/// Saves the primary window to `path` once this frame is drawn; with
/// `then_exit`, the app quits when the file is written.
pub(crate) fn save_window(commands: &mut Commands, path: PathBuf, then_exit: bool) {
    #[cfg(feature = "window")]
    {
        use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
        let mut shot = commands.spawn(Screenshot::primary_window());
        shot.observe(save_to_disk(path));
        if then_exit {
            shot.observe(
                |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                    exit.write(AppExit::Success);
                },
            );
        }
    }
    #[cfg(not(feature = "window"))]
    {
        let _ = (commands, then_exit);
        warn!("no window to save as {}", path.display());
    }
}
