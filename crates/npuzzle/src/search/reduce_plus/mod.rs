//! Reduction with shorter answers ([`improve`](mod@improve)): up to 256 cells a beam search over the
//! whole board (lines of row-and-column reduction placed by a search over only their tiles where
//! the beam stops improving, the beam taking the smaller region left); from 170 to 1,600 cells a
//! wide beam that keeps one board per blank cell, reduction finishing from where it stops;
//! beyond, reduction; then the path shortened by window search. The shortest answer is kept,
//! reduction's own among them. The default solver beyond 25 cells.
//!
//! Anytime: reduction's answer comes first (milliseconds), and the work after it may be cut
//! short by a time limit or a cancel, which returns the best answer so far, solved, with the
//! limit named ([`crate::solve::Outcome::limit`]). Its budgets count nodes, never time, so
//! without a limit the answer is the same on every machine. Boards over
//! [`STREAM_ABOVE_CELLS`] cells are solved by reduction alone, its moves streamed.
//!
//! Its node counts are the boards its beam expands and generates, the nodes its stage and
//! window searches expand and generate, and reduction's moves (each expands one board and
//! generates the next); a node limit is checked between pieces of work (a beam
//! layer, a stage, 64 windows), so a run may pass it by one piece. A memory limit narrows the
//! beam until its worst case fits.


pub mod improve;

use super::info::{self, line, GoalTest, Info, Step, PLAIN};
use super::observer::Observer;
use super::{Ctx, End, LimitKind, Request};
use crate::board::{Board, Move};
use crate::error::Error;
use crate::outcome::{Outcome, Status};
use crate::heuristic::exact::ExactHeuristic;
use improve::{improve, ImproveOptions, WideBeam};
use crate::search::reduce::{ExactFinisher, ReduceError, ReduceOptions};
use std::sync::Arc;

/// Boards with more cells than this are solved by row-and-column reduction alone, each move
/// handed over as it is made: their answers (billions of moves at 1000×1000) are not held.
pub const STREAM_ABOVE_CELLS: usize = 40_000;

/// Bytes a stage search holds a node, about (its node, cost, heap entry and table slot).
const STAGE_NODE_BYTES: u64 = 64;

/// What this algorithm says about itself.
pub const INFO: Info = Info {
    name: "reduce-plus",
    aliases: &["improve", "shorter"],
    title: "beam search, reduction with stage search, and window search",
    summary: "up to 16×16 a beam search over the whole board, lines placed by a search over only their tiles where it stalls; to 40×40 a wide beam, one board per blank cell, then reduction; then shortens the path by window search; never longer than reduce, not optimal",
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
    pseudocode: &[
        line(0, "function REDUCE-PLUS(start, goal) returns a sequence of moves", &[]),
        line(1, "best ← REDUCE(start, goal)", &[Step::Start]),
        line(1, "board ← start; moves ← empty", &[]),
        line(1, "loop    ▷ up to 256 cells; beyond, moves ← best", &[]),
        line(2, "if the unsolved block has at most 256 cells, and fewer than where a beam last stalled, then", &[]),
        line(3, "BEAM: keep the W boards of least h = Manhattan + linear conflict + blank's distance to a misplaced tile, depth by depth", &[]),
        line(3, "append the moves to the goal, or (stalled) to its best board", &[]),
        line(3, "if the board is solved then exit the loop", &[]),
        line(2, "if only the exact table's block is left then exit the loop", &[]),
        line(2, "line ← the row or column on the block's longer side away from the goal's blank", &[]),
        line(2, "for each group of at most 4 tiles of line do", &[]),
        line(3, "weighted A* over those tiles and the blank only, h = Manhattan + linear conflict", &[]),
        line(3, "append its moves; the group's cells are fixed", &[]),
        line(1, "append the exact table's optimal moves for the remaining block", &[]),
        line(1, "best ← the shorter of best and moves", &[]),
        line(1, "if the board has 170 to 1,600 cells then", &[]),
        line(2, "WIDE BEAM from start as BEAM, keeping one board per blank cell, for 70 % of the lower bound's moves", &[]),
        line(2, "best ← the shorter of best and those moves followed by REDUCE from the board they reach", &[]),
        line(1, "repeat while a pass shortens best", &[]),
        line(2, "for each window of consecutive moves of best do", &[]),
        line(3, "IDA* in the rectangle the blank keeps to, from the window's first board to its last", &[]),
        line(3, "if it finds a shorter way, it replaces the window", &[]),
        line(1, "return best", &[Step::Goal]),
    ],
};

