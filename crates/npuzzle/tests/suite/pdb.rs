//! Pattern databases, exact tables and the fast IDA* engine against breadth-first oracles.
//! Small boards and small patterns only: nothing here builds a large table.

use npuzzle::board::{Board, Move, MoveOrder};
use npuzzle::fast::catalogue::Probes;
use npuzzle::fast::ida;
use npuzzle::fast::prune::Fsm;
use npuzzle::goal::Goal;
use npuzzle::heuristic::exact::ExactHeuristic;
use npuzzle::heuristic::pdb::{self, Pdb, PdbHeuristic, Ranker, SetSpec};
use npuzzle::heuristic::{Heuristic, HeuristicKind};
use npuzzle::search::{End, LimitKind, Limits};
use npuzzle::solve::{solve, BoundSource, Request, Status};
use npuzzle::state::{Packed64, State};
use npuzzle::tables::cache::{self, CacheError};
use npuzzle::tables::{TableEvent, TableStore, Tables};
use npuzzle_testkit::Scratch;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

/// Exact distance to `goal` of every board that reaches it, from the shared oracle.
fn oracle(goal: &Board) -> HashMap<Vec<u32>, u32> {
    let g: Vec<u8> = goal.tiles().iter().map(|&t| t as u8).collect();
    npuzzle_testkit::distances(goal.width(), goal.height(), &g)
        .into_iter()
        .map(|(b, d)| (b.into_iter().map(u32::from).collect(), d))
        .collect()
}

/// The distances of one pattern by 0-1 breadth-first search over (pattern-tile cells, blank
/// cell): the blank steps onto a free cell for 0, or swaps with a pattern tile for 1. A
/// placement's value is the least over the blank's cells.
fn pattern_oracle(width: usize, height: usize, blank: u8, pattern: &[u8]) -> HashMap<Vec<u8>, u8> {
    let mut best: HashMap<Vec<u8>, u8> = HashMap::new();
    for ((cells, _), d) in pattern_oracle_by_blank(width, height, blank, pattern) {
        let e = best.entry(cells).or_insert(d);
        *e = (*e).min(d);
    }
    best
}

/// The pattern-tile moves to the goal from every (placement, blank cell) reached, by 0-1
/// breadth-first search over whole blank positions: an independent oracle for tables with a
/// value per blank region.
fn pattern_oracle_by_blank(width: usize, height: usize, blank: u8, pattern: &[u8]) -> HashMap<(Vec<u8>, u8), u8> {
    let mut dist: HashMap<(Vec<u8>, u8), u8> = HashMap::new();
    let mut queue = VecDeque::from([(pattern.to_vec(), blank, 0u8)]);
    while let Some((cells, b, d)) = queue.pop_front() {
        if dist.get(&(cells.clone(), b)).is_some_and(|&old| old <= d) {
            continue;
        }
        dist.insert((cells.clone(), b), d);
        for m in Move::ALL {
            let Some(q) = npuzzle::board::neighbor(width, height, b as usize, m) else { continue };
            let q = q as u8;
            match cells.iter().position(|&c| c == q) {
                Some(i) => {
                    let mut next = cells.clone();
                    next[i] = b;
                    queue.push_back((next, q, d + 1));
                }
                None => queue.push_front((cells.clone(), q, d)),
            }
        }
    }
    dist
}

/// A deterministic stream of pseudo-random numbers.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

fn scramble(goal: &Board, steps: usize, rng: &mut Lcg) -> Board {
    let mut b = goal.clone();
    for _ in 0..steps {
        let m = Move::ALL[(rng.next() % 4) as usize];
        if let Some(n) = b.apply(m) {
            b = n;
        }
    }
    b
}

fn quiet(_: &TableEvent) {}

/// The set bound to `goal`, built in memory.
fn bind(goal: &Board, set: &SetSpec) -> PdbHeuristic {
    TableStore::in_memory().load_or_build(goal, set, &quiet, None).unwrap()
}

fn spec(width: usize, height: usize, name: &str, patterns: Vec<Vec<u8>>) -> SetSpec {
    SetSpec { width, height, name: name.into(), patterns, regions: false, one_bit: false, partitions: Vec::new() }
}

#[test]
fn rank_unrank_round_trips_for_every_index_of_a_small_pdb() {
    for (n, k) in [(9, 4), (8, 3), (16, 3), (25, 2)] {
        let r = Ranker::new(n, k);
        let mut cells = [0u8; 8];
        let mut seen = vec![false; r.size() as usize];
        for idx in 0..r.size() {
            r.unrank(idx, &mut cells);
            let placed = &cells[..k];
            assert!(placed.iter().all(|&c| (c as usize) < n));
            let mut sorted = placed.to_vec();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), k, "cells of index {idx} are distinct");
            let back = r.rank(placed);
            assert_eq!(back, idx);
            assert!(!std::mem::replace(&mut seen[idx as usize], true));
        }
    }
}

#[test]
fn pdb_tables_equal_the_pattern_oracle() {
    for (w, h, blank, pattern) in [
        (3, 3, 0, vec![1u8, 2, 3, 4]),
        (3, 3, 0, vec![5, 6, 7, 8]),
        (4, 2, 0, vec![1, 2, 5, 6]),
        (4, 2, 0, vec![3, 7]),
        (3, 3, 4, vec![0, 1, 2, 3]),
        // Three free cells: the blank's region is often cut in two or three.
        (3, 3, 0, vec![1, 2, 3, 5, 7, 8]),
        (4, 2, 0, vec![1, 2, 3, 4, 5]),
        (5, 2, 0, vec![2, 3, 5, 6, 8, 9]),
        // The layouts of the full-size boards: 13 free cells padded to 16 slots (two
        // placements a word) on 4×4, 22 padded to 32 (one a word) on 5×5.
        (4, 4, 0, vec![1, 2, 3]),
        (4, 4, 15, vec![0, 5, 10]),
        (5, 5, 0, vec![1, 7, 13]),
        (5, 5, 12, vec![0, 6, 24]),
    ] {
        let pdb = Pdb::build(w, h, blank, &pattern, false, &|_, _| {}, None).unwrap();
        let want = pattern_oracle(w, h, blank, &pattern);
        assert_eq!(pdb.len(), want.len(), "every placement is reachable");
        for (cells, d) in &want {
            assert_eq!(pdb.lookup(|i| cells[i], 0), *d, "{w}x{h} {pattern:?} at {cells:?}");
        }
        // The same table with a value per blank region: the distance with the blank in each
        // free cell, never below the least over the regions.
        let by_region = Pdb::build(w, h, blank, &pattern, true, &|_, _| {}, None).unwrap();
        assert!(by_region.regions());
        assert_eq!(by_region.len(), want.len() * (w * h - pattern.len()));
        let by_blank = pattern_oracle_by_blank(w, h, blank, &pattern);
        let mut stronger = 0;
        for ((cells, b), d) in &by_blank {
            let got = by_region.lookup(|i| cells[i], *b);
            // An excess over the Manhattan distance above 2·15 is cut to 2·15: a lower bound.
            let md: u8 =
                cells.iter().zip(&pattern).map(|(&c, &g)| (c % w as u8).abs_diff(g % w as u8) + (c / w as u8).abs_diff(g / w as u8)).sum();
            assert_eq!(got, (*d).min(md + 30), "{w}x{h} {pattern:?} at {cells:?}, blank {b}");
            stronger += usize::from(got > want[cells]);
        }
        if pattern.len() + 3 == w * h {
            assert!(stronger > 0, "{w}x{h} {pattern:?}: three free cells split the blank's region");
        }
    }
}

