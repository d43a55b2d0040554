//! The lease renewed on a connection and a task of its own: never queued
//! behind the store thread's commits, lookups or a take-over's loading,
//! so that nothing the node is busy with costs it its lease.

use tokio_postgres::Client;

use super::link::{QUERY_TIMEOUT, connect_async};
use super::nodes::heartbeat;
use crate::store::StoreError;

/// A node's heartbeat: its name, its run, and the connection it renews
/// its lease on (made again when it broke).
pub struct Heart {
    url: String,
    /// The address without its password, for messages.
    name: String,
    node: String,
    run: i64,
    client: Option<Client>,
}

impl Heart {
    /// The heartbeat of `node`, run `run`, on the database at `url`.
    pub fn new(url: &str, node: &str, run: i64) -> Heart {
        Heart {
            url: url.to_string(),
            name: super::display(url),
            node: node.to_string(),
            run,
            client: None,
        }
    }

    /// The run whose lease it renews (a node that joined again).
    pub fn set_run(&mut self, run: i64) {
        self.run = run;
    }

    /// Renews the lease, within [`QUERY_TIMEOUT`]: `false` once it ran
    /// out (another node may have the games now).
    ///
    /// # Errors
    /// The database cannot be reached or did not answer in time (the
    /// connection is made again next time).
    pub async fn beat(&mut self) -> Result<bool, StoreError> {
        let failed = |e: &dyn std::fmt::Display| StoreError::Write(format!("{}: {e}", self.name));
        let client = match self.client.take() {
            Some(c) if !c.is_closed() => c,
            _ => connect_async(&self.url).await.map_err(|e| failed(&e))?,
        };
        let renewed = tokio::time::timeout(
            QUERY_TIMEOUT,
            heartbeat(&client, &self.node, self.run, crate::now_ms()),
        )
        .await;
        match renewed {
            Ok(Ok(held)) => {
                self.client = Some(client);
                Ok(held)
            }
            Ok(Err(e)) => Err(failed(&e)),
            // Dropped: an answer that may still come is not waited for.
            Err(_) => Err(failed(&"no answer in time")),
        }
    }
}
