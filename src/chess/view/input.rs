//! Mouse, touch and keyboard: select, click (tap) or drag to move, sweep, keys.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::effects::Dropped;
use super::{CELL, Layout, z};
use crate::base::gesture::PointerFrame;
use crate::base::screen::Menu;
use crate::base::settings::Settings;
use crate::base::textures::Textures;
use crate::base::theme::colors;
use crate::chess::ecs::{
    At, ChessGame, ChessPiece, GameCommand, GameStarted, MoveRejected, MoveRequested, MoveUndone,
    Opponent, PieceMoved, SapperUsed, TrueBoard,
};
use minesweeper_core::chess::{Move, MoveKind, Role, Square};

/// The piece the player picked up and where it may go. Built only from the
/// public view of the position.
#[derive(Resource, Default, Debug, Clone)]
pub struct Selection {
    /// Selected cell.
    pub from: Option<Square>,
    /// Its legal moves.
    pub moves: Vec<Move>,
    /// A pawn reaching a rank where the preset offers more than a queen:
    /// the pieces to choose from, each on the cell where it is drawn.
    pub promotion: Option<Vec<(Square, Move)>>,
}

impl Selection {
    /// `m` as the player means it: a promotion with a choice of pieces
    /// opens the picker (and gives `None`) instead of promoting at once.
    pub fn choose(&mut self, m: Move, layout: &Layout) -> Option<Move> {
        let MoveKind::Promotion(_) = m.kind else {
            return Some(m);
        };
        let options: Vec<Move> = self
            .moves
            .iter()
            .copied()
            .filter(|o| {
                o.from == m.from && o.to == m.to && matches!(o.kind, MoveKind::Promotion(_))
            })
            .collect();
        if options.len() < 2 {
            return Some(m);
        }
        let cells = picker_cells(m.to, options.len(), layout);
        self.promotion = Some(cells.into_iter().zip(options).collect());
        None
    }

    /// The sapper action of the selected pawn, if it has one.
    pub fn sweep(&self) -> Option<Move> {
        self.moves
            .iter()
            .copied()
            .find(|m| m.kind == MoveKind::Sapper)
    }
}

/// A piece being dragged: its entity and where the press started.
#[derive(Resource, Default, Debug)]
pub struct Drag {
    entity: Option<Entity>,
    start: Vec2,
    moved: bool,
    /// A touch on a cell that a tap steps to and a long-press sweeps.
    deferred: Option<Square>,
}

/// Asks the interface to open or close the pause menu.
#[derive(Message, Debug, Clone, Copy)]
pub struct TogglePause;

/// F12: save a screenshot in the config folder's `screenshots/`.
#[derive(Message, Debug, Clone, Copy)]
pub struct TakeScreenshot;

/// Selection tint, targets and the bomb icon.
#[derive(Component)]
pub struct Highlight;

pub(super) fn build(app: &mut App) {
    app.init_resource::<Selection>()
        .init_resource::<Drag>()
        .add_message::<TogglePause>()
        .add_message::<TakeScreenshot>();
}

/// Where the promotion picker draws `n` pieces: the promotion cell and the
/// cells behind it on its file (towards the board's middle), then the next
/// file if the board is too short.
pub fn picker_cells(to: Square, n: usize, layout: &Layout) -> Vec<Square> {
    let dir = if to.rank() == 0 { 1 } else { -1 };
    let on_board = |s: &Square| s.file() < layout.files && s.rank() < layout.ranks;
    let side = if to.file() + 1 < layout.files { 1 } else { -1 };
    [0, side]
        .into_iter()
        .flat_map(|df| (0..layout.ranks as i32).map(move |k| (df, k * dir)))
        .filter_map(|(df, dr)| to.offset(df, dr))
        .filter(on_board)
        .take(n)
        .collect()
}

