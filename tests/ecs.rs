//! The game through the real ECS schedule, headless.

use bevy::ecs::schedule::{LogLevel, ScheduleBuildSettings};
use bevy::ecs::system::SystemState;
use bevy::prelude::*;
use minesweeper_chess::chess::ecs::*;
use minesweeper_chess::headless_app;
use minesweeper_core::chess::preset::BUILTIN;
use minesweeper_core::chess::{
    Color as Side, DrawReason, Move, Outcome, Piece, Position, Role, Square, SquareSet, WinReason,
    fen, notation,
};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;

use crate::support::{set, sq, with_mines};

/// Everything the gameplay said during one update.
#[derive(Resource, Default, Debug)]
struct Heard {
    moved: Vec<PieceMoved>,
    exploded: Vec<MineExploded>,
    swept: Vec<MineSwept>,
    sapper: Vec<SapperUsed>,
    fog: Vec<FogLifted>,
    check: Vec<CheckGiven>,
    over: Vec<GameOver>,
    rejected: Vec<MoveRejected>,
}

#[allow(clippy::too_many_arguments)]
fn listen(
    mut heard: ResMut<Heard>,
    mut a: MessageReader<PieceMoved>,
    mut b: MessageReader<MineExploded>,
    mut c: MessageReader<MineSwept>,
    mut d: MessageReader<SapperUsed>,
    mut e: MessageReader<FogLifted>,
    mut f: MessageReader<CheckGiven>,
    mut g: MessageReader<GameOver>,
    mut h: MessageReader<MoveRejected>,
) {
    heard.moved.extend(a.read().copied());
    heard.exploded.extend(b.read().copied());
    heard.swept.extend(c.read().copied());
    heard.sapper.extend(d.read().copied());
    heard.fog.extend(e.read().cloned());
    heard.check.extend(f.read().copied());
    heard.over.extend(g.read().copied());
    heard.rejected.extend(h.read().cloned());
}

fn app() -> App {
    let mut app = headless_app(MineSeed(7));
    app.init_resource::<Heard>()
        .add_systems(Update, listen.in_set(TurnSet::Present));
    app.update();
    app
}

fn start(app: &mut App, pos: Position) {
    app.world_mut().write_message(NewGameRequested {
        position: Some(pos),
        ..NewGameRequested::fresh()
    });
    app.update();
    app.world_mut().resource_mut::<Heard>().moves_reset();
}

impl Heard {
    fn moves_reset(&mut self) {
        *self = Heard::default();
    }
}

fn snapshot(app: &mut App) -> Position {
    let world = app.world_mut();
    let mut st = SystemState::<(TrueBoard, Res<ChessGame>)>::new(world);
    let (board, state) = st.get(world).expect("board params");
    board.snapshot(&state).expect("entities form a position")
}

