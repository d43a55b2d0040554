//! Accounts and sessions in SQL. Only hashes are stored: the password's
//! (Argon2id, made off the store thread) and each session token's.

use super::Account;
use crate::store::sql::{Sql, SqlError, Val};

/// A new account, or `None` when the name (folded) is taken.
pub(super) fn sign_up(
    db: &mut dyn Sql,
    name: &str,
    key: &str,
    hash: &str,
    now: i64,
) -> Result<Option<Account>, SqlError> {
    let row = db.row(
        "INSERT INTO users(name, name_key, hash, created_ms, seen_ms) VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (name_key) DO NOTHING RETURNING id",
        &[name.into(), key.into(), hash.into(), now.into()],
    )?;
    Ok(row.map(|r| Account {
        id: r[0].int(),
        name: name.to_string(),
    }))
}

/// The account of a (folded) name and its password's hash.
pub(super) fn credentials(
    db: &mut dyn Sql,
    key: &str,
) -> Result<Option<(Account, String)>, SqlError> {
    let row = db.row(
        "SELECT id, name, hash FROM users WHERE name_key = $1 AND deleted = 0",
        &[key.into()],
    )?;
    Ok(row.map(|r| {
        (
            Account {
                id: r[0].int(),
                name: r[1].text(),
            },
            r[2].text(),
        )
    }))
}

/// Keeps a session (by its token's hash) until `expires`.
pub(super) fn open_session(
    db: &mut dyn Sql,
    user: i64,
    hash: &str,
    now: i64,
    expires: i64,
) -> Result<(), SqlError> {
    // Expired sessions go as new ones come: the table stays small.
    db.run("DELETE FROM sessions WHERE expires_ms < $1", &[now.into()])?;
    db.run(
        "INSERT INTO sessions(hash, user_id, expires_ms) VALUES ($1, $2, $3)",
        &[hash.into(), user.into(), expires.into()],
    )?;
    db.run(
        "UPDATE users SET seen_ms = $2 WHERE id = $1",
        &[user.into(), now.into()],
    )?;
    Ok(())
}

/// The account of a live session, its expiry moved to `extend_to`.
pub(super) fn session(
    db: &mut dyn Sql,
    hash: &str,
    now: i64,
    extend_to: i64,
) -> Result<Option<Account>, SqlError> {
    let row = db.row(
        "SELECT u.id, u.name FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.hash = $1 AND s.expires_ms > $2 AND u.deleted = 0",
        &[hash.into(), now.into()],
    )?;
    let Some(r) = row else {
        return Ok(None);
    };
    let account = Account {
        id: r[0].int(),
        name: r[1].text(),
    };
    db.run(
        "UPDATE sessions SET expires_ms = $2 WHERE hash = $1",
        &[hash.into(), extend_to.into()],
    )?;
    db.run(
        "UPDATE users SET seen_ms = $2 WHERE id = $1",
        &[account.id.into(), now.into()],
    )?;
    Ok(Some(account))
}

/// Ends one session.
pub(super) fn end_session(db: &mut dyn Sql, hash: &str) -> Result<(), SqlError> {
    db.run("DELETE FROM sessions WHERE hash = $1", &[hash.into()])
        .map(|_| ())
}

/// Ends every session of `user` but `keep`.
pub(super) fn end_sessions(
    db: &mut dyn Sql,
    user: i64,
    keep: Option<&str>,
) -> Result<(), SqlError> {
    db.run(
        "DELETE FROM sessions WHERE user_id = $1 AND hash <> $2",
        &[user.into(), keep.unwrap_or("").into()],
    )
    .map(|_| ())
}

/// A new password hash.
pub(super) fn set_password(db: &mut dyn Sql, user: i64, hash: &str) -> Result<(), SqlError> {
    db.run(
        "UPDATE users SET hash = $2 WHERE id = $1 AND deleted = 0",
        &[user.into(), hash.into()],
    )
    .map(|_| ())
}

/// Deletes an account: its name, password, sessions and ratings go; its
/// row stays (its games say "deleted player").
pub(super) fn delete(db: &mut dyn Sql, user: i64) -> Result<(), SqlError> {
    let id = [Val::Int(user)];
    db.run(
        "UPDATE users SET deleted = 1, name = '', name_key = NULL, hash = NULL WHERE id = $1",
        &id,
    )?;
    db.run("DELETE FROM sessions WHERE user_id = $1", &id)?;
    db.run("DELETE FROM ratings WHERE user_id = $1", &id)?;
    db.run("DELETE FROM rating_history WHERE user_id = $1", &id)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::schema::MIGRATIONS;

    /// An SQLite database with every table.
    pub(crate) fn db() -> rusqlite::Connection {
        let db = rusqlite::Connection::open_in_memory().expect("in memory");
        for m in MIGRATIONS {
            db.execute_batch(m.sqlite).expect("migrated");
        }
        db
    }

    #[test]
    fn a_name_is_taken_once_and_a_session_ends() {
        let mut db = db();
        let a = sign_up(&mut db, "Bill", "bll", "h", 1).expect("ran");
        assert!(a.is_some());
        assert_eq!(sign_up(&mut db, "b1ll", "bll", "h", 1).expect("ran"), None);
        let (acc, hash) = credentials(&mut db, "bll").expect("ran").expect("found");
        assert_eq!((acc.name.as_str(), hash.as_str()), ("Bill", "h"));
        open_session(&mut db, acc.id, "s1", 1, 100).expect("ran");
        open_session(&mut db, acc.id, "s2", 1, 100).expect("ran");
        assert!(session(&mut db, "s1", 50, 200).expect("ran").is_some());
        assert!(session(&mut db, "s2", 150, 200).expect("ran").is_none());
        end_sessions(&mut db, acc.id, Some("s1")).expect("ran");
        assert!(session(&mut db, "s1", 60, 200).expect("ran").is_some());
        delete(&mut db, acc.id).expect("ran");
        assert!(session(&mut db, "s1", 60, 200).expect("ran").is_none());
        assert!(credentials(&mut db, "bll").expect("ran").is_none());
        assert!(
            sign_up(&mut db, "Bill", "bll", "h", 1)
                .expect("ran")
                .is_some()
        );
    }
}
