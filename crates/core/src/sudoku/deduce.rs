//! The deduction engine: what the player can be sure of from what they can
//! see (open digits and counts, block totals, sensors, notes), never from
//! the hidden board. It gives the hint and rates boards.

use super::board::neighbours;
use super::game::{CellState, MineFate, PuzzleGame};
use super::grid::Grid;
use super::preset::{PieceKind, Side};

/// What one cell shows the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seen {
    /// Closed: maybe flagged, with the digits noted absent.
    Closed {
        /// Player's flag.
        flag: bool,
        /// Bit d set: the game noted d is not here.
        not_digits: u16,
        /// A king's spare life proved it holds no mine.
        proven_empty: bool,
    },
    /// A question mark: no mine, digit unknown.
    Question,
    /// Open: its digit, count (None when hidden) and whether a mine was
    /// defused or blew up here.
    Open {
        /// Digit.
        digit: u8,
        /// Mines around, when shown.
        count: Option<u8>,
        /// A mine that was here.
        mine: Option<MineFate>,
    },
}

/// A piece and the number its sensor shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeenPiece {
    /// Cell.
    pub cell: usize,
    /// Piece kind.
    pub kind: PieceKind,
    /// Colour.
    pub side: Side,
    /// Digit.
    pub digit: u8,
    /// Sensor reading.
    pub sensor: u8,
}

/// Everything the player can see: the only input of deduction and hints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicView {
    /// Side length.
    pub size: u8,
    /// Each cell.
    pub cells: Vec<Seen>,
    /// Pieces on the board.
    pub pieces: Vec<SeenPiece>,
    /// Mines in each block.
    pub block_mines: Vec<u8>,
    /// Mines on the board.
    pub mines: u16,
}

impl PublicView {
    /// What the player of `game` sees.
    pub fn of(game: &PuzzleGame) -> PublicView {
        let cells = (0..game.cells.len())
            .map(|i| {
                let c = &game.cells[i];
                match c.state {
                    CellState::Closed => Seen::Closed {
                        flag: c.flag,
                        not_digits: c.not_digits,
                        proven_empty: c.proven_empty,
                    },
                    CellState::Question => Seen::Question,
                    CellState::Open => Seen::Open {
                        digit: game.board.grid.cells[i],
                        count: game.shown_count(i),
                        mine: c.mine,
                    },
                }
            })
            .collect();
        let pieces = game
            .pieces
            .iter()
            .map(|p| SeenPiece {
                cell: p.cell,
                kind: p.card.kind,
                side: p.card.side,
                digit: p.card.digit,
                sensor: game.sensor(p),
            })
            .collect();
        PublicView {
            size: game.board.grid.size,
            cells,
            pieces,
            block_mines: game.block_mines(),
            mines: game.mines_total() as u16,
        }
    }
}

/// What deduction is sure of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Knowledge {
    /// Per cell: Some(true) a mine, Some(false) no mine, None unknown.
    pub mine: Vec<Option<bool>>,
    /// Per cell: the digit when certain.
    pub digit: Vec<Option<u8>>,
    /// Whether it needed more than one-constraint reasoning.
    pub advanced: bool,
}

/// A hint for the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hint {
    /// This closed cell is a mine: probe it or flag it.
    Mine(usize),
    /// This cell holds no mine and holds this digit.
    SafeDigit(usize, u8),
    /// This cell holds no mine.
    Safe(usize),
    /// This cell holds this digit (a mine may still be under it).
    Digit(usize, u8),
}

impl Hint {
    /// The cell the hint is about.
    pub fn cell(self) -> usize {
        match self {
            Hint::Mine(c) | Hint::Safe(c) | Hint::SafeDigit(c, _) | Hint::Digit(c, _) => c,
        }
    }

