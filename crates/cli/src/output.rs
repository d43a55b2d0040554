//! What a command printed and how it ended.

/// What a command printed and how it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliOutput {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// Exit code: 0 for success.
    pub code: i32,
}

impl CliOutput {
    /// Success with this output.
    pub fn ok(stdout: String) -> CliOutput {
        CliOutput {
            stdout,
            stderr: String::new(),
            code: 0,
        }
    }

    /// A usage error (exit code 2) with this message.
    pub fn fail(stderr: String) -> CliOutput {
        CliOutput {
            stdout: String::new(),
            stderr,
            code: 2,
        }
    }
}
