//! Minesweeper Chess in the ECS: the world is the truth.
//!
//! Every board cell, piece, fog cover and mine is an entity. A move flows
//! through the [`TurnSet`]s, chained once in [`ChessPlugin`]:
//! `Setup → Input → Validate → Apply → Mines → Fog → Check → Outcome → Present`.
//! Validate builds a [`Position`] snapshot from the entities and asks the
//! rules whether the move is legal and what it will do; each later stage
//! carries out its part on the entities and writes messages that the
//! presentation layer (sound, animation, HUD) reacts to. Nothing here needs a
//! window, so tests and the computer opponent run it headless.

pub mod components;
pub mod computer;
pub mod presets;
pub mod save;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use minesweeper_core::rng::GameRng;
use rand::{RngCore, SeedableRng};

pub use components::*;

use minesweeper_core::chess::{
    DrawReason, Game, Move, MoveKind, Outcome, Position, PositionError, Refusal, Setup, SquareSet,
    Variant, WinReason,
    game::{RedealError, repetitions},
    mines::random_layout,
    notation::san_with_suffix,
};

/// The stages of a turn, run in this order every frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnSet {
    /// New games, undo, resignation.
    Setup,
    /// Clicks, keys, the computer's choice, scripts: all become [`MoveRequested`].
    Input,
    /// Checks the request against the legal moves.
    Validate,
    /// Moves the pieces, captures, promotes, castles.
    Apply,
    /// Mines act: blasts, royal sapper, the sapper action.
    Mines,
    /// Fog lifts; revealed counts update.
    Fog,
    /// Detects check.
    Check,
    /// Records the move, detects the end of the game.
    Outcome,
    /// Drawing, animation, sound, HUD: reacts to the messages above.
    Present,
}

/// The headless gameplay plugin.
pub struct ChessPlugin;

impl Plugin for ChessPlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<ActiveVariant>() {
            app.insert_resource(ActiveVariant(Variant::classic()));
        }
        if !app.world().contains_resource::<MineSeed>() {
            app.insert_resource(MineSeed(clock_seed()));
        }
        app.init_resource::<GameState>()
            .init_resource::<Opponent>()
            .init_resource::<PendingMove>()
            .init_resource::<MoveQueue>()
            .add_message::<MoveRequested>()
            .add_message::<NewGameRequested>()
            .add_message::<GameCommand>()
            .add_message::<MoveRejected>()
            .add_message::<PieceMoved>()
            .add_message::<MineExploded>()
            .add_message::<MineSwept>()
            .add_message::<SapperUsed>()
            .add_message::<FogLifted>()
            .add_message::<CheckGiven>()
            .add_message::<GameOver>()
            .add_message::<GameStarted>()
            .add_message::<MoveUndone>()
            // The order of the sets is the app's (`app::sets`); whether the
            // move stages run is the game's.
            .configure_sets(
                Update,
                (
                    TurnSet::Apply,
                    TurnSet::Mines,
                    TurnSet::Fog,
                    TurnSet::Check,
                    TurnSet::Outcome,
                )
                    .run_if(move_pending),
            )
            .add_systems(Startup, start_first_game)
            .add_systems(
                Update,
                (
                    (new_game, game_commands, update_counts)
                        .chain()
                        .in_set(TurnSet::Setup),
                    validate_move.in_set(TurnSet::Validate),
                    apply_move.in_set(TurnSet::Apply),
                    apply_mines.in_set(TurnSet::Mines),
                    (lift_fog, update_counts).chain().in_set(TurnSet::Fog),
                    detect_check.in_set(TurnSet::Check),
                    decide_outcome.in_set(TurnSet::Outcome),
                ),
            );
    }
}

/// Moves requested but not yet played: one is played per frame, in order.
#[derive(Resource, Debug, Default)]
pub struct MoveQueue(pub std::collections::VecDeque<Move>);

