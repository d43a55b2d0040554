//! A small neural network that scores the classic 8×10 board: one hidden
//! layer over which piece stands on which cell, seen from each side.
//!
//! Inputs: for each of the two points of view (the side to move's and the
//! other's), one per piece kind, colour (own or enemy) and cell, the board
//! turned so that the viewer's pieces start at the bottom: 2 × 6 × 80 =
//! 960. Each view's active inputs add their weight rows into a
//! [`HIDDEN`]-wide accumulator; clipped to 0…1, the two accumulators (the
//! side to move's first) are weighed into one number: the score on the
//! logistic scale, 400 cp a factor of ten in the odds. Integers
//! throughout: rows ×[`QA`], output weights ×[`QB`]. A search keeps a
//! [`Stack`] of accumulators, one a ply, and brings the nearest up to date
//! by the few pieces that differ: two rows a view for a quiet move
//! instead of 32.
//!
//! The shipped weights (`net.bin` beside this file, added to the linear
//! terms) are trained by `minesweeper_cli train --unsettled --residual`
//! on Fairy-Stockfish's static evaluation of the positions of recorded
//! games and of positions a random move or two from them
//! (`benches/fairy/datagen.py`, then `evalgen.py`): exact labels of a
//! strong judgement, on the positions a search visits. The `EvalFile`
//! UCI option loads another to measure. Other board shapes keep the
//! linear evaluation. The net sees pieces only: never fog or mines.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{LazyLock, OnceLock};

use crate::chess::{Color, Position};

/// Files and ranks of the board the network knows.
pub const FILES: usize = 8;
/// Ranks of that board.
pub const RANKS: usize = 10;
/// Cells of that board.
pub const CELLS: usize = FILES * RANKS;
/// Inputs of one view: own and enemy, six kinds, every cell.
pub const INPUTS: usize = 2 * 6 * CELLS;
/// Width of each view's hidden layer.
pub const HIDDEN: usize = 128;
/// Scale of the input weights and biases (an activation of 1 is `QA`).
pub const QA: i32 = 255;
/// Scale of the output weights.
pub const QB: i32 = 64;
/// Centipawns per unit of the output: 400 / ln 10, so that the logistic
/// of the output is the expected result.
pub const CP_PER_UNIT: f32 = 173.717_79;

const MAGIC: &[u8; 8] = b"MSCNET01";
/// The header of a network trained on top of the linear evaluation.
const MAGIC_RESIDUAL: &[u8; 8] = b"MSCNETR1";

/// The network's weights, quantised.
pub struct Net {
    /// Each input's row of hidden weights (`INPUTS × HIDDEN`).
    pub w1: Vec<[i16; HIDDEN]>,
    /// The hidden biases.
    pub b1: [i16; HIDDEN],
    /// Output weights: the side to move's hidden units, then the other's.
    pub w2: [i16; 2 * HIDDEN],
    /// Output bias, in units of `QA × QB`.
    pub b2: i32,
    /// Whether its score is added to the linear evaluation's (it learnt
    /// what that misses) rather than standing alone.
    pub residual: bool,
}

/// The input of a piece (`white`: whether it is White's, `role` 1–6,
/// `cell` rank × 8 + file) in `view`'s view.
#[inline]
fn input(view: Color, white: bool, role: u8, cell: usize) -> usize {
    let own = (view == Color::White) == white;
    let cell = match view {
        Color::White => cell,
        Color::Black => (RANKS - 1 - cell / FILES) * FILES + cell % FILES,
    };
    usize::from(!own) * 6 * CELLS + usize::from(role - 1) * CELLS + cell
}

/// The active inputs of `pos` for the side to move's view and the
/// other's, or `None` when the board is not 8×10.
pub fn inputs(pos: &Position) -> Option<[Vec<u16>; 2]> {
    let mut out = [Vec::with_capacity(32), Vec::with_capacity(32)];
    each_input(pos, |us, them| {
        out[0].push(us as u16);
        out[1].push(them as u16);
    })?;
    Some(out)
}

/// Calls `visit` with each piece's input for the side to move's view and
/// the other's; `None` when the board is not 8×10.
#[inline]
fn each_input(pos: &Position, mut visit: impl FnMut(usize, usize)) -> Option<()> {
    if usize::from(pos.files()) != FILES || usize::from(pos.ranks()) != RANKS {
        return None;
    }
    let (_, by) = pos.bitboards()?;
    let us = pos.turn();
    for (side, kinds) in by.iter().enumerate() {
        for (k, &bb) in kinds.iter().enumerate() {
            let mut bits = bb;
            while bits != 0 {
                let cell = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let role = k as u8 + 1;
                let white = side == 0;
                visit(
                    input(us, white, role, cell),
                    input(us.opponent(), white, role, cell),
                );
            }
        }
    }
    Some(())
}

