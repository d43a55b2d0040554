//! The side panel while a board shows: the board and its code, lives,
//! score, mines, deck, what the pointer will do, refusals and hints, and
//! the buttons (hint, discard, stop a knight's jumps; how to play, restart,
//! new board, menu, in its last row).

use crate::base::widgets::side_panel;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::Boards;
use crate::base::art::{PieceIcons, piece_icon};
use crate::base::audio::Effect;
use crate::base::audio::PlaySound;
use crate::base::draw::PanelSpace;
use crate::base::i18n::{T, Texts, decimal, words};
use crate::base::screen::{Menu, Menus, Screen};
use crate::sudoku::ecs::{Puzzle, PuzzleRequest};
use crate::sudoku::view::{PuzzleInput, chess_color};
use minesweeper_core::sudoku::{Action, PuzzleGame, Status};

/// Draws the side panel and keeps [`PanelSpace`] up to date.
pub(crate) fn panel(
    mut contexts: EguiContexts,
    puzzle: Res<Puzzle>,
    mut boards: Boards,
    mut menus: Menus,
    screen: Res<State<Screen>>,
    menu: Res<State<Menu>>,
    icons: Res<PieceIcons>,
    mut panel: ResMut<PanelSpace>,
    mut sound: MessageWriter<PlaySound>,
) -> Result {
    boards.menu.load(&boards.tx);
    let ctx = contexts.ctx_mut()?.clone();
    let mut click = false;
    let with_actions = *screen.get() == Screen::Sudoku && *menu.get() == Menu::None;
    side_panel(&ctx, "puzzle-hud", &mut panel, |ui| {
        let tx = &boards.tx;
        ui.add_space(6.0);
        ui.heading(tx.t(T::SudokuTitle));
        let Some(game) = &puzzle.game else {
            ui.label(egui::RichText::new(tx.t(T::SudokuChoose)).weak());
            return;
        };
        if let Some((date, _)) = &boards.daily.day {
            let day = tx.f(T::SudokuDaily, &[("date", date.to_string().into())]);
            ui.label(
                egui::RichText::new(day)
                    .strong()
                    .color(crate::base::style::ui_colors::ACCENT),
            );
        }
        board_facts(ui, tx, &icons, &puzzle, game);
        ui.separator();
        pointer_and_hint(ui, tx, &puzzle, game, &boards.input);
        ui.add_space(4.0);
        click |= board_buttons(ui, game, &mut boards);
        ui.separator();
        let block: Vec<String> = game
            .block_mines()
            .iter()
            .zip(game.block_done())
            .map(|(t, d)| format!("{d}/{t}"))
            .collect();
        let tx = &boards.tx;
        let blocks = tx.f(T::SudokuBlockMines, &[("blocks", block.join("  ").into())]);
        ui.label(egui::RichText::new(blocks).weak());
        let count = tx.f(T::SudokuActions, &[("n", game.moves.into())]);
        ui.label(egui::RichText::new(count).weak());
        if with_actions {
            ui.separator();
            click |= actions(ui, &mut boards, &mut menus);
        }
    });
    if click {
        sound.write(PlaySound(Effect::Click));
    }
    Ok(())
}

/// The board's name, code and rating; lives, score, mines, deck, the
/// pieces that sat out or were destroyed.
fn board_facts(
    ui: &mut egui::Ui,
    tx: &Texts,
    icons: &PieceIcons,
    puzzle: &Puzzle,
    game: &PuzzleGame,
) {
    ui.label(egui::RichText::new(super::preset_text(tx, &game.preset).0).weak());
    ui.horizontal(|ui| {
        ui.label(tx.t(T::SudokuBoardCode));
        ui.monospace(&puzzle.code);
    });
    if let Some(r) = puzzle.rating {
        let rating = tx.f(
            T::SudokuRating,
            &[
                ("rating", tx.t(words::rating(r.stars())).into()),
                ("found", r.mines_found.into()),
                ("mines", r.mines.into()),
            ],
        );
        ui.label(egui::RichText::new(rating).weak());
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
        egui::RichText::new(tx.f(
            T::SudokuLives,
            &[("hearts", lives.into()), ("n", game.lives.into())],
        ))
        .size(18.0)
        .color(egui::Color32::from_rgb(230, 70, 90)),
    );
    ui.label(
        egui::RichText::new(tx.f(
            T::SudokuScore,
            &[
                ("points", game.score.into()),
                ("pawns", decimal(game.pawns())),
            ],
        ))
        .size(16.0)
        .strong(),
    );
    ui.label(tx.f(
        T::SudokuMinesDone,
        &[
            ("done", game.mines_done().into()),
            ("total", game.mines_total().into()),
        ],
    ));
    ui.label(tx.f(
        T::SudokuDeck,
        &[
            ("deck", game.deck.len().into()),
            ("hand", game.hand.len().into()),
        ],
    ));
    for (label, cards) in [
        (T::SudokuSittingOut, &game.bench),
        (T::SudokuDestroyed, &game.destroyed),
    ] {
        if !cards.is_empty() {
            // The words, then each card as the piece in the set and its digit.
            ui.horizontal_wrapped(|ui| {
                ui.label(tx.f(label, &[("cards", "".into())]).trim_end());
                for c in cards {
                    piece_icon(ui, icons, chess_color(c.side), c.kind.role(), 26.0);
                    ui.label(egui::RichText::new(c.digit.to_string()).strong());
                }
            });
        }
    }
}

