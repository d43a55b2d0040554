//! Sweeper Sudoku through the ECS schedule and the pointer, headless.

use bevy::prelude::*;
use minesweeper_chess::base::audio::Effect;
use minesweeper_chess::base::audio::SoundLog;
use minesweeper_chess::base::gesture::PointerFrame;
use minesweeper_chess::base::screen::Screen;
use minesweeper_chess::chess::ecs::MineSeed;
use minesweeper_chess::sudoku::ecs::{
    Flagged, Fogged, HiddenMine, Puzzle, PuzzleCell, PuzzleHappened, PuzzlePiece, PuzzleRefused,
    PuzzleRequest, SpentMine,
};
use minesweeper_chess::sudoku::view::PuzzleLayout;
use minesweeper_core::sudoku::{self, Action, MineFate};

/// Messages heard during the last updates.
#[derive(Resource, Default)]
struct Heard {
    happened: Vec<PuzzleHappened>,
    refused: Vec<PuzzleRefused>,
}

fn listen(
    mut heard: ResMut<Heard>,
    mut a: MessageReader<PuzzleHappened>,
    mut b: MessageReader<PuzzleRefused>,
) {
    heard.happened.extend(a.read().cloned());
    heard.refused.extend(b.read().cloned());
}

/// An app with the view (sprites without a renderer) and the easy board
/// of `seed` open and taking the pointer.
fn app(seed: u64) -> App {
    let mut app = minesweeper_chess::headless_app_with_view(MineSeed(1));
    app.init_resource::<Heard>()
        .add_systems(PostUpdate, listen)
        .insert_state(Screen::Sudoku);
    app.world_mut()
        .resource_mut::<minesweeper_chess::base::settings::Settings>()
        .muted = false;
    let preset = sudoku::preset::builtins().remove(0);
    app.update();
    app.world_mut().write_message(PuzzleRequest::Start {
        preset: Box::new(preset),
        seed,
    });
    app.update();
    app.update();
    app
}

fn game(app: &App) -> &sudoku::PuzzleGame {
    app.world()
        .resource::<Puzzle>()
        .game
        .as_ref()
        .expect("a board is open")
}

fn layout(app: &App) -> PuzzleLayout {
    let g = game(app);
    PuzzleLayout {
        n: g.size(),
        hand: g.preset.file.hand as usize,
        rows: app
            .world()
            .resource::<minesweeper_chess::sudoku::view::HandRows>()
            .0,
    }
}

/// One pointer frame at a world point, then a quiet frame.
fn frame(app: &mut App, at: Vec2, edit: impl Fn(&mut PointerFrame)) {
    let mut f = PointerFrame {
        world: Some(at),
        ..Default::default()
    };
    edit(&mut f);
    *app.world_mut().resource_mut::<PointerFrame>() = f;
    app.update();
    *app.world_mut().resource_mut::<PointerFrame>() = PointerFrame {
        world: Some(at),
        down: f.down && !f.released,
        dragging: f.dragging,
        touch: f.touch,
        ..Default::default()
    };
    app.update();
}

fn tap(f: &mut PointerFrame) {
    f.pressed = true;
    f.released = true;
    f.tap = true;
}

fn count<C: Component>(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<(), With<C>>()
        .iter(app.world())
        .count()
}

/// A closed cell without a mine, and one with.
fn cells(app: &App) -> (usize, usize) {
    let g = game(app);
    let closed = |i: &usize| g.is_closed(*i) && g.piece_at(*i).is_none();
    let safe = (0..g.cells.len())
        .filter(closed)
        .find(|&i| !g.board.mines[i])
        .expect("a safe closed cell");
    let mine = (0..g.cells.len())
        .filter(closed)
        .find(|&i| g.board.mines[i])
        .expect("a mine");
    (safe, mine)
}

