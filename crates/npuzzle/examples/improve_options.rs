//! Runs `reduce-plus`'s engine ([`npuzzle::search::reduce_plus::improve`]) with options changed from the defaults,
//! on the boards `npuzzle bench big` draws (seeds 1..=COUNT, blank-last goal), and prints each
//! answer's moves ÷ Manhattan distance and the time. The figures of docs/any-size.md's "Why this
//! method" come from it.
//!
//! ```text
//! cargo run --release -p npuzzle --example improve_options -- SIDE COUNT [KEY=VALUE ...]
//!   keys: beam_width, beam_cells, passes, window, window_nodes, variants (how many kept),
//!         stages (0 or 1), stage_nodes, group, weight_tenths, wide (0: none), wide_width,
//!         wide_per_cell, wide_depth (moves per thousand of the lower bound)
//! cargo run --release -p npuzzle --example improve_options -- 8 10 beam_width=10000 passes=0
//! ```

use npuzzle::generate::{random_solvable, Rng};
use npuzzle::goal::Goal;
use npuzzle::search::reduce_plus::improve::{improve, ImproveOptions, WideBeam};

/// The wide beam's settings when a key names one and the board has none.
const WIDE: WideBeam = WideBeam { width: 600, per_cell: 1, depth_per_mille: 700 };
use npuzzle::search::reduce::{ExactFinisher, ReduceOptions};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(side), Some(count)) = (args.first().and_then(|a| a.parse().ok()), args.get(1).and_then(|a| a.parse::<u64>().ok())) else {
        eprintln!("usage: improve_options SIDE COUNT [KEY=VALUE ...]");
        return ExitCode::from(2);
    };
    let mut opts = ImproveOptions::for_board(side, side);
    for kv in &args[2..] {
        let Some((key, value)) = kv.split_once('=') else {
            eprintln!("not KEY=VALUE: {kv}");
            return ExitCode::from(2);
        };
        let Ok(v) = value.parse::<u64>() else {
            eprintln!("not a number: {kv}");
            return ExitCode::from(2);
        };
        match key {
            "beam_width" => opts.beam_width = v as usize,
            "beam_cells" => opts.beam_cells = v as usize,
            "passes" => opts.passes = v as usize,
            "window" => opts.window = v as usize,
            "window_nodes" => opts.window_nodes = v,
            "variants" => opts.variants.truncate(v as usize),
            "stages" => opts.stages = v != 0,
            "wide_width" => opts.wide.get_or_insert(WIDE).width = v as usize,
            "wide_per_cell" => opts.wide.get_or_insert(WIDE).per_cell = v as usize,
            "wide_depth" => opts.wide.get_or_insert(WIDE).depth_per_mille = v,
            "wide" if v == 0 => opts.wide = None,
            "stage_nodes" => opts.stage_nodes = v as usize,
            "group" => opts.variants.iter_mut().for_each(|s| s.group = v as usize),
            "weight_tenths" => opts.variants.iter_mut().for_each(|s| s.weight_tenths = v as u32),
            _ => {
                eprintln!("unknown key: {key}");
                return ExitCode::from(2);
            }
        }
    }
    let goal = Goal::BlankLast.board(side, side).expect("a board size");
    let mut finisher = ExactFinisher::build(&goal, &ReduceOptions::default()).expect("the final block's table");
    let (mut ratios, mut seconds) = (0.0, 0.0);
    for seed in 1..=count {
        let start = random_solvable(&goal, &mut Rng::new(seed));
        let manhattan = npuzzle::heuristic::manhattan_distance(&start, &goal);
        let clock = std::time::Instant::now();
        let done = improve(&start, &goal, &opts, &mut finisher, &mut |_| false).expect("an answer");
        let took = clock.elapsed().as_secs_f64();
        let end = start.apply_all(&done.moves).expect("the moves stay on the board");
        if end.last().unwrap_or(&start) != &goal {
            eprintln!("seed {seed}: the answer does not reach the goal");
            return ExitCode::FAILURE;
        }
        let ratio = done.moves.len() as f64 / manhattan as f64;
        ratios += ratio;
        seconds += took;
        println!(
            "seed {seed}: {} moves, Manhattan {manhattan}, ÷ {ratio:.3}, staged {:?}, reduce {}, {took:.2} s",
            done.moves.len(),
            done.staged_moves,
            done.reduce_moves
        );
    }
    println!("mean moves ÷ Manhattan {:.3}, mean time {:.2} s", ratios / count as f64, seconds / count as f64);
    ExitCode::SUCCESS
}
