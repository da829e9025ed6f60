//! The facade: a [`Request`] (start, goal, algorithm, heuristic, order, limits, prepared
//! tables) in, an [`Outcome`] (status, moves, cost, statistics) out. It checks the pair, settles
//! solvability by parity before any search, picks the engine (the fast ones for IDA* with
//! tables, else the classic search on the compact state encoding for the board's size), and
//! runs the algorithm. [`default_choice`] is the one place that picks a solver for a board
//! size.

use crate::board::{moves_to_string, Board, Move, MoveOrder, MoveTable};
use crate::cost::{CostModel, PathCost};
use crate::error::Error;
use crate::fast;
use crate::heuristic::{Heuristic, HeuristicKind};
use crate::search::observer::{NoObserver, Observer};
use crate::search::{Algorithm, Ctx, End, Keeps, LimitKind, Limits, Param, Params, Problem, Stuck};
use crate::state::{encode, Packed128, Packed64, State, Wide};
use crate::stats::Stats;
use crate::tables::Tables;
use serde::Serialize;
use std::sync::Arc;

/// The algorithm and heuristic a run that names neither uses on a `width`×`height` board: IDA*
/// walking the exact table up to 10 cells, IDA* with pattern databases up to 25 cells (both
/// optimal); from 26 to 64 cells (at most 12 a side, where the size's set has at most 17
/// patterns: 6×5 to 9×6, 6×6, 7×7, not 8×7 or 8×8), beam search over pattern databases in
/// several views ([`crate::search::pdb_beam`], not optimal); beyond, beam search with staged
/// reduction and window search ([`crate::search::reduce_plus`]: any size, not optimal, never
/// longer than plain reduction). The two beyond 25 cells use no heuristic of the user's choice.
pub fn default_choice(width: usize, height: usize) -> (Algorithm, HeuristicKind) {
    let n = width * height;
    if HeuristicKind::Exact.max_cells().is_some_and(|m| n <= m) {
        (Algorithm::Idastar, HeuristicKind::Exact)
    } else if n <= crate::heuristic::pdb::FRAMED_CELLS {
        (Algorithm::Idastar, HeuristicKind::Pdb)
    } else if (crate::improve::pdb_beam::MIN_CELLS..=crate::improve::pdb_beam::MAX_CELLS).contains(&n)
        && crate::improve::pdb_beam::fits(&crate::heuristic::pdb::SetSpec::strongest(width, height))
    {
        (Algorithm::PdbBeam, HeuristicKind::Zero)
    } else {
        (Algorithm::ReducePlus, HeuristicKind::Zero)
    }
}

/// The default solver for a `width`×`height` board under the step-cost model `cost`: under unit
/// costs [`default_choice`]; under others IDA* walking the exact cost table up to 10 cells,
/// IDA* with pattern databases built with the costs up to 25 cells (both optimal), and
/// beyond, reduce-plus (not optimal).
pub fn default_choice_for(width: usize, height: usize, cost: CostModel) -> (Algorithm, HeuristicKind) {
    if cost.is_unit() {
        return default_choice(width, height);
    }
    let n = width * height;
    if HeuristicKind::Exact.max_cells().is_some_and(|m| n <= m) {
        (Algorithm::Idastar, HeuristicKind::Exact)
    } else if n <= crate::heuristic::pdb::costed::MAX_CELLS {
        (Algorithm::Idastar, HeuristicKind::Pdb)
    } else {
        (Algorithm::ReducePlus, HeuristicKind::Zero)
    }
}

/// What would solve a `width`×`height` board that is too large for the search asked for: the one
/// place this advice is worded, for every front end's messages.
pub fn large_board_hint(width: usize, height: usize) -> String {
    format!(
        "A random {width}×{height} board is beyond every optimal search: it needs a solver that \
         builds a solution tile by tile (any size, not optimal) rather than one that searches. \
         Boards a short walk from the goal (`npuzzle generate --size {width}x{height} --walk 50`) \
         are within reach of A*."
    )
}

/// Bytes a classic search holds for each node it keeps: the board (4 bytes a cell beyond 25
/// cells, packed into 16 or 32 bytes up to 16 or 25 cells) and its bookkeeping.
pub fn node_bytes(cells: usize) -> u64 {
    let board = if cells <= 16 {
        16
    } else if cells <= 25 {
        32
    } else {
        4 * cells as u64 + 24
    };
    board + 40
}

