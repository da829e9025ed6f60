//! Beam search over pattern databases in several views ([`crate::improve::pdb_beam`]): the
//! default solver from 26 to 64 cells (the 35- and 48-puzzle above all). Depth by depth it keeps
//! the boards of least estimate (the additive pattern databases, directly and mirrored, plus
//! linear conflicts); it runs eight times, over the board turned and mirrored and from either
//! end, each run looking only for an answer shorter than the best so far; the shortest is kept.
//! Not optimal; its answer comes with the databases' admissible lower bound.
//!
//! It runs on boards, not on search states ([`crate::solve::solve`] calls [`run`] with the
//! tables of [`crate::tables::TableStore::any_goal`]).
//!
//! Anytime: a time limit or a cancel ends the work after a layer and returns the best answer so
//! far, with the limit named ([`crate::solve::Outcome::limit`]); stopped before the first view
//! has an answer, it returns row-and-column reduction's (milliseconds). Its budget counts
//! children, never time, so without a limit the answer is the same on every machine and with any
//! number of threads.
//!
//! Its node counts are the boards the beams expand and the children they generate. A node
//! limit is checked after every layer, so a run may pass it by one layer. A memory limit narrows
//! the beam until its worst case (with the tables) fits.

use super::info::{self, line, GoalTest, Info, Step, PLAIN};
use super::observer::Observer;
use super::{Ctx, LimitKind};
use crate::board::{Board, Move};
use crate::error::Error;
use crate::heuristic::exact::ExactHeuristic;
use crate::heuristic::pdb::AnyGoalSet;
use crate::improve::pdb_beam::{self, Plan};
use std::sync::Arc;

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "pdb-beam",
    aliases: &["beam-pdb"],
    title: "beam search over pattern databases, in eight views",
    summary: "from 26 to 64 cells: keeps the boards of least pattern-database estimate plus linear conflicts, depth by depth, over the board turned and mirrored and from either end; the shortest answer is kept; not optimal",
    optimal: false,
    uses_heuristic: false,
    keeps: info::Keeps::FewBoards,
    local: false,
    reduces: true,
    two_roots: false,
    fast_engine: false,
    goal_test: GoalTest::OnGeneration,
    frontier: "beam (the W boards of least estimate at each depth)",
    params: &[],
    words: PLAIN,
    pseudocode: &[
        line(0, "function PDB-BEAM(start, goal) returns a sequence of moves", &[]),
        line(1, "best ← none", &[Step::Start]),
        line(1, "for each view in (as it is, turned half round, mirrored top to bottom, mirrored left to right) × (forward, backward) do", &[]),
        line(2, "from, to ← start, goal in the view's frame (swapped when backward)", &[]),
        line(2, "layer ← {from}", &[]),
        line(2, "repeat", &[]),
        line(3, "children ← the boards one move from a board of layer, not seen before", &[]),
        line(3, "drop each child c with depth + max(D(c), M(c)) ≥ |best|    ▷ D, M: the databases' sums, direct and mirrored", &[]),
        line(3, "layer ← the W children of least D + M + 3 · linear conflicts", &[]),
        line(3, "if a child is to then best ← its path; next view", &[Step::Goal]),
        line(2, "until layer is empty", &[]),
        line(1, "return best", &[]),
    ],
};

/// What [`run`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ran {
    /// The answer, when there is one.
    pub moves: Option<Vec<Move>>,
    /// The limit that stopped the work: with an answer, the work that might have shortened it;
    /// without one, the run itself.
    pub stopped: Option<LimitKind>,
}

/// Solves `start` → `goal` (same size, 26 to 64 cells, the goal reachable) with the tables of
/// `set` under the context's limits. `block` is the final block's exact table for reduction's
/// answer, the fallback when a limit stops the beams before their first answer; without one, a
/// table is built when it is needed.
pub fn run<O: Observer>(
    set: &AnyGoalSet,
    start: &Board,
    goal: &Board,
    block: Option<&Arc<ExactHeuristic>>,
    ctx: &mut Ctx<'_, O>,
) -> Result<Ran, Error> {
    let (w, h) = (start.width(), start.height());
    if set.spec().width != w || set.spec().height != h {
        return Err(Error::Invalid(format!("the tables are for {}×{}, the board is {w}×{h}", set.spec().width, set.spec().height)));
    }
    let lb = crate::improve::lower_bound(start, goal);
    let mut plan = Plan::for_board(lb);
    let depth = 4 * lb + 64;
    let tables = set.bytes();
    // A memory limit narrows the beam until its worst case fits beside the tables; under a
    // hundred boards wide, the beams are left out and reduction answers.
    if let Some(limit) = ctx.limits().memory {
        let room = limit.saturating_sub(tables + pdb_beam::bytes(w * h, 0, depth));
        let per_board = pdb_beam::bytes(w * h, 1, depth) - pdb_beam::bytes(w * h, 0, depth);
        plan.width = plan.width.min((room / per_board.max(1)) as usize);
    }
    let held = (tables + pdb_beam::bytes(w * h, plan.width, depth)) as usize;
    ctx.stats.generated = 1;
    if plan.width < 100 {
        return reduce_fallback(start, goal, block, ctx, None);
    }
    if let Err(kind) = ctx.check_now(held) {
        return reduce_fallback(start, goal, block, ctx, Some(kind));
    }
    let mut stopped = None;
    let found = pdb_beam::solve(set, start, goal, &plan, &mut |n| {
        ctx.stats.generated = n + 1;
        match ctx.check_now(held) {
            Ok(()) => false,
            Err(kind) => {
                stopped = Some(kind);
                true
            }
        }
    })?;
    ctx.stats.expanded = found.expanded;
    ctx.stats.generated = found.nodes + 1;
    match found.moves {
        Some(moves) => {
            ctx.stats.max_depth = moves.len() as u64;
            Ok(Ran { moves: Some(moves), stopped: if found.stopped { stopped } else { None } })
        }
        None => reduce_fallback(start, goal, block, ctx, stopped),
    }
}

/// Row-and-column reduction's answer, when the beams have none: `stopped` is the limit that
/// ended them (reduction itself runs past it: it takes milliseconds).
fn reduce_fallback<O: Observer>(
    start: &Board,
    goal: &Board,
    block: Option<&Arc<ExactHeuristic>>,
    ctx: &mut Ctx<'_, O>,
    stopped: Option<LimitKind>,
) -> Result<Ran, Error> {
    if stopped == Some(LimitKind::Cancelled) {
        return Ok(Ran { moves: None, stopped });
    }
    let limits = super::Limits::default();
    let mut own = Ctx::new(&limits, super::observer::NoObserver);
    let mut moves = Vec::new();
    super::reduce::run(start, goal, block, &mut own, &mut |m| moves.push(m))?;
    ctx.stats.expanded += own.stats.expanded;
    ctx.stats.generated += own.stats.generated;
    ctx.stats.max_depth = moves.len() as u64;
    Ok(Ran { moves: Some(moves), stopped })
}
