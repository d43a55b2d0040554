//! The SQLite store's versioned tables: a file from before versions is
//! taken as it is, a file from a newer server is refused with the reason.

use minesweeper_core::chess::ByColor;
use minesweeper_server::store::{Db, Store, StoredGame, schema_version};

use crate::support::fresh_db;

/// The tables the server made before migrations were numbered.
const OLD_TABLES: &str = "CREATE TABLE games(
        code TEXT PRIMARY KEY, preset TEXT NOT NULL, time TEXT,
        start TEXT NOT NULL, white TEXT, black TEXT,
        over INTEGER NOT NULL DEFAULT 0);
    CREATE TABLE events(
        code TEXT NOT NULL, seq INTEGER NOT NULL, event TEXT NOT NULL,
        at_ms INTEGER NOT NULL, PRIMARY KEY(code, seq));
    INSERT INTO games(code, preset, time, start, white) VALUES
        ('OLDGAME', 'classic.ron', NULL, 'start-fen', 'token-w');
    INSERT INTO events(code, seq, event, at_ms) VALUES ('OLDGAME', 0, 'e2e4', 17);";

#[test]
fn a_database_from_before_numbered_migrations_keeps_its_games() {
    let path = fresh_db();
    let old = rusqlite::Connection::open(&path).expect("old file");
    old.execute_batch(OLD_TABLES).expect("old tables");
    drop(old);
    let (_store, games) = Store::open(&Db::Sqlite(path.clone()), false).expect("opens");
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].code, "OLDGAME");
    assert_eq!(games[0].tokens, ByColor::new(Some("token-w".into()), None));
    assert_eq!(games[0].events, vec![("e2e4".to_string(), 17)]);
    let db = rusqlite::Connection::open(&path).expect("reopen");
    let version: i64 = db
        .query_row("SELECT version FROM schema_version", [], |r| r.get(0))
        .expect("a version recorded");
    assert!(schema_version() > 1);
    assert_eq!(
        version,
        schema_version(),
        "taken as version 1, then migrated"
    );
}

#[test]
fn a_database_a_newer_server_has_used_is_refused_untouched() {
    let path = fresh_db();
    drop(Store::open(&Db::Sqlite(path.clone()), false).expect("new file"));
    let db = rusqlite::Connection::open(&path).expect("reopen");
    db.execute("UPDATE schema_version SET version = 99", [])
        .expect("as a newer server would");
    drop(db);
    let err = refusal(&path);
    assert!(err.contains("version 99") && err.contains("newer"), "{err}");
    let db = rusqlite::Connection::open(&path).expect("reopen");
    let version: i64 = db
        .query_row("SELECT version FROM schema_version", [], |r| r.get(0))
        .expect("still there");
    assert_eq!(version, 99, "left as it was");
}

/// Why the store refuses to open the file at `path` (it must), which
/// names the file.
fn refusal(path: &std::path::Path) -> String {
    let err = Store::open(&Db::Sqlite(path.to_path_buf()), false)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(err.contains(&path.display().to_string()), "{err}");
    err
}

/// A game to store.
pub fn game(code: &str) -> StoredGame {
    StoredGame {
        code: code.into(),
        preset: "classic.ron".into(),
        time: Some("5+3".into()),
        start: "start-fen".into(),
        tokens: ByColor::new(Some("w".into()), None),
        events: Vec::new(),
        users: ByColor::default(),
        rated: false,
        stopped_ms: None,
    }
}

#[test]
fn a_database_that_cannot_be_migrated_is_refused_with_the_reason_and_left_as_it_was() {
    let path = fresh_db();
    let old = rusqlite::Connection::open(&path).expect("old file");
    old.execute_batch(OLD_TABLES).expect("old tables");
    // Something of its own in the way of migration 2.
    old.execute_batch("CREATE TABLE nodes(x INTEGER)")
        .expect("a table of the same name");
    drop(old);
    let err = refusal(&path);
    assert!(
        err.contains("migration 2") && err.contains("nodes"),
        "{err}"
    );
    let db = rusqlite::Connection::open(&path).expect("reopen");
    let columns: i64 = db
        .query_row(
            "SELECT count(*) FROM pragma_table_info('games') WHERE name = 'owner'",
            [],
            |r| r.get(0),
        )
        .expect("columns");
    assert_eq!(columns, 0, "nothing of the migration applied");
    let games: i64 = db
        .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
        .expect("games");
    assert_eq!(games, 1, "the games still there");
}
