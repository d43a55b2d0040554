//! `train`: fits the evaluation's network (`crates/core/src/ai/eval/net.rs`)
//! to positions another engine scored (`GAME RESULT CP FEN` lines, as
//! `benches/fairy/datagen.py` and `label.py` write them). Settled positions
//! only (as `tune`); every twentieth game is held out. The target is the
//! score's expected result blended with the game's; the loss the squared
//! error of the network's expected result; Adam over mini-batches on two
//! threads. Each piece's input also feeds a row shared by every cell of its
//! kind and colour, folded into the cells' rows when the network is
//! written. Writes the quantised network and prints the held-out error of
//! the linear evaluation and of the network (the written one, read back).

use minesweeper_core::ai::eval::linear;
use minesweeper_core::ai::eval::net::{self, CELLS, CP_PER_UNIT, HIDDEN, INPUTS, Net, QA, QB};
use minesweeper_core::ai::tune::{blended, settled};
use minesweeper_core::chess::Color;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::error::{FileError, LineError};
use crate::flags::FlagError;
use crate::lines::{InputError, each_line};

/// Why `train` stopped.
#[derive(Debug)]
pub enum TrainError {
    /// A bad flag.
    Flag(FlagError),
    /// No `--out PATH`.
    NoOut,
    /// No input files.
    NoFiles,
    /// A file that cannot be read, or a line that is not a scored position.
    Input(InputError),
    /// The files hold no position to learn from.
    NoPositions,
    /// The network cannot be written.
    Write(FileError),
    /// The network written does not read back.
    ReadBack(net::LoadError),
}