/// The hidden layer of a position in both colours' views (White's,
/// Black's), with the pieces it was summed from.
#[derive(Clone)]
struct Accumulator {
    acc: [[i16; HIDDEN]; 2],
    bits: [[u128; 6]; 2],
}

/// Most pieces added or taken away for which an accumulator is brought
/// up to date rather than summed anew: a capture with promotion moves
/// three, a blast takes up to nine.
const MOST_CHANGES: u32 = 12;

/// One accumulator a ply, for a search: a position's hidden layer is the
/// one nearest it (its parent's, or the last one at its own ply: a
/// sibling) brought up to date by the pieces that differ, instead of the
/// sum of all 32 rows twice. Found by comparing the boards, so any
/// position gives its true score whatever was evaluated before. A stack
/// holds one network's sums: a search makes its own, for the network
/// active when it starts.
pub struct Stack {
    plies: Vec<Option<Accumulator>>,
}

impl Default for Stack {
    fn default() -> Stack {
        Stack::new(crate::ai::MAX_PLY + 1)
    }
}

impl Stack {
    /// A stack for `plies` plies (deeper ones share the last).
    pub fn new(plies: usize) -> Stack {
        Stack {
            plies: vec![None; plies.max(1)],
        }
    }

    /// `net`'s score of `pos`, at `ply` of the search, in centipawns for
    /// its side to move; `None` when the board is not 8×10.
    pub fn evaluate(&mut self, net: &Net, pos: &Position, ply: usize) -> Option<i32> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: this processor has AVX2: just asked (the answer is
            // cached after the first time).
            return unsafe { self.evaluate_avx2(net, pos, ply) };
        }
        self.evaluate_any(net, pos, ply)
    }

    /// [`Stack::evaluate`] for processors with AVX2 (most x86-64 since
    /// 2013): the network's 16-bit lanes sixteen at a time instead of the
    /// eight that the build's x86-64-v2 baseline allows.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn evaluate_avx2(&mut self, net: &Net, pos: &Position, ply: usize) -> Option<i32> {
        self.evaluate_any(net, pos, ply)
    }

    /// [`Stack::evaluate`], compiled into each caller for its processor.
    #[inline(always)]
    fn evaluate_any(&mut self, net: &Net, pos: &Position, ply: usize) -> Option<i32> {
        if usize::from(pos.files()) != FILES || usize::from(pos.ranks()) != RANKS {
            return None;
        }
        let (_, bits) = pos.bitboards()?;
        let ply = ply.min(self.plies.len() - 1);
        let changes = |a: &Option<Accumulator>| {
            a.as_ref().map_or(u32::MAX, |a| {
                let pairs = a.bits.iter().flatten().zip(bits.iter().flatten());
                pairs.map(|(x, y)| (x ^ y).count_ones()).sum()
            })
        };
        let here = changes(&self.plies[ply]);
        let above = if ply > 0 {
            changes(&self.plies[ply - 1])
        } else {
            u32::MAX
        };
        if above < here && above <= MOST_CHANGES {
            self.plies[ply] = self.plies[ply - 1].clone();
        } else if here > MOST_CHANGES {
            self.plies[ply] = Some(net.refresh(bits));
        }
        let a = self.plies[ply].as_mut()?;
        net.update(a, bits);
        Some(net.score(a, pos.turn()))
    }
}

impl Net {
    /// The score of `pos` for its side to move, in centipawns; `None`
    /// when the board is not 8×10.
    pub fn evaluate(&self, pos: &Position) -> Option<i32> {
        if usize::from(pos.files()) != FILES || usize::from(pos.ranks()) != RANKS {
            return None;
        }
        let (_, bits) = pos.bitboards()?;
        Some(self.score(&self.refresh(bits), pos.turn()))
    }

    /// The score of accumulator `a` for `turn`, in centipawns.
    #[inline(always)]
    fn score(&self, a: &Accumulator, turn: Color) -> i32 {
        let [white, black] = &a.acc;
        match turn {
            Color::White => self.output(white, black),
            Color::Black => self.output(black, white),
        }
    }

