//! `npuzzle bench local`: the classic local-search assignment. Every local search runs on the
//! same random boards (uniformly random, or `--depth D` moves from the goal), and for each it
//! prints the share solved, the mean steps when it solved and when it got stuck, the mean
//! moves of its solutions and the mean time, as Russell and Norvig report hill climbing on the
//! 8-queens. Boards and every run's seed come from `--seed`, so the table is reproducible
//! (all but the times). Every solution is replayed to the goal.

use crate::bench::common::Jobs;
use crate::exit::{self, BadInput};
use crate::opts::cancel_flag;
use anyhow::{anyhow, bail, Context, Result};
use npuzzle::generate::{random_solvable, DepthTable, Rng};
use npuzzle::goal::Goal;
use npuzzle::parse::parse_size;
use npuzzle::search::{Limits, Param, Params};
use npuzzle::solve::{solve, Request, Status};
use npuzzle::spec::Spec;
use npuzzle::{Algorithm, Board, HeuristicKind};
use std::io::Write;
use std::sync::atomic::Ordering;

/// Boards unless `--count` says otherwise.
pub const DEFAULT_COUNT: usize = 200;

/// Arguments of `bench local`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Board size, e.g. 3 or 4x3 (default 3×3).
    #[arg(long)]
    pub sizes: Option<String>,
    /// Boards [default: 200].
    #[arg(long)]
    pub count: Option<usize>,
    /// The seed of the boards; run i's seed is this + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Boards exactly D moves (optimally) from the goal (boards of at most 9 cells).
    #[arg(long, value_name = "D")]
    pub depth: Option<u32>,
    /// Which local searches, e.g. hill-climbing,annealing (default: all).
    #[arg(long = "algorithms", visible_alias = "algorithm", short = 'a')]
    pub algorithms: Option<String>,
    /// The heuristic [default: manhattan].
    #[arg(long = "heuristic", short = 'H')]
    pub heuristic: Option<String>,
    #[command(flatten)]
    pub local: crate::opts::ParamArgs<crate::opts::LocalUnseeded>,
    #[command(flatten)]
    pub jobs: Jobs,
}

/// One row of the table: an algorithm and the parameters it runs with.
struct Row {
    label: String,
    algorithm: Algorithm,
    local: Params,
}

#[derive(Default)]
struct Tally {
    solved: u64,
    stuck: u64,
    limited: u64,
    steps_solved: u64,
    steps_stuck: u64,
    moves_solved: u64,
    time: f64,
}

/// The rows: every local search with the options given, plus, unless an option or
/// `--algorithms` settles it, the single climbers with 100 sideways moves (AIMA's 8-queens
/// setting) and stochastic beam search.
fn rows(args: &Args, base: &Params) -> Result<Vec<Row>> {
    let local: Vec<Algorithm> = Algorithm::ALL.iter().copied().filter(|a| a.info().local()).collect();
    let chosen: Vec<Algorithm> = match &args.algorithms {
        Some(list) => list
            .split(',')
            .map(|n| n.parse::<Algorithm>().context(BadInput))
            .map(|a| match a {
                Ok(a) if !a.info().local() => Err(anyhow!(BadInput).context(format!("{a} is not a local search"))),
                other => other,
            })
            .collect::<Result<_>>()?,
        None => local.clone(),
    };
    let mut rows = Vec::new();
    for a in chosen {
        let label = a.name().to_string();
        rows.push(Row { label, algorithm: a, local: *base });
        let info = a.info();
        // The single climbers (sideways moves, but no restarts and no beam) also run with
        // AIMA's 100 sideways moves.
        let climber = info.takes(Param::Sideways) && !info.takes(Param::Restarts) && !info.takes(Param::BeamWidth);
        if climber && base.sideways.is_none() && args.algorithms.is_none() {
            rows.push(Row { label: format!("{} --sideways 100", a.name()), algorithm: a, local: Params { sideways: Some(100), ..*base } });
        }
        if info.takes(Param::Stochastic) && !base.stochastic() {
            rows.push(Row { label: format!("{} --stochastic", a.name()), algorithm: a, local: Params { stochastic: Some(true), ..*base } });
        }
    }
    Ok(rows)
}

