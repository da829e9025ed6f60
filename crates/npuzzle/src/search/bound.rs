//! Lower bounds: what no answer is below, and where that figure comes from, for every answer
//! an algorithm's entry returns.

use super::Request;
use crate::board::Board;
use crate::cost::CostModel;
use crate::heuristic::{Heuristic, HeuristicKind, NoTables};
use crate::metric::Metric;
use crate::outcome::{BoundSource, Outcome};
use crate::tables::Tables;

/// The best admissible estimate of `start` → `goal` computed for every answer: Manhattan
/// distance plus linear conflicts, or `cost` when it is proven optimal.
pub fn lower_bound(start: &Board, goal: &Board, proven_optimal_cost: Option<u64>) -> u64 {
    proven_optimal_cost.unwrap_or_else(|| crate::heuristic::lower_bound(start, goal))
}

/// [`lower_bound`] with the pattern databases of `tables` where they serve `goal`: the larger
/// of Manhattan distance plus linear conflicts and the databases' estimate (the additive sum,
/// directly and in the mirrored position), or `cost` when it is proven optimal. Each is
/// admissible, so the larger is.
pub fn lower_bound_with(start: &Board, goal: &Board, tables: &Tables, proven_optimal_cost: Option<u64>) -> (u64, BoundSource) {
    if let Some(cost) = proven_optimal_cost {
        return (cost, BoundSource::Optimal);
    }
    let formula = crate::heuristic::lower_bound(start, goal);
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
    Heuristic::with_cost(HeuristicKind::LinearConflict, goal, &NoTables, cost).map_or(0, |h| h.estimate_board(start).floor_moves())
}

/// A lower bound on the moves from `start` to `goal` in `metric`: [`lower_bound`] in
/// single-tile moves; in multi-tile moves the tiles' column distances over the longest row
/// slide plus their row distances over the longest column slide, each rounded up.
pub fn lower_bound_in(start: &Board, goal: &Board, metric: Metric) -> u64 {
    match metric {
        Metric::Stm => lower_bound(start, goal, None),
        Metric::Mtm => Heuristic::in_metric(HeuristicKind::Manhattan, goal, &NoTables, CostModel::Unit, Metric::Mtm)
            .map_or(0, |h| h.estimate_board(start).floor_moves()),
    }
}

/// Sets a solved outcome's lower bound and its source ([`lower_bound_with`]).
pub(crate) fn set_bound(outcome: &mut Outcome, req: &Request, proven_optimal_cost: Option<u64>) {
    if req.metric == Metric::Mtm {
        let (bound, from) = match proven_optimal_cost {
            Some(cost) => (cost, BoundSource::Optimal),
            None => (lower_bound_in(&req.start, &req.goal, Metric::Mtm), BoundSource::Slides),
        };
        outcome.lower_bound = Some(bound);
        outcome.lower_bound_from = Some(from);
        return;
    }
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
pub(crate) fn set_searched_bound(outcome: &mut Outcome, req: &Request) {
    let searched = outcome.stats.max_depth;
    let (estimate, from) = lower_bound_with(&req.start, &req.goal, &req.tables, None);
    let (bound, from) = if searched > estimate { (searched, BoundSource::Iterations) } else { (estimate, from) };
    outcome.lower_bound = Some(bound);
    outcome.lower_bound_from = Some(from);
}