    /// The accumulators of the pieces `bits`, summed.
    #[inline(always)]
    fn refresh(&self, bits: &[[u128; 6]; 2]) -> Accumulator {
        let mut a = Accumulator {
            acc: [self.b1, self.b1],
            bits: [[0; 6]; 2],
        };
        self.update(&mut a, bits);
        a
    }

    /// Brings `a` to the pieces `bits`: the rows of those gone taken
    /// away, of those come added, in both views.
    #[inline(always)]
    fn update(&self, a: &mut Accumulator, bits: &[[u128; 6]; 2]) {
        for (side, (olds, news)) in a.bits.iter().zip(bits).enumerate() {
            for (k, (&old, &new)) in olds.iter().zip(news).enumerate() {
                let white = side == 0;
                let role = k as u8 + 1;
                for (mut set, sign) in [(old & !new, false), (new & !old, true)] {
                    while set != 0 {
                        let cell = set.trailing_zeros() as usize;
                        set &= set - 1;
                        for (view, acc) in [Color::White, Color::Black].into_iter().zip(&mut a.acc)
                        {
                            let row = &self.w1[input(view, white, role, cell)];
                            if sign {
                                add(acc, row);
                            } else {
                                sub(acc, row);
                            }
                        }
                    }
                }
            }
        }
        a.bits = *bits;
    }

    /// The score, in centipawns for the side to move, of the inputs
    /// [`inputs`] gives: the side to move's view, then the other's.
    pub fn evaluate_inputs(&self, us: &[u16], them: &[u16]) -> i32 {
        let mut acc = [self.b1, self.b1];
        for (acc, view) in acc.iter_mut().zip([us, them]) {
            for &i in view {
                if let Some(row) = self.w1.get(usize::from(i)) {
                    add(acc, row);
                }
            }
        }
        self.output(&acc[0], &acc[1])
    }

    /// The score from the side to move's accumulator and the other's.
    #[inline(always)]
    fn output(&self, us: &[i16; HIDDEN], them: &[i16; HIDDEN]) -> i32 {
        let (first, second) = self.w2.split_at(HIDDEN);
        let sum = self.b2 + dot(us, first) + dot(them, second);
        let units = sum as f32 / (QA * QB) as f32;
        (units * CP_PER_UNIT).round() as i32
    }

    /// Reads a network written by [`Net::to_bytes`].
    ///
    /// # Errors
    /// [`NetError::NoHeader`] or [`NetError::Size`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, NetError> {
        let residual = bytes.starts_with(MAGIC_RESIDUAL);
        let body = bytes
            .strip_prefix(MAGIC.as_slice())
            .or_else(|| bytes.strip_prefix(MAGIC_RESIDUAL.as_slice()))
            .ok_or(NetError::NoHeader)?;
        let want = 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN) + 4;
        if body.len() != want {
            return Err(NetError::Size {
                found: body.len(),
                want,
            });
        }
        let mut words = body
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]));
        let mut next = || words.next().unwrap_or(0);
        let w1 = (0..INPUTS)
            .map(|_| std::array::from_fn(|_| next()))
            .collect();
        let b1 = std::array::from_fn(|_| next());
        let w2 = std::array::from_fn(|_| next());
        let tail = &body[body.len() - 4..];
        let b2 = i32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
        Ok(Net {
            w1,
            b1,
            w2,
            b2,
            residual,
        })
    }

    /// The file format: the header, then every weight little-endian.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = if self.residual { MAGIC_RESIDUAL } else { MAGIC }.to_vec();
        let rows = self.w1.iter().flatten();
        for w in rows.chain(&self.b1).chain(&self.w2) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out.extend_from_slice(&self.b2.to_le_bytes());
        out
    }
}

#[inline(always)]
fn add(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, r) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(*r);
    }
}

#[inline(always)]
fn sub(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, r) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(*r);
    }
}

#[inline(always)]
fn dot(acc: &[i16; HIDDEN], w: &[i16]) -> i32 {
    acc.iter()
        .zip(w)
        .map(|(&a, &w)| i32::from(a.clamp(0, QA as i16)) * i32::from(w))
        .sum()
}

static EMBEDDED: LazyLock<Option<Net>> =
    LazyLock::new(|| Net::from_bytes(include_bytes!("net.bin")).ok());
static FROM_FILE: OnceLock<Net> = OnceLock::new();
static ENABLED: AtomicBool = AtomicBool::new(true);

