//! The learnt estimate as a heuristic: a trained network's guess of the moves to go
//! ([`crate::learnt`]). It may overestimate, so no answer found with it is claimed optimal.

use super::{HeuristicInfo, Source, TableSource};
use crate::board::Board;
use crate::cost::CostModel;
use crate::error::Error;
use crate::metric::Metric;

/// What the learnt estimate says about itself.
pub const INFO: HeuristicInfo = HeuristicInfo {
    name: "learnt",
    aliases: &["learned", "nn", "network"],
    title: "learnt (a trained network, not admissible)",
    summary: "a trained network's estimate of the moves to go (the board sizes with weights: 6×6); may overestimate, so no answer found with it is claimed optimal",
    admissible: false,
    consistent: false,
    source: "a regression of the distance to go: it overestimates some boards (docs/any-size.md)",
    table: Some("learnt weights"),
    max_cells: Some(crate::learnt::MAX_CELLS),
    mtm: false,
    tile_costs: false,
    integral: false,
    page: false,
    bind,
};

fn bind(goal: &Board, tables: &dyn TableSource, _: CostModel, _: Metric) -> Result<Source, Error> {
    let net = tables.learnt().filter(|n| n.fits(goal)).cloned().ok_or_else(|| {
        Error::Unprepared(format!(
            "the learnt heuristic needs weights for {}×{} boards with the goal's blank in cell {} (see npuzzle::tables::TableStore::prepare)",
            goal.width(),
            goal.height(),
            goal.blank()
        ))
    })?;
    let home: Vec<u8> = goal.positions().into_iter().map(|p| p as u8).collect();
    Ok(Source::Learnt(net, home.into()))
}
