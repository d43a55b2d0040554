//! Sound: the effects' files ([`effect`]) loaded through the asset server
//! at start, played when a game asks ([`PlaySound`] now, [`PlayLater`]
//! after a delay), each kind switched off in Settings on its own. Without
//! a sound device Bevy plays nothing and logs a warning; the game goes on.

pub mod effect;

use bevy::audio::Volume;
use bevy::prelude::*;

use crate::base::settings::Settings;
pub use effect::{Effect, SoundKind};

/// Asks for a sound (menus use it for clicks).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PlaySound(pub Effect);

/// The effects' files, loading or loaded.
#[derive(Resource, Debug, Clone)]
pub(crate) struct Sounds(Vec<(Effect, Handle<AudioSource>)>);

impl Sounds {
    /// How many of the effects' files have loaded, of how many.
    pub(crate) fn loaded(&self, server: &AssetServer) -> (usize, usize) {
        let done = self
            .0
            .iter()
            .filter(|(_, h)| server.is_loaded(h.id()))
            .count();
        (done, self.0.len())
    }

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

/// Sounds that belong to no move (the online clock's low-time warning):
/// asked for after both games, before [`SoundSet`].
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct CueSet;

/// Plays the game's sounds.
pub(crate) struct SoundPlugin;

impl Plugin for SoundPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<PlaySound>()
            .init_resource::<SoundLog>()
            .add_systems(Update, load_sounds.run_if(not(resource_exists::<Sounds>)))
            .add_systems(Update, play_sounds.in_set(SoundSet));
    }
}

fn load_sounds(
    mut commands: Commands,
    frames: Option<Res<bevy::diagnostic::FrameCount>>,
    server: Option<Res<AssetServer>>,
    audio: Option<Res<Assets<AudioSource>>>,
) {
    // Once the first frames are drawn: in the browser the title is up and
    // usable before the sounds come down the line.
    if frames.is_some_and(|f| f.0 < 3) {
        return;
    }
    // No audio assets (the headless tests): effects are chosen and
    // logged, nothing is loaded.
    let (Some(server), Some(_)) = (server, audio) else {
        return;
    };
    let sounds = Effect::ALL
        .iter()
        .map(|e| (*e, server.load(format!("sounds/{}", e.file()))))
        .collect();
    commands.insert_resource(Sounds(sounds));
}

/// Whether Settings let `effect` play.
pub(crate) fn allowed(settings: &Settings, effect: Effect) -> bool {
    !settings.muted
        && settings.volume > 0.0
        && match effect.kind() {
            SoundKind::Moves => settings.sound_moves,
            SoundKind::Effects => settings.sound_effects,
            SoundKind::Interface => settings.sound_interface,
        }
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
    due.retain(|e| allowed(&settings, *e));
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
