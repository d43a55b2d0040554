//! What holds whatever is played: the players' view does not depend on
//! the hidden mines, and thousands of random games keep the invariants of
//! the entities after every turn.

use bevy::prelude::*;
use minesweeper_chess::chess::ecs::*;
use minesweeper_core::chess::preset::BUILTIN;
use minesweeper_core::chess::{
    Color as Side, Move, Piece, Position, Role, Square, SquareSet, notation,
};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;

use super::{app, cells, pieces, request, snapshot, start};
use crate::support::{set, sq};

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
