//! Minesweeper Chess and Sweeper Sudoku on the Bevy engine.
//!
//! The rules, presets, notation and the computer's search are the core
//! crate's ([`minesweeper_core`], no Bevy). Here, one folder a layer or a
//! game: [`app`] assembles the plugins, [`base`] holds what both games use
//! (platform, storage, settings, jobs, texts, sound, textures, pointer),
//! [`chess`] and [`sudoku`] are each a vertical slice (`ecs`, `view`, `ui`),
//! and [`tools`] are the command-line tools.

// Bevy systems take their data as parameters and filters as types; these
// lints fight the ECS style rather than finding bugs (Bevy's own advice).
#![allow(clippy::too_many_arguments, clippy::type_complexity)]

pub mod app;
pub mod base;
pub mod chess;
pub mod sudoku;
pub mod tools;

pub use app::{GamePlugin, headless_app, headless_app_with_view};
