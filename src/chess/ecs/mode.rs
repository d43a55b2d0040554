//! The mode the game on the board is played in, and what it tells the
//! shared systems. The mode plugins (`chess::modes`, `chess::online`) are
//! the only ones to look inside [`PlayMode`]; every shared system reads
//! [`ModeRules`], which the mode in play inserts when it starts.

use bevy::prelude::*;
use minesweeper_core::ai::Level;
use minesweeper_core::chess::{ByColor, Color as Side};

use super::Decider;

/// The mode picked, with its settings: by the title (or a script), and by
/// the online client when a game arrives.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum PlayMode {
    /// Two people at one screen.
    #[default]
    HotSeat,
    /// A person against the computer.
    Computer {
        /// The side the computer plays.
        side: Side,
        /// How strong it plays.
        level: Level,
    },
    /// An online game: the seat is the online client's
    /// (`chess::online::Online::side`).
    Online,
}

/// Who plays a side, as the player cards name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// Somebody at this screen, or an opponent online: named by colour.
    Person,
    /// The computer at this level.
    Computer(Level),
}

/// What the mode in play provides to the shared systems. Inserted by the
/// mode's plugin when its mode starts; a new mode inserts its own and
/// changes no shared system.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct ModeRules {
    /// Who decides the moves: the local rules or the server.
    pub decider: Decider,
    /// The sides moved from this screen (pointer, keys, typed moves).
    /// Undo takes back moves until one of them is to move; resigning
    /// resigns the side to move if it is one, else the other.
    pub movers: ByColor<bool>,
    /// Who plays each side, for the player cards.
    pub players: ByColor<Player>,
    /// Whether the players at this screen may agree a draw here (the
    /// computer never agrees; online a draw is offered to the server).
    pub draw_here: bool,
    /// Whether the engine's hint is offered.
    pub hints: bool,
}

impl Default for ModeRules {
    /// Hot-seat's: both sides moved here, the local rules decide.
    fn default() -> Self {
        ModeRules {
            decider: Decider::Local,
            movers: ByColor::new(true, true),
            players: ByColor::new(Player::Person, Player::Person),
            draw_here: true,
            hints: true,
        }
    }
}

impl ModeRules {
    /// Whether `turn`'s moves are made at this screen.
    pub fn moves_here(&self, turn: Side) -> bool {
        self.movers[turn]
    }

    /// The one side moved here while the other is moved elsewhere (by
    /// the computer, by an opponent online): its player may premove.
    pub fn sole_mover(&self) -> Option<Side> {
        match (self.movers[Side::White], self.movers[Side::Black]) {
            (true, false) => Some(Side::White),
            (false, true) => Some(Side::Black),
            _ => None,
        }
    }

    /// Whether this screen only watches (moves for neither side).
    pub fn watching(&self) -> bool {
        !self.movers[Side::White] && !self.movers[Side::Black]
    }

    /// The level of the computer, if it plays a side.
    pub fn computer_level(&self) -> Option<Level> {
        [Side::White, Side::Black]
            .into_iter()
            .find_map(|s| match self.players[s] {
                Player::Computer(level) => Some(level),
                Player::Person => None,
            })
    }

    /// Whether the local rules decide (new games, undo and resignation
    /// are settled here).
    pub fn decided_here(&self) -> bool {
        self.decider == Decider::Local
    }
}

/// Run condition: the local rules decide the moves.
pub fn decided_here(rules: Res<ModeRules>) -> bool {
    rules.decided_here()
}

/// Run condition: the server decides the moves.
pub fn decided_by_server(rules: Res<ModeRules>) -> bool {
    rules.decider == Decider::Server
}
