//! Colours of the board: its themes (`BoardColors`) and the counts'
//! colours ([`CountColors`]: the digits and their badges).

use bevy::prelude::*;

use crate::base::settings::{CountColors, Theme};

/// The colours of one board theme.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BoardColors {
    /// Light cells.
    pub light: Color,
    /// Dark cells.
    pub dark: Color,
    /// The frame around the board.
    pub frame: Color,
    /// Coordinate labels.
    pub label: Color,
    /// Window background.
    pub background: Color,
    /// Last move tint.
    pub last_move: Color,
    /// Selected cell tint.
    pub selected: Color,
    /// The fog's tint, matched to the board (multiplies the cloud texture).
    pub fog: Color,
}

#[cfg(test)]
impl BoardColors {
    /// What can lie under a count, a move dot or the sweep mark: plain
    /// light and dark cells, each with the last move's and the selection's
    /// tint, and the fog (its cloud texture's mean shade in the theme's
    /// tint, at each of `fog_shades`: its darkest and lightest). Cells
    /// lifted from the fog keep their plain colour.
    pub(crate) fn grounds(&self, fog_shades: &[f32]) -> Vec<(&'static str, Color)> {
        let mut out = Vec::new();
        for (name, cell) in [("light", self.light), ("dark", self.dark)] {
            out.push((name, cell));
            out.push((name, over(self.last_move, cell)));
            out.push((name, over(self.selected, cell)));
        }
        let f = self.fog.to_srgba();
        for k in fog_shades {
            out.push(("fog", Color::srgb(f.red * k, f.green * k, f.blue * k)));
        }
        out
    }
}

#[cfg(test)]
/// `top` (with its alpha) painted over the opaque `under`, blended in
/// linear light as the renderer blends sprites on its sRGB target.
pub(crate) fn over(top: Color, under: Color) -> Color {
    let (t, u) = (top.to_linear(), under.to_linear());
    let a = t.alpha;
    Color::LinearRgba(LinearRgba::new(
        t.red * a + u.red * (1.0 - a),
        t.green * a + u.green * (1.0 - a),
        t.blue * a + u.blue * (1.0 - a),
        1.0,
    ))
}

