//! Reading RON files for modders: a syntax or shape error, or a problem
//! with one field, names the file, the line and the column.

use std::fmt;

/// What is wrong with a preset, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PresetError {
    /// The file (as given to the loader, e.g. `levels/classic.ron`).
    pub file: String,
    /// 1-based line of the problem.
    pub line: usize,
    /// 1-based column of the problem.
    pub column: usize,
    /// What is wrong, in words a modder understands.
    pub message: String,
}

impl fmt::Display for PresetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )
    }
}

impl std::error::Error for PresetError {}

/// Reads RON text into `T`; a syntax or shape error names the file, line
/// and column.
///
/// # Errors
/// The first problem RON reports, in a modder's words.
pub fn read_ron<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, PresetError> {
    // Editors on Windows may start a UTF-8 file with a byte-order mark.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    ron::Options::default()
        .from_str(text)
        .map_err(|e| PresetError {
            file: file.to_string(),
            line: e.position.line.max(1),
            column: e.position.col.max(1),
            message: describe_ron_error(&e.code),
        })
}

/// A validation problem `(field, message)`, placed at the field's line.
pub fn at_field(file: &str, text: &str, (field, message): (&str, String)) -> PresetError {
    let (line, column) = locate(text, field);
    PresetError {
        file: file.to_string(),
        line,
        column,
        message,
    }
}

fn describe_ron_error(e: &ron::Error) -> String {
    match e {
        ron::Error::MissingStructField { field, .. } => {
            format!("missing field `{field}`")
        }
        ron::Error::NoSuchStructField {
            expected, found, ..
        } => format!(
            "unknown field `{found}`; the fields are: {}",
            expected.join(", ")
        ),
        other => other.to_string(),
    }
}

/// Line and column of `field:` in the text (the first occurrence), or 1:1.
fn locate(text: &str, field: &str) -> (usize, usize) {
    for (i, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let mut from = 0;
        while let Some(pos) = code[from..].find(field) {
            let at = from + pos;
            let before_ok = at == 0
                || !code[..at]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_');
            let after = code[at + field.len()..].trim_start();
            if before_ok && after.starts_with(':') {
                return (i + 1, at + 1);
            }
            from = at + field.len();
        }
    }
    (1, 1)
}

/// A preset file's name (for messages) and text.
///
/// # Errors
/// An unreadable file, reported at line 1.
pub fn read_file(path: &std::path::Path) -> Result<(String, String), PresetError> {
    let name = path.display().to_string();
    match std::fs::read_to_string(path) {
        Ok(text) => Ok((name, text)),
        Err(e) => Err(PresetError {
            file: name,
            line: 1,
            column: 1,
            message: format!("cannot read the file: {e}"),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locate_finds_fields_not_substrings() {
        let text = "(\n  name: \"x\",\n  mines_extra: 1,\n  mines: 3,\n)";
        assert_eq!(locate(text, "mines"), (4, 3));
    }
}

/// A command-line argument that is not UTF-8 text (the operating system
/// passes raw bytes; no option of ours can hold them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotUtf8 {
    /// Which argument, counting from 1 after the program's name.
    pub index: usize,
    /// The argument with its invalid bytes replaced, to show.
    pub shown: String,
}

impl fmt::Display for NotUtf8 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "argument {} ({}) is not valid UTF-8 text",
            self.index, self.shown
        )
    }
}

impl std::error::Error for NotUtf8 {}

/// The arguments as text (every binary reads them with
/// `std::env::args_os`, which never panics, and refuses here what is not
/// UTF-8).
///
/// # Errors
/// The first argument that is not valid UTF-8.
pub fn utf8_args(
    args: impl IntoIterator<Item = std::ffi::OsString>,
) -> Result<Vec<String>, NotUtf8> {
    args.into_iter()
        .enumerate()
        .map(|(i, a)| {
            a.into_string().map_err(|bad| NotUtf8 {
                index: i + 1,
                // At most 60 characters of a hostile argument.
                shown: bad.to_string_lossy().chars().take(60).collect(),
            })
        })
        .collect()
}
