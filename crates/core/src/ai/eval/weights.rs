//! The evaluation's features by name and their tuned weights (middle
//! game and end game), and the material values exchanges count with.

use crate::chess::Role;

/// Material values in centipawns, by [`Role`] order (pawn … king): what
/// exchanges and move ordering count with.
pub const VALUE: [i32; 6] = [100, 310, 330, 500, 950, 0];

/// The value of a role.
pub fn value(role: Role) -> i32 {
    VALUE[role as usize - 1]
}

/// Number of features.
pub const FEATURES: usize = 37;

/// The features' names, in order (for the tuner's report).
pub const NAMES: [&str; FEATURES] = [
    "pawn",
    "knight",
    "bishop",
    "rook",
    "queen",
    "knight off-centre",
    "bishop off-centre",
    "queen off-centre",
    "king off-centre",
    "knight mobility",
    "bishop mobility",
    "rook mobility",
    "queen mobility",
    "rook on a file without own pawns",
    "rook on an open file",
    "pawn advance",
    "central pawn",
    "doubled pawn",
    "isolated pawn",
    "passed pawn",
    "passed pawn progress²",
    "king off the back rank",
    "king's pawn shield",
    "bishop pair",
    "attacks next to the enemy king",
    "piece attacked by a pawn",
    "side to move",
    "major attacked by a lesser piece, to move",
    "major attacked by a lesser piece, not to move",
    "undefended piece attacked, to move",
    "undefended piece attacked, not to move",
    "undefended pawn attacked",
    "safe checks",
    "king danger (attackers' weight and checks, squared)",
    "knight or bishop on an outpost",
    "rook on the enemy pawns' first rank",
    "passed pawn: enemy king's distance less own king's",
];

/// Middle-game and end-game weight of each feature, in centipawns.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// With all pieces on the board.
    pub mg: [f32; FEATURES],
    /// With none but kings and pawns.
    pub eg: [f32; FEATURES],
}

/// The weights the engine plays with: Texel-tuned (`minesweeper_cli tune`,
/// material kept) on 278,235 quiet positions of 2,246 games: 1,799 of
/// Fairy-Stockfish against itself (10 and 25 ms a move, from the
/// harness's openings and 1,500 varied ones), 165 of this engine against
/// it and 282 against itself (held-out error 0.11022 → 0.10798; +97 ± 37
/// Elo in self-play at 25 ms a move, 288 games). With the seven threat
/// and king-danger features: 0.10798 → 0.10400, +76 ± 34 (300 games);
/// with safe mobility, outposts, rooks on the enemy pawns' rank and the
/// kings' race to passed pawns: 0.10326, +50 ± 33 (300 games).
pub const WEIGHTS: Weights = Weights {
    mg: [
        100.0, // pawn
        310.0, // knight
        330.0, // bishop
        500.0, // rook
        950.0, // queen
        -0.7,  // knight off-centre
        1.6,   // bishop off-centre
        -0.6,  // queen off-centre
        8.2,   // king off-centre
        0.9,   // knight mobility
        1.4,   // bishop mobility
        2.3,   // rook mobility
        -0.1,  // queen mobility
        19.2,  // rook on a file without own pawns
        6.6,   // rook on an open file
        0.7,   // pawn advance
        2.5,   // central pawn
        -9.0,  // doubled pawn
        -5.1,  // isolated pawn
        1.4,   // passed pawn
        -1.3,  // passed pawn progress²
        -15.3, // king off the back rank
        5.4,   // king's pawn shield
        31.1,  // bishop pair
        10.0,  // attacks next to the enemy king
        -29.8, // piece attacked by a pawn
        5.9,   // side to move
        40.6,  // major attacked by a lesser piece, to move
        16.1,  // major attacked by a lesser piece, not to move
        60.0,  // undefended piece attacked, to move
        14.8,  // undefended piece attacked, not to move
        6.7,   // undefended pawn attacked
        11.7,  // safe checks
        7.7,   // king danger (attackers' weight and checks, squared)
        15.3,  // knight or bishop on an outpost
        10.1,  // rook on the enemy pawns' first rank
        -5.1,  // passed pawn: enemy king's distance less own king's
    ],
    eg: [
        100.0, // pawn
        310.0, // knight
        330.0, // bishop
        500.0, // rook
        950.0, // queen
        -3.9,  // knight off-centre
        -1.6,  // bishop off-centre
        4.1,   // queen off-centre
        -2.8,  // king off-centre
        5.0,   // knight mobility
        2.0,   // bishop mobility
        5.0,   // rook mobility
        9.8,   // queen mobility
        10.8,  // rook on a file without own pawns
        3.8,   // rook on an open file
        -5.4,  // pawn advance
        0.4,   // central pawn
        -8.2,  // doubled pawn
        -13.7, // isolated pawn
        -0.7,  // passed pawn
        3.2,   // passed pawn progress²
        11.1,  // king off the back rank
        -3.7,  // king's pawn shield
        31.4,  // bishop pair
        0.8,   // attacks next to the enemy king
        -29.9, // piece attacked by a pawn
        6.9,   // side to move
        40.2,  // major attacked by a lesser piece, to move
        15.2,  // major attacked by a lesser piece, not to move
        60.0,  // undefended piece attacked, to move
        14.8,  // undefended piece attacked, not to move
        14.9,  // undefended pawn attacked
        4.3,   // safe checks
        4.2,   // king danger (attackers' weight and checks, squared)
        10.1,  // knight or bishop on an outpost
        15.2,  // rook on the enemy pawns' first rank
        6.1,   // passed pawn: enemy king's distance less own king's
    ],
};

/// What [`features`] learns of a position: White's counts minus Black's,
/// and how far it is towards the end game (0 to 1).
#[derive(Clone, Debug, PartialEq)]
pub struct Features {
    /// White minus Black, by feature.
    pub counts: [i32; FEATURES],
    /// 0 with all pieces, 1 with none but kings and pawns.
    pub phase: f32,
}

impl Features {
    /// The score for White under `w`.
    pub fn score(&self, w: &Weights) -> f32 {
        let (mg, eg) = (1.0 - self.phase, self.phase);
        self.counts
            .iter()
            .enumerate()
            .map(|(i, &c)| c as f32 * (w.mg[i] * mg + w.eg[i] * eg))
            .sum()
    }
}