/// Plays `text` through the schedule and returns what was heard.
fn play(app: &mut App, text: &str) -> Heard {
    let pos = snapshot(app);
    let m = notation::parse_move(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    request(app, m)
}

fn request(app: &mut App, m: Move) -> Heard {
    app.world_mut().resource_mut::<Heard>().moves_reset();
    app.world_mut().write_message(MoveRequested(m));
    app.update();
    std::mem::take(&mut *app.world_mut().resource_mut::<Heard>())
}

fn pieces(app: &mut App) -> Vec<(Square, Piece)> {
    let mut q = app.world_mut().query::<(&At, &ChessPiece)>();
    let mut v: Vec<_> = q.iter(app.world()).map(|(a, p)| (a.0, p.0)).collect();
    v.sort_by_key(|(s, _)| *s);
    v
}

fn cells<T: Component>(app: &mut App) -> SquareSet {
    let mut q = app.world_mut().query_filtered::<&At, With<T>>();
    q.iter(app.world()).map(|a| a.0).collect()
}

fn count_at(app: &mut App, at: Square) -> Option<u8> {
    let mut q = app
        .world_mut()
        .query::<(&BoardSquare, Option<&RevealedCount>)>();
    q.iter(app.world())
        .find(|(b, _)| b.0 == at)
        .and_then(|(_, c)| c.map(|c| c.0))
}

fn piece_at(app: &mut App, at: Square) -> Option<Piece> {
    pieces(app)
        .into_iter()
        .find(|(s, _)| *s == at)
        .map(|(_, p)| p)
}

fn assert_no_ambiguities(app: &mut App) {
    app.edit_schedule(Update, |s| {
        s.set_build_settings(ScheduleBuildSettings {
            ambiguity_detection: LogLevel::Error,
            ..default()
        });
    });
    let res = app.world_mut().schedule_scope(Update, |world, sched| {
        sched
            .initialize(world)
            .map(|_| ())
            .map_err(|e| e.to_string(sched.graph(), world))
    });
    if let Err(msg) = res {
        panic!("system order ambiguities:\n{msg}");
    }
}

#[test]
fn gameplay_schedule_has_no_system_order_ambiguities() {
    let mut app = headless_app(MineSeed(1));
    app.add_plugins(AssetPlugin {
        file_path: concat!(env!("CARGO_MANIFEST_DIR"), "/levels").into(),
        watch_for_changes_override: Some(false),
        ..default()
    });
    app.add_plugins(minesweeper_chess::chess::ecs::presets::PresetPlugin {
        prefix: "",
        discover: minesweeper_chess::chess::ecs::presets::Discover::Index,
    });
    assert_no_ambiguities(&mut app);
}

#[test]
fn view_and_sound_systems_have_no_order_ambiguities_and_run_headless() {
    let mut app = minesweeper_chess::headless_app_with_view(MineSeed(2));
    assert_no_ambiguities(&mut app);
    // And they run: a few frames with moves, sprites and text attached.
    app.init_resource::<Heard>()
        .add_systems(Update, listen.in_set(TurnSet::Present));
    app.update();
    for m in ["Nf3", "a9a8", "e2e4"] {
        play(&mut app, m);
        for _ in 0..5 {
            app.update();
        }
    }
    let mut q = app
        .world_mut()
        .query_filtered::<(), (With<ChessPiece>, With<Transform>)>();
    assert_eq!(q.iter(app.world()).count(), pieces(&mut app).len());
}

#[test]
fn a_new_game_spawns_squares_pieces_fog_and_mines() {
    let mut app = app();
    let mut q = app.world_mut().query::<&BoardSquare>();
    assert_eq!(q.iter(app.world()).count(), 80);
    assert_eq!(pieces(&mut app).len(), 32);
    assert_eq!(cells::<Fog>(&mut app).len(), 32);
    let mines = cells::<Mine>(&mut app);
    assert_eq!(mines.len(), 4);
    assert!(mines.iter().all(|m| (3..7).contains(&m.rank())));
    let state = app.world().resource::<ChessGame>();
    assert_eq!(state.turn(), Side::White);
    assert_eq!(state.mines_at_start, 4);
}

#[test]
fn the_mine_seed_decides_the_layout_and_new_games_differ() {
    let mut a = app();
    let mut b = app();
    assert_eq!(
        cells::<Mine>(&mut a),
        cells::<Mine>(&mut b),
        "same seed, same mines"
    );
    let first = cells::<Mine>(&mut a);
    let mut differs = false;
    for _ in 0..5 {
        a.world_mut().write_message(NewGameRequested::fresh());
        a.update();
        differs |= cells::<Mine>(&mut a) != first;
    }
    assert!(differs, "new games get new layouts");
}

/// A whole scripted game showing the mine and fog rules acting on entities.
#[test]
fn scripted_game_shows_every_rule_on_entities() {
    let mut app = app();
    let position = with_mines(
        "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["d5", "e6", "c7", "h4"],
        &[],
    );
    start(&mut app, position);

    // Landing lifts one ring of fog; counts appear on revealed cells.
    let h = play(&mut app, "Nf3");
    assert_eq!(h.moved.len(), 1);
    assert_eq!(h.fog[0].cells, vec![sq("e4"), sq("f4"), sq("g4")]);
    assert!(!cells::<Fog>(&mut app).contains(sq("g4")));
    assert_eq!(count_at(&mut app, sq("g4")), Some(1), "h4 is next to g4");
    assert_eq!(count_at(&mut app, sq("e4")), Some(1), "d5 is next to e4");
    assert_eq!(count_at(&mut app, sq("f4")), Some(0));
    assert_eq!(count_at(&mut app, sq("e5")), None, "still fogged");
    play(&mut app, "a9a8");

    // A double step lands on d4 and discovers the mine on d5.
    let h = play(&mut app, "d2d4");
    assert!(h.fog[0].cells.contains(&sq("d5")));
    assert!(cells::<Mine>(&mut app).contains(sq("d5")));
    play(&mut app, "a8a7");

    // Sapper action: the pawn stays, the mine goes, no fog lifts.
    let h = play(&mut app, "d4*");
    assert_eq!(
        h.sapper,
        vec![SapperUsed {
            pawn: sq("d4"),
            target: sq("d5")
        }]
    );
    assert_eq!(
        h.swept,
        vec![MineSwept {
            at: sq("d5"),
            by_king: false
        }]
    );
    assert!(h.fog.is_empty());
    assert_eq!(
        piece_at(&mut app, sq("d4")),
        Some(Piece::new(Side::White, Role::Pawn))
    );
    assert!(!cells::<Mine>(&mut app).contains(sq("d5")));
    assert_eq!(
        count_at(&mut app, sq("e4")),
        Some(0),
        "counts drop when a mine goes"
    );

    // Black's knight discovers c7 from outside the zone.
    play(&mut app, "Nc8");
    assert!(!cells::<Fog>(&mut app).contains(sq("c7")));
    assert!(cells::<Mine>(&mut app).contains(sq("c7")));

    // A knight lands on the hidden mine on h4: the fog lifts around it first,
    // then knight and mine are gone.
    let h = play(&mut app, "Nh4");
    assert_eq!(
        h.exploded,
        vec![MineExploded {
            at: sq("h4"),
            piece: Piece::new(Side::White, Role::Knight)
        }]
    );
    assert!(h.fog[0].cells.contains(&sq("h5")) && h.fog[0].cells.contains(&sq("g5")));
    assert!(piece_at(&mut app, sq("h4")).is_none());
    assert!(!cells::<Mine>(&mut app).contains(sq("h4")));
    assert_eq!(count_at(&mut app, sq("g4")), Some(0));
    assert_eq!(cells::<Mine>(&mut app).len(), 2, "the mine counter");

    // Nd6 discovers e6: every mine left is known, so all fog lifts.
    let h = play(&mut app, "Nd6");
    assert!(h.fog.iter().any(|f| f.full), "the full lift");
    assert!(cells::<Fog>(&mut app).is_empty());
    assert_eq!(cells::<Mine>(&mut app), set(&["c7", "e6"]));
    assert_eq!(count_at(&mut app, sq("d7")), Some(2));

    let state = app.world().resource::<ChessGame>();
    let sans: Vec<&str> = state.moves().iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, ["Nf3", "a8", "d4", "a7", "d4*", "Nc8", "Nh4", "Nd6"]);
    assert_eq!(state.turn(), Side::White);
}

