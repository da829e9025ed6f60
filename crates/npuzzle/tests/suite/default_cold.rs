//! The default solver answers before any big table build: on a cold cache a 6×6 or 7×7 board
//! (whose pattern databases for every goal take 37 s and 349 s to build) gets `reduce-plus` (whose only table, the final block's, takes milliseconds) with a
//! note naming the build of `pdb-beam`'s pattern databases; a board a short walk from its goal
//! gets its optimum, checked against A* with Manhattan distance (an independent optimal
//! search), and is said to be optimal; and no pattern database is built.

use npuzzle::board::{Board, Move};
use npuzzle::generate::{random_solvable, random_walk, Rng};
use npuzzle::goal::Goal;
use npuzzle::search::Algorithm;
use npuzzle::solve::{solve, Report, Request, Status};
use npuzzle::tables::TableStore;
use npuzzle::HeuristicKind;

fn replays(start: &Board, goal: &Board, moves: &[Move]) -> bool {
    start.apply_all(moves).is_ok_and(|end| end.last() == Some(goal))
}

/// The default request for `start`, prepared by a store with an empty cache: the notes.
fn cold_default(start: &Board, goal: &Board, store: &TableStore) -> (Request, Vec<String>) {
    let mut req = Request::auto(start.clone(), goal.clone());
    assert!(req.by_default);
    let notes = store.prepare_run(&mut req, None, &|_| {}, None).unwrap();
    (req, notes)
}

#[test]
fn near_boards_get_their_optimum_on_a_cold_cache_and_no_pattern_database_is_built() {
    let mut rng = Rng::new(14);
    for (w, h, walk) in [(7, 7, 14), (6, 6, 20), (7, 7, 24), (6, 6, 12), (8, 8, 16)] {
        let dir = tempfile::tempdir().unwrap();
        let store = TableStore::new(dir.path());
        let goal = Goal::BlankLast.board(w, h).unwrap();
        let (start, _) = random_walk(&goal, walk, &mut rng);
        let (req, _notes) = cold_default(&start, &goal, &store);
        let out = solve(&req).unwrap();
        assert_eq!(out.status, Status::Solved, "{w}×{h}");
        assert!(replays(&start, &goal, &out.moves), "{w}×{h}");
        let astar =
            solve(&Request::new(start.clone(), goal.clone()).algorithm(Algorithm::Astar).heuristic(HeuristicKind::Manhattan)).unwrap();
        assert_eq!(out.length, astar.length, "{w}×{h} after {walk} random moves: the optimum is A*'s");
        let report = Report::new(&req, &out);
        assert!(report.optimal, "{w}×{h}: an answer proven optimal is said to be");
        assert_eq!(report.lower_bound, report.cost);
        assert!(store.exported_names().is_empty(), "{w}×{h}: pattern databases were built: {:?}", store.exported_names());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "nothing written to the cache");
    }
}

#[test]
fn random_boards_of_26_to_64_cells_answer_with_reduce_plus_and_name_the_build() {
    let mut rng = Rng::new(7);
    for (w, h) in [(7, 7), (6, 6)] {
        let store = TableStore::in_memory();
        let goal = Goal::BlankLast.board(w, h).unwrap();
        let start = random_solvable(&goal, &mut rng);
        let (req, notes) = cold_default(&start, &goal, &store);
        assert_eq!(req.algorithm, Algorithm::ReducePlus, "{w}×{h}");
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(notes[0].contains(&format!("npuzzle pdb build --size {w}x{h}")) && notes[0].contains("pdb-beam"), "{}", notes[0]);
        let out = solve(&req).unwrap();
        assert_eq!(out.status, Status::Solved);
        assert!(replays(&start, &goal, &out.moves));
        assert!(out.lower_bound.unwrap() <= out.cost.unwrap());
        assert!(store.exported_names().is_empty(), "{:?}", store.exported_names());
    }
}

#[test]
fn a_named_algorithm_is_never_replaced() {
    let goal = Goal::BlankLast.board(6, 6).unwrap();
    let start = random_solvable(&goal, &mut Rng::new(3));
    let store = TableStore::in_memory();
    let mut req = Request::new(start, goal).algorithm(Algorithm::ReducePlus);
    assert!(!req.by_default);
    assert!(store.settle_default(&mut req).is_none());
    let mut named = Request::auto(req.start.clone(), req.goal.clone()).algorithm(Algorithm::PdbBeam);
    assert!(store.settle_default(&mut named).is_none());
    assert_eq!(named.algorithm, Algorithm::PdbBeam);
}

