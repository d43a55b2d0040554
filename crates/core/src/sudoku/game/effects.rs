//! What each action does to the board: opening, blowing, defusing,
//! question marks, points, placing, board moves and flag-jumps, and the end
//! of the board.

use super::*;

impl PuzzleGame {
    pub(super) fn why_not_move(&self, from: usize, to: usize) -> Refusal {
        let Some(p) = self.piece_at(from) else {
            return Refusal::NoPiece;
        };
        if self.piece_at(to).is_some() {
            return Refusal::OtherPiece;
        }
        if p.stamina == 0 {
            return Refusal::NoStamina(p.card.kind);
        }
        if self.cells[to].state == CellState::Question {
            return Refusal::Question;
        }
        Refusal::CannotMove(p.card.kind)
    }

    pub(super) fn refill(&mut self, slot: usize) {
        if self.hand.len() < self.preset.file.hand as usize
            && let Some(c) = self.deck.pop_front()
        {
            let slot = slot.min(self.hand.len());
            self.hand.insert(slot, c);
        }
    }

    pub(super) fn open(&mut self, cell: usize, ev: &mut Vec<Event>) -> i32 {
        self.cells[cell].state = CellState::Open;
        self.cells[cell].flag = false;
        let digit = self.board.grid.cells[cell];
        ev.push(Event::Opened { cell, digit });
        digit as i32 * self.preset.file.scoring.per_digit
    }

    pub(super) fn blow(&mut self, cell: usize, card: Card, ev: &mut Vec<Event>) {
        self.cells[cell].mine = Some(MineFate::Blown);
        self.cells[cell].state = CellState::Open;
        self.cells[cell].flag = false;
        self.lives = self.lives.saturating_sub(1);
        self.destroyed.push(card);
        ev.push(Event::Blew(cell));
        ev.push(Event::Destroyed(card));
    }

    pub(super) fn defuse(&mut self, cell: usize, ev: &mut Vec<Event>) {
        self.cells[cell].mine = Some(MineFate::Defused);
        ev.push(Event::Defused(cell));
    }

    pub(super) fn question(&mut self, cell: usize, ev: &mut Vec<Event>) {
        self.cells[cell].state = CellState::Question;
        self.cells[cell].flag = false;
        ev.push(Event::Question(cell));
    }

    pub(super) fn score(&mut self, points: i32, ev: &mut Vec<Event>) {
        if points != 0 {
            self.score += points;
            ev.push(Event::Points(points));
        }
    }

