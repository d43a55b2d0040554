//! The computer opponent: tactics it must find, mines it must respect, and
//! proof that it plays from the public view only.

use minesweeper_core::ai::arena::{Player, play_game};
use minesweeper_core::ai::{Level, Limits, MATE, Search, uci};
use minesweeper_core::chess::probability::mine_odds;
use minesweeper_core::chess::{Color, Position, Variant, fen};

use crate::rules::{set, sq, with_mines};

fn think(pos: &Position, depth: u8) -> minesweeper_core::ai::Thought {
    Search::new(&pos.public_view(), Limits::depth(depth), 0, 1)
        .run()
        .expect("a move")
}

fn fog_free(text: &str) -> Position {
    fen::parse_standard(text).expect("test FEN")
}

#[test]
fn finds_mate_in_one_and_in_two() {
    // Back-rank mate on the ten-rank board.
    let t = think(&fog_free("7k/6pp/8/8/8/8/8/8/8/R5K1 w - - 0 1"), 3);
    assert_eq!(t.best.to_string(), "a1a10");
    assert_eq!(t.score, MATE - 1);
    // Two rooks: cut the king off on the last rank, then mate.
    let t = think(&fog_free("7k/8/8/8/8/8/8/8/1R6/R3K3 w - - 0 1"), 4);
    assert!(t.score >= MATE - 3, "mate in two expected, got {t:?}");
    let t = think(&fog_free("7k/8/8/8/8/8/8/8/1R6/R3K3 w - - 0 1"), 5);
    assert!(t.score >= MATE - 3, "{t:?}");
}

#[test]
fn on_two_threads_it_still_mates_and_sees_the_defended_piece() {
    let on_two = |text: &str, depth| {
        Search::new(&fog_free(text).public_view(), Limits::depth(depth), 0, 1)
            .with_threads(2)
            .run()
            .expect("a move")
    };
    let t = on_two("7k/8/8/8/8/8/8/8/1R6/R3K3 w - - 0 1", 5);
    assert!(t.score >= MATE - 3, "{t:?}");
    let t = on_two("7k/4p3/3r4/8/8/8/8/8/8/K2Q4 w - - 0 1", 6);
    assert_ne!(t.best.to_string(), "d1d8", "{t:?}");
}

#[test]
fn takes_a_free_piece_and_sees_a_defended_one() {
    // The rook on d8 hangs.
    let t = think(&fog_free("7k/8/3r4/8/8/8/8/8/8/K2Q4 w - - 0 1"), 3);
    assert_eq!(t.best.to_string(), "d1d8");
    // Defended by a pawn: taking it loses the queen for a rook.
    let t = think(&fog_free("7k/4p3/3r4/8/8/8/8/8/8/K2Q4 w - - 0 1"), 3);
    assert_ne!(t.best.to_string(), "d1d8", "{t:?}");
}

/// A knight fork on e5 against king and queen; e5 is fogged.
fn fork(mines: &[&str]) -> Position {
    let zone: Vec<String> = (0..8u8)
        .flat_map(|f| (4..=7).map(move |r| format!("{}{}", (b'a' + f) as char, r)))
        .filter(|c| c != "e5" && c != "h4")
        .collect();
    let open: Vec<&str> = zone.iter().map(|s| s.as_str()).collect();
    with_mines("8/8/8/3q4/6k1/8/8/3N4/8/K7 w - - 0 1", mines, &open)
}

#[test]
fn a_fork_on_a_cell_the_counts_prove_mined_is_refused() {
    // The counts around e5 say it holds the one hidden mine.
    let mined = fork(&["e5"]);
    let odds = mine_odds(&mined.public_view()).expect("small enough");
    assert_eq!(odds.at(sq("e5")), 1.0);
    assert_eq!(odds.at(sq("h4")), 0.0);
    let t = think(&mined, 3);
    assert_ne!(
        t.best.to_string(),
        "d3e5",
        "walked into a known mine: {t:?}"
    );
    // The same board with the mine proven to be on h4: the fork wins the queen.
    let safe = fork(&["h4"]);
    assert_eq!(mine_odds(&safe.public_view()).unwrap().at(sq("e5")), 0.0);
    assert_eq!(think(&safe, 3).best.to_string(), "d3e5");
}

