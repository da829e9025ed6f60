//! Shorter solutions for boards beyond the optimal searches' reach: beam searches, staged
//! subgoal search, then window search over the path.
//!
//! Row-and-column reduction ([`crate::search::reduce`]) walks one tile at a time to its cell; its
//! answers are about 2.6 times the Manhattan distance. This engine does better in these ways:
//!
//! - **Beam search** (up to 256 cells, [`ImproveOptions::beam_width`]). Depth by depth, the
//!   children of the kept boards are ranked by Manhattan distance plus linear conflicts plus the
//!   blank's distance to the nearest misplaced tile, and the best few thousand distinct ones are
//!   kept (on the rayon pool; the answer does not depend on the number of threads). The last
//!   term lets the beam walk the blank to a far tile over tiles already home; without it the beam
//!   stalls with a few tiles left. A beam whose best estimate stops falling has stalled: the
//!   moves to its best board are kept and the staged search goes on from there.
//! - **Wide beam** (170 to 1,600 cells, [`ImproveOptions::wide`]). The same beam with at most
//!   one kept board per blank cell (or a few): on a large board the best boards of a depth are
//!   otherwise the same few tiles shuffled round the blank, and the beam soon circles there.
//!   Spread over the board, it keeps finding tiles to bring nearer; after 70 % of the lower
//!   bound's moves reduction finishes from its best board. Up to 256 cells it runs beside the
//!   staged run, the shorter answer kept.
//! - **Stages.** Reduction's shape — lines peeled from the sides of the unsolved region, away
//!   from the goal's blank, until a small final block is left — with each line placed a few
//!   tiles at a time ([`StageVariant::group`]) by a weighted A* over only those tiles and the
//!   blank: every other tile of the unsolved region is a "don't care". It is guided by the
//!   tiles' Manhattan distance plus linear conflicts among them, plus the blank's distance to the
//!   nearest misplaced tile, and given a node budget; a stage that runs out hands the rest of
//!   the board to reduction, so an answer always comes. Once the unsolved region is two thirds
//!   of where the beam stalled, the beam takes it again. The final block is solved optimally by
//!   its exact table ([`crate::search::reduce::Finisher`]).
//! - **Windows.** The path is then shortened piece by piece: for each window of consecutive
//!   moves, the blank stays within a small rectangle of the board, so the window's first and last
//!   boards differ only there; an IDA* inside that rectangle (Manhattan distance plus linear
//!   conflicts between the two) looks for a shorter way between them, and replaces the window
//!   when it finds one. A move followed by its inverse is dropped as the path is rebuilt. Passes
//!   repeat while they gain.
//! - **Never longer than reduction.** Reduction runs too (it takes milliseconds) and is one of
//!   the answers; windows only shorten.
//!
//! Every budget counts nodes or boards, never time, so an answer is the same on every machine; a
//! [`Stop`] function (a time limit, a cancel) may end the work early, and the best answer so
//! far is returned with [`Improved::stopped`] set.

mod beam;
mod stages;
mod window;

use crate::board::{neighbor, Board, Move};
use crate::search::reduce::{reduce, ExactFinisher, Finisher, ReduceError, ReduceOptions};

pub use window::polish;

/// A function asked between pieces of work whether to stop (a limit or a cancel), given the
/// work done so far (reduction's moves made and the searches' nodes): when it returns true the
/// engine returns the best answer it has.
pub type Stop<'a> = &'a mut dyn FnMut(u64) -> bool;

