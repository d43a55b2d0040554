//! Mouse and keyboard: select, click or drag to move, sweep, keys.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::effects::Dropped;
use super::textures::Textures;
use super::theme::colors;
use super::{CELL, Layout, z};
use crate::chess::{
    At, BoardView, ChessPiece, GameCommand, GameStarted, GameState, MoveRejected, MoveRequested,
    MoveUndone, PieceMoved, SapperUsed,
};
use crate::rules::{Move, MoveKind, Role, Square};
use crate::settings::Settings;

/// The piece the player picked up and where it may go. Built only from the
/// public view of the position.
#[derive(Resource, Default, Debug, Clone)]
pub struct Selection {
    /// Selected cell.
    pub from: Option<Square>,
    /// Its legal moves.
    pub moves: Vec<Move>,
}

impl Selection {
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
}

/// When set, board input is ignored (a menu is open).
#[derive(Resource, Default, Debug, Clone, Copy)]
pub struct InputBlocked(pub bool);

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
        .init_resource::<InputBlocked>()
        .add_message::<TogglePause>()
        .add_message::<TakeScreenshot>();
}

/// Where the bomb icon sits in the cell ahead of a selected pawn: its
/// top-right corner, so the rest of the cell still takes the plain step.
pub fn bomb_center(layout: &Layout, target: Square) -> Vec2 {
    let c = layout.center(target);
    let s = if layout.flipped { -1.0 } else { 1.0 };
    c + Vec2::new(0.27, 0.27) * CELL * s
}

fn cursor_world(
    window: &Query<&Window, With<PrimaryWindow>>,
    cams: &Query<(&Camera, &GlobalTransform), With<super::WorldCamera>>,
) -> Option<Vec2> {
    let win = window.single().ok()?;
    let (cam, t) = cams.single().ok()?;
    let p = win.cursor_position()?;
    cam.viewport_to_world_2d(t, p).ok()
}

fn select(selection: &mut Selection, board: &BoardView, state: &GameState, sq: Square) -> bool {
    let Ok(pos) = board.snapshot(state) else {
        return false;
    };
    if state.outcome.is_some() {
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

/// Mouse: click to select and move, drag and drop, right-click or the bomb
/// icon to sweep. Ignored while egui or a menu wants the pointer.
pub fn pointer(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Query<&Window, With<PrimaryWindow>>,
    cams: Query<(&Camera, &GlobalTransform), With<super::WorldCamera>>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    blocked: Res<InputBlocked>,
    layout: Res<Layout>,
    board: BoardView,
    state: Res<GameState>,
    mut selection: ResMut<Selection>,
    mut drag: ResMut<Drag>,
    mut pieces: Query<(Entity, &At, &mut Transform), With<ChessPiece>>,
    mut requests: MessageWriter<MoveRequested>,
    mut dropped: ResMut<Dropped>,
) {
    let over_ui = egui_wants.is_some_and(|w| w.wants_any_pointer_input());
    let Some(world) = cursor_world(&window, &cams) else {
        return;
    };
    // Dragging follows the cursor even over the panel.
    if let Some(e) = drag.entity {
        if buttons.pressed(MouseButton::Left) {
            if world.distance(drag.start) > CELL * 0.15 {
                drag.moved = true;
            }
            if drag.moved
                && let Ok((_, _, mut t)) = pieces.get_mut(e)
            {
                t.translation = world.extend(z::LIFTED);
            }
            return;
        }
        // Released.
        let was_moved = drag.moved;
        *drag = Drag::default();
        if let Ok((_, at, mut t)) = pieces.get_mut(e) {
            let home = layout.center(at.0).extend(z::PIECE);
            if was_moved {
                let target = layout.square_at(world);
                let m = target.and_then(|sq| {
                    selection
                        .moves
                        .iter()
                        .filter(|m| m.to == sq && m.kind != MoveKind::Sapper)
                        .max_by_key(|m| matches!(m.kind, MoveKind::Promotion(Role::Queen)))
                        .copied()
                });
                match m {
                    Some(m) => {
                        // Already where it lands: no slide.
                        dropped.0 = Some(m);
                        requests.write(MoveRequested(m));
                        *selection = Selection::default();
                    }
                    None => t.translation = home,
                }
            }
        }
        return;
    }
    if over_ui || blocked.0 {
        return;
    }
    let right = buttons.just_pressed(MouseButton::Right);
    if !buttons.just_pressed(MouseButton::Left) && !right {
        return;
    }
    let Some(sq) = layout.square_at(world) else {
        *selection = Selection::default();
        return;
    };
    if selection.from.is_some() {
        let sweep = selection.sweep().filter(|m| {
            m.to == sq && (right || world.distance(bomb_center(&layout, m.to)) < CELL * 0.2)
        });
        let step = selection
            .moves
            .iter()
            .filter(|m| m.to == sq && m.kind != MoveKind::Sapper)
            .max_by_key(|m| matches!(m.kind, MoveKind::Promotion(Role::Queen)))
            .copied();
        if let Some(m) = sweep.or(if right { None } else { step }) {
            requests.write(MoveRequested(m));
            *selection = Selection::default();
            return;
        }
    }
    if right {
        return;
    }
    if select(&mut selection, &board, &state, sq)
        && let Some((e, _, _)) = pieces.iter().find(|(_, at, _)| at.0 == sq)
    {
        *drag = Drag {
            entity: Some(e),
            start: world,
            moved: false,
        };
    }
}

/// Keys: Esc deselects (or opens the menu), F flips, U undoes, M mutes,
/// S sweeps with the selected pawn, F12 saves a screenshot.
pub fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut selection: ResMut<Selection>,
    mut layout: ResMut<Layout>,
    mut settings: ResMut<Settings>,
    mut commands_out: MessageWriter<GameCommand>,
    mut requests: MessageWriter<MoveRequested>,
    mut pause: MessageWriter<TogglePause>,
    mut shots: MessageWriter<TakeScreenshot>,
    mut cleared: MessageReader<GameStarted>,
    mut undone: MessageReader<MoveUndone>,
    mut moved: MessageReader<PieceMoved>,
    mut swept: MessageReader<SapperUsed>,
    mut rejected: MessageReader<MoveRejected>,
) {
    // Any change of the board drops the selection.
    if cleared.read().count()
        + undone.read().count()
        + moved.read().count()
        + swept.read().count()
        + rejected.read().count()
        > 0
    {
        *selection = Selection::default();
    }
    if egui_wants.is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    if keys.just_pressed(KeyCode::Escape) {
        if selection.from.is_some() {
            *selection = Selection::default();
        } else {
            pause.write(TogglePause);
        }
    }
    if keys.just_pressed(KeyCode::KeyF) {
        layout.flipped = !layout.flipped;
    }
    if keys.just_pressed(KeyCode::KeyU) {
        commands_out.write(GameCommand::Undo);
    }
    if keys.just_pressed(KeyCode::KeyM) {
        settings.muted = !settings.muted;
        settings.save();
    }
    if keys.just_pressed(KeyCode::F12) {
        shots.write(TakeScreenshot);
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
    board: BoardView,
    state: Res<GameState>,
    old: Query<Entity, With<Highlight>>,
) {
    if !selection.is_changed() && !layout.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(from) = selection.from else { return };
    let Ok(pos) = board.snapshot(&state) else {
        return;
    };
    let c = colors(settings.theme);
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
