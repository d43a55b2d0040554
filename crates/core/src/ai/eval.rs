//! The evaluation: how good a position looks to the side to move, in
//! centipawns. Made for boards of any preset size: the terms are computed
//! from the board's shape (distance to the centre, ranks to promotion)
//! rather than read from 8×8 tables.
//!
//! It is linear in its weights: [`features`] counts what is on the board
//! (White's count minus Black's; threats and king danger come from each
//! side's attack maps, `threats.rs`), and each feature has a middle-game and
//! an end-game weight, blended by how much material is left (tapered).
//! The weights ([`WEIGHTS`]) are tuned by Texel's method (`tune`, over
//! positions from the match harness's games). It allocates nothing an
//! evaluation (the pawn table once a thread): on boards of at most 128
//! cells a loop per kind of piece over its bitboard counts (`board.rs`),
//! with each pawn structure's part kept in a table (`pawns.rs`); on
//! bigger ones one pass over the mailbox gathers the pieces and the pawns
//! of each file as rank bit masks (the same counts: a test checks).

use super::threats::{self, Attacks};
use crate::chess::bits::Tables;
use crate::chess::{Color, Position, Role, STRIDE};

mod board;
mod mailbox;
pub mod net;
mod pawns;
#[cfg(test)]
mod tests;
mod weights;

pub use weights::{FEATURES, Features, NAMES, VALUE, WEIGHTS, Weights, value};

const S: i16 = STRIDE;
const EMPTY: u8 = 0;
const OFF: u8 = 0x80;

/// Pawns of one colour, file by file (index file + 1, so that the files
/// beside the edge ones read as empty): a bit per rank.
type PawnFiles = [u32; 18];

/// What a look over both sides' pieces learns first.
struct Census {
    /// Each side's pawns by file (by the walk over the mailbox only: with
    /// bitboards they come from the pawn table).
    pawns: [PawnFiles; 2],
    /// Non-pawn, non-king material of both sides.
    heavy: i32,
    bishops: [i32; 2],
}

/// A board of at most 128 cells with its pieces as bitboards: the attack
/// tables' inputs.
struct Bits<'a> {
    t: &'static Tables,
    /// Each side's pieces by kind.
    by: &'a [[u128; 6]; 2],
    /// Each side's pieces, and both sides': gathered once an evaluation.
    sides: [u128; 2],
    occ: u128,
}

impl<'a> Bits<'a> {
    fn new(t: &'static Tables, by: &'a [[u128; 6]; 2]) -> Bits<'a> {
        let sides = by.map(|kinds| kinds.iter().fold(0, |all, b| all | b));
        Bits {
            t,
            by,
            sides,
            occ: sides[0] | sides[1],
        }
    }

    fn side(&self, us: Color) -> u128 {
        self.sides[us.index()]
    }
}

/// Calls `visit` with the mailbox index, file, rank and code of each of
/// `us`'s pieces, by a walk over the mailbox.
#[inline]
fn each_piece(pos: &Position, us: Color, mut visit: impl FnMut(usize, u8, u8, u8)) {
    for (w, &word) in pos.occupied(us).words().iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let i = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (f, r) = ((i % S as usize) as u8 - 1, (i / S as usize) as u8 - 2);
            visit(i, f, r, pos.code_at(i));
        }
    }
}

fn census(pos: &Position, board: Option<&Bits>) -> Census {
    let mut c = Census {
        pawns: [[0; 18]; 2],
        heavy: 0,
        bishops: [0; 2],
    };
    for us in Color::ALL {
        let side = us.index();
        if let Some(b) = board {
            // Counted by kind; the pawns' files come from their table.
            let by = &b.by[side];
            for (k, value) in VALUE.iter().enumerate().take(5).skip(1) {
                c.heavy += value * by[k].count_ones() as i32;
            }
            c.bishops[side] = by[Role::Bishop as usize - 1].count_ones() as i32;
            continue;
        }
        each_piece(pos, us, |_, f, r, code| {
            let role = code & 7;
            if role == Role::Pawn as u8 {
                c.pawns[side][f as usize + 1] |= 1 << r;
            } else if role != Role::King as u8 {
                c.heavy += VALUE[role as usize - 1];
                if role == Role::Bishop as u8 {
                    c.bishops[side] += 1;
                }
            }
        });
    }
    c
}