    /// The hint in words, with the cell named like `b3` (column letter,
    /// row number from the top).
    pub fn describe(self, size: u8) -> String {
        let name = cell_name(size, self.cell());
        match self {
            Hint::Mine(_) => format!("{name} is a mine: hold it to probe (+10)"),
            Hint::SafeDigit(_, d) => format!("{name} is a {d} with no mine: place a {d} there"),
            Hint::Safe(_) => format!("{name} holds no mine"),
            Hint::Digit(_, d) => format!("{name} is a {d} (a mine may be under it)"),
        }
    }
}

/// `a1` is the top-left cell: column letter, row number from the top.
pub fn cell_name(size: u8, cell: usize) -> String {
    let n = size as usize;
    format!("{}{}", (b'a' + (cell % n) as u8) as char, cell / n + 1)
}

type Mask = u128;

fn bits(m: Mask) -> impl Iterator<Item = usize> {
    let mut m = m;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(i)
        }
    })
}

fn zone(v: &PublicView, p: &SeenPiece) -> Vec<usize> {
    super::game::zone_of(v.size as usize, p.cell, p.kind, |i| {
        matches!(v.cells[i], Seen::Open { .. }) || v.pieces.iter().any(|q| q.cell == i)
    })
}

/// Everything certain from the view.
pub fn deduce(v: &PublicView) -> Knowledge {
    let n = v.size as usize;
    let cells = n * n;
    let mut k = Knowledge {
        mine: vec![None; cells],
        digit: vec![None; cells],
        advanced: false,
    };
    let mut unknown: Mask = 0;
    for (i, s) in v.cells.iter().enumerate() {
        match s {
            Seen::Closed { .. } => unknown |= 1 << i,
            Seen::Question => k.mine[i] = Some(false),
            Seen::Open { digit, mine, .. } => {
                k.mine[i] = Some(false);
                k.digit[i] = Some(*digit);
                let _ = mine;
            }
        }
    }
    let resolved = |i: usize| matches!(v.cells[i], Seen::Open { mine: Some(_), .. });
    // Mine constraints: (cells, mines among them).
    let mut cons: Vec<(Mask, i32)> = Vec::new();
    for (i, s) in v.cells.iter().enumerate() {
        if let Seen::Open {
            count: Some(count), ..
        } = s
        {
            let mut m: Mask = 0;
            let mut done = 0;
            for j in neighbours(n, i) {
                if unknown & (1 << j) != 0 {
                    m |= 1 << j;
                } else if resolved(j) {
                    done += 1;
                }
            }
            cons.push((m, *count as i32 - done));
        }
    }
    let mut blocks: Vec<(Mask, i32)> = v.block_mines.iter().map(|&b| (0, b as i32)).collect();
    let mut total = (unknown, v.mines as i32);
    for i in 0..cells {
        let b = Grid::block_of(v.size, i);
        if unknown & (1 << i) != 0 {
            blocks[b].0 |= 1 << i;
        } else if resolved(i) {
            blocks[b].1 -= 1;
            total.1 -= 1;
        }
    }
    cons.extend(blocks);
    cons.push(total);
    // A spent spare life proved its cell empty.
    for (i, s) in v.cells.iter().enumerate() {
        if let Seen::Closed {
            proven_empty: true, ..
        } = s
        {
            cons.push((1 << i, 0));
        }
    }
    for p in &v.pieces {
        if p.side == Side::White {
            let m = zone(v, p)
                .into_iter()
                .filter(|&i| unknown & (1 << i) != 0)
                .fold(0, |m, i| m | (1 << i));
            cons.push((m, p.sensor as i32));
        }
    }
    solve_mines(&mut k, &mut cons);
    solve_digits(v, &mut k);
    k
}

