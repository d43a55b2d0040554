//! Sweeper Sudoku in Bevy: [`ecs`] runs a board in the world, [`view`]
//! draws it and takes the pointer, [`ui`] is its menus, panel and result
//! card. The rules are the core crate's ([`minesweeper_core::sudoku`]).

pub mod ecs;
pub mod ui;
pub mod view;
