//! `npuzzle analyse`: a fan's solution of a scramble, in both metrics, against the optimum in
//! both, with the moves that took the board no closer to the goal.

use crate::exit::{self, BadInput};
use crate::input::{board_error, board_text, source_text};
use crate::opts::{parse_duration, Format};
use anyhow::{Context, Result};
use npuzzle::analysis::{analyse, Analysis};
use npuzzle::notation::{self, Reading};
use npuzzle::parse::BoardInput;
use npuzzle::spec::{LimitSpec, Spec};
use std::fmt::Write as _;
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
    crate::pdb::prepare(&mut req)?;
    let a = analyse(&req, &moves, reading, &mut |_, _| {})?;
    let mut out = std::io::stdout().lock();
    match args.format {
        Format::Json => writeln!(out, "{}", serde_json::to_string(&a)?)?,
        Format::Text => out.write_all(text_of(&a).as_bytes())?,
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

/// The analysis in words.
pub fn text_of(a: &Analysis) -> String {
    let mut s = String::new();
    let words = a.reading.words();
    let _ = writeln!(s, "scramble  {}", a.start);
    let _ = writeln!(s, "goal      {}", a.goal);
    let ends = if a.reaches_goal { "reaches the goal" } else { "does not reach the goal" };
    let sol = if a.notation.is_empty() { "(no moves)" } else { &a.notation };
    let _ = writeln!(s, "solution  {sol} ({words}): {} STM, {} MTM; {ends}", a.stm, a.mtm);
    let o = &a.optimum;
    let best = if o.stm_solution.is_empty() { "(none: the scramble is the goal)" } else { &o.stm_solution };
    let _ = writeln!(s, "optimum   {} STM: {best} ({} MTM)", o.stm, o.stm_solution_mtm);
    match (o.mtm, &o.mtm_solution) {
        (Some(m), Some(sol)) => {
            let sol = if sol.is_empty() { "(none)" } else { sol };
            let _ = writeln!(s, "          {m} MTM: {sol}");
        }
        _ => {
            let _ = writeln!(s, "          MTM optimum: computed for boards of at most 9 cells");
        }
    }
    let left = a.distances.last().copied().unwrap_or(0);
    if !a.reaches_goal {
        let _ = writeln!(s, "left      {left} {} to the goal (STM)", plural(left, "move"));
    }
    if a.wasted_stm == 0 {
        let _ = writeln!(s, "STM       {}every move brought the board closer", if a.reaches_goal { "optimal: " } else { "" });
    } else {
        let first = a.first_waste.map_or(String::new(), |m| format!("; the distance first stopped falling at move {m}"));
        let _ = writeln!(s, "STM       {} {} over the optimum{first}", a.wasted_stm, plural(a.wasted_stm, "move"));
        for d in &a.detours {
            let span = if d.from == d.to { format!("move {}", d.from) } else { format!("moves {}-{}", d.from, d.to) };
            let _ = writeln!(s, "  detour  {span}: {} (+{})", d.moves, d.wasted);
        }
    }
    if let (Some(slides), Some(m)) = (&a.wasted_slides, o.mtm) {
        let over = a.mtm as i64 - m as i64 + a.mtm_distances.as_ref().and_then(|d| d.last()).map_or(0, |&d| d as i64);
        if slides.is_empty() {
            let _ = writeln!(s, "MTM       {}every slide brought the board closer", if a.reaches_goal { "optimal: " } else { "" });
        } else {
            let list: Vec<String> = slides.iter().map(|k| k.to_string()).collect();
            let which = plural(slides.len() as u64, "slide");
            let _ = writeln!(
                s,
                "MTM       {over} {} over the optimum; no closer after {which} {}",
                plural(over.unsigned_abs(), "slide"),
                list.join(", ")
            );
        }
    }
    let ds: Vec<String> = a.distances.iter().map(|d| d.to_string()).collect();
    let _ = writeln!(s, "distance  {} (STM, after each move)", ds.join(" "));
    s
}

/// `word`, with an s unless `n` is 1.
fn plural(n: u64, word: &str) -> String {
    if n == 1 {
        word.to_string()
    } else {
        format!("{word}s")
    }
}
