//! Every player-facing text, in one table. Widgets ask for a [`T`] key in the
//! current [`Lang`]; no sentence is written into a widget.
//!
//! Texts may hold `{name}` placeholders, filled by [`fill`].

use serde::{Deserialize, Serialize};

/// A language of the interface.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    /// English.
    #[default]
    En,
}

impl Lang {
    /// All languages, for the settings menu.
    pub const ALL: [Lang; 1] = [Lang::En];

    /// The language's own name.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
        }
    }
}

macro_rules! texts {
    ($($key:ident => $en:expr,)*) => {
        /// A text of the interface.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        #[allow(missing_docs)]
        pub enum T { $($key,)* }

        impl T {
            /// Every key, for completeness tests.
            pub const ALL: &'static [T] = &[$(T::$key,)*];

            /// The text in `lang`.
            pub fn tr(self, lang: Lang) -> &'static str {
                match lang {
                    Lang::En => match self { $(T::$key => $en,)* },
                }
            }
        }
    };
}

texts! {
    Title => "Minesweeper Chess",
    Subtitle => "Chess with a minefield under the fog",
    PlayHotSeat => "Play: two players, one screen",
    PlayComputer => "Play against the computer",
    PlayPuzzle => "Sweeper Sudoku (puzzle)",
    ComingSoon => "coming soon",
    Resume => "Resume saved game",
    Board => "Board",
    HowToPlay => "How to play",
    Settings => "Settings",
    Quit => "Quit",
    Back => "Back",
    Continue => "Continue",
    MainMenu => "Main menu",
    Paused => "Paused",
    NewGame => "New game",
    Undo => "Undo",
    Resign => "Resign",
    OfferDraw => "Agree to a draw",
    Flip => "Flip board",
    Export => "Export game",
    Import => "Import game",
    Copy => "Copy",
    Load => "Load",
    Close => "Close",
    ToMove => "{side} to move",
    White => "White",
    Black => "Black",
    Check => "Check!",
    Mines => "Mines left: {n}",
    Captured => "Captured",
    Destroyed => "Destroyed by mines",
    Moves => "Moves",
    GameOver => "Game over",
    Volume => "Volume",
    Mute => "Mute",
    Theme => "Board theme",
    Coordinates => "Show coordinates",
    AnimationSpeed => "Animation speed",
    AnimOff => "off",
    AnimSlow => "slow",
    AnimNormal => "normal",
    AnimFast => "fast",
    Palette => "Count colours",
    PaletteClassic => "classic Minesweeper",
    PaletteColourBlind => "colour-blind safe",
    Language => "Language",
    PresetErrors => "Some boards in levels/ have errors:",
    PresetChanged => "This board changed on disk; start a new game to use it.",
    SaveCorrupt => "The saved game could not be read ({why}); a new game was started.",
    ImportFailed => "Could not import the game: {why}",
    SweepHint => "Right-click or S: sweep the cell ahead",
    Keys => "Keys: Esc menu/deselect · F flip · U undo · M mute · S sweep",
    Rules => "Chess on an 8×10 board. Ranks 4–7 start under fog, hiding four mines.\n\n\
        • A piece that lands on a cell lifts the fog from it and its eight neighbours. \
        Revealed cells show how many mines touch them, like Minesweeper.\n\
        • A piece (or pawn moving normally) that lands on a mine is destroyed, and the mine with it. \
        Sliding pieces pass over mines safely: only the landing cell counts.\n\
        • Kings are immune: a king that steps on a mine removes it.\n\
        • Sapper action: select a pawn and click the bomb on the cell ahead (or right-click it). \
        Any mine there is removed; the pawn stays and the turn passes. Not allowed while in check.\n\
        • When every mine is found or removed, the fog lifts for good.\n\
        • Otherwise chess: castling, promotion to a queen, no en passant, no fifty-move rule. \
        A blast that leaves your own king in check loses at once.",
    WinCheckmate => "{side} wins by checkmate",
    WinBlast => "{side} wins: the blast exposed the enemy king",
    WinResignation => "{side} wins by resignation",
    DrawStalemate => "Draw by stalemate",
    DrawRepetition => "Draw by threefold repetition",
    DrawMaterial => "Draw: neither side can mate",
    DrawAgreement => "Draw by agreement",
}

/// Replaces `{name}` placeholders in `text`.
pub fn fill(text: &str, args: &[(&str, &str)]) -> String {
    let mut out = text.to_string();
    for (k, v) in args {
        out = out.replace(&format!("{{{k}}}"), v);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_has_text_in_every_language() {
        for lang in Lang::ALL {
            for key in T::ALL {
                assert!(!key.tr(lang).trim().is_empty(), "{key:?} in {lang:?}");
            }
        }
    }

    #[test]
    fn placeholders_fill() {
        assert_eq!(
            fill(T::ToMove.tr(Lang::En), &[("side", "White")]),
            "White to move"
        );
    }
}