/// How hard the engine works. [`ImproveOptions::for_board`] sets it from the board's size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImproveOptions {
    /// Boards kept per depth by the beam search over the whole board (0: no beam search;
    /// boards beyond 256 cells never run it).
    pub beam_width: usize,
    /// The beam search takes over a staged run once the unsolved region has at most this many
    /// cells (from the start when the board is that small).
    pub beam_cells: usize,
    /// A beam search over the whole board, reduction finishing from where it stops, as one more
    /// answer (`None`: none). [`ImproveOptions::for_board`] sets it from 170 to 1,600 cells.
    pub wide: Option<WideBeam>,
    /// Run the staged subgoal search (else only reduction and windows).
    pub stages: bool,
    /// The staged runs tried (each starting with the beam when it applies), the shortest answer
    /// kept.
    pub variants: Vec<StageVariant>,
    /// Most nodes one stage search generates before reduction takes over the rest.
    pub stage_nodes: usize,
    /// Moves in one window.
    pub window: usize,
    /// Most nodes one window search expands.
    pub window_nodes: u64,
    /// Most passes of window search over the whole path.
    pub passes: usize,
    /// Moves reduction makes between two calls of the stop function.
    pub poll_every: u64,
    /// How many of the shortest answers (staged and reduction's) are polished, the shortest
    /// result kept: the shortest before windows is not always the shortest after.
    pub polished: usize,
}

impl ImproveOptions {
    /// The options for a `w`×`h` board, set so a run takes one to three seconds on two cores
    /// up to 16×16, and up to about seven at 40×40:
    ///
    /// - up to 256 cells the beam search solves the whole board, its width shrinking as the
    ///   board grows (30,000 boards at 6×6, 6,000 at 10×10); a staged run peels lines only when
    ///   it stops improving, and hands the beam the smaller region left;
    /// - from 170 to 1,600 cells (40×40) a wide beam over the whole board, one board per blank
    ///   cell or a few, takes the first 70 % of the lower bound's moves, and reduction finishes
    ///   (up to 256 cells beside the staged run, the shorter answer kept);
    /// - beyond, reduction alone; stages are off (their searches run out of nodes on long trips)
    ///   and windows are shorter, with smaller budgets as the path grows.
    pub fn for_board(w: usize, h: usize) -> ImproveOptions {
        let cells = w * h;
        let v = |group, weight_tenths, columns_first| StageVariant { group, weight_tenths, columns_first };
        let base = ImproveOptions {
            beam_width: 0,
            beam_cells: beam::MAX_CELLS,
            wide: None,
            stages: true,
            variants: vec![v(4, 20, false)],
            stage_nodes: 400_000,
            window: 36,
            window_nodes: 50_000,
            passes: 2,
            poll_every: 1 << 16,
            polished: 1,
        };
        let beam_width = match cells {
            0..=36 => 30_000,
            37..=49 => 20_000,
            50..=64 => 12_000,
            65..=100 => 6_000,
            101..=144 => 3_000,
            _ => 1_500,
        };
        if cells <= beam::MAX_CELLS {
            // From 13×14 the wide beam (below) runs too and the shorter answer is kept: there
            // it is the shorter one more often (14×14: 2.32 × Manhattan against 2.38).
            let wide = (cells > 169).then_some(WideBeam { width: 1500, per_cell: 3, depth_per_mille: 700 });
            ImproveOptions { beam_width, wide, ..base }
        } else if cells <= WIDE_MAX_CELLS {
            let wide = match cells {
                0..=400 => WideBeam { width: 1500, per_cell: 3, depth_per_mille: 700 },
                _ => WideBeam { width: 600, per_cell: 1, depth_per_mille: 700 },
            };
            ImproveOptions { stages: false, wide: Some(wide), window: 30, window_nodes: 30_000, passes: 3, ..base }
        } else {
            ImproveOptions { stages: false, window: 24, window_nodes: 2_000, passes: 1, ..base }
        }
    }
}

/// The beam search over a whole large board (see [`ImproveOptions::wide`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WideBeam {
    /// Boards kept per depth.
    pub width: usize,
    /// Most boards kept per depth with the blank in one cell.
    pub per_cell: usize,
    /// The beam makes this many moves per thousand of the start's lower bound, then reduction
    /// finishes. By then the beam brings few tiles nearer per move, and reduction is as cheap.
    pub depth_per_mille: u64,
}

/// One staged run's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StageVariant {
    /// Most tiles placed by one stage search; longer lines are split into nearly equal groups.
    pub group: usize,
    /// Weight on the estimate in the stage search, in tenths (20: f = g + 2·h).
    pub weight_tenths: u32,
    /// Peel a column (else a row) from a square region.
    pub columns_first: bool,
}