fn check_admissible_and_additive(goal: &Board, set: &SetSpec) {
    let heur = bind(goal, set);
    let truth = oracle(goal);
    assert_eq!(truth.len(), goal.len() * (1..goal.len()).product::<usize>() / 2);
    let mut exact_hits = 0;
    for (tiles, &d) in &truth {
        let est = heur.estimate_tiles(|c| tiles[c]);
        assert!(est <= d, "{} on {tiles:?}: estimate {est} above the true distance {d}", set.name);
        exact_hits += usize::from(est == d);
        // Every table alone is a lower bound too, and the sum of them is what `est` adds up.
        let pos = heur.frame().positions(|c| tiles[c]);
        let sum: u32 = heur.pdbs().iter().map(|p| p.value(&pos) as u32).sum();
        assert!(sum <= est);
    }
    assert!(exact_hits > 0);
}

#[test]
fn three_by_three_sets_are_admissible_for_any_goal() {
    let set = spec(3, 3, "4-4", vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]]);
    check_admissible_and_additive(&Goal::BlankFirst.board(3, 3).unwrap(), &set);
    check_admissible_and_additive(&Goal::BlankLast.board(3, 3).unwrap(), &set);
    // The snail goal has its blank in the centre: a goal-specific partition.
    check_admissible_and_additive(&Goal::Snail.board(3, 3).unwrap(), &set);
}

#[test]
fn two_by_four_set_is_admissible() {
    let set = spec(4, 2, "4-3", vec![vec![1, 2, 3, 4], vec![5, 6, 7]]);
    check_admissible_and_additive(&Goal::BlankFirst.board(4, 2).unwrap(), &set);
    check_admissible_and_additive(&Goal::BlankLast.board(4, 2).unwrap(), &set);
}

#[test]
fn sets_with_a_value_per_blank_region_are_admissible_and_never_weaker() {
    for (w, h, patterns) in [(3, 3, vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]]), (4, 2, vec![vec![1, 2, 3, 4], vec![5, 6, 7]])] {
        let plain = spec(w, h, "plain", patterns.clone());
        let regions = SetSpec { regions: true, ..spec(w, h, "regions", patterns) };
        for goal in [Goal::BlankFirst, Goal::BlankLast] {
            let goal = goal.board(w, h).unwrap();
            check_admissible_and_additive(&goal, &regions);
            let (p, r) = (bind(&goal, &plain), bind(&goal, &regions));
            let (mut stronger, mut rng) = (0, Lcg(5));
            for i in 0..300 {
                let b = scramble(&goal, 5 + i, &mut rng);
                let (hp, hr) = (p.estimate_tiles(|c| b.tiles()[c]), r.estimate_tiles(|c| b.tiles()[c]));
                assert!(hr >= hp, "{b}: {hr} below the plain tables' {hp}");
                stronger += usize::from(hr > hp);
            }
            assert!(stronger > 0, "{w}x{h}: the regions never told more");
        }
    }
}

#[test]
fn fast_ida_equals_the_oracle_on_random_three_by_three_boards() {
    let plain = spec(3, 3, "4-4", vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]]);
    let regions = SetSpec { regions: true, ..plain.clone() };
    let mut rng = Lcg(7);
    for (goal, set) in [Goal::BlankLast, Goal::BlankFirst, Goal::Snail].into_iter().flat_map(|g| [(g.clone(), &plain), (g, &regions)]) {
        let goal = goal.board(3, 3).unwrap();
        let truth = oracle(&goal);
        let heur = bind(&goal, set);
        for i in 0..60 {
            let start = scramble(&goal, 10 + i * 3, &mut rng);
            for parallel in [false, true] {
                let (end, stats) = ida::search(&heur, &start, MoveOrder::default(), &Limits::default(), parallel, None);
                let End::Found(moves) = end else { panic!("no solution for {start}") };
                assert_eq!(moves.len() as u32, truth[start.tiles()], "{start} to {goal}");
                assert_eq!(start.apply_all(&moves).unwrap().last(), Some(&goal));
                assert!(stats.generated >= moves.len() as u64);
            }
        }
    }
}

#[test]
fn exact_table_walks_are_optimal_for_any_goal() {
    let mut rng = Lcg(11);
    for goal in [Goal::BlankLast.board(3, 3).unwrap(), Goal::Snail.board(3, 3).unwrap(), Goal::BlankFirst.board(4, 2).unwrap()] {
        let truth = oracle(&goal);
        let e = ExactHeuristic::build(&goal).unwrap();
        for i in 0..40 {
            let start = scramble(&goal, 5 + i * 2, &mut rng);
            let (moves, _) = e.walk(&start, MoveOrder::default()).unwrap();
            assert_eq!(moves.len() as u32, truth[start.tiles()]);
            assert_eq!(start.apply_all(&moves).unwrap().last(), Some(&goal));
            assert_eq!(e.distance_tiles(|c| start.tiles()[c]), Some(truth[start.tiles()] as u8));
        }
    }
}

