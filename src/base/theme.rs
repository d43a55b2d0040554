//! Colours: board themes and count palettes.

use bevy::prelude::*;

use crate::base::settings::{Palette, Theme};

/// The colours of one board theme.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Colors {
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

/// The colours of `theme`.
pub(crate) fn colors(theme: Theme) -> Colors {
    match theme {
        Theme::Walnut => Colors {
            light: Color::srgb(0.93, 0.85, 0.70),
            dark: Color::srgb(0.62, 0.45, 0.31),
            frame: Color::srgb(0.30, 0.19, 0.12),
            label: Color::srgb(0.93, 0.85, 0.70),
            background: Color::srgb(0.13, 0.12, 0.12),
            last_move: Color::srgba(0.95, 0.85, 0.25, 0.38),
            selected: Color::srgba(0.35, 0.75, 0.95, 0.45),
            fog: Color::srgb(1.0, 0.95, 0.88),
        },
        Theme::Tournament => Colors {
            light: Color::srgb(0.93, 0.93, 0.82),
            dark: Color::srgb(0.46, 0.59, 0.34),
            frame: Color::srgb(0.20, 0.27, 0.17),
            label: Color::srgb(0.93, 0.93, 0.82),
            background: Color::srgb(0.11, 0.13, 0.11),
            last_move: Color::srgba(0.98, 0.92, 0.30, 0.42),
            selected: Color::srgba(0.30, 0.60, 0.95, 0.45),
            fog: Color::srgb(0.93, 0.98, 0.92),
        },
        Theme::Slate => Colors {
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
        Theme::Ocean => Colors {
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

/// The colour of count `n` (1–8).
pub(crate) fn count_color(palette: Palette, n: u8) -> Color {
    let i = (n.clamp(1, 8) - 1) as usize;
    match palette {
        // Classic Minesweeper: 1 blue, 2 green, 3 red, 4 dark blue, 5 maroon,
        // 6 teal, 7 black, 8 grey.
        Palette::Classic => [
            Color::srgb(0.0, 0.0, 1.0),
            Color::srgb(0.0, 0.5, 0.0),
            Color::srgb(1.0, 0.0, 0.0),
            Color::srgb(0.0, 0.0, 0.5),
            Color::srgb(0.5, 0.0, 0.0),
            Color::srgb(0.0, 0.5, 0.5),
            Color::srgb(0.0, 0.0, 0.0),
            Color::srgb(0.5, 0.5, 0.5),
        ][i],
        // Okabe–Ito: distinct under the common colour-vision deficiencies;
        // the digit itself always carries the value too.
        Palette::ColourBlind => [
            Color::srgb(0.0, 0.45, 0.70),
            Color::srgb(0.90, 0.62, 0.0),
            Color::srgb(0.80, 0.40, 0.0),
            Color::srgb(0.34, 0.71, 0.91),
            Color::srgb(0.80, 0.47, 0.65),
            Color::srgb(0.0, 0.62, 0.45),
            Color::srgb(0.0, 0.0, 0.0),
            Color::srgb(0.45, 0.45, 0.45),
        ][i],
    }
}
