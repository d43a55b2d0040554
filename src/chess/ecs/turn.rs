//! A move through the turn's stages: validate, apply, mines, fog, check,
//! outcome. Each stage carries out its part of the move's report on the
//! entities and says what happened.

use bevy::prelude::*;
use minesweeper_core::chess::{MoveKind, Refusal, SquareSet};

use super::*;

/// The local rules' decider (hot-seat, against the computer): checks the
/// requested move against the legal moves and works out what it will do
/// on the true board, hidden mines included.
pub(super) fn validate_move(
    mut queue: ResMut<MoveQueue>,
    board: TrueBoard,
    game: Res<ChessGame>,
    mut pending: ResMut<PendingMove>,
    mut replaying: ResMut<Replaying>,
    mut rejected: MessageWriter<MoveRejected>,
) {
    let Some(mv) = queue.next_asked() else {
        return;
    };
    replaying.0 = !queue.is_empty();
    let reject = |reason: Refusal, rejected: &mut MessageWriter<MoveRejected>| {
        rejected.write(MoveRejected { mv, reason });
    };
    if game.outcome().is_some() {
        reject(Refusal::GameOver, &mut rejected);
        return;
    }
    let before = match board.snapshot(&game) {
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
    let report = after.play_unchecked(mv);
    let counts = after.public_view().counts().to_vec();
    pending.0 = Some(Pending {
        after,
        report,
        counts,
    });
}

/// Moves the pieces (captures, promotion, castling) and plays the move into
/// the history.
pub(super) fn apply_move(
    pending: Res<PendingMove>,
    mut commands: Commands,
    mut pieces: Query<(Entity, &mut At, &mut ChessPiece)>,
    mut game: ResMut<ChessGame>,
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
    // The game records it: SAN, repetition, the outcome.
    if let Err(e) = game
        .true_game_mut()
        .record_played(mv, p.after.clone(), p.report)
    {
        error!("the game refused {e}: the board and the rules are out of step");
    }
}

/// Mines act: blasts, the royal sapper, the sapper action.
pub(super) fn apply_mines(
    pending: Res<PendingMove>,
    mut commands: Commands,
    pieces: Query<(Entity, &At), With<ChessPiece>>,
    mines: Query<(Entity, &At), With<Mine>>,
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
}

/// Fog lifts where the move landed (or everywhere, the full lift); a swept
/// cell's fog is marked.
pub(super) fn lift_fog(
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

/// A mine the move's fog lift uncovered gets its entity, shown. At one
/// screen every mine has one from the start; online the server keeps the
/// hidden ones, and its word on the position after the move (`after`)
/// holds only the mines seen.
pub(super) fn uncover_mines(
    pending: Res<PendingMove>,
    mut commands: Commands,
    mines: Query<&At, With<Mine>>,
) {
    let Some(p) = &pending.0 else { return };
    let seen = p.after.mines().difference(p.after.fog());
    let placed: SquareSet = mines.iter().map(|a| a.0).collect();
    for sq in seen.difference(&placed).iter() {
        commands.spawn((Mine, ShownMine, At(sq), BoardEntity));
    }
}

/// Sets every fog-zone cell's count to what the decided move says it
/// shows now (none under fog): the counts are public, whoever decided.
pub(super) fn set_counts(
    pending: Res<PendingMove>,
    mut commands: Commands,
    cells: Query<(Entity, &BoardSquare, Option<&RevealedCount>), With<FogZone>>,
) {
    let Some(p) = &pending.0 else { return };
    let fogged = p.after.fog();
    for (e, cell, shown) in &cells {
        let want = (!fogged.contains(cell.0)).then(|| {
            RevealedCount(
                p.counts
                    .iter()
                    .find(|(sq, _)| *sq == cell.0)
                    .map_or(0, |(_, n)| *n),
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

/// Marks the mines whose cell is not fogged as seen by both players.
pub(super) fn expose_mines(
    mut commands: Commands,
    mines: Query<(Entity, &At), (With<Mine>, Without<ShownMine>)>,
    fog: Query<&At, With<Fog>>,
) {
    if mines.is_empty() {
        return;
    }
    let fogged: SquareSet = fog.iter().map(|a| a.0).collect();
    for (e, at) in &mines {
        if !fogged.contains(at.0) {
            commands.entity(e).insert(ShownMine);
        }
    }
}

/// Check, on the board the entities now form.
pub(super) fn detect_check(
    pending: Res<PendingMove>,
    board: PublicBoard,
    game: Res<ChessGame>,
    mut check: MessageWriter<CheckGiven>,
) {
    let Some(p) = &pending.0 else { return };
    let Some(now) = board.public(&game) else {
        error!("the board does not form a position after {}", p.report.mv);
        return;
    };
    let now = now.position();
    if now.self_destructed().is_none() && now.in_check() {
        check.write(CheckGiven {
            side: now.turn(),
            king: now.king(now.turn()),
        });
    }
}

/// Ends the game with an outcome decided outside the moves (resignation,
/// agreement, the server's word), the one way every mode does it.
pub(super) fn conclude(
    mut concluded: MessageReader<Concluded>,
    mut game: ResMut<ChessGame>,
    mut over: MessageWriter<GameOver>,
) {
    for c in concluded.read() {
        if game.outcome().is_none() {
            game.true_game_mut().conclude(c.0);
            over.write(GameOver(c.0));
        }
    }
}

/// The end-of-game reveal of a game kept in public: the history becomes
/// the true one (its start with every mine, for the record) and the mines
/// still under fog get their entities. Only once the game is over.
pub(super) fn reveal(
    mut told: MessageReader<LayoutTold>,
    mut commands: Commands,
    mut game: ResMut<ChessGame>,
    mines: Query<&At, With<Mine>>,
) {
    let Some(LayoutTold(fen)) = told.read().last() else {
        return;
    };
    if game.outcome().is_none() {
        return;
    }
    let layout = match minesweeper_core::chess::fen::parse_setup(fen) {
        Ok(setup) => setup.mines,
        Err(e) => {
            warn!("the final layout does not read: {e}");
            return;
        }
    };
    let whole = match game.true_game().revealed(&layout) {
        Ok(g) => g,
        Err(e) => {
            warn!("the final layout is not this game's: {e}");
            return;
        }
    };
    let placed: SquareSet = mines.iter().map(|a| a.0).collect();
    for sq in whole.position().mines().difference(&placed).iter() {
        commands.spawn((Mine, At(sq), BoardEntity));
    }
    game.replace(whole);
}

/// The end of the turn: the game may be over.
pub(super) fn decide_outcome(
    mut pending: ResMut<PendingMove>,
    game: Res<ChessGame>,
    mut over: MessageWriter<GameOver>,
) {
    if pending.0.take().is_none() {
        return;
    }
    if let Some(o) = game.outcome() {
        over.write(GameOver(o));
    }
}
