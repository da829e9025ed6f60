//! The classic search algorithms, one per module, over one small problem interface
//! ([`Problem`]): the start, the goal test, successors in a fixed order, and an incrementally
//! updated heuristic. Every algorithm reports through an [`observer::Observer`] and obeys
//! [`Limits`].

pub mod astar;
mod best_first;
pub mod bfs;
pub mod bidirectional;
pub mod dfbnb;
pub mod dfs;
pub mod greedy;
pub mod idastar;
pub mod iddfs;
pub mod lc;
pub mod observer;
pub mod rbfs;
mod stack;
pub mod ucs;

use crate::board::{Move, MoveOrder, MoveTable};
use crate::cost::Cost;
use crate::error::Error;
use crate::heuristic::Heuristic;
use crate::state::State;
use crate::stats::Stats;
use observer::Observer;
use serde::Serialize;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The search algorithms, by their command-line names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// Breadth-first search.
    Bfs,
    /// Depth-first graph search with an explored set.
    Dfs,
    /// Iterative deepening depth-first search.
    Iddfs,
    /// Uniform-cost search.
    Ucs,
    /// Greedy best-first search on h.
    Greedy,
    /// A* (weighted A* with a weight other than 1).
    Astar,
    /// Least-cost branch and bound (LC-search).
    Lc,
    /// Depth-first branch and bound.
    Dfbnb,
    /// Iterative-deepening A*.
    Idastar,
    /// Recursive best-first search.
    Rbfs,
    /// Bidirectional breadth-first search.
    Bidirectional,
}

impl Algorithm {
    /// Every algorithm, in the order they are listed to users.
    pub const ALL: [Algorithm; 11] = [
        Algorithm::Bfs,
        Algorithm::Dfs,
        Algorithm::Iddfs,
        Algorithm::Ucs,
        Algorithm::Greedy,
        Algorithm::Astar,
        Algorithm::Lc,
        Algorithm::Dfbnb,
        Algorithm::Idastar,
        Algorithm::Rbfs,
        Algorithm::Bidirectional,
    ];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Bfs => "bfs",
            Algorithm::Dfs => "dfs",
            Algorithm::Iddfs => "iddfs",
            Algorithm::Ucs => "ucs",
            Algorithm::Greedy => "greedy",
            Algorithm::Astar => "astar",
            Algorithm::Lc => "lc",
            Algorithm::Dfbnb => "dfbnb",
            Algorithm::Idastar => "idastar",
            Algorithm::Rbfs => "rbfs",
            Algorithm::Bidirectional => "bidirectional",
        }
    }

    /// Whether the algorithm uses a heuristic at all.
    pub fn uses_heuristic(self) -> bool {
        !matches!(self, Algorithm::Bfs | Algorithm::Dfs | Algorithm::Iddfs | Algorithm::Ucs | Algorithm::Bidirectional)
    }

    /// Whether it always returns an optimal solution (given an admissible heuristic and, for A*,
    /// weight 1).
    pub fn is_optimal(self) -> bool {
        !matches!(self, Algorithm::Dfs | Algorithm::Greedy | Algorithm::Lc)
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        let s = s.trim().to_ascii_lowercase();
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .or(match s.as_str() {
                "a*" | "a-star" => Some(Algorithm::Astar),
                "ida*" | "ida" => Some(Algorithm::Idastar),
                "bibfs" | "bidir" => Some(Algorithm::Bidirectional),
                "dijkstra" => Some(Algorithm::Ucs),
                "ids" => Some(Algorithm::Iddfs),
                "bnb" => Some(Algorithm::Dfbnb),
                _ => None,
            })
            .ok_or_else(|| Error::Invalid(format!("unknown algorithm \"{s}\": use {}", Algorithm::ALL.map(|a| a.name()).join(", "))))
    }
}

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

/// Which limit ended a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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
}

impl fmt::Display for LimitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LimitKind::Nodes => "node limit",
            LimitKind::Time => "time limit",
            LimitKind::Memory => "memory limit",
            LimitKind::Cancelled => "cancelled",
            LimitKind::Depth => "recursion depth limit",
        })
    }
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// A path from the start to the goal.
    Found(Vec<Move>),
    /// The whole reachable space (within any depth limit) was searched: no solution.
    Exhausted,
    /// A limit stopped the search.
    Limit(LimitKind),
}

/// What an algorithm searches: a start, a goal, moves in a fixed order, and a heuristic.
#[derive(Clone, Debug)]
pub struct Problem<S: State> {
    /// Move targets per cell.
    pub table: Arc<MoveTable>,
    /// The start state.
    pub start: S,
    /// The goal state.
    pub goal: S,
    /// The heuristic toward `goal`.
    pub heuristic: Heuristic,
    /// Successor order.
    pub order: MoveOrder,
    /// Weight on h for weighted A* (1.0: plain A*).
    pub weight: f64,
    /// Depth bound for depth-first search.
    pub max_depth: Option<u32>,
}

/// A successor of a state.
#[derive(Clone, Debug)]
pub struct Succ<S> {
    /// The move that made it.
    pub mv: Move,
    /// The new state.
    pub state: S,
    /// Its heuristic estimate.
    pub h: Cost,
}

impl<S: State> Problem<S> {
    /// The estimate for `s`, computed from scratch.
    pub fn h(&self, s: &S) -> Cost {
        self.heuristic.estimate(s)
    }

