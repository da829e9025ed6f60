//! Row-and-column reduction: a fast, non-optimal solver for boards of any size.
//!
//! The engine places the tiles of one row or column at a time on a side of the unsolved
//! region, shrinking it until only a small final block is left, which a caller-supplied
//! [`Finisher`] solves optimally. Moves go to a sink as they are made, so memory stays
//! proportional to the board (a 1000×1000 board needs a few tens of MB) however long the
//! solution; time is proportional to the moves made (routing is local, never a search over the
//! whole board).
//!
//! How the moves are kept few (figures for random boards, moves ÷ the Manhattan lower bound):
//! - tiles are relabelled by their goal cell, so any goal works; the final block is placed
//!   around the goal's blank and lines are peeled from the sides away from it, the longer side
//!   of the region first, keeping it square;
//! - every move slides one tile one cell, changing the tiles' total distance to their goals by
//!   one, so a solution is that distance plus twice the moves that take a tile away. The blank's
//!   moves are priced accordingly (1 when the tile it displaces gets nearer its goal, 15 when
//!   farther) and routed for the least price: its trips to the next tile by A* over the board,
//!   its walks round the tile it pushes by a search in the 7×7 square around it, which also
//!   decides the push direction (mostly a staircase, 3 moves a step, rather than a straight run,
//!   5). This took 40×40 from 3.54 to 2.6 times the bound;
//! - within a line, the next cell filled is whichever end of the unfilled run has the tile
//!   cheapest to bring now; the last two cells of a line (or a 2-wide strip's column) are filled
//!   together, their tiles' last steps and every tile's last step into its cell solved exactly
//!   by a search in a small window next to the placed cells;
//! - on boards of at most 256 cells eight variants of these settings are tried and the best
//!   kept (4-6 % fewer moves on 6×6 and 8×8);
//! - a move immediately undone by the next is dropped before it reaches the sink.
//!
//! Priced searches grow with the square of a trip's length, so larger boards trade some of
//! this for speed: above 110 wide trips start greedily (each move closer, helping the tile it
//! displaces when it can), above 200 the walk round a tile is a choice between going clockwise
//! or not. A 1000×1000 board takes about a minute of one core and 31 MB.
//!
//! Boards no larger than the final block (9 cells by default) are the block, so their
//! solutions are optimal.
//!
//! ```
//! use npuzzle::{goal::Goal, parse::parse_board, search::reduce::{reduce, ExactFinisher, ReduceOptions}};
//! let start = parse_board("5 1 2 3/9 6 7 4/13 10 11 8/0 14 15 12").unwrap();
//! let goal = Goal::BlankLast.board(4, 4).unwrap();
//! let opts = ReduceOptions::default();
//! let mut finisher = ExactFinisher::build(&goal, &opts).unwrap();
//! let mut moves = Vec::new();
//! let stats = reduce(&start, &goal, &opts, &mut finisher, &mut |m| moves.push(m), &|_| false).unwrap();
//! assert_eq!(stats.moves, moves.len() as u64);
//! let end = start.apply_all(&moves).unwrap().pop().unwrap();
//! assert_eq!(end, goal);
//! ```

mod around;
mod engine;
mod local;
mod route;

use crate::board::{Board, Move, MoveOrder, Tile};
use crate::heuristic::exact::{self, ExactHeuristic};
use engine::{Engine, Rect, Tuning};
use std::sync::Arc;
use thiserror::Error as ThisError;

/// Solves the final block optimally. The engine hands it the block as a standalone board, its
/// tiles numbered `1..k` and its goal alongside (see [`block_goal`]), and replays the moves
/// returned.
pub trait Finisher {
    /// The most cells of a block this finisher solves; the engine never asks for more.
    fn max_cells(&self) -> usize;

    /// Optimal moves (the blank's directions) taking `start` to `goal`, two boards of the same
    /// size, or a message saying why there are none.
    fn finish(&mut self, start: &Board, goal: &Board) -> Result<Vec<Move>, String>;

    /// The exact number of moves `finish` would return, when the finisher knows it cheaply;
    /// used to compare tunings on small boards. `None` (the default): unknown.
    fn distance(&mut self, _start: &Board, _goal: &Board) -> Option<u64> {
        None
    }
}

