//! Attacks, legal moves, castling and why a move is refused: judged on the
//! pieces alone (Decision 1).

use super::*;

impl Position {
    // ---- attacks --------------------------------------------------------

    #[inline]
    pub(super) fn cell(&self, i: i16) -> u8 {
        self.board[i as usize]
    }

    /// For each mailbox king direction from `sq` (bit `i` for
    /// `KING_DIRS[i]`), whether one of `by`'s sliders that moves that way
    /// stands somewhere on the ray: a walk that way can find a check or a
    /// pin only then. All set on a board without tables.
    #[inline]
    fn slider_rays(&self, sq: Square, by: Color) -> u8 {
        let Some(t) = self.tables else {
            return u8::MAX;
        };
        let Some(c) = t.cell_of(sq.index()) else {
            return u8::MAX;
        };
        let b = &self.bits[by.index()];
        let queens = b[Role::Queen as usize - 1];
        let lines = b[Role::Rook as usize - 1] | queens;
        let diagonals = b[Role::Bishop as usize - 1] | queens;
        t.rays_holding(c, lines, diagonals)
    }

    /// Whether `by` attacks `sq`, treating `ignore` as an empty cell.
    pub(super) fn attacked_by(&self, sq: Square, by: Color, ignore: Option<Square>) -> bool {
        let s = sq.0 as i16;
        let side = (by as u8) << 3;
        let pawn = side | Role::Pawn as u8;
        let back = if by == Color::White { -N } else { N };
        if self.cell(s + back + E) == pawn || self.cell(s + back - E) == pawn {
            return true;
        }
        let knight = side | Role::Knight as u8;
        if KNIGHT_DIRS.iter().any(|&d| self.cell(s + d) == knight) {
            return true;
        }
        let king = side | Role::King as u8;
        if KING_DIRS.iter().any(|&d| self.cell(s + d) == king) {
            return true;
        }
        let queen = side | Role::Queen as u8;
        let ign = ignore.map_or(-1, |q| q.0 as i16);
        let rays = self.slider_rays(sq, by);
        if rays == 0 {
            return false;
        }
        for (g, (dirs, slider)) in [
            (&ROOK_DIRS, side | Role::Rook as u8),
            (&BISHOP_DIRS, side | Role::Bishop as u8),
        ]
        .into_iter()
        .enumerate()
        {
            for (j, &d) in dirs.iter().enumerate() {
                if rays >> (4 * g + j) & 1 == 0 {
                    continue;
                }
                let mut t = s + d;
                loop {
                    let c = self.cell(t);
                    if c == EMPTY || t == ign {
                        t += d;
                        continue;
                    }
                    if c == slider || c == queen {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    // ---- move generation ----------------------------------------------

    /// The legal moves, sapper actions included when the rules allow them.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(64);
        self.legal_moves_into(&mut v);
        v
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }

    /// Why `m` is not legal here. Judged on the pieces alone, so it never
    /// hints at a hidden mine.
    pub fn why_illegal(&self, m: Move) -> Refusal {
        if self.self_destructed.is_some() {
            return Refusal::GameOver;
        }
        let Some(p) = self.piece_at(m.from) else {
            return Refusal::NoPiece(m.from);
        };
        if p.color != self.turn {
            return Refusal::NotYourTurn(self.turn);
        }
        if m.kind == MoveKind::Sapper {
            if p.role != Role::Pawn {
                return Refusal::OnlyPawnsSweep;
            }
            if !self.rules.sapper {
                return Refusal::NoSapperRule;
            }
            if self.in_check() {
                return Refusal::SweepInCheck;
            }
            let fwd: i16 = if self.turn == Color::White { N } else { -N };
            let ahead = m.to.0 as i16 == m.from.0 as i16 + fwd
                && self.contains(m.to)
                && self.piece_at(m.to).is_none();
            if ahead && !self.may_sweep(m.to) {
                return Refusal::NothingToSweep(m.to);
            }
            return Refusal::CannotSweep(m.from, m.to);
        }
        let mut same_squares = self.legal_moves();
        same_squares.retain(|o| o.from == m.from && o.to == m.to);
        if let Some(o) = same_squares.first() {
            return match o.kind {
                MoveKind::Promotion(_) => Refusal::MustPromote(m.to),
                _ => Refusal::WrongKind(p.role, m.from, m.to),
            };
        }
        if self.in_check() {
            return Refusal::InCheck(self.kings[self.turn.index()]);
        }
        Refusal::CannotGo(p.role, m.from, m.to)
    }

    /// Fills `out` with the legal moves (clearing it first).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        self.generate(out, true, None);
    }

    /// Fills `out` with the legal captures and promotions only, in the
    /// order [`Position::legal_moves_into`] gives them: for the search's
    /// quiescence, which would throw the quiet moves away (the king's quiet
    /// steps are the costliest to prove safe).
    pub(crate) fn tactical_moves_into(&self, out: &mut Vec<Move>) {
        self.generate(out, false, None);
    }

    /// Fills `out` with the legal moves of the piece on `from` only (none
    /// if it is not the mover's): for the search, which tries the table's
    /// move before it generates the rest.
    pub(crate) fn moves_from_into(&self, from: Square, out: &mut Vec<Move>) {
        self.generate(out, true, Some(from));
    }

    /// The legal moves (only the captures and promotions unless `quiet`),
    /// of the piece on `only` if given.
    fn generate(&self, out: &mut Vec<Move>, quiet: bool, only: Option<Square>) {
        out.clear();
        if self.self_destructed.is_some() {
            return;
        }
        let us = self.turn;
        let ksq = self.kings[us.index()];
        let safety = self.king_safety();
        let king_too = only.is_none_or(|o| o == ksq);
        if king_too {
            self.king_steps(out, quiet);
        }
        if safety.checkers >= 2 {
            return;
        }
        let in_check = safety.checkers == 1;
        if !in_check && quiet && king_too {
            self.gen_castling(out);
        }
        let g = Gen {
            quiet,
            in_check,
            block: safety.block,
            usbits: (us as u8) << 3,
            fwd: if us == Color::White { N } else { -N },
            promo_rank: self.rules.promotion_rank[us.index()],
            double_rank: self.rules.double_step_rank[us.index()],
        };
        // Ascending cells: rank by rank from a1, as the move order callers
        // (and the search's stable sort) rely on.
        for from in self.occupied[us.index()].iter() {
            if only.is_some_and(|o| o != from) {
                continue;
            }
            let s = from.0 as i16;
            let pin = if safety.npins > 0 {
                safety.pin_of(s)
            } else {
                0
            };
            match self.cell(s) & 7 {
                1 => self.pawn_moves(out, from, pin, &g),
                2 if pin == 0 => self.knight_moves(out, from, &g),
                3 => self.slider_moves(out, from, pin, &BISHOP_DIRS, &g),
                4 => self.slider_moves(out, from, pin, &ROOK_DIRS, &g),
                5 => self.slider_moves(out, from, pin, &KING_DIRS, &g),
                _ => {}
            }
        }
    }

    /// What attacks the mover's king, and what is pinned to it, by
    /// looking outwards from the king.
    #[inline(always)]
    fn king_safety(&self) -> KingSafety {
        let us = self.turn;
        let them = !us;
        let usbits = (us as u8) << 3;
        let ksq = self.kings[us.index()];
        let k = ksq.0 as i16;
        let mut ks = KingSafety {
            checkers: 0,
            block: SquareSet::EMPTY,
            pins: [(0, 0); 8],
            npins: 0,
        };
        let rays = self.slider_rays(ksq, them);
        for (i, &d) in KING_DIRS.iter().enumerate() {
            if rays >> i & 1 == 0 {
                // No slider that way: no check, no pin.
                continue;
            }
            let diagonal = i >= 4;
            let mut t = k + d;
            let mut own: Option<i16> = None;
            loop {
                let c = self.cell(t);
                if c == EMPTY {
                    t += d;
                    continue;
                }
                if c == OFF {
                    break;
                }
                if c & COLOR_BIT == usbits {
                    if own.is_some() {
                        break;
                    }
                    own = Some(t);
                    t += d;
                    continue;
                }
                let role = c & 7;
                let slides = role == Role::Queen as u8
                    || (diagonal && role == Role::Bishop as u8)
                    || (!diagonal && role == Role::Rook as u8);
                if slides {
                    match own {
                        None => {
                            ks.checkers += 1;
                            let mut s = k + d;
                            loop {
                                ks.block.insert(Square(s as u16));
                                if s == t {
                                    break;
                                }
                                s += d;
                            }
                        }
                        Some(o) => {
                            ks.pins[ks.npins] = (o, d);
                            ks.npins += 1;
                        }
                    }
                }
                break;
            }
        }
        let theirs = (them as u8) << 3;
        for &d in &KNIGHT_DIRS {
            if self.cell(k + d) == theirs | Role::Knight as u8 {
                ks.checkers += 1;
                ks.block.insert(Square((k + d) as u16));
            }
        }
        let fwd = if us == Color::White { N } else { -N };
        for side in [E, -E] {
            if self.cell(k + fwd + side) == theirs | Role::Pawn as u8 {
                ks.checkers += 1;
                ks.block.insert(Square((k + fwd + side) as u16));
            }
        }
        ks
    }

    /// The king's steps to cells no enemy attacks (captures only unless
    /// `quiet`).
    #[inline(always)]
    fn king_steps(&self, out: &mut Vec<Move>, quiet: bool) {
        let us = self.turn;
        let usbits = (us as u8) << 3;
        let ksq = self.kings[us.index()];
        let k = ksq.0 as i16;
        for &d in &KING_DIRS {
            let t = k + d;
            let c = self.cell(t);
            if c == OFF || (c != EMPTY && c & COLOR_BIT == usbits) || (!quiet && c == EMPTY) {
                continue;
            }
            let to = Square(t as u16);
            if !self.attacked_by(to, !us, Some(ksq)) {
                out.push(Move {
                    from: ksq,
                    to,
                    kind: MoveKind::Normal,
                });
            }
        }
    }

    /// The moves of the pawn on `from`, pinned along `pin` (0: not
    /// pinned): pushes, sweeps, the double step and captures.
    #[inline(always)]
    fn pawn_moves(&self, out: &mut Vec<Move>, from: Square, pin: i16, g: &Gen) {
        let (s, fwd, quiet, promo_rank) = (from.0 as i16, g.fwd, g.quiet, g.promo_rank);
        let push_ok = pin == 0 || pin == fwd || pin == -fwd;
        let t = s + fwd;
        if self.cell(t) == EMPTY {
            let to = Square(t as u16);
            let promotes = to.rank() == promo_rank;
            if push_ok && g.ok_target(t) && (quiet || promotes) {
                self.push_pawn(out, from, to, promo_rank);
            }
            if quiet && self.rules.sapper && !g.in_check && self.may_sweep(to) {
                out.push(Move {
                    from,
                    to: Square(t as u16),
                    kind: MoveKind::Sapper,
                });
            }
            if quiet && push_ok && Some(from.rank()) == g.double_rank {
                let t2 = t + fwd;
                if self.cell(t2) == EMPTY && g.ok_target(t2) {
                    self.push_pawn(out, from, Square(t2 as u16), promo_rank);
                }
            }
        }
        for side in [E, -E] {
            let d = fwd + side;
            let t = s + d;
            let tc = self.cell(t);
            if tc != EMPTY
                && tc != OFF
                && tc & COLOR_BIT != g.usbits
                && (pin == 0 || pin == d || pin == -d)
                && g.ok_target(t)
            {
                self.push_pawn(out, from, Square(t as u16), promo_rank);
            }
        }
    }

    /// The moves of the (unpinned) knight on `from`.
    #[inline(always)]
    fn knight_moves(&self, out: &mut Vec<Move>, from: Square, g: &Gen) {
        let s = from.0 as i16;
        for &d in &KNIGHT_DIRS {
            let t = s + d;
            let tc = self.cell(t);
            let free = g.quiet && tc == EMPTY;
            if (free || (tc != EMPTY && tc != OFF && tc & COLOR_BIT != g.usbits)) && g.ok_target(t)
            {
                out.push(Move {
                    from,
                    to: Square(t as u16),
                    kind: MoveKind::Normal,
                });
            }
        }
    }

    /// The moves of the bishop, rook or queen on `from` along `dirs`
    /// (only along `pin` if pinned).
    #[inline(always)]
    fn slider_moves(&self, out: &mut Vec<Move>, from: Square, pin: i16, dirs: &[i16], g: &Gen) {
        let s = from.0 as i16;
        for &d in dirs {
            if pin != 0 && pin != d && pin != -d {
                continue;
            }
            let mut t = s + d;
            loop {
                let tc = self.cell(t);
                if tc == EMPTY {
                    if g.quiet && g.ok_target(t) {
                        out.push(Move {
                            from,
                            to: Square(t as u16),
                            kind: MoveKind::Normal,
                        });
                    }
                    t += d;
                    continue;
                }
                if tc != OFF && tc & COLOR_BIT != g.usbits && g.ok_target(t) {
                    out.push(Move {
                        from,
                        to: Square(t as u16),
                        kind: MoveKind::Normal,
                    });
                }
                break;
            }
        }
    }

    /// Decision 8: while a mine is hidden any empty cell ahead may be swept;
    /// after the full lift (no fog) only a visible mine, so that the game
    /// goes on as standard chess, with no free pass.
    #[inline]
    pub(super) fn may_sweep(&self, target: Square) -> bool {
        !self.fog.is_empty() || self.mines.contains(target)
    }

    #[inline]
    pub(super) fn push_pawn(&self, out: &mut Vec<Move>, from: Square, to: Square, promo_rank: u8) {
        if to.rank() == promo_rank {
            for role in self.rules.promotion_roles() {
                out.push(Move {
                    from,
                    to,
                    kind: MoveKind::Promotion(role),
                });
            }
        } else {
            out.push(Move {
                from,
                to,
                kind: MoveKind::Normal,
            });
        }
    }

    pub(super) fn back_rank(&self, color: Color) -> u8 {
        if color == Color::White {
            0
        } else {
            self.ranks - 1
        }
    }

    /// King from/to and rook from/to for castling, when king and rook stand
    /// on their squares.
    pub(super) fn castle_squares(
        &self,
        color: Color,
        wing: Wing,
    ) -> Option<(Square, Square, Square, Square)> {
        let c = self.rules.castling?;
        let side = c.side(wing)?;
        let back = self.back_rank(color);
        let kf = Square::new(c.king_file, back);
        let rf = Square::new(side.rook_file, back);
        let ok = self.piece_at(kf) == Some(Piece::new(color, Role::King))
            && self.piece_at(rf) == Some(Piece::new(color, Role::Rook));
        ok.then(|| {
            (
                kf,
                Square::new(side.king_to, back),
                rf,
                Square::new(side.rook_to, back),
            )
        })
    }

    pub(super) fn gen_castling(&self, out: &mut Vec<Move>) {
        let us = self.turn;
        for wing in [Wing::King, Wing::Queen] {
            if !self.castling.has(us, wing) {
                continue;
            }
            let Some((kf, kt, rf, rt)) = self.castle_squares(us, wing) else {
                continue;
            };
            // Every cell either piece crosses or lands on must be free of other
            // pieces; mines count as empty (docs/rules.md: the castling corridor).
            let lo = kf.file().min(kt.file()).min(rf.file()).min(rt.file());
            let hi = kf.file().max(kt.file()).max(rf.file()).max(rt.file());
            let back = kf.rank();
            let clear = (lo..=hi).all(|f| {
                let s = Square::new(f, back);
                s == kf || s == rf || self.piece_at(s).is_none()
            });
            if !clear {
                continue;
            }
            let (a, b) = (kf.file().min(kt.file()), kf.file().max(kt.file()));
            let safe = (a..=b).all(|f| !self.attacked_by(Square::new(f, back), !us, Some(kf)));
            if safe {
                out.push(Move {
                    from: kf,
                    to: kt,
                    kind: MoveKind::Castle(wing),
                });
            }
        }
    }
}

/// Checks and pins against the mover's king.
struct KingSafety {
    /// Pieces giving check.
    checkers: u32,
    /// Where a piece may go to meet a single check: the checker's cell
    /// and the cells between it and the king.
    block: SquareSet,
    /// Pinned pieces' cells and the direction of their pin.
    pins: [(i16, i16); 8],
    npins: usize,
}

impl KingSafety {
    /// The direction the piece on `s` is pinned along; 0 if it is not.
    #[inline(always)]
    fn pin_of(&self, s: i16) -> i16 {
        self.pins[..self.npins]
            .iter()
            .find(|p| p.0 == s)
            .map_or(0, |p| p.1)
    }
}

/// What every piece's moves depend on in one generation.
struct Gen {
    /// Quiet moves too, not only captures and promotions.
    quiet: bool,
    in_check: bool,
    /// The cells that meet the check, when in check.
    block: SquareSet,
    /// The mover's colour bit in a cell's code.
    usbits: u8,
    /// A pawn's step forward.
    fwd: i16,
    promo_rank: u8,
    double_rank: Option<u8>,
}

impl Gen {
    /// Whether a move to `t` meets the check (any move does out of check).
    #[inline(always)]
    fn ok_target(&self, t: i16) -> bool {
        !self.in_check || self.block.contains(Square(t as u16))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Game, Variant, mines};
    use crate::rng::GameRng;
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;

    /// Random games with fog, sweeps, blasts, captures, promotions and
    /// castling: the sides' piece sets match the board, and the tactical
    /// list is the full list's captures and promotions in the same order,
    /// and each piece's list its moves.
    #[test]
    fn piece_sets_and_tactical_moves_follow_the_board() {
        let variant = Variant::classic();
        for seed in 0..60u64 {
            let mut rng = GameRng::seed_from_u64(seed);
            let layout = mines::random_layout(&variant.fog_zone, 4, &mut rng);
            let Ok(game) = Game::new(&variant, layout) else {
                continue;
            };
            let mut pos = game.position().clone();
            let mut tactical = Vec::new();
            for _ in 0..200 {
                for color in Color::ALL {
                    let on_board: SquareSet = pos
                        .pieces()
                        .filter(|(_, p)| p.color == color)
                        .map(|(sq, _)| sq)
                        .collect();
                    assert_eq!(&pos.occupied[color.index()], &on_board, "seed {seed}");
                }
                let moves = pos.legal_moves();
                let expected: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|m| {
                        matches!(m.kind, MoveKind::Promotion(_))
                            || (m.kind == MoveKind::Normal && pos.piece_at(m.to).is_some())
                    })
                    .collect();
                pos.tactical_moves_into(&mut tactical);
                assert_eq!(tactical, expected, "seed {seed}");
                // One piece's moves (the search's check of the table's
                // move) are the full list's moves from its cell, for every
                // cell, the enemy's and empty ones included.
                for from in pos.squares() {
                    pos.moves_from_into(from, &mut tactical);
                    let mine: Vec<Move> =
                        moves.iter().copied().filter(|m| m.from == from).collect();
                    assert_eq!(tactical, mine, "seed {seed}, {from}");
                }
                let Some(&m) = moves.choose(&mut rng) else {
                    break;
                };
                pos.play_unchecked(m);
                if pos.self_destructed().is_some() {
                    break;
                }
            }
        }
    }
}
