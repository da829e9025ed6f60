//! How a run ended: an engine's [`End`], a local search's [`Stuck`], and the [`Outcome`] every
//! algorithm's entry returns (status, moves, cost, bound, statistics). Ground-floor vocabulary:
//! it knows boards, costs and statistics, and nothing of any algorithm.

use crate::board::{moves_to_string, Board, Move};
use crate::cost::{Cost, CostModel};
use crate::limits::LimitKind;
use crate::stats::Stats;
use serde::Serialize;
use std::fmt;

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// A path from the start to the goal.
    Found(Vec<Move>),
    /// The whole reachable space (within any depth limit) was searched: no solution.
    Exhausted,
    /// A limit stopped the search.
    Limit(LimitKind),
    /// A local search stopped without the goal, for this reason.
    Stuck(Stuck),
}

/// The temperature below which simulated annealing stops: with T0 and α it sets the schedule's
/// length, ⌈ln(floor / T0) / ln α⌉ steps (105,964 with the defaults). At T = 0.01 a move one
/// unit of h worse is accepted with probability e^(−100), never in practice.
pub const TEMPERATURE_FLOOR: f64 = 0.01;

/// Why a local search stopped without reaching the goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Stuck {
    /// Every neighbour has a larger h than the current state.
    LocalMinimum {
        /// The current state's h.
        h: Cost,
    },
    /// The best neighbour's h equals the current h, and the sideways moves allowed in a row are
    /// used up (local beam: its best h has not fallen for that many steps).
    Plateau {
        /// The current (best) h.
        h: Cost,
        /// Sideways moves made in a row before stopping (the limit).
        sideways: u32,
    },
    /// Random-restart hill climbing made every restart it was allowed without the goal.
    RestartsExhausted {
        /// Restarts made.
        restarts: u32,
        /// The lowest h any climb reached.
        best_h: Cost,
    },
    /// Simulated annealing's temperature fell below [`TEMPERATURE_FLOOR`].
    TemperatureFloor {
        /// The h where it stopped.
        h: Cost,
        /// Steps taken.
        steps: u64,
    },
}

impl fmt::Display for Stuck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stuck::LocalMinimum { h } => write!(f, "stuck at a local minimum (h = {h}): every neighbour has a larger h"),
            Stuck::Plateau { h, sideways: 0 } => {
                write!(f, "stuck on a plateau (h = {h}): no neighbour is better, and no sideways moves are allowed")
            }
            Stuck::Plateau { h, sideways } => {
                write!(
                    f,
                    "stuck on a plateau (h = {h}): {} in a row without improvement",
                    crate::words::count(*sideways as u64, "sideways move")
                )
            }
            Stuck::RestartsExhausted { restarts, best_h } => {
                write!(f, "restarts exhausted: {} without the goal (best h {best_h})", crate::words::count(*restarts as u64, "restart"))
            }
            Stuck::TemperatureFloor { h, steps } => {
                write!(f, "the temperature fell below its floor {TEMPERATURE_FLOOR} after {steps} steps, at h = {h}")
            }
        }
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A solution was found.
    Solved,
    /// Start and goal have different parity: no solution exists. No search ran.
    Unsolvable,
    /// A node, time, memory or recursion limit, or a cancel, stopped the search.
    Limit,
    /// The search space within the depth bound held no solution, or a local search stopped
    /// without the goal (the outcome's `stuck` says why).
    NotFound,
}

/// The result of a run.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// How it ended.
    pub status: Status,
    /// Which limit, for [`Status::Limit`]; for [`Status::Solved`], the limit that stopped an
    /// anytime solver ([`crate::search::reduce_plus`]) while it was still shortening its answer
    /// (the moves are the best it had).
    pub limit: Option<LimitKind>,
    /// Why a local search stopped without the goal, for [`Status::NotFound`].
    pub stuck: Option<Stuck>,
    /// The moves of the blank, start to goal (empty unless solved).
    pub moves: Vec<Move>,
    /// The solution's cost under the request's cost model, when solved: its number of moves
    /// under unit costs.
    pub cost: Option<u64>,
    /// The solution's number of moves, when solved.
    pub length: Option<u64>,
    /// When solved, a cost no solution is below: the cost of an answer proven optimal, else
    /// Manhattan distance plus linear conflicts, scaled by the tiles' costs under tile costs
    /// ([`crate::solve::lower_bound_for`]). When a limit stopped IDA* on the pattern databases (moves counted
    /// one each), the length its completed iterations proved no answer is below
    /// ([`BoundSource::Iterations`]), or the tables' estimate when that is larger.
    pub lower_bound: Option<u64>,
    /// Where `lower_bound` comes from.
    pub lower_bound_from: Option<BoundSource>,
    /// Counters.
    pub stats: Stats,
}

/// Where a lower bound comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum BoundSource {
    /// The answer's own cost, proven optimal.
    Optimal,
    /// Manhattan distance plus linear conflicts.
    LinearConflict,
    /// The pattern databases (the additive sum, directly and mirrored).
    PatternDatabases,
    /// The iterations of an optimal search that a limit stopped: each iteration that ended
    /// without the goal proved every answer longer than its bound.
    Iterations,
    /// Under multi-tile moves: the tiles' column and row distances, each over the longest slide
    /// along its axis.
    Slides,
}

