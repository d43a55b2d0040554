//! Ratings in SQL: a finished rated game moves both players' Glicko-2
//! ratings in one transaction that also marks the game rated, so that
//! whichever node comes first rates it and every later try finds it done.

use minesweeper_core::chess::{ByColor, Color};
use minesweeper_core::online::TimeControl;
use minesweeper_core::online::account::{PlayerView, RatingChange, RatingView, Who};
use minesweeper_core::online::protocol::GameResult;
use minesweeper_core::online::rating::{self, Rating, Speed};

use crate::store::sql::{Row, Sql, SqlError, Val, transaction};

/// Fewer half-moves than this and a game is aborted: one side never
/// moved, and nothing is rated.
pub const ABORTED_BELOW_PLIES: i64 = 2;

/// A day in ms: the rating period for time away.
const DAY_MS: f64 = 86_400_000.0;

/// `side` as the history stores it.
fn side_text(side: Color) -> &'static str {
    if side == Color::White { "w" } else { "b" }
}

/// A player's rating at `speed` and its games, or a new one.
fn load(db: &mut dyn Sql, user: i64, speed: Speed, now: i64) -> Result<(Rating, i64), SqlError> {
    let row = db.row(
        "SELECT rating, deviation, volatility, games, updated_ms FROM ratings
         WHERE user_id = $1 AND speed = $2",
        &[user.into(), speed.as_str().into()],
    )?;
    Ok(match row {
        None => (Rating::NEW, 0),
        Some(r) => {
            let kept = Rating {
                rating: r[0].real(),
                deviation: r[1].real(),
                volatility: r[2].real(),
            };
            // Time away widens the deviation, a day a rating period.
            let away = (now - r[4].int()).max(0) as f64 / DAY_MS;
            (kept.after_time_away(away), r[3].int())
        }
    })
}

/// Stores a player's new rating and the history point of `game`.
#[allow(clippy::too_many_arguments)]
fn save(
    db: &mut dyn Sql,
    user: i64,
    speed: Speed,
    game: &str,
    side: Color,
    before: Rating,
    after: Rating,
    games: i64,
    now: i64,
) -> Result<(), SqlError> {
    db.run(
        "INSERT INTO ratings(user_id, speed, rating, deviation, volatility, games, updated_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (user_id, speed) DO UPDATE SET rating = excluded.rating,
             deviation = excluded.deviation, volatility = excluded.volatility,
             games = excluded.games, updated_ms = excluded.updated_ms",
        &[
            user.into(),
            speed.as_str().into(),
            after.rating.into(),
            after.deviation.into(),
            after.volatility.into(),
            (games + 1).into(),
            now.into(),
        ],
    )?;
    db.run(
        "INSERT INTO rating_history(user_id, game, speed, at_ms, side, before, after, deviation)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (user_id, game) DO NOTHING",
        &[
            user.into(),
            game.into(),
            speed.as_str().into(),
            now.into(),
            side_text(side).into(),
            before.rating.into(),
            after.rating.into(),
            after.deviation.into(),
        ],
    )?;
    Ok(())
}

/// How game `code` moved its players' ratings, as stored.
pub(super) fn changes(
    db: &mut dyn Sql,
    code: &str,
) -> Result<ByColor<Option<RatingChange>>, SqlError> {
    let rows = db.rows(
        "SELECT side, speed, before, after, deviation FROM rating_history WHERE game = $1",
        &[code.into()],
    )?;
    let mut out = ByColor::default();
    for r in rows {
        let side = if r[0].text() == "w" {
            Color::White
        } else {
            Color::Black
        };
        let Ok(speed) = r[1].text().parse::<Speed>() else {
            continue;
        };
        out[side] = Some(RatingChange {
            speed,
            before: r[2].real().round() as i32,
            after: r[3].real().round() as i32,
            provisional: r[4].real() > rating::PROVISIONAL_DEVIATION,
        });
    }
    Ok(out)
}

/// A finished rated game still to rate: its players, result, speed and
/// length.
struct ToRate {
    users: ByColor<i64>,
    result: GameResult,
    speed: Speed,
    plies: i64,
}

/// Game `code` when it is finished, rated and not yet done (row-locked on
/// PostgreSQL); `Err(done)` when there is nothing to do.
fn to_rate(db: &mut dyn Sql, code: &str) -> Result<Result<ToRate, bool>, SqlError> {
    let lock = db.for_update();
    let row = db.row(
        &format!(
            "SELECT white_user, black_user, result, time, plies, rated, rating_done
             FROM games WHERE code = $1 AND result IS NOT NULL{lock}"
        ),
        &[code.into()],
    )?;
    let Some(r) = row else {
        return Ok(Err(false));
    };
    if r[5].int() == 0 {
        return Ok(Err(false));
    }
    if r[6].int() != 0 {
        return Ok(Err(true));
    }
    let result = match r[2].text().as_str() {
        "1-0" => GameResult::WhiteWins,
        "0-1" => GameResult::BlackWins,
        _ => GameResult::Draw,
    };
    let control = r[3].opt_text().and_then(|t| t.parse::<TimeControl>().ok());
    let users = ByColor::new(r[0].opt_int(), r[1].opt_int());
    let plies = r[4].int();
    Ok(Ok(ToRate {
        users: ByColor::new(
            users[Color::White].unwrap_or(-1),
            users[Color::Black].unwrap_or(-1),
        ),
        result,
        speed: Speed::of(control),
        plies,
    }))
}

