//! `pdb-beam`, the default solver from 26 to 64 cells, and the pattern databases that serve any
//! goal beyond 25 cells: the estimate never exceeds the optimum (found by IDA* with Manhattan
//! distance on boards a short walk from the goal) and is at least the Manhattan distance; the
//! lower bound a report carries is admissible; answers replay, never exceed reduction's, and
//! repeat for the same options; a node limit narrows the beams; a memory limit too small for
//! them leaves reduction's answer.

use npuzzle::board::Board;
use npuzzle::generate::{random_solvable, random_walk, Rng};
use npuzzle::goal::Goal;
use npuzzle::heuristic::pdb::SetSpec;
use npuzzle::search::{Algorithm, Limits};
use npuzzle::solve::{default_choice, lower_bound, lower_bound_with, solve, BoundSource, Request, Status};
use npuzzle::tables::TableStore;
use npuzzle::HeuristicKind;

fn manhattan(start: &Board, goal: &Board) -> u64 {
    let (w, at) = (start.width(), goal.positions());
    start
        .tiles()
        .iter()
        .enumerate()
        .filter(|&(_, &t)| t != 0)
        .map(|(c, &t)| ((c / w).abs_diff(at[t as usize] / w) + (c % w).abs_diff(at[t as usize] % w)) as u64)
        .sum()
}

/// On 6×5 boards (row-major groups of four tiles, any blank), for three goals: the databases'
/// estimate lies between the Manhattan distance and the optimum, and so does the lower bound.
#[test]
fn any_goal_estimates_are_admissible_and_at_least_manhattan() {
    let store = TableStore::in_memory();
    let spec = SetSpec::strongest(6, 5);
    let set = std::sync::Arc::new(store.any_goal(&spec, false, &|_| {}, None).unwrap());
    let tables = npuzzle::Tables::none().with_any_goal(set.clone());
    let mut rng = Rng::new(11);
    let mut above_manhattan = 0;
    for goal in [Goal::BlankLast, Goal::BlankFirst, Goal::Snail] {
        let goal = goal.board(6, 5).unwrap();
        let h = set.bind(&goal).unwrap();
        for _ in 0..6 {
            let (start, _) = random_walk(&goal, 40, &mut rng);
            let req = Request::new(start.clone(), goal.clone()).algorithm(Algorithm::Idastar).heuristic(HeuristicKind::Manhattan);
            let out = solve(&req).unwrap();
            assert_eq!(out.status, Status::Solved);
            let optimum = out.cost.unwrap();
            let tiles = start.tiles();
            let est = h.estimate_tiles(|c| tiles[c]) as u64;
            let md = manhattan(&start, &goal);
            assert!(md <= est && est <= optimum, "{start}: Manhattan {md}, estimate {est}, optimum {optimum}");
            above_manhattan += usize::from(est > md);
            let (bound, from) = lower_bound_with(&start, &goal, &tables, None);
            assert!(bound >= lower_bound(&start, &goal, None) && bound <= optimum, "{start}");
            assert_eq!(from == BoundSource::PatternDatabases, bound > lower_bound(&start, &goal, None));
        }
    }
    // The tables see more than Manhattan distance on random boards.
    let goal = Goal::BlankLast.board(6, 5).unwrap();
    let h = set.bind(&goal).unwrap();
    for _ in 0..10 {
        let start = random_solvable(&goal, &mut rng);
        let tiles = start.tiles();
        above_manhattan += usize::from(h.estimate_tiles(|c| tiles[c]) as u64 > manhattan(&start, &goal));
    }
    assert!(above_manhattan > 0);
}

fn beam_request(start: &Board, goal: &Board, store: &TableStore) -> Request {
    let mut req = Request::auto(start.clone(), goal.clone());
    store.prepare_run(&mut req, None, &|_| {}, None).unwrap();
    req
}

/// Random 6×5 and 3×9 boards, three goals: the default is pdb-beam; its answers replay to the
/// goal, are never longer than reduction's, carry an admissible lower bound at least the
/// formula's, and repeat.
#[test]
fn pdb_beam_answers_replay_and_are_never_longer_than_reduction() {
    let store = TableStore::in_memory();
    let mut rng = Rng::new(5);
    for (w, h) in [(6, 5), (3, 9)] {
        assert_eq!(default_choice(w, h).0, Algorithm::PdbBeam);
        for goal in [Goal::BlankLast, Goal::Snail] {
            let goal = goal.board(w, h).unwrap();
            let start = random_solvable(&goal, &mut rng);
            let mut req = beam_request(&start, &goal, &store);
            req.limits = Limits { nodes: Some(2_000_000), ..Limits::default() };
            let out = solve(&req).unwrap();
            assert_eq!(out.status, Status::Solved, "{w}×{h}: {}", out.summary());
            assert!(out.stats.generated > 0);
            let path = start.apply_all(&out.moves).unwrap();
            assert_eq!(path.last(), Some(&goal));
            let cost = out.cost.unwrap();
            let bound = out.lower_bound.unwrap();
            assert!(bound <= cost && bound >= lower_bound(&start, &goal, None), "{w}×{h}");
            let mut plain = Request::new(start.clone(), goal.clone()).algorithm(Algorithm::Reduce);
            store.prepare_run(&mut plain, None, &|_| {}, None).unwrap();
            let reduced = solve(&plain).unwrap().cost.unwrap();
            assert!(cost <= reduced, "{w}×{h}: {cost} > reduce's {reduced}");
            assert_eq!(solve(&req).unwrap().moves, out.moves, "the same options give the same answer");
        }
    }
}

