//! Cues that stay while they hold: the camera's shake, the last move's
//! tint and the glow under a king in check.

use bevy::prelude::*;

use super::{CheckGlow, InCheck, LastMove, LastMoveTint, Shake, transient};
use crate::base::settings::Settings;
use crate::base::textures::Textures;
use crate::base::theme::colors;
use crate::chess::view::{CELL, Layout, WorldCamera, z};

/// Shakes the world camera while a blast's shake lasts, then centres it.
pub(super) fn shake_camera(
    time: Res<Time>,
    mut shake: ResMut<Shake>,
    mut cams: Query<&mut Transform, With<WorldCamera>>,
) {
    let t = time.elapsed_secs();
    for mut c in &mut cams {
        if shake.0 > 0.0 {
            let s = shake.0 * shake.0 * CELL * 0.12;
            c.translation.x = s * (t * 73.0).sin();
            c.translation.y = s * (t * 91.0).cos();
            shake.0 = (shake.0 - time.delta_secs() * 2.5).max(0.0);
        } else if c.translation.x != 0.0 || c.translation.y != 0.0 {
            c.translation.x = 0.0;
            c.translation.y = 0.0;
        }
    }
}

/// Tints the two cells of the last move, redrawn when the move, the layout
/// or the theme changes, or when coming back to the board.
pub(super) fn tint_last_move(
    mut commands: Commands,
    settings: Res<Settings>,
    layout: Res<Layout>,
    last: Res<LastMove>,
    tints: Query<Entity, With<LastMoveTint>>,
) {
    let missing = tints.is_empty() && last.0.is_some();
    if !(missing || last.is_changed() || layout.is_changed() || settings.is_changed()) {
        return;
    }
    for e in &tints {
        commands.entity(e).despawn();
    }
    let Some((a, b)) = last.0 else { return };
    let c = colors(settings.theme).last_move;
    for sq in [a, b] {
        commands.spawn((
            LastMoveTint,
            Sprite::from_color(c, Vec2::splat(CELL)),
            Transform::from_translation(layout.center(sq).extend(z::TINT - 0.1)),
            transient(),
        ));
    }
}

/// Pulses a red glow under the king in check (steady with animations off).
pub(super) fn glow_check(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    layout: Res<Layout>,
    textures: Res<Textures>,
    check: Res<InCheck>,
    mut glow: Query<(Entity, &mut Sprite, &mut Transform), With<CheckGlow>>,
) {
    let Some(king) = check.0 else {
        for (e, _, _) in &glow {
            commands.entity(e).despawn();
        }
        return;
    };
    let wave = if settings.animation.factor() > 0.0 {
        (time.elapsed_secs() * 6.0).sin()
    } else {
        0.0
    };
    let color = Color::srgba(1.0, 0.1, 0.05, 0.55 + 0.35 * wave);
    let pos = layout.center(king).extend(z::GLOW);
    if let Some((_, mut s, mut tr)) = glow.iter_mut().next() {
        s.color = color;
        tr.translation = pos;
    } else {
        let mut s = Sprite::from_image(textures.glow.clone());
        s.color = color;
        s.custom_size = Some(Vec2::splat(CELL * 1.6));
        commands.spawn((CheckGlow, s, Transform::from_translation(pos), transient()));
    }
}
