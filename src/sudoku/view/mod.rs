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
mod script;
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
use crate::base::theme::{count_badge, count_color, count_zero};
use crate::sudoku::ecs::{
    Puzzle, PuzzleCell, PuzzleHappened, PuzzlePiece, PuzzleRefused, PuzzleRequest,
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

/// Where things are drawn for a board of side `n` and a hand of `hand`, in
/// `rows` rows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PuzzleLayout {
    /// Side length.
    pub n: usize,
    /// Hand slots.
    pub hand: usize,
    /// Rows the hand is laid in: two on a screen held upright when the
    /// hand is wider than the board, so the board can use the width.
    pub rows: usize,
}

/// How many rows the hand takes now (decided by [`cameras`] from the
/// screen's shape).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct HandRows(pub usize);

impl Default for HandRows {
    fn default() -> Self {
        HandRows(1)
    }
}

impl PuzzleLayout {
    fn of(game: &PuzzleGame, rows: &HandRows) -> PuzzleLayout {
        PuzzleLayout {
            n: game.size(),
            hand: game.preset.file.hand as usize,
            rows: rows.0.clamp(1, 2),
        }
    }

    /// How far the board sits above the middle, in cells: room for the
    /// hand below it.
    fn lift(&self) -> f32 {
        0.8
    }

    /// Where the camera looks: lower by half a row for a second row of
    /// hand, so the cells stay where they are.
    fn center(&self) -> Vec2 {
        Vec2::new(0.0, -0.6 * CELL * (self.rows - 1) as f32)
    }

    /// Hand slots a row.
    fn per_row(&self) -> usize {
        self.hand.div_ceil(self.rows).max(1)
    }

    /// Centre of a board cell (row 0 at the top).
    pub fn cell(&self, i: usize) -> Vec2 {
        let half = (self.n as f32 - 1.0) / 2.0;
        Vec2::new(
            ((i % self.n) as f32 - half) * CELL,
            (half - (i / self.n) as f32) * CELL + CELL * self.lift(),
        )
    }

    /// The cell under a world point.
    pub(crate) fn cell_at(&self, p: Vec2) -> Option<usize> {
        let half = self.n as f32 / 2.0;
        let c = (p.x / CELL + half).floor();
        let r = (half - (p.y - CELL * self.lift()) / CELL).floor();
        (c >= 0.0 && r >= 0.0 && (c as usize) < self.n && (r as usize) < self.n)
            .then(|| r as usize * self.n + c as usize)
    }

    /// Centre of hand slot `i`.
    pub fn slot(&self, i: usize) -> Vec2 {
        let step = CELL * 1.2;
        let per_row = self.per_row();
        let (row, col) = (i / per_row, i % per_row);
        let x0 = -(per_row as f32 - 1.0) / 2.0 * step - CELL * 0.6;
        Vec2::new(
            x0 + col as f32 * step,
            -(self.n as f32 / 2.0) * CELL + CELL * self.lift() - CELL * 1.05 - row as f32 * step,
        )
    }

    /// The deck pile, at the end of the hand's first row.
    pub fn deck(&self) -> Vec2 {
        self.slot(self.per_row() - 1) + Vec2::new(CELL * 1.4, 0.0)
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
        let w = (self.n as f32).max(self.per_row() as f32 * 1.2 + 1.6) + 0.8;
        let h = self.n as f32 + 2.6 + 1.2 * (self.rows - 1) as f32;
        Vec2::new(w * CELL, h * CELL)
    }