/// The default finisher: exact distance tables ([`exact`]), for blocks of up to
/// [`exact::MAX_CELLS`] cells. It holds the tables it was given and nothing else: a
/// [`crate::tables::TableStore`] prepares the one a board needs
/// ([`crate::tables::TableStore::reduce_block`]), or [`ExactFinisher::build`] builds it for one
/// run (a 3×3 table in milliseconds).
#[derive(Clone, Debug, Default)]
pub struct ExactFinisher {
    tables: Vec<Arc<ExactHeuristic>>,
}

impl ExactFinisher {
    /// A finisher with these tables, each bound to a block goal ([`block_goal`]).
    pub fn new(tables: impl IntoIterator<Item = Arc<ExactHeuristic>>) -> ExactFinisher {
        ExactFinisher { tables: tables.into_iter().collect() }
    }

    /// A finisher holding a table built now for the final block of `goal` under `opts`.
    pub fn build(goal: &Board, opts: &ReduceOptions) -> Result<ExactFinisher, crate::Error> {
        let block = block_goal(goal, opts.max_block_cells.min(exact::MAX_CELLS))?;
        Ok(ExactFinisher::new([Arc::new(ExactHeuristic::build(&block)?)]))
    }

    /// The tables it holds.
    pub fn tables(&self) -> &[Arc<ExactHeuristic>] {
        &self.tables
    }

    fn table_for(&self, goal: &Board) -> Result<&ExactHeuristic, String> {
        self.tables
            .iter()
            .map(|t| &**t)
            .find(|t| t.goal() == goal)
            .ok_or_else(|| format!("no exact table for a {}×{} block with its blank in cell {}", goal.width(), goal.height(), goal.blank()))
    }
}

impl Finisher for ExactFinisher {
    fn max_cells(&self) -> usize {
        exact::MAX_CELLS
    }

    fn finish(&mut self, start: &Board, goal: &Board) -> Result<Vec<Move>, String> {
        let table = self.table_for(goal)?;
        let (moves, _) = table.walk(start, MoveOrder::default()).ok_or_else(|| "the block cannot reach its goal".to_string())?;
        Ok(moves)
    }

    fn distance(&mut self, start: &Board, goal: &Board) -> Option<u64> {
        let table = self.table_for(goal).ok()?;
        table.distance_tiles(|c| start.tiles()[c]).map(u64::from)
    }
}

/// How the engine runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReduceOptions {
    /// Most cells of the final block (the finisher's own limit applies too); at least 4. The
    /// block is the largest rectangle within both limits, preferring square ones.
    pub max_block_cells: usize,
    /// Moves made between two calls of the stop function (at least 1).
    pub poll_every: u64,
}

impl Default for ReduceOptions {
    /// A block of at most 9 cells (3×3, or 2×4 on a 2-wide board), a poll every 65,536 moves.
    fn default() -> Self {
        ReduceOptions { max_block_cells: 9, poll_every: 1 << 16 }
    }
}

/// What a run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReduceStats {
    /// Moves made, trial runs on small boards and moves later cancelled included: the work
    /// done, and what the stop function is told.
    pub made: u64,
    /// Moves handed to the sink.
    pub moves: u64,
    /// Tiles placed line by line (all but the final block's).
    pub placed_tiles: u64,
    /// The final block, width × height.
    pub final_block: (usize, usize),
    /// Moves of the finisher's answer, included in `moves`.
    pub finisher_moves: u64,
    /// Pairs of a move and its inverse dropped before reaching the sink.
    pub cancelled_pairs: u64,
    /// Cells expanded while routing the blank.
    pub routed_cells: u64,
    /// Window searches run (repeated situations are answered from a cache).
    pub window_searches: u64,
}

/// Why a run stopped without solving.
#[derive(Debug, Clone, PartialEq, Eq, ThisError)]
pub enum ReduceError {
    /// The stop function asked to stop; the moves already given to the sink are a prefix of
    /// no particular solution.
    #[error("cancelled")]
    Cancelled,
    /// The goal cannot be reached from the start (wrong parity or another size).
    #[error("the goal cannot be reached from this board")]
    Unsolvable,
    /// The options cannot work, e.g. a final block of fewer than 4 cells.
    #[error("bad reduction options: {0}")]
    Options(String),
    /// The finisher failed, or its moves did not solve the final block.
    #[error("final block: {0}")]
    Finisher(String),
    /// The engine could not carry out a step it relies on (a bug, not a property of the input).
    #[error("reduction engine: {0}")]
    Internal(String),
}

