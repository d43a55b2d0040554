//! What a translator's file lacks: keys, placeholders, syntax. Used by the
//! `check` command (`check assets/i18n/de.ftl`) and the completeness test.

use std::collections::BTreeSet;

use fluent_syntax::ast;

use super::{Lang, T};

/// Each message of a Fluent file with the variables it uses.
///
/// # Errors
/// `FILE:LINE:COL: problem` for each syntax error.
pub fn messages(file: &str, source: &str) -> Result<Vec<(String, BTreeSet<String>)>, String> {
    let resource = fluent_syntax::parser::parse(source).map_err(|(_, errors)| {
        let list: Vec<String> = errors
            .iter()
            .map(|e| {
                let at = e.slice.as_ref().map_or(e.pos.start, |s| s.start);
                let (line, column) = super::texts::line_column(source, at);
                format!("{file}:{line}:{column}: {}", e.kind)
            })
            .collect();
        list.join("\n")
    })?;
    Ok(resource
        .body
        .iter()
        .filter_map(|e| match e {
            ast::Entry::Message(m) => Some((m.id.name.to_string(), variables(m))),
            _ => None,
        })
        .collect())
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
/// Every problem, one per line, `FILE[:LINE:COL]: problem`.
pub fn check_translation(file: &str, source: &str) -> Result<String, String> {
    let english = messages("assets/i18n/en.ftl", Lang::En.builtin_source())?;
    let found = messages(file, source)?;
    let mut problems = Vec::new();
    for key in T::ALL {
        let id = key.id();
        let want = english.iter().find(|(e, _)| *e == id).map(|(_, v)| v);
        match found.iter().find(|(f, _)| *f == id) {
            None => problems.push(format!("{file}: no message {id}")),
            Some((_, vars)) if Some(vars) != want => problems.push(format!(
                "{file}: {id} has the placeholders {vars:?}, English has {:?}",
                want.cloned().unwrap_or_default()
            )),
            _ => {}
        }
    }
    for (id, _) in &found {
        let board = id.starts_with("preset-") || id.starts_with("sudoku-preset-");
        if !board && !T::ALL.iter().any(|k| k.id() == *id) {
            problems.push(format!("{file}: {id} is not a text of the game"));
        }
    }
    if problems.is_empty() {
        Ok(format!(
            "{} messages, every key, the same placeholders",
            found.len()
        ))
    } else {
        Err(problems.join("\n"))
    }
}
