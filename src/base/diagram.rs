//! Small board pictures for the how-to-play pages, drawn by the game in
//! the player's board theme and piece set, so they follow the settings in
//! every language. A picture is a few frames shown in turn (a loop).
//!
//! A frame is written as rows, top row first, cells apart by spaces; each
//! cell is an optional piece letter (`KQRBNP` White, `kqrbnp` Black)
//! followed by marks: `~` fog, a digit a revealed count, `*` a shown mine,
//! `!` a blast, `v` a swept cell, `^` the sapper's bomb, `o` a ring, `f` a
//! flag, `x` a refusal, `.`
//! nothing (a revealed cell without a count). A frame's arrow joins two
//! cells, numbered row by row from the top left.

use bevy_egui::egui::{self, Color32, Pos2, Rect, Stroke, Vec2};
use minesweeper_core::chess::{Color as Side, Role};

use crate::base::art::PieceIcons;
use crate::base::settings::{CountColors, Theme};
use crate::base::style::{self, color32};
use crate::base::theme::{colors, count_badge, count_color, count_zero};

/// One frame of a picture.
pub(crate) struct Frame {
    /// The rows, top first.
    pub rows: &'static [&'static str],
    /// An arrow from one cell to another (row-major indices).
    pub arrow: Option<(usize, usize)>,
}

/// Seconds each frame shows.
const FRAME_SECS: f64 = 1.3;

/// Draws `frames` in turn (one picture if there is one frame), cells of
/// `cell` points.
pub(crate) fn picture(
    ui: &mut egui::Ui,
    frames: &[Frame],
    (theme, counts): (Theme, CountColors),
    icons: &PieceIcons,
    cell: f32,
) {
    let Some(first) = frames.first() else { return };
    let files = first
        .rows
        .first()
        .map_or(0, |r| r.split_whitespace().count());
    let ranks = first.rows.len();
    let size = Vec2::new(files as f32 * cell, ranks as f32 * cell);
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    if frames.len() > 1 {
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs_f64(FRAME_SECS / 4.0));
    }
    let now = ui.input(|i| i.time);
    let frame = &frames[((now / FRAME_SECS) as usize) % frames.len()];
    let c = colors(theme);
    let p = ui.painter_at(rect.expand(2.0));
    for (r, row) in frame.rows.iter().enumerate() {
        for (f, token) in row.split_whitespace().enumerate() {
            let min = rect.min + Vec2::new(f as f32 * cell, r as f32 * cell);
            let cr = Rect::from_min_size(min, Vec2::splat(cell));
            let light = (f + r) % 2 == 0;
            p.rect_filled(cr, 0.0, color32(if light { c.light } else { c.dark }));
            draw_cell(ui, &p, cr, token, (c.fog, counts), icons);
        }
    }
    if let Some((a, b)) = frame.arrow {
        let centre = |i: usize| {
            rect.min + Vec2::new((i % files) as f32 + 0.5, (i / files) as f32 + 0.5) * cell
        };
        arrow(&p, centre(a), centre(b), cell);
    }
    p.rect_stroke(
        rect,
        2.0,
        Stroke::new(1.0, color32(c.frame)),
        egui::StrokeKind::Outside,
    );
}

/// One cell's token drawn on its square: the marks under the piece, the
/// piece, the marks over it, then the count.
fn draw_cell(
    ui: &mut egui::Ui,
    p: &egui::Painter,
    cr: Rect,
    token: &str,
    (fog, counts): (bevy::color::Color, CountColors),
    icons: &PieceIcons,
) {
    let mut chars = token.chars().peekable();
    let piece = chars.peek().and_then(|c| piece_of(*c));
    if piece.is_some() {
        chars.next();
    }
    let marks: Vec<char> = chars.collect();
    marks_under(p, cr, &marks, fog);
    if let Some(piece) = piece {
        // On a counted cell the piece steps aside for the count's badge,
        // as on the board.
        let counted = marks.iter().any(|m| m.is_ascii_digit() && *m != '0');
        draw_piece(ui, p, cr, piece, counted, icons);
    }
    marks_over(p, cr, &marks);
    if let Some(d) = marks.iter().find_map(|m| m.to_digit(10)) {
        draw_count(p, cr, d, piece.is_some(), counts);
    }
}

