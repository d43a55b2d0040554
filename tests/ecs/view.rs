//! The board view's input and marks: taps, drags, long presses and
//! right-clicks playing the board, the swept cell's mark, and the
//! promotion picker.

use bevy::prelude::*;
use minesweeper_chess::base::gesture::PointerFrame;
use minesweeper_chess::chess::ecs::*;
use minesweeper_core::chess::{Position, Role, Square, fen};

use super::{Heard, cells, listen, piece_at, play, snapshot, start, view_app};
use crate::support::{sq, with_mines};

/// Board input through the pointer frame, as the mouse or a finger fills it.
fn pointer(app: &mut App, at: &str, touch: bool, edit: impl Fn(&mut PointerFrame)) -> Heard {
    use minesweeper_chess::chess::view::Layout;
    let world = app.world().resource::<Layout>().center(sq(at));
    let mut f = PointerFrame {
        screen: Some(world),
        world: Some(world),
        touch,
        ..Default::default()
    };
    edit(&mut f);
    *app.world_mut().resource_mut::<PointerFrame>() = f;
    app.world_mut().resource_mut::<Heard>().moves_reset();
    app.update();
    // The next frame: nothing new happens to the pointer.
    let rest = PointerFrame {
        down: f.down && !f.released,
        tap: false,
        pressed: false,
        released: false,
        long_press: false,
        secondary: false,
        double: false,
        ..f
    };
    *app.world_mut().resource_mut::<PointerFrame>() = rest;
    app.update();
    std::mem::take(&mut *app.world_mut().resource_mut::<Heard>())
}

fn tap(f: &mut PointerFrame) {
    f.pressed = true;
    f.released = true;
    f.tap = true;
}

fn press(f: &mut PointerFrame) {
    f.pressed = true;
    f.down = true;
}

#[test]
fn taps_drags_and_long_presses_play_the_board() {
    let mut app = minesweeper_chess::headless_app_with_view(MineSeed(2));
    app.init_resource::<Heard>()
        .add_systems(Update, listen.in_set(TurnSet::Present));
    app.update();
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 1";
    start(&mut app, with_mines(fen, &["e4", "b6", "g6", "d5"], &[]));

    // Tap the knight, tap its target: the move is played.
    pointer(&mut app, "g1", true, tap);
    let heard = pointer(&mut app, "f3", true, tap);
    assert_eq!(heard.moved.len(), 1, "{heard:?}");
    pointer(&mut app, "a9", false, tap);
    pointer(&mut app, "a8", false, tap);

    // A finger on the fogged cell ahead of a selected pawn waits: a tap
    // would step (onto a mine), a long-press sweeps it.
    pointer(&mut app, "e3", true, tap);
    let heard = pointer(&mut app, "e4", true, press);
    assert!(
        heard.moved.is_empty() && heard.sapper.is_empty(),
        "{heard:?}"
    );
    let heard = pointer(&mut app, "e4", true, |f| {
        f.down = true;
        f.long_press = true;
    });
    assert_eq!(heard.sapper.len(), 1, "a long-press sweeps: {heard:?}");
    assert_eq!(heard.swept.len(), 1, "the mine on e4 is defused");
    assert!(heard.exploded.is_empty());

    // Drag and drop: press on the pawn, move, release over the target.
    pointer(&mut app, "h9", true, tap);
    pointer(&mut app, "h8", true, tap);
    pointer(&mut app, "d2", true, press);
    pointer(&mut app, "d3", true, |f| {
        f.down = true;
        f.dragging = true;
    });
    let heard = pointer(&mut app, "d3", true, |f| f.released = true);
    assert_eq!(heard.moved.len(), 1, "{heard:?}");
    assert_eq!(
        piece_at(&mut app, sq("d3")).map(|p| p.role),
        Some(Role::Pawn)
    );

    // A drop on a square the piece cannot reach changes nothing.
    pointer(&mut app, "g9", false, tap);
    pointer(&mut app, "g8", false, tap);
    pointer(&mut app, "f1", true, press);
    pointer(&mut app, "f5", true, |f| f.down = true);
    let heard = pointer(&mut app, "f5", true, |f| f.released = true);
    assert!(heard.moved.is_empty(), "{heard:?}");
    assert_eq!(
        piece_at(&mut app, sq("f1")).map(|p| p.role),
        Some(Role::Bishop)
    );

    // Mouse: a right-click on the cell ahead of a selected pawn sweeps it
    // and the pawn stays.
    pointer(&mut app, "d3", false, tap);
    let heard = pointer(&mut app, "d4", false, |f| f.secondary = true);
    assert_eq!(heard.sapper.len(), 1, "{heard:?}");
    assert!(heard.moved.is_empty());
    assert_eq!(
        piece_at(&mut app, sq("d3")).map(|p| p.role),
        Some(Role::Pawn)
    );
}

