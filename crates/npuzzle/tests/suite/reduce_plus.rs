//! `reduce-plus`, the default beyond 25 cells: every answer replays to its goal, comes with a
//! lower bound no longer than itself, is never longer than plain reduction's, and is the same on
//! every run; rectangular boards and every goal; limits and the anytime answer.

use npuzzle::board::{Board, Move};
use npuzzle::generate::{random_solvable, Rng};
use npuzzle::goal::Goal;
use npuzzle::search::reduce::{ExactFinisher, ReduceOptions};
use npuzzle::search::reduce_plus::improve::{improve, lower_bound, polish, ImproveOptions};
use npuzzle::search::{Algorithm, LimitKind, Limits};
use npuzzle::solve::{default_choice, solve, solve_streamed, Report, Request, Status};
use npuzzle::tables::TableStore;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

fn replay(start: &Board, moves: &[Move]) -> Board {
    let (w, h) = (start.width(), start.height());
    let mut tiles = start.tiles().to_vec();
    let mut b = start.blank();
    for (i, &m) in moves.iter().enumerate() {
        let to = npuzzle::board::neighbor(w, h, b, m).unwrap_or_else(|| panic!("move {i} leaves the board"));
        tiles.swap(b, to);
        b = to;
    }
    Board::new(w, h, tiles).unwrap()
}

/// One table store for every test here, kept for the whole run: each goal's tables (the final
/// block's exact table) are built once, not once a test.
fn shared_store() -> &'static TableStore {
    static STORE: OnceLock<TableStore> = OnceLock::new();
    STORE.get_or_init(TableStore::in_memory)
}

fn request(start: &Board, goal: &Board, algorithm: Algorithm, store: &TableStore) -> Request {
    let mut req = Request::new(start.clone(), goal.clone()).algorithm(algorithm);
    store.prepare_run(&mut req, None, &|_| {}, None).unwrap();
    req
}

#[test]
fn the_default_from_26_to_64_cells_is_pdb_beam_and_beyond_reduce_plus() {
    assert_eq!(default_choice(5, 5).0, Algorithm::Idastar);
    for (w, h) in [(6, 5), (6, 6), (7, 6), (7, 7), (9, 6), (3, 9)] {
        assert_eq!(default_choice(w, h).0, Algorithm::PdbBeam, "{w}×{h}");
    }
    // Beyond 64 cells or 12 a side, and where the size's set has groups of three tiles.
    for (w, h) in [(2, 13), (13, 4), (9, 9), (12, 12), (1000, 1000), (8, 7), (8, 8), (12, 5)] {
        assert_eq!(default_choice(w, h).0, Algorithm::ReducePlus, "{w}×{h}");
    }
    assert_eq!("reduce-plus".parse::<Algorithm>().unwrap(), Algorithm::ReducePlus);
    assert!(!Algorithm::ReducePlus.is_optimal());
}

/// Every shape and goal: the answer replays, its lower bound is admissible and at least the
/// Manhattan distance, it is never longer than reduce's, and a second run gives the same moves
/// (for the blank-last goal, on one board of each regime: pdb-beam at 36 and 64 cells,
/// reduce-plus at 91). One test a goal, so the harness runs them side by side.
fn answers_replay_within_their_bound_and_never_longer_than_reduce(goal: Goal, seed: u64) {
    let store = shared_store();
    let mut rng = Rng::new(seed);
    for (w, h) in [(6, 6), (7, 13), (2, 20), (20, 2), (8, 8), (5, 7), (3, 12)] {
        let blank_last = goal == Goal::BlankLast;
        let goal = goal.board(w, h).unwrap();
        let start = random_solvable(&goal, &mut rng);
        let req = request(&start, &goal, Algorithm::ReducePlus, store);
        let out = solve(&req).unwrap();
        assert_eq!(out.status, Status::Solved, "{w}×{h}");
        assert_eq!(out.limit, None);
        assert_eq!(out.cost, Some(out.moves.len() as u64));
        assert_eq!(replay(&start, &out.moves), goal, "{w}×{h} {goal}");
        let lb = out.lower_bound.expect("a solved answer has a lower bound");
        assert!(lb <= out.moves.len() as u64, "{w}×{h}: bound {lb} > {}", out.moves.len());
        assert!(lb >= npuzzle::heuristic::manhattan_distance(&start, &goal));
        assert_eq!(lb, lower_bound(&start, &goal));
        let plain = solve(&request(&start, &goal, Algorithm::Reduce, store)).unwrap();
        assert!(out.moves.len() <= plain.moves.len(), "{w}×{h}: {} > reduce's {}", out.moves.len(), plain.moves.len());
        if blank_last && matches!((w, h), (6, 6) | (8, 8) | (7, 13)) {
            assert_eq!(solve(&req).unwrap().moves, out.moves, "{w}×{h}: another run, other moves");
        }
        let report = Report::without_path(&req, &out);
        assert!(!report.optimal);
        assert_eq!(report.lower_bound, Some(lb));
    }
}

