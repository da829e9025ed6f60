//! `npuzzle bench 3x3-all|korf100|korf24`: solves a benchmark suite with the fast engine and
//! checks every length against the known optimum. The instance files are compiled in, so the
//! command works from any directory.

use crate::exit::{self, BadInput};
use crate::opts::cancel_flag;
use crate::pdb::{reporter, store};
use anyhow::{anyhow, bail, Context, Result};
use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressStyle};
use npuzzle::fast::prune::Fsm;
use npuzzle::goal::Goal;
use npuzzle::heuristic::pdb::SetSpec;
use npuzzle::search::Limits;
use npuzzle::solve::{solve, Request, Status};
use npuzzle::{Algorithm, Board, HeuristicKind, Tables};
use rayon::prelude::*;
use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::time::Instant;

const KORF100: &str = include_str!("../data/korf100.txt");
const KORF24: &str = include_str!("../data/korf24_50.txt");
/// Korf & Felner's (2002) node counts for the 24-puzzle instances, shown beside ours.
const KORF24_NODES: &str = include_str!("../data/korf24_50_nodes_korf_felner_2002.txt");
/// Döbbelin et al.'s (2013) expansions for the same instances with 6-6-6-6, in our unit.
const KORF24_EXPANDED: &str = include_str!("../data/korf24_50_expanded_doebbelin_2013.txt");
/// Clausecker & Reinefeld's (2021) expansions with their catalogue of seven 6-6-6-6 partitions
/// and their transposes (zero-aware tables of one bit an entry), the set `6-6-6-6x7z1` holds.
const KORF24_EXPANDED_CATALOGUE: &str = include_str!("../data/korf24_50_expanded_clausecker_2021.txt");
const EIGHT: &str = include_str!("../data/eightpuzzle.txt");

/// Benchmark suites.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Suite {
    /// All 181,440 3×3 boards that reach the goal (blank-last), checked against the known
    /// distance histogram.
    #[value(name = "3x3-all")]
    All3x3,
    /// Korf's 100 random 15-puzzle instances (goal blank-first).
    Korf100,
    /// Korf & Felner's 50 random 24-puzzle instances (goal blank-first); pick some with --ids.
    Korf24,
    /// Random boards of 6×6, 8×8, 10×10, 40×40, 100×100 and 300×300 (or --sizes) solved by the
    /// default solver for their size (or --algorithm), every answer replayed; moves against the
    /// Manhattan distance and the lower bound.
    Big,
    /// Every local search (hill climbing and its variants, annealing, local beam) on the same
    /// random boards (3×3 unless --sizes; --count, --depth): the share solved, mean steps when
    /// solved and when stuck, mean moves and time.
    Local,
    /// The textbook's table (Russell and Norvig, Figure 3.26/3.29): mean nodes generated and
    /// the effective branching factor b* by solution depth, over --count boards at exactly each
    /// depth of --depths, for each pair of --pairs (default BFS, IDS, A* h1, A* h2).
    Depth,
    /// Every board of FILE (plain board lines, or fields, `|`, board, under a `# Columns:`
    /// comment naming the fields; the DeepCubeA test states in data/deepcubea/ are such files),
    /// solved one after another by the default solver (or --algorithm, -H), every answer
    /// replayed: moves, the file's reference lengths (its `*_moves` columns), moves ÷ reference,
    /// moves ÷ lower bound, time and nodes, per board and in total.
    File,
}

/// Output formats of `bench file` and `bench depth`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BenchFormat {
    /// A table (`depth`: the book's layout, search cost then b*, a line per depth), then the
    /// totals.
    Text,
    /// CSV: a header row, then one row per board (`depth`: per depth and pair).
    Csv,
    /// `file`: one JSON object per board (JSON Lines), then one with the totals; `depth`: one
    /// JSON array, an object per depth and pair.
    Json,
}

