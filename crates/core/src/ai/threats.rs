//! Threats and the danger to a king, from what each side's pieces attack.
//! The evaluation's walk over the pieces gathers the cells each kind of
//! piece attacks ([`Attacks`]): as bitboards on boards of up to 128 cells,
//! as sets of mailbox cells on bigger ones. The counts are worked out here
//! once, the same for both.

use crate::chess::SquareSet;

/// A set of cells: a bitboard or a set of mailbox cells.
pub(super) trait Cells: Copy {
    /// No cell.
    const NONE: Self;
    /// Cells in both.
    fn and(self, o: Self) -> Self;
    /// Cells in either.
    fn or(self, o: Self) -> Self;
    /// Cells in `self` but not in `o`.
    fn minus(self, o: Self) -> Self;
    /// How many cells.
    fn count(self) -> i32;
}

impl Cells for u128 {
    const NONE: u128 = 0;
    #[inline]
    fn and(self, o: u128) -> u128 {
        self & o
    }
    #[inline]
    fn or(self, o: u128) -> u128 {
        self | o
    }
    #[inline]
    fn minus(self, o: u128) -> u128 {
        self & !o
    }
    #[inline]
    fn count(self) -> i32 {
        self.count_ones() as i32
    }
}

impl Cells for SquareSet {
    const NONE: SquareSet = SquareSet::EMPTY;
    fn and(self, o: SquareSet) -> SquareSet {
        self.intersection(&o)
    }
    fn or(self, o: SquareSet) -> SquareSet {
        self.union(&o)
    }
    fn minus(self, o: SquareSet) -> SquareSet {
        self.difference(&o)
    }
    fn count(self) -> i32 {
        self.len() as i32
    }
}

/// What one side's pieces stand on and attack.
#[derive(Clone, Copy)]
pub(super) struct Attacks<M> {
    /// Its pieces, by role (pawn … king).
    pub(super) on: [M; 6],
    /// The cells its pawns, knights, bishops, rooks, queens and king
    /// attack, by role.
    pub(super) by: [M; 6],
    /// The cells from which a knight, a piece on a diagonal and a piece on
    /// a line would check its king.
    pub(super) checks: [M; 3],
    /// Its knights, bishops, rooks and queens that attack the cells next
    /// to the enemy king, and their [`ATTACKER`] weights summed.
    pub(super) attackers: i32,
    pub(super) weight: i32,
}

impl<M: Cells> Attacks<M> {
    /// Nothing gathered yet.
    pub(super) const NONE: Attacks<M> = Attacks {
        on: [M::NONE; 6],
        by: [M::NONE; 6],
        checks: [M::NONE; 3],
        attackers: 0,
        weight: 0,
    };

    /// A piece of role index `k` (pawn 0) that attacks `cells`, `near_king`
    /// of them next to the enemy king.
    #[inline]
    pub(super) fn add(&mut self, k: usize, cells: M, near_king: i32) {
        self.by[k] = self.by[k].or(cells);
        if near_king > 0 && (1..5).contains(&k) {
            self.attackers += 1;
            self.weight += ATTACKER[k];
        }
    }

    fn all(m: &[M]) -> M {
        m.iter().fold(M::NONE, |s, &b| s.or(b))
    }
}

/// How much an attacker of the cells next to the king weighs, by role
/// (pawn … king): the queen most, then rooks, then the minor pieces.
const ATTACKER: [i32; 6] = [0, 2, 2, 3, 5, 0];

/// Index of the first of the seven threat features in the evaluation's
/// counts (the order of its feature names).
pub(super) const FIRST: usize = 27;

/// Adds `us`'s threats on `them` to `us`'s counts `x`; `to_move`: whether
/// `us` is to move (a threat of the side to move is one it can carry out).
pub(super) fn count<M: Cells>(us: &Attacks<M>, them: &Attacks<M>, to_move: bool, x: &mut [i32]) {
    let (ours, theirs) = (Attacks::all(&us.by), Attacks::all(&them.by));
    let own = Attacks::all(&us.on);
    let minors = us.by[1].or(us.by[2]);
    // Rooks attacked by a minor piece, queens by a minor piece or a rook.
    let lesser = them.on[3]
        .and(minors)
        .or(them.on[4].and(minors.or(us.by[3])))
        .count();
    let pieces = Attacks::all(&them.on[1..5]);
    let hanging = pieces.and(ours).minus(theirs).count();
    let side = usize::from(!to_move);
    x[FIRST + side] += lesser;
    x[FIRST + 2 + side] += hanging;
    x[FIRST + 4] += them.on[0].and(ours).minus(theirs).count();
    // Cells a piece of ours reaches and checks from, unguarded.
    let checks = them.checks[0]
        .and(us.by[1])
        .or(them.checks[1].and(us.by[2].or(us.by[4])))
        .or(them.checks[2].and(us.by[3].or(us.by[4])))
        .minus(own)
        .minus(theirs)
        .count();
    x[FIRST + 5] += checks;
    // The danger grows faster than the attack: two pieces at a king are
    // more than twice as bad as one.
    if us.attackers >= 2 {
        let units = (us.weight + 2 * checks).min(48);
        x[FIRST + 6] += units * units / 16;
    }
}
