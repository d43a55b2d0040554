//! Sound: effects synthesised at startup ([`synth`]), played when a game
//! asks ([`PlaySound`] now, [`PlayLater`] after a delay). Without a sound
//! device Bevy plays nothing and logs a warning; the game goes on.

pub mod synth;

use bevy::audio::Volume;
use bevy::prelude::*;

use crate::base::settings::Settings;
use synth::Effect;

/// Asks for a sound (menus use it for clicks).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PlaySound(pub Effect);

/// The synthesised effects, ready to play.
#[derive(Resource, Debug, Clone)]
pub(crate) struct Sounds(Vec<(Effect, Handle<AudioSource>)>);

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
#[derive(Component, Debug, Clone, Copy)]
pub(crate) struct PlayLater {
    /// What to play.
    pub effect: Effect,
    /// Seconds to wait.
    pub delay: f32,
}

/// Where sounds are played: after the games have asked for them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct SoundSet;

/// Plays the game's sounds.
pub(crate) struct SoundPlugin;

impl Plugin for SoundPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<PlaySound>()
            .init_resource::<SoundLog>()
            .add_systems(Startup, make_sounds)
            .add_systems(Update, play_sounds.in_set(SoundSet));
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

fn play_sounds(
    mut commands: Commands,
    time: Res<Time>,
    settings: Res<Settings>,
    sounds: Option<Res<Sounds>>,
    mut log: ResMut<SoundLog>,
    mut requests: MessageReader<PlaySound>,
    mut later: Query<(Entity, &mut PlayLater)>,
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
