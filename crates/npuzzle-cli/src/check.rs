//! `npuzzle check`: a student's own work (a solution, an order of expansion or a hand trace) graded against
//! the reference search, with the first difference and a diagnosis, for people (text), scripts
//! (JSON) or Gradescope's autograder (`results.json`).

use crate::exercise::ExerciseSearch;
use crate::exit::{self, BadInput};
use crate::input::{board_error, board_text, source_text};
use anyhow::{anyhow, Context, Result};
use npuzzle::check::{self, Report};
use npuzzle::notation::Reading;
use npuzzle::render::exercise;
use std::io::{Read, Write};

/// How the report is written.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckFormat {
    /// In words, for people.
    Text,
    /// The report as JSON, for scripts.
    Json,
    /// Gradescope's autograder results (results.json): one test per thing checked.
    Gradescope,
}

/// Arguments of `check`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The start board (quoted: it is one argument), or a file holding it (not with --key, which
    /// holds it).
    #[arg(allow_hyphen_values = true, required_unless_present = "key")]
    pub board: Option<String>,
    #[command(flatten)]
    pub search: ExerciseSearch,
    /// A solution to grade: moves (R2U2LDLD, any separators) or the boards along the way, from a
    /// file, or - for stdin.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["expansions", "answers", "trace"], required_unless_present_any = ["expansions", "answers", "trace"])]
    pub solution: Option<String>,
    /// With --solution: the question asks for the optimum (any optimal answer is accepted). The
    /// reference algorithm must be optimal (the default is).
    #[arg(long, requires = "solution")]
    pub optimal: bool,
    /// An order of expansion to grade: the labels of the nodes selected (S0, S2, S21, …) or
    /// their boards, from a file, or - for stdin.
    #[arg(long, value_name = "FILE", conflicts_with = "trace")]
    pub expansions: Option<String>,
    /// A full hand trace to grade: at each step the node selected and the open list with
    /// g + h = f, in the layout --trace prints (`Step 1: expand S0`, then `open: S2 1+3=4, …`),
    /// from a file, or - for stdin.
    #[arg(long, value_name = "FILE")]
    pub trace: Option<String>,
    /// The answers to an exercise sheet, one numbered answer a question (`1. S0, S2, …`), graded
    /// question by question against --key; a file, or - for stdin.
    #[arg(long, value_name = "FILE", requires = "key", conflicts_with_all = ["expansions", "trace"])]
    pub answers: Option<String>,
    /// The sheet's key: the JSON `npuzzle exercise --format json` writes (it holds the board and
    /// the search, so no board or search options are given with it).
    #[arg(long, value_name = "FILE", requires = "answers", conflicts_with = "board")]
    pub key: Option<String>,
    /// With --expansions or --trace: grade the first N selections only (the steps a sheet asks
    /// about).
    #[arg(long, value_name = "N")]
    pub steps: Option<usize>,
    /// What a solution's letters name: the blank's moves or the tiles'.
    #[arg(long, default_value = "blank", value_parser = ["blank", "tiles"])]
    pub reading: String,
    /// How moves are counted: stm (single-tile moves: one tile one cell) or mtm (multi-tile
    /// moves: the tiles between the blank and a cell of its row or column slide together, once).
    /// Under mtm a solution costs its slides (each run of one direction is one) and --optimal
    /// compares them with the fewest slides; the search's children are every slide.
    #[arg(long, default_value = "stm", value_parser = crate::opts::metric_names(), hide_possible_values = true)]
    pub metric: String,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value = "text")]
    pub format: CheckFormat,
}

/// The work's text: a file, or - for stdin; at most [`check::MAX_TEXT`] bytes are read.
fn work_text(arg: &str) -> Result<String> {
    if arg != "-" && !std::path::Path::new(arg).is_file() {
        return Err(anyhow!(BadInput).context(format!("no such file: {arg} (give the work in a file, or - for stdin)")));
    }
    if arg == "-" {
        let mut buf = Vec::new();
        std::io::stdin().lock().take(check::MAX_TEXT as u64 + 1).read_to_end(&mut buf)?;
        if buf.len() > check::MAX_TEXT {
            return Err(anyhow!(BadInput).context(format!("the work is longer than {} bytes", check::MAX_TEXT)));
        }
        return String::from_utf8(buf).map_err(|_| anyhow!(BadInput).context("the work is not UTF-8 text"));
    }
    let len = std::fs::metadata(arg).map(|m| m.len()).unwrap_or(0);
    if len > check::MAX_TEXT as u64 {
        return Err(anyhow!(BadInput).context(format!("{arg} is {len} bytes; the work may be at most {} bytes", check::MAX_TEXT)));
    }
    source_text(arg)
}

