//! Euclidean distance: the sum over tiles of the straight-line distance to the goal cell.
//! Each term is rounded down to a millionth of a move, so the sum never overestimates.

use super::GoalTable;
use crate::board::Tile;
use crate::cost::Cost;
use crate::state::State;

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
