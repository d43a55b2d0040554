//! Every key in every language with the English placeholders, nothing left
//! in English outside the allow-lists, the built-in boards' names, the
//! translation check and the rules pages' sections.

use std::collections::BTreeSet;

use minesweeper_chess::base::i18n::{Lang, T, Texts, check};

use super::sample_args;

/// Messages that may read the same as in English: the games' names, and
/// words that are the same in the language (checked by the translators).
const SAME_AS_ENGLISH: &[(Lang, &str)] = &[
    (Lang::Fr, "volume"),
    (Lang::Fr, "sudoku-menu"),
    (Lang::Fr, "fact-code"),
    (Lang::Fr, "fact-actions"),
    (Lang::Fr, "sudoku-points"),
    (Lang::Fr, "credits-licence"),
    (Lang::Fr, "credits-source"),
    // The speeds French players name in English, and "Page".
    (Lang::Fr, "speed-bullet"),
    (Lang::Fr, "speed-blitz"),
    (Lang::Fr, "page-number"),
    (Lang::Da, "anim-normal"),
    (Lang::Da, "sudoku-menu"),
    (Lang::Da, "online-server"),
    (Lang::Da, "share-link"),
    (Lang::Ms, "sudoku-menu"),
    // Malay writes a percentage as English does: 80%.
    (Lang::Ms, "percent"),
    // The Malay rules (our players' own text) keep the English piece names.
    (Lang::Ms, "piece-king"),
    (Lang::Ms, "piece-queen"),
    (Lang::Ms, "piece-rook"),
    (Lang::Ms, "piece-bishop"),
    (Lang::Ms, "piece-knight"),
    (Lang::Ms, "piece-pawn"),
    (Lang::Ms, "notation-letters"),
];

/// Names, which may read as in English in every language (the Malay
/// rules call the chess game "Catur Minesweeper").
const NAMES: &[&str] = &[
    "title",
    "sudoku-title",
    // The piece sets, by their artists' names.
    "pieces-cburnett",
    "pieces-fantasy",
    "pieces-spatial",
    "pieces-celtic",
    "pieces-simple",
];

/// Message id → its variables, for one language's file.
fn messages(tx: &Texts, lang: Lang) -> Vec<(String, BTreeSet<String>)> {
    check::messages(&lang.file(), tx.source_of(lang)).unwrap_or_else(|e| panic!("{e}"))
}

/// The message ids of the built-in boards: `preset-<file>` for
/// `levels/*.ron`, `sudoku-preset-<file>` for `levels/sudoku/*.ron`.
fn board_ids() -> BTreeSet<&'static str> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    let mut ids = BTreeSet::new();
    for (dir, prefix) in [
        (root.clone(), "preset-"),
        (root.join("sudoku"), "sudoku-preset-"),
    ] {
        for e in std::fs::read_dir(dir).expect("levels/").flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "ron") {
                let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or_default();
                ids.insert(&*format!("{prefix}{stem}").leak());
            }
        }
    }
    assert!(ids.len() >= 8, "{ids:?}");
    ids
}

/// A built-in board's name and description in `lang`, as the menu shows
/// it for the file as shipped (which writes the English text).
fn board_text(tx: &Texts, lang: Lang, id: &str) -> (String, String) {
    let (prefix, stem) = match id.strip_prefix("sudoku-preset-") {
        Some(stem) => ("sudoku-preset-", stem),
        None => ("preset-", id.trim_start_matches("preset-")),
    };
    let (name, description) = en_message(tx, id);
    let mut t = Texts::builtin();
    t.set_lang(lang);
    t.preset(prefix, &format!("{stem}.ron"), &name, &description)
}

/// The English name and description of a board message.
fn en_message(tx: &Texts, id: &str) -> (String, String) {
    let source = tx.source_of(Lang::En);
    let mut lines = source
        .lines()
        .skip_while(|l| !l.starts_with(&format!("{id} = ")));
    let name = lines
        .next()
        .and_then(|l| l.split_once(" = "))
        .map(|(_, v)| v.to_string())
        .unwrap_or_default();
    let description = lines
        .next()
        .and_then(|l| l.trim().strip_prefix(".description = "))
        .unwrap_or_default()
        .to_string();
    (name, description)
}

