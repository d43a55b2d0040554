//! Sweeper Sudoku: the built-in presets and broken ones.

use super::*;

fn line_of(text: &str, start: &str) -> usize {
    text.lines()
        .position(|l| l.trim_start().starts_with(start))
        .expect("the line is there")
        + 1
}

#[test]
fn the_builtin_sudoku_presets_parse_and_match_the_files() {
    assert_eq!(BUILTIN.len(), 3);
    for (file, text) in BUILTIN {
        let p = sp::parse(file, text).unwrap_or_else(|e| panic!("{e}"));
        assert!(!p.file.description.is_empty(), "{file}");
        assert!(block_shape(p.file.size).is_some());
        let path = format!("{}/../../levels/sudoku/{file}", env!("CARGO_MANIFEST_DIR"));
        assert_eq!(std::fs::read_to_string(path).unwrap(), *text, "{file}");
    }
    let names: Vec<u8> = sp::builtins().iter().map(|p| p.file.size).collect();
    assert_eq!(names, [4, 6, 9]);
}

#[test]
fn broken_sudoku_presets_name_the_file_line_and_problem() {
    let text = BUILTIN[0].1;
    let file = "levels/sudoku/broken.ron";
    let err = |t: &str| {
        sp::parse(file, t)
            .expect_err("the preset should be rejected")
            .to_string()
    };
    let at = |field: &str| format!("{file}:{}:", line_of(text, field));
    let cases = [
        (
            "size: 4,",
            "size: 5,",
            "size:",
            "size 5 is not a sudoku size",
        ),
        (
            "mines: 3,",
            "mines: 11,",
            "mines:",
            "mines = 11 but only 10 cells",
        ),
        (
            "hidden_counts: 1,",
            "hidden_counts: 7,",
            "hidden_counts:",
            "more than the 6 givens",
        ),
        (
            "probe_miss: -10,",
            "probe_miss: 5,",
            "probe_miss:",
            "probe_miss is a penalty",
        ),
        (
            "hand: 5,",
            "hand: 9,",
            "hand:",
            "hand = 9 but must be 1 to 8",
        ),
        (
            "lives: 3,",
            "lives: 3, colour: 2,",
            "lives:",
            "unknown field `colour`",
        ),
    ];
    for (from, to, field, msg) in cases {
        assert!(text.contains(from), "{from}");
        let e = err(&text.replacen(from, to, 1));
        assert!(e.starts_with(&at(field)), "{to}: {e}");
        assert!(e.contains(msg), "{to}: {e}");
    }
    let e = err(&text.replacen("lives: 3,", "", 1));
    assert!(
        e.starts_with(file) && e.contains("missing field `lives`"),
        "{e}"
    );
    // A deck smaller than the hand.
    let (head, rest) = text.split_at(text.find("deck: [").unwrap());
    let tail = &rest[rest.find("],").unwrap() + 2..];
    let small = format!("{head}deck: [(piece: King, color: White, count: 4)],{tail}");
    let e = err(&small);
    assert!(e.starts_with(&at("deck:")), "{e}");
    assert!(
        e.contains("the deck holds 4 cards, fewer than a hand of 5"),
        "{e}"
    );
}