#[test]
fn default_solver_on_three_by_three_is_optimal_and_uses_the_table() {
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let truth = oracle(&goal);
    let store = TableStore::in_memory();
    let mut rng = Lcg(3);
    for i in 0..30 {
        let start = scramble(&goal, 20 + i, &mut rng);
        let req = Request::auto(start.clone(), goal.clone());
        assert_eq!(req.heuristic, HeuristicKind::Exact);
        // Without its table the request is refused, never run on another heuristic.
        assert!(matches!(solve(&req), Err(npuzzle::Error::Unprepared(_))));
        let tables = store.prepare(req.heuristic.kind().unwrap(), &goal, &quiet, None).unwrap();
        let out = solve(&req.tables(tables)).unwrap();
        assert_eq!(out.status, Status::Solved);
        assert_eq!(out.cost, Some(truth[start.tiles()] as u64));
    }
}

fn korf_instances(ids: &[u32]) -> Vec<(Board, u32)> {
    let text = include_str!("../../../npuzzle-cli/data/korf100.txt");
    ids.iter()
        .map(|id| {
            let line = text.lines().find(|l| l.split_whitespace().next() == Some(&id.to_string())).unwrap();
            let nums: Vec<u32> = line.split_whitespace().map(|t| t.parse().unwrap()).collect();
            (Board::new(4, 4, nums[1..17].to_vec()).unwrap(), nums[17])
        })
        .collect()
}

#[test]
fn short_korf_instances_solve_optimally_with_5_5_5() {
    let goal = Goal::BlankFirst.board(4, 4).unwrap();
    let set = SetSpec::named(4, 4, "5-5-5").unwrap();
    let heur = bind(&goal, &set);
    for (start, optimum) in korf_instances(&[55, 16, 79]) {
        let (end, _) = ida::search(&heur, &start, MoveOrder::default(), &Limits::default(), true, None);
        let End::Found(moves) = end else { panic!("no solution") };
        assert_eq!(moves.len() as u32, optimum);
        assert_eq!(start.apply_all(&moves).unwrap().last(), Some(&goal));
    }
    // The same tables serve the blank-last goal through a symmetry of the board.
    let last = Goal::BlankLast.board(4, 4).unwrap();
    let store = TableStore::in_memory();
    let heur_first = store.load_or_build(&goal, &set, &quiet, None).unwrap();
    let heur_last = store.load_or_build(&last, &set, &quiet, None).unwrap();
    assert!(Arc::ptr_eq(&heur_first.pdbs()[0], &heur_last.pdbs()[0]));
    let mut rng = Lcg(5);
    let start = scramble(&last, 40, &mut rng);
    let (end, _) = ida::search(&heur_last, &start, MoveOrder::default(), &Limits::default(), false, None);
    let End::Found(moves) = end else { panic!("no solution") };
    let manhattan = Heuristic::formula(HeuristicKind::Manhattan, &last).unwrap().estimate(&Packed64::from_tiles(start.tiles()));
    assert!(moves.len() as u64 >= manhattan.floor_moves());
    assert_eq!(start.apply_all(&moves).unwrap().last(), Some(&last));
}

#[test]
fn limits_stop_the_fast_engine() {
    let goal = Goal::BlankFirst.board(4, 4).unwrap();
    let set = SetSpec::named(4, 4, "5-5-5").unwrap();
    let heur = bind(&goal, &set);
    let (start, _) = korf_instances(&[1]).remove(0);
    let limits = Limits { nodes: Some(50_000), ..Limits::default() };
    let (end, stats) = ida::search(&heur, &start, MoveOrder::default(), &limits, false, None);
    assert_eq!(end, End::Limit(npuzzle::search::LimitKind::Nodes));
    assert!(stats.generated < 200_000);
}

#[test]
fn classic_algorithms_accept_the_pdb_heuristic() {
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let set = spec(3, 3, "4-4", vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]]);
    let tables = Tables::none().with_pdb(Arc::new(bind(&goal, &set)));
    let truth = oracle(&goal);
    let mut rng = Lcg(9);
    for i in 0..10 {
        let start = scramble(&goal, 30 + i, &mut rng);
        for a in [npuzzle::Algorithm::Astar, npuzzle::Algorithm::Idastar, npuzzle::Algorithm::Rbfs] {
            let req = Request::new(start.clone(), goal.clone()).algorithm(a).heuristic(HeuristicKind::Pdb);
            // Without tables: refused, never a silent fallback to another heuristic.
            assert!(matches!(solve(&req), Err(npuzzle::Error::Unprepared(_))));
            let out = solve(&req.tables(tables.clone())).unwrap();
            assert_eq!(out.cost, Some(truth[start.tiles()] as u64), "{a}");
        }
    }
    // Tables bound to another goal are refused too.
    let other = Goal::BlankFirst.board(3, 3).unwrap();
    let req = Request::new(other.clone(), other).heuristic(HeuristicKind::Pdb).tables(tables);
    assert!(matches!(solve(&req), Err(npuzzle::Error::Unprepared(_))));
}

/// The value the additive heuristic should have, computed from the test's own pattern oracle:
/// the larger of the sum over the patterns and the sum over the patterns in the board mirrored
/// about the main diagonal (3×3, blank-first goal, so tiles are their own goal cells).
fn expected_pdb_value(tiles: &[u32], patterns: &[Vec<u8>], oracles: &[HashMap<Vec<u8>, u8>]) -> u32 {
    let mut pos = [0u8; 9];
    for (cell, &t) in tiles.iter().enumerate() {
        pos[t as usize] = cell as u8;
    }
    let t = |c: u8| (c % 3) * 3 + c / 3;
    let direct: u32 = patterns.iter().zip(oracles).map(|(p, o)| o[&p.iter().map(|&c| pos[c as usize]).collect::<Vec<u8>>()] as u32).sum();
    let mirror: u32 =
        patterns.iter().zip(oracles).map(|(p, o)| o[&p.iter().map(|&c| t(pos[t(c) as usize])).collect::<Vec<u8>>()] as u32).sum();
    direct.max(mirror)
}

