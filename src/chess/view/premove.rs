//! Premoves: while the other side is to move (the computer, an online
//! opponent), one move can be queued with the pointer — a piece of one's
//! own, then where it goes, or a right-click on the cell ahead of a picked
//! pawn for a sweep. It shows in its own colour, is played the moment the
//! turn comes if it is legal then, and is dropped without a word if not.
//! Esc or a right-click elsewhere cancels it; Settings can turn it off.

use bevy::prelude::*;

use super::{CELL, Layout, ViewStep, z};
use crate::base::gesture::PointerFrame;
use crate::base::settings::Settings;
use crate::chess::ecs::{ChessGame, ModeRules, MoveRequested, MoveUndone, PublicBoard};
use minesweeper_core::chess::{Color as Side, MoveKind, Role, Square};

/// The queued move, and the piece picked for one.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Premove {
    /// A piece of one's own picked, its target not chosen yet.
    pub picked: Option<Square>,
    /// The move waiting for the turn.
    pub queued: Option<Queued>,
    /// The history's length when it was made.
    pub ply: usize,
}

/// A queued move: squares only (what it will be is decided when the turn
/// comes, on the board as it is then).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Queued {
    /// The piece's square.
    pub from: Square,
    /// Where it goes, or the cell a pawn sweeps.
    pub to: Square,
    /// The sapper action rather than a step.
    pub sweep: bool,
}

impl Premove {
    /// Whether anything is picked or queued.
    pub fn is_set(&self) -> bool {
        self.picked.is_some() || self.queued.is_some()
    }
}

/// A square of the queued move or the picked piece, tinted.
#[derive(Component)]
struct PremoveMark;

/// Queues, plays, drops and draws premoves.
pub(super) struct PremovePlugin;

impl Plugin for PremovePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Premove>()
            .add_systems(Update, play_premove.in_set(ViewStep::Premove))
            .add_systems(
                Update,
                (forget_premove, draw_premove)
                    .chain()
                    .in_set(ViewStep::Marks),
            );
    }
}

/// The side this screen plays and whose turn it is not, when a premove
/// may be queued now: against the computer or online as a player, the
/// game going on, the setting on.
pub(crate) fn waiting_side(
    rules: &ModeRules,
    game: &ChessGame,
    settings: &Settings,
) -> Option<Side> {
    let mine = rules.sole_mover()?;
    (settings.premove && game.outcome().is_none() && game.turn() != mine).then_some(mine)
}

/// A press on the board while waiting: pick a piece of one's own, choose
/// where it goes, a right-click on the cell ahead of a picked pawn for a
/// sweep; a right-click anywhere else (or a press off the board) cancels.
pub(crate) fn press(
    frame: &PointerFrame,
    sq: Option<Square>,
    side: Side,
    board: &PublicBoard,
    game: &ChessGame,
    premove: &mut Premove,
) {
    let Some(sq) = sq else {
        *premove = Premove::default();
        return;
    };
    let own = board
        .public(game)
        .and_then(|p| p.position().piece_at(sq))
        .filter(|p| p.color == side);
    if frame.secondary {
        let ahead = premove.picked.and_then(|f| {
            let pawn = board.public(game)?.position().piece_at(f)?;
            let dr = if side == Side::White { 1 } else { -1 };
            (pawn.role == Role::Pawn && f.offset(0, dr) == Some(sq)).then_some(f)
        });
        *premove = Premove::default();
        if let Some(from) = ahead {
            premove.queued = Some(Queued {
                from,
                to: sq,
                sweep: true,
            });
            premove.ply = game.moves().len();
        }
        return;
    }
    let ply = game.moves().len();
    match (premove.picked, own) {
        (Some(from), _) if from == sq => premove.picked = None,
        (_, Some(_)) => {
            *premove = Premove {
                picked: Some(sq),
                queued: None,
                ply,
            }
        }
        (Some(from), None) => {
            *premove = Premove {
                picked: None,
                queued: Some(Queued {
                    from,
                    to: sq,
                    sweep: false,
                }),
                ply,
            }
        }
        (None, None) => premove.queued = None,
    }
}

/// The turn has come: the queued move is played if it is legal now (a
/// pawn reaching the last rank becomes a queen), else dropped silently.
fn play_premove(
    mut premove: ResMut<Premove>,
    rules: Res<ModeRules>,
    game: Res<ChessGame>,
    board: PublicBoard,
    mut requests: MessageWriter<MoveRequested>,
) {
    let Some(q) = premove.queued else { return };
    if !rules.moves_here(game.turn()) {
        return;
    }
    *premove = Premove::default();
    if game.outcome().is_some() {
        return;
    }
    let Some(public) = board.public(&game) else {
        return;
    };
    let found = public
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == q.from && m.to == q.to)
        .filter(|m| (m.kind == MoveKind::Sapper) == q.sweep)
        .max_by_key(|m| matches!(m.kind, MoveKind::Promotion(Role::Queen)));
    if let Some(m) = found {
        requests.write(MoveRequested(m));
    }
}

/// An undo or a new game (the history shorter than when the premove was
/// made) forgets it. (Online, `GameStarted` also comes with the server's
/// snapshots of the same game, so it is not the sign.)
fn forget_premove(
    mut premove: ResMut<Premove>,
    game: Res<ChessGame>,
    mut undone: MessageReader<MoveUndone>,
) {
    let shorter = game.moves().len() < premove.ply;
    if (undone.read().count() > 0 || shorter) && premove.is_set() {
        *premove = Premove::default();
    }
}

/// The premove's squares in their own colour, redrawn when it changes.
fn draw_premove(
    mut commands: Commands,
    premove: Res<Premove>,
    layout: Res<Layout>,
    marks: Query<Entity, With<PremoveMark>>,
) {
    if !premove.is_changed() && !layout.is_changed() {
        return;
    }
    for e in &marks {
        commands.entity(e).despawn();
    }
    let color = Color::srgba(0.80, 0.25, 0.30, 0.50);
    let squares = premove
        .queued
        .map(|q| vec![q.from, q.to])
        .or(premove.picked.map(|p| vec![p]))
        .unwrap_or_default();
    for sq in squares {
        commands.spawn((
            PremoveMark,
            Sprite::from_color(color, Vec2::splat(CELL)),
            Transform::from_translation(layout.center(sq).extend(z::TINT)),
        ));
    }
}
