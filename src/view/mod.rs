//! Drawing the board and reading the mouse: a plain 2D view.
//!
//! Visuals are attached to the gameplay entities when they appear and follow
//! their components; the view never decides a rule. Clicking turns into
//! [`MoveRequested`], like every other input source.

use bevy::asset::io::AssetSourceBuilder;
use bevy::camera::ScalingMode;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::chess::{
    At, BoardSquare, BoardView, ChessPiece, Fog, GameStarted, GameState, Mine, MoveRequested,
    RevealedCount, TurnSet,
};
use crate::preset::asset::PresetPlugin;
use crate::rules::{Color as Side, Move, MoveKind, Role, Square};

/// World units per board cell.
pub const CELL: f32 = 64.0;
const LIGHT: Color = Color::srgb(0.93, 0.86, 0.72);
const DARK: Color = Color::srgb(0.55, 0.42, 0.30);
const FOG: Color = Color::srgba(0.55, 0.57, 0.60, 0.96);
const SELECT: Color = Color::srgba(0.25, 0.65, 0.95, 0.55);
const TARGET: Color = Color::srgba(0.15, 0.15, 0.15, 0.45);

/// Classic Minesweeper count colours, 1 to 8.
pub const COUNT_COLORS: [Color; 8] = [
    Color::srgb(0.0, 0.0, 1.0),
    Color::srgb(0.0, 0.5, 0.0),
    Color::srgb(1.0, 0.0, 0.0),
    Color::srgb(0.0, 0.0, 0.5),
    Color::srgb(0.5, 0.0, 0.0),
    Color::srgb(0.0, 0.5, 0.5),
    Color::srgb(0.0, 0.0, 0.0),
    Color::srgb(0.5, 0.5, 0.5),
];

/// Options for a game run from the command line (all optional).
#[derive(Resource, Debug, Clone, Default)]
pub struct GameOptions {
    /// Save a screenshot here once the scripted moves are played, then quit.
    pub screenshot: Option<std::path::PathBuf>,
    /// Moves to play at the start (coordinate or SAN), one per frame.
    pub moves: Vec<String>,
    /// Mine seed for the first game.
    pub seed: Option<u64>,
}

impl GameOptions {
    /// Reads `--screenshot PATH`, `--moves "e2e4 Nf8 …"` and `--seed N`.
    ///
    /// # Errors
    /// A message naming the unknown or incomplete option.
    pub fn parse(args: &[String]) -> Result<GameOptions, String> {
        let mut o = GameOptions::default();
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let mut value = || it.next().cloned().ok_or(format!("{a} needs a value"));
            match a.as_str() {
                "--screenshot" => o.screenshot = Some(value()?.into()),
                "--moves" => o.moves = value()?.split_whitespace().map(String::from).collect(),
                "--seed" => {
                    let v = value()?;
                    o.seed = Some(v.parse().map_err(|_| format!("--seed {v}: not a number"))?);
                }
                other => return Err(format!("unknown option '{other}'")),
            }
        }
        Ok(o)
    }
}

/// Opens the window and runs the game.
pub fn run_game(options: GameOptions) {
    let mut app = App::new();
    if let Some(seed) = options.seed {
        app.insert_resource(crate::chess::MineSeed(seed));
    }
    // Absolute paths, so the folders are found however the binary is started.
    let levels = crate::preset::levels_dir().to_string_lossy().into_owned();
    let assets = crate::preset::project_dir("assets")
        .to_string_lossy()
        .into_owned();
    app.register_asset_source(
        "levels",
        AssetSourceBuilder::platform_default(&levels, None),
    )
    .add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Minesweeper Chess".into(),
                    resolution: (960u32, 800u32).into(),
                    canvas: Some("#bevy".into()),
                    fit_canvas_to_parent: true,
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                file_path: assets,
                meta_check: bevy::asset::AssetMetaCheck::Never,
                ..default()
            }),
    )
    .add_plugins((
        crate::GamePlugin,
        PresetPlugin {
            prefix: "levels://",
        },
        ViewPlugin,
    ))
    .insert_resource(options)
    .add_systems(Update, script.in_set(TurnSet::Input));
    app.run();
}

/// The plain board view and mouse input.
pub struct ViewPlugin;

impl Plugin for ViewPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(ClearColor(Color::srgb(0.16, 0.17, 0.20)))
            .init_resource::<Selection>()
            .add_systems(Startup, spawn_camera)
            .add_systems(Update, click_board.in_set(TurnSet::Input))
            .add_systems(
                Update,
                (
                    fit_camera,
                    dress_squares,
                    dress_pieces,
                    dress_fog,
                    show_counts,
                    show_mines,
                    move_pieces,
                    draw_selection,
                )
                    .chain()
                    .in_set(TurnSet::Present),
            );
    }
}

