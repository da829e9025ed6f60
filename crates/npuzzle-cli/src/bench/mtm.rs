//! `npuzzle bench korf100 --metric mtm`: Korf's 100 15-puzzles in multi-tile moves, each solved
//! by the default solver for the metric (IDA* on the slide pattern database), several at once.
//! Every answer is replayed to the goal, its cost must be its number of slides, and each optimum
//! must equal the one slidy's solver found (`data/korf100_mtm_slidy.txt`, made by
//! `tools/slidy-oracle`), which lies within the instance's single-tile optimum and a third of it
//! (a slide moves at most three tiles of a 4×4 line). A time limit (`--timeout`) stops an
//! instance with the bound its iterations proved.

use crate::bench::common::{picked, KORF100};
use crate::exit::{self, BadInput};
use crate::opts::cancel_flag;
use crate::pdb::store;
use anyhow::{anyhow, Context, Result};
use npuzzle::goal::Goal;
use npuzzle::metric::Metric;
use npuzzle::notation::mtm_length;
use npuzzle::search::Limits;
use npuzzle::solve::{default_choice_in, solve, Request, Status};
use npuzzle::CostModel;
use rayon::prelude::*;
use std::io::Write;
use std::time::{Duration, Instant};

/// Korf's 100 in multi-tile moves by slidy's 4×4 solver: `id t0..t15 stm_optimum mtm_optimum
/// answer`.
const SLIDY: &str = include_str!("../../data/korf100_mtm_slidy.txt");

/// The optimum in slides slidy's solver found for each instance, by id.
fn slidy_optima() -> std::collections::HashMap<u32, u64> {
    SLIDY
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let v: Vec<&str> = l.split_whitespace().collect();
            Some((v.first()?.parse().ok()?, v.get(18)?.parse().ok()?))
        })
        .collect()
}

/// Runs Korf's 100 (those `ids` names, `--ids`) in multi-tile moves, each instance within
/// `timeout`; `quiet` leaves out the line per instance.
pub fn run(ids: Option<&str>, timeout: Option<Duration>, quiet: bool) -> Result<u8> {
    let all = picked(ids, KORF100, 4)?;
    let slidy = slidy_optima();
    let goal = Goal::BlankFirst.board(4, 4)?;
    let (algorithm, heuristic) = default_choice_in(4, 4, CostModel::Unit, Metric::Mtm);
    let started = Instant::now();
    let mut base = Request::new(goal.clone(), goal.clone()).algorithm(algorithm).heuristic(heuristic).metric(Metric::Mtm);
    base.limits = Limits { time: timeout, cancel: Some(cancel_flag()), ..Limits::default() };
    // The slide pattern database is built here when it is not cached (26 s on two cores), so
    // that the run measures the solver fans get once it is.
    store().slide_pdb(&goal, true, &crate::pdb::reporter(), Some(&cancel_flag()))?;
    store().prepare_run(&mut base, None, &|_| {}, None).map_err(|e| anyhow!(BadInput).context(e.to_string()))?;
    let tables_time = started.elapsed();
    let solve_start = Instant::now();
    let results: Vec<_> = all
        .par_iter()
        .map(|inst| {
            let mut req = base.clone();
            req.start = inst.board.clone();
            req.parallel = false;
            solve(&req).map(|out| {
                let optimal = out.status == Status::Solved && out.proven_optimal(req.guarantees_optimal());
                (out, optimal)
            })
        })
        .collect();
    let solve_time = solve_start.elapsed();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "korf100 in multi-tile moves: {} instances, {algorithm} with {heuristic} (the slide pattern database), {} threads, time limit {}",
        all.len(),
        rayon::current_num_threads(),
        timeout.map_or("none".to_string(), |t| format!("{:.0} s", t.as_secs_f64()))
    )?;
    if !quiet {
        writeln!(
            out,
            "{:>4} {:>5} {:>6} {:>5} {:>9} {:>6} {:>14} {:>14} {:>10}  slides",
            "id", "MTM", "slidy", "bound", "STM of it", "STM*", "expanded", "generated", "time ms"
        )?;
    }
    let (mut solved, mut wrong, mut sum, mut expanded, mut generated) = (0usize, 0usize, 0u64, 0u64, 0u64);
    for (inst, r) in all.iter().zip(results) {
        let (o, optimal) = r.with_context(|| format!("instance {}", inst.id))?;
        expanded += o.stats.expanded;
        generated += o.stats.generated;
        let mut mtm = "-".to_string();
        let mut slides = String::new();
        if o.status == Status::Solved {
            let cost = o.cost.unwrap_or(0);
            let reaches = inst.board.apply_all(&o.moves).map(|p| p.last() == Some(&goal)).unwrap_or(false);
            let stm = inst.optimum as u64;
            let agrees = slidy.get(&inst.id).is_some_and(|&s| s == cost);
            let sane = reaches && cost == mtm_length(&o.moves) && (!optimal || (agrees && cost <= stm && 3 * cost >= stm));
            wrong += usize::from(!sane);
            if optimal {
                solved += 1;
                sum += cost;
            }
            mtm = format!("{cost}{}", if optimal { "" } else { "?" });
            slides = npuzzle::notation::write(&o.moves, npuzzle::notation::Reading::Blank);
        }
        if !quiet {
            writeln!(
                out,
                "{:>4} {:>5} {:>6} {:>5} {:>9} {:>6} {:>14} {:>14} {:>10.1}  {}",
                inst.id,
                mtm,
                slidy.get(&inst.id).map_or("-".into(), |s| s.to_string()),
                o.lower_bound.map_or("-".into(), |b| b.to_string()),
                if o.status == Status::Solved { o.moves.len().to_string() } else { "-".into() },
                inst.optimum,
                o.stats.expanded,
                o.stats.generated,
                o.stats.time.as_secs_f64() * 1e3,
                slides
            )?;
        }
    }
    writeln!(
        out,
        "total: {solved} of {} solved optimally{}, {expanded} expanded, {generated} generated, {:.3} s solving, {:.3} s tables",
        all.len(),
        if solved > 0 { format!(" (mean {:.2} slides)", sum as f64 / solved as f64) } else { String::new() },
        solve_time.as_secs_f64(),
        tables_time.as_secs_f64()
    )?;
    writeln!(
        out,
        "{}",
        if wrong == 0 {
            "every answer replays, counts its slides, and every optimum is slidy's".to_string()
        } else {
            format!("{wrong} answers fail their checks")
        }
    )?;
    Ok(if wrong == 0 { exit::OK } else { exit::ERROR })
}