    pub(super) fn new_piece(&mut self, card: Card, cell: usize) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        let f = &self.preset.file;
        self.pieces.push(Piece {
            id,
            card,
            cell,
            stamina: if card.kind == PieceKind::Knight {
                f.stamina.knight
            } else {
                f.stamina.other
            },
            spare: if card.kind == PieceKind::King {
                f.king_spare_lives
            } else {
                0
            },
        });
        id
    }

    pub(super) fn probe(&mut self, cell: usize, ev: &mut Vec<Event>) {
        let s = self.preset.file.scoring.clone();
        if self.cells[cell].mine == Some(MineFate::Live) {
            self.defuse(cell, ev);
            self.open(cell, ev);
            self.score(s.probe_hit, ev);
            return;
        }
        let n = self.size();
        let king = self.pieces.iter_mut().find(|p| {
            p.card.kind == PieceKind::King
                && p.spare > 0
                && (p.cell / n).abs_diff(cell / n) <= 1
                && (p.cell % n).abs_diff(cell % n) <= 1
        });
        if let Some(k) = king {
            k.spare -= 1;
            ev.push(Event::SpareLife { id: k.id, cell });
            self.cells[cell].proven_empty = true;
            return;
        }
        self.question(cell, ev);
        self.score(s.probe_miss, ev);
    }

    pub(super) fn place(&mut self, card: Card, cell: usize, ev: &mut Vec<Event>) {
        if self.cells[cell].mine == Some(MineFate::Live) {
            self.blow(cell, card, ev);
            return;
        }
        if self.board.grid.cells[cell] != card.digit {
            self.cells[cell].not_digits |= 1 << card.digit;
            ev.push(Event::NotDigit {
                cell,
                digit: card.digit,
            });
            self.bench.push(card);
            ev.push(Event::SatOut(card));
            return;
        }
        let pts = self.open(cell, ev);
        let id = self.new_piece(card, cell);
        ev.push(Event::Placed { id, cell });
        self.score(pts, ev);
    }

    pub(super) fn take_piece(&mut self, cell: usize) -> Option<Piece> {
        let i = self.pieces.iter().position(|p| p.cell == cell)?;
        Some(self.pieces.remove(i))
    }

    pub(super) fn board_move(&mut self, from: usize, to: usize, glide: bool, ev: &mut Vec<Event>) {
        let Some(mut piece) = self.take_piece(from) else {
            return;
        };
        if glide {
            piece.card.digit = self.board.grid.cells[to];
            piece.cell = to;
            ev.push(Event::Moved {
                id: piece.id,
                from,
                to,
            });
            self.pieces.push(piece);
            return;
        }
        piece.stamina -= 1;
        if !piece.card.kind.slides() {
            if self.cells[to].mine == Some(MineFate::Live) {
                ev.push(Event::Moved {
                    id: piece.id,
                    from,
                    to,
                });
                self.blow(to, piece.card, ev);
                return;
            }
            let pts = self.open(to, ev);
            piece.cell = to;
            ev.push(Event::Moved {
                id: piece.id,
                from,
                to,
            });
            self.pieces.push(piece);
            self.score(pts, ev);
            return;
        }
        self.line_move(piece, from, to, ev);
    }

    /// A line piece's move (its stamina already spent): it opens its path
    /// cell by cell, defusing flagged mines on the way, and stops at a
    /// wrong flag (sitting out) or a mine it did not flag (blowing up).
    fn line_move(&mut self, mut piece: Piece, from: usize, to: usize, ev: &mut Vec<Event>) {
        let s = self.preset.file.scoring.clone();
        let n = self.size() as i32;
        let (dr, dc) = (
            (to as i32 / n - from as i32 / n).signum(),
            (to as i32 % n - from as i32 % n).signum(),
        );
        let (mut r, mut c) = (from as i32 / n, from as i32 % n);
        let (mut points, mut defused) = (0, 0);
        let mut stopped = false;
        loop {
            r += dr;
            c += dc;
            let Some(i) = at(n as usize, r, c) else { break };
            if self.is_closed(i) {
                let cell = &self.cells[i];
                match (cell.flag, cell.mine == Some(MineFate::Live)) {
                    (true, true) => {
                        self.defuse(i, ev);
                        points += self.open(i, ev) + s.defuse;
                        defused += 1;
                    }
                    (true, false) => {
                        self.question(i, ev);
                        ev.push(Event::Moved {
                            id: piece.id,
                            from,
                            to: i,
                        });
                        self.bench.push(piece.card);
                        ev.push(Event::SatOut(piece.card));
                        points = self.multiplied(points, defused) + s.wrong_flag;
                        stopped = true;
                        break;
                    }
                    (false, true) => {
                        ev.push(Event::Moved {
                            id: piece.id,
                            from,
                            to: i,
                        });
                        points = self.multiplied(points, defused);
                        self.blow(i, piece.card, ev);
                        stopped = true;
                        break;
                    }
                    (false, false) => points += self.open(i, ev),
                }
            }
            if i == to {
                break;
            }
        }
        if !stopped {
            points = self.multiplied(points, defused);
            piece.card.digit = self.board.grid.cells[to];
            piece.cell = to;
            ev.push(Event::Moved {
                id: piece.id,
                from,
                to,
            });
            self.pieces.push(piece);
        }
        self.score(points, ev);
    }

    pub(super) fn multiplied(&self, points: i32, defused: u32) -> i32 {
        if self.preset.file.scoring.multi_defuse && defused >= 2 {
            points * defused as i32
        } else {
            points
        }
    }

    pub(super) fn flag_jump(&mut self, from: usize, to: usize, ev: &mut Vec<Event>) {
        let Some(mut knight) = self.take_piece(from) else {
            return;
        };
        let (mut chain_points, mut chain_defused) = match self.chain {
            Some((id, p, d)) if id == knight.id => (p, d),
            _ => {
                knight.stamina -= 1;
                (0, 0)
            }
        };
        let before = self.multiplied(chain_points, chain_defused);
        ev.push(Event::Moved {
            id: knight.id,
            from,
            to,
        });
        if self.cells[to].mine == Some(MineFate::Live) {
            self.defuse(to, ev);
            chain_points += self.open(to, ev) + self.preset.file.scoring.defuse;
            chain_defused += 1;
            knight.cell = to;
            self.chain = Some((knight.id, chain_points, chain_defused));
            self.pieces.push(knight);
            let after = self.multiplied(chain_points, chain_defused);
            self.score(after - before, ev);
        } else {
            self.question(to, ev);
            self.bench.push(knight.card);
            ev.push(Event::SatOut(knight.card));
            self.chain = None;
        }
    }

    pub(super) fn check_end(&mut self, ev: &mut Vec<Event>) {
        // Losing the last life loses the board, even to the last mine.
        let status = if self.lives == 0 {
            Status::LostLives
        } else if self.mines_done() == self.mines_total() {
            Status::Won
        } else if self.hand.is_empty() && self.deck.is_empty() && !self.can_move() {
            Status::LostPieces
        } else {
            return;
        };
        self.status = status;
        self.chain = None;
        ev.push(Event::Over(status));
    }
}
