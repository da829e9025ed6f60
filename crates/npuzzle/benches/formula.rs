//! Criterion benches for a formula's cost a node against the built-in it spells: the full
//! estimate of 1000 boards, and whole A* and IDA* searches with the same expansions (the tests
//! in `tests/suite/formulas.rs` prove the node counts equal), so the difference in time is the
//! formula's evaluation. A built-in updates incrementally along a move; a formula is evaluated
//! in full at each node.

use criterion::{criterion_group, criterion_main, Criterion};
use npuzzle::board::{Board, Move, MoveTable};
use npuzzle::generate::{random_walk, Rng};
use npuzzle::goal::Goal;
use npuzzle::heuristic::{Estimator, Heuristic, HeuristicKind, NoTables};
use npuzzle::search::Algorithm;
use npuzzle::solve::{solve, Request};
use npuzzle::state::{Packed64, State};
use npuzzle::{cost::CostModel, metric::Metric};
use std::hint::black_box;

/// Manhattan distance, spelt as a student writes it.
const MANHATTAN: &str = "sum(abs(row - goal_row) + abs(col - goal_col))";
/// Misplaced tiles, spelt likewise.
const MISPLACED: &str = "count(cell != goal_cell)";

/// The cells a fixed pseudo-random walk of the blank on a 4×4 board visits.
fn walk(len: usize) -> Vec<usize> {
    let table = MoveTable::new(4, 4);
    let mut x = 12345u64;
    let mut blank = 15;
    let mut out = Vec::with_capacity(len);
    while out.len() < len {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        if let Some(to) = table.target(blank, Move::ALL[(x >> 62) as usize]) {
            out.push(to);
            blank = to;
        }
    }
    out
}

fn benches(c: &mut Criterion) {
    let goal = Goal::BlankLast.board(4, 4).unwrap();
    let cells = walk(1000);
    let estimators: [(&str, Estimator); 5] = [
        ("manhattan (built-in)", HeuristicKind::Manhattan.into()),
        ("sum(abs(row - goal_row) + abs(col - goal_col))", MANHATTAN.parse().unwrap()),
        ("misplaced (built-in)", HeuristicKind::Misplaced.into()),
        ("count(cell != goal_cell)", MISPLACED.parse().unwrap()),
        ("max(manhattan, misplaced)", "max(manhattan, misplaced)".parse().unwrap()),
    ];
    let mut group = c.benchmark_group("formula estimate");
    for (name, e) in &estimators {
        let h = Heuristic::of(e, &goal, &NoTables, CostModel::Unit, Metric::Stm).unwrap();
        group.bench_function(format!("{name}, 1000 full estimates"), |b| {
            b.iter(|| {
                let mut s = Packed64::from_tiles(goal.tiles());
                let mut sum = 0u64;
                for &to in &cells {
                    s.slide(to);
                    sum += h.estimate(&s).0;
                }
                black_box(sum)
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("formula search");
    group.sample_size(10);
    let goal3 = Goal::BlankLast.board(3, 3).unwrap();
    let hard3: Board = npuzzle::parse::parse_board("8 6 7/2 5 4/3 0 1").unwrap();
    let (b4, _) = random_walk(&goal, 40, &mut Rng::new(7));
    for (name, e) in &estimators[..2] {
        group.bench_function(format!("A* {name}, 3x3 31 moves"), |b| {
            b.iter(|| {
                black_box(
                    solve(&Request::new(hard3.clone(), goal3.clone()).algorithm(Algorithm::Astar).heuristic(e.clone()))
                        .unwrap()
                        .stats
                        .expanded,
                )
            })
        });
        group.bench_function(format!("IDA* {name}, 4x4 walk"), |b| {
            b.iter(|| {
                black_box(
                    solve(&Request::new(b4.clone(), goal.clone()).algorithm(Algorithm::Idastar).heuristic(e.clone()))
                        .unwrap()
                        .stats
                        .expanded,
                )
            })
        });
    }
    group.finish();
}

criterion_group!(formula_benches, benches);
criterion_main!(formula_benches);
