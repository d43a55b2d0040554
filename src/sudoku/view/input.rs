//! The pointer on the puzzle: clicks, taps, drags, holds and keys become requests to the game.

use super::*;

/// Turns the pointer and keys into the game's actions on the board screen.
pub(super) struct InputPlugin;

impl Plugin for InputPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            Update,
            pointer
                .in_set(super::PuzzleViewStep::Pointer)
                .run_if(in_state(Screen::Sudoku).and_then(no_menu)),
        );
    }
}

/// Where the pointer is this frame, on the puzzle's own camera.
struct Aim {
    world: Option<Vec2>,
    cell: Option<usize>,
    slot: Option<usize>,
    now: f64,
}

type Out<'a, 'w> = &'a mut MessageWriter<'w, PuzzleRequest>;

/// Turns the pointer (and the puzzle's keys) into puzzle requests.
pub(super) fn pointer(
    frame: Res<PointerFrame>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    puzzle: Res<Puzzle>,
    rows: Res<super::HandRows>,
    time: Res<Time<Real>>,
    keys: Res<ButtonInput<KeyCode>>,
    cam: Query<(&Camera, &GlobalTransform), With<PuzzleCamera>>,
    mut input: ResMut<PuzzleInput>,
    mut out: MessageWriter<PuzzleRequest>,
) {
    let Some(game) = &puzzle.game else {
        *input = PuzzleInput::default();
        return;
    };
    if game.status != minesweeper_core::sudoku::Status::Playing {
        input.hold = None;
        input.drag = None;
        return;
    }
    puzzle_keys(&keys, game, &mut input, &mut out);
    follow_jumper(game, &mut input);
    if egui_wants.is_some_and(|w| w.wants_any_pointer_input()) && !frame.down {
        return;
    }
    // Without a window (headless tests) the frame's own world point is used.
    let world = frame
        .screen
        .and_then(|s| {
            cam.single()
                .ok()
                .and_then(|(c, t)| c.viewport_to_world_2d(t, s).ok())
        })
        .or(frame.world);
    let l = PuzzleLayout::of(game, &rows);
    let aim = Aim {
        world,
        cell: world.and_then(|w| l.cell_at(w)),
        slot: world
            .and_then(|w| l.slot_at(w))
            .filter(|&s| s < game.hand.len()),
        now: time.elapsed_secs_f64(),
    };
    // A held-back touch tap with no second tap in time acts now.
    if let Some((c, at)) = input.pending_tap
        && aim.now - at > crate::base::gesture::DOUBLE_TAP_SECS
    {
        input.pending_tap = None;
        tap_cell(&mut input, game, c, &mut out);
    }
    if frame.secondary {
        secondary(game, &aim, &mut input, &mut out);
        return;
    }
    while_down(&frame, game, &aim, &mut input, &mut out);
    if !(frame.released || frame.cancelled) {
        return;
    }
    released(&frame, game, &l, &aim, &mut input, &mut out);
}

/// H hint, D discards the picked card, Esc drops every pick.
fn puzzle_keys(keys: &ButtonInput<KeyCode>, game: &PuzzleGame, input: &mut PuzzleInput, out: Out) {
    if keys.just_pressed(KeyCode::KeyH) {
        out.write(PuzzleRequest::Hint);
    }
    if keys.just_pressed(KeyCode::KeyD)
        && let Some(c) = input.card.take()
    {
        out.write(PuzzleRequest::Act(Action::Discard(vec![c])));
    }
    if keys.just_pressed(KeyCode::Escape) {
        if input.jumper.is_some() && game.chain.is_some() {
            out.write(PuzzleRequest::Act(Action::EndChain));
        }
        input.card = None;
        input.piece = None;
        input.jumper = None;
    }
}

/// A knight in a chain keeps its flag up on its new cell; a raised flag
/// goes when its knight does.
fn follow_jumper(game: &PuzzleGame, input: &mut PuzzleInput) {
    if let Some((id, _, _)) = game.chain {
        input.jumper = game.pieces.iter().find(|p| p.id == id).map(|p| p.cell);
    } else if input.jumper.is_some_and(|c| {
        game.piece_at(c)
            .is_none_or(|p| p.card.kind != PieceKind::Knight)
    }) {
        input.jumper = None;
    }
}

/// Right-click: a knight raises or lowers its flag, a closed cell takes or
/// loses a flag.
fn secondary(game: &PuzzleGame, aim: &Aim, input: &mut PuzzleInput, out: Out) {
    match aim.cell {
        Some(c)
            if game
                .piece_at(c)
                .is_some_and(|p| p.card.kind == PieceKind::Knight) =>
        {
            toggle_jumper(input, game, c, out);
        }
        Some(c) if game.is_closed(c) => {
            out.write(PuzzleRequest::Act(Action::Flag(c)));
        }
        _ => {}
    }
}

