//! Row-and-column reduction through the library's one request path (`-a reduce`; the default
//! beyond 25 cells is `reduce-plus`, tested in `reduce_plus.rs`): its tables as values, its
//! limits, and its streamed moves.

use npuzzle::board::{Board, Move};
use npuzzle::generate::{random_solvable, Rng};
use npuzzle::goal::Goal;
use npuzzle::search::reduce::{block_goal, memory_bytes, reduce, ExactFinisher, Finisher, ReduceOptions};
use npuzzle::search::{Algorithm, LimitKind, Limits};
use npuzzle::solve::{default_choice, solve, solve_streamed, Report, Request, Status};
use npuzzle::tables::TableStore;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

fn replay(start: &Board, moves: &[Move]) -> Board {
    moves.iter().enumerate().fold(start.clone(), |b, (i, &m)| b.apply(m).unwrap_or_else(|| panic!("move {i} leaves the board")))
}

/// A request for plain reduction.
fn reduction(start: Board, goal: Board) -> Request {
    Request::new(start, goal).algorithm(Algorithm::Reduce)
}

fn prepared(start: Board, goal: Board, store: &TableStore) -> Request {
    let mut req = reduction(start, goal);
    store.prepare_run(&mut req, None, &|_| {}, None).unwrap();
    req
}

#[test]
fn reduce_beyond_25_cells_says_it_is_not_optimal() {
    assert_eq!(default_choice(5, 5).0, Algorithm::Idastar);
    assert_eq!(default_choice(6, 5).0, Algorithm::PdbBeam);
    assert_eq!(default_choice(2, 13).0, Algorithm::ReducePlus);
    let store = TableStore::in_memory();
    let mut rng = Rng::new(6);
    for (w, h) in [(6, 6), (7, 13), (2, 14), (10, 10)] {
        for goal in [Goal::BlankLast, Goal::BlankFirst, Goal::Snail] {
            let goal = goal.board(w, h).unwrap();
            let start = random_solvable(&goal, &mut rng);
            let req = prepared(start.clone(), goal.clone(), &store);
            assert_eq!(req.algorithm, Algorithm::Reduce);
            assert!(req.tables.block().is_some());
            let out = solve(&req).unwrap();
            assert_eq!(out.status, Status::Solved);
            assert_eq!(out.cost, Some(out.moves.len() as u64));
            assert_eq!(replay(&start, &out.moves), goal, "{w}×{h}");
            // Each move expands one board and generates the next.
            assert_eq!(out.stats.search_depth, out.moves.len() as u64);
            assert!(out.stats.expanded >= out.moves.len() as u64);
            assert_eq!(out.stats.generated, out.stats.expanded + 1);
            let report = Report::without_path(&req, &out);
            assert!(!report.optimal);
        }
    }
}

#[test]
fn the_finisher_holds_the_tables_it_is_given() {
    let goal = Goal::Snail.board(7, 7).unwrap();
    let start = random_solvable(&goal, &mut Rng::new(9));
    let opts = ReduceOptions::default();
    // No tables: the block cannot be finished, and the error names the table missing.
    let mut empty = ExactFinisher::new([]);
    let err = reduce(&start, &goal, &opts, &mut empty, &mut |_| {}, &|_| false).unwrap_err();
    assert!(err.to_string().contains("no exact table for a 3×3 block"), "{err}");
    // The store's table for this goal's block: its goal is the block goal, the snail's blank in
    // the middle of a 3×3 block.
    let store = TableStore::in_memory();
    let table = Arc::new(store.reduce_block(&goal, &opts, &|_| {}).unwrap());
    let block = block_goal(&goal, 9).unwrap();
    assert_eq!(table.goal(), &block);
    assert_eq!(block.blank(), 4);
    let mut finisher = ExactFinisher::new([table.clone()]);
    let mut moves = Vec::new();
    reduce(&start, &goal, &opts, &mut finisher, &mut |m| moves.push(m), &|_| false).unwrap();
    assert_eq!(replay(&start, &moves), goal);
    // The finisher answers from the table it holds: its distances are the table's.
    let scrambled = random_solvable(&block, &mut Rng::new(1));
    let d = finisher.distance(&scrambled, &block).unwrap();
    assert_eq!(finisher.finish(&scrambled, &block).unwrap().len() as u64, d);
    // A request without the table builds one for its run and gives a valid answer too.
    let req = Request::new(start.clone(), goal.clone()).algorithm(Algorithm::ReducePlus);
    assert!(req.tables.block().is_none());
    let out = solve(&req).unwrap();
    assert_eq!(replay(&start, &out.moves), goal);
}

