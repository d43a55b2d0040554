//! Players' names: what one may be called, and the key that tells two
//! names apart.
//!
//! # The rule
//! A name has 3 to 20 characters: the ASCII letters `a`–`z` and `A`–`Z`,
//! the digits `0`–`9`, `_` and `-`. It starts with a letter, has no two of
//! `_` and `-` in a row and does not end with one.
//!
//! ASCII alone, rather than Unicode with a table of confusables: a name
//! another player could mistake for someone else's is mostly one written
//! in another script (a Cyrillic `а` for a Latin `a`, a Greek `Ο` for an
//! `O`), and refusing every other script removes each such look-alike at
//! once, where a confusables table must be kept up to date with Unicode
//! and still leaves pairs out. What ASCII keeps of look-alikes, the key
//! folds.
//!
//! # The key
//! Two names are the same player's when their keys are equal. The key is
//! the name in lower case, then with these folds, so that none of the pairs
//! a reader can mistake makes two names:
//! - `0` → `o` (zero and the letter o),
//! - `1` → `l` and `i` → `l` (one, a lower-case I and a lower-case L; an
//!   upper-case I was folded to `i` by the lower case, then to `l`),
//! - `-` → `_` (the two separators).
//!
//! So "Bill", "b1ll", "BILL" and "bi11" share the key `blll`. The name is
//! shown as its player typed it.
//!
//! # Reserved names
//! Names that could pass for the server's own voice or a placeholder are
//! refused, compared by key (so "Adm1n" is refused with "admin"), as is
//! any name whose key holds that of "admin" or "moderator".

use std::fmt;

/// The fewest characters of a name.
pub const MIN_LEN: usize = 3;
/// The most characters of a name.
pub const MAX_LEN: usize = 20;

/// Names nobody may take, as typed (their keys are compared).
const RESERVED: &[&str] = &[
    "admin",
    "administrator",
    "root",
    "system",
    "server",
    "moderator",
    "mod",
    "guest",
    "deleted",
    "anonymous",
    "minesweeper",
    "support",
    "staff",
    "official",
    "null",
    "undefined",
    "you",
    "me",
    "player",
];

/// Refused anywhere within a name's key.
const RESERVED_WITHIN: &[&str] = &["admin", "moderator"];

/// A name that keeps to the rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Name {
    /// As its player typed it: what others see.
    pub shown: String,
    /// Lower case with look-alikes folded: unique among players.
    pub key: String,
}

/// Why a name was refused. Its message says the rule, in English, for
/// the client to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameError {
    /// Fewer than `min` or more than `max` characters.
    Length {
        /// The fewest characters.
        min: usize,
        /// The most characters.
        max: usize,
    },
    /// A character outside a–z, A–Z, 0–9, `_` and `-`.
    Character(char),
    /// The first character is not a letter.
    Start,
    /// Two of `_` and `-` in a row, or one at the end.
    Separators,
    /// A name kept for the server or too like one that is.
    Reserved,
}

impl fmt::Display for NameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameError::Length { min, max } => {
                write!(f, "a name has {min} to {max} characters")
            }
            // Debug form: a control character is shown escaped.
            NameError::Character(c) => write!(
                f,
                "a name holds only the letters a to z and A to Z, digits, _ and -, not {c:?}"
            ),
            NameError::Start => write!(f, "a name starts with a letter"),
            NameError::Separators => write!(
                f,
                "a name has no two of _ and - in a row and does not end with one"
            ),
            NameError::Reserved => write!(f, "this name is reserved"),
        }
    }
}

impl std::error::Error for NameError {}

/// The key of a name: lower case, `0` → `o`, `1` → `l`, `i` → `l`,
/// `-` → `_`. [`check`] gives it with the name; alone, it is for a string
/// already checked (a name stored before a change of the folds, say).
pub fn fold(name: &str) -> String {
    name.chars()
        .map(|c| match c.to_ascii_lowercase() {
            '0' => 'o',
            '1' | 'i' => 'l',
            '-' => '_',
            c => c,
        })
        .collect()
}

fn is_separator(c: char) -> bool {
    c == '_' || c == '-'
}

fn is_reserved(key: &str) -> bool {
    RESERVED.iter().any(|r| fold(r) == key)
        || RESERVED_WITHIN.iter().any(|r| key.contains(&fold(r)))
}

