//! `npuzzle analyse`: a fan's solution of a scramble, in both metrics, against the optimum in
//! both, with the moves that took the board no closer to the goal.

use crate::exit::{self, BadInput};
use crate::input::{board_error, board_text, source_text};
use crate::opts::{parse_duration, Format};
use anyhow::{Context, Result};
use npuzzle::analysis::{self, analyse};
use npuzzle::notation::{self, Reading};
use npuzzle::parse::BoardInput;
use npuzzle::spec::{LimitSpec, Spec};
use std::io::Write;

/// Arguments of `analyse`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scramble: a board in any format (quoted: it is one argument), or a file holding it.
    #[arg(allow_hyphen_values = true)]
    pub board: String,
    /// The solution: moves with counts (R2U2LDLD), a file holding them, or - for stdin.
    #[arg(allow_hyphen_values = true)]
    pub solution: String,
    /// What the solution's letters name: the blank's moves (npuzzle's letters) or the tiles'
    /// (each letter the way the tile slides, as most timers write it).
    #[arg(long, default_value = "blank", value_parser = ["blank", "tiles"])]
    pub reading: String,
    /// Goal: blank-last (default), blank-first, snail, or a board in any format.
    #[arg(long, short = 'g', default_value = "blank-last", allow_hyphen_values = true)]
    pub goal: String,
    /// Board size WxH (or N) when the text does not say, e.g. 3x2.
    #[arg(long)]
    pub size: Option<String>,
    /// Stop each board's optimal search after this much time, e.g. 10s.
    #[arg(long)]
    pub timeout: Option<String>,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value = "text")]
    pub format: Format,
}

/// Runs `analyse`; returns the exit code.
pub fn run(args: Args) -> Result<u8> {
    let reading: Reading = args.reading.parse().context(BadInput)?;
    let spec = Spec {
        goal: Some(BoardInput::Text(args.goal.clone())),
        size: args.size.clone(),
        limits: LimitSpec { time: args.timeout.as_deref().map(parse_duration).transpose()?, ..LimitSpec::default() },
        ..Spec::default()
    };
    let mut plan = spec.plan().context(BadInput)?;
    plan.cancel_with(crate::opts::cancel_flag());
    let (text, source) = board_text(&args.board)?;
    let start = plan.board_text(&text).map_err(|e| board_error(&args.board, source, e).context("bad scramble"))?;
    let solution = solution_text(&args.solution)?;
    let moves = notation::parse(&solution, reading).context("bad solution")?;
    let mut req = plan.request(start)?;
    if !req.start.can_reach(&req.goal) {
        note!("error: the scramble cannot reach the goal (the two have different parity): no solution exists");
        return Ok(exit::UNSOLVABLE);
    }
    crate::pdb::prepare_analysis(&mut req)?;
    let a = analyse(&req, &moves, reading, &mut |_, _| {})?;
    let mut out = std::io::stdout().lock();
    match args.format {
        Format::Json => writeln!(out, "{}", serde_json::to_string(&a)?)?,
        Format::Text => out.write_all(analysis::text(&a).as_bytes())?,
    }
    out.flush()?;
    Ok(if a.reaches_goal { exit::OK } else { exit::NOT_FOUND })
}

/// The solution's text: `-` reads stdin, an existing file is read, anything else is the moves.
fn solution_text(arg: &str) -> Result<String> {
    let p = std::path::Path::new(arg);
    if arg == "-" || (!arg.contains(char::is_whitespace) && p.is_file()) {
        // Lines starting with '#' are comments, as in board files.
        let text = source_text(arg)?;
        return Ok(text.lines().filter(|l| !l.trim_start().starts_with('#')).collect::<Vec<_>>().join(" "));
    }
    Ok(arg.to_string())
}
