//! Beam search over pattern databases: the default solver from
//! 26 to 64 cells (the 35- and 48-puzzle above all). Depth by depth it keeps the boards of least
//! estimate (the additive pattern databases, directly and mirrored, plus linear conflicts); it
//! runs from either end, the second run looking only for an answer shorter than the first's;
//! then it re-solves the shorter answer piece by piece, each piece's beams from one of its
//! boards to a board 60 to 120 moves later looking only for a shorter way, until its budget is
//! spent.
//! Not optimal, never longer than row-and-column reduction's answer (computed too, in
//! milliseconds); its answer comes with the databases' admissible lower bound.
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
//! limit narrows the beams to spend about that many children: fewer nodes, a longer answer, the
//! same on every machine. It is also checked after every layer (a run may pass it by one
//! layer). A memory limit narrows
//! the beam until its worst case (with the tables) fits.


mod engine;
mod pieces;
mod views;

pub use engine::*;
pub use pieces::*;
pub use views::*;

use super::info::{self, line, GoalTest, Info, Step, PLAIN};
use super::observer::Observer;
use super::{Ctx, End, LimitKind, Request};
use crate::board::{Board, Move};
use crate::error::Error;
use crate::outcome::Outcome;
use crate::heuristic::exact::ExactHeuristic;
use crate::heuristic::pdb::AnyGoalSet;
use std::sync::Arc;

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "pdb-beam",
    aliases: &["beam-pdb"],
    title: "beam search over pattern databases, then re-solved piece by piece",
    summary: "from 26 to 64 cells: keeps the boards of least pattern-database estimate plus linear conflicts, depth by depth, from either end; the shorter answer is then re-solved piece by piece by beams between its boards; not optimal",
    optimal: false,
    cost_note: None,
    uses_heuristic: false,
    keeps: info::Keeps::FewBoards,
    kind: info::Kind::Beam,
    needs: info::Needs::AnyGoal,
    check_size,
    goal_test: GoalTest::OnGeneration,
    duplicates: &[],
    frontier: "beam (the W boards of least estimate at each depth)",
    params: &[super::Param::LearntKey],
    words: PLAIN,
    pseudocode: &[
        line(0, "function PDB-BEAM(start, goal) returns a sequence of moves", &[]),
        line(1, "best ← none", &[Step::Start]),
        line(1, "for each (from, to) in ((start, goal), (goal, start)) do", &[]),
        line(2, "path ← BEAM(from, to, |best|)    ▷ backward, the path is reversed", &[]),
        line(2, "if path then best ← path", &[Step::Goal]),
        line(1, "repeat", &[]),
        line(2, "for each length L in (60, 100, 80, 120) do", &[]),
        line(3, "for i ← 0, L/2, L, … while i < |best| do", &[]),
        line(4, "j ← min(i + L, |best|); a, b ← the boards of best after i and j moves", &[]),
        line(4, "piece ← the shorter of BEAM(a, b, j − i), BEAM(b, a, j − i) reversed", &[]),
        line(4, "if piece then best ← best[..i] + piece + best[j..]", &[]),
        line(1, "until a round shortens nothing or the budget is spent", &[]),
        line(0, "function BEAM(from, to, bound) returns a path shorter than bound, or none", &[]),
        line(1, "layer ← {from}", &[]),
        line(1, "repeat", &[]),
        line(2, "children ← the boards one move from a board of layer, not seen before", &[]),
        line(2, "drop each child c with depth + max(D(c), M(c)) ≥ bound    ▷ D, M: the databases' sums, direct and mirrored", &[]),
        line(2, "layer ← the W children of least 4·(D + M) + 20·L + 7·H + 2·(R + O)    ▷ L: linear conflicts; H: tiles home; R, O: inversions, reversed pairs", &[]),
        line(2, "if a child is to then return its path", &[]),
        line(1, "until layer is empty", &[]),
        line(1, "return none", &[]),
    ],
};

/// Pdb-beam's entry: the request's tables for every goal of the board's size and its
/// final-block table. A solved outcome names the limit that stopped its later views, if one did.
pub fn run<O: Observer>(req: &Request, obs: O, _sink: Option<&mut dyn FnMut(Move)>) -> Result<(Outcome, O), Error> {
    let (w, h) = (req.goal.width(), req.goal.height());
    check_size(w, h)?;
    let set = req.tables.any_goal().ok_or_else(|| {
        Error::Unprepared(format!(
            "pdb-beam needs the pattern databases for every goal of {w}×{h}: prepare them (npuzzle pdb build --size {w}x{h})"
        ))
    })?;
    let (req, probed) = match super::near::probe(req) {
        super::near::Probe::Optimal(out) => return Ok((out, obs)),
        super::near::Probe::Open(req, probed) => (req, probed),
    };
    let req = &req;
    let mut ctx = Ctx::new(&req.limits, obs);
    let ran = solve_boards(set, req.tables.learnt().map(|n| &**n), &req.start, &req.goal, req.tables.block(), &mut ctx)?;
    let end = match (&ran.moves, ran.stopped) {
        (Some(m), _) => End::Found(m.clone()),
        (None, kind) => End::Limit(kind.unwrap_or(LimitKind::Cancelled)),
    };
    Ok(super::near::improved(ctx, end, ran.stopped, &probed))
}