/// Arguments of `bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The suite.
    #[arg(value_enum)]
    pub suite: Suite,
    /// `file`: the benchmark file, or - for stdin.
    #[arg(value_name = "FILE")]
    pub file: Option<String>,
    /// Instance ids, e.g. 40,38 or 1-10 (korf100, korf24). Default: all.
    #[arg(long)]
    pub ids: Option<String>,
    /// Worker threads (default: all cores). korf100 solves this many instances at once;
    /// korf24 splits each instance's tree over them.
    #[arg(long, short = 'j', value_parser = crate::opts::parse_jobs)]
    pub jobs: Option<usize>,
    /// Pattern-database set (default: the strongest cached, else the small default).
    #[arg(long)]
    pub set: Option<String>,
    /// Leave out the per-instance lines.
    #[arg(long)]
    pub quiet: bool,
    /// Depth of the duplicate-path pruning automaton (korf100, korf24): 2 prunes only the move
    /// that undoes the previous one. Default: the engine's own choice for the board.
    #[arg(long)]
    pub prune_depth: Option<u32>,
    /// Board sides for `big`, e.g. 6,10,40 (square boards) or 7x13 (default 6,10,40,100,300).
    #[arg(long)]
    pub sizes: Option<String>,
    /// Boards per size for `big` (default: 10 up to 12×12, 3 up to 40×40, 1 beyond); boards per
    /// depth for `depth` (default 100); for `file`, the first COUNT boards (after --skip).
    #[arg(long)]
    pub count: Option<usize>,
    /// Seed of the first board for `big`; each board's seed is the next. For `local`: the seed
    /// of the boards, and run i's seed is this + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// `local`: boards exactly D moves (optimally) from the goal (boards of at most 9 cells).
    #[arg(long, value_name = "D")]
    pub depth: Option<u32>,
    /// `big`: reduce, reduce-plus or pdb-beam (default: the default solver for each size).
    /// `local`: which local searches, e.g. hill-climbing,annealing (default: all). `file`: the
    /// algorithm (default: the default solver for the board's size).
    #[arg(long = "algorithms", visible_alias = "algorithm", short = 'a')]
    pub algorithms: Option<String>,
    /// `local`: the heuristic [default: manhattan]. `file`: the heuristic (default: the
    /// default for the algorithm and size).
    #[arg(long = "heuristic", short = 'H')]
    pub heuristic: Option<String>,
    #[command(flatten)]
    pub local: crate::opts::ParamArgs<crate::opts::LocalUnseeded>,
    /// `file`: the classic searches' parameters (e.g. `--learnt-key` for pdb-beam), for every
    /// board.
    #[command(flatten)]
    pub search: crate::opts::ParamArgs<crate::opts::SearchParams>,
    /// `file`, `depth`: the goal of every board (blank-last, blank-first, snail, or a board).
    #[arg(long, short = 'g', default_value = "blank-last", allow_hyphen_values = true)]
    pub goal: String,
    /// `file`: the time limit of each board, e.g. 10s (the default solver beyond 25 cells then
    /// answers with the best it has found).
    #[arg(long, value_parser = crate::opts::parse_duration)]
    pub timeout: Option<std::time::Duration>,
    /// korf100: how moves are counted, stm (the default) or mtm (multi-tile moves: each
    /// instance solved optimally in slides by the default solver for the metric, each answer
    /// replayed and checked against the single-tile optimum).
    #[arg(long, default_value = "stm", value_parser = crate::opts::metric_names(), hide_possible_values = true)]
    pub metric: String,
    /// `file`, `big`: the node limit of each board (pdb-beam narrows its beams to spend about
    /// this many children: a shorter run, a longer answer, the same on every machine). `depth`:
    /// most nodes one run may generate; a pair that passes it at a depth prints a dash there and
    /// is not run deeper [default: 5000000].
    #[arg(long)]
    pub max_nodes: Option<u64>,
    /// `file`: boards to leave out at the start of the file.
    #[arg(long)]
    pub skip: Option<usize>,
    /// `file`, `depth`: the output format.
    #[arg(long, short = 'f', value_enum, default_value_t = BenchFormat::Text)]
    pub format: BenchFormat,
    #[command(flatten)]
    pub depth_opts: crate::bench_depth::DepthArgs,
}

