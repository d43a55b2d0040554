//! The Credits page (from the title, the pause menu and Settings): every
//! piece set, font and sound with its author and licence, the licence texts
//! themselves (the W3C notice must be viewable by players; CC BY-SA asks
//! for attribution where the art is shown), where the computer's evaluation
//! came from, and the code's licence.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use serde::Deserialize;

use crate::base::audio::{Effect, PlaySound};
use crate::base::i18n::{T, Texts};
use crate::base::screen::Menus;
use crate::base::widgets::{centered, named};

/// Which list a work is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub(crate) enum Kind {
    /// A piece set.
    Pieces,
    /// A font.
    Fonts,
}

/// One work the game ships, as `assets/credits.ron` lists it: its name,
/// author, licence and the file of the licence's full text.
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct Work {
    /// Piece set or font.
    pub kind: Kind,
    /// What it is called.
    pub name: String,
    /// Who made it (names only: the page's words come from the
    /// translations).
    pub author: String,
    /// Who adapted it for use here, if someone did.
    #[serde(default)]
    pub adapted_by: Option<String>,
    /// The work it grew from, if any.
    #[serde(default)]
    pub based_on: Option<String>,
    /// The licence's name.
    pub licence: String,
    /// The licence file, under `assets/`.
    pub text: String,
}

/// The list, compiled in (the web build has no files to read).
const LIST: &str = include_str!("../../assets/credits.ron");

/// The licence texts the list names, compiled in.
const TEXTS: [(&str, &str); 9] = [
    (
        "pieces/cburnett/LICENSE.txt",
        include_str!("../../assets/pieces/cburnett/LICENSE.txt"),
    ),
    (
        "pieces/fantasy/LICENSE.txt",
        include_str!("../../assets/pieces/fantasy/LICENSE.txt"),
    ),
    (
        "pieces/spatial/LICENSE.txt",
        include_str!("../../assets/pieces/spatial/LICENSE.txt"),
    ),
    (
        "pieces/celtic/LICENSE.txt",
        include_str!("../../assets/pieces/celtic/LICENSE.txt"),
    ),
    (
        "pieces/simple/LICENSE.txt",
        include_str!("../../assets/pieces/simple/LICENSE.txt"),
    ),
    (
        "fonts/DejaVu-LICENSE.txt",
        include_str!("../../assets/fonts/DejaVu-LICENSE.txt"),
    ),
    (
        "fonts/Hack-LICENSE.txt",
        include_str!("../../assets/fonts/Hack-LICENSE.txt"),
    ),
    (
        "fonts/NotoEmoji-LICENSE.txt",
        include_str!("../../assets/fonts/NotoEmoji-LICENSE.txt"),
    ),
    (
        "fonts/Ubuntu-LICENSE.txt",
        include_str!("../../assets/fonts/Ubuntu-LICENSE.txt"),
    ),
];

/// The works, read once; a broken list (caught by the tests) shows none.
fn works() -> &'static [Work] {
    static WORKS: std::sync::OnceLock<Vec<Work>> = std::sync::OnceLock::new();
    WORKS.get_or_init(|| {
        ron::from_str(LIST).unwrap_or_else(|e| {
            error!("assets/credits.ron: {e}");
            Vec::new()
        })
    })
}

/// A licence file's text, as compiled in.
fn text_of(file: &str) -> &'static str {
    TEXTS
        .iter()
        .find(|(f, _)| *f == file)
        .map_or("", |(_, t)| t)
}

/// The Credits page, over a scrim; Back returns where it was opened.
pub(super) fn credits_dialog(
    mut contexts: EguiContexts,
    tx: Res<Texts>,
    mut menus: Menus,
    mut sound: MessageWriter<PlaySound>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let height = (ctx.content_rect().height() - 160.0).clamp(160.0, 640.0);
    let width = (ctx.content_rect().width() - 40.0).clamp(240.0, 600.0);
    let mut back = false;
    centered(&ctx, tx.t(T::Credits)).show(&ctx, |ui| {
        ui.set_max_width(width);
        egui::ScrollArea::vertical()
            .max_height(height)
            .auto_shrink([false, true])
            .show(ui, |ui| page(ui, &tx));
        back = named(&T::Back.id(), ui.button(tx.t(T::Back))).clicked();
    });
    if back {
        menus.close();
        sound.write(PlaySound(Effect::Click));
    }
    Ok(())
}