/// Where the bomb icon sits in the cell ahead of a selected pawn: its
/// top-right corner, so the rest of the cell still takes the plain step.
pub fn bomb_center(layout: &Layout, target: Square) -> Vec2 {
    let c = layout.center(target);
    let s = if layout.flipped { -1.0 } else { 1.0 };
    c + Vec2::new(0.27, 0.27) * CELL * s
}

/// Maps the pointer onto the chess board through the board's camera.
/// Without a window (headless tests) the frame is left as it is, so tests
/// can write its world point.
pub fn board_point(
    window: Query<(), With<PrimaryWindow>>,
    cams: Query<(&Camera, &GlobalTransform), With<super::WorldCamera>>,
    mut frame: ResMut<PointerFrame>,
) {
    if window.single().is_err() {
        return;
    }
    let world = frame.screen.and_then(|p| {
        let (cam, t) = cams.single().ok()?;
        cam.viewport_to_world_2d(t, p).ok()
    });
    if frame.world != world {
        frame.world = world;
    }
}

fn select(
    selection: &mut Selection,
    board: &TrueBoard,
    state: &ChessGame,
    opponent: &Opponent,
    sq: Square,
) -> bool {
    let Ok(pos) = board.snapshot(state) else {
        return false;
    };
    // The computer's pieces are not the player's to move.
    if state.outcome().is_some() || opponent.computer == Some(state.turn()) {
        *selection = Selection::default();
        return false;
    }
    // Only public information decides what the player may select.
    let public = pos.public_view();
    match pos.piece_at(sq) {
        Some(p) if p.color == pos.turn() => {
            selection.from = Some(sq);
            selection.moves = public
                .legal_moves()
                .into_iter()
                .filter(|m| m.from == sq)
                .collect();
            true
        }
        _ => {
            *selection = Selection::default();
            false
        }
    }
}

/// The board under the pointer: click or tap to select and move, drag and
/// drop, right-click, the bomb icon or (touch) a long-press on the cell
/// ahead to sweep. Ignored while egui or a menu wants the pointer.
pub fn pointer(
    frame: Res<PointerFrame>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    layout: Res<Layout>,
    board: TrueBoard,
    state: Res<ChessGame>,
    mut selection: ResMut<Selection>,
    mut drag: ResMut<Drag>,
    mut pieces: Query<(Entity, &At, &mut Transform), With<ChessPiece>>,
    mut requests: MessageWriter<MoveRequested>,
    mut dropped: ResMut<Dropped>,
    opponent: Res<Opponent>,
) {
    let Some(world) = frame.world else {
        return;
    };
    if selection.promotion.is_some() {
        pick_promotion(&frame, world, &layout, &mut selection, &mut requests);
        return;
    }
    if let Some(sq) = drag.deferred {
        resolve_deferred(
            &frame,
            sq,
            &layout,
            &mut selection,
            &mut drag,
            &mut requests,
        );
        return;
    }
    // Dragging follows the pointer even over the panel.
    if let Some(e) = drag.entity {
        let Ok((_, at, mut t)) = pieces.get_mut(e) else {
            *drag = Drag::default();
            return;
        };
        let home = at.0;
        if let Some(m) = drag_piece(
            &frame,
            world,
            home,
            &layout,
            &mut selection,
            &mut drag,
            &mut t,
        ) {
            // Already where it lands: no slide.
            dropped.0 = Some(m);
            play(m, &mut selection, &mut requests);
        }
        return;
    }
    if egui_wants.is_some_and(|w| w.wants_any_pointer_input()) {
        return;
    }
    if !frame.pressed && !frame.secondary {
        return;
    }
    let Some(sq) = layout.square_at(world) else {
        *selection = Selection::default();
        return;
    };
    if selection.from.is_some()
        && press_target(
            &frame,
            world,
            sq,
            &layout,
            &mut selection,
            &mut drag,
            &mut requests,
        )
    {
        return;
    }
    if frame.secondary {
        return;
    }
    if select(&mut selection, &board, &state, &opponent, sq)
        && let Some((e, _, _)) = pieces.iter().find(|(_, at, _)| at.0 == sq)
    {
        *drag = Drag {
            entity: Some(e),
            start: world,
            moved: false,
            deferred: None,
        };
    }
}

