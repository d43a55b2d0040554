//! The chess game's sounds: each gameplay message of a move chooses its
//! effect (the blast waits for the sliding piece to arrive).

use bevy::prelude::*;

use crate::base::audio::Effect;
use crate::base::audio::{PlayLater, PlaySound};
use crate::base::settings::Settings;
use crate::chess::ecs::{
    CheckGiven, FogLifted, GameOver, GameStarted, MineExploded, MineSwept, MoveRejected,
    PieceMoved, Replaying, SapperUsed,
};

/// Chooses the chess board's sounds after its animation is set up.
pub(super) struct SoundPlugin;

impl Plugin for SoundPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Update, queue_sounds.in_set(super::ViewStep::Sound));
    }
}

/// Turns this frame's gameplay messages into sounds.
#[allow(clippy::too_many_arguments)]
fn queue_sounds(
    mut commands: Commands,
    settings: Res<Settings>,
    replaying: Res<Replaying>,
    mut out: MessageWriter<PlaySound>,
    mut moved: MessageReader<PieceMoved>,
    mut exploded: MessageReader<MineExploded>,
    mut swept: MessageReader<MineSwept>,
    mut sapper: MessageReader<SapperUsed>,
    mut fog: MessageReader<FogLifted>,
    mut check: MessageReader<CheckGiven>,
    mut over: MessageReader<GameOver>,
    mut rejected: MessageReader<MoveRejected>,
    mut started: MessageReader<GameStarted>,
) {
    if started.read().count() > 0 {
        out.write(PlaySound(Effect::GameStart));
    }
    // A history replayed one move a frame (a resumed game, an online game
    // joined late) is heard at its last move only, not as a drum roll.
    if replaying.0 {
        moved.clear();
        exploded.clear();
        swept.clear();
        sapper.clear();
        fog.clear();
        check.clear();
        over.clear();
        rejected.clear();
        return;
    }
    let k = settings.animation.factor();
    let blast_delay = super::effects::SLIDE * k;
    let mut blasted = false;
    for _ in exploded.read() {
        blasted = true;
        commands.spawn(PlayLater {
            effect: Effect::Blast,
            delay: blast_delay,
        });
    }
    for m in moved.read() {
        if !blasted {
            out.write(PlaySound(if m.captured.is_some() {
                Effect::Capture
            } else {
                Effect::Move
            }));
        }
    }
    // The royal sapper is silent (Decision 9): only a pawn's sweep sounds.
    for _ in swept.read().filter(|s| !s.by_king) {
        out.write(PlaySound(Effect::Sweep));
    }
    if sapper.read().count() > 0 && !blasted {
        out.write(PlaySound(Effect::Sweep));
    }
    if fog.read().count() > 0 {
        out.write(PlaySound(Effect::Fog));
    }
    if check.read().count() > 0 {
        out.write(PlaySound(Effect::Check));
    }
    if over.read().count() > 0 {
        commands.spawn(PlayLater {
            effect: Effect::GameEnd,
            delay: blast_delay + 0.3,
        });
    }
    if rejected.read().count() > 0 {
        out.write(PlaySound(Effect::Illegal));
    }
}
