//! What a translator's file lacks: keys, placeholders, syntax. Used by the
//! `check` command (`check assets/i18n/de.ftl`) and the completeness test.

use std::collections::BTreeSet;
use std::fmt;

use fluent_syntax::ast;
use fluent_syntax::parser::ParserError;

use super::{Lang, T};

/// Each message of a Fluent file with the variables it uses.
///
/// # Errors
/// [`SyntaxErrors`]: `FILE:LINE:COL: problem` for each syntax error.
pub fn messages(file: &str, source: &str) -> Result<Vec<(String, BTreeSet<String>)>, SyntaxErrors> {
    let resource = fluent_syntax::parser::parse(source)
        .map_err(|(_, errors)| SyntaxErrors::of(file, source, &errors))?;
    Ok(resource
        .body
        .iter()
        .filter_map(|e| match e {
            ast::Entry::Message(m) => Some((m.id.name.to_string(), variables(m))),
            _ => None,
        })
        .collect())
}

/// One syntax error of a Fluent file, placed where the broken message
/// starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// The file as errors name it (`assets/i18n/fr.ftl`).
    pub file: String,
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
    /// What the parser found wrong.
    pub problem: ParserError,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let SyntaxError {
            file, line, column, ..
        } = self;
        write!(f, "{file}:{line}:{column}: {}", self.problem.kind)
    }
}

/// Every syntax error of one Fluent file (one a line when shown).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxErrors(pub Vec<SyntaxError>);

impl SyntaxErrors {
    /// The parser's errors of `source`, placed in `file`.
    pub(super) fn of(file: &str, source: &str, errors: &[ParserError]) -> SyntaxErrors {
        SyntaxErrors(
            errors
                .iter()
                .map(|e| {
                    // Where the broken message starts: an unclosed `{` is
                    // only noticed at the end of the file.
                    let at = e.slice.as_ref().map_or(e.pos.start, |s| s.start);
                    let (line, column) = line_column(source, at);
                    SyntaxError {
                        file: file.to_string(),
                        line,
                        column,
                        problem: e.clone(),
                    }
                })
                .collect(),
        )
    }
}

impl fmt::Display for SyntaxErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        lines(f, &self.0)
    }
}

impl std::error::Error for SyntaxErrors {}

/// Line and column (from 1) of a byte offset.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut end = offset.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let before = &text[..end];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// Each item on its own line.
fn lines(f: &mut fmt::Formatter<'_>, items: &[impl fmt::Display]) -> fmt::Result {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str("\n")?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

/// The variables a message uses, anywhere in it (selectors, variants,
/// attributes).
fn variables(m: &ast::Message<&str>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    if let Some(p) = &m.value {
        pattern(p, &mut out);
    }
    for a in &m.attributes {
        pattern(&a.value, &mut out);
    }
    out
}

fn pattern(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            expr(expression, out);
        }
    }
}

fn expr(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline(selector, out);
            for v in variants {
                pattern(&v.value, out);
            }
        }
        ast::Expression::Inline(i) => inline(i, out),
    }
}

fn inline(e: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline(a, out);
            }
        }
        ast::InlineExpression::Placeable { expression } => expr(expression, out),
        _ => {}
    }
}

/// Checks a translation against the English file: every key there, no
/// unknown message (board names `preset-…` aside), the same placeholders.
/// A summary on success.
///
/// # Errors
/// [`CheckError`]: every problem, one per line, `FILE[:LINE:COL]: problem`.
pub fn check_translation(file: &str, source: &str) -> Result<String, CheckError> {
    let english = messages("assets/i18n/en.ftl", Lang::En.builtin_source())?;
    let found = messages(file, source)?;
    let mut problems = Vec::new();
    for key in T::ALL {
        let id = key.id();
        let want = english.iter().find(|(e, _)| *e == id).map(|(_, v)| v);
        match found.iter().find(|(f, _)| *f == id) {
            None => problems.push(Problem::Missing {
                file: file.to_string(),
                id,
            }),
            Some((_, vars)) if Some(vars) != want => problems.push(Problem::Placeholders {
                file: file.to_string(),
                id,
                found: vars.clone(),
                english: want.cloned().unwrap_or_default(),
            }),
            _ => {}
        }
    }
    for (id, _) in &found {
        let board = id.starts_with("preset-") || id.starts_with("sudoku-preset-");
        if !board && !T::ALL.iter().any(|k| k.id() == *id) {
            problems.push(Problem::Unknown {
                file: file.to_string(),
                id: id.clone(),
            });
        }
    }
    if problems.is_empty() {
        Ok(format!(
            "{} messages, every key, the same placeholders",
            found.len()
        ))
    } else {
        Err(CheckError::Problems(problems))
    }
}

/// Why a translation does not pass [`check_translation`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckError {
    /// The file (or the English one) does not parse.
    Syntax(SyntaxErrors),
    /// It parses, but its messages differ from English's.
    Problems(Vec<Problem>),
}

/// One way a translation's messages differ from English's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A text of the game the file lacks.
    Missing {
        /// The translation's file.
        file: String,
        /// The message id (`new-game`).
        id: String,
    },
    /// A message whose placeholders are not English's.
    Placeholders {
        /// The translation's file.
        file: String,
        /// The message id.
        id: String,
        /// The placeholders the translation uses.
        found: BTreeSet<String>,
        /// The placeholders the English message uses.
        english: BTreeSet<String>,
    },
    /// A message that is no text of the game (a misspelt id).
    Unknown {
        /// The translation's file.
        file: String,
        /// The message id.
        id: String,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Missing { file, id } => write!(f, "{file}: no message {id}"),
            Problem::Placeholders {
                file,
                id,
                found,
                english,
            } => write!(
                f,
                "{file}: {id} has the placeholders {found:?}, English has {english:?}"
            ),
            Problem::Unknown { file, id } => write!(f, "{file}: {id} is not a text of the game"),
        }
    }
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::Syntax(e) => e.fmt(f),
            CheckError::Problems(problems) => lines(f, problems),
        }
    }
}

impl std::error::Error for CheckError {}

impl From<SyntaxErrors> for CheckError {
    fn from(e: SyntaxErrors) -> Self {
        CheckError::Syntax(e)
    }
}