/// Every layout of `hidden` mines on the fogged cells that shows the same
/// counts as `pos` (brute force).
fn consistent_layouts(pos: &Position, limit: usize) -> Vec<Position> {
    let public = pos.public_view();
    let fog: Vec<_> = pos.fog().iter().collect();
    let hidden = public.hidden_mines() as usize;
    let known = pos.mines().difference(pos.fog());
    let mut out = Vec::new();
    let mut pick = vec![0usize; hidden];
    fn rec(
        i: usize,
        start: usize,
        pick: &mut Vec<usize>,
        fog: &[minesweeper_core::chess::Square],
        f: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        if i == pick.len() {
            return f(pick);
        }
        for j in start..fog.len() {
            pick[i] = j;
            if !rec(i + 1, j + 1, pick, fog, f) {
                return false;
            }
        }
        true
    }
    let want = fen::to_fen(public.position());
    rec(0, 0, &mut pick, &fog, &mut |p| {
        let mut setup = pos.to_setup();
        let mut mines = known;
        for &j in p {
            mines.insert(fog[j]);
        }
        setup.mines = mines;
        if let Ok(alt) = Position::from_setup(setup, *pos.rules()) {
            let v = alt.public_view();
            let same_counts = pos
                .squares()
                .all(|s| v.revealed_count(s) == public.revealed_count(s));
            if same_counts && fen::to_fen(v.position()) == want {
                out.push(alt);
            }
        }
        out.len() < limit
    });
    out
}

#[test]
fn the_move_is_the_same_for_every_hidden_layout_consistent_with_the_board() {
    // A game under way with fog lifted in places and counts showing.
    let variant = Variant::classic();
    let mut game =
        minesweeper_core::chess::Game::new(&variant, set(&["a7", "b4", "h5", "g7"])).unwrap();
    for m in ["e2e4", "d9d7", "g1f3", "b9b8"] {
        let pos = game.position().clone();
        let mv = minesweeper_core::chess::notation::parse_move(&pos, m).unwrap();
        game.play(mv).unwrap();
    }
    let pos = game.position().clone();
    assert!(pos.fog().len() > 10);
    let layouts = consistent_layouts(&pos, 12);
    assert!(
        layouts.len() >= 6,
        "only {} layouts; fog {} hidden {} {}",
        layouts.len(),
        pos.fog().len(),
        pos.public_view().hidden_mines(),
        fen::to_fen(&pos)
    );
    let moves: Vec<String> = layouts
        .iter()
        .map(|p| {
            Search::new(&p.public_view(), Limits::depth(3), 30, 7)
                .run()
                .unwrap()
                .best
                .to_string()
        })
        .collect();
    assert!(moves.iter().all(|m| *m == moves[0]), "{moves:?}");
    // And the layouts really differ underneath.
    let distinct: std::collections::HashSet<String> =
        layouts.iter().map(|p| format!("{:?}", p.mines())).collect();
    assert!(distinct.len() >= 2);
}

#[test]
fn every_level_beats_a_random_mover() {
    let v = Variant::classic();
    for (i, level) in [Level::Beginner, Level::Casual].into_iter().enumerate() {
        let r = play_game(
            &v,
            Player::level(level),
            Player::Random,
            100 + i as u64,
            300,
        );
        assert_eq!(r.points(Color::White), 1.0, "{level:?} vs random: {r:?}");
    }
}

#[test]
fn uci_session_answers_a_tool() {
    let input = "uci\nisready\nposition startpos moves e2e4 e9e7\ngo depth 2\n\
                 setoption name Sapper value false\nposition fen 7k/6pp/8/8/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\n\
                 position fen not-a-fen\ngo depth 1\n";
    let mut out = Vec::new();
    uci::run(input.as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines.contains(&"uciok") && lines.contains(&"readyok"),
        "{out}"
    );
    let best: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with("bestmove"))
        .copied()
        .collect();
    assert_eq!(best.len(), 3, "{out}");
    assert_eq!(best[1], "bestmove a1a10");
    assert!(out.contains("score mate 1"), "{out}");
    assert!(out.contains("info string bad FEN"), "{out}");
    assert_eq!(best[2], "bestmove 0000");
}

