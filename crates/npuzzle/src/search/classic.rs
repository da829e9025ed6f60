//! The entry every state-space search shares: the board encoded compactly for its size
//! (4 bits a cell in a `u64` up to 16 cells, 5 in a `u128` up to 25, bytes beyond), the
//! heuristic prepared from the request's tables, the move table built once, and the search run
//! under the request's limits. An algorithm registered as `search` in `algorithms!` is run
//! through [`run`] with its `search` function at the three widths.

use super::fit::check_fits;
use super::observer::Observer;
use super::{Ctx, End, LimitKind, Param, Problem, Request};
use crate::board::MoveTable;
use crate::error::Error;
use crate::heuristic::Heuristic;
use crate::outcome::Outcome;
#[cfg(feature = "wide")]
use crate::state::Wide;
use crate::state::{encode, Packed128, Packed64, State};
use crate::stats::Stats;
use std::sync::Arc;

/// One search function at each state width.
pub(crate) struct Widths<O: Observer> {
    /// Up to 16 cells.
    pub narrow: fn(&Problem<Packed64>, &mut Ctx<'_, O>) -> End,
    /// 17 to 25 cells.
    pub middle: fn(&Problem<Packed128>, &mut Ctx<'_, O>) -> End,
    /// Beyond 25 cells.
    #[cfg(feature = "wide")]
    pub wide: fn(&Problem<Wide>, &mut Ctx<'_, O>) -> End,
}

/// The [`Widths`] of a module's `search` function (`widths!(bfs::search)`), inside a function
/// generic over the observer `O`.
macro_rules! widths {
    ($search:path) => {
        $crate::search::classic::Widths {
            narrow: $search,
            middle: $search,
            #[cfg(feature = "wide")]
            wide: $search,
        }
    };
}
pub(crate) use widths;

/// The outcome of a run that a limit stops before it starts, however small the search: a zero
/// time or node limit, a cancel flag set before the call, or a search that could not fit in its
/// memory limit whatever it did ([`check_fits`]).
pub(crate) fn stopped_at_once(req: &Request) -> Option<Outcome> {
    let kind = req.limits.reached_at_start().or_else(|| check_fits(req).err().map(|_| LimitKind::Memory))?;
    Some(Outcome::from_end(End::Limit(kind), Stats { iterations: 1, ..Stats::default() }))
}

/// The heuristic `req` searches with, from its prepared tables.
pub(crate) fn heuristic(req: &Request) -> Result<Heuristic, Error> {
    Heuristic::of(&req.effective_heuristic(), &req.goal, &req.tables, req.cost, req.metric)
}

/// Runs the search of `widths` on `req`: [`stopped_at_once`], then [`run_with`].
pub(crate) fn run<O: Observer>(req: &Request, obs: O, widths: Widths<O>) -> Result<(Outcome, O), Error> {
    if let Some(out) = stopped_at_once(req) {
        return Ok((out, obs));
    }
    run_with(req, heuristic(req)?, obs, widths)
}

/// Runs the search of `widths` on `req` with `heuristic`, at the width the board needs.
pub(crate) fn run_with<O: Observer>(req: &Request, heuristic: Heuristic, obs: O, widths: Widths<O>) -> Result<(Outcome, O), Error> {
    let n = req.start.len();
    if n <= 16 {
        run_at(req, heuristic, obs, widths.narrow)
    } else if n <= 25 {
        run_at(req, heuristic, obs, widths.middle)
    } else {
        run_wide(req, heuristic, obs, widths)
    }
}

/// Beyond 25 cells: the byte-a-cell states.
#[cfg(feature = "wide")]
fn run_wide<O: Observer>(req: &Request, heuristic: Heuristic, obs: O, widths: Widths<O>) -> Result<(Outcome, O), Error> {
    run_at(req, heuristic, obs, widths.wide)
}

/// Beyond 25 cells without the `wide` feature (the page's WebAssembly, whose service refuses
/// these searches first): refused.
#[cfg(not(feature = "wide"))]
fn run_wide<O: Observer>(req: &Request, _: Heuristic, _: O, _: Widths<O>) -> Result<(Outcome, O), Error> {
    Err(Error::Unsupported(format!(
        "{} searches boards of at most 25 cells in this build (the library's feature \"wide\" searches larger ones), not {}",
        req.algorithm,
        req.start.len()
    )))
}

fn run_at<S: State, O: Observer>(
    req: &Request,
    heuristic: Heuristic,
    obs: O,
    search: fn(&Problem<S>, &mut Ctx<'_, O>) -> End,
) -> Result<(Outcome, O), Error> {
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
        metric: req.metric,
    };
    let mut ctx = Ctx::new(&req.limits, obs).for_state_bytes(state_bytes).stop_on(problem.heuristic.failed_flag());
    let end = search(&problem, &mut ctx);
    let (stats, obs) = ctx.finish(&end);
    // A user's own estimate that failed at a board stopped the search: its error is the answer.
    if let Some(e) = problem.heuristic.failure() {
        return Err(e);
    }
    Ok((Outcome::from_end(end, stats), obs))
}