#[test]
fn answers_replay_within_their_bound_and_never_longer_than_reduce_blank_last() {
    answers_replay_within_their_bound_and_never_longer_than_reduce(Goal::BlankLast, 26);
}

#[test]
fn answers_replay_within_their_bound_and_never_longer_than_reduce_snail() {
    answers_replay_within_their_bound_and_never_longer_than_reduce(Goal::Snail, 27);
}

#[test]
fn answers_replay_within_their_bound_and_never_longer_than_reduce_blank_first() {
    answers_replay_within_their_bound_and_never_longer_than_reduce(Goal::BlankFirst, 28);
}

/// On a sample of random 6×6 to 10×10 boards the answers are shorter than reduce's overall.
#[test]
fn on_a_sample_the_answers_are_shorter_than_reduce() {
    let store = shared_store();
    let (mut plus, mut plain) = (0, 0);
    for (n, seed) in [(6, 1), (6, 2), (7, 3), (8, 4), (10, 5)] {
        let goal = Goal::BlankLast.board(n, n).unwrap();
        let start = random_solvable(&goal, &mut Rng::new(seed));
        let a = solve(&request(&start, &goal, Algorithm::ReducePlus, store)).unwrap().moves;
        let b = solve(&request(&start, &goal, Algorithm::Reduce, store)).unwrap().moves;
        assert_eq!(replay(&start, &a), goal);
        assert!(a.len() <= b.len(), "{n}×{n} seed {seed}");
        plus += a.len();
        plain += b.len();
    }
    assert!(plus * 4 < plain * 3, "reduce-plus {plus} moves, reduce {plain}");
}

/// The default's answers against the Manhattan distance, mean over boards drawn as
/// `npuzzle bench big` draws them: at most 1.7 on 6×6 and 1.9 on 8×8.
#[test]
fn moves_over_manhattan_on_a_sample() {
    let store = shared_store();
    for (n, seeds, most) in [(6, 1..=3, 1.7), (8, 1..=2, 1.9)] {
        let goal = Goal::BlankLast.board(n, n).unwrap();
        let (mut sum, mut count) = (0.0, 0.0);
        for seed in seeds {
            let start = random_solvable(&goal, &mut Rng::new(seed));
            let out = solve(&request(&start, &goal, Algorithm::ReducePlus, store)).unwrap();
            assert_eq!(replay(&start, &out.moves), goal);
            sum += out.moves.len() as f64 / npuzzle::heuristic::manhattan_distance(&start, &goal) as f64;
            count += 1.0;
        }
        assert!(sum / count <= most, "{n}×{n}: {:.3} > {most}", sum / count);
    }
}