#[test]
fn pdb_updates_along_a_walk_equal_an_independent_computation() {
    let goal = Goal::BlankFirst.board(3, 3).unwrap();
    let patterns = vec![vec![1u8, 2, 3], vec![4, 5, 6], vec![7, 8]];
    let set = spec(3, 3, "3-3-2", patterns.clone());
    let oracles: Vec<HashMap<Vec<u8>, u8>> = patterns.iter().map(|p| pattern_oracle(3, 3, 0, p)).collect();
    let tables = Tables::none().with_pdb(Arc::new(bind(&goal, &set)));
    let heur = Heuristic::new(HeuristicKind::Pdb, &goal, &tables).unwrap();
    let mut board = goal.clone();
    let mut s = Packed64::from_tiles(goal.tiles());
    let mut hv = heur.estimate(&s);
    assert_eq!(hv.floor_moves(), 0);
    let mut rng = Lcg(21);
    for _ in 0..400 {
        let m = Move::ALL[(rng.next() % 4) as usize];
        let from = s.blank();
        let Some(to) = board.neighbor(from, m) else { continue };
        board = board.apply(m).unwrap();
        let tile = s.slide(to);
        hv = heur.update(&s, hv, tile, to, from);
        assert_eq!(hv.floor_moves() as u32, expected_pdb_value(board.tiles(), &patterns, &oracles), "after a move to {board}");
    }
}

#[test]
fn too_big_boards_are_refused_with_a_clear_error() {
    let start = Goal::BlankLast.board(9, 9).unwrap();
    let req = Request::new(start.clone(), start).algorithm(npuzzle::Algorithm::Idastar).heuristic(HeuristicKind::Pdb);
    let err = solve(&req).unwrap_err();
    assert!(err.to_string().contains("at most 64 cells"), "{err}");
    let start4 = Goal::BlankLast.board(4, 4).unwrap();
    let req = Request::new(start4.clone(), start4).heuristic(HeuristicKind::Exact);
    assert!(solve(&req).is_err());
}

#[test]
fn a_build_over_the_memory_limit_is_refused_before_it_starts() {
    let scratch = Scratch::new("pdb-memory");
    // One pattern of a 2×3 board whose goal blank is in cell 0.
    let goal = Goal::BlankFirst.board(2, 3).unwrap();
    let set = spec(2, 3, "3", vec![vec![1, 2, 5]]);
    let needed = pdb::build_bytes(2, 3, 3, false);
    assert!(needed >= Ranker::new(6, 3).size(), "the table alone takes a byte an entry");
    let started = Mutex::new(0);
    let on = |e: &TableEvent| {
        if let TableEvent::BuildStart { .. } = e {
            *started.lock().unwrap() += 1;
        }
    };
    let tight = TableStore::new(scratch.path()).build_memory(Some(needed - 1));
    let err = tight.load_or_build(&goal, &set, &on, None).unwrap_err();
    assert!(matches!(err, npuzzle::Error::Memory(_)), "{err:?}");
    assert!(err.to_string().contains("more than the limit"), "{err}");
    assert_eq!(*started.lock().unwrap(), 0, "nothing was built");
    assert!(!scratch.path().join(cache::file_name(2, 3, 0, &[1, 2, 5], false)).exists());
    let enough = TableStore::new(scratch.path()).build_memory(Some(needed));
    let built = enough.load_or_build(&goal, &set, &on, None).unwrap();
    assert_eq!(built.pdbs()[0].len() as u64, Ranker::new(6, 3).size());
    assert_eq!(*started.lock().unwrap(), 1);
}

#[test]
fn corrupted_cache_files_are_detected_reported_and_rebuilt() {
    let scratch = Scratch::new("pdb-corrupt");
    let store = TableStore::new(scratch.path());
    let goal = Goal::BlankFirst.board(3, 2).unwrap();
    let pattern = [2u8, 4, 5];
    let set = spec(3, 2, "3", vec![pattern.to_vec()]);
    let events = Mutex::new(Vec::new());
    let record = |e: &TableEvent| {
        events.lock().unwrap().push(match e {
            TableEvent::Corrupt { .. } => "corrupt",
            TableEvent::Saved { .. } => "saved",
            TableEvent::Loaded { .. } => "loaded",
            TableEvent::Built { .. } => "built",
            _ => "other",
        })
    };
    let first = store.load_or_build(&goal, &set, &record, None).unwrap();
    let path = scratch.path().join(cache::file_name(3, 2, 0, &pattern, false));
    assert!(path.is_file());
    store.unload_all();
    let again = store.load_or_build(&goal, &set, &record, None).unwrap();
    assert_eq!(first.pdbs()[0].table(), again.pdbs()[0].table());
    // Both are mapped from the file (a saved table replaces its heap copy), so keep the bytes.
    let want = first.pdbs()[0].table().to_vec();
    // Flip one table byte: the checksum catches it, the table is rebuilt and saved again.
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x10;
    std::fs::write(&path, &bytes).unwrap();
    assert!(matches!(cache::load(&path), Err(CacheError::Corrupt { .. })));
    store.unload_all();
    // A plain load refuses the corrupt file rather than trusting it.
    assert!(matches!(store.load(&goal, &set, &record), Err(npuzzle::Error::Cache(_))));
    let rebuilt = store.load_or_build(&goal, &set, &record, None).unwrap();
    assert_eq!(rebuilt.pdbs()[0].table(), &want[..]);
    assert!(cache::load(&path).is_ok());
    let seen = events.lock().unwrap().clone();
    assert_eq!(seen.iter().filter(|e| **e == "corrupt").count(), 1, "{seen:?}");
    assert_eq!(seen.iter().filter(|e| **e == "built").count(), 2, "{seen:?}");
    assert!(seen.contains(&"loaded"));
}

#[test]
fn pdb_heuristic_matches_for_goal_and_reflection() {
    // The mirror lookup never exceeds the true distance and sometimes beats the direct sum.
    let goal = Goal::BlankFirst.board(3, 3).unwrap();
    let set = spec(3, 3, "3-3-2", vec![vec![1, 2, 3], vec![4, 5, 6], vec![7, 8]]);
    let heur: PdbHeuristic = bind(&goal, &set);
    assert!(heur.frame().reflect);
    let truth = oracle(&goal);
    let mut better = 0;
    for (tiles, &d) in &truth {
        let pos = heur.frame().positions(|c| tiles[c]);
        let direct: u32 = heur.pdbs().iter().map(|p| p.value(&pos) as u32).sum();
        let est = heur.estimate_canonical(&pos);
        assert!(est <= d);
        better += usize::from(est > direct);
    }
    assert!(better > 0, "the mirror lookup adds information");
}

