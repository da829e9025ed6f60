//! `npuzzle compare`: runs algorithm/heuristic pairs on the same boards under shared limits and
//! prints one row per instance with, per pair, time, cost, nodes expanded, max depth and max
//! frontier (Markdown, CSV or JSON), and optionally draws the results with `--plot`.

use crate::exit::{self, BadInput};
use crate::input::source_text;
use crate::opts::{cancel_flag, default_memory, parse_bytes, parse_duration};
use anyhow::{anyhow, Context, Result};
use clap::ValueEnum;
use npuzzle::board::Board;
use npuzzle::parse::BoardInput;
use npuzzle::solve::{solve, Status};
use npuzzle::spec::{LimitSpec, Spec};
use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;

/// Table formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    /// A Markdown table, one row per instance.
    Markdown,
    /// CSV, one row per instance and pair.
    Csv,
    /// One JSON array, one object per instance and pair.
    Json,
}

/// Arguments of `compare`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Boards, each in any format (quote them; after `--` a board may begin with -1).
    pub boards: Vec<String>,
    /// File with one board per line (blank and # lines skipped), or - for stdin.
    #[arg(long, short = 'F')]
    pub file: Option<String>,
    /// Algorithms to run, comma-separated (default: bfs; astar with misplaced, manhattan and
    /// linear-conflict; idastar and greedy with manhattan. With only --heuristics: astar and
    /// idastar).
    #[arg(long, value_delimiter = ',')]
    pub algorithms: Vec<String>,
    /// Heuristics for the algorithms that use one, comma-separated, by name, as h1
    /// (misplaced) and h2 (manhattan), or as formulas (a comma inside parentheses belongs to
    /// its formula: "h1,max(h1, h2)") (default with --algorithms: manhattan).
    #[arg(long)]
    pub heuristics: Vec<String>,
    /// Goal: blank-last (default), blank-first, snail, or a board.
    #[arg(long, short = 'g', default_value = "blank-last", allow_hyphen_values = true)]
    pub goal: String,
    /// Successor order, e.g. LURD.
    #[arg(long, default_value = "UDLR")]
    pub order: String,
    /// What a move costs: unit (every move 1) or tile (moving tile t costs t).
    #[arg(long, default_value = "unit", value_parser = crate::opts::cost_names(), hide_possible_values = true)]
    pub cost: String,
    /// Board size WxH when the text does not say.
    #[arg(long)]
    pub size: Option<String>,
    /// Time limit per run.
    #[arg(long, default_value = "10s")]
    pub timeout: String,
    /// Node limit per run (nodes generated).
    #[arg(long, default_value_t = 5_000_000)]
    pub max_nodes: u64,
    /// Memory limit per run (the search's frontier and explored set), e.g. 1G [default: half the
    /// memory the system reports available].
    #[arg(long)]
    pub max_memory: Option<String>,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value = "markdown")]
    pub format: TableFormat,
    /// Also draw nodes expanded per pair (log scale) and time against solution depth to this
    /// file (.svg, or .png).
    #[arg(long, value_name = "FILE.svg|FILE.png")]
    pub plot: Option<PathBuf>,
}

pub use npuzzle::compare::{Pair, Row as Cell};

/// Every pair asked for ([`npuzzle::compare::pairs`]), a bad name exiting 2.
pub fn pairs(algorithms: &[String], heuristics: &[String]) -> Result<Vec<Pair>> {
    npuzzle::compare::pairs(algorithms, heuristics).context(BadInput)
}

