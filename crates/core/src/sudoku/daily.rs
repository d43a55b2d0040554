//! The board of the day: one Sweeper Sudoku board for each calendar day
//! (UTC), the same for every player on every platform. The date alone
//! decides it, through integer arithmetic only: candidate seeds are mixed
//! from the day's number, and the first board that deduction alone wins
//! is the day's (a fair board: no guess is ever needed).

use std::fmt;

use super::{PuzzleGame, SudokuPreset, rate};

/// The preset the day's board is dealt from (by its share-code tag).
pub const DAILY_TAG: &str = "C6";

/// Candidates tried before settling for the one deduction gets furthest
/// with (about two boards in three are won outright: 64 all failing does
/// not happen in practice, and the fallback keeps the answer defined).
const CANDIDATES: u64 = 64;

/// A calendar day, from 2000-01-01 to 2999-12-31.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// The year.
    pub year: i32,
    /// The month, 1–12.
    pub month: u8,
    /// The day of the month, 1–31.
    pub day: u8,
}

/// Why a text is not a date.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DateError {
    /// Not `YYYY-MM-DD`.
    Format(String),
    /// A month or day that does not exist, or a year outside 2000–2999.
    OutOfRange(String),
}

impl fmt::Display for DateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DateError::Format(t) => write!(f, "'{t}' is not a date (YYYY-MM-DD, e.g. 2026-12-02)"),
            DateError::OutOfRange(t) => {
                write!(f, "'{t}' is not a day between 2000-01-01 and 2999-12-31")
            }
        }
    }
}

impl std::error::Error for DateError {}

impl Date {
    /// Reads `YYYY-MM-DD`.
    ///
    /// # Errors
    /// [`DateError`] for another shape or a day that does not exist.
    pub fn parse(text: &str) -> Result<Date, DateError> {
        let t = text.trim();
        let format = || DateError::Format(t.chars().take(40).collect());
        let parts: Vec<&str> = t.split('-').collect();
        let [y, m, d] = parts.as_slice() else {
            return Err(format());
        };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return Err(format());
        }
        let num = |s: &str| s.parse::<u32>().map_err(|_| format());
        let (year, month, day) = (num(y)?, num(m)?, num(d)?);
        let date = Date {
            year: year as i32,
            month: month.min(99) as u8,
            day: day.min(99) as u8,
        };
        let fits = (2000..=2999).contains(&year)
            && (1..=12).contains(&month)
            && day >= 1
            && day <= u32::from(days_in_month(date.year, date.month));
        if fits {
            Ok(date)
        } else {
            Err(DateError::OutOfRange(t.to_string()))
        }
    }

    /// The day `days` after 1970-01-01 (the Unix clock's day), clamped to
    /// the supported range.
    pub fn from_unix_days(days: i64) -> Date {
        // Howard Hinnant's civil-from-days, in integers.
        let z = days.clamp(10_957, 376_199) + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }

    /// The day of a Unix time in nanoseconds (UTC).
    pub fn from_unix_nanos(nanos: u64) -> Date {
        Date::from_unix_days((nanos / 86_400_000_000_000) as i64)
    }

    /// Days since 1970-01-01.
    pub fn unix_days(&self) -> i64 {
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn days_in_month(year: i32, month: u8) -> u8 {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => 31,
    }
}

/// SplitMix64's finaliser: neighbouring inputs give unrelated outputs.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The seed of `date`'s board of `preset` (share-code sized): the first
/// candidate that deduction alone wins, else the one it gets furthest with.
pub fn daily_seed(preset: &SudokuPreset, date: Date) -> u64 {
    let base = (date.unix_days() as u64).wrapping_mul(CANDIDATES);
    let mut best = (0usize, 0u64);
    for k in 0..CANDIDATES {
        let seed = mix(base.wrapping_add(k) ^ 0xDA11_B0A2_D0F0_DA7E) & 0x3FFF_FFFF;
        let r = rate(&PuzzleGame::from_seed(preset.clone(), seed));
        if r.solved {
            return seed;
        }
        if k == 0 || r.mines_found > best.0 {
            best = (r.mines_found, seed);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_read_write_and_count_days() {
        let d = Date::parse("2026-12-02").unwrap();
        assert_eq!(d.to_string(), "2026-12-02");
        assert_eq!(Date::from_unix_days(d.unix_days()), d);
        assert_eq!(Date::parse("2000-01-01").unwrap().unix_days(), 10_957);
        assert_eq!(Date::parse("2024-02-29").unwrap().unix_days(), 19_782);
        // Every day of a thousand years round-trips, in order.
        let mut last = None;
        for days in 10_957..376_200 {
            let d = Date::from_unix_days(days);
            assert_eq!(d.unix_days(), days);
            assert_eq!(Date::parse(&d.to_string()), Ok(d));
            assert!(last < Some(d));
            last = Some(d);
        }
        for bad in [
            "2026-13-01",
            "2026-02-29",
            "1999-12-31",
            "3000-01-01",
            "2026-00-10",
        ] {
            assert!(
                matches!(Date::parse(bad), Err(DateError::OutOfRange(_))),
                "{bad}"
            );
        }
        for bad in [
            "",
            "2026-1-2",
            "2026/12/02",
            "twenty",
            "2026-12-02-01",
            "+026-12-02",
        ] {
            assert!(Date::parse(bad).is_err(), "{bad}");
        }
        // 2026-12-02 00:00 UTC and one second before midnight.
        let midnight = 20_789u64 * 86_400_000_000_000;
        assert_eq!(Date::from_unix_nanos(midnight).to_string(), "2026-12-02");
        assert_eq!(
            Date::from_unix_nanos(midnight - 1).to_string(),
            "2026-12-01"
        );
    }

    #[test]
    fn each_day_has_one_fair_board_of_its_own() {
        let presets = crate::sudoku::preset::builtins();
        let p = presets
            .iter()
            .find(|p| p.file.code == DAILY_TAG)
            .expect("the daily preset is built in");
        let day = |t| daily_seed(p, Date::parse(t).unwrap());
        let seeds: Vec<u64> = ["2026-12-01", "2026-12-02", "2026-12-03", "2027-01-01"]
            .into_iter()
            .map(day)
            .collect();
        // The same day, the same board; each day its own.
        assert_eq!(day("2026-12-02"), seeds[1]);
        for (i, a) in seeds.iter().enumerate() {
            assert!(seeds[i + 1..].iter().all(|b| b != a), "{seeds:?}");
            // Fair: deduction alone defuses every mine.
            assert!(rate(&PuzzleGame::from_seed(p.clone(), *a)).solved);
        }
    }
}
