//! The one place that picks a solver for a board: [`default_choice`] by size, and
//! [`default_choice_for`] under a step-cost model.

use crate::board::Board;
use crate::cost::CostModel;
use crate::heuristic::HeuristicKind;
use crate::metric::Metric;
use crate::search::{Algorithm, Request};

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
    } else if (crate::search::pdb_beam::MIN_CELLS..=crate::search::pdb_beam::MAX_CELLS).contains(&n)
        && crate::search::pdb_beam::fits(&crate::heuristic::pdb::SetSpec::strongest(width, height))
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

/// The default solver in `metric`: [`default_choice_for`] in single-tile moves; in multi-tile
/// moves IDA* walking the exact multi-tile table up to 9 cells, IDA* on the walking distance in
/// slides on boards whose sides are at most 4 (to 4×4), and beyond, IDA* on the tiles'
/// distances over the longest slide (all optimal; the last two slow on hard boards).
pub fn default_choice_in(width: usize, height: usize, cost: CostModel, metric: Metric) -> (Algorithm, HeuristicKind) {
    match metric {
        Metric::Stm => default_choice_for(width, height, cost),
        Metric::Mtm if width * height <= crate::generate::MAX_TABLE_CELLS => (Algorithm::Idastar, HeuristicKind::Exact),
        Metric::Mtm if width.max(height) <= crate::heuristic::mtm::WALK_MAX_SIDE => (Algorithm::Idastar, HeuristicKind::Pdb),
        Metric::Mtm => (Algorithm::Idastar, HeuristicKind::Manhattan),
    }
}

impl Request {
    /// A request with the default solver for the board's size ([`default_choice`]).
    pub fn auto(start: Board, goal: Board) -> Request {
        let (a, h) = default_choice(start.width(), start.height());
        let mut req = Request::new(start, goal).algorithm(a).heuristic(h);
        req.by_default = true;
        req
    }
}

/// The default solver for any board when the tables [`default_choice_for`]'s pick reads are not
/// at hand and take longer than a few seconds to build (the pattern databases for every goal
/// beyond 25 cells): the solver that answers at once with the tables it builds in milliseconds,
/// `reduce-plus`, whatever the size.
pub fn default_at_once() -> (Algorithm, HeuristicKind) {
    (Algorithm::ReducePlus, HeuristicKind::Zero)
}

/// The default solver among those that find one path without a search tree (reductions and
/// beams): [`default_choice`] where it is one, else [`default_at_once`]. `npuzzle bench big`
/// times it on every size.
pub fn default_one_path(width: usize, height: usize) -> Algorithm {
    match default_choice(width, height).0 {
        a if a.info().one_path() => a,
        _ => default_at_once().0,
    }
}

/// The default solver on a `width`×`height` board for an engine that builds pattern databases of
/// at most `max_entries` entries (a page in a browser; `None`: any): [`default_choice`], or
/// [`default_at_once`] where the pick reads the pattern databases for every goal and their set
/// is larger than that.
pub fn default_within(width: usize, height: usize, max_entries: Option<u64>) -> (Algorithm, HeuristicKind) {
    let pick = default_choice(width, height);
    let too_large = pick.0.info().needs == crate::search::Needs::AnyGoal
        && max_entries.is_some_and(|max| crate::heuristic::pdb::SetSpec::strongest(width, height).entries() > max);
    if too_large {
        default_at_once()
    } else {
        pick
    }
}
