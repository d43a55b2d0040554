//! Playing without a mouse: Space shows a cursor on the board and the
//! arrows move it (while it shows they do not look back); Enter or Space
//! picks up the piece under it, or plays the picked piece there (a pawn on
//! the last rank becomes a queen: the picker is the pointer's); S sweeps
//! with the picked pawn as always; Esc hides it.

use bevy::prelude::*;

use super::input::{Selection, select, step_to};
use super::{CELL, Layout, z};
use crate::base::screen::{Menu, Screen};
use crate::chess::ecs::{ChessGame, GameStarted, ModeRules, MoveRequested, PublicBoard};
use minesweeper_core::chess::{Role, Square};

/// The cursor's resource, its frame, and hiding it.
pub(super) struct CursorPlugin;

impl Plugin for CursorPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Cursor>()
            .add_systems(OnExit(Screen::Chess), hide_cursor)
            .add_systems(
                Update,
                cursor_keys
                    .run_if(in_state(Screen::Chess))
                    .in_set(super::ViewStep::Cursor),
            )
            .add_systems(
                Update,
                (hide_cursor.run_if(on_message::<GameStarted>), draw_cursor)
                    .chain()
                    .in_set(super::ViewStep::Marks),
            );
    }
}

pub use super::Cursor;

/// A side of the cursor's frame.
#[derive(Component)]
pub(super) struct CursorMark;

/// The board seen through the keys: what may be picked up and played.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct KeyBoard<'w, 's> {
    board: PublicBoard<'w, 's>,
    game: Res<'w, ChessGame>,
    rules: Res<'w, ModeRules>,
    layout: Res<'w, Layout>,
}

/// Space shows the cursor (on the picked piece, or the mover's king);
/// then the arrows move it and Enter or Space acts on its cell.
fn cursor_keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    menu: Res<State<Menu>>,
    live: Res<super::replay::Viewing>,
    view: KeyBoard,
    mut cursor: ResMut<Cursor>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<MoveRequested>,
) {
    if *menu.get() != Menu::None
        || live.back()
        || egui_wants.is_some_and(|w| w.wants_keyboard_input())
    {
        return;
    }
    let act = keys.just_pressed(KeyCode::Space)
        || (cursor.0.is_some() && keys.just_pressed(KeyCode::Enter));
    let Some(at) = cursor.0 else {
        if act {
            cursor.0 = selection.from.or_else(|| king_square(&view));
        }
        return;
    };
    let (files, ranks) = (view.layout.files as i32, view.layout.ranks as i32);
    // Up is up the screen, whichever way the board is turned.
    let s = if view.layout.flipped { -1 } else { 1 };
    let mut step = |df: i32, dr: i32| {
        let (f, r) = (at.file() as i32 + df * s, at.rank() as i32 + dr * s);
        if (0..files).contains(&f) && (0..ranks).contains(&r) {
            cursor.0 = Square::try_new(f, r);
        }
    };
    for (key, df, dr) in [
        (KeyCode::ArrowUp, 0, 1),
        (KeyCode::ArrowDown, 0, -1),
        (KeyCode::ArrowLeft, -1, 0),
        (KeyCode::ArrowRight, 1, 0),
    ] {
        if keys.just_pressed(key) {
            step(df, dr);
        }
    }
    if !act {
        return;
    }
    if selection.from == Some(at) {
        *selection = Selection::default();
    } else if let Some(m) = step_to(&selection, at) {
        requests.write(MoveRequested(m));
        *selection = Selection::default();
    } else {
        select(&mut selection, &view.board, &view.game, &view.rules, at);
    }
}

/// Where the side to move has its king (the cursor's first cell).
fn king_square(view: &KeyBoard) -> Option<Square> {
    let public = view.board.public(&view.game)?;
    let pos = public.position();
    pos.pieces()
        .find(|(_, p)| p.role == Role::King && p.color == pos.turn())
        .map(|(sq, _)| sq)
}

/// A new game or leaving the board hides the cursor.
pub(super) fn hide_cursor(mut cursor: ResMut<Cursor>) {
    if cursor.0.is_some() {
        cursor.0 = None;
    }
}

/// The cursor's frame, redrawn when it moves or the board turns.
pub(super) fn draw_cursor(
    mut commands: Commands,
    cursor: Res<Cursor>,
    layout: Res<Layout>,
    marks: Query<Entity, With<CursorMark>>,
) {
    if !cursor.is_changed() && !layout.is_changed() {
        return;
    }
    for e in &marks {
        commands.entity(e).despawn();
    }
    let Some(sq) = cursor.0 else { return };
    let c = layout.center(sq);
    let (w, edge) = (CELL * 0.06, CELL / 2.0 - CELL * 0.03);
    let color = Color::srgb(0.98, 0.80, 0.25);
    for (dx, dy, size) in [
        (0.0, edge, Vec2::new(CELL, w)),
        (0.0, -edge, Vec2::new(CELL, w)),
        (edge, 0.0, Vec2::new(w, CELL)),
        (-edge, 0.0, Vec2::new(w, CELL)),
    ] {
        commands.spawn((
            CursorMark,
            Sprite::from_color(color, size),
            Transform::from_xyz(c.x + dx, c.y + dy, z::LIFTED - 0.1),
        ));
    }
}
