//! The files `tune` and `train` read: recorded games or scored positions,
//! one a line.

use crate::error::{AtLine, FileError, LineError};

/// Why the files could not be read through.
#[derive(Debug)]
pub enum InputError {
    /// A file that cannot be read.
    Read(FileError),
    /// A line that is not a game or a scored position.
    Line(AtLine<LineError>),
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            InputError::Read(e) => e.fmt(f),
            InputError::Line(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for InputError {}

/// Calls `each` with the number (from 1) and the text of every line of
/// `files` that is not blank, in order, up to `max` lines in all; returns
/// how many it was given.
///
/// # Errors
/// A file that cannot be read, or the first line `each` refuses (with
/// its file and line number).
pub fn each_line(
    files: &[String],
    max: usize,
    mut each: impl FnMut(usize, &str) -> Result<(), LineError>,
) -> Result<usize, InputError> {
    let mut n = 0;
    for path in files {
        let text =
            std::fs::read_to_string(path).map_err(|e| InputError::Read(FileError::at(path)(e)))?;
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || n >= max {
                continue;
            }
            n += 1;
            each(n, line).map_err(|e| InputError::Line(AtLine::at(path, i)(e)))?;
        }
    }
    Ok(n)
}
