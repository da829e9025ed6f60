//! What an overestimate costs: a board on which A* with the estimate, as `solve -a astar` runs
//! it, returns a costlier answer than the optimum. Boards are tried in decreasing excess
//! h − h*, stopping at the first such board or at the budget.

use super::tally::Candidates;
use super::{AuditSpec, Consequence, ConsequenceSearch};
use crate::error::Error;
use crate::heuristic::Estimator;
use crate::solve::Status;
use crate::tables::Tables;

pub(super) fn search(
    estimator: &Estimator,
    tables: &Tables,
    spec: &AuditSpec,
    candidates: &mut Candidates,
) -> Result<(Option<Consequence>, ConsequenceSearch), Error> {
    candidates.list.sort_by(|a, b| b.excess.cmp(&a.excess).then(a.key.cmp(&b.key)));
    let mut report = ConsequenceSearch {
        tried: 0,
        candidates: candidates.list.len() as u64,
        max_boards: spec.consequence_boards,
        max_nodes: spec.consequence_nodes,
    };
    for c in candidates.list.iter().take(spec.consequence_boards) {
        spec.cancelled()?;
        let (board, optimal, bound, optimal_moves) = (candidates.resolve)(c.key);
        report.tried += 1;
        let out = super::astar(estimator, tables, spec, board.clone(), spec.consequence_nodes)?;
        if let (Status::Solved, Some(found)) = (out.status, out.cost) {
            if found > optimal {
                let consequence =
                    Consequence { board, found, optimal, optimal_bound: bound, found_moves: out.moves_string(), optimal_moves };
                return Ok((Some(consequence), report));
            }
        }
    }
    Ok((None, report))
}