/// Refuses a board `pdb-beam` does not take: outside 26 to 64 cells or 12 a side, or whose
/// size's pattern set it cannot read.
pub fn check_size(width: usize, height: usize) -> Result<(), Error> {
    use {MAX_CELLS, MAX_SIDE, MIN_CELLS};
    let n = width * height;
    if (MIN_CELLS..=MAX_CELLS).contains(&n) && width.max(height) <= MAX_SIDE && fits(&crate::heuristic::pdb::SetSpec::strongest(width, height)) {
        return Ok(());
    }
    Err(Error::Unsupported(format!(
        "pdb-beam solves boards of {MIN_CELLS} to {MAX_CELLS} cells, at most {MAX_SIDE} a side, whose pattern set has at most {} patterns, \
         not {width}×{height}: use the default solver for this size",
        MAX_PATTERNS
    )))
}

/// What a run on the boards did.
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
pub(crate) fn solve_boards<O: Observer>(
    set: &AnyGoalSet,
    net: Option<&crate::learnt::Net>,
    start: &Board,
    goal: &Board,
    block: Option<&Arc<ExactHeuristic>>,
    ctx: &mut Ctx<'_, O>,
) -> Result<Ran, Error> {
    let (w, h) = (start.width(), start.height());
    if set.spec().width != w || set.spec().height != h {
        return Err(Error::Invalid(format!("the tables are for {}×{}, the board is {w}×{h}", set.spec().width, set.spec().height)));
    }
    let lb = crate::heuristic::lower_bound(start, goal);
    // A node limit narrows the beam to spend about that many children (deterministic, unlike
    // a time limit); the limit itself still ends the work if the estimate falls short.
    let budget = ctx.limits().nodes.map_or(NODE_BUDGET, |n| n.min(NODE_BUDGET));
    let mut plan = Plan::with_budget(lb, budget);
    let depth = 4 * lb + 64;
    let tables = set.bytes();
    // A memory limit narrows the beam until its worst case fits beside the tables; under a
    // hundred boards wide, the beams are left out and reduction answers.
    let piece_depth = plan.pieces.iter().copied().max().unwrap_or(0) as u64;
    if let Some(limit) = ctx.limits().memory {
        let fit = |depth: u64| {
            let room = limit.saturating_sub(tables + bytes(w * h, 0, depth));
            let per_board = bytes(w * h, 1, depth) - bytes(w * h, 0, depth);
            (room / per_board.max(1)) as usize
        };
        plan.width = plan.width.min(fit(depth));
        plan.piece_width = plan.piece_width.min(fit(piece_depth));
    }
    if plan.piece_width < 100 {
        plan.pieces.clear();
    }
    let beams = bytes(w * h, plan.width, depth).max(bytes(w * h, plan.piece_width, piece_depth));
    let held = (tables + beams) as usize;
    ctx.stats.generated = 1;
    if plan.width < 100 {
        return reduce_fallback(start, goal, block, ctx, None);
    }
    if let Err(kind) = ctx.check_now(held) {
        return reduce_fallback(start, goal, block, ctx, Some(kind));
    }
    let mut stopped = None;
    let found = solve(set, net, start, goal, &plan, &mut |n| {
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
            let stopped = if found.stopped { stopped } else { None };
            // Reduction's answer (milliseconds) when it is shorter: never longer than `reduce`.
            let reduced = reduce_fallback(start, goal, block, ctx, stopped)?;
            if reduced.moves.as_ref().is_some_and(|r| r.len() < moves.len()) {
                return Ok(reduced);
            }
            ctx.stats.max_depth = moves.len() as u64;
            Ok(Ran { moves: Some(moves), stopped })
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
    super::reduce::walk(start, goal, block, &mut own, &mut |m| moves.push(m))?;
    ctx.stats.expanded += own.stats.expanded;
    ctx.stats.generated += own.stats.generated;
    ctx.stats.max_depth = moves.len() as u64;
    Ok(Ran { moves: Some(moves), stopped })
}
