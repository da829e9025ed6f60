//! `npuzzle solve`.

use crate::exit;
use crate::input::board_text;
use crate::opts::{Format, SearchOpts};
use crate::output;
use anyhow::{Context, Result};
use npuzzle::solve::{solve, Report};
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `solve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The start board in any format, a file holding it, or - for stdin.
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
    /// Leave out the boards along the path in text output.
    #[arg(long)]
    pub no_boards: bool,
    #[command(flatten)]
    pub teach: crate::teach::TeachOpts,
}

/// Runs `solve`; returns the exit code.
pub fn run(args: Args) -> Result<u8> {
    let plan = args.search.plan()?;
    let text = board_text(&args.board)?;
    let req = plan.board_text(&text).map_err(npuzzle::Error::from).and_then(|b| plan.request(b));
    let mut req = match req {
        Ok(r) => r,
        Err(e) => {
            if args.format == Format::Json {
                println!("{}", serde_json::json!({"status": "invalid", "error": e.to_string()}));
            }
            return Err(e).context("bad board");
        }
    };
    for note in plan.ignored(req.algorithm) {
        eprintln!("note: {note}");
    }
    crate::pdb::prepare(&mut req)?;
    if args.teach.active() {
        return crate::teach::run(&args, &req);
    }
    if req.start.len() > crate::stream::BOARDS_UP_TO {
        let outcome = crate::stream::solve(&req, args.format, args.output.as_deref())?;
        return Ok(exit::for_status(outcome.status));
    }
    let outcome = solve(&req)?;
    let report = Report::new(&req, &outcome);
    let mut out = std::io::stdout().lock();
    match args.format {
        Format::Json => writeln!(out, "{}", serde_json::to_string(&report)?)?,
        Format::Text => out.write_all(output::text(&report, !args.no_boards).as_bytes())?,
    }
    if let Some(path) = &args.output {
        std::fs::write(path, output::text(&report, true)).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(exit::for_status(outcome.status))
}
