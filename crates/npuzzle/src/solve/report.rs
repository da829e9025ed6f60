//! [`Report`]: the JSON shape of a run, shared by the CLI, the web API and Python.

use crate::board::Board;
use crate::cost::CostModel;
use crate::heuristic::Claim;
use crate::metric::Metric;
use crate::outcome::{BoundSource, Outcome, Status, Stuck};
use crate::search::{Algorithm, LimitKind, Param, Request};
use crate::stats::Stats;
use serde::Serialize;

/// The JSON shape of a run, shared by the CLI and the web API.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Report {
    /// How the run ended: `solved`, `unsolvable`, `limit` or `not_found`.
    pub status: Status,
    /// Which limit stopped the search, for status `limit`; for status `solved`, the limit that
    /// stopped an improving solver (`pdb-beam`, `reduce-plus`) while it was still shortening its
    /// answer (the moves are the best it had).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub limit: Option<LimitKind>,
    /// Why a local search stopped without the goal (`kind`: `local_minimum`, `plateau`,
    /// `restarts_exhausted` or `temperature_floor`, with its figures).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub stuck: Option<Stuck>,
    /// The seed of the run's random choices, for algorithms that make any.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub seed: Option<u64>,
    /// A one-line summary, e.g. `solved in 2 moves`.
    pub message: String,
    /// The start, as rows.
    pub start: Board,
    /// The goal, as rows.
    pub goal: Board,
    /// The algorithm that searched.
    pub algorithm: Algorithm,
    /// The heuristic it used (`zero` for an algorithm that uses none).
    pub heuristic: crate::heuristic::Estimator,
    /// Whether the algorithm uses a heuristic, so that a report names one only where it guided
    /// the search.
    pub uses_heuristic: bool,
    /// The weight W on h (weighted A*: f = g + W·h; 1 otherwise).
    pub weight: f64,
    /// The move order: the blank's moves tried in this order.
    pub order: String,
    /// What a move costs: `unit` (every move 1) or `tile` (moving tile t costs t).
    pub cost_model: CostModel,
    /// How moves are counted, when not single-tile moves: `mtm` (a slide of the tiles between
    /// the blank and a cell of its row or column is one move). `cost` and `lower_bound` then
    /// count slides, and `length` single-tile moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub metric: Option<Metric>,
    /// Whether the answer is a solution proven optimal (false when none was found).
    pub optimal: bool,
    /// Why the algorithm, optimal under unit costs, is not under this cost model (breadth-first
    /// search and iterative deepening find the fewest moves, not the cheapest).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub cost_note: Option<String>,
    /// When `optimal` rests on a heuristic its author claimed admissible (or consistent) rather
    /// than one proven so: whose word it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub claim_note: Option<String>,
    /// The solution's cost, when solved: its number of moves under unit costs, the sum of the
    /// tiles moved under tile costs.
    pub cost: Option<u64>,
    /// The solution's number of moves, when solved.
    pub length: Option<u64>,
    /// When solved, no solution costs less: the cost itself when proven optimal, else
    /// Manhattan distance plus linear conflicts (scaled by the tiles' costs under tile costs).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub lower_bound: Option<u64>,
    /// Where `lower_bound` comes from.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub lower_bound_from: Option<BoundSource>,
    /// The blank's moves as letters (`U`, `D`, `L`, `R`), start to goal.
    pub moves: String,
    /// The boards along the path (left out of batch output unless asked for).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub path: Option<Vec<Board>>,
    /// The search's counters.
    pub stats: Stats,
    /// Time spent loading or building the heuristic's tables before the search, when a front
    /// end prepared them for this run (`tables_ms` in JSON; not part of `stats.time_ms`).
    #[serde(rename = "tables_ms", skip_serializing_if = "Option::is_none", serialize_with = "opt_ms")]
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
    #[cfg_attr(feature = "schema", schemars(with = "Option<f64>"))]
    pub tables_time: Option<std::time::Duration>,
}

/// The JSON Schema of [`Report`] (2020-12), with each field's documentation: the Python
/// package writes its result types (`Solution`, `Stats`, the names of statuses and limits) from it.
#[cfg(feature = "schema")]
pub fn report_schema() -> schemars::Schema {
    schemars::SchemaGenerator::default().into_root_schema_for::<Report>()
}

fn opt_ms<S: serde::Serializer>(d: &Option<std::time::Duration>, s: S) -> Result<S::Ok, S::Error> {
    match d {
        Some(d) => s.serialize_f64((d.as_secs_f64() * 1e6).round() / 1e3),
        None => s.serialize_none(),
    }
}

impl Report {
    /// Builds the report of `outcome` for `req`, with the boards along the path.
    pub fn new(req: &Request, outcome: &Outcome) -> Report {
        let mut r = Report::without_path(req, outcome);
        r.path = Some(if outcome.status == Status::Solved { outcome.path(&req.start) } else { Vec::new() });
        r
    }

    /// The report with `took`, the time preparing `req`'s tables took before the search, as its
    /// `tables_time` where `req`'s heuristic reads tables (a heuristic computed from the board
    /// has no table's time to report). `npuzzle solve` and Python's `solve` report it.
    pub fn with_tables_time(mut self, req: &Request, took: std::time::Duration) -> Report {
        self.tables_time = req.effective_heuristic().is_table().then_some(took);
        self
    }

    /// Builds the report without the boards along the path (the moves are still there).
    pub fn without_path(req: &Request, outcome: &Outcome) -> Report {
        let optimal = outcome.proven_optimal(req.guarantees_optimal());
        let heuristic = req.effective_heuristic();
        let claims = heuristic.claims();
        let claim_note = (optimal && (claims.admissible == Claim::Claimed || claims.consistent == Claim::Claimed))
            .then(|| format!("optimal on its author's word: the heuristic {} was claimed admissible, not proven", heuristic.name()));
        Report {
            status: outcome.status,
            limit: outcome.limit,
            stuck: outcome.stuck,
            seed: req.algorithm.info().takes(Param::Seed).then(|| req.params.seed()),
            message: outcome.summary_metric(req.cost, req.metric),
            start: req.start.clone(),
            goal: req.goal.clone(),
            algorithm: req.algorithm,
            heuristic: req.effective_heuristic(),
            uses_heuristic: req.algorithm.uses_heuristic(),
            weight: req.params.weight(),
            order: req.order.to_string(),
            cost_model: req.cost,
            metric: (!req.metric.is_stm()).then_some(req.metric),
            optimal,
            cost_note: req.cost_note().map(str::to_string),
            claim_note,
            cost: outcome.cost,
            length: outcome.length,
            lower_bound: outcome.lower_bound,
            lower_bound_from: outcome.lower_bound_from,
            moves: outcome.moves_string(),
            path: None,
            stats: outcome.stats,
            tables_time: None,
        }
    }
}
