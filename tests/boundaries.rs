//! The folders keep to the import rules that `docs/architecture.md` states:
//! the table there is read, every `crate::`, `super::` and
//! `minesweeper_core::` path in the sources (the game's, the core crate's
//! and the server's) is resolved to the folder it names, and a path into a
//! folder the rules do not allow fails, as does a cycle in the rules
//! themselves, a cycle between files, or Bevy in the core crate.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Each crate's sources and the prefix of its folders' names in the rules.
const CRATES: [(&str, &str); 4] = [
    ("src", ""),
    ("crates/core/src", "core/"),
    ("crates/server/src", "server/"),
    ("crates/cli/src", "cli/"),
];

/// Folder → the folders it may import, from the architecture document.
fn rules() -> BTreeMap<String, BTreeSet<String>> {
    let doc =
        std::fs::read_to_string(root().join("docs/architecture.md")).expect("docs/architecture.md");
    let table = doc
        .split("## Import rules")
        .nth(1)
        .expect("docs/architecture.md has an 'Import rules' section");
    let mut out = BTreeMap::new();
    for line in table.lines().skip_while(|l| !l.starts_with('|')) {
        if !line.starts_with('|') {
            break;
        }
        let cells: Vec<&str> = line.trim_matches('|').split('|').collect();
        // The names in backquotes; "nothing" has none.
        let names = |cell: &str| -> BTreeSet<String> {
            cell.split('`')
                .skip(1)
                .step_by(2)
                .map(String::from)
                .collect()
        };
        let (Some(units), Some(allowed)) = (cells.first(), cells.get(1)) else {
            continue;
        };
        for unit in names(units) {
            out.insert(unit, names(allowed));
        }
    }
    assert!(
        out.len() > 10,
        "the import rules table looks empty: {out:?}"
    );
    out
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("source folder").flatten() {
        let p = e.path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// A file's module path within its crate: `src/chess/view/keys.rs` is
/// `chess::view::keys`; a `mod.rs` is its folder.
fn module_path(root: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(root).expect("under its root");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts
        .last()
        .is_some_and(|l| l == "mod" || l == "lib" || l == "main")
    {
        parts.pop();
    }
    parts
}

/// The folder a module path lies in: the first segment, split one deeper
/// for the game slices (`chess/ecs`); `prefix` names the crate.
fn unit_of(prefix: &str, path: &[String]) -> Option<String> {
    let first = path.first()?;
    let slice = prefix.is_empty() && (first == "chess" || first == "sudoku");
    let name = match path.get(1) {
        Some(second) if slice => format!("{first}/{second}"),
        _ => first.clone(),
    };
    Some(format!("{prefix}{name}"))
}

/// Every path a file names, resolved to module paths of its own crate, and
/// whether it names the core crate.
fn named_paths(text: &str, own: &[String]) -> (Vec<Vec<String>>, bool) {
    let mut out = Vec::new();
    let core = text.contains("minesweeper_core::");
    let s = text;
    for start in ["crate::", "super::"] {
        for (i, _) in s.match_indices(start) {
            // Inside a longer path or name (`super::super::`, `a_super::`).
            if i > 0 && s[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let mut base: Vec<String> = if start == "crate::" {
                Vec::new()
            } else {
                own[..own.len().saturating_sub(1)].to_vec()
            };
            let mut rest = &s[i + start.len()..];
            while let Some(r) = rest.strip_prefix("super::") {
                base.pop();
                rest = r;
            }
            for names in first_segments(rest) {
                let mut p = base.clone();
                p.extend(names);
                out.push(p);
            }
        }
    }
    (out, core)
}

/// The first two names of a path (`a::b` of `a::b::c`).
fn two_names(t: &str) -> Vec<String> {
    let t = t.trim();
    let ident = |t: &str| -> String {
        t.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let first = ident(t);
    let mut out = vec![first.clone()];
    if let Some(rest) = t[first.len()..].strip_prefix("::") {
        let second = ident(rest);
        if !second.is_empty() {
            out.push(second);
        }
    }
    out.retain(|n| !n.is_empty());
    out
}

/// The names right after a path's prefix: `a::b` in `a::b::c`, or those of
/// each item of a `{a, b::c}` group.
fn first_segments(rest: &str) -> Vec<Vec<String>> {
    let Some(group) = rest.strip_prefix('{') else {
        return vec![two_names(rest)];
    };
    let mut items = Vec::new();
    let (mut depth, mut item) = (0, String::new());
    for c in group.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => items.push(std::mem::take(&mut item)),
            _ if depth == 0 => item.push(c),
            _ => {}
        }
    }
    items.push(item);
    items
        .iter()
        .map(|i| two_names(i))
        .filter(|n| n.first().is_some_and(|f| f != "self"))
        .collect()
}

/// Every folder-to-folder import in the sources, with one file that makes it.
/// An item of a crate root itself (the server's `crate::now_ms`) counts as
/// a folder of its own name.
fn imports() -> BTreeMap<(String, String), PathBuf> {
    let mut out = BTreeMap::new();
    for (dir, prefix) in CRATES {
        let dir = root().join(dir);
        let mut files = Vec::new();
        sources(&dir, &mut files);
        for file in files {
            let own = module_path(&dir, &file);
            let Some(unit) = unit_of(prefix, &own) else {
                continue; // the crate root declares the folders
            };
            let text = std::fs::read_to_string(&file).expect("readable source");
            let (paths, core) = named_paths(&text, &own);
            let mut targets: BTreeSet<String> =
                paths.iter().filter_map(|p| unit_of(prefix, p)).collect();
            if core {
                targets.insert("core".into());
            }
            for t in targets {
                // A slice's own mod.rs declares its three folders.
                if t != unit && !t.starts_with(&format!("{unit}/")) {
                    out.entry((unit.clone(), t)).or_insert(file.clone());
                }
            }
        }
    }
    out
}

#[test]
fn every_import_keeps_to_the_rules_in_the_architecture_document() {
    let rules = rules();
    let mut broken = Vec::new();
    for ((from, to), file) in imports() {
        let Some(allowed) = rules.get(&from) else {
            broken.push(format!(
                "{}: folder {from} has no row in the rules",
                file.display()
            ));
            continue;
        };
        let ok = allowed.contains(&to) || (to.starts_with("core/") && allowed.contains("core"));
        if !ok {
            broken.push(format!("{}: {from} imports {to}", file.display()));
        }
    }
    assert!(
        broken.is_empty(),
        "imports the rules forbid:\n{}",
        broken.join("\n")
    );
}

#[test]
fn the_rules_have_no_cycle_and_name_real_folders() {
    let rules = rules();
    let known: BTreeSet<String> = rules.keys().cloned().chain(["core".to_string()]).collect();
    for (from, to) in rules
        .iter()
        .flat_map(|(f, ts)| ts.iter().map(move |t| (f, t)))
    {
        assert!(
            known.contains(to),
            "{from} may import {to}, which has no row"
        );
    }
    // Depth-first search for a way back to where it started.
    fn reaches(
        rules: &BTreeMap<String, BTreeSet<String>>,
        from: &str,
        goal: &str,
        seen: &mut BTreeSet<String>,
    ) -> bool {
        let Some(next) = rules.get(from) else {
            return false;
        };
        next.iter()
            .any(|n| n == goal || (seen.insert(n.clone()) && reaches(rules, n, goal, seen)))
    }
    for unit in rules.keys() {
        assert!(
            !reaches(&rules, unit, unit, &mut BTreeSet::new()),
            "the rules let {unit} import itself through others"
        );
    }
}

#[test]
fn the_core_crate_builds_without_bevy() {
    let manifest =
        std::fs::read_to_string(root().join("crates/core/Cargo.toml")).expect("core manifest");
    let deps = manifest
        .split("[dependencies]")
        .nth(1)
        .expect("a [dependencies] table")
        .split("\n[")
        .next()
        .unwrap_or("");
    let names: Vec<&str> = deps
        .lines()
        .filter_map(|l| l.split('=').next())
        .map(str::trim)
        .filter(|n| !n.is_empty() && !n.starts_with('#'))
        .collect();
    assert!(names.contains(&"rand"), "read the table: {names:?}");
    assert!(
        names.iter().all(|n| !n.starts_with("bevy")),
        "the core crate depends on {names:?}"
    );
}

#[test]
fn the_checker_sees_a_forbidden_import() {
    // A chess view file naming other folders through `crate::`, `super::`
    // and a group.
    let own: Vec<String> = ["chess", "view", "keys"].map(String::from).to_vec();
    let (paths, core) = named_paths(
        "use crate::app::sets;\nuse super::super::{ecs::At, ui::X};\n\
         use super::super::super::sudoku::view::Z;\nuse super::board;",
        &own,
    );
    let units: BTreeSet<String> = paths.iter().filter_map(|p| unit_of("", p)).collect();
    let want = ["app", "chess/ecs", "chess/ui", "chess/view", "sudoku/view"];
    assert_eq!(units, want.iter().map(|u| u.to_string()).collect());
    assert!(!core);
}

/// The code of a file that others would see: no comments, no test module.
fn code_of(text: &str) -> String {
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or("");
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A crate's files by module path, each with its code.
fn modules_of(dir: &Path) -> BTreeMap<Vec<String>, String> {
    let mut files = Vec::new();
    sources(dir, &mut files);
    files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f).expect("readable source");
            (module_path(dir, f), code_of(&text))
        })
        .collect()
}

