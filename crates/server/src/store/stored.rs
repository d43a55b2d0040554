//! A game's events as the database has them: read when a room cannot know
//! whether its last write was stored (its answer never came), so that the
//! room follows the database rather than its own guess.

use super::sql::{Sql, SqlError, Val};
use super::{Store, StoreError, ms};

/// One stored event: its number (from 0), its record and its time (ms).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredEvent {
    /// Its number in the game, from 0.
    pub seq: u64,
    /// The event as recorded (`move e2e4`, `flag w`…).
    pub record: String,
    /// When it happened (ms, the writing node's clock).
    pub at_ms: u64,
}

/// The most events read back at once: a game has a few hundred at most;
/// a room more than this behind reads again from where it got to.
pub const EVENTS_READ_AT_ONCE: usize = 1000;

fn events_from(db: &mut dyn Sql, code: &str, from: u64) -> Result<Vec<StoredEvent>, SqlError> {
    let rows = db.rows(
        "SELECT seq, event, at_ms FROM events WHERE code = $1 AND seq >= $2 ORDER BY seq LIMIT $3",
        &[
            Val::from(code),
            Val::Int(ms(from)),
            Val::Int(EVENTS_READ_AT_ONCE as i64),
        ],
    )?;
    Ok(rows
        .iter()
        .filter_map(|r| match r.as_slice() {
            [seq, record, at] => Some(StoredEvent {
                seq: u64::try_from(seq.int()).ok()?,
                record: record.text(),
                at_ms: u64::try_from(at.int()).unwrap_or(0),
            }),
            _ => None,
        })
        .collect())
}

impl Store {
    /// The events of game `code` numbered `from` on, in order.
    ///
    /// # Errors
    /// The database's reason (it cannot be reached, or did not answer in
    /// time).
    pub async fn events_from(&self, code: &str, from: u64) -> Result<Vec<StoredEvent>, StoreError> {
        let code = code.to_string();
        self.query(move |db| events_from(db, &code, from)).await
    }
}
