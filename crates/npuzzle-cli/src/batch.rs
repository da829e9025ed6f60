//! `npuzzle batch`: one board per line in, one JSON object per line out, in input order.

use crate::input::source_text;
use crate::opts::SearchOpts;
use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use npuzzle::solve::{solve, Report};
use rayon::prelude::*;
use serde_json::json;
use std::io::{IsTerminal, Write};

/// Arguments of `batch`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// File with one board per line (blank lines and # lines are skipped), or - for stdin.
    pub source: String,
    #[command(flatten)]
    pub search: SearchOpts,
    /// Instances solved at once (default: all cores).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Include the boards along each path in the output.
    #[arg(long)]
    pub paths: bool,
}

/// Runs `batch`; returns the exit code (0 when every line was processed, whatever its status).
pub fn run(args: Args) -> Result<u8> {
    let plan = args.search.plan()?;
    let text = source_text(&args.source)?;
    let lines: Vec<(usize, &str)> =
        text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())).filter(|(_, l)| !l.is_empty() && !l.starts_with('#')).collect();
    let bar = if std::io::stderr().is_terminal() {
        let b = ProgressBar::new(lines.len() as u64);
        b.set_style(ProgressStyle::with_template("{bar:40} {pos}/{len} boards  {elapsed_precise} eta {eta}").expect("valid template"));
        b
    } else {
        ProgressBar::hidden()
    };
    // Load or build the pattern databases once, with a progress bar, before the workers start.
    if let Some(req) = lines.iter().find_map(|(_, b)| plan.board(b).and_then(|b| plan.request(b)).ok()) {
        crate::pdb::prepare_for(&req)?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .stack_size(64 << 20)
        .build()
        .context("starting worker threads")?;
    let solve_line = |&(line, board): &(usize, &str)| -> String {
        let text = match plan.board(board).and_then(|b| plan.request(b)) {
            Err(e) => json!({"line": line, "input": board, "status": "invalid", "error": e.to_string()}).to_string(),
            Ok(req) => match solve(&req) {
                Err(e) => json!({"line": line, "input": board, "status": "invalid", "error": e.to_string()}).to_string(),
                Ok(outcome) => {
                    let report = if args.paths { Report::new(&req, &outcome) } else { Report::without_path(&req, &outcome) };
                    // The report is an object: put the line number first.
                    let body = serde_json::to_string(&report).expect("reports serialise");
                    format!("{{\"line\":{line},{}", &body[1..])
                }
            },
        };
        bar.inc(1);
        text
    };
    let results: Vec<String> = pool.install(|| lines.par_iter().map(solve_line).collect());
    bar.finish_and_clear();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for r in results {
        writeln!(out, "{r}")?;
    }
    out.flush()?;
    Ok(crate::exit::OK)
}
