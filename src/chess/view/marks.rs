//! Marks on the board: the selection's tint, move dots, capture rings and
//! the sapper's bomb icon, the promotion picker, the hint arrow.

use crate::base::art::PieceArt;
use bevy::prelude::*;

use super::board::spawn_piece_glyphs;
use super::input::{SWEEP_BUTTON, Selection, bomb_center};
use super::{CELL, Fonts, Layout, ViewStep, z};
use crate::base::settings::Settings;
use crate::base::textures::Textures;
use crate::base::theme::{TARGET_MARK, colors};
use crate::chess::ecs::computer::Hint;
use crate::chess::ecs::{ChessGame, PublicBoard};
use minesweeper_core::chess::{Color as Side, Move, MoveKind, Piece, Square};

/// Draws the marks after the board and its animation.
pub(super) struct MarksPlugin;

impl Plugin for MarksPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (draw_selection, draw_hint).chain().in_set(ViewStep::Marks),
        );
    }
}

/// Selection tint, targets and the bomb icon.
#[derive(Component)]
pub struct Highlight;

/// Redraws the selection's marks when the selection or the board's layout
/// changes: the promotion picker while it is open, else the targets.
fn draw_selection(
    mut commands: Commands,
    layout: Res<Layout>,
    settings: Res<Settings>,
    textures: Res<Textures>,
    selection: Res<Selection>,
    board: PublicBoard,
    game: Res<ChessGame>,
    old: Query<Entity, With<Highlight>>,
    fonts: Res<Fonts>,
    art: Res<PieceArt>,
) {
    if !selection.is_changed() && !layout.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    if let Some(choices) = &selection.promotion {
        spawn_picker(&mut commands, &layout, &fonts, &art, choices, game.turn());
        return;
    }
    let Some(from) = selection.from else { return };
    // The pieces tell captures from steps.
    let Some(public) = board.public(&game) else {
        return;
    };
    let pos = public.position();
    let selected = colors(settings.theme).selected;
    commands.spawn((
        Highlight,
        Sprite::from_color(selected, Vec2::splat(CELL)),
        Transform::from_translation(layout.center(from).extend(z::TINT)),
    ));
    spawn_targets(&mut commands, &layout, &textures, &selection.moves, |sq| {
        pos.piece_at(sq).is_some()
    });
}

/// The picker: each choice on a light tile above the board.
fn spawn_picker(
    commands: &mut Commands,
    layout: &Layout,
    fonts: &Fonts,
    art: &PieceArt,
    choices: &[(Square, Move)],
    color: Side,
) {
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
        spawn_piece_glyphs(commands, tile, Piece::new(color, role), fonts, art, 1.0);
    }
}

/// A dot on each empty target, a ring on each capture, the bomb icon for
/// the sapper action.
fn spawn_targets(
    commands: &mut Commands,
    layout: &Layout,
    textures: &Textures,
    moves: &[Move],
    occupied: impl Fn(Square) -> bool,
) {
    let mut done: Vec<Square> = Vec::new();
    for m in moves {
        if m.kind == MoveKind::Sapper {
            let mut s = Sprite::from_image(textures.bomb.clone());
            s.custom_size = Some(Vec2::splat(CELL * SWEEP_BUTTON));
            commands.spawn((
                Highlight,
                s,
                Transform::from_translation(bomb_center(layout, m.to).extend(z::ICON)),
            ));
            continue;
        }
        if done.contains(&m.to) {
            continue;
        }
        done.push(m.to);
        let capture = occupied(m.to);
        let mut s = Sprite::from_image(if capture {
            textures.ring.clone()
        } else {
            textures.dot.clone()
        });
        s.custom_size = Some(Vec2::splat(CELL * if capture { 0.98 } else { 0.5 }));
        s.color = TARGET_MARK;
        commands.spawn((
            Highlight,
            s,
            Transform::from_translation(layout.center(m.to).extend(z::TARGET)),
        ));
    }
}

/// The hint arrow.
#[derive(Component)]
struct HintArrow;

/// Draws the hint as an arrow from the piece to its target.
fn draw_hint(
    mut commands: Commands,
    hint: Res<Hint>,
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