/// Reduce-plus's entry: the request's final-block table; boards over [`STREAM_ABOVE_CELLS`]
/// cells hand their moves to `sink` as they are made when there is one. A solved outcome names
/// the limit that stopped its shortening, if one did.
pub fn run<O: Observer>(req: &Request, obs: O, sink: Option<&mut dyn FnMut(Move)>) -> Result<(Outcome, O), Error> {
    let (req, probed) = match super::near::probe(req) {
        super::near::Probe::Optimal(out) => return Ok((out, obs)),
        super::near::Probe::Open(req, probed) => (req, probed),
    };
    let req = &req;
    let mut ctx = Ctx::new(&req.limits, obs);
    let ran = match sink {
        Some(sink) => solve_boards(&req.start, &req.goal, req.tables.block(), &mut ctx, sink)?,
        None => solve_boards(&req.start, &req.goal, req.tables.block(), &mut ctx, &mut |_| {})?,
    };
    let end = match (&ran.moves, ran.stopped) {
        (Some(m), _) => End::Found(m.clone()),
        (None, Some(kind)) => End::Limit(kind),
        (None, None) => End::Found(Vec::new()),
    };
    let streamed = ran.moves.is_none();
    let (mut outcome, obs) = super::near::improved(ctx, end, if streamed { None } else { ran.stopped }, &probed);
    if outcome.status == Status::Solved && streamed {
        // The moves went to the sink: the outcome counts them.
        outcome.cost = Some(ran.streamed);
        outcome.length = Some(ran.streamed);
        outcome.stats.search_depth = ran.streamed;
    }
    Ok((outcome, obs))
}

/// What a run on the boards did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ran {
    /// The answer, when there is one; `None` for a board over [`STREAM_ABOVE_CELLS`] cells
    /// solved to the end (its moves went to the sink) or a run stopped before any answer.
    pub moves: Option<Vec<Move>>,
    /// Moves handed to the sink (boards over [`STREAM_ABOVE_CELLS`] cells).
    pub streamed: u64,
    /// The limit that stopped the work: with an answer, the work that would have shortened it
    /// further; without one, the run itself.
    pub stopped: Option<LimitKind>,
}

