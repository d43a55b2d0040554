//! The tools on their own, as a chess GUI or a modder runs them without
//! the game: what they print, and what they leave to the game.

use minesweeper_cli::{CliOutput, Host, run, usage};

fn cmd(args: &[&str]) -> CliOutput {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let usage = usage();
    let host = Host {
        usage: &usage,
        formats: None,
    };
    run(&args, host)
}

#[test]
fn perft_counts_the_start_with_and_without_the_sapper() {
    // One ply from the classic start as the players see it: 20 pawn and
    // knight moves, and the sweeps ahead of the pawns.
    let out = cmd(&["perft", "--depth", "1"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let first: u64 = out.stdout.trim().parse().expect("a count");
    let out = cmd(&["perft", "--depth", "1", "--no-sapper"]);
    let plain: u64 = out.stdout.trim().parse().expect("a count");
    assert_eq!(plain, 20, "chess alone: 16 pawn moves and 4 knight moves");
    assert!(first > plain, "the sapper action adds moves: {first}");
    let out = cmd(&["perft", "--depth", "9"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("--depth"), "{}", out.stderr);
}

#[test]
fn check_reads_the_shipped_presets_and_leaves_the_games_files_to_it() {
    let out = cmd(&["check"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("classic.ron"), "{}", out.stdout);
    let dir = std::env::temp_dir().join(format!("msc-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let settings = dir.join("settings.ron");
    std::fs::write(&settings, "(language: \"en\")").expect("written");
    let out = cmd(&["check", &settings.to_string_lossy()]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains("minesweeper_chess check"),
        "names the program that reads it: {}",
        out.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_sweeper_sudoku_board_prints_from_its_code() {
    let out = cmd(&["puzzle", "--code", "E4-7V"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("rating:"), "{}", out.stdout);
    let out = cmd(&["teleport"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("usage: minesweeper_cli"),
        "{}",
        out.stderr
    );
}

#[test]
fn the_crate_builds_without_bevy() {
    let manifest = include_str!("../Cargo.toml");
    let deps = manifest
        .split("[dependencies]")
        .nth(1)
        .expect("a [dependencies] table");
    assert!(deps.contains("minesweeper_core"), "read the table: {deps}");
    assert!(!deps.contains("bevy"), "the tools depend on Bevy: {deps}");
}

#[test]
fn a_match_plays_whole_games_and_records_them_for_the_tuner() {
    // Our own engine on both sides, as separate processes over UCI.
    let exe = env!("CARGO_BIN_EXE_minesweeper_cli");
    let dir = std::env::temp_dir().join(format!("msc-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "# one opening\ne2e4 e9e7\n").expect("write");
    let record = dir.join("games.txt");
    let engine = format!("{exe} uci");
    let (o, r) = (openings.display().to_string(), record.display().to_string());
    let out = cmd(&[
        "match",
        "--a",
        &engine,
        "--b",
        &engine,
        "--openings",
        &o,
        "--games",
        "2",
        "--movetime",
        "10",
        "--max-plies",
        "30",
        "--record",
        &r,
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("A vs A': 2 games"), "{}", out.stdout);
    let games = std::fs::read_to_string(&record).expect("recorded");
    let lines: Vec<&str> = games.lines().collect();
    assert_eq!(lines.len(), 2, "{games}");
    for l in &lines {
        let mut w = l.split_whitespace();
        assert!(matches!(w.next(), Some("1-0" | "0-1" | "1/2-1/2")), "{l}");
        assert_eq!(w.next(), Some("e2e4"), "the opening comes first: {l}");
    }
    // The tuner reads what the match wrote.
    let out = cmd(&["tune", &r, "--rounds", "2"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.starts_with("2 lines"), "{}", out.stdout);
    // Its quiet positions go out for another engine to score, and come
    // back with the score (as benches/fairy/label.py writes them).
    let out = cmd(&["tune", &r, "--export", "--skip", "2"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let positions: Vec<&str> = out.stdout.lines().collect();
    assert!(positions.len() >= 4, "{}", out.stdout);
    let mut scored = String::new();
    for (i, p) in positions.iter().enumerate() {
        let (game, rest) = p.split_once(' ').expect("GAME RESULT FEN");
        let (result, fen) = rest.split_once(' ').expect("RESULT FEN");
        assert!(matches!(game, "1" | "2"), "{p}");
        assert!(matches!(result, "1-0" | "0-1" | "1/2-1/2"), "{p}");
        assert_eq!(fen.split(' ').count(), 6, "a whole FEN: {p}");
        scored.push_str(&format!("{game} {result} {} {fen}\n", i * 10));
    }
    let scores = dir.join("scored.txt");
    std::fs::write(&scores, &scored).expect("write");
    let s = scores.display().to_string();
    let out = cmd(&["tune", &s, "--rounds", "2", "--blend", "90"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let first = format!("{} lines, {} positions", positions.len(), positions.len());
    assert!(out.stdout.starts_with(&first), "{}", out.stdout);
    // A score that is not a number is named by file and line.
    scored.push_str("3 1-0 lots 8/8/8/8/8/8/8/8/8/K6k w - - 0 1\n");
    std::fs::write(&scores, &scored).expect("write");
    let out = cmd(&["tune", &s]);
    assert_eq!(out.code, 2, "{}", out.stdout);
    let line = positions.len() + 1;
    assert!(
        out.stderr.contains(&format!("{s}:{line}: no score")),
        "{}",
        out.stderr
    );
    // An opening that breaks the rules is named by file and line.
    std::fs::write(&openings, "e2e4\ne2e5\n").expect("write");
    let out = cmd(&["match", "--a", &engine, "--b", &engine, "--openings", &o]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains(&format!("{o}:2: e2e5")),
        "{}",
        out.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn train_keeps_positions_with_a_capture_pending_only_when_told() {
    let dir = std::env::temp_dir().join(format!("msc-train-all-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let data = dir.join("static.txt");
    // Quiet; the rook can take a loose queen; White in check.
    std::fs::write(
        &data,
        "1 1/2-1/2 0 4k3/8/8/8/8/8/8/8/8/4K3 w - - 0 1\n\
         2 1-0 900 4k3/8/q7/8/8/8/8/8/8/R3K3 w - - 0 1\n\
         3 0-1 -500 4k3/8/8/8/8/8/8/8/8/r3K3 w - - 0 1\n",
    )
    .expect("write");
    let (d, net) = (
        data.display().to_string(),
        dir.join("net.bin").display().to_string(),
    );
    let out = cmd(&["train", &d, "--out", &net, "--epochs", "1"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.starts_with("3 lines, 1 positions"),
        "{}",
        out.stdout
    );
    let out = cmd(&["train", &d, "--out", &net, "--epochs", "1", "--unsettled"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.starts_with("3 lines, 2 positions"),
        "{}",
        out.stdout
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn train_fits_a_network_that_counts_a_queen_and_names_bad_lines() {
    use minesweeper_core::ai::eval::net::Net;
    use minesweeper_core::chess::fen;
    let dir = std::env::temp_dir().join(format!("msc-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    // Quiet positions a queen up for one side or the other, scored so.
    let mut lines = String::new();
    let mut game = 0;
    for wk in ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"] {
        for bk in ["a10", "c10", "e10", "g10"] {
            for white_queen in [true, false] {
                let mut cells = vec![vec!['.'; 8]; 10];
                let put = |cells: &mut Vec<Vec<char>>, sq: &str, c: char| {
                    let f = (sq.as_bytes()[0] - b'a') as usize;
                    let r: usize = sq[1..].parse().expect("rank");
                    cells[r - 1][f] = c;
                };
                put(&mut cells, wk, 'K');
                put(&mut cells, bk, 'k');
                let (q, sq) = if white_queen {
                    ('Q', "d4")
                } else {
                    ('q', "d7")
                };
                put(&mut cells, sq, q);
                let board: Vec<String> = cells
                    .iter()
                    .rev()
                    .map(|row| row.iter().collect::<String>())
                    .collect();
                let mut placement = board.join("/");
                for n in (1..=8).rev() {
                    placement = placement.replace(&".".repeat(n), &n.to_string());
                }
                let (cp, result) = if white_queen {
                    (900, "1-0")
                } else {
                    (-900, "0-1")
                };
                lines.push_str(&format!("{game} {result} {cp} {placement} w - - 0 1\n"));
                game += 1;
            }
        }
    }
    let data = dir.join("scored.txt");
    std::fs::write(&data, &lines).expect("write");
    let (d, net) = (
        data.display().to_string(),
        dir.join("net.bin").display().to_string(),
    );
    let out = cmd(&[
        "train", &d, "--out", &net, "--epochs", "60", "--batch", "16", "--lr", "10000",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.starts_with("64 lines"), "{}", out.stdout);
    let written = Net::from_bytes(&std::fs::read(&net).expect("written")).expect("a network");
    let score = |text: &str| {
        let pos = fen::parse_standard(text).expect("fen");
        written.evaluate(&pos).expect("8×10")
    };
    // Kings where it never saw them: the side with the queen is ahead.
    assert!(score("8/4k3/8/8/8/8/3Q4/8/3K4/8 w - - 0 1") > 300);
    assert!(score("8/4k3/8/3q4/8/8/8/8/3K4/8 w - - 0 1") < -300);
    // A line that is not a scored position is named by file and line.
    lines.push_str("64 1-0 lots 8/8/8/8/8/8/8/8/8/K6k w - - 0 1\n");
    std::fs::write(&data, &lines).expect("write");
    let out = cmd(&["train", &d, "--out", &net]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains(&format!("{d}:65: no score")),
        "{}",
        out.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every command line in the shared hostile list is refused with a
/// message: no panic, no start, no hang.
#[cfg(unix)]
#[test]
fn the_binary_refuses_hostile_command_lines() {
    let problems = minesweeper_cli::fuzz::refuses_hostile_args(std::path::Path::new(env!(
        "CARGO_BIN_EXE_minesweeper_cli"
    )));
    assert!(problems.is_empty(), "{problems:#?}");
}

/// The packages `name` depends on, directly or not, as Cargo.lock lists
/// them (build, normal and dev dependencies alike).
fn locked_closure(lock: &str, name: &str) -> std::collections::BTreeSet<String> {
    use std::collections::{BTreeMap, BTreeSet};
    // Each [[package]]: its name and the names of its dependencies (an
    // entry may carry a version, "rand 0.9.5", when two are locked).
    let mut deps: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for block in lock.split("[[package]]").skip(1) {
        let field = |key: &str| {
            block
                .lines()
                .find_map(|l| l.strip_prefix(&format!("{key} = \"")))
                .map(|v| v.trim_end_matches('"').to_string())
        };
        let Some(package) = field("name") else {
            continue;
        };
        let list = block
            .split("dependencies = [")
            .nth(1)
            .and_then(|rest| rest.split(']').next())
            .unwrap_or("");
        let names = list
            .lines()
            .filter_map(|l| l.trim().trim_end_matches(',').strip_prefix('"'))
            .filter_map(|l| l.trim_end_matches('"').split(' ').next())
            .map(String::from);
        deps.entry(package).or_default().extend(names);
    }
    let mut seen = BTreeSet::new();
    let mut todo = vec![name.to_string()];
    while let Some(p) = todo.pop() {
        if seen.insert(p.clone()) {
            todo.extend(deps.get(&p).into_iter().flatten().cloned());
        }
    }
    seen
}

/// The engine and the tools build without Bevy (a chess GUI builds the
/// UCI engine in well under a minute): neither the tools nor the server
/// may gain a window stack, checked from the workspace's Cargo.lock.
#[test]
fn the_tools_and_the_server_stay_free_of_bevy() {
    let lock = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.lock"))
        .expect("the workspace's Cargo.lock");
    let windowed = |p: &String| {
        ["bevy", "wgpu", "winit", "egui"]
            .iter()
            .any(|w| p.starts_with(w))
    };
    // The walk itself finds Bevy where it is: under the game.
    assert!(
        locked_closure(&lock, "minesweeper_chess")
            .iter()
            .any(windowed)
    );
    for tool in ["minesweeper_cli", "minesweeper_core", "minesweeper_server"] {
        let closure = locked_closure(&lock, tool);
        assert!(closure.len() > 1, "{tool} is in Cargo.lock");
        let bad: Vec<&String> = closure.iter().filter(|p| windowed(p)).collect();
        assert!(bad.is_empty(), "{tool} depends on {bad:?}");
    }
}
