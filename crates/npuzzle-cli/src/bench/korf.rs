//! `npuzzle bench korf100|korf24`: Korf's 100 random 15-puzzle instances and Korf & Felner's 50
//! random 24-puzzle instances (goal blank-first), solved by IDA* on the pattern databases with
//! the fast engine, every length checked against the known optimum. The instance files are
//! compiled in, so the command works from any directory. `korf100 --metric mtm` runs in
//! `mtm.rs`.

use crate::bench::common::{bar, picked, Instance, KORF100};
use crate::exit::{self, BadInput};
use crate::opts::cancel_flag;
use crate::pdb::{reporter, store};
use anyhow::{anyhow, Result};
use npuzzle::experiment::optimal::Optimal;
use npuzzle::goal::Goal;
use npuzzle::search::Limits;
use npuzzle::solve::{solve, Status};
use rayon::prelude::*;
use std::io::Write;
use std::time::Instant;

const KORF24: &str = include_str!("../../data/korf24_50.txt");
/// Korf & Felner's (2002) node counts for the 24-puzzle instances, shown beside ours.
const KORF24_NODES: &str = include_str!("../../data/korf24_50_nodes_korf_felner_2002.txt");
/// Döbbelin et al.'s (2013) expansions for the same instances with 6-6-6-6, in our unit.
const KORF24_EXPANDED: &str = include_str!("../../data/korf24_50_expanded_doebbelin_2013.txt");
/// Clausecker & Reinefeld's (2021) expansions with their catalogue of seven 6-6-6-6 partitions
/// and their transposes (zero-aware tables of one bit an entry), the set `6-6-6-6x7z1` holds.
const KORF24_EXPANDED_CATALOGUE: &str = include_str!("../../data/korf24_50_expanded_clausecker_2021.txt");

/// The options both Korf suites take.
#[derive(clap::Args, Debug)]
pub struct KorfArgs {
    /// Instance ids, e.g. 40,38 or 1-10. Default: all.
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
    /// Depth of the duplicate-path pruning automaton: 2 prunes only the move that undoes the
    /// previous one. Default: the engine's own choice for the board.
    #[arg(long)]
    pub prune_depth: Option<u32>,
}

/// Arguments of `bench korf100`.
#[derive(clap::Args, Debug)]
pub struct Korf100Args {
    #[command(flatten)]
    pub korf: KorfArgs,
    /// How moves are counted, stm (the default) or mtm (multi-tile moves: each instance solved
    /// optimally in slides by the default solver for the metric, each answer replayed and
    /// checked against the single-tile optimum).
    #[arg(long, default_value = "stm", value_parser = crate::opts::metric_names(), hide_possible_values = true)]
    pub metric: String,
    /// `--metric mtm`: the time limit of each instance, e.g. 120s (a stopped instance shows the
    /// bound its iterations proved).
    #[arg(long, value_parser = crate::opts::parse_duration)]
    pub timeout: Option<std::time::Duration>,
}

/// Arguments of `bench korf24`.
#[derive(clap::Args, Debug)]
pub struct Korf24Args {
    #[command(flatten)]
    pub korf: KorfArgs,
}

/// Runs `bench korf100` in single-tile moves; exit 1 when any length is not the known optimum.
pub fn run_korf100(args: &Korf100Args) -> Result<u8> {
    korf(&args.korf, KORF100, 4, false, None)
}

/// Runs `bench korf24`; exit 1 when any length is not the known optimum.
pub fn run_korf24(args: &Korf24Args) -> Result<u8> {
    korf(&args.korf, KORF24, 5, true, Some((KORF24_NODES, KORF24_EXPANDED, KORF24_EXPANDED_CATALOGUE)))
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
fn korf(args: &KorfArgs, text: &str, side: usize, split: bool, published_counts: Option<(&str, &str, &str)>) -> Result<u8> {
    let known_nodes = published_counts.map(|(nodes, _, _)| published(nodes));
    let known_of = |id: u32| known_nodes.as_ref().and_then(|k| k.iter().find(|x| x.0 == id)).map(|x| x.1);
    let known_expanded = published_counts.map(|(_, expanded, _)| published(expanded));
    let expanded_of = |id: u32| known_expanded.as_ref().and_then(|k| k.iter().find(|x| x.0 == id)).map(|x| x.1);
    let known_catalogue = published_counts.map(|(_, _, expanded)| published(expanded));
    let catalogue_of = |id: u32| known_catalogue.as_ref().and_then(|k| k.iter().find(|x| x.0 == id)).map(|x| x.1);
    let started = Instant::now();
    let all = picked(args.ids.as_deref(), text, side)?;
    let goal = Goal::BlankFirst.board(side, side)?;
    let suite = Optimal::prepare(store(), &goal, args.set.as_deref(), args.prune_depth, &reporter(), Some(&cancel_flag())).map_err(
        |e| match e {
            npuzzle::Error::Invalid(_) => anyhow!(BadInput).context(e.to_string()),
            e => e.into(),
        },
    )?;
    let (spec, fsm, fsm_time) = (&suite.set, &suite.prune, suite.prune_time);
    let load_time = started.elapsed();
    let limits = Limits { cancel: Some(cancel_flag()), ..Limits::default() };
    let bar = bar(all.len() as u64);
    let solve_start = Instant::now();
    let solve_one = |inst: &Instance| {
        let req = suite.request(inst.board.clone(), goal.clone(), split).limits(limits.clone());
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
        let all = crate::bench::common::instances(KORF24, 5).unwrap();
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
