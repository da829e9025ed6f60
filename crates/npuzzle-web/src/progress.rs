//! Live statistics for a running search: an observer that counts events and publishes the
//! counts to atomics every few thousand events, so another task can report them while the
//! search runs (the server), or a hook can pass them on from the search's own thread (the
//! WebAssembly worker, which has no other thread).

use npuzzle::search::observer::{Event, Fate, Observer};
use npuzzle::state::State;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// Counters shared between the search thread and the reporter, and the progress of a table
/// build that comes before the search.
#[derive(Debug, Default)]
pub struct Shared {
    expanded: AtomicU64,
    generated: AtomicU64,
    open: AtomicU64,
    depth: AtomicU64,
    /// Which run of a compare is going (0 for a solve).
    run: AtomicU64,
    /// Whether tables are being prepared.
    building: AtomicBool,
    /// Tables in the set being prepared, and how many are ready.
    tables: AtomicU64,
    tables_ready: AtomicU64,
    /// The table being built: entries filled and in all.
    filled: AtomicU64,
    entries: AtomicU64,
    /// Called after every publication, on the search's thread.
    tick: Option<fn(&Shared)>,
}

/// A snapshot of the counters.
#[derive(Clone, Copy, Debug, Serialize, ts_rs::TS)]
pub struct Snapshot {
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// Nodes added to the open list and not yet taken from it.
    pub frontier: u64,
    /// Deepest node generated.
    pub depth: u64,
    /// The table build under way, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub tables: Option<TableProgress>,
}

/// How far a table build has got.
#[derive(Clone, Copy, Debug, Serialize, ts_rs::TS)]
pub struct TableProgress {
    /// Tables in the set.
    pub tables: u64,
    /// Tables loaded or built so far.
    pub ready: u64,
    /// Entries of the table under construction filled so far.
    pub filled: u64,
    /// Entries of the table under construction.
    pub entries: u64,
}

impl Shared {
    /// Counters that call `tick` on the search's thread each time they are published (about
    /// every 4,096 search events, and at each step of a table build).
    pub fn with_tick(tick: fn(&Shared)) -> Shared {
        Shared { tick: Some(tick), ..Shared::default() }
    }

    fn ticked(&self) {
        if let Some(t) = self.tick {
            t(self);
        }
    }

    /// The counters now.
    pub fn snapshot(&self) -> Snapshot {
        let tables = self.building.load(Ordering::Relaxed).then(|| TableProgress {
            tables: self.tables.load(Ordering::Relaxed),
            ready: self.tables_ready.load(Ordering::Relaxed),
            filled: self.filled.load(Ordering::Relaxed),
            entries: self.entries.load(Ordering::Relaxed),
        });
        Snapshot {
            expanded: self.expanded.load(Ordering::Relaxed),
            generated: self.generated.load(Ordering::Relaxed),
            frontier: self.open.load(Ordering::Relaxed),
            depth: self.depth.load(Ordering::Relaxed),
            tables,
        }
    }

    /// Zeroes the counters for run `run` of a compare.
    pub fn reset(&self, run: u64) {
        for c in [&self.expanded, &self.generated, &self.open, &self.depth] {
            c.store(0, Ordering::Relaxed);
        }
        self.run.store(run, Ordering::Relaxed);
    }

    /// The run the counters belong to.
    pub fn run(&self) -> u64 {
        self.run.load(Ordering::Relaxed)
    }

    /// A set of `tables` tables is being prepared.
    pub fn tables_begin(&self, tables: u64) {
        self.tables.store(tables, Ordering::Relaxed);
        self.tables_ready.store(0, Ordering::Relaxed);
        self.filled.store(0, Ordering::Relaxed);
        self.entries.store(0, Ordering::Relaxed);
        self.building.store(true, Ordering::Relaxed);
    }

    /// A table build of `entries` entries starts.
    pub fn table_start(&self, entries: u64) {
        self.building.store(true, Ordering::Relaxed);
        self.filled.store(0, Ordering::Relaxed);
        self.entries.store(entries, Ordering::Relaxed);
        self.ticked();
    }

    /// A build has filled `filled` of `entries` entries.
    pub fn table_fill(&self, filled: u64, entries: u64) {
        self.filled.store(filled, Ordering::Relaxed);
        self.entries.store(entries, Ordering::Relaxed);
        self.ticked();
    }

    /// A table was loaded or built.
    pub fn table_done(&self) {
        self.tables_ready.fetch_add(1, Ordering::Relaxed);
        self.filled.store(self.entries.load(Ordering::Relaxed), Ordering::Relaxed);
        self.ticked();
    }

    /// The tables are ready (or failed): the search starts.
    pub fn tables_end(&self) {
        self.building.store(false, Ordering::Relaxed);
    }
}

/// Counts events, forwards them to `inner`, and publishes every 4,096 events.
pub struct Progress<O> {
    /// The observer events are forwarded to.
    pub inner: O,
    shared: Arc<Shared>,
    expanded: u64,
    generated: u64,
    open: i64,
    depth: u64,
    pending: u32,
}

const PUBLISH_EVERY: u32 = 4096;

impl<O: Observer> Progress<O> {
    /// Counts into `shared`, forwarding every event to `inner`.
    pub fn new(inner: O, shared: Arc<Shared>) -> Progress<O> {
        Progress { inner, shared, expanded: 0, generated: 0, open: 0, depth: 0, pending: 0 }
    }

    fn publish(&mut self) {
        self.pending = 0;
        self.shared.expanded.store(self.expanded, Ordering::Relaxed);
        self.shared.generated.store(self.generated, Ordering::Relaxed);
        self.shared.open.store(self.open.max(0) as u64, Ordering::Relaxed);
        self.shared.depth.store(self.depth, Ordering::Relaxed);
        self.shared.ticked();
    }
}

impl<O: Observer> Observer for Progress<O> {
    fn event<S: State>(&mut self, e: &Event<'_, S>) {
        match *e {
            Event::Generated { g, fate, .. } => {
                self.generated += 1;
                self.depth = self.depth.max(u64::from(g));
                if fate == Fate::Added {
                    self.open += 1;
                }
            }
            Event::Selected { .. } => {
                self.expanded += 1;
                self.open -= 1;
            }
            Event::Discarded { .. } => self.open -= 1,
            Event::Iteration { .. } => self.open = 0,
            // A local search: one step per state it stands at, its neighbours generated.
            Event::LocalCurrent { .. } => self.expanded += 1,
            Event::LocalNeighbour { .. } => self.generated += 1,
            _ => {}
        }
        self.inner.event(e);
        self.pending += 1;
        if self.pending >= PUBLISH_EVERY {
            self.publish();
        }
    }

    fn wants_frontier(&self) -> bool {
        self.inner.wants_frontier()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use npuzzle::goal::Goal;
    use npuzzle::parse::parse_board;
    use npuzzle::search::observer::NoObserver;
    use npuzzle::solve::{solve_observed, Request};

    #[test]
    fn counts_match_the_search_statistics() {
        let start = parse_board("8 1 3 4 0 2 7 6 5").unwrap();
        let goal = Goal::BlankLast.board(3, 3).unwrap();
        let shared = Arc::new(Shared::default());
        let (out, mut p) = solve_observed(&Request::new(start, goal), Progress::new(NoObserver, shared.clone())).unwrap();
        p.publish();
        let s = shared.snapshot();
        // A* selects the goal node but stops before expanding it.
        assert_eq!(s.expanded, out.stats.expanded + 1);
        assert_eq!(s.generated, out.stats.generated);
        assert_eq!(s.depth, out.stats.max_depth);
        assert!(s.frontier > 0);
    }
}