/// The marks a piece stands on: fog (`~`), a swept cell (`v`), a blast
/// (`!`), a shown mine (`*`), a ring (`o`).
fn marks_under(p: &egui::Painter, cr: Rect, marks: &[char], fog: bevy::color::Color) {
    let cell = cr.width();
    if marks.contains(&'~') || marks.contains(&'v') {
        let f = color32(fog);
        p.rect_filled(
            cr.shrink(0.5),
            2.0,
            Color32::from_rgba_unmultiplied(
                (f.r() as f32 * 0.62) as u8,
                (f.g() as f32 * 0.62) as u8,
                (f.b() as f32 * 0.64) as u8,
                235,
            ),
        );
    }
    if marks.contains(&'v') {
        p.text(
            cr.right_top() + Vec2::new(-cell * 0.22, cell * 0.22),
            egui::Align2::CENTER_CENTER,
            "✔",
            egui::FontId::proportional(cell * 0.32),
            Color32::from_white_alpha(200),
        );
    }
    if marks.contains(&'!') {
        p.circle_filled(
            cr.center(),
            cell * 0.5,
            Color32::from_rgba_unmultiplied(255, 140, 40, 200),
        );
        p.circle_filled(
            cr.center(),
            cell * 0.28,
            Color32::from_rgba_unmultiplied(255, 240, 200, 230),
        );
    }
    if marks.contains(&'*') {
        p.circle_filled(cr.center(), cell * 0.22, Color32::from_rgb(24, 24, 26));
        for k in 0..8 {
            let a = k as f32 * std::f32::consts::FRAC_PI_4;
            let d = Vec2::new(a.cos(), a.sin()) * cell * 0.32;
            p.line_segment(
                [cr.center(), cr.center() + d],
                Stroke::new(cell * 0.06, Color32::from_rgb(24, 24, 26)),
            );
        }
    }
    if marks.contains(&'o') {
        p.circle_stroke(
            cr.center(),
            cell * 0.44,
            Stroke::new(cell * 0.07, Color32::from_black_alpha(80)),
        );
    }
}

/// A piece in the player's set (or its glyph while the set loads), moved
/// into the corner on a `counted` cell.
fn draw_piece(
    ui: &mut egui::Ui,
    p: &egui::Painter,
    cr: Rect,
    (side, role): (Side, Role),
    counted: bool,
    icons: &PieceIcons,
) {
    let cell = cr.width();
    let r = if counted {
        use crate::base::draw::spot;
        let shift = spot::PIECE_SHIFT * cell;
        Rect::from_center_size(
            cr.center() + Vec2::new(-shift, shift),
            egui::Vec2::splat(cell * spot::PIECE_ON_COUNT),
        )
    } else {
        cr.shrink(cell * 0.04)
    };
    if let Some(id) = icons.get(side, role) {
        egui::Image::new((id, r.size())).paint_at(ui, r);
        return;
    }
    let (solid, outline) = crate::base::draw::glyphs(role);
    let (fill, line) = match side {
        Side::White => (
            Color32::from_rgb(250, 245, 230),
            Color32::from_rgb(20, 18, 18),
        ),
        Side::Black => (
            Color32::from_rgb(26, 23, 26),
            Color32::from_rgb(140, 133, 128),
        ),
    };
    let font = egui::FontId::proportional(r.width() * 0.85);
    p.text(
        r.center(),
        egui::Align2::CENTER_CENTER,
        solid,
        font.clone(),
        fill,
    );
    p.text(r.center(), egui::Align2::CENTER_CENTER, outline, font, line);
}

/// The marks drawn over a piece: a flag (`f`), a refusal (`x`), the
/// sapper's bomb (`^`).
fn marks_over(p: &egui::Painter, cr: Rect, marks: &[char]) {
    let cell = cr.width();
    if marks.contains(&'f') {
        // A flag: a pole and a red pennant.
        let base = cr.center() + Vec2::new(-cell * 0.12, cell * 0.3);
        let top = base - Vec2::new(0.0, cell * 0.6);
        p.line_segment(
            [base, top],
            Stroke::new(cell * 0.05, Color32::from_rgb(40, 36, 34)),
        );
        p.add(egui::Shape::convex_polygon(
            vec![
                top,
                top + Vec2::new(cell * 0.36, cell * 0.13),
                top + Vec2::new(0.0, cell * 0.26),
            ],
            Color32::from_rgb(214, 56, 44),
            Stroke::NONE,
        ));
    }
    if marks.contains(&'x') {
        let (a, b) = (
            cell * 0.3,
            Stroke::new(cell * 0.09, Color32::from_rgb(214, 56, 44)),
        );
        p.line_segment(
            [cr.center() - Vec2::splat(a), cr.center() + Vec2::splat(a)],
            b,
        );
        p.line_segment(
            [
                cr.center() + Vec2::new(-a, a),
                cr.center() + Vec2::new(a, -a),
            ],
            b,
        );
    }
    if marks.contains(&'^') {
        p.circle_filled(cr.center(), cell * 0.26, Color32::from_rgb(240, 90, 26));
        p.circle_filled(cr.center(), cell * 0.16, Color32::from_rgb(30, 30, 34));
    }
}

/// Count `d` as on the board: on its badge, centred, or in the corner by
/// a piece (a 0 by a piece has no badge).
fn draw_count(p: &egui::Painter, cr: Rect, d: u32, by_piece: bool, counts: CountColors) {
    use crate::base::draw::spot;
    let cell = cr.width();
    let (center, badge, size) = if by_piece {
        (
            cr.center() + Vec2::new(spot::CORNER.x, -spot::CORNER.y) * cell,
            spot::CORNER_BADGE,
            spot::CORNER_DIGIT,
        )
    } else {
        (cr.center(), spot::OPEN_BADGE, spot::OPEN_DIGIT)
    };
    let color = if d == 0 {
        count_zero(counts)
    } else {
        count_color(counts, d as u8)
    };
    if d > 0 || !by_piece {
        p.rect_filled(
            egui::Rect::from_center_size(center, egui::Vec2::splat(cell * badge)),
            cell * badge * 0.16,
            color32(count_badge(counts)),
        );
    }
    p.text(
        center,
        egui::Align2::CENTER_CENTER,
        d.to_string(),
        style::bold(cell * size),
        color32(color),
    );
}