/// From 257 to 1,600 cells the wide beam runs before reduction: answers replay, within their
/// lower bound, never longer than reduction's and shorter by 6 % over the sample, the same on
/// every run; every goal.
#[test]
fn beyond_256_cells_a_wide_beam_then_reduction() {
    let store = shared_store();
    let (mut plus, mut plain_sum) = (0, 0);
    for (w, h, goal, seed) in [(20, 20, Goal::BlankLast, 1), (17, 24, Goal::Snail, 2), (30, 12, Goal::BlankFirst, 3)] {
        let goal = goal.board(w, h).unwrap();
        let start = random_solvable(&goal, &mut Rng::new(seed));
        let req = request(&start, &goal, Algorithm::ReducePlus, store);
        let out = solve(&req).unwrap();
        assert_eq!(replay(&start, &out.moves), goal, "{w}×{h}");
        assert!(out.lower_bound.unwrap() <= out.moves.len() as u64);
        let plain = solve(&request(&start, &goal, Algorithm::Reduce, store)).unwrap();
        assert!(out.moves.len() <= plain.moves.len(), "{w}×{h}: {} against reduce's {}", out.moves.len(), plain.moves.len());
        plus += out.moves.len();
        plain_sum += plain.moves.len();
        if w == 20 {
            assert_eq!(solve(&req).unwrap().moves, out.moves, "another run, other moves");
        }
    }
    assert!(plus * 100 < plain_sum * 94, "reduce-plus {plus} moves, reduce {plain_sum}");
}

/// The 40×40 board `npuzzle bench big --sizes 40 --count 1` draws: at most 2.4 times its
/// Manhattan distance.
#[test]
fn a_40_by_40_board_within_2_4_times_its_manhattan_distance() {
    let store = shared_store();
    let goal = Goal::BlankLast.board(40, 40).unwrap();
    let start = random_solvable(&goal, &mut Rng::new(1));
    let out = solve(&request(&start, &goal, Algorithm::ReducePlus, store)).unwrap();
    assert_eq!(replay(&start, &out.moves), goal);
    let ratio = out.moves.len() as f64 / npuzzle::heuristic::manhattan_distance(&start, &goal) as f64;
    assert!(ratio <= 2.4, "{ratio:.3}");
}

/// A solution of a small board with its moves going out and back is shortened, and still
/// reaches the same board.
#[test]
fn windows_cut_detours() {
    let goal = Goal::BlankLast.board(6, 6).unwrap();
    let start = random_solvable(&goal, &mut Rng::new(3));
    let mut finisher = ExactFinisher::build(&goal, &ReduceOptions::default()).unwrap();
    let done = improve(&start, &goal, &ImproveOptions::for_board(6, 6), &mut finisher, &mut |_| false).unwrap();
    // A detour: around a 2×2 square and back, twelve moves that change nothing.
    let mut padded = Vec::new();
    let b = start.blank();
    let loop_moves = if b % 6 < 5 && b / 6 < 5 {
        [Move::Right, Move::Down, Move::Left, Move::Up]
    } else if b % 6 > 0 && b / 6 > 0 {
        [Move::Left, Move::Up, Move::Right, Move::Down]
    } else if b % 6 < 5 {
        [Move::Right, Move::Up, Move::Left, Move::Down]
    } else {
        [Move::Left, Move::Down, Move::Right, Move::Up]
    };
    for _ in 0..3 {
        padded.extend_from_slice(&loop_moves);
    }
    padded.extend_from_slice(&done.moves);
    assert_eq!(replay(&start, &padded), goal);
    let p = polish(&start, padded.clone(), &ImproveOptions::for_board(6, 6), &mut |_| false);
    assert_eq!(replay(&start, &p.moves), goal);
    assert!(p.moves.len() < padded.len(), "{} ≥ {}", p.moves.len(), padded.len());
    assert!(!p.stopped);
}