/// The piece the player picked up and where it may go.
#[derive(Resource, Default, Debug)]
pub struct Selection {
    /// Selected cell.
    pub from: Option<Square>,
    /// Its legal moves.
    pub moves: Vec<Move>,
}

#[derive(Component)]
struct Highlight;

#[derive(Component)]
struct CountLabel;

#[derive(Component)]
struct MineMark;

fn spawn_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}

/// Centre of a cell in world coordinates.
pub fn cell_center(sq: Square, files: u8, ranks: u8) -> Vec2 {
    Vec2::new(
        (sq.file() as f32 - (files as f32 - 1.0) / 2.0) * CELL,
        (sq.rank() as f32 - (ranks as f32 - 1.0) / 2.0) * CELL,
    )
}

fn fit_camera(board: BoardView, mut cams: Query<&mut Projection, With<Camera2d>>) {
    let v = board.variant();
    let (w, h) = ((v.files as f32 + 1.0) * CELL, (v.ranks as f32 + 1.0) * CELL);
    for mut p in &mut cams {
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

fn dress_squares(
    mut commands: Commands,
    board: BoardView,
    cells: Query<(Entity, &BoardSquare), Added<BoardSquare>>,
) {
    let v = board.variant();
    for (e, sq) in &cells {
        let dark = (sq.0.file() + sq.0.rank()) % 2 == 0;
        commands.entity(e).insert((
            Sprite::from_color(if dark { DARK } else { LIGHT }, Vec2::splat(CELL)),
            Transform::from_translation(cell_center(sq.0, v.files, v.ranks).extend(0.0)),
        ));
    }
}

fn piece_glyph(role: Role) -> &'static str {
    match role {
        Role::King => "K",
        Role::Queen => "Q",
        Role::Rook => "R",
        Role::Bishop => "B",
        Role::Knight => "N",
        Role::Pawn => "P",
    }
}

fn dress_pieces(
    mut commands: Commands,
    board: BoardView,
    pieces: Query<(Entity, &ChessPiece, &At), Changed<ChessPiece>>,
) {
    let v = board.variant();
    for (e, p, at) in &pieces {
        let color = if p.0.color == Side::White {
            Color::WHITE
        } else {
            Color::BLACK
        };
        commands.entity(e).insert((
            Text2d::new(piece_glyph(p.0.role)),
            TextFont::from_font_size(44.0),
            TextColor(color),
            Transform::from_translation(cell_center(at.0, v.files, v.ranks).extend(3.0)),
        ));
    }
}

fn move_pieces(board: BoardView, mut pieces: Query<(&At, &mut Transform), Changed<At>>) {
    let v = board.variant();
    for (at, mut t) in &mut pieces {
        let c = cell_center(at.0, v.files, v.ranks);
        t.translation = c.extend(t.translation.z);
    }
}

fn dress_fog(mut commands: Commands, board: BoardView, fog: Query<(Entity, &At), Added<Fog>>) {
    let v = board.variant();
    for (e, at) in &fog {
        commands.entity(e).insert((
            Sprite::from_color(FOG, Vec2::splat(CELL)),
            Transform::from_translation(cell_center(at.0, v.files, v.ranks).extend(2.0)),
        ));
    }
}

fn show_counts(
    mut commands: Commands,
    cells: Query<(Entity, &RevealedCount, Option<&Children>), Changed<RevealedCount>>,
    labels: Query<(), With<CountLabel>>,
) {
    for (e, count, children) in &cells {
        for c in children.into_iter().flatten() {
            if labels.contains(*c) {
                commands.entity(*c).despawn();
            }
        }
        if count.0 == 0 {
            continue;
        }
        commands.entity(e).with_child((
            CountLabel,
            Text2d::new(count.0.to_string()),
            TextFont::from_font_size(24.0),
            TextColor(COUNT_COLORS[(count.0 - 1) as usize]),
            Transform::from_xyz(CELL * 0.33, CELL * 0.30, 1.0),
        ));
    }
}

fn show_mines(
    mut commands: Commands,
    board: BoardView,
    mines: Query<(Entity, &At), (With<Mine>, Without<MineMark>)>,
    fog: Query<&At, With<Fog>>,
) {
    let v = board.variant();
    for (e, at) in &mines {
        // A mine under fog is hidden: draw nothing that could give it away.
        if fog.iter().any(|f| f.0 == at.0) {
            continue;
        }
        commands.entity(e).insert((
            MineMark,
            Sprite::from_color(Color::srgb(0.1, 0.1, 0.1), Vec2::splat(CELL * 0.4)),
            Transform::from_translation(cell_center(at.0, v.files, v.ranks).extend(1.5))
                .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_4)),
        ));
    }
}

