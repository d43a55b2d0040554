//! Hidden mines stay hidden (Decisions 10 and 11): what an unfinished game
//! stores or exports, what resume, import and undo restore, and how the
//! hidden mines are dealt afresh.

use minesweeper_core::chess::deal::LayoutSpace;
use minesweeper_core::chess::preset::{self, BUILTIN};
use minesweeper_core::chess::probability::mine_odds;
use minesweeper_core::chess::{
    Game, Move, MoveKind, Position, PublicPosition, RuleSet, Square, SquareSet, Unknown, Variant,
    fen, record,
};
use minesweeper_core::rng::GameRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

use crate::rules::{sq, with_mines};

/// Every built-in board preset's variant.
pub fn variants() -> Vec<Variant> {
    BUILTIN
        .iter()
        .map(|(f, t)| preset::parse(f, t).expect("built-in preset").variant)
        .collect()
}

/// A random game of `variant`: random mines, then up to `plies` random
/// legal moves, sweeps favoured so that swept cells occur.
fn random_game(variant: &Variant, seed: u64, plies: usize) -> Game {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut game = random_start(variant, &mut rng);
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let m = random_move(&game, &mut rng);
        game.play(m).expect("a legal move");
    }
    game
}

/// A fresh game of `variant` with random mines.
pub fn random_start(variant: &Variant, rng: &mut GameRng) -> Game {
    let mines = minesweeper_core::chess::mines::random_layout(
        &variant.fog_zone,
        variant.mine_count as usize,
        rng,
    );
    Game::new(variant, mines).expect("a legal start")
}

/// A random legal move of an unfinished game, sweeps of fogged cells
/// favoured so that swept cells occur.
pub fn random_move(game: &Game, rng: &mut GameRng) -> Move {
    let moves = game.position().legal_moves();
    let sweeps: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|m| m.kind == MoveKind::Sapper && game.position().fog().contains(m.to))
        .collect();
    if !sweeps.is_empty() && rng.random_bool(0.3) {
        *sweeps.choose(rng).expect("a sweep")
    } else {
        *moves.choose(rng).expect("a move")
    }
}

fn rules_of(variants: &[Variant]) -> impl Fn(&str) -> Option<RuleSet> + '_ {
    |name| variants.iter().find(|v| v.name == name).map(|v| v.rules)
}

/// The mines nobody has seen: on fogged cells nobody swept.
fn hidden(pos: &Position) -> SquareSet {
    pos.mines().intersection(&pos.unknown_cells())
}

#[test]
fn unfinished_games_are_stored_without_their_hidden_mines_on_every_preset() {
    let variants = variants();
    let mut checked = 0;
    let mut with_hidden = 0;
    let mut with_swept = 0;
    for v in &variants {
        for seed in 0..25u64 {
            let game = random_game(v, seed * 7 + 1, 2 + (seed as usize * 3) % 40);
            if game.outcome().is_some() || game.moves().is_empty() {
                continue;
            }
            checked += 1;
            let text = record::write(&v.name, &game, &[]);
            let truth = hidden(game.position());
            if !truth.is_empty() {
                with_hidden += 1;
            }
            if !game.position().swept().is_empty() {
                with_swept += 1;
            }
            // Every FEN in the text leaves each hidden mine unknown.
            for line in text
                .lines()
                .filter(|l| l.starts_with("[FEN") || l.starts_with("[Position"))
            {
                let inner = &line[line.find('"').unwrap() + 1..line.rfind('"').unwrap()];
                let s = fen::parse_setup(inner).expect("the stored FEN parses");
                for h in truth.iter() {
                    assert!(
                        !s.mines.contains(h),
                        "{}: hidden mine {h} stored in {line}",
                        v.name
                    );
                    let u = s.unknown.as_ref().expect("hidden mines are unknown");
                    assert!(u.cells.contains(h), "{h} is '?' in {line}");
                }
            }
            // The text is the same for any other layout that agrees with
            // what is public: it cannot tell them apart.
            let mut rng = GameRng::seed_from_u64(seed);
            let other = game
                .redeal(&mut rng)
                .expect("the public view admits a layout");
            assert_eq!(record::write(&v.name, &other, &[]), text, "{}", v.name);

            // Reading it back deals the hidden mines afresh and agrees with
            // every count, swept cell and the counter.
            let back = record::parse(&text, rules_of(&variants), &mut rng)
                .unwrap_or_else(|e| panic!("{}: {e}\n{text}", v.name));
            let (a, b) = (back.game.position(), game.position());
            assert_eq!(fen::to_public_fen(a), fen::to_public_fen(b), "{}", v.name);
            assert_eq!(a.swept(), b.swept());
            assert_eq!(a.mines_left(), b.mines_left());
            for sq in b.squares() {
                assert_eq!(a.revealed_count(sq), b.revealed_count(sq), "count on {sq}");
            }
            let sans = |g: &Game| g.moves().iter().map(|m| m.san.clone()).collect::<Vec<_>>();
            assert_eq!(sans(&back.game), sans(&game));
        }
    }
    assert!(checked >= 60, "{checked} unfinished games");
    assert!(
        with_hidden >= 40 && with_swept >= 10,
        "{with_hidden} {with_swept}"
    );
}