/// What [`improve`] returns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Improved {
    /// The moves, start to goal.
    pub moves: Vec<Move>,
    /// Moves of reduction's answer on the same board.
    pub reduce_moves: u64,
    /// Moves reduction made (its trial runs on small boards included).
    pub made: u64,
    /// Moves of the shortest staged answer, when one ran to the end.
    pub staged_moves: Option<u64>,
    /// The deepest a beam search went (it ran when this is set).
    pub beam_depth: Option<u64>,
    /// Stages that ran out of nodes (reduction finished the board from there).
    pub failed_stages: u64,
    /// Boards generated by the beam and nodes by every stage and window search.
    pub nodes: u64,
    /// Boards and nodes expanded by the same (those whose children were generated).
    pub expanded: u64,
    /// Windows replaced by shorter ones.
    pub windows_replaced: u64,
    /// The stop function ended the work before it was done: the moves are the best found so
    /// far, and more work might have shortened them.
    pub stopped: bool,
}

pub use crate::heuristic::lower_bound;

/// Most cells of a board the wide beam ([`ImproveOptions::wide`]) runs on.
pub const WIDE_MAX_CELLS: usize = 1600;

/// Bytes the wide beam holds at most on a `w`×`h` board `width` boards wide, `depth` moves
/// deep: its table of boards seen, two layers of boards with their lines' conflicts, the
/// children, and each depth's parents and moves.
pub fn wide_bytes(w: usize, h: usize, width: usize, depth: u64) -> u64 {
    let record = 2 * (w * h + w + h) as u64;
    beam::SEEN_BYTES + width as u64 * (2 * record + 4 * 24 + 16 + 8 * depth)
}

/// Bytes the beam search holds whatever its width: its table of boards seen.
pub const BEAM_FIXED_BYTES: u64 = beam::SEEN_BYTES;

/// Bytes the beam search holds per board of its width on a board of `cells` cells, when it
/// runs `depth` moves deep: each depth's parents and moves, two layers of boards, the children.
pub fn beam_bytes_per_board(cells: usize, depth: u64) -> u64 {
    depth * 8 + 2 * cells as u64 + 3 * 24 + 16
}

/// The deepest a beam search on `start` → `goal` goes: four times the lower bound, and 64.
pub fn beam_depth_bound(start: &Board, goal: &Board) -> u64 {
    4 * lower_bound(start, goal) + 64
}

/// The Manhattan distance plus linear conflicts of a relabelled board (its goal the identity).
pub(crate) fn lower_bound_grid(g: &Grid) -> u64 {
    beam::estimate(g) as u64
}