/// The pruning automaton for the goal's board in its canonical frame.
fn fsm_for(heur: &PdbHeuristic, depth: u32) -> Fsm {
    let f = heur.frame();
    Fsm::for_board(f.width, f.height, depth)
}

#[test]
fn pruned_ida_equals_the_oracle_on_every_goal_of_small_rectangles() {
    // Non-square boards (no mirror lookup) and a centre blank (a goal frame off cell 0), with
    // the default automaton and a deep one.
    let mut rng = Lcg(13);
    for (w, h, patterns) in [
        (4, 2, vec![vec![1, 2, 3, 4], vec![5, 6, 7]]),
        (2, 4, vec![vec![1, 2, 3, 4], vec![5, 6, 7]]),
        (3, 2, vec![vec![1, 2], vec![3, 4, 5]]),
    ] {
        for goal in [Goal::BlankFirst, Goal::BlankLast, Goal::Snail] {
            let goal = goal.board(w, h).unwrap();
            let set = spec(w, h, "small", patterns.clone());
            let heur = TableStore::in_memory().load_or_build(&goal, &set, &quiet, None).unwrap();
            let truth = oracle(&goal);
            let deep = fsm_for(&heur, 22);
            for i in 0..40 {
                let start = scramble(&goal, 5 + i * 4, &mut rng);
                for fsm in [None, Some(&deep)] {
                    let (end, _) = match fsm {
                        None => ida::search(&heur, &start, MoveOrder::default(), &Limits::default(), i % 2 == 0, None),
                        Some(f) => ida::search(&heur, &start, MoveOrder::default(), &Limits::default(), i % 2 == 0, Some(f)),
                    };
                    let End::Found(moves) = end else { panic!("no solution for {start}") };
                    assert_eq!(moves.len() as u32, truth[start.tiles()], "{start} to {goal}");
                    assert_eq!(start.apply_all(&moves).unwrap().last(), Some(&goal));
                }
            }
        }
    }
}

#[test]
fn pruned_ida_solves_korf_instances_optimally_in_every_move_order() {
    let goal = Goal::BlankFirst.board(4, 4).unwrap();
    let set = SetSpec::named(4, 4, "5-5-5").unwrap();
    let heur = TableStore::in_memory().load_or_build(&goal, &set, &quiet, None).unwrap();
    let plain = fsm_for(&heur, 2);
    let deep = fsm_for(&heur, Fsm::default_depth(goal.len()));
    let ids = [55, 16, 42, 79, 71, 85, 97, 12, 61, 86];
    for (k, (start, optimum)) in korf_instances(&ids).into_iter().enumerate() {
        let order = MoveOrder::parse(["UDLR", "LURD", "RDLU", "DRUL"][k % 4]).unwrap();
        let (end, pruned) = ida::search(&heur, &start, order, &Limits::default(), true, Some(&deep));
        let End::Found(moves) = end else { panic!("no solution") };
        assert_eq!(moves.len() as u32, optimum, "instance {}", ids[k]);
        assert_eq!(start.apply_all(&moves).unwrap().last(), Some(&goal));
        // Serial, the pruned search expands no more nodes than inverse-move pruning alone.
        let (_, pruned_serial) = ida::search(&heur, &start, order, &Limits::default(), false, Some(&deep));
        let (end, unpruned) = ida::search(&heur, &start, order, &Limits::default(), false, Some(&plain));
        assert!(matches!(end, End::Found(m) if m.len() as u32 == optimum));
        assert!(pruned_serial.expanded <= unpruned.expanded, "instance {}", ids[k]);
        assert!(pruned.generated > 0);
    }
}

#[test]
fn pruned_ida_agrees_with_inverse_move_pruning_on_the_24_puzzle() {
    // Eight 3-tile patterns: weak, but quick to build; scrambles short enough to solve.
    let goal = Goal::BlankFirst.board(5, 5).unwrap();
    let patterns: Vec<Vec<u8>> = (0..8).map(|i| vec![3 * i + 1, 3 * i + 2, 3 * i + 3]).collect();
    let heur = TableStore::in_memory().load_or_build(&goal, &spec(5, 5, "3x8", patterns), &quiet, None).unwrap();
    let plain = fsm_for(&heur, 2);
    let deep = fsm_for(&heur, Fsm::default_depth(goal.len()));
    let mut rng = Lcg(17);
    for i in 0..12 {
        let start = scramble(&goal, 30 + 3 * i, &mut rng);
        let (a, _) = ida::search(&heur, &start, MoveOrder::default(), &Limits::default(), i % 2 == 0, Some(&deep));
        let (b, _) = ida::search(&heur, &start, MoveOrder::default(), &Limits::default(), false, Some(&plain));
        let (End::Found(a), End::Found(b)) = (a, b) else { panic!("no solution for {start}") };
        assert_eq!(a.len(), b.len(), "{start}");
        assert_eq!(start.apply_all(&a).unwrap().last(), Some(&goal));
    }
}

