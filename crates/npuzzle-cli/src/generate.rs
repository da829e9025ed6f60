//! `npuzzle generate`: random solvable boards, one per line, ready for `batch` and `compare`.
//!
//! Boards are written as they are made, so any `--count` runs in the memory of one board, and
//! a walk keeps only its board, so any `--walk` up to [`MAX_WALK`] does too. Ctrl-C stops it
//! (exit 4), and a closed pipe (`| head`) ends it quietly.

use crate::exit::{self, BadInput};
use crate::opts::cancel_flag;
use anyhow::{anyhow, Context, Result};
use npuzzle::generate::{random_solvable, random_walk_end, DepthTable, Rng};
use npuzzle::goal::Goal;
use npuzzle::parse::parse_size;
use std::io::Write;
use std::sync::atomic::Ordering;

/// The longest walk `--walk` accepts. A walk costs a few nanoseconds a move, so this is seconds
/// a board; far shorter walks already end on boards spread over the whole space, and boards
/// without `--walk` are uniformly random.
pub const MAX_WALK: u64 = 1_000_000_000;

/// Arguments of `generate`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Board size WxH (or N for N×N).
    #[arg(long, default_value = "3x3")]
    pub size: String,
    /// Number of boards.
    #[arg(long, short = 'n', default_value_t = 10)]
    pub count: u64,
    /// Seed for reproducible output (default: taken from the clock and printed on stderr).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Boards exactly D moves (optimally) from the goal; boards of at most 9 cells only.
    #[arg(long, value_name = "D", conflicts_with = "walk")]
    pub depth: Option<u32>,
    /// Random walks of K moves from the goal that never undo the previous move (K at most
    /// 1,000,000,000).
    #[arg(long, value_name = "K")]
    pub walk: Option<u64>,
    /// Goal: blank-last (default), blank-first, snail, or a board.
    #[arg(long, short = 'g', default_value = "blank-last", allow_hyphen_values = true)]
    pub goal: String,
}

/// Runs `generate`.
pub fn run(args: Args) -> Result<u8> {
    let (w, h) = parse_size(&args.size).context(BadInput)?;
    let goal = Goal::resolve(&args.goal, w, h)?;
    if let Some(k) = args.walk.filter(|&k| k > MAX_WALK) {
        return Err(anyhow!(BadInput).context(format!(
            "--walk {k} is longer than the {MAX_WALK} moves a walk may take; boards without --walk are uniformly random"
        )));
    }
    let seed = args.seed.unwrap_or_else(|| {
        let s = npuzzle::generate::fresh_seed();
        note!("seed {s}");
        s
    });
    let mut rng = Rng::new(seed);
    let table = match args.depth {
        Some(d) => {
            let table = DepthTable::new(&goal).context(BadInput)?;
            if d > table.max_depth() {
                return Err(anyhow!(BadInput)
                    .context(format!("no {w}×{h} board is {d} moves from this goal: the farthest are {} moves away", table.max_depth())));
            }
            Some((table, d))
        }
        None => None,
    };
    let cancel = cancel_flag();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for _ in 0..args.count {
        if cancel.load(Ordering::Relaxed) {
            out.flush()?;
            return Ok(exit::LIMIT);
        }
        let board = if let Some((table, d)) = &table {
            table.random_at(*d, &mut rng).context(BadInput)?
        } else if let Some(k) = args.walk {
            match random_walk_end(&goal, k, &mut rng, Some(&cancel)) {
                Some(b) => b,
                None => {
                    out.flush()?;
                    return Ok(exit::LIMIT);
                }
            }
        } else {
            random_solvable(&goal, &mut rng)
        };
        writeln!(out, "{board}")?;
    }
    out.flush()?;
    Ok(exit::OK)
}
