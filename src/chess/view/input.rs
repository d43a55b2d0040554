//! Mouse, touch and keyboard: select, click (tap) or drag to move, sweep, keys.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::effects::Dropped;
use super::{CELL, Layout, ViewStep, z};
use crate::base::gesture::PointerFrame;
use crate::base::screen::{Screen, no_menu};
use crate::chess::ecs::{
    At, ChessGame, ChessPiece, GameStarted, ModeRules, MoveRejected, MoveRequested, MoveUndone,
    PieceMoved, PublicBoard, SapperUsed,
};
use minesweeper_core::chess::{Move, MoveKind, Role, Square};

/// The piece the player picked up and where it may go. Built only from the
/// public view of the position.
#[derive(Resource, Default, Debug, Clone)]
pub struct Selection {
    /// Selected cell.
    pub from: Option<Square>,
    /// Its legal moves.
    pub moves: Vec<Move>,
    /// A pawn reaching a rank where the preset offers more than a queen:
    /// the pieces to choose from, each on the cell where it is drawn.
    pub promotion: Option<Vec<(Square, Move)>>,
}

impl Selection {
    /// `m` as the player means it: a promotion with a choice of pieces
    /// opens the picker (and gives `None`) instead of promoting at once.
    pub fn choose(&mut self, m: Move, layout: &Layout) -> Option<Move> {
        let MoveKind::Promotion(_) = m.kind else {
            return Some(m);
        };
        let options: Vec<Move> = self
            .moves
            .iter()
            .copied()
            .filter(|o| {
                o.from == m.from && o.to == m.to && matches!(o.kind, MoveKind::Promotion(_))
            })
            .collect();
        if options.len() < 2 {
            return Some(m);
        }
        let cells = picker_cells(m.to, options.len(), layout);
        self.promotion = Some(cells.into_iter().zip(options).collect());
        None
    }

    /// The sapper action of the selected pawn, if it has one.
    pub(crate) fn sweep(&self) -> Option<Move> {
        self.moves
            .iter()
            .copied()
            .find(|m| m.kind == MoveKind::Sapper)
    }
}

/// A piece being dragged: its entity and where the press started.
#[derive(Resource, Default, Debug)]
pub struct Drag {
    entity: Option<Entity>,
    start: Vec2,
    moved: bool,
    /// A touch on a cell that a tap steps to and a long-press sweeps.
    deferred: Option<Square>,
}

impl Drag {
    /// Piece `e` picked up by a press at `start`, not moved yet.
    fn holding(e: Entity, start: Vec2) -> Drag {
        Drag {
            entity: Some(e),
            start,
            moved: false,
            deferred: None,
        }
    }
}

/// The pointer on the chess board: selection, clicks, drags, the picker.
pub(super) struct InputPlugin;

impl Plugin for InputPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Selection>()
            .init_resource::<Drag>()
            .add_systems(
                Update,
                (drop_selection, board_point).chain().in_set(ViewStep::Read),
            )
            .add_systems(
                Update,
                // Read-only while an earlier board shows.
                pointer
                    .run_if(
                        in_state(Screen::Chess)
                            .and_then(no_menu)
                            .and_then(super::replay::live_board),
                    )
                    .in_set(ViewStep::Pointer),
            );
    }
}

/// Where the promotion picker draws `n` pieces: the promotion cell and the
/// cells behind it on its file (towards the board's middle), then the next
/// file if the board is too short.
fn picker_cells(to: Square, n: usize, layout: &Layout) -> Vec<Square> {
    let dir = if to.rank() == 0 { 1 } else { -1 };
    let on_board = |s: &Square| s.file() < layout.files && s.rank() < layout.ranks;
    let side = if to.file() + 1 < layout.files { 1 } else { -1 };
    [0, side]
        .into_iter()
        .flat_map(|df| (0..layout.ranks as i32).map(move |k| (df, k * dir)))
        .filter_map(|(df, dr)| to.offset(df, dr))
        .filter(on_board)
        .take(n)
        .collect()
}

/// Where the bomb icon sits in the cell ahead of a selected pawn: its
/// top-right corner, so the rest of the cell still takes the plain step.
pub(crate) fn bomb_center(layout: &Layout, target: Square) -> Vec2 {
    let c = layout.center(target);
    let s = if layout.flipped { -1.0 } else { 1.0 };
    c + Vec2::new(0.27, 0.27) * CELL * s
}

/// The sapper button's width, in cells: a real button, not a badge.
pub(crate) const SWEEP_BUTTON: f32 = 0.42;

/// Maps the pointer onto the chess board through the board's camera.
/// Without a window (headless tests) the frame is left as it is, so tests
/// can write its world point.
fn board_point(
    window: Query<(), With<PrimaryWindow>>,
    cams: Query<(&Camera, &GlobalTransform), With<super::WorldCamera>>,
    mut frame: ResMut<PointerFrame>,
) {
    if window.single().is_err() {
        return;
    }
    let world = frame.screen.and_then(|p| {
        let (cam, t) = cams.single().ok()?;
        cam.viewport_to_world_2d(t, p).ok()
    });
    if frame.world != world {
        frame.world = world;
    }
}

