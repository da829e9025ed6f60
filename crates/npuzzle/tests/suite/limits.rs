//! Answers a student can trust, at the library level: depth-limited DFS against the
//! breadth-first oracle, limits that stop every engine (even at zero, even on boards whose nodes
//! are megabytes), boards refused before a search that could never fit, and reports that never
//! claim optimality without a solution.

use npuzzle::board::Board;
use npuzzle::generate::{random_solvable, random_walk_end, Rng};
use npuzzle::goal::Goal;
use npuzzle::search::{Algorithm, LimitKind, Limits};
use npuzzle::solve::{check_fits, memory_floor, solve, Report, Request, Status};
use npuzzle::{HeuristicKind, TableStore, Tables};
use std::collections::HashMap;
use std::time::Duration;

fn board(width: usize, height: usize, tiles: &[u8]) -> Board {
    Board::new(width, height, tiles.iter().map(|&t| t as u32).collect()).unwrap()
}

fn dfs(start: &Board, goal: &Board, depth: u32) -> npuzzle::Outcome {
    let mut req = Request::new(start.clone(), goal.clone()).algorithm(Algorithm::Dfs);
    req.params.max_depth = Some(depth);
    solve(&req).unwrap()
}

/// A board optimal in 14 moves, for which `dfs --max-depth d` once said "not found" for every d
/// from 14 to 25, because a board first reached deep was never searched again when reached
/// shallower.
#[test]
fn depth_limited_dfs_finds_the_14_move_solution_at_every_limit_from_14() {
    let start = npuzzle::parse::parse_board("8 1 3 4 0 2 7 6 5").unwrap();
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    for d in 14..=31 {
        let out = dfs(&start, &goal, d);
        assert_eq!(out.status, Status::Solved, "max depth {d}");
        assert!(out.cost.unwrap() <= d as u64, "max depth {d}: cost {:?}", out.cost);
        let path = start.apply_all(&out.moves).unwrap();
        assert_eq!(path.last().unwrap(), &goal);
    }
    assert_eq!(dfs(&start, &goal, 13).status, Status::NotFound);
}

/// Against the oracle on every 3×2 board and many 3×3 boards: for every limit d at least the
/// optimal length, DFS finds a solution of at most d moves; below it, none.
#[test]
fn depth_limited_dfs_finds_a_solution_within_every_limit_at_least_the_optimum() {
    for (w, h, samples, extra) in [(3usize, 2usize, usize::MAX, 22u32), (3, 3, 30, 6)] {
        let goal_tiles: Vec<u8> = (1..(w * h) as u8).chain([0]).collect();
        let goal = board(w, h, &goal_tiles);
        let dist: HashMap<Vec<u8>, u32> = npuzzle_testkit::distances(w, h, &goal_tiles);
        let mut all: Vec<(&Vec<u8>, &u32)> = dist.iter().collect();
        all.sort();
        let mut rng = npuzzle_testkit::Rng(7);
        let picks: Vec<(&Vec<u8>, &u32)> =
            if samples >= all.len() { all.clone() } else { (0..samples).map(|_| all[rng.below(all.len())]).collect() };
        for (tiles, &opt) in picks {
            let start = board(w, h, tiles);
            for d in opt..=opt + extra {
                let out = dfs(&start, &goal, d);
                assert_eq!(out.status, Status::Solved, "{w}×{h} {tiles:?} (optimal {opt}) with max depth {d}");
                let cost = out.cost.unwrap();
                assert!(cost <= d as u64 && cost >= opt as u64, "{tiles:?}: cost {cost}, limit {d}, optimal {opt}");
                assert_eq!(start.apply_all(&out.moves).unwrap().last().unwrap(), &goal);
            }
            if opt > 0 {
                assert_eq!(dfs(&start, &goal, opt - 1).status, Status::NotFound, "{tiles:?} below its optimum {opt}");
            }
        }
    }
}

/// Every table a 3×3 goal's heuristics read, built in memory.
fn tables_for(goal: &Board) -> Tables {
    let store = TableStore::in_memory();
    let pdb = store.prepare(HeuristicKind::Pdb, goal, &|_| {}, None).unwrap();
    let exact = store.prepare(HeuristicKind::Exact, goal, &|_| {}, None).unwrap();
    Tables::none().with_pdb(pdb.pdb().unwrap().clone()).with_exact(exact.exact().unwrap().clone())
}

/// `--timeout 0`, `limits.time_ms: 0` and a zero node limit stop every engine at once, even on a
/// board solved in two moves: every classic algorithm, the fast IDA* with pattern databases and
/// the exact-table walk.
#[test]
fn zero_time_and_node_limits_stop_every_engine_at_once() {
    let start = npuzzle::parse::parse_board("1 2 3 4 0 5 7 8 6").unwrap();
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let tables = tables_for(&goal);
    // pdb-beam takes boards of 26 to 64 cells only, and says so.
    let beam = Request::new(start.clone(), goal.clone()).algorithm(Algorithm::PdbBeam).tables(tables.clone());
    assert!(matches!(solve(&beam), Err(npuzzle::Error::Unsupported(_))));
    let mut runs: Vec<(Algorithm, HeuristicKind)> =
        Algorithm::ALL.iter().filter(|&&a| a != Algorithm::PdbBeam).map(|&a| (a, HeuristicKind::Manhattan)).collect();
    runs.push((Algorithm::Idastar, HeuristicKind::Pdb));
    runs.push((Algorithm::Idastar, HeuristicKind::Exact));
    for (a, h) in runs {
        for (limits, kind) in [
            (Limits { time: Some(Duration::ZERO), ..Limits::default() }, LimitKind::Time),
            (Limits { nodes: Some(0), ..Limits::default() }, LimitKind::Nodes),
        ] {
            let req = Request::new(start.clone(), goal.clone()).algorithm(a).heuristic(h).tables(tables.clone()).limits(limits);
            let out = solve(&req).unwrap();
            assert_eq!((out.status, out.limit), (Status::Limit, Some(kind)), "{a}/{h}");
            assert_eq!(out.stats.expanded, 0, "{a}/{h}");
            let report = Report::new(&req, &out);
            assert!(!report.optimal && report.cost.is_none(), "{a}/{h}");
        }
        // Without the limits the same request solves: the tables were ready all along.
        let req = Request::new(start.clone(), goal.clone()).algorithm(a).heuristic(h).tables(tables.clone());
        assert_eq!(solve(&req).unwrap().status, Status::Solved, "{a}/{h}");
    }
}

