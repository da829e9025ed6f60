//! Limits on a search and what stopped one: the vocabulary every engine, the facade and the
//! front ends share, on the library's ground floor.

use serde::Serialize;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Bounds on a search. `None` means unbounded.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Most nodes generated.
    pub nodes: Option<u64>,
    /// Most wall time.
    pub time: Option<Duration>,
    /// Most bytes of the search's own frontier and explored-set accounting.
    pub memory: Option<u64>,
    /// Set from elsewhere (Ctrl-C, a disconnected client) to stop the search.
    pub cancel: Option<Arc<AtomicBool>>,
}

/// The memory limit of each of `share` searches running at once when none is given, from the
/// memory the system reports `available` (the caller reads it; the library reads no
/// environment): half of it, shared out. What the searches count is their frontier and explored
/// set; allocator overhead and the containers' growth take the other half, so the system never
/// has to kill the process. `None` where the system does not say.
pub fn default_memory(available: Option<u64>, share: usize) -> Option<u64> {
    available.map(|m| m / 2 / share.max(1) as u64)
}

impl Limits {
    /// A limit already reached before any work: a zero time or node limit, or a cancel flag
    /// already set. Every engine stops at once on it, however small the search, and front ends
    /// need not prepare tables for a search that will not run.
    pub fn reached_at_start(&self) -> Option<LimitKind> {
        if self.time.is_some_and(|t| t.is_zero()) {
            Some(LimitKind::Time)
        } else if self.nodes == Some(0) {
            Some(LimitKind::Nodes)
        } else if self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            Some(LimitKind::Cancelled)
        } else {
            None
        }
    }
}

/// Which limit ended a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum LimitKind {
    /// The node limit.
    Nodes,
    /// The time limit.
    Time,
    /// The memory limit.
    Memory,
    /// Cancelled (Ctrl-C or a disconnected client).
    Cancelled,
    /// The recursion depth a recursive search allows.
    Depth,
    /// The most steps a local search may take.
    Steps,
}

impl fmt::Display for LimitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LimitKind::Nodes => "node limit",
            LimitKind::Time => "time limit",
            LimitKind::Memory => "memory limit",
            LimitKind::Cancelled => "cancelled",
            LimitKind::Depth => "recursion depth limit",
            LimitKind::Steps => "step limit",
        })
    }
}
