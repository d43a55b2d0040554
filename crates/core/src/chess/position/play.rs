//! Playing a move: what it does to pieces, fog and mines, and how the game
//! stands afterwards.

use super::*;

impl Position {
    // ---- playing moves -------------------------------------------------

    /// Plays `m` without checking that it is legal (see [`Position::try_play`]), and
    /// reports everything that happened, mines included.
    pub fn play_unchecked(&mut self, m: Move) -> MoveReport {
        self.play_reported(m)
    }

    /// [`Position::play_unchecked`] without the report: the search's, where
    /// working out and copying the report was a quarter of a move's cost.
    pub(crate) fn play_quietly(&mut self, m: Move) {
        let _ = self.play_reported(m);
    }

    /// Inlined into both forms, so that the quiet one drops the work only
    /// the report needs.
    #[inline(always)]
    fn play_reported(&mut self, m: Move) -> MoveReport {
        let us = self.turn;
        let piece = self.piece_at(m.from).unwrap_or(Piece::new(us, Role::Pawn));
        let mut rep = MoveReport {
            mv: m,
            mover: us,
            piece,
            captured: None,
            rook: None,
            blasts: [None, None],
            royal_sweep: None,
            swept: None,
            lifted: SquareSet::EMPTY,
            full_lift: SquareSet::EMPTY,
            self_destructed: false,
        };
        let fog_before = self.fog;
        let mut irreversible = false;
        match m.kind {
            MoveKind::Sapper => {
                if self.mines.remove(m.to) {
                    rep.swept = Some(m.to);
                }
                // Found a mine or not, the cell is empty now, and both
                // players know it (Decision 10).
                if self.fog.contains(m.to) {
                    self.swept.insert(m.to);
                }
                irreversible = true;
            }
            MoveKind::Castle(wing) => {
                if let Some((kf, kt, rf, rt)) = self.castle_squares(us, wing) {
                    self.put(kf, EMPTY);
                    self.put(rf, EMPTY);
                    self.put(kt, Piece::new(us, Role::King).code());
                    self.put(rt, Piece::new(us, Role::Rook).code());
                    self.kings[us.index()] = kt;
                    rep.rook = Some((rf, rt));
                    self.land(kt, &mut rep, 0);
                    self.land(rt, &mut rep, 1);
                }
            }
            MoveKind::Normal | MoveKind::Promotion(_) => {
                rep.captured = self.piece_at(m.to);
                let placed = match m.kind {
                    MoveKind::Promotion(r) => Piece::new(us, r),
                    _ => piece,
                };
                self.put(m.from, EMPTY);
                self.put(m.to, placed.code());
                if piece.role == Role::King {
                    self.kings[us.index()] = m.to;
                }
                irreversible = rep.captured.is_some() || piece.role == Role::Pawn;
                self.land(m.to, &mut rep, 0);
            }
        }
        self.update_castling(m.from);
        self.update_castling(m.to);
        if let Some((rf, _)) = rep.rook {
            self.update_castling(rf);
        }
        if !self.fog.is_empty() && (rep.touched_mines() || self.fog != fog_before) {
            rep.full_lift = self.full_lift_if_done();
        }
        rep.lifted = fog_before.difference(&self.fog).difference(&rep.full_lift);
        if rep.blasts[0].is_some() {
            // Decision 2: a blast that leaves the own king attacked (or takes
            // the king itself) loses at once.
            let king_gone = rep.blasts().any(|(_, p)| p.role == Role::King);
            if king_gone || self.king_attacked(us) {
                rep.self_destructed = true;
                self.self_destructed = Some(us);
            }
        }
        // Saturating: a FEN may give any clock, even u32::MAX.
        self.halfmoves = if irreversible {
            0
        } else {
            self.halfmoves.saturating_add(1)
        };
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = !us;
        rep
    }

    /// The other side to move, nothing else changed: the search's null
    /// move (never played in a game; the caller makes sure the side to move
    /// is not in check).
    pub fn null_move(&self) -> Position {
        let mut p = self.clone();
        p.turn = !p.turn;
        p
    }

    /// This position with a mine on `sq`: the "what if that cell is
    /// mined" branch of the computer's search, which works on the public
    /// view (where hidden mines are gone) and must imagine them itself. The
    /// imagined mine is one of the unseen ones, so the counter stays.
    pub fn with_mine(&self, sq: Square) -> Position {
        let mut p = self.clone();
        if p.mines.insert(sq) {
            p.unseen = p.unseen.saturating_sub(1);
        }
        p
    }

    /// Plays `m` if it is legal.
    ///
    /// # Errors
    /// [`IllegalMove`] when `m` is not among [`Position::legal_moves`].
    pub fn try_play(&mut self, m: Move) -> Result<MoveReport, IllegalMove> {
        if self.is_legal(m) {
            Ok(self.play_unchecked(m))
        } else {
            Err(IllegalMove(m))
        }
    }

