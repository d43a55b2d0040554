//! Hostile input: a clear refusal, never a hang, a panic or a silent yes.
//! A seeded mutation fuzzer over every parser, and the classes of failure
//! a corpus of hostile inputs once found, each pinned by a test.

use std::time::{Duration, Instant};

use minesweeper_chess::tools::fuzz::targets;
use minesweeper_chess::tools::{self, CliOutput};
use minesweeper_core::chess::preset::BUILTIN;
use minesweeper_core::chess::{Game, Variant, record};
use minesweeper_core::rng::GameRng;
use rand::{Rng, SeedableRng};

fn cmd(args: &[&str]) -> CliOutput {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    tools::run(&args).expect("a command")
}

/// Valid inputs of each target, for the fuzzer to mutate.
fn corpus(target: &str) -> Vec<String> {
    let classic = "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let game = {
        let v = Variant::classic();
        let mines = ["c5", "d6", "e7", "f4"]
            .iter()
            .filter_map(|s| minesweeper_core::chess::Square::parse(s))
            .collect();
        let mut g = Game::new(&v, mines).expect("start");
        for m in ["e2e4", "d9d7", "Nf3", "e9*"] {
            let mv = minesweeper_core::chess::notation::parse_move(g.position(), m).expect(m);
            g.play(mv).expect(m);
        }
        g
    };
    match target {
        "fen" => vec![
            format!("{classic} 8/8/8/ffffffff/ffxfffff/ffffffff/ffffffff/8/8/8"),
            format!("{classic} 8/8/8/????????/????????/????????/????????/8/8/8 4"),
            "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 6/6/??oooo/oooooo/6/6 1:a3=1,b3=1,c3=1,c4=1"
                .into(),
            "4k11/16/16/16/16/16/16/16/16/16/16/16/16/16/16/4K11 w - - 0 1".into(),
        ],
        "record" => vec![record::write("Classic", &game, &[]), {
            let mut g = game.clone();
            g.resign();
            record::write("Classic", &g, &[])
        }],
        "preset" => BUILTIN.iter().map(|(_, t)| t.to_string()).collect(),
        "sudoku_preset" => minesweeper_core::sudoku::preset::BUILTIN
            .iter()
            .map(|(_, t)| t.to_string())
            .collect(),
        "sudoku_save" => {
            let p = minesweeper_core::sudoku::preset::builtins().remove(0);
            let mut g = minesweeper_core::sudoku::PuzzleGame::from_seed(p.clone(), 7);
            let _ = g.apply(&minesweeper_core::sudoku::Action::Flag(0));
            let _ = g.apply(&minesweeper_core::sudoku::Action::Discard(vec![0]));
            let file = std::path::Path::new(&p.source)
                .file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default();
            vec![minesweeper_core::sudoku::save::to_text(&g, &file, "E4-7V")]
        }
        "share_code" => vec!["E4-7V".into(), "C6-1AY".into(), "G9-3K9QW".into()],
        "settings" => vec!["(volume: 0.5, muted: false, theme: Slate)".into()],
        "move" => vec![
            "e2e4".into(),
            "Nf3".into(),
            "e2*".into(),
            "e9e10q".into(),
            "O-O".into(),
        ],
        "options" => vec![
            "--seed\n7\n--preset\nwide_fog.ron\n--flip".into(),
            "--wait\n10\n--fen\nx".into(),
        ],
        _ => vec![],
    }
}

const SPICE: &[&[u8]] = &[
    b"?",
    b"x",
    b"X",
    b"s",
    b"/",
    b"-",
    b":",
    b"=",
    b",",
    b"(",
    b")",
    b"[",
    b"]",
    b"\"",
    b"\n",
    b" ",
    b"\xff",
    b"\xef\xbb\xbf",
    b"0",
    b"99999999999999999999",
    b"255",
    b"65535",
    b"-1",
    b"16",
    b"17",
    b"k",
    b"K",
    b"P",
    b"Some(",
    b"None",
    b"1e999",
    b"NaN",
];

fn mutate(rng: &mut GameRng, seed: &[u8]) -> Vec<u8> {
    let mut v = seed.to_vec();
    for _ in 0..rng.random_range(1..=4) {
        let at = if v.is_empty() {
            0
        } else {
            rng.random_range(0..v.len())
        };
        match rng.random_range(0..5) {
            0 if !v.is_empty() => v[at] = rng.random(),
            1 => {
                let s = SPICE[rng.random_range(0..SPICE.len())];
                v.splice(at..at, s.iter().copied());
            }
            2 if !v.is_empty() => {
                let end = (at + rng.random_range(1..16)).min(v.len());
                v.drain(at..end);
            }
            3 if !v.is_empty() => {
                let end = (at + rng.random_range(1..32)).min(v.len());
                let chunk = v[at..end].to_vec();
                v.splice(at..at, chunk);
            }
            _ => v.truncate(at),
        }
    }
    v
}

