//! `--bench-frames N`: the CPU time our own systems take per frame (the
//! gameplay turn, the view, the egui interface), measured in the running
//! game; prints median and 99th percentile, then quits.

use bevy::platform::time::Instant;
use bevy::prelude::*;

use crate::base::options::GameOptions;

/// The probe's marks: the first and the last of our `Update` systems.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ProbeSet {
    /// Before everything else of ours.
    Start,
    /// After everything else of ours.
    End,
}

/// Timing of the current frame and of all frames so far.
#[derive(Resource, Default)]
pub(crate) struct FrameProbe {
    update_start: Option<Instant>,
    ui_start: Option<Instant>,
    this_frame: f64,
    frames: Vec<f64>,
    update_part: Vec<f64>,
}

/// Marks the start of our `Update` systems.
pub(crate) fn start_update(mut p: ResMut<FrameProbe>) {
    p.update_start = Some(Instant::now());
}

/// Marks the end of our `Update` systems.
pub(crate) fn end_update(mut p: ResMut<FrameProbe>) {
    if let Some(s) = p.update_start.take() {
        let t = s.elapsed().as_secs_f64();
        p.this_frame += t;
        p.update_part.push(t);
    }
}

/// Marks the start of the interface pass.
pub(crate) fn start_ui(mut p: ResMut<FrameProbe>) {
    p.ui_start = Some(Instant::now());
}

/// Marks the end of the interface pass; closes the frame's tally and quits
/// after the requested number of frames.
pub(crate) fn end_ui(
    mut p: ResMut<FrameProbe>,
    options: Res<GameOptions>,
    mut exit: MessageWriter<AppExit>,
) {
    if let Some(s) = p.ui_start.take() {
        p.this_frame += s.elapsed().as_secs_f64();
    }
    let t = std::mem::take(&mut p.this_frame);
    p.frames.push(t);
    let Some(n) = options.bench_frames else {
        return;
    };
    if p.frames.len() as u32 >= n {
        // Skip the first frames (start-up, font atlases).
        let mut v: Vec<f64> = p.frames.iter().skip(30).copied().collect();
        v.sort_by(f64::total_cmp);
        if !v.is_empty() {
            let pick = |q: f64| v[((v.len() - 1) as f64 * q) as usize] * 1e6;
            println!(
                "our systems per frame over {} frames: median {:.0} µs, 90th {:.0} µs, 99th {:.0} µs, max {:.0} µs",
                v.len(),
                pick(0.5),
                pick(0.9),
                pick(0.99),
                pick(1.0)
            );
            let mut u: Vec<f64> = p.update_part.iter().skip(30).copied().collect();
            u.sort_by(f64::total_cmp);
            if !u.is_empty() {
                println!(
                    "  of which gameplay and board (Update): median {:.0} µs; interface (egui): the rest",
                    u[u.len() / 2] * 1e6
                );
            }
        }
        exit.write(AppExit::Success);
    }
}
