//! The facade: a [`Request`] (start, goal, algorithm, heuristic, order, limits) in, an
//! [`Outcome`] (status, moves, cost, statistics) out. It checks the pair, settles
//! solvability by parity before any search, picks the compact state encoding for the board's
//! size, and runs the algorithm.

use crate::board::{moves_to_string, Board, Move, MoveOrder, MoveTable};
use crate::error::Error;
use crate::heuristic::{Heuristic, HeuristicKind};
use crate::search::observer::{NoObserver, Observer};
use crate::search::{self, Algorithm, Ctx, End, LimitKind, Limits, Problem};
use crate::state::{encode, Packed128, Packed64, State, Wide};
use crate::stats::Stats;
use serde::Serialize;
use std::sync::Arc;

/// Everything a search needs.
#[derive(Clone, Debug)]
pub struct Request {
    /// The start board.
    pub start: Board,
    /// The goal board (same size).
    pub goal: Board,
    /// Which algorithm.
    pub algorithm: Algorithm,
    /// Which heuristic (ignored by algorithms that use none).
    pub heuristic: HeuristicKind,
    /// Successor order.
    pub order: MoveOrder,
    /// Weight on h for A* (1.0 for plain A*).
    pub weight: f64,
    /// Depth bound for depth-first search.
    pub max_depth: Option<u32>,
    /// Node, time and memory limits, and the cancel flag.
    pub limits: Limits,
}

impl Request {
    /// A* with Manhattan distance, default order, no limits.
    pub fn new(start: Board, goal: Board) -> Request {
        Request {
            start,
            goal,
            algorithm: Algorithm::Astar,
            heuristic: HeuristicKind::Manhattan,
            order: MoveOrder::default(),
            weight: 1.0,
            max_depth: None,
            limits: Limits::default(),
        }
    }

    /// Sets the algorithm.
    pub fn algorithm(mut self, a: Algorithm) -> Request {
        self.algorithm = a;
        self
    }

    /// Sets the heuristic.
    pub fn heuristic(mut self, h: HeuristicKind) -> Request {
        self.heuristic = h;
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

    /// The heuristic actually used: `zero` for algorithms that use none.
    pub fn effective_heuristic(&self) -> HeuristicKind {
        if self.algorithm.uses_heuristic() {
            self.heuristic
        } else {
            HeuristicKind::Zero
        }
    }

    /// Whether the result is guaranteed optimal.
    pub fn guarantees_optimal(&self) -> bool {
        self.algorithm.is_optimal() && !(self.algorithm == Algorithm::Astar && self.weight != 1.0)
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A solution was found.
    Solved,
    /// Start and goal have different parity: no solution exists. No search ran.
    Unsolvable,
    /// A node, time, memory or recursion limit, or a cancel, stopped the search.
    Limit,
    /// The search space within the depth bound held no solution.
    NotFound,
}

/// The result of a run.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// How it ended.
    pub status: Status,
    /// Which limit, for [`Status::Limit`].
    pub limit: Option<LimitKind>,
    /// The moves of the blank, start to goal (empty unless solved).
    pub moves: Vec<Move>,
    /// Number of moves, when solved.
    pub cost: Option<u32>,
    /// Counters.
    pub stats: Stats,
}

impl Outcome {
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
        match self.status {
            Status::Solved => format!("solved in {} moves", self.cost.unwrap_or(0)),
            Status::Unsolvable => "unsolvable: start and goal have different parity".to_string(),
            Status::Limit => format!("limit reached ({})", self.limit.map_or("limit".to_string(), |l| l.to_string())),
            Status::NotFound => "no solution within the depth limit".to_string(),
        }
    }
}

