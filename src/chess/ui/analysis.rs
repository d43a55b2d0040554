//! The analysis in the panel: progress while the engine searches each
//! board, then a graph of White's winning chances over the game (blasts,
//! sweeps and captures marked; a click shows that move's board) and, in
//! the move list, the verdicts.

use bevy_egui::egui;
use minesweeper_core::ai::analysis::Verdict;

use crate::base::i18n::{T, Texts};
use crate::base::style;
use crate::base::widgets::named;
use crate::chess::ecs::ChessGame;

/// Which board shows, the boards there are, the odds a move faced, the
/// analysis.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct Looking<'w> {
    /// The live board (`None`) or an earlier one.
    pub viewing: bevy::prelude::ResMut<'w, crate::chess::view::replay::Viewing>,
    /// The boards as the players saw them.
    pub timeline: bevy::prelude::Res<'w, crate::chess::ecs::Timeline>,
    /// The chance of a mine the move looked back at faced.
    pub odds: bevy::prelude::Res<'w, crate::chess::view::replay::FacedOdds>,
    /// The engine's look at the finished game.
    pub analysis: bevy::prelude::Res<'w, crate::chess::ecs::analysis::Analysis>,
}

/// A verdict's colour in the move list.
pub(super) fn color(v: Verdict) -> egui::Color32 {
    match v {
        Verdict::Inaccuracy => egui::Color32::from_rgb(0xe6, 0xc2, 0x4a),
        Verdict::Mistake => egui::Color32::from_rgb(0xe8, 0x8a, 0x3c),
        Verdict::Blunder => style::palette::BAD,
    }
}

/// The analysis section; true when the graph was clicked.
pub(super) fn section(
    ui: &mut egui::Ui,
    tx: &Texts,
    history: &ChessGame,
    look: &mut Looking,
) -> bool {
    ui.separator();
    ui.label(egui::RichText::new(tx.t(T::AnalysisTitle)).strong());
    let (found, all) = look.analysis.progress();
    if found < all {
        let share = found as f32 / all.max(1) as f32;
        let text = tx.f(
            T::AnalysisProgress,
            &[("n", found.into()), ("total", all.into())],
        );
        ui.add(egui::ProgressBar::new(share).text(text));
    }
    let clicked = graph(ui, history, look);
    ui.label(egui::RichText::new(tx.t(T::AnalysisLegend)).small().weak());
    clicked
}

/// White's chances, ply by ply, with the moves' events as dots.
fn graph(ui: &mut egui::Ui, history: &ChessGame, look: &mut Looking) -> bool {
    let plies = look.analysis.evals.len();
    let size = egui::vec2(ui.available_width(), 90.0);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
    let response = named("analysis-graph", response);
    let p = ui.painter_at(rect);
    p.rect_filled(rect, 6.0, style::palette::SUNKEN);
    p.line_segment(
        [rect.left_center(), rect.right_center()],
        egui::Stroke::new(1.0, style::palette::RAISED),
    );
    let x = |ply: usize| rect.left() + rect.width() * ply as f32 / (plies.max(2) - 1) as f32;
    let y = |c: f64| rect.center().y - (c as f32) * (rect.height() / 2.0 - 4.0);
    let points: Vec<egui::Pos2> = look
        .analysis
        .evals
        .iter()
        .enumerate()
        .filter_map(|(i, e)| e.map(|e| egui::pos2(x(i), y(e.chances()))))
        .collect();
    // White's side filled light, the line itself in the accent.
    for w in points.windows(2) {
        let quad = vec![
            w[0],
            w[1],
            egui::pos2(w[1].x, rect.bottom()),
            egui::pos2(w[0].x, rect.bottom()),
        ];
        p.add(egui::Shape::convex_polygon(
            quad,
            egui::Color32::from_white_alpha(28),
            egui::Stroke::NONE,
        ));
    }
    p.add(egui::Shape::line(
        points.clone(),
        egui::Stroke::new(2.0, style::palette::ACCENT),
    ));
    for (i, m) in history.moves().iter().enumerate() {
        let Some(at) = look.analysis.evals.get(i + 1).copied().flatten() else {
            continue;
        };
        let dot = if m.report.blasts().next().is_some() {
            Some(style::palette::BAD)
        } else if m.report.swept.is_some() {
            Some(style::palette::GOOD)
        } else if m.report.captured.is_some() {
            Some(style::palette::TEXT)
        } else {
            None
        };
        if let Some(c) = dot {
            p.circle_filled(egui::pos2(x(i + 1), y(at.chances())), 3.5, c);
        }
    }
    // The board on show, as a line.
    let shown = look.viewing.0.unwrap_or(plies.saturating_sub(1));
    p.line_segment(
        [
            egui::pos2(x(shown), rect.top()),
            egui::pos2(x(shown), rect.bottom()),
        ],
        egui::Stroke::new(1.0, style::palette::MUTED),
    );
    let Some(at) = response
        .interact_pointer_pos()
        .filter(|_| response.clicked())
    else {
        return false;
    };
    let share = ((at.x - rect.left()) / rect.width()).clamp(0.0, 1.0);
    let ply = (share * (plies.max(2) - 1) as f32).round() as usize;
    let look = &mut *look;
    look.viewing.show(ply, &look.timeline);
    true
}
