//! Perft: counting the leaf nodes of the legal-move tree, the standard check
//! of a move generator against other engines.

use super::position::{Move, Position};

/// Number of leaf nodes `depth` plies below `pos`. Sapper moves are counted
/// when the position's rules allow them (switch them off in the rules to
/// compare with engines that do not know them).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut lists: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(128)).collect();
    perft_with(pos, depth, &mut lists)
}

fn perft_with(pos: &Position, depth: u32, lists: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    pos.legal_moves_into(list);
    if depth == 1 {
        // Bulk counting: the moves themselves are the leaves.
        return list.len() as u64;
    }
    let mut total = 0;
    for &m in list.iter() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        total += perft_with(&child, depth - 1, rest);
    }
    total
}

/// Perft split by first move: `(move, nodes)` in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (m, perft(&child, depth - 1))
        })
        .collect()
}
