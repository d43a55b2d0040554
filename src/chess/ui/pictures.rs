//! The pictures of the chess rules page, one per section (by heading):
//! the fog lifting one ring with its counts and then for good, a blast and
//! the royal sapper, the pawn's sweep. See base/diagram.rs for the format.

use crate::base::diagram::Frame;

const FOG: &[&str] = &["~ ~ ~ ~ ~", "~ ~ ~ ~ ~", "~ ~ ~ ~ ~", ". . . . ."];

/// The board: Black's back rank and pawns, the fog zone, White's pawns.
const BOARD: &[Frame] = &[Frame {
    rows: &["r n b q k", "p p p p p", "~ ~ ~ ~ ~", "P P P P P"],
    arrow: None,
}];

/// A knight lands in the fog: one ring lifts with its counts; once every
/// mine is found, the rest lifts for good.
const FOG_ZONE: &[Frame] = &[
    Frame {
        rows: &["~ ~ ~ ~ ~", "~ ~ ~ ~ ~", "~ ~ ~ ~ ~", ". N . . ."],
        arrow: Some((16, 7)),
    },
    Frame {
        rows: &["~ . . 1 ~", "~ . N 1 ~", "~ . . . ~", ". . . . ."],
        arrow: None,
    },
    Frame {
        rows: &[". . . 1 *", ". . N 1 1", ". . . . .", ". . . . ."],
        arrow: None,
    },
];

/// A bishop lands on a mine: the blast takes both. A king lands on one:
/// the royal sapper removes it, unharmed.
const MINES: &[Frame] = &[
    Frame {
        rows: &["~ ~ ~ ~ ~", "~ ~ ~ ~ ~", "~ ~ ~ ~ ~", "B . . . ."],
        arrow: Some((15, 7)),
    },
    Frame {
        rows: &["~ . . . ~", "~ . ! . ~", "~ . . . ~", ". . . . ."],
        arrow: None,
    },
    Frame {
        rows: &["~ . . . ~", "~ . . . ~", "~ . . . ~", ". . . . ."],
        arrow: None,
    },
    Frame {
        rows: FOG,
        arrow: None,
    },
    Frame {
        rows: &["~ ~ ~ ~ ~", "~ ~ ~ ~ ~", "~ ~ ~ ~ ~", ". . K . ."],
        arrow: Some((17, 12)),
    },
    Frame {
        rows: &["~ ~ ~ ~ ~", "~ . . . ~", "~ . Kv . ~", ". . . . ."],
        arrow: None,
    },
];

/// A pawn's sweep: the bomb on the cell ahead, then the cell swept.
const SWEEP: &[Frame] = &[
    Frame {
        rows: &["~ ~ ~ ~ ~", "~ ~ ~ ~ ~", "~ ~ ~^ ~ ~", ". . P . ."],
        arrow: None,
    },
    Frame {
        rows: &["~ ~ ~ ~ ~", "~ ~ ~ ~ ~", "~ ~ v ~ ~", ". . P . ."],
        arrow: None,
    },
];

/// The picture beside heading `i` of the chess rules.
pub(crate) fn chess_picture(i: usize) -> Option<&'static [Frame]> {
    match i {
        0 => Some(BOARD),
        1 => Some(FOG_ZONE),
        2 => Some(MINES),
        3 => Some(SWEEP),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_picture_is_drawable() {
        for i in 0..8 {
            if let Some(p) = chess_picture(i) {
                assert_eq!(crate::base::diagram::check(p), Ok(()), "picture {i}");
            }
        }
        assert!(
            crate::base::diagram::check(&[Frame {
                rows: &["~ z"],
                arrow: None
            }])
            .is_err()
        );
    }
}