    /// Whether `s` is the goal.
    #[inline]
    pub fn is_goal(&self, s: &S) -> bool {
        *s == self.goal
    }

    /// The successors of `s` (whose estimate is `h`) in the configured order, skipping the move
    /// that undoes `last`.
    #[inline]
    pub fn successors<'a>(&'a self, s: &'a S, h: Cost, last: Option<Move>) -> impl Iterator<Item = Succ<S>> + 'a {
        let skip = last.map(Move::inverse);
        let blank = s.blank();
        self.order.moves().into_iter().filter(move |&m| Some(m) != skip).filter_map(move |m| {
            let to = self.table.target(blank, m)?;
            let mut child = s.clone();
            let tile = child.slide(to);
            let h = self.heuristic.update(&child, h, tile, to, blank);
            Some(Succ { mv: m, state: child, h })
        })
    }

    /// A* priority with the problem's weight.
    #[inline]
    pub fn weighted(&self, g: u32, h: Cost) -> Cost {
        if self.weight == 1.0 {
            Cost::moves(g) + h
        } else {
            Cost::moves(g) + h.scaled(self.weight)
        }
    }
}

/// The running context: statistics, limits and the observer.
pub struct Ctx<'a, O: Observer> {
    /// Counters so far.
    pub stats: Stats,
    /// The observer.
    pub obs: O,
    limits: &'a Limits,
    started: Instant,
    ticks: u32,
    next_id: observer::NodeId,
}

impl<'a, O: Observer> Ctx<'a, O> {
    /// A fresh context; the clock starts now.
    pub fn new(limits: &'a Limits, obs: O) -> Self {
        Ctx { stats: Stats { iterations: 1, ..Stats::default() }, obs, limits, started: Instant::now(), ticks: 0, next_id: 0 }
    }

    /// A new node id.
    #[inline]
    pub fn id(&mut self) -> observer::NodeId {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// Checks the limits; call once per expansion with the bytes the search now holds.
    #[inline]
    pub fn check(&mut self, memory: usize) -> Result<(), LimitKind> {
        let mem = memory as u64;
        if mem > self.stats.peak_memory {
            self.stats.peak_memory = mem;
        }
        if let Some(n) = self.limits.nodes {
            if self.stats.generated >= n {
                return Err(LimitKind::Nodes);
            }
        }
        if let Some(m) = self.limits.memory {
            if mem > m {
                return Err(LimitKind::Memory);
            }
        }
        self.ticks = self.ticks.wrapping_add(1);
        if self.ticks % 1024 == 0 {
            if let Some(t) = self.limits.time {
                if self.started.elapsed() >= t {
                    return Err(LimitKind::Time);
                }
            }
            if let Some(c) = &self.limits.cancel {
                if c.load(Ordering::Relaxed) {
                    return Err(LimitKind::Cancelled);
                }
            }
        }
        Ok(())
    }

    /// Stops the clock and returns the statistics.
    pub fn finish(mut self, end: &End) -> (Stats, O) {
        self.stats.time = self.started.elapsed();
        if let End::Found(p) = end {
            self.stats.search_depth = p.len() as u64;
        }
        (self.stats, self.obs)
    }
}

/// Runs `algorithm` on `problem`.
pub fn run<S: State, O: Observer>(algorithm: Algorithm, problem: &Problem<S>, ctx: &mut Ctx<'_, O>) -> End {
    match algorithm {
        Algorithm::Bfs => bfs::search(problem, ctx),
        Algorithm::Dfs => dfs::search(problem, ctx),
        Algorithm::Iddfs => iddfs::search(problem, ctx),
        Algorithm::Ucs => ucs::search(problem, ctx),
        Algorithm::Greedy => greedy::search(problem, ctx),
        Algorithm::Astar => astar::search(problem, ctx),
        Algorithm::Lc => lc::search(problem, ctx),
        Algorithm::Dfbnb => dfbnb::search(problem, ctx),
        Algorithm::Idastar => idastar::search(problem, ctx),
        Algorithm::Rbfs => rbfs::search(problem, ctx),
        Algorithm::Bidirectional => bidirectional::search(problem, ctx),
    }
}

/// One node of a search tree kept in memory: its state, parent and cost so far.
#[derive(Clone, Debug)]
pub(crate) struct TreeNode<S> {
    pub state: S,
    pub parent: u32,
    pub mv: Option<Move>,
    pub g: u32,
    pub h: Cost,
    pub id: observer::NodeId,
}

/// The moves from the root to node `i` of an arena.
pub(crate) fn path_to<S>(nodes: &[TreeNode<S>], mut i: usize) -> Vec<Move> {
    let mut moves = Vec::with_capacity(nodes[i].g as usize);
    while let Some(m) = nodes[i].mv {
        moves.push(m);
        i = nodes[i].parent as usize;
    }
    moves.reverse();
    moves
}

/// Approximate bytes held by an arena and a hash map over states.
pub(crate) fn arena_bytes<S: State>(nodes: usize, map: usize, extra: usize, sample: &S) -> usize {
    let per_node = std::mem::size_of::<TreeNode<S>>() + sample.heap_bytes();
    let per_entry = std::mem::size_of::<S>() + 8 + sample.heap_bytes();
    nodes * per_node + map * per_entry * 8 / 7 + extra
}
