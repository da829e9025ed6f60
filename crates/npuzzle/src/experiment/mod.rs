//! The textbook's experiment: search cost and the effective branching factor by solution depth.
//!
//! Russell and Norvig's table after A* (*Artificial Intelligence: A Modern Approach*, 3rd
//! edition Figure 3.29 with iterative deepening and d = 2…24; 4th edition Figure 3.26 with
//! breadth-first search and d = 6…28) averages, for each solution depth d, the nodes generated
//! by uninformed search, by A* with misplaced tiles (h1) and by A* with Manhattan distance (h2)
//! over 100 random 8-puzzles that lie exactly d moves from the goal, with the effective
//! branching factor b* of each ([`crate::stats::effective_branching_factor`]). [`run`] makes
//! that table for any board whose exact depths can be enumerated
//! ([`crate::generate::MAX_TABLE_CELLS`]), any algorithm/heuristic pairs and either cost model:
//! one [`DepthRow`] per depth and pair. A pair whose runs pass the node limit at a depth gets
//! no figures there (the book prints a dash), and is not run at greater depths.
//!
//! The boards are drawn uniformly among those at exactly depth d (with replacement) from a
//! generator seeded with `seed` and d, so a row can be repeated alone. `b*` is the mean of each
//! run's own b* (the book's figures are averages over the instances); the b* of the mean node
//! count is given too, and is slightly larger (b* grows ever more slowly with N).

pub mod optimal;

use crate::board::{Board, MoveOrder};
use crate::cost::CostModel;
use crate::error::Error;
use crate::generate::{DepthTable, Rng};
use crate::heuristic::{Estimator, HeuristicKind};
use crate::search::{Algorithm, LimitKind, Limits};
#[cfg(not(feature = "parallel"))]
use crate::serial as rayon;
use crate::solve::{solve, Outcome, Request, Status};
use crate::stats::effective_branching_factor;
use crate::tables::{Progress, TableStore, Tables};
use rayon::prelude::*;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};

/// The depths of the book's two tables together: 2, 4, …, 24 (the 3rd edition's; the 4th
/// edition's go on to 28).
pub const DEFAULT_DEPTHS: [u32; 12] = [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24];
/// Boards per depth, as in the book.
pub const DEFAULT_COUNT: usize = 100;
/// The node limit per run: iterative deepening passes it beyond d = 20 or so on 3×3, where the
/// 3rd edition prints dashes from d = 14.
pub const DEFAULT_MAX_NODES: u64 = 5_000_000;

/// The book's pairs: breadth-first search, iterative deepening, A* with misplaced tiles (h1)
/// and A* with Manhattan distance (h2).
pub fn default_pairs() -> Vec<(Algorithm, Estimator)> {
    vec![
        (Algorithm::Bfs, HeuristicKind::Zero.into()),
        (Algorithm::Iddfs, HeuristicKind::Zero.into()),
        (Algorithm::Astar, HeuristicKind::Misplaced.into()),
        (Algorithm::Astar, HeuristicKind::Manhattan.into()),
    ]
}

/// What to run.
#[derive(Clone, Debug)]
pub struct DepthSpec {
    /// The goal (and so the board size).
    pub goal: Board,
    /// The solution depths, in moves.
    pub depths: Vec<u32>,
    /// Boards per depth.
    pub count: usize,
    /// The seed of the boards.
    pub seed: u64,
    /// Algorithm and heuristic pairs (the heuristic is ignored by algorithms that use none).
    pub pairs: Vec<(Algorithm, Estimator)>,
    /// Most nodes one run may generate; a pair that passes it at a depth gets a dash there.
    pub max_nodes: u64,
    /// What a move costs.
    pub cost: CostModel,
    /// Successor order.
    pub order: MoveOrder,
    /// The cancel flag and a time limit per run, if any (the node limit is `max_nodes`).
    pub limits: Limits,
}

impl DepthSpec {
    /// The book's experiment on `goal`'s board: [`DEFAULT_DEPTHS`], [`DEFAULT_COUNT`] boards,
    /// [`default_pairs`], [`DEFAULT_MAX_NODES`], unit costs, seed 1.
    pub fn new(goal: Board) -> DepthSpec {
        DepthSpec {
            goal,
            depths: DEFAULT_DEPTHS.to_vec(),
            count: DEFAULT_COUNT,
            seed: 1,
            pairs: default_pairs(),
            max_nodes: DEFAULT_MAX_NODES,
            cost: CostModel::Unit,
            order: MoveOrder::default(),
            limits: Limits::default(),
        }
    }
}

