//! Command-line tools: `check`, `perft` and `bench`.
//!
//! Each returns its output as text plus an exit code, so tests can run them
//! without spawning a process.

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::preset::{self, Preset};
use crate::puzzle;
use crate::rules::{Position, RuleSet, SquareSet, fen, perft};

/// What a command printed and how it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliOutput {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// Exit code: 0 for success.
    pub code: i32,
}

impl CliOutput {
    fn ok(stdout: String) -> CliOutput {
        CliOutput {
            stdout,
            stderr: String::new(),
            code: 0,
        }
    }
    fn fail(stderr: String) -> CliOutput {
        CliOutput {
            stdout: String::new(),
            stderr,
            code: 2,
        }
    }
}

/// The usage text.
pub const USAGE: &str = "\
usage: minesweeper_chess [COMMAND]

  (no command)            play the game; options:
      --seed N            mine layout of the first game
      --moves 'e2e4 ...'  play these moves first (coordinate or SAN)
      --screenshot FILE   save a PNG after the moves, then quit
      --sudoku CODE       open a Sweeper Sudoku board by its code (E4-7V)
  check [FILE...]         validate presets (default: every levels/*.ron and
                          levels/sudoku/*.ron)
  perft --depth N [--fen FEN] [--preset FILE] [--no-sapper] [--divide]
                          count leaf nodes of the move tree; the last line is
                          the total. Without --fen: the preset's start (classic
                          by default) with no mines placed.
  bench [--quick]         time move generation (perft) and full ECS turns
  bench ai [--quick] [--games N] [--strong-ms MS] [--only speed|tactics|matches]
                          the computer opponent's speed, tactics and matches
  bench puzzle [--quick]  Sweeper Sudoku: generating 9×9 boards, rating each preset
  puzzle --preset FILE --seed N | --code CODE [--rate N]
                          a Sweeper Sudoku board as text: solution, mines,
                          open cells, deck, hint and rating; --rate N: the
                          share of N boards (seeds 1..N) deduction alone wins
  uci                     speak UCI on stdin/stdout (fog-free positions; the
                          option Sapper turns the sapper action off for pure chess)
";

/// Runs a command given its arguments (without the program name). Returns
/// `None` when the arguments name no command (the caller starts the game).
pub fn run(args: &[String]) -> Option<CliOutput> {
    let (cmd, rest) = args.split_first()?;
    if cmd.starts_with("--") && cmd != "--help" {
        return None; // game options
    }
    Some(match cmd.as_str() {
        "check" => check(rest),
        "perft" => perft_cmd(rest),
        "puzzle" => puzzle_cmd(rest),
        "bench" if rest.first().is_some_and(|a| a == "ai") => {
            CliOutput::ok(crate::ai::bench::run(&rest[1..]))
        }
        "bench" if rest.first().is_some_and(|a| a == "puzzle") => crate::bench::puzzle(&rest[1..]),
        "bench" => crate::bench::run(rest),
        "uci" => {
            let stdin = std::io::stdin();
            let mut stdout = std::io::stdout();
            match crate::ai::uci::run(stdin.lock(), &mut stdout) {
                Ok(()) => CliOutput::ok(String::new()),
                Err(e) => CliOutput::fail(format!("uci: {e}\n")),
            }
        }
        "help" | "--help" | "-h" => CliOutput::ok(USAGE.to_string()),
        other => CliOutput::fail(format!("unknown command '{other}'\n\n{USAGE}")),
    })
}

/// `check [FILE...]`: validates presets, exit code 1 when any is broken.
pub fn check(files: &[String]) -> CliOutput {
    let mut paths: Vec<PathBuf> = files.iter().map(PathBuf::from).collect();
    if paths.is_empty() {
        let dir = preset::levels_dir();
        match std::fs::read_dir(&dir) {
            Ok(rd) => {
                paths = rd
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                    .collect();
                paths.sort();
            }
            Err(e) => return CliOutput::fail(format!("cannot list {}: {e}", dir.display())),
        }
        if let Ok(rd) = std::fs::read_dir(dir.join("sudoku")) {
            let mut more: Vec<PathBuf> = rd
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .collect();
            more.sort();
            paths.extend(more);
        }
    }
    let mut out = CliOutput::ok(String::new());
    for path in &paths {
        if is_sudoku_preset(path) {
            match puzzle::preset::load_file(path) {
                Ok(p) => out.stdout.push_str(&format!(
                    "ok  {}: \"{}\", sudoku {}×{}, {} mines, {} givens, {} cards\n",
                    path.display(),
                    p.file.name,
                    p.file.size,
                    p.file.size,
                    p.file.mines,
                    p.file.givens,
                    p.deck_size()
                )),
                Err(e) => {
                    out.stderr.push_str(&format!("error: {e}\n"));
                    out.code = 1;
                }
            }
            continue;
        }
        match preset::load_file(path) {
            Ok(p) => out
                .stdout
                .push_str(&format!("ok  {}: {}\n", path.display(), summary(&p))),
            Err(e) => {
                out.stderr.push_str(&format!("error: {e}\n"));
                out.code = 1;
            }
        }
    }
    let bad = out.stderr.lines().count();
    out.stdout.push_str(&format!(
        "{} preset(s) checked, {bad} with errors\n",
        paths.len()
    ));
    out
}

/// A Sweeper Sudoku preset: in a `sudoku` folder, or text that starts
/// (after comments) with `SudokuPreset(`.
fn is_sudoku_preset(path: &Path) -> bool {
    if path
        .parent()
        .and_then(|d| d.file_name())
        .is_some_and(|d| d == "sudoku")
    {
        return true;
    }
    std::fs::read_to_string(path).is_ok_and(|t| {
        t.lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with("//"))
            .is_some_and(|l| l.starts_with("SudokuPreset"))
    })
}

/// `puzzle`: one Sweeper Sudoku board as text, or the share of boards that
/// deduction wins.
pub fn puzzle_cmd(args: &[String]) -> CliOutput {
    let mut preset_path = None;
    let mut seed = None;
    let mut code = None;
    let mut rate_n = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |what: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("puzzle: {a} needs {what}\n"))
        };
        let r = match a.as_str() {
            "--preset" => value("a file").map(|v| preset_path = Some(v)),
            "--seed" => value("a number").and_then(|v| {
                v.parse::<u64>()
                    .map(|n| seed = Some(n))
                    .map_err(|_| format!("puzzle: --seed {v} is not a whole number\n"))
            }),
            "--code" => value("a code").map(|v| code = Some(v)),
            "--rate" => value("a number").and_then(|v| {
                v.parse::<u64>()
                    .ok()
                    .filter(|&n| n > 0)
                    .map(|n| rate_n = Some(n))
                    .ok_or_else(|| format!("puzzle: --rate {v} is not a positive number\n"))
            }),
            other => Err(format!("puzzle: unknown option '{other}'\n\n{USAGE}")),
        };
        if let Err(e) = r {
            return CliOutput::fail(e);
        }
    }
    let presets = match &preset_path {
        Some(p) => match puzzle::preset::load_file(Path::new(p)) {
            Ok(p) => vec![p],
            Err(e) => return CliOutput::fail(format!("error: {e}\n")),
        },
        None => puzzle::preset::builtins(),
    };
    if let Some(code) = &code {
        let (tag, s) = match puzzle::parse_code(code) {
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
            "puzzle: --preset FILE (or --code CODE) is required\n\n{USAGE}"
        ));
    }
    let p = &presets[0];
    if let Some(n) = rate_n {
        return CliOutput::ok(rate_report(p, n));
    }
    let Some(seed) = seed else {
        return CliOutput::fail(format!("puzzle: --seed N is required\n\n{USAGE}"));
    };
    CliOutput::ok(describe_board(p, seed))
}

fn describe_board(p: &puzzle::SudokuPreset, seed: u64) -> String {
    let game = puzzle::PuzzleGame::from_seed(p.clone(), seed);
    let mut s = game.board.to_text(p);
    let r = puzzle::rate(&game);
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
    let view = puzzle::PublicView::of(&game);
    s.push_str(&format!(
        "hint: {}\n",
        puzzle::hint(&view)
            .map(|h| h.describe(view.size))
            .unwrap_or_else(|| "nothing is certain yet".into())
    ));
    s
}

/// The share of boards (seeds 1..=n) that deduction alone wins.
pub fn rate_report(p: &puzzle::SudokuPreset, n: u64) -> String {
    let mut wins = 0;
    let mut stars = [0u64; 4];
    let mut found = 0usize;
    let mut mines = 0usize;
    for seed in 1..=n {
        let r = puzzle::rate(&puzzle::PuzzleGame::from_seed(p.clone(), seed));
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

fn summary(p: &Preset) -> String {
    let v = &p.variant;
    format!(
        "\"{}\", {}×{}, {} mines in {} fog cells",
        v.name,
        v.files,
        v.ranks,
        v.mine_count,
        v.fog_zone.len()
    )
}

fn perft_cmd(args: &[String]) -> CliOutput {
    let mut depth = None;
    let mut fen_text = None;
    let mut preset_path = None;
    let mut sapper = true;
    let mut divide = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--depth" => depth = it.next().and_then(|d| d.parse::<u32>().ok()),
            "--fen" => fen_text = it.next().cloned(),
            "--preset" => preset_path = it.next().cloned(),
            "--no-sapper" => sapper = false,
            "--divide" => divide = true,
            other => return CliOutput::fail(format!("perft: unknown option '{other}'\n\n{USAGE}")),
        }
    }
    let Some(depth) = depth else {
        return CliOutput::fail(format!("perft: --depth N is required\n\n{USAGE}"));
    };
    let preset = match &preset_path {
        Some(p) => match preset::load_file(Path::new(p)) {
            Ok(p) => Some(p),
            Err(e) => return CliOutput::fail(format!("error: {e}\n")),
        },
        None => None,
    };
    let pos = match (&fen_text, &preset) {
        (Some(f), Some(p)) => fen::parse(f, p.variant.rules),
        (Some(f), None) => fen::parse_standard(f),
        (None, p) => {
            let v = p
                .as_ref()
                .map(|p| p.variant.clone())
                .unwrap_or_else(crate::rules::Variant::classic);
            Position::new(&v, SquareSet::EMPTY).map_err(fen::FenError::Position)
        }
    };
    let mut pos = match pos {
        Ok(p) => p,
        Err(e) => return CliOutput::fail(format!("error: {e}\n")),
    };
    if !sapper {
        pos = without_sapper(&pos);
    }
    let start = Instant::now();
    let mut out = String::new();
    let total = if divide {
        let rows = perft::divide(&pos, depth);
        for (m, n) in &rows {
            out.push_str(&format!("{m}: {n}\n"));
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        perft::perft(&pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    CliOutput {
        stdout: format!("{out}{total}\n"),
        stderr: format!(
            "depth {depth}: {total} nodes in {secs:.3} s ({:.1} Mnps)\n",
            total as f64 / secs.max(1e-9) / 1e6
        ),
        code: 0,
    }
}

/// The same position with the sapper action switched off, so counts match
/// engines that do not know it.
pub fn without_sapper(pos: &Position) -> Position {
    let rules = RuleSet {
        sapper: false,
        ..*pos.rules()
    };
    Position::from_setup(pos.to_setup(), rules).unwrap_or_else(|_| pos.clone())
}
