//! The rules of Minesweeper Chess in plain Rust: no Bevy.
//!
//! Squares and pieces ([`square`]), the variant description a preset
//! becomes ([`variant`]) and the presets themselves ([`preset`]),
//! positions with legal move generation and mine effects ([`position`]),
//! FEN ([`fen`]), notation ([`notation`]), perft ([`perft`]), a game with
//! history ([`game`]) and its record as text ([`record`]), mine odds
//! ([`probability`]) and the dealing of hidden mines ([`deal`]).

pub mod deal;
pub mod fen;
pub mod game;
pub mod mines;
pub mod notation;
pub mod perft;
pub mod position;
pub mod preset;
pub mod probability;
pub mod record;
pub mod square;
pub mod variant;

pub use deal::PublicError;
pub use game::{Game, PlayedMove};
pub use position::{
    CastlingRights, DrawReason, IllegalMove, Move, MoveKind, MoveReport, Outcome, Position,
    PositionError, PublicPosition, Refusal, Setup, Unknown, WinReason,
};
pub use square::{Color, MAX_FILES, MAX_RANKS, Piece, Role, Square, SquareSet};
pub use variant::{CastleSide, Castling, RuleSet, Variant, Wing};