#[test]
fn a_swept_cell_keeps_its_fog_and_wears_a_mark() {
    use minesweeper_chess::chess::view::board::SweptMark;
    let mut app = view_app();
    start(
        &mut app,
        with_mines(
            "4k3/8/8/8/8/8/8/3P4/8/4K3 w - - 0 1",
            &["d4", "a7", "h7"],
            &[],
        ),
    );
    let heard = play(&mut app, "d3*");
    assert_eq!(heard.swept.len(), 1, "the mine on d4 is gone");
    app.update();
    let mut q = app
        .world_mut()
        .query_filtered::<(&At, &Children), (With<Fog>, With<Swept>)>();
    let swept: Vec<(Square, Vec<Entity>)> = q
        .iter(app.world())
        .map(|(a, c)| (a.0, c.iter().collect()))
        .collect();
    assert_eq!(swept.len(), 1);
    assert_eq!(swept[0].0, sq("d4"));
    let marks = swept[0]
        .1
        .iter()
        .filter(|e| app.world().get::<SweptMark>(**e).is_some())
        .count();
    assert_eq!(marks, 1, "the fog on d4 shows the swept mark");
    let pos = snapshot(&mut app);
    assert!(pos.swept().contains(sq("d4")) && pos.fog().contains(sq("d4")));
    assert!(fen::to_public_fen(&pos).contains('s'));
    // The mark goes with the fog when a piece lands there.
    play(&mut app, "Ke9");
    play(&mut app, "d3d4");
    assert!(cells::<Swept>(&mut app).is_empty());
}

/// A pawn on a9 about to promote, under `rules`, with a hidden mine far off.
fn promotion_board(app: &mut App, roles: &[Role]) {
    use minesweeper_core::chess::RuleSet;
    let mut rules = RuleSet::standard(8, 10);
    rules.promotion_roles = roles.iter().fold(0, |m, r| m | RuleSet::role_bit(*r));
    let base = with_mines("7k/P7/8/8/8/8/8/8/8/4K3 w - - 0 1", &["h5"], &[]);
    let pos = Position::from_setup(base.to_setup(), rules).expect("promotion board");
    start(app, pos);
}

#[test]
fn a_promotion_with_a_choice_opens_a_picker_on_the_board() {
    use minesweeper_chess::chess::view::input::Selection;
    use minesweeper_chess::chess::view::marks::Highlight;
    let mut app = view_app();
    promotion_board(&mut app, &[Role::Queen, Role::Knight]);
    pointer(&mut app, "a9", false, tap);
    let heard = pointer(&mut app, "a10", false, tap);
    assert!(heard.moved.is_empty(), "no promotion before the choice");
    let choices = app.world().resource::<Selection>().promotion.clone();
    let choices = choices.expect("the picker is open");
    assert_eq!(choices.len(), 2);
    assert_eq!(choices[0].0, sq("a10"), "the queen on the promotion cell");
    assert_eq!(choices[1].0, sq("a9"), "the knight below it");
    let tiles = app
        .world_mut()
        .query_filtered::<(), With<Highlight>>()
        .iter(app.world())
        .count();
    assert_eq!(tiles, 2, "two tiles with their pieces");
    // By touch: a tap on the knight's tile promotes to a knight.
    let heard = pointer(&mut app, "a9", true, tap);
    assert_eq!(heard.moved.len(), 1, "{heard:?}");
    assert_eq!(
        piece_at(&mut app, sq("a10")).map(|p| p.role),
        Some(Role::Knight)
    );
    assert!(app.world().resource::<Selection>().promotion.is_none());

    // A press elsewhere closes the picker without moving.
    let mut app = view_app();
    promotion_board(
        &mut app,
        &[Role::Queen, Role::Rook, Role::Bishop, Role::Knight],
    );
    pointer(&mut app, "a9", false, tap);
    pointer(&mut app, "a10", false, tap);
    assert_eq!(
        app.world()
            .resource::<Selection>()
            .promotion
            .as_ref()
            .map(|c| c.len()),
        Some(4)
    );
    let heard = pointer(&mut app, "h2", false, tap);
    assert!(heard.moved.is_empty());
    assert!(app.world().resource::<Selection>().promotion.is_none());

    // The classic rules promote to a queen at once.
    let mut app = view_app();
    promotion_board(&mut app, &[Role::Queen]);
    pointer(&mut app, "a9", false, tap);
    let heard = pointer(&mut app, "a10", false, tap);
    assert_eq!(heard.moved.len(), 1);
    assert_eq!(
        piece_at(&mut app, sq("a10")).map(|p| p.role),
        Some(Role::Queen)
    );
}