#[test]
fn cells_fog_and_mines_are_entities_that_follow_the_game() {
    let mut app = app(3);
    let g = game(&app).clone();
    assert_eq!(count::<PuzzleCell>(&mut app), 16);
    let closed = g
        .cells
        .iter()
        .filter(|c| c.state == sudoku::CellState::Closed)
        .count();
    assert_eq!(count::<Fogged>(&mut app), closed);
    assert_eq!(count::<HiddenMine>(&mut app), 3);
    let (_, mine) = cells(&app);
    app.world_mut()
        .write_message(PuzzleRequest::Act(Action::Probe(mine)));
    app.update();
    assert_eq!(count::<HiddenMine>(&mut app), 2, "the probed mine is spent");
    let spent: Vec<SpentMine> = app
        .world_mut()
        .query::<&SpentMine>()
        .iter(app.world())
        .copied()
        .collect();
    assert_eq!(spent, vec![SpentMine(MineFate::Defused)]);
    assert_eq!(count::<Fogged>(&mut app), closed - 1);
}

#[test]
fn click_a_card_then_a_cell_places_the_piece() {
    let mut app = app(5);
    let (safe, _) = cells(&app);
    let digit = game(&app).board.grid.cells[safe];
    // Deal the right digit into the first slot.
    app.world_mut()
        .resource_mut::<Puzzle>()
        .game
        .as_mut()
        .unwrap()
        .hand[0]
        .digit = digit;
    let l = layout(&app);
    frame(&mut app, l.slot(0), tap);
    frame(&mut app, l.cell(safe), tap);
    let pieces: Vec<PuzzlePiece> = app
        .world_mut()
        .query::<&PuzzlePiece>()
        .iter(app.world())
        .copied()
        .collect();
    assert_eq!(pieces.len(), 1, "the piece stands on the board");
    assert_eq!(pieces[0].cell, safe);
    assert_eq!(pieces[0].card.digit, digit);
    assert!(!game(&app).is_closed(safe));
    assert_eq!(game(&app).score, digit as i32);
    // A card played sounds as a card, not as a chess move.
    let heard = &app.world().resource::<SoundLog>().0;
    assert!(heard.contains(&Effect::Card), "{heard:?}");
    assert!(!heard.contains(&Effect::Move), "{heard:?}");
}

#[test]
fn right_click_and_touch_double_tap_raise_flags() {
    let mut app = app(8);
    let (safe, mine) = cells(&app);
    let l = layout(&app);
    frame(&mut app, l.cell(mine), |f| f.secondary = true);
    assert!(game(&app).cells[mine].flag);
    assert_eq!(count::<Flagged>(&mut app), 1);
    frame(&mut app, l.cell(safe), |f| {
        tap(f);
        f.double = true;
        f.touch = true;
    });
    assert!(game(&app).cells[safe].flag, "a double-tap flags on touch");
    frame(&mut app, l.cell(mine), |f| f.secondary = true);
    assert!(
        !game(&app).cells[mine].flag,
        "right-click again takes it down"
    );
}

#[test]
fn holding_a_cell_until_the_fuse_burns_probes_it() {
    let mut app = app(11);
    let (_, mine) = cells(&app);
    let l = layout(&app);
    let secs = game(&app).preset.file.probe_seconds;
    // Press, then keep the button down for longer than the fuse.
    frame(&mut app, l.cell(mine), |f| {
        f.pressed = true;
        f.down = true;
    });
    assert_eq!(game(&app).cells[mine].mine, Some(MineFate::Live), "not yet");
    std::thread::sleep(std::time::Duration::from_secs_f32(secs + 0.1));
    frame(&mut app, l.cell(mine), |f| f.down = true);
    assert_eq!(game(&app).cells[mine].mine, Some(MineFate::Defused));
    assert_eq!(game(&app).score, 10);
    // The release after a probe does nothing more.
    let score = game(&app).score;
    frame(&mut app, l.cell(mine), |f| f.released = true);
    assert_eq!(game(&app).score, score);
}

#[test]
fn a_short_press_is_not_a_probe() {
    let mut app = app(11);
    let (_, mine) = cells(&app);
    let l = layout(&app);
    frame(&mut app, l.cell(mine), tap);
    assert_eq!(game(&app).cells[mine].mine, Some(MineFate::Live));
}