#[test]
fn a_finished_game_keeps_its_true_layout() {
    let v = Variant::classic();
    let mut game = random_game(&v, 3, 6);
    game.resign();
    let text = record::write(&v.name, &game, &[]);
    assert!(text.contains(&fen::to_fen(game.start())), "{text}");
    assert!(!text.contains("[Position"), "{text}");
    let back = record::parse(&text, |_| Some(v.rules), &mut GameRng::seed_from_u64(1)).unwrap();
    assert!(!back.dealt);
    assert_eq!(back.start.mines(), game.start().mines());
}

#[test]
fn a_redeal_keeps_everything_public_and_moves_the_hidden_mines() {
    // A blast at e4 that an undo would otherwise give away: after the
    // redeal e4 is a mine only as often as the public view says.
    let start = with_mines(
        "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["e4", "b5", "c6", "g7"],
        &[],
    );
    // Before e2e4 steps onto the mine: the position an undo goes back to.
    let before = Game::from_position(start.clone());
    let mut blasted = before.clone();
    let r = blasted
        .play(minesweeper_core::chess::notation::parse_move(blasted.position(), "e2e4").unwrap())
        .unwrap();
    assert_eq!(r.report.blasts().count(), 1, "the pawn blows up on e4");
    let p_e4 = mine_odds(&before.position().public_view())
        .unwrap()
        .at(sq("e4"));
    assert!(p_e4 > 0.0 && p_e4 < 1.0, "{p_e4}");
    let mut mined = 0;
    let n = 1000;
    for seed in 0..n {
        let g = before.redeal(&mut GameRng::seed_from_u64(seed)).unwrap();
        assert_eq!(
            fen::to_public_fen(g.position()),
            fen::to_public_fen(before.position())
        );
        assert_eq!(g.position().mines_left(), 4);
        mined += usize::from(g.position().mines().contains(sq("e4")));
    }
    let share = mined as f64 / n as f64;
    assert!(
        (share - p_e4).abs() < 0.05,
        "e4 mined {share} vs odds {p_e4}"
    );
}

/// Brute force: every set of `k` cells of `cells` that `space` agrees with,
/// checked against the true counts of `truth` with that layout.
fn brute_layouts(truth: &Position, k: usize) -> Vec<SquareSet> {
    let cells: Vec<Square> = truth.unknown_cells().iter().collect();
    let known = truth.mines().difference(&truth.unknown_cells());
    let mut out = Vec::new();
    for mask in 0u64..(1 << cells.len()) {
        if mask.count_ones() as usize != k {
            continue;
        }
        let layout: SquareSet = (0..cells.len())
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| cells[i])
            .collect();
        let mut s = truth.to_setup();
        s.mines = known.union(&layout);
        let Ok(p) = Position::from_setup(s, *truth.rules()) else {
            continue;
        };
        if truth
            .squares()
            .all(|q| p.revealed_count(q) == truth.revealed_count(q))
        {
            out.push(layout);
        }
    }
    out
}

#[test]
fn the_redeal_is_uniform_over_every_consistent_layout() {
    // A 6×6 board, fog on ranks 3–4 with some cells revealed and one swept:
    // few enough layouts to list, enough to test.
    let truth =
        fen::parse_standard("rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 6/6/xfoffs/fxffoo/6/6")
            .unwrap();
    let public = truth.public_view();
    let k = public.hidden_mines() as usize;
    let all = brute_layouts(&truth, k);
    assert!(all.len() >= 6, "{} layouts", all.len());
    let space = LayoutSpace::of_public(&public).unwrap();
    assert_eq!(space.count(), Some(all.len() as f64), "the count is exact");
    let mut seen = vec![0u32; all.len()];
    let draws = 30_000u32;
    let mut rng = GameRng::seed_from_u64(2026);
    for _ in 0..draws {
        let l = space.sample(&mut rng).unwrap();
        let i = all
            .iter()
            .position(|a| *a == l)
            .expect("only consistent layouts");
        seen[i] += 1;
    }
    // Pearson's chi-square against the uniform distribution.
    let expected = draws as f64 / all.len() as f64;
    let chi2: f64 = seen
        .iter()
        .map(|&o| (o as f64 - expected).powi(2) / expected)
        .sum();
    let df = (all.len() - 1) as f64;
    // Critical value at p = 0.001 (Wilson–Hilferty).
    let z = 3.09;
    let crit = df * (1.0 - 2.0 / (9.0 * df) + z * (2.0 / (9.0 * df)).sqrt()).powi(3);
    assert!(
        chi2 < crit,
        "chi-square {chi2:.1} over {df} degrees of freedom (limit {crit:.1}): {seen:?}"
    );
    assert!(seen.iter().all(|&o| o > 0), "every layout is dealt");
}

