//! The tables, as numbered migrations for both databases: a database
//! records the last one applied (`schema_version`); opening it applies
//! the newer ones in one transaction, and refuses a database that a newer
//! server has already moved past.

use super::StoreError;

/// One step of the schema, in each database's dialect.
#[derive(Clone, Debug)]
pub(crate) struct Migration {
    /// Its number: 1, 2, … in order.
    pub(crate) version: i64,
    pub(crate) sqlite: &'static str,
    pub(crate) postgres: &'static str,
}

/// Every migration, oldest first.
pub(crate) const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        // The tables the server had before versioned migrations (a database
        // made then, with no version recorded, is at this version).
        sqlite: "CREATE TABLE IF NOT EXISTS games(
                 code TEXT PRIMARY KEY, preset TEXT NOT NULL, time TEXT,
                 start TEXT NOT NULL, white TEXT, black TEXT,
                 over INTEGER NOT NULL DEFAULT 0);
             CREATE TABLE IF NOT EXISTS events(
                 code TEXT NOT NULL, seq INTEGER NOT NULL, event TEXT NOT NULL,
                 at_ms INTEGER NOT NULL, PRIMARY KEY(code, seq));",
        postgres: "CREATE TABLE IF NOT EXISTS games(
                   code TEXT PRIMARY KEY, preset TEXT NOT NULL, time TEXT,
                   start TEXT NOT NULL, white TEXT, black TEXT,
                   over INTEGER NOT NULL DEFAULT 0);
               CREATE TABLE IF NOT EXISTS events(
                   code TEXT NOT NULL, seq BIGINT NOT NULL, event TEXT NOT NULL,
                   at_ms BIGINT NOT NULL, PRIMARY KEY(code, seq));",
    },
    Migration {
        version: 2,
        // Several nodes: each game's owner and the number of times it
        // changed hands (the fencing token), each node's lease, and the
        // seat tokens indexed (a client resumes through any node).
        sqlite: "ALTER TABLE games ADD COLUMN owner TEXT;
                 ALTER TABLE games ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;
                 CREATE TABLE nodes(
                     name TEXT PRIMARY KEY, addr TEXT NOT NULL, until_ms INTEGER NOT NULL);
                 CREATE INDEX games_white ON games(white);
                 CREATE INDEX games_black ON games(black);
                 CREATE INDEX games_owner ON games(owner) WHERE over = 0;",
        postgres: "ALTER TABLE games ADD COLUMN owner TEXT;
                   ALTER TABLE games ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;
                   CREATE TABLE nodes(
                       name TEXT PRIMARY KEY, addr TEXT NOT NULL, until_ms BIGINT NOT NULL);
                   CREATE INDEX games_white ON games(white);
                   CREATE INDEX games_black ON games(black);
                   CREATE INDEX games_owner ON games(owner) WHERE over = 0;",
    },
    Migration {
        version: 3,
        // The node that wrote each event (none on a lone server): an
        // audit of the fencing.
        sqlite: "ALTER TABLE events ADD COLUMN node TEXT;",
        postgres: "ALTER TABLE events ADD COLUMN node TEXT;",
    },
    Migration {
        version: 4,
        // The quick-game queue of several nodes: who waits, for which
        // time control, on which node.
        sqlite: "CREATE TABLE quick_queue(
                     ticket INTEGER PRIMARY KEY AUTOINCREMENT,
                     control TEXT NOT NULL, node TEXT NOT NULL);",
        postgres: "CREATE TABLE quick_queue(
                       ticket BIGSERIAL PRIMARY KEY,
                       control TEXT NOT NULL, node TEXT NOT NULL);",
    },
    Migration {
        version: 5,
        // Which run of a node holds its lease: a node restarted under the
        // same name is another run, and a stalled earlier process of it
        // can neither renew the lease nor write (its run no longer
        // matches).
        sqlite: "ALTER TABLE nodes ADD COLUMN run INTEGER NOT NULL DEFAULT 0;",
        postgres: "ALTER TABLE nodes ADD COLUMN run BIGINT NOT NULL DEFAULT 0;",
    },
    Migration {
        version: 6,
        // A waiting player's pairing stays in its row (empty while the
        // pairing node opens the game) until its node collects it: a
        // NOTIFY missed then costs a second, not the game.
        sqlite: "ALTER TABLE quick_queue ADD COLUMN paired TEXT;",
        postgres: "ALTER TABLE quick_queue ADD COLUMN paired TEXT;",
    },
    Migration {
        version: 7,
        // Players with a name: accounts (a deleted one keeps its row, its
        // name and password gone, so that its games still say who), their
        // sessions by the token's hash, a rating per speed and its
        // history; each game's players, whether it is rated, how it ended
        // (the archive lists finished games by these) and whether its
        // rating is done (once, whichever node does it); the quick-game
        // queue's ratings and waits.
        sqlite: "CREATE TABLE users(
                     id INTEGER PRIMARY KEY AUTOINCREMENT,
                     name TEXT NOT NULL, name_key TEXT UNIQUE, hash TEXT,
                     created_ms INTEGER NOT NULL, seen_ms INTEGER NOT NULL,
                     deleted INTEGER NOT NULL DEFAULT 0);
                 CREATE TABLE sessions(
                     hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL,
                     expires_ms INTEGER NOT NULL);
                 CREATE INDEX sessions_user ON sessions(user_id);
                 CREATE TABLE ratings(
                     user_id INTEGER NOT NULL, speed TEXT NOT NULL,
                     rating REAL NOT NULL, deviation REAL NOT NULL, volatility REAL NOT NULL,
                     games INTEGER NOT NULL, updated_ms INTEGER NOT NULL,
                     PRIMARY KEY(user_id, speed));
                 CREATE INDEX ratings_board ON ratings(speed, rating);
                 CREATE TABLE rating_history(
                     user_id INTEGER NOT NULL, game TEXT NOT NULL, speed TEXT NOT NULL,
                     at_ms INTEGER NOT NULL, side TEXT NOT NULL,
                     before REAL NOT NULL, after REAL NOT NULL, deviation REAL NOT NULL,
                     PRIMARY KEY(user_id, game));
                 CREATE INDEX rating_history_game ON rating_history(game);
                 ALTER TABLE games ADD COLUMN white_user INTEGER;
                 ALTER TABLE games ADD COLUMN black_user INTEGER;
                 ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
                 ALTER TABLE games ADD COLUMN rating_done INTEGER NOT NULL DEFAULT 0;
                 ALTER TABLE games ADD COLUMN result TEXT;
                 ALTER TABLE games ADD COLUMN why TEXT;
                 ALTER TABLE games ADD COLUMN ended_ms INTEGER;
                 ALTER TABLE games ADD COLUMN plies INTEGER;
                 CREATE INDEX games_white_user ON games(white_user, ended_ms);
                 CREATE INDEX games_black_user ON games(black_user, ended_ms);
                 CREATE INDEX games_unrated ON games(ended_ms) WHERE rated = 1 AND rating_done = 0;
                 ALTER TABLE quick_queue ADD COLUMN user_id INTEGER;
                 ALTER TABLE quick_queue ADD COLUMN rating REAL;
                 ALTER TABLE quick_queue ADD COLUMN since_ms INTEGER;",
        postgres: "CREATE TABLE users(
                       id BIGSERIAL PRIMARY KEY,
                       name TEXT NOT NULL, name_key TEXT UNIQUE, hash TEXT,
                       created_ms BIGINT NOT NULL, seen_ms BIGINT NOT NULL,
                       deleted BIGINT NOT NULL DEFAULT 0);
                   CREATE TABLE sessions(
                       hash TEXT PRIMARY KEY, user_id BIGINT NOT NULL,
                       expires_ms BIGINT NOT NULL);
                   CREATE INDEX sessions_user ON sessions(user_id);
                   CREATE TABLE ratings(
                       user_id BIGINT NOT NULL, speed TEXT NOT NULL,
                       rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL,
                       volatility DOUBLE PRECISION NOT NULL,
                       games BIGINT NOT NULL, updated_ms BIGINT NOT NULL,
                       PRIMARY KEY(user_id, speed));
                   CREATE INDEX ratings_board ON ratings(speed, rating);
                   CREATE TABLE rating_history(
                       user_id BIGINT NOT NULL, game TEXT NOT NULL, speed TEXT NOT NULL,
                       at_ms BIGINT NOT NULL, side TEXT NOT NULL,
                       before DOUBLE PRECISION NOT NULL, after DOUBLE PRECISION NOT NULL,
                       deviation DOUBLE PRECISION NOT NULL,
                       PRIMARY KEY(user_id, game));
                   CREATE INDEX rating_history_game ON rating_history(game);
                   ALTER TABLE games ADD COLUMN white_user BIGINT;
                   ALTER TABLE games ADD COLUMN black_user BIGINT;
                   ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
                   ALTER TABLE games ADD COLUMN rating_done BIGINT NOT NULL DEFAULT 0;
                   ALTER TABLE games ADD COLUMN result TEXT;
                   ALTER TABLE games ADD COLUMN why TEXT;
                   ALTER TABLE games ADD COLUMN ended_ms BIGINT;
                   ALTER TABLE games ADD COLUMN plies BIGINT;
                   CREATE INDEX games_white_user ON games(white_user, ended_ms);
                   CREATE INDEX games_black_user ON games(black_user, ended_ms);
                   CREATE INDEX games_unrated ON games(ended_ms) WHERE rated = 1 AND rating_done = 0;
                   ALTER TABLE quick_queue ADD COLUMN user_id BIGINT;
                   ALTER TABLE quick_queue ADD COLUMN rating DOUBLE PRECISION;
                   ALTER TABLE quick_queue ADD COLUMN since_ms BIGINT;",
    },
    Migration {
        version: 8,
        // Each node's own clock at its last renewal: a game taken over
        // charges the player to move only the time it thought before its
        // node stopped, measured by that node's clock (no outage, no skew
        // between nodes).
        sqlite: "ALTER TABLE nodes ADD COLUMN clock_ms INTEGER NOT NULL DEFAULT 0;",
        postgres: "ALTER TABLE nodes ADD COLUMN clock_ms BIGINT NOT NULL DEFAULT 0;",
    },
    Migration {
        version: 9,
        // When a waiting ticket was taken for a pairing: one taken and
        // never paired (its taker failed or died) goes back to the queue.
        sqlite: "ALTER TABLE quick_queue ADD COLUMN taken_ms INTEGER;",
        postgres: "ALTER TABLE quick_queue ADD COLUMN taken_ms BIGINT;",
    },
];