/// Most a network's score may say: well clear of the mate scores.
const NET_CAP: i32 = 5_000;

/// Material and position from `pos.turn()`'s point of view: by the
/// network on the 8×10 board ([`net`]), else by the linear terms.
pub fn evaluate(pos: &Position) -> i32 {
    with_net(pos, |n| n.evaluate(pos))
}

/// [`evaluate`] in a search: the network's hidden layer brought up to
/// date from `stack`'s nearby plies rather than summed anew.
pub fn evaluate_at(pos: &Position, stack: &mut net::Stack, ply: usize) -> i32 {
    with_net(pos, |n| stack.evaluate(n, pos, ply))
}

/// The active network's part (`net_part`, `None` off the 8×10 board),
/// on top of the linear terms where it was trained so; else the linear
/// terms alone.
fn with_net(pos: &Position, net_part: impl FnOnce(&net::Net) -> Option<i32>) -> i32 {
    if let Some(n) = net::active()
        && let Some(cp) = net_part(n)
    {
        let base = if n.residual { linear(pos) } else { 0 };
        return (base + cp).clamp(-NET_CAP, NET_CAP);
    }
    linear(pos)
}

/// The linear evaluation ([`WEIGHTS`]) from `pos.turn()`'s point of view.
pub fn linear(pos: &Position) -> i32 {
    let white = features(pos).score(&WEIGHTS).round() as i32;
    match pos.turn() {
        Color::White => white,
        Color::Black => -white,
    }
}

/// The features of `pos` (White minus Black).
pub fn features(pos: &Position) -> Features {
    features_with(pos, true)
}

/// [`features`], by the board's bitboards when it has them and `tables`
/// (else by walking the mailbox: the same counts, which a test checks).
fn features_with(pos: &Position, tables: bool) -> Features {
    let board = pos
        .bitboards()
        .filter(|_| tables)
        .map(|(t, by)| Bits::new(t, by));
    let board = board.as_ref();
    let c = census(pos, board);
    // Two rooks, two bishops, two knights and a queen a side.
    let full = 2 * (2 * 500 + 2 * 330 + 2 * 310 + 950);
    let phase = (1.0 - c.heavy as f32 / full as f32).clamp(0.0, 1.0);
    // Each side's counts, gathered in one walk over the pieces.
    let mut x = [[0i32; FEATURES]; 2];
    match board {
        Some(b) => pawns::with_structure(pos, b, |sides, structure| {
            board::counts(pos, b, sides, structure, &mut x)
        }),
        None => mailbox::counts(pos, &Side::pair(pos, &c.pawns, None), &mut x),
    }
    let mut counts = [0i32; FEATURES];
    for (side, x) in x.iter_mut().enumerate() {
        if c.bishops[side] >= 2 {
            x[23] = 1;
        }
    }
    for i in 0..FEATURES {
        counts[i] = x[0][i] - x[1][i];
    }
    counts[26] = if pos.turn() == Color::White { 1 } else { -1 };
    Features { counts, phase }
}

/// Each side's threats on the other, into its counts.
fn threat_counts<M: threats::Cells>(
    a: &[Attacks<M>; 2],
    to_move: usize,
    x: &mut [[i32; FEATURES]; 2],
) {
    for side in 0..2 {
        threats::count(&a[side], &a[1 - side], side == to_move, &mut x[side]);
    }
}

/// The cells next to a king and its own, as bits counted from the cell
/// below and left of it: mailbox offsets 0–2, S–S+2 and 2S–2S+2.
const RING: u64 = 0b111 | 0b111 << S | 0b111 << (2 * S);

