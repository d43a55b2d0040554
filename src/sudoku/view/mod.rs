//! Sweeper Sudoku on screen: the board, hand, sensors and marks dressed onto
//! the puzzle entities, the pointer (click, right-click, hold to probe,
//! drag and merge; tap, double-tap, hold on touch), animation and sound.
//!
//! The puzzle has its own camera on its own render layer, so the chess
//! board's systems never see it and it never sees theirs.

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{ScalingMode, Viewport};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::base::audio::PlaySound;
use crate::base::audio::synth::Effect;
use crate::base::draw::glyphs;
use crate::base::draw::{CELL, Fonts, PanelWidth};
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
pub const LAYER: usize = 1;

fn layer() -> RenderLayers {
    RenderLayers::layer(LAYER)
}

/// Depths of the puzzle's layers.
mod z {
    pub const CELL: f32 = 0.0;
    pub const DIGIT: f32 = 0.5;
    pub const MARK: f32 = 0.8;
    pub const FOG: f32 = 1.0;
    pub const ON_FOG: f32 = 1.2;
    pub const GRID: f32 = 1.5;
    pub const TARGET: f32 = 2.0;
    pub const PIECE: f32 = 3.0;
    pub const BADGE: f32 = 3.5;
    pub const LIFTED: f32 = 5.0;
    pub const EFFECT: f32 = 6.0;
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
    pub fn cell_at(&self, p: Vec2) -> Option<usize> {
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
    pub fn on_deck(&self, p: Vec2) -> bool {
        let d = (p - self.deck()).abs();
        d.x < CELL * 0.5 && d.y < CELL * 0.55
    }

    /// The hand slot under a world point.
    pub fn slot_at(&self, p: Vec2) -> Option<usize> {
        (0..self.hand).find(|&i| {
            let d = (p - self.slot(i)).abs();
            d.x < CELL * 0.55 && d.y < CELL * 0.55
        })
    }

    /// World size the camera must show.
    pub fn extent(&self) -> Vec2 {
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
pub struct PuzzleCamera;

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

/// Sprites and text of the puzzle, its camera and its pointer.
pub struct SudokuViewPlugin;

impl Plugin for SudokuViewPlugin {
    fn build(&self, app: &mut App) {
        build(app);
    }
}

fn build(app: &mut App) {
    app.init_resource::<PuzzleInput>()
        .add_systems(Startup, spawn_camera)
        .add_systems(Last, publish.run_if(|| crate::base::platform::WEB))
        .add_systems(
            Update,
            pointer
                .in_set(PuzzleSet::Input)
                .run_if(in_state(Screen::Sudoku).and_then(no_menu)),
        )
        .add_systems(
            Update,
            (
                cameras,
                dress_cells,
                update_cells,
                dress_pieces,
                draw_hand,
                draw_overlays,
                react,
                animate,
            )
                .chain()
                .in_set(PuzzleSet::Present),
        );
}

/// The puzzle's state for the web page (`window.mscPuzzle`): what the
/// browser test reads to know a tap or a probe landed.
fn publish(puzzle: Res<Puzzle>, screen: Res<State<Screen>>) {
    let Some(g) = &puzzle.game else {
        return;
    };
    let flags = g.cells.iter().filter(|c| c.flag).count();
    let closed: Vec<String> = (0..g.cells.len())
        .filter(|&i| g.is_closed(i) && g.piece_at(i).is_none())
        .map(|i| i.to_string())
        .collect();
    let json = format!(
        "{{\"shown\":{},\"code\":\"{}\",\"size\":{},\"score\":{},\"lives\":{},\"done\":{},\"flags\":{},\"pieces\":{},\"moves\":{},\"status\":\"{:?}\",\"hint\":{},\"closed\":[{}]}}",
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
    panel: Res<PanelWidth>,
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
    let scale = win.scale_factor();
    let full = win.physical_size();
    let panel_px = ((panel.0 * scale) as u32).min(full.x.saturating_sub(64));
    let size = UVec2::new(full.x.saturating_sub(panel_px).max(1), full.y.max(1));
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

/// Gives new cells their sprites: base, fog, digit, count, flag, question
/// mark, notes and mine icon; and draws the block lines and badges.
fn dress_cells(
    mut commands: Commands,
    puzzle: Res<Puzzle>,
    fonts: Option<Res<Fonts>>,
    textures: Option<Res<Textures>>,
    cells: Query<(Entity, &PuzzleCell), Added<PuzzleCell>>,
    old_lines: Query<Entity, Or<(With<GridLine>, With<BlockBadge>, With<DeckPile>)>>,
) {
    let (Some(game), Some(fonts), Some(tex)) = (&puzzle.game, fonts, textures) else {
        return;
    };
    if cells.is_empty() {
        return;
    }
    let l = PuzzleLayout::of(game);
    for (e, c) in &cells {
        let base = if block_light(game, c.0) {
            Color::srgb(0.94, 0.91, 0.84)
        } else {
            Color::srgb(0.84, 0.80, 0.72)
        };
        commands
            .entity(e)
            .insert((
                Sprite::from_color(base, Vec2::splat(CELL * 0.97)),
                Transform::from_translation(l.cell(c.0).extend(z::CELL)),
                Visibility::Visible,
                layer(),
            ))
            .with_children(|p| {
                p.spawn((
                    CellDigit,
                    text("", CELL * 0.55, &fonts.bold, Color::srgb(0.15, 0.15, 0.2)),
                    Transform::from_xyz(0.0, -CELL * 0.02, z::DIGIT),
                ));
                p.spawn((
                    CellMine,
                    Sprite {
                        image: tex.mine.clone(),
                        custom_size: Some(Vec2::splat(CELL * 0.34)),
                        ..default()
                    },
                    Transform::from_xyz(CELL * 0.3, -CELL * 0.3, z::MARK),
                    Visibility::Hidden,
                    layer(),
                ));
                p.spawn((
                    CellCount,
                    text("", CELL * 0.2, &fonts.bold, Color::BLACK),
                    Transform::from_xyz(CELL * 0.33, CELL * 0.33, z::MARK),
                ));
                p.spawn((
                    CellFog,
                    Sprite {
                        image: tex.fog[c.0 % tex.fog.len()].clone(),
                        custom_size: Some(Vec2::splat(CELL * 0.97)),
                        color: Color::srgb(0.55, 0.58, 0.66),
                        ..default()
                    },
                    Transform::from_xyz(0.0, 0.0, z::FOG),
                    Visibility::Visible,
                    layer(),
                ));
                p.spawn((
                    CellFlag,
                    text(
                        "\u{2691}",
                        CELL * 0.5,
                        &fonts.ui,
                        Color::srgb(0.85, 0.12, 0.1),
                    ),
                    Transform::from_xyz(0.0, CELL * 0.02, z::ON_FOG),
                    Visibility::Hidden,
                ));
                p.spawn((
                    CellQuestion,
                    text("?", CELL * 0.5, &fonts.bold, Color::srgb(0.98, 0.85, 0.3)),
                    Transform::from_xyz(0.0, 0.0, z::ON_FOG),
                    Visibility::Hidden,
                ));
                p.spawn((
                    CellNote,
                    text("", CELL * 0.17, &fonts.bold, Color::srgb(1.0, 0.75, 0.7)),
                    Transform::from_xyz(0.0, -CELL * 0.34, z::ON_FOG),
                ));
            });
    }
    // Block lines and mine badges, once per board.
    for e in &old_lines {
        commands.entity(e).despawn();
    }
    let n = game.size();
    let (br, bc) =
        minesweeper_core::sudoku::grid::block_shape(game.board.grid.size).unwrap_or((1, 1));
    let line = Color::srgb(0.18, 0.16, 0.15);
    let top_left = l.cell(0) + Vec2::new(-CELL / 2.0, CELL / 2.0);
    let span = n as f32 * CELL;
    for k in 0..=n {
        let thick = if k % bc as usize == 0 { 4.0 } else { 1.0 };
        commands.spawn((
            GridLine,
            Sprite::from_color(line, Vec2::new(thick, span + 4.0)),
            Transform::from_xyz(
                top_left.x + k as f32 * CELL,
                top_left.y - span / 2.0,
                z::GRID,
            ),
            layer(),
        ));
        let thick = if k % br as usize == 0 { 4.0 } else { 1.0 };
        commands.spawn((
            GridLine,
            Sprite::from_color(line, Vec2::new(span + 4.0, thick)),
            Transform::from_xyz(
                top_left.x + span / 2.0,
                top_left.y - k as f32 * CELL,
                z::GRID,
            ),
            layer(),
        ));
    }
    for b in 0..n {
        let per_row = n / bc as usize;
        let (row, col) = ((b / per_row) * br as usize, (b % per_row) * bc as usize);
        let corner = l.cell(row * n + col) + Vec2::new(-CELL * 0.5, CELL * 0.5);
        commands
            .spawn((
                BlockBadge(b),
                Sprite::from_color(
                    Color::srgba(0.1, 0.1, 0.12, 0.85),
                    Vec2::new(CELL * 0.38, CELL * 0.22),
                ),
                Transform::from_translation(
                    (corner + Vec2::new(CELL * 0.2, -CELL * 0.13)).extend(z::BADGE),
                ),
                layer(),
            ))
            .with_children(|p| {
                p.spawn((
                    Sprite {
                        image: tex.mine.clone(),
                        custom_size: Some(Vec2::splat(CELL * 0.2)),
                        ..default()
                    },
                    Transform::from_xyz(-CELL * 0.085, 0.0, 0.1),
                    layer(),
                ));
                p.spawn((
                    text("", CELL * 0.17, &fonts.bold, Color::WHITE),
                    Transform::from_xyz(CELL * 0.085, 0.0, 0.1),
                ));
            });
    }
    commands
        .spawn((
            DeckPile,
            Sprite::from_color(
                Color::srgb(0.25, 0.22, 0.35),
                Vec2::new(CELL * 0.8, CELL * 0.95),
            ),
            Transform::from_translation(l.deck().extend(z::CELL)),
            layer(),
        ))
        .with_children(|p| {
            p.spawn((
                text("", CELL * 0.3, &fonts.bold, Color::WHITE),
                Transform::from_xyz(0.0, 0.0, 0.1),
            ));
        });
}

/// Shows each cell as the game has it: digits and counts of open cells,
/// fog, flags, question marks, notes and spent mines.
fn update_cells(
    mut commands: Commands,
    puzzle: Res<Puzzle>,
    settings: Res<Settings>,
    cells: Query<(&PuzzleCell, &Children)>,
    mut vis: Query<
        &mut Visibility,
        Or<(
            With<CellFog>,
            With<CellFlag>,
            With<CellQuestion>,
            With<CellMine>,
        )>,
    >,
    kinds: Query<(
        Has<CellFog>,
        Has<CellFlag>,
        Has<CellQuestion>,
        Has<CellMine>,
        Has<CellDigit>,
        Has<CellCount>,
        Has<CellNote>,
        Has<Fading>,
    )>,
    mut texts: Query<(&mut Text2d, &mut TextColor)>,
    mut digit_tf: Query<&mut Transform, With<CellDigit>>,
    mut sprites: Query<&mut Sprite>,
    badges: Query<(&BlockBadge, &Children)>,
    deck: Query<&Children, With<DeckPile>>,
) {
    let Some(game) = &puzzle.game else { return };
    if !puzzle.is_changed() {
        return;
    }
    for (c, children) in &cells {
        let Some(cell) = game.cells.get(c.0) else {
            continue;
        };
        let open = cell.state == CellState::Open;
        for child in children.iter() {
            let Ok((fog, flag, question, mine, digit, count, note, fading)) = kinds.get(child)
            else {
                continue;
            };
            if fog {
                let show = cell.state != CellState::Open;
                if let Ok(mut v) = vis.get_mut(child) {
                    if !show && *v != Visibility::Hidden && !fading {
                        commands.entity(child).insert(Fading(0.0));
                    } else if show {
                        *v = Visibility::Visible;
                        commands.entity(child).remove::<Fading>();
                        if let Ok(mut s) = sprites.get_mut(child) {
                            s.color = Color::srgb(0.55, 0.58, 0.66);
                        }
                    }
                }
            }
            let set = |v: &mut Visibility, on: bool| {
                let want = if on {
                    Visibility::Visible
                } else {
                    Visibility::Hidden
                };
                if *v != want {
                    *v = want;
                }
            };
            if flag && let Ok(mut v) = vis.get_mut(child) {
                set(&mut v, cell.flag);
            }
            if question && let Ok(mut v) = vis.get_mut(child) {
                set(&mut v, cell.state == CellState::Question);
            }
            if mine {
                if let Ok(mut v) = vis.get_mut(child) {
                    set(
                        &mut v,
                        matches!(cell.mine, Some(MineFate::Defused | MineFate::Blown)),
                    );
                }
                if let Ok(mut s) = sprites.get_mut(child) {
                    s.color = match cell.mine {
                        Some(MineFate::Blown) => Color::srgb(1.0, 0.35, 0.2),
                        _ => Color::srgb(0.45, 0.9, 0.5),
                    };
                }
            }
            // Under a piece the cell's own digit moves to the free top-left
            // corner: a king or knight keeps its card digit, which may not
            // be the cell's, and the player needs both.
            let under = open && game.piece_at(c.0).is_some();
            if digit && let Ok(mut tf) = digit_tf.get_mut(child) {
                let (at, scale) = if under {
                    (Vec3::new(-CELL * 0.34, CELL * 0.32, z::BADGE - 0.2), 0.42)
                } else {
                    (Vec3::new(0.0, -CELL * 0.02, z::DIGIT), 1.0)
                };
                if tf.translation != at {
                    tf.translation = at;
                    tf.scale = Vec3::splat(scale);
                }
            }
            if digit && let Ok((mut t, mut col)) = texts.get_mut(child) {
                let s = if open {
                    game.board.grid.cells[c.0].to_string()
                } else {
                    String::new()
                };
                if t.0 != s {
                    t.0 = s;
                }
                col.0 = if game.board.open[c.0] {
                    Color::srgb(0.12, 0.22, 0.45)
                } else if cell.mine == Some(MineFate::Blown) {
                    Color::srgb(0.55, 0.2, 0.15)
                } else {
                    Color::srgb(0.15, 0.15, 0.2)
                };
            }
            if count && let Ok((mut t, mut col)) = texts.get_mut(child) {
                let s = match (open, cell.shows_count) {
                    (true, true) => game.board.count(c.0).to_string(),
                    (true, false) => "\u{25CB}".to_string(),
                    _ => String::new(),
                };
                if t.0 != s {
                    t.0 = s;
                }
                col.0 = match game.shown_count(c.0) {
                    Some(0) | None => Color::srgb(0.35, 0.35, 0.38),
                    Some(k) => count_color(settings.palette, k),
                };
            }
            if note && let Ok((mut t, _)) = texts.get_mut(child) {
                let closed = cell.state == CellState::Closed;
                let mut s = String::new();
                // A spent spare life proved the cell empty: a tick.
                if closed && cell.proven_empty {
                    s.push('\u{2713}');
                }
                if closed && cell.not_digits != 0 {
                    let ds: Vec<String> = (1..=game.size() as u8)
                        .filter(|d| cell.not_digits & (1 << d) != 0)
                        .map(|d| d.to_string())
                        .collect();
                    if !s.is_empty() {
                        s.push(' ');
                    }
                    s.push_str(&format!("\u{2260}{}", ds.join(" ")));
                }
                if t.0 != s {
                    t.0 = s;
                }
            }
        }
    }
    let totals = game.block_mines();
    let done = game.block_done();
    for (b, children) in &badges {
        for child in children.iter() {
            if let Ok((mut t, mut col)) = texts.get_mut(child) {
                let left = totals[b.0].saturating_sub(done[b.0]);
                t.0 = totals[b.0].to_string();
                col.0 = if left == 0 {
                    Color::srgb(0.5, 0.95, 0.55)
                } else {
                    Color::WHITE
                };
            }
        }
    }
    for children in &deck {
        for child in children.iter() {
            if let Ok((mut t, _)) = texts.get_mut(child) {
                t.0 = game.deck.len().to_string();
            }
        }
    }
}

/// A piece with its digit card, for the board (with sensor and stamina)
/// or the hand.
fn spawn_card(p: &mut ChildSpawnerCommands, card: Card, fonts: &Fonts, size: f32, alpha: f32) {
    let (solid, outline) = glyphs(card.kind.role());
    let (fill, line) = match card.side {
        Side::White => (
            Color::srgba(0.98, 0.96, 0.90, alpha),
            Color::srgba(0.08, 0.07, 0.07, alpha),
        ),
        Side::Black => (
            Color::srgba(0.10, 0.09, 0.10, alpha),
            Color::srgba(0.62, 0.58, 0.55, alpha),
        ),
    };
    p.spawn((
        text(solid, size, &fonts.pieces, fill),
        Transform::from_xyz(0.0, -CELL * 0.07, 0.0),
    ));
    p.spawn((
        text(outline, size, &fonts.pieces, line),
        Transform::from_xyz(0.0, -CELL * 0.07, 0.01),
    ));
    // The digit card: a small tile at the lower left.
    p.spawn((
        Sprite::from_color(
            Color::srgba(0.98, 0.93, 0.55, alpha),
            Vec2::new(CELL * 0.27, CELL * 0.3),
        ),
        Transform::from_xyz(-CELL * 0.3, -CELL * 0.28, 0.05),
        layer(),
    ))
    .with_children(|c| {
        c.spawn((
            text(
                &card.digit.to_string(),
                CELL * 0.24,
                &fonts.bold,
                Color::srgba(0.1, 0.1, 0.1, alpha),
            ),
            Transform::from_xyz(0.0, 0.0, 0.01),
        ));
    });
}

/// Draws each board piece: glyph, digit card, sensor, stamina pips and a
/// king's spare life; slides it to its cell when it moves.
fn dress_pieces(
    mut commands: Commands,
    puzzle: Res<Puzzle>,
    fonts: Option<Res<Fonts>>,
    pieces: Query<(
        Entity,
        Ref<PuzzlePiece>,
        Option<&Children>,
        Option<&Transform>,
    )>,
    dresses: Query<Entity, With<PieceDress>>,
) {
    let (Some(game), Some(fonts)) = (&puzzle.game, fonts) else {
        return;
    };
    let l = PuzzleLayout::of(game);
    for (e, p, children, t) in &pieces {
        if !p.is_changed() {
            continue;
        }
        let target = l.cell(p.cell).extend(z::PIECE);
        match t {
            Some(t) if t.translation.truncate() != target.truncate() => {
                commands.entity(e).insert(SlideTo {
                    from: t.translation.truncate(),
                    to: target.truncate(),
                    t: 0.0,
                });
            }
            Some(_) => {}
            None => {
                commands.entity(e).insert((
                    Transform::from_translation(target).with_scale(Vec3::splat(0.2)),
                    Visibility::Visible,
                    layer(),
                    Pop(0.0),
                ));
            }
        }
        for c in children.into_iter().flatten() {
            if dresses.contains(*c) {
                commands.entity(*c).despawn();
            }
        }
        let piece = *p;
        commands.entity(e).with_children(|root| {
            root.spawn((
                PieceDress,
                Transform::default(),
                Visibility::Inherited,
                layer(),
            ))
            .with_children(|d| {
                spawn_card(d, piece.card, &fonts, CELL * 0.5, 1.0);
                // Sensor reading: white pieces count mines (red), black
                // pieces count their digit (blue).
                let (bg, fg) = if piece.card.side == Side::White {
                    (Color::srgb(0.75, 0.12, 0.1), Color::WHITE)
                } else {
                    (Color::srgb(0.12, 0.3, 0.75), Color::WHITE)
                };
                d.spawn((
                    Sprite::from_color(bg, Vec2::splat(CELL * 0.25)),
                    Transform::from_xyz(0.0, CELL * 0.35, 0.1),
                    layer(),
                ))
                .with_children(|s| {
                    s.spawn((
                        text(&piece.sensor.to_string(), CELL * 0.22, &fonts.bold, fg),
                        Transform::from_xyz(0.0, 0.0, 0.01),
                    ));
                });
                for k in 0..piece.stamina {
                    d.spawn((
                        Sprite::from_color(Color::srgb(0.3, 0.85, 0.4), Vec2::splat(CELL * 0.08)),
                        Transform::from_xyz(CELL * (0.38 - 0.11 * k as f32), -CELL * 0.4, 0.1),
                        layer(),
                    ));
                }
                if piece.spare > 0 {
                    d.spawn((
                        text(
                            "\u{2665}",
                            CELL * 0.22,
                            &fonts.ui,
                            Color::srgb(0.9, 0.2, 0.35),
                        ),
                        Transform::from_xyz(CELL * 0.32, CELL * 0.02, 0.1),
                    ));
                }
            });
        });
    }
}

/// A piece sliding to its new cell.
#[derive(Component)]
struct SlideTo {
    from: Vec2,
    to: Vec2,
    t: f32,
}

/// A piece popping in.
#[derive(Component)]
struct Pop(f32);

/// The hand: five cards under the board (the selected one raised), the
/// deck count and a card following the pointer while dragged.
fn draw_hand(
    mut commands: Commands,
    puzzle: Res<Puzzle>,
    input: Res<PuzzleInput>,
    frame: Res<PointerFrame>,
    fonts: Option<Res<Fonts>>,
    old: Query<Entity, Or<(With<HandCard>, With<DraggedCard>)>>,
    cam: Query<(&Camera, &GlobalTransform), With<PuzzleCamera>>,
    mut last: Local<Option<(Vec<Card>, Option<usize>, Option<usize>)>>,
    mut dragged: Query<&mut Transform, With<DraggedCard>>,
) {
    let (Some(game), Some(fonts)) = (&puzzle.game, fonts) else {
        for e in &old {
            commands.entity(e).despawn();
        }
        *last = None;
        return;
    };
    let l = PuzzleLayout::of(game);
    let drag_world = frame.screen.and_then(|s| {
        cam.single()
            .ok()
            .and_then(|(c, t)| c.viewport_to_world_2d(t, s).ok())
    });
    let dragging = input.drag.filter(|_| input.dragged && frame.down);
    let now = (game.hand.clone(), input.card, dragging);
    if last.as_ref() == Some(&now) {
        if let (Some(p), Ok(mut t)) = (drag_world, dragged.single_mut()) {
            t.translation = p.extend(z::LIFTED);
        }
        return;
    }
    *last = Some(now);
    for e in &old {
        commands.entity(e).despawn();
    }
    for (i, &card) in game.hand.iter().enumerate() {
        let picked = input.card == Some(i);
        let lifted = dragging == Some(i);
        let pos = l.slot(i) + Vec2::new(0.0, if picked { CELL * 0.12 } else { 0.0 });
        commands
            .spawn((
                HandCard,
                Sprite::from_color(
                    if picked {
                        Color::srgb(0.55, 0.8, 1.0)
                    } else {
                        Color::srgb(0.82, 0.78, 0.7)
                    },
                    Vec2::new(CELL * 1.05, CELL * 1.05),
                ),
                Transform::from_translation(pos.extend(z::CELL)),
                layer(),
            ))
            .with_children(|p| {
                p.spawn((
                    Transform::from_xyz(0.0, 0.0, 0.1),
                    Visibility::Inherited,
                    layer(),
                ))
                .with_children(|c| {
                    spawn_card(
                        c,
                        card,
                        &fonts,
                        CELL * 0.62,
                        if lifted { 0.35 } else { 1.0 },
                    )
                });
            });
        if lifted && let Some(p) = drag_world {
            commands
                .spawn((
                    DraggedCard,
                    Transform::from_translation(p.extend(z::LIFTED)),
                    Visibility::Visible,
                    layer(),
                ))
                .with_children(|c| spawn_card(c, card, &fonts, CELL * 0.66, 0.9));
        }
    }
}

/// Selection, move targets, flag-jump targets, the hint and the burning
/// fuse of a probe.
fn draw_overlays(
    mut commands: Commands,
    puzzle: Res<Puzzle>,
    input: Res<PuzzleInput>,
    time: Res<Time<Real>>,
    textures: Option<Res<Textures>>,
    old: Query<Entity, With<Overlay>>,
    fuses: Query<Entity, With<Fuse>>,
    mut last: Local<
        Option<(
            Option<usize>,
            Option<usize>,
            Option<usize>,
            usize,
            Option<usize>,
        )>,
    >,
) {
    let (Some(game), Some(tex)) = (&puzzle.game, textures) else {
        for e in old.iter().chain(&fuses) {
            commands.entity(e).despawn();
        }
        return;
    };
    let l = PuzzleLayout::of(game);
    // The fuse is redrawn every frame while a probe is held.
    for e in &fuses {
        commands.entity(e).despawn();
    }
    if let Some((cell, since)) = input.hold
        && !input.fired
    {
        let p = ((time.elapsed_secs_f64() - since) / game.preset.file.probe_seconds as f64)
            .clamp(0.0, 1.0) as f32;
        let center = l.cell(cell);
        let segments = 40;
        let lit = (p * segments as f32) as usize;
        for k in 0..lit {
            let a = k as f32 / segments as f32;
            // Round the square's edge, clockwise from the top middle.
            let pos = center + perimeter(a) * CELL * 0.46;
            let head = k + 1 == lit;
            commands.spawn((
                Fuse,
                Sprite {
                    image: if head {
                        tex.glow.clone()
                    } else {
                        tex.spark.clone()
                    },
                    custom_size: Some(Vec2::splat(if head { CELL * 0.3 } else { CELL * 0.09 })),
                    color: if head {
                        Color::srgb(1.0, 0.8, 0.3)
                    } else {
                        Color::srgb(0.25, 0.2, 0.15)
                    },
                    ..default()
                },
                Transform::from_translation(pos.extend(z::EFFECT)),
                layer(),
            ));
        }
    }
    let key = (
        input.piece,
        input.jumper,
        puzzle.hint.map(|h| h.cell()),
        game.moves as usize,
        input.card,
    );
    if last.as_ref() == Some(&key) && !puzzle.is_changed() {
        return;
    }
    *last = Some(key);
    for e in &old {
        commands.entity(e).despawn();
    }
    let mark =
        |commands: &mut Commands, cell: usize, img: &Handle<Image>, color: Color, size: f32| {
            commands.spawn((
                Overlay,
                Sprite {
                    image: img.clone(),
                    custom_size: Some(Vec2::splat(CELL * size)),
                    color,
                    ..default()
                },
                Transform::from_translation(l.cell(cell).extend(z::TARGET)),
                layer(),
            ));
        };
    if let Some(from) = input.piece {
        commands.spawn((
            Overlay,
            Sprite::from_color(
                Color::srgba(0.35, 0.75, 0.95, 0.45),
                Vec2::splat(CELL * 0.97),
            ),
            Transform::from_translation(l.cell(from).extend(z::TARGET)),
            layer(),
        ));
        for (to, glide) in game.targets(from) {
            let c = if glide {
                Color::srgba(0.3, 0.6, 1.0, 0.95)
            } else {
                Color::srgba(1.0, 0.95, 0.6, 0.95)
            };
            mark(&mut commands, to, &tex.glow, c, 0.5);
        }
    }
    if let Some(from) = input.jumper {
        commands.spawn((
            Overlay,
            Sprite::from_color(
                Color::srgba(0.95, 0.55, 0.2, 0.45),
                Vec2::splat(CELL * 0.97),
            ),
            Transform::from_translation(l.cell(from).extend(z::TARGET)),
            layer(),
        ));
        for to in game.jump_targets(from) {
            mark(
                &mut commands,
                to,
                &tex.ring,
                Color::srgb(1.0, 0.55, 0.15),
                0.8,
            );
        }
    }
    if let Some(h) = puzzle.hint {
        mark(
            &mut commands,
            h.cell(),
            &tex.glow,
            Color::srgba(0.4, 1.0, 0.5, 0.9),
            1.3,
        );
    }
}

/// A point on a unit square's edge (half-size 1), `a` in 0..1 of the way
/// round clockwise from the top middle.
fn perimeter(a: f32) -> Vec2 {
    let s = (a * 8.0) % 8.0;
    match s as u32 {
        0 => Vec2::new(s, 1.0),
        1 | 2 => Vec2::new(1.0, 1.0 - (s - 1.0)),
        3 | 4 => Vec2::new(1.0 - (s - 3.0), -1.0),
        5 | 6 => Vec2::new(-1.0, -1.0 + (s - 5.0)),
        _ => Vec2::new(-1.0 + (s - 7.0), 1.0),
    }
}

/// Turns the pointer into puzzle requests.
fn pointer(
    frame: Res<PointerFrame>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    puzzle: Res<Puzzle>,
    time: Res<Time<Real>>,
    keys: Res<ButtonInput<KeyCode>>,
    cam: Query<(&Camera, &GlobalTransform), With<PuzzleCamera>>,
    mut input: ResMut<PuzzleInput>,
    mut out: MessageWriter<PuzzleRequest>,
) {
    let Some(game) = &puzzle.game else {
        *input = PuzzleInput::default();
        return;
    };
    if game.status != minesweeper_core::sudoku::Status::Playing {
        input.hold = None;
        input.drag = None;
        return;
    }
    // Keys: H hint, D discard the picked card, Esc drops every pick.
    if keys.just_pressed(KeyCode::KeyH) {
        out.write(PuzzleRequest::Hint);
    }
    if keys.just_pressed(KeyCode::KeyD)
        && let Some(c) = input.card.take()
    {
        out.write(PuzzleRequest::Act(Action::Discard(vec![c])));
    }
    if keys.just_pressed(KeyCode::Escape) {
        if input.jumper.is_some() && game.chain.is_some() {
            out.write(PuzzleRequest::Act(Action::EndChain));
        }
        input.card = None;
        input.piece = None;
        input.jumper = None;
    }
    // A knight in a chain keeps its flag up on its new cell.
    if let Some((id, _, _)) = game.chain {
        input.jumper = game.pieces.iter().find(|p| p.id == id).map(|p| p.cell);
    } else if input.jumper.is_some_and(|c| {
        game.piece_at(c)
            .is_none_or(|p| p.card.kind != PieceKind::Knight)
    }) {
        input.jumper = None;
    }
    if egui_wants.is_some_and(|w| w.wants_any_pointer_input()) && !frame.down {
        return;
    }
    // Without a window (headless tests) the frame's own world point is used.
    let world = frame
        .screen
        .and_then(|s| {
            cam.single()
                .ok()
                .and_then(|(c, t)| c.viewport_to_world_2d(t, s).ok())
        })
        .or(frame.world);
    let l = PuzzleLayout::of(game);
    let cell = world.and_then(|w| l.cell_at(w));
    let slot = world
        .and_then(|w| l.slot_at(w))
        .filter(|&s| s < game.hand.len());
    let now = time.elapsed_secs_f64();
    // A held-back touch tap with no second tap in time acts now.
    if let Some((c, at)) = input.pending_tap
        && now - at > crate::base::gesture::DOUBLE_TAP_SECS
    {
        input.pending_tap = None;
        tap_cell(&mut input, game, c, &mut out);
    }

    if frame.secondary {
        match cell {
            Some(c)
                if game
                    .piece_at(c)
                    .is_some_and(|p| p.card.kind == PieceKind::Knight) =>
            {
                toggle_jumper(&mut input, game, c, &mut out);
            }
            Some(c) if game.is_closed(c) => {
                out.write(PuzzleRequest::Act(Action::Flag(c)));
            }
            _ => {}
        }
        return;
    }
    if frame.pressed {
        input.fired = false;
        input.hold = None;
        input.drag = None;
        input.dragged = false;
        if let Some(s) = slot {
            input.drag = Some(s);
        } else if let Some(c) = cell
            && game.is_closed(c)
            && game.piece_at(c).is_none()
            && input.jumper.is_none()
        {
            input.hold = Some((c, now));
        }
    }
    if frame.down && frame.dragging {
        input.hold = None;
        if input.drag.is_some() {
            input.dragged = true;
        }
    }
    if let Some((c, since)) = input.hold
        && frame.down
        && now - since >= game.preset.file.probe_seconds as f64
    {
        out.write(PuzzleRequest::Act(Action::Probe(c)));
        input.hold = None;
        input.fired = true;
    }
    if frame.long_press
        && let Some(c) = cell
        && game
            .piece_at(c)
            .is_some_and(|p| p.card.kind == PieceKind::Knight)
    {
        toggle_jumper(&mut input, game, c, &mut out);
        input.fired = true;
    }
    if frame.double && frame.touch {
        // The first tap was held back: it becomes this flag, nothing else.
        input.pending_tap = None;
        if let Some(c) = cell
            && game.is_closed(c)
        {
            out.write(PuzzleRequest::Act(Action::Flag(c)));
        }
        input.fired = true;
    }
    if !(frame.released || frame.cancelled) {
        return;
    }
    let drag = input.drag.take();
    let dragged = std::mem::take(&mut input.dragged);
    input.hold = None;
    if frame.cancelled || std::mem::take(&mut input.fired) {
        return;
    }
    if let Some(from) = drag
        && dragged
    {
        match (cell, slot) {
            (Some(c), _) => {
                out.write(PuzzleRequest::Act(Action::Place {
                    hand: from,
                    cell: c,
                }));
                input.card = None;
            }
            (None, Some(to)) if to != from => {
                out.write(PuzzleRequest::Act(Action::Merge {
                    into: to,
                    fed: from,
                }));
                input.card = None;
            }
            // Dropped on the deck pile: discarded for a new card.
            (None, None) if world.is_some_and(|w| l.on_deck(w)) => {
                out.write(PuzzleRequest::Act(Action::Discard(vec![from])));
                input.card = None;
            }
            _ => {}
        }
        return;
    }
    if !frame.tap {
        return;
    }
    if let Some(s) = slot {
        input.card = if input.card == Some(s) { None } else { Some(s) };
        input.piece = None;
        return;
    }
    let Some(c) = cell else {
        input.card = None;
        input.piece = None;
        input.pending_tap = None;
        return;
    };
    if frame.touch && game.is_closed(c) && game.piece_at(c).is_none() {
        // Maybe the first tap of a double-tap: wait for the window.
        input.pending_tap = Some((c, now));
        return;
    }
    tap_cell(&mut input, game, c, &mut out);
}

/// A tap on cell `c`: jump the raised knight, move the picked piece, place
/// the picked card, or pick the piece there.
fn tap_cell(
    input: &mut PuzzleInput,
    game: &PuzzleGame,
    c: usize,
    out: &mut MessageWriter<PuzzleRequest>,
) {
    if let Some(k) = input.jumper {
        if game.jump_targets(k).contains(&c) {
            out.write(PuzzleRequest::Act(Action::FlagJump { from: k, to: c }));
            return;
        }
        if c != k {
            if game.chain.is_some() {
                out.write(PuzzleRequest::Act(Action::EndChain));
            }
            input.jumper = None;
        }
    }
    if let Some(from) = input.piece
        && game.targets(from).iter().any(|&(t, _)| t == c)
    {
        out.write(PuzzleRequest::Act(Action::Move { from, to: c }));
        input.piece = None;
        return;
    }
    if let Some(h) = input.card
        && game.is_closed(c)
        && game.piece_at(c).is_none()
    {
        out.write(PuzzleRequest::Act(Action::Place { hand: h, cell: c }));
        input.card = None;
        return;
    }
    if game.piece_at(c).is_some() {
        input.piece = if input.piece == Some(c) {
            None
        } else {
            Some(c)
        };
        input.card = None;
    } else {
        input.piece = None;
    }
}

fn toggle_jumper(
    input: &mut PuzzleInput,
    game: &PuzzleGame,
    knight: usize,
    out: &mut MessageWriter<PuzzleRequest>,
) {
    if input.jumper == Some(knight) {
        if game.chain.is_some() {
            out.write(PuzzleRequest::Act(Action::EndChain));
        }
        input.jumper = None;
    } else {
        input.jumper = Some(knight);
        input.piece = None;
        input.card = None;
    }
}

/// Effects and sounds for what happened; toasts for refusals.
fn react(
    mut commands: Commands,
    puzzle: Res<Puzzle>,
    fonts: Option<Res<Fonts>>,
    textures: Option<Res<Textures>>,
    mut happened: MessageReader<PuzzleHappened>,
    mut refused: MessageReader<PuzzleRefused>,
    mut input: ResMut<PuzzleInput>,
    mut sound: MessageWriter<PlaySound>,
) {
    for r in refused.read() {
        input.toast = Some((r.0.clone(), 3.0));
        sound.write(PlaySound(Effect::Illegal));
    }
    let (Some(game), Some(fonts), Some(tex)) = (&puzzle.game, fonts, textures) else {
        happened.clear();
        return;
    };
    let l = PuzzleLayout::of(game);
    for h in happened.read() {
        let mut opened = 0;
        for ev in &h.0 {
            match ev {
                Event::Opened { .. } => opened += 1,
                Event::Blew(c) => {
                    sound.write(PlaySound(Effect::Blast));
                    burst(
                        &mut commands,
                        &tex,
                        l.cell(*c),
                        Color::srgb(1.0, 0.55, 0.15),
                        2.6,
                        14,
                    );
                    input.toast = Some(("A mine blew up: a life lost".into(), 3.0));
                }
                Event::Defused(c) => {
                    sound.write(PlaySound(Effect::Sweep));
                    burst(
                        &mut commands,
                        &tex,
                        l.cell(*c),
                        Color::srgb(0.4, 1.0, 0.5),
                        1.6,
                        0,
                    );
                }
                Event::Question(c) => {
                    sound.write(PlaySound(Effect::Illegal));
                    burst(
                        &mut commands,
                        &tex,
                        l.cell(*c),
                        Color::srgb(0.7, 0.7, 0.75),
                        1.2,
                        0,
                    );
                }
                Event::NotDigit { cell, digit } => {
                    sound.write(PlaySound(Effect::Illegal));
                    burst(
                        &mut commands,
                        &tex,
                        l.cell(*cell),
                        Color::srgb(1.0, 0.3, 0.3),
                        1.2,
                        0,
                    );
                    input.toast = Some((
                        format!(
                            "{} does not hold a {digit}: the piece sits out",
                            minesweeper_core::sudoku::deduce::cell_name(
                                game.board.grid.size,
                                *cell
                            )
                        ),
                        3.0,
                    ));
                }
                Event::Placed { .. } | Event::Moved { .. } => {
                    sound.write(PlaySound(Effect::Move));
                }
                Event::SpareLife { cell, .. } => {
                    sound.write(PlaySound(Effect::RoyalSweep));
                    floating(
                        &mut commands,
                        &fonts,
                        l.cell(*cell),
                        "\u{2665}",
                        Color::srgb(0.95, 0.3, 0.45),
                    );
                    input.toast = Some(("The king spent his spare life: nothing lost".into(), 3.0));
                }
                Event::Points(p) => {
                    let at =
                        h.0.iter()
                            .rev()
                            .find_map(|e| match e {
                                Event::Opened { cell, .. }
                                | Event::Question(cell)
                                | Event::Defused(cell) => Some(*cell),
                                _ => None,
                            })
                            .map(|c| l.cell(c))
                            .unwrap_or(Vec2::ZERO);
                    let (s, c) = if *p >= 0 {
                        (format!("+{p}"), Color::srgb(1.0, 0.9, 0.35))
                    } else {
                        (p.to_string(), Color::srgb(1.0, 0.4, 0.35))
                    };
                    floating(
                        &mut commands,
                        &fonts,
                        at + Vec2::new(0.0, CELL * 0.3),
                        &s,
                        c,
                    );
                }
                Event::Over(_) => {
                    sound.write(PlaySound(Effect::GameEnd));
                }
                Event::SatOut(_) | Event::Destroyed(_) => {}
            }
        }
        if opened > 0 {
            sound.write(PlaySound(Effect::Fog));
        }
    }
}

fn burst(commands: &mut Commands, tex: &Textures, at: Vec2, color: Color, size: f32, sparks: u32) {
    commands.spawn((
        Fx {
            t: 0.0,
            life: 0.6,
            grow: size,
            rise: 0.0,
        },
        Sprite {
            image: tex.glow.clone(),
            custom_size: Some(Vec2::splat(CELL)),
            color,
            ..default()
        },
        Transform::from_translation(at.extend(z::EFFECT)),
        layer(),
    ));
    for k in 0..sparks {
        let a = k as f32 / sparks as f32 * std::f32::consts::TAU;
        commands.spawn((
            Fx {
                t: 0.0,
                life: 0.7,
                grow: 0.0,
                rise: 0.0,
            },
            Spark(Vec2::from_angle(a) * CELL * (2.0 + (k % 3) as f32)),
            Sprite {
                image: tex.spark.clone(),
                custom_size: Some(Vec2::splat(CELL * 0.14)),
                color: Color::srgb(1.0, 0.7, 0.25),
                ..default()
            },
            Transform::from_translation(at.extend(z::EFFECT)),
            layer(),
        ));
    }
}

/// Velocity of a spark of an explosion.
#[derive(Component)]
struct Spark(Vec2);

fn floating(commands: &mut Commands, fonts: &Fonts, at: Vec2, s: &str, color: Color) {
    commands.spawn((
        Fx {
            t: 0.0,
            life: 1.1,
            grow: 0.0,
            rise: CELL * 0.9,
        },
        text(s, CELL * 0.3, &fonts.bold, color),
        Transform::from_translation(at.extend(z::EFFECT)),
    ));
}

/// Fog fading, pieces sliding and popping, effects growing and fading,
/// toasts timing out.
fn animate(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    mut input: ResMut<PuzzleInput>,
    mut fading: Query<
        (
            Entity,
            &mut Fading,
            &mut Sprite,
            &mut Visibility,
            &mut Transform,
        ),
        Without<Fx>,
    >,
    mut slides: Query<
        (Entity, &mut SlideTo, &mut Transform),
        (Without<Fading>, Without<Fx>, Without<Pop>),
    >,
    mut pops: Query<
        (Entity, &mut Pop, &mut Transform),
        (Without<Fading>, Without<Fx>, Without<SlideTo>),
    >,
    mut fx: Query<
        (
            Entity,
            &mut Fx,
            &mut Transform,
            Option<&mut Sprite>,
            Option<&mut TextColor>,
            Option<&Spark>,
        ),
        Without<Fading>,
    >,
) {
    let dt = time.delta_secs();
    let speed = 1.0 / settings.animation.factor().max(0.05);
    if let Some((_, t)) = &mut input.toast {
        *t -= dt;
        if *t <= 0.0 {
            input.toast = None;
        }
    }
    for (e, mut f, mut s, mut v, mut t) in &mut fading {
        f.0 += dt * speed / 0.35;
        let a = (1.0 - f.0).clamp(0.0, 1.0);
        s.color = s.color.with_alpha(a);
        t.scale = Vec3::splat(1.0 + 0.25 * f.0.min(1.0));
        if f.0 >= 1.0 {
            *v = Visibility::Hidden;
            t.scale = Vec3::ONE;
            commands.entity(e).remove::<Fading>();
        }
    }
    for (e, mut s, mut t) in &mut slides {
        s.t += dt * speed / 0.25;
        let p = s.t.min(1.0);
        let k = 1.0 - (1.0 - p) * (1.0 - p);
        t.translation = s
            .from
            .lerp(s.to, k)
            .extend(if p < 1.0 { z::LIFTED } else { z::PIECE });
        if p >= 1.0 {
            commands.entity(e).remove::<SlideTo>();
        }
    }
    for (e, mut p, mut t) in &mut pops {
        p.0 += dt * speed / 0.2;
        t.scale = Vec3::splat(0.2 + 0.8 * p.0.min(1.0));
        if p.0 >= 1.0 {
            commands.entity(e).remove::<Pop>();
        }
    }
    for (e, mut f, mut t, sprite, color, spark) in &mut fx {
        f.t += dt * speed;
        let p = (f.t / f.life).min(1.0);
        if f.grow > 0.0 {
            t.scale = Vec3::splat(0.4 + f.grow * p);
        }
        t.translation.y += f.rise * dt * speed / f.life;
        if let Some(s) = spark {
            t.translation += (s.0 * dt * speed * (1.0 - p)).extend(0.0);
        }
        let a = 1.0 - p * p;
        if let Some(mut s) = sprite {
            s.color = s.color.with_alpha(a);
        }
        if let Some(mut c) = color {
            c.0 = c.0.with_alpha(a);
        }
        if p >= 1.0 {
            commands.entity(e).despawn();
        }
    }
}
