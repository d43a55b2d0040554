//! Structured logs: one line an event on stderr in logfmt
//! (`ts_ms=… level=warn event=take_over node=b games=3`), values quoted
//! when they hold spaces, so that a log collector reads fields, not
//! sentences. (The first line a server prints, its address, stays as it
//! is: scripts read it.)

use std::fmt::{Display, Write as _};
use std::sync::OnceLock;

/// This server's node name, in every line once set.
static NODE: OnceLock<String> = OnceLock::new();

/// Names every line that follows with `node` (a node of several; a lone
/// server's lines carry no name). Set once: later calls change nothing.
pub fn set_node(node: &str) {
    let _ = NODE.set(node.to_string());
}

/// How much an event matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Something worth knowing.
    Info,
    /// Something went wrong and was dealt with.
    Warn,
    /// Something went wrong that an operator should look at.
    Error,
}

/// One line for `event` with its `fields`.
pub fn line(level: Level, event: &str, fields: &[(&str, &dyn Display)]) -> String {
    let level = match level {
        Level::Info => "info",
        Level::Warn => "warn",
        Level::Error => "error",
    };
    let mut out = format!("ts_ms={} level={level}", crate::now_ms());
    if let Some(node) = NODE.get() {
        let _ = write!(out, " node={node}");
    }
    let _ = write!(out, " event={event}");
    for (key, value) in fields {
        let value = value.to_string();
        if value.is_empty() || value.contains([' ', '"', '=']) {
            let escaped = value
                .replace('\\', "\\\\")
                .replace('"', "\\\"")
                .replace('\n', "\\n");
            let _ = write!(out, " {key}=\"{escaped}\"");
        } else {
            let _ = write!(out, " {key}={value}");
        }
    }
    out
}

/// Writes [`line`] to stderr.
pub fn log(level: Level, event: &str, fields: &[(&str, &dyn Display)]) {
    eprintln!("{}", line(level, event, fields));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_key_value_and_quoted_when_they_hold_spaces() {
        let l = line(
            Level::Warn,
            "take_over",
            &[("node", &"b"), ("games", &3), ("why", &"lease \"ran\" out")],
        );
        assert!(l.starts_with("ts_ms="), "{l}");
        assert!(
            l.ends_with(" level=warn event=take_over node=b games=3 why=\"lease \\\"ran\\\" out\""),
            "{l}"
        );
    }
}
