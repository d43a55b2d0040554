//! Animation and effects: slides, fades, explosions, sweeps, fog dissolving,
//! the check pulse, the last-move tint and the camera shake. All react to
//! gameplay messages; none changes the game.

use bevy::prelude::*;

use super::board::spawn_piece_glyphs;
use super::{CELL, Fonts, Layout, z};
use crate::base::settings::Settings;
use crate::base::textures::Textures;
use crate::base::theme::colors;
use crate::chess::ecs::{
    At, CheckGiven, ChessPiece, FogLifted, GameOver, GameStarted, MineExploded, MoveUndone,
    PieceMoved, SapperUsed,
};
use minesweeper_core::chess::{Move, Square};

/// Seconds a piece takes to slide one move at normal speed.
pub const SLIDE: f32 = 0.22;
const FADE: f32 = 0.35;
const FOG_DISSOLVE: f32 = 0.6;
const BLAST_PARTICLES: usize = 60;

/// Marks an animation in progress: scripts wait until none is left.
#[derive(Component, Default)]
pub struct Busy;

/// A move that was dropped onto its target by dragging: no slide for it.
#[derive(Resource, Default, Debug)]
pub struct Dropped(pub Option<Move>);

/// A piece sliding from one cell to another, with ease-out.
#[derive(Component)]
#[require(Busy)]
pub struct Slide {
    from: Vec2,
    to: Vec2,
    t: f32,
    dur: f32,
}

/// Something fading out (and growing), then despawned.
#[derive(Component)]
#[require(Busy)]
pub struct FadeOut {
    t: f32,
    dur: f32,
    delay: f32,
    grow: f32,
    alpha: f32,
}

/// A flying particle with gravity and drag.
#[derive(Component)]
#[require(Busy)]
pub struct Particle {
    vel: Vec2,
    t: f32,
    life: f32,
    delay: f32,
}

/// An explosion waiting for its piece to arrive.
#[derive(Component)]
#[require(Busy)]
pub struct PendingBlast {
    at: Vec2,
    delay: f32,
}

/// The camera's shake, decaying.
#[derive(Resource, Default)]
pub struct Shake(pub f32);

/// The cells of the last move, tinted.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LastMove(pub Option<(Square, Square)>);

/// The king in check, pulsing.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct InCheck(pub Option<Square>);

/// The tint on the last move's cells.
#[derive(Component)]
pub struct LastMoveTint;

/// The red glow under a king in check.
#[derive(Component)]
pub struct CheckGlow;

pub(super) fn build(app: &mut App) {
    app.init_resource::<Dropped>()
        .init_resource::<Shake>()
        .init_resource::<LastMove>()
        .init_resource::<InCheck>();
}

/// Puts pieces on their cells when they move without a slide (undo, new game).
pub fn place_pieces(
    layout: Res<Layout>,
    mut pieces: Query<(&At, &mut Transform), (Changed<At>, With<ChessPiece>, Without<Slide>)>,
) {
    for (at, mut t) in &mut pieces {
        t.translation = layout.center(at.0).extend(z::PIECE);
    }
}

fn ease_out(t: f32) -> f32 {
    1.0 - (1.0 - t).powi(3)
}

/// Keeps the check glow and the last move in step with the game: a new
/// board or an undo clears both, a move clears the check, a check sets it,
/// the end of the game clears it unless it is mate.
pub fn track_check(
    mut last: ResMut<LastMove>,
    mut check: ResMut<InCheck>,
    mut started: MessageReader<GameStarted>,
    mut undone: MessageReader<MoveUndone>,
    mut moved: MessageReader<PieceMoved>,
    mut sapper: MessageReader<SapperUsed>,
    mut checks: MessageReader<CheckGiven>,
    mut over: MessageReader<GameOver>,
) {
    if started.read().count() + undone.read().count() > 0 {
        *last = LastMove::default();
        *check = InCheck::default();
    }
    if moved.read().count() + sapper.read().count() > 0 {
        check.0 = None;
    }
    for c in checks.read() {
        check.0 = Some(c.king);
    }
    // The mated king keeps its glow; any other ending clears it.
    for o in over.read() {
        let mate = matches!(
            o.0,
            minesweeper_core::chess::Outcome::Decisive {
                reason: minesweeper_core::chess::WinReason::Checkmate,
                ..
            }
        );
        if !mate {
            check.0 = None;
        }
    }
}

