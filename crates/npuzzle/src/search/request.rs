//! [`Request`]: everything an algorithm's entry reads, the algorithm included.

use super::{Algorithm, Limits, Param, Params};
use crate::board::{Board, MoveOrder};
use crate::cost::CostModel;
use crate::error::Error;
use crate::heuristic::{Estimator, HeuristicKind};
use crate::metric::Metric;
use crate::tables::Tables;

/// Everything a search needs.
#[derive(Clone, Debug)]
pub struct Request {
    /// The start board.
    pub start: Board,
    /// The goal board (same size).
    pub goal: Board,
    /// Which algorithm.
    pub algorithm: Algorithm,
    /// Which heuristic (ignored by algorithms that use none): a built-in, or a user's own
    /// estimate (a formula, a Rust type, a Python callable).
    pub heuristic: Estimator,
    /// Successor order.
    pub order: MoveOrder,
    /// The algorithm's parameters: the weight on h, the depth bound, the local searches' seed,
    /// sideways moves, restarts, schedule and beam (each algorithm reads the ones its
    /// [`crate::search::Info`] lists).
    pub params: Params,
    /// Node, time and memory limits, and the cancel flag.
    pub limits: Limits,
    /// The prepared tables the heuristic reads (none for the heuristics computed from the
    /// board).
    pub tables: Tables,
    /// Let one search use every thread of the current rayon pool (the fast IDA* splits big
    /// iterations into tasks). Batches that solve many boards at once may turn it off.
    pub parallel: bool,
    /// What a move costs ([`CostModel::Unit`] unless set): g, h, f, the answer's cost and the
    /// lower bound are in its units, and the table heuristics need tables built for it.
    pub cost: CostModel,
    /// How moves are counted ([`Metric::Stm`] unless set): under multi-tile moves a search's
    /// moves are the slides of one to a side's worth of tiles, each costing 1, and g, h, f,
    /// the answer's cost and its lower bound count slides.
    pub metric: Metric,
    /// Whether the algorithm and heuristic are the default solver for the board's size, chosen
    /// because the request named neither ([`Request::auto`], a specification without them):
    /// preparing the tables ([`crate::tables::TableStore::prepare_run`]) may then pick the
    /// default that answers with the tables at hand.
    pub by_default: bool,
}

impl Request {
    /// A* with Manhattan distance, default order, no limits.
    pub fn new(start: Board, goal: Board) -> Request {
        Request {
            start,
            goal,
            algorithm: Algorithm::Astar,
            heuristic: Estimator::Builtin(HeuristicKind::Manhattan),
            order: MoveOrder::default(),
            params: Params::default(),
            limits: Limits::default(),
            tables: Tables::none(),
            parallel: true,
            cost: CostModel::Unit,
            metric: Metric::Stm,
            by_default: false,
        }
    }

    /// Sets the algorithm (no longer the default solver).
    pub fn algorithm(mut self, a: Algorithm) -> Request {
        self.algorithm = a;
        self.by_default = false;
        self
    }

    /// Sets the heuristic (no longer the default solver).
    pub fn heuristic(mut self, h: impl Into<Estimator>) -> Request {
        self.heuristic = h.into();
        self.by_default = false;
        self
    }

    /// Sets the move order.
    pub fn order(mut self, o: MoveOrder) -> Request {
        self.order = o;
        self
    }

    /// Sets the limits.
    pub fn limits(mut self, l: Limits) -> Request {
        self.limits = l;
        self
    }

    /// Sets the parameters.
    pub fn params(mut self, p: Params) -> Request {
        self.params = p;
        self
    }

    /// Sets the prepared tables.
    pub fn tables(mut self, t: Tables) -> Request {
        self.tables = t;
        self
    }

    /// Sets the step-cost model.
    pub fn cost(mut self, c: CostModel) -> Request {
        self.cost = c;
        self
    }

    /// Sets the metric.
    pub fn metric(mut self, m: Metric) -> Request {
        self.metric = m;
        self
    }

    /// Why the algorithm's answer is not optimal under this request's cost model although it is
    /// under unit costs (breadth-first search and iterative deepening find the fewest moves,
    /// not the cheapest), if so.
    pub fn cost_note(&self) -> Option<&'static str> {
        self.algorithm.info().cost_note.filter(|_| !self.cost.is_unit())
    }

    /// Checks that the request runs in its metric. Under multi-tile moves costs are unit, the
    /// algorithm searches the state space (the local searches, the reductions and the beams
    /// make single-tile moves), and the heuristic estimates slides
    /// ([`crate::heuristic::HeuristicInfo::mtm`]; a user's own estimate is the user's to
    /// make).
    pub fn metric_check(&self) -> Result<(), Error> {
        if self.metric == Metric::Stm {
            return Ok(());
        }
        if !self.cost.is_unit() {
            return Err(Error::Unsupported(format!(
                "the multi-tile metric counts slides, each costing 1: it takes no {} costs",
                self.cost
            )));
        }
        if !self.algorithm.runs_mtm() {
            let these: Vec<&str> = Algorithm::ALL.iter().filter(|a| a.runs_mtm()).map(|a| a.name()).collect();
            return Err(Error::Unsupported(format!(
                "{} makes single-tile moves only: under the multi-tile metric use {}",
                self.algorithm,
                these.join(", ")
            )));
        }
        match self.effective_heuristic().kind() {
            Some(kind) if !kind.info().mtm => Err(Error::Unsupported(format!(
                "the {kind} heuristic counts single-tile moves and overestimates multi-tile ones: under the multi-tile metric use {}",
                HeuristicKind::mtm().map(|k| k.name()).collect::<Vec<_>>().join(", ")
            ))),
            _ => Ok(()),
        }
    }

    /// The heuristic actually used: `zero` for algorithms that use none.
    pub fn effective_heuristic(&self) -> Estimator {
        if self.algorithm.uses_heuristic() {
            self.heuristic.clone()
        } else {
            Estimator::Builtin(HeuristicKind::Zero)
        }
    }

    /// The run's name in prose: the algorithm's title, with `+ heuristic` where it uses one
    /// other than zero (`A* search + manhattan`), for titles of pictures and tables.
    pub fn title(&self) -> String {
        match self.effective_heuristic() {
            h if h.is(HeuristicKind::Zero) => self.algorithm.info().title.to_string(),
            h => format!("{} + {}", self.algorithm.info().title, h.name()),
        }
    }

    /// The built-in heuristic actually used, if it is one (`zero` for algorithms that use
    /// none); `None` for a user's own estimate.
    pub fn heuristic_kind(&self) -> Option<HeuristicKind> {
        if self.algorithm.uses_heuristic() {
            self.heuristic.kind()
        } else {
            Some(HeuristicKind::Zero)
        }
    }

    /// Whether a solution found is guaranteed optimal: the algorithm says so, with its
    /// parameters at their defaults, over a heuristic known admissible (and known consistent
    /// where the course's rules never reopen a state).
    pub fn guarantees_optimal(&self) -> bool {
        let info = self.algorithm.info();
        let claims = self.effective_heuristic().claims();
        let conventions = super::Conventions::of(info, &self.params);
        info.optimal
            && claims.admissible.holds()
            && (claims.consistent.holds() || !conventions.never_reopens(info))
            && !(info.takes(Param::Weight) && self.params.weight() != 1.0)
            && self.cost_note().is_none()
            && super::Conventions::of(info, &self.params).keep_optimality(info)
    }
}
