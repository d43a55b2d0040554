//! The five languages: every key in every file with the same placeholders,
//! nothing left in English, plural forms, every character in the fonts,
//! no sentence written into the interface code.

use std::collections::BTreeSet;

use bevy_egui::egui;
use fluent_bundle::FluentValue;
use minesweeper_chess::base::fonts;
use minesweeper_chess::base::i18n::{Lang, T, Texts, check, decimal};

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
    args
}

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
fn counts_take_each_language_plural_forms() {
    let tx = Texts::builtin();
    let mines = |lang, n: u32| tx.in_lang(lang, T::Mines, &[("n", n.into())]);
    // Ukrainian: one (1, 21), few (2–4, 22), many (0, 5–20, 11–14).
    assert!(
        mines(Lang::Uk, 1).contains("1 міна"),
        "{}",
        mines(Lang::Uk, 1)
    );
    assert!(mines(Lang::Uk, 21).contains("21 міна"));
    assert!(mines(Lang::Uk, 2).contains("2 міни"));
    assert!(mines(Lang::Uk, 4).contains("4 міни"));
    assert!(mines(Lang::Uk, 5).contains("5 мін"));
    assert!(mines(Lang::Uk, 11).contains("11 мін"));
    assert!(mines(Lang::Uk, 0).contains("0 мін"));
    // English one for 1 only; French one for 0 and 1; Danish one for 1.
    assert_eq!(mines(Lang::En, 1), "1 mine left");
    assert_eq!(mines(Lang::En, 0), "0 mines left");
    assert_ne!(mines(Lang::Fr, 0), mines(Lang::Fr, 2).replace('2', "0"));
    assert_eq!(mines(Lang::Fr, 1), mines(Lang::Fr, 0).replace('0', "1"));
    assert_ne!(mines(Lang::Da, 1).replace('1', "2"), mines(Lang::Da, 2));
    // Malay has one form.
    assert_eq!(mines(Lang::Ms, 1).replace('1', "2"), mines(Lang::Ms, 2));

    let deck = |lang, n: usize| {
        tx.in_lang(
            lang,
            T::SudokuDeck,
            &[("deck", n.into()), ("hand", 5.into())],
        )
    };
    assert!(
        deck(Lang::Uk, 1).contains("1 карта"),
        "{}",
        deck(Lang::Uk, 1)
    );
    assert!(deck(Lang::Uk, 3).contains("3 карти"));
    assert!(deck(Lang::Uk, 12).contains("12 карт"));
    assert!(deck(Lang::En, 1).contains("1 card ") && deck(Lang::En, 2).contains("2 cards"));

    let lives = |lang, n: u8| {
        tx.in_lang(
            lang,
            T::SudokuLives,
            &[("hearts", "♥".into()), ("n", n.into())],
        )
    };
    assert!(lives(Lang::Uk, 1).contains("1 життя"));
    assert!(lives(Lang::Uk, 5).contains("5 життів"));
    assert!(lives(Lang::En, 1).contains("1 life") && lives(Lang::En, 3).contains("3 lives"));

    let points = |lang, n: i32| tx.in_lang(lang, T::SudokuPoints, &[("points", n.into())]);
    assert!(points(Lang::Uk, 1).contains("1 очко"));
    assert!(points(Lang::Uk, 2).contains("2 очки"));
    assert!(points(Lang::Uk, 25).contains("25 очок"));
    assert_eq!(points(Lang::En, 1), "1 point");
    assert_eq!(points(Lang::En, 40), "40 points");

    // Pawns are shown with one decimal, in the language's decimal sign.
    let pawns = |lang, p: f64| tx.in_lang(lang, T::SudokuPawns, &[("pawns", decimal(p))]);
    assert_eq!(pawns(Lang::En, 2.5), "2.5 pawns");
    assert_eq!(pawns(Lang::En, 3.0), "3.0 pawns");
    assert!(
        pawns(Lang::Fr, 2.5).starts_with("2,5"),
        "{}",
        pawns(Lang::Fr, 2.5)
    );
    assert!(pawns(Lang::Uk, 1.5).starts_with("1,5"));
    assert!(pawns(Lang::Ms, 1.5).starts_with("1.5"));
}

/// Whether a font has a glyph for `c`.
fn covers(font: &[u8], c: char) -> bool {
    use skrifa::MetadataProvider;
    skrifa::FontRef::new(font).is_ok_and(|f| f.charmap().map(c).is_some())
}

