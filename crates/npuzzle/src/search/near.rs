//! A near board's optimum, proved before an any-size solver's own work: a board a short walk
//! from its goal (a lower bound of at most [`MAX_BOUND`] moves, at most [`MAX_CELLS`] cells) is
//! handed first to IDA* with Manhattan distance plus linear conflicts for at most [`NODES`]
//! generated nodes. IDA* with an admissible estimate returns an optimal answer, so when it
//! finishes within that budget the answer is the optimum, and is said to be; when it does not,
//! the solver goes on as it would have, the probe's nodes counted in its statistics.
//!
//! A request with a node limit skips the probe (its nodes are the solver's own budget), and so
//! does one under step costs (the probe counts moves).

use super::observer::{NoObserver, Observer};
use super::{Algorithm, Ctx, End, LimitKind, Limits, Request};
use crate::heuristic::HeuristicKind;
use crate::outcome::{BoundSource, Outcome, Status};
use crate::stats::Stats;
use crate::tables::Tables;
use std::time::Instant;

/// The largest lower bound (Manhattan distance plus linear conflicts, in moves) of a board the
/// probe runs on.
pub const MAX_BOUND: u64 = 48;
/// The most cells of a board the probe runs on (each node copies the board).
pub const MAX_CELLS: usize = 256;
/// The most nodes the probe generates.
pub const NODES: u64 = 1_000_000;

/// What the probe did: the optimum, proven, or the work it spent without one and the request
/// left for the solver (its time limit less the probe's time).
pub(crate) enum Probe {
    /// The optimum, its lower bound its own cost.
    Optimal(Outcome),
    /// No answer within the budget (or no probe): the solver's request, and the probe's counts.
    Open(Box<Request>, Stats),
}

/// Runs the probe on `req` (see the module documentation).
pub(crate) fn probe(req: &Request) -> Probe {
    let cells = req.start.len();
    let skip = req.limits.nodes.is_some() || !req.cost.is_unit() || req.metric != crate::metric::Metric::Stm || cells > MAX_CELLS;
    if skip || crate::heuristic::lower_bound(&req.start, &req.goal) > MAX_BOUND {
        return Probe::Open(Box::new(req.clone()), Stats::default());
    }
    let began = Instant::now();
    let ida = Request {
        algorithm: Algorithm::Idastar,
        heuristic: HeuristicKind::LinearConflict.into(),
        limits: Limits { nodes: Some(NODES), ..req.limits.clone() },
        tables: Tables::none(),
        by_default: false,
        ..req.clone()
    };
    let out = match Algorithm::Idastar.run(&ida, NoObserver, None) {
        Ok((out, _)) => out,
        Err(_) => return Probe::Open(Box::new(req.clone()), Stats::default()),
    };
    if out.status == Status::Solved {
        let mut out = out;
        out.lower_bound = out.cost;
        out.lower_bound_from = Some(BoundSource::Optimal);
        return Probe::Optimal(out);
    }
    let mut rest = req.clone();
    if let Some(t) = rest.limits.time.as_mut() {
        *t = t.saturating_sub(began.elapsed());
    }
    Probe::Open(Box::new(rest), out.stats)
}

/// Adds the probe's counts to the solver's.
pub(crate) fn count(stats: &mut Stats, probe: &Stats) {
    stats.expanded += probe.expanded;
    stats.generated += probe.generated;
    stats.time += probe.time;
}

/// The outcome of an improving solver's run (`pdb-beam`, `reduce-plus`) that ended with `end`:
/// a solved outcome names the limit that stopped its shortening (`stopped`), if one did, and
/// the counts include the probe's (`probed`).
pub(crate) fn improved<O: Observer>(ctx: Ctx<O>, end: End, stopped: Option<LimitKind>, probed: &Stats) -> (Outcome, O) {
    let (stats, obs) = ctx.finish(&end);
    let mut outcome = Outcome::from_end(end, stats);
    if outcome.status == Status::Solved {
        outcome.limit = stopped;
    }
    count(&mut outcome.stats, probed);
    (outcome, obs)
}
