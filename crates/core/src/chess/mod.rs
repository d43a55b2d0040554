//! The rules of Minesweeper Chess in plain Rust: no Bevy.
//!
//! Sides ([`color`]), kinds of piece ([`role`]), pieces ([`piece`]),
//! squares ([`square`]) and sets of them ([`square_set`]), a value for
//! each side ([`by_color`]), the variant description a preset
//! becomes ([`variant`]) and the presets themselves ([`preset`]),
//! positions with legal move generation and mine effects ([`position`]),
//! FEN ([`fen`]), notation ([`notation`]), perft ([`perft`]), a game with
//! history ([`game`]) and its record as text ([`record`]), mine odds
//! ([`probability`]) and the dealing of hidden mines ([`deal`]).

pub(crate) mod bits;
pub mod by_color;
pub mod color;
pub mod deal;
pub mod fen;
pub mod game;
pub mod mines;
pub mod notation;
pub mod perft;
pub mod piece;
pub mod position;
pub mod preset;
pub mod probability;
pub mod record;
pub mod role;
pub mod square;
pub mod square_set;
pub mod variant;

pub use by_color::ByColor;
pub use color::Color;
pub use deal::PublicError;
pub use game::{Game, PlayedMove};
pub use piece::Piece;
pub use position::{
    CastlingRights, DrawReason, IllegalMove, Move, MoveKind, MoveReport, Outcome, Position,
    PositionError, PublicPosition, Refusal, Setup, Unknown, WinReason,
};
pub use role::Role;
pub(crate) use square::{CELLS, STRIDE};
pub use square::{MAX_FILES, MAX_RANKS, Square};
pub use square_set::SquareSet;
pub use variant::{CastleSide, Castling, RuleSet, Variant, Wing};
