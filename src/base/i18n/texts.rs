//! [`Texts`]: the five languages' Fluent bundles and the language in use.

use std::borrow::Cow;

use bevy::prelude::*;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::types::{FluentNumber, FluentNumberOptions};
use fluent_bundle::{FluentArgs, FluentError, FluentResource, FluentValue};

use super::check::SyntaxErrors;
use super::{Lang, T};

type Bundle = FluentBundle<FluentResource>;

/// Every text of the interface in every language, and the language the
/// player chose. Widgets call [`Texts::t`] and [`Texts::f`].
#[derive(Resource)]
pub struct Texts {
    lang: Lang,
    bundles: Vec<Bundle>,
    sources: Vec<String>,
    /// What is wrong with translation files that failed to load (file,
    /// line, column and problem); the game keeps their last good texts.
    pub errors: Vec<TranslationError>,
}

impl Default for Texts {
    fn default() -> Self {
        Texts::builtin()
    }
}

impl Texts {
    /// The texts as built into the game, in English.
    pub fn builtin() -> Texts {
        let mut texts = Texts {
            lang: Lang::En,
            bundles: Lang::ALL.into_iter().map(empty_bundle).collect(),
            sources: vec![String::new(); Lang::ALL.len()],
            errors: Vec::new(),
        };
        for l in Lang::ALL {
            // A broken built-in file is listed in `errors` (and fails the
            // tests); its keys read in English.
            let _ = texts.replace(l, l.builtin_source());
        }
        texts
    }

    /// The language in use.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Switches the language.
    pub fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
    }

    /// Replaces a language's texts with a file's new text. A file that does
    /// not parse leaves the old texts in place and says why (file, line,
    /// column), in [`Texts::errors`] too.
    ///
    /// # Errors
    /// [`TranslationError`]: the problems with the text.
    pub fn replace(&mut self, lang: Lang, source: &str) -> Result<(), TranslationError> {
        let file = lang.file();
        self.errors.retain(|e| e.file() != file);
        match bundle(lang, source) {
            Ok(b) => {
                self.bundles[lang as usize] = b;
                self.sources[lang as usize] = source.to_string();
                Ok(())
            }
            Err(e) => {
                self.errors.push(e.clone());
                Err(e)
            }
        }
    }

    /// A text with no placeholders, in the language in use.
    pub fn t(&self, key: T) -> String {
        self.format(self.lang, key, None)
    }

    /// A text with its placeholders filled, in the language in use.
    pub fn f(&self, key: T, args: &[(&str, FluentValue<'_>)]) -> String {
        self.format(self.lang, key, Some(args))
    }

    /// A text in a given language (the language menu names each language
    /// in itself; tests walk every language).
    pub fn in_lang(&self, lang: Lang, key: T, args: &[(&str, FluentValue<'_>)]) -> String {
        self.format(lang, key, Some(args))
    }

    /// Whether `lang`'s file has this key itself (not through English).
    pub fn has(&self, lang: Lang, key: T) -> bool {
        self.bundles[lang as usize].has_message(&key.id())
    }

    /// The text of a language's file as last loaded (tests read its
    /// messages' placeholders).
    pub fn source_of(&self, lang: Lang) -> &str {
        &self.sources[lang as usize]
    }

    /// The name and description of a built-in board in the language in
    /// use, looked up by its file (`classic.ron` → `preset-classic`, or
    /// `sudoku-preset-…` with `prefix` `"sudoku-preset-"`). A text the file
    /// changed from the English one (a modder's edit), or a board the texts
    /// do not know, shows as its file writes it.
    pub fn preset(
        &self,
        prefix: &str,
        file: &str,
        name: &str,
        description: &str,
    ) -> (String, String) {
        let stem = std::path::Path::new(file)
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("");
        let id = format!("{prefix}{stem}");
        let read = |lang: Lang, attribute: Option<&str>| {
            let b = &self.bundles[lang as usize];
            let m = b.get_message(&id)?;
            let pattern = match attribute {
                Some(a) => m.get_attribute(a)?.value(),
                None => m.value()?,
            };
            let mut errors = Vec::new();
            Some(b.format_pattern(pattern, None, &mut errors).into_owned())
        };
        let pick = |attribute, own: &str| {
            if read(Lang::En, attribute).as_deref() == Some(own) {
                read(self.lang, attribute).unwrap_or_else(|| own.to_string())
            } else {
                own.to_string()
            }
        };
        (pick(None, name), pick(Some("description"), description))
    }

    /// The piece letters of the language's notation: king, queen, rook,
    /// bishop, knight (the international ones if the file's are broken).
    pub fn letters(&self) -> [String; 5] {
        let text = self.t(T::NotationLetters);
        let words: Vec<&str> = text.split_whitespace().collect();
        match <[&str; 5]>::try_from(words.as_slice()) {
            Ok(w) => w.map(String::from),
            Err(_) => ["K", "Q", "R", "B", "N"].map(String::from),
        }
    }

    fn format(&self, lang: Lang, key: T, args: Option<&[(&str, FluentValue<'_>)]>) -> String {
        let id = key.id();
        let mut fluent_args = FluentArgs::new();
        for (k, v) in args.unwrap_or_default() {
            fluent_args.set(*k, v.clone());
        }
        // A key missing from a language (a file being translated) reads in
        // English rather than as a hole.
        for l in [lang, Lang::En] {
            let b = &self.bundles[l as usize];
            if let Some(pattern) = b.get_message(&id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                let text = b.format_pattern(pattern, Some(&fluent_args), &mut errors);
                return text.into_owned();
            }
        }
        id
    }
}

/// A number shown with one decimal (a score in pawns): plural rules see
/// the decimal, and the language's decimal sign is used.
pub fn decimal(value: impl Into<f64>) -> FluentValue<'static> {
    let value: f64 = value.into();
    let options = FluentNumberOptions {
        minimum_fraction_digits: Some(1),
        maximum_fraction_digits: Some(1),
        ..Default::default()
    };
    FluentValue::Number(FluentNumber::new((value * 10.0).round() / 10.0, options))
}

/// Builds a language's bundle from a file's text.
fn bundle(lang: Lang, source: &str) -> Result<Bundle, TranslationError> {
    let file = lang.file();
    let resource = FluentResource::try_new(source.to_string())
        .map_err(|(_, errors)| SyntaxErrors::of(&file, source, &errors))?;
    let mut b = empty_bundle(lang);
    b.add_resource(resource)
        .map_err(|problems| TranslationError::Bundle { file, problems })?;
    Ok(b)
}

/// Why a translation file's text was not taken in (the game keeps the
/// language's last good texts).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TranslationError {
    /// The file does not parse.
    Syntax(SyntaxErrors),
    /// It parses, but Fluent refused its messages (one written twice).
    Bundle {
        /// The file as errors name it.
        file: String,
        /// What Fluent found.
        problems: Vec<FluentError>,
    },
}

impl TranslationError {
    /// The file it is about (`assets/i18n/fr.ftl`).
    pub fn file(&self) -> &str {
        match self {
            TranslationError::Syntax(SyntaxErrors(errors)) => {
                errors.first().map_or("", |e| e.file.as_str())
            }
            TranslationError::Bundle { file, .. } => file,
        }
    }
}

impl std::fmt::Display for TranslationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TranslationError::Syntax(e) => e.fmt(f),
            TranslationError::Bundle { file, problems } => {
                let list: Vec<String> = problems.iter().map(|e| e.to_string()).collect();
                write!(f, "{file}: {}", list.join("; "))
            }
        }
    }
}