#[test]
fn dragging_a_card_places_it_or_merges_it_into_another() {
    let mut app = app(13);
    let (safe, _) = cells(&app);
    let l = layout(&app);
    let before = game(&app).hand.clone();
    let size = game(&app).board.grid.size;
    // Drag card 0 onto card 1: a merge.
    frame(&mut app, l.slot(0), |f| {
        f.pressed = true;
        f.down = true;
    });
    frame(&mut app, l.slot(1), |f| {
        f.down = true;
        f.dragging = true;
    });
    frame(&mut app, l.slot(1), |f| f.released = true);
    let after = game(&app).hand.clone();
    let merged = sudoku::merge_digits(size, before[1].digit, before[0].digit);
    assert!(
        after
            .iter()
            .any(|c| c.kind == before[1].kind && c.side == before[1].side && c.digit == merged),
        "card 1 took the merged digit: {before:?} -> {after:?}"
    );
    assert_eq!(
        game(&app).deck.len(),
        game(&app).board.deck.len() - 6,
        "one card was fed and replaced"
    );
    // Drag card 0 onto a board cell: a placement.
    let deck = game(&app).deck.len();
    frame(&mut app, l.slot(0), |f| {
        f.pressed = true;
        f.down = true;
    });
    frame(&mut app, l.cell(safe), |f| {
        f.down = true;
        f.dragging = true;
    });
    frame(&mut app, l.cell(safe), |f| f.released = true);
    assert_eq!(game(&app).deck.len(), deck - 1, "the card was played");
}

#[test]
fn refusals_reach_the_player_and_a_blast_is_heard() {
    let mut app = app(17);
    let (_, mine) = cells(&app);
    let open = game(&app)
        .board
        .open
        .iter()
        .position(|&o| o)
        .expect("a given");
    app.world_mut()
        .write_message(PuzzleRequest::Act(Action::Place {
            hand: 0,
            cell: open,
        }));
    app.update();
    assert_eq!(app.world().resource::<Heard>().refused.len(), 1);
    app.world_mut()
        .write_message(PuzzleRequest::Act(Action::Place {
            hand: 0,
            cell: mine,
        }));
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(game(&app).lives, 2);
    assert!(
        app.world()
            .resource::<SoundLog>()
            .0
            .contains(&Effect::Blast)
    );
    let heard = app.world().resource::<Heard>();
    assert!(
        heard
            .happened
            .iter()
            .any(|h| h.0.contains(&sudoku::Event::Blew(mine)))
    );
}

#[test]
fn a_knight_raises_its_flag_with_a_right_click_and_jumps() {
    let mut app = app(19);
    // Put a knight on the board by hand: a given cell with a jump target.
    let g = game(&app).clone();
    let n = g.size();
    let from = (0..n * n)
        .find(|&i| {
            g.board.open[i] && {
                let (r, c) = ((i / n) as i32, (i % n) as i32);
                [
                    (1, 2),
                    (2, 1),
                    (-1, 2),
                    (-2, 1),
                    (1, -2),
                    (2, -1),
                    (-1, -2),
                    (-2, -1),
                ]
                .iter()
                .any(|(dr, dc)| {
                    let (rr, cc) = (r + dr, c + dc);
                    rr >= 0
                        && cc >= 0
                        && (rr as usize) < n
                        && (cc as usize) < n
                        && g.is_closed(rr as usize * n + cc as usize)
                })
            }
        })
        .expect("a given with a closed knight jump");
    {
        let mut p = app.world_mut().resource_mut::<Puzzle>();
        let game = p.game.as_mut().unwrap();
        // Place a knight through the rules on a copy of a given: reopen
        // nothing, just stand it there.
        let card = sudoku::Card {
            kind: sudoku::PieceKind::Knight,
            side: sudoku::Side::White,
            digit: game.board.grid.cells[from],
        };
        game.cells[from].state = sudoku::CellState::Closed;
        game.cells[from].mine = None;
        game.board.mines[from] = false;
        game.hand[0] = card;
        game.apply(&Action::Place {
            hand: 0,
            cell: from,
        })
        .unwrap();
    }
    app.update();
    let l = layout(&app);
    let target = game(&app).jump_targets(from)[0];
    let stamina = game(&app).piece_at(from).unwrap().stamina;
    frame(&mut app, l.cell(from), |f| f.secondary = true);
    frame(&mut app, l.cell(target), tap);
    let g = game(&app);
    let hit = g.board.mines[target];
    if hit {
        assert_eq!(g.cells[target].mine, Some(MineFate::Defused));
        assert_eq!(g.piece_at(target).unwrap().stamina, stamina - 1);
    } else {
        assert_eq!(g.cells[target].state, sudoku::CellState::Question);
        assert_eq!(g.bench.len(), 1, "a miss sends the knight to sit out");
    }
}