/// The final block's size (width, height) for a `width`×`height` board and a limit of
/// `max_cells` cells (at least 4): the whole board if it fits, else the largest rectangle of
/// sides at least 2, the squarest among equals, turned like the board.
pub fn final_block_size(width: usize, height: usize, max_cells: usize) -> (usize, usize) {
    if width * height <= max_cells {
        return (width, height);
    }
    let mut best = (2, 2);
    let key = |(bw, bh): (usize, usize)| (bw * bh, std::cmp::Reverse(bw.abs_diff(bh)), (bw >= bh) == (width >= height));
    for bh in 2..=height {
        for bw in 2..=width {
            if bw * bh <= max_cells && key((bw, bh)) > key(best) {
                best = (bw, bh);
            }
        }
    }
    best
}

/// Where the final block lies on a `width`×`height` board whose goal blank is in cell `blank`:
/// it holds that cell, as near the block's middle as the board allows.
fn block_rect(width: usize, height: usize, blank: usize, max_cells: usize) -> Rect {
    let (bw, bh) = final_block_size(width, height, max_cells);
    let (gr, gc) = (blank / width, blank % width);
    let r0 = gr.saturating_sub((bh - 1) / 2).min(height - bh);
    let c0 = gc.saturating_sub((bw - 1) / 2).min(width - bw);
    Rect { r0, c0, r1: r0 + bh, c1: c0 + bw }
}

/// The goal of the final block the engine leaves on `goal`'s board with blocks of at most
/// `max_cells` cells (at least 4): a board of the block's size, its tiles numbered 1.. in
/// row-major order around the blank, which sits where the goal's blank does. Its exact table is
/// what an [`ExactFinisher`] needs for this goal.
pub fn block_goal(goal: &Board, max_cells: usize) -> Result<Board, crate::Error> {
    if max_cells < 4 {
        return Err(crate::Error::Invalid(format!("a final block needs at least 4 cells, not {max_cells}")));
    }
    let (w, h) = (goal.width(), goal.height());
    let block = block_rect(w, h, goal.blank(), max_cells);
    let (bw, bh) = (block.width(), block.height());
    let blank = (goal.blank() / w - block.r0) * bw + goal.blank() % w - block.c0;
    let mut next: Tile = 0;
    let tiles = (0..bw * bh)
        .map(|i| {
            if i == blank {
                0
            } else {
                next += 1;
                next
            }
        })
        .collect();
    Ok(Board::new(bw, bh, tiles)?)
}

/// Bytes the engine holds for a `width`×`height` board (about 24 a cell and a megabyte),
/// whatever the solution's length: the moves themselves go to the sink.
pub fn memory_bytes(width: usize, height: usize) -> u64 {
    engine::BYTES_PER_CELL * (width * height) as u64 + engine::FIXED_BYTES
}