/// Every parser, thousands of mutated inputs each, on a watched thread:
/// no panic, and no input that takes longer than a second.
#[test]
fn a_seeded_mutation_fuzzer_finds_no_panic_or_hang() {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut rng = GameRng::seed_from_u64(0xF0221);
        let mut report = Vec::new();
        let budget = Duration::from_secs(6);
        let started = Instant::now();
        let targets = targets();
        assert_eq!(
            targets.len(),
            9,
            "every parser: {:?}",
            targets.iter().map(|t| t.0)
        );
        for &(name, target) in &targets {
            let seeds = corpus(name);
            assert!(!seeds.is_empty(), "{name} has a corpus");
            let mut runs = 0;
            let per_target = budget / targets.len() as u32;
            let t0 = Instant::now();
            while t0.elapsed() < per_target || runs < 50 {
                let seed = &seeds[rng.random_range(0..seeds.len())];
                let input = mutate(&mut rng, seed.as_bytes());
                let t = Instant::now();
                let result = std::panic::catch_unwind(|| target(&input));
                if result.is_err() {
                    report.push(format!(
                        "{name} panicked on {:?}",
                        String::from_utf8_lossy(&input)
                    ));
                }
                if t.elapsed() > Duration::from_secs(1) {
                    report.push(format!(
                        "{name} took {:?} on {:?}",
                        t.elapsed(),
                        String::from_utf8_lossy(&input)
                    ));
                }
                runs += 1;
            }
            report.push(format!("ok {name}: {runs} inputs"));
        }
        let _ = tx.send((report, started.elapsed()));
    });
    let (report, took) = rx
        .recv_timeout(Duration::from_secs(120))
        .expect("the fuzzer finished: no parser hung");
    let bad: Vec<&String> = report.iter().filter(|l| !l.starts_with("ok ")).collect();
    assert!(bad.is_empty(), "{bad:#?}");
    assert!(took < Duration::from_secs(60), "{took:?}");
}

#[test]
fn arguments_that_are_not_utf8_are_refused() {
    use std::os::unix::ffi::OsStringExt;
    let args = vec![
        std::ffi::OsString::from("--seed"),
        std::ffi::OsString::from_vec(vec![0x37, 0xff]),
    ];
    let e = minesweeper_core::text::utf8_args(args)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("argument 2") && e.contains("not valid UTF-8"),
        "{e}"
    );
}