pub(crate) struct Instance {
    pub id: u32,
    pub board: Board,
    /// The optimal length in single-tile moves.
    pub optimum: u32,
}

fn instances(text: &str, side: usize) -> Result<Vec<Instance>> {
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let nums: Vec<u32> = line.split_whitespace().map(|t| t.parse()).collect::<Result<_, _>>().context("instance file")?;
        if nums.len() != side * side + 2 {
            bail!("instance line has {} numbers, expected {}", nums.len(), side * side + 2);
        }
        let board = Board::new(side, side, nums[1..=side * side].to_vec())?;
        out.push(Instance { id: nums[0], board, optimum: nums[side * side + 1] });
    }
    Ok(out)
}

/// The instances of the suite `text` that `--ids` names, in its order (all of them without it).
pub(crate) fn picked(args: &Args, text: &str, side: usize) -> Result<Vec<Instance>> {
    let mut all = instances(text, side)?;
    if let Some(ids) = &args.ids {
        let ids = parse_ids(ids)?;
        if let Some(bad) = ids.iter().find(|i| !all.iter().any(|x| x.id == **i)) {
            return Err(anyhow!(BadInput).context(format!("no instance {bad} in this suite")));
        }
        let mut picked = Vec::with_capacity(ids.len());
        for i in &ids {
            if let Some(p) = all.iter().position(|x| x.id == *i) {
                picked.push(all.swap_remove(p));
            }
        }
        all = picked;
    }
    Ok(all)
}

fn parse_ids(s: &str) -> Result<Vec<u32>> {
    let mut ids = Vec::new();
    for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let bad = || anyhow!(BadInput).context(format!("bad id list \"{s}\" (use e.g. 40,38 or 1-10)"));
        if let Some((a, b)) = part.split_once('-') {
            let (a, b): (u32, u32) = (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
            ids.extend(a..=b);
        } else {
            ids.push(part.parse().map_err(|_| bad())?);
        }
    }
    Ok(ids)
}

fn bar(len: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let b = ProgressBar::new(len);
    b.set_style(ProgressStyle::with_template("{bar:40} {pos}/{len}  {elapsed_precise} eta {eta}").expect("valid template"));
    b
}

