//! Drawing the game and reading the mouse and keyboard.
//!
//! Visuals are attached to the gameplay entities when they appear and follow
//! their components; animations and effects react to the gameplay messages.
//! The view never decides a rule: a click becomes a [`MoveRequested`], like
//! every other input source.

pub mod board;
pub mod cursor;
pub mod effects;
pub mod input;
pub mod keys;
pub mod marks;
pub mod premove;
pub mod replay;
mod script;
pub mod sound;

use bevy::camera::{ScalingMode, Viewport};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::base::draw::BoardInset;
use crate::base::screen::Screen;
use crate::chess::ecs::{ChessGame, PublicBoard};
use minesweeper_core::chess::Square;

pub(crate) use crate::base::draw::{CELL, Fonts, PanelSpace};

/// Depth of each layer of the board.
pub mod z {
    /// The frame and coordinates.
    pub(crate) const FRAME: f32 = -1.0;
    /// Board cells.
    pub(crate) const CELL: f32 = 0.0;
    /// Last-move and selection tints.
    pub(crate) const TINT: f32 = 0.5;
    /// Check glow under the king.
    pub(crate) const GLOW: f32 = 0.8;
    /// Counts on revealed cells.
    pub(crate) const COUNT: f32 = 1.0;
    /// Discovered mines.
    pub(crate) const MINE: f32 = 1.5;
    /// Fog.
    pub(crate) const FOG: f32 = 2.0;
    /// Move dots and capture rings.
    pub(crate) const TARGET: f32 = 3.0;
    /// Pieces.
    pub(crate) const PIECE: f32 = 4.0;
    /// A dragged piece and ghosts.
    pub(crate) const LIFTED: f32 = 5.0;
    /// Explosions and sweeps.
    pub(crate) const EFFECT: f32 = 6.0;
    /// The sapper's bomb icon.
    pub(crate) const ICON: f32 = 7.0;
    /// A board looked back at, over the live one (`replay.rs`).
    pub(crate) const REPLAY: f32 = 10.0;
    /// Coordinates inside the cells: above everything, a replay too.
    pub(crate) const LABEL: f32 = 20.0;
}

/// Board size and orientation: where each cell is drawn.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// Files of the board being drawn.
    pub files: u8,
    /// Ranks of the board being drawn.
    pub ranks: u8,
    /// Black at the bottom.
    pub flipped: bool,
}

impl Default for Layout {
    fn default() -> Self {
        Layout {
            files: 8,
            ranks: 10,
            flipped: false,
        }
    }
}

impl Layout {
    /// Centre of a cell in world coordinates.
    pub fn center(&self, sq: Square) -> Vec2 {
        let (mut f, mut r) = (sq.file() as f32, sq.rank() as f32);
        if self.flipped {
            f = self.files as f32 - 1.0 - f;
            r = self.ranks as f32 - 1.0 - r;
        }
        Vec2::new(
            (f - (self.files as f32 - 1.0) / 2.0) * CELL,
            (r - (self.ranks as f32 - 1.0) / 2.0) * CELL,
        )
    }

    /// The cell under a world position, if any.
    pub(crate) fn square_at(&self, world: Vec2) -> Option<Square> {
        let mut f = (world.x / CELL + self.files as f32 / 2.0).floor() as i32;
        let mut r = (world.y / CELL + self.ranks as f32 / 2.0).floor() as i32;
        if f < 0 || r < 0 || f >= self.files as i32 || r >= self.ranks as i32 {
            return None;
        }
        if self.flipped {
            f = self.files as i32 - 1 - f;
            r = self.ranks as i32 - 1 - r;
        }
        Square::try_new(f, r)
    }
}

/// The keyboard's cell, when the cursor shows (`cursor.rs` moves and
/// draws it; the replay's keys wait while it shows).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Cursor(pub Option<Square>);

/// Run condition: the keyboard's cursor is hidden.
pub(crate) fn cursor_hidden(cursor: Res<Cursor>) -> bool {
    cursor.0.is_none()
}

/// The view's steps inside the turn (ordered in `app::sets`): the input
/// ones in [`TurnSet::Input`](crate::chess::ecs::TurnSet::Input) before the computer chooses, the rest in
/// [`TurnSet::Present`](crate::chess::ecs::TurnSet::Present), each after the one before.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ViewStep {
    /// Board changes drop the selection; the pointer is mapped to the board.
    Read,
    /// Keys.
    Keys,
    /// The keyboard's cursor.
    Cursor,
    /// Clicks, taps and drags.
    Pointer,
    /// A premove whose turn has come.
    Premove,
    /// The command line's script.
    Script,
    /// Dressing the entities, the frame, the layout; the fog drifting.
    Board,
    /// The camera follows the screen and fits the board.
    Camera,
    /// Slides, fades, blasts, fog lifting, shake, tints and glow.
    Motion,
    /// Selection marks and the hint.
    Marks,
    /// Sounds.
    Sound,
}

/// Board drawing, animation, effects and input.
pub(crate) struct ViewPlugin;

impl Plugin for ViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            input::InputPlugin,
            keys::KeysPlugin,
            script::ScriptPlugin,
            board::BoardPlugin,
            effects::EffectsPlugin,
            marks::MarksPlugin,
            replay::ReplayPlugin,
            cursor::CursorPlugin,
            premove::PremovePlugin,
            sound::SoundPlugin,
        ))
        .init_resource::<Layout>()
        .add_systems(Startup, spawn_camera)
        .add_systems(
            Update,
            (show_camera, fit_camera).chain().in_set(ViewStep::Camera),
        );
        if crate::base::platform::WEB {
            app.add_systems(Last, publish_status);
        }
    }
}

