//! Misplaced tiles: how many tiles (never the blank) are not in their goal cell.

use super::GoalTable;
use crate::board::Tile;
use crate::cost::Cost;
use crate::state::State;

pub(super) fn estimate<S: State>(t: &GoalTable, s: &S) -> Cost {
    let n = (0..t.cells()).filter(|&c| {
        let tile = s.tile(c);
        tile != 0 && t.goal_cell(tile) != c
    });
    Cost::moves(n.count() as u32)
}

#[inline]
pub(super) fn update(t: &GoalTable, h: Cost, tile: Tile, from: usize, to: usize) -> Cost {
    let g = t.goal_cell(tile);
    let before = (g != from) as u64;
    let after = (g != to) as u64;
    Cost(h.0 - before * Cost::ONE + after * Cost::ONE)
}

/// Under step costs: the cost of every tile out of place (each must move at least once).
pub(super) fn estimate_weighted<S: State>(t: &GoalTable, s: &S) -> Cost {
    let sum: u64 = (0..t.cells())
        .filter_map(|c| {
            let tile = s.tile(c);
            (tile != 0 && t.goal_cell(tile) != c).then(|| t.weight(tile))
        })
        .sum();
    Cost(sum * Cost::ONE)
}

#[inline]
pub(super) fn update_weighted(t: &GoalTable, h: Cost, tile: Tile, from: usize, to: usize) -> Cost {
    let g = t.goal_cell(tile);
    let w = t.weight(tile) * Cost::ONE;
    let before = (g != from) as u64;
    let after = (g != to) as u64;
    Cost(h.0 - before * w + after * w)
}
