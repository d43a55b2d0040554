//! How to play Sweeper Sudoku, in our words, with the controls.

use bevy::prelude::*;
use bevy_egui::EguiContexts;

use crate::base::art::PieceIcons;
use crate::base::audio::Effect;
use crate::base::audio::PlaySound;
use crate::base::i18n::{T, Texts};
use crate::base::screen::Menus;
use crate::base::settings::Settings;
use crate::base::widgets::{Pictures, rules_page};

/// Draws the page (in [`crate::base::screen::Menu::HowToPlay`] on a Sweeper
/// Sudoku screen).
pub(crate) fn how_to_play(
    mut contexts: EguiContexts,
    tx: Res<Texts>,
    mut menus: Menus,
    settings: Res<Settings>,
    icons: Res<PieceIcons>,
    mut sound: MessageWriter<PlaySound>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let pictures = Pictures {
        of: &super::pictures::sudoku_picture,
        look: (settings.theme, settings.count_colors),
        icons: &icons,
    };
    if rules_page(&ctx, &tx, (T::HelpSudokuTitle, T::HelpSudoku), &pictures) {
        menus.close();
        sound.write(PlaySound(Effect::Click));
    }
    Ok(())
}
