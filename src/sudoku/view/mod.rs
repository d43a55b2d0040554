//! Sweeper Sudoku on screen: the board, hand, sensors and marks dressed onto
//! the puzzle entities, the pointer (click, right-click, hold to probe,
//! drag and merge; tap, double-tap, hold on touch), animation and sound.
//!
//! The puzzle has its own camera on its own render layer, so the chess
//! board's systems never see it and it never sees theirs.

mod board;
mod effects;
mod hand;
mod input;
mod pieces;
pub(crate) use pieces::chess_color;

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{ScalingMode, Viewport};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::base::art::PieceArt;
use crate::base::audio::Effect;
use crate::base::audio::PlaySound;
use crate::base::draw::glyphs;
use crate::base::draw::{CELL, Fonts, PanelSpace};
use crate::base::gesture::PointerFrame;
use crate::base::screen::{Screen, no_menu};
use crate::base::settings::Settings;
use crate::base::textures::Textures;
use crate::base::theme::count_color;
use crate::sudoku::ecs::{
    Puzzle, PuzzleCell, PuzzleHappened, PuzzlePiece, PuzzleRefused, PuzzleRequest, PuzzleSet,
};
use minesweeper_core::sudoku::game::{Action, CellState, Event, MineFate, PuzzleGame};
use minesweeper_core::sudoku::{Card, PieceKind, Side};

/// The render layer of the puzzle board.
const LAYER: usize = 1;

fn layer() -> RenderLayers {
    RenderLayers::layer(LAYER)
}

/// Depths of the puzzle's layers.
mod z {
    pub(crate) const CELL: f32 = 0.0;
    pub(crate) const DIGIT: f32 = 0.5;
    pub(crate) const MARK: f32 = 0.8;
    pub(crate) const FOG: f32 = 1.0;
    pub(crate) const ON_FOG: f32 = 1.2;
    pub(crate) const GRID: f32 = 1.5;
    pub(crate) const TARGET: f32 = 2.0;
    pub(crate) const PIECE: f32 = 3.0;
    pub(crate) const BADGE: f32 = 3.5;
    pub(crate) const LIFTED: f32 = 5.0;
    pub(crate) const EFFECT: f32 = 6.0;
}

/// Where things are drawn for a board of side `n` and a hand of `hand`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PuzzleLayout {
    /// Side length.
    pub n: usize,
    /// Hand slots.
    pub hand: usize,
}

impl PuzzleLayout {
    fn of(game: &PuzzleGame) -> PuzzleLayout {
        PuzzleLayout {
            n: game.size(),
            hand: game.preset.file.hand as usize,
        }
    }

    /// Centre of a board cell (row 0 at the top).
    pub fn cell(&self, i: usize) -> Vec2 {
        let half = (self.n as f32 - 1.0) / 2.0;
        Vec2::new(
            ((i % self.n) as f32 - half) * CELL,
            (half - (i / self.n) as f32) * CELL + CELL * 0.8,
        )
    }

    /// The cell under a world point.
    pub(crate) fn cell_at(&self, p: Vec2) -> Option<usize> {
        let half = self.n as f32 / 2.0;
        let c = (p.x / CELL + half).floor();
        let r = (half - (p.y - CELL * 0.8) / CELL).floor();
        (c >= 0.0 && r >= 0.0 && (c as usize) < self.n && (r as usize) < self.n)
            .then(|| r as usize * self.n + c as usize)
    }

    /// Centre of hand slot `i`.
    pub fn slot(&self, i: usize) -> Vec2 {
        let step = CELL * 1.2;
        let x0 = -(self.hand as f32 - 1.0) / 2.0 * step - CELL * 0.6;
        Vec2::new(
            x0 + i as f32 * step,
            -(self.n as f32 / 2.0) * CELL + CELL * 0.8 - CELL * 1.05,
        )
    }

    /// The deck pile, right of the hand.
    pub fn deck(&self) -> Vec2 {
        self.slot(self.hand) + Vec2::new(CELL * 0.2, 0.0)
    }

    /// Whether a world point is on the deck pile.
    pub(crate) fn on_deck(&self, p: Vec2) -> bool {
        let d = (p - self.deck()).abs();
        d.x < CELL * 0.5 && d.y < CELL * 0.55
    }

    /// The hand slot under a world point.
    pub(crate) fn slot_at(&self, p: Vec2) -> Option<usize> {
        (0..self.hand).find(|&i| {
            let d = (p - self.slot(i)).abs();
            d.x < CELL * 0.55 && d.y < CELL * 0.55
        })
    }

