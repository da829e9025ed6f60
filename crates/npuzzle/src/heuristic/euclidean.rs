//! Euclidean distance: the sum over tiles of the straight-line distance to the goal cell.
//! Each term is rounded down to a millionth of a move, so the sum never overestimates.

use crate::board::Board;
use crate::board::Tile;
use crate::cost::Cost;
use crate::cost::CostModel;
use crate::error::Error;
use crate::metric::Metric;
use crate::state::State;
use super::GoalTable;
use super::{HeuristicInfo, Source, TableSource};

/// What Euclidean distance says about itself.
pub const INFO: HeuristicInfo = HeuristicInfo {
    name: "euclidean",
    aliases: &["straight-line"],
    title: "euclidean",
    summary: "sum of straight-line distances; real-valued and weaker than Manhattan",
    admissible: true,
    consistent: true,
    source: "each tile's straight-line distance is at most its Manhattan distance; a move changes one term by at most 1",
    table: None,
    max_cells: None,
    mtm: false,
    tile_costs: true,
    integral: false,
    page: true,
    bind,
};

fn bind(_: &Board, _: &dyn TableSource, cost: CostModel, _: Metric) -> Result<Source, Error> {
    Ok(if cost.is_unit() { Source::Euclidean } else { Source::WeightedEuclidean })
}

#[inline]
fn tile_distance(t: &GoalTable, tile: Tile, cell: usize) -> u64 {
    let (r, c) = t.row_col(cell);
    let (gr, gc) = t.row_col(t.goal_cell(tile));
    let (dr, dc) = (r.abs_diff(gr) as u64, c.abs_diff(gc) as u64);
    let sq = dr * dr + dc * dc;
    ((sq as f64).sqrt() * Cost::ONE as f64).floor() as u64
}

pub(super) fn estimate<S: State>(t: &GoalTable, s: &S) -> Cost {
    Cost(
        (0..t.cells())
            .map(|c| match s.tile(c) {
                0 => 0,
                tile => tile_distance(t, tile, c),
            })
            .sum(),
    )
}

#[inline]
pub(super) fn update(t: &GoalTable, h: Cost, tile: Tile, from: usize, to: usize) -> Cost {
    Cost(h.0 - tile_distance(t, tile, from) + tile_distance(t, tile, to))
}

/// Under step costs: each tile's distance times what moving it costs (its weight).
pub(super) fn estimate_weighted<S: State>(t: &GoalTable, s: &S) -> Cost {
    Cost(
        (0..t.cells())
            .map(|c| match s.tile(c) {
                0 => 0,
                tile => tile_distance(t, tile, c) * t.weight(tile),
            })
            .sum(),
    )
}

#[inline]
pub(super) fn update_weighted(t: &GoalTable, h: Cost, tile: Tile, from: usize, to: usize) -> Cost {
    let w = t.weight(tile);
    Cost(h.0 - tile_distance(t, tile, from) * w + tile_distance(t, tile, to) * w)
}
