//! Long computations (the computer opponent's search, generating puzzles)
//! without freezing the game.
//!
//! A computation is a [`Job`]: a state machine that does a bounded slice of
//! work per [`Job::step`] call and says when it is done. The same job runs
//! two ways:
//!
//! - **threaded** (desktop): on Bevy's async compute pool, stepping in a
//!   loop and yielding between slices, so dropping the handle cancels it;
//! - **sliced** (web, where there are no threads, and tests): one slice
//!   per frame on the main thread, a few milliseconds each, so the page
//!   keeps drawing and reacting.
//!
//! Either way the caller spawns an entity with [`Running`] and later finds
//! [`Finished`] on it; despawning the entity cancels the job.

use bevy::platform::time::Instant;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, futures_lite::future};
use std::time::Duration;

/// A computation done in slices.
pub trait Job: Send + Sync + 'static {
    /// What it computes.
    type Output: Send + Sync + 'static;

    /// Works until about `deadline` (checking the clock now and then), and
    /// returns the result when there is nothing left to do. A slice may
    /// overrun its deadline a little, never by much.
    fn step(&mut self, deadline: Instant) -> Option<Self::Output>;

    /// How long each slice may be when the job has a thread of its own.
    /// Short slices let a cancelled job stop soon; a job whose slices
    /// cost something to resume may ask for longer ones.
    fn thread_slice(&self) -> Duration {
        Duration::from_millis(20)
    }
}

/// How jobs run here.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub enum JobMode {
    /// On the async compute pool, off the main thread.
    Threaded,
    /// On the main thread, one slice per frame: `slice` long, or, when
    /// frames are slow anyway (a software renderer), `share` of the last
    /// frame's time, up to 50 ms. A slow page should not make a second
    /// of thinking take a minute.
    Sliced {
        /// The shortest slice.
        slice: Duration,
        /// Share of the last frame's duration a slice may take.
        share: f32,
    },
}

impl JobMode {
    /// The slice for a frame after one that took `last`.
    pub fn slice(self, last: Duration) -> Duration {
        match self {
            JobMode::Threaded => Duration::ZERO,
            JobMode::Sliced { slice, share } => {
                let adaptive = last
                    .mul_f64(f64::from(share.max(0.0)))
                    .min(Duration::from_millis(50));
                slice.max(adaptive)
            }
        }
    }
}

impl Default for JobMode {
    fn default() -> Self {
        if crate::base::platform::WEB {
            // A 60 Hz frame is 16.7 ms; leave most of it to drawing.
            JobMode::Sliced {
                slice: Duration::from_millis(8),
                share: 0.5,
            }
        } else {
            JobMode::Threaded
        }
    }
}

/// A job in progress. Put it on an entity with [`Running::new`].
#[derive(Component)]
pub struct Running<J: Job> {
    state: JobState<J>,
}

enum JobState<J: Job> {
    /// Not started, or stepped on the main thread.
    Here(Box<J>),
    /// Running on the task pool.
    Pool(Task<J::Output>),
    /// Taken (finished, or being moved).
    Gone,
}

impl<J: Job> Running<J> {
    /// A job to start at the next frame.
    pub fn new(job: J) -> Running<J> {
        Running {
            state: JobState::Here(Box::new(job)),
        }
    }
}

/// The result of a job, put on its entity in place of [`Running`].
#[derive(Component, Debug)]
pub struct Finished<T: Send + Sync + 'static> {
    /// What the job computed.
    pub output: T,
    /// Frames it took from the first slice to the result.
    pub frames: u32,
}

/// Frames a job has been running (for "thinking…" indicators).
#[derive(Component, Debug, Default, Clone, Copy)]
pub(crate) struct Frames(pub u32);

/// Lets jobs of type `J` run. Add once per job type.
pub struct JobPlugin<J: Job>(std::marker::PhantomData<J>);

impl<J: Job> Default for JobPlugin<J> {
    fn default() -> Self {
        JobPlugin(std::marker::PhantomData)
    }
}

impl<J: Job> Plugin for JobPlugin<J> {
    fn build(&self, app: &mut App) {
        app.init_resource::<JobMode>()
            .add_systems(PreUpdate, drive::<J>);
    }
}

fn drive<J: Job>(
    mut commands: Commands,
    mode: Res<JobMode>,
    time: Res<Time<Real>>,
    mut jobs: Query<(Entity, &mut Running<J>, Option<&mut Frames>)>,
) {
    for (e, mut running, frames) in &mut jobs {
        let n = frames.as_ref().map_or(0, |f| f.0) + 1;
        match frames {
            Some(mut f) => f.0 = n,
            None => {
                commands.entity(e).insert(Frames(n));
            }
        }
        let done = match (&mut running.state, *mode) {
            (JobState::Here(job), JobMode::Sliced { .. }) => {
                job.step(Instant::now() + mode.slice(time.delta()))
            }
            (JobState::Here(_), JobMode::Threaded) => {
                let JobState::Here(mut job) = std::mem::replace(&mut running.state, JobState::Gone)
                else {
                    continue;
                };
                let task = AsyncComputeTaskPool::get().spawn(async move {
                    loop {
                        let deadline = Instant::now() + job.thread_slice();
                        if let Some(out) = job.step(deadline) {
                            return out;
                        }
                        // Dropping the task (despawning the entity) cancels here.
                        future::yield_now().await;
                    }
                });
                running.state = JobState::Pool(task);
                None
            }
            (JobState::Pool(task), _) => block_on(future::poll_once(task)),
            (JobState::Gone, _) => None,
        };
        if let Some(output) = done {
            running.state = JobState::Gone;
            commands
                .entity(e)
                .remove::<(Running<J>, Frames)>()
                .insert(Finished { output, frames: n });
        }
    }
}