/// The selected piece's step to `sq` (a promotion to a queen first).
fn step_to(selection: &Selection, sq: Square) -> Option<Move> {
    selection
        .moves
        .iter()
        .filter(|m| m.to == sq && m.kind != MoveKind::Sapper)
        .max_by_key(|m| matches!(m.kind, MoveKind::Promotion(Role::Queen)))
        .copied()
}

/// Asks for `m` and drops the selection.
fn play(m: Move, selection: &mut Selection, requests: &mut MessageWriter<MoveRequested>) {
    requests.write(MoveRequested(m));
    *selection = Selection::default();
}

/// The promotion picker is open: a press picks a piece or closes it.
fn pick_promotion(
    frame: &PointerFrame,
    world: Vec2,
    layout: &Layout,
    selection: &mut Selection,
    requests: &mut MessageWriter<MoveRequested>,
) {
    if !(frame.pressed || frame.secondary) {
        return;
    }
    let hit = layout.square_at(world);
    let picked = selection
        .promotion
        .as_ref()
        .and_then(|c| c.iter().find(|(sq, _)| Some(*sq) == hit).map(|c| c.1));
    if let Some(m) = picked.filter(|_| !frame.secondary) {
        requests.write(MoveRequested(m));
    }
    *selection = Selection::default();
}

/// A finger on a cell the selected pawn may step to or sweep: a tap steps,
/// a long-press sweeps.
fn resolve_deferred(
    frame: &PointerFrame,
    sq: Square,
    layout: &Layout,
    selection: &mut Selection,
    drag: &mut Drag,
    requests: &mut MessageWriter<MoveRequested>,
) {
    if !(frame.long_press || frame.released || !frame.down) {
        return;
    }
    drag.deferred = None;
    let m = if frame.long_press {
        selection.sweep().filter(|m| m.to == sq)
    } else if frame.tap {
        step_to(selection, sq).and_then(|m| selection.choose(m, layout))
    } else {
        None
    };
    if let Some(m) = m {
        play(m, selection, requests);
    }
}

/// A piece being dragged follows the pointer; released over a cell it may
/// go to, it gives its move (or opens the promotion picker); else it goes
/// home.
fn drag_piece(
    frame: &PointerFrame,
    world: Vec2,
    home: Square,
    layout: &Layout,
    selection: &mut Selection,
    drag: &mut Drag,
    t: &mut Transform,
) -> Option<Move> {
    if frame.down && !frame.released {
        if world.distance(drag.start) > CELL * 0.15 {
            drag.moved = true;
        }
        if drag.moved {
            t.translation = world.extend(z::LIFTED);
        }
        return None;
    }
    let was_moved = drag.moved && !frame.cancelled;
    *drag = Drag::default();
    let m = was_moved
        .then(|| {
            layout
                .square_at(world)
                .and_then(|sq| step_to(selection, sq))
        })
        .flatten()
        .and_then(|m| selection.choose(m, layout));
    if m.is_none() {
        t.translation = layout.center(home).extend(z::PIECE);
    }
    m
}