/// A press starts a drag (on a card) or a hold (on a closed cell); a held
/// cell is probed when the fuse has burnt; a long-press raises a knight's
/// flag; a touch double-tap flags.
fn while_down(
    frame: &PointerFrame,
    game: &PuzzleGame,
    aim: &Aim,
    input: &mut PuzzleInput,
    out: Out,
) {
    if frame.pressed {
        input.fired = false;
        input.hold = None;
        input.drag = None;
        input.dragged = false;
        if let Some(s) = aim.slot {
            input.drag = Some(s);
        } else if let Some(c) = aim.cell
            && game.is_closed(c)
            && game.piece_at(c).is_none()
            && input.jumper.is_none()
        {
            input.hold = Some((c, aim.now));
        }
    }
    if frame.down && frame.dragging {
        input.hold = None;
        if input.drag.is_some() {
            input.dragged = true;
        }
    }
    if let Some((c, since)) = input.hold
        && frame.down
        && aim.now - since >= game.preset.file.probe_seconds as f64
    {
        out.write(PuzzleRequest::Act(Action::Probe(c)));
        input.hold = None;
        input.fired = true;
    }
    if frame.long_press
        && let Some(c) = aim.cell
        && game
            .piece_at(c)
            .is_some_and(|p| p.card.kind == PieceKind::Knight)
    {
        toggle_jumper(input, game, c, out);
        input.fired = true;
    }
    if frame.double && frame.touch {
        // The first tap was held back: it becomes this flag, nothing else.
        input.pending_tap = None;
        if let Some(c) = aim.cell
            && game.is_closed(c)
        {
            out.write(PuzzleRequest::Act(Action::Flag(c)));
        }
        input.fired = true;
    }
}

/// The release: a dragged card drops (place, merge or discard), or a tap
/// picks a card or acts on a cell.
fn released(
    frame: &PointerFrame,
    game: &PuzzleGame,
    l: &PuzzleLayout,
    aim: &Aim,
    input: &mut PuzzleInput,
    out: Out,
) {
    let drag = input.drag.take();
    let dragged = std::mem::take(&mut input.dragged);
    input.hold = None;
    if frame.cancelled || std::mem::take(&mut input.fired) {
        return;
    }
    if let Some(from) = drag
        && dragged
    {
        drop_card(from, l, aim, input, out);
        return;
    }
    if !frame.tap {
        return;
    }
    if let Some(s) = aim.slot {
        input.card = if input.card == Some(s) { None } else { Some(s) };
        input.piece = None;
        return;
    }
    let Some(c) = aim.cell else {
        input.card = None;
        input.piece = None;
        input.pending_tap = None;
        return;
    };
    if frame.touch && game.is_closed(c) && game.piece_at(c).is_none() {
        // Maybe the first tap of a double-tap: wait for the window.
        input.pending_tap = Some((c, aim.now));
        return;
    }
    tap_cell(input, game, c, out);
}

/// A card dropped on a cell is placed, on another card merged into it, on
/// the deck discarded.
fn drop_card(from: usize, l: &PuzzleLayout, aim: &Aim, input: &mut PuzzleInput, out: Out) {
    let action = match (aim.cell, aim.slot) {
        (Some(c), _) => Action::Place {
            hand: from,
            cell: c,
        },
        (None, Some(to)) if to != from => Action::Merge {
            into: to,
            fed: from,
        },
        // Dropped on the deck pile: discarded for a new card.
        (None, None) if aim.world.is_some_and(|w| l.on_deck(w)) => Action::Discard(vec![from]),
        _ => return,
    };
    out.write(PuzzleRequest::Act(action));
    input.card = None;
}

/// A tap on cell `c`: jump the raised knight, move the picked piece, place
/// the picked card, or pick the piece there.
pub(super) fn tap_cell(
    input: &mut PuzzleInput,
    game: &PuzzleGame,
    c: usize,
    out: &mut MessageWriter<PuzzleRequest>,
) {
    if let Some(k) = input.jumper {
        if game.jump_targets(k).contains(&c) {
            out.write(PuzzleRequest::Act(Action::FlagJump { from: k, to: c }));
            return;
        }
        if c != k {
            if game.chain.is_some() {
                out.write(PuzzleRequest::Act(Action::EndChain));
            }
            input.jumper = None;
        }
    }
    if let Some(from) = input.piece
        && game.targets(from).iter().any(|&(t, _)| t == c)
    {
        out.write(PuzzleRequest::Act(Action::Move { from, to: c }));
        input.piece = None;
        return;
    }
    if let Some(h) = input.card
        && game.is_closed(c)
        && game.piece_at(c).is_none()
    {
        out.write(PuzzleRequest::Act(Action::Place { hand: h, cell: c }));
        input.card = None;
        return;
    }
    if game.piece_at(c).is_some() {
        input.piece = if input.piece == Some(c) {
            None
        } else {
            Some(c)
        };
        input.card = None;
    } else {
        input.piece = None;
    }
}

pub(super) fn toggle_jumper(
    input: &mut PuzzleInput,
    game: &PuzzleGame,
    knight: usize,
    out: &mut MessageWriter<PuzzleRequest>,
) {
    if input.jumper == Some(knight) {
        if game.chain.is_some() {
            out.write(PuzzleRequest::Act(Action::EndChain));
        }
        input.jumper = None;
    } else {
        input.jumper = Some(knight);
        input.piece = None;
        input.card = None;
    }
}
