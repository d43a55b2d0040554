//! Premoves against the computer: queued with the pointer while it is the
//! computer's turn, played the moment the turn comes when legal, dropped
//! without a word when not, cancelled by a right-click. (Through a real
//! server: tests/online.rs.)

use bevy::prelude::*;
use minesweeper_chess::base::gesture::PointerFrame;
use minesweeper_chess::chess::ecs::computer::AiSeed;
use minesweeper_chess::chess::ecs::*;
use minesweeper_chess::chess::view::Layout;
use minesweeper_chess::chess::view::premove::{Premove, Queued};
use minesweeper_chess::headless_app_with_view;
use minesweeper_core::chess::notation::parse_coordinate;
use minesweeper_core::chess::{Color as Side, Position, Variant};

use crate::support::{set, sq};

/// A press (or right-click) on a cell, then a frame with nothing new.
pub(crate) fn press_at(app: &mut App, at: &str, secondary: bool) {
    let world = app.world().resource::<Layout>().center(sq(at));
    let f = PointerFrame {
        screen: Some(world),
        world: Some(world),
        pressed: !secondary,
        down: !secondary,
        secondary,
        ..Default::default()
    };
    *app.world_mut().resource_mut::<PointerFrame>() = f;
    app.update();
    *app.world_mut().resource_mut::<PointerFrame>() = PointerFrame {
        pressed: false,
        down: false,
        secondary: false,
        ..f
    };
    app.update();
}

fn moves(app: &App) -> Vec<String> {
    let game = app.world().resource::<ChessGame>();
    game.moves().iter().map(|m| m.mv.to_string()).collect()
}

/// This screen's move `text`.
fn play(app: &mut App, text: &str) {
    let pos = minesweeper_chess::chess::ecs::public_position(app.world_mut())
        .expect("a board")
        .position()
        .clone();
    let m = parse_coordinate(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    app.world_mut().write_message(MoveRequested(m));
}

fn run_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    for _ in 0..2000 {
        if done(app) {
            return;
        }
        app.update();
        // Animations run on the clock: let the slides end.
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("never: {what}; moves {:?}", moves(app));
}

/// A game against the computer (Black, Beginner, seeded), White to move.
fn vs_computer() -> App {
    let mut app = headless_app_with_view(MineSeed(5));
    // 5 ms of game time a frame, however busy the machine: the slide that
    // holds the computer's answer lasts 50 frames.
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(5),
    ))
    .insert_resource(AiSeed(1))
    .insert_resource(PlayMode::Computer {
        side: Side::Black,
        level: minesweeper_core::ai::Level::Beginner,
    });
    app.update();
    let start = Position::new(&Variant::classic(), set(&["a5", "c6", "h4", "f7"]))
        .expect("the classic start");
    app.world_mut().write_message(NewGameRequested {
        position: Some(start),
        ..NewGameRequested::fresh()
    });
    app.update();
    app
}

fn queued(app: &App) -> Option<Queued> {
    app.world().resource::<Premove>().queued
}

// The computer answers once the slide of the player's move has ended
// (a quarter of a second of game time, 50 frames here): the presses below
// come within a few frames of the move, while it waits.

#[test]
fn a_premove_plays_when_the_turn_comes_or_is_dropped() {
    let mut app = vs_computer();
    play(&mut app, "e2e3");
    run_until(&mut app, "e2e3", |a| moves(a).len() == 1);

    // The computer's turn: g1, then f3, queue Nf3 (shown, not played).
    press_at(&mut app, "g1", false);
    press_at(&mut app, "f3", false);
    let want = Queued {
        from: sq("g1"),
        to: sq("f3"),
        sweep: false,
    };
    assert_eq!(queued(&app), Some(want));
    assert_eq!(moves(&app).len(), 1);
    // Its answer comes: the premove is played at once.
    run_until(&mut app, "the premove", |a| moves(a).len() == 3);
    assert_eq!(moves(&app)[2], "g1f3");
    assert_eq!(queued(&app), None);

    // A premove that is not legal when the turn comes (the rook is boxed
    // in) is dropped silently: no move, no refusal.
    press_at(&mut app, "a1", false);
    press_at(&mut app, "a5", false);
    assert!(queued(&app).is_some());
    run_until(&mut app, "the answer", |a| moves(a).len() == 4);
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(moves(&app).len(), 4, "nothing played for White");
    assert_eq!(queued(&app), None);
}

#[test]
fn a_premove_is_cancelled_by_a_right_click_and_can_be_a_sweep() {
    let mut app = vs_computer();
    play(&mut app, "d2d3");
    run_until(&mut app, "d2d3", |a| moves(a).len() == 1);
    press_at(&mut app, "c2", false);
    press_at(&mut app, "c3", false);
    assert!(queued(&app).is_some());
    // A right-click away from a picked pawn's cell ahead cancels.
    press_at(&mut app, "h5", true);
    assert_eq!(*app.world().resource::<Premove>(), Premove::default());
    // Pick the e2 pawn and right-click the cell ahead: a sweep premove.
    press_at(&mut app, "e2", false);
    press_at(&mut app, "e3", true);
    let sweep = Queued {
        from: sq("e2"),
        to: sq("e3"),
        sweep: true,
    };
    assert_eq!(queued(&app), Some(sweep));
    // With premoves off in Settings, a press queues nothing.
    app.world_mut()
        .resource_mut::<minesweeper_chess::base::settings::Settings>()
        .premove = false;
    press_at(&mut app, "b2", false);
    press_at(&mut app, "b3", false);
    assert_eq!(queued(&app), Some(sweep), "nothing new was queued");
}