/// A press while a piece is selected: the bomb (or a right-click) sweeps,
/// a target steps there; on touch the cell ahead of a pawn waits to tell a
/// tap from a long-press. Returns whether the press was used.
fn press_target(
    frame: &PointerFrame,
    world: Vec2,
    sq: Square,
    layout: &Layout,
    selection: &mut Selection,
    drag: &mut Drag,
    requests: &mut MessageWriter<MoveRequested>,
) -> bool {
    let right = frame.secondary;
    let sweep = selection.sweep().filter(|m| {
        m.to == sq && (right || world.distance(bomb_center(layout, m.to)) < CELL * 0.2)
    });
    if frame.touch && selection.sweep().is_some_and(|m| m.to == sq) && sweep.is_none() {
        if frame.tap {
            // Down and up within one frame: a tap.
            if let Some(m) = step_to(selection, sq).and_then(|m| selection.choose(m, layout)) {
                play(m, selection, requests);
            }
        } else {
            // Wait: tap or long-press?
            drag.deferred = Some(sq);
        }
        return true;
    }
    if let Some(m) = sweep {
        play(m, selection, requests);
        return true;
    }
    if let Some(m) = step_to(selection, sq).filter(|_| !right) {
        if let Some(m) = selection.choose(m, layout) {
            play(m, selection, requests);
        }
        return true;
    }
    false
}

/// Any change of the board drops the selection.
pub fn drop_selection(
    mut selection: ResMut<Selection>,
    mut cleared: MessageReader<GameStarted>,
    mut undone: MessageReader<MoveUndone>,
    mut moved: MessageReader<PieceMoved>,
    mut swept: MessageReader<SapperUsed>,
    mut rejected: MessageReader<MoveRejected>,
) {
    if cleared.read().count()
        + undone.read().count()
        + moved.read().count()
        + swept.read().count()
        + rejected.read().count()
        > 0
    {
        *selection = Selection::default();
    }
}

/// Keys on every screen: F12 saves a screenshot, M mutes.
pub fn global_keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut settings: ResMut<Settings>,
    mut shots: MessageWriter<TakeScreenshot>,
) {
    if egui_wants.is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    if keys.just_pressed(KeyCode::F12) {
        shots.write(TakeScreenshot);
    }
    if keys.just_pressed(KeyCode::KeyM) {
        settings.muted = !settings.muted;
        settings.save();
    }
}

/// The chess board's keys: Esc deselects (or opens and closes the menu), F
/// flips, U undoes, H asks for a hint, S sweeps with the selected pawn.
/// Only Esc works while a menu is open.
pub fn chess_keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    menu: Res<State<Menu>>,
    mut selection: ResMut<Selection>,
    mut layout: ResMut<Layout>,
    mut commands_out: MessageWriter<GameCommand>,
    mut requests: MessageWriter<MoveRequested>,
    mut pause: MessageWriter<TogglePause>,
    mut hint: MessageWriter<crate::chess::ecs::computer::HintRequested>,
) {
    if egui_wants.is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    if keys.just_pressed(KeyCode::Escape) {
        if selection.from.is_some() || selection.promotion.is_some() {
            *selection = Selection::default();
        } else {
            pause.write(TogglePause);
        }
    }
    if *menu.get() != Menu::None {
        return;
    }
    if keys.just_pressed(KeyCode::KeyF) {
        layout.flipped = !layout.flipped;
    }
    if keys.just_pressed(KeyCode::KeyU) {
        commands_out.write(GameCommand::Undo);
    }
    if keys.just_pressed(KeyCode::KeyH) {
        hint.write(crate::chess::ecs::computer::HintRequested);
    }
    if keys.just_pressed(KeyCode::KeyS)
        && let Some(m) = selection.sweep()
    {
        requests.write(MoveRequested(m));
        *selection = Selection::default();
    }
}