/// The network the evaluation uses: one loaded by [`load`], else the
/// shipped one; `None` when turned off ([`set_enabled`]).
pub fn active() -> Option<&'static Net> {
    if !ENABLED.load(Ordering::Relaxed) {
        return None;
    }
    FROM_FILE.get().or(EMBEDDED.as_ref())
}

/// Turns the network on or off for the whole process (off: the linear
/// evaluation everywhere; for comparing the two).
pub fn set_enabled(on: bool) {
    ENABLED.store(on, Ordering::Relaxed);
}

/// Why a network file was refused.
#[derive(Debug)]
pub enum NetError {
    /// The bytes do not start with either header.
    NoHeader,
    /// The weights are not as many bytes as the network's shape needs.
    Size {
        /// Bytes after the header.
        found: usize,
        /// Bytes a [`HIDDEN`]-wide network has.
        want: usize,
    },
    /// The file could not be read.
    Read(std::io::Error),
    /// A network was loaded from a file before ([`load`] works once).
    Loaded,
}

impl std::fmt::Display for NetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetError::NoHeader => {
                f.write_str("not a network file (no MSCNET01 or MSCNETR1 header)")
            }
            NetError::Size { found, want } => write!(
                f,
                "{found} bytes of weights where a {HIDDEN}-wide network has {want}"
            ),
            NetError::Read(e) => e.fmt(f),
            NetError::Loaded => f.write_str("a network file is loaded already"),
        }
    }
}

impl std::error::Error for NetError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NetError::Read(e) => Some(e),
            _ => None,
        }
    }
}

/// A [`NetError`] with the file it came from.
#[derive(Debug)]
pub struct LoadError {
    /// The file as given.
    pub path: String,
    /// What is wrong with it.
    pub error: NetError,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path, self.error)
    }
}

impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl LoadError {
    fn at(path: &str) -> impl Fn(NetError) -> LoadError + '_ {
        move |error| LoadError {
            path: path.to_string(),
            error,
        }
    }
}

/// Reads the network in file `path`.
///
/// # Errors
/// The file cannot be read or is not a network.
pub fn read_file(path: &str) -> Result<Net, LoadError> {
    let bytes = std::fs::read(path).map_err(|e| LoadError::at(path)(NetError::Read(e)))?;
    Net::from_bytes(&bytes).map_err(LoadError::at(path))
}

