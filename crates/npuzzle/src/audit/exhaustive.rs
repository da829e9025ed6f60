//! The audit over every board of up to 10 cells, against the exact table.
//!
//! The exact table ranks arrangements relabelled by goal cell ([`crate::heuristic::exact`]);
//! the audit walks its ranks once, computing h of every reachable board into a table indexed the
//! same way, then walks them again to check every move against that table: one estimate per
//! board, however many moves reach it.

use super::tally::{Candidates, Found, Tally};
use super::{AuditSpec, Coverage};
use crate::board::{neighbor, Board, Move, Tile};
use crate::cost::{Cost, CostModel};
use crate::error::Error;
use crate::heuristic::exact::{perm_rank, perm_unrank, ExactHeuristic, MAX_CELLS};
use crate::heuristic::exact_cost::CostExactHeuristic;
use crate::heuristic::Heuristic;
use crate::tables::{Progress, TableStore};
use std::sync::Arc;

/// h* by rank, under either cost model.
#[derive(Clone)]
enum Truth {
    Unit(Arc<ExactHeuristic>),
    Costed(Arc<CostExactHeuristic>),
}

impl Truth {
    #[inline]
    fn at(&self, rank: u64) -> Option<u64> {
        match self {
            Truth::Unit(e) => e.table().at_rank(rank).map(u64::from),
            Truth::Costed(e) => e.table().at_rank(rank).map(u64::from),
        }
    }

    fn entries(&self) -> u64 {
        match self {
            Truth::Unit(e) => e.table().len() as u64,
            Truth::Costed(e) => {
                let g = e.goal();
                crate::heuristic::exact::ExactTable::entries(g.width(), g.height())
            }
        }
    }

    /// An optimal answer from `board`, as moves of the blank.
    fn walk(&self, board: &Board) -> String {
        let moves = match self {
            Truth::Unit(e) => e.walk_within(board, crate::board::MoveOrder::default(), u64::MAX).0,
            Truth::Costed(e) => e.walk_within(board, crate::board::MoveOrder::default(), u64::MAX).0,
        };
        crate::board::moves_to_string(&moves)
    }
}

/// The board of rank `rank`: `perm[cell]` is the goal cell of the tile there.
fn tiles_of(goal: &[Tile], perm: &[u8], tiles: &mut [Tile]) {
    for (t, &p) in tiles.iter_mut().zip(perm) {
        *t = goal[p as usize];
    }
}

pub(super) fn run(
    heuristic: &Heuristic,
    against: &[(String, Heuristic)],
    spec: &AuditSpec,
    store: &TableStore,
    on: Progress,
) -> Result<Found, Error> {
    let goal = &spec.goal;
    let (w, h) = (goal.width(), goal.height());
    let n = w * h;
    let truth = match spec.cost {
        CostModel::Unit => Truth::Unit(Arc::new(store.exact(goal, on)?)),
        cost => Truth::Costed(Arc::new(store.cost_exact(goal, cost, on)?)),
    };
    let goal_tiles = goal.tiles().to_vec();
    let entries = truth.entries();
    let board_of = |perm: &[u8]| {
        let mut tiles = vec![0 as Tile; n];
        tiles_of(&goal_tiles, perm, &mut tiles);
        Board::new(w, h, tiles).expect("a table's arrangement is a board")
    };

    // Pass 1: h of every reachable board, with the counts that need only the board.
    let mut hv = vec![u64::MAX; usize::try_from(entries).map_err(|_| Error::Unsupported("the exact table is too large".into()))?];
    let mut tally = Tally::new(against, true);
    let mut perm = [0u8; MAX_CELLS];
    let mut tiles = [0 as Tile; MAX_CELLS];
    for rank in 0..entries {
        let Some(star) = truth.at(rank) else { continue };
        if rank % 4096 == 0 {
            spec.cancelled()?;
            if heuristic.failure().is_some() {
                break;
            }
        }
        perm_unrank(rank, &mut perm[..n]);
        tiles_of(&goal_tiles, &perm[..n], &mut tiles[..n]);
        let est = heuristic.estimate_tiles(&tiles[..n]);
        hv[rank as usize] = est.0;
        tally.board(&tiles[..n], est, star, rank, || board_of(&perm[..n]));
    }
    if let Some(e) = heuristic.failure() {
        return Err(e);
    }

    // Pass 2: every move of every reachable board, read from the table of h.
    let blank_label = goal.blank() as u8;
    for rank in 0..entries {
        let from = hv[rank as usize];
        if from == u64::MAX {
            continue;
        }
        if rank % 4096 == 0 {
            spec.cancelled()?;
        }
        perm_unrank(rank, &mut perm[..n]);
        let b = perm[..n].iter().position(|&l| l == blank_label).expect("the blank is on the board");
        for m in Move::ALL {
            let Some(q) = neighbor(w, h, b, m) else { continue };
            let tile = goal_tiles[perm[q] as usize];
            perm.swap(b, q);
            let to = hv[perm_rank(&perm[..n]) as usize];
            let step = u64::from(spec.cost.step(tile));
            tally.step(Cost(from), Cost(to), step, || {
                let after = board_of(&perm[..n]);
                let mut before = perm;
                before.swap(b, q);
                (board_of(&before[..n]), after)
            });
            perm.swap(b, q);
        }
    }

    let goal_h = heuristic.estimate_board(goal);
    let (audit, list) = tally_finish(tally, spec, goal_h);
    let resolver_truth = truth.clone();
    let resolve = Box::new(move |rank: u64| {
        let mut perm = [0u8; MAX_CELLS];
        perm_unrank(rank, &mut perm[..n]);
        let mut tiles = vec![0 as Tile; n];
        tiles_of(&goal_tiles, &perm[..n], &mut tiles);
        let board = Board::new(w, h, tiles).expect("a table's arrangement is a board");
        let optimal = resolver_truth.at(rank).unwrap_or(0);
        let moves = resolver_truth.walk(&board);
        (board, optimal, false, moves)
    });
    Ok(Found { audit, candidates: Candidates { list, resolve } })
}

fn tally_finish(mut tally: Tally<'_>, spec: &AuditSpec, goal_h: Cost) -> (super::Audit, Vec<super::tally::Candidate>) {
    let list = std::mem::take(&mut tally.candidates);
    (tally.finish(&spec.goal, spec, Coverage::Exhaustive, goal_h, None), list)
}
