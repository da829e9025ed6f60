//! Criterion benches for the heuristics a search evaluates at each node: the built-ins'
//! incremental updates and full estimates on 4×4 boards, and A* and IDA* with each of them on
//! fixed boards. The file reads only what every version of the library since the heuristic
//! registry offers, so the same bench runs before and after a change to the heuristics
//! (`--save-baseline before` on the old tree, `--baseline before` on the new: docs/benchmarks.md).
//! A formula's cost a node is in `benches/formula.rs`.

use criterion::{criterion_group, criterion_main, Criterion};
use npuzzle::board::{Board, Move, MoveTable};
use npuzzle::goal::Goal;
use npuzzle::heuristic::{Heuristic, HeuristicKind};
use npuzzle::search::Algorithm;
use npuzzle::solve::{solve, Request};
use npuzzle::state::{Packed64, State};
use std::hint::black_box;

/// A fixed pseudo-random walk of the blank on a 4×4 board, as (from, to) cell pairs.
fn walk(len: usize) -> Vec<(usize, usize)> {
    let table = MoveTable::new(4, 4);
    let mut x = 12345u64;
    let mut blank = 15;
    let mut out = Vec::with_capacity(len);
    while out.len() < len {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let m = Move::ALL[(x >> 62) as usize];
        if let Some(to) = table.target(blank, m) {
            out.push((blank, to));
            blank = to;
        }
    }
    out
}

fn board(text: &str) -> Board {
    npuzzle::parse::parse_board(text).expect("valid board")
}

/// The kinds computed from the board alone, as the bench names them.
const KINDS: [HeuristicKind; 4] =
    [HeuristicKind::Misplaced, HeuristicKind::Manhattan, HeuristicKind::Euclidean, HeuristicKind::LinearConflict];

fn benches(c: &mut Criterion) {
    let goal = Goal::BlankLast.board(4, 4).unwrap();
    let steps = walk(1000);
    let mut group = c.benchmark_group("heuristic");
    for kind in KINDS {
        let h = Heuristic::formula(kind, &goal).unwrap();
        group.bench_function(format!("{kind} 1000 updates"), |b| {
            b.iter(|| {
                let mut s = Packed64::from_tiles(goal.tiles());
                let mut v = h.estimate(&s);
                for &(from, to) in &steps {
                    let tile = s.slide(to);
                    v = h.update(&s, v, tile, to, from);
                }
                black_box(v)
            })
        });
        group.bench_function(format!("{kind} 1000 full estimates"), |b| {
            b.iter(|| {
                let mut s = Packed64::from_tiles(goal.tiles());
                let mut sum = 0u64;
                for &(_, to) in &steps {
                    s.slide(to);
                    sum += h.estimate(&s).0;
                }
                black_box(sum)
            })
        });
    }
    group.finish();

    // Whole searches: what a node costs with the heuristic inside the search's loop.
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let goal3 = Goal::BlankLast.board(3, 3).unwrap();
    let hard3 = board("8 6 7/2 5 4/3 0 1");
    // A fixed 4×4 board a few dozen moves from the goal (seeded walk), easy enough for IDA*
    // with misplaced tiles.
    let (b4, _) = npuzzle::generate::random_walk(&goal, 40, &mut npuzzle::generate::Rng::new(7));
    for kind in KINDS {
        group.bench_function(format!("A* {kind}, 3x3 31 moves"), |b| {
            b.iter(|| {
                black_box(solve(&Request::new(hard3.clone(), goal3.clone()).algorithm(Algorithm::Astar).heuristic(kind)).unwrap().length)
            })
        });
        group.bench_function(format!("IDA* {kind}, 4x4 walk"), |b| {
            b.iter(|| {
                black_box(solve(&Request::new(b4.clone(), goal.clone()).algorithm(Algorithm::Idastar).heuristic(kind)).unwrap().length)
            })
        });
    }
    group.finish();
}

criterion_group!(heuristic_benches, benches);
criterion_main!(heuristic_benches);
