//! The one integration-test binary (links Bevy once).

mod accounts;
mod assets;
mod boundaries;
mod cli;
mod ecs;
mod hostile;
mod i18n;
mod online;
mod pages;
mod premove;
mod presets;
mod puzzle_cli;
mod puzzle_ecs;
mod replay;
#[path = "../crates/core/tests/support.rs"]
mod support;
