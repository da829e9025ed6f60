//! The classic search algorithms, one per module, over one small problem interface
//! ([`Problem`]): the start, the goal test, successors in a fixed order, and an incrementally
//! updated heuristic. Every algorithm reports through an [`observer::Observer`] and obeys
//! [`Limits`].
//!
//! Each algorithm's module (a file, or a folder for a large one) holds its search and its
//! [`Info`] (name, optimality, goal test, frontier, parameters, what it needs prepared, trace
//! wording); the `algorithms!` list below registers it with one line, which gives it a variant
//! of [`Algorithm`] that every front end lists and is also how it runs ([`Algorithm::run`]):
//! the state-space searches through the shared `classic` entry, the others (IDA* with its fast
//! engines, the row-and-column reductions, the beams over pattern databases) through their own.
//! The facade ([`crate::solve()`]) names no algorithm.

mod best_first;
pub mod bound;
pub(crate) mod classic;
pub mod conventions;
pub mod fit;
pub mod info;
pub mod local;
mod memory;
pub mod near;
pub mod observer;
pub mod params;
pub mod request;
pub mod rules;
mod stack;
mod why;

pub use crate::limits::{LimitKind, Limits};
pub use crate::outcome::End;
use crate::outcome::Outcome;
pub use conventions::{Conventions, Course, Duplicates, GoalTestAt, Rules, Ties};
pub use info::{Bound, Described, GoalTest, Info, Keeps, Kind, Line, Needs, Step, Words};
pub use local::{Stuck, Why};
pub use params::{Param, ParamGroup, ParamInfo, ParamKind, Params};
pub use request::Request;

use crate::board::{Move, MoveOrder, MoveTable, Slide};
use crate::clock::Instant;
use crate::cost::{Cost, CostModel};
use crate::error::Error;
use crate::heuristic::Heuristic;
use crate::metric::Metric;
use crate::state::State;
use crate::stats::Stats;
use observer::{Event, Fate, NodeId, Observer};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// Declares the algorithm modules and the [`Algorithm`] enum that registers them: one line per
/// algorithm, `Variant => module: kind`, and that line is also how it is run. Each module
/// defines `pub const INFO: Info`. A module of kind `search` defines
/// `pub fn search<S: State, O: Observer>(&Problem<S>, &mut Ctx<'_, O>) -> End`, run through the
/// shared [`classic`] entry; one of kind `entry` defines its own
/// `pub fn run<O: Observer>(&Request, O, Option<&mut dyn FnMut(Move)>) -> Result<(Outcome, O), Error>`.
macro_rules! algorithms {
    ($($variant:ident => $module:ident: $kind:ident,)*) => {
        $(pub mod $module;)*

        /// The search algorithms, in the order they are listed to users. Each variant's module
        /// (`search::<name>`) holds the algorithm and its [`Info`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Algorithm {
            $(
                #[doc = concat!("See [`", stringify!($module), "`].")]
                $variant,
            )*
        }

        impl Algorithm {
            /// Every algorithm, in the order they are listed to users.
            pub const ALL: &'static [Algorithm] = &[$(Algorithm::$variant),*];

            /// What the algorithm says about itself.
            pub fn info(self) -> &'static Info {
                match self {
                    $(Algorithm::$variant => &$module::INFO,)*
                }
            }

            /// Runs the algorithm on `req` through its registered entry, reporting to `obs`,
            /// and hands the observer back. The start and goal are the same size and the goal
            /// is reachable ([`crate::solve::solve`] checks both). With a `sink`, an algorithm
            /// that makes its moves one at a time hands each to it as it is made (its outcome's
            /// moves then stay empty); the others return their moves in the outcome. The
            /// outcome's cost counts moves, and it carries no lower bound unless the algorithm
            /// proved one a limit stopped it at: the facade prices and bounds it.
            pub fn run<O: Observer>(self, req: &Request, obs: O, sink: Option<&mut dyn FnMut(Move)>) -> Result<(Outcome, O), Error> {
                match self {
                    $(Algorithm::$variant => algorithms!(@run $kind $module req obs sink),)*
                }
            }
        }
    };
    (@run search $module:ident $req:ident $obs:ident $sink:ident) => {
        classic::run($req, $obs, classic::widths!($module::search))
    };
    (@run entry $module:ident $req:ident $obs:ident $sink:ident) => {
        $module::run($req, $obs, $sink)
    };
}

