//! Options shared by the commands that search, parsed in two stages: raw flags here, then
//! validated library objects (`SearchOpts::request`).

use crate::exit::BadInput;
use anyhow::{anyhow, Context, Result};
use clap::{Args, ValueEnum};
use npuzzle::board::{Board, MoveOrder};
use npuzzle::goal::Goal;
use npuzzle::parse::{parse_board_sized, parse_size};
use npuzzle::search::{Algorithm, Limits};
use npuzzle::{HeuristicKind, Request};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// Output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Readable text.
    Text,
    /// One JSON object.
    Json,
}

/// Search options.
#[derive(Args, Debug, Clone)]
pub struct SearchOpts {
    /// Goal: blank-last (default), blank-first, snail, or a board in any format.
    #[arg(long, short = 'g', default_value = "blank-last")]
    pub goal: String,
    /// Algorithm: bfs, dfs, iddfs, ucs, greedy, astar, lc, dfbnb, idastar, rbfs, bidirectional.
    /// Without it (and without --heuristic): the exact table up to 10 cells, IDA* with pattern
    /// databases up to 25 cells, A* with Manhattan beyond.
    #[arg(long, short = 'a')]
    pub algorithm: Option<String>,
    /// Heuristic: zero, misplaced, manhattan, euclidean, linear-conflict, pdb, exact.
    #[arg(long = "heuristic", short = 'H')]
    pub heuristic: Option<String>,
    /// Order in which successors are generated (the blank's moves), e.g. LURD.
    #[arg(long, default_value = "UDLR")]
    pub order: String,
    /// Weight W on h for A* (f = g + W·h); 1 is plain A*.
    #[arg(long, short = 'w', default_value_t = 1.0)]
    pub weight: f64,
    /// Depth bound for dfs.
    #[arg(long)]
    pub max_depth: Option<u32>,
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
}

/// Set by Ctrl-C; every search polls it.
pub fn cancel_flag() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let f = flag.clone();
        // A second Ctrl-C leaves at once.
        let _ = ctrlc::set_handler(move || {
            if f.swap(true, std::sync::atomic::Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
        flag
    })
    .clone()
}

/// Parses `2s`, `500ms`, `1.5s`, `1m`, `1h`, or a plain number of seconds.
pub fn parse_duration(s: &str) -> Result<Duration> {
    let s = s.trim();
    let bad = || anyhow!(BadInput).context(format!("bad duration \"{s}\" (use e.g. 2s, 500ms, 1m)"));
    let split = s.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(s.len());
    let (num, unit) = s.split_at(split);
    let v: f64 = num.parse().map_err(|_| bad())?;
    let secs = match unit.trim() {
        "" | "s" | "sec" | "secs" => v,
        "ms" => v / 1e3,
        "us" | "µs" => v / 1e6,
        "m" | "min" => v * 60.0,
        "h" => v * 3600.0,
        _ => return Err(bad()),
    };
    if !secs.is_finite() || secs < 0.0 {
        return Err(bad());
    }
    Ok(Duration::from_secs_f64(secs))
}

/// Parses `1G`, `512M`, `64K`, `1GiB`, or a plain number of bytes.
pub fn parse_bytes(s: &str) -> Result<u64> {
    let t = s.trim();
    let bad = || anyhow!(BadInput).context(format!("bad size \"{t}\" (use e.g. 1G, 512M)"));
    let split = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let v: f64 = num.parse().map_err(|_| bad())?;
    let mult: f64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1.0,
        "k" | "kb" | "kib" => 1024.0,
        "m" | "mb" | "mib" => 1024.0 * 1024.0,
        "g" | "gb" | "gib" => 1024.0 * 1024.0 * 1024.0,
        "t" | "tb" | "tib" => 1024f64.powi(4),
        _ => return Err(bad()),
    };
    Ok((v * mult) as u64)
}

/// The resolved pieces of a request, minus the start board.
#[derive(Clone, Debug)]
pub struct Plan {
    pub goal: Goal,
    pub algorithm: Algorithm,
    pub heuristic: HeuristicKind,
    pub order: MoveOrder,
    pub weight: f64,
    pub max_depth: Option<u32>,
    pub size: Option<(usize, usize)>,
    pub limits: Limits,
    /// Neither --algorithm nor --heuristic was given: use the default solver for each board's
    /// size (`npuzzle::fast::default_choice`).
    pub auto: bool,
}

impl SearchOpts {
    /// Validates every option (stage two of parsing).
    pub fn plan(&self) -> Result<Plan> {
        let size = self.size.as_deref().map(parse_size).transpose().context(BadInput)?;
        let algorithm: Algorithm = self.algorithm.as_deref().unwrap_or("astar").parse().context(BadInput)?;
        let heuristic: HeuristicKind = self.heuristic.as_deref().unwrap_or("manhattan").parse().context(BadInput)?;
        let order = MoveOrder::parse(&self.order).context(BadInput)?;
        if !(self.weight.is_finite() && self.weight >= 1.0) {
            return Err(anyhow!(BadInput).context(format!("--weight {} must be a number ≥ 1", self.weight)));
        }
        let goal = Goal::parse(&self.goal, size).context(BadInput)?;
        let limits = Limits {
            nodes: self.max_nodes,
            time: self.timeout.as_deref().map(parse_duration).transpose()?,
            memory: self.max_memory.as_deref().map(parse_bytes).transpose()?,
            cancel: Some(cancel_flag()),
        };
        let auto = self.algorithm.is_none() && self.heuristic.is_none();
        Ok(Plan { goal, algorithm, heuristic, order, weight: self.weight, max_depth: self.max_depth, size, limits, auto })
    }
}

impl Plan {
    /// Parses a board with the plan's size.
    pub fn board(&self, text: &str) -> Result<Board, npuzzle::Error> {
        Ok(parse_board_sized(text, self.size)?)
    }

    /// The full request for `start`.
    pub fn request(&self, start: Board) -> Result<Request, npuzzle::Error> {
        let goal = self.goal.board(start.width(), start.height())?;
        start.check_same_size(&goal)?;
        let (algorithm, heuristic) =
            if self.auto { npuzzle::fast::default_choice(start.width(), start.height()) } else { (self.algorithm, self.heuristic) };
        Ok(Request {
            start,
            goal,
            algorithm,
            heuristic,
            order: self.order,
            weight: self.weight,
            max_depth: self.max_depth,
            limits: self.limits.clone(),
        })
    }
}