/// Runs `compare`; returns the exit code (4 when Ctrl-C cut the runs short; the table then
/// shows the runs it stopped as `limit: cancelled`).
pub fn run(args: Args) -> Result<u8> {
    // Outputs are checked before any run, so a bad plot name never costs the whole comparison.
    if let Some(path) = &args.plot {
        crate::plot::check_path(path)?;
    }
    let pairs = pairs(&args.algorithms, &args.heuristics)?;
    let memory = match &args.max_memory {
        Some(m) => Some(parse_bytes(m)?),
        None => default_memory(1),
    };
    let spec = Spec {
        goal: Some(BoardInput::Text(args.goal.clone())),
        size: args.size.clone(),
        order: Some(npuzzle::MoveOrder::parse(&args.order).context(BadInput)?),
        cost: Some(crate::opts::parse_cost(&args.cost)?),
        limits: LimitSpec { nodes: Some(args.max_nodes), time: Some(parse_duration(&args.timeout)?), memory },
        ..Spec::default()
    };
    let mut plan = spec.plan().context(BadInput)?;
    plan.cancel_with(cancel_flag());
    // A heuristic named for an algorithm that uses none is said to be ignored, as `solve` says.
    if !args.heuristics.is_empty() {
        let mut notes: Vec<String> = Vec::new();
        for p in pairs.iter().filter(|p| !p.algorithm.uses_heuristic()) {
            for h in args.heuristics.iter().flat_map(|l| npuzzle::compare::split_list(l)) {
                let mut with = plan.clone();
                with.heuristic = h.parse().ok();
                for n in with.ignored(p.algorithm) {
                    if !notes.contains(&n) {
                        notes.push(n);
                    }
                }
            }
        }
        for n in notes {
            note!("note: {n}");
        }
    }
    let mut texts: Vec<String> = args.boards.clone();
    if let Some(f) = &args.file {
        let text = source_text(f)?;
        texts.extend(text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(str::to_string));
    }
    if texts.is_empty() {
        return Err(anyhow!(BadInput).context("no boards: give them as arguments or with --file"));
    }
    let mut boards: Vec<Board> = Vec::new();
    for (i, t) in texts.iter().enumerate() {
        let b = plan.board_text(t).with_context(|| format!("board {}: {}", i + 1, npuzzle::error::quote(t))).context(BadInput)?;
        boards.push(b);
    }
    let mut cells: Vec<Cell> = Vec::new();
    // Each run settled and prepared as `solve` would prepare it alone, each note said once.
    let mut preparer = npuzzle::prepare::Preparer::new();
    for (i, b) in boards.iter().enumerate() {
        for p in &pairs {
            let mut req = npuzzle::compare::request(&plan, b.clone(), p).with_context(|| format!("board {}", i + 1)).context(BadInput)?;
            if let Some(n) = npuzzle::solve::size_note(&req) {
                note!("note: board {}, {}: {n}", i + 1, p.name());
            }
            crate::pdb::prepare_one(&mut preparer, &mut req).map_err(crate::pdb::cancelled_while_preparing)?;
            let out = solve(&req).with_context(|| format!("board {}, {}", i + 1, p.name())).context(BadInput)?;
            cells.push(Cell::new(i + 1, &req, &out));
        }
    }
    let text = match args.format {
        TableFormat::Markdown => markdown(&pairs, &cells, boards.len()),
        TableFormat::Csv => csv(&cells),
        TableFormat::Json => serde_json::to_string_pretty(&cells)? + "\n",
    };
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    if let Some(path) = &args.plot {
        crate::plot::draw(path, &pairs.iter().map(Pair::name).collect::<Vec<_>>(), &cells)?;
    }
    if cancel_flag().load(std::sync::atomic::Ordering::Relaxed) {
        note!("cancelled: the runs not finished show limit: cancelled");
        return Ok(exit::LIMIT);
    }
    Ok(exit::OK)
}

fn cost_text(c: &Cell) -> String {
    match c.status {
        Status::Solved => c.cost.map_or("-".into(), |v| v.to_string()),
        Status::Unsolvable => "unsolvable".into(),
        Status::Limit => format!("limit: {}", c.limit.as_deref().unwrap_or("limit")),
        Status::NotFound => "not found".into(),
    }
}

/// One row per instance; per pair: time (ms), cost, nodes expanded, the effective branching
/// factor b*, max depth, max frontier.
pub fn markdown(pairs: &[Pair], cells: &[Cell], instances: usize) -> String {
    let mut s = String::from("| # | board |");
    for p in pairs {
        let n = p.name();
        let _ = write!(s, " {n} ms | {n} cost | {n} expanded | {n} b* | {n} max depth | {n} max frontier |");
    }
    s.push_str("\n| ---: | --- |");
    for _ in pairs {
        s.push_str(" ---: | ---: | ---: | ---: | ---: | ---: |");
    }
    s.push('\n');
    for i in 1..=instances {
        let row: Vec<&Cell> = cells.iter().filter(|c| c.instance == i).collect();
        let board = row.first().map_or("", |c| c.board.as_str());
        let _ = write!(s, "| {i} | `{board}` |");
        for c in row {
            let b = c.effective_branching_factor.map_or("-".to_string(), |b| format!("{b:.2}"));
            let _ = write!(s, " {:.3} | {} | {} | {b} | {} | {} |", c.time_ms, cost_text(c), c.expanded, c.max_depth, c.max_frontier);
        }
        s.push('\n');
    }
    s
}

/// One line per instance and pair.
pub fn csv(cells: &[Cell]) -> String {
    let mut s = String::from(
        "instance,board,algorithm,heuristic,status,limit,time_ms,cost,expanded,generated,max_depth,max_frontier,length,effective_branching_factor\n",
    );
    for c in cells {
        let _ = writeln!(
            s,
            "{},\"{}\",{},{},{},{},{:.3},{},{},{},{},{},{},{}",
            c.instance,
            c.board,
            c.algorithm,
            c.heuristic,
            serde_json::to_value(c.status).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default(),
            c.limit.as_deref().unwrap_or(""),
            c.time_ms,
            c.cost.map_or(String::new(), |v| v.to_string()),
            c.expanded,
            c.generated,
            c.max_depth,
            c.max_frontier,
            c.length.map_or(String::new(), |v| v.to_string()),
            c.effective_branching_factor.map_or(String::new(), |b| format!("{b:.4}"))
        );
    }
    s
}
