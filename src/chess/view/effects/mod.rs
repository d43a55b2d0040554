//! Animation and effects: slides, fades, explosions, sweeps, fog dissolving,
//! the check pulse, the last-move tint and the camera shake. All react to
//! gameplay messages; none changes the game. Every effect belongs to the
//! chess screen and goes when it is left.

mod cues;
mod motion;
mod react;

use bevy::prelude::*;

use super::{Layout, ViewStep, z};
use crate::base::screen::Screen;
use crate::chess::ecs::{
    At, CheckGiven, ChessPiece, GameOver, GameStarted, MoveUndone, PieceMoved, SapperUsed,
};
use minesweeper_core::chess::{Move, Square};

/// Seconds a piece takes to slide one move at normal speed.
/// A move's slide, in seconds at normal speed (lichess's default).
pub(crate) const SLIDE: f32 = 0.25;
pub(super) const FADE: f32 = 0.35;
pub(super) const FOG_DISSOLVE: f32 = 0.6;
pub(super) const BLAST_PARTICLES: usize = 60;
/// Seconds between a blast's flash and its fire and debris.
pub(super) const BLAST_BEAT: f32 = 0.12;

pub(crate) use crate::chess::ecs::Busy;

/// A move that was dropped onto its target by dragging: no slide for it.
#[derive(Resource, Default, Debug)]
pub(crate) struct Dropped(pub Option<Move>);

/// A piece sliding from one cell to another, with ease-out.
#[derive(Component)]
#[require(Busy)]
pub(crate) struct Slide {
    from: Vec2,
    to: Vec2,
    t: f32,
    dur: f32,
}

/// Something fading out (and growing), then despawned.
#[derive(Component)]
#[require(Busy)]
pub(crate) struct FadeOut {
    t: f32,
    dur: f32,
    delay: f32,
    grow: f32,
    alpha: f32,
}

/// A flying particle with gravity and drag.
#[derive(Component)]
#[require(Busy)]
pub(crate) struct Particle {
    vel: Vec2,
    t: f32,
    life: f32,
}

/// An explosion waiting for its piece to arrive; it goes off in two
/// beats: the flash, then (after [`BLAST_BEAT`]) fire, smoke and debris.
#[derive(Component)]
#[require(Busy)]
pub(crate) struct PendingBlast {
    at: Vec2,
    delay: f32,
    flashed: bool,
}

impl Slide {
    /// A slide from `from` to `to` taking `dur` seconds.
    fn new(from: Vec2, to: Vec2, dur: f32) -> Slide {
        Slide {
            from,
            to,
            t: 0.0,
            dur,
        }
    }
}

impl FadeOut {
    /// A fade of `dur` seconds after `delay`, growing to `grow` times its size.
    fn new(dur: f32, delay: f32, grow: f32) -> FadeOut {
        FadeOut {
            t: 0.0,
            dur,
            delay,
            grow,
            alpha: 1.0,
        }
    }

    /// Starting at opacity `alpha` instead of 1.
    fn with_alpha(self, alpha: f32) -> FadeOut {
        FadeOut { alpha, ..self }
    }
}

impl Particle {
    /// A particle flying off at `vel` for `life` seconds.
    fn new(vel: Vec2, life: f32) -> Particle {
        Particle { vel, t: 0.0, life }
    }
}

impl PendingBlast {
    /// A blast at `at` going off in `delay` seconds.
    fn new(at: Vec2, delay: f32) -> PendingBlast {
        PendingBlast {
            at,
            delay,
            flashed: false,
        }
    }
}

/// The camera's shake, decaying.
#[derive(Resource, Default)]
pub(crate) struct Shake(pub f32);

/// The cells of the last move, tinted.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LastMove(pub Option<(Square, Square)>);

/// The king in check, pulsing.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct InCheck(pub Option<Square>);

/// The tint on the last move's cells.
#[derive(Component)]
pub(crate) struct LastMoveTint;

/// The red glow under a king in check.
#[derive(Component)]
pub(crate) struct CheckGlow;

/// Slides, fades, blasts, sweeps, fog dissolving, the check glow and the
/// camera's shake.
pub(super) struct EffectsPlugin;

impl Plugin for EffectsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Dropped>()
            .init_resource::<Shake>()
            .init_resource::<LastMove>()
            .init_resource::<InCheck>()
            .add_systems(
                Update,
                (
                    place_pieces,
                    track_check,
                    react::slide_moves,
                    react::sweeps_and_fog,
                    motion::run_slides,
                    motion::run_fades,
                    motion::run_particles,
                    motion::fire_blasts,
                    (cues::shake_camera, cues::tint_last_move, cues::glow_check)
                        .chain()
                        .run_if(in_state(Screen::Chess)),
                )
                    .chain()
                    .in_set(ViewStep::Motion),
            );
    }
}

/// What every transient effect carries: it leaves with the chess screen.
fn transient() -> DespawnOnExit<Screen> {
    DespawnOnExit(Screen::Chess)
}

/// Puts pieces on their cells when they move without a slide (undo, new game).
fn place_pieces(
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

/// Cubic ease-in-out: a move starts and lands softly.
fn ease_in_out(t: f32) -> f32 {
    if t < 0.5 {
        4.0 * t * t * t
    } else {
        1.0 - (-2.0 * t + 2.0).powi(3) / 2.0
    }
}

/// Keeps the check glow and the last move in step with the game: a new
/// board or an undo clears both, a move clears the check, a check sets it,
/// the end of the game clears it unless it is mate.
fn track_check(
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
