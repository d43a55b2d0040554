//! Dealing hidden mines from what is public.
//!
//! A saved, exported or taken-back game never keeps its hidden mines
//! (Decision 11): it keeps what both players know (fog, swept cells, the
//! counts, the mine counter) and the mines are dealt again, uniformly from
//! every layout that agrees with it. For both players that is the same game.
//!
//! [`LayoutSpace`] is that set of layouts: the unknown cells, how many mines
//! they hide and one constraint per revealed count ("exactly *n* of these
//! cells"), the same constraints [`super::probability::mine_odds`] reasons
//! over. It counts the layouts exactly with a dynamic programme over the
//! cells in square order: the state is what each constraint that has begun
//! but not ended still needs, so the work grows with the width of the
//! frontier, not with the number of layouts. A uniform layout is then drawn
//! cell by cell, each cell mined with the probability the counts of the
//! completions give. Where even that is too large (more than [`MAX_MEMO`]
//! numbers kept), layouts are drawn uniformly at random and rejected until
//! one agrees, which is exact too, only slower.

use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;

use rand::Rng;

use super::position::{Position, PositionError, PublicPosition, Setup, Unknown};
use super::square::Square;
use super::square_set::SquareSet;
use super::variant::RuleSet;

/// Why a public description is not a public position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PublicError {
    /// The pieces, fog or mines do not make a legal position.
    Position(PositionError),
    /// The unknown mines cannot be placed as the counts say.
    Deal(DealError),
}

impl fmt::Display for PublicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PublicError::Position(e) => e.fmt(f),
            PublicError::Deal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PublicError {}

impl From<DealError> for PublicError {
    fn from(e: DealError) -> Self {
        PublicError::Deal(e)
    }
}

impl PublicPosition {
    /// A public position from a description whose hidden mines are unknown
    /// (`?` cells, their number and the counts), as a GUI or a saved game
    /// gives it: no layout is needed, only one that agrees must exist.
    ///
    /// # Errors
    /// As [`Position::from_setup`], and when no layout of the unknown
    /// mines agrees with the counts.
    pub fn from_setup(mut setup: Setup, rules: RuleSet) -> Result<PublicPosition, PublicError> {
        let unknown = setup.unknown.take().unwrap_or_default();
        // The pieces, fog and mines first: their errors are the clearer ones.
        let position = Position::build(setup.clone(), rules, None, unknown.mines)
            .map_err(PublicError::Position)?;
        let space = LayoutSpace::new(&setup, &unknown)?;
        // Too large to count exactly is accepted: only a real game gets there.
        if space.count().is_some_and(|c| c <= 0.0) {
            return Err(PublicError::Deal(DealError::NoLayout));
        }
        let fog_unknown = setup.fog.difference(&setup.swept).difference(&setup.mines);
        if unknown.cells != fog_unknown || !setup.mines.intersection(&setup.fog).is_empty() {
            return Err(PublicError::Deal(DealError::NotPublic));
        }
        Ok(PublicPosition::with_unknown(position, &unknown))
    }

    /// A public position from what a board shows (its pieces, fog, swept
    /// cells, discovered mines, counts and how many mines hide), without
    /// counting the layouts that agree: for a board the game itself keeps,
    /// read every frame. `loser` names the side a blast has just beaten,
    /// whose king may stand attacked.
    ///
    /// # Errors
    /// As [`Position::from_setup`], and [`DealError::NotPublic`] when a
    /// mine lies under fog or the unknown cells are not the fog's.
    pub fn from_board(
        mut setup: Setup,
        rules: RuleSet,
        loser: Option<super::color::Color>,
    ) -> Result<PublicPosition, PublicError> {
        let Some(unknown) = setup.unknown.take() else {
            // Nothing unknown: every mine is on the board, the counts too.
            return Position::build(setup, rules, loser, 0)
                .map(|p| p.public_view())
                .map_err(PublicError::Position);
        };
        let fog_unknown = setup.fog.difference(&setup.swept).difference(&setup.mines);
        if unknown.cells != fog_unknown || !setup.mines.intersection(&setup.fog).is_empty() {
            return Err(PublicError::Deal(DealError::NotPublic));
        }
        let position =
            Position::build(setup, rules, loser, unknown.mines).map_err(PublicError::Position)?;
        Ok(PublicPosition::with_unknown(position, &unknown))
    }
}

/// Most numbers the exact count may keep (states times mine totals)
/// before it gives way to rejection sampling: some hundred megabytes.
pub const MAX_MEMO: usize = 1 << 23;
/// Most draws rejection sampling makes before it gives up.
pub const MAX_DRAWS: usize = 2_000_000;