algorithms! {
    Bfs => bfs: search,
    Dfs => dfs: search,
    Iddfs => iddfs: search,
    Ucs => ucs: search,
    Greedy => greedy: search,
    Astar => astar: search,
    Lc => lc: search,
    Dfbnb => dfbnb: search,
    Idastar => idastar: entry,
    Rbfs => rbfs: search,
    Bidirectional => bidirectional: search,
    Reduce => reduce: entry,
    ReducePlus => reduce_plus: entry,
    PdbBeam => pdb_beam: entry,
    HillClimbing => hill_climbing: search,
    FirstChoice => first_choice: search,
    RandomRestart => random_restart: search,
    Annealing => annealing: search,
    LocalBeam => local_beam: search,
}

impl Algorithm {
    /// Whether the algorithm searches under multi-tile moves ([`Metric::Mtm`]): the
    /// state-space searches do; the local searches, the row-and-column reductions and the beams
    /// over pattern databases make single-tile moves only.
    pub fn runs_mtm(self) -> bool {
        self.info().records_tree()
    }

    /// The command-line name.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Whether the algorithm uses a heuristic at all.
    pub fn uses_heuristic(self) -> bool {
        self.info().uses_heuristic
    }

    /// Whether it always returns an optimal solution (given an admissible heuristic and its
    /// parameters at their defaults).
    pub fn is_optimal(self) -> bool {
        self.info().optimal
    }

    /// Whether it builds its answer by row-and-column reduction (`reduce`, `reduce-plus`): one
    /// path and no search tree, the final block's exact table the only table it reads.
    pub fn reduces(self) -> bool {
        self.info().reduces()
    }

    /// Every algorithm's name, comma-separated, for messages.
    pub fn names() -> String {
        Algorithm::ALL.iter().map(|a| a.name()).collect::<Vec<_>>().join(", ")
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
            .iter()
            .copied()
            .find(|a| a.name() == s || a.info().aliases.contains(&s.as_str()))
            .ok_or_else(|| Error::Invalid(format!("unknown algorithm {}: use {}", crate::error::quote(&s), Algorithm::names())))
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for Algorithm {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "AlgorithmName".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
        schemars::json_schema!({
            "description": "An algorithm's name, as `--algorithm` and the JSON fields take it.",
            "type": "string",
            "enum": names
        })
    }
}

impl Serialize for Algorithm {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Algorithm {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
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
    /// Every parameter given (the local searches read theirs through its getters).
    pub params: Params,
    /// What each move costs; g is counted in its units (moves under [`CostModel::Unit`]).
    pub cost: CostModel,
    /// How moves are counted: under [`Metric::Mtm`] the successors are every slide along the
    /// blank's row and column, each costing 1.
    pub metric: Metric,
}

/// A successor of a state.
#[derive(Clone, Debug)]
pub struct Succ<S> {
    /// The move that made it.
    pub mv: Slide,
    /// The new state.
    pub state: S,
    /// Its heuristic estimate.
    pub h: Cost,
    /// What the move cost, in whole units of the cost model (1 under unit costs).
    pub cost: u32,
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
    ///
    /// Under multi-tile moves each direction gives its slides from the shortest, and after a
    /// slide every slide along the same line is skipped: one back returns to the parent or to
    /// another of its children, and one further on reaches a child of the parent, each in one
    /// slide fewer.
    #[inline]
    pub fn successors<'a>(&'a self, s: &'a S, h: Cost, last: Option<Slide>) -> Successors<'a, S> {
        let skip = last.map(|l| l.mv.inverse());
        let line = if self.metric == Metric::Mtm { last.map(|l| l.mv) } else { None };
        Successors { p: self, s, h, blank: s.blank(), skip, line, moves: self.order.moves(), i: 0, slide: None }
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

/// The successors of a state, in the problem's move order ([`Problem::successors`]): one
/// child a move under single-tile moves; under multi-tile moves, each direction's slides from
/// the shortest. One struct with the metric tested per child (a branch always taken the same
/// way) keeps the depth-first passes' hot loop as tight as a plain loop over the moves.
pub struct Successors<'a, S: State> {
    p: &'a Problem<S>,
    s: &'a S,
    h: Cost,
    blank: usize,
    /// The move that undoes the last one.
    skip: Option<Move>,
    /// Under multi-tile moves, the last slide's direction: its whole line is skipped.
    line: Option<Move>,
    moves: [Move; 4],
    /// The next move of `moves` to try.
    i: usize,
    /// Under multi-tile moves, the slide under way: its board, estimate, run so far and
    /// direction.
    slide: Option<(S, Cost, u16, Move)>,
}

impl<S: State> Successors<'_, S> {
    /// The next slide under multi-tile moves.
    fn next_slide(&mut self) -> Option<Succ<S>> {
        let p = self.p;
        loop {
            if let Some((at, at_h, run, m)) = &mut self.slide {
                let from = at.blank();
                if let Some(to) = p.table.target(from, *m) {
                    let tile = at.slide(to);
                    *at_h = p.heuristic.update(at, *at_h, tile, to, from);
                    *run += 1;
                    return Some(Succ { mv: Slide { mv: *m, run: *run }, state: at.clone(), h: *at_h, cost: 1 });
                }
                self.slide = None;
            }
            let &m = self.moves.get(self.i)?;
            self.i += 1;
            if Some(m) != self.skip && Some(m) != self.line {
                self.slide = Some((self.s.clone(), self.h, 0, m));
            }
        }
    }
}

impl<S: State> Iterator for Successors<'_, S> {
    type Item = Succ<S>;