impl std::fmt::Display for TrainError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TrainError::Flag(e) => e.fmt(f),
            TrainError::NoOut => f.write_str("train: --out PATH names the network file to write"),
            TrainError::NoFiles => f.write_str("train: give one or more files of scored positions"),
            TrainError::Input(e) => e.fmt(f),
            TrainError::NoPositions => f.write_str("train: no usable 8×10 positions in the files"),
            TrainError::Write(e) => e.fmt(f),
            TrainError::ReadBack(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for TrainError {}

impl From<FlagError> for TrainError {
    fn from(e: FlagError) -> TrainError {
        TrainError::Flag(e)
    }
}

/// Most scored positions read from all files together.
const MAX_LINES: usize = 5_000_000;
/// Most pieces a position may have to be learnt from.
const MAX_PIECES: usize = 32;
/// Shared rows, one for each kind and colour of piece whatever its cell:
/// every position teaches them, and each cell's own row learns only how
/// that cell differs (folded into the cells' rows when written).
const FACTORS: usize = INPUTS / CELLS;

/// The shared row of input `i`.
fn factor(i: u16) -> usize {
    INPUTS + usize::from(i) / CELLS
}

/// Largest first-layer weight: with its shared row, 32 pieces of it stay
/// within an `i16`.
const W1_CLIP: f32 = 0.99;

/// A position's active inputs (both views) and its target.
struct Sample {
    inputs: [[u16; MAX_PIECES]; 2],
    len: u8,
    target: f32,
    /// The linear evaluation's score, for the comparison.
    linear: i32,
    /// What the output starts from: 0, or (residual) the linear score.
    base: f32,
}

/// The float network being trained.
#[derive(Clone)]
struct Params {
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
}

impl Params {
    fn zero() -> Params {
        Params {
            w1: vec![0.0; (INPUTS + FACTORS) * HIDDEN],
            b1: vec![0.0; HIDDEN],
            w2: vec![0.0; 2 * HIDDEN],
            b2: 0.0,
        }
    }

    /// Random shared rows and output weights; the cells' own rows start
    /// at zero, so that a cell the data seldom shows keeps the shared
    /// row's judgement instead of noise the search would seek out.
    fn random(rng: &mut SmallRng) -> Params {
        let mut p = Params::zero();
        p.w1[INPUTS * HIDDEN..]
            .iter_mut()
            .for_each(|w| *w = rng.random_range(-0.1..0.1));
        p.b1.iter_mut().for_each(|b| *b = 0.5);
        p.w2.iter_mut()
            .for_each(|w| *w = rng.random_range(-0.06..0.06));
        p
    }

    /// The accumulators of both views.
    fn hidden(&self, s: &Sample) -> [[f32; HIDDEN]; 2] {
        let mut acc = [[0.0; HIDDEN]; 2];
        for (v, acc) in acc.iter_mut().enumerate() {
            acc.copy_from_slice(&self.b1);
            for &i in &s.inputs[v][..s.len as usize] {
                for r in [usize::from(i), factor(i)] {
                    let row = &self.w1[r * HIDDEN..][..HIDDEN];
                    acc.iter_mut().zip(row).for_each(|(a, w)| *a += w);
                }
            }
        }
        acc
    }

    fn output(&self, acc: &[[f32; HIDDEN]; 2], base: f32) -> f32 {
        let mut y = self.b2 + base;
        for (v, acc) in acc.iter().enumerate() {
            let w = &self.w2[v * HIDDEN..][..HIDDEN];
            y += acc
                .iter()
                .zip(w)
                .map(|(a, w)| a.clamp(0.0, 1.0) * w)
                .sum::<f32>();
        }
        y
    }

    /// Adds the squared error's gradient for `s` into `g`; returns the error.
    fn backward(&self, s: &Sample, g: &mut Params) -> f32 {
        let acc = self.hidden(s);
        let p = sigmoid(self.output(&acc, s.base));
        let dy = 2.0 * (p - s.target) * p * (1.0 - p);
        g.b2 += dy;
        for (v, acc) in acc.iter().enumerate() {
            let mut dh = [0.0f32; HIDDEN];
            for j in 0..HIDDEN {
                let a = acc[j];
                g.w2[v * HIDDEN + j] += dy * a.clamp(0.0, 1.0);
                if a > 0.0 && a < 1.0 {
                    dh[j] = dy * self.w2[v * HIDDEN + j];
                }
            }
            g.b1.iter_mut().zip(&dh).for_each(|(b, d)| *b += d);
            for &i in &s.inputs[v][..s.len as usize] {
                for r in [usize::from(i), factor(i)] {
                    let row = &mut g.w1[r * HIDDEN..][..HIDDEN];
                    row.iter_mut().zip(&dh).for_each(|(w, d)| *w += d);
                }
            }
        }
        (p - s.target).powi(2)
    }

    fn add(&mut self, o: &Params) {
        let pairs = [
            (&mut self.w1, &o.w1),
            (&mut self.b1, &o.b1),
            (&mut self.w2, &o.w2),
        ];
        for (a, b) in pairs {
            a.iter_mut().zip(b.iter()).for_each(|(a, b)| *a += b);
        }
        self.b2 += o.b2;
    }

    fn quantise(&self, residual: bool) -> Net {
        let q = |x: f32, s: i32| (x * s as f32).round().clamp(-32767.0, 32767.0) as i16;
        Net {
            w1: (0..INPUTS)
                .map(|i| {
                    let f = factor(i as u16) * HIDDEN;
                    std::array::from_fn(|j| q(self.w1[i * HIDDEN + j] + self.w1[f + j], QA))
                })
                .collect(),
            b1: std::array::from_fn(|j| q(self.b1[j], QA)),
            w2: std::array::from_fn(|j| q(self.w2[j], QB)),
            b2: (self.b2 * (QA * QB) as f32).round() as i32,
            residual,
        }
    }
}

fn sigmoid(y: f32) -> f32 {
    1.0 / (1.0 + (-y).exp())
}

/// Adam's moments of every weight.
struct Adam {
    m: Params,
    v: Params,
    t: i32,
}

impl Adam {
    fn step(&mut self, p: &mut Params, g: &Params, lr: f32, decay: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        let update = |w: &mut f32, g: f32, m: &mut f32, v: &mut f32, clip: f32| {
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            *w -= lr * ((*m / c1) / ((*v / c2).sqrt() + 1e-8) + decay * *w);
            *w = w.clamp(-clip, clip);
        };
        let layers = [
            (&mut p.w1, &g.w1, &mut self.m.w1, &mut self.v.w1, W1_CLIP),
            (&mut p.b1, &g.b1, &mut self.m.b1, &mut self.v.b1, W1_CLIP),
            (&mut p.w2, &g.w2, &mut self.m.w2, &mut self.v.w2, 500.0),
        ];
        for (w, g, m, v, clip) in layers {
            for i in 0..w.len() {
                update(&mut w[i], g[i], &mut m[i], &mut v[i], clip);
            }
        }
        update(&mut p.b2, g.b2, &mut self.m.b2, &mut self.v.b2, 500.0);
    }
}

/// One scored line's sample and game number, or `None` for a position not
/// learnt from (not settled unless `all`, in check, not 8×10, too many
/// pieces).
fn parse_line(
    line: &str,
    blend: f32,
    residual: bool,
    all: bool,
) -> Result<Option<(usize, Sample)>, LineError> {
    let mut words = line.split_whitespace();
    let game = words
        .next()
        .and_then(|w| w.parse::<usize>().ok())
        .ok_or(LineError::NoGame)?;
    let result: f32 = match words.next() {
        Some("1-0" | "1") => 1.0,
        Some("0-1" | "0") => 0.0,
        Some("1/2-1/2" | "0.5") => 0.5,
        other => return Err(LineError::Result(other.map(str::to_string))),
    };
    let cp = words
        .next()
        .and_then(|w| w.parse::<i32>().ok())
        .ok_or(LineError::NoScore)?;
    let pos = LineError::fen(&words.collect::<Vec<_>>().join(" "))?;
    // A searched score of a position with a capture pending is the
    // capture's; a static one (`all`) is the position's own.
    if pos.in_check() || !(all || settled(&pos)) {
        return Ok(None);
    }
    let Some(views) = net::inputs(&pos) else {
        return Ok(None);
    };
    if views[0].len() > MAX_PIECES {
        return Ok(None);
    }
    let mut inputs = [[0u16; MAX_PIECES]; 2];
    for (dst, src) in inputs.iter_mut().zip(&views) {
        dst[..src.len()].copy_from_slice(src);
    }
    // The target from the side to move's point of view, as the net sees.
    let (cp, result) = match pos.turn() {
        Color::White => (cp, result),
        Color::Black => (-cp, 1.0 - result),
    };
    let linear = linear(&pos);
    let sample = Sample {
        inputs,
        len: views[0].len() as u8,
        target: blended(cp, result, blend),
        linear,
        base: if residual {
            linear as f32 / CP_PER_UNIT
        } else {
            0.0
        },
    };
    Ok(Some((game, sample)))
}

/// `s` with the board turned left to right (file a to h): the same
/// target, as chess barely cares which wing is which (castling aside).
fn mirrored(s: &Sample) -> Sample {
    let mut inputs = s.inputs;
    for view in &mut inputs {
        // An input's file is its number mod 8 (every block is 80 cells).
        view.iter_mut().for_each(|i| *i = *i - 2 * (*i % 8) + 7);
    }
    Sample { inputs, ..*s }
}

/// Mean squared error of a scorer (centipawns for the side to move).
fn error(samples: &[Sample], score: impl Fn(&Sample) -> f32) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| f64::from((sigmoid(score(s)) - s.target).powi(2)))
        .sum();
    sum / samples.len().max(1) as f64
}

