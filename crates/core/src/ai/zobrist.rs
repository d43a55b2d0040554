//! Zobrist keys for the transposition table.

use crate::rng::GameRng;
use rand::{Rng, SeedableRng};

use super::CELLS;
use crate::chess::{Move, MoveKind, Position, Square, SquareSet};

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
    pub(super) black: u64,
    /// Fogged cells a line of the search has already stepped on (their odds
    /// no longer apply along it).
    pub(super) cleared: Vec<u64>,
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
        let cleared = (0..CELLS).map(|_| rng.random::<u64>()).collect();
        Zobrist {
            piece,
            fog,
            mine,
            swept,
            unseen,
            castling,
            black,
            cleared,
        }
    }

    #[inline]
    fn piece_key(&self, cell: usize, code: u8) -> u64 {
        if code == 0 || code & 0x80 != 0 {
            return 0;
        }
        self.piece[cell * 12 + usize::from(code >> 3 & 1) * 6 + usize::from(code & 7) - 1]
    }

    fn set_key(table: &[u64], a: &SquareSet, b: &SquareSet) -> u64 {
        let mut k = 0;
        for sq in a.difference(b).iter().chain(b.difference(a).iter()) {
            k ^= table[sq.index()];
        }
        k
    }

    /// The key of `after`, which `m` made of `before` (whose key is `key`):
    /// only what the move changed is hashed again. Equal to
    /// [`Zobrist::key`] of `after` (tested).
    pub(super) fn after(&self, key: u64, before: &Position, after: &Position, m: Move) -> u64 {
        if matches!(m.kind, MoveKind::Castle(_)) {
            // King and rook move along the back rank, and nowhere else.
            let rank = m.from.rank();
            let cells = (0..before.files()).map(|f| Square::new(f, rank).index());
            return self.across_cells(key ^ self.black, before, after, cells);
        }
        self.across(
            key ^ self.black,
            before,
            after,
            [m.from.index(), m.to.index()],
        )
    }

    /// The key of `b`, given the key of `a` (with the same side to move),
    /// where their pieces differ at most on `cells`: a blast line's
    /// position beside the safe line's, say.
    pub(super) fn across<const N: usize>(
        &self,
        key: u64,
        a: &Position,
        b: &Position,
        cells: [usize; N],
    ) -> u64 {
        self.across_cells(key, a, b, cells)
    }

    /// [`Zobrist::across`], for any number of cells.
    fn across_cells(
        &self,
        key: u64,
        a: &Position,
        b: &Position,
        cells: impl IntoIterator<Item = usize>,
    ) -> u64 {
        let mut k = key;
        for cell in cells {
            k ^= self.piece_key(cell, a.code_at(cell)) ^ self.piece_key(cell, b.code_at(cell));
        }
        if a.castling() != b.castling() {
            k ^= self.castling[a.castling().0 as usize & 15]
                ^ self.castling[b.castling().0 as usize & 15];
        }
        if a.fog() != b.fog() {
            k ^= Self::set_key(&self.fog, a.fog(), b.fog());
        }
        if a.mines() != b.mines() {
            k ^= Self::set_key(&self.mine, a.mines(), b.mines());
        }
        if a.swept() != b.swept() {
            k ^= Self::set_key(&self.swept, a.swept(), b.swept());
        }
        if a.unseen() != b.unseen() {
            k ^= self.unseen[a.unseen() as usize] ^ self.unseen[b.unseen() as usize];
        }
        k
    }

    pub(super) fn key(&self, pos: &Position) -> u64 {
        let mut k = 0;
        for sq in pos.squares() {
            k ^= self.piece_key(sq.index(), pos.code_at(sq.index()));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Game, Variant, mines};
    use crate::rng::GameRng;
    use rand::seq::IndexedRandom;

    /// Random games with fog, sweeps, blasts, captures and castling: the
    /// key made move by move is the key computed afresh, for true
    /// positions and for public views alike.
    #[test]
    fn incremental_key_matches_full_key() {
        let z = Zobrist::new();
        let variant = Variant::classic();
        let mut castles = 0;
        for seed in 0..40u64 {
            let mut rng = GameRng::seed_from_u64(seed);
            let layout = mines::random_layout(&variant.fog_zone, 4, &mut rng);
            let Ok(game) = Game::new(&variant, layout) else {
                continue;
            };
            for mut pos in [
                game.position().clone(),
                game.position().public_view().position().clone(),
            ] {
                let mut key = z.key(&pos);
                for _ in 0..120 {
                    let moves = pos.legal_moves();
                    let Some(&m) = moves.choose(&mut rng) else {
                        break;
                    };
                    let mut next = pos.clone();
                    next.play_unchecked(m);
                    castles += usize::from(matches!(m.kind, MoveKind::Castle(_)));
                    key = z.after(key, &pos, &next, m);
                    assert_eq!(key, z.key(&next), "seed {seed}, after {m}");
                    pos = next;
                }
            }
        }
        assert!(castles > 0, "no castling in the random games");
    }
}
