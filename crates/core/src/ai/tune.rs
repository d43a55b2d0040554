//! Texel's method for the evaluation's weights: positions from played
//! games, each labelled with the game's result for White; the weights that
//! best predict the results (least squared error of a logistic curve of
//! the score) are found by coordinate descent. The evaluation is linear in
//! its weights, so each position's features are counted once.

use super::eval::{FEATURES, Features, Weights, features};
use crate::chess::{Game, Move, MoveKind, Position};

/// A position's features and the game's result for White (1, ½ or 0).
#[derive(Clone, Debug)]
pub struct Sample {
    /// What the evaluation counts there.
    pub features: Features,
    /// How the game ended for White.
    pub result: f32,
}

/// The quiet positions of a game played from `start` with `moves`, each
/// labelled `result`: no check, no capture or promotion just made, none
/// that wins material at once ([`settled`]), and not among the first
/// `skip` plies (an opening book's moves). Stops at the first move that
/// is not legal.
pub fn samples(start: &Position, moves: &[Move], result: f32, skip: usize) -> Vec<Sample> {
    quiet_positions(start, moves, skip)
        .iter()
        .map(|pos| Sample {
            features: features(pos),
            result,
        })
        .collect()
}

/// The positions [`samples`] learns from, for another engine to score.
pub fn quiet_positions(start: &Position, moves: &[Move], skip: usize) -> Vec<Position> {
    let mut game = Game::from_position(start.clone());
    let mut out = Vec::new();
    for (ply, &m) in moves.iter().enumerate() {
        let capture =
            game.position().piece_at(m.to).is_some() || matches!(m.kind, MoveKind::Promotion(_));
        if game.play(m).is_err() {
            break;
        }
        let pos = game.position();
        if ply + 1 > skip && !capture && game.outcome().is_none() && settled(pos) {
            out.push(pos.clone());
        }
    }
    out
}

/// Whether the side to move is not in check and has no capture or
/// promotion that wins material by the exchange count: a position whose
/// score the quiescence search would not change at once. The evaluation
/// is only ever asked about such positions' like; fitting it to others
/// teaches it to count the material about to be won, twice.
pub fn settled(pos: &Position) -> bool {
    if pos.in_check() {
        return false;
    }
    let mut moves = Vec::new();
    pos.tactical_moves_into(&mut moves);
    moves.iter().all(|&m| {
        let promotes = matches!(m.kind, MoveKind::Promotion(_));
        let takes = m.kind == MoveKind::Normal && pos.piece_at(m.to).is_some();
        !(promotes || takes) || pos.see(m) <= 0
    })
}

/// A target for a position that another engine scored `cp` (centipawns
/// for White): its score's chance of winning, blended with the game's
/// `result` (`blend` the share of the score, 0 to 1). A searched score
/// says far more about one position than who won the game in the end.
pub fn blended(cp: i32, result: f32, blend: f32) -> f32 {
    let w = expected(cp.clamp(-4000, 4000) as f32, 1.0) as f32;
    blend * w + (1.0 - blend) * result
}

/// The expected result for White of a score, on the logistic curve with
/// scale `k`.
fn expected(score: f32, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * f64::from(score) / 400.0))
}

/// Mean squared error of the predictions of `w` (scale `k`).
pub fn error(samples: &[Sample], w: &Weights, k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let sum: f64 = samples
        .iter()
        .map(|s| (f64::from(s.result) - expected(s.features.score(w), k)).powi(2))
        .sum();
    sum / samples.len() as f64
}

/// The scale that fits `w` best (a scan from 0.1 to 3).
pub fn fit_scale(samples: &[Sample], w: &Weights) -> f64 {
    (1..=300)
        .map(|i| f64::from(i) / 100.0)
        .min_by(|a, b| error(samples, w, *a).total_cmp(&error(samples, w, *b)))
        .unwrap_or(1.0)
}

/// What tuning did.
#[derive(Clone, Debug)]
pub struct Tuned {
    /// The better weights.
    pub weights: Weights,
    /// The logistic scale, fitted to the starting weights and kept.
    pub scale: f64,
    /// Error with the starting weights.
    pub before: f64,
    /// Error with the tuned ones.
    pub after: f64,
    /// Rounds run.
    pub rounds: usize,
}

/// How far a weight may be pulled from its start before the data must
/// pay for it: the penalty is this times the squared distance in units of
/// [`UNIT`] (so that a few hundred games cannot fling weights about).
pub const PRIOR: f64 = 2e-4;
/// The unit of distance for the prior: material in pawns, the rest in
/// tens of centipawns.
const UNIT: [f32; 2] = [100.0, 10.0];