/// Selection tint, move dots, capture rings and the sapper's bomb icon.
pub fn draw_selection(
    mut commands: Commands,
    layout: Res<Layout>,
    settings: Res<Settings>,
    textures: Res<Textures>,
    selection: Res<Selection>,
    board: TrueBoard,
    state: Res<ChessGame>,
    old: Query<Entity, With<Highlight>>,
    fonts: Res<super::Fonts>,
) {
    if !selection.is_changed() && !layout.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let c = colors(settings.theme);
    if let Some(choices) = &selection.promotion {
        // The picker: each choice on a light tile above the board.
        for (sq, m) in choices {
            let MoveKind::Promotion(role) = m.kind else {
                continue;
            };
            let tile = commands
                .spawn((
                    Highlight,
                    Sprite::from_color(
                        Color::srgba(0.97, 0.95, 0.88, 0.96),
                        Vec2::splat(CELL * 0.94),
                    ),
                    Transform::from_translation(layout.center(*sq).extend(z::ICON)),
                    Visibility::Visible,
                ))
                .id();
            let color = state.turn();
            super::board::spawn_piece_glyphs(
                &mut commands,
                tile,
                minesweeper_core::chess::Piece::new(color, role),
                &fonts,
                1.0,
            );
        }
        return;
    }
    let Some(from) = selection.from else { return };
    let Ok(pos) = board.snapshot(&state) else {
        return;
    };
    commands.spawn((
        Highlight,
        Sprite::from_color(c.selected, Vec2::splat(CELL)),
        Transform::from_translation(layout.center(from).extend(z::TINT)),
    ));
    let mut done: Vec<Square> = Vec::new();
    for m in &selection.moves {
        if m.kind == MoveKind::Sapper {
            let mut s = Sprite::from_image(textures.bomb.clone());
            s.custom_size = Some(Vec2::splat(CELL * 0.36));
            commands.spawn((
                Highlight,
                s,
                Transform::from_translation(bomb_center(&layout, m.to).extend(z::ICON)),
            ));
            continue;
        }
        if done.contains(&m.to) {
            continue;
        }
        done.push(m.to);
        let capture = pos.piece_at(m.to).is_some();
        let mut s = Sprite::from_image(if capture {
            textures.ring.clone()
        } else {
            textures.dot.clone()
        });
        s.custom_size = Some(Vec2::splat(CELL * if capture { 0.98 } else { 0.5 }));
        commands.spawn((
            Highlight,
            s,
            Transform::from_translation(layout.center(m.to).extend(z::TARGET)),
        ));
    }
}

/// The hint arrow.
#[derive(Component)]
pub struct HintArrow;

/// Draws the hint as an arrow from the piece to its target.
pub fn draw_hint(
    mut commands: Commands,
    hint: Res<crate::chess::ecs::computer::Hint>,
    layout: Res<Layout>,
    old: Query<Entity, With<HintArrow>>,
) {
    if !hint.is_changed() && !layout.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(m) = hint.0 else { return };
    let (a, b) = (layout.center(m.from), layout.center(m.to));
    let colour = Color::srgba(0.15, 0.55, 0.95, 0.8);
    let d = b - a;
    let len = d.length();
    // The sapper action points at the cell ahead too: a short arrow.
    let shaft = (len - CELL * 0.3).max(CELL * 0.2);
    let angle = d.y.atan2(d.x);
    let mid = a + d.normalize_or_zero() * shaft / 2.0;
    commands.spawn((
        HintArrow,
        Sprite::from_color(colour, Vec2::new(shaft, CELL * 0.14)),
        Transform::from_translation(mid.extend(z::ICON))
            .with_rotation(Quat::from_rotation_z(angle)),
    ));
    // The head: a square turned to point along the arrow.
    let tip = a + d.normalize_or_zero() * (shaft + CELL * 0.02);
    commands.spawn((
        HintArrow,
        Sprite::from_color(colour, Vec2::splat(CELL * 0.3)),
        Transform::from_translation(tip.extend(z::ICON))
            .with_rotation(Quat::from_rotation_z(angle + std::f32::consts::FRAC_PI_4)),
    ));
}

/// The computer waits for animations to finish before it moves.
pub fn hold_computer(
    busy: Query<(), With<super::effects::Busy>>,
    mut hold: ResMut<crate::chess::ecs::computer::HoldMoves>,
) {
    let b = !busy.is_empty();
    if hold.0 != b {
        hold.0 = b;
    }
}