/// Runs `check`; returns the exit code: 0 when the work is right, 6 when it differs.
pub fn run(args: Args) -> Result<u8> {
    let reading: Reading = args.reading.parse().context(BadInput)?;
    if let (Some(answers), Some(key)) = (&args.answers, &args.key) {
        let key: check::Key = serde_json::from_str(&work_text(key)?)
            .map_err(|e| anyhow!(BadInput).context(format!("the key is not the JSON npuzzle exercise --format json writes: {e}")))?;
        let report = check::check_answers(&key, &work_text(answers)?).context("bad answers").context(BadInput)?;
        return write(&report, args.format);
    }
    let Some(board) = args.board.as_deref() else { return Err(anyhow!(BadInput).context("give the start board")) };
    let mut opts = args.search.search_opts();
    opts.metric = args.metric.clone();
    let mut plan = opts.plan(1)?;
    if args.steps.is_some() && args.expansions.is_none() && args.trace.is_none() {
        return Err(anyhow!(BadInput).context("--steps goes with --expansions or --trace"));
    }
    if args.expansions.is_some() || args.trace.is_some() {
        // The exercise's default pair: the work answers a sheet.
        exercise::settle(&mut plan);
    }
    let (text, source) = board_text(board)?;
    let start = plan.board_text(&text).map_err(|e| board_error(board, source, e).context("bad board"))?;
    let mut req = plan.request(start).context(BadInput)?;
    if req.start.len() > crate::stream::BOARDS_UP_TO {
        return Err(anyhow!(BadInput).context(format!("a board of {} cells is too big to check hand work on", req.start.len())));
    }
    if !req.start.can_reach(&req.goal) {
        note!("error: unsolvable: start and goal have different parity, so no work can reach the goal");
        return Ok(exit::UNSOLVABLE);
    }
    crate::pdb::prepare(&mut req)?;
    let report: Report = if let Some(path) = &args.solution {
        let work = work_text(path)?;
        let moves = check::read_solution(&work, &req.start, reading).context("bad solution").context(BadInput)?;
        check::check_solution(&req, &moves, args.optimal).context(BadInput)?
    } else {
        if args.steps == Some(0) {
            return Err(anyhow!(BadInput).context("--steps must be at least 1"));
        }
        exercise::check_algorithm(req.algorithm).context(BadInput)?;
        if let Some(path) = &args.trace {
            let work = work_text(path)?;
            let steps = check::read_trace(&work).context("bad trace").context(BadInput)?;
            let report = check::check_trace(&req, &steps, args.steps).context(BadInput)?;
            return write(&report, args.format);
        }
        let path = args.expansions.as_deref().expect("clap requires --solution, --expansions or --trace");
        let work = work_text(path)?;
        let items = check::read_expansions(&work, &req.start).context("bad order of expansion").context(BadInput)?;
        check::check_expansions(&req, &items, args.steps).context(BadInput)?
    };
    write(&report, args.format)
}

/// Writes the report in `format`; the exit code: 0 when the work is right, 6 when it differs.
fn write(report: &Report, format: CheckFormat) -> Result<u8> {
    let mut out = std::io::stdout().lock();
    match format {
        CheckFormat::Text => out.write_all(check::text(report).as_bytes())?,
        CheckFormat::Json => writeln!(out, "{}", serde_json::to_string_pretty(report)?)?,
        CheckFormat::Gradescope => writeln!(out, "{}", serde_json::to_string_pretty(&check::gradescope(report))?)?,
    }
    out.flush()?;
    Ok(if report.right { exit::OK } else { exit::DIFFERS })
}
