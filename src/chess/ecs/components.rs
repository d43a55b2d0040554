//! Components, resources and messages of Minesweeper Chess in the ECS.

use bevy::prelude::*;

use minesweeper_core::chess::{
    CastlingRights, Color as Side, Move, MoveReport, Outcome, Piece, Position, Square, Variant,
};

/// A cell of the board (one entity per cell).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardSquare(pub Square);

/// Marks a board cell that belongs to the fog zone (it shows a count once revealed).
#[derive(Component, Debug, Clone, Copy)]
pub struct FogZone;

/// The count a revealed fog-zone cell shows: mines among its eight neighbours.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct RevealedCount(pub u8);

/// Where a piece, fog cover or mine lies.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct At(pub Square);

/// A chess piece on the board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChessPiece(pub Piece);

/// Grey fog over one cell.
#[derive(Component, Debug, Clone, Copy)]
pub struct Fog;

/// On a [`Fog`] cover: a pawn swept this cell, so both players know it holds
/// no mine now, though the fog stays (Decision 10).
#[derive(Component, Debug, Clone, Copy)]
pub struct Swept;

/// A mine. Hidden while a [`Fog`] lies on the same cell; never show it then.
#[derive(Component, Debug, Clone, Copy)]
pub struct Mine;

/// Tags every entity that belongs to the current game's board, so a new game
/// can clear them all.
#[derive(Component, Debug, Clone, Copy)]
pub struct BoardEntity;

/// The variant being played.
#[derive(Resource, Debug, Clone)]
pub struct ActiveVariant(pub Variant);

/// Who plays: two people at one screen, or a person against the computer.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Opponent {
    /// The side the computer plays; `None` for hot-seat.
    pub computer: Option<minesweeper_core::chess::Color>,
    /// How strong it plays.
    pub level: minesweeper_core::ai::Level,
}

/// What is not on the board: side to move, castling rights, clocks, history.
#[derive(Resource, Debug, Clone)]
pub struct GameState {
    /// Side to move.
    pub turn: Side,
    /// Castling rights.
    pub castling: CastlingRights,
    /// Half-move clock (informational).
    pub halfmoves: u32,
    /// Move number.
    pub fullmoves: u32,
    /// Set when a side lost by a blast on its own move.
    pub self_destructed: Option<Side>,
    /// How the game ended.
    pub outcome: Option<Outcome>,
    /// Repetition keys of every position so far, the current one last.
    pub keys: Vec<u64>,
    /// The move list.
    pub moves: Vec<MoveRecord>,
    /// Mines placed at the start of this game.
    pub mines_at_start: usize,
    /// The position the move list starts from (true mines included: never
    /// shown; saved and exported only through [`GameState::game`]).
    pub start: Option<Position>,
}

impl Default for GameState {
    fn default() -> Self {
        GameState {
            turn: Side::White,
            castling: CastlingRights::ALL,
            halfmoves: 0,
            fullmoves: 1,
            self_destructed: None,
            outcome: None,
            keys: Vec::new(),
            moves: Vec::new(),
            mines_at_start: 0,
            start: None,
        }
    }
}

impl GameState {
    /// The game so far as the rules keep it: start, moves and outcome
    /// (resignation and agreement included). `None` before a board is set up.
    pub fn game(&self) -> Option<minesweeper_core::chess::Game> {
        let moves: Vec<Move> = self.moves.iter().map(|m| m.mv).collect();
        let mut game = minesweeper_core::chess::Game::replay(self.start.clone()?, &moves).ok()?;
        if let Some(o) = self.outcome
            && game.outcome().is_none()
        {
            // Resignation and agreement are not on the board.
            match o {
                Outcome::Draw(_) => game.agree_draw(),
                Outcome::Decisive { winner, .. } => game.resign_as(!winner),
            }
        }
        Some(game)
    }
}

/// One line of the move list.
#[derive(Debug, Clone)]
pub struct MoveRecord {
    /// The move.
    pub mv: Move,
    /// SAN with check marks.
    pub san: String,
    /// Who played it.
    pub side: Side,
    /// What it did (blasts, sweeps, fog lifted).
    pub report: MoveReport,
    /// The position before it, for undo (true mines included: never shown).
    pub before: Position,
}

