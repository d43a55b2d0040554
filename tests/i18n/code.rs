//! No sentence written into the interface code: the player's words come
//! from the `.ftl` files.

use super::interface_sources;

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
