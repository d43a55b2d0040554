//! The side panel while a board shows: the board and its code, lives,
//! score, mines, deck, what the pointer will do, refusals and hints, and
//! the buttons (hint, discard, stop a knight's jumps; how to play, restart,
//! new board, menu).

use crate::base::widgets::side_panel;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::{Boards, card_text};
use crate::base::audio::PlaySound;
use crate::base::audio::synth::Effect;
use crate::base::draw::PanelWidth;
use crate::base::screen::{Menu, Menus, Screen};
use crate::sudoku::ecs::{Puzzle, PuzzleRequest};
use crate::sudoku::view::PuzzleInput;
use minesweeper_core::sudoku::{Action, PuzzleGame, Side, Status};

/// Draws the side panel and keeps [`PanelWidth`] up to date.
pub(crate) fn panel(
    mut contexts: EguiContexts,
    puzzle: Res<Puzzle>,
    mut boards: Boards,
    mut panel: ResMut<PanelWidth>,
    mut sound: MessageWriter<PlaySound>,
) -> Result {
    boards.menu.load();
    let ctx = contexts.ctx_mut()?.clone();
    let mut click = false;
    side_panel(&ctx, "puzzle-hud", &mut panel, |ui| {
        ui.add_space(6.0);
        ui.heading("Sweeper Sudoku");
        let Some(game) = &puzzle.game else {
            ui.label(egui::RichText::new("Choose a board to play.").weak());
            return;
        };
        board_facts(ui, &puzzle, game);
        ui.separator();
        pointer_and_hint(ui, &puzzle, game, &boards.input);
        ui.add_space(4.0);
        click |= board_buttons(ui, game, &mut boards);
        ui.separator();
        let block: Vec<String> = game
            .block_mines()
            .iter()
            .zip(game.block_done())
            .map(|(t, d)| format!("{d}/{t}"))
            .collect();
        ui.label(egui::RichText::new(format!("Block mines done: {}", block.join("  "))).weak());
        ui.label(egui::RichText::new(format!("Actions: {}", game.moves)).weak());
    });
    if click {
        sound.write(PlaySound(Effect::Click));
    }
    Ok(())
}

/// The board's name, code and rating; lives, score, mines, deck, the
/// pieces that sat out or were destroyed.
fn board_facts(ui: &mut egui::Ui, puzzle: &Puzzle, game: &PuzzleGame) {
    ui.label(egui::RichText::new(&game.preset.file.name).weak());
    ui.horizontal(|ui| {
        ui.label("Board code:");
        ui.monospace(&puzzle.code);
    });
    if let Some(r) = puzzle.rating {
        ui.label(
            egui::RichText::new(format!(
                "Rating: {} ({}/{} mines by deduction alone)",
                r.label(),
                r.mines_found,
                r.mines
            ))
            .weak(),
        );
    }
    ui.separator();
    let lives: String = (0..game.preset.file.lives)
        .map(|i| {
            if i < game.lives {
                '\u{2665}'
            } else {
                '\u{2661}'
            }
        })
        .collect();
    ui.label(
        egui::RichText::new(format!("Lives {lives}"))
            .size(18.0)
            .color(egui::Color32::from_rgb(230, 70, 90)),
    );
    ui.label(
        egui::RichText::new(format!(
            "Score {} points \u{00b7} {:.1} pawns",
            game.score,
            game.pawns()
        ))
        .size(16.0)
        .strong(),
    );
    ui.label(format!(
        "Mines {} of {} done",
        game.mines_done(),
        game.mines_total()
    ));
    ui.label(format!(
        "Deck {} cards \u{00b7} hand {}",
        game.deck.len(),
        game.hand.len()
    ));
    for (label, cards) in [("Sitting out", &game.bench), ("Destroyed", &game.destroyed)] {
        if !cards.is_empty() {
            let s: Vec<String> = cards
                .iter()
                .map(|c| card_text(c.kind, c.side, c.digit))
                .collect();
            ui.label(format!("{label}: {}", s.join(" ")));
        }
    }
}

/// What the pointer will do next, the last refusal and the hint.
fn pointer_and_hint(ui: &mut egui::Ui, puzzle: &Puzzle, game: &PuzzleGame, input: &PuzzleInput) {
    let doing = if let Some(k) = input.jumper {
        format!(
            "The knight on {} has its flag up: pick an orange ring to jump{}.",
            minesweeper_core::sudoku::deduce::cell_name(game.board.grid.size, k),
            if game.chain.is_some() { " (free)" } else { "" }
        )
    } else if let Some(c) = input.card.and_then(|i| game.hand.get(i)) {
        format!(
            "Place the {} {} {}: pick a closed cell.",
            if c.side == Side::White {
                "white"
            } else {
                "black"
            },
            c.kind.name(),
            c.digit
        )
    } else if input.piece.is_some() {
        "Pick a dot to move (blue: a free glide).".to_string()
    } else {
        "Pick a card or a piece; right-click flags; hold a cell to probe.".to_string()
    };
    ui.label(egui::RichText::new(doing).italics());
    if let Some((t, _)) = &input.toast {
        ui.label(
            egui::RichText::new(t)
                .color(egui::Color32::from_rgb(240, 170, 80))
                .strong(),
        );
    }
    if let Some(h) = puzzle.hint {
        ui.label(
            egui::RichText::new(format!("Hint: {}", h.describe(game.board.grid.size)))
                .color(egui::Color32::from_rgb(120, 230, 140)),
        );
    } else if puzzle.no_hint {
        ui.label(
            egui::RichText::new("Hint: nothing is certain from what you see.")
                .color(egui::Color32::from_rgb(200, 200, 140)),
        );
    }
}

/// Hint, discard the picked card, stop the knight's jumps.
fn board_buttons(ui: &mut egui::Ui, game: &PuzzleGame, boards: &mut Boards) -> bool {
    let mut click = false;
    let playing = game.status == Status::Playing;
    let wide = egui::vec2(270.0, 26.0);
    if ui
        .add_enabled(playing, egui::Button::new("Hint (H)").min_size(wide))
        .clicked()
    {
        boards.request(PuzzleRequest::Hint);
        click = true;
    }
    if ui
        .add_enabled(
            playing && boards.input.card.is_some(),
            egui::Button::new("Discard the picked card (D)").min_size(wide),
        )
        .clicked()
        && let Some(c) = boards.input.card.take()
    {
        boards.request(PuzzleRequest::Act(Action::Discard(vec![c])));
        click = true;
    }
    if game.chain.is_some()
        && ui
            .add_sized(wide, egui::Button::new("Stop the knight's jumps"))
            .clicked()
    {
        boards.request(PuzzleRequest::Act(Action::EndChain));
        boards.input.jumper = None;
        click = true;
    }
    click
}

/// The buttons under the board, in a small window so they stay reachable
/// on short screens: how to play, restart, new board, menu.
pub(crate) fn actions(
    mut contexts: EguiContexts,
    mut boards: Boards,
    mut menus: Menus,
    mut sound: MessageWriter<PlaySound>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let mut click = false;
    egui::Window::new("puzzle-actions")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::RIGHT_BOTTOM, [-12.0, -12.0])
        .show(&ctx, |ui| {
            ui.horizontal(|ui| {
                if ui.button("How to play").clicked() {
                    menus.open(Menu::HowToPlay);
                    click = true;
                }
                if boards.again_buttons(ui, "Restart") {
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