    #[inline]
    fn next(&mut self) -> Option<Succ<S>> {
        let p = self.p;
        if p.metric == Metric::Mtm {
            return self.next_slide();
        }
        while let Some(&m) = self.moves.get(self.i) {
            self.i += 1;
            if Some(m) == self.skip {
                continue;
            }
            let Some(to) = p.table.target(self.blank, m) else { continue };
            let mut child = self.s.clone();
            let tile = child.slide(to);
            let h = p.heuristic.update(&child, self.h, tile, to, self.blank);
            return Some(Succ { mv: Slide::one(m), state: child, h, cost: p.cost.step(tile) });
        }
        None
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
    /// Checks between two looks at the clock and the cancel flag (a power of two).
    poll_every: u32,
    next_id: NodeId,
    /// Set when a user's own estimate failed: the search stops at its next check.
    failed: Option<&'a std::sync::atomic::AtomicBool>,
}

/// Bytes of search state touched between two looks at the clock, whatever the node size: about
/// a millisecond of work on large boards, and every 1,024 expansions on small ones.
const POLL_BYTES: usize = 1 << 16;

impl<'a, O: Observer> Ctx<'a, O> {
    /// A fresh context; the clock starts now.
    pub fn new(limits: &'a Limits, obs: O) -> Self {
        Ctx {
            stats: Stats { iterations: 1, ..Stats::default() },
            obs,
            limits,
            started: Instant::now(),
            ticks: 0,
            poll_every: 1024,
            next_id: 0,
            failed: None,
        }
    }

    /// Stops the search at its next check once `failed` is set (a user's own estimate that
    /// returned an error: [`Heuristic::failure`](crate::heuristic::Heuristic::failure)).
    pub fn stop_on(mut self, failed: Option<&'a std::sync::atomic::AtomicBool>) -> Self {
        self.failed = failed;
        self
    }

    /// Looks at the clock and the cancel flag often enough for states of `bytes` bytes each:
    /// a 1000×1000 board's node is megabytes, so waiting 1,024 expansions would overrun a time
    /// limit by seconds.
    pub fn for_state_bytes(mut self, bytes: usize) -> Self {
        self.poll_every = (POLL_BYTES / bytes.max(64)).clamp(1, 1024).next_power_of_two() as u32;
        self
    }

