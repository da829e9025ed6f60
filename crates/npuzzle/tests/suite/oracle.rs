//! Every algorithm against an independent breadth-first oracle.
//!
//! The oracle below shares no code with the library's searches: it walks plain `Vec<u8>` boards
//! with its own neighbour arithmetic and computes the exact distance of every board to a goal.

use npuzzle::board::{Board, Move};
use npuzzle::goal::Goal;
use npuzzle::search::{Algorithm, LimitKind, Limits};
use npuzzle::solve::{solve, Request, Status};
use npuzzle::HeuristicKind;
use npuzzle::MoveOrder;
use npuzzle::{TableStore, Tables};
use npuzzle_testkit::Rng;
use rayon::prelude::*;
use std::collections::HashMap;

fn oracle(width: usize, height: usize, goal: &[u8]) -> HashMap<Vec<u8>, u32> {
    npuzzle_testkit::distances(width, height, goal)
}

/// Every table-driven heuristic's tables for `goal`, built in memory.
fn tables_for(store: &TableStore, goal: &Board) -> Tables {
    let pdb = store.prepare(HeuristicKind::Pdb, goal, &|_| {}, None).unwrap();
    let exact = store.prepare(HeuristicKind::Exact, goal, &|_| {}, None).unwrap();
    Tables::none().with_pdb(pdb.pdb().unwrap().clone()).with_exact(exact.exact().unwrap().clone())
}

fn board(width: usize, height: usize, tiles: &[u8]) -> Board {
    Board::new(width, height, tiles.iter().map(|&t| t as u32).collect()).unwrap()
}

fn tiles(b: &Board) -> Vec<u8> {
    b.tiles().iter().map(|&t| t as u8).collect()
}

fn check_path(start: &Board, goal: &Board, moves: &[Move]) {
    let path = start.apply_all(moves).expect("every move stays on the board");
    assert_eq!(path.last().unwrap(), goal, "the moves end at the goal");
}

/// Goals to test on a board size: the presets and one scrambled explicit goal.
fn goals(width: usize, height: usize, rng: &mut Rng) -> Vec<Board> {
    let mut out: Vec<Board> = [Goal::BlankLast, Goal::BlankFirst, Goal::Snail].iter().map(|g| g.board(width, height).unwrap()).collect();
    let mut t: Vec<u8> = (0..(width * height) as u8).collect();
    for i in (1..t.len()).rev() {
        t.swap(i, rng.below(i + 1));
    }
    out.push(board(width, height, &t));
    out
}

fn random_reachable(dist: &HashMap<Vec<u8>, u32>, rng: &mut Rng, count: usize) -> Vec<(Vec<u8>, u32)> {
    let mut all: Vec<(&Vec<u8>, &u32)> = dist.iter().collect();
    all.sort();
    (0..count).map(|_| all[rng.below(all.len())]).map(|(b, d)| (b.clone(), *d)).collect()
}

const OPTIMAL: [Algorithm; 8] = [
    Algorithm::Bfs,
    Algorithm::Iddfs,
    Algorithm::Ucs,
    Algorithm::Astar,
    Algorithm::Idastar,
    Algorithm::Dfbnb,
    Algorithm::Rbfs,
    Algorithm::Bidirectional,
];

