//! Setting up boards: a new game (from the preset and a seed, or from a
//! given position), its entities, resignation, draws and undo.

use bevy::prelude::*;
use minesweeper_core::chess::game::RedealError;
use minesweeper_core::chess::mines::random_layout;
use minesweeper_core::chess::{
    DrawReason, Game, Move, Outcome, Position, PublicPosition, SquareSet, Variant, WinReason,
};
use minesweeper_core::rng::GameRng;
use rand::{RngCore, SeedableRng};

use super::*;

/// Spawns the entities for a board: every cell (with the count `seen`
/// shows), piece, fog cover and discovered mine of `seen`, and a mine on
/// each cell of `hidden` (under fog; none online, where the server keeps
/// them).
pub(crate) fn spawn_board(
    commands: &mut Commands,
    variant: &Variant,
    seen: &PublicPosition,
    hidden: &SquareSet,
) {
    let pos = seen.position();
    for sq in pos.squares() {
        let mut cell = commands.spawn((BoardSquare(sq), BoardEntity));
        if variant.fog_zone.contains(sq) {
            cell.insert(FogZone);
            if let Some(n) = seen.revealed_count(sq) {
                cell.insert(RevealedCount(n));
            }
        }
    }
    for (sq, piece) in pos.pieces() {
        commands.spawn((ChessPiece(piece), At(sq), BoardEntity));
    }
    for sq in pos.fog().iter() {
        let mut fog = commands.spawn((Fog, At(sq), BoardEntity));
        if pos.swept().contains(sq) {
            fog.insert(Swept);
        }
    }
    for sq in pos.mines().union(hidden).iter() {
        commands.spawn((Mine, At(sq), BoardEntity));
    }
}

/// Spawns the entities of a true position: what it shows, and its hidden
/// mines under the fog.
pub(crate) fn spawn_position(commands: &mut Commands, variant: &Variant, pos: &Position) {
    let hidden = pos.mines().intersection(pos.fog());
    spawn_board(commands, variant, &pos.public_view(), &hidden);
}

pub(super) fn start_first_game(mut requests: MessageWriter<NewGameRequested>) {
    requests.write(NewGameRequested::fresh());
}

/// Sets up a new board when a [`NewGameRequested`] arrives.
pub(crate) fn new_game(
    mut requests: MessageReader<NewGameRequested>,
    mut commands: Commands,
    board: Query<Entity, With<BoardEntity>>,
    mut variant: ResMut<ActiveVariant>,
    mut seed: ResMut<MineSeed>,
    mut game: ResMut<ChessGame>,
    mut queue: ResMut<MoveQueue>,
    mut started: MessageWriter<GameStarted>,
) {
    let Some(req) = requests.read().last().cloned() else {
        return;
    };
    if let Some(v) = req.variant {
        variant.0 = v;
    }
    let s = req.seed.unwrap_or(seed.0);
    // Advance the stored seed so the next game differs.
    seed.0 = GameRng::seed_from_u64(s).next_u64();
    let mut rng = GameRng::seed_from_u64(s);
    let mines = random_layout(&variant.0.fog_zone, variant.0.mine_count as usize, &mut rng);
    let pos = match req.position {
        Some(p) => {
            // A given position brings its own board: size, fog zone, rules.
            variant.0.files = p.files();
            variant.0.ranks = p.ranks();
            variant.0.fog_zone = *p.zone();
            variant.0.rules = *p.rules();
            Ok(p)
        }
        None => Position::new(&variant.0, mines),
    };
    let pos = match pos {
        Ok(p) => p,
        Err(e) => {
            // Presets are validated before they get here; keep the old board.
            error!("cannot start {}: {e}", variant.0.name);
            return;
        }
    };
    let hidden = pos.mines().intersection(pos.fog());
    rebuild(
        &mut commands,
        &board,
        &variant.0,
        &pos.public_view(),
        &hidden,
    );
    *game = ChessGame::new(Game::from_position(pos));
    queue.clear();
    for mv in &req.moves {
        queue.ask(*mv);
    }
    started.write(GameStarted);
}

/// Clears the board's entities and spawns those of `seen`, with a mine
/// on each cell of `hidden`: a new game here, or a board the server sent.
pub(crate) fn rebuild(
    commands: &mut Commands,
    board: &Query<Entity, With<BoardEntity>>,
    variant: &Variant,
    seen: &PublicPosition,
    hidden: &SquareSet,
) {
    for e in board {
        commands.entity(e).despawn();
    }
    spawn_board(commands, variant, seen, hidden);
}

/// Resignation, draw by agreement and undo.
pub(super) fn game_commands(
    mut cmds: MessageReader<GameCommand>,
    mut commands: Commands,
    board: Query<Entity, With<BoardEntity>>,
    variant: Res<ActiveVariant>,
    mut game: ResMut<ChessGame>,
    mut concluded: MessageWriter<Concluded>,
    mut undone: MessageWriter<MoveUndone>,
    rules: Res<ModeRules>,
    mut seed: ResMut<MineSeed>,
) {
    // Where the local rules decide only: online the server decides
    // resignations and draws (asked through the online client) and allows
    // no undo.
    let mut undo = 0;
    for cmd in cmds.read() {
        match cmd {
            GameCommand::Resign if game.outcome().is_none() => {
                // The side to move resigns if it is moved here; against
                // the computer, it is always the player.
                let turn = game.turn();
                let loser = if rules.moves_here(turn) { turn } else { !turn };
                concluded.write(Concluded(Outcome::Decisive {
                    winner: !loser,
                    reason: WinReason::Resignation,
                }));
            }
            GameCommand::AgreeDraw if game.outcome().is_none() => {
                concluded.write(Concluded(Outcome::Draw(DrawReason::Agreement)));
            }
            GameCommand::Undo => undo += 1,
            _ => {}
        }
    }
    let played = game.moves().len();
    if undo == 0 || played == 0 {
        return;
    }
    let take = undo_length(game.true_game(), &rules, undo);
    let kept = match take_back(game.true_game(), played - take, &mut seed) {
        Ok(g) => g,
        Err(e) => {
            error!("cannot take the move back: {e}");
            return;
        }
    };
    for e in &board {
        commands.entity(e).despawn();
    }
    spawn_position(&mut commands, &variant.0, kept.position());
    game.replace(kept);
    undone.write(MoveUndone);
}

/// How many moves `undo` presses take back: one each, and then more until
/// a side moved here is to move (against the computer, its reply and the
/// move before it: the player is to move again).
fn undo_length(game: &Game, rules: &ModeRules, undo: usize) -> usize {
    let moves = game.moves();
    let mut take = 0;
    for _ in 0..undo {
        take += 1;
        // Taking back moves[len - take] gives its mover the move again.
        while take < moves.len() && !rules.moves_here(moves[moves.len() - take].report.mover) {
            take += 1;
        }
    }
    take.min(moves.len())
}

/// The game with only its first `keep` moves. Decision 11: the taken-back
/// position gets its hidden mines dealt afresh from what was public there,
/// so an undo never tells where a mine went off or where one hides.
fn take_back(game: &Game, keep: usize, seed: &mut MineSeed) -> Result<Game, RedealError> {
    let moves: Vec<Move> = game.moves()[..keep].iter().map(|m| m.mv).collect();
    let mut rng = GameRng::seed_from_u64(seed.draw());
    Game::replay(game.start().clone(), &moves)
        .map_err(|_| RedealError::Replay)?
        .redeal(&mut rng)
}
