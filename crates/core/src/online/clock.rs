//! Chess clocks for online games: time controls and the two clocks the
//! server keeps. Times are milliseconds of wall-clock time that the caller
//! passes in, so the clocks are tested without waiting and come back right
//! after a server restart (they are stored as the time each side had at
//! the last move, the side whose clock runs and when that move was made).

use std::fmt;
use std::str::FromStr;

use crate::chess::{ByColor, Color};

/// The longest base time a game may have (three hours).
pub const MAX_BASE_S: u32 = 3 * 60 * 60;
/// The largest increment a move may add (three minutes).
pub const MAX_INCREMENT_S: u32 = 3 * 60;

/// A time control: minutes for the game and seconds added after each move
/// (`5+3`). Untimed games have none.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Each side's time at the start, in seconds (1 to [`MAX_BASE_S`]).
    pub base_s: u32,
    /// Seconds added to the mover's clock after each move (up to
    /// [`MAX_INCREMENT_S`]).
    pub increment_s: u32,
}

impl TimeControl {
    /// The time controls the menus offer: 3+2, 5+3, 10+5 and 15+10.
    pub const OFFERED: [TimeControl; 4] = [
        TimeControl::minutes(3, 2),
        TimeControl::minutes(5, 3),
        TimeControl::minutes(10, 5),
        TimeControl::minutes(15, 10),
    ];

    /// `minutes`+`increment_s`, capped to the limits.
    pub const fn minutes(minutes: u32, increment_s: u32) -> TimeControl {
        let base = minutes.saturating_mul(60);
        TimeControl {
            base_s: if base > MAX_BASE_S { MAX_BASE_S } else { base },
            increment_s: if increment_s > MAX_INCREMENT_S {
                MAX_INCREMENT_S
            } else {
                increment_s
            },
        }
    }
}

impl fmt::Display for TimeControl {
    /// `5+3`; a base that is not whole minutes is written in seconds
    /// (`90s+2`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.base_s.is_multiple_of(60) {
            write!(f, "{}+{}", self.base_s / 60, self.increment_s)
        } else {
            write!(f, "{}s+{}", self.base_s, self.increment_s)
        }
    }
}

/// Why a time control's text was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControlError(pub String);

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "time control {:?}: expected minutes+seconds like 5+3",
            self.0
        )
    }
}

impl std::error::Error for TimeControlError {}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// Reads `5+3` (minutes, seconds of increment) or `90s+2`; refuses a
    /// zero base and anything over the limits rather than capping it, so a
    /// typo is seen.
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let bad = || TimeControlError(text.chars().take(40).collect());
        let (base, inc) = text.trim().split_once('+').ok_or_else(bad)?;
        let base_s = match base.strip_suffix('s') {
            Some(secs) => secs.parse::<u32>().map_err(|_| bad())?,
            None => base
                .parse::<u32>()
                .map_err(|_| bad())?
                .checked_mul(60)
                .ok_or_else(bad)?,
        };
        let increment_s = inc.parse::<u32>().map_err(|_| bad())?;
        if base_s == 0 || base_s > MAX_BASE_S || increment_s > MAX_INCREMENT_S {
            return Err(bad());
        }
        Ok(TimeControl {
            base_s,
            increment_s,
        })
    }
}

/// Both sides' clocks. Only the side to move loses time; the clock runs
/// from the moment the game starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    control: TimeControl,
    /// Milliseconds each side had when its clock last stopped (White, Black).
    left_ms: ByColor<u64>,
    /// The side whose clock runs, and since when (ms); `None` once stopped.
    running: Option<(Color, u64)>,
}

impl Clocks {
    /// Fresh clocks with White's running from `now_ms`.
    pub fn start(control: TimeControl, now_ms: u64) -> Clocks {
        let full = u64::from(control.base_s) * 1000;
        Clocks {
            control,
            left_ms: ByColor::both(full),
            running: Some((Color::White, now_ms)),
        }
    }

    /// Clocks as stored: each side's time at its last stop, and the running
    /// side with the time its clock started.
    pub fn restore(
        control: TimeControl,
        left_ms: ByColor<u64>,
        running: Option<(Color, u64)>,
    ) -> Clocks {
        let cap = u64::from(MAX_BASE_S) * 1000 * 2;
        Clocks {
            control,
            left_ms: left_ms.map(|t| t.min(cap)),
            running,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// What to store: each side's time at its last stop and the running side.
    pub fn stored(&self) -> (ByColor<u64>, Option<(Color, u64)>) {
        (self.left_ms, self.running)
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|(c, _)| c)
    }

    /// Milliseconds `side` has at `now_ms` (0 once its flag fell).
    pub fn left(&self, side: Color, now_ms: u64) -> u64 {
        let stopped = self.left_ms[side];
        match self.running {
            Some((c, since)) if c == side => stopped.saturating_sub(now_ms.saturating_sub(since)),
            _ => stopped,
        }
    }

    /// The side whose time has run out at `now_ms`, if any.
    pub fn flagged(&self, now_ms: u64) -> Option<Color> {
        self.running().filter(|&c| self.left(c, now_ms) == 0)
    }

    /// When the running side's flag falls unless it moves (ms).
    pub fn deadline(&self) -> Option<u64> {
        self.running
            .map(|(c, since)| since.saturating_add(self.left_ms[c]))
    }

    /// `mover` has moved at `now_ms`: its time is charged, the increment
    /// added, and the other clock starts. Refused (`Err` with the flagged
    /// side) when the mover's time had already run out, and ignored when it
    /// was not the mover's clock that ran.
    pub fn press(&mut self, mover: Color, now_ms: u64) -> Result<(), Color> {
        if self.running() != Some(mover) {
            return Ok(());
        }
        let left = self.left(mover, now_ms);
        if left == 0 {
            self.stop(now_ms);
            return Err(mover);
        }
        self.left_ms[mover] = left + u64::from(self.control.increment_s) * 1000;
        self.running = Some((!mover, now_ms));
        Ok(())
    }

    /// Stops both clocks at `now_ms` (the game is over).
    pub fn stop(&mut self, now_ms: u64) {
        if let Some((c, _)) = self.running {
            self.left_ms[c] = self.left(c, now_ms);
        }
        self.running = None;
    }

    /// The running clock goes on from `now_ms` as if its side had thought
    /// `thought_ms` so far: time that passed while no server could take
    /// its move is not charged.
    pub fn resume(&mut self, thought_ms: u64, now_ms: u64) {
        if let Some((c, _)) = self.running {
            self.running = Some((c, now_ms.saturating_sub(thought_ms)));
        }
    }
}
