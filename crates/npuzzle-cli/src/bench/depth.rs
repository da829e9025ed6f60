//! `npuzzle bench depth`: the textbook's table of search cost and effective branching factor by
//! solution depth (Russell and Norvig, 3rd edition Figure 3.29, 4th edition Figure 3.26), run
//! by the library's experiment ([`npuzzle::experiment`]) and printed in the book's layout, as
//! CSV or JSON, and drawn with `--plot`.

use crate::bench::common::{BenchFormat, Jobs};
use crate::exit::{self, BadInput};
use crate::opts::cancel_flag;
use anyhow::{anyhow, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use npuzzle::experiment::{self, DepthRow, DepthSpec};
use npuzzle::goal::Goal;
use npuzzle::search::Limits;
use npuzzle::Algorithm;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

/// Arguments of `bench depth`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Solution depths, e.g. 2..24:2 (from 2 to 24 in steps of 2, the default), 6..28:2 (the 4th
    /// edition's), or 4,8,12.
    #[arg(long)]
    pub depths: Option<String>,
    /// Algorithm/heuristic pairs, comma-separated, e.g. bfs,ids,astar/h1,astar/h2 (the default;
    /// h1 is misplaced tiles, h2 Manhattan distance), or ucs,astar/linear-conflict.
    #[arg(long)]
    pub pairs: Option<String>,
    /// Board size, WxH of at most 9 cells (exact depths need the whole state space).
    #[arg(long, default_value = "3x3")]
    pub size: String,
    /// What a move costs: unit or tile (moving tile t costs t).
    #[arg(long, default_value = "unit", value_parser = crate::opts::cost_names(), hide_possible_values = true)]
    pub cost: String,
    /// Also draw nodes generated (log scale) and b* against d, to this file (.svg or .png).
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub plot: Option<PathBuf>,
    /// The goal of every board (blank-last, blank-first, snail, or a board).
    #[arg(long, short = 'g', default_value = "blank-last", allow_hyphen_values = true)]
    pub goal: String,
    /// Boards per depth [default: 100].
    #[arg(long)]
    pub count: Option<usize>,
    /// The seed of the boards.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Most nodes one run may generate; a pair that passes it at a depth prints a dash there and
    /// is not run deeper [default: 5000000].
    #[arg(long)]
    pub max_nodes: Option<u64>,
    /// The output format.
    #[arg(long, short = 'f', value_enum, default_value_t = BenchFormat::Text)]
    pub format: BenchFormat,
    #[command(flatten)]
    pub jobs: Jobs,
}

/// Parses `2..24:2`, `2..24` (step 1), or `2,4,6`.
pub fn parse_depths(s: &str) -> Result<Vec<u32>> {
    let bad = || anyhow!(BadInput).context(format!("bad depths \"{s}\" (use e.g. 2..24:2 or 4,8,12)"));
    let s = s.trim();
    if let Some((range, step)) = s.split_once("..").map(|(a, rest)| (a, rest.split_once(':').unwrap_or((rest, "1")))) {
        let from: u32 = range.trim().parse().map_err(|_| bad())?;
        let to: u32 = step.0.trim().parse().map_err(|_| bad())?;
        let by: usize = step.1.trim().parse().map_err(|_| bad())?;
        if by == 0 || to < from {
            return Err(bad());
        }
        return Ok((from..=to).step_by(by).collect());
    }
    let v: Vec<u32> = s.split(',').map(|d| d.trim().parse()).collect::<Result<_, _>>().map_err(|_| bad())?;
    if v.is_empty() {
        return Err(bad());
    }
    Ok(v)
}

/// Parses `bfs,ids,astar/h1,astar/h2`: an algorithm, and for those that use one a heuristic
/// after a slash (h1: misplaced tiles, h2: Manhattan; default Manhattan).
pub fn parse_pairs(s: &str) -> Result<Vec<(Algorithm, npuzzle::heuristic::Estimator)>> {
    npuzzle::experiment::pairs(s).context(BadInput)
}