/// The fonts egui draws a family with, as the game installs them.
fn egui_family(family: egui::FontFamily) -> Vec<Vec<u8>> {
    let defs = fonts::egui_fonts();
    defs.families[&family]
        .iter()
        .map(|name| defs.font_data[name].font.to_vec())
        .collect()
}

#[test]
fn every_character_of_every_text_is_in_the_fonts() {
    // egui draws the interface with Ubuntu Light, then Noto Emoji, then
    // DejaVu Sans (our subsets: scripts/subset-fonts.sh).
    let fonts = egui_family(egui::FontFamily::Proportional);
    let tx = Texts::builtin();
    let args = sample_args();
    let mut missing = BTreeSet::new();
    for lang in Lang::ALL {
        for &key in T::ALL {
            for c in tx.in_lang(lang, key, &args).chars() {
                if !c.is_whitespace() && !fonts.iter().any(|f| covers(f, c)) {
                    missing.insert((lang.code(), c, key.id()));
                }
            }
        }
    }
    assert!(missing.is_empty(), "no glyph: {missing:?}");
    // And the check can fail: no font of ours draws Devanagari.
    assert!(!fonts.iter().any(|f| covers(f, 'क')));
}

/// The non-ASCII characters a source file writes outside comments, as
/// themselves or as `\u{..}` escapes.
fn symbols_in(source: &str) -> BTreeSet<char> {
    let mut found = BTreeSet::new();
    for line in source.lines() {
        let code = line.split("//").next().unwrap_or("");
        found.extend(code.chars().filter(|c| !c.is_ascii()));
        for esc in code.split("\\u{").skip(1) {
            let hex = esc.split('}').next().unwrap_or("");
            found.extend(u32::from_str_radix(hex, 16).ok().and_then(char::from_u32));
        }
    }
    found.remove(&'\u{feff}'); // a byte-order mark being stripped, not drawn
    found
}

#[test]
fn every_symbol_the_code_draws_is_in_the_fonts() {
    // Panels draw with egui's families; the boards draw with DejaVu Sans
    // and its bold face through Bevy's text.
    let panels = [
        egui_family(egui::FontFamily::Proportional),
        egui_family(egui::FontFamily::Monospace),
    ];
    let boards = [fonts::DEJAVU_SANS, fonts::DEJAVU_SANS_BOLD];
    let mut missing = BTreeSet::new();
    let mut seen = 0;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = interface_sources();
    files.push(root.join("base/draw.rs"));
    for file in files {
        let text = std::fs::read_to_string(&file).expect("source is UTF-8");
        let path = file.to_string_lossy().to_string();
        let is_board = path.contains("/view/") || path.ends_with("draw.rs");
        for c in symbols_in(&text) {
            seen += 1;
            let ok = if is_board {
                boards.iter().all(|f| covers(f, c))
            } else {
                panels.iter().all(|fs| fs.iter().any(|f| covers(f, c)))
            };
            if !ok {
                missing.insert((path.clone(), c));
            }
        }
    }
    assert!(seen > 10, "the scan found the chess glyphs and symbols");
    assert!(missing.is_empty(), "no glyph: {missing:?}");
    assert!(symbols_in("let s = \"\\u{2654}x\"; // ♛").contains(&'♔'));
    assert!(!boards.iter().any(|f| covers(f, '中')));
}

#[test]
fn locale_names_pick_our_languages() {
    for (locale, lang) in [
        ("uk_UA.UTF-8", Some(Lang::Uk)),
        ("fr-CA", Some(Lang::Fr)),
        ("FR", Some(Lang::Fr)),
        ("da", Some(Lang::Da)),
        ("ms-MY", Some(Lang::Ms)),
        ("en_GB", Some(Lang::En)),
        ("de_DE", None),
        ("C", None),
        ("", None),
    ] {
        assert_eq!(Lang::from_locale(locale), lang, "{locale}");
    }
}

