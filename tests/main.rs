//! The one integration-test binary (links Bevy once).

mod ai;
mod cli;
mod ecs;
mod fairness;
mod hostile;
mod perft;
mod presets;
mod puzzle;
mod puzzle_ecs;
mod rules;