#[test]
fn the_pruning_automaton_is_cached_verified_and_relearnt_when_damaged() {
    let scratch = Scratch::new("pdb-automaton");
    let goal = Goal::BlankFirst.board(3, 2).unwrap();
    let set = spec(3, 2, "2-3", vec![vec![1, 2], vec![3, 4, 5]]);
    let events = Mutex::new(Vec::new());
    let record = |e: &TableEvent| {
        if let TableEvent::Saved { path } | TableEvent::Corrupt { path, .. } = e {
            if path.extension().is_some_and(|x| x == cache::AUTOMATON_EXTENSION) {
                events.lock().unwrap().push(matches!(e, TableEvent::Saved { .. }));
            }
        }
    };
    let learnt = TableStore::new(scratch.path()).prepare_set(&goal, &set, &record, None).unwrap();
    let path = scratch.path().join(cache::automaton_file_name(3, 2, Fsm::default_depth(6)));
    assert!(path.is_file());
    assert_eq!(*events.lock().unwrap(), [true], "learnt and saved once");
    // A second process reads it and saves nothing; the automaton is the same.
    let read = TableStore::new(scratch.path()).prepare_set(&goal, &set, &record, None).unwrap();
    assert_eq!(events.lock().unwrap().len(), 1);
    assert_eq!(read.prune().unwrap().to_bytes(), learnt.prune().unwrap().to_bytes());
    // One flipped bit: reported, learnt again, saved again; solutions stay optimal.
    let mut bytes = std::fs::read(&path).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x04;
    std::fs::write(&path, &bytes).unwrap();
    let again = TableStore::new(scratch.path()).prepare_set(&goal, &set, &record, None).unwrap();
    assert_eq!(*events.lock().unwrap(), [true, false, true]);
    assert_eq!(again.prune().unwrap().to_bytes(), learnt.prune().unwrap().to_bytes());
    let truth = oracle(&goal);
    let mut rng = Lcg(5);
    for _ in 0..20 {
        let start = scramble(&goal, 15, &mut rng);
        let out = solve(
            &Request::new(start.clone(), goal.clone())
                .algorithm(npuzzle::Algorithm::Idastar)
                .heuristic(HeuristicKind::Pdb)
                .tables(again.clone()),
        )
        .unwrap();
        assert_eq!(out.moves.len() as u32, truth[start.tiles()], "{start}");
    }
}

#[test]
fn a_set_that_leaves_tiles_uncovered_still_solves_optimally() {
    // The fast engine needs every tile in a pattern; such a set runs on the general IDA*.
    let goal = Goal::BlankFirst.board(3, 2).unwrap();
    let set = spec(3, 2, "3", vec![vec![2, 4, 5]]);
    let tables = TableStore::in_memory().prepare_set(&goal, &set, &quiet, None).unwrap();
    assert!(!tables.pdb().unwrap().covers_board());
    let truth = oracle(&goal);
    let mut rng = Lcg(9);
    for _ in 0..20 {
        let start = scramble(&goal, 15, &mut rng);
        let req = Request::new(start.clone(), goal.clone()).algorithm(npuzzle::Algorithm::Idastar).heuristic(HeuristicKind::Pdb);
        let out = solve(&req.tables(tables.clone())).unwrap();
        assert_eq!(out.moves.len() as u32, truth[start.tiles()], "{start}");
    }
}

/// A catalogue on 3×3 (goal blank in cell 0): three partitions of two 4-tile patterns each.
fn catalogue_3x3(one_bit: bool) -> SetSpec {
    SetSpec {
        patterns: vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8], vec![1, 2, 5, 8], vec![3, 4, 6, 7], vec![1, 3, 4, 6], vec![2, 5, 7, 8]],
        partitions: vec![vec![0, 1], vec![2, 3], vec![4, 5]],
        regions: true,
        one_bit,
        ..spec(3, 3, "cat", Vec::new())
    }
}

#[test]
fn one_bit_tables_give_every_reachable_distance_of_the_oracle() {
    for (w, h, blank, pattern) in
        [(3, 3, 0, vec![1u8, 2, 3, 4]), (3, 3, 0, vec![1, 2, 3, 5, 7, 8]), (4, 2, 0, vec![1, 2, 5, 6]), (3, 3, 4, vec![0, 1, 2, 3])]
    {
        let bits = Pdb::build_1bit(w, h, blank, &pattern, &|_, _| {}, None).unwrap();
        let nibbles = Pdb::build(w, h, blank, &pattern, true, &|_, _| {}, None).unwrap();
        assert_eq!((bits.bits(), nibbles.bits()), (1, 4));
        assert_eq!(bits.table().len() as u64, (bits.len() as u64).div_ceil(8));
        let truth = pattern_oracle_by_blank(w, h, blank, &pattern);
        for ((cells, b), &d) in &truth {
            // Walking down the one-bit table finds the distance; the 4-bit table holds it.
            assert_eq!(bits.lookup(|i| cells[i], *b), d, "{w}x{h} {pattern:?} {cells:?} blank {b}");
            assert_eq!(nibbles.lookup(|i| cells[i], *b), d);
            // A child's distance read from its parent's: every move of a pattern tile.
            for (i, &p) in cells.iter().enumerate() {
                for m in Move::ALL {
                    let Some(q) = npuzzle::board::neighbor(w, h, p as usize, m) else { continue };
                    let q = q as u8;
                    if cells.contains(&q) {
                        continue;
                    }
                    // The tile moves from p to q only where the blank can get to q.
                    let mut child = cells.clone();
                    child[i] = q;
                    let Some(&dc) = truth.get(&(child.clone(), p)) else { continue };
                    if truth.get(&(cells.clone(), q)) != Some(&d) {
                        continue;
                    }
                    let (idx, _) = bits.locate(|j| child[j], p);
                    assert_eq!(bits.step(idx, d), dc, "{cells:?} blank {b} -> {child:?}");
                }
            }
        }
    }
    // One bit an entry is only for tables with a value per region: a cache file of a plain
    // table cannot claim it.
    let p = Pdb::build_1bit(3, 2, 0, &[1, 2, 3], &|_, _| {}, None).unwrap();
    assert!(Pdb::from_packed(3, 2, 0, &[1, 2, 3], false, 1, p.table().to_vec().into()).is_err());
    assert!(Pdb::from_packed(3, 2, 0, &[1, 2, 3], true, 1, p.table().to_vec().into()).is_ok());
    assert!(Pdb::build_1bit(6, 6, pdb::ANY_BLANK, &[1, 2, 3], &|_, _| {}, None).is_err());
}

