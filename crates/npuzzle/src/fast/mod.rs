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

use crate::board::{Board, Move, MoveOrder};
use crate::clock::Instant;
use crate::heuristic::exact::{ExactHeuristic, Walk};
use crate::heuristic::exact_cost::CostExactHeuristic;
use crate::limits::{LimitKind, Limits};
use crate::outcome::End;
use crate::stats::Stats;

/// A table an optimal solution is walked down: the exact distance table, or its twin under step
/// costs.
pub trait WalkTable {
    /// The moves from `start` down the table (at each step the first move in `order` that
    /// lowers the cost to go by the move's cost), the boards looked at, and how the walk ended,
    /// within `budget` boards looked at.
    fn walk_within(&self, start: &Board, order: MoveOrder, budget: u64) -> (Vec<Move>, u64, Walk);
}

impl WalkTable for ExactHeuristic {
    fn walk_within(&self, start: &Board, order: MoveOrder, budget: u64) -> (Vec<Move>, u64, Walk) {
        ExactHeuristic::walk_within(self, start, order, budget)
    }
}

impl WalkTable for CostExactHeuristic {
    fn walk_within(&self, start: &Board, order: MoveOrder, budget: u64) -> (Vec<Move>, u64, Walk) {
        CostExactHeuristic::walk_within(self, start, order, budget)
    }
}

/// An optimal (under step costs, cheapest) solution of `start` by walking down the exact table
/// `e`. Each board looked at counts as generated and each step as an expansion, so the node
/// limit applies; a limit reached before it starts ([`Limits::reached_at_start`]) stops it (a
/// walk takes microseconds, so nothing else can stop it).
pub fn exact_walk<T: WalkTable + ?Sized>(e: &T, start: &Board, order: MoveOrder, limits: &Limits) -> (End, Stats) {
    let started = Instant::now();
    if let Some(kind) = limits.reached_at_start() {
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