fn penalty(w: &Weights, start: &Weights, prior: f64) -> f64 {
    let mut p = 0.0;
    for i in 0..FEATURES {
        let unit = UNIT[usize::from(i >= 5)];
        for (a, b) in [(w.mg[i], start.mg[i]), (w.eg[i], start.eg[i])] {
            p += f64::from((a - b) / unit).powi(2);
        }
    }
    prior * p
}

/// Coordinate descent from `start`: each weight in turn moves by its step
/// up or down while that lowers the error plus the prior's penalty; steps
/// halve when a round finds nothing; at most `rounds` rounds. Material
/// (fixed when `material` is false) moves in steps of 5, the rest in
/// steps of 1. `prior`: the penalty's factor ([`PRIOR`] by default).
pub fn tune(
    samples: &[Sample],
    start: &Weights,
    rounds: usize,
    material: bool,
    prior: f64,
) -> Tuned {
    let scale = fit_scale(samples, start);
    let before = error(samples, start, scale);
    let mut w = start.clone();
    let mut best = before;
    let mut step = 1.0f32;
    let mut done = 0;
    for _ in 0..rounds {
        done += 1;
        let mut better = false;
        for i in 0..2 * FEATURES {
            let is_material = i % FEATURES < 5;
            if is_material && !material {
                continue;
            }
            let delta = if is_material { 5.0 * step } else { step };
            for sign in [1.0f32, -1.0] {
                let mut trial = w.clone();
                let slot = if i < FEATURES {
                    &mut trial.mg[i]
                } else {
                    &mut trial.eg[i - FEATURES]
                };
                *slot += sign * delta;
                let e = error(samples, &trial, scale) + penalty(&trial, start, prior);
                if e < best {
                    best = e;
                    w = trial;
                    better = true;
                    break;
                }
            }
        }
        if !better {
            if step < 0.1 {
                break;
            }
            step /= 2.0;
        }
    }
    let after = error(samples, &w, scale);
    Tuned {
        weights: w,
        scale,
        before,
        after,
        rounds: done,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::eval::WEIGHTS;
    use crate::chess::{fen, notation};

    #[test]
    fn tuning_learns_what_wins() {
        // Games in which the side with the bishop pair always won: tuning
        // lowers the error by valuing the bishops more.
        let mut all = Vec::new();
        for (text, result) in [
            ("2b1k3/pppppppp/8/8/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1", 1.0),
            ("2b1kb2/pppppppp/8/8/8/8/8/8/PPPPPPPP/2B1K3 w - - 0 1", 0.0),
        ] {
            let pos = fen::parse_standard(text).expect("fen");
            for _ in 0..20 {
                all.push(Sample {
                    features: features(&pos),
                    result,
                });
            }
        }
        let t = tune(&all, &WEIGHTS, 40, true, PRIOR);
        assert!(t.after < t.before, "{t:?}");
        let bishops = |w: &Weights| w.mg[2] + w.mg[23] + w.eg[2] + w.eg[23];
        assert!(bishops(&t.weights) > bishops(&WEIGHTS), "{t:?}");
    }

    #[test]
    fn unsettled_positions_are_left_out() {
        // White to move can take an undefended pawn: not settled; once
        // the pawn is defended, it is.
        let hanging = fen::parse_standard("4k3/8/8/8/3p4/8/8/8/8/3RK3 w - - 0 1").expect("fen");
        assert!(!settled(&hanging));
        let guarded = fen::parse_standard("4k3/8/8/2p5/3p4/8/8/8/8/3RK3 w - - 0 1").expect("fen");
        assert!(settled(&guarded));
        let check = fen::parse_standard("4k3/8/8/8/8/8/8/8/8/4R1K1 b - - 0 1").expect("fen");
        assert!(!settled(&check));
    }

    #[test]
    fn samples_leave_out_the_opening_checks_and_captures() {
        let start = fen::parse_standard("4k3/8/8/8/3p4/8/8/8/8/R3K3 w - - 0 1").expect("fen");
        // Ply 3 takes with check, ply 5 gives check: both left out; after
        // ply 2 the rook can take the pawn for nothing: left out too.
        let line = "a1a6 e10d10 a6d6 d10c10 d6c6 c10d9";
        let mut pos = start.clone();
        let moves: Vec<Move> = line
            .split_whitespace()
            .map(|m| {
                let mv = notation::parse_move(&pos, m).expect("move");
                pos.play_unchecked(mv);
                mv
            })
            .collect();
        assert_eq!(samples(&start, &moves, 0.5, 0).len(), 3);
        // The first two plies as an opening: one fewer.
        assert_eq!(samples(&start, &moves, 0.5, 2).len(), 2);
    }
}
