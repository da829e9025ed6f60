//! Moves and time of the row-and-column reduction on random boards, blank-last goal.
//!
//! ```text
//! cargo run --release --example reduce_sizes            # 6, 8, 10, 40, 100, 300, 1000
//! cargo run --release --example reduce_sizes -- 40 100  # chosen sizes
//! ```
//!
//! Each size runs a fixed number of boards from fixed seeds with a sink that only counts, and
//! prints the mean time per board, the mean moves, the mean Manhattan lower bound (the sum over
//! tiles of their row and column distances to their goal cells), moves ÷ Manhattan and
//! moves ÷ n³.

use npuzzle::board::Board;
use npuzzle::generate::{random_solvable, Rng};
use npuzzle::goal::Goal;
use npuzzle::reduce::{reduce, ExactFinisher, ReduceOptions};
use std::time::Instant;

fn manhattan(start: &Board, goal: &Board) -> u64 {
    let w = start.width();
    let goal_pos = goal.positions();
    start
        .tiles()
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != 0)
        .map(|(c, &t)| {
            let g = goal_pos[t as usize];
            ((c / w).abs_diff(g / w) + (c % w).abs_diff(g % w)) as u64
        })
        .sum()
}

fn main() {
    let sizes: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let sizes = if sizes.is_empty() { vec![6, 8, 10, 40, 100, 300, 1000] } else { sizes };
    let opts = ReduceOptions::default();
    println!("{:>6} {:>6} {:>12} {:>14} {:>14} {:>9} {:>8}", "n", "boards", "time/board", "moves", "manhattan", "÷manh", "÷n³");
    for n in sizes {
        let boards = match n {
            0..=8 => 200,
            9..=10 => 100,
            11..=40 => 10,
            41..=100 => 3,
            _ => 1,
        };
        let goal = Goal::BlankLast.board(n, n).expect("a supported size");
        let mut rng = Rng::new(n as u64);
        let (mut moves, mut manh, mut secs) = (0u64, 0u64, 0f64);
        for _ in 0..boards {
            let start = random_solvable(&goal, &mut rng);
            manh += manhattan(&start, &goal);
            let mut count = 0u64;
            let t = Instant::now();
            let stats = reduce(&start, &goal, &opts, &mut ExactFinisher, &mut |_| count += 1, &|| false).expect("solvable");
            secs += t.elapsed().as_secs_f64();
            assert_eq!(count, stats.moves);
            moves += stats.moves;
        }
        let b = boards as f64;
        let (mv, mh) = (moves as f64 / b, manh as f64 / b);
        let time = secs / b;
        let shown = if time < 1.0 { format!("{:.2} ms", time * 1e3) } else { format!("{time:.2} s") };
        println!("{n:>6} {boards:>6} {shown:>12} {mv:>14.0} {mh:>14.0} {:>9.3} {:>8.3}", mv / mh, mv / (n as f64).powi(3));
    }
}