/// Solves `start` → `goal` (the same size, the goal reachable) for a short answer: reduction's
/// answer and the staged one, the shorter polished by window search (see the module
/// documentation). `finisher` solves the final block; `stop` may end the work early, after the
/// first answer (reduction's) is in hand.
pub fn improve(
    start: &Board,
    goal: &Board,
    opts: &ImproveOptions,
    finisher: &mut ExactFinisher,
    stop: Stop<'_>,
) -> Result<Improved, ReduceError> {
    let mut out = Improved::default();
    // Reduction's answer first, under the stop function too: on large boards it takes seconds.
    let ropts = ReduceOptions { poll_every: opts.poll_every.max(1), ..ReduceOptions::default() };
    let mut best = Vec::new();
    let cell = std::cell::RefCell::new(stop);
    let made = reduce(start, goal, &ropts, finisher, &mut |m| best.push(m), &|made| (*cell.borrow_mut())(made))?.made;
    let stop = cell.into_inner();
    out.reduce_moves = best.len() as u64;
    out.made = made;
    out.stopped = stop(made);
    let mut candidates: Vec<Vec<Move>> = Vec::new();
    for variant in opts.variants.iter().filter(|_| opts.stages) {
        if out.stopped {
            break;
        }
        let before = made + out.nodes;
        let mut staged_stop = |nodes: u64| stop(before + nodes);
        let beam_depth = beam_depth_bound(start, goal);
        match stages::solve(start, goal, opts, variant, beam_depth, finisher, &mut staged_stop)? {
            stages::Staged::Done { moves, failed, nodes, expanded, beam } => {
                out.expanded += expanded;
                if beam {
                    out.beam_depth = Some(beam_depth);
                }
                out.nodes += nodes;
                out.failed_stages += failed;
                let staged = moves.len() as u64;
                out.staged_moves = Some(out.staged_moves.map_or(staged, |s| s.min(staged)));
                candidates.push(moves);
            }
            stages::Staged::Stopped { nodes, expanded } => {
                out.nodes += nodes;
                out.expanded += expanded;
                out.stopped = true;
            }
        }
    }
    if let (Some(wide), false) = (opts.wide, out.stopped) {
        let before = made + out.nodes;
        let mut wide_stop = |nodes: u64| stop(before + nodes);
        match wide_then_reduce(start, goal, &wide, finisher, &mut wide_stop)? {
            Some(Widened { moves, nodes, expanded, depth }) => {
                out.nodes += nodes;
                out.expanded += expanded;
                out.beam_depth = Some(out.beam_depth.map_or(depth, |d| d.max(depth)));
                let staged = moves.len() as u64;
                out.staged_moves = Some(out.staged_moves.map_or(staged, |s| s.min(staged)));
                candidates.push(moves);
            }
            None => out.stopped = true,
        }
    }
    candidates.push(best);
    // The shortest first; among equals, the earlier (a staged answer before reduction's).
    candidates.sort_by_key(|c| c.len());
    let mut best = candidates.swap_remove(0);
    candidates.sort_by_key(|c| c.len());
    let mut others = candidates.into_iter().take(opts.polished.saturating_sub(1));
    let mut next = Some(std::mem::take(&mut best));
    while let Some(moves) = next.take() {
        if out.stopped {
            if best.is_empty() || moves.len() < best.len() {
                best = moves;
            }
            break;
        }
        let before = made + out.nodes;
        let p = polish(start, moves, opts, &mut |nodes| stop(before + nodes));
        out.nodes += p.nodes;
        out.expanded += p.expanded;
        out.windows_replaced += p.replaced;
        out.stopped = p.stopped;
        if best.is_empty() || p.moves.len() < best.len() {
            best = p.moves;
        }
        next = others.next();
    }
    out.moves = best;
    Ok(out)
}

/// What [`wide_then_reduce`] returns: the moves, the beam's boards generated and expanded, and
/// the moves it made.
struct Widened {
    moves: Vec<Move>,
    nodes: u64,
    expanded: u64,
    depth: u64,
}

/// The wide beam on `start` → `goal`, then reduction from the board it reached; `None` when
/// `stop` ended it.
fn wide_then_reduce(
    start: &Board,
    goal: &Board,
    wide: &WideBeam,
    finisher: &mut ExactFinisher,
    stop: Stop<'_>,
) -> Result<Option<Widened>, ReduceError> {
    let g = Grid::new(start, goal);
    let max_depth = (lower_bound_grid(&g) * wide.depth_per_mille / 1000) as usize;
    let params = beam::Params { width: wide.width, per_cell: wide.per_cell, max_depth };
    let (mut moves, nodes, expanded) = match beam::beam_with(&g, &params, stop) {
        beam::Beamed::Solved { moves, nodes, expanded } => {
            let depth = moves.len() as u64;
            return Ok(Some(Widened { moves, nodes, expanded, depth }));
        }
        beam::Beamed::Failed { partial, nodes, expanded } => (partial, nodes, expanded),
        beam::Beamed::Stopped { .. } => return Ok(None),
    };
    let depth = moves.len() as u64;
    let mut now = g;
    for &m in &moves {
        if !now.apply(m) {
            return Err(ReduceError::Internal("the beam's moves leave the board".into()));
        }
    }
    let now = Board::new(start.width(), start.height(), now.lab.iter().map(|&l| goal.tiles()[l as usize]).collect())
        .map_err(|e| ReduceError::Internal(e.to_string()))?;
    reduce(&now, goal, &ReduceOptions::default(), finisher, &mut |m| moves.push(m), &|_| false)?;
    Ok(Some(Widened { moves, nodes, expanded, depth }))
}

