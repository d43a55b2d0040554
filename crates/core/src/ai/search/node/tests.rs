//! The node's tests: a risk of a blast costs a little, not a mate; the
//! singular test's search leaves the table alone.

use super::*;

#[test]
fn a_small_risk_of_losing_costs_a_little_not_a_mate() {
    // A step with a 3% chance of a blast that loses the game, on a
    // level safe line: 3% less chance of winning (about −10 cp), where
    // averaging centipawns made it −900.
    let v = unwin(0.97 * win(0) + 0.03 * win(-MATE + 5));
    assert!((-15..=-5).contains(&v), "{v}");
    // Round trips, and mates map to the ends of the scale.
    for x in [-900, -100, 0, 35, 700] {
        assert!((unwin(win(x)) - x).abs() <= 1, "{x}");
    }
    assert_eq!(unwin(win(MATE - 3)), 2400);
}

#[test]
fn leaving_out_the_only_good_move_scores_lower_and_leaves_the_table_alone() {
    use crate::ai::Limits;
    use crate::chess::fen;
    // Only the knight's capture wins the queen.
    let pos = fen::parse_standard("7k/8/8/8/5q2/8/4N3/8/8/7K w - - 0 1").expect("FEN");
    let mut s = Search::new(&pos.public_view(), Limits::depth(8), 0, 1);
    let full = s.finish().expect("a move");
    assert_eq!(full.best.to_string(), "e4f6", "{full:?}");
    let key = s.root_key;
    let before = s.tt.probe(key).expect("the root is stored");
    // The singular test's search, deeper than the stored one: the
    // node without its best move.
    let frame = Frame {
        excluded: Some(full.best),
        ..Frame::root(key, false)
    };
    let bar = full.score - 100;
    let v = s.negamax(&pos, 9, bar - 1, bar, frame);
    assert!(v < bar, "without e4f6: {v}, with it: {}", full.score);
    let after = s.tt.probe(key).expect("still stored");
    assert_eq!(
        (after.mv, after.depth, after.score(0), after.bound),
        (before.mv, before.depth, before.score(0), before.bound)
    );
}

/// Black, a queen down, shuffles its knight g10–f8 while White's king goes
/// h1–g1 and back, `cycles` times; then searches its move.
fn shuffled(cycles: usize) -> crate::ai::Thought {
    use crate::ai::Limits;
    use crate::chess::fen;
    use crate::chess::notation::parse_coordinate;
    let mut pos = fen::parse_standard("k5n1/8/8/8/8/8/8/8/8/3Q3K b - - 0 1").expect("FEN");
    let mut earlier = Vec::new();
    for _ in 0..cycles {
        for text in ["g10f8", "h1g1", "f8g10", "g1h1"] {
            earlier.push(pos.public_view().position().clone());
            let mv = parse_coordinate(&pos, text).expect("legal");
            pos.play_unchecked(mv);
        }
    }
    let mut s = Search::new(&pos.public_view(), Limits::depth(6), 0, 1).with_history(&earlier);
    s.finish().expect("a move")
}

#[test]
fn a_position_seen_once_before_is_no_draw_but_a_third_time_is() {
    // After one cycle, ...Nf8 would be its second time: White plays on
    // and wins; scoring it a draw made the lost side count on one.
    let once = shuffled(1);
    assert!(once.score < -500, "a queen down is lost: {once:?}");
    // After two, ...Nf8 is the third time: Black takes the draw.
    let twice = shuffled(2);
    assert_eq!(
        (twice.best.to_string().as_str(), twice.score),
        ("g10f8", 0),
        "{twice:?}"
    );
}

#[test]
fn under_fog_a_side_whose_pawns_are_all_blocked_has_no_pass() {
    use crate::ai::Limits;
    use crate::chess::fen;
    let fog = "8/8/8/xfffffff/ffffffff/ffffffff/ffffffff/8/8/8";
    let may_pass = |board: &str| {
        let pos = fen::parse_standard(&format!("{board} w - - 0 1 {fog}")).expect("FEN");
        let s = Search::new(&pos.public_view(), Limits::depth(1), 0, 1);
        s.may_pass(&pos)
    };
    // King and pawn, the pawn free to sweep the cell ahead: a pass.
    assert!(may_pass("4k3/8/8/8/8/8/8/8/4P3/4K3"));
    // The pawn blocked: no sweep, so no pass however much fog lies
    // elsewhere (zugzwang is real; a null move would hide it).
    assert!(!may_pass("4k3/8/8/8/8/8/8/4p3/4P3/4K3"));
}
