//! The archive of finished games, players' pages and the leaderboard in
//! SQL. Every query asks for `result IS NOT NULL`: only a game's end
//! writes its result, so a game in progress is never listed or opened.

use minesweeper_core::chess::ByColor;
use minesweeper_core::online::account::{
    ARCHIVE_PAGE, ArchiveEntry, HISTORY_POINTS, LEADERBOARD_SIZE, LeaderRow, ProfileView,
    RatingPoint, Who,
};
use minesweeper_core::online::protocol::{EndReason, GameResult};
use minesweeper_core::online::rating::{PROVISIONAL_DEVIATION, Speed};

use super::ratings;
use crate::store::StoredGame;
use crate::store::sql::{Row, Sql, SqlError, Val};

/// The columns of an archive entry, `g` the games and `w`, `b` the users.
const ENTRY: &str = "g.code, g.result, g.why, g.preset, g.time, g.rated, g.ended_ms, g.plies,
     g.white_user, w.name, w.deleted, g.black_user, b.name, b.deleted";

/// The joins an entry's names need.
const JOINS: &str = "FROM games g LEFT JOIN users w ON w.id = g.white_user
     LEFT JOIN users b ON b.id = g.black_user";

/// Who sat in a seat: no account, a deleted one, or a name.
fn who(user: &Val, name: &Val, deleted: &Val) -> Who {
    match user.opt_int() {
        None => Who::Guest,
        Some(_) if deleted.int() != 0 => Who::Deleted,
        Some(_) => Who::Named { name: name.text() },
    }
}

/// What ended a game, as stored.
fn end_reason(text: &str) -> EndReason {
    serde_json::from_value(serde_json::Value::String(text.to_string()))
        .unwrap_or(EndReason::Resignation)
}

/// An entry from the [`ENTRY`] columns.
fn entry(r: &Row) -> ArchiveEntry {
    ArchiveEntry {
        id: r[0].text(),
        result: match r[1].text().as_str() {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            _ => GameResult::Draw,
        },
        why: end_reason(&r[2].text()),
        preset: r[3].text(),
        time: r[4].opt_text(),
        rated: r[5].int() != 0,
        ended_ms: u64::try_from(r[6].int()).unwrap_or(0),
        plies: u32::try_from(r[7].int()).unwrap_or(0),
        white: who(&r[8], &r[9], &r[10]),
        black: who(&r[11], &r[12], &r[13]),
    }
}

/// The live account of a (folded) name: its id, name and start.
fn user(db: &mut dyn Sql, key: &str) -> Result<Option<(i64, String, i64)>, SqlError> {
    let row = db.row(
        "SELECT id, name, created_ms FROM users WHERE name_key = $1 AND deleted = 0",
        &[key.into()],
    )?;
    Ok(row.map(|r| (r[0].int(), r[1].text(), r[2].int())))
}

/// `limit` finished games of `user` from the `skip`-th, newest first.
fn games_of(
    db: &mut dyn Sql,
    user: i64,
    skip: i64,
    limit: i64,
) -> Result<Vec<ArchiveEntry>, SqlError> {
    let rows = db.rows(
        &format!(
            "SELECT {ENTRY} {JOINS}
             WHERE (g.white_user = $1 OR g.black_user = $1) AND g.result IS NOT NULL
             ORDER BY g.ended_ms DESC, g.code LIMIT $2 OFFSET $3"
        ),
        &[user.into(), limit.into(), skip.into()],
    )?;
    Ok(rows.iter().map(entry).collect())
}

/// A page of the player's finished games and whether more follow;
/// `None` when no such player.
pub(super) fn archive(
    db: &mut dyn Sql,
    key: &str,
    page: u32,
) -> Result<Option<(Vec<ArchiveEntry>, bool)>, SqlError> {
    let Some((id, _, _)) = user(db, key)? else {
        return Ok(None);
    };
    let size = ARCHIVE_PAGE as i64;
    let mut games = games_of(db, id, i64::from(page) * size, size + 1)?;
    let more = games.len() > ARCHIVE_PAGE;
    games.truncate(ARCHIVE_PAGE);
    Ok(Some((games, more)))
}