/// The gradient of one batch, worked out on two threads.
fn batch_gradient(p: &Params, batch: &[&Sample]) -> (Params, f32) {
    let half = batch.len().div_ceil(2);
    let parts: Vec<(Params, f32)> = std::thread::scope(|s| {
        let handles: Vec<_> = batch
            .chunks(half.max(1))
            .map(|chunk| {
                s.spawn(move || {
                    let mut g = Params::zero();
                    let loss = chunk.iter().map(|x| p.backward(x, &mut g)).sum();
                    (g, loss)
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    let mut total = Params::zero();
    let mut loss = 0.0;
    for (g, l) in &parts {
        total.add(g);
        loss += l;
    }
    let n = batch.len().max(1) as f32;
    for w in total
        .w1
        .iter_mut()
        .chain(&mut total.b1)
        .chain(&mut total.w2)
    {
        *w /= n;
    }
    total.b2 /= n;
    (total, loss / n)
}

/// `train`'s flags and files.
struct Options {
    files: Vec<String>,
    out_path: String,
    epochs: usize,
    batch: usize,
    /// Learning rate, in millionths.
    lr_micro: u32,
    /// Share of the game's result in the target, per cent.
    blend_pct: u32,
    seed: u64,
    residual: bool,
    mirror: bool,
    unsettled: bool,
    /// Weight decay, in thousandths.
    decay_milli: u32,
}

/// Reads `train`'s flags.
fn parse(args: &[String]) -> Result<Options, TrainError> {
    let mut files = Vec::new();
    let mut out_path = None;
    let mut o = Options {
        files: Vec::new(),
        out_path: String::new(),
        epochs: 30,
        batch: 4096,
        lr_micro: 1000,
        blend_pct: 75,
        seed: 1,
        residual: false,
        mirror: false,
        unsettled: false,
        decay_milli: 0,
    };
    let mut f = crate::flags::Flags::new("train", args);
    while let Some(a) = f.next_flag() {
        match a {
            "--out" => out_path = Some(f.value(a)?.to_string()),
            "--epochs" => o.epochs = f.number(a, 1, 1000)?,
            "--batch" => o.batch = f.number(a, 16, 1 << 20)?,
            "--lr" => o.lr_micro = f.number(a, 1, 100_000)?,
            "--blend" => o.blend_pct = f.number(a, 0, 100)?,
            "--seed" => o.seed = f.number(a, 0, u64::MAX)?,
            "--decay" => o.decay_milli = f.number(a, 0, 100_000)?,
            "--residual" => o.residual = true,
            "--mirror" => o.mirror = true,
            "--unsettled" => o.unsettled = true,
            other if other.starts_with("--") => return Err(f.unknown(other).into()),
            file => files.push(file.to_string()),
        }
    }
    o.out_path = out_path.ok_or(TrainError::NoOut)?;
    if files.is_empty() {
        return Err(TrainError::NoFiles);
    }
    o.files = files;
    Ok(o)
}

/// The samples to learn from and those held out (every twentieth game),
/// and the number of lines read.
fn read_samples(o: &Options) -> Result<(Vec<Sample>, Vec<Sample>, usize), TrainError> {
    let blend = o.blend_pct as f32 / 100.0;
    let (mut all, mut held) = (Vec::new(), Vec::new());
    let lines = each_line(&o.files, MAX_LINES, |_, line| {
        match parse_line(line, blend, o.residual, o.unsettled)? {
            Some((game, s)) if game % 20 == 0 => held.push(s),
            Some((_, s)) => {
                if o.mirror {
                    all.push(mirrored(&s));
                }
                all.push(s);
            }
            None => {}
        }
        Ok(())
    })
    .map_err(TrainError::Input)?;
    Ok((all, held, lines))
}

/// Trains a network on `all`, adding each epoch's errors to `report`
/// (and to standard error, to watch).
fn fit(o: &Options, all: &[Sample], held: &[Sample], report: &mut String) -> Params {
    let decay = o.decay_milli as f32 / 1000.0;
    let mut rng = SmallRng::seed_from_u64(o.seed);
    let mut p = Params::random(&mut rng);
    let mut adam = Adam {
        m: Params::zero(),
        v: Params::zero(),
        t: 0,
    };
    let mut order: Vec<usize> = (0..all.len()).collect();
    for epoch in 0..o.epochs {
        // Step decay: a tenth of the rate for the last fifth.
        let lr = o.lr_micro as f32 / 1e6 * if epoch * 5 >= o.epochs * 4 { 0.1 } else { 1.0 };
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let mut loss = 0.0;
        let mut batches = 0;
        for chunk in order.chunks(o.batch) {
            let samples: Vec<&Sample> = chunk.iter().map(|&i| &all[i]).collect();
            let (g, l) = batch_gradient(&p, &samples);
            adam.step(&mut p, &g, lr, decay);
            loss += l;
            batches += 1;
        }
        let held_err = error(held, |s| p.output(&p.hidden(s), s.base));
        let line = format!(
            "epoch {:>3}: train {:.5}  held out {held_err:.5}\n",
            epoch + 1,
            loss / batches as f32
        );
        eprint!("{line}");
        report.push_str(&line);
    }
    p
}

/// Runs `train FILE... --out PATH [--epochs N] [--batch N] [--lr MICRO]
/// [--blend PCT] [--seed N] [--residual] [--mirror] [--unsettled]`:
/// `--residual` learns on top of the linear evaluation, `--mirror` adds
/// each position turned left to right, `--unsettled` keeps positions with
/// a winning capture (for static scores, evalgen.py's).
///
/// # Errors
/// A file that cannot be read or a line that is not a scored position
/// (with file and line number), or a bad flag.
pub fn run(args: &[String]) -> Result<String, TrainError> {
    let o = parse(args)?;
    let (all, held, lines) = read_samples(&o)?;
    if all.is_empty() {
        return Err(TrainError::NoPositions);
    }
    let mut report = format!(
        "{lines} lines, {} positions to learn from, {} held out\n",
        all.len(),
        held.len()
    );
    let p = fit(&o, &all, &held, &mut report);
    let out_path = &o.out_path;
    let q = p.quantise(o.residual);
    std::fs::write(out_path, q.to_bytes())
        .map_err(|e| TrainError::Write(FileError::at(out_path)(e)))?;
    // Read back as the engine will read it.
    let back = net::read_file(out_path).map_err(TrainError::ReadBack)?;
    let quantised = |s: &Sample| {
        let n = s.len as usize;
        back.evaluate_inputs(&s.inputs[0][..n], &s.inputs[1][..n]) as f32 / CP_PER_UNIT + s.base
    };
    report.push_str(&format!(
        "held out, error: linear evaluation {:.5}, network {:.5} (as written {:.5})\nwrote {out_path}\n",
        error(&held, |s| s.linear as f32 / CP_PER_UNIT),
        error(&held, |s| p.output(&p.hidden(s), s.base)),
        error(&held, quantised),
    ));
    Ok(report)
}
