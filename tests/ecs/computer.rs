//! Playing the computer through the schedule: it answers, hints, takes
//! undo and resignation as the player's, plays the same whatever mines it
//! cannot see, and an undo gives no mine away.

use bevy::prelude::*;
use minesweeper_chess::chess::ecs::*;
use minesweeper_chess::headless_app;
use minesweeper_core::chess::{Color as Side, Outcome, Position, fen};

use super::{Heard, listen, play, snapshot, start};
use crate::support::{sq, with_mines};

fn computer_app(level: minesweeper_core::ai::Level, pos: Position) -> App {
    let mut app = headless_app(MineSeed(5));
    app.insert_resource(minesweeper_chess::chess::ecs::computer::AiSeed(99))
        .insert_resource(PlayMode::Computer {
            side: Side::Black,
            level,
        });
    app.init_resource::<Heard>()
        .add_systems(Update, listen.in_set(TurnSet::Present));
    app.update();
    start(&mut app, pos);
    app
}

/// Updates until `done` or a generous number of frames.
fn until(app: &mut App, mut done: impl FnMut(&mut App) -> bool) {
    for _ in 0..5_000 {
        app.update();
        if done(app) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    panic!("timed out");
}

fn moves_played(app: &mut App) -> usize {
    app.world().resource::<ChessGame>().moves().len()
}

#[test]
fn the_computer_answers_through_the_schedule_and_undo_takes_back_both_moves() {
    use minesweeper_chess::chess::ecs::computer::{Hint, HintRequested};
    use minesweeper_core::ai::Level;
    let start_fen = "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut app = computer_app(
        Level::Casual,
        with_mines(start_fen, &["a6", "b6", "g6", "h6"], &[]),
    );
    // The player cannot move the computer's pieces, and it waits its turn.
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(moves_played(&mut app), 0);
    play(&mut app, "e2e3");
    until(&mut app, |a| moves_played(a) == 2);
    assert_eq!(snapshot(&mut app).turn(), Side::White);
    // A hint for the player: a legal move of theirs.
    app.world_mut().write_message(HintRequested);
    until(&mut app, |a| a.world().resource::<Hint>().0.is_some());
    let hint = app.world().resource::<Hint>().0.unwrap();
    assert!(snapshot(&mut app).legal_moves().contains(&hint));
    // Undo takes back the computer's reply and the player's move.
    app.world_mut().write_message(GameCommand::Undo);
    app.update();
    assert_eq!(moves_played(&mut app), 0);
    assert_eq!(snapshot(&mut app).turn(), Side::White);
    assert_eq!(
        app.world().resource::<Hint>().0,
        None,
        "the hint goes with the move"
    );
    // Resigning against the computer is the player's resignation, whoever is to move.
    play(&mut app, "d2d3");
    app.world_mut().write_message(GameCommand::Resign);
    app.update();
    assert!(matches!(
        app.world().resource::<ChessGame>().outcome(),
        Some(Outcome::Decisive {
            winner: Side::Black,
            ..
        })
    ));
}

#[test]
fn the_computer_plays_the_same_whatever_mines_it_cannot_see() {
    use minesweeper_chess::chess::ecs::computer::ComputerStatus;
    use minesweeper_core::ai::Level;
    let start_fen = "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    // Two layouts that look the same from outside: no count shows any mine
    // until a piece comes near the sixth and seventh ranks.
    let layouts: [&[&str]; 3] = [
        &["a6", "b7", "g6", "h7"],
        &["c7", "d6", "e7", "f6"],
        &["a7", "c6", "e6", "h6"],
    ];
    let mut seen = Vec::new();
    for mines in layouts {
        let mut app = computer_app(Level::Casual, with_mines(start_fen, mines, &[]));
        play(&mut app, "e2e3");
        until(&mut app, |a| moves_played(a) == 2);
        let reply = app.world().resource::<ChessGame>().moves()[1].mv;
        let t = app
            .world()
            .resource::<ComputerStatus>()
            .last
            .clone()
            .expect("search result");
        seen.push((reply, t.score, t.nodes, t.depth));
    }
    assert!(seen.iter().all(|s| *s == seen[0]), "{seen:?}");
}

/// The leak the undo had: step onto fog, watch it blow, undo, and know that
/// mine for free. Now the undone position's mines are dealt afresh.
#[test]
fn undo_against_the_computer_does_not_give_a_mine_away() {
    use minesweeper_core::ai::Level;
    let start_fen = "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut mined_after_undo = 0;
    let trials = 12;
    for t in 0..trials {
        let start = with_mines(start_fen, &["e4", "b6", "g6", "h6"], &[]);
        let mut app = computer_app(Level::Beginner, start.clone());
        app.insert_resource(MineSeed(1000 + t));
        let heard = play(&mut app, "e2e4");
        assert_eq!(heard.exploded.len(), 1, "the pawn blows up on e4");
        until(&mut app, |a| moves_played(a) == 2);
        app.world_mut().write_message(GameCommand::Undo);
        app.update();
        assert_eq!(moves_played(&mut app), 0);
        let now = snapshot(&mut app);
        assert_eq!(fen::to_public_fen(&now), fen::to_public_fen(&start));
        assert_eq!(now.mines_left(), 4);
        mined_after_undo += usize::from(now.mines().contains(sq("e4")));
    }
    assert!(
        mined_after_undo < trials as usize,
        "e4 was a mine after every undo: the undo gave it away"
    );
}
