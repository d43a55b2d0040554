//! Small egui helpers both games' interfaces share.

use bevy::prelude::*;
use bevy_egui::egui;

use super::i18n::{Lang, T};
use super::screen::{Menu, Menus};

/// Where the egui interfaces draw, in the egui pass: after the fonts are in.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct UiSet;

/// A window in the middle of the board area (the panel takes the right).
pub(crate) fn centered(title: &str) -> egui::Window<'static> {
    egui::Window::new(title.to_string())
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [-150.0, 0.0])
}

/// The side panel on the right, 300 points wide, drawn by `add`; the
/// width it took goes to `width` (the board's camera leaves it free).
pub(crate) fn side_panel(
    ctx: &egui::Context,
    id: &str,
    width: &mut crate::base::draw::PanelWidth,
    add: impl FnOnce(&mut egui::Ui),
) {
    let mut root = egui::Ui::new(
        ctx.clone(),
        format!("{id}-root").into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let taken = egui::Panel::right(id.to_string())
        .resizable(false)
        .exact_size(300.0)
        .show(&mut root, add)
        .response
        .rect
        .width();
    if (width.0 - taken).abs() > 0.5 {
        width.0 = taken;
    }
}

/// The buttons the title and pause menus end with: how to play, settings
/// and (on the desktop) quit. Returns whether one was clicked.
pub(crate) fn help_settings_quit(
    ui: &mut egui::Ui,
    size: egui::Vec2,
    lang: Lang,
    menus: &mut Menus,
    exit: &mut MessageWriter<AppExit>,
) -> bool {
    let mut clicked = false;
    for (key, menu) in [
        (T::HowToPlay, Menu::HowToPlay),
        (T::Settings, Menu::Settings),
    ] {
        if ui
            .add_sized(size, egui::Button::new(key.tr(lang)))
            .clicked()
        {
            menus.open(menu);
            clicked = true;
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    if ui
        .add_sized(size, egui::Button::new(T::Quit.tr(lang)))
        .clicked()
    {
        exit.write(AppExit::Success);
    }
    #[cfg(target_arch = "wasm32")]
    let _ = exit;
    clicked
}