#[test]
fn numbers_are_capped_and_checked_before_any_work() {
    let t = Instant::now();
    let out = cmd(&["perft", "--depth", "4294967295"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("from 1 to 8"), "{}", out.stderr);
    let out = cmd(&["perft", "--depth", "0"]);
    assert_eq!(out.code, 2);
    assert!(t.elapsed() < Duration::from_secs(2), "refused at once");
    // A flag without its value is an error, not the default.
    let out = cmd(&["perft", "--depth", "1", "--fen"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("--fen needs a value"), "{}", out.stderr);
    let out = cmd(&["perft", "--fen", "--depth", "1"]);
    assert!(out.stderr.contains("--fen needs a value"), "{}", out.stderr);
    // A part that does not exist runs nothing and says so.
    let out = cmd(&["bench", "ai", "--only", "nonsense"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("speed, nodes, tactics, matches"),
        "{}",
        out.stderr
    );
    let out = cmd(&["bench", "--fast"]);
    assert_eq!(out.code, 2);
    // The game's own options.
    let opts = |a: &[&str]| {
        minesweeper_chess::base::options::GameOptions::parse(
            &a.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        )
    };
    assert!(
        opts(&["--seed"])
            .unwrap_err()
            .to_string()
            .contains("--seed needs a value")
    );
    assert!(
        opts(&["--wait", "1e9"])
            .unwrap_err()
            .to_string()
            .contains("from 0 to 100000")
    );
    assert!(opts(&["--bench-frames", "-3"]).is_err());
    assert!(opts(&["--seed", "7", "--flip"]).is_ok());
}

#[test]
fn a_sudoku_preset_whose_sum_would_wrap_is_refused() {
    let text = minesweeper_core::sudoku::preset::BUILTIN[0].1;
    let field = |t: &str, name: &str, v: &str| -> String {
        let start = t.find(&format!("{name}:")).expect(name);
        let end = start + t[start..].find(',').expect("comma");
        format!("{}{name}: {v}{}", &t[..start], &t[end..])
    };
    let bad = field(text, "mines", "65535");
    let e = minesweeper_core::sudoku::preset::parse("wrap.ron", &bad).unwrap_err();
    assert!(e.message.contains("mines = 65535"), "{e}");
    let bad = field(&field(text, "mines", "65530"), "givens", "10");
    assert!(minesweeper_core::sudoku::preset::parse("wrap.ron", &bad).is_err());
}

#[test]
fn a_byte_order_mark_is_no_error() {
    let (name, text) = BUILTIN[0];
    let with_bom = format!("\u{feff}{text}");
    assert!(minesweeper_core::chess::preset::parse(name, &with_bom).is_ok());
    let (name, text) = minesweeper_core::sudoku::preset::BUILTIN[0];
    assert!(minesweeper_core::sudoku::preset::parse(name, &format!("\u{feff}{text}")).is_ok());
}

#[test]
fn every_share_code_in_the_docs_passes_its_check_letter() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut found = 0;
    for file in [
        "README.md",
        "levels/README.md",
        "docs/rules.md",
        "src/tools/mod.rs",
        "src/base/options.rs",
        "crates/core/src/sudoku/board.rs",
        "crates/core/src/sudoku/save.rs",
    ] {
        let text = std::fs::read_to_string(format!("{root}/{file}")).expect(file);
        // Codes look like E4-7V: a tag of letters and digits, a dash, base 32.
        for word in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')) {
            let Some((tag, body)) = word.split_once('-') else {
                continue;
            };
            let is_tag = ["E4", "C6", "G9"].contains(&tag);
            if is_tag && body.len() >= 2 && body.chars().all(|c| c.is_ascii_alphanumeric()) {
                assert!(
                    minesweeper_core::sudoku::parse_code(word).is_ok(),
                    "{file}: {word} fails its check letter"
                );
                found += 1;
            }
        }
    }
    assert!(found >= 4, "{found} codes");
    assert!(
        minesweeper_core::sudoku::parse_code(minesweeper_core::sudoku::board::EXAMPLE_CODE).is_ok()
    );
}

/// `check` reads every format the game reads and names file, line and
/// problem when one is broken.
#[test]
fn check_reads_every_format_with_file_and_line() {
    let dir = std::env::temp_dir().join(format!("msc-check-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let write = |name: &str, text: &str| -> String {
        let p = dir.join(name);
        std::fs::write(&p, text).expect("temp file");
        p.display().to_string()
    };
    let v = Variant::classic();
    let mines = ["c5", "d6", "e7", "f4"]
        .iter()
        .filter_map(|s| minesweeper_core::chess::Square::parse(s))
        .collect();
    let mut g = Game::new(&v, mines).unwrap();
    for m in ["e2e4", "d9d7"] {
        let mv = minesweeper_core::chess::notation::parse_move(g.position(), m).unwrap();
        g.play(mv).unwrap();
    }
    let rec = record::write("Classic", &g, &[]);
    let good = [
        write("saved_game.txt", &rec),
        write("settings.ron", "(volume: 0.4)"),
        write(
            "positions.fen",
            "# two\nrnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n4k3/8/8/8/8/8/8/8/8/4K3 w - - 0 1 8/8/8/????????/????????/????????/????????/8/8/8 1\n",
        ),
        write("board.ron", BUILTIN[1].1),
    ];
    let args: Vec<&str> = std::iter::once("check")
        .chain(good.iter().map(|s| s.as_str()))
        .collect();
    let out = cmd(&args);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains("game record: 2 move(s), *, unfinished"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("FEN list: 2 position(s)"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("4 file(s) checked, 0 with errors"),
        "{}",
        out.stdout
    );

    let broken = [
        (
            write("bad_game.txt", &rec.replace("1. e4 d7", "1. e4 d4")),
            ":7:7: 'd4' is not a legal move",
        ),
        (write("bad_settings.ron", "(volume: \"loud\")"), ":1:"),
        (
            write("bad.fen", "\n\n4k3/8/8/8/8/8/8/8/8/4K3 x\n"),
            ":3: FEN field 2",
        ),
        (
            write(
                "sudoku_game.txt",
                "sweeper-sudoku 1\npreset nowhere.ron\ncode E4-7V\nactions\n",
            ),
            ":2: no preset file",
        ),
        (write("binary.ron", "\u{0}"), ""),
    ];
    let mut bytes = rec.clone().into_bytes();
    bytes.insert(5, 0xff);
    let not_utf8 = dir.join("not_utf8.txt");
    std::fs::write(&not_utf8, bytes).unwrap();
    for (file, place) in &broken {
        let out = cmd(&["check", file]);
        assert_eq!(out.code, 1, "{file}: {}", out.stdout);
        assert!(
            out.stderr.contains(&format!("{file}{place}")),
            "{file}: {}",
            out.stderr
        );
    }
    let out = cmd(&["check", &not_utf8.display().to_string()]);
    assert!(out.stderr.contains("not UTF-8"), "{}", out.stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every command line in the shared hostile list is refused with a
/// message. The game's binary needs a window stack, which the tests do
/// not build: each line goes through what its `main` does, in order
/// (arguments as text, a tool command, the game's options), and must stop
/// at one of them with an error before a game starts.
#[cfg(unix)]
#[test]
fn the_game_refuses_hostile_command_lines() {
    for args in minesweeper_cli::fuzz::hostile_args() {
        let shown = format!("{args:?}");
        let Ok(args) = minesweeper_core::text::utf8_args(args) else {
            continue;
        };
        if let Some(out) = minesweeper_chess::tools::run(&args) {
            assert!(
                out.code != 0 && !out.stderr.trim().is_empty(),
                "{shown:.80}: tool exit {}",
                out.code
            );
            continue;
        }
        let e = minesweeper_chess::base::options::GameOptions::parse(&args);
        assert!(e.is_err(), "{shown:.80} would start the game");
    }
}
