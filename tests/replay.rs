//! Looking back at a game: the timeline of public boards, the keys, the
//! board drawn over the live one, and that none of it tells a hidden mine.

use bevy::ecs::system::SystemState;
use bevy::prelude::*;
use minesweeper_chess::chess::ecs::*;
use minesweeper_chess::chess::view::replay::{ReplayPiece, Viewing};
use minesweeper_chess::{headless_app, headless_app_with_view};
use minesweeper_core::chess::{Game, Move, Position, PublicPosition, Square, fen, notation};

use crate::support::set;

/// Plays each move (SAN or coordinates) through the schedule.
fn play_all(app: &mut App, moves: &[&str]) {
    for text in moves {
        let world = app.world_mut();
        let mut st = SystemState::<(TrueBoard, Res<ChessGame>)>::new(world);
        let (board, game) = st.get(world).expect("board params");
        let pos = board.snapshot(&game).expect("a position");
        let m = notation::parse_move(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        app.world_mut().write_message(MoveRequested(m));
        app.update();
    }
}

fn start(app: &mut App, pos: Position) {
    app.world_mut().write_message(NewGameRequested {
        position: Some(pos),
        ..NewGameRequested::fresh()
    });
    app.update();
}

fn timeline(app: &App) -> Vec<String> {
    let t = app.world().resource::<Timeline>();
    (0..t.len())
        .map(|k| t.at(k).map(fen::public_to_fen).unwrap_or_default())
        .collect()
}

fn live_fen(app: &mut App) -> String {
    let world = app.world_mut();
    let mut st = SystemState::<(PublicBoard, Res<ChessGame>)>::new(world);
    let (board, game) = st.get(world).expect("board params");
    board
        .public(&game)
        .map(|p| fen::public_to_fen(&p))
        .unwrap_or_default()
}

fn press(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(key);
    keys.clear();
}

/// A game whose pawns step into the fog (counts shown) and back out.
const MOVES: &[&str] = &["e2e4", "d9d8", "e4e5", "d8d7", "e5e6", "Nc8", "Nf3"];

fn classic(mines: &[&str]) -> Position {
    Position::new(&minesweeper_core::chess::Variant::classic(), set(mines))
        .expect("the classic start with these mines")
}

#[test]
fn the_timeline_holds_each_board_as_the_players_saw_it() {
    let pos = classic(&["a5", "c6", "h4", "f7"]);
    let mut app = headless_app(MineSeed(3));
    app.update();
    start(&mut app, pos.clone());
    play_all(&mut app, MOVES);
    let seen = timeline(&app);
    assert_eq!(seen.len(), MOVES.len() + 1);
    // Each board is the public view of the true game at that ply.
    let moves: Vec<Move> = app
        .world()
        .resource::<ChessGame>()
        .moves()
        .iter()
        .map(|m| m.mv)
        .collect();
    for (k, fen_k) in seen.iter().enumerate() {
        let g = Game::replay(pos.clone(), &moves[..k]).expect("the game replays");
        assert_eq!(
            fen_k,
            &fen::public_to_fen(&g.position().public_view()),
            "ply {k}"
        );
    }
    assert_eq!(seen.last(), Some(&live_fen(&mut app)));
    // An undo cuts it back; a new game starts it again.
    app.world_mut().write_message(GameCommand::Undo);
    app.update();
    assert_eq!(timeline(&app), seen[..MOVES.len()].to_vec());
    start(&mut app, pos);
    assert_eq!(timeline(&app).len(), 1);
}

#[test]
fn two_layouts_that_look_the_same_give_the_same_timeline() {
    // The mines differ where nobody steps; the boards seen are the same.
    let runs: Vec<Vec<String>> = [["a5", "a7", "h4", "h7"], ["a5", "a7", "h4", "h6"]]
        .iter()
        .map(|mines| {
            let mut app = headless_app(MineSeed(3));
            app.update();
            start(&mut app, classic(mines));
            play_all(&mut app, &["e2e4", "d9d8", "e4e5"]);
            timeline(&app)
        })
        .collect();
    assert_eq!(runs[0], runs[1]);
}

#[test]
fn looking_back_shows_the_past_and_leaves_the_game_alone() {
    let mut app = headless_app_with_view(MineSeed(3));
    app.update();
    start(&mut app, classic(&["a5", "c6", "h4", "f7"]));
    play_all(&mut app, MOVES);
    let live = live_fen(&mut app);
    let seen = timeline(&app);

    // ← twice: the board after the fifth move, drawn over the live one.
    press(&mut app, KeyCode::ArrowLeft);
    press(&mut app, KeyCode::ArrowLeft);
    app.update();
    let ply = MOVES.len() - 2;
    assert_eq!(app.world().resource::<Viewing>().0, Some(ply));
    let then: PublicPosition = app
        .world()
        .resource::<Timeline>()
        .at(ply)
        .cloned()
        .expect("kept");
    let mut q = app.world_mut().query::<&ReplayPiece>();
    let mut drawn: Vec<(Square, _)> = q.iter(app.world()).map(|p| (p.0, p.1)).collect();
    drawn.sort_by_key(|(s, _)| *s);
    let mut want: Vec<_> = then.position().pieces().collect();
    want.sort_by_key(|(s, _)| *s);
    assert_eq!(drawn, want);
    assert_eq!(live_fen(&mut app), live, "the live board is untouched");

    // A move still arrives (the computer's, the opponent's): the game goes
    // on underneath and the earlier board stays shown.
    play_all(&mut app, &["d7d6"]);
    assert_eq!(app.world().resource::<Viewing>().0, Some(ply));
    assert_eq!(timeline(&app).len(), seen.len() + 1);

    // Home, then End: the start, then the live board with nothing over it.
    press(&mut app, KeyCode::Home);
    assert_eq!(app.world().resource::<Viewing>().0, Some(0));
    press(&mut app, KeyCode::End);
    app.update();
    assert_eq!(app.world().resource::<Viewing>().0, None);
    let mut q = app.world_mut().query::<&ReplayPiece>();
    assert_eq!(q.iter(app.world()).count(), 0);

    // → past the last move is the live board too; an undo comes back.
    press(&mut app, KeyCode::ArrowLeft);
    press(&mut app, KeyCode::ArrowRight);
    assert_eq!(app.world().resource::<Viewing>().0, None);
    press(&mut app, KeyCode::ArrowLeft);
    app.world_mut().write_message(GameCommand::Undo);
    app.update();
    assert_eq!(app.world().resource::<Viewing>().0, None);
}

#[test]
fn the_keyboard_alone_plays_a_move() {
    let mut app = headless_app_with_view(MineSeed(3));
    app.update();
    start(&mut app, classic(&["a5", "c6", "h4", "f7"]));
    use minesweeper_chess::chess::view::cursor::Cursor;
    let at = |app: &App| app.world().resource::<Cursor>().0.map(|s| s.to_string());
    // Space: the cursor on White's king; ↑ the pawn; Space picks it up.
    press(&mut app, KeyCode::Space);
    assert_eq!(at(&app).as_deref(), Some("e1"));
    press(&mut app, KeyCode::ArrowUp);
    press(&mut app, KeyCode::Space);
    // ↑↑ and Enter: e2e4. The arrows moved the cursor, not the replay.
    press(&mut app, KeyCode::ArrowUp);
    press(&mut app, KeyCode::ArrowUp);
    assert_eq!(at(&app).as_deref(), Some("e4"));
    press(&mut app, KeyCode::Enter);
    app.update();
    let game = app.world().resource::<ChessGame>();
    let played: Vec<&str> = game.moves().iter().map(|m| m.san.as_str()).collect();
    assert_eq!(played, ["e4"]);
    assert_eq!(app.world().resource::<Viewing>().0, None);
    // Esc hides the cursor; then ← looks back again.
    press(&mut app, KeyCode::Escape);
    assert_eq!(at(&app), None);
    press(&mut app, KeyCode::ArrowLeft);
    assert_eq!(app.world().resource::<Viewing>().0, Some(0));
}

/// Plays the scripted mate (e3 f8 Qh5 g7?? Qh7#) with `mines` and analyses it.
fn analysed(mines: &[&str]) -> App {
    use minesweeper_chess::chess::ecs::analysis::{AnalyseRequested, Analysis};
    let mut app = headless_app(MineSeed(3));
    app.update();
    start(&mut app, classic(mines));
    // During the game: no analysis, no layout.
    assert_eq!(
        app.world().resource::<ChessGame>().revealed_mines_at(0),
        None
    );
    app.world_mut().write_message(AnalyseRequested);
    app.update();
    assert!(
        !app.world().resource::<Analysis>().open,
        "not before the end"
    );
    play_all(&mut app, &["e2e3", "f9f8", "Qh5", "g9g7", "Qh7#"]);
    assert!(app.world().resource::<ChessGame>().outcome().is_some());
    app.world_mut().write_message(AnalyseRequested);
    for _ in 0..2000 {
        app.update();
        if app.world().resource::<Analysis>().done() {
            return app;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("the analysis did not finish");
}

#[test]
fn the_analysis_judges_moves_on_what_the_players_saw() {
    use minesweeper_chess::chess::ecs::analysis::Analysis;
    use minesweeper_core::ai::analysis::Verdict;
    use minesweeper_core::chess::Color as Side;
    let app = analysed(&["a5", "c6", "h4", "b7"]);
    let analysis = app.world().resource::<Analysis>();
    let game = app.world().resource::<ChessGame>();
    assert_eq!(analysis.evals.len(), 6);
    // g7 lets the queen mate: a blunder; White's chances end at a win.
    assert_eq!(analysis.verdict(3, Side::Black), Some(Verdict::Blunder));
    let last = analysis.evals[5].expect("the mate scored");
    assert!(last.chances() > 0.99);
    // The record carries the verdict and the scores.
    let notes = analysis.notes(game, app.world().resource::<Timeline>());
    assert_eq!(notes[3].nag, Some(4));
    let comment = |k: usize| notes[k].comment.clone().unwrap_or_default();
    assert!(comment(0).starts_with("[%eval "), "{notes:?}");
    // Qh5 stepped into the fog: the odds it faced are in its comment;
    // e3 stepped onto open ground: none.
    assert!(comment(2).contains("[%mine "), "{notes:?}");
    assert!(!comment(0).contains("[%mine"), "{notes:?}");
    // After the game the layout may be shown.
    let mines = game.revealed_mines_at(0).expect("the game is over");
    assert_eq!(mines.len(), 4);
    // The engine searched the boards as they were seen: another layout
    // that looks the same all game gets the same scores and moves.
    let other = analysed(&["a5", "c6", "h4", "a7"]);
    assert_eq!(other.world().resource::<Analysis>().evals, analysis.evals);
}
