//! Sweeper Sudoku through the command line: the `puzzle`, `check` and
//! `bench puzzle` tools.

use minesweeper_chess::tools::{CliOutput, run};
use minesweeper_core::sudoku::preset::BUILTIN;
use minesweeper_core::sudoku::share_code;

// -------------------------------------------------------------------- CLI

fn line_of(text: &str, start: &str) -> usize {
    text.lines()
        .position(|l| l.trim_start().starts_with(start))
        .expect("the line is there")
        + 1
}

fn cmd(args: &[&str]) -> CliOutput {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    run(&args).expect("a command")
}

fn sudoku_path(file: &str) -> String {
    format!("{}/levels/sudoku/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// The `n` lines after a heading line.
fn section<'a>(text: &'a str, heading: &str, n: usize) -> Vec<&'a str> {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with(heading))
        .unwrap_or_else(|| panic!("no {heading} in {text}"));
    lines[at + 1..at + 1 + n].to_vec()
}

#[test]
fn the_puzzle_command_prints_the_whole_board() {
    let path = sudoku_path("easy_4x4.ron");
    let out = cmd(&["puzzle", "--preset", &path, "--seed", "7"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let s = &out.stdout;
    let solution = section(s, "solution:", 4);
    let digits: Vec<u8> = solution
        .iter()
        .flat_map(|l| {
            assert_eq!(l.len(), 4, "{l}");
            l.bytes().map(|b| b - b'0')
        })
        .collect();
    let easy = minesweeper_core::sudoku::preset::builtins().remove(0);
    let board = minesweeper_core::sudoku::generate(&easy, 7);
    assert!(board.grid.is_valid(), "{s}");
    assert_eq!(
        digits, board.grid.cells,
        "the printed solution is the board's"
    );
    let mines: String = section(s, "mines", 4).concat();
    assert_eq!(mines.matches('*').count(), 3);
    assert_eq!(
        mines.chars().map(|c| c == '*').collect::<Vec<_>>(),
        board.mines
    );
    let open = section(s, "open at start", 4).concat();
    assert_eq!(open.matches('#').count(), 16 - 6, "{s}");
    assert_eq!(open.matches("()").count(), 1, "one hidden count");
    assert!(s.contains("deck (10 cards, first 5 dealt"), "{s}");
    let code = share_code("E4", 7);
    assert_eq!(code, "E4-7V", "the example in the usage text");
    assert!(s.contains(&format!("code: {code}")), "{s}");
    assert!(s.contains("rating: ") && s.contains("hint: "), "{s}");
    // The share code brings back the same board.
    let by_code = cmd(&["puzzle", "--code", &code.to_lowercase()]);
    assert_eq!(by_code.code, 0, "{}", by_code.stderr);
    assert_eq!(by_code.stdout, out.stdout);
    let rated = cmd(&["puzzle", "--preset", &path, "--rate", "20"]);
    assert_eq!(rated.code, 0);
    assert!(
        rated.stdout.contains("deduction alone wins"),
        "{}",
        rated.stdout
    );
}

#[test]
fn the_puzzle_command_explains_bad_input() {
    let path = sudoku_path("easy_4x4.ron");
    let out = cmd(&["puzzle", "--preset", &path, "--seed", "seven"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("--seed seven: give a whole number"),
        "{}",
        out.stderr
    );
    let out = cmd(&[
        "puzzle",
        "--preset",
        "/nonexistent/board.ron",
        "--seed",
        "1",
    ]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("cannot read the file"),
        "{}",
        out.stderr
    );
    let out = cmd(&["puzzle", "--preset", &path]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("--seed"), "{}", out.stderr);
    // No value, or a value past the cap: refused before any work.
    let out = cmd(&["puzzle", "--preset", &path, "--seed"]);
    assert!(
        out.stderr.contains("--seed needs a value"),
        "{}",
        out.stderr
    );
    for n in ["0", "100001", "18446744073709551616"] {
        let out = cmd(&["puzzle", "--preset", &path, "--rate", n]);
        assert_eq!(out.code, 2, "--rate {n}");
        assert!(out.stderr.contains("from 1 to 100000"), "{}", out.stderr);
    }
    let code = share_code("E4", 12345);
    let typo = code.replacen("E4-C", "E4-D", 1);
    assert_ne!(typo, code);
    let out = cmd(&["puzzle", "--code", &typo]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("typing mistake"), "{}", out.stderr);
    let out = cmd(&["puzzle", "--code", &share_code("Q7", 5)]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("no board preset has the tag Q7"),
        "{}",
        out.stderr
    );
    // An unknown tag is not a typing mistake, whatever its check letter.
    let out = cmd(&["puzzle", "--code", "Q7-5Z"]);
    assert!(
        out.stderr.contains("no board preset has the tag Q7") && !out.stderr.contains("typing"),
        "{}",
        out.stderr
    );
}

#[test]
fn check_accepts_the_sudoku_presets_and_reports_a_broken_one() {
    let files: Vec<String> = BUILTIN.iter().map(|(f, _)| sudoku_path(f)).collect();
    let mut args = vec!["check"];
    args.extend(files.iter().map(|s| s.as_str()));
    let out = cmd(&args);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout.matches("ok  ").count(), 3, "{}", out.stdout);
    assert!(out.stdout.contains("3 file(s) checked, 0 with errors"));

    let bad = std::env::temp_dir().join(format!("msc-sudoku-{}.ron", std::process::id()));
    let text = BUILTIN[1].1.replacen("givens: 10,", "givens: 36,", 1);
    std::fs::write(&bad, &text).unwrap();
    let out = cmd(&["check", &bad.display().to_string()]);
    let _ = std::fs::remove_file(&bad);
    assert_eq!(out.code, 1);
    let line = line_of(&text, "givens:");
    assert!(
        out.stderr.contains(&format!(
            "{}:{line}:5: givens = 36 but must be 1 to 35",
            bad.display()
        )),
        "{}",
        out.stderr
    );
}

#[test]
fn the_puzzle_benchmark_runs() {
    let out = cmd(&["bench", "puzzle", "--quick"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("generate"), "{}", out.stdout);
    assert!(out.stdout.contains("rate"), "{}", out.stdout);
    assert!(out.stdout.contains("median"), "{}", out.stdout);
}

#[test]
fn the_board_of_the_day_is_the_same_on_every_run_and_differs_by_day() {
    let day = |d: &str| cmd(&["puzzle", "--daily", d]);
    let a = day("2026-12-02");
    assert_eq!(a.code, 0, "{}", a.stderr);
    assert!(
        a.stdout.starts_with("board of the day 2026-12-02: C6-"),
        "{}",
        a.stdout
    );
    assert_eq!(day("2026-12-02").stdout, a.stdout);
    let b = day("2026-12-03");
    assert_ne!(
        section(&b.stdout, "solution:", 6),
        section(&a.stdout, "solution:", 6)
    );
    // Fair: deduction alone defuses every mine (the rating says all of them).
    let rating = a
        .stdout
        .lines()
        .find(|l| l.starts_with("rating:"))
        .expect("rated");
    assert!(
        (1..=40).any(|m| rating.contains(&format!("({m} of {m} mines"))),
        "{rating}"
    );
    // A day that does not exist is named.
    let bad = day("2026-02-30");
    assert_ne!(bad.code, 0);
    assert!(
        bad.stderr.contains("'2026-02-30' is not a day"),
        "{}",
        bad.stderr
    );
}