/// One depth and pair: means over the boards at that depth.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DepthRow {
    /// The solution depth d, in moves.
    pub depth: u32,
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The heuristic (`zero` for algorithms that use none).
    pub heuristic: Estimator,
    /// The pair as a column heading: `BFS`, `IDS`, `A*(h1)`, `A*(h2)`, or `astar/linear-conflict`.
    pub label: String,
    /// Boards run.
    pub boards: usize,
    /// Whether some run passed the node limit (or another limit stopped it): no figures then.
    pub cut: bool,
    /// Mean nodes generated (the search cost), when not cut.
    pub generated: Option<f64>,
    /// Mean nodes expanded, when not cut.
    pub expanded: Option<f64>,
    /// The mean of each run's effective branching factor b*, when not cut.
    pub effective_branching_factor: Option<f64>,
    /// b* of the mean nodes generated, when not cut.
    pub effective_branching_factor_of_mean: Option<f64>,
    /// Mean cost of the answers (moves under unit costs), when not cut.
    pub cost: Option<f64>,
    /// Runs whose answer cost more than the cheapest answer found for the board by any pair.
    pub dearer: usize,
    /// Mean time of a run, in milliseconds, when not cut.
    pub time_ms: Option<f64>,
}

/// A pair of the experiment read from `algorithm` or `algorithm/heuristic`
/// ([`crate::compare::Pair::parse`]: `h1`, `h2` and Manhattan by default): a tree search, since
/// the experiment counts the nodes of a search tree.
pub fn pair(text: &str) -> Result<(Algorithm, Estimator), Error> {
    let pair = crate::compare::Pair::parse(text.trim())?;
    if !pair.algorithm.info().records_tree() {
        return Err(Error::Invalid(format!("{} builds no search tree to count: pick a tree search", pair.algorithm)));
    }
    Ok((pair.algorithm, pair.heuristic))
}

/// A pair of the experiment as a request names it ([`crate::compare::Run`]): a tree search,
/// with the run's heuristic where the algorithm uses one ([`crate::spec::DEFAULT_HEURISTIC`] when it names
/// none), zero where it uses none.
pub fn run_pair(run: crate::compare::Run) -> Result<(Algorithm, Estimator), Error> {
    if !run.algorithm.info().records_tree() {
        return Err(Error::Invalid(format!("{} builds no search tree to count: pick a tree search", run.algorithm)));
    }
    let h = if run.algorithm.uses_heuristic() {
        run.heuristic.unwrap_or(crate::spec::DEFAULT_HEURISTIC.into())
    } else {
        HeuristicKind::Zero.into()
    };
    Ok((run.algorithm, h))
}

/// The pairs of a comma-separated list (`bfs,ids,astar/h1,astar/max(h1, h2)`, split by
/// [`crate::compare::split_list`]), each read by [`pair`]; an empty list is an error.
pub fn pairs(text: &str) -> Result<Vec<(Algorithm, Estimator)>, Error> {
    let out = crate::compare::split_list(text).into_iter().map(pair).collect::<Result<Vec<_>, _>>()?;
    if out.is_empty() {
        return Err(Error::Invalid(format!("no pairs in \"{text}\"")));
    }
    Ok(out)
}

/// The column heading of a pair: the book's names for its four, else `algorithm/heuristic`.
pub fn label(a: Algorithm, h: &Estimator) -> String {
    match (a, h.kind()) {
        (Algorithm::Bfs, _) => "BFS".into(),
        (Algorithm::Iddfs, _) => "IDS".into(),
        (Algorithm::Ucs, _) => "UCS".into(),
        (Algorithm::Astar, Some(HeuristicKind::Misplaced)) => "A*(h1)".into(),
        (Algorithm::Astar, Some(HeuristicKind::Manhattan)) => "A*(h2)".into(),
        _ if a.uses_heuristic() => format!("{a}/{h}"),
        _ => a.to_string(),
    }
}

/// The boards of one depth: `count` drawn uniformly (with replacement) among the boards exactly
/// `depth` moves from `table`'s goal, from a generator seeded with `seed` and `depth`.
pub fn boards_at(table: &DepthTable, depth: u32, count: usize, seed: u64) -> Result<Vec<Board>, Error> {
    let mut rng = Rng::new(seed.wrapping_mul(1_000_003).wrapping_add(depth as u64));
    (0..count).map(|_| table.random_at(depth, &mut rng)).collect()
}