/// What one side's features need to know, worked out once an evaluation.
struct Side<'a> {
    ours: u8,
    own: &'a PawnFiles,
    theirs: &'a PawnFiles,
    forward: i32,
    promo: i32,
    start: i32,
    back: i32,
    /// The mailbox index [`RING`] counts from: the enemy king's.
    ring: usize,
    /// The enemy king's ring, as a board (with tables).
    ring_bits: u128,
    /// Cells a piece does not count as a move to: ours, and those the
    /// enemy's pawns guard (with tables).
    barred: u128,
    /// The cells the enemy's pawns guard (with tables): the threats'
    /// pawn attacks too.
    guarded: u128,
    king_file: i32,
    king_rank: i32,
    /// Our own king's file and rank.
    own_king: (i32, i32),
    files: i32,
    ranks: i32,
}

impl Side<'_> {
    /// White's view and Black's, with the pawns by file `pawns`.
    fn pair<'a>(pos: &Position, pawns: &'a [PawnFiles; 2], board: Option<&Bits>) -> [Side<'a>; 2] {
        [
            Side::new(pos, Color::White, pawns, board),
            Side::new(pos, Color::Black, pawns, board),
        ]
    }

    fn new<'a>(
        pos: &Position,
        us: Color,
        pawns: &'a [PawnFiles; 2],
        board: Option<&Bits>,
    ) -> Side<'a> {
        let ranks = i32::from(pos.ranks());
        let white = us == Color::White;
        let king = board.and_then(|b| Some((b.t, b.t.cell_of(pos.king(!us).index())?)));
        let them = (!us).index();
        let guarded = board.map_or(0, |b| b.t.pawns(them, b.by[them][0]));
        Side {
            ring_bits: king.map_or(0, |(t, k)| t.ring(k)),
            barred: board.map_or(0, |b| b.side(us)) | guarded,
            guarded,
            ours: (us as u8) << 3,
            own: &pawns[us.index()],
            theirs: &pawns[(!us).index()],
            forward: if white { 1 } else { -1 },
            promo: i32::from(pos.rules().promotion_rank[us.index()]),
            start: if white { 1 } else { ranks - 2 },
            back: if white { 0 } else { ranks - 1 },
            ring: pos.king(!us).index() - S as usize - 1,
            king_file: i32::from(pos.king(!us).file()),
            king_rank: i32::from(pos.king(!us).rank()),
            own_king: (
                i32::from(pos.king(us).file()),
                i32::from(pos.king(us).rank()),
            ),
            files: i32::from(pos.files()),
            ranks,
        }
    }

    /// Whether the enemy king's ring may lie on a line through file `f`
    /// and rank `r`: along the file or rank, and along either diagonal.
    fn lines_near(&self, f: i32, r: i32) -> bool {
        (f - self.king_file).abs() <= 1 || (r - self.king_rank).abs() <= 1
    }

    /// As [`Side::lines_near`] for the diagonals.
    fn diagonals_near(&self, f: i32, r: i32) -> bool {
        ((f - r) - (self.king_file - self.king_rank)).abs() <= 2
            || ((f + r) - (self.king_file + self.king_rank)).abs() <= 2
    }

    /// Twice the distance of file `f` and rank `r` to the centre, in files
    /// plus ranks.
    #[inline]
    fn centre(&self, f: i32, r: i32) -> i32 {
        (2 * f - (self.files - 1)).abs() + (2 * r - (self.ranks - 1)).abs()
    }

    /// 1 for a minor piece on `f`, `r` in the enemy half that an own pawn
    /// guards and no enemy pawn can ever chase away.
    #[inline]
    fn outpost(&self, f: i32, r: i32) -> i32 {
        if 2 * (r - self.back).abs() < self.ranks {
            return 0;
        }
        let (file, behind) = (f as usize + 1, r - self.forward);
        let (own, theirs) = (self.own, self.theirs);
        let guarded =
            (0..32).contains(&behind) && (own[file - 1] | own[file + 1]) >> behind & 1 != 0;
        i32::from(guarded && (theirs[file - 1] | theirs[file + 1]) & ahead(r, self.forward) == 0)
    }

    /// 1 for a rook on rank `r` when it is the enemy pawns' first rank.
    #[inline]
    fn on_their_pawns_rank(&self, r: i32) -> i32 {
        i32::from((r - self.back).abs() == self.ranks - 2)
    }

    /// A rook's counts for its file `f`: without own pawns, or open.
    #[inline]
    fn rook_files(&self, f: i32, x: &mut [i32; FEATURES]) {
        let file = f as usize + 1;
        if self.own[file] == 0 {
            x[13] += 1;
            if self.theirs[file] == 0 {
                x[14] += 1;
            }
        }
    }

    /// A pawn's counts, on file `f` and rank `r`.
    #[inline]
    fn pawn(&self, f: i32, r: i32, x: &mut [i32; FEATURES]) {
        if self.pawn_shape(f, r, x) {
            self.race(f, r, x);
        }
    }

    /// The counts of a pawn on file `f` and rank `r` that depend on the
    /// pawns alone (features 15 to 20); whether it is passed.
    #[inline]
    fn pawn_shape(&self, f: i32, r: i32, x: &mut [i32; FEATURES]) -> bool {
        let (own, theirs, forward) = (self.own, self.theirs, self.forward);
        let file = f as usize + 1;
        x[15] += ((r - self.start) * forward).max(0);
        if (2 * f - (self.files - 1)).abs() < 2 {
            x[16] += 1;
        }
        if own[file].count_ones() > 1 {
            x[17] += 1;
        }
        if own[file - 1] == 0 && own[file + 1] == 0 {
            x[18] += 1;
        }
        let front = ahead(r, forward);
        if (theirs[file - 1] | theirs[file] | theirs[file + 1]) & front == 0 {
            let to_go = ((self.promo - r) * forward).max(1);
            let progress = (self.ranks - 1 - to_go).max(0);
            x[19] += 1;
            x[20] += progress * progress;
            return true;
        }
        false
    }

    /// The kings' race to the cell in front of a passed pawn on file `f`
    /// and rank `r`.
    #[inline]
    fn race(&self, f: i32, r: i32, x: &mut [i32; FEATURES]) {
        let stop = r + self.forward;
        let dist = |(kf, kr): (i32, i32)| (kf - f).abs().max((kr - stop).abs());
        x[36] += dist((self.king_file, self.king_rank)) - dist(self.own_king);
    }

    /// The king's counts, on file `f` and rank `r`.
    #[inline]
    fn king(&self, f: i32, r: i32, x: &mut [i32; FEATURES]) {
        // The file distance stops at the knight's file: a king on g1
        // is as tucked away as one on h1, so the step costs a tempo.
        let file_off = (2 * f - (self.files - 1))
            .abs()
            .min((self.files - 3).max(1));
        x[8] += file_off + (2 * r - (self.ranks - 1)).abs();
        x[21] += (r - self.back).abs();
        let near = ranks_ahead(r, self.forward, 2);
        let (own, file) = (self.own, f as usize + 1);
        x[22] += ((own[file - 1] & near).count_ones()
            + (own[file] & near).count_ones()
            + (own[file + 1] & near).count_ones()) as i32;
    }

    /// Whether an enemy pawn guards mailbox cell `i`.
    #[inline]
    fn pawn_guarded(&self, i: usize) -> bool {
        let (file, rank) = (i % S as usize, (i / S as usize) as i32 - 2 + self.forward);
        (0..32).contains(&rank) && (self.theirs[file - 1] | self.theirs[file + 1]) >> rank & 1 != 0
    }

    /// Whether mailbox cell `i` is the enemy king's or next to it.
    #[inline]
    fn near_king(&self, i: usize) -> i32 {
        let o = i.wrapping_sub(self.ring);
        i32::from(o < 64 && RING >> o & 1 != 0)
    }
}

/// Ranks strictly ahead of `r` for a side moving `forward`, as a mask.
fn ahead(r: i32, forward: i32) -> u32 {
    if forward > 0 {
        (!0u32).checked_shl(r as u32 + 1).unwrap_or(0)
    } else {
        (1u32 << r) - 1
    }
}

/// The `n` ranks just ahead of rank `r` for a side moving `forward`, as
/// a mask (those on the board's 32 bits).
fn ranks_ahead(r: i32, forward: i32, n: i32) -> u32 {
    (1..=n)
        .map(|dr| r + dr * forward)
        .filter(|rank| (0..32).contains(rank))
        .fold(0, |m, rank| m | 1 << rank)
}