#[test]
fn royal_sapper_castling_promotion_check_and_mate_on_entities() {
    let mut app = app();
    // Royal sapper: the king keeps walking, the mine is gone.
    start(
        &mut app,
        with_mines("4k3/8/8/8/8/8/8/4K3/8/R7 w - - 0 1", &["e4", "a7"], &[]),
    );
    let h = play(&mut app, "Ke4");
    assert_eq!(
        h.swept,
        vec![MineSwept {
            at: sq("e4"),
            by_king: true
        }]
    );
    assert_eq!(
        piece_at(&mut app, sq("e4")),
        Some(Piece::new(Side::White, Role::King))
    );
    assert_eq!(cells::<Mine>(&mut app).len(), 1);

    // Castling moves the rook entity too.
    start(
        &mut app,
        fen::parse_standard("r3k2r/8/8/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap(),
    );
    let h = play(&mut app, "O-O");
    assert_eq!(h.moved[0].rook, Some((sq("h1"), sq("f1"))));
    assert_eq!(
        piece_at(&mut app, sq("f1")),
        Some(Piece::new(Side::White, Role::Rook))
    );
    assert_eq!(
        piece_at(&mut app, sq("g1")),
        Some(Piece::new(Side::White, Role::King))
    );
    let h = play(&mut app, "O-O-O");
    assert_eq!(
        piece_at(&mut app, sq("d10")),
        Some(Piece::new(Side::Black, Role::Rook))
    );
    assert!(h.check.is_empty());

    // Promotion turns the pawn entity into a queen, and it gives check.
    start(
        &mut app,
        fen::parse_standard("4k3/P7/8/8/8/8/8/8/8/4K3 w - - 0 1").unwrap(),
    );
    let h = play(&mut app, "a10=Q+");
    assert_eq!(h.moved[0].piece, Piece::new(Side::White, Role::Queen));
    assert_eq!(
        piece_at(&mut app, sq("a10")),
        Some(Piece::new(Side::White, Role::Queen))
    );
    assert_eq!(
        h.check,
        vec![CheckGiven {
            side: Side::Black,
            king: sq("e10")
        }]
    );

    // Mate ends the game; later requests are refused.
    start(
        &mut app,
        fen::parse_standard("7k/8/6K1/8/8/8/8/8/8/Q7 w - - 0 1").unwrap(),
    );
    let h = play(&mut app, "Qa9");
    assert!(h.over.is_empty());
    play(&mut app, "Kg10");
    let h = play(&mut app, "Qg9#");
    assert_eq!(
        h.over,
        vec![GameOver(Outcome::Decisive {
            winner: Side::White,
            reason: WinReason::Checkmate
        })]
    );
    let m = Move {
        from: sq("g10"),
        to: sq("h10"),
        kind: minesweeper_core::chess::MoveKind::Normal,
    };
    let h = request(&mut app, m);
    assert_eq!(
        h.rejected[0].reason,
        minesweeper_core::chess::Refusal::GameOver
    );
}

#[test]
fn a_blast_that_exposes_the_king_ends_the_game_through_the_schedule() {
    let mut app = app();
    start(
        &mut app,
        with_mines("4r2k/8/8/8/8/8/8/8/4R3/4K3 w - - 0 1", &["e5", "a7"], &[]),
    );
    let h = play(&mut app, "Re5");
    assert_eq!(h.exploded.len(), 1);
    assert_eq!(
        h.over,
        vec![GameOver(Outcome::Decisive {
            winner: Side::Black,
            reason: WinReason::Blast
        })]
    );
    assert!(h.check.is_empty(), "no check message for a finished game");
}

#[test]
fn illegal_requests_get_a_reason_and_change_nothing() {
    let mut app = app();
    start(
        &mut app,
        with_mines(
            "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["a4", "b5", "c6", "d7"],
            &[],
        ),
    );
    let before = pieces(&mut app);
    for (from, to, why) in [
        ("e2", "e5", "cannot go to e5"),
        ("e9", "e8", "white's turn"),
        ("e4", "e5", "no piece on e4"),
    ] {
        let m = Move {
            from: sq(from),
            to: sq(to),
            kind: minesweeper_core::chess::MoveKind::Normal,
        };
        let h = request(&mut app, m);
        assert_eq!(h.rejected.len(), 1);
        let text = h.rejected[0].reason.to_string();
        assert!(text.contains(why), "{text}");
    }
    assert_eq!(pieces(&mut app), before);
    assert_eq!(app.world().resource::<ChessGame>().turn(), Side::White);
}

#[test]
fn undo_resign_and_draw_by_agreement() {
    let mut app = app();
    start(
        &mut app,
        with_mines(
            "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["e4", "b5", "c6", "d7"],
            &[],
        ),
    );
    let before = snapshot(&mut app);
    let h = play(&mut app, "e2e3");
    assert!(!h.fog.is_empty());
    play(&mut app, "a9a8");
    let h = play(&mut app, "e3e4");
    assert_eq!(h.exploded.len(), 1);
    assert_eq!(cells::<Mine>(&mut app).len(), 3, "the pawn blew up on e4");
    for _ in 0..3 {
        app.world_mut().write_message(GameCommand::Undo);
        app.update();
    }
    // Back to the start as both players knew it; the mines are dealt
    // afresh (Decision 11), so the blast at e4 tells nothing.
    assert_eq!(
        fen::to_public_fen(&snapshot(&mut app)),
        fen::to_public_fen(&before)
    );
    assert_eq!(cells::<Mine>(&mut app).len(), 4);
    assert!(app.world().resource::<ChessGame>().moves().is_empty());

    app.world_mut().write_message(GameCommand::Resign);
    app.update();
    assert_eq!(
        app.world().resource::<ChessGame>().outcome(),
        Some(Outcome::Decisive {
            winner: Side::Black,
            reason: WinReason::Resignation
        })
    );
    app.world_mut().write_message(NewGameRequested::fresh());
    app.update();
    app.world_mut().write_message(GameCommand::AgreeDraw);
    app.update();
    assert_eq!(
        app.world().resource::<ChessGame>().outcome(),
        Some(Outcome::Draw(DrawReason::Agreement))
    );
}

/// Every hidden layout consistent with what the player sees gives the same
/// legal moves and the same answers to illegal requests.
#[test]
fn what_players_see_does_not_depend_on_hidden_mines() {
    let preset = minesweeper_core::chess::preset::parse("skirmish_6x6.ron", BUILTIN[2].1).unwrap();
    let v = preset.variant;
    // A game with a fixed layout, a few moves in.
    let base = Position::new(&v, set(&["e3", "f4"])).unwrap();
    let mut pos = base.clone();
    for m in ["b2b3", "b5b4"] {
        let mv = notation::parse_move(&pos, m).unwrap();
        pos.play_unchecked(mv);
    }
    let public = pos.public_view();
    let fogged: Vec<Square> = pos.fog().iter().collect();
    let hidden = public.hidden_mines() as usize;
    // Every layout of `hidden` mines in the fogged cells that matches every
    // revealed count.
    let mut layouts = Vec::new();
    let n = fogged.len();
    for mask in 0u32..(1 << n) {
        if mask.count_ones() as usize != hidden {
            continue;
        }
        let mut mines = *public.position().mines();
        for (i, s) in fogged.iter().enumerate() {
            if mask >> i & 1 == 1 {
                mines.insert(*s);
            }
        }
        let mut setup = pos.to_setup();
        setup.mines = mines;
        let Ok(candidate) = Position::from_setup(setup, *pos.rules()) else {
            continue;
        };
        let consistent = pos
            .squares()
            .all(|s| pos.revealed_count(s) == candidate.revealed_count(s));
        if consistent {
            layouts.push(candidate);
        }
    }
    assert!(
        layouts.len() > 3,
        "several consistent layouts ({})",
        layouts.len()
    );

    let mut app = app();
    let mut seen: Option<(Vec<Move>, Vec<minesweeper_core::chess::Refusal>)> = None;
    for layout in layouts {
        start(&mut app, layout);
        let shown = snapshot(&mut app).public_view().legal_moves();
        let mut reasons = Vec::new();
        for (from, to) in [("c1", "c4"), ("a2", "a4"), ("d6", "d5"), ("b3", "b4")] {
            let m = Move {
                from: sq(from),
                to: sq(to),
                kind: minesweeper_core::chess::MoveKind::Normal,
            };
            let h = request(&mut app, m);
            reasons.extend(h.rejected.iter().map(|r| r.reason));
        }
        match &seen {
            None => seen = Some((shown, reasons)),
            Some((m, r)) => {
                assert_eq!(&shown, m, "legal moves differ between layouts");
                assert_eq!(&reasons, r, "rejection reasons differ between layouts");
            }
        }
    }
}

/// Thousands of random games on random layouts across every preset, checking
/// the invariants after every turn.
#[test]
fn soak_random_games_keep_the_invariants() {
    let mut app = app();
    let mut rng = SmallRng::seed_from_u64(2026);
    let presets: Vec<_> = BUILTIN
        .iter()
        .map(|(f, t)| {
            minesweeper_core::chess::preset::parse(f, t)
                .unwrap()
                .variant
        })
        .collect();
    let games = std::env::var("SOAK_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(1000);
    let mut turns = 0usize;
    for game in 0..games {
        let v = presets[game % presets.len()].clone();
        let zone = v.fog_zone;
        app.world_mut().write_message(NewGameRequested {
            variant: Some(v),
            seed: Some(game as u64),
            ..NewGameRequested::fresh()
        });
        app.update();
        for _ in 0..60 {
            let pos = snapshot(&mut app);
            if app.world().resource::<ChessGame>().outcome().is_some() {
                break;
            }
            let moves = pos.public_view().legal_moves();
            let Some(&m) = moves.choose(&mut rng) else {
                break;
            };
            request(&mut app, m);
            turns += 1;
            check_invariants(&mut app, &zone);
        }
    }
    assert!(turns > games * 10, "games were played ({turns} turns)");
}

fn check_invariants(app: &mut App, zone: &SquareSet) {
    let state = app.world().resource::<ChessGame>().clone();
    let ps = pieces(app);
    let kings = |c: Side| {
        ps.iter()
            .filter(|(_, p)| *p == Piece::new(c, Role::King))
            .count()
    };
    if state.outcome().is_none() {
        assert_eq!(
            (kings(Side::White), kings(Side::Black)),
            (1, 1),
            "one king each"
        );
    }
    let mines = cells::<Mine>(app);
    let fog = cells::<Fog>(app);
    assert!(
        mines.difference(zone).is_empty(),
        "mines only in the fog zone"
    );
    for (s, _) in &ps {
        assert!(!fog.contains(*s), "fog over the piece on {s}");
    }
    let mut q = app
        .world_mut()
        .query::<(&BoardSquare, Option<&RevealedCount>, Has<FogZone>)>();
    let (files, ranks) = {
        let v = &app.world().resource::<ActiveVariant>().0;
        (v.files, v.ranks)
    };
    for (cell, count, in_zone) in q.iter(app.world()) {
        let truth = cell
            .0
            .neighbours(files, ranks)
            .filter(|n| mines.contains(*n))
            .count() as u8;
        match (in_zone, fog.contains(cell.0), count) {
            (true, false, Some(c)) => assert_eq!(c.0, truth, "count on {}", cell.0),
            (true, false, None) => panic!("revealed {} shows no count", cell.0),
            (_, _, Some(_)) if !in_zone || fog.contains(cell.0) => {
                panic!("{} shows a count it should not", cell.0)
            }
            _ => {}
        }
    }
    if state.outcome().is_none() {
        // The rules' snapshot must agree with the entities.
        let pos = snapshot(app);
        assert_eq!(pos.mines_left(), mines.len());
    }
}

/// A game saved as text comes back move for move, with everything both
/// players saw (its hidden mines dealt afresh); a damaged save is an error
/// with a place, never a panic.
#[test]
fn saved_games_resume_exactly_and_corrupt_ones_are_refused() {
    use minesweeper_chess::chess::ecs::presets::PresetLibrary;
    use minesweeper_chess::chess::ecs::save::{current_record, read_record};
    let mut app = app();
    start(
        &mut app,
        with_mines(
            "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["d5", "e6", "c7", "h4"],
            &[],
        ),
    );
    for m in ["Nf3", "a9a8", "d2d4", "a8a7", "d4*", "Nc8", "Nh4", "Nd6"] {
        play(&mut app, m);
    }
    let text = {
        let world = app.world();
        let state = world.resource::<ChessGame>();
        let variant = &world.resource::<ActiveVariant>().0;
        current_record(variant, state, "classic.ron").expect("a game with moves has a record")
    };
    assert!(text.contains("[Preset \"classic.ron\"]"), "{text}");
    let library = PresetLibrary::builtin();
    let (rec, variant) = read_record(&text, &library, 9).expect("the record reads back");

    let mut other = self::app();
    other.world_mut().write_message(NewGameRequested {
        variant: Some(variant),
        seed: None,
        position: Some(rec.start.clone()),
        moves: rec.game.moves().iter().map(|m| m.mv).collect(),
        seen: None,
    });
    for _ in 0..12 {
        other.update();
    }
    assert_eq!(
        fen::to_public_fen(&snapshot(&mut other)),
        fen::to_public_fen(&snapshot(&mut app))
    );
    let sans = |a: &App| -> Vec<String> {
        a.world()
            .resource::<ChessGame>()
            .moves()
            .iter()
            .map(|m| m.san.clone())
            .collect()
    };
    assert_eq!(sans(&other), sans(&app));

    // Damage: a move that cannot be played, a broken FEN, plain garbage.
    let broken = text.replace("Nh4", "Nh9");
    let e = read_record(&broken, &library, 9).unwrap_err();
    assert!(e.message.contains("Nh9"), "{e}");
    assert!(read_record(&text.replace("[FEN \"rnbq", "[FEN \"xnbq"), &library, 9).is_err());
    assert!(read_record("\u{0}\u{1}garbage", &library, 9).is_err());
}

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

use minesweeper_chess::base::gesture::PointerFrame;

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

/// A job that sums 1..=n, a thousand numbers at a time, counting its work.
struct Sum {
    next: u64,
    n: u64,
    total: u64,
    work: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

impl minesweeper_chess::base::jobs::Job for Sum {
    type Output = u64;
    fn step(&mut self, deadline: bevy::platform::time::Instant) -> Option<u64> {
        loop {
            let end = (self.next + 1000).min(self.n + 1);
            self.total += (self.next..end).sum::<u64>();
            self.work
                .fetch_add(end - self.next, std::sync::atomic::Ordering::Relaxed);
            self.next = end;
            if self.next > self.n {
                return Some(self.total);
            }
            if bevy::platform::time::Instant::now() >= deadline {
                return None;
            }
        }
    }
}

fn job_app(mode: minesweeper_chess::base::jobs::JobMode) -> App {
    let mut app = headless_app(MineSeed(1));
    app.insert_resource(mode)
        .add_plugins(minesweeper_chess::base::jobs::JobPlugin::<Sum>::default());
    app
}

fn sum_job(n: u64) -> (Sum, std::sync::Arc<std::sync::atomic::AtomicU64>) {
    let work = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let job = Sum {
        next: 1,
        n,
        total: 0,
        work: work.clone(),
    };
    (job, work)
}

#[test]
fn long_jobs_run_in_slices_between_frames_or_off_the_main_thread() {
    use minesweeper_chess::base::jobs::{Finished, JobMode, Running};
    let n = 2_000_000;
    // Sliced (the web): the game keeps updating while the job advances a
    // slice per frame, and the answer is the same.
    let mut app = job_app(JobMode::Sliced {
        slice: std::time::Duration::ZERO,
        share: 0.0,
    });
    let (job, _) = sum_job(n);
    let e = app.world_mut().spawn(Running::new(job)).id();
    let mut updates = 0;
    while app.world().get::<Finished<u64>>(e).is_none() {
        app.update();
        updates += 1;
        assert!(updates < 10_000, "the sliced job never finished");
    }
    let done = app.world().get::<Finished<u64>>(e).unwrap();
    assert_eq!(done.output, n * (n + 1) / 2);
    assert!(done.frames >= 100, "one slice per frame: {}", done.frames);
    assert!(app.world().get::<Running<Sum>>(e).is_none());
    // On a slow page a slice may take a share of the frame, within reason.
    let web = JobMode::Sliced {
        slice: std::time::Duration::from_millis(8),
        share: 0.5,
    };
    let ms = |n| std::time::Duration::from_millis(n);
    assert_eq!(web.slice(ms(16)), ms(8));
    assert_eq!(web.slice(ms(60)), ms(30));
    assert_eq!(web.slice(ms(400)), ms(50));

    // Threaded (the desktop): the same answer from the task pool.
    let mut app = job_app(JobMode::Threaded);
    let (job, _) = sum_job(n);
    let e = app.world_mut().spawn(Running::new(job)).id();
    for _ in 0..20_000 {
        app.update();
        if app.world().get::<Finished<u64>>(e).is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let done = app
        .world()
        .get::<Finished<u64>>(e)
        .expect("threaded job finished");
    assert_eq!(done.output, n * (n + 1) / 2);

    // Despawning cancels: the work stops growing.
    let mut app = job_app(JobMode::Threaded);
    let (job, work) = sum_job(u64::MAX / 4);
    let e = app.world_mut().spawn(Running::new(job)).id();
    app.update();
    while work.load(std::sync::atomic::Ordering::Relaxed) == 0 {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    app.world_mut().despawn(e);
    app.update();
    std::thread::sleep(std::time::Duration::from_millis(100));
    let a = work.load(std::sync::atomic::Ordering::Relaxed);
    std::thread::sleep(std::time::Duration::from_millis(200));
    let b = work.load(std::sync::atomic::Ordering::Relaxed);
    assert_eq!(a, b, "a cancelled job stops");
}

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

/// An app with the board view (sprites without a renderer), listening, on
/// 60 Hz game time however fast the test runs (delayed sounds come due).
fn view_app() -> App {
    let mut app = minesweeper_chess::headless_app_with_view(MineSeed(2));
    app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(16),
    ));
    app.init_resource::<Heard>()
        .add_systems(Update, listen.in_set(TurnSet::Present));
    app.update();
    app
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