/// Why hidden mines cannot be dealt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealError {
    /// A `?` cell is not under fog, is swept or holds a known mine; or a
    /// public position holds a mine under fog.
    NotPublic,
    /// More mines than unknown cells.
    TooManyMines {
        /// Mines to deal.
        mines: u8,
        /// Unknown cells.
        cells: usize,
    },
    /// A count is given for a cell that is not a revealed fog-zone cell.
    CountNotRevealed(Square),
    /// A count above 8.
    CountTooHigh(Square, u8),
    /// The count on this cell cannot be met by its unknown neighbours.
    CountMismatch(Square),
    /// No layout agrees with every count and the counter.
    NoLayout,
    /// Too many layouts to count, and random draws found none that agrees.
    TooLarge,
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::NotPublic => write!(
                f,
                "a '?' cell must be under fog, not swept and not a known mine"
            ),
            DealError::TooManyMines { mines, cells } => write!(
                f,
                "{mines} hidden mine(s) but only {cells} unknown ('?') cell(s)"
            ),
            DealError::CountNotRevealed(s) => write!(
                f,
                "a count is given for {s}, which is not a revealed fog-zone cell"
            ),
            DealError::CountTooHigh(s, n) => {
                write!(f, "the count {n} on {s} is more than its 8 neighbours")
            }
            DealError::CountMismatch(s) => write!(
                f,
                "the count on {s} does not agree with the mines and unknown cells around it"
            ),
            DealError::NoLayout => write!(
                f,
                "no layout of the hidden mines agrees with every count and the mine counter"
            ),
            DealError::TooLarge => write!(
                f,
                "too many possible layouts to deal the hidden mines exactly"
            ),
        }
    }
}

impl std::error::Error for DealError {}

/// One constraint: exactly `need` mines among `cells` (indices into the
/// unknown cells, ascending).
#[derive(Clone, Debug)]
struct Constraint {
    cells: Vec<usize>,
    need: usize,
}

/// The unknown cells (ascending) and the constraints the revealed counts put
/// on them. `counts` gives the count of revealed cells (missing means 0).
///
/// # Errors
/// A count that is on a cell that is not revealed, above 8, or that cannot
/// be met.
fn constraints(
    setup: &Setup,
    unknown: &SquareSet,
    counts: &[(Square, u8)],
) -> Result<(Vec<Square>, Vec<Constraint>), DealError> {
    let cells: Vec<Square> = unknown.iter().collect();
    let index = |s: Square| cells.binary_search(&s).ok();
    let revealed = setup.zone.difference(&setup.fog);
    for &(sq, n) in counts {
        if !revealed.contains(sq) {
            return Err(DealError::CountNotRevealed(sq));
        }
        if n > 8 {
            return Err(DealError::CountTooHigh(sq, n));
        }
    }
    let mut out = Vec::new();
    for sq in revealed.iter() {
        let count = counts
            .iter()
            .find(|(s, _)| *s == sq)
            .map_or(0, |(_, n)| *n as usize);
        let mut around = Vec::new();
        let mut known = 0;
        for n in sq.neighbours(setup.files, setup.ranks) {
            if let Some(i) = index(n) {
                around.push(i);
            } else if setup.mines.contains(n) {
                known += 1;
            }
        }
        let need = count
            .checked_sub(known)
            .ok_or(DealError::CountMismatch(sq))?;
        if need > around.len() {
            return Err(DealError::CountMismatch(sq));
        }
        if !around.is_empty() {
            around.sort_unstable();
            out.push(Constraint {
                cells: around,
                need,
            });
        }
    }
    Ok((cells, out))
}

/// Every layout of the unknown mines that agrees with what is public.
#[derive(Clone, Debug)]
pub struct LayoutSpace {
    cells: Vec<Square>,
    mines: usize,
    cons: Vec<Constraint>,
    /// Per cell, the constraints it is in.
    touching: Vec<Vec<usize>>,
    /// Per position `i` (0..=n): constraints begun before `i` and not ended
    /// before it, in id order: the state the count keeps at `i`.
    active: Vec<Vec<usize>>,
}

