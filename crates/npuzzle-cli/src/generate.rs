//! `npuzzle generate`: random solvable boards, one per line, ready for `batch` and `compare`.

use crate::exit::{self, BadInput};
use anyhow::{anyhow, Context, Result};
use npuzzle::generate::{random_solvable, random_walk, DepthTable, Rng};
use npuzzle::goal::Goal;
use npuzzle::parse::parse_size;
use std::io::Write;

/// Arguments of `generate`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Board size WxH (or N for N×N).
    #[arg(long, default_value = "3x3")]
    pub size: String,
    /// Number of boards.
    #[arg(long, short = 'n', default_value_t = 10)]
    pub count: usize,
    /// Seed for reproducible output (default: taken from the clock and printed on stderr).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Boards exactly D moves (optimally) from the goal; boards of at most 9 cells only.
    #[arg(long, value_name = "D", conflicts_with = "walk")]
    pub depth: Option<u32>,
    /// Random walks of K moves from the goal that never undo the previous move.
    #[arg(long, value_name = "K")]
    pub walk: Option<usize>,
    /// Goal: blank-last (default), blank-first, snail, or a board.
    #[arg(long, short = 'g', default_value = "blank-last")]
    pub goal: String,
}

/// Runs `generate`.
pub fn run(args: Args) -> Result<u8> {
    let (w, h) = parse_size(&args.size).context(BadInput)?;
    let goal = Goal::resolve(&args.goal, w, h)?;
    let seed = args.seed.unwrap_or_else(|| {
        let s = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
        eprintln!("seed {s}");
        s
    });
    let mut rng = Rng::new(seed);
    let boards: Vec<String> = if let Some(d) = args.depth {
        let table = DepthTable::new(&goal).context(BadInput)?;
        if d > table.max_depth() {
            return Err(anyhow!(BadInput)
                .context(format!("no {w}×{h} board is {d} moves from this goal: the farthest are {} moves away", table.max_depth())));
        }
        (0..args.count).map(|_| table.random_at(d, &mut rng).map(|b| b.to_string())).collect::<Result<_, _>>().context(BadInput)?
    } else if let Some(k) = args.walk {
        (0..args.count).map(|_| random_walk(&goal, k, &mut rng).0.to_string()).collect()
    } else {
        (0..args.count).map(|_| random_solvable(&goal, &mut rng).to_string()).collect()
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for b in boards {
        writeln!(out, "{b}")?;
    }
    out.flush()?;
    Ok(exit::OK)
}