/// A move slides its piece (and a castling rook) to its cell; a piece
/// destroyed on arrival is replayed by a ghost that slides in and blows
/// up; a captured piece fades where it stood.
pub fn slide_moves(
    mut commands: Commands,
    layout: Res<Layout>,
    settings: Res<Settings>,
    fonts: Res<Fonts>,
    mut dropped: ResMut<Dropped>,
    mut last: ResMut<LastMove>,
    mut moved: MessageReader<PieceMoved>,
    mut exploded: MessageReader<MineExploded>,
    mut pieces: Query<(Entity, &At, &mut Transform), With<ChessPiece>>,
) {
    let k = settings.animation.factor();
    let blasts: Vec<MineExploded> = exploded.read().copied().collect();
    let dropped_move = dropped.0.take();
    for m in moved.read() {
        last.0 = Some((m.mv.from, m.mv.to));
        let blown = blasts.iter().find(|b| b.at == m.mv.to);
        let mut slides = vec![(m.mv.from, m.mv.to, blown.map(|b| b.piece))];
        if let Some((rf, rt)) = m.rook {
            let rook_blown = blasts.iter().find(|b| b.at == rt).map(|b| b.piece);
            slides.push((rf, rt, rook_blown));
        }
        for (from, to, blown) in slides {
            let skip_slide = k == 0.0 || dropped_move == Some(m.mv) && from == m.mv.from;
            let dur = if skip_slide { 0.0 } else { SLIDE * k };
            let (a, b) = (layout.center(from), layout.center(to));
            match blown {
                // The piece is gone from the world: a ghost makes the trip.
                Some(piece) => ghost_to_blast(&mut commands, &fonts, piece, a, b, dur),
                None => {
                    if dur > 0.0
                        && let Some((e, _, mut t)) = pieces.iter_mut().find(|(_, at, _)| at.0 == to)
                    {
                        t.translation = a.extend(z::LIFTED);
                        commands.entity(e).insert(Slide {
                            from: a,
                            to: b,
                            t: 0.0,
                            dur,
                        });
                    }
                }
            }
        }
        if let Some(captured) = m.captured
            && k > 0.0
        {
            fade_captured(&mut commands, &fonts, captured, layout.center(m.mv.to), k);
        }
    }
}

/// A ghost of `piece` slides from `from` to `to` in `dur` and blows up there.
fn ghost_to_blast(
    commands: &mut Commands,
    fonts: &Fonts,
    piece: minesweeper_core::chess::Piece,
    from: Vec2,
    to: Vec2,
    dur: f32,
) {
    let start = if dur > 0.0 { from } else { to };
    let ghost = commands
        .spawn((
            Transform::from_translation(start.extend(z::LIFTED)),
            Visibility::Visible,
            FadeOut {
                t: 0.0,
                dur: 0.05,
                delay: dur,
                grow: 1.0,
                alpha: 1.0,
            },
        ))
        .id();
    if dur > 0.0 {
        commands.entity(ghost).insert(Slide {
            from,
            to,
            t: 0.0,
            dur,
        });
    }
    spawn_piece_glyphs(commands, ghost, piece, fonts, 1.0);
    commands.spawn(PendingBlast { at: to, delay: dur });
}

/// The captured piece fades and grows where it stood.
fn fade_captured(
    commands: &mut Commands,
    fonts: &Fonts,
    captured: minesweeper_core::chess::Piece,
    at: Vec2,
    k: f32,
) {
    let ghost = commands
        .spawn((
            Transform::from_translation(at.extend(z::PIECE - 0.1)),
            Visibility::Visible,
            FadeOut {
                t: 0.0,
                dur: FADE * k,
                delay: SLIDE * k * 0.6,
                grow: 1.15,
                alpha: 1.0,
            },
        ))
        .id();
    spawn_piece_glyphs(commands, ghost, captured, fonts, 1.0);
}