/// A node limit narrows the beams: fewer nodes, an answer all the same, and the work stays
/// within about the limit; a memory limit below the beams' needs leaves reduction's answer.
#[test]
fn limits_narrow_the_beams_or_leave_reduction() {
    let store = TableStore::in_memory();
    let goal = Goal::BlankLast.board(6, 5).unwrap();
    let start = random_solvable(&goal, &mut Rng::new(8));
    let mut req = beam_request(&start, &goal, &store);
    let mut generated = Vec::new();
    for nodes in [300_000u64, 3_000_000] {
        req.limits = Limits { nodes: Some(nodes), ..Limits::default() };
        let out = solve(&req).unwrap();
        assert_eq!(out.status, Status::Solved);
        assert!(out.stats.generated <= nodes * 3 / 2, "{} for a limit of {nodes}", out.stats.generated);
        generated.push(out.stats.generated);
    }
    assert!(generated[0] < generated[1], "{generated:?}");
    req.limits = Limits { memory: Some(1 << 20), ..Limits::default() };
    let out = solve(&req).unwrap();
    let mut plain = Request::new(start.clone(), goal.clone()).algorithm(Algorithm::Reduce);
    store.prepare_run(&mut plain, None, &|_| {}, None).unwrap();
    assert_eq!(out.status, Status::Solved);
    assert_eq!(out.moves, solve(&plain).unwrap().moves, "reduction answers when the beams do not fit");
}

/// Re-solving the views' answer piece by piece: the answer replays, is never longer than the
/// views' own, the work stays within the budget (give or take one layer of a piece's beam),
/// and the same plan gives the same answer.
#[test]
fn pieces_never_lengthen_the_views_answer_and_keep_to_the_budget() {
    use npuzzle::search::pdb_beam::{self, Plan};
    let store = TableStore::in_memory();
    let set = store.any_goal(&SetSpec::strongest(6, 5), false, &|_| {}, None).unwrap();
    let mut rng = Rng::new(21);
    let mut pieces = 0;
    for goal in [Goal::BlankLast, Goal::Snail, Goal::BlankLast] {
        let goal = goal.board(6, 5).unwrap();
        let start = random_solvable(&goal, &mut rng);
        let plan = Plan::with_budget(npuzzle::search::reduce_plus::improve::lower_bound(&start, &goal), 3_000_000);
        assert!(!plan.pieces.is_empty());
        let views_only = Plan { pieces: Vec::new(), ..plan.clone() };
        let before = pdb_beam::solve(&set, None, &start, &goal, &views_only, &mut |_| false).unwrap();
        let after = pdb_beam::solve(&set, None, &start, &goal, &plan, &mut |_| false).unwrap();
        let (a, b) = (before.moves.unwrap(), after.moves.clone().unwrap());
        assert_eq!(start.apply_all(&b).unwrap().last(), Some(&goal));
        assert!(b.len() <= a.len(), "{start}: {} moves after re-solving, {} before", b.len(), a.len());
        assert_eq!(after.pieces > 0, b.len() < a.len(), "{start}: {} pieces replaced", after.pieces);
        assert!(!after.stopped);
        let layer = 4 * plan.piece_width as u64;
        assert!(after.nodes <= plan.budget.max(before.nodes) + layer, "{} nodes for a budget of {}", after.nodes, plan.budget);
        assert_eq!(pdb_beam::solve(&set, None, &start, &goal, &plan, &mut |_| false).unwrap(), after);
        pieces += after.pieces;
    }
    assert!(pieces > 0, "no piece of three answers was shortened");
}

