//! The fast optimal engines. Each returns how it ended and its counters; the solve facade turns
//! that into an [`crate::solve::Outcome`] like any other search's.
//!
//! - [`exact_walk`]: boards of up to 10 cells (3×3, 2×4, …) walk down an exact distance table;
//!   no search at all.
//! - [`ida::search`]: boards of up to 25 cells (4×4, 5×5, …) run IDA* on fixed arrays with
//!   incrementally looked-up additive pattern databases, splitting big iterations over every
//!   core; [`catalogue`] is its variant for a catalogue of partitions (the largest of several
//!   additive sums) and for tables of one bit an entry, which runs a [`probe`] before its big
//!   iterations.
//!
//! [`crate::solve::solve`] takes these paths for `idastar` with the `pdb` or `exact` heuristic
//! when no observer is attached.

pub mod catalogue;
pub mod cost;
pub mod ida;
pub mod probe;
pub mod prune;

use crate::board::{Board, MoveOrder};
use crate::clock::Instant;
use crate::heuristic::exact::{ExactHeuristic, Walk};
use crate::limits::{LimitKind, Limits};
use crate::outcome::End;
use crate::stats::Stats;
use std::sync::atomic::Ordering;

/// An optimal solution of `start` by walking down the exact table `e`: at each step the first
/// move in `order` that lowers the distance by one. Each board looked at counts as generated and
/// each step as an expansion, so the node limit applies; a zero time limit or a set cancel flag
/// stops it before it starts (a walk takes microseconds, so nothing else can stop it).
pub fn exact_walk(e: &ExactHeuristic, start: &Board, order: MoveOrder, limits: &Limits) -> (End, Stats) {
    let started = Instant::now();
    let stopped = if limits.time.is_some_and(|t| t.is_zero()) {
        Some(LimitKind::Time)
    } else if limits.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
        Some(LimitKind::Cancelled)
    } else {
        None
    };
    if let Some(kind) = stopped {
        return (End::Limit(kind), Stats { iterations: 1, time: started.elapsed(), ..Stats::default() });
    }
    let (moves, looked, end) = e.walk_within(start, order, limits.nodes.unwrap_or(u64::MAX));
    let d = moves.len() as u64;
    let end = match end {
        Walk::Done => End::Found(moves),
        Walk::Unreachable => End::Exhausted,
        Walk::Budget => End::Limit(LimitKind::Nodes),
    };
    let stats = Stats {
        expanded: d,
        generated: looked,
        max_frontier: d,
        search_depth: if matches!(end, End::Found(_)) { d } else { 0 },
        max_depth: d,
        iterations: 1,
        peak_memory: 0,
        time: started.elapsed(),
        effective_branching_factor: None,
    };
    (end, stats)
}
