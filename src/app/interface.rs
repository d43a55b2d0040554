//! The interface layer: egui, the title, both games' menus and panels,
//! saving.

use bevy::prelude::*;

/// The interfaces: egui, the title, both games' menus and panels, saving.
pub(crate) struct InterfacePlugin;

impl Plugin for InterfacePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            super::ui::UiPlugin,
            crate::chess::ui::ChessUiPlugin,
            crate::sudoku::ui::SudokuUiPlugin,
            crate::chess::ecs::save::SavePlugin,
            crate::sudoku::ecs::save::SavePlugin,
            super::title::TitlePlugin,
        ));
    }
}
