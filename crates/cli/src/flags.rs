//! Command-line flags for the tools and the game: every value is checked
//! and capped before anything uses it, and a flag without its value is an
//! error, never a silent default.

use std::fmt::{self, Display};
use std::str::FromStr;

/// A flag the command does not know, or a value missing or out of range.
/// Each names the command (when it has a name) and the flag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FlagError {
    /// The flag's value is missing (the end, or another flag comes first).
    NoValue {
        /// The command ("" for the game's own options).
        cmd: &'static str,
        /// The flag.
        flag: String,
    },
    /// The value is not a whole number within the range.
    Range {
        /// The command.
        cmd: &'static str,
        /// The flag.
        flag: String,
        /// The value as given.
        value: String,
        /// The smallest allowed, as text.
        lo: String,
        /// The largest allowed, as text.
        hi: String,
    },
    /// The command has no such flag.
    Unknown {
        /// The command.
        cmd: &'static str,
        /// The flag as given.
        flag: String,
    },
}

impl Display for FlagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (FlagError::NoValue { cmd, .. }
        | FlagError::Range { cmd, .. }
        | FlagError::Unknown { cmd, .. }) = self;
        if !cmd.is_empty() {
            write!(f, "{cmd}: ")?;
        }
        match self {
            FlagError::NoValue { flag, .. } => write!(f, "{flag} needs a value"),
            FlagError::Range {
                flag,
                value,
                lo,
                hi,
                ..
            } => write!(f, "{flag} {value}: give a whole number from {lo} to {hi}"),
            FlagError::Unknown { flag, .. } => write!(f, "unknown option '{flag}'"),
        }
    }
}

impl std::error::Error for FlagError {}

impl FlagError {
    /// The message a command prints: an unknown option comes with the
    /// usage text, a bad value alone.
    pub fn with_usage(&self, usage: &str) -> String {
        match self {
            FlagError::Unknown { .. } => format!("{self}\n\n{usage}\n"),
            _ => format!("{self}\n"),
        }
    }
}

/// For callers that still gather their problems as text (the game's own
/// options).
impl From<FlagError> for String {
    fn from(e: FlagError) -> String {
        e.to_string()
    }
}

/// Reads `--flag value` pairs of one command.
pub struct Flags<'a> {
    cmd: &'static str,
    args: &'a [String],
    next: usize,
}

impl<'a> Flags<'a> {
    /// The flags of `cmd` (named in messages).
    pub fn new(cmd: &'static str, args: &'a [String]) -> Flags<'a> {
        Flags { cmd, args, next: 0 }
    }

    /// The next flag, or `None` when all are read.
    pub fn next_flag(&mut self) -> Option<&'a str> {
        let a = self.args.get(self.next)?;
        self.next += 1;
        Some(a.as_str())
    }

    /// The value that follows `flag`.
    ///
    /// # Errors
    /// When there is none (the end, or another flag comes first).
    pub fn value(&mut self, flag: &str) -> Result<&'a str, FlagError> {
        match self.args.get(self.next) {
            Some(v) if !v.starts_with("--") => {
                self.next += 1;
                Ok(v.as_str())
            }
            _ => Err(FlagError::NoValue {
                cmd: self.cmd,
                flag: flag.to_string(),
            }),
        }
    }

    /// The value that follows, if one does (a flag whose value may be left
    /// out: `--daily` or `--daily 2026-12-02`).
    pub fn optional_value(&mut self) -> Option<&'a str> {
        let v = self.args.get(self.next).filter(|v| !v.starts_with("--"))?;
        self.next += 1;
        Some(v.as_str())
    }

    /// The number that follows `flag`, within `lo..=hi`.
    ///
    /// # Errors
    /// When it is missing, not a number or out of range.
    pub fn number<T>(&mut self, flag: &str, lo: T, hi: T) -> Result<T, FlagError>
    where
        T: FromStr + PartialOrd + Display + Copy,
    {
        let v = self.value(flag)?;
        v.parse::<T>()
            .ok()
            .filter(|n| *n >= lo && *n <= hi)
            .ok_or_else(|| FlagError::Range {
                cmd: self.cmd,
                flag: flag.to_string(),
                value: v.to_string(),
                lo: lo.to_string(),
                hi: hi.to_string(),
            })
    }

    /// The error for a flag the command does not know.
    pub fn unknown(&self, flag: &str) -> FlagError {
        FlagError::Unknown {
            cmd: self.cmd,
            flag: flag.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn values_are_required_and_numbers_capped() {
        let a = args("--depth 3 --fen");
        let mut f = Flags::new("perft", &a);
        assert_eq!(f.next_flag(), Some("--depth"));
        assert_eq!(f.number("--depth", 1u32, 8), Ok(3));
        assert_eq!(f.next_flag(), Some("--fen"));
        let e = f.value("--fen").map_err(|e| e.to_string());
        assert_eq!(e, Err("perft: --fen needs a value".into()));
        let a = args("--depth 4294967295 --depth --x");
        let mut f = Flags::new("perft", &a);
        f.next_flag();
        let e = f.number("--depth", 1u32, 8).unwrap_err().to_string();
        assert!(e.contains("from 1 to 8"), "{e}");
        f.next_flag();
        assert!(matches!(
            f.number("--depth", 1u32, 8),
            Err(FlagError::NoValue { .. })
        ));
    }
}
