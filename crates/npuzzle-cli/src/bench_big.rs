//! `npuzzle bench big`: row-and-column reduction on random boards of growing size. Each board's
//! moves are replayed as they arrive (never stored) and must end on the goal; per size it prints
//! the time, the moves, the Manhattan lower bound, moves ÷ Manhattan and moves ÷ n³ (n the
//! board's side, the mean of width and height for rectangles).

use crate::bench::Args;
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

const DEFAULT_SIZES: &str = "6,10,40,100,300";

fn default_count(cells: usize) -> usize {
    match cells {
        0..=100 => 50,
        101..=1600 => 5,
        1601..=10_000 => 2,
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
    println!(
        "{:>9} {:>6} {:>11} {:>14} {:>14} {:>7} {:>7} {:>10}",
        "size", "boards", "time/board", "moves", "manhattan", "÷manh", "÷n³", "engine MB"
    );
    let mut failures = 0;
    let mut seed = args.seed;
    let cancel = cancel_flag();
    for (w, h) in sizes {
        let goal = goal_kind.board(w, h)?;
        let count = args.count.unwrap_or_else(|| default_count(w * h)).max(1);
        let mut tables = None;
        let (mut moves, mut manh, mut secs) = (0u64, 0u64, 0f64);
        for _ in 0..count {
            let start = random_solvable(&goal, &mut Rng::new(seed));
            seed += 1;
            let mut req = Request::new(start.clone(), goal.clone()).algorithm(Algorithm::Reduce);
            req.limits = Limits { cancel: Some(cancel.clone()), ..Limits::default() };
            if tables.is_none() {
                tables = Some(store().prepare_request(&req, &reporter(), None)?);
            }
            req.tables = tables.clone().unwrap_or_default();
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
            moves += out.cost.unwrap_or(0);
        }
        let b = count as f64;
        let (mv, mh) = (moves as f64 / b, manh as f64 / b);
        let time = secs / b;
        let shown = if time < 1.0 { format!("{:.2} ms", time * 1e3) } else { format!("{time:.2} s") };
        let n = (w + h) as f64 / 2.0;
        let mb = npuzzle::reduce::memory_bytes(w, h) as f64 / 1e6;
        println!(
            "{:>9} {count:>6} {shown:>11} {mv:>14.0} {mh:>14.0} {:>7.3} {:>7.3} {mb:>10.1}",
            format!("{w}x{h}"),
            mv / mh,
            mv / n.powi(3)
        );
    }
    println!("time/board includes replaying each move as it arrives; seeds {}..{}", args.seed, seed - 1);
    Ok(if failures == 0 { exit::OK } else { exit::ERROR })
}
