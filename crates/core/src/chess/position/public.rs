//! The public view: a position without the hidden mines, what a player,
//! the move list or the computer may look at.

use super::*;

/// A position with the hidden mines taken away: all that a player, the move
/// list or the computer opponent may look at.
#[derive(Clone, Debug)]
pub struct PublicPosition {
    pub(super) position: Position,
    pub(super) counts: Vec<(Square, u8)>,
}

impl PublicPosition {
    /// The public position of `position`, whose hidden mines are
    /// described by `unknown` (their cells, number and the counts shown);
    /// [`PublicPosition::from_setup`] checks that some layout agrees.
    pub(crate) fn with_unknown(position: Position, unknown: &Unknown) -> PublicPosition {
        let counts = position
            .squares()
            .filter(|&sq| position.zone.contains(sq) && !position.fog.contains(sq))
            .map(|sq| {
                let n = unknown
                    .counts
                    .iter()
                    .find(|(s, _)| *s == sq)
                    .map_or(0, |(_, n)| *n);
                (sq, n)
            })
            .collect();
        PublicPosition { position, counts }
    }

    /// The visible position (discovered mines only).
    pub fn position(&self) -> &Position {
        &self.position
    }
    /// Mines still hidden under fog: the counter minus the discovered ones.
    pub fn hidden_mines(&self) -> u8 {
        self.position.unseen
    }
    /// The mine counter.
    pub fn mines_left(&self) -> usize {
        self.position.mines_left()
    }
    /// The counts of revealed fog-zone cells, in square order.
    pub fn counts(&self) -> &[(Square, u8)] {
        &self.counts
    }
    /// The description of what is seen: the hidden mines as
    /// [`Setup::unknown`], with the counts.
    pub fn to_setup(&self) -> Setup {
        let mut s = self.position.to_setup();
        if let Some(u) = &mut s.unknown {
            u.counts = self.counts.iter().copied().filter(|c| c.1 > 0).collect();
        }
        s
    }
    /// The count a revealed fog-zone cell shows (hidden mines included, as
    /// on the board); `None` under fog or outside the zone. Use this, not
    /// `position().revealed_count`, which only sees discovered mines.
    pub fn revealed_count(&self, sq: Square) -> Option<u8> {
        self.counts.iter().find(|(s, _)| *s == sq).map(|(_, n)| *n)
    }
    /// The legal moves; the same for every hidden-mine layout.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.position.legal_moves()
    }

    /// Plays `m` when what it does follows from what is seen: it lifts no
    /// fog and sweeps no unknown cell (a lift would reveal counts nobody
    /// has told this view; a sweep might find a mine).
    ///
    /// # Errors
    /// [`PublicMoveError::Illegal`] for an illegal move,
    /// [`PublicMoveError::Unknown`] when its outcome depends on hidden mines.
    pub fn play_seen(&mut self, m: Move) -> Result<MoveReport, PublicMoveError> {
        if !self.position.is_legal(m) {
            return Err(PublicMoveError::Illegal(IllegalMove(m)));
        }
        let unknown = self.position.unknown_cells();
        let mut next = self.position.clone();
        let report = next.play_unchecked(m);
        let swept_unknown = m.kind == MoveKind::Sapper && unknown.contains(m.to);
        if !report.lifted.is_empty() || !report.full_lift.is_empty() || swept_unknown {
            return Err(PublicMoveError::Unknown(m));
        }
        self.position = next;
        Ok(report)
    }
}

/// Why a public view cannot play a move by itself.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PublicMoveError {
    /// Not a legal move.
    Illegal(IllegalMove),
    /// Its outcome depends on what the fog hides: the view after it must be
    /// told (a public FEN), not guessed.
    Unknown(Move),
}

impl fmt::Display for PublicMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PublicMoveError::Illegal(e) => e.fmt(f),
            PublicMoveError::Unknown(m) => write!(
                f,
                "{m} lifts fog or sweeps an unknown cell: send the position after it as a public FEN"
            ),
        }
    }
}

impl std::error::Error for PublicMoveError {}
