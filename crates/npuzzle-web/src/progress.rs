//! Live statistics for a running search: an observer that counts events and publishes the
//! counts to atomics every few thousand events, so another task can report them while the
//! search runs.

use npuzzle::search::observer::{Event, Fate, Observer};
use npuzzle::state::State;
use serde::Serialize;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Counters shared between the search thread and the reporter.
#[derive(Debug, Default)]
pub struct Shared {
    expanded: AtomicU64,
    generated: AtomicU64,
    open: AtomicU64,
    depth: AtomicU64,
}

/// A snapshot of the counters.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Snapshot {
    pub expanded: u64,
    pub generated: u64,
    /// Nodes added to the open list and not yet taken from it.
    pub frontier: u64,
    /// Deepest node generated.
    pub depth: u64,
}

impl Shared {
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            expanded: self.expanded.load(Ordering::Relaxed),
            generated: self.generated.load(Ordering::Relaxed),
            frontier: self.open.load(Ordering::Relaxed),
            depth: self.depth.load(Ordering::Relaxed),
        }
    }
}

/// Counts events, forwards them to `inner`, and publishes every [`PUBLISH_EVERY`] events.
pub struct Progress<O> {
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
    pub fn new(inner: O, shared: Arc<Shared>) -> Progress<O> {
        Progress { inner, shared, expanded: 0, generated: 0, open: 0, depth: 0, pending: 0 }
    }

    fn publish(&mut self) {
        self.pending = 0;
        self.shared.expanded.store(self.expanded, Ordering::Relaxed);
        self.shared.generated.store(self.generated, Ordering::Relaxed);
        self.shared.open.store(self.open.max(0) as u64, Ordering::Relaxed);
        self.shared.depth.store(self.depth, Ordering::Relaxed);
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
