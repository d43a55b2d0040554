//! The interface layer: egui, the title, both games' menus and panels.

use bevy::prelude::*;

/// The interfaces: egui, the title, both games' menus and panels.
pub(crate) struct InterfacePlugin;

impl Plugin for InterfacePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            super::ui::UiPlugin,
            crate::chess::ui::ChessUiPlugin,
            crate::sudoku::ui::SudokuUiPlugin,
            super::title::TitlePlugin,
        ));
    }
}
