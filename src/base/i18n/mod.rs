//! Every player-facing text, in five languages, through Project Fluent.
//!
//! The texts live in `assets/i18n/<code>.ftl`, one file per [`Lang`]; a
//! widget asks [`Texts`] for a [`T`] key and never writes a sentence itself.
//! The files are compiled into the game (so the first frame, tests and a
//! page without its files have every text) and loaded again through the
//! asset server, hot-reloaded on the desktop: a translator edits a file and
//! sees it live (see [`files`]).
//!
//! Fluent brings the plural rules of each language (Ukrainian one, few,
//! many) and placeholders (`{ $n }`); numbers are passed as numbers, or
//! plural selection would never match.

pub mod check;
pub mod files;
mod keys;
pub mod locale;
mod texts;
pub mod words;

pub use keys::T;
pub use texts::{Texts, TranslationError, decimal};

use serde::{Deserialize, Serialize};

/// A language of the interface.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Ukrainian.
    Uk,
    /// French.
    Fr,
    /// Danish.
    Da,
    /// Malay.
    Ms,
}

impl Lang {
    /// Every language, in the order Settings lists them.
    pub const ALL: [Lang; 5] = [Lang::En, Lang::Uk, Lang::Fr, Lang::Da, Lang::Ms];

    /// The language's code (BCP 47), which is also its file's name.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Uk => "uk",
            Lang::Fr => "fr",
            Lang::Da => "da",
            Lang::Ms => "ms",
        }
    }

    /// The language of a locale name such as `uk-UA`, `fr_CA.UTF-8`, `da`
    /// or `ms-MY` (its first subtag, any case); `None` for a language the
    /// game does not have.
    pub fn from_locale(locale: &str) -> Option<Lang> {
        let primary = locale
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The file's text as built into the game.
    pub(crate) fn builtin_source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../../assets/i18n/en.ftl"),
            Lang::Uk => include_str!("../../../assets/i18n/uk.ftl"),
            Lang::Fr => include_str!("../../../assets/i18n/fr.ftl"),
            Lang::Da => include_str!("../../../assets/i18n/da.ftl"),
            Lang::Ms => include_str!("../../../assets/i18n/ms.ftl"),
        }
    }

    /// Where the file is, as errors name it.
    pub fn file(self) -> String {
        format!("assets/i18n/{}.ftl", self.code())
    }
}
