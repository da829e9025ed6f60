//! Manhattan distance: the sum over tiles (never the blank) of rows plus columns to the goal
//! cell.

use crate::board::Board;
use crate::board::Tile;
use crate::cost::Cost;
use crate::cost::CostModel;
use crate::error::Error;
use crate::metric::Metric;
use crate::state::State;
use super::GoalTable;
use super::{HeuristicInfo, Source, TableSource};

/// What Manhattan distance says about itself.
pub const INFO: HeuristicInfo = HeuristicInfo {
    name: "manhattan",
    aliases: &["h2", "md", "manhattan-distance", "city-block"],
    title: "manhattan",
    summary: "sum of each tile's row and column distance to its goal cell",
    admissible: true,
    consistent: true,
    source: "each move brings one tile one cell nearer at most (AIMA §3.6); a move changes it by exactly 1",
    table: None,
    max_cells: None,
    mtm: true,
    tile_costs: true,
    integral: true,
    page: true,
    bind,
};

fn bind(_: &Board, _: &dyn TableSource, cost: CostModel, metric: Metric) -> Result<Source, Error> {
    Ok(match (metric, cost.is_unit()) {
        (Metric::Mtm, _) => Source::MtmAxes,
        (Metric::Stm, true) => Source::Manhattan,
        (Metric::Stm, false) => Source::WeightedManhattan,
    })
}

#[inline]
pub(super) fn tile_distance(t: &GoalTable, tile: Tile, cell: usize) -> u64 {
    let (r, c) = t.row_col(cell);
    let (gr, gc) = t.row_col(t.goal_cell(tile));
    (r.abs_diff(gr) + c.abs_diff(gc)) as u64
}

pub(super) fn moves<S: State>(t: &GoalTable, s: &S) -> u64 {
    (0..t.cells())
        .map(|c| match s.tile(c) {
            0 => 0,
            tile => tile_distance(t, tile, c),
        })
        .sum()
}

pub(super) fn estimate<S: State>(t: &GoalTable, s: &S) -> Cost {
    Cost(moves(t, s) * Cost::ONE)
}

#[inline]
pub(super) fn update(t: &GoalTable, h: Cost, tile: Tile, from: usize, to: usize) -> Cost {
    Cost(h.0 - tile_distance(t, tile, from) * Cost::ONE + tile_distance(t, tile, to) * Cost::ONE)
}

/// Under step costs: each tile's distance times what moving it costs. A tile must make at least
/// its Manhattan distance in moves, each at its cost, so the sum is admissible.
pub(super) fn weighted<S: State>(t: &GoalTable, s: &S) -> u64 {
    (0..t.cells())
        .map(|c| match s.tile(c) {
            0 => 0,
            tile => tile_distance(t, tile, c) * t.weight(tile),
        })
        .sum()
}

pub(super) fn estimate_weighted<S: State>(t: &GoalTable, s: &S) -> Cost {
    Cost(weighted(t, s) * Cost::ONE)
}

#[inline]
pub(super) fn update_weighted(t: &GoalTable, h: Cost, tile: Tile, from: usize, to: usize) -> Cost {
    let w = t.weight(tile) * Cost::ONE;
    Cost(h.0 - tile_distance(t, tile, from) * w + tile_distance(t, tile, to) * w)
}
