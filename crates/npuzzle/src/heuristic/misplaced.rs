//! Misplaced tiles: how many tiles (never the blank) are not in their goal cell.

use crate::board::Board;
use crate::board::Tile;
use crate::cost::Cost;
use crate::cost::CostModel;
use crate::error::Error;
use crate::metric::Metric;
use crate::state::State;
use super::GoalTable;
use super::{HeuristicInfo, Source, TableSource};

/// What misplaced tiles says about itself.
pub const INFO: HeuristicInfo = HeuristicInfo {
    name: "misplaced",
    aliases: &["h1", "hamming", "misplaced-tiles"],
    title: "misplaced",
    summary: "tiles not in their goal cell (the blank not counted)",
    admissible: true,
    consistent: true,
    source: "each misplaced tile needs a move, and a move puts at most one tile home (AIMA §3.6); a move changes it by at most 1",
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
        (Metric::Mtm, _) => Source::MtmMisplaced,
        (Metric::Stm, true) => Source::Misplaced,
        (Metric::Stm, false) => Source::WeightedMisplaced,
    })
}

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
