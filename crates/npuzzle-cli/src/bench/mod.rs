//! `npuzzle bench SUITE`: the benchmark suites, one subcommand each with its own options. This
//! file holds the subcommands and runs the one asked for on a pool of `--jobs` worker threads.
//! Each suite's file imports only `common.rs` of `bench`'s files; none imports this file or
//! another suite's.

mod all3x3;
mod big;
mod common;
mod depth;
mod file;
mod korf;
mod local;
mod mtm;

use crate::exit::BadInput;
use anyhow::{Context, Result};
use npuzzle::metric::Metric;

/// Arguments of `bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub suite: Suite,
}

/// The benchmark suites.
#[derive(clap::Subcommand, Debug)]
pub enum Suite {
    /// All 181,440 3×3 boards that reach the goal (blank-last), checked against the known
    /// distance histogram.
    #[command(name = "3x3-all")]
    All3x3(all3x3::Args),
    /// Korf's 100 random 15-puzzle instances (goal blank-first), every length checked against
    /// the known optimum; in multi-tile moves with --metric mtm.
    Korf100(korf::Korf100Args),
    /// Korf & Felner's 50 random 24-puzzle instances (goal blank-first); pick some with --ids.
    Korf24(korf::Korf24Args),
    /// Random boards of 6×6, 8×8, 10×10, 40×40, 100×100 and 300×300 (or --sizes) solved by the
    /// default solver for their size (or --algorithm), every answer replayed; moves against the
    /// Manhattan distance and the lower bound.
    Big(big::Args),
    /// Every local search (hill climbing and its variants, annealing, local beam) on the same
    /// random boards (3×3 unless --sizes; --count, --depth): the share solved, mean steps when
    /// solved and when stuck, mean moves and time.
    Local(local::Args),
    /// The textbook's table (Russell and Norvig, Figure 3.26/3.29): mean nodes generated and
    /// the effective branching factor b* by solution depth, over --count boards at exactly each
    /// depth of --depths, for each pair of --pairs (default BFS, IDS, A* h1, A* h2).
    Depth(depth::Args),
    /// Every board of FILE (plain board lines, or fields, `|`, board, under a `# Columns:`
    /// comment naming the fields; the DeepCubeA test states in data/deepcubea/ are such files),
    /// solved one after another by the default solver (or --algorithm, -H), every answer
    /// replayed: moves, the file's reference lengths (its `*_moves` columns), moves ÷ reference,
    /// moves ÷ lower bound, time and nodes, per board and in total.
    File(file::Args),
}

impl Suite {
    /// `--jobs`: the worker threads the suite runs on (all cores without it).
    fn jobs(&self) -> Option<usize> {
        match self {
            Suite::All3x3(a) => a.jobs.jobs,
            Suite::Korf100(a) => a.korf.jobs,
            Suite::Korf24(a) => a.korf.jobs,
            Suite::Big(a) => a.jobs.jobs,
            Suite::Local(a) => a.jobs.jobs,
            Suite::Depth(a) => a.jobs.jobs,
            Suite::File(a) => a.jobs.jobs,
        }
    }
}

/// Runs `bench`; returns the exit code (1 when a result is wrong: a length other than the known
/// optimum, an answer that does not replay to the goal).
pub fn run(args: Args) -> Result<u8> {
    let suite = &args.suite;
    common::in_pool(suite.jobs(), || match suite {
        Suite::All3x3(a) => all3x3::run(a),
        Suite::Korf100(a) => match a.metric.parse::<Metric>().context(BadInput)? {
            Metric::Mtm => mtm::run(a.korf.ids.as_deref(), a.timeout, a.korf.quiet),
            Metric::Stm => korf::run_korf100(a),
        },
        Suite::Korf24(a) => korf::run_korf24(a),
        Suite::Big(a) => big::run(a),
        Suite::Local(a) => local::run(a),
        Suite::Depth(a) => depth::run(a),
        Suite::File(a) => file::run(a),
    })
}