/// Every file of a crate that uses another file, neither inside the other
/// (a folder's `mod.rs` and its files may name each other; the crate root
/// declares them all).
fn file_edges(
    modules: &BTreeMap<Vec<String>, String>,
) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let mut edges = BTreeMap::new();
    for (own, text) in modules {
        let (paths, _) = named_paths(text, own);
        for p in paths {
            // The deepest module the path names.
            let target = (0..=p.len())
                .rev()
                .map(|n| p[..n].to_vec())
                .find(|m| modules.contains_key(m))
                .unwrap_or_default();
            let nested = target.starts_with(own) || own.starts_with(&target);
            if !nested {
                edges
                    .entry(own.clone())
                    .or_insert_with(BTreeSet::new)
                    .insert(target);
            }
        }
    }
    edges
}

/// A way from a file back to itself, as the files it passes, if any.
fn file_cycle(edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Option<Vec<String>> {
    for start in edges.keys() {
        // Depth-first search for a way back to `start`.
        let mut seen = BTreeSet::new();
        let mut stack = vec![(start.clone(), vec![start.join("/")])];
        while let Some((at, trail)) = stack.pop() {
            for next in edges.get(&at).into_iter().flatten() {
                let mut trail = trail.clone();
                trail.push(next.join("/"));
                if next == start {
                    return Some(trail);
                }
                if seen.insert(next.clone()) {
                    stack.push((next.clone(), trail));
                }
            }
        }
    }
    None
}

#[test]
fn no_file_imports_itself_through_others() {
    for (dir, _) in CRATES {
        let modules = modules_of(&root().join(dir));
        assert!(modules.len() > 5, "{dir}: read its files: {modules:?}");
        if let Some(trail) = file_cycle(&file_edges(&modules)) {
            panic!("{dir}: an import cycle: {}", trail.join(" → "));
        }
    }
}

#[test]
fn the_checker_sees_a_server_cycle() {
    // The server as it was: the connection held the games' requests, and a
    // room told its members through the connection's type.
    let old = [
        ("lib", "pub mod conn;\npub mod hub;\npub mod room;"),
        (
            "conn",
            "use crate::hub::{Hub, time_control};\nuse crate::room::{Member, Room};",
        ),
        (
            "hub",
            "use crate::conn::Conn;\nuse crate::room::Room;\nuse crate::secret;",
        ),
        (
            "room",
            "use crate::conn::{Conn, encode};\nuse crate::now_ms;",
        ),
        ("secret", ""),
    ];
    let modules: BTreeMap<Vec<String>, String> = old
        .iter()
        .map(|(name, text)| {
            let path = if *name == "lib" {
                vec![]
            } else {
                vec![name.to_string()]
            };
            (path, text.to_string())
        })
        .collect();
    let trail = file_cycle(&file_edges(&modules)).expect("a cycle between files");
    assert_eq!(trail.first(), trail.last(), "{trail:?}");
    assert!(trail.contains(&"conn".to_string()), "{trail:?}");
    // And the rules forbid the room's import of the connection.
    let room = ["room".to_string()];
    let (paths, core) = named_paths(old[3].1, &room);
    let units: BTreeSet<String> = paths.iter().filter_map(|p| unit_of("server/", p)).collect();
    let want = ["server/conn", "server/now_ms"];
    assert_eq!(units, want.iter().map(|u| u.to_string()).collect());
    assert!(!core);
    let rules = rules();
    assert!(rules["server/room"].contains("server/now_ms"));
    assert!(!rules["server/room"].contains("server/conn"));
}

/// What may hold a hidden mine: the mine component, the true board and its
/// snapshot, the rules' true position, game and setup, and the history's
/// game. Views, panels and the online client read `PublicBoard` instead.
const MINE_BEARING: [&str; 9] = [
    "Mine",
    "TrueBoard",
    "snapshot",
    "Position",
    "Setup",
    "Game",
    "true_game",
    "true_game_mut",
    "spawn_position",
];

/// The names of `code` (comments and tests left out) that carry hidden
/// mines; `ServerMsg::Game` is a message, not the rules' game,
/// `TurnSet::Setup` a stage, not the rules' setup; a position of the
/// history (`game.position()`) is the true one.
fn mine_bearing_names(code: &str) -> Vec<String> {
    let code = code_of(code);
    let mut found = Vec::new();
    let mut rest = code.as_str();
    while !rest.is_empty() {
        let start = rest
            .find(|c: char| c.is_alphanumeric() || c == '_')
            .unwrap_or(rest.len());
        let before = &rest[..start];
        rest = &rest[start..];
        let len = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let word = &rest[..len];
        rest = &rest[len..];
        let prefix = code_before(&code, rest, word);
        let message = (word == "Game" && prefix.ends_with("ServerMsg::"))
            || (word == "Setup" && prefix.ends_with("TurnSet::"));
        let history = before.ends_with('.')
            && word == "position"
            && ["state.", "history.", "game."]
                .iter()
                .any(|r| code_before(&code, rest, word).ends_with(r));
        if (MINE_BEARING.contains(&word) && !message) || history {
            found.push(word.to_string());
        }
    }
    found
}

/// The text of `code` that comes before `word`, which ends where `rest`
/// starts.
fn code_before<'a>(code: &'a str, rest: &str, word: &str) -> &'a str {
    &code[..code.len() - rest.len() - word.len()]
}

