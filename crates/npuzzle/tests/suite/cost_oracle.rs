//! Step costs ("heavy tiles": moving tile t costs t) against an independent Dijkstra oracle.
//!
//! The oracle shares no code with the library: it walks plain `Vec<u8>` boards with its own
//! neighbour arithmetic and runs Dijkstra's algorithm from the goal (a move and its inverse
//! slide the same tile, so the cost to the goal is the cost from it).

use npuzzle::board::{Board, Move};
use npuzzle::cost::CostModel;
use npuzzle::goal::Goal;
use npuzzle::search::{Algorithm, Limits};
use npuzzle::solve::{default_choice_for, solve, Report, Request, Status};
use npuzzle::HeuristicKind;
use npuzzle::TableStore;
use npuzzle_testkit::Rng;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

/// The cheapest cost of every board of `width`×`height` to `goal`, moving tile t costing t.
fn dijkstra(width: usize, height: usize, goal: &[u8]) -> HashMap<Vec<u8>, u64> {
    let mut dist: HashMap<Vec<u8>, u64> = HashMap::new();
    let mut heap = BinaryHeap::new();
    dist.insert(goal.to_vec(), 0);
    heap.push(Reverse((0u64, goal.to_vec())));
    while let Some(Reverse((d, b))) = heap.pop() {
        if dist.get(&b).is_some_and(|&best| best < d) {
            continue;
        }
        let blank = b.iter().position(|&t| t == 0).unwrap();
        let (r, c) = (blank / width, blank % width);
        let mut next = Vec::new();
        if r > 0 {
            next.push(blank - width);
        }
        if r + 1 < height {
            next.push(blank + width);
        }
        if c > 0 {
            next.push(blank - 1);
        }
        if c + 1 < width {
            next.push(blank + 1);
        }
        for to in next {
            let mut n = b.clone();
            let step = n[to] as u64;
            n.swap(blank, to);
            let nd = d + step;
            if dist.get(&n).is_none_or(|&best| nd < best) {
                dist.insert(n.clone(), nd);
                heap.push(Reverse((nd, n)));
            }
        }
    }
    dist
}

fn board(width: usize, height: usize, tiles: &[u8]) -> Board {
    Board::new(width, height, tiles.iter().map(|&t| t as u32).collect()).unwrap()
}

/// What `moves` cost from `start`, by the oracle's own arithmetic, and that they reach `goal`.
fn replay_cost(width: usize, start: &[u8], goal: &[u8], moves: &[Move]) -> u64 {
    let mut b = start.to_vec();
    let mut cost = 0;
    for m in moves {
        let blank = b.iter().position(|&t| t == 0).unwrap();
        let to = match m {
            Move::Up => blank - width,
            Move::Down => blank + width,
            Move::Left => blank - 1,
            Move::Right => blank + 1,
        };
        cost += b[to] as u64;
        b.swap(blank, to);
    }
    assert_eq!(b, goal, "the moves end at the goal");
    cost
}

/// `count` boards drawn from the oracle's table, with their costs, cheapest-first sorted by
/// nothing but the seed.
fn sample(dist: &HashMap<Vec<u8>, u64>, rng: &mut Rng, count: usize) -> Vec<(Vec<u8>, u64)> {
    let mut all: Vec<(&Vec<u8>, &u64)> = dist.iter().collect();
    all.sort();
    (0..count).map(|_| all[rng.below(all.len())]).map(|(b, d)| (b.clone(), *d)).collect()
}

