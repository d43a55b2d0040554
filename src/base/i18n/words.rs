//! The rules' answers in words: refused moves and actions, hints, board
//! code errors, piece and card names. The core crate returns these as data
//! (an enum with its arguments); the player's language words them here.

use fluent_bundle::FluentValue;
use minesweeper_core::chess::notation::NotationError;
use minesweeper_core::chess::{Color, Refusal, Role};
use minesweeper_core::sudoku::{self, CodeError, Hint, PieceKind, Side};

use super::{T, Texts};

/// The name of a piece kind.
pub fn role(r: Role) -> T {
    match r {
        Role::King => T::PieceKing,
        Role::Queen => T::PieceQueen,
        Role::Rook => T::PieceRook,
        Role::Bishop => T::PieceBishop,
        Role::Knight => T::PieceKnight,
        Role::Pawn => T::PiecePawn,
    }
}

/// The name of a side ("White").
pub fn side(c: Color) -> T {
    if c == Color::White {
        T::White
    } else {
        T::Black
    }
}

fn text<'a>(s: impl ToString) -> FluentValue<'a> {
    FluentValue::from(s.to_string())
}

/// A refused chess move, in words.
pub fn refusal(tx: &Texts, r: Refusal) -> String {
    let piece = |p: Role| text(tx.t(role(p)));
    match r {
        Refusal::GameOver => tx.t(T::RefGameOver),
        Refusal::NoPiece(s) => tx.f(T::RefNoPiece, &[("sq", text(s))]),
        Refusal::NotYourTurn(c) => tx.f(T::RefNotYourTurn, &[("side", text(tx.t(side(c))))]),
        Refusal::OnlyPawnsSweep => tx.t(T::RefOnlyPawnsSweep),
        Refusal::NoSapperRule => tx.t(T::RefNoSapperRule),
        Refusal::SweepInCheck => tx.t(T::RefSweepInCheck),
        Refusal::CannotSweep(a, b) => {
            tx.f(T::RefCannotSweep, &[("from", text(a)), ("to", text(b))])
        }
        Refusal::NothingToSweep(s) => tx.f(T::RefNothingToSweep, &[("sq", text(s))]),
        Refusal::MustPromote(s) => tx.f(T::RefMustPromote, &[("sq", text(s))]),
        Refusal::WrongKind(p, a, b) => tx.f(
            T::RefWrongKind,
            &[("piece", piece(p)), ("from", text(a)), ("to", text(b))],
        ),
        Refusal::InCheck(k) => tx.f(T::RefInCheck, &[("sq", text(k))]),
        Refusal::CannotGo(p, a, b) => tx.f(
            T::RefCannotGo,
            &[("piece", piece(p)), ("from", text(a)), ("to", text(b))],
        ),
    }
}

/// A card's piece and side ("white knight").
pub fn card(kind: PieceKind, side: Side) -> T {
    let white = side == Side::White;
    match kind {
        PieceKind::King if white => T::CardWhiteKing,
        PieceKind::Queen if white => T::CardWhiteQueen,
        PieceKind::Rook if white => T::CardWhiteRook,
        PieceKind::Bishop if white => T::CardWhiteBishop,
        PieceKind::Knight if white => T::CardWhiteKnight,
        PieceKind::King => T::CardBlackKing,
        PieceKind::Queen => T::CardBlackQueen,
        PieceKind::Rook => T::CardBlackRook,
        PieceKind::Bishop => T::CardBlackBishop,
        PieceKind::Knight => T::CardBlackKnight,
    }
}

/// A refused Sweeper Sudoku action, in words.
pub fn sudoku_refusal(tx: &Texts, r: sudoku::Refusal) -> String {
    use sudoku::Refusal as R;
    let piece = |k: PieceKind| text(tx.t(role(k.role())));
    match r {
        R::Over => tx.t(T::SrefOver),
        R::FlagOnOpen => tx.t(T::SrefFlagClosed),
        R::PieceThere => tx.t(T::SrefPieceThere),
        R::ProbeOpen => tx.t(T::SrefProbeClosed),
        R::NoCard => tx.t(T::SrefNoCard),
        R::PlaceOnOpen => tx.t(T::SrefPlaceClosed),
        R::Flagged => tx.t(T::SrefFlagged),
        R::OffBoard => tx.t(T::SrefOffBoard),
        R::NoPiece => tx.t(T::SrefNoPiece),
        R::OtherPiece => tx.t(T::SrefOtherPiece),
        R::NoStamina(k) => tx.f(T::SrefNoStamina, &[("piece", piece(k))]),
        R::Question => tx.t(T::SrefQuestion),
        R::CannotMove(k) => tx.f(T::SrefCannotMove, &[("piece", piece(k))]),
        R::FlagJump => tx.t(T::SrefFlagJump),
        R::NoJump => tx.t(T::SrefNoJump),
        R::Discard => tx.t(T::SrefDiscard),
        R::Merge => tx.t(T::SrefMerge),
    }
}

/// A Sweeper Sudoku hint, with the cell named like `b3`.
pub fn hint(tx: &Texts, h: Hint, size: u8) -> String {
    let cell = ("cell", text(sudoku::deduce::cell_name(size, h.cell())));
    match h {
        Hint::Mine(_) => tx.f(T::HintMine, &[cell]),
        Hint::SafeDigit(_, d) => tx.f(T::HintSafeDigit, &[cell, ("digit", d.into())]),
        Hint::Safe(_) => tx.f(T::HintSafe, &[cell]),
        Hint::Digit(_, d) => tx.f(T::HintDigit, &[cell, ("digit", d.into())]),
    }
}

/// What is wrong with a typed board code.
pub fn code_error(tx: &Texts, e: &CodeError) -> String {
    let code = |c: &String| ("code", text(c));
    let example = ("example", text(sudoku::board::EXAMPLE_CODE));
    match e {
        CodeError::NotACode(c) => tx.f(T::CodeNotACode, &[code(c), example]),
        CodeError::TooShort(c) => tx.f(T::CodeTooShort, &[code(c), example]),
        CodeError::UnknownTag(t, tags) => tx.f(
            T::CodeUnknownTag,
            &[("tag", text(t)), ("tags", text(tags.join(", ")))],
        ),
        CodeError::BadCharacter(c) => tx.f(T::CodeBadCharacter, &[("char", text(c))]),
        CodeError::TooLong(c) => tx.f(T::CodeTooLong, &[code(c)]),
        CodeError::Typo(c) => tx.f(T::CodeTypo, &[code(c)]),
    }
}

/// Why a typed move was not played: not a move, not legal here, or the
/// piece it names is not clear.
pub fn typed(tx: &Texts, e: &NotationError) -> String {
    let (key, t) = match e {
        NotationError::Syntax(t) => (T::TypedSyntax, t),
        NotationError::Illegal(t) => (T::TypedIllegal, t),
        NotationError::Ambiguous(t) => (T::TypedAmbiguous, t),
    };
    tx.f(key, &[("text", text(t))])
}

/// A board's rating in words (one to four stars).
pub fn rating(stars: u8) -> T {
    match stars {
        0 | 1 => T::RatingGentle,
        2 => T::RatingThoughtful,
        3 => T::RatingTricky,
        _ => T::RatingDaring,
    }
}
