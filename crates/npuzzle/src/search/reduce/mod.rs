//! Row-and-column reduction ([`crate::search::reduce`]): tiles placed a row or a column at a time until
//! a small final block is left, which an exact table solves optimally. Not optimal overall, but
//! near-linear in the moves it makes, for boards of any size and any goal; memory grows with
//! the board, not with the solution.
//!
//! It searches no tree of boards, so its node counts describe the path it walks: each move
//! expands the board it leaves and generates the next one (the start counts as generated), and
//! a node limit caps the moves made. Trial runs on boards of at most 256 cells count too. Its
//! peak memory is the engine's, [`crate::search::reduce::memory_bytes`]; a memory limit below it stops
//! the run before the first move.
//!
//! The final block's exact table comes from the request's tables
//! ([`crate::tables::Tables::block`], prepared by
//! [`crate::tables::TableStore::prepare_run`]); a request without one builds it for the run
//! (a few milliseconds for a 3×3 block).


pub mod reduction;
pub use reduction::*;

use super::info::{self, line, GoalTest, Info, Step, PLAIN};
use super::observer::Observer;
use super::{Ctx, End, LimitKind, Request};
use crate::board::{Board, Move};
use crate::error::Error;
use crate::outcome::Outcome;
use crate::heuristic::exact::ExactHeuristic;
use std::cell::RefCell;
use std::sync::Arc;

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "reduce",
    aliases: &["reduction", "rows-and-columns"],
    title: "row-and-column reduction",
    summary: "places tiles a row or a column at a time, then solves the last small block exactly; any size, near-linear time, not optimal",
    optimal: false,
    uses_heuristic: false,
    keeps: info::Keeps::FewBoards,
    kind: info::Kind::Reduction,
    needs: info::Needs::Block,
    check_size: info::any_size,
    cost_note: None,
    goal_test: GoalTest::OnSelection,
    duplicates: &[],
    frontier: "none (one path)",
    params: &[],
    words: PLAIN,
    // No frontier and no tree: one path is walked, so only the start and the goal are steps.
    pseudocode: &[
        line(0, "function REDUCE(start, goal) returns a sequence of moves", &[]),
        line(1, "board ← start; moves ← empty", &[Step::Start]),
        line(1, "while the unsolved block is larger than the exact table's size do", &[]),
        line(2, "pick the longer side of the block away from the goal's blank: a row or a column", &[]),
        line(2, "for each tile of that line, the last two as a pair, do", &[]),
        line(3, "route the blank to the tile, push the tile to its cell; placed tiles stay put", &[]),
        line(2, "the block shrinks by that line", &[]),
        line(1, "append the exact table's optimal moves for the remaining block", &[]),
        line(1, "return moves", &[Step::Goal]),
    ],
};

/// The reduction's entry: the request's final-block table, its moves handed to `sink` as they
/// are made when there is one, else returned.
pub fn run<O: Observer>(req: &Request, obs: O, sink: Option<&mut dyn FnMut(Move)>) -> Result<(Outcome, O), Error> {
    let mut ctx = Ctx::new(&req.limits, obs);
    let mut moves = Vec::new();
    let stopped = match sink {
        Some(sink) => walk(&req.start, &req.goal, req.tables.block(), &mut ctx, sink)?,
        None => walk(&req.start, &req.goal, req.tables.block(), &mut ctx, &mut |m| moves.push(m))?,
    };
    let end = match stopped {
        None => End::Found(moves),
        Some(kind) => End::Limit(kind),
    };
    let (stats, obs) = ctx.finish(&end);
    Ok((Outcome::from_end(end, stats), obs))
}

/// Runs the reduction from `start` to `goal` (same size, the goal reachable), handing each move
/// to `sink` as it is made, under the context's limits: `Ok(None)` when solved, `Ok(Some(kind))`
/// when a limit stopped it (the moves given to the sink are then a prefix of no particular
/// solution). `block` is the final block's table ([`crate::tables::Tables::block`]); without
/// one, a table is built for this run. The context's statistics count the moves as nodes (see
/// the module documentation).
pub(crate) fn walk<O: Observer>(
    start: &Board,
    goal: &Board,
    block: Option<&Arc<ExactHeuristic>>,
    ctx: &mut Ctx<'_, O>,
    sink: &mut dyn FnMut(Move),
) -> Result<Option<LimitKind>, Error> {
    let mut opts = ReduceOptions::default();
    let memory = memory_bytes(start.width(), start.height()) as usize;
    ctx.stats.generated = 1;
    // The first check looks at the clock, the cancel flag and the memory limit before any move.
    if let Err(kind) = ctx.check(memory) {
        return Ok(Some(kind));
    }
    let mut finisher = match block {
        Some(b) => ExactFinisher::new([b.clone()]),
        None => ExactFinisher::build(goal, &opts)?,
    };
    // A node limit is checked at every move, so the run stops exactly on it; otherwise every
    // 1,024 moves, each check looking at the clock.
    let node_limit = ctx.limits().nodes.is_some();
    opts.poll_every = if node_limit { 1 } else { 1 << 10 };
    let stopped = std::cell::Cell::new(None);
    let cell = RefCell::new(&mut *ctx);
    let stop = |made: u64| {
        let mut c = cell.borrow_mut();
        c.stats.generated = made + 1;
        match c.check(memory) {
            Ok(()) => false,
            Err(kind) => {
                stopped.set(Some(kind));
                true
            }
        }
    };
    let result = reduce(start, goal, &opts, &mut finisher, sink, &stop);
    let ctx = cell.into_inner();
    match result {
        Ok(stats) => {
            ctx.stats.expanded = stats.made;
            ctx.stats.generated = stats.made + 1;
            ctx.stats.search_depth = stats.moves;
            ctx.stats.max_depth = stats.moves;
            Ok(None)
        }
        Err(ReduceError::Cancelled) => {
            ctx.stats.expanded = ctx.stats.generated.saturating_sub(1);
            Ok(Some(stopped.get().unwrap_or(LimitKind::Cancelled)))
        }
        Err(ReduceError::Unsolvable) => Err(Error::Invalid(format!("the goal {goal} cannot be reached from {start}"))),
        Err(e) => Err(Error::Internal(e.to_string())),
    }
}