/// Runs `bench local`.
pub fn run(args: &Args) -> Result<u8> {
    let (w, h) = parse_size(args.sizes.as_deref().unwrap_or("3")).context(BadInput)?;
    let goal = Goal::BlankLast.board(w, h)?;
    let heuristic: HeuristicKind = args.heuristic.as_deref().unwrap_or("manhattan").parse().context(BadInput)?;
    if heuristic.is_table() {
        bail!(anyhow!(BadInput).context("bench local takes a heuristic computed from the board (not pdb or exact)"));
    }
    let spec = Spec { params: args.local.params()?, ..Spec::default() };
    let base = spec.plan().context(BadInput)?.params;
    let count = args.count.unwrap_or(DEFAULT_COUNT);
    let mut rng = Rng::new(args.seed);
    let boards: Vec<Board> = match args.depth {
        Some(d) => {
            let table = DepthTable::new(&goal).context(BadInput)?;
            if d > table.max_depth() {
                bail!(anyhow!(BadInput)
                    .context(format!("no {w}×{h} board is {d} moves from the goal: the farthest are {}", table.max_depth())));
            }
            (0..count).map(|_| table.random_at(d, &mut rng)).collect::<Result<_, _>>().context(BadInput)?
        }
        None => (0..count).map(|_| random_solvable(&goal, &mut rng)).collect(),
    };
    let rows = rows(args, &base)?;
    let cancel = cancel_flag();
    let limits = Limits { cancel: Some(cancel.clone()), ..Limits::default() };
    let mut out = std::io::stdout().lock();
    let what = match args.depth {
        Some(d) => format!("{count} random boards {d} moves from the goal"),
        None => format!("{count} uniformly random boards"),
    };
    writeln!(out, "{w}×{h}, {what} (seed {}), heuristic {heuristic}; run i has seed {} + i", args.seed, args.seed)?;
    writeln!(out, "steps: states whose neighbours were looked at (annealing: proposals; beam: K a step)")?;
    writeln!(out)?;
    writeln!(
        out,
        "{:<30} {:>8} {:>15} {:>14} {:>15} {:>11}",
        "algorithm", "solved", "steps (solved)", "steps (stuck)", "moves (solved)", "time (mean)"
    )?;
    for row in &rows {
        let mut t = Tally::default();
        for (i, board) in boards.iter().enumerate() {
            if cancel.load(Ordering::Relaxed) {
                return Ok(exit::LIMIT);
            }
            let params = Params { seed: Some(args.seed.wrapping_add(i as u64)), ..row.local };
            let req = Request::new(board.clone(), goal.clone())
                .algorithm(row.algorithm)
                .heuristic(heuristic)
                .limits(limits.clone())
                .params(params);
            let o = solve(&req)?;
            t.time += o.stats.time.as_secs_f64();
            match o.status {
                Status::Solved => {
                    let end = board.apply_all(&o.moves).map_err(|i| anyhow!("{}: move {i} leaves the board", row.label))?;
                    if end.last() != Some(&goal) {
                        bail!("{} on {board}: its moves do not end on the goal", row.label);
                    }
                    t.solved += 1;
                    t.steps_solved += o.stats.expanded;
                    t.moves_solved += o.moves.len() as u64;
                }
                Status::NotFound => {
                    t.stuck += 1;
                    t.steps_stuck += o.stats.expanded;
                }
                Status::Limit if o.limit == Some(npuzzle::search::LimitKind::Cancelled) => return Ok(exit::LIMIT),
                _ => t.limited += 1,
            }
        }
        let mean = |sum: u64, n: u64| if n == 0 { "-".to_string() } else { format!("{:.1}", sum as f64 / n as f64) };
        let limited = if t.limited > 0 { format!("  ({} stopped by a limit)", t.limited) } else { String::new() };
        writeln!(
            out,
            "{:<30} {:>7.1}% {:>15} {:>14} {:>15} {:>8.1} µs{limited}",
            row.label,
            100.0 * t.solved as f64 / count.max(1) as f64,
            mean(t.steps_solved, t.solved),
            mean(t.steps_stuck, t.stuck),
            mean(t.moves_solved, t.solved),
            1e6 * t.time / count.max(1) as f64
        )?;
        out.flush()?;
    }
    Ok(exit::OK)
}