/// The changes a game made, and whether this call made them.
pub(super) type Rated = (ByColor<Option<RatingChange>>, bool);

/// Rates finished game `code` once: the changes (`None` sides for an
/// aborted game), the stored ones when it was rated already, `None`
/// when it is not a rated finished game.
pub(super) fn rate(db: &mut dyn Sql, code: &str, now: i64) -> Result<Option<Rated>, SqlError> {
    transaction(db, |db| {
        let game = match to_rate(db, code)? {
            Ok(g) => g,
            Err(true) => return changes(db, code).map(|c| Some((c, false))),
            Err(false) => return Ok(None),
        };
        let done = [Val::from(code)];
        let mark = "UPDATE games SET rating_done = 1 WHERE code = $1";
        let (w, b) = (game.users[Color::White], game.users[Color::Black]);
        // Both players' rows locked in id order: two games of one player
        // ending at once on two nodes rate one after the other.
        let lock = db.for_update();
        let live = db.rows(
            &format!("SELECT id FROM users WHERE id IN ($1, $2) AND deleted = 0 ORDER BY id{lock}"),
            &[w.into(), b.into()],
        )?;
        if game.plies < ABORTED_BELOW_PLIES || live.len() != 2 {
            db.run(mark, &done)?;
            return Ok(Some((ByColor::default(), false)));
        }
        let (rw, gw) = load(db, w, game.speed, now)?;
        let (rb, gb) = load(db, b, game.speed, now)?;
        let sw = rating::score(game.result, Color::White);
        let nw = rating::update(rw, &[(rb, sw)]);
        let nb = rating::update(rb, &[(rw, 1.0 - sw)]);
        save(db, w, game.speed, code, Color::White, rw, nw, gw, now)?;
        save(db, b, game.speed, code, Color::Black, rb, nb, gb, now)?;
        db.run(mark, &done)?;
        changes(db, code).map(|c| Some((c, true)))
    })
}

/// Finished rated games nobody has rated yet (their node died between
/// the end and the rating), oldest first.
pub(super) fn pending(db: &mut dyn Sql) -> Result<Vec<String>, SqlError> {
    let rows = db.rows(
        "SELECT code FROM games WHERE rated = 1 AND rating_done = 0 AND result IS NOT NULL
         ORDER BY ended_ms LIMIT 100",
        &[],
    )?;
    Ok(rows.iter().map(|r| r[0].text()).collect())
}

/// A rating row as shown.
fn view(r: &Row) -> Option<RatingView> {
    Some(RatingView {
        speed: r[0].text().parse().ok()?,
        rating: r[1].real().round() as i32,
        deviation: r[2].real().round() as i32,
        provisional: r[2].real() > rating::PROVISIONAL_DEVIATION,
        games: u32::try_from(r[3].int()).unwrap_or(0),
    })
}

/// Every rating of `user`.
pub(super) fn ratings(db: &mut dyn Sql, user: i64) -> Result<Vec<RatingView>, SqlError> {
    let rows = db.rows(
        "SELECT speed, rating, deviation, games FROM ratings WHERE user_id = $1",
        &[user.into()],
    )?;
    let mut out: Vec<RatingView> = rows.iter().filter_map(view).collect();
    out.sort_by_key(|r| r.speed);
    Ok(out)
}

/// `user`'s card for a game of `speed`: the name and that rating.
pub(super) fn card(db: &mut dyn Sql, user: i64, speed: Speed) -> Result<PlayerView, SqlError> {
    let row = db.row(
        "SELECT u.name, u.deleted, r.rating, r.deviation FROM users u
         LEFT JOIN ratings r ON r.user_id = u.id AND r.speed = $2 WHERE u.id = $1",
        &[user.into(), speed.as_str().into()],
    )?;
    Ok(match row {
        Some(r) if r[1].int() == 0 => {
            let (rating, deviation) = match r[2] {
                Val::Real(x) => (x, r[3].real()),
                _ => (Rating::NEW.rating, Rating::NEW.deviation),
            };
            PlayerView {
                who: Who::Named { name: r[0].text() },
                rating: Some(rating.round() as i32),
                provisional: deviation > rating::PROVISIONAL_DEVIATION,
            }
        }
        Some(_) => PlayerView {
            who: Who::Deleted,
            rating: None,
            provisional: false,
        },
        None => PlayerView {
            who: Who::Guest,
            rating: None,
            provisional: false,
        },
    })
}
