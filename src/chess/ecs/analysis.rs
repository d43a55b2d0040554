//! The engine's look at a finished game: every board of the
//! [`Timeline`] (as the players saw it) searched in the background, one a
//! job (so the web runs them between frames and the panel can show
//! progress), then the moves judged by the winning chances they gave away.
//! After the game only: during one, nothing here runs.

use bevy::prelude::*;
use minesweeper_core::ai::MATE;
use minesweeper_core::ai::analysis::{PlyEval, Verdict, evaluate, judge};
use minesweeper_core::chess::probability::step_odds;
use minesweeper_core::chess::record::MoveNote;
use minesweeper_core::chess::{Color, Outcome, PublicPosition};

use super::{ChessGame, GameStarted, MoveUndone, Timeline};
use crate::base::jobs::{Finished, Job, JobPlugin, Running};

/// Asks for the finished game to be analysed.
#[derive(Message, Debug, Clone, Copy)]
pub struct AnalyseRequested;

/// The analysis of the game on the board.
#[derive(Resource, Debug, Default, Clone)]
pub struct Analysis {
    /// Whether one was asked for (the panel shows it).
    pub open: bool,
    /// The engine's view of the board after each ply, as they come.
    pub evals: Vec<Option<PlyEval>>,
    /// The next ply to search.
    next: usize,
    /// Plies with no board to search (never seen here: a late join).
    skipped: usize,
}

impl Analysis {
    /// Plies searched, of all.
    pub fn progress(&self) -> (usize, usize) {
        let found = self.evals.iter().flatten().count();
        (found, self.evals.len() - self.skipped)
    }

    /// Whether every board there is has been searched.
    pub fn done(&self) -> bool {
        let (found, all) = self.progress();
        self.open && found == all
    }

    /// The verdict on move `i` (0-based) by `mover`, once both boards
    /// around it are searched.
    pub fn verdict(&self, i: usize, mover: Color) -> Option<Verdict> {
        let before = self.evals.get(i).copied().flatten()?;
        let after = self.evals.get(i + 1).copied().flatten()?;
        judge(mover, before.chances(), after.chances())
    }

    /// The notes an annotated record writes: each move's verdict as a NAG,
    /// the score after it as `[%eval pawns]` (White's view) and, for a step
    /// into the fog, the chance of a mine it faced then as `[%mine 25%]`.
    pub fn notes(&self, game: &ChessGame, timeline: &Timeline) -> Vec<MoveNote> {
        game.moves()
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let eval = self.evals.get(i + 1).copied().flatten();
                let eval = eval.map(|e| format!("[%eval {:.2}]", f64::from(e.white_cp) / 100.0));
                let odds = timeline
                    .at(i)
                    .and_then(|before| step_odds(before, m.mv))
                    .map(|p| format!("[%mine {:.0}%]", p * 100.0));
                let comment: Vec<String> = eval.into_iter().chain(odds).collect();
                MoveNote {
                    nag: self.verdict(i, m.report.mover).map(Verdict::nag),
                    comment: (!comment.is_empty()).then(|| comment.join(" ")),
                }
            })
            .collect()
    }
}

/// One board's search.
struct EvalJob {
    ply: usize,
    board: PublicPosition,
}

impl Job for EvalJob {
    type Output = (usize, PlyEval);
    fn step(&mut self, _deadline: bevy::platform::time::Instant) -> Option<(usize, PlyEval)> {
        // A fixed-depth search: one slice, the same result everywhere.
        Some((self.ply, evaluate(&self.board)))
    }
}

/// Marks an analysis job's entity.
#[derive(Component)]
struct AnalysisJob;

/// Runs analyses.
pub(crate) struct AnalysisPlugin;

impl Plugin for AnalysisPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(JobPlugin::<EvalJob>::default())
            .init_resource::<Analysis>()
            .add_message::<AnalyseRequested>()
            .add_systems(
                Update,
                (start_analysis, collect, next_board)
                    .chain()
                    .in_set(super::TurnSet::Analyse),
            );
    }
}

/// A request over a finished game opens the analysis; a new game or an
/// undo closes it (and drops its jobs).
fn start_analysis(
    mut commands: Commands,
    mut asks: MessageReader<AnalyseRequested>,
    mut started: MessageReader<GameStarted>,
    mut undone: MessageReader<MoveUndone>,
    game: Res<ChessGame>,
    timeline: Res<Timeline>,
    mut analysis: ResMut<Analysis>,
    jobs: Query<Entity, With<AnalysisJob>>,
) {
    let reset = started.read().count() + undone.read().count() > 0;
    let asked = asks.read().count() > 0 && game.outcome().is_some();
    if (reset && analysis.open) || asked {
        for e in &jobs {
            commands.entity(e).despawn();
        }
        *analysis = Analysis::default();
    }
    if asked {
        analysis.open = true;
        analysis.evals = vec![None; timeline.len()];
    }
}

/// Takes each finished search's result. A board without a legal move
/// (mate, a blast that ended the game) scores as the game ended.
fn collect(
    mut commands: Commands,
    mut analysis: ResMut<Analysis>,
    game: Res<ChessGame>,
    done: Query<(Entity, &Finished<(usize, PlyEval)>), With<AnalysisJob>>,
) {
    for (e, f) in &done {
        let (ply, mut eval) = f.output;
        if eval.best.is_none() {
            eval.white_cp = match game.outcome() {
                Some(Outcome::Decisive {
                    winner: Color::White,
                    ..
                }) => MATE,
                Some(Outcome::Decisive { .. }) => -MATE,
                _ => 0,
            };
        }
        if let Some(slot) = analysis.evals.get_mut(ply) {
            *slot = Some(eval);
        }
        commands.entity(e).despawn();
    }
}

/// Starts the next board's search when none is running.
fn next_board(
    mut commands: Commands,
    mut analysis: ResMut<Analysis>,
    timeline: Res<Timeline>,
    jobs: Query<(), With<AnalysisJob>>,
) {
    if !analysis.open || !jobs.is_empty() {
        return;
    }
    while analysis.next < analysis.evals.len() {
        let ply = analysis.next;
        analysis.next += 1;
        if let Some(board) = timeline.at(ply) {
            commands.spawn((
                AnalysisJob,
                Running::new(EvalJob {
                    ply,
                    board: board.clone(),
                }),
            ));
            return;
        }
        analysis.skipped += 1;
    }
}
