//! `npuzzle batch`: one board per line in, one JSON object per line out, in input order.

use crate::input::source_text;
use crate::opts::SearchOpts;
use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use npuzzle::solve::{solve, Report, Request};
use npuzzle::{Board, HeuristicKind, Tables};
use rayon::prelude::*;
use serde_json::json;
use std::collections::HashMap;
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
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .stack_size(64 << 20)
        .build()
        .context("starting worker threads")?;
    let mut reqs: Vec<Result<Request, npuzzle::Error>> = pool.install(|| {
        lines.par_iter().map(|(_, b)| plan.board_text(b).map_err(npuzzle::Error::from).and_then(|b| plan.request(b))).collect()
    });
    // Load or build each goal's tables once, with a progress bar, before the workers start. A
    // goal whose tables cannot be had fails its own lines; Ctrl-C during a build stops it all.
    let mut prepared: HashMap<(Board, HeuristicKind), Result<Tables, npuzzle::Error>> = HashMap::new();
    for slot in reqs.iter_mut() {
        let Ok(req) = slot else { continue };
        let key = (req.goal.clone(), req.effective_heuristic());
        if !prepared.contains_key(&key) {
            let got = match crate::pdb::prepare(req) {
                Ok(_) => Ok(req.tables.clone()),
                Err(e) => match e.downcast::<npuzzle::Error>() {
                    Ok(npuzzle::Error::Cancelled) => return Ok(crate::exit::LIMIT),
                    Ok(lib) => Err(lib),
                    Err(other) => return Err(other),
                },
            };
            prepared.insert(key.clone(), got);
        }
        match &prepared[&key] {
            Ok(t) => req.tables = t.clone(),
            Err(e) => *slot = Err(e.clone()),
        }
    }
    let solve_line = |(&(line, board), req): (&(usize, &str), &Result<Request, npuzzle::Error>)| -> String {
        let text = match req {
            Err(e) => json!({"line": line, "input": board, "status": "invalid", "error": e.to_string()}).to_string(),
            Ok(req) => match solve(req) {
                Err(e) => json!({"line": line, "input": board, "status": "invalid", "error": e.to_string()}).to_string(),
                Ok(outcome) => {
                    let report = if args.paths { Report::new(req, &outcome) } else { Report::without_path(req, &outcome) };
                    // The report is an object: put the line number first.
                    let body = serde_json::to_string(&report).expect("reports serialise");
                    format!("{{\"line\":{line},{}", &body[1..])
                }
            },
        };
        bar.inc(1);
        text
    };
    let results: Vec<String> = pool.install(|| lines.par_iter().zip(reqs.par_iter()).map(solve_line).collect());
    bar.finish_and_clear();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for r in results {
        writeln!(out, "{r}")?;
    }
    out.flush()?;
    Ok(crate::exit::OK)
}
