//! How to play Sweeper Sudoku, in our words, with the controls.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::base::audio::PlaySound;
use crate::base::audio::synth::Effect;
use crate::base::screen::Menus;
use crate::base::widgets::centered;

/// How to play Sweeper Sudoku, in our words, with the controls.
const HOW_TO_PLAY: &str = "\
A solved sudoku hides under the fog: each digit once in every row, column and block. \
Mines are scattered separately, under any digit. Cells that start open never hold a mine.

An open cell shows a small count: the mines among its eight neighbours (an empty ring \
keeps it secret). The badge at each block's corner says how many mines the block holds.

Your hand holds pieces with digit cards. Put one on a closed cell to claim its digit. \
Right digit: the cell opens and the piece stays as a sensor. Wrong digit: the piece sits \
out and the cell is marked \u{2260} that digit. A mine blows up whatever the digit: a life \
and the piece are lost. The hand refills from the deck.

Sensors (the square badge): a white piece counts the mines left in its zone, a black \
piece the closed cells in its zone that hide its digit. King: the 8 cells around. Knight: \
its 8 jumps. Rook, bishop, queen: along their lines through closed cells, stopping at the \
first open cell or piece.

Board moves follow chess and cost stamina (the green pips: knight 3, others 2). A rook, \
bishop or queen opens its whole path: a flagged mine is defused, a flag without a mine \
becomes a question mark and the piece sits out (\u{2212}10), an unflagged mine blows up. A \
rook glides over open cells for free. A king or knight blows up on a mine, flag or not; \
a rook, bishop or queen takes the digit of the cell it stops on.

Knight flag-jump: right-click a knight (hold it on a touch screen), then pick a jump. \
Onto a mine it defuses it and may jump again for free; onto an empty cell it leaves a \
question mark and sits out. The first jump costs one stamina.

Probe: hold a closed cell until the fuse burns round it. A mine is defused (+10); an empty \
cell becomes a question mark for good (\u{2212}10), unless a king next to it spends his \
spare life (\u{2665}).

Discard a picked card (D, or drag it onto the deck) for a new one; drag one hand card onto another to merge: the \
digits add round the circle, the top digit counting as 1.

Defuse every mine to win (a Wipe; blown mines count as done). Lose all lives, or run out \
of pieces with nothing left to move, and the board is lost. Opened digits score their \
value, defused mines 10 each, multiplied when one move defuses several; ten points make \
a pawn.

Mouse: click a card then a cell (or drag it there); click a piece, then a dot to move; \
right-click to flag; hold to probe. Touch: tap, double-tap to flag, hold to probe, hold a \
knight to raise its flag. Keys: H hint, D discard, Esc cancel.";

/// Draws the page (in [`crate::base::screen::Menu::HowToPlay`] on a Sweeper
/// Sudoku screen).
pub(crate) fn how_to_play(
    mut contexts: EguiContexts,
    mut menus: Menus,
    mut sound: MessageWriter<PlaySound>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    centered("How to play Sweeper Sudoku").show(&ctx, |ui| {
        ui.set_max_width(520.0);
        egui::ScrollArea::vertical()
            .max_height(560.0)
            .show(ui, |ui| ui.label(HOW_TO_PLAY));
        if ui.button("Back").clicked() {
            menus.close();
            sound.write(PlaySound(Effect::Click));
        }
    });
    Ok(())
}