/// The JSON shape of a run, shared by the CLI and the web API.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// `solved`, `unsolvable`, `limit` or `not_found`.
    pub status: Status,
    /// Which limit stopped the search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<LimitKind>,
    /// Human-readable summary.
    pub message: String,
    /// The start, as rows.
    pub start: Board,
    /// The goal, as rows.
    pub goal: Board,
    /// Algorithm name.
    pub algorithm: Algorithm,
    /// Heuristic name (`zero` for algorithms that use none).
    pub heuristic: HeuristicKind,
    /// Weight on h (A*).
    pub weight: f64,
    /// Successor order.
    pub order: String,
    /// Whether the algorithm guarantees an optimal answer.
    pub optimal: bool,
    /// Number of moves, when solved.
    pub cost: Option<u32>,
    /// The move letters.
    pub moves: String,
    /// The boards along the path (left out of batch output unless asked for).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<Vec<Board>>,
    /// Counters.
    pub stats: Stats,
}

impl Report {
    /// Builds the report of `outcome` for `req`, with the boards along the path.
    pub fn new(req: &Request, outcome: &Outcome) -> Report {
        let mut r = Report::without_path(req, outcome);
        r.path = Some(if outcome.status == Status::Solved { outcome.path(&req.start) } else { Vec::new() });
        r
    }

    /// Builds the report without the boards along the path (the moves are still there).
    pub fn without_path(req: &Request, outcome: &Outcome) -> Report {
        Report {
            status: outcome.status,
            limit: outcome.limit,
            message: outcome.summary(),
            start: req.start.clone(),
            goal: req.goal.clone(),
            algorithm: req.algorithm,
            heuristic: req.effective_heuristic(),
            weight: req.weight,
            order: req.order.to_string(),
            optimal: req.guarantees_optimal(),
            cost: outcome.cost,
            moves: outcome.moves_string(),
            path: None,
            stats: outcome.stats,
        }
    }
}

/// Solves `req` with no observer.
pub fn solve(req: &Request) -> Result<Outcome, Error> {
    solve_observed(req, NoObserver).map(|(o, _)| o)
}

/// Solves `req`, reporting every search event to `obs`, and hands the observer back.
pub fn solve_observed<O: Observer>(req: &Request, obs: O) -> Result<(Outcome, O), Error> {
    req.start.check_same_size(&req.goal)?;
    if !(req.weight.is_finite() && req.weight >= 1.0) {
        return Err(Error::Invalid(format!("weight {} must be a number ≥ 1", req.weight)));
    }
    if !req.start.can_reach(&req.goal) {
        let outcome = Outcome { status: Status::Unsolvable, limit: None, moves: Vec::new(), cost: None, stats: Stats::default() };
        return Ok((outcome, obs));
    }
    req.effective_heuristic().check_size(req.start.width(), req.start.height())?;
    if !O::ENABLED {
        if let Some(outcome) = crate::fast::try_solve(req)? {
            return Ok((outcome, obs));
        }
    }
    if req.effective_heuristic() == HeuristicKind::Pdb {
        crate::heuristic::pdb::prepare(&req.goal, &|_| {})?;
    }
    let n = req.start.len();
    Ok(if n <= 16 {
        run::<Packed64, O>(req, obs)
    } else if n <= 25 {
        run::<Packed128, O>(req, obs)
    } else {
        run::<Wide, O>(req, obs)
    })
}

fn run<S: State, O: Observer>(req: &Request, obs: O) -> (Outcome, O) {
    let problem: Problem<S> = Problem {
        table: Arc::new(MoveTable::new(req.start.width(), req.start.height())),
        start: encode(&req.start),
        goal: encode(&req.goal),
        heuristic: Heuristic::new(req.effective_heuristic(), &req.goal),
        order: req.order,
        weight: req.weight,
        max_depth: if req.algorithm == Algorithm::Dfs { req.max_depth } else { None },
    };
    let mut ctx = Ctx::new(&req.limits, obs);
    let end = search::run(req.algorithm, &problem, &mut ctx);
    let (stats, obs) = ctx.finish(&end);
    let outcome = match end {
        End::Found(moves) => Outcome { status: Status::Solved, limit: None, cost: Some(moves.len() as u32), moves, stats },
        End::Exhausted => Outcome { status: Status::NotFound, limit: None, moves: Vec::new(), cost: None, stats },
        End::Limit(kind) => Outcome { status: Status::Limit, limit: Some(kind), moves: Vec::new(), cost: None, stats },
    };
    (outcome, obs)
}