/// Runs `bench depth`.
pub fn run(args: &Args) -> Result<u8> {
    if let Some(path) = &args.plot {
        crate::plot::check_path(path)?;
    }
    let (w, h) = npuzzle::parse::parse_size(&args.size).context(BadInput)?;
    let goal = Goal::resolve(&args.goal, w, h).context(BadInput)?;
    let mut spec = DepthSpec::new(goal);
    if let Some(d) = &args.depths {
        spec.depths = parse_depths(d)?;
    }
    if let Some(p) = &args.pairs {
        spec.pairs = parse_pairs(p)?;
    }
    spec.count = args.count.unwrap_or(experiment::DEFAULT_COUNT);
    spec.seed = args.seed;
    spec.max_nodes = args.max_nodes.unwrap_or(experiment::DEFAULT_MAX_NODES);
    spec.cost = crate::opts::parse_cost(&args.cost)?;
    spec.limits = Limits { cancel: Some(cancel_flag()), ..Limits::default() };
    let bar = if std::io::stderr().is_terminal() {
        let b = ProgressBar::new((spec.depths.len() * spec.pairs.len()) as u64);
        b.set_style(ProgressStyle::with_template("{bar:40} {pos}/{len} rows  {elapsed_precise} {msg}").expect("valid template"));
        b
    } else {
        ProgressBar::hidden()
    };
    let rows = experiment::run(&spec, crate::pdb::store(), &crate::pdb::reporter(), &mut |r: &DepthRow| {
        bar.inc(1);
        bar.set_message(format!("d = {} {}", r.depth, r.label));
    })
    .map_err(|e| match e {
        npuzzle::Error::Invalid(_) | npuzzle::Error::Unsupported(_) => anyhow::Error::new(e).context(BadInput),
        e => e.into(),
    })?;
    bar.finish_and_clear();
    let mut out = std::io::stdout().lock();
    match args.format {
        BenchFormat::Text => {
            writeln!(
                out,
                "{}×{} boards, goal {}, {} per depth (seed {}), {} costs; nodes generated and b* are means over the boards; \
                 – marks a pair whose runs passed {} nodes",
                w, h, spec.goal, spec.count, spec.seed, spec.cost, spec.max_nodes
            )?;
            out.write_all(experiment::table_text(&rows).as_bytes())?;
        }
        BenchFormat::Csv => out.write_all(csv(&rows).as_bytes())?,
        BenchFormat::Json => writeln!(out, "{}", serde_json::to_string_pretty(&rows)?)?,
    }
    out.flush()?;
    if let Some(path) = &args.plot {
        crate::plot::draw_depth(path, &rows)?;
    }
    if cancel_flag().load(std::sync::atomic::Ordering::Relaxed) {
        note!("cancelled: the rows above are the ones finished");
        return Ok(exit::LIMIT);
    }
    Ok(exit::OK)
}

/// One line per depth and pair.
pub fn csv(rows: &[DepthRow]) -> String {
    let f = |v: Option<f64>, p: usize| v.map_or(String::new(), |x| format!("{x:.p$}"));
    let mut s = String::from(
        "depth,algorithm,heuristic,label,boards,cut,generated,expanded,effective_branching_factor,effective_branching_factor_of_mean,cost,dearer,time_ms\n",
    );
    for r in rows {
        s.push_str(&format!(
            "{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
            r.depth,
            r.algorithm,
            r.heuristic,
            r.label,
            r.boards,
            r.cut,
            f(r.generated, 1),
            f(r.expanded, 1),
            f(r.effective_branching_factor, 4),
            f(r.effective_branching_factor_of_mean, 4),
            f(r.cost, 2),
            r.dearer,
            f(r.time_ms, 3)
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depths_and_pairs_parse() {
        assert_eq!(parse_depths("2..24:2").unwrap(), (1..=12).map(|i| 2 * i).collect::<Vec<_>>());
        assert_eq!(parse_depths("4,8").unwrap(), [4, 8]);
        assert_eq!(parse_depths("3..5").unwrap(), [3, 4, 5]);
        assert!(parse_depths("5..2").is_err() && parse_depths("x").is_err() && parse_depths("2..8:0").is_err());
        let p = parse_pairs("bfs,ids,astar/h1,astar/h2").unwrap();
        assert_eq!(p, experiment::default_pairs());
        assert!(parse_pairs("hill-climbing").is_err());
    }
}
