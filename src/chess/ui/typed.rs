//! Moves typed in the panel: SAN in the international letters or the
//! move list's (`Nf3`, `Кf3`, `Cf3`), coordinates (`e2e4`) or the sweep as
//! the list writes it (`e2*`); Enter plays, a refusal says why. Read on the
//! public board, so what a typed move may be never depends on a hidden mine.

use bevy::prelude::*;
use bevy_egui::egui;
use minesweeper_core::chess::notation::{NotationError, parse_typed};
use minesweeper_core::chess::{Move, PublicPosition};

use crate::base::i18n::{T, Texts};
use crate::base::settings::Notation;
use crate::base::widgets::named;

/// The move being typed, kept between frames.
#[derive(Resource, Debug, Default)]
pub(crate) struct TypedMove(pub String);

/// The typing line. On Enter: the move to ask for, or why there is none
/// (worded with `words::typed`). Enter with nothing focused (and `take_enter`: no board
/// cursor) puts the caret here.
pub(super) fn move_entry(
    ui: &mut egui::Ui,
    tx: &Texts,
    notation: Notation,
    public: Option<&PublicPosition>,
    typed: &mut TypedMove,
    take_enter: bool,
) -> Option<Result<Move, NotationError>> {
    let edit = egui::TextEdit::singleline(&mut typed.0)
        .hint_text(tx.t(T::TypeMove))
        .desired_width(f32::INFINITY);
    let r = named("move-input", ui.add(edit));
    let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
    if !r.lost_focus() || !enter {
        let idle = ui.ctx().memory(|m| m.focused().is_none());
        if take_enter && enter && idle {
            r.request_focus();
        }
        return None;
    }
    let text = typed.0.trim().to_string();
    r.request_focus();
    let pos = public.filter(|_| !text.is_empty())?;
    let letters = tx.letters();
    let letters = letters.each_ref().map(String::as_str);
    let read = parse_typed(pos.position(), &text, &letters, notation == Notation::Local);
    if read.is_ok() {
        typed.0.clear();
    }
    Some(read)
}
