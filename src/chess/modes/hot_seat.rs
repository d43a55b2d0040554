//! Hot-seat: two people at one screen, the local rules deciding every
//! move; both sides are moved here, draws may be agreed, hints are offered.

use bevy::prelude::*;

use crate::chess::ecs::{ModeRules, PlayMode};

/// The hot-seat mode.
pub(crate) struct HotSeatPlugin;

impl Plugin for HotSeatPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, super::declare(declare));
    }
}

/// The mode that plays hot-seat.
pub fn mode() -> PlayMode {
    PlayMode::HotSeat
}

/// Whether hot-seat is being played.
pub fn playing(mode: Res<PlayMode>) -> bool {
    *mode == PlayMode::HotSeat
}

/// Inserts hot-seat's rules when it is picked.
fn declare(mode: Res<PlayMode>, mut rules: ResMut<ModeRules>) {
    if *mode == PlayMode::HotSeat {
        rules.set_if_neq(ModeRules::default());
    }
}
