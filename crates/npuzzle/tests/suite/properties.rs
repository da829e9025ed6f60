//! Property tests: solutions are valid move sequences, every heuristic is admissible
//! (h ≤ the true distance, from an independent breadth-first oracle), incremental updates
//! equal full estimates, and boards survive printing and parsing.

use npuzzle::board::{Board, Move};
use npuzzle::goal::Goal;
use npuzzle::heuristic::Heuristic;
use npuzzle::parse::parse_board;
use npuzzle::search::Algorithm;
use npuzzle::solve::{solve, Request, Status};
use npuzzle::state::{Packed64, State};
use npuzzle::TableStore;
use npuzzle::{Cost, HeuristicKind};
use proptest::prelude::*;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Exact distances to `goal` for every board of the size, from the shared breadth-first oracle
/// (no library code).
fn distances(width: usize, height: usize, goal: &[u32]) -> HashMap<Vec<u32>, u32> {
    let goal: Vec<u8> = goal.iter().map(|&t| t as u8).collect();
    npuzzle_testkit::distances(width, height, &goal).into_iter().map(|(b, d)| (b.into_iter().map(u32::from).collect(), d)).collect()
}

/// Every admissible heuristic for `goal` (all but the learnt estimate, which claims nothing),
/// the table-driven ones with their tables built in memory.
fn heuristics(goal: &Board) -> Vec<Heuristic> {
    let store = TableStore::in_memory();
    HeuristicKind::ALL
        .iter()
        .filter(|k| k.is_admissible())
        .map(|&k| {
            let tables = store.prepare(k, goal, &|_| {}, None).unwrap();
            Heuristic::new(k, goal, &tables).unwrap()
        })
        .collect()
}

type Oracle = (Board, HashMap<Vec<u32>, u32>, Vec<Heuristic>);

fn oracle_for(goal: Board) -> Oracle {
    let d = distances(goal.width(), goal.height(), goal.tiles());
    let h = heuristics(&goal);
    (goal, d, h)
}

fn snail_3x3() -> &'static Oracle {
    static T: OnceLock<Oracle> = OnceLock::new();
    T.get_or_init(|| oracle_for(Goal::Snail.board(3, 3).unwrap()))
}

fn last_2x4() -> &'static Oracle {
    static T: OnceLock<Oracle> = OnceLock::new();
    T.get_or_init(|| oracle_for(Goal::BlankLast.board(4, 2).unwrap()))
}

fn perm(n: u32) -> impl Strategy<Value = Vec<u32>> {
    Just((0..n).collect::<Vec<u32>>()).prop_shuffle()
}

fn moves() -> impl Strategy<Value = Vec<Move>> {
    prop::collection::vec(prop::sample::select(Move::ALL.to_vec()), 0..60)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn heuristics_never_overestimate_on_3x3(tiles in perm(9)) {
        let (goal, dist, heurs) = snail_3x3();
        let b = Board::new(3, 3, tiles.clone()).unwrap();
        if let Some(&d) = dist.get(&tiles) {
            for heur in heurs {
                let h = heur.estimate_board(&b);
                prop_assert!(h <= Cost::moves(d), "{}: h = {h} > {d} for {b}", heur.estimator());
            }
        } else {
            prop_assert!(!b.can_reach(goal));
        }
    }

    #[test]
    fn heuristics_never_overestimate_on_2x4(tiles in perm(8)) {
        let (goal, dist, heurs) = last_2x4();
        let b = Board::new(4, 2, tiles.clone()).unwrap();
        prop_assert_eq!(dist.contains_key(&tiles), b.can_reach(goal));
        if let Some(&d) = dist.get(&tiles) {
            for heur in heurs {
                let h = heur.estimate_board(&b);
                prop_assert!(h <= Cost::moves(d), "{}: h = {h} > {d} for {b}", heur.estimator());
            }
        }
    }

    #[test]
    fn solutions_are_valid_move_sequences(start in perm(9), goal in perm(9), alg in prop::sample::select(vec![Algorithm::Astar, Algorithm::Greedy, Algorithm::Lc, Algorithm::Idastar, Algorithm::Dfs, Algorithm::Bidirectional])) {
        let start = Board::new(3, 3, start).unwrap();
        let goal = Board::new(3, 3, goal).unwrap();
        let out = solve(&Request::new(start.clone(), goal.clone()).algorithm(alg).heuristic(HeuristicKind::LinearConflict)).unwrap();
        if start.can_reach(&goal) {
            prop_assert_eq!(out.status, Status::Solved);
            let path = start.apply_all(&out.moves).expect("moves stay on the board");
            prop_assert_eq!(path.last().unwrap(), &goal);
            prop_assert_eq!(out.cost, Some(out.moves.len() as u64));
        } else {
            prop_assert_eq!(out.status, Status::Unsolvable);
        }
    }

    #[test]
    fn incremental_updates_equal_full_estimates(goal in perm(16), walk in moves()) {
        let goal = Board::new(4, 4, goal).unwrap();
        // Table heuristics are checked against the oracle elsewhere; a random 4×4 goal would
        // need its own pattern databases.
        for kind in HeuristicKind::classic() {
            let heur = Heuristic::formula(kind, &goal).unwrap();
            let mut s = Packed64::from_tiles(goal.tiles());
            let mut h = heur.estimate(&s);
            prop_assert_eq!(h, Cost::ZERO);
            for &m in &walk {
                let blank = s.blank();
                let Some(to) = goal.neighbor(blank, m) else { continue };
                let tile = s.slide(to);
                h = heur.update(&s, h, tile, to, blank);
                prop_assert_eq!(h, heur.estimate(&s), "{} after {:?}", kind, m);
            }
        }
    }

    #[test]
    fn boards_print_and_parse_back(w in 2usize..7, h in 2usize..7, seed in any::<u64>()) {
        let mut tiles: Vec<u32> = (0..(w * h) as u32).collect();
        let mut x = seed | 1;
        for i in (1..tiles.len()).rev() {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            tiles.swap(i, (x % (i as u64 + 1)) as usize);
        }
        let b = Board::new(w, h, tiles).unwrap();
        prop_assert_eq!(parse_board(&b.to_string()).unwrap(), b.clone());
        prop_assert_eq!(parse_board(&serde_json::to_string(&b).unwrap()).unwrap(), b);
    }
}