/// The version this server's tables are at.
pub(crate) fn latest() -> i64 {
    MIGRATIONS.last().map_or(0, |m| m.version)
}

/// The version a database is at: the recorded one, else 1 when the
/// tables of before versioned migrations are there, else 0 (empty).
pub(crate) fn found(recorded: Option<i64>, has_games: bool) -> i64 {
    recorded.unwrap_or(i64::from(has_games))
}

/// The migrations to apply to a database at `found`, or why not.
pub(crate) fn plan(
    db: &str,
    found: i64,
) -> Result<impl Iterator<Item = &'static Migration>, StoreError> {
    plan_of(MIGRATIONS, db, found)
}

/// As [`plan`] over the migrations `all` (oldest first).
pub(crate) fn plan_of<'a>(
    all: &'a [Migration],
    db: &str,
    found: i64,
) -> Result<impl Iterator<Item = &'a Migration>, StoreError> {
    let known = all.last().map_or(0, |m| m.version);
    if found > known || found < 0 {
        return Err(StoreError::Schema {
            db: db.to_string(),
            found,
            known,
        });
    }
    Ok(all.iter().filter(move |m| m.version > found))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_numbered_in_order_from_one() {
        for (i, m) in MIGRATIONS.iter().enumerate() {
            assert_eq!(m.version, i as i64 + 1);
        }
        assert_eq!(found(None, false), 0);
        assert_eq!(found(None, true), 1);
        assert_eq!(
            plan("x", 0).map(Iterator::count).ok(),
            Some(MIGRATIONS.len())
        );
        assert_eq!(plan("x", latest()).map(Iterator::count).ok(), Some(0));
        let newer = plan("games.sqlite", latest() + 1)
            .err()
            .map(|e| e.to_string());
        assert!(
            newer
                .as_deref()
                .is_some_and(|e| e.contains("games.sqlite") && e.contains("newer")),
            "{newer:?}"
        );
    }
}
