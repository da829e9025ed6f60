//! The multi-tile metric (MTM: the tiles between the blank and a cell of its row or column slide
//! together, one move) against an independent breadth-first oracle
//! (`npuzzle_testkit::slide_distances`, plain `Vec<u8>` boards and its own slide arithmetic).

use npuzzle::board::Board;
use npuzzle::cost::CostModel;
use npuzzle::goal::Goal;
use npuzzle::heuristic::mtm::SlideWalk;
use npuzzle::metric::{Metric, MtmTable};
use npuzzle::notation::mtm_length;
use npuzzle::record::{Event, Recorder};
use npuzzle::search::{Algorithm, Limits};
use npuzzle::solve::{default_choice_in, solve, solve_observed, Report, Request, Status};
use npuzzle::{Error, HeuristicKind, TableStore};
use npuzzle_testkit::{slide_distances, Rng};
use std::collections::HashMap;

fn tiles(b: &Board) -> Vec<u8> {
    b.tiles().iter().map(|&t| t as u8).collect()
}

fn board(width: usize, height: usize, tiles: &[u8]) -> Board {
    Board::new(width, height, tiles.iter().map(|&t| t as u32).collect()).unwrap()
}

/// `count` boards of `dist`, drawn with `rng` from its entries in a fixed order.
fn sample(dist: &HashMap<Vec<u8>, u32>, rng: &mut Rng, count: usize) -> Vec<(Vec<u8>, u32)> {
    let mut all: Vec<(&Vec<u8>, &u32)> = dist.iter().collect();
    all.sort();
    (0..count).map(|_| all[rng.below(all.len())]).map(|(b, d)| (b.clone(), *d)).collect()
}

/// A request in MTM with its tables prepared.
fn prepared(store: &TableStore, start: &Board, goal: &Board, alg: Algorithm, heur: HeuristicKind) -> Result<Request, Error> {
    let mut req = Request::new(start.clone(), goal.clone()).algorithm(alg).heuristic(heur).metric(Metric::Mtm);
    req.limits = Limits { nodes: Some(5_000_000), ..Limits::default() };
    store.prepare_run(&mut req, None, &|_| {}, None)?;
    Ok(req)
}

#[test]
fn the_library_table_matches_the_oracle_on_every_3x3_board() {
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let dist = slide_distances(3, 3, &tiles(&goal));
    assert_eq!(dist.len(), 181_440);
    // Published: every 3×3 board is at most 24 multi-tile moves from the goal.
    assert_eq!(dist.values().max(), Some(&24));
    let table = MtmTable::new(&goal).unwrap();
    assert_eq!(table.len(), dist.len());
    for (b, &d) in &dist {
        assert_eq!(table.distance(&board(3, 3, b)), Some(d as u64));
    }
}

