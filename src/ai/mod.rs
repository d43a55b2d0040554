//! The computer opponent in the game: the search is the core's
//! ([`minesweeper_core::ai`]); [`play`] runs it in the ECS, [`bench`] measures it.

pub mod bench;
pub mod play;

pub use minesweeper_core::ai::*;

use bevy::platform::time::Instant;
use std::time::Duration;

/// The level's name in the interface.
pub fn level_label(level: Level) -> crate::i18n::T {
    use crate::i18n::T;
    match level {
        Level::Beginner => T::LevelBeginner,
        Level::Casual => T::LevelCasual,
        Level::Strong => T::LevelStrong,
        Level::Master => T::LevelMaster,
    }
}

/// A search as a [`crate::jobs::Job`]: runs on a thread on the desktop and
/// in slices on the web.
pub struct ThinkJob(pub Search);

impl crate::jobs::Job for ThinkJob {
    type Output = Option<Thought>;
    fn thread_slice(&self) -> Duration {
        // On its own thread the search runs its whole budget in one go:
        // no iteration is cut short and redone.
        self.0.limits().time.map_or(Duration::from_secs(3600), |t| {
            t.saturating_sub(self.0.spent())
        })
    }
    fn step(&mut self, deadline: Instant) -> Option<Option<Thought>> {
        if !self.0.has_legal_move() {
            return Some(None);
        }
        let slice = deadline.saturating_duration_since(Instant::now());
        self.0.step(slice).map(Some)
    }
}
