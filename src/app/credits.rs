//! The Credits page (from the title, the pause menu and Settings): every
//! piece set, font and sound with its author and licence, the licence texts
//! themselves (the W3C notice must be viewable by players; CC BY-SA asks
//! for attribution where the art is shown), where the computer's evaluation
//! came from, and the code's licence.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::base::audio::{Effect, PlaySound};
use crate::base::i18n::{T, Texts};
use crate::base::screen::Menus;
use crate::base::widgets::{centered, named};

/// One work the game ships: its name, author, licence and the licence's
/// full text (as shipped beside the files in `assets/`).
pub(crate) struct Work {
    /// What it is called.
    pub name: &'static str,
    /// Who made it.
    pub author: &'static str,
    /// The licence's name.
    pub licence: &'static str,
    /// The licence file's text.
    pub text: &'static str,
}

/// The piece sets (`assets/pieces/<set>/LICENSE.txt`).
pub(crate) const PIECES: [Work; 5] = [
    Work {
        name: "Cburnett",
        author: "Colin M. L. Burnett, with Rfc1394; adapted by Stefan Haack",
        licence: "CC BY-SA 3.0",
        text: include_str!("../../assets/pieces/cburnett/LICENSE.txt"),
    },
    Work {
        name: "Fantasy",
        author: "Maurizio Monge",
        licence: "MIT",
        text: include_str!("../../assets/pieces/fantasy/LICENSE.txt"),
    },
    Work {
        name: "Spatial",
        author: "Maurizio Monge",
        licence: "MIT",
        text: include_str!("../../assets/pieces/spatial/LICENSE.txt"),
    },
    Work {
        name: "Celtic",
        author: "Maurizio Monge",
        licence: "MIT",
        text: include_str!("../../assets/pieces/celtic/LICENSE.txt"),
    },
    Work {
        name: "Simple",
        author: "Max Froumentin, © 1994-2002 World Wide Web Consortium (MIT, INRIA, Keio University); adapted by GNOME Chess",
        licence: "W3C Software Notice and License",
        text: include_str!("../../assets/pieces/simple/LICENSE.txt"),
    },
];

/// The fonts (`assets/fonts/*-LICENSE.txt`).
pub(crate) const FONTS: [Work; 4] = [
    Work {
        name: "DejaVu Sans, DejaVu Sans Bold",
        author: "DejaVu fonts team, from Bitstream Vera by Bitstream, Inc.",
        licence: "Bitstream Vera licence, DejaVu changes in the public domain",
        text: include_str!("../../assets/fonts/DejaVu-LICENSE.txt"),
    },
    Work {
        name: "Hack",
        author: "Source Foundry Authors, from Bitstream Vera",
        licence: "MIT, Bitstream Vera licence",
        text: include_str!("../../assets/fonts/Hack-LICENSE.txt"),
    },
    Work {
        name: "Noto Emoji",
        author: "Google",
        licence: "SIL Open Font License 1.1",
        text: include_str!("../../assets/fonts/NotoEmoji-LICENSE.txt"),
    },
    Work {
        name: "Ubuntu",
        author: "Dalton Maag, for Canonical",
        licence: "Ubuntu Font Licence 1.0",
        text: include_str!("../../assets/fonts/Ubuntu-LICENSE.txt"),
    },
];

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
    section(ui, tx, T::CreditsPieces, &PIECES);
    ui.label(egui::RichText::new(tx.t(T::CreditsChanges)).small().weak());
    ui.label(egui::RichText::new(tx.t(T::CreditsCcBySa)).small().weak());
    section(ui, tx, T::CreditsFonts, &FONTS);
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

/// A heading, then each work: name, author and licence, and its full
/// licence text folded away beneath.
fn section(ui: &mut egui::Ui, tx: &Texts, head: T, works: &[Work]) {
    ui.add_space(10.0);
    ui.label(egui::RichText::new(tx.t(head)).strong());
    for w in works {
        ui.add_space(4.0);
        ui.label(egui::RichText::new(w.name).strong());
        ui.label(format!("{}: {}", tx.t(T::CreditsAuthor), w.author));
        ui.label(format!("{}: {}", tx.t(T::CreditsLicence), w.licence));
        let id = format!("credits-{}", w.name.to_lowercase().replace([' ', ','], ""));
        let r = egui::CollapsingHeader::new(tx.t(T::CreditsFullText))
            .id_salt(&id)
            .show(ui, |ui| {
                ui.label(egui::RichText::new(w.text).small().monospace());
            });
        named(&id, r.header_response);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every piece set the game offers is credited with its licence text,
    /// and the W3C notice is there word for word.
    #[test]
    fn every_set_and_font_is_credited() {
        use crate::base::settings::PieceSet;
        for set in PieceSet::ALL.iter().filter_map(|s| s.folder()) {
            assert!(
                PIECES.iter().any(|w| w.name.to_lowercase() == set),
                "{set} has no credit"
            );
        }
        let simple = PIECES.iter().find(|w| w.name == "Simple").map(|w| w.text);
        assert!(simple.is_some_and(|t| t.contains("W3C Software Notice and License")));
        let cburnett = PIECES.iter().find(|w| w.name == "Cburnett").map(|w| w.text);
        assert!(cburnett.is_some_and(|t| t.contains("Attribution-ShareAlike 3.0")));
        assert!(FONTS.iter().all(|f| f.text.len() > 500));
    }
}