#[test]
fn every_algorithm_that_claims_optimality_matches_dijkstra_under_tile_costs() {
    let (w, h) = (3, 3);
    let store = TableStore::in_memory();
    let mut rng = Rng(35);
    let mut checked = 0;
    for goal in [Goal::BlankLast.board(w, h).unwrap(), Goal::Snail.board(w, h).unwrap()] {
        let goal_tiles: Vec<u8> = goal.tiles().iter().map(|&t| t as u8).collect();
        let dist = dijkstra(w, h, &goal_tiles);
        assert_eq!(dist.len(), 181_440);
        for (start_tiles, want) in sample(&dist, &mut rng, 6) {
            let start = board(w, h, &start_tiles);
            for &alg in Algorithm::ALL {
                for heur in HeuristicKind::ALL {
                    // The classics from the literature count unit moves and refuse tile costs.
                    if (!alg.uses_heuristic() && heur != HeuristicKind::Zero) || !heur.info().tile_costs {
                        continue;
                    }
                    let req = Request::new(start.clone(), goal.clone()).algorithm(alg).heuristic(heur).cost(CostModel::Tile);
                    if !req.guarantees_optimal() || heur.check_size(w, h).is_err() {
                        continue;
                    }
                    // Linear-space searches with weak estimates re-expand nodes once per small
                    // rise of the cost bound; test them with the strong estimates only.
                    let weak = matches!(heur, HeuristicKind::Zero | HeuristicKind::Misplaced | HeuristicKind::Euclidean);
                    if weak && matches!(alg, Algorithm::Idastar | Algorithm::Rbfs | Algorithm::Dfbnb) {
                        continue;
                    }
                    let tables = store.prepare_for(heur, &goal, CostModel::Tile, &|_| {}, None).unwrap();
                    let req = req.tables(tables).limits(Limits { nodes: Some(20_000_000), ..Limits::default() });
                    let out = solve(&req).unwrap();
                    assert_eq!(out.status, Status::Solved, "{alg}/{heur} on {start}");
                    assert_eq!(out.cost, Some(want), "{alg}/{heur} on {start} -> {goal}: the cheapest costs {want}");
                    assert_eq!(replay_cost(w, &start_tiles, &goal_tiles, &out.moves), want, "{alg}/{heur}: the moves cost what it says");
                    assert!(Report::without_path(&req, &out).optimal);
                    checked += 1;
                }
            }
        }
    }
    // UCS, A* with each heuristic, IDA*, RBFS, DFBnB with the strong ones, bidirectional...
    assert!(checked >= 12 * 8, "{checked}");
}

#[test]
fn breadth_first_and_iterative_deepening_say_they_are_not_optimal_in_cost() {
    let (w, h) = (3, 3);
    let goal = Goal::BlankLast.board(w, h).unwrap();
    let goal_tiles: Vec<u8> = goal.tiles().iter().map(|&t| t as u8).collect();
    let dist = dijkstra(w, h, &goal_tiles);
    let mut rng = Rng(7);
    let mut dearer = 0;
    for (start_tiles, want) in sample(&dist, &mut rng, 30) {
        let start = board(w, h, &start_tiles);
        for alg in [Algorithm::Bfs, Algorithm::Iddfs] {
            if alg == Algorithm::Iddfs && want > 60 {
                continue;
            }
            let req = Request::new(start.clone(), goal.clone()).algorithm(alg).cost(CostModel::Tile);
            let out = solve(&req).unwrap();
            let got = out.cost.unwrap();
            assert_eq!(replay_cost(w, &start_tiles, &goal_tiles, &out.moves), got);
            assert!(got >= want);
            dearer += usize::from(got > want);
            let report = Report::without_path(&req, &out);
            assert!(!report.optimal, "{alg} claims optimality under tile costs");
            assert!(report.cost_note.as_deref().is_some_and(|n| n.contains("fewest moves")), "{:?}", report.cost_note);
            // Under unit costs the same search is optimal and says nothing.
            let unit = Request::new(start.clone(), goal.clone()).algorithm(alg);
            let r = Report::without_path(&unit, &solve(&unit).unwrap());
            assert!(r.optimal && r.cost_note.is_none());
        }
    }
    // Not every fewest-moves answer is the cheapest: the sample holds some that are dearer.
    assert!(dearer > 0);
}

/// The default 4×4 solver under tile costs (IDA* with pattern databases built with the costs)
/// against IDA* with Manhattan distance weighed by the tiles' costs, on random walks.
#[test]
fn the_default_4x4_solver_is_optimal_under_tile_costs() {
    let (w, h) = (4, 4);
    let goal = Goal::BlankLast.board(w, h).unwrap();
    let goal_tiles: Vec<u8> = goal.tiles().iter().map(|&t| t as u8).collect();
    let (alg, heur) = default_choice_for(w, h, CostModel::Tile);
    assert_eq!((alg, heur), (Algorithm::Idastar, HeuristicKind::Pdb));
    let store = TableStore::in_memory();
    let tables = store.prepare_for(heur, &goal, CostModel::Tile, &|_| {}, None).unwrap();
    let mut rng = Rng(4);
    for _ in 0..4 {
        let start_tiles = rng.walk(w, h, &goal_tiles, 40);
        let start = board(w, h, &start_tiles);
        let fast = Request::new(start.clone(), goal.clone()).algorithm(alg).heuristic(heur).cost(CostModel::Tile).tables(tables.clone());
        let fast = solve(&fast).unwrap();
        let check = Request::new(start.clone(), goal.clone())
            .algorithm(Algorithm::Idastar)
            .heuristic(HeuristicKind::Manhattan)
            .cost(CostModel::Tile);
        let check = solve(&check).unwrap();
        assert_eq!(fast.status, Status::Solved);
        assert_eq!(fast.cost, check.cost, "on {start}");
        assert_eq!(replay_cost(w, &start_tiles, &goal_tiles, &fast.moves), fast.cost.unwrap());
    }
}
