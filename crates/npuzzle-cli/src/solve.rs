//! `npuzzle solve`.

use crate::exit;
use crate::input::{board_error, board_text};
use crate::opts::{Format, SearchOpts};
use crate::output;
use anyhow::{Context, Result};
use npuzzle::solve::{solve, Report};
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `solve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The start board in any format (quoted: it is one argument), a file holding it, or - for
    /// stdin. A board may begin with -1, the blank.
    #[arg(allow_hyphen_values = true)]
    pub board: String,
    #[command(flatten)]
    pub search: SearchOpts,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value = "text")]
    pub format: Format,
    /// Also save the solution, step by step with cost and statistics, to this text file. Boards
    /// over 400 cells: the moves are written as they are made, without the boards along the
    /// path, here and on standard output.
    #[arg(long, short = 'o')]
    pub output: Option<PathBuf>,
    /// Leave out the boards (along the path, or the start and goal of an unsolved run) in text
    /// output.
    #[arg(long)]
    pub no_boards: bool,
    #[command(flatten)]
    pub teach: crate::teach::TeachOpts,
}

/// Runs `solve`; returns the exit code.
pub fn run(args: Args) -> Result<u8> {
    let plan = args.search.plan(1)?;
    // Every output is checked before any work, so a bad path never costs a search.
    if let Some(path) = &args.output {
        output::check_writable(path, "-o")?;
    }
    args.teach.check()?;
    let (text, source) = board_text(&args.board)?;
    let invalid = |e: &dyn std::fmt::Display| {
        if args.format == Format::Json {
            let mut out = std::io::stdout().lock();
            writeln!(out, "{}", serde_json::json!({"status": "invalid", "error": e.to_string()}))?;
        }
        Ok::<(), anyhow::Error>(())
    };
    let start = match plan.board_text(&text) {
        Ok(b) => b,
        Err(e) => {
            let e = board_error(&args.board, source, e);
            invalid(&e)?;
            return Err(e.context("bad board"));
        }
    };
    let mut req = match plan.request(start) {
        Ok(r) => r,
        Err(e) => {
            invalid(&e)?;
            return Err(e.into());
        }
    };
    for n in plan.ignored(req.algorithm) {
        note!("note: {n}");
    }
    if let Some(n) = npuzzle::solve::size_note(&req) {
        note!("note: {n}");
    }
    args.teach.check_size(req.start.len())?;
    let prepared = crate::pdb::prepare(&mut req)?;
    if args.teach.active() {
        return crate::teach::run(&args.teach, args.format, args.no_boards, args.output.as_deref(), &req);
    }
    if req.start.len() > crate::stream::BOARDS_UP_TO {
        let outcome = crate::stream::solve(&req, args.format, args.output.as_deref())?;
        return Ok(exit::for_status(outcome.status));
    }
    let outcome = solve(&req)?;
    let report = Report::new(&req, &outcome).with_tables_time(&req, prepared);
    let mut out = std::io::stdout().lock();
    match args.format {
        Format::Json => writeln!(out, "{}", serde_json::to_string(&report)?)?,
        Format::Text => out.write_all(output::text(&report, !args.no_boards).as_bytes())?,
    }
    out.flush()?;
    if let Some(path) = &args.output {
        std::fs::write(path, output::text(&report, true)).with_context(|| format!("writing {}", path.display()))?;
    }
    args.teach.write_animation(&report)?;
    Ok(exit::for_status(outcome.status))
}
