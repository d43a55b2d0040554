//! The rules of Sweeper Sudoku as a pure state machine: every action a
//! player can take, what it does to the board, and the events the view
//! animates. No Bevy here: the ECS, the deduction engine, the soak test and
//! the `puzzle` command all drive this.

use super::board::{Board, Card, at, merge_digits, neighbours};

mod effects;
mod types;

use super::grid::Grid;
use super::preset::{PieceKind, Side, SudokuPreset};
pub use types::{Action, Cell, CellState, Event, MineFate, Piece, Refusal, Status};

/// A whole board being played.
#[derive(Debug, Clone)]
pub struct PuzzleGame {
    /// The preset's numbers.
    pub preset: SudokuPreset,
    /// The hidden truth.
    pub board: Board,
    /// What each cell shows.
    pub cells: Vec<Cell>,
    /// Pieces on the board.
    pub pieces: Vec<Piece>,
    /// The hand (up to `preset.hand` cards).
    pub hand: Vec<Card>,
    /// Cards still in the deck, next first.
    pub deck: std::collections::VecDeque<Card>,
    /// Pieces that sit out.
    pub bench: Vec<Card>,
    /// Pieces destroyed by mines.
    pub destroyed: Vec<Card>,
    /// Lives left.
    pub lives: u8,
    /// Score in points.
    pub score: i32,
    /// Actions taken that changed the board.
    pub moves: u32,
    /// Where the game stands.
    pub status: Status,
    /// A knight in a flag-jump chain: (piece id, points so far, mines
    /// defused so far) — its next jump is free.
    pub chain: Option<(u32, i32, u32)>,
    /// Every accepted action, in order (saves replay it).
    pub log: Vec<Action>,
    next_id: u32,
}

impl PuzzleGame {
    /// A new game on a generated board.
    pub fn new(preset: SudokuPreset, board: Board) -> PuzzleGame {
        let n = board.size();
        let cells = (0..n * n)
            .map(|i| Cell {
                state: if board.open[i] {
                    CellState::Open
                } else {
                    CellState::Closed
                },
                flag: false,
                not_digits: 0,
                shows_count: !board.hidden_count[i],
                proven_empty: false,
                mine: board.mines[i].then_some(MineFate::Live),
            })
            .collect();
        let mut deck: std::collections::VecDeque<Card> = board.deck.iter().copied().collect();
        let hand = (0..preset.file.hand)
            .filter_map(|_| deck.pop_front())
            .collect();
        PuzzleGame {
            lives: preset.file.lives,
            preset,
            board,
            cells,
            pieces: Vec::new(),
            hand,
            deck,
            bench: Vec::new(),
            destroyed: Vec::new(),
            score: 0,
            moves: 0,
            status: Status::Playing,
            chain: None,
            log: Vec::new(),
            next_id: 1,
        }
    }

    /// Generates the board for a preset and seed and starts it.
    pub fn from_seed(preset: SudokuPreset, seed: u64) -> PuzzleGame {
        let board = super::board::generate(&preset, seed);
        PuzzleGame::new(preset, board)
    }

    /// Side length.
    pub fn size(&self) -> usize {
        self.board.size()
    }

    /// The piece standing on a cell.
    pub fn piece_at(&self, cell: usize) -> Option<&Piece> {
        self.pieces.iter().find(|p| p.cell == cell)
    }

    /// A closed cell (flagged or not; question marks are not "closed" for
    /// actions but are for zones).
    pub fn is_closed(&self, cell: usize) -> bool {
        self.cells[cell].state == CellState::Closed
    }

    /// Mines defused or blown.
    pub fn mines_done(&self) -> usize {
        self.cells
            .iter()
            .filter(|c| matches!(c.mine, Some(MineFate::Defused | MineFate::Blown)))
            .count()
    }

    /// Mines on the board.
    pub fn mines_total(&self) -> usize {
        self.board.mines.iter().filter(|&&m| m).count()
    }

    /// The count an open cell shows (None when closed or hidden).
    pub fn shown_count(&self, cell: usize) -> Option<u8> {
        let c = &self.cells[cell];
        (c.state == CellState::Open && c.shows_count).then(|| self.board.count(cell))
    }

    /// Mines in each block (public: every block shows its total).
    pub fn block_mines(&self) -> Vec<u8> {
        self.board.block_mines()
    }

    /// Mines defused or blown in each block.
    pub fn block_done(&self) -> Vec<u8> {
        let mut v = vec![0u8; self.size()];
        for (i, c) in self.cells.iter().enumerate() {
            if matches!(c.mine, Some(MineFate::Defused | MineFate::Blown)) {
                v[Grid::block_of(self.board.grid.size, i)] += 1;
            }
        }
        v
    }

    /// Score in pawns (points / points_per_pawn).
    pub fn pawns(&self) -> f32 {
        self.score as f32 / self.preset.file.scoring.points_per_pawn as f32
    }