fn run_size(width: usize, height: usize, per_goal: usize, seed: u64) {
    let mut rng = Rng(seed);
    let store = TableStore::in_memory();
    // The boards are drawn in order from the seed, then checked side by side.
    let mut cases = Vec::new();
    for goal in goals(width, height, &mut rng) {
        let dist = oracle(width, height, &tiles(&goal));
        let tables = tables_for(&store, &goal);
        for (start, want) in random_reachable(&dist, &mut rng, per_goal) {
            cases.push((board(width, height, &start), goal.clone(), tables.clone(), want));
        }
    }
    cases.par_iter().for_each(|(start, goal, tables, want)| {
        let (start, goal, want) = (start.clone(), goal.clone(), *want);
        for alg in OPTIMAL {
            // Iterative deepening re-searches every level; keep it to shallower boards.
            if alg == Algorithm::Iddfs && want > 16 {
                continue;
            }
            // The admissible ones: the learnt estimate claims no optimality (tests/suite/learnt.rs).
            let admissible: Vec<HeuristicKind> = HeuristicKind::ALL.into_iter().filter(|k| k.is_admissible()).collect();
            let heuristics: &[HeuristicKind] = if alg.uses_heuristic() { &admissible } else { &[HeuristicKind::Zero] };
            for &h in heuristics {
                // Linear-space searches re-expand nodes many times under weak estimates; on
                // deep boards, test them with the strong ones only.
                let weak = matches!(h, HeuristicKind::Zero | HeuristicKind::Misplaced | HeuristicKind::Euclidean);
                // Depth-first branch and bound with a weak estimate first dives thousands of
                // moves deep and then re-expands states once per improvement; keep it to the
                // small boards.
                if weak
                    && ((want > 12 && matches!(alg, Algorithm::Idastar | Algorithm::Rbfs))
                        || (alg == Algorithm::Dfbnb && width * height > 8))
                {
                    continue;
                }
                let req = Request::new(start.clone(), goal.clone()).algorithm(alg).heuristic(h).tables(tables.clone());
                let out = solve(&req).unwrap();
                assert_eq!(out.status, Status::Solved, "{alg}/{h} on {start} -> {goal}");
                assert_eq!(out.cost, Some(want as u64), "{alg}/{h} on {start} -> {goal}: optimal is {want}");
                check_path(&start, &goal, &out.moves);
                assert_eq!(out.stats.search_depth, want as u64);
            }
        }
        // The non-optimal ones still return valid paths, never shorter than optimal.
        for (alg, h) in [
            (Algorithm::Dfs, HeuristicKind::Zero),
            (Algorithm::Greedy, HeuristicKind::Manhattan),
            (Algorithm::Lc, HeuristicKind::Misplaced),
        ] {
            let out = solve(&Request::new(start.clone(), goal.clone()).algorithm(alg).heuristic(h)).unwrap();
            assert_eq!(out.status, Status::Solved, "{alg} on {start}");
            check_path(&start, &goal, &out.moves);
            assert!(out.cost.unwrap() >= want as u64);
        }
        // Weighted A* stays within its factor.
        let mut req = Request::new(start.clone(), goal.clone()).heuristic(HeuristicKind::Manhattan);
        req.params.weight = Some(2.0);
        let out = solve(&req).unwrap();
        check_path(&start, &goal, &out.moves);
        assert!(out.cost.unwrap() <= 2 * want as u64 && out.cost.unwrap() >= want as u64);
    });
}

#[test]
fn optimal_algorithms_match_the_oracle_on_3x3() {
    run_size(3, 3, 3, 1);
}

/// Regression: pattern databases installed for a 3×2 goal were reused for the 2×3 goal that
/// lists the same tiles, and IDA* returned moves that left the board. Both sizes run in one
/// process here on purpose.
#[test]
fn optimal_algorithms_match_the_oracle_on_2x3_and_3x2() {
    run_size(3, 2, 6, 2);
    run_size(2, 3, 6, 3);
}

#[test]
fn optimal_algorithms_match_the_oracle_on_2x4() {
    run_size(4, 2, 4, 4);
}

#[test]
fn every_move_order_gives_an_optimal_answer() {
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let dist = oracle(3, 3, &tiles(&goal));
    let mut rng = Rng(9);
    for (start, want) in random_reachable(&dist, &mut rng, 3) {
        let start = board(3, 3, &start);
        for order in ["UDLR", "LURD", "RDLU", "DRUL"] {
            for alg in [Algorithm::Astar, Algorithm::Idastar, Algorithm::Bfs] {
                let req = Request::new(start.clone(), goal.clone()).algorithm(alg).order(MoveOrder::parse(order).unwrap());
                let out = solve(&req).unwrap();
                assert_eq!(out.cost, Some(want as u64), "{alg} {order}");
                check_path(&start, &goal, &out.moves);
            }
        }
    }
}

/// Parity decides solvability exactly: compare with reachability on every 2×3, 3×2 and 2×2
/// board, for every goal.
#[test]
fn parity_matches_reachability() {
    for (w, h) in [(2, 2), (3, 2), (2, 3)] {
        let n = w * h;
        let goal_tiles: Vec<u8> = (0..n as u8).collect();
        let mut perms = vec![goal_tiles.clone()];
        // All permutations (Heap's algorithm).
        let mut a = goal_tiles.clone();
        let mut c = vec![0usize; n];
        let mut i = 0;
        while i < n {
            if c[i] < i {
                if i % 2 == 0 {
                    a.swap(0, i);
                } else {
                    a.swap(c[i], i);
                }
                perms.push(a.clone());
                c[i] += 1;
                i = 0;
            } else {
                c[i] = 0;
                i += 1;
            }
        }
        for g in perms.iter().step_by(37) {
            let reach = oracle(w, h, g);
            let goal = board(w, h, g);
            for p in &perms {
                let start = board(w, h, p);
                assert_eq!(start.can_reach(&goal), reach.contains_key(p), "{start} -> {goal}");
            }
        }
    }
}

