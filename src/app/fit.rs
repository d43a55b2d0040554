//! The first window sized to the screen it opens on: the game's preferred
//! 1180×820 where that fits, else smaller, so that nothing (the bottom
//! coordinates, the panel's last buttons) opens below the screen's edge on
//! a 1366×768 or 1280×800 laptop.

use bevy::prelude::*;
use bevy::window::{Monitor, PrimaryMonitor, PrimaryWindow, WindowPosition};

use crate::base::options::GameOptions;

/// The window's size when the screen has room for it, in logical pixels.
pub(crate) const PREFERRED: (f32, f32) = (1180.0, 820.0);

/// The window's size on a screen of `screen` logical pixels: the preferred
/// size, shrunk (keeping its shape) to leave room for a task bar and the
/// window's title bar, and never below 640×440.
pub(crate) fn fit(screen: (f32, f32)) -> (f32, f32) {
    let room = (screen.0 - 40.0, screen.1 - 100.0);
    let k = (room.0 / PREFERRED.0).min(room.1 / PREFERRED.1).min(1.0);
    (
        (PREFERRED.0 * k).max(640.0).round(),
        (PREFERRED.1 * k).max(440.0).round(),
    )
}

/// Once the monitors are known, fits the window to the one it is on (the
/// primary monitor if that is not known) and centres it there. Not when
/// `--size` chose a size, nor in a browser, whose page sets the size.
pub(super) fn first_window(
    mut done: Local<bool>,
    options: Res<GameOptions>,
    monitors: Query<(Entity, &Monitor, Has<PrimaryMonitor>)>,
    mut windows: Query<(Entity, &mut Window), With<PrimaryWindow>>,
    holds: Query<&bevy::window::HasWindows>,
) {
    if *done || options.size.is_some() || crate::base::platform::WEB {
        return;
    }
    let Ok((window_entity, mut window)) = windows.single_mut() else {
        return;
    };
    let on_it = |e: Entity| {
        holds
            .get(e)
            .is_ok_and(|h| h.iter().any(|w| w == window_entity))
    };
    let monitor = monitors
        .iter()
        .find(|(e, ..)| on_it(*e))
        .or_else(|| monitors.iter().find(|(.., primary)| *primary))
        .or_else(|| monitors.iter().next());
    let Some((_, m, _)) = monitor else { return };
    *done = true;
    let scale = m.scale_factor.max(0.5) as f32;
    let screen = (
        m.physical_width as f32 / scale,
        m.physical_height as f32 / scale,
    );
    let (w, h) = fit(screen);
    if (w, h) != PREFERRED {
        info!("screen {}×{}: window {w}×{h}", screen.0, screen.1);
        window.resolution.set(w, h);
        window.position = WindowPosition::Centered(bevy::window::MonitorSelection::Current);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_fits_common_screens() {
        // Room to spare: the preferred size.
        assert_eq!(fit((1920.0, 1080.0)), PREFERRED);
        // The most common laptop screens: smaller, the same shape.
        for screen in [(1366.0, 768.0), (1280.0, 800.0), (1280.0, 720.0)] {
            let (w, h) = fit(screen);
            assert!(
                h <= screen.1 - 100.0 && w <= screen.0 - 40.0,
                "{screen:?}: {w}×{h}"
            );
            assert!((w / h - PREFERRED.0 / PREFERRED.1).abs() < 0.01);
        }
        // A tiny screen still gets a usable window.
        assert_eq!(fit((600.0, 400.0)), (640.0, 440.0));
    }
}