/// The page's sections.
fn page(ui: &mut egui::Ui, tx: &Texts) {
    ui.label(tx.t(T::CreditsIntro));
    section(ui, tx, T::CreditsPieces, Kind::Pieces);
    ui.label(egui::RichText::new(tx.t(T::CreditsChanges)).small().weak());
    ui.label(egui::RichText::new(tx.t(T::CreditsCcBySa)).small().weak());
    section(ui, tx, T::CreditsFonts, Kind::Fonts);
    for (head, text) in [
        (T::CreditsSounds, T::CreditsSoundsText),
        (T::CreditsNetwork, T::CreditsNetworkText),
        (T::CreditsCode, T::CreditsCodeText),
    ] {
        ui.add_space(10.0);
        ui.label(egui::RichText::new(tx.t(head)).strong());
        ui.label(tx.t(text));
    }
}

/// A heading, then each work of `kind`: name, author and licence, and its
/// full licence text folded away beneath.
fn section(ui: &mut egui::Ui, tx: &Texts, head: T, kind: Kind) {
    ui.add_space(10.0);
    ui.label(egui::RichText::new(tx.t(head)).strong());
    for w in works().iter().filter(|w| w.kind == kind) {
        ui.add_space(4.0);
        ui.label(egui::RichText::new(&w.name).strong());
        // The label carries its language's colon ("Auteur :").
        ui.label(format!("{} {}", tx.t(T::CreditsAuthor), w.author));
        for (key, names) in [
            (T::CreditsBasedOn, &w.based_on),
            (T::CreditsAdaptedBy, &w.adapted_by),
        ] {
            if let Some(names) = names {
                ui.label(format!("{} {names}", tx.t(key)));
            }
        }
        ui.label(format!("{} {}", tx.t(T::CreditsLicence), w.licence));
        let id = format!("credits-{}", w.name.to_lowercase().replace([' ', ','], ""));
        let r = egui::CollapsingHeader::new(tx.t(T::CreditsFullText))
            .id_salt(&id)
            .show(ui, |ui| {
                ui.label(egui::RichText::new(text_of(&w.text)).small().monospace());
            });
        named(&id, r.header_response);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The list reads, every piece set the game offers is credited with
    /// its licence's full text, and the W3C notice is there word for word.
    #[test]
    fn every_set_and_font_is_credited() {
        use crate::base::settings::PieceSet;
        let all = ron::from_str::<Vec<Work>>(LIST).expect("assets/credits.ron reads");
        for set in PieceSet::ALL.iter().filter_map(|s| s.folder()) {
            assert!(
                all.iter().any(|w| w.name.to_lowercase() == set),
                "{set} has no credit"
            );
        }
        for w in &all {
            assert!(text_of(&w.text).len() > 500, "{}: no licence text", w.name);
        }
        let simple = all
            .iter()
            .find(|w| w.name == "Simple")
            .map(|w| text_of(&w.text));
        assert!(simple.is_some_and(|t| t.contains("W3C Software Notice and License")));
        let cburnett = all
            .iter()
            .find(|w| w.name == "Cburnett")
            .map(|w| text_of(&w.text));
        assert!(cburnett.is_some_and(|t| t.contains("Attribution-ShareAlike 3.0")));
        assert_eq!(all.iter().filter(|w| w.kind == Kind::Fonts).count(), 4);
        // Names only: an English "adapted by" or "from" in the list would
        // show untranslated in every language.
        for w in &all {
            let names = [Some(&w.author), w.adapted_by.as_ref(), w.based_on.as_ref()];
            for n in names.into_iter().flatten() {
                let words: Vec<&str> = n.split([' ', ',', ';']).collect();
                for english in ["with", "adapted", "from", "by", "for"] {
                    assert!(
                        !words.contains(&english),
                        "{}: '{n}' has '{english}'",
                        w.name
                    );
                }
            }
        }
    }
}
