//! How to play Sweeper Sudoku, in our words, with the controls.

use crate::base::diagram::Frame;
use crate::base::i18n::T;
use crate::base::widgets::Rules;

/// Sweeper Sudoku's how-to-play page (drawn by
/// [`crate::base::widgets::how_to_play`] in
/// [`crate::base::screen::Menu::HowToPlay`] on a Sweeper Sudoku screen).
pub(crate) struct SudokuRules;

impl Rules for SudokuRules {
    const TEXTS: (T, T) = (T::HelpSudokuTitle, T::HelpSudoku);

    fn picture(section: usize) -> Option<&'static [Frame]> {
        super::pictures::sudoku_picture(section)
    }
}
