//! The schedule itself: the gameplay's and the view's systems have no
//! order ambiguities, and long jobs run in slices between frames or off the
//! main thread.

use bevy::ecs::schedule::{LogLevel, ScheduleBuildSettings};
use bevy::prelude::*;
use minesweeper_chess::chess::ecs::*;
use minesweeper_chess::headless_app;

use super::{Heard, listen, pieces, play};

fn assert_no_ambiguities(app: &mut App) {
    app.edit_schedule(Update, |s| {
        s.set_build_settings(ScheduleBuildSettings {
            ambiguity_detection: LogLevel::Error,
            ..default()
        });
    });
    let res = app.world_mut().schedule_scope(Update, |world, sched| {
        sched
            .initialize(world)
            .map(|_| ())
            .map_err(|e| e.to_string(sched.graph(), world))
    });
    if let Err(msg) = res {
        panic!("system order ambiguities:\n{msg}");
    }
}

#[test]
fn gameplay_schedule_has_no_system_order_ambiguities() {
    let mut app = headless_app(MineSeed(1));
    app.add_plugins(AssetPlugin {
        file_path: concat!(env!("CARGO_MANIFEST_DIR"), "/levels").into(),
        watch_for_changes_override: Some(false),
        ..default()
    });
    app.add_plugins(minesweeper_chess::chess::ecs::presets::PresetPlugin {
        prefix: "",
        discover: minesweeper_chess::chess::ecs::presets::Discover::Index,
    });
    assert_no_ambiguities(&mut app);
}

#[test]
fn view_and_sound_systems_have_no_order_ambiguities_and_run_headless() {
    let mut app = minesweeper_chess::headless_app_with_view(MineSeed(2));
    assert_no_ambiguities(&mut app);
    // And they run: a few frames with moves, sprites and text attached.
    app.init_resource::<Heard>()
        .add_systems(Update, listen.in_set(TurnSet::Present));
    app.update();
    for m in ["Nf3", "a9a8", "e2e4"] {
        play(&mut app, m);
        for _ in 0..5 {
            app.update();
        }
    }
    let mut q = app
        .world_mut()
        .query_filtered::<(), (With<ChessPiece>, With<Transform>)>();
    assert_eq!(q.iter(app.world()).count(), pieces(&mut app).len());
}

/// A job that sums 1..=n, a thousand numbers at a time, counting its work.
struct Sum {
    next: u64,
    n: u64,
    total: u64,
    work: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

impl minesweeper_chess::base::jobs::Job for Sum {
    type Output = u64;
    fn step(&mut self, deadline: bevy::platform::time::Instant) -> Option<u64> {
        loop {
            let end = (self.next + 1000).min(self.n + 1);
            self.total += (self.next..end).sum::<u64>();
            self.work
                .fetch_add(end - self.next, std::sync::atomic::Ordering::Relaxed);
            self.next = end;
            if self.next > self.n {
                return Some(self.total);
            }
            if bevy::platform::time::Instant::now() >= deadline {
                return None;
            }
        }
    }
}

fn job_app(mode: minesweeper_chess::base::jobs::JobMode) -> App {
    let mut app = headless_app(MineSeed(1));
    app.insert_resource(mode)
        .add_plugins(minesweeper_chess::base::jobs::JobPlugin::<Sum>::default());
    app
}

fn sum_job(n: u64) -> (Sum, std::sync::Arc<std::sync::atomic::AtomicU64>) {
    let work = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let job = Sum {
        next: 1,
        n,
        total: 0,
        work: work.clone(),
    };
    (job, work)
}

#[test]
fn long_jobs_run_in_slices_between_frames_or_off_the_main_thread() {
    use minesweeper_chess::base::jobs::{Finished, JobMode, Running};
    let n = 2_000_000;
    // Sliced (the web): the game keeps updating while the job advances a
    // slice per frame, and the answer is the same.
    let mut app = job_app(JobMode::Sliced {
        slice: std::time::Duration::ZERO,
        share: 0.0,
    });
    let (job, _) = sum_job(n);
    let e = app.world_mut().spawn(Running::new(job)).id();
    let mut updates = 0;
    while app.world().get::<Finished<u64>>(e).is_none() {
        app.update();
        updates += 1;
        assert!(updates < 10_000, "the sliced job never finished");
    }
    let done = app.world().get::<Finished<u64>>(e).unwrap();
    assert_eq!(done.output, n * (n + 1) / 2);
    assert!(done.frames >= 100, "one slice per frame: {}", done.frames);
    assert!(app.world().get::<Running<Sum>>(e).is_none());
    // On a slow page a slice may take a share of the frame, within reason.
    let web = JobMode::Sliced {
        slice: std::time::Duration::from_millis(8),
        share: 0.5,
    };
    let ms = |n| std::time::Duration::from_millis(n);
    assert_eq!(web.slice(ms(16)), ms(8));
    assert_eq!(web.slice(ms(60)), ms(30));
    assert_eq!(web.slice(ms(400)), ms(50));

    // Threaded (the desktop): the same answer from the task pool.
    let mut app = job_app(JobMode::Threaded);
    let (job, _) = sum_job(n);
    let e = app.world_mut().spawn(Running::new(job)).id();
    for _ in 0..20_000 {
        app.update();
        if app.world().get::<Finished<u64>>(e).is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let done = app
        .world()
        .get::<Finished<u64>>(e)
        .expect("threaded job finished");
    assert_eq!(done.output, n * (n + 1) / 2);

    // Despawning cancels: the work stops growing.
    let mut app = job_app(JobMode::Threaded);
    let (job, work) = sum_job(u64::MAX / 4);
    let e = app.world_mut().spawn(Running::new(job)).id();
    app.update();
    while work.load(std::sync::atomic::Ordering::Relaxed) == 0 {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    app.world_mut().despawn(e);
    app.update();
    std::thread::sleep(std::time::Duration::from_millis(100));
    let a = work.load(std::sync::atomic::Ordering::Relaxed);
    std::thread::sleep(std::time::Duration::from_millis(200));
    let b = work.load(std::sync::atomic::Ordering::Relaxed);
    assert_eq!(a, b, "a cancelled job stops");
}