fn solve_mines(k: &mut Knowledge, cons: &mut Vec<(Mask, i32)>) {
    let mut mines: Mask = 0;
    let mut safe: Mask = 0;
    loop {
        let mut progress = false;
        // Fold known cells into the constraints.
        for c in cons.iter_mut() {
            c.1 -= (c.0 & mines).count_ones() as i32;
            c.0 &= !(mines | safe);
        }
        cons.retain(|c| c.0 != 0);
        cons.sort_unstable();
        cons.dedup();
        for &(m, val) in cons.iter() {
            if val == 0 {
                safe |= m;
                progress = true;
            } else if val == m.count_ones() as i32 {
                mines |= m;
                progress = true;
            }
        }
        if progress {
            continue;
        }
        // Two overlapping constraints bound the mines in their overlap.
        let len = cons.len().min(400);
        'pairs: for a in 0..len {
            for b in 0..len {
                let ((ma, va), (mb, vb)) = (cons[a], cons[b]);
                let inter = ma & mb;
                if a == b || inter == 0 {
                    continue;
                }
                let (only_a, only_b) = (ma & !inter, mb & !inter);
                let lo = 0
                    .max(va - only_a.count_ones() as i32)
                    .max(vb - only_b.count_ones() as i32);
                let hi = (inter.count_ones() as i32).min(va).min(vb);
                let mut found = false;
                if only_a != 0 {
                    if va - hi == only_a.count_ones() as i32 {
                        mines |= only_a;
                        found = true;
                    } else if va - lo == 0 {
                        safe |= only_a;
                        found = true;
                    }
                }
                if only_b != 0 {
                    if vb - hi == only_b.count_ones() as i32 {
                        mines |= only_b;
                        found = true;
                    } else if vb - lo == 0 {
                        safe |= only_b;
                        found = true;
                    }
                }
                if found {
                    k.advanced = true;
                    progress = true;
                    break 'pairs;
                }
            }
        }
        if !progress {
            break;
        }
    }
    for i in bits(mines) {
        k.mine[i] = Some(true);
    }
    for i in bits(safe & !mines) {
        k.mine[i] = Some(false);
    }
}

fn solve_digits(v: &PublicView, k: &mut Knowledge) {
    let n = v.size as usize;
    let full: u16 = (((1u32 << n) - 1) << 1) as u16;
    let units: Vec<Vec<usize>> = (0..n)
        .map(|r| (0..n).map(|c| r * n + c).collect())
        .chain((0..n).map(|c| (0..n).map(|r| r * n + c).collect()))
        .chain((0..n).map(|b| {
            (0..n * n)
                .filter(|&i| Grid::block_of(v.size, i) == b)
                .collect()
        }))
        .collect();
    let mut cand: Vec<u16> = v
        .cells
        .iter()
        .map(|s| match s {
            Seen::Closed { not_digits, .. } => full & !not_digits,
            Seen::Question => full,
            Seen::Open { digit, .. } => 1 << digit,
        })
        .collect();
    let zones: Vec<(Vec<usize>, u8, u8)> = v
        .pieces
        .iter()
        .filter(|p| p.side == Side::Black)
        .map(|p| {
            let z = zone(v, p)
                .into_iter()
                .filter(|&i| !matches!(v.cells[i], Seen::Open { .. }))
                .collect();
            (z, p.digit, p.sensor)
        })
        .collect();
    loop {
        let mut progress = false;
        for u in &units {
            let fixed: u16 = u
                .iter()
                .filter(|&&i| cand[i].count_ones() == 1)
                .fold(0, |m, &i| m | cand[i]);
            for &i in u {
                if cand[i].count_ones() > 1 && cand[i] & fixed != 0 {
                    cand[i] &= !fixed;
                    progress = true;
                }
            }
            for d in 1..=n as u8 {
                let bit = 1u16 << d;
                if fixed & bit != 0 {
                    continue;
                }
                let holders: Vec<usize> =
                    u.iter().copied().filter(|&i| cand[i] & bit != 0).collect();
                if holders.len() == 1 && cand[holders[0]] != bit {
                    cand[holders[0]] = bit;
                    progress = true;
                }
            }
        }
        for (z, d, s) in &zones {
            let bit = 1u16 << d;
            let sure = z.iter().filter(|&&i| cand[i] == bit).count() as u8;
            let maybe: Vec<usize> = z
                .iter()
                .copied()
                .filter(|&i| cand[i] & bit != 0 && cand[i] != bit)
                .collect();
            if maybe.is_empty() {
                continue;
            }
            if sure == *s {
                for &i in &maybe {
                    cand[i] &= !bit;
                }
                progress = true;
            } else if sure as usize + maybe.len() == *s as usize {
                for &i in &maybe {
                    cand[i] = bit;
                }
                progress = true;
            }
        }
        if !progress || cand.contains(&0) {
            break;
        }
    }
    for (i, &c) in cand.iter().enumerate() {
        if c.count_ones() == 1 && k.digit[i].is_none() {
            k.digit[i] = Some(c.trailing_zeros() as u8);
        }
    }
}