/// The move being carried out this frame, once validated: each stage of the
/// turn applies its part of the report.
#[derive(Resource, Debug, Clone, Default)]
pub struct PendingMove(pub Option<Pending>);

/// A validated move and everything it will do.
#[derive(Debug, Clone)]
pub struct Pending {
    /// The position before the move.
    pub before: Position,
    /// The position the move leads to.
    pub after: Position,
    /// What the move does.
    pub report: MoveReport,
}

/// Seed for the next game's mine layout (and for dealing hidden mines
/// afresh on undo, resume and import).
#[derive(Resource, Debug, Clone, Copy)]
pub struct MineSeed(pub u64);

impl MineSeed {
    /// A seed for one deal, moving this one on so the next deal differs.
    pub fn draw(&mut self) -> u64 {
        use rand::{RngCore, SeedableRng};
        let mut rng = minesweeper_core::rng::GameRng::seed_from_u64(self.0);
        self.0 = rng.next_u64();
        rng.next_u64()
    }
}

// ---- messages ----------------------------------------------------------

/// Asks for a move: from a click, a key, the computer or a test. Every source
/// writes this same message.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveRequested(pub Move);

/// Asks for a new game of the active variant (or of `variant`, if given).
#[derive(Message, Debug, Clone)]
pub struct NewGameRequested {
    /// Variant to switch to, or `None` to replay the active one.
    pub variant: Option<Variant>,
    /// Mine seed, or `None` for a fresh one.
    pub seed: Option<u64>,
    /// Start from this position (mines included) instead of the variant's
    /// start: for saved games, puzzles and tests. Its size, fog zone and
    /// rules replace the active variant's.
    pub position: Option<Position>,
    /// Moves to replay from the start, one per frame (a resumed or imported game).
    pub moves: Vec<Move>,
}

impl NewGameRequested {
    /// A fresh game of the active variant with new mines.
    pub fn fresh() -> NewGameRequested {
        NewGameRequested {
            variant: None,
            seed: None,
            position: None,
            moves: Vec::new(),
        }
    }
}

/// Resignation, draw by agreement or undo, from the menu.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameCommand {
    /// The side to move resigns.
    Resign,
    /// Both players agree to a draw.
    AgreeDraw,
    /// Take back the last move; against the computer, take back its reply
    /// too, so that it is the player's turn again.
    Undo,
}

/// A requested move was refused. The reason never depends on hidden mines.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct MoveRejected {
    /// The refused move.
    pub mv: Move,
    /// Why (translated by the interface).
    pub reason: minesweeper_core::chess::Refusal,
}

/// A piece moved (for castling: the king; the rook follows in `rook`).
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub struct PieceMoved {
    /// The move.
    pub mv: Move,
    /// The piece as it lands (promoted if it promoted).
    pub piece: Piece,
    /// A piece taken on the landing cell.
    pub captured: Option<Piece>,
    /// The castling rook's squares.
    pub rook: Option<(Square, Square)>,
}

/// A mine went off under a piece and destroyed it.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MineExploded {
    /// Where.
    pub at: Square,
    /// The piece destroyed.
    pub piece: Piece,
}

/// A mine was removed without harm.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MineSwept {
    /// Where.
    pub at: Square,
    /// `true` for a king landing on it (royal sapper), `false` for a pawn's
    /// sapper action.
    pub by_king: bool,
}

/// A pawn used the sapper action (whether or not a mine was there).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SapperUsed {
    /// The pawn's cell.
    pub pawn: Square,
    /// The cell it swept.
    pub target: Square,
}

/// Fog lifted from these cells.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct FogLifted {
    /// Cells uncovered.
    pub cells: Vec<Square>,
    /// Whether this was the full lift after every mine was found or removed.
    pub full: bool,
}

/// A king is in check.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckGiven {
    /// The side in check.
    pub side: Side,
    /// Its king's cell.
    pub king: Square,
}

/// The game ended.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOver(pub Outcome);

/// A new board was set up.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameStarted;

/// A move was taken back; the board was rebuilt.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveUndone;
