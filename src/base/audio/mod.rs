//! Sound: effects synthesised at startup ([`synth`]), played in reaction to
//! gameplay messages. Without a sound device Bevy plays nothing and logs a
//! warning; the game goes on.

pub mod synth;

use bevy::audio::Volume;
use bevy::prelude::*;

use crate::base::settings::Settings;
use crate::chess::ecs::{
    CheckGiven, FogLifted, GameOver, MineExploded, MineSwept, MoveRejected, PieceMoved, SapperUsed,
    TurnSet,
};
use synth::Effect;

/// Asks for a sound (menus use it for clicks).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlaySound(pub Effect);

/// The synthesised effects, ready to play.
#[derive(Resource, Debug, Clone)]
pub struct Sounds(Vec<(Effect, Handle<AudioSource>)>);

impl Sounds {
    fn get(&self, e: Effect) -> Option<Handle<AudioSource>> {
        self.0.iter().find(|(k, _)| *k == e).map(|(_, h)| h.clone())
    }
}

/// The most recent effects played (up to 64), newest last: for tests and
/// for debugging what the player heard.
#[derive(Resource, Debug, Default)]
pub struct SoundLog(pub Vec<Effect>);

/// A sound waiting for its moment (a blast after the piece arrives).
#[derive(Component)]
struct SoundLater {
    effect: Effect,
    delay: f32,
}

/// Plays the game's sounds.
pub struct SoundPlugin;

impl Plugin for SoundPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<PlaySound>()
            .init_resource::<SoundLog>()
            .add_systems(Startup, make_sounds)
            .add_systems(
                Update,
                (queue_sounds, play_sounds).chain().in_set(TurnSet::Present),
            );
    }
}

fn make_sounds(mut commands: Commands, assets: Option<ResMut<Assets<AudioSource>>>) {
    let Some(mut assets) = assets else { return };
    let sounds = Effect::ALL
        .iter()
        .map(|e| {
            (
                *e,
                assets.add(AudioSource {
                    bytes: e.wav().into(),
                }),
            )
        })
        .collect();
    commands.insert_resource(Sounds(sounds));
}

/// Turns this frame's gameplay messages into sounds.
fn queue_sounds(
    mut commands: Commands,
    settings: Res<Settings>,
    mut out: MessageWriter<PlaySound>,
    mut moved: MessageReader<PieceMoved>,
    mut exploded: MessageReader<MineExploded>,
    mut swept: MessageReader<MineSwept>,
    mut sapper: MessageReader<SapperUsed>,
    mut fog: MessageReader<FogLifted>,
    mut check: MessageReader<CheckGiven>,
    mut over: MessageReader<GameOver>,
    mut rejected: MessageReader<MoveRejected>,
) {
    let k = settings.animation.factor();
    let blast_delay = crate::chess::view::effects::SLIDE * k;
    let mut blasted = false;
    for _ in exploded.read() {
        blasted = true;
        commands.spawn(SoundLater {
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
        commands.spawn(SoundLater {
            effect: Effect::GameEnd,
            delay: blast_delay + 0.3,
        });
    }
    if rejected.read().count() > 0 {
        out.write(PlaySound(Effect::Illegal));
    }
}

fn play_sounds(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    sounds: Option<Res<Sounds>>,
    mut log: ResMut<SoundLog>,
    mut requests: MessageReader<PlaySound>,
    mut later: Query<(Entity, &mut SoundLater)>,
) {
    let mut due: Vec<Effect> = requests.read().map(|r| r.0).collect();
    due.dedup();
    for (e, mut l) in &mut later {
        l.delay -= time.delta_secs();
        if l.delay <= 0.0 {
            due.push(l.effect);
            commands.entity(e).despawn();
        }
    }
    if settings.muted || settings.volume <= 0.0 {
        return;
    }
    log.0.extend(due.iter().copied());
    let excess = log.0.len().saturating_sub(64);
    log.0.drain(..excess);
    // No audio output (a server, CI): the effects are chosen, nothing plays.
    let Some(sounds) = sounds else { return };
    for effect in due {
        if let Some(h) = sounds.get(effect) {
            commands.spawn((
                AudioPlayer::new(h),
                PlaybackSettings::DESPAWN.with_volume(Volume::Linear(settings.volume)),
            ));
        }
    }
}
