//! The one integration-test binary (links Bevy once).

mod ai;
mod cli;
mod ecs;
mod perft;
mod presets;
mod rules;
