//! Every character of every text, and every symbol the code draws, in the
//! fonts the game installs.

use std::collections::BTreeSet;

use bevy_egui::egui;
use minesweeper_chess::base::fonts;
use minesweeper_chess::base::i18n::{Lang, T, Texts};

use super::{interface_sources, sample_args};

/// Whether a font has a glyph for `c`.
fn covers(font: &[u8], c: char) -> bool {
    use skrifa::MetadataProvider;
    skrifa::FontRef::new(font).is_ok_and(|f| f.charmap().map(c).is_some())
}

/// The fonts egui draws a family with, as the game installs them.
fn egui_family(family: egui::FontFamily) -> Vec<Vec<u8>> {
    let defs = fonts::egui_fonts();
    defs.families[&family]
        .iter()
        .map(|name| defs.font_data[name].font.to_vec())
        .collect()
}

#[test]
fn every_character_of_every_text_is_in_the_fonts() {
    // egui draws the interface with Ubuntu Light, then Noto Emoji, then
    // DejaVu Sans (our subsets: scripts/subset-fonts.sh).
    let fonts = egui_family(egui::FontFamily::Proportional);
    let tx = Texts::builtin();
    let args = sample_args();
    let mut missing = BTreeSet::new();
    for lang in Lang::ALL {
        for &key in T::ALL {
            for c in tx.in_lang(lang, key, &args).chars() {
                if !c.is_whitespace() && !fonts.iter().any(|f| covers(f, c)) {
                    missing.insert((lang.code(), c, key.id()));
                }
            }
        }
    }
    assert!(missing.is_empty(), "no glyph: {missing:?}");
    // And the check can fail: no font of ours draws Devanagari.
    assert!(!fonts.iter().any(|f| covers(f, 'क')));
}

/// The non-ASCII characters a source file writes outside comments, as
/// themselves or as `\u{..}` escapes.
fn symbols_in(source: &str) -> BTreeSet<char> {
    let mut found = BTreeSet::new();
    for line in source.lines() {
        let code = line.split("//").next().unwrap_or("");
        found.extend(code.chars().filter(|c| !c.is_ascii()));
        for esc in code.split("\\u{").skip(1) {
            let hex = esc.split('}').next().unwrap_or("");
            found.extend(u32::from_str_radix(hex, 16).ok().and_then(char::from_u32));
        }
    }
    found.remove(&'\u{feff}'); // a byte-order mark being stripped, not drawn
    found
}

#[test]
fn every_symbol_the_code_draws_is_in_the_fonts() {
    // Panels draw with egui's families; the boards draw with DejaVu Sans
    // and its bold face through Bevy's text.
    let panels = [
        egui_family(egui::FontFamily::Proportional),
        egui_family(egui::FontFamily::Monospace),
    ];
    let boards = [fonts::DEJAVU_SANS, fonts::DEJAVU_SANS_BOLD];
    let mut missing = BTreeSet::new();
    let mut seen = 0;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = interface_sources();
    files.push(root.join("base/draw.rs"));
    for file in files {
        let text = std::fs::read_to_string(&file).expect("source is UTF-8");
        let path = file.to_string_lossy().to_string();
        let is_board = path.contains("/view/") || path.ends_with("draw.rs");
        for c in symbols_in(&text) {
            seen += 1;
            let ok = if is_board {
                boards.iter().all(|f| covers(f, c))
            } else {
                panels.iter().all(|fs| fs.iter().any(|f| covers(f, c)))
            };
            if !ok {
                missing.insert((path.clone(), c));
            }
        }
    }
    assert!(seen > 10, "the scan found the chess glyphs and symbols");
    assert!(missing.is_empty(), "no glyph: {missing:?}");
    assert!(symbols_in("let s = \"\\u{2654}x\"; // ♛").contains(&'♔'));
    assert!(!boards.iter().any(|f| covers(f, '中')));
}