/// A lichess-like arrow: a translucent shaft and head.
fn arrow(p: &egui::Painter, from: Pos2, to: Pos2, cell: f32) {
    let colour = Color32::from_rgba_unmultiplied(21, 120, 27, 170);
    let dir = (to - from).normalized();
    let head = to - dir * cell * 0.1;
    let base = head - dir * cell * 0.32;
    p.line_segment([from, base], Stroke::new(cell * 0.16, colour));
    let side = Vec2::new(-dir.y, dir.x) * cell * 0.22;
    p.add(egui::Shape::convex_polygon(
        vec![head, base + side, base - side],
        colour,
        Stroke::NONE,
    ));
}

fn piece_of(c: char) -> Option<(Side, Role)> {
    let side = if c.is_ascii_uppercase() {
        Side::White
    } else {
        Side::Black
    };
    let role = match c.to_ascii_uppercase() {
        'K' => Role::King,
        'Q' => Role::Queen,
        'R' => Role::Rook,
        'B' => Role::Bishop,
        'N' => Role::Knight,
        'P' => Role::Pawn,
        _ => return None,
    };
    Some((side, role))
}

/// Checks a picture: every frame the same size, every cell a known piece
/// and marks, arrows inside the board. A mistake names the frame and cell.
#[cfg(test)]
pub(crate) fn check(frames: &[Frame]) -> Result<(), PictureError> {
    let first = frames.first().ok_or(PictureError::NoFrames)?;
    let files = first
        .rows
        .first()
        .map_or(0, |r| r.split_whitespace().count());
    let ranks = first.rows.len();
    for (frame, f) in frames.iter().enumerate() {
        if f.rows.len() != ranks {
            return Err(PictureError::Rows {
                frame,
                rows: f.rows.len(),
                want: ranks,
            });
        }
        for (row, text) in f.rows.iter().enumerate() {
            let cells: Vec<&str> = text.split_whitespace().collect();
            if cells.len() != files {
                return Err(PictureError::Cells {
                    frame,
                    row,
                    cells: cells.len(),
                    want: files,
                });
            }
            for c in cells {
                let mut chars = c.chars();
                let rest = match c.chars().next().and_then(piece_of) {
                    Some(_) => {
                        chars.next();
                        chars.as_str()
                    }
                    None => c,
                };
                if let Some(mark) = rest.chars().find(|m| !"~*!v^ofx.0123456789".contains(*m)) {
                    return Err(PictureError::Mark {
                        frame,
                        row,
                        mark,
                        cell: c.to_string(),
                    });
                }
            }
        }
        if let Some((a, b)) = f.arrow
            && (a >= files * ranks || b >= files * ranks)
        {
            return Err(PictureError::ArrowOff { frame });
        }
    }
    Ok(())
}

/// A mistake in a rules picture's frames (frames and rows count from 0).
#[cfg(test)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PictureError {
    /// The picture has no frame.
    NoFrames,
    /// A frame with another number of rows than the first.
    Rows {
        /// The frame.
        frame: usize,
        /// Its rows.
        rows: usize,
        /// The first frame's rows.
        want: usize,
    },
    /// A row with another number of cells than the first frame's.
    Cells {
        /// The frame.
        frame: usize,
        /// The row.
        row: usize,
        /// Its cells.
        cells: usize,
        /// The first frame's cells a row.
        want: usize,
    },
    /// A mark the pictures do not draw.
    Mark {
        /// The frame.
        frame: usize,
        /// The row.
        row: usize,
        /// The unknown mark.
        mark: char,
        /// The cell it is in.
        cell: String,
    },
    /// An arrow from or to a cell off the board.
    ArrowOff {
        /// The frame.
        frame: usize,
    },
}

#[cfg(test)]
impl std::fmt::Display for PictureError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PictureError::NoFrames => f.write_str("no frames"),
            PictureError::Rows { frame, rows, want } => {
                write!(f, "frame {frame}: {rows} rows, not {want}")
            }
            PictureError::Cells {
                frame,
                row,
                cells,
                want,
            } => write!(f, "frame {frame} row {row}: {cells} cells, not {want}"),
            PictureError::Mark {
                frame,
                row,
                mark,
                cell,
            } => write!(f, "frame {frame} row {row}: '{mark}' in '{cell}'"),
            PictureError::ArrowOff { frame } => write!(f, "frame {frame}: an arrow off the board"),
        }
    }
}

#[cfg(test)]
impl std::error::Error for PictureError {}
