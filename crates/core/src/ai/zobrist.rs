//! Zobrist keys for the transposition table.

use crate::rng::GameRng;
use rand::{Rng, SeedableRng};

use super::CELLS;
use crate::chess::Position;

/// Zobrist keys: one random number per (cell, piece), per fogged cell, per
/// swept cell, per discovered mine, per castling right set, per count of
/// unseen mines and for the side to move.
pub(super) struct Zobrist {
    piece: Vec<u64>,
    fog: Vec<u64>,
    mine: Vec<u64>,
    swept: Vec<u64>,
    unseen: [u64; 256],
    castling: [u64; 16],
    black: u64,
}

impl Zobrist {
    pub(super) fn new() -> Zobrist {
        // Fixed seed: keys (and so searches) are the same in every run.
        let mut rng = GameRng::seed_from_u64(0x5eed_2026);
        let mut table = |n: usize| (0..n).map(|_| rng.random::<u64>()).collect::<Vec<_>>();
        let piece = table(CELLS * 12);
        let fog = table(CELLS);
        let mine = table(CELLS);
        let mut castling = [0; 16];
        for c in &mut castling {
            *c = rng.random();
        }
        let black = rng.random();
        // Drawn after the older tables so their keys (and searches) stay.
        let swept = (0..CELLS).map(|_| rng.random::<u64>()).collect();
        let mut unseen = [0; 256];
        for u in unseen.iter_mut().skip(1) {
            *u = rng.random();
        }
        Zobrist {
            piece,
            fog,
            mine,
            swept,
            unseen,
            castling,
            black,
        }
    }

    pub(super) fn key(&self, pos: &Position) -> u64 {
        let mut k = 0;
        for (sq, p) in pos.pieces() {
            k ^= self.piece[sq.index() * 12 + p.color.index() * 6 + p.role as usize - 1];
        }
        for sq in pos.fog().iter() {
            k ^= self.fog[sq.index()];
        }
        for sq in pos.mines().iter() {
            k ^= self.mine[sq.index()];
        }
        for sq in pos.swept().iter() {
            k ^= self.swept[sq.index()];
        }
        k ^= self.unseen[pos.unseen() as usize];
        k ^= self.castling[pos.castling().0 as usize & 15];
        if pos.turn() == crate::chess::Color::Black {
            k ^= self.black;
        }
        k
    }
}
