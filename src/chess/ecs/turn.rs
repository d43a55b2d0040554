//! A move through the turn's stages: validate, apply, mines, fog, check,
//! outcome. Each stage carries out its part of the move's report on the
//! entities and says what happened.

use bevy::prelude::*;
use minesweeper_core::chess::{MoveKind, Refusal, SquareSet};

use super::*;

/// Checks the requested move against the legal moves and works out what it
/// will do.
pub(super) fn validate_move(
    mut requests: MessageReader<MoveRequested>,
    mut queue: ResMut<MoveQueue>,
    board: TrueBoard,
    history: Res<ChessGame>,
    mut pending: ResMut<PendingMove>,
    mut rejected: MessageWriter<MoveRejected>,
    opponent: Res<Opponent>,
) {
    // Online, a request goes to the server (`chess::online`); only the
    // server's moves, queued by it, are played.
    let asked = requests.read().map(|r| r.0);
    if opponent.online.is_none() {
        queue.0.extend(asked);
    }
    let Some(mv) = queue.0.pop_front() else {
        return;
    };
    let reject = |reason: Refusal, rejected: &mut MessageWriter<MoveRejected>| {
        rejected.write(MoveRejected { mv, reason });
    };
    if history.outcome().is_some() {
        reject(Refusal::GameOver, &mut rejected);
        return;
    }
    let before = match board.snapshot(&history) {
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
    pending.0 = Some(Pending { after, report });
}

/// Moves the pieces (captures, promotion, castling) and plays the move into
/// the history.
pub(super) fn apply_move(
    pending: Res<PendingMove>,
    mut commands: Commands,
    mut pieces: Query<(Entity, &mut At, &mut ChessPiece)>,
    mut history: ResMut<ChessGame>,
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
    // The history records it: SAN, repetition, the outcome.
    if let Err(e) = history
        .game_mut()
        .record_played(mv, p.after.clone(), p.report)
    {
        error!("the history refused {e}: the board and the rules are out of step");
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

/// Keeps every revealed fog-zone cell's count equal to the mines around it,
/// counted from the mine entities.
pub(super) fn update_counts(
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

/// Check, on the board the entities now form (which must be the rules').
pub(super) fn detect_check(
    pending: Res<PendingMove>,
    board: TrueBoard,
    history: Res<ChessGame>,
    mut check: MessageWriter<CheckGiven>,
) {
    let Some(p) = &pending.0 else { return };
    let Ok(now) = board.snapshot(&history) else {
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

/// The end of the turn: the game may be over.
pub(super) fn decide_outcome(
    mut pending: ResMut<PendingMove>,
    history: Res<ChessGame>,
    mut over: MessageWriter<GameOver>,
) {
    if pending.0.take().is_none() {
        return;
    }
    if let Some(o) = history.outcome() {
        over.write(GameOver(o));
    }
}
