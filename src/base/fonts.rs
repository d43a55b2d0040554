//! The fonts compiled into the game, subset to the scripts and symbols a
//! player meets (`scripts/subset-fonts.sh`), and the families egui draws
//! the interface with.

use bevy_egui::egui;
use egui::epaint::text::{FontData, FontDefinitions, FontFamily, FontTweak};

/// DejaVu Sans: the chess glyphs ♔–♟, coordinates and the symbols Ubuntu
/// Light lacks.
pub static DEJAVU_SANS: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold: Minesweeper counts and digits on the boards.
pub static DEJAVU_SANS_BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");
/// Hack: egui's monospace face (the move list, board codes).
pub static HACK: &[u8] = include_bytes!("../../assets/fonts/Hack-Regular.ttf");
/// Noto Emoji, only the few emoji the interface shows.
pub static NOTO_EMOJI: &[u8] = include_bytes!("../../assets/fonts/NotoEmoji-Regular.ttf");

/// egui's own choice of fonts (Ubuntu Light, Hack, Noto Emoji, in that
/// order), from our subsets, with DejaVu Sans behind them for the chess
/// glyphs and symbols. Unsubset, egui's fonts were 1.4 MB of the web build.
pub fn egui_fonts() -> FontDefinitions {
    let mut defs = FontDefinitions::empty();
    let mut add = |name: &str, data: FontData| {
        defs.font_data.insert(name.to_owned(), data.into());
    };
    add(
        "Ubuntu-Light",
        FontData::from_static(epaint_default_fonts::UBUNTU_LIGHT),
    );
    add("Hack", FontData::from_static(HACK));
    // egui's own tweak: its emoji drawn a little smaller than the text.
    add(
        "NotoEmoji-Regular",
        FontData::from_static(NOTO_EMOJI).tweak(FontTweak {
            scale: 0.81,
            ..Default::default()
        }),
    );
    add("dejavu", FontData::from_static(DEJAVU_SANS));
    add("dejavu-bold", FontData::from_static(DEJAVU_SANS_BOLD));
    let family = |names: &[&str]| names.iter().map(|n| (*n).to_owned()).collect();
    defs.families.insert(
        FontFamily::Proportional,
        family(&["Ubuntu-Light", "NotoEmoji-Regular", "dejavu"]),
    );
    defs.families.insert(
        FontFamily::Monospace,
        family(&["Hack", "Ubuntu-Light", "NotoEmoji-Regular", "dejavu"]),
    );
    // Headings and the title screen's name (base/style.rs).
    defs.families.insert(
        FontFamily::Name(BOLD.into()),
        family(&["dejavu-bold", "Ubuntu-Light", "NotoEmoji-Regular", "dejavu"]),
    );
    defs
}

/// The name of egui's bold family.
pub(crate) const BOLD: &str = "bold";