#[test]
fn catalogues_are_admissible_and_at_least_each_partition() {
    for goal in [Goal::BlankFirst, Goal::BlankLast, Goal::Snail] {
        let goal = goal.board(3, 3).unwrap();
        let truth = oracle(&goal);
        let four = bind(&goal, &catalogue_3x3(false));
        let one = bind(&goal, &catalogue_3x3(true));
        let parts: Vec<PdbHeuristic> = catalogue_3x3(false)
            .partition_list()
            .iter()
            .map(|part| {
                let set = SetSpec {
                    patterns: part.iter().map(|&i| catalogue_3x3(false).patterns[i].clone()).collect(),
                    regions: true,
                    ..spec(3, 3, "part", Vec::new())
                };
                bind(&goal, &set)
            })
            .collect();
        let mut above = vec![0; parts.len()];
        for (tiles, &d) in truth.iter().step_by(7) {
            let est = four.estimate_tiles(|c| tiles[c]);
            assert!(est <= d, "{goal}: {tiles:?} estimate {est} above {d}");
            assert_eq!(one.estimate_tiles(|c| tiles[c]), est, "one bit and four bits differ on {tiles:?}");
            let each: Vec<u32> = parts.iter().map(|p| p.estimate_tiles(|c| tiles[c])).collect();
            assert_eq!(est, *each.iter().max().unwrap(), "{tiles:?}: the largest partition's sum");
            for (k, &e) in each.iter().enumerate() {
                above[k] += usize::from(e < est);
            }
        }
        assert!(above.iter().all(|&n| n > 0), "{goal}: a partition never below the catalogue ({above:?})");
    }
}

#[test]
fn the_catalogue_engine_equals_the_oracle_and_one_bit_counts_equal_four_bit_counts() {
    let mut rng = Lcg(11);
    for goal in [Goal::BlankFirst, Goal::BlankLast, Goal::Snail] {
        let goal = goal.board(3, 3).unwrap();
        let truth = oracle(&goal);
        let four = bind(&goal, &catalogue_3x3(false));
        let one = bind(&goal, &catalogue_3x3(true));
        let fsm = fsm_for(&four, Fsm::default_depth(9));
        for i in 0..40 {
            let start = scramble(&goal, 10 + i * 3, &mut rng);
            let (a, sa) = ida::search(&four, &start, MoveOrder::default(), &Limits::default(), false, Some(&fsm));
            let (b, sb) = ida::search(&one, &start, MoveOrder::default(), &Limits::default(), false, Some(&fsm));
            let (c, _) = ida::search(&one, &start, MoveOrder::default(), &Limits::default(), true, None);
            for end in [&a, &b, &c] {
                let End::Found(moves) = end else { panic!("no solution for {start}") };
                assert_eq!(moves.len() as u32, truth[start.tiles()], "{start} to {goal}");
                assert_eq!(start.apply_all(moves).unwrap().last(), Some(&goal));
            }
            assert_eq!((sa.expanded, sa.generated), (sb.expanded, sb.generated), "{start}: one bit changed the search");
        }
    }
}

#[test]
fn probes_end_catalogue_searches_early_and_every_answer_stays_optimal() {
    // Probes before every iteration (the narrowest one board wide): an answer a probe finds is
    // returned once the iterations below its length are exhausted, so searches end in fewer
    // iterations, and every answer must still be as short as the oracle's.
    let every = Probes::every(64);
    let mut rng = Lcg(23);
    let (mut with, mut without, mut early) = (0u64, 0u64, 0);
    for goal in [Goal::BlankFirst, Goal::BlankLast] {
        let goal = goal.board(3, 3).unwrap();
        let truth = oracle(&goal);
        let one = bind(&goal, &catalogue_3x3(true));
        let fsm = fsm_for(&one, Fsm::default_depth(9));
        for i in 0..40 {
            let start = scramble(&goal, 12 + i * 3, &mut rng);
            let (a, sa) = ida::search_probing(&one, &start, MoveOrder::default(), &Limits::default(), false, Some(&fsm), every);
            let (b, sb) = ida::search_probing(&one, &start, MoveOrder::default(), &Limits::default(), true, Some(&fsm), Probes::NONE);
            for end in [&a, &b] {
                let End::Found(moves) = end else { panic!("no solution for {start}") };
                assert_eq!(moves.len() as u32, truth[start.tiles()], "{start} to {goal}");
                assert_eq!(start.apply_all(moves).unwrap().last(), Some(&goal));
            }
            with += sa.iterations;
            without += sb.iterations;
            early += usize::from(sa.iterations < sb.iterations);
            // A probe's work counts: a search never reports fewer nodes than its iterations.
            assert!(sa.generated >= sa.expanded);
        }
    }
    assert!(with < without && early > 0, "no probe ended a search early ({with} iterations against {without})");
    // A node limit stops a probe as it stops the iterations.
    let goal = Goal::BlankFirst.board(3, 3).unwrap();
    let one = bind(&goal, &catalogue_3x3(true));
    let truth = oracle(&goal);
    let start = (0..).map(|_| scramble(&goal, 200, &mut rng)).find(|b| truth[b.tiles()] >= 24).unwrap();
    let limits = Limits { nodes: Some(40), ..Limits::default() };
    let (end, stats) = ida::search_probing(&one, &start, MoveOrder::default(), &limits, false, None, every);
    assert!(matches!(end, End::Limit(LimitKind::Nodes)), "{start}: {end:?}");
    assert!(stats.generated >= 40);
}

#[test]
fn a_stopped_ida_star_reports_the_length_its_iterations_proved() {
    // IDA* on the tables (one set, then a one-bit catalogue), stopped by node limits: the lower
    // bound it reports is never above the oracle's distance nor below the start's estimate,
    // never falls as the limit grows, and is raised by the iterations on some boards.
    let goal = Goal::BlankFirst.board(3, 3).unwrap();
    let truth = oracle(&goal);
    let mut rng = Lcg(31);
    for set in [spec(3, 3, "4-4", vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]]), catalogue_3x3(true)] {
        let tables = Tables::none().with_pdb(Arc::new(bind(&goal, &set)));
        let (mut raised, mut stopped) = (0, 0);
        for _ in 0..20 {
            let start = (0..).map(|_| scramble(&goal, 200, &mut rng)).find(|b| truth[b.tiles()] >= 24).unwrap();
            let optimum = u64::from(truth[start.tiles()]);
            let (estimate, _) = npuzzle::solve::lower_bound_with(&start, &goal, &tables, None);
            let mut last = 0;
            for nodes in [1u64, 20, 200, 2_000] {
                let limits = Limits { nodes: Some(nodes), ..Limits::default() };
                let req = Request::new(start.clone(), goal.clone())
                    .algorithm(npuzzle::Algorithm::Idastar)
                    .heuristic(HeuristicKind::Pdb)
                    .tables(tables.clone())
                    .limits(limits);
                let out = solve(&req).unwrap();
                if out.status == Status::Solved {
                    assert_eq!(out.cost, Some(optimum), "{start}");
                    continue;
                }
                assert_eq!(out.status, Status::Limit, "{start}");
                stopped += 1;
                let bound = out.lower_bound.expect("a stopped IDA* reports its bound");
                assert!(bound <= optimum, "{start}: bound {bound} above the optimum {optimum}");
                assert!(bound >= estimate && bound >= last, "{start}: bound {bound}, estimate {estimate}, before {last}");
                if out.lower_bound_from == Some(BoundSource::Iterations) {
                    assert!(bound > estimate);
                    raised += 1;
                }
                last = bound;
            }
        }
        assert!(stopped > 0 && raised > 0, "{}: {stopped} stopped, {raised} raised above the estimate", set.name);
    }
}