/// The least memory, in bytes, a search that keeps a whole node for every move of its path must
/// hold for `req`: its solution has at least as many moves as the sum of the tiles' Manhattan
/// distances to their goal cells, and every node holds the whole board.
pub fn memory_floor(req: &Request) -> u64 {
    crate::heuristic::manhattan_distance(&req.start, &req.goal).saturating_mul(node_bytes(req.start.len()))
}

/// Refuses, before anything is allocated, a search that keeps a node for every move of its path
/// and so could not finish within the memory limit whatever it did ([`memory_floor`]), with
/// [`Error::Memory`] saying why and what would work instead ([`large_board_hint`]). Other
/// searches always pass (see [`size_note`]).
pub fn check_fits(req: &Request) -> Result<(), Error> {
    let Some(limit) = req.limits.memory else { return Ok(()) };
    if req.algorithm.info().keeps != Keeps::NodePerMove {
        return Ok(());
    }
    let floor = memory_floor(req);
    if floor <= limit {
        return Ok(());
    }
    let (w, h) = (req.start.width(), req.start.height());
    Err(Error::Memory(format!(
        "{} on this {w}×{h} board would need at least {}: its solution is at least {} moves long (the tiles' Manhattan \
         distance), and the search keeps a {}-byte node for every move of it; the memory limit is {}. {}",
        req.algorithm,
        human_bytes(floor),
        crate::heuristic::manhattan_distance(&req.start, &req.goal),
        node_bytes(req.start.len()),
        human_bytes(limit),
        large_board_hint(w, h)
    )))
}

/// What to tell a user, before the search, about a board too large for the search asked for:
/// the refusal of [`check_fits`], or, for the classic iterative-deepening searches (which keep
/// only the path's moves, so are not refused), that a path that long, each step copying a board
/// that large, will only end at a limit. `None` when the board is within reach.
pub fn size_note(req: &Request) -> Option<String> {
    if let Err(e) = check_fits(req) {
        return Some(e.to_string());
    }
    let limit = req.limits.memory?;
    let classic_deepening = req.algorithm.info().keeps == Keeps::PathMoves && !req.effective_heuristic().is_table();
    if !classic_deepening || memory_floor(req) <= limit {
        return None;
    }
    let (w, h) = (req.start.width(), req.start.height());
    Some(format!(
        "{} on this {w}×{h} board: its solution is at least {} moves long, and every step copies a {}-byte board; \
         it will run until a limit stops it. {}",
        req.algorithm,
        crate::heuristic::manhattan_distance(&req.start, &req.goal),
        node_bytes(req.start.len()),
        large_board_hint(w, h)
    ))
}

/// Bytes for messages: `512 B`, `3.2 MB`, `1.5 GB`, `2.7 TB`.
pub fn human_bytes(b: u64) -> String {
    let b = b as f64;
    if b < 1e3 {
        format!("{b} B")
    } else if b < 1e6 {
        format!("{:.1} kB", b / 1e3)
    } else if b < 1e9 {
        format!("{:.1} MB", b / 1e6)
    } else if b < 1e12 {
        format!("{:.1} GB", b / 1e9)
    } else {
        format!("{:.1} TB", b / 1e12)
    }
}

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
            params: Params::default(),
            limits: Limits::default(),
            tables: Tables::none(),
            parallel: true,
            cost: CostModel::Unit,
        }
    }

    /// A request with the default solver for the board's size ([`default_choice`]).
    pub fn auto(start: Board, goal: Board) -> Request {
        let (a, h) = default_choice(start.width(), start.height());
        Request::new(start, goal).algorithm(a).heuristic(h)
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

    /// Why the algorithm's answer is not optimal under this request's cost model although it is
    /// under unit costs (breadth-first search and iterative deepening find the fewest moves,
    /// not the cheapest), if so.
    pub fn cost_note(&self) -> Option<&'static str> {
        self.algorithm.info().cost_note.filter(|_| !self.cost.is_unit())
    }

    /// The heuristic actually used: `zero` for algorithms that use none.
    pub fn effective_heuristic(&self) -> HeuristicKind {
        if self.algorithm.uses_heuristic() {
            self.heuristic
        } else {
            HeuristicKind::Zero
        }
    }

    /// Whether a solution found is guaranteed optimal: the algorithm says so, with its
    /// parameters at their defaults.
    pub fn guarantees_optimal(&self) -> bool {
        let info = self.algorithm.info();
        info.optimal && !(info.takes(Param::Weight) && self.params.weight() != 1.0) && self.cost_note().is_none()
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    /// ([`lower_bound_for`]). When a limit stopped IDA* on the pattern databases (moves counted
    /// one each), the length its completed iterations proved no answer is below
    /// ([`BoundSource::Iterations`]), or the tables' estimate when that is larger.
    pub lower_bound: Option<u64>,
    /// Where `lower_bound` comes from.
    pub lower_bound_from: Option<BoundSource>,
    /// Counters.
    pub stats: Stats,
}