#[test]
fn every_algorithm_that_claims_optimality_matches_the_oracle_in_mtm() {
    let (w, h) = (3, 3);
    let store = TableStore::in_memory();
    let mut rng = Rng(55);
    let mut checked = 0;
    for goal in [Goal::BlankLast.board(w, h).unwrap(), Goal::Snail.board(w, h).unwrap()] {
        let dist = slide_distances(w, h, &tiles(&goal));
        for (start_tiles, want) in sample(&dist, &mut rng, 5) {
            let start = board(w, h, &start_tiles);
            for &alg in Algorithm::ALL {
                for heur in HeuristicKind::ALL {
                    if !alg.uses_heuristic() && heur != HeuristicKind::Zero {
                        continue;
                    }
                    let req = match prepared(&store, &start, &goal, alg, heur) {
                        Ok(req) => req,
                        Err(e) => {
                            // Only what makes single-tile moves or estimates them is refused.
                            assert!(!alg.runs_mtm() || !heur.info().mtm, "{alg}/{heur}: {e}");
                            assert!(matches!(e, Error::Unsupported(_)), "{alg}/{heur}: {e}");
                            continue;
                        }
                    };
                    // Linear-space searches with weak estimates re-expand nodes once per rise
                    // of the bound; the deep boards get the strong estimates only.
                    let weak = matches!(heur, HeuristicKind::Zero | HeuristicKind::Misplaced);
                    let linear = matches!(alg, Algorithm::Iddfs | Algorithm::Idastar | Algorithm::Rbfs | Algorithm::Dfbnb | Algorithm::Dfs);
                    if linear && weak && want > 8 {
                        continue;
                    }
                    let out = solve(&req).unwrap();
                    if out.status == Status::Limit && !req.guarantees_optimal() {
                        continue;
                    }
                    assert_eq!(out.status, Status::Solved, "{alg}/{heur} on {start}");
                    let end = npuzzle_testkit::replay(w, h, &start_tiles, &npuzzle::board::moves_to_string(&out.moves));
                    assert_eq!(end.as_deref(), Some(&tiles(&goal)[..]), "{alg}/{heur}: the moves reach the goal");
                    let cost = out.cost.unwrap();
                    assert_eq!(cost, mtm_length(&out.moves), "{alg}/{heur}: the cost counts the slides");
                    assert!(cost >= want as u64, "{alg}/{heur} on {start}: {cost} below the optimum {want}");
                    assert!(out.lower_bound.unwrap() <= want as u64, "{alg}/{heur}: the lower bound exceeds the optimum");
                    let report = Report::without_path(&req, &out);
                    assert_eq!(report.metric, Some(Metric::Mtm));
                    if req.guarantees_optimal() {
                        assert_eq!(cost, want as u64, "{alg}/{heur} on {start} -> {goal}: the optimum is {want} slides");
                        assert!(report.optimal);
                        checked += 1;
                    }
                }
            }
        }
    }
    // BFS, UCS, A* with each of the four, IDA*, RBFS, DFBnB, IDDFS, bidirectional…
    assert!(checked >= 10 * 10, "{checked}");
}

#[test]
fn the_estimates_never_exceed_the_multi_tile_distance() {
    for (w, h) in [(3, 3), (2, 4), (4, 2), (2, 3)] {
        let goal = Goal::BlankLast.board(w, h).unwrap();
        let dist = slide_distances(w, h, &tiles(&goal));
        let mut rng = Rng(w as u64 * 10 + h as u64);
        let tables = npuzzle::Tables::none().with_mtm_walk(std::sync::Arc::new(SlideWalk::new(&goal).unwrap()));
        for kind in [HeuristicKind::Misplaced, HeuristicKind::Manhattan, HeuristicKind::Pdb] {
            let est = npuzzle::heuristic::Heuristic::in_metric(kind, &goal, &tables, CostModel::Unit, Metric::Mtm).unwrap();
            let mut informed = 0;
            for (b, d) in sample(&dist, &mut rng, 3000) {
                let e = est.estimate_board(&board(w, h, &b)).floor_moves();
                assert!(e <= d as u64, "{kind} on {w}x{h} {b:?}: {e} > {d}");
                informed += usize::from(e > 0);
            }
            // Not a constant 0: the estimate carries information.
            assert!(informed > 1000, "{kind} on {w}x{h}: {informed}");
        }
    }
}

#[test]
fn every_board_of_2x3_and_3x2_is_solved_optimally_by_default() {
    let store = TableStore::in_memory();
    for (w, h) in [(2, 3), (3, 2)] {
        let goal = Goal::BlankLast.board(w, h).unwrap();
        let dist = slide_distances(w, h, &tiles(&goal));
        assert_eq!(dist.len(), 360);
        let (alg, heur) = default_choice_in(w, h, CostModel::Unit, Metric::Mtm);
        for (b, &d) in &dist {
            let req = prepared(&store, &board(w, h, b), &goal, alg, heur).unwrap();
            let out = solve(&req).unwrap();
            assert_eq!(out.cost, Some(d as u64), "{b:?}");
            assert!(Report::without_path(&req, &out).optimal);
        }
    }
}

