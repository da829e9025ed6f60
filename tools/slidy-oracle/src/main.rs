//! Reads Korf's 100 15-puzzles (npuzzle's `crates/npuzzle-cli/data/korf100.txt`: an id, the 16
//! tiles row by row with 0 the blank, the single-tile optimum; goal 0 1 2 … 15) on standard
//! input and prints, for each, the same line with its optimal length in multi-tile moves by
//! slidy's 4×4 solver and slidy's answer added.
//!
//! slidy's goal is 1 2 … 15 with the blank last, so each board is turned half a turn and its
//! tiles renamed (t → 16 − t): a symmetry of the board, which keeps every distance.

use slidy::algorithm::metric::Mtm;
use slidy::puzzle::puzzle::Puzzle;
use slidy::solver::size4x4::mtm::solver::Solver;
use slidy::solver::solver::Solver as _;
use std::io::BufRead;
use std::str::FromStr;

fn main() {
    let mut solver = Solver::default();
    println!("# Korf's 100 15-puzzles (goal 0 1 2 ... 15) in multi-tile moves, by slidy 0.7.0's 4x4 solver (tools/slidy-oracle).");
    println!("# Format: id t0..t15 stm_optimum mtm_optimum slidy_answer (slidy's notation, on the board turned half a turn with tiles t -> 16 - t)");
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("standard input");
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let v: Vec<u32> = line.split_whitespace().map(|t| t.parse().expect("a number")).collect();
        assert_eq!(v.len(), 18, "id, 16 tiles, optimum");
        let tiles = &v[1..17];
        let mut turned = [0u32; 16];
        for (c, &t) in tiles.iter().enumerate() {
            turned[15 - c] = if t == 0 { 0 } else { 16 - t };
        }
        let text: String = turned.chunks(4).map(|r| r.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(" ")).collect::<Vec<_>>().join("/");
        let puzzle = Puzzle::from_str(&text).expect("a 4x4 board");
        let answer = solver.solve(&puzzle).expect("solvable");
        println!("{line} {} {answer}", answer.len::<Mtm>());
    }
}
