//! The board of the day as played here: which day the open board is, how
//! it ended and how long it took, and the statistics this device keeps
//! (played, won, the current and longest streak of days won, a histogram
//! of scores in pawns), in the store as `daily.ron`. Only the first result
//! of a day counts: playing the day again does not change the statistics.

use std::collections::BTreeMap;

use bevy::prelude::*;
use minesweeper_core::sudoku::daily::Date;
use minesweeper_core::sudoku::{MineFate, Status};
use serde::{Deserialize, Serialize};

use super::{Puzzle, PuzzleSet};
use crate::base::i18n::{T, Texts, decimal};
use crate::base::platform::store;

/// Where the statistics are kept.
pub(crate) const STATS_FILE: &str = "daily.ron";

/// The day's board being played, when the open board is one.
#[derive(Resource, Debug, Default, Clone)]
pub struct DailyBoard {
    /// The day, and the share code of its board.
    pub day: Option<(Date, String)>,
    /// When the board opened (seconds of the app's real clock).
    started: Option<f64>,
    /// How it ended, once it has.
    pub result: Option<DailyResult>,
}

impl DailyBoard {
    /// The open board is `date`'s, with share code `code` (from its next
    /// frame on); `None`: an ordinary board.
    pub fn set(&mut self, day: Option<(Date, String)>) {
        *self = DailyBoard { day, ..default() };
    }
}

/// How a board of the day ended: what the shared text shows.
#[derive(Debug, Clone, PartialEq)]
pub struct DailyResult {
    /// The day.
    pub date: Date,
    /// Every mine defused or blown.
    pub won: bool,
    /// The score in pawns.
    pub pawns: f32,
    /// Lives left, of how many.
    pub lives: (u8, u8),
    /// Mines defused and blown, of how many.
    pub mines: (usize, usize, usize),
    /// Seconds from the board opening to its end.
    pub seconds: u32,
}

/// What this device remembers of the boards of the day.
#[derive(Resource, Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct DailyStats {
    /// Days played (the first result of each).
    pub played: u32,
    /// Days won.
    pub won: u32,
    /// Days won in a row, up to the last day played.
    pub streak: u32,
    /// The longest such run.
    pub longest: u32,
    /// The last day recorded, as days since 1970-01-01.
    pub last_day: Option<i64>,
    /// Scores in whole pawns (rounded, within −50..=50) and how often.
    pub scores: BTreeMap<i32, u32>,
    /// Why the kept file could not be read (it is then started afresh).
    #[serde(skip)]
    pub problem: Option<String>,
}

impl DailyStats {
    /// The kept statistics; a broken file is named with its problem.
    pub fn load() -> DailyStats {
        let Some(text) = store::read(STATS_FILE) else {
            return DailyStats::default();
        };
        match ron::from_str::<DailyStats>(&text) {
            Ok(s) => s.sanitized(),
            Err(e) => DailyStats {
                problem: Some(format!("{}: {e}", store::describe(STATS_FILE))),
                ..default()
            },
        }
    }

    /// Counts capped to what a device could have played (a hand-edited
    /// file cannot make the card draw a million bars).
    fn sanitized(mut self) -> DailyStats {
        const MOST: u32 = 1_000_000;
        self.played = self.played.min(MOST);
        self.won = self.won.min(self.played);
        self.longest = self.longest.min(self.won);
        self.streak = self.streak.min(self.longest);
        self.scores = self
            .scores
            .into_iter()
            .filter(|(k, _)| (-50..=50).contains(k))
            .map(|(k, v)| (k, v.min(MOST)))
            .collect();
        self
    }

    /// Adds `r` unless its day is already counted; true when it counted.
    pub fn record(&mut self, r: &DailyResult) -> bool {
        let day = r.date.unix_days();
        if self.last_day.is_some_and(|d| d >= day) {
            return false;
        }
        let next_of_streak = self.last_day == Some(day - 1) && self.streak > 0;
        self.played += 1;
        if r.won {
            self.won += 1;
            self.streak = if next_of_streak { self.streak + 1 } else { 1 };
            self.longest = self.longest.max(self.streak);
        } else {
            self.streak = 0;
        }
        self.last_day = Some(day);
        let pawns = (r.pawns.round() as i32).clamp(-50, 50);
        *self.scores.entry(pawns).or_default() += 1;
        true
    }
}