#[test]
fn views_panels_modes_the_online_client_and_the_app_name_nothing_that_holds_a_hidden_mine() {
    for dir in [
        "src/chess/view",
        "src/chess/ui",
        "src/chess/online",
        "src/chess/modes",
        "src/app",
    ] {
        let mut files = Vec::new();
        sources(&root().join(dir), &mut files);
        assert!(files.len() >= 2, "{dir}: read its files");
        for file in files {
            let text = std::fs::read_to_string(&file).expect("readable source");
            let names = mine_bearing_names(&text);
            assert!(
                names.is_empty(),
                "{} names {names:?}: read the board through PublicBoard",
                file.display()
            );
        }
    }
}

#[test]
fn the_mine_check_sees_a_view_that_reads_mines() {
    let view = "use crate::chess::ecs::{Mine, PublicBoard};\n\
                fn f(state: Res<ChessGame>) { let p = state.position(); }\n\
                // a comment about a Mine is fine\n\
                match msg { ServerMsg::Game { .. } => {} }\n\
                fn g(game: Res<ChessGame>) { let t = game.turn(); let all = game.true_game(); }\n\
                let s = TurnSet::Setup;";
    assert_eq!(mine_bearing_names(view), ["Mine", "position", "true_game"]);
    assert!(mine_bearing_names("let p = public.position();").is_empty());
}