/// A board relabelled by goal cell: `lab[c]` is the goal cell of the tile in cell `c` (the
/// blank's label is the goal's blank cell), so the goal is the identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Grid {
    pub w: usize,
    pub h: usize,
    pub lab: Vec<u32>,
    pub blank: usize,
}

impl Grid {
    /// `start` relabelled by `goal`'s cells.
    pub fn new(start: &Board, goal: &Board) -> Grid {
        let at = goal.positions();
        let lab = start.tiles().iter().map(|&t| at[t as usize] as u32).collect();
        Grid { w: start.width(), h: start.height(), lab, blank: start.blank() }
    }

    /// Makes move `m`; false (and nothing changes) when it leaves the board.
    #[inline]
    pub fn apply(&mut self, m: Move) -> bool {
        match neighbor(self.w, self.h, self.blank, m) {
            Some(to) => {
                self.lab.swap(self.blank, to);
                self.blank = to;
                true
            }
            None => false,
        }
    }

    /// Whether every tile is in its goal cell.
    pub fn solved(&self) -> bool {
        self.lab.iter().enumerate().all(|(c, &l)| l as usize == c)
    }
}

/// The final block reduction leaves for a `w`×`h` board whose goal blank is in `blank`, with
/// at most `max_cells` cells, as (r0, c0, r1, c1): the same rectangle reduction uses.
pub(crate) fn block_rect(w: usize, h: usize, blank: usize, max_cells: usize) -> (usize, usize, usize, usize) {
    let (bw, bh) = crate::search::reduce::final_block_size(w, h, max_cells);
    let (gr, gc) = (blank / w, blank % w);
    let r0 = gr.saturating_sub((bh - 1) / 2).min(h - bh);
    let c0 = gc.saturating_sub((bw - 1) / 2).min(w - bw);
    (r0, c0, r0 + bh, c0 + bw)
}

/// Solves the final block (rows `r0..r1`, columns `c0..c1`) of `g`, everything outside it
/// placed, with `finisher`, making the moves on `g` and appending them to `out`.
pub(crate) fn finish_block(
    g: &mut Grid,
    rect: (usize, usize, usize, usize),
    goal: &Board,
    finisher: &mut ExactFinisher,
    out: &mut Vec<Move>,
) -> Result<(), ReduceError> {
    let (r0, c0, r1, c1) = rect;
    let (bw, bh) = (c1 - c0, r1 - r0);
    let block_goal = crate::search::reduce::block_goal(goal, finisher.max_cells().min(9)).map_err(|e| ReduceError::Internal(e.to_string()))?;
    if block_goal.width() != bw || block_goal.height() != bh {
        return Err(ReduceError::Internal("final block of another size".into()));
    }
    let goal_blank = goal.blank();
    // The block's tile number of each goal cell in it: row-major order, the blank's cell left out.
    let mut number = vec![0u32; bw * bh];
    let mut next = 0;
    for (i, n) in number.iter_mut().enumerate() {
        let cell = (r0 + i / bw) * g.w + c0 + i % bw;
        if cell != goal_blank {
            next += 1;
            *n = next;
        }
    }
    let tiles = (0..bw * bh)
        .map(|i| {
            let lab = g.lab[(r0 + i / bw) * g.w + c0 + i % bw] as usize;
            let (lr, lc) = (lab / g.w, lab % g.w);
            if lab == goal_blank || !(r0..r1).contains(&lr) || !(c0..c1).contains(&lc) {
                0
            } else {
                number[(lr - r0) * bw + lc - c0]
            }
        })
        .collect();
    let start = Board::new(bw, bh, tiles).map_err(|e| ReduceError::Internal(format!("final block: {e}")))?;
    let moves = finisher.finish(&start, &block_goal).map_err(ReduceError::Finisher)?;
    for &m in &moves {
        if !g.apply(m) {
            return Err(ReduceError::Internal("the final block's moves leave the board".into()));
        }
    }
    out.extend_from_slice(&moves);
    Ok(())
}