/// Solves `start` → `goal` by row-and-column reduction, handing every move to `sink` as it is
/// made, calling `stop` with the number of moves made so far (see [`ReduceStats::made`]) every
/// `opts.poll_every` moves and giving up with [`ReduceError::Cancelled`] when it returns true.
///
/// The final block is solved by `finisher`; it contains the goal's blank cell. Time is
/// proportional to the moves made, memory to the board.
pub fn reduce(
    start: &Board,
    goal: &Board,
    opts: &ReduceOptions,
    finisher: &mut dyn Finisher,
    sink: &mut dyn FnMut(Move),
    stop: &dyn Fn(u64) -> bool,
) -> Result<ReduceStats, ReduceError> {
    if !start.can_reach(goal) {
        return Err(ReduceError::Unsolvable);
    }
    let limit = opts.max_block_cells.min(finisher.max_cells());
    if limit < 4 {
        return Err(ReduceError::Options(format!(
            "the final block may have at most {limit} cells (options: {}, finisher: {}); it needs at least 4",
            opts.max_block_cells,
            finisher.max_cells()
        )));
    }
    let (w, h) = (start.width(), start.height());
    let block = block_rect(w, h, goal.blank(), limit);
    let (bw, bh) = (block.width(), block.height());
    // On small boards several tunings are tried with a counting sink and the best replayed;
    // the final block is then scored by its exact distance when the finisher knows it, and the
    // finisher runs once. The stop function sees the moves of every run.
    let tunings = Tuning::portfolio(w, h);
    let mut tuning = tunings[0];
    let mut before = 0u64;
    if tunings.len() > 1 {
        let mut best = u64::MAX;
        for &t in &tunings {
            let mut count = |_| {};
            let offset = before;
            let trial_stop = |made: u64| stop(offset + made);
            let mut trial = Engine::new(start, goal, t, &mut count, &trial_stop, opts.poll_every);
            trial.reduce_lines(block)?;
            before += trial.made();
            let mut score = trial.moves_so_far();
            let (s, g) = trial.block_boards(block)?;
            score += finisher.distance(&s, &g).unwrap_or(0);
            if score < best {
                best = score;
                tuning = t;
            }
        }
    }
    let offset = before;
    let final_stop = |made: u64| stop(offset + made);
    let mut engine = Engine::new(start, goal, tuning, sink, &final_stop, opts.poll_every);
    engine.reduce_lines(block)?;
    let counts = engine.finish(block, finisher)?;
    Ok(ReduceStats {
        made: before + counts.made,
        moves: counts.emitted,
        placed_tiles: counts.placed,
        final_block: (bw, bh),
        finisher_moves: counts.finisher_moves,
        cancelled_pairs: counts.cancelled,
        routed_cells: counts.routed,
        window_searches: counts.searches,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{random_solvable, Rng};
    use crate::goal::Goal;

    #[test]
    fn block_sizes() {
        assert_eq!(final_block_size(3, 3, 9), (3, 3));
        assert_eq!(final_block_size(2, 4, 9), (2, 4));
        assert_eq!(final_block_size(10, 10, 9), (3, 3));
        assert_eq!(final_block_size(12, 2, 9), (4, 2));
        assert_eq!(final_block_size(2, 12, 9), (2, 4));
        assert_eq!(final_block_size(100, 100, 25), (5, 5));
        assert_eq!(final_block_size(100, 100, 10), (5, 2));
        assert_eq!(final_block_size(3, 100, 25), (3, 8));
    }

    /// Solves with one given tuning (as `reduce` does after choosing), returning the moves.
    fn solve_with(start: &Board, goal: &Board, tuning: Tuning) -> Vec<Move> {
        let (w, h) = (start.width(), start.height());
        let block = block_rect(w, h, goal.blank(), 9);
        let mut finisher = ExactFinisher::build(goal, &ReduceOptions::default()).unwrap();
        let mut moves = Vec::new();
        let mut sink = |m| moves.push(m);
        let mut engine = Engine::new(start, goal, tuning, &mut sink, &|_| false, 1 << 16);
        engine.reduce_lines(block).unwrap_or_else(|e| panic!("{w}×{h} {start} → {goal}: {e}"));
        engine.finish(block, &mut finisher).unwrap_or_else(|e| panic!("{w}×{h} {start} → {goal}: {e}"));
        moves
    }

    /// Every tuning, the ones meant for large boards included, solves boards of many shapes
    /// under every kind of goal: the code paths of a 1000×1000 run, exercised where a replay
    /// is cheap.
    #[test]
    fn every_tuning_solves_every_shape() {
        let mut tunings = Tuning::portfolio(4, 4);
        tunings.push(Tuning::for_board(200, 200));
        tunings.push(Tuning::for_board(1000, 1000));
        let mut rng = Rng::new(8);
        for (w, h) in [(2, 5), (5, 2), (3, 4), (4, 3), (4, 4), (5, 5), (6, 3), (3, 7), (2, 9), (9, 2), (7, 6), (8, 8), (11, 5)] {
            for &tuning in &tunings {
                let goals = [Goal::BlankLast, Goal::BlankFirst, Goal::Snail].map(|g| g.board(w, h).unwrap());
                for goal in goals.iter().cloned().chain([random_solvable(&goals[0], &mut rng)]) {
                    let start = random_solvable(&goal, &mut rng);
                    let moves = solve_with(&start, &goal, tuning);
                    let end = moves.iter().try_fold(start.clone(), |b, &m| b.apply(m)).expect("moves stay on the board");
                    assert_eq!(end, goal, "{w}×{h} {tuning:?}");
                }
            }
        }
    }
}
