//! What happened, seen and heard: bursts, floating points, fading fog, sounds, toasts; and the animations.

use super::*;
use crate::base::audio::PlayLater;
use crate::base::i18n::{T, Texts, words};
use minesweeper_core::sudoku::game::Status;

/// Turns the game's events into sounds, toasts and bursts, and animates them.
pub(super) struct EffectsPlugin;

impl Plugin for EffectsPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            (react, animate).chain().in_set(PuzzleViewStep::Effects),
        );
    }
}

/// Effects and sounds for what happened; toasts for refusals.
pub(super) fn react(
    mut commands: Commands,
    puzzle: Res<Puzzle>,
    fonts: Option<Res<Fonts>>,
    textures: Option<Res<Textures>>,
    mut happened: MessageReader<PuzzleHappened>,
    mut refused: MessageReader<PuzzleRefused>,
    mut requests: MessageReader<PuzzleRequest>,
    rows: Res<HandRows>,
    mut input: ResMut<PuzzleInput>,
    mut sound: MessageWriter<PlaySound>,
    tx: Res<Texts>,
) {
    // Flags and probes sound as the player makes them (a flag changes no
    // cell the game reports; a probe's result follows with its own sound).
    for r in requests.read() {
        match r {
            PuzzleRequest::Act(Action::Flag(_) | Action::FlagJump { .. }) => {
                sound.write(PlaySound(Effect::Flag));
            }
            PuzzleRequest::Act(Action::Probe(_)) => {
                sound.write(PlaySound(Effect::Probe));
            }
            PuzzleRequest::Start { .. } => {
                sound.write(PlaySound(Effect::GameStart));
            }
            _ => {}
        }
    }
    for r in refused.read() {
        let why =
            r.0.map_or_else(|| tx.t(T::SudokuNoBoard), |r| words::sudoku_refusal(&tx, r));
        input.toast = Some((why, 3.0));
        sound.write(PlaySound(Effect::Illegal));
    }
    let (Some(game), Some(fonts), Some(tex)) = (&puzzle.game, fonts, textures) else {
        happened.clear();
        return;
    };
    let l = PuzzleLayout::of(game, &rows);
    for h in happened.read() {
        let opened =
            h.0.iter()
                .filter(|e| matches!(e, Event::Opened { .. }))
                .count();
        for ev in &h.0 {
            if let Some(e) = sound_of(ev) {
                sound.write(PlaySound(e));
            }
            // A blast costs a life: the loss sounds once the boom has.
            if let Some(e) = follow_up(ev) {
                commands.spawn(PlayLater {
                    effect: e,
                    delay: 0.55,
                });
            }
            if let Some(t) = toast_of(ev, game, &tx) {
                input.toast = Some((t, 3.0));
            }
            picture(ev, &h.0, &mut commands, &tex, &fonts, &l);
        }
        if opened > 0 {
            sound.write(PlaySound(Effect::Fog));
        }
    }
}

/// The sound an event makes.
fn sound_of(ev: &Event) -> Option<Effect> {
    Some(match ev {
        Event::Blew(_) => Effect::Blast,
        Event::Defused(_) => Effect::Sweep,
        Event::Question(_) => Effect::Illegal,
        Event::NotDigit { .. } => Effect::WrongDigit,
        Event::Placed { .. } => Effect::Card,
        Event::Moved { .. } => Effect::Move,
        Event::SpareLife { .. } => Effect::RoyalSweep,
        Event::Over(Status::Won) => Effect::Wipe,
        Event::Over(_) => Effect::GameEnd,
        _ => return None,
    })
}

/// The sound that follows an event's own: a life lost after a blast, a
/// sensor waking after a card lands.
fn follow_up(ev: &Event) -> Option<Effect> {
    match ev {
        Event::Blew(_) => Some(Effect::LifeLost),
        Event::Placed { .. } => Some(Effect::Sensor),
        _ => None,
    }
}

/// What the panel says about an event.
fn toast_of(ev: &Event, game: &PuzzleGame, tx: &Texts) -> Option<String> {
    Some(match ev {
        Event::Blew(_) => tx.t(T::ToastBlew),
        Event::NotDigit { cell, digit } => {
            let cell = minesweeper_core::sudoku::deduce::cell_name(game.board.grid.size, *cell);
            tx.f(
                T::ToastNotDigit,
                &[("cell", cell.into()), ("digit", (*digit).into())],
            )
        }
        Event::SpareLife { .. } => tx.t(T::ToastSpareLife),
        _ => return None,
    })
}

/// What an event looks like: a burst on the cell, a heart for a spare
/// life, the points floating up from where they were made.
fn picture(
    ev: &Event,
    all: &[Event],
    commands: &mut Commands,
    tex: &Textures,
    fonts: &Fonts,
    l: &PuzzleLayout,
) {
    let burst_at = |commands: &mut Commands, c: usize, color: Color, size: f32, sparks: u32| {
        burst(commands, tex, l.cell(c), color, size, sparks);
    };
    match ev {
        Event::Blew(c) => burst_at(commands, *c, Color::srgb(1.0, 0.55, 0.15), 2.6, 14),
        Event::Defused(c) => burst_at(commands, *c, Color::srgb(0.4, 1.0, 0.5), 1.6, 0),
        Event::Question(c) => burst_at(commands, *c, Color::srgb(0.7, 0.7, 0.75), 1.2, 0),
        Event::NotDigit { cell, .. } => {
            burst_at(commands, *cell, Color::srgb(1.0, 0.3, 0.3), 1.2, 0)
        }
        Event::SpareLife { cell, .. } => floating(
            commands,
            fonts,
            l.cell(*cell),
            "\u{2665}",
            Color::srgb(0.95, 0.3, 0.45),
        ),
        Event::Points(p) => {
            let at = all
                .iter()
                .rev()
                .find_map(|e| match e {
                    Event::Opened { cell, .. } | Event::Question(cell) | Event::Defused(cell) => {
                        Some(*cell)
                    }
                    _ => None,
                })
                .map(|c| l.cell(c))
                .unwrap_or(Vec2::ZERO);
            let (s, c) = if *p >= 0 {
                (format!("+{p}"), Color::srgb(1.0, 0.9, 0.35))
            } else {
                (p.to_string(), Color::srgb(1.0, 0.4, 0.35))
            };
            floating(commands, fonts, at + Vec2::new(0.0, CELL * 0.3), &s, c);
        }
        _ => {}
    }
}

pub(super) fn burst(
    commands: &mut Commands,
    tex: &Textures,
    at: Vec2,
    color: Color,
    size: f32,
    sparks: u32,
) {
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
        DespawnOnExit(Screen::Sudoku),
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
            DespawnOnExit(Screen::Sudoku),
        ));
    }
}

pub(super) fn floating(commands: &mut Commands, fonts: &Fonts, at: Vec2, s: &str, color: Color) {
    commands.spawn((
        Fx {
            t: 0.0,
            life: 1.1,
            grow: 0.0,
            rise: CELL * 0.9,
        },
        text(s, CELL * 0.3, &fonts.bold, color),
        Transform::from_translation(at.extend(z::EFFECT)),
        // A burst still growing when the player leaves goes with the screen.
        DespawnOnExit(Screen::Sudoku),
    ));
}

/// Fog fading, pieces sliding and popping, effects growing and fading,
/// toasts timing out.
pub(super) fn animate(
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