#[test]
fn probes_keep_a_four_by_four_catalogue_optimal_on_korf_instances() {
    let goal = Goal::BlankFirst.board(4, 4).unwrap();
    let heur = bind(&goal, &korf_catalogue_4x4());
    let fsm = fsm_for(&heur, Fsm::default_depth(16));
    let (mut with, mut without) = (0, 0);
    for (start, optimum) in korf_instances(&[55, 16, 79, 3]) {
        let (a, sa) = ida::search_probing(&heur, &start, MoveOrder::default(), &Limits::default(), true, Some(&fsm), Probes::every(2_000));
        let (b, sb) = ida::search_probing(&heur, &start, MoveOrder::default(), &Limits::default(), true, Some(&fsm), Probes::NONE);
        for end in [a, b] {
            let End::Found(moves) = end else { panic!("no solution") };
            assert_eq!(moves.len() as u32, optimum, "{start}");
            assert_eq!(start.apply_all(&moves).unwrap().last(), Some(&goal));
        }
        with += sa.iterations;
        without += sb.iterations;
    }
    assert!(with < without, "no probe ended a search early ({with} iterations against {without})");
}

/// Two 5-5-5 partitions of the 4×4 board (goal blank first) and their mirrored sums, one bit an
/// entry (small tables).
fn korf_catalogue_4x4() -> SetSpec {
    SetSpec {
        patterns: vec![
            vec![1, 4, 5, 8, 9],
            vec![2, 3, 6, 7, 11],
            vec![10, 12, 13, 14, 15],
            vec![1, 2, 3, 5, 6],
            vec![4, 8, 9, 12, 13],
            vec![7, 10, 11, 14, 15],
        ],
        partitions: vec![vec![0, 1, 2], vec![3, 4, 5]],
        regions: true,
        one_bit: true,
        ..spec(4, 4, "5-5-5x2z1", Vec::new())
    }
}

#[test]
fn a_four_by_four_catalogue_solves_korf_instances_optimally() {
    let goal = Goal::BlankFirst.board(4, 4).unwrap();
    let heur = bind(&goal, &korf_catalogue_4x4());
    let single = bind(&goal, &SetSpec { regions: true, ..SetSpec::named(4, 4, "5-5-5").unwrap() });
    let fsm = fsm_for(&heur, Fsm::default_depth(16));
    for (start, optimum) in korf_instances(&[55, 16, 79]) {
        let (end, cat) = ida::search(&heur, &start, MoveOrder::default(), &Limits::default(), false, Some(&fsm));
        let End::Found(moves) = end else { panic!("no solution") };
        assert_eq!(moves.len() as u32, optimum);
        assert_eq!(start.apply_all(&moves).unwrap().last(), Some(&goal));
        assert!(cat.expanded > 0);
        // Along the optimal path found, every board's estimate is at most its known remaining
        // distance and at least the single partition's. (Expansion counts are not compared:
        // the last iteration's depends on the order children of equal estimate are searched.)
        // `apply_all` gives every board from the start to the goal.
        for (i, b) in start.apply_all(&moves).unwrap().iter().enumerate() {
            let est = heur.estimate_tiles(|c| b.tiles()[c]);
            let remaining = optimum - i as u32;
            assert!(est <= remaining, "{b}: estimate {est} above the remaining {remaining}");
            assert!(est >= single.estimate_tiles(|c| b.tiles()[c]), "{b}: below the single partition");
        }
    }
}

#[test]
fn one_bit_cache_files_are_named_verified_rebuilt_and_chosen_by_the_default() {
    let scratch = Scratch::new("pdb-1bit");
    let store = TableStore::new(scratch.path());
    let goal = Goal::BlankFirst.board(3, 3).unwrap();
    let set = catalogue_3x3(true);
    let corrupt = Mutex::new(0);
    let on = |e: &TableEvent| {
        if matches!(e, TableEvent::Corrupt { .. }) {
            *corrupt.lock().unwrap() += 1;
        }
    };
    let first = store.load_or_build(&goal, &set, &on, None).unwrap();
    let path = scratch.path().join(cache::file_name_1bit(3, 3, 0, &set.patterns[0]));
    assert!(path.is_file(), "{} not saved", path.display());
    // The 4-bit table of the same pattern is another file, not built here.
    assert!(!scratch.path().join(cache::file_name(3, 3, 0, &set.patterns[0], true)).exists());
    let header = cache::peek(&path).unwrap();
    assert_eq!(header.bits, 1);
    let want: Vec<u8> = first.pdbs()[0].table().to_vec();
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x01;
    std::fs::write(&path, &bytes).unwrap();
    store.unload_all();
    assert!(matches!(store.load(&goal, &set, &on), Err(npuzzle::Error::Cache(_))));
    let rebuilt = store.load_or_build(&goal, &set, &on, None).unwrap();
    assert_eq!(rebuilt.pdbs()[0].table(), &want[..]);
    assert_eq!(*corrupt.lock().unwrap(), 1);
    // Exported and imported like every table.
    let fresh = TableStore::in_memory();
    for (name, bytes) in store.export() {
        fresh.import(&name, &bytes).unwrap();
    }
    let again = fresh.load(&goal, &set, &quiet).unwrap();
    let start = parse_board_3x3();
    assert_eq!(again.estimate_tiles(|c| start.tiles()[c]), rebuilt.estimate_tiles(|c| start.tiles()[c]));
}

fn parse_board_3x3() -> Board {
    npuzzle::parse::parse_board("8 6 7/2 5 4/3 0 1").unwrap()
}