#[cfg(test)]
/// WCAG's contrast ratio of two opaque colours, 1 to 21.
pub(crate) fn contrast(a: Color, b: Color) -> f32 {
    let (la, lb) = (a.luminance(), b.luminance());
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The board colours of `theme`.
pub(crate) fn colors(theme: Theme) -> BoardColors {
    match theme {
        Theme::Walnut => BoardColors {
            light: Color::srgb(0.93, 0.85, 0.70),
            dark: Color::srgb(0.62, 0.45, 0.31),
            frame: Color::srgb(0.30, 0.19, 0.12),
            label: Color::srgb(0.93, 0.85, 0.70),
            background: Color::srgb(0.13, 0.12, 0.12),
            last_move: Color::srgba(0.95, 0.85, 0.25, 0.38),
            selected: Color::srgba(0.35, 0.75, 0.95, 0.45),
            fog: Color::srgb(1.0, 0.95, 0.88),
        },
        Theme::Tournament => BoardColors {
            light: Color::srgb(0.93, 0.93, 0.82),
            dark: Color::srgb(0.46, 0.59, 0.34),
            frame: Color::srgb(0.20, 0.27, 0.17),
            label: Color::srgb(0.93, 0.93, 0.82),
            background: Color::srgb(0.11, 0.13, 0.11),
            last_move: Color::srgba(0.98, 0.92, 0.30, 0.42),
            selected: Color::srgba(0.30, 0.60, 0.95, 0.45),
            fog: Color::srgb(0.93, 0.98, 0.92),
        },
        Theme::Slate => BoardColors {
            light: Color::srgb(0.84, 0.87, 0.90),
            dark: Color::srgb(0.45, 0.53, 0.62),
            frame: Color::srgb(0.17, 0.20, 0.25),
            label: Color::srgb(0.84, 0.87, 0.90),
            background: Color::srgb(0.10, 0.11, 0.14),
            last_move: Color::srgba(0.95, 0.80, 0.30, 0.40),
            selected: Color::srgba(0.95, 0.55, 0.25, 0.45),
            fog: Color::srgb(0.90, 0.94, 1.0),
        },
        // lichess's blue board, fog a cool blue-grey.
        Theme::Ocean => BoardColors {
            light: Color::srgb(0.87, 0.89, 0.90),
            dark: Color::srgb(0.55, 0.64, 0.68),
            frame: Color::srgb(0.16, 0.22, 0.27),
            label: Color::srgb(0.87, 0.89, 0.90),
            background: Color::srgb(0.09, 0.11, 0.13),
            last_move: Color::srgba(0.61, 0.78, 0.0, 0.41),
            selected: Color::srgba(0.08, 0.47, 0.23, 0.50),
            fog: Color::srgb(0.86, 0.92, 1.0),
        },
    }
}

/// The colour of count `n` (1–8). Each digit sits on the count colours'
/// [`count_badge`], never on a bare cell, so its contrast does not depend
/// on the board: the `counts_read_on_every_board` test holds every digit
/// to WCAG's 4.5 : 1 over every cell a badge can cover.
pub(crate) fn count_color(counts: CountColors, n: u8) -> Color {
    let i = (n.clamp(1, 8) - 1) as usize;
    match counts {
        // Classic Minesweeper's hues (1 blue, 2 green, 3 red, 4 dark blue,
        // 5 maroon, 6 teal, 7 black, 8 grey), the green, red, teal and grey
        // a shade darker so that they read on the pale badge.
        CountColors::Classic => [
            Color::srgb(0.0, 0.0, 1.0),
            Color::srgb(0.0, 0.42, 0.0),
            Color::srgb(0.82, 0.0, 0.0),
            Color::srgb(0.0, 0.0, 0.5),
            Color::srgb(0.5, 0.0, 0.0),
            Color::srgb(0.0, 0.42, 0.42),
            Color::srgb(0.0, 0.0, 0.0),
            Color::srgb(0.38, 0.38, 0.38),
        ][i],
        // Okabe–Ito's hues, told apart under the common colour-vision
        // deficiencies, lightened where needed for the dark badge (black
        // turns white); the digit itself always carries the value too.
        CountColors::ColourBlind => [
            Color::srgb(0.35, 0.65, 1.0),
            Color::srgb(0.90, 0.62, 0.0),
            Color::srgb(0.95, 0.50, 0.15),
            Color::srgb(0.34, 0.71, 0.91),
            Color::srgb(0.88, 0.60, 0.76),
            Color::srgb(0.0, 0.70, 0.52),
            Color::srgb(1.0, 1.0, 1.0),
            Color::srgb(0.70, 0.70, 0.70),
        ][i],
    }
}

/// Sweeper Sudoku's cells: the light and the dark blocks.
pub(crate) const SUDOKU_CELLS: [Color; 2] =
    [Color::srgb(0.94, 0.91, 0.84), Color::srgb(0.84, 0.80, 0.72)];

/// A zero count (Sweeper Sudoku shows them): grey on the badge.
pub(crate) fn count_zero(counts: CountColors) -> Color {
    match counts {
        CountColors::Classic => Color::srgb(0.35, 0.35, 0.38),
        CountColors::ColourBlind => Color::srgb(0.74, 0.74, 0.77),
    }
}

/// The badge a count sits on: pale paper for the classic colours, near
/// black for the colour-blind ones; a little of the cell shows through.
pub(crate) fn count_badge(counts: CountColors) -> Color {
    match counts {
        CountColors::Classic => Color::srgba(0.98, 0.96, 0.92, 0.92),
        CountColors::ColourBlind => Color::srgb(0.11, 0.11, 0.13),
    }
}

/// Move dots and capture rings: dark enough to stand out 3 : 1 (WCAG's
/// figure for graphics) on the darkest cell and on the fog.
pub(crate) const TARGET_MARK: Color = Color::srgba(0.04, 0.04, 0.04, 0.88);

/// The sapper button's rim: the bomb's outline that carries its contrast.
pub(crate) const SWEEP_RIM: Color = Color::srgb(0.10, 0.10, 0.12);

/// The tick on a swept cell's fog ("no mine here").
pub(crate) const SWEPT_TICK: Color = Color::srgb(0.03, 0.19, 0.07);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::textures::{fog_field, shade_range};

    /// The fog's darkest and lightest shades, from the texture itself.
    fn fog_shades() -> [f32; 2] {
        let (lo, hi) = shade_range(&fog_field(11));
        [lo, hi]
    }

    /// Every count digit reads at WCAG's 4.5 : 1 for text on its badge over
    /// every cell it can lie on, in every theme and both sets of count colours.
    #[test]
    fn counts_read_on_every_board() {
        let mut lowest = f32::MAX;
        for theme in Theme::ALL {
            for counts in CountColors::ALL {
                let mut grounds = colors(theme).grounds(&fog_shades());
                grounds.extend(SUDOKU_CELLS.map(|c| ("Sweeper Sudoku", c)));
                for (cell, ground) in grounds {
                    let badge = over(count_badge(counts), ground);
                    for n in 0..=8 {
                        let digit = if n == 0 {
                            count_zero(counts)
                        } else {
                            count_color(counts, n)
                        };
                        let r = contrast(digit, badge);
                        assert!(
                            r >= 4.5,
                            "{theme:?}, {counts:?}: the {n} on a {cell} cell is {r:.2} : 1"
                        );
                        lowest = lowest.min(r);
                    }
                }
            }
        }
        println!("lowest count contrast: {lowest:.2} : 1");
    }

    /// Move dots and capture rings, the sapper button's rim and the swept
    /// tick stand out 3 : 1 (WCAG's figure for graphics) where they lie.
    #[test]
    fn move_marks_stand_out() {
        let (mut dots, mut rims, mut ticks) = (f32::MAX, f32::MAX, f32::MAX);
        for theme in Theme::ALL {
            let c = colors(theme);
            for (cell, ground) in c.grounds(&fog_shades()) {
                let dot = contrast(over(TARGET_MARK, ground), ground);
                assert!(
                    dot >= 3.0,
                    "{theme:?}: a move dot on a {cell} cell is {dot:.2} : 1"
                );
                let rim = contrast(SWEEP_RIM, ground);
                assert!(
                    rim >= 3.0,
                    "{theme:?}: the sapper button on a {cell} cell is {rim:.2} : 1"
                );
                dots = dots.min(dot);
                rims = rims.min(rim);
                if cell == "fog" {
                    let tick = contrast(SWEPT_TICK, ground);
                    assert!(tick >= 3.0, "{theme:?}: the swept tick is {tick:.2} : 1");
                    ticks = ticks.min(tick);
                }
            }
        }
        println!("lowest: dots {dots:.2}, sapper button {rims:.2}, swept tick {ticks:.2}");
    }

    /// The ratio itself: black on white is 21, a colour on itself 1.
    #[test]
    fn contrast_is_wcags() {
        assert!((contrast(Color::BLACK, Color::WHITE) - 21.0).abs() < 0.01);
        assert!(
            (contrast(Color::srgb(0.5, 0.2, 0.1), Color::srgb(0.5, 0.2, 0.1)) - 1.0).abs() < 1e-4
        );
        // #767676 on white is the classic 4.54 : 1.
        let grey = Color::srgb_u8(0x76, 0x76, 0x76);
        assert!((contrast(grey, Color::WHITE) - 4.54).abs() < 0.01);
    }
}