#[test]
fn a_broken_translation_keeps_the_last_good_texts_and_says_where() {
    let mut tx = Texts::builtin();
    tx.set_lang(Lang::Fr);
    let before = tx.t(T::NewGame);
    let broken = "new-game = Nouvelle partie\nquit = Quitter }\nback = Retour\n";
    let err = tx.replace(Lang::Fr, broken).expect_err("a syntax error");
    assert!(
        err.to_string().starts_with("assets/i18n/fr.ftl:2:"),
        "{err}"
    );
    // An unclosed placeholder is named on its own line, not at the end.
    let err = tx
        .replace(
            Lang::Fr,
            "new-game = Partie\nquit = { $oops\nback = Retour\n",
        )
        .expect_err("a syntax error");
    assert!(
        err.to_string().starts_with("assets/i18n/fr.ftl:2:"),
        "{err}"
    );
    assert_eq!(tx.t(T::NewGame), before);
    assert_eq!(tx.errors.len(), 1, "one error per file: the latest");
    // Fixed: the new text shows, the error goes; a key the file lacks
    // reads in English rather than as a hole.
    tx.replace(Lang::Fr, "new-game = Encore une partie\n")
        .expect("a good file");
    assert_eq!(tx.t(T::NewGame), "Encore une partie");
    assert_eq!(tx.t(T::Quit), "Quit");
    assert!(tx.errors.is_empty());
}

#[test]
fn the_move_list_letters_come_from_the_language() {
    let mut tx = Texts::builtin();
    tx.set_lang(Lang::Uk);
    assert_eq!(tx.letters(), ["Кр", "Ф", "Т", "С", "К"]);
    tx.set_lang(Lang::Fr);
    assert_eq!(tx.letters(), ["R", "D", "T", "F", "C"]);
    tx.set_lang(Lang::Da);
    assert_eq!(tx.letters(), ["K", "D", "T", "L", "S"]);
    tx.set_lang(Lang::En);
    assert_eq!(tx.letters(), ["K", "Q", "R", "B", "N"]);
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

/// The string literals of a line of Rust, each with the code before it.
fn literals(line: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    let bytes = line.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'"' && (i == 0 || bytes[i - 1] != b'\'') {
            let start = i + 1;
            let mut j = start;
            while j < bytes.len() && bytes[j] != b'"' {
                j += if bytes[j] == b'\\' { 2 } else { 1 };
            }
            let end = j.min(bytes.len());
            out.push((&line[..i], &line[start..end]));
            i = end + 1;
        } else {
            i += 1;
        }
    }
    out
}

/// Calls whose text argument the player reads.
const UI_CALLS: &[&str] = &[
    ".label(",
    ".button(",
    "Button::new(",
    "RichText::new(",
    ".heading(",
    "centered(",
    "on_hover_text(",
    "colored_label(",
    ".radio(",
    ".checkbox(",
    ".monospace(",
    "Text::new(",
    "Text2d::new(",
];

/// Literals with words the interface may write.
const ALLOWED_LITERALS: &[&str] = &[
    // The window's title, made before any text is loaded: the game's name,
    // the same in every language.
    "Minesweeper Chess",
];

/// Two or more words separated by spaces: prose, not an id or a path
/// (`format!` placeholders such as `{name}` are not words).
fn is_sentence(text: &str) -> bool {
    let mut plain = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = (depth - 1).max(0),
            c if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    plain
        .split_whitespace()
        .filter(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 2)
        .count()
        >= 2
}