/// The best admissible estimate of `start` → `goal` computed for every answer: Manhattan
/// distance plus linear conflicts, or `cost` when it is proven optimal.
pub fn lower_bound(start: &Board, goal: &Board, proven_optimal_cost: Option<u64>) -> u64 {
    proven_optimal_cost.unwrap_or_else(|| crate::improve::lower_bound(start, goal))
}

/// Where a lower bound comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
}

impl BoundSource {
    /// The source in words, for messages.
    pub fn words(self) -> &'static str {
        match self {
            BoundSource::Optimal => "the answer is optimal",
            BoundSource::LinearConflict => "Manhattan distance plus linear conflicts",
            BoundSource::PatternDatabases => "the pattern databases",
            BoundSource::Iterations => "the iterations the search completed",
        }
    }
}

/// [`lower_bound`] with the pattern databases of `tables` where they serve `goal`: the larger
/// of Manhattan distance plus linear conflicts and the databases' estimate (the additive sum,
/// directly and in the mirrored position), or `cost` when it is proven optimal. Each is
/// admissible, so the larger is.
pub fn lower_bound_with(start: &Board, goal: &Board, tables: &Tables, proven_optimal_cost: Option<u64>) -> (u64, BoundSource) {
    if let Some(cost) = proven_optimal_cost {
        return (cost, BoundSource::Optimal);
    }
    let formula = crate::improve::lower_bound(start, goal);
    let tiles = start.tiles();
    let bound = tables.pdb().filter(|p| p.goal() == goal).map(|p| p.estimate_tiles(|c| tiles[c]) as u64);
    let any = || tables.any_goal().and_then(|set| set.bind(goal).ok()).map(|p| p.estimate_tiles(|c| tiles[c]) as u64);
    match bound.or_else(any) {
        Some(b) if b > formula => (b, BoundSource::PatternDatabases),
        _ => (formula, BoundSource::LinearConflict),
    }
}

/// [`lower_bound`] under the step-cost model `cost`: under tile costs each tile's Manhattan
/// distance and linear-conflict penalty weighed by its cost.
pub fn lower_bound_for(start: &Board, goal: &Board, cost: CostModel, proven_optimal_cost: Option<u64>) -> u64 {
    if cost.is_unit() || proven_optimal_cost.is_some() {
        return lower_bound(start, goal, proven_optimal_cost);
    }
    Heuristic::with_cost(HeuristicKind::LinearConflict, goal, &Tables::none(), cost).map_or(0, |h| h.estimate_board(start).floor_moves())
}