/// Runs `bench`; returns the exit code (1 when any length is not the known optimum).
pub fn run(args: Args) -> Result<u8> {
    if args.metric != "stm" && args.suite != Suite::Korf100 {
        return Err(anyhow!(BadInput).context(format!("--metric {} runs with korf100 only", args.metric)));
    }
    if let (Some((p, _)), false) = (args.search.raw.first(), args.suite == Suite::File) {
        return Err(anyhow!(BadInput).context(format!("--{} runs with bench file only", p.info().flag)));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .stack_size(64 << 20)
        .build()
        .context("starting worker threads")?;
    pool.install(|| match args.suite {
        Suite::All3x3 => all_3x3(&args),
        Suite::Korf100 if args.metric == "mtm" => crate::bench_mtm::run(&args, KORF100),
        Suite::Korf100 => korf(&args, KORF100, 4, false, None),
        Suite::Korf24 => korf(&args, KORF24, 5, true, Some((KORF24_NODES, KORF24_EXPANDED, KORF24_EXPANDED_CATALOGUE))),
        Suite::Big => crate::bench_big::run(&args),
        Suite::Local => crate::bench_local::run(&args),
        Suite::File => crate::bench_file::run(&args),
        Suite::Depth => crate::bench_depth::run(&args),
    })
}

fn all_3x3(args: &Args) -> Result<u8> {
    let started = Instant::now();
    let goal = Goal::BlankLast.board(3, 3)?;
    let expected: Vec<u64> = EIGHT
        .lines()
        .skip_while(|l| !l.starts_with("blank_last"))
        .nth(1)
        .and_then(|l| l.trim().strip_prefix("hist "))
        .map(|l| l.trim_matches(|c| c == '[' || c == ']').split(',').filter_map(|x| x.trim().parse().ok()).collect())
        .ok_or_else(|| anyhow!("eightpuzzle.txt has no blank_last histogram"))?;
    let tables = store().prepare(HeuristicKind::Exact, &goal, &reporter(), None)?;
    let table_time = started.elapsed();
    // Every arrangement of 0..8; the solvable ones are those the table reaches.
    let boards: Vec<Board> = (0..362_880u64)
        .into_par_iter()
        .filter_map(|r| {
            let mut p = [0u8; 9];
            npuzzle::heuristic::exact::perm_unrank(r, &mut p);
            let b = Board::new(3, 3, p.iter().map(|&t| t as u32).collect()).ok()?;
            b.can_reach(&goal).then_some(b)
        })
        .collect();
    let solve_start = Instant::now();
    let results: Vec<(usize, u64, bool)> = boards
        .par_iter()
        .map(|b| {
            let req = Request::auto(b.clone(), goal.clone()).tables(tables.clone());
            let Ok(out) = solve(&req) else { return (0, 0, false) };
            // Check the path: it must end at the goal.
            let ok = out.status == Status::Solved && b.apply_all(&out.moves).map(|p| p.last() == Some(&goal)).unwrap_or(false);
            (out.moves.len(), out.stats.generated, ok)
        })
        .collect();
    let solve_time = solve_start.elapsed();
    let mut hist = vec![0u64; expected.len().max(1)];
    let mut nodes = 0;
    let mut bad_paths = 0;
    for (len, looked, ok) in &results {
        if *len >= hist.len() {
            hist.resize(len + 1, 0);
        }
        hist[*len] += 1;
        nodes += looked;
        bad_paths += usize::from(!ok);
    }
    let total = started.elapsed();
    let mut out = std::io::stdout().lock();
    writeln!(out, "3x3-all: {} boards, goal blank-last", boards.len())?;
    if !args.quiet {
        for (d, (h, e)) in hist.iter().zip(expected.iter().chain(std::iter::repeat(&0))).enumerate() {
            writeln!(out, "  length {d:>2}: {h:>6} boards (known {e:>6}){}", if h == e { "" } else { "  MISMATCH" })?;
        }
    }
    writeln!(out, "table built in {:.1} ms; solved in {:.1} ms; total {:.1} ms", ms(table_time), ms(solve_time), ms(total))?;
    writeln!(out, "boards looked at: {nodes} ({:.1} M/s)", nodes as f64 / solve_time.as_secs_f64() / 1e6)?;
    let ok = hist == expected && bad_paths == 0 && boards.len() == 181_440;
    writeln!(out, "{}", if ok { "all lengths optimal (histogram matches)" } else { "MISMATCH against the known histogram" })?;
    Ok(if ok { exit::OK } else { exit::ERROR })
}

fn ms(d: std::time::Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Published node counts by instance id, from lines `id length nodes`.
fn published(text: &str) -> Vec<(u32, u64)> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let mut it = l.split_whitespace();
            let id = it.next()?.parse().ok()?;
            Some((id, it.nth(1)?.parse().ok()?))
        })
        .collect()
}

