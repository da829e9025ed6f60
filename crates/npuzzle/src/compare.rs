//! Comparisons: algorithm/heuristic pairs run on the same boards under the same limits, one
//! [`Row`] a board and pair. The default pairs, the pairs named on a command line, one run's
//! parameters and the row itself live here, once, for the CLI (`npuzzle compare`), the server
//! (`POST /api/compare`), the page and Python.
//!
//! ```
//! use npuzzle::compare::{pairs, DEFAULT_PAIRS};
//! assert_eq!(pairs(&[], &[]).unwrap(), DEFAULT_PAIRS.to_vec());
//! let named = pairs(&["astar".into(), "bfs".into()], &["misplaced".into(), "h2".into()]).unwrap();
//! let names: Vec<String> = named.iter().map(|p| p.name()).collect();
//! assert_eq!(names, ["astar/misplaced", "astar/manhattan", "bfs"]);
//! ```

use crate::board::Board;
use crate::error::Error;
use crate::heuristic::{Estimator, HeuristicKind};
use crate::outcome::{Outcome, Status};
use crate::search::{Algorithm, Params, Request};
use crate::spec::{Plan, Spec};
use serde::{Deserialize, Deserializer, Serialize};

/// One algorithm with its heuristic (`zero` for those that use none).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Pair {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The heuristic: a built-in, or a user's own (a formula).
    pub heuristic: Estimator,
}

/// The pairs a comparison runs when none are named: uninformed breadth-first search, A* with
/// three heuristics of rising strength (misplaced tiles, Manhattan distance, linear
/// conflicts: the textbook's comparison), IDA*, and greedy best-first search (fast, not
/// optimal).
pub const DEFAULT_PAIRS: [Pair; 6] = [
    Pair { algorithm: Algorithm::Bfs, heuristic: Estimator::Builtin(HeuristicKind::Zero) },
    Pair { algorithm: Algorithm::Astar, heuristic: Estimator::Builtin(HeuristicKind::Misplaced) },
    Pair { algorithm: Algorithm::Astar, heuristic: Estimator::Builtin(HeuristicKind::Manhattan) },
    Pair { algorithm: Algorithm::Astar, heuristic: Estimator::Builtin(HeuristicKind::LinearConflict) },
    Pair { algorithm: Algorithm::Idastar, heuristic: Estimator::Builtin(HeuristicKind::Manhattan) },
    Pair { algorithm: Algorithm::Greedy, heuristic: Estimator::Builtin(HeuristicKind::Manhattan) },
];

/// The algorithms a comparison runs when only heuristics are named.
pub const DEFAULT_ALGORITHMS: [Algorithm; 2] = [Algorithm::Astar, Algorithm::Idastar];

/// The heuristic a comparison gives the algorithms that use one when none is named.
pub const DEFAULT_HEURISTIC: HeuristicKind = HeuristicKind::Manhattan;

impl Pair {
    /// The pair for `algorithm` and `heuristic`: the heuristic becomes `zero` for an algorithm
    /// that uses none.
    pub fn new(algorithm: Algorithm, heuristic: impl Into<Estimator>) -> Pair {
        Pair { algorithm, heuristic: if algorithm.uses_heuristic() { heuristic.into() } else { HeuristicKind::Zero.into() } }
    }

    /// `astar/manhattan`, or just `bfs`.
    pub fn name(&self) -> String {
        if self.algorithm.uses_heuristic() {
            format!("{}/{}", self.algorithm, self.heuristic)
        } else {
            self.algorithm.to_string()
        }
    }

    /// Reads `algorithm` or `algorithm/heuristic` (the heuristic by name or textbook alias,
    /// [`heuristic`]); without a heuristic, [`DEFAULT_HEURISTIC`].
    pub fn parse(text: &str) -> Result<Pair, Error> {
        let (a, h) = text.split_once('/').unwrap_or((text, ""));
        let algorithm: Algorithm = a.parse()?;
        let h = if h.trim().is_empty() { DEFAULT_HEURISTIC.into() } else { heuristic(h)? };
        Ok(Pair::new(algorithm, h))
    }
}

/// A heuristic by name or alias (`h1`, `h2` as in Russell and Norvig), or a formula: the
/// library's one reader of heuristics ([`Estimator`]'s).
pub fn heuristic(text: &str) -> Result<Estimator, Error> {
    text.parse()
}

/// The items of a comma-separated list, trimmed, empty ones left out: a comma inside
/// parentheses belongs to its item, so a formula such as `max(h1, h2)` stays whole
/// (`astar/max(h1, h2),bfs` is two items). The one splitter of lists that may hold heuristics.
pub fn split_list(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth <= 0 => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out.into_iter().map(str::trim).filter(|s| !s.is_empty()).collect()
}

/// Every pair asked for: each algorithm once if it uses no heuristic, else once per heuristic,
/// in the order named and without repeats (each item of either list may itself be a
/// comma-separated list, split by [`split_list`]); [`DEFAULT_PAIRS`] when neither list names any,
/// [`DEFAULT_ALGORITHMS`] or [`DEFAULT_HEURISTIC`] when one of them is empty.
pub fn pairs(algorithms: &[String], heuristics: &[String]) -> Result<Vec<Pair>, Error> {
    let hs: Vec<Estimator> = split_all(heuristics).map(heuristic).collect::<Result<_, _>>()?;
    pairs_of(algorithms, hs)
}

