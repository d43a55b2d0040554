//! What the player hears: the sound of each event, a silent royal sapper,
//! and a resumed game heard at its last move only.

use bevy::prelude::*;
use minesweeper_chess::chess::ecs::*;
use minesweeper_core::chess::{Move, notation};

use super::{cells, play, start, view_app};
use crate::support::with_mines;

/// Every rule that happens is heard: the sound chosen for each event.
#[test]
fn each_event_plays_its_sound() {
    use minesweeper_chess::base::audio::{Effect, SoundLog};
    let mut app = view_app();
    start(
        &mut app,
        with_mines(
            "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["d7", "b6", "g6", "e5"],
            &[],
        ),
    );
    let heard_after = |app: &mut App, m: &str| -> Vec<Effect> {
        app.world_mut().resource_mut::<SoundLog>().0.clear();
        play(app, m);
        for _ in 0..60 {
            app.update();
        }
        app.world().resource::<SoundLog>().0.clone()
    };
    let s = heard_after(&mut app, "Nf3");
    assert!(
        s.contains(&Effect::Move) && s.contains(&Effect::Fog),
        "{s:?}"
    );
    let s = heard_after(&mut app, "a9*");
    assert!(s.contains(&Effect::Sweep), "{s:?}");
    let s = heard_after(&mut app, "Ne5");
    assert!(s.contains(&Effect::Blast), "{s:?}");
    let s = heard_after(&mut app, "e9e8");
    assert!(s.contains(&Effect::Move), "{s:?}");
    heard_after(&mut app, "d2d3");
    heard_after(&mut app, "f9f8");
    let s = heard_after(&mut app, "Qd2");
    assert!(s.contains(&Effect::Move), "{s:?}");
    heard_after(&mut app, "h9h8");
    let s = heard_after(&mut app, "Qh6");
    assert!(s.contains(&Effect::Move), "{s:?}");
    let s = heard_after(&mut app, "Nc8");
    assert!(!s.contains(&Effect::Check), "{s:?}");
    let s = heard_after(&mut app, "Qxh8");
    assert!(s.contains(&Effect::Capture), "{s:?}");
    heard_after(&mut app, "a9a8");
    let s = heard_after(&mut app, "Qg8+");
    assert!(s.contains(&Effect::Check), "{s:?}");
    // Muted: nothing is played.
    app.world_mut()
        .resource_mut::<minesweeper_chess::base::settings::Settings>()
        .muted = true;
    let s = heard_after(&mut app, "Ke9");
    assert!(s.is_empty(), "{s:?}");
    // The end of the game has its fanfare.
    app.world_mut()
        .resource_mut::<minesweeper_chess::base::settings::Settings>()
        .muted = false;
    app.world_mut().write_message(GameCommand::Resign);
    for _ in 0..60 {
        app.update();
    }
    assert!(
        app.world()
            .resource::<SoundLog>()
            .0
            .contains(&Effect::GameEnd)
    );
}

#[test]
fn the_royal_sapper_is_silent() {
    use minesweeper_chess::base::audio::{Effect, SoundLog};
    let mut app = view_app();
    start(
        &mut app,
        with_mines("4k3/8/8/8/8/8/8/4K3/8/R7 w - - 0 1", &["e4", "a7"], &[]),
    );
    app.world_mut().resource_mut::<SoundLog>().0.clear();
    let heard = play(&mut app, "Ke4");
    for _ in 0..60 {
        app.update();
    }
    assert_eq!(heard.swept.len(), 1, "{heard:?}");
    assert!(heard.swept[0].by_king && heard.exploded.is_empty());
    assert_eq!(cells::<Mine>(&mut app).len(), 1, "the counter goes down");
    let sounds = app.world().resource::<SoundLog>().0.clone();
    assert!(sounds.contains(&Effect::Move), "{sounds:?}");
    for quiet in [Effect::RoyalSweep, Effect::Sweep, Effect::Blast] {
        assert!(
            !sounds.contains(&quiet),
            "no {quiet:?} for the royal sapper: {sounds:?}"
        );
    }
    let san = app.world().resource::<ChessGame>().moves()[0].san.clone();
    assert_eq!(san, "Ke4", "no mark in the move list either");
}

/// A resumed game replays its moves one a frame: only the last is heard.
#[test]
fn a_replayed_history_is_heard_at_its_last_move_only() {
    use minesweeper_chess::base::audio::{Effect, SoundLog};
    let mut app = view_app();
    let pos = with_mines(
        "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["d7", "b6", "g6", "e5"],
        &[],
    );
    let mut game = minesweeper_core::chess::Game::from_position(pos.clone());
    for text in ["Nf3", "Nc8", "Ng1", "Nb10", "Nf3", "Nc8"] {
        let m =
            notation::parse_move(game.position(), text).unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(m).expect("legal");
    }
    let moves: Vec<Move> = game.moves().iter().map(|m| m.mv).collect();
    app.world_mut().resource_mut::<SoundLog>().0.clear();
    app.world_mut().write_message(NewGameRequested {
        variant: None,
        seed: None,
        position: Some(pos),
        moves,
        seen: None,
    });
    for _ in 0..90 {
        app.update();
    }
    assert_eq!(app.world().resource::<ChessGame>().moves().len(), 6);
    let sounds = app.world().resource::<SoundLog>().0.clone();
    let steps = sounds
        .iter()
        .filter(|e| matches!(e, Effect::Move | Effect::Capture | Effect::Fog))
        .count();
    assert!(steps <= 2, "six moves replayed, heard as one: {sounds:?}");
    assert!(
        sounds.contains(&Effect::Move),
        "the last one is heard: {sounds:?}"
    );
}