    /// The cells in a piece's zone.
    pub fn zone(&self, piece: &Piece) -> Vec<usize> {
        zone_of(self.size(), piece.cell, piece.card.kind, |i| {
            self.cells[i].state == CellState::Open || self.piece_at(i).is_some()
        })
    }

    /// A piece's sensor: white counts the mines left in its zone, black the
    /// closed cells in its zone that hide its digit.
    pub fn sensor(&self, piece: &Piece) -> u8 {
        let zone = self.zone(piece);
        match piece.card.side {
            Side::White => zone
                .iter()
                .filter(|&&i| self.cells[i].mine == Some(MineFate::Live))
                .count() as u8,
            Side::Black => zone
                .iter()
                .filter(|&&i| {
                    self.cells[i].state != CellState::Open
                        && self.board.grid.cells[i] == piece.card.digit
                })
                .count() as u8,
        }
    }

    /// Cells a board piece may move to (stamina allowing), with whether the
    /// move is a free rook glide. Depends only on what the player sees.
    pub fn targets(&self, from: usize) -> Vec<(usize, bool)> {
        let Some(p) = self.piece_at(from) else {
            return Vec::new();
        };
        let n = self.size();
        let (r, c) = ((from / n) as i32, (from % n) as i32);
        let mut out = Vec::new();
        let enterable = |i: usize| self.is_closed(i) && self.piece_at(i).is_none();
        match p.card.kind {
            PieceKind::King | PieceKind::Knight => {
                if p.stamina == 0 {
                    return out;
                }
                let steps: Vec<usize> = if p.card.kind == PieceKind::King {
                    neighbours(n, from).collect()
                } else {
                    KNIGHT
                        .iter()
                        .filter_map(|&(dr, dc)| at(n, r + dr, c + dc))
                        .collect()
                };
                out.extend(
                    steps
                        .into_iter()
                        .filter(|&i| enterable(i))
                        .map(|i| (i, false)),
                );
            }
            kind => {
                for &(dr, dc) in directions(kind) {
                    let (mut rr, mut cc) = (r + dr, c + dc);
                    let mut all_open = true;
                    while let Some(i) = at(n, rr, cc) {
                        if self.piece_at(i).is_some() || self.cells[i].state == CellState::Question
                        {
                            break;
                        }
                        if self.is_closed(i) {
                            all_open = false;
                            if p.stamina > 0 {
                                out.push((i, false));
                            }
                        } else if all_open && kind == PieceKind::Rook {
                            out.push((i, true));
                        }
                        rr += dr;
                        cc += dc;
                    }
                }
            }
        }
        out
    }

    /// Cells a knight may flag-jump to now.
    pub fn jump_targets(&self, from: usize) -> Vec<usize> {
        let Some(p) = self.piece_at(from) else {
            return Vec::new();
        };
        if p.card.kind != PieceKind::Knight {
            return Vec::new();
        }
        let free = self.chain.is_some_and(|(id, _, _)| id == p.id);
        if !free && p.stamina == 0 {
            return Vec::new();
        }
        let n = self.size();
        let (r, c) = ((from / n) as i32, (from % n) as i32);
        KNIGHT
            .iter()
            .filter_map(|&(dr, dc)| at(n, r + dr, c + dc))
            .filter(|&i| self.is_closed(i) && self.piece_at(i).is_none())
            .collect()
    }

    /// Whether any board piece can still make a move that changes the board
    /// (free rook glides do not count).
    pub fn can_move(&self) -> bool {
        self.pieces.iter().any(|p| {
            self.targets(p.cell).iter().any(|&(_, glide)| !glide)
                || !self.jump_targets(p.cell).is_empty()
        })
    }