    /// The limits the search runs under.
    pub fn limits(&self) -> &Limits {
        self.limits
    }

    /// A new node id.
    #[inline]
    pub fn id(&mut self) -> NodeId {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// Reports a generated node to the observer (nothing when it is disabled).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub fn generated<S: State>(
        &mut self,
        id: NodeId,
        parent: Option<NodeId>,
        mv: Option<Slide>,
        g: u32,
        h: Cost,
        f: Cost,
        state: &S,
        fate: Fate,
    ) {
        if O::ENABLED {
            self.obs.event(&Event::Generated { id, parent, mv, g, h, f, state, fate });
        }
    }

    /// Reports an event that carries no state (nothing when the observer is disabled).
    #[inline(always)]
    pub fn note<S: State>(&mut self, e: Event<'_, S>) {
        if O::ENABLED {
            self.obs.event(&e);
        }
    }

    /// Checks the limits; call once per expansion with the bytes the search holds, including an
    /// allocation it is about to make (see `memory::Footprint`). The
    /// first call always looks at the clock and the cancel flag, so a zero time limit or an
    /// early Ctrl-C stops at once.
    #[inline]
    pub fn check(&mut self, memory: usize) -> Result<(), LimitKind> {
        let mem = memory as u64;
        if self.failed.is_some_and(|f| f.load(Ordering::Relaxed)) {
            return Err(LimitKind::Cancelled);
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
        // Only what the limit let the search hold counts as its peak.
        if mem > self.stats.peak_memory {
            self.stats.peak_memory = mem;
        }
        let tick = self.ticks;
        self.ticks = tick.wrapping_add(1);
        if tick & (self.poll_every - 1) == 0 {
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

    /// [`Ctx::check`], looking at the clock and the cancel flag this time whatever the poll
    /// interval: for engines that call it once per piece of work rather than per node.
    pub fn check_now(&mut self, memory: usize) -> Result<(), LimitKind> {
        self.ticks = 0;
        self.check(memory)
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

/// One node of a search tree kept in memory: its state, parent, cost so far (in the cost
/// model's units) and depth (in moves; the same as g under unit costs).
#[derive(Clone, Debug)]
pub(crate) struct TreeNode<S> {
    pub state: S,
    pub parent: u32,
    pub mv: Option<Slide>,
    pub g: u32,
    pub depth: u32,
    pub h: Cost,
    pub id: observer::NodeId,
}

/// The moves from the root to node `i` of an arena.
pub(crate) fn path_to<S>(nodes: &[TreeNode<S>], mut i: usize) -> Vec<Move> {
    let mut slides = Vec::with_capacity(nodes[i].depth as usize);
    while let Some(m) = nodes[i].mv {
        slides.push(m);
        i = nodes[i].parent as usize;
    }
    slides.reverse();
    crate::board::expand(&slides)
}

/// Room for one more element in a search's container, asked of the allocator fallibly: a search
/// that cannot grow its open list or explored set ends with a memory limit instead of aborting
/// the process. Containers grow by doubling, so this asks rarely.
pub(crate) trait Room {
    /// Makes sure one more element fits without a reallocation that could abort.
    fn room(&mut self) -> Result<(), LimitKind>;
}

macro_rules! room_by_doubling {
    ($($t:ty => [$($g:tt)*]),* $(,)?) => {$(
        impl<$($g)*> Room for $t {
            #[inline]
            fn room(&mut self) -> Result<(), LimitKind> {
                if self.len() < self.capacity() {
                    return Ok(());
                }
                self.try_reserve(self.len().max(16)).map_err(|_| LimitKind::Memory)
            }
        }
    )*};
}

room_by_doubling! {
    Vec<T> => [T],
    std::collections::VecDeque<T> => [T],
    std::collections::BinaryHeap<T> => [T: Ord],
    std::collections::HashMap<K, V, H> => [K: Eq + std::hash::Hash, V, H: std::hash::BuildHasher],
    std::collections::HashSet<K, H> => [K: Eq + std::hash::Hash, H: std::hash::BuildHasher],
}