/// The tables serving any goal are cache files like every table: a corrupt one is reported and
/// rebuilt; a build over the store's memory limit is refused before anything is built; a set
/// cancel flag stops a build.
#[test]
fn any_goal_tables_are_verified_rebuilt_and_limited() {
    use npuzzle::tables::TableEvent;
    use std::sync::atomic::AtomicBool;
    use std::sync::Mutex;
    let scratch = npuzzle_testkit::Scratch::new("pdb-any-goal");
    let store = TableStore::new(scratch.path());
    let spec = SetSpec::strongest(6, 5);
    let first = store.any_goal(&spec, false, &|_| {}, None).unwrap();
    let files: Vec<_> = std::fs::read_dir(scratch.path()).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_file()).collect();
    assert!(!files.is_empty());
    // Damage the largest file's last byte.
    let path = files.iter().max_by_key(|p| std::fs::metadata(p).unwrap().len()).unwrap().clone();
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x10;
    std::fs::write(&path, &bytes).unwrap();
    let fresh = TableStore::new(scratch.path());
    let events = Mutex::new(Vec::new());
    let again = fresh
        .any_goal(
            &spec,
            false,
            &|e: &TableEvent| {
                if let TableEvent::Corrupt { path, .. } = e {
                    events.lock().unwrap().push(path.to_path_buf());
                }
            },
            None,
        )
        .unwrap();
    assert_eq!(*events.lock().unwrap(), vec![path.clone()]);
    // The rebuilt tables give the same estimates.
    let goal = Goal::Snail.board(6, 5).unwrap();
    let start = random_solvable(&goal, &mut Rng::new(3));
    let tiles = start.tiles();
    let (a, b) = (first.bind(&goal).unwrap(), again.bind(&goal).unwrap());
    assert_eq!(a.estimate_tiles(|c| tiles[c]), b.estimate_tiles(|c| tiles[c]));
    // Loading only: the file is sound again.
    TableStore::new(scratch.path()).any_goal(&spec, true, &|_| {}, None).unwrap();

    let other = npuzzle_testkit::Scratch::new("pdb-any-goal-limits");
    let small = TableStore::new(other.path()).build_memory(Some(1000));
    assert!(matches!(small.any_goal(&spec, false, &|_| {}, None), Err(npuzzle::Error::Memory(_))));
    let cancelled = AtomicBool::new(true);
    let store = TableStore::new(other.path());
    assert!(matches!(store.any_goal(&spec, false, &|_| {}, Some(&cancelled)), Err(npuzzle::Error::Cancelled)));
}

/// The lower bound a report carries never exceeds the true distance: every 3×3 board a few
/// moves from two goals against the exact table, and known optima of the 15- and 24-puzzle,
/// with the pattern databases prepared.
#[test]
fn lower_bounds_with_tables_are_at_most_the_optimum() {
    let store = TableStore::in_memory();
    for goal in [Goal::BlankLast.board(3, 3).unwrap(), Goal::Snail.board(3, 3).unwrap()] {
        let tables = store.prepare(HeuristicKind::Pdb, &goal, &|_| {}, None).unwrap();
        let mut rng = Rng::new(2);
        for _ in 0..200 {
            let start = random_solvable(&goal, &mut rng);
            let req = Request::new(start.clone(), goal.clone()).algorithm(Algorithm::Idastar).heuristic(HeuristicKind::Exact);
            let req = req.tables(store.prepare(HeuristicKind::Exact, &goal, &|_| {}, None).unwrap());
            let optimum = solve(&req).unwrap().cost.unwrap();
            let (bound, _) = lower_bound_with(&start, &goal, &tables, None);
            assert!(bound <= optimum, "{start}: {bound} > {optimum}");
        }
    }
    let text = include_str!("../../../npuzzle-cli/data/korf100.txt");
    let goal = Goal::BlankFirst.board(4, 4).unwrap();
    let tables = store.prepare_set(&goal, &SetSpec::named(4, 4, "6-6-3").unwrap(), &|_| {}, None).unwrap();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).take(20) {
        let nums: Vec<u32> = line.split_whitespace().map(|t| t.parse().unwrap()).collect();
        let start = Board::new(4, 4, nums[1..17].to_vec()).unwrap();
        let (bound, _) = lower_bound_with(&start, &goal, &tables, None);
        assert!(bound <= nums[17] as u64 && bound >= lower_bound(&start, &goal, None), "Korf #{}", nums[0]);
    }
    let text = include_str!("../../../npuzzle-cli/data/deepcubea/puzzle24_dev.txt");
    let goal = Goal::BlankLast.board(5, 5).unwrap();
    let tables = store.prepare_set(&goal, &SetSpec::named(5, 5, "5-5-5-5-4").unwrap(), &|_| {}, None).unwrap();
    let mut tighter = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).take(40) {
        let (fields, board) = line.split_once('|').unwrap();
        let optimum: u64 = fields.split_whitespace().nth(3).unwrap().parse().unwrap();
        let start = npuzzle::parse::parse_board(board).unwrap();
        let (bound, from) = lower_bound_with(&start, &goal, &tables, None);
        assert!(bound <= optimum, "{start}: {bound} > {optimum}");
        tighter += usize::from(from == BoundSource::PatternDatabases);
    }
    assert!(tighter > 0, "the tables beat Manhattan plus linear conflicts on some 24-puzzle boards");
}
