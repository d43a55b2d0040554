//! The game's history: one core [`Game`] (start position, moves with their
//! SAN and reports, repetition keys, outcome) that the turn plays each move
//! into. The entities are the board; this is what came before, what the
//! move list shows and what is saved.

use bevy::prelude::*;

use minesweeper_core::chess::{
    Color as Side, Game, Outcome, PlayedMove, Position, PublicPosition, SquareSet, Variant,
};

/// The game in play, as the rules keep it (true mines included: shown and
/// saved only through public views and [`minesweeper_core::chess::record`]).
#[derive(Resource, Debug, Clone)]
pub struct ChessGame {
    game: Game,
    /// Mines placed at the start of this game.
    pub mines_at_start: usize,
}

impl Default for ChessGame {
    fn default() -> Self {
        let start = Position::new(&Variant::classic(), SquareSet::EMPTY)
            .expect("the classic start is a legal position");
        ChessGame::new(Game::from_position(start))
    }
}

impl ChessGame {
    /// A game in play from `game`.
    pub fn new(game: Game) -> ChessGame {
        let mines_at_start = game.start().mines_left();
        ChessGame {
            game,
            mines_at_start,
        }
    }

    /// A game known only in public (online: the server keeps the mines),
    /// from the board the players see; nothing hides under its fog here.
    pub fn from_public(seen: &PublicPosition) -> ChessGame {
        ChessGame::new(Game::from_position(seen.position().clone()))
    }

    /// The history, hidden mines included: for the turn's stages, saving
    /// and the computer's public view only, never public.
    pub(crate) fn true_game(&self) -> &Game {
        &self.game
    }

    /// The history, to play a move into or end the game.
    pub(crate) fn true_game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// Replaces the history (an undo), keeping the start's mine count.
    pub fn replace(&mut self, game: Game) {
        self.game = game;
    }

    /// The position now, true mines included: only the turn's stages and
    /// the snapshot read it; players see [`Position::public_view`].
    pub(crate) fn position(&self) -> &Position {
        self.game.position()
    }

    /// The whole game, hidden mines included, once it is over (`None`
    /// before): a finished game hides nothing (its record, its analysis).
    pub fn finished(&self) -> Option<&Game> {
        self.game.outcome().map(|_| &self.game)
    }

    /// Whether this history holds where the hidden mines lie: a game at
    /// one screen does (its rules need them), an online one never before
    /// the server reveals its layout at the end.
    pub fn knows_layout(&self) -> bool {
        !self.game.position().mines().is_empty() || !self.game.start().mines().is_empty()
    }

    /// Side to move.
    pub fn turn(&self) -> Side {
        self.game.position().turn()
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// The move list.
    pub fn moves(&self) -> &[PlayedMove] {
        self.game.moves()
    }

    /// Where the mines lay after `ply` moves, fogged or not — once the
    /// game is over only (`None` before: the analysis board shows the
    /// whole layout, a board during the game never does). An online game
    /// knows them when the server has told its layout.
    pub fn revealed_mines_at(&self, ply: usize) -> Option<SquareSet> {
        self.game.outcome()?;
        let moves: Vec<_> = self.game.moves().iter().take(ply).map(|m| m.mv).collect();
        Game::replay(self.game.start().clone(), &moves)
            .ok()
            .map(|g| *g.position().mines())
    }
}
