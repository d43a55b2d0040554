//! Looking at a finished game with the engine: each position's score and
//! best move (searched on the board as the players saw it, so a verdict
//! never rests on a mine nobody could know of), the scores as White's
//! winning chances, and lichess-like verdicts on the moves that threw
//! chances away.

use super::{Limits, MATE, Search};
use crate::chess::{Color, Move, PublicPosition};

/// How deep each position of a game is searched (fixed, so an analysis
/// is the same on every machine and in the browser). Small enough that
/// one position, searched in one frame on the web, is a short hitch.
pub const ANALYSIS_LIMITS: Limits = Limits {
    depth: 4,
    nodes: 15_000,
    time: None,
};

/// The engine's view of one position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlyEval {
    /// The score for White, in centipawns (±[`MATE`] near a mate).
    pub white_cp: i32,
    /// The move it would play there, if any move is legal.
    pub best: Option<Move>,
}

impl PlyEval {
    /// White's winning chances, −1 (lost) to 1 (won).
    pub fn chances(&self) -> f64 {
        winning_chances(self.white_cp)
    }
}

/// Searches `public` (a position of the game as the players saw it).
pub fn evaluate(public: &PublicPosition) -> PlyEval {
    let turn = public.position().turn();
    let mut search = Search::new(public, ANALYSIS_LIMITS, 0, 0);
    if !search.has_legal_move() {
        return PlyEval {
            white_cp: 0,
            best: None,
        };
    }
    let Some(t) = search.step(std::time::Duration::from_secs(3600)) else {
        return PlyEval {
            white_cp: 0,
            best: None,
        };
    };
    let cp = if turn == Color::White {
        t.score
    } else {
        -t.score
    };
    PlyEval {
        white_cp: cp,
        best: Some(t.best),
    }
}

/// Winning chances from centipawns, −1 to 1: lichess's logistic curve.
pub fn winning_chances(cp: i32) -> f64 {
    let cp = f64::from(cp.clamp(-MATE, MATE));
    2.0 / (1.0 + (-0.003_682_08 * cp).exp()) - 1.0
}

/// How bad a move was, by the winning chances its mover gave away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// At least 0.1 of the −1..1 scale: `?!`.
    Inaccuracy,
    /// At least 0.2: `?`.
    Mistake,
    /// At least 0.3: `??`.
    Blunder,
}

impl Verdict {
    /// The annotation symbol.
    pub fn symbol(self) -> &'static str {
        match self {
            Verdict::Inaccuracy => "?!",
            Verdict::Mistake => "?",
            Verdict::Blunder => "??",
        }
    }

    /// The PGN numeric annotation glyph.
    pub fn nag(self) -> u8 {
        match self {
            Verdict::Inaccuracy => 6,
            Verdict::Mistake => 2,
            Verdict::Blunder => 4,
        }
    }
}

/// The verdict on a move by `mover` that took White's chances from
/// `before` to `after`.
pub fn judge(mover: Color, before: f64, after: f64) -> Option<Verdict> {
    let lost = match mover {
        Color::White => before - after,
        Color::Black => after - before,
    };
    if lost >= 0.3 {
        Some(Verdict::Blunder)
    } else if lost >= 0.2 {
        Some(Verdict::Mistake)
    } else if lost >= 0.1 {
        Some(Verdict::Inaccuracy)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::fen::parse_standard;

    #[test]
    fn chances_and_verdicts_follow_the_score() {
        assert_eq!(winning_chances(0), 0.0);
        assert!(winning_chances(300) > 0.5 && winning_chances(300) < 0.6);
        assert!((winning_chances(-300) + winning_chances(300)).abs() < 1e-12);
        assert!(winning_chances(MATE) > 0.999);
        assert_eq!(judge(Color::White, 0.5, 0.45), None);
        assert_eq!(judge(Color::White, 0.5, 0.35), Some(Verdict::Inaccuracy));
        assert_eq!(judge(Color::White, 0.5, 0.25), Some(Verdict::Mistake));
        assert_eq!(judge(Color::Black, -0.2, 0.3), Some(Verdict::Blunder));
        // A move that improves the mover's chances is never judged.
        assert_eq!(judge(Color::Black, 0.3, -0.2), None);
    }

    #[test]
    fn a_hanging_queen_scores_for_the_side_that_can_take_it() {
        // Black's queen on d3 can be taken by the e2 pawn; White to move.
        let p =
            parse_standard("4k3/8/8/8/8/8/8/3q4/4P3/4K3 w - - 0 1 8/8/8/8/8/8/8/8/8/8").unwrap();
        let e = evaluate(&p.public_view());
        // After exd3 White is a pawn up (king and pawn against a king):
        // about a pawn, give or take the pawn's and kings' placing.
        assert!(e.white_cp > 50, "{e:?}");
        assert_eq!(e.best.map(|m| m.to.to_string()).as_deref(), Some("d3"));
        // The same position with Black to move: Black keeps its queen.
        let q =
            parse_standard("4k3/8/8/8/8/8/8/3q4/4P3/4K3 b - - 0 1 8/8/8/8/8/8/8/8/8/8").unwrap();
        assert!(evaluate(&q.public_view()).white_cp < -500);
    }
}
