//! One way to query both databases, for the players' tables (accounts,
//! sessions, ratings, the archive): a query is written once, in
//! PostgreSQL's `$1` style, and SQLite runs it with `?1` in its place.
//! The games' own hot writes keep their per-database code (pipelined and
//! fenced on PostgreSQL).

use std::fmt;

/// A value passed to or read from a query.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Val {
    /// A 64-bit integer (`BIGINT`; SQLite's `INTEGER`).
    Int(i64),
    /// A float (`DOUBLE PRECISION`; SQLite's `REAL`).
    Real(f64),
    /// Text.
    Text(String),
    /// NULL in an integer column.
    NoInt,
    /// NULL in a text column (PostgreSQL types a parameter's NULL).
    NoText,
}

impl Val {
    /// The integer, 0 when NULL or not one.
    pub(crate) fn int(&self) -> i64 {
        match self {
            Val::Int(i) => *i,
            Val::Real(r) => *r as i64,
            _ => 0,
        }
    }

    /// The integer, `None` when NULL.
    pub(crate) fn opt_int(&self) -> Option<i64> {
        match self {
            Val::Int(i) => Some(*i),
            _ => None,
        }
    }

    /// The float, 0 when NULL.
    pub(crate) fn real(&self) -> f64 {
        match self {
            Val::Real(r) => *r,
            Val::Int(i) => *i as f64,
            _ => 0.0,
        }
    }

    /// The text, empty when NULL.
    pub(crate) fn text(&self) -> String {
        self.opt_text().unwrap_or_default()
    }

    /// The text, `None` when NULL.
    pub(crate) fn opt_text(&self) -> Option<String> {
        match self {
            Val::Text(t) => Some(t.clone()),
            _ => None,
        }
    }
}

impl From<i64> for Val {
    fn from(i: i64) -> Val {
        Val::Int(i)
    }
}

impl From<f64> for Val {
    fn from(r: f64) -> Val {
        Val::Real(r)
    }
}

impl From<&str> for Val {
    fn from(t: &str) -> Val {
        Val::Text(t.to_string())
    }
}

impl From<String> for Val {
    fn from(t: String) -> Val {
        Val::Text(t)
    }
}

impl From<Option<i64>> for Val {
    fn from(i: Option<i64>) -> Val {
        i.map_or(Val::NoInt, Val::Int)
    }
}

/// A row as read.
pub(crate) type Row = Vec<Val>;

/// Why a query failed: the database's reason (never a parameter's value:
/// those may be secrets).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SqlError(pub(crate) String);

impl fmt::Display for SqlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A database the players' queries run on.
pub(crate) trait Sql {
    /// PostgreSQL (row locks, `FOR UPDATE`) rather than SQLite.
    fn postgres(&self) -> bool;
    /// Runs a statement: the rows it changed.
    fn run(&mut self, sql: &str, params: &[Val]) -> Result<u64, SqlError>;
    /// Runs a query: its rows.
    fn rows(&mut self, sql: &str, params: &[Val]) -> Result<Vec<Row>, SqlError>;

    /// The first row, if any.
    fn row(&mut self, sql: &str, params: &[Val]) -> Result<Option<Row>, SqlError> {
        Ok(self.rows(sql, params)?.into_iter().next())
    }

    /// ` FOR UPDATE` on PostgreSQL (a row lock till the commit); nothing
    /// on SQLite, whose one writer holds the whole file.
    fn for_update(&self) -> &'static str {
        if self.postgres() { " FOR UPDATE" } else { "" }
    }
}

/// Runs `f` in a transaction: committed when it returns `Ok`, rolled back
/// otherwise.
pub(crate) fn transaction<T>(
    db: &mut dyn Sql,
    f: impl FnOnce(&mut dyn Sql) -> Result<T, SqlError>,
) -> Result<T, SqlError> {
    let begin = if db.postgres() {
        "BEGIN"
    } else {
        "BEGIN IMMEDIATE"
    };
    db.run(begin, &[])?;
    match f(db) {
        Ok(t) => {
            db.run("COMMIT", &[])?;
            Ok(t)
        }
        Err(e) => {
            let _ = db.run("ROLLBACK", &[]);
            Err(e)
        }
    }
}

/// `sql` with PostgreSQL's `$n` parameters as SQLite's `?n`.
pub(crate) fn sqlite_text(sql: &str) -> String {
    sql.replace('$', "?")
}

impl rusqlite::ToSql for Val {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, Value, ValueRef};
        Ok(match self {
            Val::Int(i) => ToSqlOutput::Owned(Value::Integer(*i)),
            Val::Real(r) => ToSqlOutput::Owned(Value::Real(*r)),
            Val::Text(t) => ToSqlOutput::Borrowed(ValueRef::Text(t.as_bytes())),
            Val::NoInt | Val::NoText => ToSqlOutput::Owned(Value::Null),
        })
    }
}

impl Sql for rusqlite::Connection {
    fn postgres(&self) -> bool {
        false
    }

    fn run(&mut self, sql: &str, params: &[Val]) -> Result<u64, SqlError> {
        let mut q = self
            .prepare_cached(&sqlite_text(sql))
            .map_err(|e| SqlError(e.to_string()))?;
        q.execute(rusqlite::params_from_iter(params.iter()))
            .map(|n| n as u64)
            .map_err(|e| SqlError(e.to_string()))
    }

    fn rows(&mut self, sql: &str, params: &[Val]) -> Result<Vec<Row>, SqlError> {
        use rusqlite::types::ValueRef;
        let mut q = self
            .prepare_cached(&sqlite_text(sql))
            .map_err(|e| SqlError(e.to_string()))?;
        let n = q.column_count();
        let mut out = Vec::new();
        let mut rows = q
            .query(rusqlite::params_from_iter(params.iter()))
            .map_err(|e| SqlError(e.to_string()))?;
        while let Some(r) = rows.next().map_err(|e| SqlError(e.to_string()))? {
            let mut row = Vec::with_capacity(n);
            for i in 0..n {
                row.push(match r.get_ref(i).map_err(|e| SqlError(e.to_string()))? {
                    ValueRef::Integer(i) => Val::Int(i),
                    ValueRef::Real(f) => Val::Real(f),
                    ValueRef::Text(t) | ValueRef::Blob(t) => {
                        Val::Text(String::from_utf8_lossy(t).into_owned())
                    }
                    ValueRef::Null => Val::NoText,
                });
            }
            out.push(row);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_runs_on_sqlite_in_postgres_style() {
        let mut db = rusqlite::Connection::open_in_memory().expect("in memory");
        db.run("CREATE TABLE t(a BIGINT, b TEXT, c DOUBLE PRECISION)", &[])
            .expect("made");
        db.run(
            "INSERT INTO t VALUES ($1, $2, $3), ($4, $5, $3)",
            &[
                Val::Int(1),
                "x".into(),
                Val::Real(0.5),
                Val::NoInt,
                Val::NoText,
            ],
        )
        .expect("inserted");
        let rows = db
            .rows("SELECT a, b, c FROM t ORDER BY a", &[])
            .expect("read");
        assert_eq!(rows[0][0].opt_int(), None);
        assert_eq!(rows[0][1].opt_text(), None);
        assert_eq!(rows[1], vec![Val::Int(1), "x".into(), Val::Real(0.5)]);
        let failed = transaction(&mut db, |db| {
            db.run("DELETE FROM t", &[])?;
            Err::<(), _>(SqlError("stop".into()))
        });
        assert!(failed.is_err());
        assert_eq!(db.rows("SELECT a FROM t", &[]).map(|r| r.len()), Ok(2));
    }
}
