//! The pictures of Sweeper Sudoku's rules page, one per section (by
//! heading): a flag planted, a card played right and wrong, a sensor's
//! reading, a knight's flag-jump, a probe. See base/diagram.rs.

use crate::base::diagram::Frame;

/// A flag on a closed cell.
const FLAGS: &[Frame] = &[
    Frame {
        rows: &["~ ~ 3 ~", "~ ~ ~ ~", "1 ~ ~ 4", "~ 3 ~ ~"],
        arrow: None,
    },
    Frame {
        rows: &["~ ~ 3 ~", "~ ~ ~f ~", "1 ~ ~ 4", "~ 3 ~ ~"],
        arrow: None,
    },
];

/// A card played onto the cell of its digit opens it; on another cell it
/// is refused.
const HAND: &[Frame] = &[
    Frame {
        rows: &["~ ~ 3 ~", "~ ~ ~ ~", "1 ~ ~ 4", "~ 3 ~ ~"],
        arrow: None,
    },
    Frame {
        rows: &["~ ~ 3 ~", "~ N2 ~ ~", "1 ~ ~ 4", "~ 3 ~ ~"],
        arrow: None,
    },
    Frame {
        rows: &["~ ~ 3 ~", "~ N2 ~x ~", "1 ~ ~ 4", "~ 3 ~ ~"],
        arrow: None,
    },
];

/// A piece on the board reads the mines around it.
const SENSORS: &[Frame] = &[Frame {
    rows: &["~o ~o ~o ~", "~o B1 ~o ~", "~o ~o ~o 4", "~ 3 ~ ~"],
    arrow: None,
}];

/// A knight jumps onto a flag and lifts it.
const MOVING: &[Frame] = &[
    Frame {
        rows: &["~ ~ 3 ~", "~ ~ ~ ~f", "1 N2 ~ 4", "~ 3 ~ ~"],
        arrow: Some((9, 7)),
    },
    Frame {
        rows: &["~ ~ 3 ~", "~ ~ ~ N2", "1 . ~ 4", "~ 3 ~ ~"],
        arrow: None,
    },
];

/// Held until the fuse burns, a probe opens a cell.
const PROBES: &[Frame] = &[
    Frame {
        rows: &["~ ~ 3 ~", "~ ~o ~ ~", "1 ~ ~ 4", "~ 3 ~ ~"],
        arrow: None,
    },
    Frame {
        rows: &["~ ~ 3 ~", "~ 4 ~ ~", "1 ~ ~ 4", "~ 3 ~ ~"],
        arrow: None,
    },
];

/// The picture beside heading `i` of the Sweeper Sudoku rules.
pub(crate) fn sudoku_picture(i: usize) -> Option<&'static [Frame]> {
    match i {
        1 => Some(FLAGS),
        2 => Some(HAND),
        3 => Some(SENSORS),
        4 => Some(MOVING),
        5 => Some(PROBES),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_picture_is_drawable() {
        for i in 0..10 {
            if let Some(p) = sudoku_picture(i) {
                assert_eq!(crate::base::diagram::check(p), Ok(()), "picture {i}");
            }
        }
    }
}
