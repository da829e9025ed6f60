//! Search statistics, reported by every run whether it solved, failed or hit a limit.

use serde::Serialize;
use std::time::Duration;

/// Counters a search keeps as it runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Stats {
    /// Nodes whose successors were generated.
    pub expanded: u64,
    /// Nodes created, the start included.
    pub generated: u64,
    /// Largest size of the open list (queue, stack, heap, or the depth-first path).
    pub max_frontier: u64,
    /// Depth of the solution found (0 when none).
    pub search_depth: u64,
    /// Deepest node generated.
    pub max_depth: u64,
    /// Iterations of an iterative-deepening search (1 for the others).
    pub iterations: u64,
    /// Peak bytes of the search's own frontier and explored-set accounting.
    pub peak_memory: u64,
    /// Wall time.
    #[serde(rename = "time_ms", serialize_with = "as_ms")]
    #[cfg_attr(feature = "ts", ts(as = "f64"))]
    pub time: Duration,
}

fn as_ms<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64((d.as_secs_f64() * 1e6).round() / 1e3)
}

impl Stats {
    /// Records that the open list reached `n` entries.
    #[inline]
    pub fn frontier(&mut self, n: usize) {
        self.max_frontier = self.max_frontier.max(n as u64);
    }

    /// Records a node generated at `depth`.
    #[inline]
    pub fn generated_at(&mut self, depth: u32) {
        self.generated += 1;
        self.max_depth = self.max_depth.max(depth as u64);
    }

    /// Adds another run's counters (the time is left alone).
    pub fn absorb(&mut self, o: &Stats) {
        self.expanded += o.expanded;
        self.generated += o.generated;
        self.max_frontier = self.max_frontier.max(o.max_frontier);
        self.max_depth = self.max_depth.max(o.max_depth);
        self.peak_memory = self.peak_memory.max(o.peak_memory);
        self.iterations += o.iterations;
    }
}
