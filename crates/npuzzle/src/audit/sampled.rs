//! The audit on a sample, for boards too large for an exact table: uniform boards and boards on
//! random walks from the goal, with h* from the default optimal solver (up to
//! [`super::SOLVED_CELLS`] cells) or bounded by the walk's cost (beyond). Every move out of a
//! sampled board is checked for consistency, which needs no h*.

use super::tally::{Candidates, Found, Tally};
use super::{AuditSpec, Coverage, Sample};
use crate::board::{moves_to_string, Board, Move};
use crate::error::Error;
use crate::generate::{random_solvable, random_walk, Rng};
use crate::heuristic::Heuristic;
use crate::search::Limits;
#[cfg(not(feature = "parallel"))]
use crate::serial as rayon;
use crate::solve::{default_choice_for, solve, Request, Status};
use crate::tables::{Progress, TableStore};
use rayon::prelude::*;
use std::sync::Arc;

/// A sampled board: the board, its h* (or a bound on it), whether that is a bound, and the moves
/// of an answer of that cost.
type Known = (Board, u64, bool, String);

/// The longest walk for a board of `cells` cells: walks run from 1 move to this, in turn.
pub(super) fn longest_walk(cells: usize) -> usize {
    4 * cells
}

pub(super) fn run(
    heuristic: &Heuristic,
    against: &[(String, Heuristic)],
    spec: &AuditSpec,
    store: &TableStore,
    on: Progress,
    coverage: Coverage,
) -> Result<Found, Error> {
    let goal = &spec.goal;
    let (w, h) = (goal.width(), goal.height());
    let mut rng = Rng::new(spec.seed);
    let longest = longest_walk(w * h);
    let uniform = if coverage == Coverage::Solved { spec.uniform } else { 0 };
    let mut boards: Vec<(Board, Vec<Move>)> = Vec::with_capacity(uniform + spec.walks);
    for _ in 0..uniform {
        boards.push((random_solvable(goal, &mut rng), Vec::new()));
    }
    for i in 0..spec.walks {
        boards.push(random_walk(goal, 1 + i % longest, &mut rng));
    }
    if boards.is_empty() {
        return Err(Error::Invalid("the sample holds no board: ask for uniform boards or walks".into()));
    }
    let known: Vec<Option<Known>> = match coverage {
        Coverage::Solved => solved(&boards, spec, store, on)?,
        _ => boards
            .iter()
            .map(|(b, walk)| {
                let back: Vec<Move> = walk.iter().rev().map(|m| m.inverse()).collect();
                Some((b.clone(), spec.cost.path_cost(b, &back), true, moves_to_string(&back)))
            })
            .collect(),
    };
    let unsolved = known.iter().filter(|k| k.is_none()).count();

    let mut tally = Tally::new(against, coverage == Coverage::Solved);
    for (i, k) in known.iter().enumerate() {
        let Some((board, star, _, _)) = k else { continue };
        if i % 256 == 0 {
            spec.cancelled()?;
            if let Some(e) = heuristic.failure() {
                return Err(e);
            }
        }
        let est = heuristic.estimate_board(board);
        tally.board(board.tiles(), est, *star, i as u64, || board.clone());
        for m in Move::ALL {
            let Some(q) = board.neighbor(board.blank(), m) else { continue };
            let next = board.apply(m).expect("a move onto the board");
            let to = heuristic.estimate_board(&next);
            tally.step(est, to, u64::from(spec.cost.step(board.tiles()[q])), || (board.clone(), next.clone()));
        }
    }
    if let Some(e) = heuristic.failure() {
        return Err(e);
    }
    let sample = Sample {
        uniform,
        walks: spec.walks,
        longest_walk: longest.min(spec.walks),
        seed: spec.seed,
        h_star: if coverage == Coverage::Solved { "solved" } else { "walk bound" },
        unsolved,
    };
    let goal_h = heuristic.estimate_board(goal);
    let list = std::mem::take(&mut tally.candidates);
    let audit = tally.finish(goal, spec, coverage, goal_h, Some(sample));
    let known = Arc::new(known);
    let resolve = Box::new(move |i: u64| known[i as usize].clone().expect("a counted board is known"));
    Ok(Found { audit, candidates: Candidates { list, resolve } })
}

/// Each board solved by the default optimal solver of its size and costs.
fn solved(boards: &[(Board, Vec<Move>)], spec: &AuditSpec, store: &TableStore, on: Progress) -> Result<Vec<Option<Known>>, Error> {
    let goal = &spec.goal;
    let (a, k) = default_choice_for(goal.width(), goal.height(), spec.cost);
    let request = |b: Board| Request::new(b, goal.clone()).algorithm(a).heuristic(k).cost(spec.cost);
    let mut probe = request(goal.clone());
    if !probe.guarantees_optimal() {
        return Err(Error::Unsupported(format!(
            "no optimal solver serves a {}×{} board under {} costs",
            goal.width(),
            goal.height(),
            spec.cost
        )));
    }
    store.prepare_run(&mut probe, None, on, spec.cancel.as_deref())?;
    let tables = probe.tables;
    let limits = Limits { cancel: spec.cancel.clone(), ..Limits::default() };
    let outs: Vec<Result<Option<Known>, Error>> = boards
        .par_iter()
        .map(|(b, _)| {
            let out = solve(&request(b.clone()).tables(tables.clone()).limits(limits.clone()))?;
            Ok(match (out.status, out.cost) {
                (Status::Solved, Some(c)) => Some((b.clone(), c, false, out.moves_string())),
                _ => None,
            })
        })
        .collect();
    spec.cancelled()?;
    outs.into_iter().collect()
}