/// Runs a Korf suite; `published_counts` holds Korf & Felner's node counts and Döbbelin et al.'s
/// expansions for it, shown beside ours.
fn korf(args: &Args, text: &str, side: usize, split: bool, published_counts: Option<(&str, &str, &str)>) -> Result<u8> {
    let known_nodes = published_counts.map(|(nodes, _, _)| published(nodes));
    let known_of = |id: u32| known_nodes.as_ref().and_then(|k| k.iter().find(|x| x.0 == id)).map(|x| x.1);
    let known_expanded = published_counts.map(|(_, expanded, _)| published(expanded));
    let expanded_of = |id: u32| known_expanded.as_ref().and_then(|k| k.iter().find(|x| x.0 == id)).map(|x| x.1);
    let known_catalogue = published_counts.map(|(_, _, expanded)| published(expanded));
    let catalogue_of = |id: u32| known_catalogue.as_ref().and_then(|k| k.iter().find(|x| x.0 == id)).map(|x| x.1);
    let started = Instant::now();
    let all = picked(args, text, side)?;
    let goal = Goal::BlankFirst.board(side, side)?;
    let spec = match &args.set {
        Some(name) => SetSpec::named(side, side, name).context(BadInput)?,
        None => store().choose_set(&goal)?,
    };
    let on = reporter();
    let heur = store().load_or_build(&goal, &spec, &on, Some(&cancel_flag()))?;
    let depth = args.prune_depth.unwrap_or_else(|| Fsm::default_depth(side * side));
    let fsm_start = Instant::now();
    // The default depth's automaton comes from the cache like the tables; another depth is
    // learnt here, for comparisons.
    let fsm = match args.prune_depth {
        Some(d) if d != Fsm::default_depth(side * side) => Arc::new(Fsm::for_board(side, side, depth)),
        _ => store().prune(side, side, depth, &on),
    };
    let fsm_time = fsm_start.elapsed();
    let tables = Tables::none().with_pdb(Arc::new(heur)).with_prune(fsm.clone());
    let load_time = started.elapsed();
    let limits = Limits { cancel: Some(cancel_flag()), ..Limits::default() };
    let bar = bar(all.len() as u64);
    let solve_start = Instant::now();
    let solve_one = |inst: &Instance| {
        let mut req = Request::new(inst.board.clone(), goal.clone())
            .algorithm(Algorithm::Idastar)
            .heuristic(HeuristicKind::Pdb)
            .limits(limits.clone())
            .tables(tables.clone());
        req.parallel = split;
        let out = solve(&req).ok();
        bar.inc(1);
        let moves = out.as_ref().filter(|o| o.status == Status::Solved).map(|o| &o.moves);
        let reaches = moves.is_some_and(|m| inst.board.apply_all(m).map(|p| p.last() == Some(&goal)).unwrap_or(false));
        (moves.map(|m| m.len() as u32), reaches, out.map(|o| o.stats).unwrap_or_default())
    };
    let results: Vec<_> = if split { all.iter().map(solve_one).collect() } else { all.par_iter().map(solve_one).collect() };
    let solve_time = solve_start.elapsed();
    bar.finish_and_clear();
    let mut out = std::io::stdout().lock();
    let name = if side == 4 { "korf100" } else { "korf24" };
    writeln!(
        out,
        "{name}: {}, set {}, {} threads",
        npuzzle::words::count(all.len() as u64, "instance"),
        spec.name,
        rayon::current_num_threads()
    )?;
    writeln!(
        out,
        "pruning automaton: depth {}, {} forbidden strings, {} states, {:.1} MB, ready in {:.3} s",
        fsm.depth(),
        fsm.patterns(),
        fsm.states(),
        fsm.bytes() as f64 / 1e6,
        fsm_time.as_secs_f64()
    )?;
    if !args.quiet {
        writeln!(
            out,
            "{:>4} {:>6} {:>6} {:>4} {:>14} {:>14} {:>10} {:>12}{}",
            "id",
            "length",
            "known",
            "ok",
            "expanded",
            "generated",
            "time ms",
            "generated/s",
            if known_nodes.is_some() {
                format!(" {:>14} {:>14} {:>14}", "K&F 2002", "Döbbelin 2013", "Clausecker 2021")
            } else {
                String::new()
            }
        )?;
    }
    let (mut expanded, mut nodes, mut wrong, mut fewer, mut fewer_cat) = (0u64, 0u64, 0, 0, 0);
    for (inst, (len, reaches, st)) in all.iter().zip(&results) {
        let ok = *len == Some(inst.optimum) && *reaches;
        wrong += usize::from(!ok);
        expanded += st.expanded;
        nodes += st.generated;
        fewer += usize::from(expanded_of(inst.id).is_some_and(|e| st.expanded <= e));
        fewer_cat += usize::from(catalogue_of(inst.id).is_some_and(|e| st.expanded <= e));
        if !args.quiet {
            let secs = st.time.as_secs_f64();
            writeln!(
                out,
                "{:>4} {:>6} {:>6} {:>4} {:>14} {:>14} {:>10.1} {:>12.0}{}",
                inst.id,
                len.map_or("-".into(), |l| l.to_string()),
                inst.optimum,
                if ok { "yes" } else { "NO" },
                st.expanded,
                st.generated,
                secs * 1e3,
                st.generated as f64 / secs.max(1e-9),
                known_of(inst.id).map_or(String::new(), |n| format!(" {n:>14}"))
                    + &expanded_of(inst.id).map_or(String::new(), |e| format!(" {e:>14}"))
                    + &catalogue_of(inst.id).map_or(String::new(), |e| format!(" {e:>15}"))
            )?;
        }
    }
    let total = started.elapsed();
    writeln!(
        out,
        "total: {} expanded, {} generated, {:.3} s solving ({:.1} M generated/s), {:.3} s loading tables, {:.3} s wall",
        expanded,
        nodes,
        solve_time.as_secs_f64(),
        nodes as f64 / solve_time.as_secs_f64().max(1e-9) / 1e6,
        load_time.as_secs_f64(),
        total.as_secs_f64()
    )?;
    if known_nodes.is_some() {
        let known: u64 = all.iter().filter_map(|i| known_of(i.id)).sum();
        writeln!(out, "Korf & Felner (2002), 6-6-6-6 with reflection, for these instances: {known} nodes")?;
        let theirs: u64 = all.iter().filter_map(|i| expanded_of(i.id)).sum();
        writeln!(
            out,
            "Döbbelin et al. (2013), 6-6-6-6, for these instances: {theirs} expanded; at or below theirs on {fewer} of {}",
            all.len()
        )?;
        let cat: u64 = all.iter().filter_map(|i| catalogue_of(i.id)).sum();
        writeln!(
            out,
            "Clausecker & Reinefeld (2021), catalogue of seven 6-6-6-6 partitions and their transposes, for these instances: {cat} expanded; at or below theirs on {fewer_cat} of {}",
            all.len()
        )?;
    }
    writeln!(
        out,
        "{}",
        if wrong == 0 { "all lengths optimal".to_string() } else { format!("{wrong} lengths differ from the known optimum") }
    )?;
    Ok(if wrong == 0 { exit::OK } else { exit::ERROR })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The published counts shown beside ours name every instance once, with its known length.
    #[test]
    fn published_counts_cover_every_24_puzzle_instance_with_its_length() {
        let all = instances(KORF24, 5).unwrap();
        for text in [KORF24_NODES, KORF24_EXPANDED, KORF24_EXPANDED_CATALOGUE] {
            let counts = published(text);
            assert_eq!(counts.len(), all.len());
            for inst in &all {
                let line = text.lines().find(|l| l.split_whitespace().next() == Some(&inst.id.to_string())).unwrap();
                let length: u32 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
                assert_eq!(length, inst.optimum, "instance {}", inst.id);
                assert!(counts.iter().filter(|c| c.0 == inst.id).count() == 1);
            }
        }
        // Döbbelin et al.'s #40 and #38, as the issue quotes them.
        let d = published(KORF24_EXPANDED);
        assert_eq!(d.iter().find(|c| c.0 == 40).map(|c| c.1), Some(26_320_497));
        assert_eq!(d.iter().find(|c| c.0 == 38).map(|c| c.1), Some(58_097_633));
    }
}
