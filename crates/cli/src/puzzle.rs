//! `puzzle`: one Sweeper Sudoku board as text, or the share of boards
//! that deduction alone wins.

use std::path::Path;

use minesweeper_core::sudoku;

use crate::flags::Flags;
use crate::output::CliOutput;

/// Most boards `puzzle --rate` plays.
const MAX_RATE_BOARDS: u64 = 100_000;

/// `puzzle`: one Sweeper Sudoku board as text, or the share of boards that
/// deduction wins; `usage` is shown with a usage error.
pub fn puzzle_cmd(args: &[String], usage: &str) -> CliOutput {
    let mut preset_path = None;
    let mut seed = None;
    let mut code = None;
    let mut rate_n = None;
    let mut daily = None;
    let mut f = Flags::new("puzzle", args);
    while let Some(a) = f.next_flag() {
        let r = match a {
            "--preset" => f.value(a).map(|v| preset_path = Some(v.to_string())),
            "--seed" => f.number(a, 0, u64::MAX).map(|n| seed = Some(n)),
            "--code" => f.value(a).map(|v| code = Some(v.to_string())),
            "--rate" => f.number(a, 1, MAX_RATE_BOARDS).map(|n| rate_n = Some(n)),
            "--daily" => f.value(a).map(|v| daily = Some(v)),
            other => Err(f.unknown(other)),
        };
        if let Err(e) = r {
            return CliOutput::fail(e.with_usage(usage));
        }
    }
    let daily = match daily.map(sudoku::daily::Date::parse).transpose() {
        Ok(d) => d,
        Err(e) => return CliOutput::fail(format!("puzzle: --daily: {e}\n")),
    };
    let presets = match &preset_path {
        Some(p) => match sudoku::preset::load_file(Path::new(p)) {
            Ok(p) => vec![p],
            Err(e) => return CliOutput::fail(format!("error: {e}\n")),
        },
        None => sudoku::preset::builtins(),
    };
    if let Some(date) = daily {
        let tag = sudoku::daily::DAILY_TAG;
        let Some(p) = presets
            .iter()
            .find(|p| p.file.code.eq_ignore_ascii_case(tag))
        else {
            return CliOutput::fail(format!("puzzle: --daily: no preset has the tag {tag}\n"));
        };
        let seed = sudoku::daily::daily_seed(p, date);
        let code = sudoku::share_code(tag, seed);
        let head = format!("board of the day {date}: {code}\n");
        return CliOutput::ok(head + &describe_board(p, seed));
    }
    if let Some(code) = &code {
        let tags: Vec<&str> = presets.iter().map(|p| p.file.code.as_str()).collect();
        let (tag, s) = match sudoku::board::parse_code_among(code, Some(&tags)) {
            Ok(v) => v,
            Err(e) => return CliOutput::fail(format!("puzzle: {e}\n")),
        };
        let Some(p) = presets
            .iter()
            .find(|p| p.file.code.eq_ignore_ascii_case(&tag))
        else {
            return CliOutput::fail(format!(
                "puzzle: no preset has the tag {tag} (give its file with --preset)\n"
            ));
        };
        return CliOutput::ok(describe_board(p, s));
    }
    if preset_path.is_none() {
        return CliOutput::fail(format!(
            "puzzle: --preset FILE (or --code CODE) is required\n\n{usage}"
        ));
    }
    let p = &presets[0];
    if let Some(n) = rate_n {
        return CliOutput::ok(rate_report(p, n));
    }
    let Some(seed) = seed else {
        return CliOutput::fail(format!("puzzle: --seed N is required\n\n{usage}"));
    };
    CliOutput::ok(describe_board(p, seed))
}

fn describe_board(p: &sudoku::SudokuPreset, seed: u64) -> String {
    let game = sudoku::PuzzleGame::from_seed(p.clone(), seed);
    let mut s = game.board.to_text(p);
    let r = sudoku::rate(&game);
    s.push_str(&format!(
        "rating: {} ({} of {} mines by deduction alone, {} rounds{})\n",
        r.label(),
        r.mines_found,
        r.mines,
        r.rounds,
        if r.advanced {
            ", needs pair reasoning"
        } else {
            ""
        }
    ));
    let view = sudoku::PublicView::of(&game);
    s.push_str(&format!(
        "hint: {}\n",
        sudoku::hint(&view)
            .map(|h| h.describe(view.size))
            .unwrap_or_else(|| "nothing is certain yet".into())
    ));
    s
}

/// The share of boards (seeds 1..=n) that deduction alone wins.
fn rate_report(p: &sudoku::SudokuPreset, n: u64) -> String {
    let mut wins = 0;
    let mut stars = [0u64; 4];
    let mut found = 0usize;
    let mut mines = 0usize;
    for seed in 1..=n {
        let r = sudoku::rate(&sudoku::PuzzleGame::from_seed(p.clone(), seed));
        wins += r.solved as u64;
        stars[r.stars() as usize - 1] += 1;
        found += r.mines_found;
        mines += r.mines;
    }
    format!(
        "{}: deduction alone wins {wins} of {n} boards ({:.1}%), finds {:.1}% of the mines; \
         gentle {} thoughtful {} tricky {} daring {}\n",
        p.file.name,
        100.0 * wins as f64 / n as f64,
        100.0 * found as f64 / mines.max(1) as f64,
        stars[0],
        stars[1],
        stars[2],
        stars[3]
    )
}