/// A sweep rings its cell; lifted fog dissolves (the full lift rolls out
/// from the last move). The royal sapper is silent (Decision 9): no effect.
pub fn sweeps_and_fog(
    mut commands: Commands,
    layout: Res<Layout>,
    settings: Res<Settings>,
    textures: Res<Textures>,
    mut last: ResMut<LastMove>,
    mut sapper: MessageReader<SapperUsed>,
    mut fog: MessageReader<FogLifted>,
) {
    let k = settings.animation.factor();
    for s in sapper.read() {
        last.0 = Some((s.pawn, s.target));
        if k > 0.0 {
            sweep_effect(
                &mut commands,
                &textures,
                layout.center(s.target),
                k,
                Color::srgb(0.95, 0.55, 0.15),
            );
        }
    }
    for f in fog.read() {
        if k == 0.0 {
            continue;
        }
        let origin = last
            .0
            .map(|(_, to)| layout.center(to))
            .unwrap_or(Vec2::ZERO);
        for sq in &f.cells {
            let c = layout.center(*sq);
            let i = (sq.file() as usize * 7 + sq.rank() as usize * 3) % textures.fog.len();
            let mut sprite = Sprite::from_image(textures.fog[i].clone());
            sprite.custom_size = Some(Vec2::splat(CELL * 1.12));
            let delay = if f.full {
                c.distance(origin) / CELL * 0.06 * k
            } else {
                SLIDE * k * 0.5
            };
            commands.spawn((
                sprite,
                Transform::from_translation(c.extend(z::FOG + 0.05)),
                FadeOut {
                    t: 0.0,
                    dur: FOG_DISSOLVE * k,
                    delay,
                    grow: 1.35,
                    alpha: 1.0,
                },
            ));
        }
    }
}

fn sweep_effect(commands: &mut Commands, textures: &Textures, at: Vec2, k: f32, color: Color) {
    let mut ring = Sprite::from_image(textures.ring.clone());
    ring.color = color;
    ring.custom_size = Some(Vec2::splat(CELL * 0.5));
    commands.spawn((
        ring,
        Transform::from_translation(at.extend(z::EFFECT)),
        FadeOut {
            t: 0.0,
            dur: 0.5 * k,
            delay: 0.0,
            grow: 2.2,
            alpha: 1.0,
        },
    ));
    // A broom of dust sweeping across the cell.
    for i in 0..10 {
        let a = i as f32 / 10.0 * std::f32::consts::TAU;
        let mut s = Sprite::from_image(textures.spark.clone());
        s.color = Color::srgba(0.85, 0.75, 0.55, 0.9);
        s.custom_size = Some(Vec2::splat(CELL * 0.10));
        commands.spawn((
            s,
            Transform::from_translation(at.extend(z::EFFECT)),
            Particle {
                vel: Vec2::new(a.cos(), a.sin()) * CELL * 1.6,
                t: 0.0,
                life: 0.45 * k,
                delay: 0.0,
            },
        ));
    }
}

