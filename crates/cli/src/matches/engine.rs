//! A UCI engine in its own process, spoken to over its pipes. Every wait
//! has a deadline: an engine that hangs loses on time instead of hanging
//! the match.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How to start an engine and set it up.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// The name printed in results.
    pub name: String,
    /// Program and arguments.
    pub command: Vec<String>,
    /// `setoption name K value V` sent after `uci`, in order.
    pub options: Vec<(String, String)>,
}

/// A running engine.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The engine's name, for messages.
    pub name: String,
}

/// What went wrong with an engine.
#[derive(Debug)]
pub enum EngineError {
    /// The program would not start.
    Start(String, std::io::Error),
    /// It did not answer in time.
    Timeout(&'static str),
    /// Its pipes closed (it exited or crashed).
    Gone,
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Start(cmd, e) => write!(f, "cannot start '{cmd}': {e}"),
            EngineError::Timeout(what) => write!(f, "no '{what}' in time"),
            EngineError::Gone => write!(f, "the engine exited"),
        }
    }
}

impl std::error::Error for EngineError {}

impl Engine {
    /// Starts the engine and waits for `uciok` and `readyok` (10 s each).
    pub fn start(spec: &EngineSpec) -> Result<Engine, EngineError> {
        let (program, args) = spec.command.split_first().ok_or_else(|| {
            EngineError::Start(String::new(), std::io::ErrorKind::NotFound.into())
        })?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| EngineError::Start(spec.command.join(" "), e))?;
        let stdin = child.stdin.take().ok_or(EngineError::Gone)?;
        let stdout = child.stdout.take().ok_or(EngineError::Gone)?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = Engine {
            child,
            stdin,
            lines,
            name: spec.name.clone(),
        };
        e.send("uci")?;
        e.wait_for("uciok", Duration::from_secs(10))?;
        for (k, v) in &spec.options {
            e.send(&format!("setoption name {k} value {v}"))?;
        }
        e.ready()?;
        Ok(e)
    }

    /// Sends one command line.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}").map_err(|_| EngineError::Gone)?;
        self.stdin.flush().map_err(|_| EngineError::Gone)
    }

    /// `isready`, waiting up to 10 s for `readyok`.
    pub fn ready(&mut self) -> Result<(), EngineError> {
        self.send("isready")?;
        self.wait_for("readyok", Duration::from_secs(10))
            .map(|_| ())
    }

    /// Reads lines until one starts with `word`; returns it.
    fn wait_for(&mut self, word: &'static str, limit: Duration) -> Result<String, EngineError> {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.split_whitespace().next() == Some(word) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => return Err(EngineError::Timeout(word)),
                Err(RecvTimeoutError::Disconnected) => return Err(EngineError::Gone),
            }
        }
    }

    /// Sends `position …` and `go …`, waits up to `limit` for the best
    /// move; returns its text and the time it took.
    pub fn think(
        &mut self,
        position: &str,
        go: &str,
        limit: Duration,
    ) -> Result<(String, Duration), EngineError> {
        self.send(position)?;
        let started = Instant::now();
        self.send(go)?;
        let line = self.wait_for("bestmove", limit)?;
        let mv = line.split_whitespace().nth(1).unwrap_or("0000").to_string();
        Ok((mv, started.elapsed()))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