    /// A piece has landed on `sq`: lift the fog around it, then let a mine
    /// there act (Decision 4: the piece lands first).
    #[inline]
    pub(super) fn land(&mut self, sq: Square, rep: &mut MoveReport, slot: usize) {
        if !self.fog.is_empty() {
            self.fog.remove(sq);
            let s = sq.0 as i16;
            for &d in &KING_DIRS {
                self.fog.remove(Square((s + d) as u16));
            }
            self.swept = self.swept.intersection(&self.fog);
        }
        if self.mines.remove(sq) {
            let c = self.board[sq.index()];
            let p = Piece::from_code(c);
            if p.role == Role::King && self.rules.royal_sapper {
                rep.royal_sweep = Some(sq);
            } else {
                self.put(sq, EMPTY);
                rep.blasts[slot] = Some((sq, p));
                if rep.blasts[0].is_none() {
                    rep.blasts.swap(0, slot);
                }
            }
        }
    }

    pub(super) fn update_castling(&mut self, sq: Square) {
        let Some(c) = self.rules.castling else {
            return;
        };
        if self.castling.0 == 0 {
            return;
        }
        for color in Color::ALL {
            let back = self.back_rank(color);
            if sq.rank() != back {
                continue;
            }
            if sq.file() == c.king_file {
                self.castling.set(color, Wing::King, false);
                self.castling.set(color, Wing::Queen, false);
            }
            for wing in [Wing::King, Wing::Queen] {
                if c.side(wing).is_some_and(|s| s.rook_file == sq.file()) {
                    self.castling.set(color, wing, false);
                }
            }
        }
    }

    /// Lifts all fog when every mine on the board is discovered (its own cell
    /// is revealed). Returns the cells lifted.
    pub(super) fn full_lift_if_done(&mut self) -> SquareSet {
        if self.fog.is_empty() || self.unseen > 0 || !self.mines.intersection(&self.fog).is_empty()
        {
            return SquareSet::EMPTY;
        }
        self.swept = SquareSet::EMPTY;
        std::mem::take(&mut self.fog)
    }

    // ---- outcome --------------------------------------------------------

    /// How the game stands from this position alone (repetition needs the
    /// game's history: see [`super::Game`]).
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(loser) = self.self_destructed {
            return Some(Outcome::Decisive {
                winner: !loser,
                reason: WinReason::Blast,
            });
        }
        if !self.has_legal_move() {
            return Some(if self.in_check() {
                Outcome::Decisive {
                    winner: !self.turn,
                    reason: WinReason::Checkmate,
                }
            } else {
                Outcome::Draw(DrawReason::Stalemate)
            });
        }
        if self.insufficient_material() {
            return Some(Outcome::Draw(DrawReason::InsufficientMaterial));
        }
        None
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut v = Vec::with_capacity(64);
        self.legal_moves_into(&mut v);
        !v.is_empty()
    }

    /// Neither side can ever mate: bare kings, a single minor piece, or only
    /// bishops all on one shade. Mines cannot harm a king, so they change nothing.
    pub fn insufficient_material(&self) -> bool {
        let m = self.material(|_| true);
        !m.heavy && (m.minors <= 1 || m.one_shade_bishops())
    }

    /// Whether `side` has enough to mate in some line of play: a pawn, rook
    /// or queen, two minor pieces (not only bishops on one shade), or one
    /// minor piece while the other side has more than its king (to block
    /// its own king in). What decides a game whose flag fell.
    pub fn can_mate(&self, side: Color) -> bool {
        let own = self.material(|c| c == side);
        let theirs = self.material(|c| c != side);
        let helpers = theirs.heavy || theirs.minors > 0;
        own.heavy
            || match own.minors {
                0 => false,
                1 => helpers,
                _ => !own.one_shade_bishops() || helpers,
            }
    }

    /// The pieces besides kings of the sides `counted` picks.
    fn material(&self, counted: impl Fn(Color) -> bool) -> Material {
        let mut m = Material::default();
        for (sq, p) in self.pieces().filter(|(_, p)| counted(p.color)) {
            match p.role {
                Role::King => {}
                Role::Knight => m.minors += 1,
                Role::Bishop => {
                    m.minors += 1;
                    m.bishops.push(sq);
                }
                _ => m.heavy = true,
            }
        }
        m
    }

    /// A hash of everything a player sees (pieces, side to move, castling,
    /// fog, swept cells, discovered mines and the mine counter), for
    /// threefold repetition.
    pub fn repetition_key(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |b: u64| {
            h ^= b;
            h = h.wrapping_mul(0x0100_0000_01b3);
        };
        for sq in self.squares() {
            let mut b = self.board[sq.index()] as u64;
            if self.swept.contains(sq) {
                b |= 0x400;
            } else if self.fog.contains(sq) {
                b |= 0x100;
            } else if self.mines.contains(sq) {
                b |= 0x200;
            }
            mix(b);
        }
        mix(self.turn as u64);
        mix(self.castling.0 as u64);
        mix(self.mines_left() as u64);
        h
    }
}

/// Pieces besides kings, as the draw-by-material rules count them.
#[derive(Default)]
struct Material {
    /// Knights and bishops.
    minors: usize,
    /// Where the bishops stand.
    bishops: Vec<Square>,
    /// A pawn, rook, queen or fairy piece.
    heavy: bool,
}

impl Material {
    /// Every minor piece is a bishop and all stand on one shade.
    fn one_shade_bishops(&self) -> bool {
        self.bishops.len() == self.minors && self.bishops.windows(2).all(|w| w[0].same_shade(w[1]))
    }
}