pub(super) fn select(
    selection: &mut Selection,
    board: &PublicBoard,
    game: &ChessGame,
    rules: &ModeRules,
    sq: Square,
) -> bool {
    let Some(public) = board.public(game) else {
        return false;
    };
    // The computer's pieces (online: the opponent's) are not the player's.
    if game.outcome().is_some() || !rules.moves_here(game.turn()) {
        *selection = Selection::default();
        return false;
    }
    // Only public information decides what the player may select.
    let pos = public.position();
    match pos.piece_at(sq) {
        Some(p) if p.color == pos.turn() => {
            selection.from = Some(sq);
            selection.moves = public
                .legal_moves()
                .into_iter()
                .filter(|m| m.from == sq)
                .collect();
            true
        }
        _ => {
            *selection = Selection::default();
            false
        }
    }
}

/// What a press on the board changes: the selection, the drag, the move
/// dropped in place and the moves asked for.
#[derive(SystemParam)]
pub(crate) struct Pick<'w> {
    selection: ResMut<'w, Selection>,
    drag: ResMut<'w, Drag>,
    dropped: ResMut<'w, Dropped>,
    requests: MessageWriter<'w, MoveRequested>,
}

impl Pick<'_> {
    /// A pick already under way takes the pointer: the promotion picker
    /// open, a touch waiting to tell a tap from a long-press, a piece
    /// dragged (even over the panel). `true` if one did.
    fn under_way(
        &mut self,
        frame: &PointerFrame,
        world: Vec2,
        layout: &Layout,
        pieces: &mut Query<(Entity, &At, &mut Transform), With<ChessPiece>>,
    ) -> bool {
        let Pick {
            selection,
            drag,
            dropped,
            requests,
        } = self;
        if selection.promotion.is_some() {
            pick_promotion(frame, world, layout, selection, requests);
            return true;
        }
        if let Some(sq) = drag.deferred {
            resolve_deferred(frame, sq, layout, selection, drag, requests);
            return true;
        }
        let Some(e) = drag.entity else {
            return false;
        };
        if let Some(m) = follow_drag(e, frame, world, layout, pieces, selection, drag) {
            // Already where it lands: no slide.
            dropped.0 = Some(m);
            play(m, selection, requests);
        }
        true
    }
}

/// The board under the pointer: click or tap to select and move, drag and
/// drop, right-click, the bomb icon or (touch) a long-press on the cell
/// ahead to sweep. Ignored while egui or a menu wants the pointer.
pub(crate) fn pointer(
    frame: Res<PointerFrame>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    layout: Res<Layout>,
    board: PublicBoard,
    game: Res<ChessGame>,
    mut pick: Pick,
    mut pieces: Query<(Entity, &At, &mut Transform), With<ChessPiece>>,
    rules: Res<ModeRules>,
    waiting: (
        Res<crate::base::settings::Settings>,
        ResMut<super::premove::Premove>,
    ),
) {
    let Some(world) = frame.world else {
        return;
    };
    // The other side is to move: a press queues a premove instead.
    let (settings, mut premove) = waiting;
    if let Some(side) = super::premove::waiting_side(&rules, &game, &settings) {
        let free = !egui_wants.is_some_and(|w| w.wants_any_pointer_input());
        if free && (frame.pressed || frame.secondary) {
            let sq = layout.square_at(world);
            super::premove::press(&frame, sq, side, &board, &game, &mut premove);
        }
        return;
    }
    if pick.under_way(&frame, world, &layout, &mut pieces) {
        return;
    }
    let over_egui = egui_wants.is_some_and(|w| w.wants_any_pointer_input());
    if over_egui || (!frame.pressed && !frame.secondary) {
        return;
    }
    let Pick {
        selection,
        drag,
        requests,
        ..
    } = &mut pick;
    let Some(sq) = layout.square_at(world) else {
        **selection = Selection::default();
        return;
    };
    if selection.from.is_some()
        && press_target(&frame, world, sq, &layout, selection, drag, requests)
    {
        return;
    }
    if frame.secondary {
        return;
    }
    if select(selection, &board, &game, &rules, sq)
        && let Some((e, _, _)) = pieces.iter().find(|(_, at, _)| at.0 == sq)
    {
        **drag = Drag::holding(e, world);
    }
}

/// The dragged piece `e` follows the pointer ([`drag_piece`]); its move if
/// it was dropped where it may go. A piece gone meanwhile ends the drag.
fn follow_drag(
    e: Entity,
    frame: &PointerFrame,
    world: Vec2,
    layout: &Layout,
    pieces: &mut Query<(Entity, &At, &mut Transform), With<ChessPiece>>,
    selection: &mut Selection,
    drag: &mut Drag,
) -> Option<Move> {
    let Ok((_, at, mut t)) = pieces.get_mut(e) else {
        *drag = Drag::default();
        return None;
    };
    let home = at.0;
    drag_piece(frame, world, home, layout, selection, drag, &mut t)
}

