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
        Verdict::Blunder => style::ui_colors::BAD,
    }
}

/// The analysis section; true when the graph was clicked.
pub(super) fn section(ui: &mut egui::Ui, tx: &Texts, game: &ChessGame, look: &mut Looking) -> bool {
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
    let clicked = graph(ui, tx, game, look);
    legend(ui, tx, game);
    ui.label(egui::RichText::new(tx.t(T::AnalysisLegend)).small().weak());
    clicked
}

/// A move's mark on the graph: blasts red, sweeps green, captures white.
fn mark(m: &minesweeper_core::chess::PlayedMove) -> Option<(egui::Color32, T)> {
    if m.report.blasts().next().is_some() {
        Some((style::ui_colors::BAD, T::SfxBlast))
    } else if m.report.swept.is_some() {
        Some((style::ui_colors::GOOD, T::SfxSweep))
    } else if m.report.captured.is_some() {
        Some((style::ui_colors::TEXT, T::SfxCapture))
    } else {
        None
    }
}

/// The marks this game's graph shows, each with its colour: only those
/// that occur.
fn legend(ui: &mut egui::Ui, tx: &Texts, game: &ChessGame) {
    let mut seen: Vec<(egui::Color32, T)> = Vec::new();
    for m in game.moves() {
        if let Some(k) = mark(m).filter(|k| !seen.iter().any(|s| s.1 == k.1)) {
            seen.push(k);
        }
    }
    if seen.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        for (c, key) in seen {
            let (r, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
            ui.painter().circle(
                r.center(),
                4.5,
                c,
                egui::Stroke::new(1.0, egui::Color32::BLACK),
            );
            ui.label(egui::RichText::new(tx.t(key)).small());
        }
    });
}

/// White's chances, ply by ply: White's share filled light and Black's
/// dark, a 50% line, the axis's percentages and the first and last move
/// numbers, the moves' events as marks, the board on show as a line.
fn graph(ui: &mut egui::Ui, tx: &Texts, game: &ChessGame, look: &mut Looking) -> bool {
    let plies = look.analysis.evals.len();
    let size = egui::vec2(ui.available_width(), 150.0);
    let (outer, response) = ui.allocate_exact_size(size, egui::Sense::click());
    let response = named("analysis-graph", response);
    let p = ui.painter_at(outer);
    p.rect_filled(outer, 6.0, style::ui_colors::SUNKEN);
    // Room for the percentages on the left and the move numbers below;
    // the line keeps clear of the frame at 0% and 100%.
    let rect = egui::Rect::from_min_max(
        outer.min + egui::vec2(38.0, 8.0),
        outer.max - egui::vec2(8.0, 20.0),
    );
    p.rect_filled(rect, 0.0, egui::Color32::from_gray(28));
    let x = |ply: usize| rect.left() + rect.width() * ply as f32 / (plies.max(2) - 1) as f32;
    let y = |c: f64| rect.center().y - (c as f32) * rect.height() / 2.0;
    let points: Vec<egui::Pos2> = look
        .analysis
        .evals
        .iter()
        .enumerate()
        .filter_map(|(i, e)| e.map(|e| egui::pos2(x(i), y(e.chances()))))
        .collect();
    p.add(white_share(&points, rect.bottom()));
    // The 50% line, dashed, over the fill.
    p.add(egui::Shape::dashed_line(
        &[rect.left_center(), rect.right_center()],
        egui::Stroke::new(1.0, egui::Color32::from_gray(120)),
        5.0,
        4.0,
    ));
    p.add(egui::Shape::line(
        points.clone(),
        egui::Stroke::new(2.0, style::ui_colors::ACCENT),
    ));
    axis_labels(&p, tx, rect, y, game.moves().len().div_ceil(2).max(1));
    for (i, m) in game.moves().iter().enumerate() {
        let Some(at) = look.analysis.evals.get(i + 1).copied().flatten() else {
            continue;
        };
        if let Some((c, _)) = mark(m) {
            let centre = egui::pos2(x(i + 1), y(at.chances()));
            p.circle(centre, 4.5, c, egui::Stroke::new(1.0, egui::Color32::BLACK));
        }
    }
    // The board on show, as a line.
    let shown = look.viewing.0.unwrap_or(plies.saturating_sub(1));
    p.line_segment(
        [
            egui::pos2(x(shown), rect.top()),
            egui::pos2(x(shown), rect.bottom()),
        ],
        egui::Stroke::new(1.0, style::ui_colors::ACCENT_HOT),
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

/// White's share, from the line through `points` down to `bottom`, filled
/// light: one mesh, so the strips between moves meet without anti-aliased
/// seams.
fn white_share(points: &[egui::Pos2], bottom: f32) -> egui::Shape {
    let mut fill = egui::Mesh::default();
    let light = egui::Color32::from_gray(200);
    for w in points.windows(2) {
        let i = fill.vertices.len() as u32;
        for at in [
            w[0],
            w[1],
            egui::pos2(w[1].x, bottom),
            egui::pos2(w[0].x, bottom),
        ] {
            fill.colored_vertex(at, light);
        }
        fill.add_triangle(i, i + 1, i + 2);
        fill.add_triangle(i, i + 2, i + 3);
    }
    egui::Shape::mesh(fill)
}

/// The graph's axes: 100%, 50% and 0% left of `rect` (at heights `y` gives
/// for White's chances 1, 0 and -1), and the first and `last` move numbers
/// under it.
fn axis_labels(
    p: &egui::Painter,
    tx: &Texts,
    rect: egui::Rect,
    y: impl Fn(f64) -> f32,
    last: usize,
) {
    let small = egui::FontId::proportional(11.0);
    for (share, c) in [(100, 1.0), (50, 0.0), (0, -1.0)] {
        let text = tx.f(T::Percent, &[("percent", share.into())]);
        p.text(
            egui::pos2(rect.left() - 5.0, y(c)),
            egui::Align2::RIGHT_CENTER,
            text,
            small.clone(),
            style::ui_colors::MUTED,
        );
    }
    for (n, at, align) in [
        (1, rect.left(), egui::Align2::LEFT_TOP),
        (last, rect.right(), egui::Align2::RIGHT_TOP),
    ] {
        p.text(
            egui::pos2(at, rect.bottom() + 3.0),
            align,
            n.to_string(),
            small.clone(),
            style::ui_colors::MUTED,
        );
    }
}
