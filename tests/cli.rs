//! The command-line tools: `perft` and `check`.

use minesweeper_chess::tools::run;

fn cmd(args: &[&str]) -> minesweeper_chess::tools::CliOutput {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    run(&args).expect("a command")
}

fn last_line(s: &str) -> &str {
    s.lines().last().unwrap_or("")
}

#[test]
fn perft_prints_the_total_on_its_last_line() {
    let out = cmd(&["perft", "--depth", "1", "--no-sapper"]);
    assert_eq!((out.code, last_line(&out.stdout)), (0, "20"));
    let out = cmd(&["perft", "--depth", "2", "--no-sapper"]);
    assert_eq!(last_line(&out.stdout), "400");
    let out = cmd(&["perft", "--depth", "1"]);
    assert_eq!(
        last_line(&out.stdout),
        "28",
        "8 sapper actions on top of 20 moves"
    );
    let out = cmd(&["perft", "--depth", "2", "--no-sapper", "--divide"]);
    assert_eq!(out.stdout.lines().count(), 21);
    assert!(out.stdout.contains("e2e4: 20"));
    let out = cmd(&[
        "perft",
        "--depth",
        "2",
        "--fen",
        "r3k2r/8/8/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "--no-sapper",
    ]);
    assert_eq!(last_line(&out.stdout), "754");
    let preset = concat!(env!("CARGO_MANIFEST_DIR"), "/levels/skirmish_6x6.ron");
    let out = cmd(&["perft", "--depth", "1", "--preset", preset, "--no-sapper"]);
    assert_eq!(
        last_line(&out.stdout),
        "10",
        "six pawn steps, four knight moves, no double steps"
    );
}

#[test]
fn perft_rejects_bad_input_with_a_message() {
    let out = cmd(&["perft", "--depth", "2", "--fen", "rnbqkbnr/ppp w"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("FEN field 1"), "{}", out.stderr);
    let out = cmd(&["perft"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("--depth"));
    let out = cmd(&["frobnicate"]);
    assert_eq!(out.code, 2);
}

#[test]
fn check_accepts_the_shipped_presets_and_rejects_a_broken_one() {
    let levels = concat!(env!("CARGO_MANIFEST_DIR"), "/levels");
    let files: Vec<String> = std::fs::read_dir(levels)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|p| p.display().to_string())
        .collect();
    assert!(files.len() >= 4);
    let mut args = vec!["check"];
    args.extend(files.iter().map(|s| s.as_str()));
    let out = cmd(&args);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("0 with errors"));

    let bad = std::env::temp_dir().join(format!("msc-bad-{}.ron", std::process::id()));
    let text = minesweeper_core::chess::preset::BUILTIN[0]
        .1
        .replace("mines: 4", "mines: 40");
    std::fs::write(&bad, text).unwrap();
    let out = cmd(&["check", &bad.display().to_string()]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains(&format!(
            "{}:9:5: mines 40 is more than the 32 fog cells",
            bad.display()
        )),
        "{}",
        out.stderr
    );
    let _ = std::fs::remove_file(bad);
    let out = cmd(&["check", "/nonexistent/preset.ron"]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("cannot read the file"));
}

#[test]
fn a_web_page_query_gives_the_same_options_as_the_command_line() {
    use minesweeper_chess::base::options::GameOptions;
    use minesweeper_chess::base::platform::query_args;
    let args = query_args("?seed=7&preset=wide_fog.ron&flip&moves=e2e3+b9b8");
    assert_eq!(
        args,
        [
            "--seed",
            "7",
            "--preset",
            "wide_fog.ron",
            "--flip",
            "--moves",
            "e2e3 b9b8"
        ]
    );
    let o = GameOptions::parse(&args).expect("options parse");
    assert_eq!(o.seed, Some(7));
    assert!(o.flip && o.skip_menu);
    assert_eq!(o.moves, ["e2e3", "b9b8"]);
    assert!(query_args("").is_empty());
    // The archive's permanent link: a finished game opened at the start,
    // its id capped as an invite code is.
    let o = GameOptions::parse(&query_args("?game=AB12CD34")).expect("options parse");
    assert_eq!(o.game.as_deref(), Some("AB12CD34"));
    let long = format!("?game={}", "X".repeat(500));
    let o = GameOptions::parse(&query_args(&long)).expect("options parse");
    assert_eq!(o.game.map(|g| g.len()), Some(32));
    // A bad value is an error naming it, not a crash.
    let e = GameOptions::parse(&query_args("?seed=lots"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("--seed lots"), "{e}");
    // The window's size, capped on both sides.
    let size = |v: &str| GameOptions::parse(&["--size".to_string(), v.to_string()]);
    assert_eq!(size("1280x720").map(|o| o.size), Ok(Some((1280, 720))));
    for bad in ["99999x720", "1280", "0x0", "axb"] {
        let e = size(bad).unwrap_err().to_string();
        assert!(e.contains("--size") && e.contains(bad), "{e}");
    }
}