fn explosion(commands: &mut Commands, textures: &Textures, at: Vec2, k: f32, seed: u32) {
    // Flash.
    let mut flash = Sprite::from_image(textures.glow.clone());
    flash.color = Color::srgba(1.0, 0.97, 0.85, 1.0);
    flash.custom_size = Some(Vec2::splat(CELL * 3.6));
    commands.spawn((
        flash,
        Transform::from_translation(at.extend(z::EFFECT + 0.2)),
        FadeOut {
            t: 0.0,
            dur: 0.3 * k,
            delay: 0.0,
            grow: 1.3,
            alpha: 1.0,
        },
    ));
    // Fireball and smoke.
    let mut fire = Sprite::from_image(textures.glow.clone());
    fire.color = Color::srgba(1.0, 0.42, 0.08, 1.0);
    fire.custom_size = Some(Vec2::splat(CELL * 2.2));
    commands.spawn((
        fire,
        Transform::from_translation(at.extend(z::EFFECT + 0.1)),
        FadeOut {
            t: 0.0,
            dur: 0.9 * k,
            delay: 0.0,
            grow: 1.8,
            alpha: 1.0,
        },
    ));
    let mut smoke = Sprite::from_image(textures.glow.clone());
    smoke.color = Color::srgba(0.2, 0.18, 0.17, 0.8);
    smoke.custom_size = Some(Vec2::splat(CELL * 1.8));
    commands.spawn((
        smoke,
        Transform::from_translation(at.extend(z::EFFECT)),
        FadeOut {
            t: 0.0,
            dur: 1.2 * k,
            delay: 0.15 * k,
            grow: 2.2,
            alpha: 0.8,
        },
    ));
    // Debris and sparks.
    let mut h = seed.wrapping_mul(2_654_435_761);
    let mut rnd = move || {
        h ^= h << 13;
        h ^= h >> 17;
        h ^= h << 5;
        (h % 10_000) as f32 / 10_000.0
    };
    for i in 0..BLAST_PARTICLES {
        let a = rnd() * std::f32::consts::TAU;
        let speed = CELL * (2.0 + 5.0 * rnd());
        let hot = i % 3 != 0;
        let mut s = Sprite::from_image(textures.spark.clone());
        s.color = if hot {
            Color::srgba(1.0, 0.6 + 0.3 * rnd(), 0.15, 1.0)
        } else {
            Color::srgba(0.25, 0.22, 0.2, 1.0)
        };
        s.custom_size = Some(Vec2::splat(CELL * (0.09 + 0.12 * rnd())));
        commands.spawn((
            s,
            Transform::from_translation(at.extend(z::EFFECT + 0.3)),
            Particle {
                vel: Vec2::new(a.cos(), a.sin()) * speed,
                t: 0.0,
                life: (0.5 + 0.5 * rnd()) * k.max(0.5),
                delay: 0.0,
            },
        ));
    }
}

/// Advances slides, fades, particles and pending blasts.
pub fn animate(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    layout: Res<Layout>,
    textures: Res<Textures>,
    mut shake: ResMut<Shake>,
    mut slides: Query<(Entity, &mut Slide, &mut Transform), Without<Particle>>,
    mut fades: Query<
        (
            Entity,
            &mut FadeOut,
            &mut Transform,
            Option<&mut Sprite>,
            Option<&Children>,
        ),
        (Without<Slide>, Without<Particle>),
    >,
    mut texts: Query<&mut TextColor>,
    mut particles: Query<
        (Entity, &mut Particle, &mut Transform, &mut Sprite),
        (Without<Slide>, Without<FadeOut>),
    >,
    mut blasts: Query<(Entity, &mut PendingBlast)>,
    pieces: Query<&At, With<ChessPiece>>,
) {
    let dt = time.delta_secs();
    let k = settings.animation.factor();
    for (e, mut s, mut t) in &mut slides {
        s.t += dt;
        let p = if s.dur <= 0.0 {
            1.0
        } else {
            (s.t / s.dur).min(1.0)
        };
        let pos = s.from.lerp(s.to, ease_out(p));
        t.translation = pos.extend(if p < 1.0 { z::LIFTED } else { z::PIECE });
        if p >= 1.0 {
            commands.entity(e).remove::<(Slide, Busy)>();
            // A real piece settles on its cell (the layout may have changed).
            if let Ok(at) = pieces.get(e) {
                t.translation = layout.center(at.0).extend(z::PIECE);
            }
        }
    }
    for (e, mut f, mut t, sprite, children) in &mut fades {
        f.t += dt;
        if f.t < f.delay {
            continue;
        }
        let p = if f.dur <= 0.0 {
            1.0
        } else {
            ((f.t - f.delay) / f.dur).min(1.0)
        };
        let a = f.alpha * (1.0 - p);
        t.scale = Vec3::splat(1.0 + (f.grow - 1.0) * ease_out(p));
        if let Some(mut s) = sprite {
            s.color.set_alpha(a);
        }
        for c in children.into_iter().flatten() {
            if let Ok(mut tc) = texts.get_mut(*c) {
                tc.0.set_alpha(a);
            }
        }
        if p >= 1.0 {
            commands.entity(e).despawn();
        }
    }
    for (e, mut p, mut t, mut s) in &mut particles {
        p.t += dt;
        if p.t < p.delay {
            continue;
        }
        p.vel *= (1.0 - 2.5 * dt).max(0.0);
        p.vel.y -= CELL * 6.0 * dt;
        t.translation += (p.vel * dt).extend(0.0);
        let life = (p.t - p.delay) / p.life.max(1e-3);
        s.color.set_alpha((1.0 - life).clamp(0.0, 1.0));
        if life >= 1.0 {
            commands.entity(e).despawn();
        }
    }
    for (e, mut b) in &mut blasts {
        b.delay -= dt;
        if b.delay <= 0.0 {
            commands.entity(e).despawn();
            if k > 0.0 {
                explosion(
                    &mut commands,
                    &textures,
                    b.at,
                    k,
                    (b.at.x * 31.0 + b.at.y) as u32,
                );
                shake.0 = shake.0.max(1.0);
            }
        }
    }
}

