//! The players' queries ([`crate::store::sql`]) on PostgreSQL: each run
//! under the same time limit as every other query of the store thread.

use tokio_postgres::types::{ToSql, Type};

use super::Postgres;
use super::link::{QUERY_TIMEOUT, within};
use crate::store::sql::{Row, Sql, SqlError, Val};

/// A parameter as the client sends it (a NULL typed by its column).
fn param(v: &Val) -> Box<dyn ToSql + Sync + Send> {
    match v {
        Val::Int(i) => Box::new(*i),
        Val::Real(r) => Box::new(*r),
        Val::Text(t) => Box::new(t.clone()),
        Val::NoInt => Box::new(None::<i64>),
        Val::NoText => Box::new(None::<String>),
    }
}

/// Column `i` of `row` by its type.
fn value(row: &tokio_postgres::Row, i: usize) -> Result<Val, tokio_postgres::Error> {
    let ty = row.columns()[i].type_();
    Ok(if *ty == Type::INT8 {
        row.try_get::<_, Option<i64>>(i)?.into()
    } else if *ty == Type::INT4 {
        row.try_get::<_, Option<i32>>(i)?.map(i64::from).into()
    } else if *ty == Type::INT2 {
        row.try_get::<_, Option<i16>>(i)?.map(i64::from).into()
    } else if *ty == Type::BOOL {
        row.try_get::<_, Option<bool>>(i)?.map(i64::from).into()
    } else if *ty == Type::FLOAT8 {
        row.try_get::<_, Option<f64>>(i)?
            .map_or(Val::NoInt, Val::Real)
    } else {
        row.try_get::<_, Option<String>>(i)?
            .map_or(Val::NoText, Val::Text)
    })
}

impl Postgres {
    /// Runs one statement or query of the players' tables.
    fn query(&mut self, sql: &str, params: &[Val], rows: bool) -> Result<Vec<Row>, SqlError> {
        self.ready().map_err(|e| SqlError(e.to_string()))?;
        let boxed: Vec<Box<dyn ToSql + Sync + Send>> = params.iter().map(param).collect();
        let refs: Vec<&(dyn ToSql + Sync)> = boxed
            .iter()
            .map(|b| b.as_ref() as &(dyn ToSql + Sync))
            .collect();
        let client = &self.client;
        let done = if rows {
            within(&self.rt, QUERY_TIMEOUT, async {
                let found = client.query(sql, &refs).await?;
                found
                    .iter()
                    .map(|r| (0..r.len()).map(|i| value(r, i)).collect())
                    .collect::<Result<Vec<Row>, _>>()
            })
        } else {
            within(&self.rt, QUERY_TIMEOUT, async {
                let n = if matches!(sql, "BEGIN" | "COMMIT" | "ROLLBACK") {
                    client.batch_execute(sql).await.map(|()| 0)?
                } else {
                    client.execute(sql, &refs).await?
                };
                Ok(vec![vec![Val::Int(i64::try_from(n).unwrap_or(i64::MAX))]])
            })
        };
        let done = self.checked(done);
        done.map_err(|e| SqlError(e.to_string()))
    }
}

impl Sql for Postgres {
    fn postgres(&self) -> bool {
        true
    }

    fn run(&mut self, sql: &str, params: &[Val]) -> Result<u64, SqlError> {
        let rows = self.query(sql, params, false)?;
        Ok(rows
            .first()
            .and_then(|r| r.first())
            .map_or(0, |v| u64::try_from(v.int()).unwrap_or(0)))
    }

    fn rows(&mut self, sql: &str, params: &[Val]) -> Result<Vec<Row>, SqlError> {
        self.query(sql, params, true)
    }
}