#[test]
fn exact_counts_match_brute_force_on_random_small_boards() {
    let mut rng = GameRng::seed_from_u64(5);
    let mut tried = 0;
    for _ in 0..200 {
        // Random 6×6 fog rows 3–4, random mines and reveals.
        let mut field = String::from("6/6/");
        for _ in 0..2 {
            for _ in 0..6 {
                let c = match rng.random_range(0..10) {
                    0 | 1 => 'x',
                    2..=4 => 'o',
                    5 => 's',
                    _ => 'f',
                };
                field.push(c);
            }
            field.push('/');
        }
        field.push_str("6/6");
        let text = format!("rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 {field}");
        let Ok(truth) = fen::parse_standard(&text) else {
            continue;
        };
        let public = truth.public_view();
        let all = brute_layouts(&truth, public.hidden_mines() as usize);
        let space = LayoutSpace::of_public(&public).unwrap();
        assert_eq!(space.count(), Some(all.len() as f64), "{text}");
        // The public FEN reads back to the same public position.
        let back = fen::parse_public(&fen::to_public_fen(&truth), *truth.rules()).unwrap();
        assert_eq!(
            fen::public_to_fen(&back),
            fen::to_public_fen(&truth),
            "{text}"
        );
        tried += 1;
    }
    assert!(tried > 100);
}

#[test]
fn swept_cells_are_public_shown_in_fen_and_used_by_the_odds() {
    let mut p = with_mines(
        "4k3/8/8/8/8/8/8/3P4/8/4K3 w - - 0 1",
        &["d4", "a7", "h7"],
        &[],
    );
    let key_before = p.repetition_key();
    let m = minesweeper_core::chess::notation::parse_move(&p, "d3*").unwrap();
    let r = p.play_unchecked(m);
    assert_eq!(r.swept, Some(sq("d4")), "the mine was there");
    assert!(p.swept().contains(sq("d4")) && p.fog().contains(sq("d4")));
    let public = p.public_view();
    assert!(
        public.position().swept().contains(sq("d4")),
        "swept is public"
    );
    let odds = mine_odds(&public).unwrap();
    assert_eq!(odds.at(sq("d4")), 0.0);
    assert!(fen::to_public_fen(&p).contains('s'));
    assert_ne!(p.repetition_key(), key_before);
    // Swept or not, the same pieces and fog are a different position.
    let mut unswept = p.to_setup();
    unswept.swept = SquareSet::EMPTY;
    let q = Position::from_setup(unswept, *p.rules()).unwrap();
    assert_ne!(q.repetition_key(), p.repetition_key());
    // A layout dealt afresh never puts a mine on a swept cell.
    let mut rng = GameRng::seed_from_u64(3);
    for _ in 0..50 {
        let l = minesweeper_core::chess::deal::redeal(&public, &mut rng).unwrap();
        assert!(!l.contains(sq("d4")));
    }
}

#[test]
fn public_fens_that_no_layout_meets_are_refused_with_the_reason() {
    let rules = RuleSet::standard(6, 6);
    let bad = [
        // A count of 2 with one unknown neighbour.
        (
            "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 6/6/?ooooo/oooooo/6/6 1:b4=2",
            "count on b4",
        ),
        // More hidden mines than '?' cells.
        (
            "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 6/6/??oooo/oooooo/6/6 3",
            "unknown",
        ),
        // '?' cells without the hidden-mine field.
        (
            "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 6/6/??oooo/oooooo/6/6",
            "field 8",
        ),
        // A count on a fogged cell.
        (
            "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 6/6/??ffff/ffffff/6/6 1:c4=1",
            "not a revealed",
        ),
    ];
    for (text, why) in bad {
        let e = fen::parse_public(text, rules).unwrap_err().to_string();
        assert!(e.contains(why), "{text}: {e}");
    }
    let ok =
        "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 6/6/??oooo/oooooo/6/6 1:a3=1,b3=1,c3=1,c4=1";
    let p = fen::parse_public(ok, rules).unwrap();
    assert_eq!(p.hidden_mines(), 1);
    let _: &PublicPosition = &p;
    let _ = Unknown::default();
}
