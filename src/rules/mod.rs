//! The rules of Minesweeper Chess in plain Rust: no Bevy, no I/O.
//!
//! Squares and pieces ([`square`]), the variant description a preset
//! becomes ([`variant`]), positions with legal move generation and mine
//! effects ([`position`]), FEN ([`fen`]), notation ([`notation`]),
//! perft ([`perft`]) and a game with history ([`game`]).

pub mod deal;
pub mod fen;
pub mod game;
pub mod mines;
pub mod notation;
pub mod perft;
pub mod position;
pub mod probability;
pub mod record;
pub mod square;
pub mod variant;

pub use game::{Game, PlayedMove};
pub use position::{
    CastlingRights, DrawReason, IllegalMove, Move, MoveKind, MoveReport, Outcome, Position,
    PositionError, PublicError, PublicPosition, Refusal, Setup, Unknown, WinReason,
};
pub use square::{Color, MAX_FILES, MAX_RANKS, Piece, Role, Square, SquareSet};
pub use variant::{CastleSide, Castling, RuleSet, Variant, Wing};
