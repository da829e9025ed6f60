//! `npuzzle exercise`: a hand-execution problem sheet on stdout and, with `--answers FILE`, its
//! answer key. The sheet and key are built by the library (`npuzzle::render::exercise`) from one
//! recorded run, the same events `solve --trace` prints.

use crate::exit::{self, BadInput};
use crate::input::{board_error, board_text};
use crate::opts::SearchOpts;
use anyhow::{anyhow, Context, Result};
use clap::ValueEnum;
use npuzzle::render::exercise::{self, Exercise, Part};
use npuzzle::Algorithm;
use std::io::Write;
use std::path::PathBuf;

/// Sheet formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SheetFormat {
    /// Markdown.
    Markdown,
    /// A standalone HTML page, laid out for printing.
    Html,
    /// One JSON document with the questions, the answers and the expansions.
    Json,
    /// A question bank for Moodle (Moodle XML), with the answers: question N of every board in
    /// a category of its own, for a quiz's random questions (use --count with --depth).
    Moodle,
}

/// The search options of `solve` that an exercise takes: those of a tree search (a local
/// search's options, and its `--seed` and `--max-steps`, have no place on a sheet).
#[derive(clap::Args, Debug, Clone)]
pub struct ExerciseSearch {
    /// Goal: blank-last (default), blank-first, snail, or a board in any format.
    #[arg(long, short = 'g', default_value = "blank-last", allow_hyphen_values = true)]
    pub goal: String,
    /// Algorithm (a tree search: not reduce, nor a local search) [default: astar, with
    /// misplaced tiles when --heuristic is not given either].
    #[arg(long, short = 'a', value_parser = crate::opts::algorithm_names(), hide_possible_values = true)]
    pub algorithm: Option<String>,
    /// Heuristic: a built-in by name or alias (listed below; h1 and h2 as in Russell and Norvig),
    /// or a formula of your own, e.g. "max(manhattan, misplaced)" (docs/teaching.md).
    #[arg(long = "heuristic", short = 'H', value_parser = crate::opts::heuristic_names())]
    pub heuristic: Option<String>,
    /// Order in which successors are generated (the blank's moves), e.g. LURD.
    #[arg(long, default_value = "UDLR")]
    pub order: String,
    /// What a move costs: unit (every move 1) or tile (moving tile t costs t); the sheet says
    /// which.
    #[arg(long, default_value = "unit", value_parser = crate::opts::cost_names(), hide_possible_values = true)]
    pub cost: String,
    /// Board size WxH (or N) when the text does not say, e.g. 3x2.
    #[arg(long)]
    pub size: Option<String>,
    /// Stop after generating this many nodes.
    #[arg(long)]
    pub max_nodes: Option<u64>,
    /// Stop after this much time, e.g. 2s, 500ms, 1m.
    #[arg(long)]
    pub timeout: Option<String>,
    /// Stop when the search's frontier and explored set reach this size, e.g. 1G, 512M.
    #[arg(long)]
    pub max_memory: Option<String>,
    #[command(flatten)]
    pub params: crate::opts::ParamArgs<crate::opts::TreeParams>,
}

impl ExerciseSearch {
    /// The same options as `solve` reads them.
    pub(crate) fn search_opts(&self) -> SearchOpts {
        SearchOpts {
            goal: self.goal.clone(),
            algorithm: self.algorithm.clone(),
            heuristic: self.heuristic.clone(),
            order: self.order.clone(),
            cost: self.cost.clone(),
            metric: "stm".into(),
            size: self.size.clone(),
            max_nodes: self.max_nodes,
            timeout: self.timeout.clone(),
            max_memory: self.max_memory.clone(),
            params: self.params.to(),
        }
    }
}

/// Arguments of `exercise`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The start board (quoted: it is one argument), a file holding it, or - for stdin. Without
    /// it, --depth picks one.
    #[arg(allow_hyphen_values = true)]
    pub board: Option<String>,
    #[command(flatten)]
    pub search: ExerciseSearch,
    /// Without a board: pick one exactly D moves from the goal whose search fits the sheet
    /// (boards of at most 9 cells; --size, default 3x3).
    #[arg(long, value_name = "D")]
    pub depth: Option<u32>,
    /// Seed for --depth (default: taken from the clock and printed on stderr).
    #[arg(long)]
    pub seed: Option<u64>,
    /// With --depth: how many boards (seeds S, S+1, …), for a Moodle question bank that gives
    /// each student another board.
    #[arg(long, default_value_t = 1, value_name = "N", requires = "depth")]
    pub count: u32,
    /// Sheet format.
    #[arg(long, short = 'f', value_enum, default_value = "markdown")]
    pub format: SheetFormat,
    /// Also write the answer key, in the same format, to this file.
    #[arg(long, value_name = "FILE")]
    pub answers: Option<PathBuf>,
    /// Most steps (node selections) the sheet asks about; a longer search is cut, and the sheet
    /// says so.
    #[arg(long, default_value_t = exercise::DEFAULT_MAX_STEPS, value_name = "N")]
    pub max_steps: u64,
}