/// The camera shake, the last-move tint and the pulsing check glow.
pub fn shake_camera(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    layout: Res<Layout>,
    textures: Res<Textures>,
    last: Res<LastMove>,
    check: Res<InCheck>,
    mut shake: ResMut<Shake>,
    mut cams: Query<&mut Transform, With<super::WorldCamera>>,
    tints: Query<Entity, With<LastMoveTint>>,
    mut glow: Query<
        (Entity, &mut Sprite, &mut Transform),
        (With<CheckGlow>, Without<super::WorldCamera>),
    >,
) {
    let dt = time.delta_secs();
    let t = time.elapsed_secs();
    for mut c in &mut cams {
        if shake.0 > 0.0 {
            let s = shake.0 * shake.0 * CELL * 0.12;
            c.translation.x = s * (t * 73.0).sin();
            c.translation.y = s * (t * 91.0).cos();
            shake.0 = (shake.0 - dt * 2.5).max(0.0);
        } else if c.translation.x != 0.0 || c.translation.y != 0.0 {
            c.translation.x = 0.0;
            c.translation.y = 0.0;
        }
    }
    if last.is_changed() || layout.is_changed() || settings.is_changed() {
        for e in &tints {
            commands.entity(e).despawn();
        }
        if let Some((a, b)) = last.0 {
            let c = colors(settings.theme).last_move;
            for sq in [a, b] {
                commands.spawn((
                    LastMoveTint,
                    Sprite::from_color(c, Vec2::splat(CELL)),
                    Transform::from_translation(layout.center(sq).extend(z::TINT - 0.1)),
                ));
            }
        }
    }
    match check.0 {
        Some(king) => {
            let pulse = 0.55
                + 0.35
                    * (t * 6.0).sin()
                    * if settings.animation.factor() > 0.0 {
                        1.0
                    } else {
                        0.0
                    };
            let pos = layout.center(king).extend(z::GLOW);
            if let Some((_, mut s, mut tr)) = glow.iter_mut().next() {
                s.color = Color::srgba(1.0, 0.1, 0.05, pulse);
                tr.translation = pos;
            } else {
                let mut s = Sprite::from_image(textures.glow.clone());
                s.color = Color::srgba(1.0, 0.1, 0.05, pulse);
                s.custom_size = Some(Vec2::splat(CELL * 1.6));
                commands.spawn((CheckGlow, s, Transform::from_translation(pos)));
            }
        }
        None => {
            for (e, _, _) in &glow {
                commands.entity(e).despawn();
            }
        }
    }
}