/// The most useful certain thing about a closed cell, if any.
pub fn hint(v: &PublicView) -> Option<Hint> {
    let k = deduce(v);
    let closed = |i: usize| matches!(v.cells[i], Seen::Closed { .. });
    let occupied = |i: usize| v.pieces.iter().any(|p| p.cell == i);
    let cells = 0..v.cells.len();
    if let Some(i) = cells
        .clone()
        .find(|&i| closed(i) && k.mine[i] == Some(true))
    {
        return Some(Hint::Mine(i));
    }
    let safe = |i: usize| closed(i) && !occupied(i) && k.mine[i] == Some(false);
    if let Some(i) = cells.clone().find(|&i| safe(i) && k.digit[i].is_some()) {
        return k.digit[i].map(|d| Hint::SafeDigit(i, d));
    }
    if let Some(i) = cells.clone().find(|&i| safe(i)) {
        return Some(Hint::Safe(i));
    }
    cells
        .filter(|&i| closed(i) && !occupied(i))
        .find_map(|i| k.digit[i].map(|d| Hint::Digit(i, d)))
}

/// How hard a board is for pure deduction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rating {
    /// Deduction alone defused every mine.
    pub solved: bool,
    /// Mines deduction found.
    pub mines_found: usize,
    /// Mines on the board.
    pub mines: usize,
    /// Rounds of deduction needed.
    pub rounds: u32,
    /// Needed reasoning over two constraints at once.
    pub advanced: bool,
}

impl Rating {
    /// 1 (gentle) to 4 (daring).
    pub fn stars(&self) -> u8 {
        match (self.solved, self.advanced) {
            (true, false) => 1,
            (true, true) => 2,
            _ if self.mines_found * 2 >= self.mines => 3,
            _ => 4,
        }
    }

    /// A word for the rating.
    pub fn label(&self) -> &'static str {
        ["Gentle", "Thoughtful", "Tricky", "Daring"][self.stars() as usize - 1]
    }
}

/// Plays a board by deduction only: probe every certain mine, open every
/// empty cell whose digit is certain (a right-digit placement), repeat. The
/// moves are chosen from the public view alone; the hidden board only
/// answers them.
pub fn rate(game: &PuzzleGame) -> Rating {
    let mut g = game.clone();
    let mut rating = Rating {
        solved: false,
        mines_found: 0,
        mines: g.mines_total(),
        rounds: 0,
        advanced: false,
    };
    loop {
        let v = PublicView::of(&g);
        let k = deduce(&v);
        rating.advanced |= k.advanced;
        let mut progress = false;
        for i in 0..g.cells.len() {
            if g.cells[i].state != CellState::Closed {
                continue;
            }
            match k.mine[i] {
                Some(true) if g.cells[i].mine == Some(MineFate::Live) => {
                    g.cells[i].mine = Some(MineFate::Defused);
                    g.cells[i].state = CellState::Open;
                    rating.mines_found += 1;
                    progress = true;
                }
                // An empty cell opens only when its digit is certain too:
                // that is a piece the player can place without guessing.
                Some(false) if g.cells[i].mine.is_none() && k.digit[i].is_some() => {
                    g.cells[i].state = CellState::Open;
                    progress = true;
                }
                _ => {}
            }
        }
        if !progress {
            break;
        }
        rating.rounds += 1;
    }
    rating.solved = rating.mines_found == rating.mines;
    rating
}