/// Stopped as soon as it may be (after reduction's answer), the engine returns reduction's
/// answer and says it stopped; the request path reports the limit on a solved outcome.
#[test]
fn anytime_the_best_answer_so_far_when_stopped() {
    let goal = Goal::Snail.board(7, 7).unwrap();
    let start = random_solvable(&goal, &mut Rng::new(8));
    let mut finisher = ExactFinisher::build(&goal, &ReduceOptions::default()).unwrap();
    let mut reduce_moves = Vec::new();
    npuzzle::search::reduce::reduce(&start, &goal, &ReduceOptions::default(), &mut finisher, &mut |m| reduce_moves.push(m), &|_| false)
        .unwrap();
    let stopped = improve(&start, &goal, &ImproveOptions::for_board(7, 7), &mut finisher, &mut |_| true).unwrap();
    assert!(stopped.stopped);
    assert_eq!((stopped.reduce_moves, stopped.staged_moves), (reduce_moves.len() as u64, None));
    assert_eq!(stopped.moves, reduce_moves);
    assert_eq!(replay(&start, &stopped.moves), goal);
    // Through the request path, a node limit passed after reduction's answer: solved, with the
    // limit named and the summary saying it was still improving.
    let store = shared_store();
    let mut req = request(&start, &goal, Algorithm::ReducePlus, store);
    req.limits = Limits { nodes: Some(reduce_moves.len() as u64 * 20), ..Limits::default() };
    let out = solve(&req).unwrap();
    match out.status {
        Status::Solved => {
            assert_eq!(replay(&start, &out.moves), goal);
            if let Some(kind) = out.limit {
                assert_eq!(kind, LimitKind::Nodes);
                assert!(out.summary().contains("still improving"), "{}", out.summary());
            }
        }
        Status::Limit => assert_eq!(out.limit, Some(LimitKind::Nodes)),
        s => panic!("{s:?}"),
    }
    // A cancel set before the run: no answer.
    let flag = Arc::new(AtomicBool::new(true));
    req.limits = Limits { cancel: Some(flag), ..Limits::default() };
    let out = solve(&req).unwrap();
    assert_eq!((out.status, out.limit), (Status::Limit, Some(LimitKind::Cancelled)));
    assert!(out.moves.is_empty() && out.lower_bound.is_none());
}

/// The streamed path hands over the same answer; beyond 40,000 cells the moves are reduce's,
/// streamed as made.
#[test]
fn streamed_answers_are_the_solution() {
    let store = shared_store();
    let goal = Goal::BlankLast.board(12, 9).unwrap();
    let start = random_solvable(&goal, &mut Rng::new(4));
    let req = request(&start, &goal, Algorithm::ReducePlus, store);
    let mut moves = Vec::new();
    let out = solve_streamed(&req, &mut |m| moves.push(m)).unwrap();
    assert_eq!(out.status, Status::Solved);
    assert_eq!(out.cost, Some(moves.len() as u64));
    assert_eq!(moves, solve(&req).unwrap().moves);
    assert!(out.lower_bound.unwrap() <= moves.len() as u64);
    let goal = Goal::BlankLast.board(201, 200).unwrap();
    let start = random_solvable(&goal, &mut Rng::new(5));
    let plus = request(&start, &goal, Algorithm::ReducePlus, store);
    let (mut n, mut given) = (0u64, 0u64);
    let out = solve_streamed(&plus, &mut |_| n += 1).unwrap();
    let plain = solve_streamed(&request(&start, &goal, Algorithm::Reduce, store), &mut |_| given += 1).unwrap();
    assert_eq!(out.status, Status::Solved);
    assert_eq!((out.cost, plain.cost), (Some(n), Some(given)));
    assert!(out.lower_bound.unwrap() <= n);
}

/// A memory limit below the beam's worst case narrows the beam (and the stage searches' budget):
/// the run still answers, its peak memory by its own count within the limit, and the answer
/// replays and is no longer than reduce's.
#[test]
fn a_memory_limit_narrows_the_beam() {
    let store = shared_store();
    let goal = Goal::BlankLast.board(8, 8).unwrap();
    let start = random_solvable(&goal, &mut Rng::new(3));
    let free = solve(&request(&start, &goal, Algorithm::ReducePlus, store)).unwrap();
    let plain = solve(&request(&start, &goal, Algorithm::Reduce, store)).unwrap();
    for limit in [free.stats.peak_memory / 3, 30 << 20] {
        let req = request(&start, &goal, Algorithm::ReducePlus, store).limits(Limits { memory: Some(limit), ..Limits::default() });
        let out = solve(&req).unwrap();
        assert_eq!(out.status, Status::Solved, "limit {limit}");
        assert_eq!(replay(&start, &out.moves), goal);
        assert!(out.stats.peak_memory <= limit, "limit {limit}: peak {}", out.stats.peak_memory);
        assert!(out.moves.len() <= plain.moves.len());
    }
}
