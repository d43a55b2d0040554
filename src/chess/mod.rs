//! Minesweeper Chess in Bevy: [`ecs`] is the game in the world (entities,
//! messages, the turn, the computer, saving, presets), [`view`] draws it and
//! takes the pointer, [`ui`] is its menus and side panel, [`online`] plays
//! it against a game server, [`modes`] are the ways to play it at one
//! screen.

pub mod ecs;
pub mod modes;
pub mod online;
pub mod ui;
pub mod view;