#[test]
fn a_trace_names_each_slide_with_its_count() {
    let start = npuzzle::parse::parse_board("1 2 3/4 5 6/0 7 8").unwrap();
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let req = Request::new(start, goal).algorithm(Algorithm::Bfs).metric(Metric::Mtm);
    let (out, rec) = solve_observed(&req, Recorder::new(9, 1000, true)).unwrap();
    assert_eq!(out.cost, Some(1));
    assert_eq!(npuzzle::board::moves_to_string(&out.moves), "RR");
    let moves: Vec<String> = rec
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Generated { node, .. } => node.mv.clone(),
            _ => None,
        })
        .collect();
    // From the bottom-left corner: two slides up, two right; the goal is R2.
    assert_eq!(moves, ["U", "U2", "R", "R2"]);
    let report = Report::without_path(&req, &out);
    assert_eq!(npuzzle::notation::write(&out.moves, npuzzle::notation::Reading::Blank), "R2");
    assert_eq!(report.message, "solved in 1 multi-tile move (2 single-tile)");
    // The trace says how its moves are counted, in text and in JSON.
    assert!(npuzzle::render::trace::heading(&req).contains(", metric mtm: each slide of one or more tiles is one move"));
    let json = serde_json::to_value(npuzzle::render::trace::json_trace(&req, &rec, &report, 10).start).unwrap();
    assert_eq!(json["metric"], "mtm");
    let stm = Request::new(req.start.clone(), req.goal.clone()).algorithm(Algorithm::Bfs);
    assert!(!npuzzle::render::trace::heading(&stm).contains("metric"));
}

#[test]
fn what_cannot_count_slides_is_refused() {
    let start = npuzzle::parse::parse_board("1 2 3/4 5 6/0 7 8").unwrap();
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let refuse = |req: Request, says: &str| {
        let e = solve(&req).unwrap_err();
        assert!(matches!(e, Error::Unsupported(_)) && e.to_string().contains(says), "{e}");
    };
    let base = Request::new(start, goal).metric(Metric::Mtm);
    refuse(base.clone().algorithm(Algorithm::Annealing), "single-tile moves only");
    refuse(base.clone().algorithm(Algorithm::ReducePlus), "single-tile moves only");
    refuse(base.clone().heuristic(HeuristicKind::LinearConflict), "overestimates multi-tile ones");
    refuse(base.clone().heuristic(HeuristicKind::Euclidean), "overestimates multi-tile ones");
    refuse(base.clone().cost(CostModel::Tile), "each costing 1");
    // The exact heuristic beyond the table's 9 cells.
    let store = TableStore::in_memory();
    let big = Goal::BlankLast.board(4, 4).unwrap();
    let e = prepared(&store, &big, &big, Algorithm::Astar, HeuristicKind::Exact).unwrap_err();
    assert!(e.to_string().contains("at most 9 cells"), "{e}");
}

/// The walking distance's abstraction of 4×4 has 24,964 states, the count published for
/// Takahashi's walking distance (the slides reach the same abstract boards as single-tile
/// moves: each is a run of them); it is at least the slide bound from the tiles' distances.
#[test]
fn the_walking_distance_in_slides_has_the_published_size_and_dominates_the_tiles_distances() {
    let goal = Goal::BlankLast.board(4, 4).unwrap();
    let walk = SlideWalk::new(&goal).unwrap();
    assert_eq!(walk.sizes(), (24_964, 24_964));
    let axes = npuzzle::heuristic::Heuristic::in_metric(
        HeuristicKind::Manhattan,
        &goal,
        &npuzzle::heuristic::NoTables,
        CostModel::Unit,
        Metric::Mtm,
    )
    .unwrap();
    let mut rng = Rng(44);
    let mut stronger = 0;
    for _ in 0..500 {
        let b = board(4, 4, &rng.walk(4, 4, &tiles(&goal), 200));
        let (w, a) = (walk.estimate_tiles(|c| b.tiles()[c]) as u64, axes.estimate_board(&b).floor_moves());
        assert!(w >= a, "{b}: {w} < {a}");
        stronger += usize::from(w > a);
    }
    assert!(stronger > 250, "{stronger}");
    assert!(SlideWalk::new(&Goal::BlankLast.board(5, 4).unwrap()).is_err());
}

