//! The result card at the end of a board: won or lost and why, the score in
//! pawns, what was done, and play again, a new board, look at the board or
//! back to the menu.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::Boards;
use crate::base::audio::PlaySound;
use crate::base::audio::synth::Effect;
use crate::base::screen::Screen;
use crate::base::widgets::centered;
use crate::sudoku::ecs::Puzzle;
use minesweeper_core::sudoku::{CellState, MineFate, PuzzleGame, Status};

/// Draws the card once the board is over, until it is closed.
pub(crate) fn result_card(
    mut contexts: EguiContexts,
    puzzle: Res<Puzzle>,
    mut boards: Boards,
    mut sound: MessageWriter<PlaySound>,
) -> Result {
    let Some(game) = &puzzle.game else {
        return Ok(());
    };
    if game.status == Status::Playing || boards.menu.result_closed {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let title = if game.status == Status::Won {
        "Wipe!"
    } else {
        "Board lost"
    };
    let mut click = false;
    centered(title).show(&ctx, |ui| {
        ui.set_min_width(300.0);
        let why = match game.status {
            Status::Won => "Every mine is done with.",
            Status::LostLives => "No lives left.",
            Status::LostPieces => "Out of pieces, with nothing left to move.",
            Status::Playing => "",
        };
        ui.label(egui::RichText::new(why).size(16.0));
        ui.add_space(4.0);
        ui.label(
            egui::RichText::new(format!("{:.1} pawns", game.pawns()))
                .size(28.0)
                .strong(),
        );
        ui.label(format!("{} points", game.score));
        facts(ui, &puzzle, game);
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            if boards.again_buttons(ui, "Play again") {
                click = true;
            }
            if ui.button("Look at the board").clicked() {
                boards.menu.result_closed = true;
                click = true;
            }
            if ui.button("Menu").clicked() {
                boards.show(Screen::SudokuMenu);
                click = true;
            }
        });
    });
    if click {
        sound.write(PlaySound(Effect::Click));
    }
    Ok(())
}

/// Mines defused and blown, cells opened, lives, actions, cards, board,
/// code and rating.
fn facts(ui: &mut egui::Ui, puzzle: &Puzzle, game: &PuzzleGame) {
    let fate = |f: MineFate| game.cells.iter().filter(|c| c.mine == Some(f)).count();
    let opened = game
        .cells
        .iter()
        .enumerate()
        .filter(|(i, c)| c.state == CellState::Open && !game.board.open[*i])
        .count();
    egui::Grid::new("result").num_columns(2).show(ui, |ui| {
        for (k, v) in [
            (
                "Mines defused",
                format!("{} of {}", fate(MineFate::Defused), game.mines_total()),
            ),
            ("Mines blown", fate(MineFate::Blown).to_string()),
            ("Cells opened", opened.to_string()),
            ("Lives left", game.lives.to_string()),
            ("Actions", game.moves.to_string()),
            (
                "Cards left",
                (game.hand.len() + game.deck.len()).to_string(),
            ),
            ("Board", game.preset.file.name.clone()),
            ("Code", puzzle.code.clone()),
            (
                "Rating",
                puzzle
                    .rating
                    .map(|r| r.label().to_string())
                    .unwrap_or_default(),
            ),
        ] {
            ui.label(k);
            ui.label(v);
            ui.end_row();
        }
    });
}
