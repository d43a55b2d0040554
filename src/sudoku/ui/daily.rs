//! The board of the day in the menus: its button with the streak, and on
//! the result card the text to share (copied to the clipboard: a line of
//! squares for the mines defused and blown, the lives and the time; nothing
//! of where anything was) and this device's statistics.

use bevy_egui::egui;

use crate::base::i18n::{T, Texts};
use crate::base::style;
use crate::base::widgets::named;
use crate::sudoku::ecs::daily::{DailyResult, DailyStats, clock, share_text};

/// The menu's button for today's board, with the streak under it; true
/// when pressed.
pub(super) fn daily_button(ui: &mut egui::Ui, tx: &Texts, stats: &DailyStats) -> bool {
    let date = super::today().to_string();
    let label = tx.f(T::SudokuDaily, &[("date", date.into())]);
    let pressed = named(
        "sudoku-daily",
        ui.add_sized([300.0, 34.0], style::primary(&label)),
    )
    .clicked();
    if stats.played > 0 {
        ui.label(egui::RichText::new(streak_line(tx, stats)).weak());
    }
    if let Some(p) = &stats.problem {
        ui.colored_label(
            style::ui_colors::BAD,
            tx.f(T::DailyStatsBroken, &[("why", p.as_str().into())]),
        );
    }
    pressed
}

fn streak_line(tx: &Texts, s: &DailyStats) -> String {
    tx.f(
        T::DailyStats,
        &[
            ("played", s.played.into()),
            ("won", s.won.into()),
            ("streak", s.streak.into()),
            ("best", s.longest.into()),
        ],
    )
}

/// The day's part of the result card: the shared text as it will look,
/// the copy button and the statistics with a histogram of scores.
pub(super) fn daily_result(ui: &mut egui::Ui, tx: &Texts, r: &DailyResult, stats: &DailyStats) {
    ui.separator();
    ui.label(
        egui::RichText::new(tx.f(T::DailyShareTitle, &[("date", r.date.to_string().into())]))
            .strong(),
    );
    // The squares and hearts drawn in the interface's own font.
    let (defused, blown, total) = r.mines;
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 2.0;
        for (n, color) in [
            (defused, style::ui_colors::GOOD),
            (blown, style::ui_colors::BAD),
            (
                total.saturating_sub(defused + blown),
                style::ui_colors::MUTED,
            ),
        ] {
            for _ in 0..n.min(40) {
                ui.label(egui::RichText::new("■").size(18.0).color(color));
            }
        }
    });
    let (lives, of) = r.lives;
    let hearts = "♥".repeat(lives.into()) + &"♡".repeat(of.saturating_sub(lives).into());
    ui.label(
        egui::RichText::new(format!("{hearts}  {}", clock(r.seconds)))
            .size(16.0)
            .color(style::ui_colors::BAD),
    );
    let copy = named(&T::Copy.id(), ui.add(style::primary(&tx.t(T::Copy))));
    if copy.clicked() {
        ui.ctx().copy_text(share_text(tx, r));
    }
    ui.label(streak_line(tx, stats));
    histogram(ui, tx, stats, r.pawns);
}

/// Bars of how often each score (in whole pawns) came, today's marked.
fn histogram(ui: &mut egui::Ui, tx: &Texts, stats: &DailyStats, pawns: f32) {
    // One score is no distribution yet.
    if stats.scores.len() < 2 {
        return;
    }
    let Some(most) = stats.scores.values().copied().max().filter(|m| *m > 0) else {
        return;
    };
    let today = pawns.round() as i32;
    ui.label(egui::RichText::new(tx.t(T::DailyScores)).weak());
    egui::Grid::new("daily-scores")
        .num_columns(3)
        .spacing([6.0, 2.0])
        .show(ui, |ui| {
            for (score, n) in &stats.scores {
                ui.label(score.to_string());
                let width = 160.0 * *n as f32 / most as f32;
                let color = if *score == today {
                    style::ui_colors::ACCENT
                } else {
                    style::ui_colors::MUTED
                };
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(width.max(3.0), 12.0), egui::Sense::hover());
                ui.painter().rect_filled(rect, 2.0, color);
                ui.label(n.to_string());
                ui.end_row();
            }
        });
}