/// The selected piece's step to `sq` (a promotion to a queen first).
pub(super) fn step_to(selection: &Selection, sq: Square) -> Option<Move> {
    selection
        .moves
        .iter()
        .filter(|m| m.to == sq && m.kind != MoveKind::Sapper)
        .max_by_key(|m| matches!(m.kind, MoveKind::Promotion(Role::Queen)))
        .copied()
}

/// Asks for `m` and drops the selection.
fn play(m: Move, selection: &mut Selection, requests: &mut MessageWriter<MoveRequested>) {
    requests.write(MoveRequested(m));
    *selection = Selection::default();
}

/// The promotion picker is open: a press picks a piece or closes it.
fn pick_promotion(
    frame: &PointerFrame,
    world: Vec2,
    layout: &Layout,
    selection: &mut Selection,
    requests: &mut MessageWriter<MoveRequested>,
) {
    if !(frame.pressed || frame.secondary) {
        return;
    }
    let hit = layout.square_at(world);
    let picked = selection
        .promotion
        .as_ref()
        .and_then(|c| c.iter().find(|(sq, _)| Some(*sq) == hit).map(|c| c.1));
    if let Some(m) = picked.filter(|_| !frame.secondary) {
        requests.write(MoveRequested(m));
    }
    *selection = Selection::default();
}

/// A finger on a cell the selected pawn may step to or sweep: a tap steps,
/// a long-press sweeps.
fn resolve_deferred(
    frame: &PointerFrame,
    sq: Square,
    layout: &Layout,
    selection: &mut Selection,
    drag: &mut Drag,
    requests: &mut MessageWriter<MoveRequested>,
) {
    if !(frame.long_press || frame.released || !frame.down) {
        return;
    }
    drag.deferred = None;
    let m = if frame.long_press {
        selection.sweep().filter(|m| m.to == sq)
    } else if frame.tap {
        step_to(selection, sq).and_then(|m| selection.choose(m, layout))
    } else {
        None
    };
    if let Some(m) = m {
        play(m, selection, requests);
    }
}

/// A piece being dragged follows the pointer; released over a cell it may
/// go to, it gives its move (or opens the promotion picker); else it goes
/// home.
fn drag_piece(
    frame: &PointerFrame,
    world: Vec2,
    home: Square,
    layout: &Layout,
    selection: &mut Selection,
    drag: &mut Drag,
    t: &mut Transform,
) -> Option<Move> {
    if frame.down && !frame.released {
        if world.distance(drag.start) > CELL * 0.15 {
            drag.moved = true;
        }
        if drag.moved {
            t.translation = world.extend(z::LIFTED);
        }
        return None;
    }
    let was_moved = drag.moved && !frame.cancelled;
    *drag = Drag::default();
    let m = was_moved
        .then(|| {
            layout
                .square_at(world)
                .and_then(|sq| step_to(selection, sq))
        })
        .flatten()
        .and_then(|m| selection.choose(m, layout));
    if m.is_none() {
        t.translation = layout.center(home).extend(z::PIECE);
    }
    m
}

/// A press while a piece is selected: the bomb (or a right-click) sweeps,
/// a target steps there; on touch the cell ahead of a pawn waits to tell a
/// tap from a long-press. Returns whether the press was used.
fn press_target(
    frame: &PointerFrame,
    world: Vec2,
    sq: Square,
    layout: &Layout,
    selection: &mut Selection,
    drag: &mut Drag,
    requests: &mut MessageWriter<MoveRequested>,
) -> bool {
    let right = frame.secondary;
    let sweep = selection.sweep().filter(|m| {
        m.to == sq
            && (right || world.distance(bomb_center(layout, m.to)) < CELL * SWEEP_BUTTON / 2.0)
    });
    if frame.touch && selection.sweep().is_some_and(|m| m.to == sq) && sweep.is_none() {
        if frame.tap {
            // Down and up within one frame: a tap.
            if let Some(m) = step_to(selection, sq).and_then(|m| selection.choose(m, layout)) {
                play(m, selection, requests);
            }
        } else {
            // Wait: tap or long-press?
            drag.deferred = Some(sq);
        }
        return true;
    }
    if let Some(m) = sweep {
        play(m, selection, requests);
        return true;
    }
    if let Some(m) = step_to(selection, sq).filter(|_| !right) {
        if let Some(m) = selection.choose(m, layout) {
            play(m, selection, requests);
        }
        return true;
    }
    false
}

/// Any change of the board drops the selection.
fn drop_selection(
    mut selection: ResMut<Selection>,
    mut cleared: MessageReader<GameStarted>,
    mut undone: MessageReader<MoveUndone>,
    mut moved: MessageReader<PieceMoved>,
    mut swept: MessageReader<SapperUsed>,
    mut rejected: MessageReader<MoveRejected>,
) {
    if cleared.read().count()
        + undone.read().count()
        + moved.read().count()
        + swept.read().count()
        + rejected.read().count()
        > 0
    {
        *selection = Selection::default();
    }
}