/// [`pairs`] with the heuristics given as estimators (a front end's own, such as a Python
/// callable, beside names it read with [`heuristic`]); the same defaults when a list is empty.
pub fn pairs_of(algorithms: &[String], heuristics: Vec<Estimator>) -> Result<Vec<Pair>, Error> {
    if algorithms.is_empty() && heuristics.is_empty() {
        return Ok(DEFAULT_PAIRS.to_vec());
    }
    let algs: Vec<Algorithm> = if algorithms.is_empty() {
        DEFAULT_ALGORITHMS.to_vec()
    } else {
        split_all(algorithms).map(|a| a.parse()).collect::<Result<_, _>>()?
    };
    let hs: Vec<Estimator> = if heuristics.is_empty() { vec![DEFAULT_HEURISTIC.into()] } else { heuristics };
    let mut out: Vec<Pair> = Vec::new();
    for a in algs {
        let list = if a.uses_heuristic() { hs.clone() } else { vec![HeuristicKind::Zero.into()] };
        for h in list {
            let p = Pair { algorithm: a, heuristic: h };
            if !out.contains(&p) {
                out.push(p);
            }
        }
    }
    Ok(out)
}

/// Every item of every list in `lists` ([`split_list`]).
fn split_all(lists: &[String]) -> impl Iterator<Item = &str> {
    lists.iter().flat_map(|l| split_list(l))
}

/// One run of a comparison as a request names it: an algorithm, its heuristic, and any of the
/// algorithms' parameters (`{"algorithm": "astar", "heuristic": "manhattan", "weight": 2}`),
/// each read as a request specification reads it, so every parameter an algorithm takes is
/// taken here too.
#[derive(Clone, Debug)]
pub struct Run {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The heuristic (the comparison's, else [`crate::spec::DEFAULT_HEURISTIC`], when `None`).
    pub heuristic: Option<Estimator>,
    /// The parameters this run sets, over the comparison's.
    pub params: Params,
}

impl<'de> Deserialize<'de> for Run {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Run, D::Error> {
        use serde::de::Error as _;
        let spec = Spec::deserialize(d)?;
        let extra = spec.goal.is_some() || spec.size.is_some() || spec.order.is_some() || spec.cost.is_some() || spec.limits.any();
        if extra {
            return Err(D::Error::custom("a run names an algorithm, a heuristic and the algorithm's parameters only"));
        }
        let algorithm = spec.algorithm.ok_or_else(|| D::Error::missing_field("algorithm"))?;
        Ok(Run { algorithm, heuristic: spec.heuristic, params: spec.params })
    }
}

impl Run {
    /// The run of `pair` with no parameters of its own.
    pub fn of(pair: &Pair) -> Run {
        Run { algorithm: pair.algorithm, heuristic: Some(pair.heuristic.clone()), params: Params::default() }
    }

    /// The comparison's specification `base` with this run's algorithm, heuristic and
    /// parameters.
    pub fn spec(&self, base: &Spec) -> Spec {
        Spec {
            algorithm: Some(self.algorithm),
            heuristic: self.heuristic.clone().or(base.heuristic.clone()),
            params: self.params.over(base.params),
            ..base.clone()
        }
    }
}

/// The request of `pair` on `start` under the comparison's `plan`: its algorithm and heuristic,
/// never the default solver's.
pub fn request(plan: &Plan, start: Board, pair: &Pair) -> Result<Request, Error> {
    Ok(plan.request(start)?.algorithm(pair.algorithm).heuristic(pair.heuristic.clone()))
}

/// One run's result: a row of `npuzzle compare --format json`.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Row {
    /// 1-based instance number.
    pub instance: usize,
    /// The start board.
    pub board: String,
    /// `algorithm/heuristic`.
    pub pair: String,
    /// Algorithm name.
    pub algorithm: Algorithm,
    /// Heuristic name (or formula).
    pub heuristic: Estimator,
    /// `solved`, `unsolvable`, `limit` or `not_found`.
    pub status: Status,
    /// Which limit, if one stopped it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub limit: Option<String>,
    /// Wall time in milliseconds.
    pub time_ms: f64,
    /// The solution's cost (its moves under unit costs).
    pub cost: Option<u64>,
    /// Moves in the solution.
    pub length: Option<u64>,
    /// The effective branching factor b* of the run.
    pub effective_branching_factor: Option<f64>,
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// Deepest node generated.
    pub max_depth: u64,
    /// Largest frontier.
    pub max_frontier: u64,
    /// Whether the answer is proven optimal.
    pub optimal: bool,
}

impl Row {
    /// The row of instance `instance` (1-based) run as `req` asked, with `out` its outcome.
    pub fn new(instance: usize, req: &Request, out: &Outcome) -> Row {
        Row {
            instance,
            board: req.start.to_string(),
            pair: Pair::new(req.algorithm, req.heuristic.clone()).name(),
            algorithm: req.algorithm,
            heuristic: req.effective_heuristic(),
            status: out.status,
            limit: out.limit.map(|l| l.to_string()),
            time_ms: (out.stats.time.as_secs_f64() * 1e6).round() / 1e3,
            cost: out.cost,
            length: out.length,
            effective_branching_factor: out.stats.effective_branching_factor,
            expanded: out.stats.expanded,
            generated: out.stats.generated,
            max_depth: out.stats.max_depth,
            max_frontier: out.stats.max_frontier,
            optimal: out.proven_optimal(req.guarantees_optimal()),
        }
    }
}
