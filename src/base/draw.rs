//! What both games draw with: the cell size, the fonts (DejaVu Sans, whose
//! chess glyphs draw the pieces), the generated textures and the width the
//! side panel takes from the window.

use bevy::prelude::*;
use minesweeper_core::chess::Role;

use super::i18n::Texts;
use super::options::GameOptions;
use super::settings::{Settings, Theme};
use super::{textures, theme};

/// World units per board cell.
pub(crate) const CELL: f32 = 64.0;

/// Fonts: DejaVu Sans (with the chess glyphs) and its bold face.
#[derive(Resource, Clone, Debug)]
pub(crate) struct Fonts {
    /// Piece glyphs.
    pub pieces: Handle<Font>,
    /// Coordinates and marks.
    pub ui: Handle<Font>,
    /// Counts and digits.
    pub bold: Handle<Font>,
}

/// What the games' panel takes from the window, in logical pixels: its
/// width on the right, or (on a narrow screen held upright) its height
/// along the bottom. The boards are drawn in the rest.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct PanelSpace {
    /// Width taken on the right.
    pub right: f32,
    /// Height taken at the bottom.
    pub below: f32,
}

/// Where a board camera draws: right of `left` logical pixels, left of
/// and above the panel; (position, size) in physical pixels.
pub(crate) fn board_viewport(win: &Window, panel: PanelSpace, left: f32) -> (UVec2, UVec2) {
    let scale = win.scale_factor();
    let full = win.physical_size();
    let right = ((panel.right * scale) as u32).min(full.x.saturating_sub(64));
    let left = ((left * scale) as u32).min(full.x.saturating_sub(right + 64));
    let below = ((panel.below * scale) as u32).min(full.y.saturating_sub(64));
    (
        UVec2::new(left, 0),
        UVec2::new(
            full.x.saturating_sub(right + left).max(1),
            full.y.saturating_sub(below).max(1),
        ),
    )
}

/// Width in logical pixels kept free left of the board (the title
/// screen's menu); the board is drawn right of it.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub(crate) struct BoardInset(pub f32);

/// Solid and outline glyphs of a piece in DejaVu Sans.
pub(crate) fn glyphs(role: Role) -> (&'static str, &'static str) {
    match role {
        Role::King => ("\u{265A}", "\u{2654}"),
        Role::Queen => ("\u{265B}", "\u{2655}"),
        Role::Rook => ("\u{265C}", "\u{2656}"),
        Role::Bishop => ("\u{265D}", "\u{2657}"),
        Role::Knight => ("\u{265E}", "\u{2658}"),
        Role::Pawn => ("\u{265F}", "\u{2659}"),
    }
}

/// Settings, options, fonts, textures and the panel width, for every view.
pub(crate) struct DrawPlugin;

impl Plugin for DrawPlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<Settings>() {
            app.insert_resource(Settings::load());
        }
        app.insert_resource(ClearColor(theme::colors(Theme::default()).background))
            .init_resource::<PanelSpace>()
            .init_resource::<BoardInset>()
            .init_resource::<GameOptions>()
            .init_resource::<Texts>()
            .add_systems(Startup, (load, report_problem, language_option))
            // Before Update: the frame's texts are all in one language.
            .add_systems(PreUpdate, follow_language);
    }
}

fn load(
    mut commands: Commands,
    mut images: ResMut<Assets<Image>>,
    mut fonts: ResMut<Assets<Font>>,
) {
    commands.insert_resource(textures::make(&mut images));
    let regular = fonts.add(Font::from_bytes(super::fonts::DEJAVU_SANS.to_vec()));
    let bold = fonts.add(Font::from_bytes(super::fonts::DEJAVU_SANS_BOLD.to_vec()));
    commands.insert_resource(Fonts {
        pieces: regular.clone(),
        ui: regular,
        bold,
    });
}

/// `--lang` (`?lang=` on the web) picks the language for this run.
fn language_option(options: Res<GameOptions>, mut settings: ResMut<Settings>) {
    if let Some(l) = options.lang {
        settings.language = l;
    }
}

/// The texts follow the language chosen in Settings.
fn follow_language(settings: Res<Settings>, mut texts: ResMut<Texts>) {
    if texts.lang() != settings.language {
        texts.set_lang(settings.language);
    }
}

fn report_problem(options: Res<GameOptions>) {
    if let Some(p) = &options.problem {
        error!("page address: {p}");
    }
}

/// Where a count sits and what stands under it.
pub(crate) mod spot {
    use bevy::math::Vec2;

    /// The badge on a cell with no piece: centred, in cells.
    pub const OPEN_BADGE: f32 = 0.50;
    /// The digit on it, as a share of a cell.
    pub const OPEN_DIGIT: f32 = 0.40;
    /// The badge's centre on a cell with a piece: the top right corner.
    pub const CORNER: Vec2 = Vec2::new(0.35, 0.35);
    /// Its size there, in cells.
    pub const CORNER_BADGE: f32 = 0.28;
    /// The digit on it.
    pub const CORNER_DIGIT: f32 = 0.25;
    /// A piece's size on its own cell, in cells.
    pub const PIECE: f32 = 0.94;
    /// A piece's size on a counted cell: smaller, moved towards the bottom
    /// left by [`PIECE_SHIFT`], so that no set's art reaches the badge (the
    /// `counts_never_cover_a_piece` test checks every image).
    pub const PIECE_ON_COUNT: f32 = 0.82;
    /// How far a piece on a counted cell moves down and left, in cells.
    pub const PIECE_SHIFT: f32 = 0.09;
}
