//! What the server tells a client about players: names with their ratings,
//! a profile, the archive of finished games and the leaderboard, and why
//! an account request was refused. The requests and answers themselves are
//! variants of [`super::protocol::ClientMsg`] and
//! [`super::protocol::ServerMsg`].

use serde::{Deserialize, Serialize};

use super::ending::{EndReason, GameResult};
use super::rating::Speed;

/// Who sat in a seat, as a list or a card shows them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub enum Who {
    /// Someone who played without an account.
    Guest,
    /// An account since deleted: its games stay, its name does not.
    Deleted,
    /// A player with an account.
    Named {
        /// The name as its owner wrote it.
        name: String,
    },
}

/// A seated player as the player cards show them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The name (or guest).
    pub who: Who,
    /// The rating for the game's speed, rounded; `None` for a guest.
    pub rating: Option<i32>,
    /// The rating is provisional (shown with `?`).
    #[serde(default)]
    pub provisional: bool,
}

/// One of a player's ratings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingView {
    /// Which games it counts.
    pub speed: Speed,
    /// The rating, rounded.
    pub rating: i32,
    /// Its deviation, rounded.
    pub deviation: i32,
    /// Shown with `?`: the deviation is still high.
    pub provisional: bool,
    /// Rated games played at this speed.
    pub games: u32,
}

/// How one rated game moved a player's rating.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingChange {
    /// Which rating.
    pub speed: Speed,
    /// Before the game, rounded.
    pub before: i32,
    /// After it, rounded.
    pub after: i32,
    /// The new rating is still provisional.
    pub provisional: bool,
}

impl RatingChange {
    /// The change as shown: `after − before`.
    pub fn delta(&self) -> i32 {
        self.after - self.before
    }
}

/// A finished game in a list (the archive, a profile's recent games).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArchiveEntry {
    /// The game's permanent id (its invite code).
    pub id: String,
    /// White.
    pub white: Who,
    /// Black.
    pub black: Who,
    /// The score.
    pub result: GameResult,
    /// What ended it.
    pub why: EndReason,
    /// The board preset's file name.
    pub preset: String,
    /// Time control, `None` for untimed.
    pub time: Option<String>,
    /// Whether it was rated.
    pub rated: bool,
    /// When it ended (ms since the Unix epoch).
    pub ended_ms: u64,
    /// Half-moves played.
    pub plies: u32,
}

/// One point of a rating's history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingPoint {
    /// When (ms since the Unix epoch).
    pub at_ms: u64,
    /// The rating after that game, rounded.
    pub rating: i32,
}

/// A player's page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProfileView {
    /// The name as its owner wrote it.
    pub name: String,
    /// When the account was made (ms since the Unix epoch).
    pub since_ms: u64,
    /// Ratings of the speeds played rated.
    pub ratings: Vec<RatingView>,
    /// Each speed's history, oldest first (the last [`HISTORY_POINTS`]).
    pub history: Vec<(Speed, Vec<RatingPoint>)>,
    /// Finished games, rated or not.
    pub played: u32,
    /// Of them won.
    pub won: u32,
    /// Drawn.
    pub drawn: u32,
    /// Lost.
    pub lost: u32,
    /// The newest games.
    pub recent: Vec<ArchiveEntry>,
}

/// The most history points a profile carries per speed.
pub const HISTORY_POINTS: usize = 200;

/// The games a page of the archive lists.
pub const ARCHIVE_PAGE: usize = 20;

/// The furthest page the archive serves (deeper pages are refused).
pub const MAX_ARCHIVE_PAGE: u32 = 500;

/// The players a leaderboard lists.
pub const LEADERBOARD_SIZE: usize = 50;

/// Days without a rated game after which a player leaves the leaderboard.
pub const LEADERBOARD_ACTIVE_DAYS: u64 = 30;

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderRow {
    /// The player's name.
    pub name: String,
    /// The rating, rounded.
    pub rating: i32,
    /// Rated games at this speed.
    pub games: u32,
}

/// Which rule a user name breaks.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NameRule {
    /// 3 to 20 characters.
    Length,
    /// Letters a–z, digits, `_` and `-` only.
    Characters,
    /// It must start with a letter.
    Start,
    /// No `_` or `-` twice in a row or at the end.
    Separators,
    /// A name kept for the server (admin, guest…).
    Reserved,
}

/// Why an account request was refused; nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum AccountRefusal {
    /// The name breaks a rule.
    BadName {
        /// Which.
        rule: NameRule,
    },
    /// Someone has this name (or one that looks the same).
    NameTaken,
    /// The password is too short or too long.
    BadPassword {
        /// The fewest bytes.
        min: u32,
        /// The most.
        max: u32,
    },
    /// No account with that name and password: the same answer whether
    /// the name exists or not.
    WrongSignIn,
    /// Too many tries: wait this long.
    TooManyTries {
        /// Seconds until the next try is allowed.
        wait_s: u64,
    },
    /// The session is unknown, expired or was signed out.
    SessionEnded,
    /// The request needs a signed-in player.
    NotSignedIn,
    /// No player by that name, or no finished game with that id.
    NotFound,
    /// A rated game needs both players signed in; a guest plays casual.
    RatedNeedsAccount,
    /// A page past [`MAX_ARCHIVE_PAGE`].
    PageTooFar,
    /// The server could not read or write its database: try again.
    Unavailable,
}
