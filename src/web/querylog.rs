//! Where the server's questions are logged: the store, or nowhere (tests, `--no-log`).
//! The answer service writes the rows ([`crate::ask::Service::record`]); this holds the
//! store for the metrics of its queue and for draining it on shutdown.

use crate::store::{LogHealth, Store};

/// The store the query log lives in, if any.
#[derive(Default, Clone)]
pub struct QueryLog {
    store: Option<Store>,
}

impl QueryLog {
    pub fn new(store: Option<Store>) -> QueryLog {
        QueryLog { store }
    }

    /// The store, for the answer service.
    pub fn store(&self) -> Option<&Store> {
        self.store.as_ref()
    }

    pub fn queue_depth(&self) -> u64 {
        self.store
            .as_ref()
            .map_or(0, |s| s.log().queue_depth() as u64)
    }

    /// Rows in the spill file and rows dropped since start.
    pub fn spilled_and_dropped(&self) -> (u64, u64) {
        self.store
            .as_ref()
            .map_or((0, 0), |s| (s.log().spilled(), s.log().dropped()))
    }

    /// How the query log stands; a server without a store has nothing to lose.
    pub fn health(&self) -> LogHealth {
        self.store
            .as_ref()
            .map_or(LogHealth::Writing, |s| s.log().health())
    }

    pub fn write_errors(&self) -> u64 {
        self.store.as_ref().map_or(0, |s| s.log().write_errors())
    }

    /// Write what is queued before the process exits.
    pub async fn shutdown(&self) {
        if let Some(store) = &self.store {
            store.shutdown().await;
        }
    }
}