    /// World size the camera must show.
    fn extent(&self) -> Vec2 {
        let w = (self.n as f32).max(self.hand as f32 * 1.2 + 1.6) + 0.8;
        Vec2::new(w * CELL, (self.n as f32 + 2.6) * CELL)
    }
}

/// What the pointer is doing on the puzzle.
#[derive(Resource, Debug, Default)]
pub struct PuzzleInput {
    /// Hand card picked to place.
    pub card: Option<usize>,
    /// Board piece picked to move (its cell).
    pub piece: Option<usize>,
    /// A knight whose flag is up: taps jump it (its cell).
    pub jumper: Option<usize>,
    /// A press on a closed cell: cell and the time it started.
    pub hold: Option<(usize, f64)>,
    /// The probe fired during this press: the release does nothing else.
    pub fired: bool,
    /// A hand card pressed (dragged once it moves).
    pub drag: Option<usize>,
    /// The pressed card has moved: its release drops it.
    pub dragged: bool,
    /// A touch tap on a closed cell, held back for the double-tap window:
    /// the first tap of a double-tap (a flag) must never place or move.
    pub pending_tap: Option<(usize, f64)>,
    /// Last refusal or news, and seconds left to show it.
    pub toast: Option<(String, f32)>,
}

/// The puzzle's camera.
#[derive(Component)]
pub(crate) struct PuzzleCamera;

#[derive(Component)]
struct CellFog;
/// The digit text of a cell (in the corner when a piece stands on it).
#[derive(Component)]
pub struct CellDigit;
#[derive(Component)]
struct CellCount;
#[derive(Component)]
struct CellFlag;
#[derive(Component)]
struct CellQuestion;
#[derive(Component)]
struct CellNote;
#[derive(Component)]
struct CellMine;
#[derive(Component)]
struct GridLine;
#[derive(Component)]
struct BlockBadge(usize);
#[derive(Component)]
struct HandCard;
#[derive(Component)]
struct DeckPile;
#[derive(Component)]
struct Overlay;
#[derive(Component)]
struct Fuse;
#[derive(Component)]
struct DraggedCard;

/// A piece's drawing (a child of the piece entity).
#[derive(Component)]
struct PieceDress;

/// Fog fading away after a cell opened.
#[derive(Component)]
struct Fading(f32);

/// A short-lived effect: grows, rises and fades.
#[derive(Component)]
struct Fx {
    t: f32,
    life: f32,
    grow: f32,
    rise: f32,
}

/// The puzzle view's steps in [`PuzzleSet::Present`], chained: the camera
/// follows the screen, then cells, pieces, the hand and the effects are
/// drawn over what the game did this frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum PuzzleViewStep {
    /// The puzzle's camera.
    Camera,
    /// Cells, their covers, digits, counts and badges.
    Board,
    /// Pieces on the board.
    Pieces,
    /// The hand, the fuse and the overlays.
    Hand,
    /// Toasts, bursts and their animation.
    Effects,
}

/// Sprites and text of the puzzle, its camera and its pointer.
pub(crate) struct SudokuViewPlugin;

impl Plugin for SudokuViewPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<PuzzleInput>()
            .configure_sets(
                Update,
                (
                    PuzzleViewStep::Camera,
                    PuzzleViewStep::Board,
                    PuzzleViewStep::Pieces,
                    PuzzleViewStep::Hand,
                    PuzzleViewStep::Effects,
                )
                    .chain()
                    .in_set(PuzzleSet::Present),
            )
            .add_plugins((
                input::InputPlugin,
                board::BoardPlugin,
                pieces::PiecesPlugin,
                hand::HandPlugin,
                effects::EffectsPlugin,
            ))
            .add_systems(Startup, spawn_camera)
            .add_systems(Last, publish.run_if(|| crate::base::platform::WEB))
            .add_systems(Update, cameras.in_set(PuzzleViewStep::Camera));
    }
}