fn click_board(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Query<&Window, With<PrimaryWindow>>,
    cams: Query<(&Camera, &GlobalTransform)>,
    board: BoardView,
    state: Res<GameState>,
    mut selection: ResMut<Selection>,
    mut started: MessageReader<GameStarted>,
    mut requests: MessageWriter<MoveRequested>,
) {
    if started.read().count() > 0 {
        *selection = Selection::default();
    }
    // Left click selects and moves; right click on the cell ahead of a
    // selected pawn sweeps it (the sapper action).
    let sweep = buttons.just_pressed(MouseButton::Right);
    if !buttons.just_pressed(MouseButton::Left) && !sweep {
        return;
    }
    let (Ok(win), Ok((cam, cam_t))) = (window.single(), cams.single()) else {
        return;
    };
    let Some(world) = win
        .cursor_position()
        .and_then(|p| cam.viewport_to_world_2d(cam_t, p).ok())
    else {
        return;
    };
    let v = board.variant();
    let f = (world.x / CELL + v.files as f32 / 2.0).floor() as i32;
    let r = (world.y / CELL + v.ranks as f32 / 2.0).floor() as i32;
    if f < 0 || r < 0 || f >= v.files as i32 || r >= v.ranks as i32 {
        *selection = Selection::default();
        return;
    }
    let sq = Square::new(f as u8, r as u8);
    let Ok(pos) = board.snapshot(&state) else {
        return;
    };
    // Only public information decides what the player may select.
    let public = pos.public_view();
    if selection.from.is_some() {
        let pick = selection
            .moves
            .iter()
            .filter(|m| m.to == sq && (m.kind == MoveKind::Sapper) == sweep)
            .max_by_key(|m| matches!(m.kind, MoveKind::Promotion(Role::Queen)))
            .copied();
        if let Some(m) = pick {
            requests.write(MoveRequested(m));
            *selection = Selection::default();
            return;
        }
    }
    match pos.piece_at(sq) {
        Some(p) if p.color == pos.turn() => {
            selection.from = Some(sq);
            selection.moves = public
                .legal_moves()
                .into_iter()
                .filter(|m| m.from == sq)
                .collect();
        }
        _ => *selection = Selection::default(),
    }
}

fn draw_selection(
    mut commands: Commands,
    board: BoardView,
    selection: Res<Selection>,
    old: Query<Entity, With<Highlight>>,
) {
    if !selection.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let v = board.variant();
    let Some(from) = selection.from else { return };
    commands.spawn((
        Highlight,
        Sprite::from_color(SELECT, Vec2::splat(CELL)),
        Transform::from_translation(cell_center(from, v.files, v.ranks).extend(1.0)),
    ));
    for m in &selection.moves {
        let size = if m.kind == MoveKind::Sapper {
            0.5
        } else {
            0.28
        };
        let color = if m.kind == MoveKind::Sapper {
            Color::srgba(0.85, 0.2, 0.1, 0.6)
        } else {
            TARGET
        };
        commands.spawn((
            Highlight,
            Sprite::from_color(color, Vec2::splat(CELL * size)),
            Transform::from_translation(cell_center(m.to, v.files, v.ranks).extend(2.5)),
        ));
    }
}

/// Plays `--moves` one per frame, then takes the `--screenshot` and quits.
fn script(
    mut commands: Commands,
    mut options: ResMut<GameOptions>,
    board: BoardView,
    state: Res<GameState>,
    mut frames: Local<u32>,
    mut requests: MessageWriter<MoveRequested>,
) {
    *frames += 1;
    // Let the first game start and the window settle.
    if *frames < 5 || !(*frames).is_multiple_of(3) {
        return;
    }
    if !options.moves.is_empty() {
        let text = options.moves.remove(0);
        match board.snapshot(&state) {
            Ok(pos) => match crate::rules::notation::parse_move(
                &pos.public_view().position().clone(),
                &text,
            ) {
                Ok(m) => {
                    requests.write(MoveRequested(m));
                }
                Err(e) => error!("--moves: {e}"),
            },
            Err(e) => error!("--moves: {e}"),
        }
        return;
    }
    if let Some(path) = options.screenshot.take() {
        use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path))
            .observe(
                |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                    exit.write(AppExit::Success);
                },
            );
    }
}
