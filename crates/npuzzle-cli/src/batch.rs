//! `npuzzle batch`: one board per line in, one result per line out (a JSON object, or a CSV row
//! under a header), in input order.

use crate::input::source_text;
use crate::opts::{cancel_flag, SearchOpts};
use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use npuzzle::error::excerpt;
use npuzzle::solve::{solve, Report, Request};
use rayon::prelude::*;
use serde_json::json;
use std::borrow::Cow;
use std::collections::BTreeSet;
use std::io::{IsTerminal, Write};
use std::sync::atomic::Ordering;

/// Output formats of `batch`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BatchFormat {
    /// One JSON object per line (JSON Lines), each with a `line` field.
    Json,
    /// CSV: a header row, then one row per board.
    Csv,
}

/// Arguments of `batch`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// File with one board per line (blank lines and # lines are skipped), or - for stdin.
    pub source: String,
    #[command(flatten)]
    pub search: SearchOpts,
    /// Instances solved at once (default: all cores).
    #[arg(long, short = 'j', value_parser = crate::opts::parse_jobs)]
    pub jobs: Option<usize>,
    /// Include the boards along each path in the output (JSON only).
    #[arg(long)]
    pub paths: bool,
    /// Output format: one JSON object per line, or CSV with a header row.
    #[arg(long, short = 'f', value_enum, default_value_t = BatchFormat::Json)]
    pub format: BatchFormat,
}

/// The columns of `--format csv`, in order.
pub const CSV_HEADER: &str = "line,board,goal,algorithm,heuristic,status,limit,error,optimal,cost,moves,\
expanded,generated,max_frontier,search_depth,max_depth,peak_memory,time_ms,tables_ms,cost_model,length,effective_branching_factor";

/// A CSV field: quoted (with inner quotes doubled) when it holds a comma, a quote or a line break.
fn csv_field(s: &str) -> Cow<'_, str> {
    if s.contains([',', '"', '\n', '\r']) {
        Cow::Owned(format!("\"{}\"", s.replace('"', "\"\"")))
    } else {
        Cow::Borrowed(s)
    }
}

/// The serde name of a status or limit kind (`solved`, `time`, …).
fn name_of<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_value(v).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

/// One CSV row for a line that was searched.
fn csv_row(line: usize, r: &Report) -> String {
    let ms = |d: std::time::Duration| format!("{:.3}", d.as_secs_f64() * 1e3);
    let (start, goal) = (r.start.to_string(), r.goal.to_string());
    [
        line.to_string(),
        csv_field(&start).into_owned(),
        csv_field(&goal).into_owned(),
        r.algorithm.to_string(),
        r.heuristic.to_string(),
        name_of(&r.status),
        r.limit.as_ref().map(name_of).unwrap_or_default(),
        String::new(),
        r.optimal.to_string(),
        r.cost.map(|c| c.to_string()).unwrap_or_default(),
        r.moves.clone(),
        r.stats.expanded.to_string(),
        r.stats.generated.to_string(),
        r.stats.max_frontier.to_string(),
        r.stats.search_depth.to_string(),
        r.stats.max_depth.to_string(),
        r.stats.peak_memory.to_string(),
        ms(r.stats.time),
        r.tables_time.map(ms).unwrap_or_default(),
        r.cost_model.to_string(),
        r.length.map(|c| c.to_string()).unwrap_or_default(),
        r.stats.effective_branching_factor.map(|b| format!("{b:.4}")).unwrap_or_default(),
    ]
    .join(",")
}

/// One CSV row for a line that could not be searched: its input (as a short excerpt) in the
/// `board` column, status `invalid` and the error.
fn csv_invalid(line: usize, board: &str, e: &npuzzle::Error) -> String {
    let mut fields = vec![String::new(); CSV_HEADER.split(',').count()];
    fields[0] = line.to_string();
    fields[1] = csv_field(&excerpt(board)).into_owned();
    fields[5] = "invalid".to_string();
    fields[7] = csv_field(&e.to_string()).into_owned();
    fields.join(",")
}