#[test]
fn a_card_dropped_on_the_deck_is_discarded_for_a_new_one() {
    let mut app = app(23);
    let l = layout(&app);
    let deck = game(&app).deck.len();
    let next = game(&app).deck[0];
    frame(&mut app, l.slot(2), |f| {
        f.pressed = true;
        f.down = true;
    });
    frame(&mut app, l.deck(), |f| {
        f.down = true;
        f.dragging = true;
    });
    frame(&mut app, l.deck(), |f| f.released = true);
    assert_eq!(game(&app).deck.len(), deck - 1);
    assert_eq!(
        game(&app).hand[2],
        next,
        "the slot took the deck's next card"
    );
    assert_eq!(game(&app).score, 0, "a discard scores nothing");
}

#[test]
fn the_first_tap_of_a_double_tap_never_places_a_card() {
    let mut app = app(8);
    let (safe, mine) = cells(&app);
    let l = layout(&app);
    let hand = game(&app).hand.clone();
    // A card is picked; then two touch taps on a mine: a flag, not a blast.
    frame(&mut app, l.slot(0), tap);
    frame(&mut app, l.cell(mine), |f| {
        tap(f);
        f.touch = true;
    });
    assert_eq!(game(&app).hand, hand, "the first tap waits");
    frame(&mut app, l.cell(mine), |f| {
        tap(f);
        f.double = true;
        f.touch = true;
    });
    std::thread::sleep(std::time::Duration::from_secs_f64(
        minesweeper_chess::base::gesture::DOUBLE_TAP_SECS + 0.1,
    ));
    frame(&mut app, l.cell(mine), |_| {});
    let g = game(&app);
    assert!(g.cells[mine].flag, "the double-tap flags");
    assert_eq!(g.lives, g.preset.file.lives, "nothing blew up");
    assert_eq!(g.hand, hand, "the card is still in the hand");
    // The card is still picked: a single touch tap places it once the
    // window has passed.
    frame(&mut app, l.cell(safe), |f| {
        tap(f);
        f.touch = true;
    });
    assert!(game(&app).is_closed(safe) && game(&app).piece_at(safe).is_none());
    std::thread::sleep(std::time::Duration::from_secs_f64(
        minesweeper_chess::base::gesture::DOUBLE_TAP_SECS + 0.1,
    ));
    frame(&mut app, l.cell(safe), |_| {});
    let g = game(&app);
    assert!(
        g.piece_at(safe).is_some() || g.bench.len() == 1,
        "placed after the window (it opened the cell or sat out)"
    );
}

#[test]
fn a_piece_on_an_open_cell_shows_both_its_card_and_the_cells_digit() {
    use minesweeper_chess::sudoku::view::CellDigit;
    let mut app = app(5);
    let (safe, _) = cells(&app);
    let digit = game(&app).board.grid.cells[safe];
    {
        let mut puzzle = app.world_mut().resource_mut::<Puzzle>();
        let g = puzzle.game.as_mut().unwrap();
        g.hand[0].digit = digit;
        g.hand[0].kind = sudoku::PieceKind::King;
    }
    let l = layout(&app);
    frame(&mut app, l.slot(0), tap);
    frame(&mut app, l.cell(safe), tap);
    assert!(
        game(&app).piece_at(safe).is_some(),
        "the king stands on the open cell"
    );
    app.update();
    let mut q = app.world_mut().query::<(&PuzzleCell, &Children)>();
    let children: Vec<Entity> = q
        .iter(app.world())
        .find(|(c, _)| c.0 == safe)
        .map(|(_, ch)| ch.iter().collect())
        .expect("the cell entity");
    let shown = children
        .iter()
        .find(|e| app.world().get::<CellDigit>(**e).is_some())
        .map(|e| {
            (
                app.world().get::<Text2d>(*e).map(|t| t.0.clone()),
                app.world().get::<Transform>(*e).map(|t| t.scale.x),
            )
        })
        .expect("the digit text");
    assert_eq!(
        shown.0,
        Some(digit.to_string()),
        "the cell's digit is shown"
    );
    assert!(
        shown.1.is_some_and(|s| s < 0.6),
        "small, in the corner: {shown:?}"
    );
}
