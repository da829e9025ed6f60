//! The zero heuristic: no guidance at all. A* with it is uniform-cost search, IDA* iterative
//! deepening.

use super::{HeuristicInfo, Source, TableSource};
use crate::board::Board;
use crate::cost::CostModel;
use crate::error::Error;
use crate::metric::Metric;

/// What the zero heuristic says about itself.
pub const INFO: HeuristicInfo = HeuristicInfo {
    name: "zero",
    aliases: &["none", "0", "h0"],
    title: "zero",
    summary: "always 0: no guidance (A* becomes uniform-cost search)",
    admissible: true,
    consistent: true,
    source: "0 is below every cost to go, and never falls",
    table: None,
    max_cells: None,
    mtm: true,
    tile_costs: true,
    integral: true,
    page: true,
    bind,
};

fn bind(_: &Board, _: &dyn TableSource, _: CostModel, _: Metric) -> Result<Source, Error> {
    Ok(Source::Zero)
}