impl LayoutSpace {
    /// The layouts of `unknown.mines` mines over `unknown.cells` that agree
    /// with `unknown.counts` and the known mines of `setup`.
    ///
    /// # Errors
    /// A [`DealError`] when the description is not a public one or a count
    /// cannot be met.
    pub fn new(setup: &Setup, unknown: &Unknown) -> Result<LayoutSpace, DealError> {
        for sq in unknown.cells.iter() {
            if !setup.fog.contains(sq) || setup.swept.contains(sq) || setup.mines.contains(sq) {
                return Err(DealError::NotPublic);
            }
        }
        if unknown.mines as usize > unknown.cells.len() {
            return Err(DealError::TooManyMines {
                mines: unknown.mines,
                cells: unknown.cells.len(),
            });
        }
        let (cells, cons) = constraints(setup, &unknown.cells, &unknown.counts)?;
        Ok(LayoutSpace::build(cells, unknown.mines as usize, cons))
    }

    /// The layouts consistent with a public position: its unknown cells,
    /// hidden mines and counts.
    ///
    /// # Errors
    /// When the position's counts cannot be met (never for a public view of
    /// a real game).
    pub fn of_public(public: &PublicPosition) -> Result<LayoutSpace, DealError> {
        let pos = public.position();
        let mut setup = pos.to_setup();
        setup.unknown = None;
        let unknown = Unknown {
            cells: pos.unknown_cells(),
            mines: public.hidden_mines(),
            counts: public.counts().to_vec(),
        };
        LayoutSpace::new(&setup, &unknown)
    }

    fn build(cells: Vec<Square>, mines: usize, cons: Vec<Constraint>) -> LayoutSpace {
        let n = cells.len();
        let mut touching = vec![Vec::new(); n];
        for (j, c) in cons.iter().enumerate() {
            for &i in &c.cells {
                touching[i].push(j);
            }
        }
        let active = (0..=n)
            .map(|i| {
                cons.iter()
                    .enumerate()
                    .filter(|(_, c)| c.cells[0] < i && *c.cells.last().unwrap_or(&0) >= i)
                    .map(|(j, _)| j)
                    .collect()
            })
            .collect();
        LayoutSpace {
            cells,
            mines,
            cons,
            touching,
            active,
        }
    }

    /// The layouts with a mine on unknown cell number `i`.
    pub fn forcing(&self, i: usize) -> LayoutSpace {
        let mut cons = self.cons.clone();
        cons.push(Constraint {
            cells: vec![i],
            need: 1,
        });
        LayoutSpace::build(self.cells.clone(), self.mines, cons)
    }

    /// The unknown cells, in square order.
    pub fn cells(&self) -> &[Square] {
        &self.cells
    }

    /// How many mines a layout places.
    pub fn mines(&self) -> usize {
        self.mines
    }

    /// Whether `layout` (a set of unknown cells) is one of the layouts.
    pub fn agrees(&self, layout: &SquareSet) -> bool {
        if layout.len() != self.mines
            || layout.iter().any(|s| self.cells.binary_search(&s).is_err())
        {
            return false;
        }
        self.cons.iter().all(|c| {
            c.cells
                .iter()
                .filter(|&&i| layout.contains(self.cells[i]))
                .count()
                == c.need
        })
    }

    /// The number of layouts (a float: it can be astronomically large), or
    /// `None` when the space is too large to count.
    pub fn count(&self) -> Option<f64> {
        let mut counter = Counter::new(self);
        let p = counter.poly(0, &self.initial())?;
        Some(p.get(self.mines).copied().unwrap_or(0.0))
    }

    fn initial(&self) -> Vec<u8> {
        Vec::new()
    }

    /// A layout drawn uniformly from the space.
    ///
    /// # Errors
    /// [`DealError::NoLayout`] when the space is empty,
    /// [`DealError::TooLarge`] when it can neither be counted nor sampled.
    pub fn sample(&self, rng: &mut impl Rng) -> Result<SquareSet, DealError> {
        let mut counter = Counter::new(self);
        let Some(total) = counter.poly(0, &self.initial()) else {
            return self.sample_by_rejection(rng);
        };
        if total.get(self.mines).copied().unwrap_or(0.0) <= 0.0 {
            return Err(DealError::NoLayout);
        }
        let mut state = self.initial();
        let mut left = self.mines;
        let mut out = SquareSet::EMPTY;
        for i in 0..self.cells.len() {
            let weight = |counter: &mut Counter, v: usize| -> f64 {
                if v > left {
                    return 0.0;
                }
                match self.step(i, &state, v) {
                    Some(next) => counter
                        .poly(i + 1, &next)
                        .and_then(|p| p.get(left - v).copied())
                        .unwrap_or(0.0),
                    None => 0.0,
                }
            };
            let w0 = weight(&mut counter, 0);
            let w1 = weight(&mut counter, 1);
            let mine = w1 > 0.0 && rng.random::<f64>() * (w0 + w1) >= w0;
            let v = usize::from(mine);
            let Some(next) = self.step(i, &state, v) else {
                return Err(DealError::NoLayout);
            };
            if mine {
                out.insert(self.cells[i]);
                left -= 1;
            }
            state = next;
        }
        Ok(out)
    }