/// `"optimal": true` only beside a solution: never beside `"cost": null` when a limit stops an
/// optimal algorithm.
#[test]
fn reports_never_claim_optimal_without_a_solution() {
    let start = npuzzle::parse::parse_board("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3").unwrap();
    let goal = Goal::BlankFirst.board(4, 4).unwrap();
    for &a in Algorithm::ALL.iter().filter(|&&a| a != Algorithm::PdbBeam) {
        let req = Request::new(start.clone(), goal.clone()).algorithm(a).limits(Limits { nodes: Some(500), ..Limits::default() });
        let out = solve(&req).unwrap();
        // A local search may get stuck (not_found) before the limit: never optimal either.
        if a.info().local() && out.status == Status::NotFound {
            assert!(out.stuck.is_some() && out.cost.is_none(), "{a}");
        } else {
            assert_eq!(out.status, Status::Limit, "{a}");
        }
        let v = serde_json::to_value(Report::new(&req, &out)).unwrap();
        assert_eq!(v["optimal"], false, "{a}");
        assert!(v["cost"].is_null(), "{a}");
    }
}

/// A* on a random 1000×1000 board would need terabytes (its solution is hundreds of millions of
/// moves, and every node holds 4 MB): it is refused before anything is allocated, with a message
/// naming what would work, while a 1000×1000 board a few moves from the goal still solves.
#[test]
fn a_board_too_large_for_its_search_is_refused_before_any_work() {
    let goal = Goal::BlankLast.board(1000, 1000).unwrap();
    let start = random_solvable(&goal, &mut Rng::new(1));
    let limits = Limits { memory: Some(8 << 30), ..Limits::default() };
    let req = Request::new(start, goal.clone()).limits(limits.clone());
    assert!(memory_floor(&req) > 1 << 40, "floor {}", memory_floor(&req));
    let e = check_fits(&req).unwrap_err();
    assert!(matches!(e, npuzzle::Error::Memory(_)));
    let msg = e.to_string();
    assert!(msg.contains("1000×1000") && msg.contains("tile by tile"), "{msg}");
    let out = solve(&req).unwrap();
    assert_eq!((out.status, out.limit), (Status::Limit, Some(LimitKind::Memory)));
    assert_eq!(out.stats.generated, 0);
    // IDA* keeps only the moves of its path, so it is not refused, only told it cannot finish.
    let ida = req.clone().algorithm(Algorithm::Idastar);
    assert!(check_fits(&ida).is_ok());
    assert!(npuzzle::solve::size_note(&ida).is_some_and(|n| n.contains("until a limit stops it")));
    // Close to the goal, the same size is within reach.
    let near = random_walk_end(&goal, 4, &mut Rng::new(2), None).unwrap();
    let req = Request::new(near, goal).limits(limits);
    assert!(check_fits(&req).is_ok());
    let out = solve(&req).unwrap();
    assert_eq!(out.status, Status::Solved);
    assert!(out.cost.unwrap() <= 4);
}

/// On boards whose nodes are large (300×300: 360 kB a node), the memory limit holds to within
/// one expansion, and the time limit is looked at every expansion, not every thousand.
#[test]
fn limits_hold_on_boards_with_large_nodes() {
    let goal = Goal::BlankLast.board(300, 300).unwrap();
    let start = random_walk_end(&goal, 40, &mut Rng::new(3), None).unwrap();
    let node = npuzzle::solve::node_bytes(start.len());
    let limit = 40u64 << 20;
    for a in [Algorithm::Bfs, Algorithm::Ucs, Algorithm::Bidirectional] {
        let req = Request::new(start.clone(), goal.clone()).algorithm(a).limits(Limits { memory: Some(limit), ..Limits::default() });
        // Not refused up front: the search itself runs into the limit.
        assert!(check_fits(&req).is_ok(), "{a}");
        let out = solve(&req).unwrap();
        assert_eq!((out.status, out.limit), (Status::Limit, Some(LimitKind::Memory)), "{a}");
        assert!(out.stats.generated > 10, "{a}");
        // The check runs before each expansion, which adds at most 4 children (each stored
        // twice: in the arena and the explored set).
        assert!(out.stats.peak_memory <= limit + 8 * node, "{a}: peak {} over {limit}", out.stats.peak_memory);
    }
    let t = Duration::from_millis(300);
    let req = Request::new(start, goal).algorithm(Algorithm::Bfs).limits(Limits { time: Some(t), ..Limits::default() });
    let out = solve(&req).unwrap();
    assert_eq!((out.status, out.limit), (Status::Limit, Some(LimitKind::Time)));
    // One expansion of a 300×300 board takes about a millisecond: polling every expansion stops
    // within a few of them (a generous bound, for a loaded machine).
    assert!(out.stats.time < t + Duration::from_secs(3), "stopped after {:?}", out.stats.time);
}