impl Outcome {
    /// Puts the answer's cost in the units of `cost` (the engines count moves), and sets b*.
    fn priced(mut self, start: &Board, cost: CostModel) -> Outcome {
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

/// The JSON shape of a run, shared by the CLI and the web API.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Report {
    /// `solved`, `unsolvable`, `limit` or `not_found`.
    pub status: Status,
    /// Which limit stopped the search.
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
    /// What a move costs: `unit` (every move 1) or `tile` (moving tile t costs t).
    pub cost_model: CostModel,
    /// Whether the answer is a solution proven optimal (false when none was found).
    pub optimal: bool,
    /// Why the algorithm, optimal under unit costs, is not under this cost model (breadth-first
    /// search and iterative deepening find the fewest moves, not the cheapest).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub cost_note: Option<String>,
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
    /// The move letters.
    pub moves: String,
    /// The boards along the path (left out of batch output unless asked for).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub path: Option<Vec<Board>>,
    /// Counters.
    pub stats: Stats,
    /// Time spent loading or building the heuristic's tables before the search, when a front
    /// end prepared them for this run (`tables_ms` in JSON; not part of `stats.time_ms`).
    #[serde(rename = "tables_ms", skip_serializing_if = "Option::is_none", serialize_with = "opt_ms")]
    #[cfg_attr(feature = "ts", ts(as = "Option<f64>", optional))]
    pub tables_time: Option<std::time::Duration>,
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

    /// Builds the report without the boards along the path (the moves are still there).
    pub fn without_path(req: &Request, outcome: &Outcome) -> Report {
        Report {
            status: outcome.status,
            limit: outcome.limit,
            stuck: outcome.stuck,
            seed: req.algorithm.info().takes(Param::Seed).then(|| req.params.seed()),
            message: outcome.summary_in(req.cost),
            start: req.start.clone(),
            goal: req.goal.clone(),
            algorithm: req.algorithm,
            heuristic: req.effective_heuristic(),
            weight: req.params.weight(),
            order: req.order.to_string(),
            cost_model: req.cost,
            optimal: outcome.status == Status::Solved && req.guarantees_optimal(),
            cost_note: req.cost_note().map(str::to_string),
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

/// Solves `req` with no observer.
pub fn solve(req: &Request) -> Result<Outcome, Error> {
    solve_observed(req, NoObserver).map(|(o, _)| o)
}

/// Solves `req`, handing the moves to `sink` instead of keeping them: the returned outcome's
/// `moves` is empty, its `cost` the number of moves given. Row-and-column reduction hands each
/// move over as it is made, so a solution of billions of moves never sits in memory; when a
/// limit stops it, the sink has had a prefix of no particular solution (the caller counts it).
/// The other algorithms find their whole solution first and then hand it over.
pub fn solve_streamed(req: &Request, sink: &mut dyn FnMut(Move)) -> Result<Outcome, Error> {
    req.start.check_same_size(&req.goal)?;
    req.params.check()?;
    if !req.start.can_reach(&req.goal) {
        return Ok(Outcome::unsolvable());
    }
    // pdb-beam reduces too, but hands over its answer whole.
    if !matches!(req.algorithm, Algorithm::Reduce | Algorithm::ReducePlus) {
        let mut outcome = solve(req)?;
        for m in outcome.moves.drain(..) {
            sink(m);
        }
        return Ok(outcome);
    }
    // The reductions hand their moves over as they make them: the cost is added up on the way,
    // on a copy of the board when moves cost different amounts.
    let mut priced = PathCost::new(req.cost, &req.start);
    let mut outcome = {
        let mut pass = |m: Move| {
            priced.push(m);
            sink(m)
        };
        let mut ctx = Ctx::new(&req.limits, NoObserver);
        if req.algorithm == Algorithm::ReducePlus {
            let ran = crate::search::reduce_plus::run(&req.start, &req.goal, req.tables.block(), &mut ctx, &mut pass)?;
            let (mut outcome, _) = plus_outcome(req, ran, ctx);
            for m in outcome.moves.drain(..) {
                pass(m);
            }
            outcome
        } else {
            let stopped = crate::search::reduce::run(&req.start, &req.goal, req.tables.block(), &mut ctx, &mut pass)?;
            let end = match stopped {
                None => End::Found(Vec::new()),
                Some(kind) => End::Limit(kind),
            };
            let (stats, _) = ctx.finish(&end);
            Outcome::from_end(end, stats)
        }
    };
    if outcome.status == Status::Solved {
        outcome.cost = Some(priced.total());
        outcome.length = Some(priced.moves());
        outcome.stats.search_depth = priced.moves();
        outcome.stats.set_branching();
        set_bound(&mut outcome, req, None);
    }
    Ok(outcome)
}

/// Solves `req`, reporting every search event to `obs`, and hands the observer back.
pub fn solve_observed<O: Observer>(req: &Request, obs: O) -> Result<(Outcome, O), Error> {
    req.start.check_same_size(&req.goal)?;
    req.params.check()?;
    if !req.start.can_reach(&req.goal) {
        return Ok((Outcome::unsolvable(), obs));
    }
    let (outcome, obs) = solve_unbounded(req, obs)?;
    let mut outcome = outcome.priced(&req.start, req.cost);
    if outcome.status == Status::Solved {
        let proven = req.guarantees_optimal();
        let proven_cost = outcome.cost.filter(|_| proven);
        set_bound(&mut outcome, req, proven_cost);
    }
    Ok((outcome, obs))
}

/// The outcome of a `reduce-plus` run: solved with the limit that stopped its improving, a
/// limit without an answer, or solved with its moves streamed.
fn plus_outcome<O: Observer>(req: &Request, ran: crate::search::reduce_plus::Ran, ctx: Ctx<'_, O>) -> (Outcome, O) {
    let end = match (&ran.moves, ran.stopped) {
        (Some(m), _) => End::Found(m.clone()),
        (None, Some(kind)) => End::Limit(kind),
        (None, None) => End::Found(Vec::new()),
    };
    let (stats, obs) = ctx.finish(&end);
    let mut outcome = Outcome::from_end(end, stats);
    if outcome.status == Status::Solved {
        if ran.moves.is_none() {
            outcome.cost = Some(ran.streamed);
            outcome.length = Some(ran.streamed);
            outcome.stats.search_depth = ran.streamed;
        } else {
            outcome.limit = ran.stopped;
        }
        set_bound(&mut outcome, req, None);
    }
    (outcome, obs)
}

/// Sets a solved outcome's lower bound and its source ([`lower_bound_with`]).
fn set_bound(outcome: &mut Outcome, req: &Request, proven_optimal_cost: Option<u64>) {
    // The pattern databases count moves; under other costs the weighed formula bounds the cost.
    let (bound, from) = match proven_optimal_cost {
        _ if req.cost.is_unit() => lower_bound_with(&req.start, &req.goal, &req.tables, proven_optimal_cost),
        Some(cost) => (cost, BoundSource::Optimal),
        None => (lower_bound_for(&req.start, &req.goal, req.cost, None), BoundSource::LinearConflict),
    };
    outcome.lower_bound = Some(bound);
    outcome.lower_bound_from = Some(from);
}

/// Sets the lower bound of an IDA* run on the pattern databases that a limit stopped. The
/// engine's `max_depth` is the bound of the last iteration it began: the start's estimate, or
/// the least f past the bound of an iteration that ended without the goal. Either way no
/// answer is shorter. The tables' direct estimate is taken when larger.
fn set_searched_bound(outcome: &mut Outcome, req: &Request) {
    let searched = outcome.stats.max_depth;
    let (estimate, from) = lower_bound_with(&req.start, &req.goal, &req.tables, None);
    let (bound, from) = if searched > estimate { (searched, BoundSource::Iterations) } else { (estimate, from) };
    outcome.lower_bound = Some(bound);
    outcome.lower_bound_from = Some(from);
}

/// The outcome of a `pdb-beam` run: solved with the limit that stopped its later views, or the
/// limit without an answer.
fn beam_outcome<O: Observer>(req: &Request, ran: crate::search::pdb_beam::Ran, ctx: Ctx<'_, O>) -> (Outcome, O) {
    let end = match (&ran.moves, ran.stopped) {
        (Some(m), _) => End::Found(m.clone()),
        (None, kind) => End::Limit(kind.unwrap_or(LimitKind::Cancelled)),
    };
    let (stats, obs) = ctx.finish(&end);
    let mut outcome = Outcome::from_end(end, stats);
    if outcome.status == Status::Solved {
        outcome.limit = ran.stopped;
        set_bound(&mut outcome, req, None);
    }
    (outcome, obs)
}

/// Runs `pdb-beam` with the tables for every goal that `req` was prepared with.
fn run_beam<O: Observer>(req: &Request, obs: O) -> Result<(Outcome, O), Error> {
    let (w, h) = (req.goal.width(), req.goal.height());
    check_beam_size(w, h)?;
    let set = req.tables.any_goal().ok_or_else(|| {
        Error::Unprepared(format!(
            "pdb-beam needs the pattern databases for every goal of {w}×{h}: prepare them (npuzzle pdb build --size {w}x{h})"
        ))
    })?;
    let mut ctx = Ctx::new(&req.limits, obs);
    let ran = crate::search::pdb_beam::run(set, &req.start, &req.goal, req.tables.block(), &mut ctx)?;
    Ok(beam_outcome(req, ran, ctx))
}

/// Refuses a board `pdb-beam` does not take: outside 26 to 64 cells or 12 a side, or whose
/// size's pattern set it cannot read.
pub fn check_beam_size(width: usize, height: usize) -> Result<(), Error> {
    use crate::improve::pdb_beam::{MAX_CELLS, MAX_SIDE, MIN_CELLS};
    let n = width * height;
    if (MIN_CELLS..=MAX_CELLS).contains(&n)
        && width.max(height) <= MAX_SIDE
        && crate::improve::pdb_beam::fits(&crate::heuristic::pdb::SetSpec::strongest(width, height))
    {
        return Ok(());
    }
    Err(Error::Unsupported(format!(
        "pdb-beam solves boards of {MIN_CELLS} to {MAX_CELLS} cells, at most {MAX_SIDE} a side, whose pattern set has at most {} patterns, \
         not {width}×{height}: use the default solver for this size",
        crate::improve::pdb_beam::MAX_PATTERNS
    )))
}

/// [`solve_observed`] without the lower bound.
fn solve_unbounded<O: Observer>(req: &Request, obs: O) -> Result<(Outcome, O), Error> {
    if req.algorithm == Algorithm::PdbBeam {
        return run_beam(req, obs);
    }
    if req.algorithm == Algorithm::ReducePlus {
        let mut ctx = Ctx::new(&req.limits, obs);
        let ran = crate::search::reduce_plus::run(&req.start, &req.goal, req.tables.block(), &mut ctx, &mut |_| {})?;
        return Ok(plus_outcome(req, ran, ctx));
    }
    if req.algorithm == Algorithm::Reduce {
        let mut ctx = Ctx::new(&req.limits, obs);
        let mut moves = Vec::new();
        let end = match crate::search::reduce::run(&req.start, &req.goal, req.tables.block(), &mut ctx, &mut |m| moves.push(m))? {
            None => End::Found(moves),
            Some(kind) => End::Limit(kind),
        };
        let (stats, obs) = ctx.finish(&end);
        return Ok((Outcome::from_end(end, stats), obs));
    }
    // A limit that is already reached stops every engine before it starts, however small the
    // search: a zero time or node limit, or a cancel flag set before the call.
    // A search that could not fit in its memory limit whatever it did is refused the same way.
    let at_once = req.limits.reached_at_start().or_else(|| check_fits(req).err().map(|_| LimitKind::Memory));
    if let Some(kind) = at_once {
        return Ok((Outcome::from_end(End::Limit(kind), Stats { iterations: 1, ..Stats::default() }), obs));
    }
    let heuristic = Heuristic::with_cost(req.effective_heuristic(), &req.goal, &req.tables, req.cost)?;
    if !O::ENABLED && req.algorithm.info().fast_engine {
        if let Some(p) = heuristic.cost_pdb().filter(|p| p.covers_board()) {
            let (end, stats) = fast::cost::ida(p, &req.start, req.order, &req.limits);
            return Ok((Outcome::from_end(end, stats), obs));
        }
        if let Some(e) = heuristic.cost_exact() {
            let (end, stats) = fast::cost::exact_walk(e, &req.start, req.order, &req.limits);
            return Ok((Outcome::from_end(end, stats), obs));
        }
        if let Some(p) = heuristic.pdb().filter(|p| p.covers_board()) {
            let (end, stats) = fast::ida::search(p, &req.start, req.order, &req.limits, req.parallel, req.tables.prune().map(|f| &**f));
            let mut outcome = Outcome::from_end(end, stats);
            if outcome.status == Status::Limit && req.cost.is_unit() {
                set_searched_bound(&mut outcome, req);
            }
            return Ok((outcome, obs));
        }
        if let Some(e) = heuristic.exact() {
            let (end, stats) = fast::exact_walk(e, &req.start, req.order, &req.limits);
            return Ok((Outcome::from_end(end, stats), obs));
        }
    }
    let n = req.start.len();
    if n <= 16 {
        run::<Packed64, O>(req, heuristic, obs)
    } else if n <= 25 {
        run::<Packed128, O>(req, heuristic, obs)
    } else {
        run::<Wide, O>(req, heuristic, obs)
    }
}

fn run<S: State, O: Observer>(req: &Request, heuristic: Heuristic, obs: O) -> Result<(Outcome, O), Error> {
    let start: S = encode(&req.start);
    let state_bytes = std::mem::size_of::<S>() + start.heap_bytes();
    let problem: Problem<S> = Problem {
        table: Arc::new(MoveTable::new(req.start.width(), req.start.height())),
        start,
        goal: encode(&req.goal),
        heuristic,
        order: req.order,
        weight: req.params.weight(),
        max_depth: if req.algorithm.info().takes(Param::MaxDepth) { req.params.max_depth } else { None },
        params: req.params,
        cost: req.cost,
    };
    let mut ctx = Ctx::new(&req.limits, obs).for_state_bytes(state_bytes);
    let end = req.algorithm.run(&problem, &mut ctx)?;
    let (stats, obs) = ctx.finish(&end);
    Ok((Outcome::from_end(end, stats), obs))
}