/// `m:ss`.
pub(crate) fn clock(seconds: u32) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// The text to share: the day, a square per mine (defused, blown, left),
/// the lives and the time and score. No cell, digit or code of the board.
pub(crate) fn share_text(tx: &Texts, r: &DailyResult) -> String {
    let (defused, blown, total) = r.mines;
    let left = total.saturating_sub(defused + blown);
    let squares = "🟩".repeat(defused) + &"🟥".repeat(blown) + &"⬜".repeat(left);
    let (lives, of) = r.lives;
    let hearts = "❤️".repeat(lives.into()) + &"🖤".repeat(of.saturating_sub(lives).into());
    let title = tx.f(T::DailyShareTitle, &[("date", r.date.to_string().into())]);
    let pawns = tx.f(T::SudokuPawns, &[("pawns", decimal(r.pawns))]);
    format!(
        "{title}\n{squares}\n{hearts} ⏱️ {} · {pawns}",
        clock(r.seconds)
    )
}

/// Times the day's board and, when it ends, records its result.
pub(crate) struct DailyPlugin;

impl Plugin for DailyPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<DailyBoard>()
            .insert_resource(DailyStats::load())
            .add_systems(Update, follow_daily.in_set(PuzzleSet::Daily));
    }
}

fn follow_daily(
    puzzle: Res<Puzzle>,
    time: Res<Time<Real>>,
    mut daily: ResMut<DailyBoard>,
    mut stats: ResMut<DailyStats>,
) {
    let Some((date, code)) = daily.day.clone() else {
        return;
    };
    let Some(game) = puzzle.game.as_ref().filter(|_| puzzle.code == code) else {
        return;
    };
    let now = time.elapsed_secs_f64();
    let started = *daily.started.get_or_insert(now);
    if game.status == Status::Playing || daily.result.is_some() {
        return;
    }
    let fate = |f: MineFate| game.cells.iter().filter(|c| c.mine == Some(f)).count();
    let result = DailyResult {
        date,
        won: game.status == Status::Won,
        pawns: game.pawns(),
        lives: (game.lives, game.preset.file.lives),
        mines: (
            fate(MineFate::Defused),
            fate(MineFate::Blown),
            game.mines_total(),
        ),
        seconds: (now - started).clamp(0.0, 86_400.0) as u32,
    };
    if stats.record(&result) {
        let text = ron::ser::to_string_pretty(&*stats, Default::default()).unwrap_or_default();
        if let Err(e) = store::write(STATS_FILE, &text) {
            warn!("cannot keep the daily statistics: {e}");
        }
    }
    daily.result = Some(result);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(date: &str, won: bool, pawns: f32) -> DailyResult {
        DailyResult {
            date: Date::parse(date).expect("a date"),
            won,
            pawns,
            lives: (2, 3),
            mines: (3, 1, 4),
            seconds: 200,
        }
    }

    #[test]
    fn streaks_count_days_won_in_a_row_once_each() {
        let mut s = DailyStats::default();
        assert!(s.record(&day("2026-12-01", true, 4.4)));
        assert!(s.record(&day("2026-12-02", true, 5.0)));
        // The same day again does not count.
        assert!(!s.record(&day("2026-12-02", false, -2.0)));
        assert_eq!((s.played, s.won, s.streak, s.longest), (2, 2, 2, 2));
        // A day missed starts the streak again; a loss ends it.
        assert!(s.record(&day("2026-12-04", true, 4.6)));
        assert_eq!((s.streak, s.longest), (1, 2));
        assert!(s.record(&day("2026-12-05", false, 1.0)));
        assert_eq!((s.played, s.won, s.streak, s.longest), (4, 3, 0, 2));
        assert_eq!(s.scores.get(&4), Some(&1));
        assert_eq!(s.scores.get(&5), Some(&2));
        // It survives the file, and a broken or absurd file is contained.
        let text = ron::ser::to_string(&s).expect("written");
        assert_eq!(ron::from_str::<DailyStats>(&text).expect("read"), s);
        let wild = DailyStats {
            played: 5,
            won: 9_000,
            longest: 7,
            streak: 70,
            ..s
        }
        .sanitized();
        assert!(wild.won <= wild.played && wild.streak <= wild.longest);
    }

    #[test]
    fn the_shared_text_tells_the_result_and_nothing_of_the_board() {
        let r = DailyResult {
            date: Date::parse("2026-12-02").expect("a date"),
            won: false,
            pawns: 3.5,
            lives: (1, 3),
            mines: (3, 1, 5),
            seconds: 252,
        };
        let tx = Texts::default();
        let text = share_text(&tx, &r);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert!(lines[0].contains("2026-12-02"));
        assert_eq!(lines[1], "🟩🟩🟩🟥⬜");
        assert!(lines[2].starts_with("❤️🖤🖤 ⏱️ 4:12 · 3.5"), "{}", lines[2]);
        // No share code, cell name or digit of the board beyond those.
        assert!(!text.contains("C6-"));
        let digits: String = text.chars().filter(char::is_ascii_digit).collect();
        assert_eq!(digits, "2026120241235");
    }
}
