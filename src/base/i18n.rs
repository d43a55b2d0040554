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
    pub(crate) const ALL: [Lang; 1] = [Lang::En];

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
            #[cfg(test)]
            pub(crate) const ALL: &'static [T] = &[$(T::$key,)*];

            /// The text in `lang`.
            pub(crate) fn tr(self, lang: Lang) -> &'static str {
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
    Level => "Level",
    LevelBeginner => "Beginner",
    LevelCasual => "Casual",
    LevelStrong => "Strong",
    LevelMaster => "Master",
    YouPlay => "You play",
    VsComputer => "Against the computer ({level})",
    Thinking => "The computer is thinking…",
    Hint => "Hint",
    HintThinking => "Looking for a good move…",
    SearchInfo => "Last search: depth {depth}, {nodes} positions",
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
    SweepHint => "Right-click, S or (touch) hold the cell ahead: sweep it",
    Keys => "Keys: Esc menu/deselect · F flip · U undo · H hint · M mute · S sweep",
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
    PieceKing => "king",
    PieceQueen => "queen",
    PieceRook => "rook",
    PieceBishop => "bishop",
    PieceKnight => "knight",
    PiecePawn => "pawn",
    RefGameOver => "The game is over.",
    RefNoPiece => "There is no piece on {sq}.",
    RefNotYourTurn => "It is {side}'s turn.",
    RefOnlyPawnsSweep => "Only pawns can sweep.",
    RefNoSapperRule => "This board has no sapper action.",
    RefSweepInCheck => "A pawn cannot sweep while your king is in check.",
    RefCannotSweep => "The pawn on {from} cannot sweep {to}.",
    RefNothingToSweep => "No mine is hidden any more: there is nothing on {sq} to sweep. The game goes on as chess.",
    RefMustPromote => "A pawn reaching {sq} must promote.",
    RefWrongKind => "The {piece} on {from} cannot make that move to {to}.",
    RefInCheck => "Your king on {sq} is in check: get it out of check.",
    RefCannotGo => "The {piece} on {from} cannot go to {to}.",
    ThemeWalnut => "Walnut",
    ThemeTournament => "Tournament",
    ThemeSlate => "Slate",
    WinCheckmate => "{side} wins by checkmate",
    WinBlast => "{side} wins: the blast exposed the enemy king",
    WinResignation => "{side} wins by resignation",
    DrawStalemate => "Draw by stalemate",
    DrawRepetition => "Draw by threefold repetition",
    DrawMaterial => "Draw: neither side can mate",
    DrawAgreement => "Draw by agreement",
}

/// The name of a piece kind.
pub fn role(r: minesweeper_core::chess::Role) -> T {
    use minesweeper_core::chess::Role::*;
    match r {
        King => T::PieceKing,
        Queen => T::PieceQueen,
        Rook => T::PieceRook,
        Bishop => T::PieceBishop,
        Knight => T::PieceKnight,
        Pawn => T::PiecePawn,
    }
}

/// A refused move, in words.
pub fn refusal(r: minesweeper_core::chess::Refusal, lang: Lang) -> String {
    use minesweeper_core::chess::Refusal::*;
    let side = |c: minesweeper_core::chess::Color| {
        if c == minesweeper_core::chess::Color::White {
            T::White
        } else {
            T::Black
        }
        .tr(lang)
    };
    match r {
        GameOver => T::RefGameOver.tr(lang).into(),
        NoPiece(s) => fill(T::RefNoPiece.tr(lang), &[("sq", &s.to_string())]),
        NotYourTurn(c) => fill(T::RefNotYourTurn.tr(lang), &[("side", side(c))]),
        OnlyPawnsSweep => T::RefOnlyPawnsSweep.tr(lang).into(),
        NoSapperRule => T::RefNoSapperRule.tr(lang).into(),
        SweepInCheck => T::RefSweepInCheck.tr(lang).into(),
        CannotSweep(a, b) => fill(
            T::RefCannotSweep.tr(lang),
            &[("from", &a.to_string()), ("to", &b.to_string())],
        ),
        NothingToSweep(s) => fill(T::RefNothingToSweep.tr(lang), &[("sq", &s.to_string())]),
        MustPromote(s) => fill(T::RefMustPromote.tr(lang), &[("sq", &s.to_string())]),
        WrongKind(p, a, b) => fill(
            T::RefWrongKind.tr(lang),
            &[
                ("piece", role(p).tr(lang)),
                ("from", &a.to_string()),
                ("to", &b.to_string()),
            ],
        ),
        InCheck(k) => fill(T::RefInCheck.tr(lang), &[("sq", &k.to_string())]),
        CannotGo(p, a, b) => fill(
            T::RefCannotGo.tr(lang),
            &[
                ("piece", role(p).tr(lang)),
                ("from", &a.to_string()),
                ("to", &b.to_string()),
            ],
        ),
    }
}

/// Replaces `{name}` placeholders in `text`.
pub(crate) fn fill(text: &str, args: &[(&str, &str)]) -> String {
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
    fn every_refusal_reads_without_placeholders() {
        use minesweeper_core::chess::{Color, Refusal, Role, Square};
        let (a, b) = (Square::new(4, 1), Square::new(4, 3));
        for r in [
            Refusal::GameOver,
            Refusal::NoPiece(a),
            Refusal::NotYourTurn(Color::Black),
            Refusal::OnlyPawnsSweep,
            Refusal::NoSapperRule,
            Refusal::SweepInCheck,
            Refusal::CannotSweep(a, b),
            Refusal::NothingToSweep(b),
            Refusal::MustPromote(b),
            Refusal::WrongKind(Role::Pawn, a, b),
            Refusal::InCheck(a),
            Refusal::CannotGo(Role::Knight, a, b),
        ] {
            let text = refusal(r, Lang::En);
            assert!(!text.contains('{') && !text.is_empty(), "{text}");
        }
        assert_eq!(
            refusal(Refusal::NotYourTurn(Color::Black), Lang::En),
            "It is Black's turn."
        );
    }

    #[test]
    fn placeholders_fill() {
        assert_eq!(
            fill(T::ToMove.tr(Lang::En), &[("side", "White")]),
            "White to move"
        );
    }
}