/// On 4×4, the default (IDA* on the walking distance in slides) and IDA* on the tiles'
/// distances over the longest slide agree with breadth-first search in MTM on short scrambles
/// (random walks of single-tile moves).
#[test]
fn the_4x4_default_agrees_with_breadth_first_search() {
    let goal = Goal::BlankLast.board(4, 4).unwrap();
    let store = TableStore::in_memory();
    let (alg, heur) = default_choice_in(4, 4, CostModel::Unit, Metric::Mtm);
    let mut rng = Rng(16);
    for _ in 0..6 {
        let start_tiles = rng.walk(4, 4, &tiles(&goal), 14);
        let start = board(4, 4, &start_tiles);
        let bfs = solve(&prepared(&store, &start, &goal, Algorithm::Bfs, HeuristicKind::Zero).unwrap()).unwrap();
        assert_eq!((alg, heur), (Algorithm::Idastar, HeuristicKind::Pdb));
        for heur in [heur, HeuristicKind::Manhattan] {
            let req = prepared(&store, &start, &goal, alg, heur).unwrap();
            let out = solve(&req).unwrap();
            assert_eq!(out.cost, bfs.cost, "{start}");
            assert!(Report::without_path(&req, &out).optimal);
        }
    }
}

/// On 3×4, beyond the exact table, the analysis finds the MTM optimum and the MTM distance after
/// each slide by search; each agrees with breadth-first search over the slides from that board.
#[test]
fn the_analysis_of_a_3x4_solve_agrees_with_breadth_first_search_in_mtm() {
    let goal = Goal::BlankLast.board(3, 4).unwrap();
    let g = tiles(&goal);
    let store = TableStore::in_memory();
    let mut rng = Rng(34);
    for _ in 0..2 {
        let start_tiles = rng.walk(3, 4, &g, 16);
        let start = board(3, 4, &start_tiles);
        let mut req = Request::auto(start.clone(), goal.clone());
        store.prepare_run(&mut req, None, &|_| {}, None).unwrap();
        // An optimal solution with a detour first: a move and its undoing.
        let best = solve(&req).unwrap().moves;
        let detour = if start.apply_all(&[npuzzle::board::Move::Up]).is_ok() { "UD" } else { "DU" };
        let written = format!("{detour}{}", npuzzle::board::moves_to_string(&best));
        let moves = npuzzle::notation::parse(&written, npuzzle::notation::Reading::Blank).unwrap();
        let a = npuzzle::analysis::analyse(&req, &moves, npuzzle::notation::Reading::Blank, &mut |_, _| {}).unwrap();
        assert!(a.reaches_goal);
        assert_eq!(a.wasted_stm, 2, "{written}");
        let oracle = |b: &[u8]| npuzzle_testkit::slide_distance(3, 4, b, &g).unwrap() as u64;
        assert_eq!(a.optimum.mtm, Some(oracle(&start_tiles)), "{start}");
        let mtm_solution = npuzzle::notation::parse(a.optimum.mtm_solution.as_deref().unwrap(), npuzzle::notation::Reading::Blank).unwrap();
        assert_eq!(mtm_length(&mtm_solution), oracle(&start_tiles));
        assert_eq!(start.apply_all(&mtm_solution).unwrap().last(), Some(&goal));
        // The distance after each slide.
        let ds = a.mtm_distances.as_ref().unwrap();
        let mut at = 0;
        for (k, (_, len)) in npuzzle::notation::runs(&moves).into_iter().enumerate() {
            at += len;
            let b = npuzzle_testkit::replay(3, 4, &start_tiles, &written[..at]).unwrap();
            assert_eq!(ds[k + 1], oracle(&b), "after slide {}", k + 1);
        }
        // The wasted slides are those after which the oracle's distance did not fall.
        let wasted: Vec<usize> = (1..ds.len()).filter(|&k| ds[k] >= ds[k - 1]).collect();
        assert_eq!(a.wasted_slides.as_ref().unwrap(), &wasted);
        assert!(!wasted.is_empty(), "the detour wastes at least one slide: {written}");
    }
}
