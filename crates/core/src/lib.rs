//! Minesweeper Chess and Sweeper Sudoku without an engine: every rule of
//! both games, the presets' parsing and validation, notation and records,
//! mine probabilities and the dealing of hidden mines, the deduction
//! engine and the computer's search. No Bevy: the game, the tools and (one
//! day) a server build on it, and its tests run in seconds.
//!
//! - [`chess`]: Minesweeper Chess — squares, positions, FEN, notation,
//!   records, perft, mine odds, dealing, board presets.
//! - [`sudoku`]: Sweeper Sudoku — the grid, boards and share codes, the
//!   rules, deduction, presets and saves.
//! - [`ai`]: the computer opponent, on public positions only.
//! - [`online`]: online games: clocks (and, as it grows, the protocol).
//! - [`rng`]: the one portable random number generator behind every seed.
//! - [`text`]: reading RON files with errors that name file, line and column.

pub mod ai;
pub mod chess;
pub mod online;
pub mod rng;
pub mod sudoku;
pub mod text;