impl BoundSource {
    /// The source in words, for messages.
    pub fn words(self) -> &'static str {
        match self {
            BoundSource::Optimal => "the answer is optimal",
            BoundSource::LinearConflict => "Manhattan distance plus linear conflicts",
            BoundSource::PatternDatabases => "the pattern databases",
            BoundSource::Iterations => "the iterations the search completed",
            BoundSource::Slides => "the tiles' distances over the longest slide",
        }
    }
}

impl Outcome {
    /// Puts the answer's cost in the units of `cost` (the engines count moves), and sets b*.
    pub fn priced(mut self, start: &Board, cost: CostModel) -> Outcome {
        if self.status == Status::Solved && !cost.is_unit() && !self.moves.is_empty() {
            self.cost = Some(cost.path_cost(start, &self.moves));
        }
        self.stats.set_branching();
        self
    }
}

impl Outcome {
    /// The outcome of a search that ended with `end`: the one place an engine's result becomes
    /// an outcome.
    pub fn from_end(end: End, stats: Stats) -> Outcome {
        match end {
            End::Found(moves) => Outcome {
                status: Status::Solved,
                limit: None,
                stuck: None,
                cost: Some(moves.len() as u64),
                length: Some(moves.len() as u64),
                moves,
                lower_bound: None,
                lower_bound_from: None,
                stats,
            },
            End::Exhausted => Outcome {
                status: Status::NotFound,
                limit: None,
                stuck: None,
                moves: Vec::new(),
                cost: None,
                length: None,
                lower_bound: None,
                lower_bound_from: None,
                stats,
            },
            End::Limit(kind) => Outcome {
                status: Status::Limit,
                limit: Some(kind),
                stuck: None,
                moves: Vec::new(),
                cost: None,
                length: None,
                lower_bound: None,
                lower_bound_from: None,
                stats,
            },
            End::Stuck(why) => Outcome {
                status: Status::NotFound,
                limit: None,
                stuck: Some(why),
                moves: Vec::new(),
                cost: None,
                length: None,
                lower_bound: None,
                lower_bound_from: None,
                stats,
            },
        }
    }

    /// The outcome of a pair that parity rules out: no search ran.
    pub fn unsolvable() -> Outcome {
        Outcome {
            status: Status::Unsolvable,
            limit: None,
            stuck: None,
            moves: Vec::new(),
            cost: None,
            length: None,
            lower_bound: None,
            lower_bound_from: None,
            stats: Stats::default(),
        }
    }

    /// Whether the answer is proven optimal: solved, and either the algorithm guarantees an
    /// optimal answer (`guaranteed`) or the answer's cost equals its lower bound.
    pub fn proven_optimal(&self, guaranteed: bool) -> bool {
        self.status == Status::Solved && (guaranteed || self.lower_bound_from == Some(BoundSource::Optimal))
    }

    /// The moves as a letter string.
    pub fn moves_string(&self) -> String {
        moves_to_string(&self.moves)
    }

    /// The boards along the path, the start first.
    pub fn path(&self, start: &Board) -> Vec<Board> {
        start.apply_all(&self.moves).expect("a solution's moves stay on the board")
    }

    /// The process-level summary of the status, e.g. "solved in 2 moves".
    pub fn summary(&self) -> String {
        self.summary_in(CostModel::Unit)
    }

    /// [`Outcome::summary_in`] in `metric`: under multi-tile moves, e.g. "solved in 6
    /// multi-tile moves (8 single-tile)".
    pub fn summary_metric(&self, cost: CostModel, metric: crate::metric::Metric) -> String {
        match (metric, self.status, self.cost, self.length) {
            (crate::metric::Metric::Mtm, Status::Solved, Some(c), Some(n)) => {
                let mut s = format!("solved in {c} multi-tile move{} ({n} single-tile)", if c == 1 { "" } else { "s" });
                if let Some(kind) = self.limit {
                    s.push_str(&format!(" (the best found before the {kind}; it was still improving)"));
                }
                s
            }
            _ => self.summary_in(cost),
        }
    }

    /// [`Outcome::summary`] for a run under the step-cost model `cost`: under tile costs it says
    /// what the answer costs too, e.g. "solved in 4 moves, cost 19".
    pub fn summary_in(&self, cost: CostModel) -> String {
        match self.status {
            Status::Solved => {
                let n = self.length.or(self.cost).unwrap_or(0);
                let mut s = if n == 1 { "solved in 1 move".to_string() } else { format!("solved in {n} moves") };
                if let (false, Some(c)) = (cost.is_unit(), self.cost) {
                    s.push_str(&format!(", cost {c}"));
                }
                if let Some(kind) = self.limit {
                    s.push_str(&format!(" (the best found before the {kind}; it was still improving)"));
                }
                s
            }
            Status::Unsolvable => "unsolvable: start and goal have different parity".to_string(),
            Status::Limit => format!("limit reached ({})", self.limit.map_or("limit".to_string(), |l| l.to_string())),
            Status::NotFound => match self.stuck {
                Some(why) => format!("not found: {why}"),
                None => "no solution within the depth limit".to_string(),
            },
        }
    }
}
