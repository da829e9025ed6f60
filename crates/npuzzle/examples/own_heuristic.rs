//! A heuristic of your own in every tree search: tiles out of their goal row plus tiles out of
//! their goal column (Hansson, Mayer and Yung's relaxation), written as an [`Estimate`] and run
//! by A* beside Manhattan distance on a few random 3×3 boards.
//!
//! `cargo run --release -p npuzzle --example own_heuristic`
//!
//! The estimate claims nothing (the default), so no answer found with it is said to be optimal
//! unless it meets a proven lower bound; the example checks each answer's length against A*
//! with Manhattan distance, which is optimal.

use npuzzle::generate::{random_solvable, Rng};
use npuzzle::goal::Goal;
use npuzzle::heuristic::{Estimate, Estimator, HeuristicKind, Position};
use npuzzle::solve::Report;
use npuzzle::{solve, Algorithm, Cost, Error, Request};

/// Tiles (not the blank) out of their goal row, plus those out of their goal column.
struct OutOfRowAndColumn;

impl Estimate for OutOfRowAndColumn {
    fn estimate(&self, p: &Position<'_>) -> Result<Cost, Error> {
        let home = p.goal.positions();
        let mut n = 0;
        for (cell, &tile) in p.tiles.iter().enumerate().filter(|&(_, &t)| t != 0) {
            let goal_cell = home[tile as usize];
            n += u32::from(cell / p.width != goal_cell / p.width) + u32::from(cell % p.width != goal_cell % p.width);
        }
        Ok(Cost::moves(n))
    }

    fn name(&self) -> String {
        "out-of-row-and-column".into()
    }

    fn integral(&self) -> bool {
        true
    }
}

fn main() -> Result<(), Error> {
    let goal = Goal::BlankLast.board(3, 3)?;
    let own = Estimator::own(OutOfRowAndColumn);
    let mut rng = Rng::new(2026);
    println!("{:>20} {:>8} {:>10} {:>10} {:>10}", "board", "moves", "own exp.", "h2 exp.", "optimal?");
    for _ in 0..5 {
        let start = random_solvable(&goal, &mut rng);
        let req = Request::new(start.clone(), goal.clone()).algorithm(Algorithm::Astar).heuristic(own.clone());
        let out = solve(&req)?;
        let h2 = solve(&Request::new(start.clone(), goal.clone()).algorithm(Algorithm::Astar).heuristic(HeuristicKind::Manhattan))?;
        assert_eq!(out.length, h2.length, "A* with an admissible estimate finds the optimum");
        let report = Report::new(&req, &out);
        println!(
            "{:>20} {:>8} {:>10} {:>10} {:>10}",
            start.to_string(),
            out.length.unwrap_or(0),
            out.stats.expanded,
            h2.stats.expanded,
            if report.optimal { "claimed" } else { "not claimed" }
        );
    }
    Ok(())
}
