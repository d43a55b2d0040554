//! Static exchange evaluation: what a capture wins once every piece that
//! attacks the landing cell has joined in, cheapest first. Judged on the
//! pieces alone, like legality: mines and fog play no part.

use super::*;

/// Values for the exchange, by role (pawn … king); the king's is large so
/// that it never takes into a defended cell.
const SEE_VALUE: [i32; 7] = [0, 100, 310, 330, 500, 950, 20_000];

fn value_of(code: u8) -> i32 {
    SEE_VALUE[(code & 7) as usize]
}

/// The cheapest piece of colour bits `side` attacking `s` on `board`.
fn least_attacker(board: &[u8; CELLS], s: i16, side: u8) -> Option<i16> {
    let at = |i: i16| board[i as usize];
    let pawn_from = if side == 0 { -N } else { N };
    for f in [pawn_from + E, pawn_from - E] {
        if at(s + f) == side | Role::Pawn as u8 {
            return Some(s + f);
        }
    }
    for &d in &KNIGHT_DIRS {
        if at(s + d) == side | Role::Knight as u8 {
            return Some(s + d);
        }
    }
    // The first piece along each ray, then the cheapest slider among them.
    let mut best: Option<(i32, i16)> = None;
    for (dirs, role) in [(&BISHOP_DIRS, Role::Bishop), (&ROOK_DIRS, Role::Rook)] {
        for &d in dirs {
            let mut t = s + d;
            while at(t) == EMPTY {
                t += d;
            }
            let c = at(t);
            if c != OFF && (c == side | role as u8 || c == side | Role::Queen as u8) {
                let v = value_of(c);
                if best.is_none_or(|(b, _)| v < b) {
                    best = Some((v, t));
                }
            }
        }
    }
    if let Some((_, t)) = best {
        return Some(t);
    }
    KING_DIRS
        .iter()
        .map(|&d| s + d)
        .find(|&t| at(t) == side | Role::King as u8)
}

impl Position {
    /// What the side to move wins in material by `m` when both sides then
    /// take back on its landing cell as long as it pays, in centipawns
    /// (negative: the move loses material). Quiet moves score what the
    /// piece risks there.
    pub fn see(&self, m: Move) -> i32 {
        if !matches!(m.kind, MoveKind::Normal | MoveKind::Promotion(_)) {
            return 0;
        }
        let mut board = self.board;
        let to = m.to.0 as i16;
        let mover = board[m.from.index()];
        let mut on_square = match m.kind {
            MoveKind::Promotion(r) => (mover & COLOR_BIT) | r as u8,
            _ => mover,
        };
        let mut gain = [0i32; 40];
        gain[0] = value_of(board[to as usize]);
        if let MoveKind::Promotion(r) = m.kind {
            gain[0] += SEE_VALUE[r as usize] - SEE_VALUE[Role::Pawn as usize];
        }
        board[m.from.index()] = EMPTY;
        board[to as usize] = on_square;
        let mut side = (mover & COLOR_BIT) ^ COLOR_BIT;
        let mut d = 0;
        while d + 1 < gain.len() {
            let Some(from) = least_attacker(&board, to, side) else {
                break;
            };
            d += 1;
            gain[d] = value_of(on_square) - gain[d - 1];
            on_square = board[from as usize];
            board[from as usize] = EMPTY;
            board[to as usize] = on_square;
            side ^= COLOR_BIT;
        }
        while d > 0 {
            gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
            d -= 1;
        }
        gain[0]
    }
}

#[cfg(test)]
mod tests {
    use crate::chess::{RuleSet, fen, notation};

    fn see(fen_text: &str, mv: &str) -> i32 {
        let pos = fen::parse(fen_text, RuleSet::standard(8, 10)).expect("fen");
        let m = notation::parse_move(&pos, mv).expect("move");
        pos.see(m)
    }

    #[test]
    fn exchanges_count_every_recapture() {
        // A free pawn.
        assert_eq!(see("4k3/8/8/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), 100);
        // A pawn defended by a pawn: the rook is lost for it.
        assert_eq!(see("4k3/8/8/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), -400);
        // Knight takes a knight a pawn defends: even.
        assert_eq!(see("4k3/8/8/2p5/3n4/8/4N3/8/8/4K3 w - - 0 1", "e4d6"), 0);
        // Doubled rooks win a pawn defended by one rook (x-ray behind).
        assert_eq!(see("3rk3/8/8/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
    }
}
