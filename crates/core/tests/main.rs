//! The core's tests: every rule, perft, fairness, the computer and Sweeper
//! Sudoku, without Bevy (`cargo test -p minesweeper_core`).

mod ai;
mod fairness;
mod online;
mod perft;
mod rules;
mod sudoku;
mod support;
