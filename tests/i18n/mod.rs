//! The five languages: every key in every file with the same placeholders,
//! nothing left in English, plural forms, every character in the fonts,
//! no sentence written into the interface code. Here the helpers two parts
//! share: sample values for the placeholders, and the interface's sources.

use fluent_bundle::FluentValue;
use minesweeper_chess::base::i18n::decimal;

mod code;
mod forms;
mod glyphs;
mod keys;
mod lang;
mod style;

/// Sample values for every placeholder the files use.
fn sample_args() -> Vec<(&'static str, FluentValue<'static>)> {
    let mut args: Vec<(&str, FluentValue)> = [
        "side", "level", "sq", "from", "to", "piece", "code", "example", "tag", "tags", "char",
        "rating", "hearts", "cards", "cell", "card", "blocks", "why", "file", "link", "server",
        "text", "date",
    ]
    .into_iter()
    .map(|k| (k, FluentValue::from("x")))
    .collect();
    for k in [
        "n", "depth", "nodes", "found", "mines", "points", "done", "total", "deck", "hand",
        "digit", "played", "won", "streak", "best", "percent",
    ] {
        args.push((k, FluentValue::from(3)));
    }
    args.push(("pawns", decimal(2.5)));
    // Accounts and ratings: a player's name, a rating's change, a
    // password's bounds; a player's page: a rating's speed, the games
    // drawn and lost.
    args.extend([
        ("name", FluentValue::from("x")),
        ("change", FluentValue::from("x")),
        ("speed", FluentValue::from("x")),
        ("min", FluentValue::from(3)),
        ("max", FluentValue::from(3)),
        ("drawn", FluentValue::from(3)),
        ("lost", FluentValue::from(3)),
    ]);
    args
}

/// The interface code: every file that draws something the player reads.
fn interface_sources() -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = vec![root.join("base/widgets.rs")];
    for dir in ["app", "chess/ui", "chess/view", "sudoku/ui", "sudoku/view"] {
        walk(&root.join(dir), &mut out);
    }
    out.sort();
    out
}