fn move_pending(p: Res<PendingMove>) -> bool {
    p.0.is_some()
}

fn clock_seed() -> u64 {
    // No OS randomness source on every platform we target; the clock is
    // enough to vary the mines between games.
    let t = bevy::platform::time::Instant::now();
    let nanos = match crate::base::platform::wall_clock_nanos() {
        0 => 0x5eed,
        n => n,
    };
    nanos ^ (t.elapsed().as_nanos() as u64).rotate_left(17)
}

/// Read access to the board entities, to build a [`Position`] snapshot.
#[derive(SystemParam)]
pub struct BoardView<'w, 's> {
    variant: Res<'w, ActiveVariant>,
    pieces: Query<'w, 's, (&'static At, &'static ChessPiece)>,
    fog: Query<'w, 's, (&'static At, Has<Swept>), With<Fog>>,
    mines: Query<'w, 's, &'static At, With<Mine>>,
}

impl BoardView<'_, '_> {
    /// The position the entities describe, with the side to move and
    /// castling rights from `state`. Includes the true mines: use
    /// [`Position::public_view`] for anything a player may see.
    ///
    /// # Errors
    /// When the entities do not form a legal position (a bug, never input).
    pub fn snapshot(&self, state: &GameState) -> Result<Position, PositionError> {
        snapshot(
            &self.variant.0,
            state,
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

/// Builds a position from its parts (see [`BoardView::snapshot`]).
///
/// # Errors
/// When the parts do not form a legal position.
pub fn snapshot(
    variant: &Variant,
    state: &GameState,
    pieces: impl Iterator<
        Item = (
            minesweeper_core::chess::Square,
            minesweeper_core::chess::Piece,
        ),
    >,
    fog: SquareSet,
    swept: SquareSet,
    mines: SquareSet,
) -> Result<Position, PositionError> {
    let mut pieces: Vec<_> = pieces.collect();
    pieces.sort_by_key(|(sq, _)| *sq);
    let setup = Setup {
        files: variant.files,
        ranks: variant.ranks,
        pieces,
        turn: state.turn,
        castling: state.castling,
        zone: variant.fog_zone,
        fog,
        mines,
        swept,
        unknown: None,
        halfmoves: state.halfmoves,
        fullmoves: state.fullmoves,
    };
    // The side that lost by a blast may have its king attacked with the
    // opponent to move; that position is final, so it is built leniently.
    match state.self_destructed {
        Some(loser) => Position::from_setup_after_blast(setup, variant.rules, loser),
        None => Position::from_setup(setup, variant.rules),
    }
}

/// Spawns the entities for `pos`: every cell, piece, fog cover and mine.
pub fn spawn_position(commands: &mut Commands, variant: &Variant, pos: &Position) {
    for sq in pos.squares() {
        let mut cell = commands.spawn((BoardSquare(sq), BoardEntity));
        if variant.fog_zone.contains(sq) {
            cell.insert(FogZone);
            if let Some(n) = pos.revealed_count(sq) {
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
    for sq in pos.mines().iter() {
        commands.spawn((Mine, At(sq), BoardEntity));
    }
}

fn reset_state(state: &mut GameState, pos: &Position) {
    *state = GameState {
        turn: pos.turn(),
        castling: pos.castling(),
        halfmoves: pos.halfmoves(),
        fullmoves: pos.fullmoves(),
        self_destructed: None,
        outcome: pos.outcome(),
        keys: vec![pos.repetition_key()],
        moves: Vec::new(),
        mines_at_start: pos.mines_left(),
        start: Some(pos.clone()),
    };
}

/// The move list of `game` as the ECS keeps it (each with the position
/// before it).
pub fn move_records(game: &Game) -> Vec<MoveRecord> {
    let mut pos = game.start().clone();
    game.moves()
        .iter()
        .map(|pm| {
            let before = pos.clone();
            pos.play(pm.mv);
            MoveRecord {
                mv: pm.mv,
                san: pm.san.clone(),
                side: before.turn(),
                report: pm.report,
                before,
            }
        })
        .collect()
}

fn start_first_game(mut requests: MessageWriter<NewGameRequested>) {
    requests.write(NewGameRequested::fresh());
}

/// Sets up a new board when a [`NewGameRequested`] arrives.
pub(crate) fn new_game(
    mut requests: MessageReader<NewGameRequested>,
    mut commands: Commands,
    board: Query<Entity, With<BoardEntity>>,
    mut variant: ResMut<ActiveVariant>,
    mut seed: ResMut<MineSeed>,
    mut state: ResMut<GameState>,
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
    for e in &board {
        commands.entity(e).despawn();
    }
    spawn_position(&mut commands, &variant.0, &pos);
    reset_state(&mut state, &pos);
    queue.0.clear();
    queue.0.extend(req.moves.iter().copied());
    started.write(GameStarted);
}

fn game_commands(
    mut cmds: MessageReader<GameCommand>,
    mut commands: Commands,
    board: Query<Entity, With<BoardEntity>>,
    variant: Res<ActiveVariant>,
    mut state: ResMut<GameState>,
    mut over: MessageWriter<GameOver>,
    mut undone: MessageWriter<MoveUndone>,
    opponent: Res<Opponent>,
    mut seed: ResMut<MineSeed>,
) {
    let mut undo = 0;
    for cmd in cmds.read() {
        match cmd {
            GameCommand::Resign | GameCommand::AgreeDraw if state.outcome.is_none() => {
                let outcome = if *cmd == GameCommand::Resign {
                    // Against the computer it is always the player who resigns.
                    let loser = opponent.computer.map_or(state.turn, |c| !c);
                    Outcome::Decisive {
                        winner: !loser,
                        reason: WinReason::Resignation,
                    }
                } else {
                    Outcome::Draw(DrawReason::Agreement)
                };
                state.outcome = Some(outcome);
                over.write(GameOver(outcome));
            }
            GameCommand::Undo => undo += 1,
            _ => {}
        }
    }
    if undo == 0 || state.moves.is_empty() {
        return;
    }
    // Against the computer, one undo takes back its reply and the move
    // before it: the player is to move again.
    let take = match opponent.computer {
        Some(c) if c != state.turn && state.moves.len() >= 2 => 2 * undo,
        _ => undo,
    }
    .min(state.moves.len());
    let keep = state.moves.len() - take;
    // Decision 11: the taken-back position gets its hidden mines dealt
    // afresh from what was public there, so an undo never tells where a
    // mine went off or where one hides.
    let moves: Vec<Move> = state.moves[..keep].iter().map(|m| m.mv).collect();
    let mut rng = GameRng::seed_from_u64(seed.0);
    seed.0 = rng.next_u64();
    let game = state
        .start
        .clone()
        .ok_or(RedealError::Replay)
        .and_then(|start| Game::replay(start, &moves).map_err(|_| RedealError::Replay))
        .and_then(|g| g.redeal(&mut rng));
    let game = match game {
        Ok(g) => g,
        Err(e) => {
            error!("cannot take the move back: {e}");
            return;
        }
    };
    for e in &board {
        commands.entity(e).despawn();
    }
    spawn_position(&mut commands, &variant.0, game.position());
    let at_start = state.mines_at_start;
    let mut keys = std::mem::take(&mut state.keys);
    keys.truncate(keys.len().saturating_sub(take));
    reset_state(&mut state, game.position());
    state.moves = move_records(&game);
    state.keys = keys;
    state.start = Some(game.start().clone());
    state.mines_at_start = at_start;
    undone.write(MoveUndone);
}

fn validate_move(
    mut requests: MessageReader<MoveRequested>,
    mut queue: ResMut<MoveQueue>,
    board: BoardView,
    state: Res<GameState>,
    mut pending: ResMut<PendingMove>,
    mut rejected: MessageWriter<MoveRejected>,
) {
    queue.0.extend(requests.read().map(|r| r.0));
    let Some(mv) = queue.0.pop_front() else {
        return;
    };
    let reject = |reason: Refusal, rejected: &mut MessageWriter<MoveRejected>| {
        rejected.write(MoveRejected { mv, reason });
    };
    if state.outcome.is_some() {
        reject(Refusal::GameOver, &mut rejected);
        return;
    }
    let before = match board.snapshot(&state) {
        Ok(p) => p,
        Err(e) => {
            // Entities out of step with the rules: a bug, never input.
            error!("the board is inconsistent: {e}");
            reject(Refusal::GameOver, &mut rejected);
            return;
        }
    };
    if !before.is_legal(mv) {
        reject(before.why_illegal(mv), &mut rejected);
        return;
    }
    let mut after = before.clone();
    let report = after.play(mv);
    pending.0 = Some(Pending {
        before,
        after,
        report,
    });
}

fn apply_move(
    pending: Res<PendingMove>,
    mut commands: Commands,
    mut pieces: Query<(Entity, &mut At, &mut ChessPiece)>,
    mut state: ResMut<GameState>,
    mut moved: MessageWriter<PieceMoved>,
    mut sapper: MessageWriter<SapperUsed>,
) {
    let Some(p) = &pending.0 else { return };
    let r = &p.report;
    let mv = r.mv;
    if mv.kind == MoveKind::Sapper {
        sapper.write(SapperUsed {
            pawn: mv.from,
            target: mv.to,
        });
    } else {
        let mut landed = r.piece;
        let mut rook = None;
        let mut taken = None;
        let mut mover = None;
        let castle = matches!(mv.kind, MoveKind::Castle(_));
        for (e, at, _) in &pieces {
            if at.0 == mv.to && !castle {
                taken = Some(e);
            }
            if at.0 == mv.from {
                mover = Some(e);
            }
            if let Some((rf, _)) = r.rook
                && at.0 == rf
            {
                rook = Some(e);
            }
        }
        if let Some(e) = taken {
            commands.entity(e).despawn();
        }
        if let Some(e) = mover
            && let Ok((_, mut at, mut piece)) = pieces.get_mut(e)
        {
            at.0 = mv.to;
            if let MoveKind::Promotion(role) = mv.kind {
                piece.0.role = role;
                landed = piece.0;
            }
        }
        if let (Some(e), Some((_, rt))) = (rook, r.rook)
            && let Ok((_, mut at, _)) = pieces.get_mut(e)
        {
            at.0 = rt;
        }
        moved.write(PieceMoved {
            mv,
            piece: landed,
            captured: r.captured,
            rook: r.rook,
        });
    }
    let a = &p.after;
    state.turn = a.turn();
    state.castling = a.castling();
    state.halfmoves = a.halfmoves();
    state.fullmoves = a.fullmoves();
}

fn apply_mines(
    pending: Res<PendingMove>,
    mut commands: Commands,
    pieces: Query<(Entity, &At), With<ChessPiece>>,
    mines: Query<(Entity, &At), With<Mine>>,
    mut state: ResMut<GameState>,
    mut exploded: MessageWriter<MineExploded>,
    mut swept: MessageWriter<MineSwept>,
) {
    let Some(p) = &pending.0 else { return };
    let r = &p.report;
    let mut remove_mine = |sq| {
        for (e, at) in &mines {
            if at.0 == sq {
                commands.entity(e).despawn();
            }
        }
    };
    for (sq, piece) in r.blasts() {
        remove_mine(sq);
        exploded.write(MineExploded { at: sq, piece });
    }
    if let Some(sq) = r.royal_sweep {
        remove_mine(sq);
        swept.write(MineSwept {
            at: sq,
            by_king: true,
        });
    }
    if let Some(sq) = r.swept {
        remove_mine(sq);
        swept.write(MineSwept {
            at: sq,
            by_king: false,
        });
    }
    for (sq, _) in r.blasts() {
        for (e, at) in &pieces {
            if at.0 == sq {
                commands.entity(e).despawn();
            }
        }
    }
    state.self_destructed = p.after.self_destructed();
}

fn lift_fog(
    pending: Res<PendingMove>,
    mut commands: Commands,
    fog: Query<(Entity, &At), With<Fog>>,
    mut lifted: MessageWriter<FogLifted>,
) {
    let Some(p) = &pending.0 else { return };
    let r = &p.report;
    let gone = r.lifted.union(&r.full_lift);
    for (e, at) in &fog {
        if gone.contains(at.0) {
            commands.entity(e).despawn();
        } else if r.mv.kind == MoveKind::Sapper && at.0 == r.mv.to {
            commands.entity(e).insert(Swept);
        }
    }
    if !r.lifted.is_empty() {
        lifted.write(FogLifted {
            cells: r.lifted.iter().collect(),
            full: false,
        });
    }
    if !r.full_lift.is_empty() {
        lifted.write(FogLifted {
            cells: r.full_lift.iter().collect(),
            full: true,
        });
    }
}

/// Keeps every revealed fog-zone cell's count equal to the mines around it,
/// counted from the mine entities.
fn update_counts(
    mut commands: Commands,
    cells: Query<(Entity, &BoardSquare, Option<&RevealedCount>), With<FogZone>>,
    fog: Query<&At, With<Fog>>,
    mines: Query<&At, With<Mine>>,
    variant: Res<ActiveVariant>,
) {
    let fogged: SquareSet = fog.iter().map(|a| a.0).collect();
    let mined: SquareSet = mines.iter().map(|a| a.0).collect();
    let (files, ranks) = (variant.0.files, variant.0.ranks);
    for (e, cell, shown) in &cells {
        let want = (!fogged.contains(cell.0)).then(|| {
            RevealedCount(
                cell.0
                    .neighbours(files, ranks)
                    .filter(|n| mined.contains(*n))
                    .count() as u8,
            )
        });
        if want.as_ref() != shown {
            match want {
                Some(c) => {
                    commands.entity(e).insert(c);
                }
                None => {
                    commands.entity(e).remove::<RevealedCount>();
                }
            }
        }
    }
}

fn detect_check(
    pending: Res<PendingMove>,
    board: BoardView,
    state: Res<GameState>,
    mut check: MessageWriter<CheckGiven>,
) {
    let Some(p) = &pending.0 else { return };
    let Ok(now) = board.snapshot(&state) else {
        error!(
            "board entities do not form a position after {}",
            p.report.mv
        );
        return;
    };
    debug_assert_eq!(
        minesweeper_core::chess::fen::to_fen(&now),
        minesweeper_core::chess::fen::to_fen(&p.after),
        "the entities must match the rules' result"
    );
    if now.self_destructed().is_none() && now.in_check() {
        check.write(CheckGiven {
            side: now.turn(),
            king: now.king(now.turn()),
        });
    }
}

fn decide_outcome(
    mut pending: ResMut<PendingMove>,
    mut state: ResMut<GameState>,
    mut over: MessageWriter<GameOver>,
) {
    let Some(p) = pending.0.take() else { return };
    let san = san_with_suffix(&p.before, p.report.mv, &p.after);
    let key = p.after.repetition_key();
    state.keys.push(key);
    state.moves.push(MoveRecord {
        mv: p.report.mv,
        san,
        side: p.report.mover,
        report: p.report,
        before: p.before,
    });
    let repeated = repetitions(&state.keys, key) >= 3;
    let outcome = p
        .after
        .outcome()
        .or(repeated.then_some(Outcome::Draw(DrawReason::Repetition)));
    if let Some(o) = outcome {
        state.outcome = Some(o);
        over.write(GameOver(o));
    }
}