/// Uses the network in file `path` from now on, for the whole process
/// (once: a second file needs a new process).
///
/// # Errors
/// The file cannot be read, is not a network, or one is loaded already.
pub fn load(path: &str) -> Result<(), LoadError> {
    let net = read_file(path)?;
    FROM_FILE
        .set(net)
        .map_err(|_| LoadError::at(path)(NetError::Loaded))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::fen;

    /// A network of made-up weights (a fixed seed): what the tests check
    /// holds for any weights.
    fn made_up() -> Net {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % 201) as i16 - 100
        };
        Net {
            w1: (0..INPUTS)
                .map(|_| std::array::from_fn(|_| next()))
                .collect(),
            b1: std::array::from_fn(|_| next() + 100),
            w2: std::array::from_fn(|_| next()),
            b2: 1234,
            residual: false,
        }
    }

    fn score(net: &Net, text: &str) -> i32 {
        let pos = fen::parse_standard(text).expect("fen");
        net.evaluate(&pos).expect("an 8×10 board")
    }

    /// The same position with the colours swapped and the board turned.
    fn flipped(text: &str) -> String {
        let f: Vec<&str> = text.split(' ').collect();
        let swap = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        };
        let ranks: Vec<&str> = f[0].split('/').rev().collect();
        let turn = if f[1] == "w" { "b" } else { "w" };
        let castle = if f[2] == "-" { "-".into() } else { swap(f[2]) };
        format!("{} {turn} {castle} - 0 1", swap(&ranks.join("/")))
    }

    #[test]
    fn both_colours_are_seen_alike() {
        let net = made_up();
        for text in [
            "r1bqk2r/pppp1ppp/2n2n2/4p3/1b6/8/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 5",
            "4k3/8/3p4/8/8/2N5/8/8/5PP1/6K1 b - - 0 1",
        ] {
            assert_eq!(score(&net, text), score(&net, &flipped(text)), "{text}");
        }
        // Who is to move matters: the views swap.
        let text = "4k3/8/3p4/8/8/2N5/8/8/5PP1/6K1 b - - 0 1";
        assert_ne!(score(&net, text), score(&net, &text.replace(" b ", " w ")));
    }

    #[test]
    fn the_shipped_network_loads_and_judges_like_a_player() {
        let net = EMBEDDED.as_ref().expect("net.bin is a network");
        assert!(net.residual, "shipped to add to the linear terms");
        // What the search gets: the linear terms and the network's part.
        let eval = |text: &str| {
            let pos = fen::parse_standard(text).expect("fen");
            assert_ne!(super::super::evaluate(&pos), super::super::linear(&pos));
            super::super::evaluate(&pos)
        };
        // A knight up is well ahead, for either side to move.
        let up = "r1bqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(eval(up) > 200, "{}", eval(up));
        assert!(eval(&up.replace(" w ", " b ")) < -200);
        // The start is about level, and the same seen from Black.
        let start = crate::ai::uci::START_FEN;
        assert!(eval(start).abs() < 60, "{}", eval(start));
        assert_eq!(eval(up), eval(&flipped(up)));
    }

    /// Every node of a small tree, visited as a search visits it (each
    /// child after its parent, siblings in turn, at their ply), scored
    /// by the stack as by the whole sum: quiet moves, captures,
    /// promotions with and without capture, castling both ways, and a
    /// jump to an unrelated board at the same ply. On a processor with
    /// AVX2 the stack runs its AVX2 build and the whole sum the baseline
    /// one: the two must agree to the centipawn.
    #[test]
    fn the_stack_scores_as_the_whole_sum_does() {
        let net = made_up();
        let mut stack = Stack::new(4);
        fn walk(net: &Net, stack: &mut Stack, pos: &Position, ply: usize, seen: &mut usize) {
            assert_eq!(
                stack.evaluate(net, pos, ply),
                net.evaluate(pos),
                "ply {ply}"
            );
            *seen += 1;
            if ply == 3 {
                return;
            }
            for m in pos.legal_moves().into_iter().step_by(3 - ply.min(2)) {
                let mut child = pos.clone();
                child.play_quietly(m);
                walk(net, stack, &child, ply + 1, seen);
            }
        }
        let mut seen = 0;
        for text in [
            crate::ai::uci::START_FEN,
            // Promotions on either side, captures onto them, castling.
            "r3k2r/1P4P1/8/8/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
            "r3k2r/1P4P1/8/8/8/8/8/8/1p4p1/R3K2R b KQkq - 0 1",
            "4k3/8/3p4/8/8/2N5/8/8/5PP1/6K1 b - - 0 1",
        ] {
            walk(
                &net,
                &mut stack,
                &fen::parse_standard(text).expect("fen"),
                0,
                &mut seen,
            );
        }
        assert!(seen > 2_000, "{seen} nodes");
        // Deeper than the stack: the last ply is shared.
        let start = fen::parse_standard(crate::ai::uci::START_FEN).expect("fen");
        assert_eq!(stack.evaluate(&net, &start, 40), net.evaluate(&start));
        let eight = fen::parse_standard("4k3/8/8/8/8/8/8/4K3 w - - 0 1").expect("8×8 fen");
        assert_eq!(stack.evaluate(&net, &eight, 1), None);
    }

    #[test]
    fn inputs_give_the_score_the_board_gives() {
        let net = made_up();
        let pos = fen::parse_standard(crate::ai::uci::START_FEN).expect("start");
        let [us, them] = inputs(&pos).expect("8×10");
        assert_eq!(us.len(), 32);
        assert_eq!(
            net.evaluate_inputs(&us, &them),
            score(&net, crate::ai::uci::START_FEN)
        );
    }

    #[test]
    fn other_boards_and_broken_files_are_refused() {
        let net = made_up();
        let eight = fen::parse_standard("4k3/8/8/8/8/8/8/4K3 w - - 0 1").expect("8×8 fen");
        assert_eq!(net.evaluate(&eight), None);
        let bytes = net.to_bytes();
        let back = Net::from_bytes(&bytes).expect("read back");
        assert_eq!(back.to_bytes(), bytes, "written as read");
        let no_header = Net::from_bytes(b"hello").err();
        assert!(
            matches!(no_header, Some(NetError::NoHeader)),
            "{no_header:?}"
        );
        let short = Net::from_bytes(&bytes[..bytes.len() - 2]).err();
        assert!(
            short
                .as_ref()
                .is_some_and(|e| e.to_string().contains("bytes of weights")),
            "{short:?}"
        );
    }
}