/// Won, drawn and lost finished games of `user`.
fn score(db: &mut dyn Sql, user: i64) -> Result<(u32, u32, u32), SqlError> {
    let rows = db.rows(
        "SELECT CASE WHEN white_user = $1 THEN 'w' ELSE 'b' END, result, COUNT(*) FROM games
         WHERE (white_user = $1 OR black_user = $1) AND result IS NOT NULL GROUP BY 1, 2",
        &[user.into()],
    )?;
    let (mut won, mut drawn, mut lost) = (0, 0, 0);
    for r in rows {
        let n = u32::try_from(r[2].int()).unwrap_or(0);
        match (r[0].text().as_str(), r[1].text().as_str()) {
            (_, "1/2-1/2") => drawn += n,
            ("w", "1-0") | ("b", "0-1") => won += n,
            _ => lost += n,
        }
    }
    Ok((won, drawn, lost))
}

/// Each speed's last [`HISTORY_POINTS`] ratings, oldest first.
fn history(db: &mut dyn Sql, user: i64) -> Result<Vec<(Speed, Vec<RatingPoint>)>, SqlError> {
    let mut out = Vec::new();
    for speed in Speed::ALL {
        let rows = db.rows(
            "SELECT at_ms, after FROM rating_history WHERE user_id = $1 AND speed = $2
             ORDER BY at_ms DESC LIMIT $3",
            &[
                user.into(),
                speed.as_str().into(),
                (HISTORY_POINTS as i64).into(),
            ],
        )?;
        if rows.is_empty() {
            continue;
        }
        let mut points: Vec<RatingPoint> = rows
            .iter()
            .map(|r| RatingPoint {
                at_ms: u64::try_from(r[0].int()).unwrap_or(0),
                rating: r[1].real().round() as i32,
            })
            .collect();
        points.reverse();
        out.push((speed, points));
    }
    Ok(out)
}

/// A player's page; `None` when no such player.
pub(super) fn profile(db: &mut dyn Sql, key: &str) -> Result<Option<ProfileView>, SqlError> {
    let Some((id, name, since)) = user(db, key)? else {
        return Ok(None);
    };
    let (won, drawn, lost) = score(db, id)?;
    Ok(Some(ProfileView {
        name,
        since_ms: u64::try_from(since).unwrap_or(0),
        ratings: ratings::ratings(db, id)?,
        history: history(db, id)?,
        played: won + drawn + lost,
        won,
        drawn,
        lost,
        recent: games_of(db, id, 0, 10)?,
    }))
}

/// A finished game: its entry and everything to replay it; `None` when
/// no finished game has that id (a game in progress included).
pub(super) fn finished(
    db: &mut dyn Sql,
    code: &str,
) -> Result<Option<(ArchiveEntry, StoredGame)>, SqlError> {
    let row = db.row(
        &format!("SELECT {ENTRY}, g.start {JOINS} WHERE g.code = $1 AND g.result IS NOT NULL"),
        &[code.into()],
    )?;
    let Some(r) = row else {
        return Ok(None);
    };
    let e = entry(&r);
    let events = db.rows(
        "SELECT event, at_ms FROM events WHERE code = $1 ORDER BY seq",
        &[code.into()],
    )?;
    let game = StoredGame {
        code: e.id.clone(),
        preset: e.preset.clone(),
        time: e.time.clone(),
        start: r[14].text(),
        tokens: ByColor::default(),
        events: events
            .iter()
            .map(|ev| (ev[0].text(), u64::try_from(ev[1].int()).unwrap_or(0)))
            .collect(),
        users: ByColor::new(r[8].opt_int(), r[11].opt_int()),
        rated: e.rated,
        stopped_ms: None,
    };
    Ok(Some((e, game)))
}

/// The best [`LEADERBOARD_SIZE`] established ratings of `speed` among
/// players with a rated game since `since_ms`.
pub(super) fn leaderboard(
    db: &mut dyn Sql,
    speed: Speed,
    since_ms: i64,
) -> Result<Vec<LeaderRow>, SqlError> {
    let rows = db.rows(
        "SELECT u.name, r.rating, r.games FROM ratings r JOIN users u ON u.id = r.user_id
         WHERE r.speed = $1 AND u.deleted = 0 AND r.updated_ms > $2 AND r.deviation <= $3
         ORDER BY r.rating DESC, u.name LIMIT $4",
        &[
            speed.as_str().into(),
            since_ms.into(),
            PROVISIONAL_DEVIATION.into(),
            (LEADERBOARD_SIZE as i64).into(),
        ],
    )?;
    Ok(rows
        .iter()
        .map(|r| LeaderRow {
            name: r[0].text(),
            rating: r[1].real().round() as i32,
            games: u32::try_from(r[2].int()).unwrap_or(0),
        })
        .collect())
}
