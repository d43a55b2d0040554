//! Why the store could not open or write.

/// Why the store could not open or write. The database's own reason is
/// kept as its text: one failed commit answers every write of the batch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The database cannot be opened, created or read.
    Open {
        /// The file or address.
        path: String,
        /// The database's reason.
        reason: String,
    },
    /// The database's tables are at a version this server does not know:
    /// a newer server has used it.
    Schema {
        /// The file or address.
        db: String,
        /// The version found.
        found: i64,
        /// The newest this server knows.
        known: i64,
    },
    /// A migration failed (the database is left as it was).
    Migrate {
        /// The file or address.
        db: String,
        /// The migration's number.
        version: i64,
        /// The database's reason.
        reason: String,
    },
    /// The writer thread could not start.
    Thread(String),
    /// The database refused this write (a code already used, a full disk).
    Write(String),
    /// The transaction holding this write did not commit.
    Commit(String),
    /// The writer has stopped (the server is shutting down).
    Stopped,
    /// This node no longer holds the game (its lease ran out and another
    /// node took it): nothing was written.
    Fenced(String),
    /// Several nodes need PostgreSQL.
    NodesNeedPostgres,
    /// Too many requests wait for the database already: refused, not
    /// queued (try again).
    Busy,
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Open { path, reason } => write!(f, "{path}: {reason}"),
            StoreError::Schema { db, found, known } => write!(
                f,
                "{db}: its tables are at version {found}, newer than this server knows ({known}); \
                 run the newer minesweeper_server that made them"
            ),
            StoreError::Migrate {
                db,
                version,
                reason,
            } => write!(
                f,
                "{db}: migration {version} failed, nothing changed: {reason}"
            ),
            StoreError::Thread(e) => write!(f, "store thread: {e}"),
            StoreError::Write(e) => write!(f, "{e}"),
            StoreError::Commit(e) => write!(f, "commit: {e}"),
            StoreError::Stopped => write!(f, "the store has stopped"),
            StoreError::Fenced(code) => {
                write!(f, "game {code} is no longer this node's: nothing written")
            }
            StoreError::Busy => write!(f, "the database is busy; try again"),
            StoreError::NodesNeedPostgres => {
                write!(f, "--node needs a PostgreSQL database (--db postgres://…)")
            }
        }
    }
}

impl std::error::Error for StoreError {}

impl StoreError {
    /// What a client is told: never the database's address or its own
    /// words (those go to the log).
    pub fn for_client(&self) -> String {
        match self {
            StoreError::Fenced(_) => self.to_string(),
            StoreError::Stopped => "the server is stopping".into(),
            StoreError::Busy => self.to_string(),
            _ => "the database did not take it; try again".into(),
        }
    }

    /// The refusal a client gets when `what` failed for this reason, the
    /// whole reason logged.
    pub fn refusal(&self, what: &str) -> (minesweeper_core::online::protocol::ErrorCode, String) {
        crate::log::log(
            crate::log::Level::Warn,
            "store_refused",
            &[("what", &what), ("reason", self)],
        );
        (
            minesweeper_core::online::protocol::ErrorCode::Unavailable,
            format!("{what}: {}", self.for_client()),
        )
    }
}
