//! Sweeper Sudoku, the one-player puzzle: a hidden solved sudoku under fog,
//! mines, and a hand of chess pieces with digit cards.
//!
//! [`sudoku`], [`board`], [`game`] and [`deduce`] are pure Rust (the
//! generator, the rules, the hint and the rating); [`preset`] reads the RON
//! presets in `levels/sudoku/`; [`plugin`] runs a board in the ECS.

pub mod board;
pub mod deduce;
pub mod game;
pub mod plugin;
pub mod preset;
pub mod save;
pub mod sudoku;

pub use board::{Board, Card, generate, merge_digits, parse_code, share_code};
pub use deduce::{Hint, PublicView, Rating, deduce, hint, rate};
pub use game::{Action, CellState, Event, MineFate, PuzzleGame, Status};
pub use preset::{PieceKind, Side, SudokuPreset};