#[test]
fn the_interface_code_writes_no_sentence_of_its_own() {
    let mut found = Vec::new();
    for file in interface_sources() {
        let text = std::fs::read_to_string(&file).expect("readable source");
        let mut in_tests = false;
        for (n, line) in text.lines().enumerate() {
            let code = line.trim_start();
            in_tests |= code.starts_with("#[cfg(test)]");
            let log = [
                "warn!(", "info!(", "error!(", "debug!(", "panic!(", "expect(",
            ]
            .iter()
            .any(|m| line.contains(m));
            if in_tests || code.starts_with("//") || code.starts_with("#[") || log {
                continue;
            }
            for (before, lit) in literals(line) {
                let ui_call = UI_CALLS.iter().any(|c| before.trim_end().ends_with(c));
                let has_letters = lit.chars().any(|c| c.is_alphabetic());
                if (is_sentence(lit) || (ui_call && has_letters))
                    && !ALLOWED_LITERALS.contains(&lit)
                {
                    found.push(format!("{}:{}: \"{lit}\"", file.display(), n + 1));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "texts outside the .ftl files:\n{}",
        found.join("\n")
    );
    // The scan sees a sentence where there is one.
    assert!(is_sentence("Play a new board") && !is_sentence("puzzle-actions"));
    assert!(!is_sentence("{name} — {description}") && is_sentence("Deck {n} cards"));
    assert_eq!(
        literals(r#"ui.label("Board code:")"#),
        [("ui.label(", "Board code:")]
    );
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
fn lang_and_show_options_are_checked() {
    use minesweeper_chess::base::options::{GameOptions, Page};
    let parse =
        |a: &[&str]| GameOptions::parse(&a.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    assert_eq!(
        parse(&["--lang", "uk-UA"]).map(|o| o.lang),
        Ok(Some(Lang::Uk))
    );
    let err = parse(&["--lang", &"x".repeat(10_000)])
        .expect_err("unknown language")
        .to_string();
    assert!(
        err.contains("the languages are en, uk, fr, da, ms") && err.len() < 120,
        "{err}"
    );
    assert_eq!(
        parse(&["--show", "rules"]).map(|o| o.show),
        Ok(Some(Page::Rules))
    );
    assert_eq!(
        parse(&["--show", "online"]).map(|o| o.show),
        Ok(Some(Page::Online))
    );
    assert_eq!(
        parse(&["--show", "credits"]).map(|o| o.show),
        Ok(Some(Page::Credits))
    );
    assert!(parse(&["--show", "thanks"]).is_err());
}

/// The words of every message of a language's file, lower-cased: ids,
/// comments and placeholders left out (a placeholder reads as `x`).
fn message_words(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in source.lines() {
        if line.trim_start().starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let text = if line.starts_with(char::is_whitespace) {
            // A continuation line, or an attribute (`.description = …`).
            let t = line.trim();
            match t.strip_prefix('.') {
                Some(attr) => attr.split_once('=').map_or("", |(_, v)| v),
                None => t,
            }
        } else {
            line.split_once('=').map_or("", |(_, v)| v)
        };
        let mut plain = String::new();
        let mut depth = 0;
        for c in text.chars() {
            match c {
                '{' => {
                    depth += 1;
                    if depth == 1 {
                        plain.push('x');
                    }
                }
                '}' => depth -= 1,
                _ if depth == 0 => plain.push(c),
                _ => {}
            }
        }
        out.push(plain.to_lowercase());
    }
    out
}

/// One entry of `assets/i18n/<lang>.glossary.ron`.
#[derive(serde::Deserialize)]
struct Term {
    concept: String,
    term: String,
    avoid: Vec<String>,
}

#[test]
fn every_translation_keeps_to_its_glossary() {
    let tx = Texts::default();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/i18n");
    // English too: the source the translations follow keeps its own words.
    for lang in Lang::ALL {
        let path = root.join(format!("{}.glossary.ron", lang.code()));
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let terms: Vec<Term> =
            ron::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(terms.len() >= 10, "{}: a short glossary", path.display());
        let words = message_words(tx.source_of(lang));
        for t in &terms {
            let term = t.term.to_lowercase();
            assert!(
                words.iter().any(|w| w.contains(&term)),
                "{}: '{}' ({}) is used nowhere",
                lang.file(),
                t.term,
                t.concept
            );
            for a in &t.avoid {
                let a = a.to_lowercase();
                if let Some(w) = words.iter().find(|w| w.contains(&a)) {
                    panic!(
                        "{}: '{a}' where the glossary says '{}' ({}): {w}",
                        lang.file(),
                        t.term,
                        t.concept
                    );
                }
            }
        }
    }
}

#[test]
fn french_puts_a_no_break_space_before_high_punctuation() {
    let tx = Texts::default();
    for w in message_words(tx.source_of(Lang::Fr)) {
        for p in [" :", " ;", " !", " ?", "« ", " »"] {
            assert!(!w.contains(p), "fr.ftl: a plain space in '{p}': {w}");
        }
    }
}

#[test]
fn ukrainian_writes_the_typographic_apostrophe() {
    let tx = Texts::default();
    for w in message_words(tx.source_of(Lang::Uk)) {
        let c: Vec<char> = w.chars().collect();
        for i in 1..c.len().saturating_sub(1) {
            assert!(
                !(c[i] == '\'' && c[i - 1].is_alphabetic() && c[i + 1].is_alphabetic()),
                "uk.ftl: ASCII ' inside a word (’ wanted): {w}"
            );
        }
    }
}