#[test]
fn an_answer_equal_to_its_lower_bound_is_optimal() {
    // A board at its goal: 0 moves, bound 0.
    for (w, h) in [(6, 6), (12, 12)] {
        let goal = Goal::BlankLast.board(w, h).unwrap();
        for a in [Algorithm::ReducePlus, Algorithm::Reduce] {
            let req = Request::new(goal.clone(), goal.clone()).algorithm(a);
            let out = solve(&req).unwrap();
            assert_eq!(out.length, Some(0));
            assert!(Report::new(&req, &out).optimal, "{a} on {w}×{h} at its goal");
        }
    }
    // Greedy best-first search is not optimal, but an answer it finds of its bound's length is.
    let start = npuzzle::parse::parse_board("1 2 3 4 5 6 7 0 8").unwrap();
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let req = Request::new(start, goal).algorithm(Algorithm::Greedy);
    let out = solve(&req).unwrap();
    assert_eq!((out.length, out.lower_bound), (Some(1), Some(1)));
    assert!(Report::new(&req, &out).optimal);
    // And a longer answer than its bound is not.
    let far = npuzzle::parse::parse_board("8 6 7 2 5 4 3 0 1").unwrap();
    let req = Request::new(far, req.goal.clone()).algorithm(Algorithm::Greedy);
    let out = solve(&req).unwrap();
    assert!(out.length > out.lower_bound);
    assert!(!Report::new(&req, &out).optimal);
}

/// The boards of a run over many (`batch`, `compare`, Python's `solve_many`) are each settled
/// and prepared as each is alone ([`Preparer`], against [`TableStore::prepare_run`]): on a cold
/// 6×6 cache every board goes to `reduce-plus`, not only the first (the others once took the
/// first's tables and ran `pdb-beam` without its own); the same on 3×9 with its small set
/// taken as not at hand (`quick_build_bytes(0)`, the rule's hook); and with it at hand every
/// board goes to `pdb-beam` with its tables. The note is said once; the answers equal the
/// boards' own runs and replay.
#[test]
fn every_board_of_a_run_is_prepared_as_it_is_alone() {
    use npuzzle::prepare::Preparer;
    let mut rng = Rng::new(64);
    for (w, h, cold, expect) in
        [(6, 6, false, Algorithm::ReducePlus), (3, 9, true, Algorithm::ReducePlus), (3, 9, false, Algorithm::PdbBeam)]
    {
        let goal = Goal::BlankLast.board(w, h).unwrap();
        let store = || {
            let s = TableStore::in_memory();
            if cold {
                s.quick_build_bytes(0)
            } else {
                s
            }
        };
        let (run_store, alone_store) = (store(), store());
        let mut preparer = Preparer::new();
        let mut said = Vec::new();
        for _ in 0..3 {
            let start = random_solvable(&goal, &mut rng);
            // A node limit narrows the beams alike in both runs: seconds, not a minute.
            let limits = npuzzle::Limits { nodes: Some(100_000), ..Default::default() };
            let mut req = Request::auto(start.clone(), goal.clone());
            req.limits = limits.clone();
            said.extend(preparer.prepare(&run_store, &mut req, None, &|_| {}, None).unwrap());
            let mut alone = Request::auto(start.clone(), goal.clone());
            alone.limits = limits;
            let alone_notes = alone_store.prepare_run(&mut alone, None, &|_| {}, None).unwrap();
            assert_eq!(req.algorithm, expect, "{w}×{h}: {said:?}");
            assert_eq!(alone.algorithm, expect, "{w}×{h} alone: {alone_notes:?}");
            let (many, one) = (solve(&req).unwrap(), solve(&alone).unwrap());
            assert_eq!(many.status, Status::Solved, "{w}×{h}: {}", many.summary());
            assert_eq!(many.moves, one.moves, "{w}×{h}: a board of the run answers as it does alone");
            assert!(replays(&start, &goal, &many.moves));
        }
        let expected_notes = usize::from(expect == Algorithm::ReducePlus);
        assert_eq!(said.len(), expected_notes, "{w}×{h}: each note once: {said:?}");
    }
}

/// A board whose tables cannot be had fails alone, and so does every board that needs the
/// same tables, without a second attempt; the others of the run are prepared.
#[test]
fn a_run_keeps_an_error_for_the_boards_that_share_its_tables() {
    use npuzzle::prepare::Preparer;
    let goal = Goal::BlankLast.board(4, 4).unwrap();
    // A store that may hold no table of more than 1 kB cannot build the 4×4 pattern databases.
    let store = TableStore::in_memory().build_memory(Some(1_000));
    let mut preparer = Preparer::new();
    let mut rng = Rng::new(9);
    for _ in 0..2 {
        let start = random_solvable(&goal, &mut rng);
        let mut req = Request::new(start.clone(), goal.clone()).algorithm(Algorithm::Idastar).heuristic(HeuristicKind::Pdb);
        let err = preparer.prepare(&store, &mut req, None, &|_| {}, None).unwrap_err();
        assert!(matches!(err, npuzzle::Error::Memory(_)), "{err}");
        let mut manhattan = Request::new(start, goal.clone()).algorithm(Algorithm::Idastar).heuristic(HeuristicKind::Manhattan);
        assert!(preparer.prepare(&store, &mut manhattan, None, &|_| {}, None).unwrap().is_empty());
    }
}