/// Where `needle` occurs in the code (comments left out) of every source
/// file under `dirs`, as `path:line`.
fn occurrences(dirs: &[&str], needle: &str) -> Vec<String> {
    let mut out = Vec::new();
    for dir in dirs {
        let mut files = Vec::new();
        sources(&root().join(dir), &mut files);
        for file in files {
            let text = std::fs::read_to_string(&file).expect("readable source");
            for (i, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                if code.contains(needle) {
                    let rel = file.strip_prefix(root()).unwrap_or(&file);
                    out.push(format!("{}:{}", rel.display(), i + 1));
                }
            }
        }
    }
    out
}

#[test]
fn only_the_mode_plugins_and_the_title_name_a_mode() {
    let allowed = ["src/chess/modes/", "src/chess/online/", "src/app/title.rs"];
    let named: Vec<String> = occurrences(&["src"], "PlayMode::")
        .into_iter()
        .filter(|at| !allowed.iter().any(|a| at.starts_with(a)))
        .collect();
    assert!(
        named.is_empty(),
        "{named:?} name a mode: read ModeRules (chess/ecs/mode.rs) instead"
    );
}

#[test]
fn errors_are_typed() {
    let dirs = ["src", "tests", "crates/core", "crates/cli", "crates/server"];
    let mut found = Vec::new();
    for dir in dirs {
        let mut files = Vec::new();
        sources(&root().join(dir), &mut files);
        for file in files {
            let text = std::fs::read_to_string(&file).expect("readable source");
            let code = code_of(&text);
            let mut rest = code.as_str();
            while let Some(at) = rest.find("Result<") {
                rest = &rest[at + "Result<".len()..];
                // The type's own brackets: `Result<Vec<u8>, String>`.
                let mut depth = 1;
                let end = rest
                    .char_indices()
                    .find(|&(_, c)| {
                        depth += match c {
                            '<' => 1,
                            '>' => -1,
                            _ => 0,
                        };
                        depth == 0
                    })
                    .map_or(rest.len(), |(i, _)| i);
                let args = &rest[..end];
                if args
                    .rsplit(',')
                    .next()
                    .is_some_and(|e| e.trim() == "String")
                {
                    found.push(
                        file.strip_prefix(root())
                            .unwrap_or(&file)
                            .display()
                            .to_string(),
                    );
                }
            }
        }
    }
    // None: every error is a type that names its problem
    // (docs/architecture.md, "Errors").
    assert!(
        found.is_empty(),
        "{} results with a String error: {found:?}",
        found.len()
    );
}

#[test]
fn the_hidden_game_is_not_public() {
    // The history's true game and position carry the hidden mines: only
    // the crate's own stages read them; a finished game is public.
    let text = std::fs::read_to_string(root().join("src/chess/ecs/history.rs"))
        .expect("the history's source");
    for name in ["true_game", "true_game_mut", "position"] {
        let public = format!("pub fn {name}(");
        assert!(
            !code_of(&text).contains(&public),
            "ChessGame::{name} is public: it hands out the hidden mines"
        );
    }
}