/// The puzzle's state for the web page (`window.mscPuzzle`): what the
/// browser test reads to know a tap or a probe landed.
fn publish(
    puzzle: Res<Puzzle>,
    screen: Res<State<Screen>>,
    cams: Query<(&Camera, &GlobalTransform), With<PuzzleCamera>>,
) {
    let Some(g) = &puzzle.game else {
        return;
    };
    // Where the cells and hand slots are on the page (CSS pixels), so the
    // browser test taps them by index whatever the look.
    let l = PuzzleLayout::of(g);
    let page = |p: Vec2| {
        cams.iter()
            .find(|(c, _)| c.is_active)
            .and_then(|(c, gt)| c.world_to_viewport(gt, p.extend(0.0)).ok())
            .map_or("null".to_string(), |v| format!("[{:.1},{:.1}]", v.x, v.y))
    };
    let cells: Vec<String> = (0..g.cells.len()).map(|i| page(l.cell(i))).collect();
    let slots: Vec<String> = (0..l.hand).map(|i| page(l.slot(i))).collect();
    let flags = g.cells.iter().filter(|c| c.flag).count();
    let closed: Vec<String> = (0..g.cells.len())
        .filter(|&i| g.is_closed(i) && g.piece_at(i).is_none())
        .map(|i| i.to_string())
        .collect();
    let json = format!(
        "{{\"shown\":{},\"code\":\"{}\",\"size\":{},\"score\":{},\"lives\":{},\"done\":{},\"flags\":{},\"pieces\":{},\"moves\":{},\"status\":\"{:?}\",\"hint\":{},\"closed\":[{}],\"cells\":[{}],\"slots\":[{}]}}",
        screen.get().is_sudoku(),
        puzzle.code,
        g.size(),
        g.score,
        g.lives,
        g.mines_done(),
        flags,
        g.pieces.len(),
        g.moves,
        g.status,
        puzzle.hint.map_or(-1, |h| h.cell() as i64),
        closed.join(","),
        cells.join(","),
        slots.join(","),
    );
    crate::base::platform::publish("mscPuzzle", &json);
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        Camera2d,
        PuzzleCamera,
        layer(),
        Camera {
            is_active: false,
            ..default()
        },
    ));
}

/// The puzzle camera draws on Sweeper Sudoku's screens (the chess view
/// switches its own off there), fitted left of the panel.
fn cameras(
    screen: Res<State<Screen>>,
    puzzle: Res<Puzzle>,
    panel: Res<PanelSpace>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut cams: Query<(&mut Camera, &mut Projection), With<PuzzleCamera>>,
) {
    let visible = screen.get().is_sudoku();
    for (mut cam, _) in &mut cams {
        if cam.is_active != visible {
            cam.is_active = visible;
        }
    }
    let Ok(win) = window.single() else { return };
    let extent = puzzle
        .game
        .as_ref()
        .map(|g| PuzzleLayout::of(g).extent())
        .unwrap_or(Vec2::splat(8.0 * CELL));
    let (_, size) = crate::base::draw::board_viewport(win, *panel, 0.0);
    for (mut cam, mut p) in &mut cams {
        if cam
            .viewport
            .as_ref()
            .is_none_or(|v| v.physical_size != size)
        {
            cam.viewport = Some(Viewport {
                physical_position: UVec2::ZERO,
                physical_size: size,
                ..default()
            });
        }
        if let Projection::Orthographic(o) = &mut *p {
            let same = matches!(o.scaling_mode, ScalingMode::AutoMin { min_width, min_height }
                if min_width == extent.x && min_height == extent.y);
            if !same {
                o.scaling_mode = ScalingMode::AutoMin {
                    min_width: extent.x,
                    min_height: extent.y,
                };
            }
        }
    }
}

fn text(s: &str, size: f32, font: &Handle<Font>, color: Color) -> impl Bundle {
    (
        Text2d::new(s),
        TextFont::from_font_size(size).with_font(font.clone()),
        TextColor(color),
        layer(),
    )
}

fn block_light(game: &PuzzleGame, i: usize) -> bool {
    let b = minesweeper_core::sudoku::grid::Grid::block_of(game.board.grid.size, i);
    let (_, bc) =
        minesweeper_core::sudoku::grid::block_shape(game.board.grid.size).unwrap_or((1, 1));
    let per_row = game.size() / bc as usize;
    (b / per_row + b % per_row).is_multiple_of(2)
}

/// A piece sliding to its new cell.
#[derive(Component)]
pub(super) struct SlideTo {
    from: Vec2,
    to: Vec2,
    t: f32,
}

/// A piece popping in.
#[derive(Component)]
pub(super) struct Pop(f32);

/// Velocity of a spark of an explosion.
#[derive(Component)]
pub(super) struct Spark(Vec2);
