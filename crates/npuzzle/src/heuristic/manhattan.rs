//! Manhattan distance: the sum over tiles (never the blank) of rows plus columns to the goal
//! cell.

use super::GoalTable;
use crate::board::Tile;
use crate::cost::Cost;
use crate::state::State;

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
