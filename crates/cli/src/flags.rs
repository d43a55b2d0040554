//! Command-line flags for the tools and the game: every value is checked
//! and capped before anything uses it, and a flag without its value is an
//! error, never a silent default.

use std::fmt::Display;
use std::str::FromStr;

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
    pub fn value(&mut self, flag: &str) -> Result<&'a str, String> {
        match self.args.get(self.next) {
            Some(v) if !v.starts_with("--") => {
                self.next += 1;
                Ok(v.as_str())
            }
            _ => Err(format!("{}{flag} needs a value", self.prefix())),
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
    pub fn number<T>(&mut self, flag: &str, lo: T, hi: T) -> Result<T, String>
    where
        T: FromStr + PartialOrd + Display + Copy,
    {
        let v = self.value(flag)?;
        v.parse::<T>()
            .ok()
            .filter(|n| *n >= lo && *n <= hi)
            .ok_or_else(|| {
                format!(
                    "{}{flag} {v}: give a whole number from {lo} to {hi}",
                    self.prefix()
                )
            })
    }

    /// The message for a flag the command does not know.
    pub fn unknown(&self, flag: &str) -> String {
        format!("{}unknown option '{flag}'", self.prefix())
    }

    fn prefix(&self) -> String {
        if self.cmd.is_empty() {
            String::new()
        } else {
            format!("{}: ", self.cmd)
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
        assert_eq!(f.value("--fen"), Err("perft: --fen needs a value".into()));
        let a = args("--depth 4294967295 --depth --x");
        let mut f = Flags::new("perft", &a);
        f.next_flag();
        let e = f.number("--depth", 1u32, 8).unwrap_err();
        assert!(e.contains("from 1 to 8"), "{e}");
        f.next_flag();
        assert!(
            f.number("--depth", 1u32, 8)
                .unwrap_err()
                .contains("needs a value")
        );
    }
}
