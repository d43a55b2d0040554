//! The low-time warning: a sound when this screen's own clock, running,
//! falls under ten seconds.

use bevy::prelude::*;

use super::Online;
use crate::base::audio::Effect;
use crate::base::audio::PlaySound;

/// Under this much time left the warning sounds.
pub const LOW_TIME_MS: u64 = 10_000;

/// Plays [`Effect::LowTime`] once each time this screen's running clock
/// crosses [`LOW_TIME_MS`]: not again every frame or every turn while it
/// stays low, again after an increment lifts it above (or in a rematch).
/// Spectators hear nothing.
pub(crate) fn low_time_warning(
    online: Res<Online>,
    time: Res<Time<Real>>,
    mut warned: Local<bool>,
    mut sound: MessageWriter<PlaySound>,
) {
    let now = time.elapsed_secs_f64();
    let left = online.side.and_then(|side| online.clock_left(side, now));
    if left.is_none_or(|ms| ms >= LOW_TIME_MS) {
        *warned = false;
        return;
    }
    if !*warned && online.clock_running().is_some() && online.clock_running() == online.side {
        sound.write(PlaySound(Effect::LowTime));
        *warned = true;
    }
}