#[test]
fn pure_chess_without_the_sapper_never_sweeps() {
    let input = "setoption name Sapper value false\nposition startpos\ngo depth 2\n";
    let mut out = Vec::new();
    uci::run(input.as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let best = out.lines().find(|l| l.starts_with("bestmove")).unwrap();
    assert!(!best.contains('*'), "{best}");
}

#[test]
fn the_tactics_suite_is_solved_at_a_fixed_depth() {
    use minesweeper_core::ai::tactics::{TACTICS, solved};
    use minesweeper_core::chess::RuleSet;
    for &(name, text, goal) in TACTICS {
        let setup = fen::parse_setup(text).expect("suite FEN");
        let pos = fen::parse(text, RuleSet::standard(setup.files, setup.ranks)).expect(name);
        // Depth 9, not 5 for a mate in 3: null move, late-move reductions
        // and pruning (bolder where the attacker's score is not rising, as
        // it mostly is not while a king is hunted) search most lines
        // shallower than the nominal depth.
        let t = think(&pos, 9);
        assert!(
            solved(goal, &t.best.to_string(), t.score),
            "{name}: played {} with score {}",
            t.best,
            t.score
        );
    }
}

#[test]
fn mates_whatever_the_half_move_clock() {
    // No fifty-move rule: a clock past 100 changes nothing.
    let t = think(&fog_free("7k/8/6K1/8/8/8/8/8/8/Q7 w - - 120 90"), 3);
    assert_eq!(t.best.to_string(), "a1a10");
    assert_eq!(t.score, MATE - 1);
    // The end of input lets the search finish (`quit` would stop it).
    let input = "position fen 7k/8/6K1/8/8/8/8/8/8/Q7 w - - 120 90\ngo depth 3\n";
    let mut out = Vec::new();
    uci::run(input.as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains("score mate 1") && out.contains("bestmove a1a10"),
        "{out}"
    );
}

/// Runs a UCI session on a pipe, feeding lines with pauses, and returns
/// what the engine wrote and how long the whole exchange took.
fn uci_session(lines: &[(&str, u64)]) -> (String, std::time::Duration) {
    use std::io::Write as _;
    let (reader, mut writer) = std::io::pipe().expect("a pipe");
    let started = std::time::Instant::now();
    let engine = std::thread::spawn(move || {
        let mut out = Vec::new();
        uci::run(std::io::BufReader::new(reader), &mut out).expect("the session runs");
        String::from_utf8(out).expect("UTF-8 answers")
    });
    for (line, pause_ms) in lines {
        writeln!(writer, "{line}").expect("the engine reads");
        std::thread::sleep(std::time::Duration::from_millis(*pause_ms));
    }
    drop(writer);
    let out = engine.join().expect("the engine thread ends");
    (out, started.elapsed())
}

#[test]
fn uci_answers_at_once_without_a_legal_move_and_honours_stop() {
    // Stalemate on the board: `go` must answer at once, whatever the limits.
    let (out, took) = uci_session(&[
        ("position fen 7k/8/8/8/8/8/8/8/2q5/K7 w - - 0 1", 0),
        ("go infinite", 200),
        ("isready", 100),
    ]);
    assert!(
        out.contains("bestmove 0000") && out.contains("readyok"),
        "{out}"
    );
    assert!(took.as_secs() < 10, "{took:?}");
    // A search asked to think for an hour ends on `stop` with its best move.
    let (out, took) = uci_session(&[
        ("position startpos", 0),
        ("go movetime 3600000", 300),
        ("isready", 100),
        ("stop", 300),
        ("quit", 0),
    ]);
    assert!(
        out.contains("readyok"),
        "isready is answered while thinking: {out}"
    );
    let best = out
        .lines()
        .find(|l| l.starts_with("bestmove"))
        .unwrap_or("");
    assert!(
        best.len() > "bestmove ".len() && best != "bestmove 0000",
        "{out}"
    );
    assert!(took.as_secs() < 20, "stop was not honoured: {took:?}");
}

#[test]
fn uci_refuses_hostile_lines_and_keeps_going() {
    let mut input = String::new();
    input.push_str(&"x".repeat(100_000));
    input.push('\n');
    input.push_str("position fen 7k/8/8/8/8/8/8/8/8/K7 w - - 0 1 moves a1a2 zz\n");
    input.push_str("go depth 99999999999999999999\n");
    input.push_str("setoption name Sapper value maybe\n");
    input.push_str(
        "position fen rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 6/6/??????/??????/6/6 2\n",
    );
    input.push_str("go depth 2\n");
    input.push_str("position fen rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1 6/6/??????/??????/6/6 2 moves c2c3\n");
    input.push_str("isready\nquit\n");
    let mut bytes = input.into_bytes();
    bytes.extend_from_slice(b"\xff\xfe not utf-8\n");
    let mut out = Vec::new();
    uci::run(std::io::Cursor::new(bytes), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("info string line too long"), "{out}");
    assert!(out.contains("move zz"), "{out}");
    assert!(out.contains("Sapper is true or false"), "{out}");
    assert!(
        out.contains("lifts fog"),
        "a public FEN's move that lifts fog: {out}"
    );
    assert!(out.contains("readyok"), "{out}");
    let best: Vec<&str> = out.lines().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(best.len(), 2, "{out}");
}

fn uci_lines(input: &str) -> Vec<String> {
    let mut out = Vec::new();
    uci::run(std::io::Cursor::new(input.as_bytes().to_vec()), &mut out).expect("uci runs");
    String::from_utf8(out)
        .expect("utf-8")
        .lines()
        .map(str::to_string)
        .collect()
}

/// The score of the last `info` line before a `bestmove`, in centipawns.
fn last_cp(lines: &[String]) -> i32 {
    let info = lines
        .iter()
        .rfind(|l| l.starts_with("info depth"))
        .expect("an info line");
    let w: Vec<&str> = info.split_whitespace().collect();
    let i = w.iter().position(|x| *x == "cp").expect("a cp score");
    w[i + 1].parse().expect("a number")
}

#[test]
fn a_losing_side_repeats_a_position_of_the_game_a_third_time_to_draw() {
    // Black is a rook down.
    let fen = "7k/6r1/8/8/8/8/8/8/8/Q2RK3 b - - 10 40";
    let fresh = uci_lines(&format!("position fen {fen}\ngo depth 8\n"));
    assert!(
        last_cp(&fresh) < -200,
        "without the game's moves: {fresh:?}"
    );
    // The game went g9g8 e1f1 g8g9 f1e1: g9g8 again would repeat a
    // position once, no draw (White plays on; the rules need three).
    let once = uci_lines(&format!(
        "position fen {fen} moves g9g8 e1f1 g8g9 f1e1\ngo depth 8\n"
    ));
    assert!(last_cp(&once) < -200, "{once:?}");
    // The rook reached g8 twice already (from g9, then from g7): g7g8
    // makes it three times, a draw, better than anything else Black has.
    let twice = uci_lines(&format!(
        "position fen {fen} moves g9g8 e1f1 g8g7 f1e1 g7g8 e1f1 g8g7 f1e1\ngo depth 8\n"
    ));
    assert!(twice.contains(&"bestmove g7g8".to_string()), "{twice:?}");
    assert_eq!(last_cp(&twice), 0, "{twice:?}");
}

#[test]
fn uci_threads_option_is_taken_within_bounds() {
    let lines = uci_lines(
        "uci\nsetoption name Threads value 0\nsetoption name Threads value 2\n\
         position startpos\ngo depth 6\n",
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "option name Threads type spin default 1 min 1 max 64")
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "info string Threads is 1 to 64, not 0")
    );
    assert!(lines.iter().any(|l| l.starts_with("info depth 6 ")));
    assert!(lines.iter().any(|l| l.starts_with("bestmove ")));
}