impl std::error::Error for TranslationError {}

impl From<SyntaxErrors> for TranslationError {
    fn from(e: SyntaxErrors) -> Self {
        TranslationError::Syntax(e)
    }
}

fn empty_bundle(lang: Lang) -> Bundle {
    let id = lang.code().parse().unwrap_or_default();
    let mut b = Bundle::new_concurrent(vec![id]);
    // No Unicode isolation marks around placeholders: they would show up
    // in copied text and in tests, and none of our texts mixes directions.
    b.set_use_isolating(false);
    if matches!(lang, Lang::Uk | Lang::Fr | Lang::Da) {
        b.set_formatter(Some(decimal_comma));
    } else {
        b.set_formatter(Some(decimal_point));
    }
    b
}

type Memo = intl_memoizer::concurrent::IntlLangMemoizer;

fn decimal_point(v: &FluentValue<'_>, _: &Memo) -> Option<String> {
    fixed(v).map(Cow::into_owned)
}

fn decimal_comma(v: &FluentValue<'_>, _: &Memo) -> Option<String> {
    fixed(v).map(|s| s.replace('.', ","))
}

/// A number with a fixed count of decimals, as [`decimal`] asks.
fn fixed<'a>(v: &'a FluentValue<'_>) -> Option<Cow<'a, str>> {
    let FluentValue::Number(n) = v else {
        return None;
    };
    let digits = n.options.maximum_fraction_digits?;
    Some(Cow::Owned(format!("{:.*}", digits.min(6), n.value)))
}