    /// Does an action; returns what happened, or why it cannot be done (the
    /// game is unchanged then).
    ///
    /// # Errors
    /// A [`Refusal`] naming the reason, in words for the player.
    pub fn apply(&mut self, action: &Action) -> Result<Vec<Event>, Refusal> {
        if self.status != Status::Playing {
            return Err(Refusal::Over);
        }
        let cells = self.cells.len();
        let bad_cell = |c: usize| c >= cells;
        let mut ev = Vec::new();
        // Any move but a jump of the chaining knight ends its chain. Flags,
        // probes and discards are not moves ("a probe isn't a move"; while
        // it keeps hitting, it keeps jumping: puzzle Decision 5).
        let keeps_chain = matches!(action, Action::FlagJump { from, .. }
            if self.chain.is_some_and(|(id, _, _)| self.piece_at(*from).is_some_and(|p| p.id == id)))
            || matches!(
                action,
                Action::Flag(_) | Action::Probe(_) | Action::Discard(_)
            );
        match action {
            Action::Flag(cell) => {
                let cell = *cell;
                if bad_cell(cell) || !self.is_closed(cell) {
                    return Err(Refusal::FlagOnOpen);
                }
                if self.piece_at(cell).is_some() {
                    return Err(Refusal::PieceThere);
                }
                self.cells[cell].flag = !self.cells[cell].flag;
            }
            Action::Probe(cell) => {
                let cell = *cell;
                if bad_cell(cell) || !self.is_closed(cell) || self.piece_at(cell).is_some() {
                    return Err(Refusal::ProbeOpen);
                }
                self.probe(cell, &mut ev);
            }
            Action::Place { hand, cell } => {
                let (hand, cell) = (*hand, *cell);
                if hand >= self.hand.len() {
                    return Err(Refusal::NoCard);
                }
                if bad_cell(cell) || !self.is_closed(cell) || self.piece_at(cell).is_some() {
                    return Err(Refusal::PlaceOnOpen);
                }
                if self.cells[cell].flag {
                    return Err(Refusal::Flagged);
                }
                let card = self.hand.remove(hand);
                self.place(card, cell, &mut ev);
                self.refill(hand);
            }
            Action::Move { from, to } => {
                let (from, to) = (*from, *to);
                if bad_cell(from) || bad_cell(to) {
                    return Err(Refusal::OffBoard);
                }
                let Some(&(_, glide)) = self.targets(from).iter().find(|(t, _)| *t == to) else {
                    return Err(self.why_not_move(from, to));
                };
                self.board_move(from, to, glide, &mut ev);
            }
            Action::FlagJump { from, to } => {
                let (from, to) = (*from, *to);
                if bad_cell(from) || bad_cell(to) || !self.jump_targets(from).contains(&to) {
                    return Err(Refusal::FlagJump);
                }
                self.flag_jump(from, to, &mut ev);
            }
            Action::EndChain => {
                if self.chain.is_none() {
                    return Err(Refusal::NoJump);
                }
            }
            Action::Discard(list) => self.discard(list)?,
            Action::Merge { into, fed } => self.merge(*into, *fed)?,
        }
        if !keeps_chain && !matches!(action, Action::FlagJump { .. }) {
            self.chain = None;
        }
        if !matches!(action, Action::Flag(_) | Action::EndChain) {
            self.moves += 1;
        }
        self.log.push(action.clone());
        self.check_end(&mut ev);
        Ok(ev)
    }

    /// Discards the cards at hand slots `list`; each slot takes the deck's
    /// next card in place, and with the deck empty the hand shrinks.
    fn discard(&mut self, list: &[usize]) -> Result<(), Refusal> {
        let mut list = list.to_vec();
        list.sort_unstable();
        list.dedup();
        if list.is_empty() || list.iter().any(|&i| i >= self.hand.len()) {
            return Err(Refusal::Discard);
        }
        let mut gone = Vec::new();
        for &i in &list {
            match self.deck.pop_front() {
                Some(c) => self.hand[i] = c,
                None => gone.push(i),
            }
        }
        for &i in gone.iter().rev() {
            self.hand.remove(i);
        }
        Ok(())
    }

    /// Merges the card at slot `fed` into the one at `into`.
    fn merge(&mut self, into: usize, fed: usize) -> Result<(), Refusal> {
        if into == fed || into >= self.hand.len() || fed >= self.hand.len() {
            return Err(Refusal::Merge);
        }
        let d = self.hand[fed].digit;
        let size = self.board.grid.size;
        self.hand[into].digit = merge_digits(size, self.hand[into].digit, d);
        self.hand.remove(fed);
        self.refill(fed);
        Ok(())
    }
}

/// The zone of a `kind` standing on `cell` of an `n`-wide board: the 8
/// cells around a king, a knight's 8 jumps, or a line piece's lines up to
/// (not including) the first cell where `stops` holds.
pub fn zone_of(
    n: usize,
    cell: usize,
    kind: PieceKind,
    stops: impl Fn(usize) -> bool,
) -> Vec<usize> {
    let (r, c) = ((cell / n) as i32, (cell % n) as i32);
    match kind {
        PieceKind::King => neighbours(n, cell).collect(),
        PieceKind::Knight => KNIGHT
            .iter()
            .filter_map(|&(dr, dc)| at(n, r + dr, c + dc))
            .collect(),
        kind => {
            let mut z = Vec::new();
            for &(dr, dc) in directions(kind) {
                let (mut rr, mut cc) = (r + dr, c + dc);
                while let Some(i) = at(n, rr, cc) {
                    if stops(i) {
                        break;
                    }
                    z.push(i);
                    rr += dr;
                    cc += dc;
                }
            }
            z
        }
    }
}

const KNIGHT: [(i32, i32); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

fn directions(kind: PieceKind) -> &'static [(i32, i32)] {
    const ROOK: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
    const BISHOP: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
    const QUEEN: [(i32, i32); 8] = [
        (-1, 0),
        (1, 0),
        (0, -1),
        (0, 1),
        (-1, -1),
        (-1, 1),
        (1, -1),
        (1, 1),
    ];
    match kind {
        PieceKind::Rook => &ROOK,
        PieceKind::Bishop => &BISHOP,
        PieceKind::Queen => &QUEEN,
        _ => &[],
    }
}
