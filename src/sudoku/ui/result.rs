//! The result card at the end of a board: won or lost and why, the score in
//! pawns, what was done (for the board of the day, the text to share and
//! the statistics), and play again, a new board, look at the board or
//! back to the menu.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::Boards;
use crate::base::audio::Effect;
use crate::base::audio::PlaySound;
use crate::base::i18n::{T, Texts, decimal, words};
use crate::base::screen::Screen;
use crate::base::widgets::card;
use crate::sudoku::ecs::Puzzle;
use crate::sudoku::ecs::daily::DailyStats;
use minesweeper_core::sudoku::{CellState, MineFate, PuzzleGame, Status};

/// Draws the card once the board is over, until it is closed.
pub(crate) fn result_card(
    mut contexts: EguiContexts,
    puzzle: Res<Puzzle>,
    mut boards: Boards,
    stats: Res<DailyStats>,
    mut sound: MessageWriter<PlaySound>,
) -> Result {
    let Some(game) = &puzzle.game else {
        return Ok(());
    };
    if game.status == Status::Playing || boards.menu.result_closed {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let tx = &boards.tx;
    let title = tx.t(if game.status == Status::Won {
        T::SudokuWipe
    } else {
        T::SudokuLost
    });
    let mut click = false;
    card(&ctx, title).show(&ctx, |ui| {
        ui.set_min_width(300.0);
        let tx = &boards.tx;
        let why = match game.status {
            Status::Won => tx.t(T::SudokuWhyWon),
            Status::LostLives => tx.t(T::SudokuWhyLives),
            Status::LostPieces => tx.t(T::SudokuWhyPieces),
            Status::Playing => String::new(),
        };
        ui.label(egui::RichText::new(why).size(16.0));
        ui.add_space(4.0);
        // A score worth a headline; nothing scored says so plainly.
        if game.score > 0 {
            ui.label(
                egui::RichText::new(tx.f(T::SudokuPawns, &[("pawns", decimal(game.pawns()))]))
                    .size(28.0)
                    .strong(),
            );
        }
        ui.label(tx.f(T::SudokuPoints, &[("points", game.score.into())]));
        // The facts scroll on a short window; the buttons stay in sight.
        egui::ScrollArea::vertical()
            .max_height((ctx.content_rect().height() - 260.0).max(140.0))
            .show(ui, |ui| {
                facts(ui, tx, &puzzle, game);
                if let Some(r) = &boards.daily.result {
                    super::daily::daily_result(ui, tx, r, &stats);
                }
            });
        ui.add_space(6.0);
        let (look, menu) = (tx.t(T::SudokuLook), tx.t(T::SudokuMenu));
        ui.horizontal_wrapped(|ui| {
            if boards.again_buttons(ui, T::SudokuPlayAgain) {
                click = true;
            }
            if ui.button(look).clicked() {
                boards.menu.result_closed = true;
                click = true;
            }
            if ui.button(menu).clicked() {
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

/// Mines done, the deck and hand, mines defused and blown, cells opened,
/// lives, actions, board, code and rating.
fn facts(ui: &mut egui::Ui, tx: &Texts, puzzle: &Puzzle, game: &PuzzleGame) {
    let fate = |f: MineFate| game.cells.iter().filter(|c| c.mine == Some(f)).count();
    let opened = game
        .cells
        .iter()
        .enumerate()
        .filter(|(i, c)| c.state == CellState::Open && !game.board.open[*i])
        .count();
    // The same words as the panel's, then how the mines were done.
    ui.label(tx.f(
        T::SudokuMinesDone,
        &[
            ("done", game.mines_done().into()),
            ("total", game.mines_total().into()),
        ],
    ));
    // The cards as the panel counts them: the deck, and the hand apart.
    ui.label(tx.f(
        T::SudokuDeck,
        &[
            ("deck", game.deck.len().into()),
            ("hand", game.hand.len().into()),
        ],
    ));
    egui::Grid::new("result").num_columns(2).show(ui, |ui| {
        for (k, v) in [
            (T::FactMinesDefused, fate(MineFate::Defused).to_string()),
            (T::FactMinesBlown, fate(MineFate::Blown).to_string()),
            (T::FactCellsOpened, opened.to_string()),
            (T::FactLivesLeft, game.lives.to_string()),
            (T::FactActions, game.moves.to_string()),
            (T::FactBoard, super::preset_text(tx, &game.preset).0),
            (T::FactCode, puzzle.code.clone()),
            (
                T::FactRating,
                puzzle
                    .rating
                    .map(|r| tx.t(words::rating(r.stars())))
                    .unwrap_or_default(),
            ),
        ] {
            ui.label(tx.t(k));
            ui.label(v);
            ui.end_row();
        }
    });
}
