//! The one event hook every algorithm reports through. Traces, search trees and counters are
//! all built from these events. The default [`NoObserver`] sets `ENABLED = false`, so every
//! `if O::ENABLED { … }` block compiles away and the fast paths pay nothing.

use crate::board::{Move, Slide};
use crate::cost::Cost;
use crate::state::State;
use serde::Serialize;

/// A node's identity within one run, unique across iterations. Ids grow in generation order.
pub type NodeId = u64;

/// What became of a generated node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Fate {
    /// Put on the open list (or, for depth-first searches, on the stack).
    Added,
    /// Already seen at no greater cost; dropped.
    Duplicate,
    /// Cut off by a bound, an incumbent or a depth limit.
    Pruned,
    /// The goal.
    Goal,
}

/// Why a node taken from the open list was dropped rather than expanded.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Discard {
    /// A bound now cuts it (depth-first branch and bound's incumbent).
    #[default]
    Bound,
    /// Its state was expanded before (the explored-set convention).
    Expanded,
}

impl Discard {
    /// Whether this is the bound's discard (the reason a trace leaves out).
    pub fn is_bound(&self) -> bool {
        *self == Discard::Bound
    }
}

/// One step of a search.
#[derive(Debug)]
pub enum Event<'a, S> {
    /// A node was created.
    Generated {
        /// This node.
        id: NodeId,
        /// Its parent, `None` for a root.
        parent: Option<NodeId>,
        /// The move from the parent.
        mv: Option<Slide>,
        /// The path cost from the start, in the cost model's units (moves under unit costs).
        g: u32,
        /// Heuristic estimate.
        h: Cost,
        /// The value the algorithm orders or bounds by (g + h for A*, h for greedy, g for UCS).
        f: Cost,
        /// The state.
        state: &'a S,
        /// What happened to it.
        fate: Fate,
    },
    /// A node was taken from the open list and will be expanded (or tested, then expanded).
    Selected {
        /// The node.
        id: NodeId,
        /// The path cost from the start, in the cost model's units (moves under unit costs).
        g: u32,
        /// Heuristic estimate.
        h: Cost,
        /// Ordering value.
        f: Cost,
        /// The state.
        state: &'a S,
    },
    /// A node left on the open list was dropped when taken, not expanded.
    Discarded {
        /// The node.
        id: NodeId,
        /// Why.
        why: Discard,
    },
    /// The open list after a step, in the order the algorithm will take it.
    Frontier {
        /// Node ids, next first.
        ids: &'a [NodeId],
    },
    /// An iterative-deepening search starts an iteration with this bound (IDA*: on f; iterative
    /// deepening: on depth).
    Iteration {
        /// 1-based iteration number.
        number: u64,
        /// The bound.
        bound: Cost,
    },
    /// An iteration ended without a solution; the next one uses `next` (None: nothing left).
    IterationEnd {
        /// The next bound.
        next: Option<Cost>,
    },
    /// Depth-first branch and bound found a better solution; its cost is the new bound.
    Incumbent {
        /// The goal node.
        id: NodeId,
        /// Its path cost, now the bound.
        cost: u32,
    },
    /// Recursive best-first search backed up a value to a node as it unwound.
    BackedUp {
        /// The node.
        id: NodeId,
        /// The backed-up f.
        f: Cost,
    },
    /// The search met its goal (for bidirectional search, the frontiers met) at this node.
    Goal {
        /// The node.
        id: NodeId,
    },
    /// A local search stands at `state`: a step begins (local beam: one event per beam state,
    /// the first with `member` 0 begins the step).
    LocalCurrent {
        /// The current state.
        state: &'a S,
        /// Its estimate.
        h: Cost,
        /// Whether a run (or a restart's climb) begins here.
        initial: bool,
        /// Its index in a local beam.
        member: Option<u32>,
        /// Simulated annealing's temperature at this step.
        temperature: Option<f64>,
    },
    /// A local search evaluated a neighbour of the current state (local beam: of `member`).
    LocalNeighbour {
        /// The move to it.
        mv: Move,
        /// The neighbour.
        state: &'a S,
        /// Its estimate.
        h: Cost,
        /// The beam state it is a neighbour of.
        member: Option<u32>,
    },
    /// A local search chose a move, and why (annealing: or refused it).
    LocalChoice {
        /// The move.
        mv: Move,
        /// The estimate of the state it leads to.
        h: Cost,
        /// Why it was made or refused.
        why: super::why::Why,
        /// The index of the state it makes in the next beam.
        member: Option<u32>,
        /// The beam state it is made from.
        from: Option<u32>,
    },
    /// Random-restart hill climbing begins again, after a random walk from the start.
    LocalRestart {
        /// 1-based restart number.
        number: u32,
        /// The walk's moves.
        walk: &'a [Move],
    },
    /// A local search (or one climb of random-restart hill climbing) ended: at the goal
    /// (`None`) or stuck.
    LocalEnd {
        /// Why it stopped without the goal.
        stuck: Option<crate::outcome::Stuck>,
    },
}

/// Receives search events.
pub trait Observer {
    /// False for observers that ignore everything, so searches skip building events.
    const ENABLED: bool = true;
    /// Called for every event.
    fn event<S: State>(&mut self, e: &Event<'_, S>);
    /// Whether to report the frontier after each step (it costs a sort of the open list).
    fn wants_frontier(&self) -> bool {
        true
    }
}

/// Ignores everything and compiles away.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoObserver;

impl Observer for NoObserver {
    const ENABLED: bool = false;
    #[inline(always)]
    fn event<S: State>(&mut self, _: &Event<'_, S>) {}
    fn wants_frontier(&self) -> bool {
        false
    }
}

impl<O: Observer> Observer for &mut O {
    const ENABLED: bool = O::ENABLED;
    #[inline(always)]
    fn event<S: State>(&mut self, e: &Event<'_, S>) {
        (**self).event(e)
    }
    fn wants_frontier(&self) -> bool {
        (**self).wants_frontier()
    }
}
