//! Effects running their course each frame: slides ease in, fades grow and
//! go, particles fly and fall, blasts go off when their piece arrives.

use bevy::prelude::*;

use super::{
    BLAST_BEAT, BLAST_PARTICLES, Busy, FadeOut, Particle, PendingBlast, Shake, Slide, ease_in_out,
    ease_out, transient,
};
use crate::base::settings::Settings;
use crate::base::textures::Textures;
use crate::chess::ecs::{At, ChessPiece};
use crate::chess::view::{CELL, Layout, z};

/// Moves sliding pieces along their path; a real piece settles on its cell.
pub(super) fn run_slides(
    mut commands: Commands,
    time: Res<Time>,
    layout: Res<Layout>,
    mut slides: Query<(Entity, &mut Slide, &mut Transform)>,
    pieces: Query<&At, With<ChessPiece>>,
) {
    let dt = time.delta_secs();
    for (e, mut s, mut t) in &mut slides {
        s.t += dt;
        let p = progress(s.t, s.dur);
        let pos = s.from.lerp(s.to, ease_in_out(p));
        t.translation = pos.extend(if p < 1.0 { z::LIFTED } else { z::PIECE });
        if p >= 1.0 {
            commands.entity(e).remove::<(Slide, Busy)>();
            // The layout may have changed while it slid.
            if let Ok(at) = pieces.get(e) {
                t.translation = layout.center(at.0).extend(z::PIECE);
            }
        }
    }
}

/// How far along (0..=1) something `t` seconds into `dur` is.
fn progress(t: f32, dur: f32) -> f32 {
    if dur <= 0.0 { 1.0 } else { (t / dur).min(1.0) }
}

/// Fades sprites and their texts out while they grow, then despawns them.
pub(super) fn run_fades(
    mut commands: Commands,
    time: Res<Time>,
    mut fades: Query<(
        Entity,
        &mut FadeOut,
        &mut Transform,
        Option<&mut Sprite>,
        Option<&Children>,
    )>,
    mut texts: Query<&mut TextColor>,
    mut art: Query<&mut Sprite, Without<FadeOut>>,
) {
    let dt = time.delta_secs();
    for (e, mut f, mut t, sprite, children) in &mut fades {
        f.t += dt;
        if f.t < f.delay {
            continue;
        }
        let p = progress(f.t - f.delay, f.dur);
        let a = f.alpha * (1.0 - p);
        t.scale = Vec3::splat(1.0 + (f.grow - 1.0) * ease_out(p));
        if let Some(mut s) = sprite {
            s.color.set_alpha(a);
        }
        for c in children.into_iter().flatten() {
            if let Ok(mut tc) = texts.get_mut(*c) {
                tc.0.set_alpha(a);
            }
            // A piece drawn from its set's image.
            if let Ok(mut s) = art.get_mut(*c) {
                s.color.set_alpha(a);
            }
        }
        if p >= 1.0 {
            commands.entity(e).despawn();
        }
    }
}

/// Flies particles under gravity and drag, fading as they age.
pub(super) fn run_particles(
    mut commands: Commands,
    time: Res<Time>,
    mut particles: Query<(Entity, &mut Particle, &mut Transform, &mut Sprite)>,
) {
    let dt = time.delta_secs();
    for (e, mut p, mut t, mut s) in &mut particles {
        p.t += dt;
        p.vel *= (1.0 - 2.5 * dt).max(0.0);
        p.vel.y -= CELL * 6.0 * dt;
        t.translation += (p.vel * dt).extend(0.0);
        let life = p.t / p.life.max(1e-3);
        s.color.set_alpha((1.0 - life).clamp(0.0, 1.0));
        if life >= 1.0 {
            commands.entity(e).despawn();
        }
    }
}

/// Sets off each blast whose piece has arrived, in two beats: a flash,
/// then fire, smoke, debris and a shake of the camera (none with
/// animations off).
pub(super) fn fire_blasts(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    textures: Res<Textures>,
    mut shake: ResMut<Shake>,
    mut blasts: Query<(Entity, &mut PendingBlast)>,
) {
    let k = settings.animation.factor();
    for (e, mut b) in &mut blasts {
        b.delay -= time.delta_secs();
        if b.delay > 0.0 {
            continue;
        }
        if k > 0.0 && !b.flashed {
            flash(&mut commands, &textures, b.at, k);
            b.flashed = true;
            b.delay = BLAST_BEAT * k;
            continue;
        }
        commands.entity(e).despawn();
        if k > 0.0 {
            explosion(&mut commands, &textures, b.at, k);
            shake.0 = shake.0.max(1.0);
        }
    }
}

/// A glowing sprite of `size` cells in `color`.
fn glow(textures: &Textures, color: Color, size: f32) -> Sprite {
    let mut s = Sprite::from_image(textures.glow.clone());
    s.color = color;
    s.custom_size = Some(Vec2::splat(CELL * size));
    s
}

/// The first beat: a white flash over the cell.
fn flash(commands: &mut Commands, textures: &Textures, at: Vec2, k: f32) {
    let color = Color::srgba(1.0, 0.97, 0.85, 1.0);
    commands.spawn((
        glow(textures, color, 3.6),
        Transform::from_translation(at.extend(z::EFFECT + 0.2)),
        FadeOut::new(0.35 * k, 0.0, 1.3),
        transient(),
    ));
}

/// The second beat: the fireball, smoke and debris.
fn explosion(commands: &mut Commands, textures: &Textures, at: Vec2, k: f32) {
    let layers = [
        // Fireball, smoke: colour, size, z, fade, delay, growth.
        (Color::srgba(1.0, 0.42, 0.08, 1.0), 2.2, 0.1, 0.9, 0.0, 1.8),
        (Color::srgba(0.2, 0.18, 0.17, 0.8), 1.8, 0.0, 1.2, 0.15, 2.2),
    ];
    for (color, size, dz, dur, delay, grow) in layers {
        commands.spawn((
            glow(textures, color, size),
            Transform::from_translation(at.extend(z::EFFECT + dz)),
            FadeOut::new(dur * k, delay * k, grow).with_alpha(color.alpha()),
            transient(),
        ));
    }
    debris(commands, textures, at, k);
}

/// Sparks and bits of rubble flying off in all directions. The scatter is
/// seeded by the cell, so a replay looks the same.
fn debris(commands: &mut Commands, textures: &Textures, at: Vec2, k: f32) {
    let mut h = ((at.x * 31.0 + at.y) as u32).wrapping_mul(2_654_435_761);
    let mut rnd = move || {
        h ^= h << 13;
        h ^= h >> 17;
        h ^= h << 5;
        (h % 10_000) as f32 / 10_000.0
    };
    for i in 0..BLAST_PARTICLES {
        let a = rnd() * std::f32::consts::TAU;
        let speed = CELL * (2.0 + 5.0 * rnd());
        let mut s = Sprite::from_image(textures.spark.clone());
        s.color = if i % 3 != 0 {
            Color::srgba(1.0, 0.6 + 0.3 * rnd(), 0.15, 1.0)
        } else {
            Color::srgba(0.25, 0.22, 0.2, 1.0)
        };
        s.custom_size = Some(Vec2::splat(CELL * (0.09 + 0.12 * rnd())));
        let life = (0.5 + 0.5 * rnd()) * k.max(0.5);
        commands.spawn((
            s,
            Transform::from_translation(at.extend(z::EFFECT + 0.3)),
            Particle::new(Vec2::new(a.cos(), a.sin()) * speed, life),
            transient(),
        ));
    }
}