    /// Two rows of hand when the board is to use an upright screen's
    /// width (`aspect` is the view's width over its height) and one row
    /// of hand is wider than the board.
    fn rows_for(n: usize, hand: usize, aspect: f32) -> usize {
        let one = PuzzleLayout { n, hand, rows: 1 }.extent();
        let wider_than_board = hand as f32 * 1.2 + 1.6 > n as f32;
        if wider_than_board && aspect < 0.9 && one.x / one.y > aspect {
            2
        } else {
            1
        }
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
/// The badge under a cell's count.
#[derive(Component)]
struct CellCountBadge;
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
pub enum PuzzleViewStep {
    /// The pointer and keys on the board (in `PuzzleSet::Input`).
    Pointer,
    /// The command line's script, as the pointer would (in
    /// `PuzzleSet::Input`).
    Script,
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
            .init_resource::<HandRows>()
            .add_plugins((
                input::InputPlugin,
                board::BoardPlugin,
                pieces::PiecesPlugin,
                hand::HandPlugin,
                effects::EffectsPlugin,
                script::ScriptPlugin,
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
    rows: Res<HandRows>,
    screen: Res<State<Screen>>,
    cams: Query<(&Camera, &GlobalTransform), With<PuzzleCamera>>,
) {
    let Some(g) = &puzzle.game else {
        return;
    };
    // Where the cells and hand slots are on the page (CSS pixels), so the
    // browser test taps them by index whatever the look.
    let l = PuzzleLayout::of(g, &rows);
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
    mut rows: ResMut<HandRows>,
    mut cams: Query<(&mut Camera, &mut Projection, &mut Transform), With<PuzzleCamera>>,
) {
    let visible = screen.get().is_sudoku();
    for (mut cam, ..) in &mut cams {
        if cam.is_active != visible {
            cam.is_active = visible;
        }
    }
    let Ok(win) = window.single() else { return };
    let (_, size) = crate::base::draw::board_viewport(win, *panel, 0.0);
    if let Some(g) = &puzzle.game {
        let aspect = size.x as f32 / size.y.max(1) as f32;
        let want = PuzzleLayout::rows_for(g.size(), g.preset.file.hand as usize, aspect);
        if rows.0 != want {
            rows.0 = want;
        }
    }
    let (extent, center) = puzzle
        .game
        .as_ref()
        .map(|g| {
            let l = PuzzleLayout::of(g, &rows);
            (l.extent(), l.center())
        })
        .unwrap_or((Vec2::splat(8.0 * CELL), Vec2::ZERO));
    for (mut cam, mut p, mut t) in &mut cams {
        if t.translation.truncate() != center {
            t.translation.x = center.x;
            t.translation.y = center.y;
        }
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

#[cfg(test)]
mod tests {
    use crate::base::draw::CELL;
    use crate::sudoku::view::PuzzleLayout;
    use bevy::math::Vec2;

    /// On a phone held upright a hand wider than the board takes two
    /// rows, so the board is drawn larger; on a wide screen, or when the
    /// board is the wider, one. The slots and the deck never overlap.
    #[test]
    fn the_hand_folds_on_an_upright_screen() {
        let rows = |n, hand, aspect| PuzzleLayout::rows_for(n, hand, aspect);
        assert_eq!(rows(4, 5, 390.0 / 490.0), 2);
        assert_eq!(rows(4, 5, 900.0 / 820.0), 1);
        assert_eq!(rows(9, 5, 390.0 / 490.0), 1);
        let one = PuzzleLayout {
            n: 4,
            hand: 5,
            rows: 1,
        };
        let two = PuzzleLayout { rows: 2, ..one };
        assert!(two.extent().x < one.extent().x, "narrower with two rows");
        for l in [one, two] {
            let mut spots: Vec<Vec2> = (0..l.hand).map(|i| l.slot(i)).collect();
            spots.push(l.deck());
            for (i, a) in spots.iter().enumerate() {
                for b in &spots[i + 1..] {
                    assert!(a.distance(*b) >= CELL, "{l:?}: {a} and {b} overlap");
                }
                let half = l.extent() / 2.0;
                let d = (*a - l.center()).abs();
                assert!(
                    d.x + CELL / 2.0 <= half.x && d.y + CELL / 2.0 <= half.y,
                    "{l:?}: {a} off screen"
                );
            }
        }
    }
}
