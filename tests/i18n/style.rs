//! The translations' style: every file keeps to its glossary, French puts a
//! no-break space before high punctuation, Ukrainian writes the
//! typographic apostrophe.

use minesweeper_chess::base::i18n::{Lang, Texts};

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
