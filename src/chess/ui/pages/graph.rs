//! A rating's history as a line: time across, rating up, the lowest and
//! highest ratings written on the axis.

use bevy_egui::egui;
use minesweeper_core::online::account::RatingPoint;

use crate::base::style::ui_colors;

/// The graph's height, in points.
const HEIGHT: f32 = 120.0;

/// Room on the left for the axis's labels.
const AXIS: f32 = 44.0;

/// Where each point of a history sits in `rect`: the earliest at the left
/// edge and the latest at the right, the lowest rating at the bottom and
/// the highest at the top. A history all at one moment spreads its points
/// evenly (one point stands in the middle); equal ratings lie across the
/// middle.
pub(crate) fn scale(points: &[(u64, i32)], rect: egui::Rect) -> Vec<egui::Pos2> {
    let (Some(t0), Some(t1)) = (
        points.iter().map(|p| p.0).min(),
        points.iter().map(|p| p.0).max(),
    ) else {
        return Vec::new();
    };
    let low = points.iter().map(|p| p.1).min().unwrap_or_default();
    let high = points.iter().map(|p| p.1).max().unwrap_or_default();
    let last = points.len().saturating_sub(1);
    points
        .iter()
        .enumerate()
        .map(|(i, &(t, rating))| {
            let across = if t1 > t0 {
                (t - t0) as f32 / (t1 - t0) as f32
            } else if last > 0 {
                i as f32 / last as f32
            } else {
                0.5
            };
            let up = if high > low {
                (rating - low) as f32 / (high - low) as f32
            } else {
                0.5
            };
            egui::pos2(
                rect.left() + across * rect.width(),
                rect.bottom() - up * rect.height(),
            )
        })
        .collect()
}

/// Draws `history` `width` points wide: a sunken panel, the line, and the
/// lowest and highest ratings beside the axis.
pub(crate) fn draw(ui: &mut egui::Ui, history: &[RatingPoint], width: f32) {
    let (response, painter) = ui.allocate_painter(egui::vec2(width, HEIGHT), egui::Sense::hover());
    let outer = response.rect;
    painter.rect_filled(outer, 4.0, ui_colors::SUNKEN);
    let plot = egui::Rect::from_min_max(
        outer.min + egui::vec2(AXIS, 10.0),
        outer.max - egui::vec2(10.0, 10.0),
    );
    let axis = egui::Stroke::new(1.0, ui_colors::MUTED);
    painter.line_segment([plot.left_top(), plot.left_bottom()], axis);
    painter.line_segment([plot.left_bottom(), plot.right_bottom()], axis);
    let points: Vec<(u64, i32)> = history.iter().map(|p| (p.at_ms, p.rating)).collect();
    let (Some(low), Some(high)) = (
        points.iter().map(|p| p.1).min(),
        points.iter().map(|p| p.1).max(),
    ) else {
        return;
    };
    let font = egui::FontId::proportional(crate::base::style::size::SMALL);
    let label = |y: f32, rating: i32| {
        let at = egui::pos2(plot.left() - 6.0, y);
        painter.text(
            at,
            egui::Align2::RIGHT_CENTER,
            rating.to_string(),
            font.clone(),
            ui_colors::MUTED,
        );
    };
    if high > low {
        label(plot.top(), high);
        label(plot.bottom(), low);
    } else {
        label(plot.center().y, high);
    }
    let line = scale(&points, plot);
    let stroke = egui::Stroke::new(2.0, ui_colors::ACCENT);
    if let [only] = line.as_slice() {
        painter.circle_filled(*only, 3.0, ui_colors::ACCENT);
    } else {
        painter.line(line, stroke);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect() -> egui::Rect {
        egui::Rect::from_min_size(egui::pos2(10.0, 20.0), egui::vec2(200.0, 100.0))
    }

    #[test]
    fn the_lowest_rating_sits_at_the_bottom_and_the_highest_at_the_top() {
        let points = [(1_000, 1500), (2_000, 1400), (5_000, 1600)];
        let at = scale(&points, rect());
        assert_eq!(at.len(), 3);
        assert_eq!(at[0], egui::pos2(10.0, 70.0), "the first, halfway up");
        assert_eq!(at[1], egui::pos2(60.0, 120.0), "the lowest at the bottom");
        assert_eq!(at[2], egui::pos2(210.0, 20.0), "the highest at the top");
        for p in &at {
            assert!(rect().contains(*p), "{p:?} inside");
        }
    }

    #[test]
    fn one_point_stands_in_the_middle() {
        assert_eq!(scale(&[(7, 1500)], rect()), [rect().center()]);
        assert!(scale(&[], rect()).is_empty());
    }

    #[test]
    fn equal_ratings_lie_across_the_middle() {
        let at = scale(&[(0, 1500), (10, 1500), (40, 1500)], rect());
        let ys: Vec<f32> = at.iter().map(|p| p.y).collect();
        assert_eq!(ys, [70.0, 70.0, 70.0]);
        assert_eq!((at[0].x, at[1].x, at[2].x), (10.0, 60.0, 210.0));
    }

    #[test]
    fn games_at_one_moment_spread_evenly() {
        let at = scale(&[(5, 1450), (5, 1500), (5, 1550)], rect());
        let xs: Vec<f32> = at.iter().map(|p| p.x).collect();
        assert_eq!(xs, [10.0, 110.0, 210.0]);
        assert_eq!((at[0].y, at[2].y), (120.0, 20.0));
    }
}