#[test]
fn unsolvable_pairs_never_start_a_search() {
    let start = Board::new(3, 3, vec![2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    for &alg in Algorithm::ALL {
        let out = solve(&Request::new(start.clone(), goal.clone()).algorithm(alg)).unwrap();
        assert_eq!(out.status, Status::Unsolvable);
        assert_eq!(out.stats.generated, 0);
    }
}

#[test]
fn limits_end_the_search_cleanly() {
    // Korf's instance 1 (57 moves): far beyond breadth-first search within these limits.
    let start = Board::new(4, 4, vec![14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]).unwrap();
    let goal = Goal::BlankFirst.board(4, 4).unwrap();
    // Row-and-column reduction solves it in a few hundred moves; its limits are tested in
    // tests/suite/reduce_solve.rs on boards it needs many more for. reduce-plus has that answer
    // within the limit too, and returns it, solved, when the limit stops its improving
    // (tests/suite/reduce_plus.rs). Local searches get stuck long before; their limits are tested in
    // tests/suite/local_search.rs.
    for &alg in Algorithm::ALL.iter().filter(|&&a| a.info().records_tree()) {
        let limits = Limits { nodes: Some(5_000), ..Limits::default() };
        let out = solve(&Request::new(start.clone(), goal.clone()).algorithm(alg).limits(limits)).unwrap();
        assert_eq!(out.status, Status::Limit, "{alg}");
        assert_eq!(out.limit, Some(LimitKind::Nodes), "{alg}");
        assert!(out.stats.generated >= 5_000 && out.stats.generated < 5_000 + 8, "{alg}: {}", out.stats.generated);
        assert!(out.moves.is_empty());
    }
    let limits = Limits { memory: Some(1 << 20), ..Limits::default() };
    let out = solve(&Request::new(start.clone(), goal.clone()).algorithm(Algorithm::Bfs).limits(limits)).unwrap();
    assert_eq!(out.limit, Some(LimitKind::Memory));
    assert!(out.stats.peak_memory <= 1 << 20 && out.stats.peak_memory > (1 << 20) / 3, "{}", out.stats.peak_memory);
    let limits = Limits { time: Some(std::time::Duration::from_millis(50)), ..Limits::default() };
    let out = solve(&Request::new(start.clone(), goal.clone()).algorithm(Algorithm::Iddfs).limits(limits)).unwrap();
    assert_eq!(out.limit, Some(LimitKind::Time));
    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let limits = Limits { cancel: Some(cancel), ..Limits::default() };
    let out = solve(&Request::new(start, goal).algorithm(Algorithm::Idastar).limits(limits)).unwrap();
    assert_eq!(out.limit, Some(LimitKind::Cancelled));
}

#[test]
fn depth_bounded_dfs_reports_not_found() {
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let start = Board::new(3, 3, vec![8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
    let mut req = Request::new(start, goal).algorithm(Algorithm::Dfs);
    req.params.max_depth = Some(10);
    let out = solve(&req).unwrap();
    assert_eq!(out.status, Status::NotFound);
    assert!(out.stats.max_depth <= 10);
}

#[test]
fn large_boards_search_within_limits() {
    // A 30×30 board a few moves from the goal: 900 cells use the wide encoding.
    let goal = Goal::BlankLast.board(30, 30).unwrap();
    let start = ["U", "L", "U"].iter().fold(goal.clone(), |b, m| b.apply(Move::from_letter(m.chars().next().unwrap()).unwrap()).unwrap());
    for alg in [Algorithm::Astar, Algorithm::Idastar, Algorithm::Bidirectional] {
        let limits = Limits { nodes: Some(100_000), ..Limits::default() };
        let out = solve(&Request::new(start.clone(), goal.clone()).algorithm(alg).limits(limits)).unwrap();
        assert_eq!(out.cost, Some(3), "{alg}");
        check_path(&start, &goal, &out.moves);
    }
    // 1000×1000 boards parse and validate; a node limit bounds their search.
    let big = Goal::BlankFirst.board(1000, 1000).unwrap();
    let start = big.apply(Move::Right).unwrap().apply(Move::Down).unwrap();
    assert!(start.can_reach(&big));
    let limits = Limits { nodes: Some(50), ..Limits::default() };
    let out = solve(&Request::new(start, big).limits(limits)).unwrap();
    assert_eq!(out.cost, Some(2));
}
