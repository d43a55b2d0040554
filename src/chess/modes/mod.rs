//! The ways to play Minesweeper Chess, each a plugin of its own: hot-seat
//! ([`hot_seat`]), against the computer ([`computer`]) and online
//! (`chess::online`, the client of a game server).
//!
//! A mode provides, through its own systems:
//! - the [`ModeRules`](crate::chess::ecs::ModeRules) it inserts when
//!   [`PlayMode`](crate::chess::ecs::PlayMode) picks it (in
//!   [`SetupStep::Mode`](crate::chess::ecs::SetupStep)): who decides the
//!   moves, which sides are moved at this screen (so what undo takes back,
//!   who resigns and whether premoves exist), who plays each side (the
//!   player cards and the computer's rows), whether a draw may be agreed
//!   here and whether hints are offered;
//! - for a mode whose moves are not all asked at this screen, the systems
//!   that ask or tell them (the computer's search, the server's moves),
//!   under its own run condition;
//! - a constructor of its [`PlayMode`](crate::chess::ecs::PlayMode) for
//!   the title and scripts that pick it.
//!
//! Nothing outside the mode plugins and the title names a mode.

pub mod computer;
pub mod hot_seat;

use bevy::ecs::schedule::ScheduleConfigs;
use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;

use crate::chess::ecs::{PlayMode, SetupStep};

/// Every local mode (online is `chess::online::OnlinePlugin`).
pub(crate) struct ModesPlugin;

impl Plugin for ModesPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((hot_seat::HotSeatPlugin, computer::ComputerPlugin));
    }
}

/// A mode's system that inserts its rules, run when the mode picked
/// changes.
fn declare<M>(
    system: impl IntoScheduleConfigs<ScheduleSystem, M>,
) -> ScheduleConfigs<ScheduleSystem> {
    system
        .run_if(resource_changed::<PlayMode>)
        .in_set(SetupStep::Mode)
        // Only the mode picked writes its rules.
        .ambiguous_with(SetupStep::Mode)
}