#[test]
fn small_boards_through_solve_are_optimal_lengths() {
    // Boards of at most 9 cells are the final block, so reduce's answer is an optimal one.
    let store = TableStore::in_memory();
    let mut rng = Rng::new(4);
    for (w, h) in [(2, 2), (3, 2), (2, 4), (3, 3)] {
        let goal = Goal::Snail.board(w, h).unwrap();
        for _ in 0..10 {
            let start = random_solvable(&goal, &mut rng);
            let mut optimal = Request::auto(start.clone(), goal.clone());
            store.prepare_run(&mut optimal, None, &|_| {}, None).unwrap();
            let best = solve(&optimal).unwrap().cost.unwrap();
            let mut req = Request::new(start.clone(), goal.clone()).algorithm(Algorithm::Reduce);
            store.prepare_run(&mut req, None, &|_| {}, None).unwrap();
            let out = solve(&req).unwrap();
            assert_eq!(out.cost, Some(best), "{start}");
            assert_eq!(replay(&start, &out.moves), goal);
        }
    }
}

#[test]
fn an_unsolvable_pair_is_refused_before_any_move() {
    let goal = Goal::BlankLast.board(40, 40).unwrap();
    let mut tiles = goal.tiles().to_vec();
    tiles.swap(0, 1);
    let start = Board::new(40, 40, tiles).unwrap();
    let req = Request::auto(start, goal);
    let mut given = 0;
    let out = solve_streamed(&req, &mut |_| given += 1).unwrap();
    assert_eq!(out.status, Status::Unsolvable);
    assert_eq!(given, 0);
    assert_eq!(out.stats.generated, 0);
}

/// A 60×60 board solved under `limits` with the moves streamed: the outcome and the moves
/// handed over.
fn big(limits: Limits) -> (npuzzle::solve::Outcome, u64) {
    let goal = Goal::BlankLast.board(60, 60).unwrap();
    let start = random_solvable(&goal, &mut Rng::new(60));
    let req = prepared(start, goal, &TableStore::in_memory()).limits(limits);
    let mut given = 0u64;
    let out = solve_streamed(&req, &mut |_| given += 1).unwrap();
    (out, given)
}

#[test]
fn limits_stop_a_big_board_with_statistics() {
    // Nodes: each move generates one; the run stops exactly on the limit.
    let (out, given) = big(Limits { nodes: Some(5_000), ..Limits::default() });
    assert_eq!((out.status, out.limit), (Status::Limit, Some(LimitKind::Nodes)));
    assert!(out.moves.is_empty() && out.cost.is_none());
    assert_eq!(out.stats.generated, 5_000);
    assert_eq!(out.stats.expanded, 4_999);
    // Moves held back to cancel inverse pairs are not handed over: at most the moves made.
    assert!(given <= 4_999, "{given}");
    // A memory limit below the engine's size stops it before the first move.
    let need = memory_bytes(60, 60);
    let goal = Goal::BlankLast.board(60, 60).unwrap();
    let start = random_solvable(&goal, &mut Rng::new(61));
    let req = reduction(start.clone(), goal.clone()).limits(Limits { memory: Some(need - 1), ..Limits::default() });
    let out = solve(&req).unwrap();
    assert_eq!((out.status, out.limit), (Status::Limit, Some(LimitKind::Memory)));
    assert_eq!(out.stats.generated, 1);
    let req = reduction(start.clone(), goal.clone()).limits(Limits { memory: Some(need), ..Limits::default() });
    let out = solve(&req).unwrap();
    assert_eq!(out.status, Status::Solved);
    assert_eq!(out.stats.peak_memory, need);
    // A zero time limit and a cancel flag already set stop it at the first check.
    let req = reduction(start.clone(), goal.clone()).limits(Limits { time: Some(Duration::ZERO), ..Limits::default() });
    assert_eq!(solve(&req).unwrap().limit, Some(LimitKind::Time));
    let flag = Arc::new(AtomicBool::new(true));
    let req = reduction(start, goal).limits(Limits { cancel: Some(flag), ..Limits::default() });
    let out = solve(&req).unwrap();
    assert_eq!(out.limit, Some(LimitKind::Cancelled));
    assert!(out.moves.is_empty());
}

#[test]
fn streamed_moves_are_the_solution() {
    let store = TableStore::in_memory();
    let mut rng = Rng::new(12);
    for (w, h) in [(30, 30), (12, 5)] {
        let goal = random_solvable(&Goal::BlankLast.board(w, h).unwrap(), &mut rng);
        let start = random_solvable(&goal, &mut rng);
        let req = prepared(start.clone(), goal.clone(), &store);
        let mut moves = Vec::new();
        let out = solve_streamed(&req, &mut |m| moves.push(m)).unwrap();
        assert_eq!(out.status, Status::Solved);
        assert!(out.moves.is_empty());
        assert_eq!(out.cost, Some(moves.len() as u64));
        assert_eq!(replay(&start, &moves), goal);
        // The same moves as the collecting path.
        assert_eq!(solve(&req).unwrap().moves, moves);
    }
    // Another algorithm's solution is handed over the same way.
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let start = random_solvable(&goal, &mut rng);
    let req = Request::new(start.clone(), goal.clone());
    let mut moves = Vec::new();
    let out = solve_streamed(&req, &mut |m| moves.push(m)).unwrap();
    assert_eq!(out.cost, Some(moves.len() as u64));
    assert_eq!(replay(&start, &moves), goal);
}