/// What the pointer will do next, the last refusal and the hint.
fn pointer_and_hint(
    ui: &mut egui::Ui,
    tx: &Texts,
    puzzle: &Puzzle,
    game: &PuzzleGame,
    input: &PuzzleInput,
) {
    let size = game.board.grid.size;
    let doing = if let Some(k) = input.jumper {
        let cell = minesweeper_core::sudoku::deduce::cell_name(size, k);
        let key = if game.chain.is_some() {
            T::SudokuJumpingFree
        } else {
            T::SudokuJumping
        };
        tx.f(key, &[("cell", cell.into())])
    } else if let Some(c) = input.card.and_then(|i| game.hand.get(i)) {
        tx.f(
            T::SudokuPlacing,
            &[
                ("card", tx.t(words::card(c.kind, c.side)).into()),
                ("digit", c.digit.into()),
            ],
        )
    } else if input.piece.is_some() {
        tx.t(T::SudokuPickDot)
    } else {
        tx.t(T::SudokuIdle)
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
            egui::RichText::new(words::hint(tx, h, size))
                .color(egui::Color32::from_rgb(120, 230, 140)),
        );
    } else if puzzle.no_hint {
        ui.label(
            egui::RichText::new(tx.t(T::SudokuNoHint))
                .color(egui::Color32::from_rgb(200, 200, 140)),
        );
    }
}

/// Hint, discard the picked card, stop the knight's jumps.
fn board_buttons(ui: &mut egui::Ui, game: &PuzzleGame, boards: &mut Boards) -> bool {
    let mut click = false;
    let playing = game.status == Status::Playing;
    let wide = egui::vec2(270.0, 26.0);
    let tr = |t: T| boards.tx.t(t);
    let (hint, discard, stop) = (
        tr(T::SudokuHintButton),
        tr(T::SudokuDiscard),
        tr(T::SudokuStopJumps),
    );
    if ui
        .add_enabled(playing, egui::Button::new(hint).min_size(wide))
        .clicked()
    {
        boards.request(PuzzleRequest::Hint);
        click = true;
    }
    if ui
        .add_enabled(
            playing && boards.input.card.is_some(),
            egui::Button::new(discard).min_size(wide),
        )
        .clicked()
        && let Some(c) = boards.input.card.take()
    {
        boards.request(PuzzleRequest::Act(Action::Discard(vec![c])));
        click = true;
    }
    if game.chain.is_some() && ui.add_sized(wide, egui::Button::new(stop)).clicked() {
        boards.request(PuzzleRequest::Act(Action::EndChain));
        boards.input.jumper = None;
        click = true;
    }
    click
}

/// How to play, restart, new board, menu: the panel's last row (wrapped,
/// so it stays inside the panel at every width).
fn actions(ui: &mut egui::Ui, boards: &mut Boards, menus: &mut Menus) -> bool {
    let (how, menu) = (boards.tx.t(T::HowToPlay), boards.tx.t(T::SudokuMenu));
    let mut click = false;
    ui.horizontal_wrapped(|ui| {
        if ui.button(how).clicked() {
            menus.open(Menu::HowToPlay);
            click = true;
        }
        if boards.again_buttons(ui, T::SudokuRestart) {
            click = true;
        }
        if ui.button(menu).clicked() {
            boards.show(Screen::SudokuMenu);
            click = true;
        }
    });
    click
}