/// Checks a name against the rule and gives it with its key.
///
/// # Errors
/// The first rule the name breaks, in the order of [`NameError`]'s
/// variants; the length is checked first, counting at most one character
/// past the limit, so a long string costs no more than a short one.
pub fn check(name: &str) -> Result<Name, NameError> {
    let length = name.chars().take(MAX_LEN + 1).count();
    if !(MIN_LEN..=MAX_LEN).contains(&length) {
        return Err(NameError::Length {
            min: MIN_LEN,
            max: MAX_LEN,
        });
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || is_separator(*c)))
    {
        return Err(NameError::Character(c));
    }
    if !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return Err(NameError::Start);
    }
    let doubled = name
        .as_bytes()
        .windows(2)
        .any(|w| is_separator(char::from(w[0])) && is_separator(char::from(w[1])));
    if doubled || name.ends_with(is_separator) {
        return Err(NameError::Separators);
    }
    let key = fold(name);
    if is_reserved(&key) {
        return Err(NameError::Reserved);
    }
    Ok(Name {
        shown: name.to_string(),
        key,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LENGTH: NameError = NameError::Length {
        min: MIN_LEN,
        max: MAX_LEN,
    };

    #[test]
    fn good_names_pass_as_typed() {
        for n in [
            "Bob",
            "alice_99",
            "Zed-the-3rd",
            "a_b-c",
            "X12",
            "abcdefghijklmnopqrst",
        ] {
            let name = check(n).unwrap_or_else(|e| panic!("{n}: {e}"));
            assert_eq!(name.shown, n);
        }
    }

    #[test]
    fn length_is_three_to_twenty_characters() {
        assert_eq!(check(""), Err(LENGTH));
        assert_eq!(check("ab"), Err(LENGTH));
        assert!(check("abc").is_ok());
        assert!(check(&"a".repeat(20)).is_ok());
        assert_eq!(check(&"a".repeat(21)), Err(LENGTH));
        // Characters, not bytes: three é are three characters (refused
        // for being é, not for their six bytes).
        assert_eq!(check("ééé"), Err(NameError::Character('é')));
        assert_eq!(check("éé"), Err(LENGTH));
    }

    #[test]
    fn a_long_string_is_refused_by_its_length_before_anything_else() {
        // Bad in every way: non-ASCII, a digit first, separators doubled.
        let long = format!("1__{}", "ж".repeat(5000));
        assert!(long.len() > 10_000);
        assert_eq!(check(&long), Err(LENGTH));
        assert_eq!(check(&"a".repeat(10_240)), Err(LENGTH));
    }

    #[test]
    fn only_ascii_letters_digits_underscore_and_hyphen() {
        assert_eq!(check("bob smith"), Err(NameError::Character(' ')));
        assert_eq!(check("bob.s"), Err(NameError::Character('.')));
        assert_eq!(check("bob\u{0}"), Err(NameError::Character('\u{0}')));
        // A Cyrillic а among Latin letters: the look-alike ASCII refuses.
        assert_eq!(check("b\u{430}b"), Err(NameError::Character('\u{430}')));
        assert_eq!(check("bob\u{200b}"), Err(NameError::Character('\u{200b}')));
    }

    #[test]
    fn a_name_starts_with_a_letter() {
        assert_eq!(check("9lives"), Err(NameError::Start));
        assert_eq!(check("_bob"), Err(NameError::Start));
        assert_eq!(check("-bob"), Err(NameError::Start));
    }

    #[test]
    fn separators_are_single_and_not_last() {
        assert_eq!(check("bob__s"), Err(NameError::Separators));
        assert_eq!(check("bob-_s"), Err(NameError::Separators));
        assert_eq!(check("bob--s"), Err(NameError::Separators));
        assert_eq!(check("bob_"), Err(NameError::Separators));
        assert_eq!(check("bob-"), Err(NameError::Separators));
        assert!(check("b_o-b").is_ok());
    }

    #[test]
    fn look_alikes_share_a_key() {
        let keys: Vec<String> = ["Bill", "b1ll", "BILL", "bi11", "BiLl", "b1Il"]
            .iter()
            .map(|n| {
                check(n)
                    .map(|n| n.key)
                    .unwrap_or_else(|e| panic!("{n}: {e}"))
            })
            .collect();
        assert!(keys.iter().all(|k| k == "blll"), "{keys:?}");
        assert_eq!(check("B0b").map(|n| n.key), Ok("bob".into()));
        assert_eq!(check("Bob-s").map(|n| n.key), check("bob_S").map(|n| n.key));
        assert_ne!(check("Bob").map(|n| n.key), check("Rob").map(|n| n.key));
    }

    #[test]
    fn reserved_names_are_refused_by_key() {
        for n in [
            "admin",
            "ADMIN",
            "Adm1n",
            "adm1n",
            "root",
            "R00T",
            "System",
            "server",
            "moderator",
            "Mod",
            "m0d",
            "guest",
            "deleted",
            "anonymous",
            "Minesweeper",
            "m1nesweeper",
            "support",
            "staff",
            "Official",
            "Off1c1al",
            "null",
            "nu11",
            "undefined",
            "you",
            "player",
            "administrator",
        ] {
            assert_eq!(check(n), Err(NameError::Reserved), "{n}");
        }
        // Too short for the rule before being reserved.
        assert_eq!(check("me"), Err(LENGTH));
    }

    #[test]
    fn names_holding_admin_or_moderator_are_refused() {
        for n in [
            "TheAdmin",
            "admin_bob",
            "xAdm1nx",
            "chief-moderator",
            "M0deratorBob",
        ] {
            assert_eq!(check(n), Err(NameError::Reserved), "{n}");
        }
        // Near but not holding them.
        assert!(check("adamant").is_ok());
        assert!(check("modest").is_ok());
        assert!(check("rooter").is_ok());
    }

    #[test]
    fn messages_say_the_rule() {
        assert_eq!(LENGTH.to_string(), "a name has 3 to 20 characters");
        assert!(NameError::Character('.').to_string().ends_with("not '.'"));
        assert_eq!(NameError::Start.to_string(), "a name starts with a letter");
        assert!(NameError::Separators.to_string().contains("in a row"));
        assert_eq!(NameError::Reserved.to_string(), "this name is reserved");
    }
}
