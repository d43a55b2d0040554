//! The connection to PostgreSQL: made (again, when it broke), and every
//! query run under a time limit, so that a database that hangs cannot
//! hang the store thread.

use std::fmt;
use std::future::Future;
use std::time::Duration;

use tokio::runtime::Runtime;
use tokio_postgres::{Client, NoTls};

/// The longest one query or transaction may take before the connection
/// is taken for broken (dropped, and made again for the next job): a
/// database that hangs must not hang the store thread, whose heartbeat
/// keeps the lease.
pub(super) const QUERY_TIMEOUT: Duration = Duration::from_secs(3);

/// The longest loading a node's games may take (at start and when it
/// takes over a dead node's games).
pub(super) const LOAD_TIMEOUT: Duration = Duration::from_secs(30);

/// Why a query, or the connection, failed.
#[derive(Debug)]
pub(super) enum DbError {
    /// The address is not a PostgreSQL URL, the server cannot be reached,
    /// or it refused the query: its reason.
    Db(tokio_postgres::Error),
    /// No answer within the time given: the connection is taken for
    /// broken.
    TimedOut,
}

impl fmt::Display for DbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DbError::Db(e) => write!(f, "{e}"),
            DbError::TimedOut => write!(f, "no answer in time: the connection is made again"),
        }
    }
}

impl std::error::Error for DbError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DbError::Db(e) => Some(e),
            DbError::TimedOut => None,
        }
    }
}

/// Runs `f` on `rt`, for at most `limit`.
pub(super) fn within<T>(
    rt: &Runtime,
    limit: Duration,
    f: impl Future<Output = Result<T, tokio_postgres::Error>>,
) -> Result<T, DbError> {
    // The timer is made inside the runtime, whose clock it needs.
    match rt.block_on(async { tokio::time::timeout(limit, f).await }) {
        Ok(r) => r.map_err(DbError::Db),
        Err(_) => Err(DbError::TimedOut),
    }
}

/// Connects to `url`; the connection is driven on `rt` while the store
/// thread waits on a query.
pub(super) fn connect(rt: &Runtime, url: &str) -> Result<Client, DbError> {
    let mut config: tokio_postgres::Config = url.parse().map_err(DbError::Db)?;
    config
        .connect_timeout(Duration::from_secs(10))
        .application_name("minesweeper_server");
    let (client, connection) = rt.block_on(config.connect(NoTls)).map_err(DbError::Db)?;
    rt.spawn(async move {
        if let Err(e) = connection.await {
            crate::log::log(
                crate::log::Level::Error,
                "db_connection_lost",
                &[("reason", &e)],
            );
        }
    });
    Ok(client)
}