/// Marks the camera that draws the board (egui has its own).
#[derive(Component)]
pub(crate) struct WorldCamera;

fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, WorldCamera));
}

/// The board camera draws on the chess screens (Sweeper Sudoku has its own).
fn show_camera(screen: Res<State<Screen>>, mut cams: Query<&mut Camera, With<WorldCamera>>) {
    let on = !screen.get().is_sudoku();
    for mut c in &mut cams {
        if c.is_active != on {
            c.is_active = on;
        }
    }
}

/// Fits the board (with its frame) into the part of the window left of the
/// side panel, keeping its shape.
fn fit_camera(
    layout: Res<Layout>,
    panel: Res<PanelSpace>,
    inset: Res<BoardInset>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut cams: Query<(&mut Camera, &mut Projection), With<WorldCamera>>,
) {
    let (w, h) = (
        (layout.files as f32 + 1.2) * CELL,
        (layout.ranks as f32 + 1.2) * CELL,
    );
    let Ok(win) = window.single() else { return };
    let (at, size) = crate::base::draw::board_viewport(win, *panel, inset.0);
    for (mut cam, mut p) in &mut cams {
        let want = Some(Viewport {
            physical_position: at,
            physical_size: size,
            ..default()
        });
        let same = cam
            .viewport
            .as_ref()
            .is_some_and(|v| v.physical_size == size && v.physical_position == at);
        if !same {
            cam.viewport = want;
        }
        if let Projection::Orthographic(o) = &mut *p {
            let same = matches!(o.scaling_mode, ScalingMode::AutoMin { min_width, min_height }
                if min_width == w && min_height == h);
            if !same {
                o.scaling_mode = ScalingMode::AutoMin {
                    min_width: w,
                    min_height: h,
                };
            }
        }
    }
}

/// What the page learns of the game (`window.mscStatus`, JSON): frames
/// drawn, when the first one was, and the public state of the board. Only
/// public information: the page is as visible to the player as the board.
fn publish_status(
    frames: Res<bevy::diagnostic::FrameCount>,
    board: PublicBoard,
    game: Res<ChessGame>,
    texts: Option<Res<crate::base::i18n::Texts>>,
    layout: Res<Layout>,
    cams: Query<(&Camera, &GlobalTransform), With<WorldCamera>>,
    looking: (Res<replay::Viewing>, Res<crate::chess::ecs::Timeline>),
    mut first_ms: Local<Option<f64>>,
) {
    // Frame 0 was rendered by the time frame 2 runs.
    if frames.0 >= 2 && first_ms.is_none() {
        let t = crate::base::platform::page_time_ms();
        *first_ms = Some(t);
        info!("first frame drawn {t:.0} ms after the page started");
    }
    let fen = board
        .public(&game)
        .map(|p| minesweeper_core::chess::fen::public_to_fen(&p))
        .unwrap_or_default();
    let outcome = game.outcome().map(|o| format!("{o:?}")).unwrap_or_default();
    // The language in use and the first button of the title menu, so the
    // browser test can check the page speaks the language asked for.
    let (lang, play) = texts.map_or_else(Default::default, |t| {
        let play = t.t(crate::base::i18n::T::PlayHotSeat);
        (t.lang().code(), play.replace(['"', '\\'], "'"))
    });
    // Where the cells are on the page, so the browser tests click a square
    // by its name whatever the board's look: a1's centre and the steps to
    // the next file and rank, in CSS pixels (a flipped board has them
    // reversed).
    let board = cams
        .iter()
        .find(|(c, _)| c.is_active)
        .and_then(|(cam, gt)| {
            // world_to_viewport counts from the viewport's corner.
            let origin = cam.logical_viewport_rect().map_or(Vec2::ZERO, |r| r.min);
            let at = |f, r| {
                let sq = Square::try_new(f, r)?;
                cam.world_to_viewport(gt, layout.center(sq).extend(0.0))
                    .ok()
                    .map(|v| v + origin)
            };
            let (a1, b1, a2) = (at(0, 0)?, at(1, 0)?, at(0, 1)?);
            Some(format!(
                "{{\"a1\":[{:.1},{:.1}],\"file\":[{:.2},{:.2}],\"rank\":[{:.2},{:.2}]}}",
                a1.x,
                a1.y,
                b1.x - a1.x,
                b1.y - a1.y,
                a2.x - a1.x,
                a2.y - a1.y
            ))
        })
        .unwrap_or_else(|| "null".to_string());
    // The board looked back at, if any: its ply and public FEN.
    let (viewing, timeline) = looking;
    let viewing = viewing.0.map_or("null".to_string(), |ply| {
        let fen = timeline
            .at(ply)
            .map(minesweeper_core::chess::fen::public_to_fen)
            .unwrap_or_default();
        format!("{{\"ply\":{ply},\"fen\":\"{fen}\"}}")
    });
    let json = format!(
        "{{\"frames\":{},\"first_frame_ms\":{},\"moves\":{},\"fen\":\"{}\",\"outcome\":\"{}\",\"lang\":\"{lang}\",\"play\":\"{play}\",\"board\":{board},\"viewing\":{viewing}}}",
        frames.0,
        first_ms.map_or("null".to_string(), |t| format!("{t:.0}")),
        game.moves().len(),
        fen,
        outcome.replace('"', "'"),
    );
    // Every frame: the browser test waits for frames to pass between its
    // clicks (a software renderer can be slow enough to merge them).
    crate::base::platform::publish("mscStatus", &json);
}