/// Solves `start` → `goal` (same size, the goal reachable) under the context's limits. Boards
/// over [`STREAM_ABOVE_CELLS`] cells are reduced with every move handed to `sink` as it is made;
/// smaller ones return their answer in [`Ran::moves`], and `sink` is not called. `block` is the
/// final block's exact table ([`crate::tables::Tables::block`]); without one, a table is built
/// for this run.
pub(crate) fn solve_boards<O: Observer>(
    start: &Board,
    goal: &Board,
    block: Option<&Arc<ExactHeuristic>>,
    ctx: &mut Ctx<'_, O>,
    sink: &mut dyn FnMut(Move),
) -> Result<Ran, Error> {
    let (w, h) = (start.width(), start.height());
    if w * h > STREAM_ABOVE_CELLS {
        let mut streamed = 0u64;
        let stopped = super::reduce::walk(start, goal, block, ctx, &mut |m| {
            streamed += 1;
            sink(m)
        })?;
        return Ok(Ran { moves: None, streamed, stopped });
    }
    let memory = crate::search::reduce::memory_bytes(w, h) as usize;
    ctx.stats.generated = 1;
    if let Err(kind) = ctx.check(memory) {
        return Ok(Ran { moves: None, streamed: 0, stopped: Some(kind) });
    }
    let mut finisher = match block {
        Some(b) => ExactFinisher::new([b.clone()]),
        None => ExactFinisher::build(goal, &ReduceOptions::default())?,
    };
    // A node limit is checked at every move of reduction, as `reduce` does, so a limit below
    // its work ends the run without an answer, exactly on the limit.
    let node_limit = ctx.limits().nodes.is_some();
    let mut opts = ImproveOptions { poll_every: if node_limit { 1 } else { 1 << 16 }, ..ImproveOptions::for_board(w, h) };
    // The beam's worst case must fit a memory limit: it is narrowed until it does, and left
    // out when under a hundred boards would; a stage search's budget likewise (the two never
    // run at once).
    let beam_depth = improve::beam_depth_bound(start, goal);
    if let Some(limit) = ctx.limits().memory {
        let room = limit.saturating_sub(memory as u64 + 3 * beam_depth + improve::BEAM_FIXED_BYTES);
        let fits = (room / improve::beam_bytes_per_board(w * h, beam_depth)) as usize;
        opts.beam_width = if fits < 100 { 0 } else { opts.beam_width.min(fits) };
        opts.stage_nodes = opts.stage_nodes.min((room / STAGE_NODE_BYTES) as usize);
        if let Some(wide) = opts.wide {
            let depth = wide_depth(start, goal, &wide);
            let per_board = improve::wide_bytes(w, h, 1, depth) - improve::BEAM_FIXED_BYTES;
            let fits = (limit.saturating_sub(memory as u64 + 3 * beam_depth + improve::BEAM_FIXED_BYTES) / per_board) as usize;
            opts.wide = (fits >= 100).then(|| WideBeam { width: wide.width.min(fits), ..wide });
        }
    }
    let mut stopped = None;
    let mut calls = 0u64;
    let mut stop = |work: u64| {
        if stopped.is_some() {
            return true;
        }
        ctx.stats.generated = work + 1;
        calls += 1;
        // Each call is a piece of work (65,536 moves of reduction, a stage, 64 windows): the
        // clock is read every time, or every 1,024th call when a node limit has reduction call
        // at every move.
        let checked = if node_limit && calls % 1024 != 1 { ctx.check(memory) } else { ctx.check_now(memory) };
        match checked {
            Ok(()) => false,
            Err(kind) => {
                stopped = Some(kind);
                true
            }
        }
    };
    let result = improve(start, goal, &opts, &mut finisher, &mut stop);
    match result {
        Ok(done) => {
            let moves = done.moves;
            ctx.stats.expanded = done.expanded + done.made;
            ctx.stats.generated = done.nodes + done.made + 1;
            ctx.stats.search_depth = moves.len() as u64;
            ctx.stats.max_depth = moves.len() as u64;
            // What it held at most, about: the engine, the path three times over while windows
            // rebuild it, and a stage search's nodes and table or the beam's layers.
            let stage_bytes = if opts.stages { opts.stage_nodes as u64 * STAGE_NODE_BYTES } else { 0 };
            // The staged run's beam and the wide beam run one after the other: the larger.
            let staged_beam = if opts.stages && opts.beam_width > 0 {
                improve::BEAM_FIXED_BYTES + opts.beam_width as u64 * improve::beam_bytes_per_board(w * h, beam_depth)
            } else {
                0
            };
            let wide_beam = opts.wide.map_or(0, |wide| improve::wide_bytes(w, h, wide.width, wide_depth(start, goal, &wide)));
            let beam_bytes = if done.beam_depth.is_some() { staged_beam.max(wide_beam) } else { 0 };
            let held = memory as u64 + 3 * done.reduce_moves + stage_bytes.max(beam_bytes);
            ctx.stats.peak_memory = ctx.stats.peak_memory.max(held);
            Ok(Ran { moves: Some(moves), streamed: 0, stopped: if done.stopped { stopped } else { None } })
        }
        Err(ReduceError::Cancelled) => Ok(Ran { moves: None, streamed: 0, stopped: Some(stopped.unwrap_or(LimitKind::Cancelled)) }),
        Err(ReduceError::Unsolvable) => Err(Error::Invalid(format!("the goal {goal} cannot be reached from {start}"))),
        Err(e) => Err(Error::Internal(e.to_string())),
    }
}

/// The most moves the wide beam makes on `start` → `goal`.
fn wide_depth(start: &Board, goal: &Board, wide: &WideBeam) -> u64 {
    crate::heuristic::lower_bound(start, goal) * wide.depth_per_mille / 1000
}
