//! The facade: a [`Request`] (start, goal, algorithm, heuristic, order, limits, prepared
//! tables) in, an [`Outcome`] (status, moves, cost, bound, statistics) out. It checks the pair,
//! settles solvability by parity before any search, runs the algorithm through its registered
//! entry ([`crate::search::Algorithm::run`]), and prices and bounds the answer. It names no
//! algorithm. [`default_choice`] is the one place that picks a solver for a board size.

mod choice;
mod report;

pub use crate::outcome::{BoundSource, Outcome, Status};
pub use crate::search::bound::{lower_bound, lower_bound_for, lower_bound_with};
pub use crate::search::fit::{check_fits, human_bytes, large_board_hint, memory_floor, node_bytes, size_note};
pub use crate::search::pdb_beam::check_size as check_beam_size;
pub use crate::search::Request;
pub use choice::{default_at_once, default_choice, default_choice_for, default_choice_in, default_one_path, default_within};
#[cfg(feature = "schema")]
pub use report::report_schema;
pub use report::Report;

use crate::board::Move;
use crate::cost::PathCost;
use crate::error::Error;
use crate::metric::Metric;
use crate::search::bound::set_bound;
use crate::search::observer::{NoObserver, Observer};

/// Solves `req` with no observer.
pub fn solve(req: &Request) -> Result<Outcome, Error> {
    solve_observed(req, NoObserver).map(|(o, _)| o)
}

/// Solves `req`, handing the moves to `sink` instead of keeping them: the returned outcome's
/// `moves` is empty, its `cost` that of the moves given. An algorithm that makes its moves one
/// at a time (row-and-column reduction) hands each over as it is made, so a solution of
/// billions of moves never sits in memory; when a limit stops it, the sink has had a prefix of
/// no particular solution (the caller counts it). The other algorithms find their whole
/// solution first and then hand it over.
pub fn solve_streamed(req: &Request, sink: &mut dyn FnMut(Move)) -> Result<Outcome, Error> {
    if let Some(out) = settled(req)? {
        return Ok(out);
    }
    // The cost is added up on the way, on a copy of the board when moves cost different amounts.
    let mut priced = PathCost::new(req.cost, &req.start);
    // Under multi-tile moves each run of one direction is one move.
    let (mut slides, mut last) = (0u64, None);
    let mut pass = |m: Move| {
        priced.push(m);
        if last != Some(m) {
            slides += 1;
            last = Some(m);
        }
        sink(m)
    };
    let (mut outcome, _) = req.algorithm.run(req, NoObserver, Some(&mut pass))?;
    for m in outcome.moves.drain(..) {
        pass(m);
    }
    if outcome.status == Status::Solved {
        outcome.cost = Some(if req.metric == Metric::Mtm { slides } else { priced.total() });
        outcome.length = Some(priced.moves());
        outcome.stats.search_depth = priced.moves();
        outcome.stats.set_branching();
        bound(&mut outcome, req);
    }
    Ok(outcome)
}

/// Solves `req`, reporting every search event to `obs`, and hands the observer back.
pub fn solve_observed<O: Observer>(req: &Request, obs: O) -> Result<(Outcome, O), Error> {
    if let Some(out) = settled(req)? {
        return Ok((out, obs));
    }
    let (outcome, obs) = req.algorithm.run(req, obs, None)?;
    let mut outcome = outcome.priced(&req.start, req.cost);
    if outcome.status == Status::Solved && req.metric == Metric::Mtm {
        outcome.cost = Some(crate::notation::mtm_length(&outcome.moves));
    }
    if outcome.status == Status::Solved {
        bound(&mut outcome, req);
    }
    Ok((outcome, obs))
}

/// Checks the pair and the parameters; `Some` when parity rules the goal out (no search runs).
fn settled(req: &Request) -> Result<Option<Outcome>, Error> {
    req.start.check_same_size(&req.goal)?;
    req.params.check()?;
    crate::search::Conventions::check(req.algorithm.info(), &req.params)?;
    req.metric_check()?;
    Ok((!req.start.can_reach(&req.goal)).then(Outcome::unsolvable))
}

/// Sets a solved outcome's lower bound: its own cost when the request guarantees an optimal
/// answer, else the best admissible estimate at hand or the bound the algorithm proved itself,
/// whichever is larger. An answer whose cost equals its lower bound is optimal, and is said to
/// be.
fn bound(outcome: &mut Outcome, req: &Request) {
    let own = outcome.lower_bound.zip(outcome.lower_bound_from);
    let proven = outcome.cost.filter(|_| req.guarantees_optimal());
    set_bound(outcome, req, proven);
    if let (Some((b, from)), Some(now)) = (own, outcome.lower_bound) {
        if b > now {
            outcome.lower_bound = Some(b);
            outcome.lower_bound_from = Some(from);
        }
    }
    if outcome.cost.is_some() && outcome.lower_bound == outcome.cost {
        outcome.lower_bound_from = Some(BoundSource::Optimal);
    }
}
