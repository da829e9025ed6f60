//! `npuzzle bench big`: the default solver beyond 25 cells (`reduce-plus`; `--algorithm reduce`
//! for plain reduction) on random boards of growing size. Each board's moves are replayed as
//! they arrive (never stored by the bench) and must end on the goal, within the answer's lower
//! bound; per size it prints the time, the moves, the Manhattan distance, the lower bound each
//! answer comes with (Manhattan plus linear conflicts), moves ÷ Manhattan, moves ÷ lower bound
//! and moves ÷ n³ (n the board's side, the mean of width and height for rectangles).

use crate::bench::common::Jobs;
use crate::exit::{self, BadInput};
use crate::opts::cancel_flag;
use crate::pdb::{reporter, store};
use anyhow::{anyhow, Result};
use npuzzle::board::{neighbor, Move};
use npuzzle::generate::{random_solvable, Rng};
use npuzzle::goal::Goal;
use npuzzle::parse::parse_size;
use npuzzle::search::Limits;
use npuzzle::solve::{solve_streamed, Request, Status};
use npuzzle::{Algorithm, Board};
use std::time::Instant;

const DEFAULT_SIZES: &str = "6,8,10,40,100,300";

/// Arguments of `bench big`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Board sides, e.g. 6,10,40 (square boards) or 7x13 (default 6,8,10,40,100,300).
    #[arg(long)]
    pub sizes: Option<String>,
    /// Boards per size (default: 10 up to 12×12, 3 up to 40×40, 1 beyond).
    #[arg(long)]
    pub count: Option<usize>,
    /// Seed of the first board; each board's seed is the next.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// reduce, reduce-plus or pdb-beam (default: the default solver for each size).
    #[arg(long = "algorithms", visible_alias = "algorithm", short = 'a')]
    pub algorithms: Option<String>,
    /// The node limit of each board (pdb-beam narrows its beams to spend about this many
    /// children: a shorter run, a longer answer, the same on every machine).
    #[arg(long)]
    pub max_nodes: Option<u64>,
    #[command(flatten)]
    pub jobs: Jobs,
}

fn default_count(cells: usize) -> usize {
    match cells {
        0..=144 => 10,
        145..=1600 => 3,
        _ => 1,
    }
}

/// The sum over tiles of the distance to their goal cells: no solution is shorter.
pub fn manhattan(start: &Board, goal: &Board) -> u64 {
    let w = start.width();
    let at = goal.positions();
    start
        .tiles()
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != 0)
        .map(|(c, &t)| {
            let g = at[t as usize];
            ((c / w).abs_diff(g / w) + (c % w).abs_diff(g % w)) as u64
        })
        .sum()
}

/// A board replayed move by move, in place.
struct Replay {
    w: usize,
    h: usize,
    tiles: Vec<u32>,
    blank: usize,
    off_board: bool,
}

impl Replay {
    fn new(b: &Board) -> Replay {
        Replay { w: b.width(), h: b.height(), tiles: b.tiles().to_vec(), blank: b.blank(), off_board: false }
    }

    fn apply(&mut self, m: Move) {
        match neighbor(self.w, self.h, self.blank, m) {
            Some(to) => {
                self.tiles.swap(self.blank, to);
                self.blank = to;
            }
            None => self.off_board = true,
        }
    }
}

/// Runs `bench big`; exit 1 when any answer does not replay to its goal.
pub fn run(args: &Args) -> Result<u8> {
    let sizes = args
        .sizes
        .as_deref()
        .unwrap_or(DEFAULT_SIZES)
        .split(',')
        .map(|s| parse_size(s.trim()).map_err(|e| anyhow!(BadInput).context(format!("bad size \"{}\": {e}", s.trim()))))
        .collect::<Result<Vec<_>>>()?;
    let goal_kind = Goal::BlankLast;
    let chosen = match &args.algorithms {
        Some(a) => {
            let a: Algorithm = a.parse().map_err(|e| anyhow!(BadInput).context(format!("{e}")))?;
            if !a.info().one_path() {
                return Err(anyhow!(BadInput).context(format!("bench big runs reduce, reduce-plus or pdb-beam, not {a}")));
            }
            Some(a)
        }
        None => None,
    };
    println!(
        "{:>9} {:>11} {:>6} {:>11} {:>12} {:>12} {:>12} {:>7} {:>7} {:>7} {:>10}",
        "size", "solver", "boards", "time/board", "moves", "manhattan", "lower bound", "÷manh", "÷bound", "÷n³", "engine MB"
    );
    let mut failures = 0;
    let mut seed = args.seed;
    let cancel = cancel_flag();
    for (w, h) in sizes {
        let goal = goal_kind.board(w, h)?;
        let count = args.count.unwrap_or_else(|| default_count(w * h)).max(1);
        let mut tables: Option<npuzzle::Tables> = None;
        let algorithm = chosen.unwrap_or_else(|| npuzzle::solve::default_one_path(w, h));
        let (mut moves, mut manh, mut bound, mut secs, mut peak) = (0u64, 0u64, 0u64, 0f64, 0u64);
        for _ in 0..count {
            let start = random_solvable(&goal, &mut Rng::new(seed));
            seed += 1;
            let mut req = Request::new(start.clone(), goal.clone()).algorithm(algorithm);
            req.limits = Limits { cancel: Some(cancel.clone()), nodes: args.max_nodes, ..Limits::default() };
            match &tables {
                Some(t) => req.tables = t.clone(),
                None => {
                    store().prepare_run(&mut req, None, &reporter(), None)?;
                    tables = Some(req.tables.clone());
                }
            }
            manh += manhattan(&start, &goal);
            let mut replay = Replay::new(&start);
            let t = Instant::now();
            let out = solve_streamed(&req, &mut |m| replay.apply(m))?;
            secs += t.elapsed().as_secs_f64();
            if out.status == Status::Limit {
                eprintln!("stopped: {}", out.summary());
                return Ok(exit::LIMIT);
            }
            let ok = out.status == Status::Solved && !replay.off_board && replay.tiles == goal.tiles();
            if !ok {
                failures += 1;
                eprintln!("{w}x{h} seed {}: the answer does not replay to the goal", seed - 1);
            }
            let lb = out.lower_bound.unwrap_or(0);
            if lb > out.cost.unwrap_or(0) {
                failures += 1;
                eprintln!("{w}x{h} seed {}: the lower bound {lb} exceeds the answer's {} moves", seed - 1, out.cost.unwrap_or(0));
            }
            bound += lb;
            peak = peak.max(out.stats.peak_memory);
            moves += out.cost.unwrap_or(0);
        }
        let b = count as f64;
        let (mv, mh, lb) = (moves as f64 / b, manh as f64 / b, bound as f64 / b);
        let time = secs / b;
        let shown = if time < 1.0 { format!("{:.2} ms", time * 1e3) } else { format!("{time:.2} s") };
        let n = (w + h) as f64 / 2.0;
        let mb = peak.max(npuzzle::search::reduce::memory_bytes(w, h)) as f64 / 1e6;
        println!(
            "{:>9} {:>11} {count:>6} {shown:>11} {mv:>12.0} {mh:>12.0} {lb:>12.0} {:>7.3} {:>7.3} {:>7.3} {mb:>10.1}",
            format!("{w}x{h}"),
            algorithm.name(),
            mv / mh,
            mv / lb,
            mv / n.powi(3)
        );
    }
    println!("time/board includes replaying each move as it arrives; seeds {}..{}", args.seed, seed - 1);
    Ok(if failures == 0 { exit::OK } else { exit::ERROR })
}