#[test]
fn every_key_is_in_every_language_with_the_same_placeholders() {
    let tx = Texts::builtin();
    assert!(tx.errors.is_empty(), "{:?}", tx.errors);
    let keys: BTreeSet<String> = T::ALL.iter().map(|k| k.id()).collect();
    let english = messages(&tx, Lang::En);
    let boards = board_ids();
    for lang in Lang::ALL {
        let found = messages(&tx, lang);
        let ids: BTreeSet<String> = found.iter().map(|(id, _)| id.clone()).collect();
        let missing: Vec<_> = keys.difference(&ids).collect();
        let unknown: Vec<_> = ids
            .difference(&keys)
            .filter(|id| !boards.contains(id.as_str()))
            .collect();
        for id in &boards {
            assert!(
                ids.contains(*id),
                "{}: no name for the board {id}",
                lang.file()
            );
            let (name, description) = board_text(&tx, lang, id);
            assert!(!name.is_empty() && !description.is_empty(), "{id}");
        }
        assert!(missing.is_empty(), "{}: missing {missing:?}", lang.file());
        assert!(
            unknown.is_empty(),
            "{}: no key for {unknown:?}",
            lang.file()
        );
        for (id, vars) in &found {
            let en = &english.iter().find(|(e, _)| e == id).expect("in en").1;
            assert_eq!(vars, en, "{}: placeholders of {id}", lang.file());
        }
        for &key in T::ALL {
            assert!(tx.has(lang, key), "{}: {}", lang.file(), key.id());
        }
    }
}

#[test]
fn no_text_is_left_in_english() {
    let tx = Texts::builtin();
    let args = sample_args();
    for lang in Lang::ALL.into_iter().filter(|&l| l != Lang::En) {
        for &key in T::ALL {
            let id = key.id();
            let text = tx.in_lang(lang, key, &args);
            assert!(!text.trim().is_empty(), "{}: {id} is empty", lang.file());
            assert!(!text.contains('{'), "{}: {id}: {text}", lang.file());
            let same = text == tx.in_lang(Lang::En, key, &args);
            let allowed =
                NAMES.contains(&id.as_str()) || SAME_AS_ENGLISH.contains(&(lang, id.as_str()));
            assert!(
                !same || allowed,
                "{}: {id} is still English: {text}",
                lang.file()
            );
        }
    }
}

#[test]
fn board_names_are_translated_unless_the_file_renamed_them() {
    let mut tx = Texts::builtin();
    tx.set_lang(Lang::Uk);
    let shipped = (
        "Classic",
        "The rules as written: 8×10, four mines under fog on ranks 4–7.",
    );
    let (name, description) = tx.preset("preset-", "classic.ron", shipped.0, shipped.1);
    assert_eq!(name, "Класика");
    assert!(description.contains("туман"), "{description}");
    // A modder's own words, and a board the texts do not know, stay.
    assert_eq!(
        tx.preset("preset-", "classic.ron", "My Classic", shipped.1)
            .0,
        "My Classic"
    );
    assert_eq!(
        tx.preset("preset-", "mine.ron", "Mine", "Mine all mine"),
        ("Mine".to_string(), "Mine all mine".to_string())
    );
    // Every built-in board reads in each language, not in English.
    for lang in [Lang::Uk, Lang::Fr, Lang::Da, Lang::Ms] {
        for id in board_ids() {
            let en = en_message(&tx, id);
            let (name, description) = board_text(&tx, lang, id);
            assert_ne!(description, en.1, "{}: {id}", lang.file());
            assert!(!name.is_empty(), "{id}");
        }
    }
}

#[test]
fn a_translation_is_checked_against_english() {
    let tx = Texts::builtin();
    for lang in Lang::ALL {
        let ok = check::check_translation(&lang.file(), tx.source_of(lang));
        assert!(ok.is_ok(), "{ok:?}");
    }
    // A file with a key missing, a placeholder renamed and an unknown id.
    let fr = tx.source_of(Lang::Fr);
    let broken = fr
        .replace("{ $side }", "{ $camp }")
        .replace("quit =", "quitter =");
    let Err(problems) = check::check_translation("de.ftl", &broken) else {
        panic!("the broken file passed");
    };
    let problems = problems.to_string();
    assert!(problems.contains("de.ftl: no message quit"), "{problems}");
    assert!(
        problems.contains("de.ftl: quitter is not a text"),
        "{problems}"
    );
    assert!(
        problems.contains("to-move has the placeholders"),
        "{problems}"
    );
    let syntax = check::check_translation("de.ftl", "title = { $oops\n");
    assert!(syntax.is_err_and(|e| e.to_string().starts_with("de.ftl:1:")));
}

#[test]
fn the_rules_pages_keep_their_sections_in_every_language() {
    let tx = Texts::builtin();
    for lang in Lang::ALL {
        for (page, sections) in [(T::HelpChess, 7), (T::HelpSudoku, 9)] {
            let text = tx.in_lang(lang, page, &[]);
            let headings = text.lines().filter(|l| l.starts_with("## ")).count();
            assert_eq!(headings, sections, "{}: {}", lang.file(), page.id());
            assert!(text.contains("\n\n## "), "{}: paragraphs", lang.file());
            assert!(text.lines().any(|l| l.starts_with("• ")), "{}", lang.file());
        }
    }
}
