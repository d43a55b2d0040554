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
    /// The last try to connect failed a moment ago: not tried again yet.
    Down,
}

impl fmt::Display for DbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DbError::Db(e) => write!(f, "{e}"),
            DbError::TimedOut => write!(f, "no answer in time: the connection is made again"),
            DbError::Down => write!(f, "the database could not be reached a moment ago"),
        }
    }
}

impl std::error::Error for DbError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DbError::Db(e) => Some(e),
            DbError::TimedOut | DbError::Down => None,
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

/// The longest making a connection may take, handshake and all: a
/// database behind a cut link accepts nothing and answers nothing.
pub(crate) const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);

/// What the database itself enforces on each of our sessions, so that a
/// node paused or cut off mid-transaction cannot hold its locks (which a
/// take-over waits for) longer than a couple of seconds: statements,
/// waits for a lock, transactions left idle, and the server's keepalives
/// on a client that went silent.
const SESSION_LIMITS: &str = "-c statement_timeout=10000 -c lock_timeout=1000 \
     -c idle_in_transaction_session_timeout=2000 -c tcp_keepalives_idle=5 \
     -c tcp_keepalives_interval=1 -c tcp_keepalives_count=3";

/// `url` read, with the session limits, TCP keepalives and a kernel
/// timeout on unacknowledged data added.
pub(crate) fn config(url: &str) -> Result<tokio_postgres::Config, tokio_postgres::Error> {
    let mut config: tokio_postgres::Config = url.parse()?;
    let options = match config.get_options() {
        Some(own) if !own.is_empty() => format!("{SESSION_LIMITS} {own}"),
        _ => SESSION_LIMITS.to_string(),
    };
    config
        .options(options)
        .connect_timeout(CONNECT_TIMEOUT)
        .keepalives(true)
        .keepalives_idle(Duration::from_secs(5))
        .keepalives_interval(Duration::from_secs(1))
        .keepalives_retries(3)
        .tcp_user_timeout(Duration::from_secs(5))
        .application_name("minesweeper_server");
    Ok(config)
}

/// Connects to `url` on the current runtime, within [`CONNECT_TIMEOUT`];
/// the connection is driven by a task of its own.
pub(crate) async fn connect_async(url: &str) -> Result<Client, DbError> {
    let config = config(url).map_err(DbError::Db)?;
    let (client, connection) = tokio::time::timeout(CONNECT_TIMEOUT, config.connect(NoTls))
        .await
        .map_err(|_| DbError::TimedOut)?
        .map_err(DbError::Db)?;
    tokio::spawn(drive(connection));
    Ok(client)
}

/// Connects to `url`; the connection is driven on `rt` while the store
/// thread waits on a query.
pub(super) fn connect(rt: &Runtime, url: &str) -> Result<Client, DbError> {
    let config = config(url).map_err(DbError::Db)?;
    let (client, connection) = rt
        .block_on(async { tokio::time::timeout(CONNECT_TIMEOUT, config.connect(NoTls)).await })
        .map_err(|_| DbError::TimedOut)?
        .map_err(DbError::Db)?;
    rt.spawn(drive(connection));
    Ok(client)
}

/// Drives a connection until it ends, saying why when it broke.
async fn drive<S, T>(connection: tokio_postgres::Connection<S, T>)
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
    T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
    if let Err(e) = connection.await {
        crate::log::log(
            crate::log::Level::Error,
            "db_connection_lost",
            &[("reason", &e)],
        );
    }
}
