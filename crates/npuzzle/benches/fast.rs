//! Criterion benches for the fast path: move generation, heuristic updates, pattern-database
//! lookups and builds, and a few full solves. Tables are built in memory (5-5-5), never read from the
//! cache, so the figures do not depend on what is cached.

use criterion::{criterion_group, criterion_main, Criterion};
use npuzzle::board::{Board, Move, MoveOrder, MoveTable};
use npuzzle::fast::ida;
use npuzzle::fast::prune::Fsm;
use npuzzle::goal::Goal;
use npuzzle::heuristic::pdb::{Pdb, SetSpec};
use npuzzle::heuristic::{Heuristic, HeuristicKind};
use npuzzle::search::Limits;
use npuzzle::solve::{solve, Request};
use npuzzle::state::{Packed64, State};
use npuzzle::tables::TableStore;
use std::hint::black_box;

/// A fixed pseudo-random walk of the blank on a 4×4 board, as (from, to) cell pairs.
fn walk(len: usize) -> Vec<(usize, usize)> {
    let table = MoveTable::new(4, 4);
    let mut x = 12345u64;
    let mut blank = 0;
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

fn korf(id: u32) -> Board {
    let text = include_str!("../../npuzzle-cli/data/korf100.txt");
    let line = text.lines().find(|l| l.split_whitespace().next() == Some(&id.to_string())).expect("instance");
    let nums: Vec<u32> = line.split_whitespace().map(|t| t.parse().expect("number")).collect();
    Board::new(4, 4, nums[1..17].to_vec()).expect("valid board")
}

fn benches(c: &mut Criterion) {
    let goal = Goal::BlankFirst.board(4, 4).expect("goal");
    let steps = walk(1000);

    c.bench_function("moves/packed64 1000 slides via MoveTable", |b| {
        let table = MoveTable::new(4, 4);
        b.iter(|| {
            let mut s = Packed64::from_tiles(goal.tiles());
            let mut acc = 0u32;
            for m in [Move::Right, Move::Down, Move::Left, Move::Up].iter().cycle().take(1000) {
                if let Some(to) = table.target(s.blank(), *m) {
                    acc ^= s.slide(to);
                }
            }
            black_box(acc)
        })
    });

    c.bench_function("heuristic/manhattan 1000 updates", |b| {
        let heur = Heuristic::formula(HeuristicKind::Manhattan, &goal).expect("manhattan");
        b.iter(|| {
            let mut s = Packed64::from_tiles(goal.tiles());
            let mut h = heur.estimate(&s);
            for &(from, to) in &steps {
                let tile = s.slide(to);
                h = heur.update(&s, h, tile, to, from);
            }
            black_box(h)
        })
    });

    let set = SetSpec::named(4, 4, "5-5-5").expect("set");
    let store = TableStore::in_memory();
    let heur = store.load_or_build(&goal, &set, &|_| {}, None).expect("tables");
    c.bench_function("pdb/5-5-5 full lookup with mirror, 1000 positions", |b| {
        // Positions along the walk, in the canonical frame.
        let mut s = Packed64::from_tiles(goal.tiles());
        let positions: Vec<[u8; 64]> = steps
            .iter()
            .map(|&(_, to)| {
                s.slide(to);
                heur.frame().positions(|c| s.tile(c))
            })
            .collect();
        b.iter(|| black_box(positions.iter().map(|p| heur.estimate_canonical(p)).sum::<u32>()))
    });

    let mut group = c.benchmark_group("pdb build");
    group.sample_size(10);
    // One 5-tile table of 5-5-5 (524,160 placements) and one 6-tile table of 6-6-3 (5.8 M).
    for pattern in [vec![1u8, 4, 5, 8, 9], vec![1, 4, 5, 8, 9, 12]] {
        group.bench_function(format!("4x4 {}-tile pattern {pattern:?}", pattern.len()), |b| {
            b.iter(|| black_box(Pdb::build(4, 4, 0, &pattern, false, &|_, _| {}, None).expect("built").len()))
        });
    }
    group.finish();

    let mut group = c.benchmark_group("prune");
    group.sample_size(10);
    // Learning the duplicate-path automaton at the engine's default depth (built anew, not
    // taken from the per-process cache).
    for side in [4usize, 5] {
        let nbr = npuzzle::heuristic::pdb::neighbours(side, side);
        let depth = Fsm::default_depth(side * side);
        group.bench_function(format!("{side}x{side} automaton, depth {depth}"), |b| b.iter(|| black_box(Fsm::new(&nbr, depth).states())));
    }
    group.finish();

    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    let board3 = npuzzle::parse::parse_board("8 6 7 2 5 4 3 0 1").expect("board");
    let goal3 = Goal::BlankLast.board(3, 3).expect("goal");
    let tables3 = store.prepare(HeuristicKind::Exact, &goal3, &|_| {}, None).expect("exact table");
    group.bench_function("3x3 hardest (31 moves), default solver", |b| {
        b.iter(|| black_box(solve(&Request::auto(board3.clone(), goal3.clone()).tables(tables3.clone())).expect("solved").cost))
    });
    let pruned = Fsm::for_board(4, 4, Fsm::default_depth(16));
    for id in [55, 79] {
        let start = korf(id);
        group.bench_function(format!("korf100 #{id}, IDA* 5-5-5, one thread"), |b| {
            b.iter(|| black_box(ida::search(&heur, &start, MoveOrder::default(), &Limits::default(), false, Some(&pruned)).1.generated))
        });
        group.bench_function(format!("korf100 #{id}, IDA* 5-5-5, one thread, inverse-move pruning only"), |b| {
            b.iter(|| black_box(ida::search(&heur, &start, MoveOrder::default(), &Limits::default(), false, None).1.generated))
        });
    }
    group.finish();

    #[cfg(feature = "learnt")]
    learnt(c);
}

/// The learnt 6×6 estimate along a fixed walk of 1000 moves: each child's estimate from its
/// parent's first-layer sums (as `pdb-beam --learnt-key` ranks children), then the move.
#[cfg(feature = "learnt")]
fn learnt(c: &mut Criterion) {
    let net = npuzzle::learnt::builtin(6, 6).expect("6x6 weights ship").expect("valid weights");
    let (n, blank) = (36usize, net.blank());
    let table = MoveTable::new(6, 6);
    let mut x = 12345u64;
    let mut at = blank;
    let mut steps = Vec::with_capacity(1000);
    while steps.len() < 1000 {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        if let Some(to) = table.target(at, Move::ALL[(x >> 62) as usize]) {
            steps.push((at, to));
            at = to;
        }
    }
    let (h1, h2) = net.units();
    let start: Vec<u8> = (0..n as u8).collect();
    c.bench_function("learnt/6x6 1000 child estimates and slides", |b| {
        let mut acc = vec![0i32; h1];
        let mut hidden = vec![0f32; h2];
        b.iter(|| {
            let mut pieces = start.clone();
            net.first_layer(&pieces, &mut acc);
            let mut sum = 0f32;
            for &(blank_at, to) in &steps {
                // The piece at `to` slides into the blank's cell.
                let piece = pieces[to];
                sum += net.output_after_slide(&acc, piece, to, blank_at, &mut hidden);
                net.slide(&mut acc, piece, to, blank_at);
                pieces.swap(to, blank_at);
            }
            black_box(sum)
        })
    });
    c.bench_function("learnt/6x6 1000 full estimates", |b| {
        b.iter(|| {
            let mut pieces = start.clone();
            let mut sum = 0f32;
            for &(blank_at, to) in &steps {
                pieces.swap(to, blank_at);
                sum += net.estimate_with(|cell| pieces[cell]);
            }
            black_box(sum)
        })
    });
}

criterion_group!(fast_benches, benches);
criterion_main!(fast_benches);
