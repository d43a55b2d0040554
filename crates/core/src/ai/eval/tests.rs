//! The evaluation's tests: the bitboards count what the mailbox walk
//! counts, and the terms say what they should.

use super::*;
use crate::chess::{Game, Variant, fen, mines};
use crate::rng::GameRng;
use rand::SeedableRng;
use rand::seq::IndexedRandom;

/// Random games with fog, blasts, captures and promotions: the attack
/// tables count exactly what the walk over the mailbox counts, whether
/// the pawn structure is new to the pawn table or found in it (most
/// moves leave the pawns alone, so most evaluations here find it).
#[test]
fn the_tables_count_what_the_mailbox_walk_counts() {
    let variant = Variant::classic();
    assert!(Tables::get(variant.files, variant.ranks).is_some());
    let mut compared = 0;
    for seed in 0..40u64 {
        let mut rng = GameRng::seed_from_u64(seed);
        let layout = mines::random_layout(&variant.fog_zone, 4, &mut rng);
        let Ok(game) = Game::new(&variant, layout) else {
            continue;
        };
        let mut pos = game.position().clone();
        for _ in 0..160 {
            assert_eq!(
                features_with(&pos, true),
                features_with(&pos, false),
                "seed {seed}: {}",
                fen::to_fen(&pos)
            );
            compared += 1;
            let moves = pos.legal_moves();
            let Some(&m) = moves.choose(&mut rng) else {
                break;
            };
            pos.play_unchecked(m);
            if pos.self_destructed().is_some() {
                break;
            }
        }
    }
    assert!(compared > 2000, "{compared}");
}

#[test]
fn a_knight_on_an_undefended_rook_is_a_threat_worth_most_to_the_mover() {
    let pos = |turn| fen::parse_standard(&format!("4k3/8/8/2r5/8/3N4/8/8/8/4K3 {turn} - - 0 1"));
    let (w, b) = (pos("w").expect("fen"), pos("b").expect("fen"));
    let (fw, fb) = (features(&w), features(&b));
    // A major piece under a lesser one, and undefended: White's threat.
    assert_eq!((fw.counts[27], fw.counts[29]), (1, 1), "{fw:?}");
    assert_eq!((fw.counts[28], fw.counts[30]), (0, 0), "{fw:?}");
    assert_eq!((fb.counts[28], fb.counts[30]), (1, 1), "{fb:?}");
    // With White to move the rook is as good as taken; with Black to
    // move it can run: White's score differs by more than the move.
    let edge = WEIGHTS.mg[26] + WEIGHTS.eg[26];
    assert!(linear(&w) + linear(&b) > edge.round() as i32 + 20);
}

#[test]
fn moves_onto_pawn_guarded_cells_and_chaseable_outposts_count_for_nothing() {
    let f = |text: &str| features(&fen::parse_standard(text).expect("fen")).counts;
    // A corner knight reaches b3 and c2; a black pawn on c4 guards b3.
    assert_eq!(f("4k3/8/8/8/8/8/8/8/8/N3K3 w - - 0 1")[9], 2);
    assert_eq!(f("4k3/8/8/8/8/8/2p5/8/8/N3K3 w - - 0 1")[9], 1);
    // A knight on d6 guarded by e5, no black pawn beside the d-file:
    // an outpost; a black pawn on c8 can chase it off.
    assert_eq!(f("4k3/8/8/8/3N4/4P3/8/8/8/4K3 w - - 0 1")[34], 1);
    assert_eq!(f("4k3/8/2p5/8/3N4/4P3/8/8/8/4K3 w - - 0 1")[34], 0);
}

#[test]
fn two_pieces_at_a_king_are_danger_one_is_not() {
    let one = fen::parse_standard("6k1/8/8/6Q1/8/8/8/8/8/4K3 b - - 0 1").expect("fen");
    let two = fen::parse_standard("6k1/R7/8/6Q1/8/8/8/8/8/4K3 b - - 0 1").expect("fen");
    assert_eq!(features(&one).counts[33], 0);
    assert!(features(&two).counts[33] > 0, "{:?}", features(&two));
    assert!(
        features(&two).counts[32] > 0,
        "safe checks: {:?}",
        features(&two)
    );
}

#[test]
fn the_start_is_level_but_for_the_move_and_mirrors_agree() {
    let start = fen::parse_standard(crate::ai::uci::START_FEN).expect("start");
    let f = features(&start);
    assert!(f.counts[..26].iter().all(|&c| c == 0), "{f:?}");
    // The side to move's edge, at the start's phase (all pieces).
    assert_eq!(linear(&start), WEIGHTS.mg[26].round() as i32);
    // A queen up is about a queen up, whoever is to move.
    let up = fen::parse_standard("4k3/8/8/8/8/8/8/8/8/3QK3 w - - 0 1").expect("fen");
    let down = fen::parse_standard("3qk3/8/8/8/8/8/8/8/8/4K3 b - - 0 1").expect("fen");
    assert_eq!(linear(&up), linear(&down));
    assert!(linear(&up) > 800, "{}", linear(&up));
}