    fn sample_by_rejection(&self, rng: &mut impl Rng) -> Result<SquareSet, DealError> {
        let mut pool = self.cells.clone();
        for _ in 0..MAX_DRAWS {
            // A partial Fisher–Yates shuffle: the first `mines` cells.
            for k in 0..self.mines {
                let j = rng.random_range(k..pool.len());
                pool.swap(k, j);
            }
            let layout: SquareSet = pool[..self.mines].iter().copied().collect();
            if self.agrees(&layout) {
                return Ok(layout);
            }
        }
        Err(DealError::TooLarge)
    }

    /// The state after deciding cell `i` (mine when `v` is 1), or `None`
    /// when that breaks a constraint.
    fn step(&self, i: usize, state: &[u8], v: usize) -> Option<Vec<u8>> {
        let need = |j: usize| -> usize {
            match self.active[i].iter().position(|&a| a == j) {
                Some(k) => state[k] as usize,
                None => self.cons[j].need,
            }
        };
        let mut after: Vec<(usize, usize)> = Vec::with_capacity(self.touching[i].len());
        for &j in &self.touching[i] {
            let c = &self.cons[j];
            let r = need(j).checked_sub(v)?;
            // Cells of this constraint still to come after `i`.
            let later = c.cells.len() - c.cells.partition_point(|&x| x <= i);
            if r > later {
                return None;
            }
            after.push((j, r));
        }
        let next = self.active[i + 1]
            .iter()
            .map(|&j| {
                after
                    .iter()
                    .find(|(a, _)| *a == j)
                    .map_or_else(|| need(j), |(_, r)| *r) as u8
            })
            .collect();
        Some(next)
    }
}

/// The memoised count: for position `i` and a state, the number of
/// completions using `t` mines, for every `t` up to the total.
struct Counter<'a> {
    space: &'a LayoutSpace,
    memo: HashMap<(usize, Vec<u8>), Rc<Vec<f64>>>,
}

impl<'a> Counter<'a> {
    fn new(space: &'a LayoutSpace) -> Counter<'a> {
        Counter {
            space,
            memo: HashMap::new(),
        }
    }

    /// `None` when the memo outgrows [`MAX_STATES`].
    fn poly(&mut self, i: usize, state: &[u8]) -> Option<Rc<Vec<f64>>> {
        let s = self.space;
        if i == s.cells.len() {
            return Some(Rc::new(vec![1.0]));
        }
        if let Some(p) = self.memo.get(&(i, state.to_vec())) {
            return Some(p.clone());
        }
        if self.memo.len() * (s.mines + 1) >= MAX_MEMO {
            return None;
        }
        let mut out = vec![0.0; s.mines + 1];
        for v in 0..=1usize {
            let Some(next) = s.step(i, state, v) else {
                continue;
            };
            let p = self.poly(i + 1, &next)?;
            for (t, w) in p.iter().enumerate() {
                if let Some(slot) = out.get_mut(t + v) {
                    *slot += w;
                }
            }
        }
        while out.len() > 1 && out.last() == Some(&0.0) {
            out.pop();
        }
        let p = Rc::new(out);
        self.memo.insert((i, state.to_vec()), p.clone());
        Some(p)
    }
}

/// Deals the unknown mines of a public description: a uniform layout of
/// them joins the known mines and the description becomes a true one.
/// A setup with nothing unknown is returned as it is.
///
/// # Errors
/// A [`DealError`] when the description cannot be met.
pub fn deal(mut setup: Setup, rng: &mut impl Rng) -> Result<Setup, DealError> {
    let Some(unknown) = setup.unknown.take() else {
        return Ok(setup);
    };
    let space = LayoutSpace::new(&setup, &unknown)?;
    let layout = space.sample(rng)?;
    setup.mines = setup.mines.union(&layout);
    Ok(setup)
}

/// A fresh layout of the hidden mines for a public position.
///
/// # Errors
/// When the position's counts cannot be met (never for a real game).
pub fn redeal(public: &PublicPosition, rng: &mut impl Rng) -> Result<SquareSet, DealError> {
    LayoutSpace::of_public(public)?.sample(rng)
}
