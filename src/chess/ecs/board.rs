//! The board as the systems read it: [`TrueBoard`], hidden mines
//! included, for the stages that carry a move out; [`PublicBoard`], what
//! both players see, for everything else (views, panels, the computer,
//! the page's status). A public board cannot name a hidden mine: it never
//! holds one.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use minesweeper_core::chess::{
    Piece, Position, PositionError, PublicPosition, Setup, Square, SquareSet, Unknown, Variant,
};

use super::BoardSquare;
use super::{ActiveVariant, At, ChessGame, ChessPiece, Fog, Mine, RevealedCount, Swept};

/// The position the players see now, read from `world` (for tests and
/// tools that drive an app from outside).
pub fn public_position(world: &mut World) -> Option<PublicPosition> {
    let mut state = bevy::ecs::system::SystemState::<(PublicBoard, Res<ChessGame>)>::new(world);
    let (board, game) = state.get(world).ok()?;
    board.public(&game)
}

/// Read access to the board entities, to build a [`Position`] snapshot: the
/// true board, hidden mines included.
#[derive(SystemParam)]
pub struct TrueBoard<'w, 's> {
    variant: Res<'w, ActiveVariant>,
    pieces: Query<'w, 's, (&'static At, &'static ChessPiece)>,
    fog: Query<'w, 's, (&'static At, Has<Swept>), With<Fog>>,
    mines: Query<'w, 's, &'static At, With<Mine>>,
}

impl TrueBoard<'_, '_> {
    /// The position the entities describe, with the side to move, castling
    /// rights and clocks from the game's history. Includes the true mines:
    /// use [`Position::public_view`] for anything a player may see.
    ///
    /// # Errors
    /// When the entities do not form a legal position (a bug, never input).
    pub fn snapshot(&self, game: &ChessGame) -> Result<Position, PositionError> {
        snapshot(
            &self.variant.0,
            game.position(),
            self.pieces.iter().map(|(a, p)| (a.0, p.0)),
            self.fog.iter().map(|(a, _)| a.0).collect(),
            self.fog
                .iter()
                .filter(|(_, s)| *s)
                .map(|(a, _)| a.0)
                .collect(),
            self.mines.iter().map(|a| a.0).collect(),
        )
    }

    /// The variant being played.
    pub fn variant(&self) -> &Variant {
        &self.variant.0
    }
}

/// Builds a position from its parts (see [`TrueBoard::snapshot`]).
///
/// # Errors
/// When the parts do not form a legal position.
pub fn snapshot(
    variant: &Variant,
    meta: &Position,
    pieces: impl Iterator<Item = (Square, Piece)>,
    fog: SquareSet,
    swept: SquareSet,
    mines: SquareSet,
) -> Result<Position, PositionError> {
    let setup = board_setup(variant, meta, pieces.collect(), fog, swept, mines, None);
    // The side that lost by a blast may have its king attacked with the
    // opponent to move; that position is final, so it is built leniently.
    match meta.self_destructed() {
        Some(loser) => Position::from_setup_after_blast(setup, variant.rules, loser),
        None => Position::from_setup(setup, variant.rules),
    }
}

/// What both players see of the board entities: pieces, fog (swept or
/// not), the counts shown, the mines discovered and how many still hide.
/// Views, panels, hints, the computer and the page read the board through
/// this; it has no way to say where a hidden mine lies.
#[derive(SystemParam)]
pub struct PublicBoard<'w, 's> {
    variant: Res<'w, ActiveVariant>,
    pieces: Query<'w, 's, (&'static At, &'static ChessPiece)>,
    fog: Query<'w, 's, (&'static At, Has<Swept>), With<Fog>>,
    counts: Query<'w, 's, (&'static BoardSquare, &'static RevealedCount)>,
    /// Read for the discovered ones only (no fog on their cell).
    mines: Query<'w, 's, &'static At, With<Mine>>,
}

impl PublicBoard<'_, '_> {
    /// The position as the players see it now, with the side to move,
    /// castling rights, clocks and the mine counter from the history;
    /// `None` (logged) if the entities do not form one, a bug.
    pub fn public(&self, game: &ChessGame) -> Option<PublicPosition> {
        let meta = game.position();
        let fog: SquareSet = self.fog.iter().map(|(a, _)| a.0).collect();
        let swept: SquareSet = self
            .fog
            .iter()
            .filter(|(_, s)| *s)
            .map(|(a, _)| a.0)
            .collect();
        let seen: SquareSet = self
            .mines
            .iter()
            .map(|a| a.0)
            .filter(|sq| !fog.contains(*sq))
            .collect();
        let hidden = meta.mines_left().saturating_sub(seen.len());
        let mut counts: Vec<_> = self
            .counts
            .iter()
            .filter(|(_, c)| c.0 > 0)
            .map(|(sq, c)| (sq.0, c.0))
            .collect();
        counts.sort_by_key(|(sq, _)| *sq);
        let variant = &self.variant.0;
        let unknown = Unknown {
            cells: fog.difference(&swept),
            mines: u8::try_from(hidden).unwrap_or(u8::MAX),
            counts,
        };
        let pieces = self.pieces.iter().map(|(a, p)| (a.0, p.0)).collect();
        let setup = board_setup(variant, meta, pieces, fog, swept, seen, Some(unknown));
        PublicPosition::from_board(setup, variant.rules, meta.self_destructed())
            .map_err(|e| error!("the board entities do not form a position: {e}"))
            .ok()
    }

    /// The variant being played.
    pub fn variant(&self) -> &Variant {
        &self.variant.0
    }
}

/// A description of the board: its cells from the entities, the side to
/// move, castling rights and clocks from `meta` (the history's position).
fn board_setup(
    variant: &Variant,
    meta: &Position,
    mut pieces: Vec<(Square, Piece)>,
    fog: SquareSet,
    swept: SquareSet,
    mines: SquareSet,
    unknown: Option<Unknown>,
) -> Setup {
    pieces.sort_by_key(|(sq, _)| *sq);
    Setup {
        files: variant.files,
        ranks: variant.ranks,
        pieces,
        turn: meta.turn(),
        castling: meta.castling(),
        zone: variant.fog_zone,
        fog,
        mines,
        swept,
        unknown,
        halfmoves: meta.halfmoves(),
        fullmoves: meta.fullmoves(),
    }
}