/// Runs the experiment, handing each row to `on_row` as it is made (a page draws them as they
/// come), and returns them all. Each pair's heuristic reads its tables from `store`
/// ([`TableStore::prepare_for`], reporting to `on`; nothing for the formulas). A cancel flag in
/// `spec.limits` stops it, a table build too: the rows so far are returned.
pub fn run(spec: &DepthSpec, store: &TableStore, on: Progress, on_row: &mut dyn FnMut(&DepthRow)) -> Result<Vec<DepthRow>, Error> {
    let table = DepthTable::new(&spec.goal)?;
    if let Some(&d) = spec.depths.iter().find(|&&d| d > table.max_depth()) {
        return Err(Error::Invalid(format!(
            "no {}×{} board is {d} moves from this goal: the farthest are {} moves away",
            spec.goal.width(),
            spec.goal.height(),
            table.max_depth()
        )));
    }
    let mut prepared = Vec::new();
    for (a, h) in &spec.pairs {
        let h = if a.uses_heuristic() { h.clone() } else { HeuristicKind::Zero.into() };
        // A user's own estimate reads no table.
        let t = match h.kind() {
            Some(k) => store.prepare_for(k, &spec.goal, spec.cost, on, spec.limits.cancel.as_deref())?,
            None => Tables::none(),
        };
        prepared.push((*a, h, t));
    }
    let mut rows = Vec::new();
    let mut cut_before = vec![false; spec.pairs.len()];
    let cancelled = || spec.limits.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed));
    for &d in &spec.depths {
        let boards = boards_at(&table, d, spec.count, spec.seed)?;
        let mut found: Vec<Vec<Option<u64>>> = Vec::new();
        let mut depth_rows = Vec::new();
        for (k, (a, h, t)) in prepared.iter().enumerate() {
            if cancelled() {
                return Ok(rows);
            }
            let mut row = DepthRow {
                depth: d,
                algorithm: *a,
                heuristic: h.clone(),
                label: label(*a, h),
                boards: boards.len(),
                cut: cut_before[k],
                generated: None,
                expanded: None,
                effective_branching_factor: None,
                effective_branching_factor_of_mean: None,
                cost: None,
                dearer: 0,
                time_ms: None,
            };
            let mut costs = vec![None; boards.len()];
            if !row.cut {
                let limits = Limits { nodes: Some(spec.max_nodes), ..spec.limits.clone() };
                // The boards are solved side by side (each search alone, on rayon's threads);
                // the first one stopped by a limit stops the others from starting, and the
                // sums are taken in board order, so the row is the same on any number of cores.
                let stop = AtomicBool::new(false);
                let outs: Vec<Option<Outcome>> = boards
                    .par_iter()
                    .map(|b| {
                        if stop.load(Ordering::Relaxed) {
                            return Ok(None);
                        }
                        let req = Request::new(b.clone(), spec.goal.clone())
                            .algorithm(*a)
                            .heuristic(h.clone())
                            .order(spec.order)
                            .cost(spec.cost)
                            .limits(limits.clone())
                            .tables(t.clone());
                        let out = solve(&req)?;
                        if out.status != Status::Solved {
                            stop.store(true, Ordering::Relaxed);
                        }
                        Ok(Some(out))
                    })
                    .collect::<Result<_, Error>>()?;
                if outs.iter().flatten().any(|o| o.limit == Some(LimitKind::Cancelled)) {
                    return Ok(rows);
                }
                // A row is cut when a board passed the limit (or was not started because one
                // did). Which boards were solved before that depends on the threads' timing,
                // so a cut row's answers take no part in the comparison below.
                let solved: Option<Vec<&Outcome>> = outs.iter().map(|o| o.as_ref().filter(|o| o.status == Status::Solved)).collect();
                row.cut = solved.is_none();
                if let Some(solved) = solved {
                    let (mut gen, mut exp, mut bstar, mut cost, mut ms) = (0f64, 0f64, 0f64, 0f64, 0f64);
                    for (i, out) in solved.iter().enumerate() {
                        gen += out.stats.generated as f64;
                        exp += out.stats.expanded as f64;
                        bstar += out.stats.effective_branching_factor.unwrap_or(0.0);
                        cost += out.cost.unwrap_or(0) as f64;
                        ms += out.stats.time.as_secs_f64() * 1e3;
                        costs[i] = out.cost;
                    }
                    let n = boards.len().max(1) as f64;
                    row.generated = Some(gen / n);
                    row.expanded = Some(exp / n);
                    row.effective_branching_factor = (d > 0).then_some(bstar / n);
                    row.effective_branching_factor_of_mean = effective_branching_factor((gen / n - 1.0).max(0.0).round() as u64, d as u64);
                    row.cost = Some(cost / n);
                    row.time_ms = Some(ms / n);
                }
            }
            cut_before[k] = row.cut;
            found.push(costs);
            depth_rows.push(row);
        }
        // How many of each pair's answers cost more than the cheapest any pair found.
        for i in 0..boards.len() {
            let best = found.iter().filter_map(|c| c[i]).min();
            for (row, c) in depth_rows.iter_mut().zip(&found) {
                row.dearer += usize::from(matches!((c[i], best), (Some(x), Some(b)) if x > b));
            }
        }
        for row in depth_rows {
            on_row(&row);
            rows.push(row);
        }
    }
    Ok(rows)
}

