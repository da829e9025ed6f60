//! `npuzzle bench 3x3-all`: every 3×3 board that reaches the goal (blank-last), 181,440 of them,
//! solved by the default solver on the exact table and every answer replayed; the lengths must
//! make the known distance histogram (`data/eightpuzzle.txt`).

use crate::bench::common::Jobs;
use crate::exit;
use crate::pdb::{reporter, store};
use anyhow::{anyhow, Result};
use npuzzle::goal::Goal;
use npuzzle::solve::{solve, Request, Status};
use npuzzle::Board;
use rayon::prelude::*;
use std::io::Write;
use std::time::Instant;

const EIGHT: &str = include_str!("../../data/eightpuzzle.txt");

/// Arguments of `bench 3x3-all`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Leave out the line per length.
    #[arg(long)]
    pub quiet: bool,
    #[command(flatten)]
    pub jobs: Jobs,
}

/// Runs `bench 3x3-all`; exit 1 when the lengths differ from the known histogram or an answer
/// does not reach the goal.
pub fn run(args: &Args) -> Result<u8> {
    let started = Instant::now();
    let goal = Goal::BlankLast.board(3, 3)?;
    let expected: Vec<u64> = EIGHT
        .lines()
        .skip_while(|l| !l.starts_with("blank_last"))
        .nth(1)
        .and_then(|l| l.trim().strip_prefix("hist "))
        .map(|l| l.trim_matches(|c| c == '[' || c == ']').split(',').filter_map(|x| x.trim().parse().ok()).collect())
        .ok_or_else(|| anyhow!("eightpuzzle.txt has no blank_last histogram"))?;
    // The default solver's tables for the size, prepared once and shared by every board.
    let mut probe = Request::auto(goal.clone(), goal.clone());
    store().prepare_run(&mut probe, None, &reporter(), None)?;
    let tables = probe.tables;
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
