//! Sweeper Sudoku, the one-player puzzle: a hidden solved sudoku under fog,
//! mines, and a hand of chess pieces with digit cards.
//!
//! [`grid`] fills solved sudokus, [`board`] turns a preset and a seed into a
//! board (and a share code), [`game`] is the rules as a pure state machine,
//! [`deduce`] the hint and the rating from what the player sees, [`preset`]
//! reads the RON presets of `levels/sudoku/`, [`save`] writes and
//! replays a board's action log and [`daily`] picks the board of the day.

pub mod board;
pub mod daily;
pub mod deduce;
pub mod game;
pub mod grid;
pub mod preset;
pub mod save;

pub use board::{Board, Card, CodeError, generate, merge_digits, parse_code, share_code};
pub use deduce::{Hint, PublicView, Rating, deduce, hint, rate};
pub use game::{Action, CellState, Event, MineFate, PuzzleGame, Refusal, Status};
pub use preset::{PieceKind, Side, SudokuPreset};