/// The rows as the book lays them out: one line per depth, the pairs' search costs (nodes
/// generated) side by side, then their effective branching factors; a dash where a pair was
/// cut.
pub fn table_text(rows: &[DepthRow]) -> String {
    use std::fmt::Write;
    let mut labels: Vec<&str> = Vec::new();
    for r in rows {
        if !labels.contains(&r.label.as_str()) {
            labels.push(&r.label);
        }
    }
    let mut depths: Vec<u32> = rows.iter().map(|r| r.depth).collect();
    depths.dedup();
    let w = labels.iter().map(|l| l.len()).max().unwrap_or(0).max(10);
    let mut s = String::new();
    let span = (w + 1) * labels.len();
    let _ = writeln!(s, "{:>4} | {:^span$} | {:^span$}", "", "Search cost (nodes generated)", "Effective branching factor b*");
    let mut head = format!("{:>4} |", "d");
    for l in &labels {
        let _ = write!(head, " {l:>w$}");
    }
    head.push_str(" |");
    for l in &labels {
        let _ = write!(head, " {l:>w$}");
    }
    let _ = writeln!(s, "{head}");
    let _ = writeln!(s, "{}", "-".repeat(head.chars().count()));
    for d in depths {
        let mut line = format!("{d:>4} |");
        let row = |l: &str| rows.iter().find(|r| r.depth == d && r.label == l);
        for l in &labels {
            let v = row(l).and_then(|r| r.generated).map_or("–".to_string(), |g| format!("{:.0}", g));
            let _ = write!(line, " {v:>w$}");
        }
        line.push_str(" |");
        for l in &labels {
            let v = row(l).and_then(|r| r.effective_branching_factor).map_or("–".to_string(), |b| format!("{b:.2}"));
            let _ = write!(line, " {v:>w$}");
        }
        let _ = writeln!(s, "{line}");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goal::Goal;

    #[test]
    fn a_small_run_gives_a_row_per_depth_and_pair_and_dashes_past_the_limit() {
        let goal = Goal::BlankLast.board(3, 3).unwrap();
        let mut spec = DepthSpec::new(goal);
        spec.depths = vec![2, 8, 12];
        spec.count = 5;
        spec.max_nodes = 3_000;
        let mut seen = 0;
        let rows = run(&spec, &TableStore::in_memory(), &|_| {}, &mut |_| seen += 1).unwrap();
        assert_eq!(rows.len(), 12);
        assert_eq!(seen, 12);
        let ids12 = rows.iter().find(|r| r.depth == 12 && r.label == "IDS").unwrap();
        assert!(ids12.cut && ids12.generated.is_none(), "{ids12:?}");
        let h2 = rows.iter().find(|r| r.depth == 8 && r.label == "A*(h2)").unwrap();
        let h1 = rows.iter().find(|r| r.depth == 8 && r.label == "A*(h1)").unwrap();
        // h2 dominates h1: never more nodes on the same boards.
        assert!(h2.generated.unwrap() <= h1.generated.unwrap());
        // Every pair is optimal under unit costs: each answer costs d.
        assert!(rows.iter().filter(|r| !r.cut).all(|r| r.cost == Some(r.depth as f64) && r.dearer == 0));
        let text = table_text(&rows);
        assert!(text.contains("A*(h2)") && text.contains('–'), "{text}");
        // The same seed draws the same boards.
        let again = run(&spec, &TableStore::in_memory(), &|_| {}, &mut |_| {}).unwrap();
        assert_eq!(rows.iter().map(|r| r.generated).collect::<Vec<_>>(), again.iter().map(|r| r.generated).collect::<Vec<_>>());
    }

    #[test]
    fn under_tile_costs_breadth_first_answers_can_cost_more() {
        let goal = Goal::BlankLast.board(3, 3).unwrap();
        let mut spec = DepthSpec::new(goal);
        // Shallow boards' fewest moves are mostly also their cheapest (seed 1 has none dearer
        // up to d = 18 among 10 boards); at d = 20 one of ten is dearer.
        spec.depths = vec![20];
        spec.count = 10;
        spec.cost = CostModel::Tile;
        spec.pairs = vec![(Algorithm::Bfs, HeuristicKind::Zero.into()), (Algorithm::Ucs, HeuristicKind::Zero.into())];
        let rows = run(&spec, &TableStore::in_memory(), &|_| {}, &mut |_| {}).unwrap();
        assert_eq!(rows[1].dearer, 0);
        assert!(rows[0].dearer > 0, "{rows:?}");
        assert!(rows[0].cost.unwrap() > rows[1].cost.unwrap());
    }
}