/// Runs `batch`; returns the exit code: 0 when every line was processed, whatever its status;
/// 4 when Ctrl-C cut the batch short (the lines it stopped say `cancelled`).
pub fn run(args: Args) -> Result<u8> {
    if args.paths && args.format == BatchFormat::Csv {
        return Err(anyhow::anyhow!(crate::exit::BadInput)
            .context("--paths needs --format json: a CSV row has no room for the boards along a path (its moves column replays them)"));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs.unwrap_or(0))
        .stack_size(64 << 20)
        .build()
        .context("starting worker threads")?;
    // Each of the searches running at once gets its share of the default memory limit.
    let plan = args.search.plan(pool.current_num_threads())?;
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
    let mut reqs: Vec<Result<Request, npuzzle::Error>> = pool.install(|| {
        lines.par_iter().map(|(_, b)| plan.board_text(b).map_err(npuzzle::Error::from).and_then(|b| plan.request(b))).collect()
    });
    // What the options ask for that an algorithm ignores, and boards too large for their
    // search, are said once for the whole batch, not on every line.
    let mut notes: BTreeSet<String> = BTreeSet::new();
    // (lines, the first line's note) for boards refused, and for boards only a limit will end.
    let mut refused: Option<(usize, String)> = None;
    let mut hopeless: Option<(usize, String)> = None;
    for req in reqs.iter().flatten() {
        notes.extend(plan.ignored(req.algorithm));
        if let Some(n) = npuzzle::solve::size_note(req) {
            let slot = if npuzzle::solve::check_fits(req).is_err() { &mut refused } else { &mut hopeless };
            slot.get_or_insert_with(|| (0, n)).0 += 1;
        }
    }
    for n in &notes {
        note!("note: {n}");
    }
    if let Some((count, first)) = refused {
        let lines = if count == 1 { "1 line ends".to_string() } else { format!("{count} lines end") };
        note!("note: {lines} with status limit (memory) before any search; the first: {first}");
    }
    if let Some((count, first)) = hopeless {
        let lines = if count == 1 { "1 line".to_string() } else { format!("{count} lines") };
        note!("note: {lines} will run until a limit stops them; the first: {first}");
    }
    // Each line settled and prepared as `solve` would prepare it alone, the tables shared among
    // lines that read the same ones, before the workers start. A line whose tables cannot be
    // had fails alone; Ctrl-C during a build stops it all.
    let mut preparer = npuzzle::prepare::Preparer::new();
    for slot in reqs.iter_mut() {
        let Ok(req) = slot else { continue };
        match crate::pdb::prepare_one(&mut preparer, req) {
            Ok(()) => {}
            Err(npuzzle::Error::Cancelled) => {
                note!("cancelled while preparing the tables; no line was solved");
                return Ok(crate::exit::LIMIT);
            }
            Err(e) => *slot = Err(e),
        }
    }
    let csv = args.format == BatchFormat::Csv;
    let invalid = |line: usize, board: &str, e: &npuzzle::Error| {
        if csv {
            csv_invalid(line, board, e)
        } else {
            json!({"line": line, "input": excerpt(board), "status": "invalid", "error": e.to_string()}).to_string()
        }
    };
    let solve_line = |(&(line, board), req): (&(usize, &str), &Result<Request, npuzzle::Error>)| -> String {
        let text = match req {
            Err(e) => invalid(line, board, e),
            Ok(req) => match solve(req) {
                Err(e) => invalid(line, board, &e),
                Ok(outcome) => {
                    let report = if args.paths { Report::new(req, &outcome) } else { Report::without_path(req, &outcome) };
                    if csv {
                        csv_row(line, &report)
                    } else {
                        // The report is an object: put the line number first.
                        let body = serde_json::to_string(&report).expect("reports serialise");
                        format!("{{\"line\":{line},{}", &body[1..])
                    }
                }
            },
        };
        bar.inc(1);
        text
    };
    let results: Vec<String> = pool.install(|| lines.par_iter().zip(reqs.par_iter()).map(solve_line).collect());
    bar.finish_and_clear();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if csv {
        writeln!(out, "{CSV_HEADER}")?;
    }
    for r in results {
        writeln!(out, "{r}")?;
    }
    out.flush()?;
    if cancel_flag().load(Ordering::Relaxed) {
        note!("cancelled: the lines not finished say \"limit\": \"cancelled\"");
        return Ok(crate::exit::LIMIT);
    }
    Ok(crate::exit::OK)
}