#[test]
fn uci_options_hash_clear_and_level_are_taken() {
    let lines = uci_lines(
        "uci\nsetoption name Hash value 8\nsetoption name Hash value 0\n\
         setoption name Level value Beginner\nsetoption name Level value Grandmaster\n\
         ucinewgame\nsetoption name Clear Hash\nposition startpos\ngo movetime 50\n",
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Hash type spin"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Level type combo"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "info string Hash is 1 to 4096 (MB), not 0")
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string Level is Full, Beginner"))
    );
    // Beginner searches one ply, whatever the clock allows.
    let info = lines
        .iter()
        .rfind(|l| l.starts_with("info depth"))
        .expect("info");
    assert!(info.starts_with("info depth 1 "), "{info}");
    assert!(lines.iter().any(|l| l.starts_with("bestmove")));
}

#[test]
fn uci_eval_file_that_is_missing_or_not_a_network_is_named_and_play_goes_on() {
    let dir = std::env::temp_dir().join(format!("msc-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let junk = dir.join("junk.bin");
    std::fs::write(&junk, b"not a network").expect("write");
    let lines = uci_lines(&format!(
        "uci\nsetoption name EvalFile value {}\nsetoption name EvalFile value {}\n\
         setoption name UseNet value maybe\nposition startpos\ngo depth 3\n",
        dir.join("missing.bin").display(),
        junk.display()
    ));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name EvalFile type string"))
    );
    let missing = format!(
        "info string EvalFile: {}:",
        dir.join("missing.bin").display()
    );
    assert!(lines.iter().any(|l| l.starts_with(&missing)), "{lines:?}");
    let junk_line = format!(
        "info string EvalFile: {}: not a network file",
        junk.display()
    );
    assert!(lines.iter().any(|l| l.starts_with(&junk_line)), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l == "info string UseNet is true or false, not maybe")
    );
    assert!(lines.iter().any(|l| l.starts_with("bestmove ")));
    let _ = std::fs::remove_dir_all(&dir);
}
