//! What a board is made of and what can happen on it: cells, pieces,
//! actions, events and refusals.

use super::Card;
use crate::sudoku::preset::PieceKind;

/// What a cell shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellState {
    /// Under the fog (may carry a flag).
    Closed,
    /// Open: its digit shows (and its count, unless hidden).
    Open,
    /// A question mark for good: known empty, never opens.
    Question,
}

/// How a mine ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MineFate {
    /// Still live under the fog.
    Live,
    /// Defused (flagged path, probe or knight flag-jump).
    Defused,
    /// Blew up (costs a life; counts as done for a Wipe).
    Blown,
}

/// One cell of the board as the game tracks it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    /// Open, closed or a question mark.
    pub state: CellState,
    /// The player's flag (closed cells only).
    pub flag: bool,
    /// Digits the game noted are not here (bit d set: not d).
    pub not_digits: u16,
    /// Whether an open cell shows its count.
    pub shows_count: bool,
    /// A king's spare life saved a failed probe here: the cell is proven
    /// to hold no mine (puzzle Decision 6), though it stays closed.
    pub proven_empty: bool,
    /// The mine's fate, when the cell has one.
    pub mine: Option<MineFate>,
}

/// A piece standing on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// Stable id for the view (animations follow it).
    pub id: u32,
    /// The piece and its current digit.
    pub card: Card,
    /// The cell it stands on.
    pub cell: usize,
    /// Board moves left.
    pub stamina: u8,
    /// Spare lives (kings).
    pub spare: u8,
}

/// Where the game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Still playing.
    Playing,
    /// Every mine defused or blown: a Wipe.
    Won,
    /// Out of lives.
    LostLives,
    /// Out of pieces with nothing left to move.
    LostPieces,
}

/// Something a player does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Put hand card `hand` on a closed cell.
    Place {
        /// Index in the hand.
        hand: usize,
        /// Target cell.
        cell: usize,
    },
    /// Move the piece on `from` to `to` by its chess rules.
    Move {
        /// The piece's cell.
        from: usize,
        /// Target cell.
        to: usize,
    },
    /// A knight's flag-jump from `from` to `to`.
    FlagJump {
        /// The knight's cell.
        from: usize,
        /// Where it jumps.
        to: usize,
    },
    /// End a knight's flag-jump chain (the next jump costs stamina again).
    EndChain,
    /// Raise or lower a flag.
    Flag(usize),
    /// Probe a closed cell (the fuse burned round).
    Probe(usize),
    /// Discard hand cards (indices).
    Discard(Vec<usize>),
    /// Feed hand card `fed` to hand card `into`.
    Merge {
        /// The card that is kept and changes digit.
        into: usize,
        /// The card that is used up.
        fed: usize,
    },
}

/// What happened, in order, for animation, sound and messages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A cell opened, showing its digit.
    Opened {
        /// Cell.
        cell: usize,
        /// Its digit.
        digit: u8,
    },
    /// A mine was defused (the cell opened too).
    Defused(usize),
    /// A mine blew up: a life lost.
    Blew(usize),
    /// A cell became a question mark for good.
    Question(usize),
    /// A wrong digit was claimed: the cell is marked "not this digit".
    NotDigit {
        /// Cell.
        cell: usize,
        /// The digit it does not hold.
        digit: u8,
    },
    /// A piece entered the board from the hand.
    Placed {
        /// Piece id.
        id: u32,
        /// Cell.
        cell: usize,
    },
    /// A piece moved.
    Moved {
        /// Piece id.
        id: u32,
        /// From.
        from: usize,
        /// To.
        to: usize,
    },
    /// A piece sits out for the rest of the board.
    SatOut(Card),
    /// A piece was destroyed by a mine.
    Destroyed(Card),
    /// A king spent his spare life on a failed probe.
    SpareLife {
        /// The king's id.
        id: u32,
        /// The probed cell (stays closed).
        cell: usize,
    },
    /// Points scored (or lost) by this action.
    Points(i32),
    /// The game ended.
    Over(Status),
}

/// Why an action was refused (the game words it in the player's
/// language; [`Display`](std::fmt::Display) gives English for tools).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The board is over.
    Over,
    /// A flag on an open cell (or off the board).
    FlagOnOpen,
    /// A flag or a piece where a piece stands.
    PieceThere,
    /// A probe of an open cell or of a piece.
    ProbeOpen,
    /// No such card in the hand.
    NoCard,
    /// A piece placed on an open cell.
    PlaceOnOpen,
    /// A piece placed on a flag.
    Flagged,
    /// A cell off the board.
    OffBoard,
    /// A move from a cell without a piece.
    NoPiece,
    /// A move onto another piece.
    OtherPiece,
    /// A move of a piece with no stamina left.
    NoStamina(PieceKind),
    /// A move onto a question mark.
    Question,
    /// A move the piece cannot make.
    CannotMove(PieceKind),
    /// A flag-jump that is not an L onto a closed cell with stamina.
    FlagJump,
    /// "Stop the jumps" with no knight jumping.
    NoJump,
    /// A discard of no card or of cards not in the hand.
    Discard,
    /// A merge of a card with itself or with no card.
    Merge,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            Refusal::Over => "the board is over: start a new one",
            Refusal::FlagOnOpen => "flags go on closed cells",
            Refusal::PieceThere => "a piece stands there",
            Refusal::ProbeOpen => "only a closed cell can be probed",
            Refusal::NoCard => "no such card in the hand",
            Refusal::PlaceOnOpen => "a piece goes on a closed cell",
            Refusal::Flagged => "that cell is flagged: take the flag down first",
            Refusal::OffBoard => "off the board",
            Refusal::NoPiece => "no piece there",
            Refusal::OtherPiece => "another piece stands there",
            Refusal::NoStamina(k) => return write!(f, "the {} has no stamina left", k.name()),
            Refusal::Question => "a question mark never opens",
            Refusal::CannotMove(k) => return write!(f, "a {} cannot move there", k.name()),
            Refusal::FlagJump => {
                "a knight flag-jumps an L onto a closed cell, with stamina or a hit before"
            }
            Refusal::NoJump => "no knight is jumping",
            Refusal::Discard => "pick cards in the hand to discard",
            Refusal::Merge => "drag one hand card onto another to merge",
        };
        f.write_str(text)
    }
}