/// Most boards one question bank holds.
const MAX_COUNT: u32 = 100;

/// Runs `exercise`; returns the exit code.
pub fn run(args: Args) -> Result<u8> {
    if let Some(path) = &args.answers {
        crate::output::check_writable(path, "--answers")?;
    }
    if args.max_steps == 0 {
        return Err(anyhow!(BadInput).context("--max-steps must be at least 1"));
    }
    // An algorithm no sheet can be set on is refused first, before the plan notes anything.
    if let Some(a) = args.search.algorithm.as_deref().and_then(|n| n.parse::<Algorithm>().ok()) {
        exercise::check_algorithm(a).context(BadInput)?;
    }
    let mut plan = args.search.search_opts().plan(1)?;
    // The textbook default when neither is named: A* with misplaced tiles.
    exercise::settle(&mut plan);
    let algorithm = plan.algorithm.unwrap_or(exercise::DEFAULT_PAIR.0);
    exercise::check_algorithm(algorithm).context(BadInput)?;
    for n in plan.ignored(algorithm) {
        note!("note: {n}");
    }
    if args.format == SheetFormat::Moodle && args.answers.is_some() {
        return Err(anyhow!(BadInput).context("--answers: a Moodle question bank carries its answers; leave --answers out"));
    }
    if args.count == 0 || args.count > MAX_COUNT {
        return Err(anyhow!(BadInput).context(format!("--count must be from 1 to {MAX_COUNT}")));
    }
    if args.count > 1 && args.format != SheetFormat::Moodle {
        return Err(
            anyhow!(BadInput).context("--count: several boards go into a Moodle question bank (--format moodle); a sheet has one board")
        );
    }
    let starts = match (&args.board, args.depth) {
        (Some(_), Some(_)) => return Err(anyhow!(BadInput).context("give a board or --depth, not both")),
        (None, None) => return Err(anyhow!(BadInput).context("give a board, or --depth D (and --seed S) to pick one")),
        (Some(board), None) => {
            let (text, source) = board_text(board)?;
            vec![plan.board_text(&text).map_err(|e| board_error(board, source, e).context("bad board"))?]
        }
        (None, Some(depth)) => {
            let (w, h) = plan.board_size();
            let goal = plan.goal_board(w, h).context(BadInput)?;
            let template = plan.request(goal.clone()).context(BadInput)?;
            let seed = args.seed.unwrap_or_else(|| {
                let s = npuzzle::generate::fresh_seed();
                note!("seed {s}");
                s
            });
            (0..u64::from(args.count))
                .map(|i| exercise::pick_board(&template, depth, seed.wrapping_add(i), args.max_steps).context(BadInput))
                .collect::<Result<Vec<_>>>()?
        }
    };
    let mut exercises = Vec::with_capacity(starts.len());
    for start in starts {
        let mut req = plan.request(start).context(BadInput)?;
        if req.start.len() > crate::stream::BOARDS_UP_TO {
            return Err(anyhow!(BadInput).context(format!("a board of {} cells is too big for a hand exercise", req.start.len())));
        }
        if !req.start.can_reach(&req.goal) {
            note!("error: unsolvable: start and goal have different parity, so there is no search to set as an exercise");
            return Ok(exit::UNSOLVABLE);
        }
        crate::pdb::prepare(&mut req)?;
        exercises.push(Exercise::run(&req, args.max_steps)?);
    }
    let ex = &exercises[0];
    let render = |part: Part| -> Result<String> {
        Ok(match args.format {
            SheetFormat::Markdown => exercise::to_markdown(ex, part),
            SheetFormat::Html => exercise::to_html(ex, part),
            SheetFormat::Json => serde_json::to_string_pretty(ex)? + "\n",
            SheetFormat::Moodle => {
                let h = if ex.algorithm.uses_heuristic() { format!(" with {}", ex.heuristic.name()) } else { String::new() };
                npuzzle::render::moodle::to_moodle(&exercises, &format!("npuzzle/{}{h}, order {}", ex.algorithm_title, ex.order))
            }
        })
    };
    let mut out = std::io::stdout().lock();
    out.write_all(render(Part::Sheet)?.as_bytes())?;
    out.flush()?;
    if let Some(path) = &args.answers {
        std::fs::write(path, render(Part::Key)?).with_context(|| format!("writing {}", path.display()))?;
    }
    for e in &exercises {
        if let Some(n) = &e.cut_note {
            note!("note: {n}");
        }
    }
    Ok(exit::for_status(ex.status))
}
