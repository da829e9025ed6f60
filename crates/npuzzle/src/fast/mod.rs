//! The fast optimal engine and the default solver choice.
//!
//! - Boards of up to 10 cells (3×3, 2×4, …): walk down an exact distance table
//!   ([`crate::heuristic::exact`]); no search at all.
//! - Boards of up to 25 cells (4×4, 5×5, …): IDA* on fixed arrays with incrementally looked-up
//!   additive pattern databases ([`ida`]), splitting big iterations over every core.
//!
//! [`crate::solve::solve`] takes this path by itself for `idastar` with the `pdb` or `exact`
//! heuristic when no observer is attached; [`default_choice`] says which pair a run without an
//! explicit algorithm should use.

pub mod ida;
pub mod prune;

use crate::board::Board;
use crate::error::Error;
use crate::heuristic::exact::ExactHeuristic;
use crate::heuristic::{pdb, HeuristicKind};
use crate::search::{Algorithm, End};
use crate::solve::{Outcome, Request, Status};
use crate::stats::Stats;
use std::time::Instant;

/// The algorithm and heuristic a run without `--algorithm` uses on a `width`×`height` board:
/// IDA* with the exact table up to 10 cells, IDA* with pattern databases up to 25 cells, and
/// A* with Manhattan distance beyond.
pub fn default_choice(width: usize, height: usize) -> (Algorithm, HeuristicKind) {
    let n = width * height;
    if n <= crate::heuristic::exact::MAX_CELLS {
        (Algorithm::Idastar, HeuristicKind::Exact)
    } else if n <= pdb::MAX_CELLS {
        (Algorithm::Idastar, HeuristicKind::Pdb)
    } else {
        (Algorithm::Astar, HeuristicKind::Manhattan)
    }
}

/// A request with the default solver choice for its board.
pub fn default_request(start: Board, goal: Board) -> Request {
    let (a, h) = default_choice(start.width(), start.height());
    Request::new(start, goal).algorithm(a).heuristic(h)
}

fn outcome(end: End, stats: Stats) -> Outcome {
    match end {
        End::Found(moves) => Outcome { status: Status::Solved, limit: None, cost: Some(moves.len() as u32), moves, stats },
        End::Exhausted => Outcome { status: Status::NotFound, limit: None, moves: Vec::new(), cost: None, stats },
        End::Limit(kind) => Outcome { status: Status::Limit, limit: Some(kind), moves: Vec::new(), cost: None, stats },
    }
}

/// Solves `req` on the fast path when it applies (IDA* with `pdb` or `exact`); `Ok(None)`
/// otherwise. The pair must already be checked for size and solvability.
pub fn try_solve(req: &Request) -> Result<Option<Outcome>, Error> {
    if req.algorithm != Algorithm::Idastar {
        return Ok(None);
    }
    match req.heuristic {
        HeuristicKind::Pdb => {
            let h = pdb::prepare(&req.goal, &|_| {})?;
            let (end, stats) = ida::search(&h, &req.start, req.order, &req.limits, true);
            Ok(Some(outcome(end, stats)))
        }
        HeuristicKind::Exact => {
            let started = Instant::now();
            let e = ExactHeuristic::new(&req.goal)?;
            let Some((moves, looked)) = e.walk(&req.start, req.order) else {
                return Ok(Some(outcome(End::Exhausted, Stats::default())));
            };
            let d = moves.len() as u64;
            let stats = Stats {
                expanded: d,
                generated: looked,
                max_frontier: d,
                search_depth: d,
                max_depth: d,
                iterations: 1,
                peak_memory: 0,
                time: started.elapsed(),
            };
            Ok(Some(outcome(End::Found(moves), stats)))
        }
        _ => Ok(None),
    }
}
