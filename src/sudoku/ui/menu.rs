//! The board menu: the board of the day, pick a preset, resume the board in play or the one an
//! earlier run saved, play a new board or a share code, how to play, back
//! to Minesweeper Chess.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::Boards;
use crate::base::audio::Effect;
use crate::base::audio::PlaySound;
use crate::base::i18n::T;
use crate::base::screen::{Menu, Menus, Screen};
use crate::base::widgets::centered;
use crate::sudoku::ecs::Puzzle;
use crate::sudoku::ecs::daily::DailyStats;
use minesweeper_core::sudoku::Status;

/// Draws the board menu (on [`Screen::SudokuMenu`]).
pub(crate) fn board_menu(
    mut contexts: EguiContexts,
    puzzle: Res<Puzzle>,
    mut boards: Boards,
    mut menus: Menus,
    stats: Res<DailyStats>,
    mut sound: MessageWriter<PlaySound>,
) -> Result {
    boards.menu.load(&boards.tx);
    let ctx = contexts.ctx_mut()?.clone();
    let mut click = false;
    let tr = |t: T| boards.tx.t(t);
    let (title, tagline) = (tr(T::SudokuTitle), tr(T::SudokuTagline));
    let (resume, play_new) = (tr(T::SudokuResumeBoard), tr(T::SudokuPlayNew));
    let (code_label, play_code) = (tr(T::SudokuBoardCode), tr(T::SudokuPlayCode));
    let (how, back) = (tr(T::HowToPlay), tr(T::SudokuBackToChess));
    let resume_saved = boards.menu.saved.as_ref().map(|(_, c)| {
        boards
            .tx
            .f(T::SudokuResumeSaved, &[("code", c.as_str().into())])
    });
    centered(&ctx, title).show(&ctx, |ui| {
        ui.set_max_width(crate::base::widgets::dialog_width(&ctx, 440.0));
        ui.label(egui::RichText::new(tagline).italics());
        ui.add_space(6.0);
        if super::daily::daily_button(ui, &boards.tx, &stats) {
            boards.start_daily(None);
            click = true;
        }
        ui.add_space(6.0);
        click |= presets(ui, &mut boards);
        // The buttons as wide as the boards' list above them.
        let wide = egui::vec2(ui.min_rect().width().max(300.0), 30.0);
        if puzzle
            .game
            .as_ref()
            .is_some_and(|g| g.status == Status::Playing)
            && ui.add_sized(wide, egui::Button::new(resume)).clicked()
        {
            boards.show(Screen::Sudoku);
            click = true;
        }
        if puzzle.game.is_none()
            && let Some(label) = resume_saved
            && ui.add_sized(wide, egui::Button::new(label)).clicked()
        {
            boards.resume_saved();
            click = true;
        }
        if ui.add_sized(wide, egui::Button::new(play_new)).clicked() {
            let p = boards.menu.chosen;
            boards.start_new(p);
            click = true;
        }
        ui.add_space(4.0);
        ui.horizontal_wrapped(|ui| {
            // What does not fit (a phone) moves to the next line whole.
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            ui.label(code_label);
            ui.add(egui::TextEdit::singleline(&mut boards.menu.code).desired_width(120.0));
            if ui.button(play_code).clicked() {
                click = true;
                let code = boards.menu.code.clone();
                boards.start_code(&code);
            }
        });
        if let Some(e) = &boards.menu.code_error {
            ui.colored_label(egui::Color32::from_rgb(230, 80, 70), e);
        }
        ui.add_space(4.0);
        ui.horizontal_wrapped(|ui| {
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            if ui.button(how).clicked() {
                menus.open(Menu::HowToPlay);
                click = true;
            }
            if ui.button(back).clicked() {
                boards.show(Screen::Title);
                click = true;
            }
        });
    });
    if click {
        sound.write(PlaySound(Effect::Click));
    }
    Ok(())
}

/// The presets to choose from, and the files that failed to load.
fn presets(ui: &mut egui::Ui, boards: &mut Boards) -> bool {
    ui.label(egui::RichText::new(boards.tx.t(T::SudokuBoards)).strong());
    let mut chosen = boards.menu.chosen;
    for (i, p) in boards.menu.presets.iter().enumerate() {
        let (name, description) = super::preset_text(&boards.tx, p);
        let label = format!("{name} \u{2014} {description}");
        if crate::base::style::radio(ui, i == chosen, label).clicked() {
            chosen = i;
        }
    }
    for e in &boards.menu.errors {
        ui.colored_label(egui::Color32::from_rgb(230, 80, 70), e);
    }
    if chosen != boards.menu.chosen {
        boards.menu.chosen = chosen;
        return true;
    }
    false
}
