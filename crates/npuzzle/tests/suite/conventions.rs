//! A course's rules as parameters (`goal_test`, `duplicates`, `ties`): every search that reads
//! them honours each, checked against what the rule means rather than against the code that
//! applies it: an independent breadth-first oracle for optimal lengths, the recorded tree for the
//! repeated states, and the frontier snapshots for the tie-breaking.

use npuzzle::board::Board;
use npuzzle::goal::Goal;
use npuzzle::parse::parse_board;
use npuzzle::record::{Entry, Event, Recorder};
use npuzzle::search::{Algorithm, Conventions, Duplicates, GoalTestAt, Limits, Param, Params, Ties};
use npuzzle::solve::{solve, solve_observed, Request, Status};
use npuzzle::spec::Spec;
use npuzzle::{HeuristicKind, MoveOrder};
use npuzzle_testkit::Rng;
use std::collections::{HashMap, HashSet};

const READERS: [Algorithm; 6] = [Algorithm::Bfs, Algorithm::Dfs, Algorithm::Ucs, Algorithm::Greedy, Algorithm::Astar, Algorithm::Lc];

fn goal3() -> Board {
    Goal::BlankLast.board(3, 3).unwrap()
}

fn nilsson() -> (Board, Board) {
    (parse_board("2 8 3/1 6 4/7 0 5").unwrap(), parse_board("1 2 3/8 0 4/7 6 5").unwrap())
}

fn conv(goal_test: Option<GoalTestAt>, duplicates: Option<Duplicates>, ties: Option<Ties>) -> Params {
    Params { goal_test, duplicates, ties, ..Params::default() }
}

fn request(start: &Board, goal: &Board, a: Algorithm, h: HeuristicKind, params: Params) -> Request {
    let mut r = Request::new(start.clone(), goal.clone()).algorithm(a).heuristic(h).params(params);
    r.order = MoveOrder::parse("LURD").unwrap();
    // A tree search need not end (greedy search and depth-first search may go round a cycle for
    // ever): a node limit and a memory limit end it with its statistics.
    r.limits = Limits { nodes: Some(300_000), memory: Some(1 << 30), ..Limits::default() };
    r
}

/// A run recorded whole (keep it small: every frontier snapshot is kept).
fn recorded(r: &Request) -> (npuzzle::Outcome, Recorder) {
    let (out, rec) = solve_observed(r, Recorder::new(r.start.len(), 20_000, true)).unwrap();
    assert!(!rec.truncated, "the recording was cut");
    (out, rec)
}

fn tiles(b: &Board) -> Vec<u8> {
    b.tiles().iter().map(|&t| t as u8).collect()
}

/// Boards a random walk of 4 to 11 moves from the 3×3 goal (a tree search with no check for
/// repeated states grows about three times wider a move).
fn samples(n: usize, seed: u64) -> Vec<Board> {
    let mut rng = Rng(seed);
    (0..n)
        .map(|_| {
            let steps = 4 + rng.below(8);
            let b = rng.walk(3, 3, &tiles(&goal3()), steps);
            Board::new(3, 3, b.iter().map(|&t| t as u32).collect()).unwrap()
        })
        .collect()
}

/// The depth-first family: what each reads (goal test, duplicates, ties).
const DEPTH_FIRST: [(Algorithm, bool, bool, bool); 4] = [
    (Algorithm::Iddfs, true, true, false),
    (Algorithm::Idastar, true, true, false),
    (Algorithm::Dfbnb, false, true, true),
    (Algorithm::Rbfs, false, true, true),
];

#[test]
fn the_readers_say_so_and_the_defaults_are_their_own_rules() {
    for a in Algorithm::ALL {
        let info = a.info();
        let reads = [Param::GoalTest, Param::Duplicates].iter().all(|&p| info.takes(p));
        let depth_first = DEPTH_FIRST.iter().find(|d| d.0 == *a);
        match depth_first {
            Some(&(_, goal_test, duplicates, ties)) => {
                assert_eq!(info.takes(Param::GoalTest), goal_test, "{a}");
                assert_eq!(info.takes(Param::Duplicates), duplicates, "{a}");
                assert_eq!(info.takes(Param::Ties), ties, "{a}");
            }
            None => assert_eq!(reads, READERS.contains(a), "{a}"),
        }
        // Whoever reads a rule reads the named sets too, and names the rules it can run.
        let any = [Param::GoalTest, Param::Duplicates, Param::Ties].iter().any(|&p| info.takes(p));
        assert_eq!(info.takes(Param::Rules), any, "{a}");
        assert_eq!(!info.duplicates.is_empty() && info.takes(Param::Duplicates), info.takes(Param::Duplicates), "{a}");
        assert_eq!(Conventions::of(info, &Params::default()), Conventions::own(info), "{a}");
    }
    for a in [Algorithm::Ucs, Algorithm::Greedy, Algorithm::Astar, Algorithm::Lc] {
        assert!(a.info().takes(Param::Ties), "{a}: a priority queue has ties to break");
    }
    // Given to a search that does not read it, a convention is noted as ignored.
    let spec: Spec = serde_json::from_str(r#"{"goal_test": "generation", "ties": "lifo"}"#).unwrap();
    let notes = spec.plan().unwrap().ignored(Algorithm::Rbfs);
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(notes[0].contains("rbfs takes no goal test"), "{notes:?}");
    let notes = spec.plan().unwrap().ignored(Algorithm::Bidirectional);
    assert_eq!(notes.len(), 2, "{notes:?}");
    // And a bad name is refused with the choices.
    let e = serde_json::from_str::<Spec>(r#"{"ties": "coin"}"#).unwrap_err().to_string();
    assert!(e.contains("expected one of fifo, lifo, low-h, high-g"), "{e}");
}

#[test]
fn a_rule_an_algorithm_cannot_run_is_refused_or_noted() {
    let (start, goal) = nilsson();
    // Recursive best-first search re-enters the subtrees it forgot: it cannot skip the states
    // it expanded or reached before.
    for d in [Duplicates::Explored, Duplicates::Reached] {
        let r = request(&start, &goal, Algorithm::Rbfs, HeuristicKind::Misplaced, conv(None, Some(d), None));
        let e = solve(&r).unwrap_err().to_string();
        assert_eq!(e, format!("rbfs cannot skip repeated states by the {d} rule: it takes path, none or parent"));
    }
    // A course's set whose rule it cannot run leaves that rule at its own, and says so.
    let spec: Spec = serde_json::from_str(r#"{"rules": "cs188"}"#).unwrap();
    let notes = spec.plan().unwrap().ignored(Algorithm::Rbfs);
    assert_eq!(notes, ["rbfs cannot skip repeated states by cs188's rule (explored): it keeps its own (path)"]);
    let p = Params { rules: Some(npuzzle::search::Rules::Cs188), ..Params::default() };
    assert_eq!(Conventions::of(Algorithm::Rbfs.info(), &p).duplicates, Duplicates::Path);
    let out = solve(&request(&start, &goal, Algorithm::Rbfs, HeuristicKind::Misplaced, p)).unwrap();
    assert_eq!(out.moves.len(), 5);
    // Iterative deepening runs CS188's explored set, one a pass.
    assert_eq!(
        Conventions::of(Algorithm::Iddfs.info(), &Params { rules: Some(npuzzle::search::Rules::Cs188), ..Params::default() }).duplicates,
        Duplicates::Explored
    );
}

#[test]
fn the_depth_first_family_stays_optimal_under_every_rule_that_keeps_the_optimum() {
    let goal = goal3();
    let oracle = npuzzle_testkit::distances(3, 3, &tiles(&goal));
    for start in samples(10, 17) {
        let want = oracle[&tiles(&start)];
        for (a, reads_goal_test, _, reads_ties) in DEPTH_FIRST {
            let info = a.info();
            // Blind iterative deepening with no check at all grows four times wider a move.
            let h = if a == Algorithm::Iddfs { HeuristicKind::Zero } else { HeuristicKind::Manhattan };
            for &d in info.duplicates {
                if a == Algorithm::Iddfs && d == Duplicates::None && want > 8 {
                    continue;
                }
                let goal_tests: &[Option<GoalTestAt>] =
                    if reads_goal_test { &[Some(GoalTestAt::Generation), Some(GoalTestAt::Selection)] } else { &[None] };
                let ties: &[Option<Ties>] = if reads_ties { &[Some(Ties::Lifo), Some(Ties::LowH), Some(Ties::HighG)] } else { &[None] };
                for &g in goal_tests {
                    for &t in ties {
                        let r = request(&start, &goal, a, h, conv(g, Some(d), t));
                        let out = solve(&r).unwrap();
                        assert_eq!(out.status, Status::Solved, "{a} {d} {g:?} {t:?}");
                        assert_eq!(start.apply_all(&out.moves).unwrap().last().unwrap(), &goal, "{a} {d}");
                        let keeps = Conventions::of(info, &r.params).keep_optimality(info);
                        // Skipping the states expanded in a pass can cut the cheapest path: a
                        // state first met by a longer path is not searched again by a shorter.
                        assert_eq!(keeps, d != Duplicates::Explored, "{a} {d}");
                        if keeps {
                            assert_eq!(out.moves.len() as u32, want, "{a} duplicates {d} goal test {g:?} ties {t:?} on {start}");
                            assert_eq!(out.lower_bound, out.cost, "{a} {d}: an optimal answer is said to be");
                        } else {
                            assert!(out.moves.len() as u32 >= want);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn the_depth_first_family_skips_what_each_rule_says() {
    use npuzzle::search::observer::{Discard, Fate};
    let (start, goal) = nilsson();
    for (a, _, _, _) in DEPTH_FIRST {
        for &d in a.info().duplicates {
            let mut r = request(&start, &goal, a, HeuristicKind::Misplaced, conv(None, Some(d), None));
            r.limits.nodes = Some(20_000);
            let (out, rec) = solve_observed(&r, Recorder::new(9, 5_000, true).with_entry_labels(false)).unwrap();
            assert_eq!(out.status, Status::Solved, "{a} {d}");
            let t = tree(&rec);
            let fates: Vec<(u64, Fate)> = rec.nodes().map(|n| (n.id, n.fate)).collect();
            let dropped = |id: u64| fates.iter().any(|&(i, f)| i == id && f == Fate::Duplicate);
            let back = t.keys().any(|&id| grandparent(&t, id) == Some(&t[&id].0));
            assert_eq!(back, d == Duplicates::None, "{a} {d}: the move back is made only in a tree search");
            match d {
                Duplicates::None | Duplicates::Parent | Duplicates::Explored => {
                    assert!(fates.iter().all(|&(_, f)| f != Fate::Duplicate), "{a} {d}: no child is dropped")
                }
                Duplicates::Path => {
                    for &(id, _) in &fates {
                        assert_eq!(repeats_its_path(&t, id), dropped(id), "{a}: node {id} under the path rule");
                    }
                }
                Duplicates::Reached => {
                    // Each dropped child's state was reached before, at no greater g, in the
                    // same pass.
                    let mut pass: Vec<(Vec<u32>, u32)> = Vec::new();
                    let mut any = false;
                    for e in &rec.events {
                        match e {
                            Event::Iteration { .. } => pass.clear(),
                            Event::Generated { node, .. } => {
                                let (id, g) = (&node.id, &node.g);
                                let board = &t[id].0;
                                if dropped(*id) {
                                    any = true;
                                    assert!(pass.iter().any(|(b, g0)| b == board && g0 <= g), "{a}: dropped {id} unseen");
                                } else {
                                    assert!(!pass.iter().any(|(b, g0)| b == board && g0 <= g), "{a}: kept {id}, reached before");
                                    pass.push((board.clone(), *g));
                                }
                            }
                            _ => {}
                        }
                    }
                    // The 8-puzzle's shortest cycle is 12 moves: a search to depth 5 meets no state
                    // twice (a deeper one does: below).
                    assert!(!any, "{a}: no state is met twice within 5 moves");
                }
            }
            if d == Duplicates::Explored {
                // No state is taken twice in a pass; a node taken whose state was is skipped.
                let mut expanded: HashSet<Vec<u32>> = HashSet::new();
                for e in &rec.events {
                    match e {
                        Event::Iteration { .. } => expanded.clear(),
                        Event::Selected { id, .. } => {
                            assert!(expanded.insert(t[id].0.clone()), "{a}: a state expanded twice in a pass")
                        }
                        Event::Discarded { id, why: Some(Discard::Expanded), .. } => assert!(expanded.contains(&t[id].0), "{a}"),
                        _ => {}
                    }
                }
            }
        }
    }
}

#[test]
fn a_reached_table_drops_only_states_reached_before_at_no_greater_g() {
    // Deep enough for a depth-first dive to meet states again: a board 20 moves from the goal.
    let goal = goal3();
    let oracle = npuzzle_testkit::distances(3, 3, &tiles(&goal));
    let start = samples(200, 31).into_iter().chain([parse_board("8 6 7/2 5 4/3 0 1").unwrap()]).find(|b| oracle[&tiles(b)] >= 20).unwrap();
    for a in [Algorithm::Dfbnb, Algorithm::Idastar] {
        let mut r = request(&start, &goal, a, HeuristicKind::Manhattan, conv(None, Some(Duplicates::Reached), None));
        r.limits.nodes = Some(200_000);
        let (out, rec) = solve_observed(&r, Recorder::new(9, 200_000, false)).unwrap();
        assert!(!rec.truncated);
        assert_eq!(out.moves.len() as u32, oracle[&tiles(&start)], "{a}");
        let mut pass: HashMap<Vec<u32>, u32> = HashMap::new();
        let mut dropped = 0;
        for e in &rec.events {
            match e {
                Event::Iteration { .. } => pass.clear(),
                Event::Generated { node, .. } => {
                    let before = pass.get(&node.board).copied();
                    if node.fate == npuzzle::search::observer::Fate::Duplicate {
                        dropped += 1;
                        assert!(before.is_some_and(|g0| g0 <= node.g), "{a}: dropped {} unseen", node.id);
                    } else if node.fate != npuzzle::search::observer::Fate::Pruned {
                        assert!(before.is_none_or(|g0| g0 > node.g), "{a}: kept {}, reached before", node.id);
                        pass.insert(node.board.clone(), node.g);
                    }
                }
                _ => {}
            }
        }
        assert!(dropped > 0, "{a}: some state is met again");
    }
}

#[test]
fn the_depth_first_family_tests_the_goal_where_it_is_asked() {
    let (start, goal) = nilsson();
    for a in [Algorithm::Iddfs, Algorithm::Idastar] {
        let h = if a == Algorithm::Iddfs { HeuristicKind::Zero } else { HeuristicKind::Misplaced };
        let run = |g| recorded(&request(&start, &goal, a, h, conv(Some(g), None, None)));
        let (early, rec) = run(GoalTestAt::Generation);
        let last = rec.nodes().last().unwrap();
        assert_eq!(last.fate, npuzzle::search::observer::Fate::Goal, "{a}");
        assert!(!rec.events.iter().any(|e| matches!(e, Event::Selected { id, .. } if *id == last.id)), "{a}");
        let (late, rec) = run(GoalTestAt::Selection);
        let n = rec.events.len();
        assert!(matches!(rec.events[n - 2], Event::Selected { .. }) && matches!(rec.events[n - 1], Event::Goal { .. }), "{a}");
        assert_eq!((early.moves.len(), late.moves.len()), (5, 5), "{a}");
        // Tested when generated, the goal's later siblings are not made.
        assert!(early.stats.generated < late.stats.generated, "{a}: {} against {}", early.stats.generated, late.stats.generated);
    }
}

/// The key a tie rule orders equal priorities by (smaller first), from a frontier entry.
fn tie_rank(rule: Ties, x: &Entry) -> (i64, u64) {
    match rule {
        Ties::Fifo => (0, x.id),
        Ties::Lifo => (0, u64::MAX - x.id),
        Ties::LowH => (x.h.floor_moves() as i64, x.id),
        Ties::HighG => (-i64::from(x.g), x.id),
    }
}

#[test]
fn depth_first_branch_and_bound_and_rbfs_order_their_children_by_the_tie_rule() {
    let (start, goal) = nilsson();
    let mut boards = samples(4, 23);
    boards.push(start.clone());
    for a in [Algorithm::Dfbnb, Algorithm::Rbfs] {
        for rule in [Ties::Lifo, Ties::LowH, Ties::HighG] {
            let mut ties = 0;
            for b in &boards {
                let g = if *b == start { goal.clone() } else { goal3() };
                let mut r = request(b, &g, a, HeuristicKind::Manhattan, conv(None, None, Some(rule)));
                r.limits.nodes = Some(100_000);
                // Small frontiers (a stack along one path, or one node's children): the whole
                // recording stays small.
                let (out, rec) = solve_observed(&r, Recorder::new(9, 100_000, true)).unwrap();
                assert!(!rec.truncated);
                assert_eq!(out.status, Status::Solved);
                // The children just made lie on top of the frontier (the stack's top, or the
                // current node's children for RBFS), in order of f and then the tie rule.
                let mut made: Vec<u64> = Vec::new();
                for e in &rec.events {
                    match e {
                        Event::Selected { .. } => made.clear(),
                        Event::Generated { node, .. } => made.push(node.id),
                        Event::Frontier { entries, .. } => {
                            let fresh: Vec<&Entry> = if a == Algorithm::Rbfs {
                                entries.iter().collect()
                            } else {
                                entries.iter().take_while(|x| made.contains(&x.id)).collect()
                            };
                            for w in fresh.windows(2) {
                                if w[0].f == w[1].f {
                                    ties += 1;
                                    assert!(tie_rank(rule, w[0]) < tie_rank(rule, w[1]), "{a} ties {rule}: {} before {}", w[0].id, w[1].id);
                                } else {
                                    assert!(w[0].f < w[1].f, "{a}: children by f");
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
            assert!(ties > 5, "{a} ties {rule}: only {ties} ties");
        }
    }
}

#[test]
fn optimal_searches_stay_optimal_under_every_duplicates_rule_and_tie_rule() {
    let goal = goal3();
    let oracle = npuzzle_testkit::distances(3, 3, &tiles(&goal));
    for start in samples(12, 7) {
        let want = oracle[&tiles(&start)];
        for &d in Duplicates::ALL {
            for &t in Ties::ALL {
                // Blind tree searches (no heuristic, no check but the parent's) grow four or three
                // times wider a move: only up to 8 moves.
                let blind_ok = want <= 8 || !matches!(d, Duplicates::None | Duplicates::Parent);
                for (a, h) in [(Algorithm::Astar, HeuristicKind::Manhattan), (Algorithm::Ucs, HeuristicKind::Zero)] {
                    if h == HeuristicKind::Zero && !blind_ok {
                        continue;
                    }
                    let r = request(&start, &goal, a, h, conv(None, Some(d), Some(t)));
                    let out = solve(&r).unwrap();
                    assert_eq!(out.status, Status::Solved, "{a} {d} {t}");
                    assert_eq!(out.moves.len() as u32, want, "{a} duplicates {d} ties {t} on {start}");
                    assert_eq!(start.apply_all(&out.moves).unwrap().last().unwrap(), &goal);
                }
            }
            // Breadth-first search finds the fewest moves with the goal tested either way.
            for &g in GoalTestAt::ALL {
                if want > 8 && matches!(d, Duplicates::None | Duplicates::Parent) {
                    continue;
                }
                let out = solve(&request(&start, &goal, Algorithm::Bfs, HeuristicKind::Zero, conv(Some(g), Some(d), None))).unwrap();
                assert_eq!(out.moves.len() as u32, want, "bfs goal test {g} duplicates {d} on {start}");
            }
        }
    }
}

/// Each node's board, and its parent, from the recorded tree.
fn tree(rec: &Recorder) -> Tree {
    rec.nodes().map(|n| (n.id, (n.board.to_vec(), n.parent))).collect()
}

type Tree = HashMap<u64, (Vec<u32>, Option<u64>)>;

/// Node `id`'s grandparent's board, if it has one.
fn grandparent(t: &Tree, id: u64) -> Option<&Vec<u32>> {
    let p = t[&id].1?;
    let gp = t[&p].1?;
    Some(&t[&gp].0)
}

/// Whether node `id`'s board is one of its ancestors'.
fn repeats_its_path(t: &Tree, id: u64) -> bool {
    let board = &t[&id].0;
    let mut at = t[&id].1;
    while let Some(p) = at {
        if t[&p].0 == *board {
            return true;
        }
        at = t[&p].1;
    }
    false
}

#[test]
fn each_duplicates_rule_skips_what_it_says() {
    let (start, goal) = nilsson();
    for a in READERS {
        // Recorded up to 5,000 nodes: enough to see each rule at work, whether or not a tree
        // search of greedy or depth-first search ends.
        let run = |d| {
            let mut r = request(&start, &goal, a, HeuristicKind::Misplaced, conv(None, Some(d), None));
            r.limits.nodes = Some(20_000);
            solve_observed(&r, Recorder::new(9, 5_000, true).with_entry_labels(false)).unwrap()
        };
        let fates = |rec: &Recorder| -> Vec<(u64, npuzzle::search::observer::Fate)> { rec.nodes().map(|n| (n.id, n.fate)).collect() };
        use npuzzle::search::observer::Fate;
        // None: the move straight back is generated; no node is ever a duplicate.
        let (_, rec) = run(Duplicates::None);
        let t = tree(&rec);
        assert!(fates(&rec).iter().all(|&(_, f)| f != Fate::Duplicate), "{a}: tree search drops nothing");
        assert!(t.keys().any(|&id| grandparent(&t, id) == Some(&t[&id].0)), "{a}: some child is its grandparent");
        // Parent: no child is its grandparent, and still nothing else is dropped.
        let (_, rec) = run(Duplicates::Parent);
        let t = tree(&rec);
        assert!(fates(&rec).iter().all(|&(_, f)| f != Fate::Duplicate), "{a}");
        assert!(t.keys().all(|&id| grandparent(&t, id) != Some(&t[&id].0)), "{a}: the move back is not made");
        // Path: no node kept repeats a board of its own path; every dropped node does.
        let (_, rec) = run(Duplicates::Path);
        let t = tree(&rec);
        for (id, fate) in fates(&rec) {
            let repeats = repeats_its_path(&t, id);
            assert_eq!(repeats, fate == Fate::Duplicate, "{a}: node {id} under the path rule");
        }
        // Explored: no state is expanded twice; a node taken whose state was expanded is skipped.
        let (_, rec) = run(Duplicates::Explored);
        let t = tree(&rec);
        let mut expanded = HashSet::new();
        for e in &rec.events {
            match e {
                Event::Selected { id, .. } => assert!(expanded.insert(t[id].0.clone()), "{a}: a state expanded twice"),
                Event::Discarded { id, .. } => assert!(expanded.contains(&t[id].0), "{a}: skipped a state not yet expanded"),
                _ => {}
            }
        }
    }
}

/// Checks every selection against the frontier snapshot before it: the node taken is the one
/// the tie rule puts first among the lowest priority (ids grow in generation order).
fn check_ties(rec: &Recorder, rule: Ties) -> usize {
    let mut last: Option<&Vec<Entry>> = None;
    let mut ties_seen = 0;
    for e in &rec.events {
        match e {
            Event::Frontier { entries, .. } => last = Some(entries),
            Event::Selected { id, .. } => {
                let Some(entries) = last.take() else { continue };
                let least = entries.iter().map(|x| x.f).min().unwrap();
                let tied: Vec<&Entry> = entries.iter().filter(|x| x.f == least).collect();
                ties_seen += usize::from(tied.len() > 1);
                let want = match rule {
                    Ties::Fifo => tied.iter().min_by_key(|x| x.id),
                    Ties::Lifo => tied.iter().max_by_key(|x| x.id),
                    Ties::LowH => tied.iter().min_by_key(|x| (x.h, x.id)),
                    Ties::HighG => tied.iter().min_by_key(|x| (std::cmp::Reverse(x.g), x.id)),
                }
                .unwrap();
                assert_eq!(*id, want.id, "ties {rule}: took {id}, the rule takes {}", want.id);
            }
            _ => {}
        }
    }
    ties_seen
}

#[test]
fn each_tie_rule_takes_the_node_it_names() {
    let (start, goal) = nilsson();
    let mut boards = samples(6, 11);
    boards.push(start.clone());
    for &rule in Ties::ALL {
        let mut ties = 0;
        for b in &boards {
            let g = if *b == start { goal.clone() } else { goal3() };
            for (a, h) in [
                (Algorithm::Astar, HeuristicKind::Misplaced),
                (Algorithm::Ucs, HeuristicKind::Manhattan),
                (Algorithm::Greedy, HeuristicKind::Manhattan),
            ] {
                let (out, rec) = recorded(&request(b, &g, a, h, conv(None, None, Some(rule))));
                assert_eq!(out.status, Status::Solved);
                ties += check_ties(&rec, rule);
            }
        }
        assert!(ties > 20, "ties {rule}: only {ties} selections had a tie to break");
    }
}

#[test]
fn the_goal_test_moves_where_it_is_asked() {
    let (start, goal) = nilsson();
    for a in READERS {
        for &g in GoalTestAt::ALL {
            // Depth-first search within the solution's depth, so its tree stays small.
            let max_depth = (a == Algorithm::Dfs).then_some(5);
            let params = Params { max_depth, ..conv(Some(g), None, None) };
            let (out, rec) = recorded(&request(&start, &goal, a, HeuristicKind::Misplaced, params));
            assert_eq!(out.status, Status::Solved, "{a} {g}");
            let last_generated = rec.nodes().last().unwrap();
            match g {
                // At generation: the search stops at the goal's generation, before it is taken.
                GoalTestAt::Generation => {
                    assert_eq!(last_generated.fate, npuzzle::search::observer::Fate::Goal, "{a}");
                    assert!(!rec.events.iter().any(|e| matches!(e, Event::Selected { id, .. } if *id == last_generated.id)), "{a}");
                }
                // At selection: the goal node is generated, waits, and is taken.
                GoalTestAt::Selection => {
                    let n = rec.events.len();
                    assert!(matches!(rec.events[n - 1], Event::Goal { .. }), "{a}");
                    assert!(matches!(rec.events[n - 2], Event::Selected { .. }), "{a}: the goal is found when taken");
                }
            }
        }
    }
    // A* testing at generation stops as the goal is generated: fewer nodes, still five moves.
    let count = |g| solve(&request(&start, &goal, Algorithm::Astar, HeuristicKind::Misplaced, conv(Some(g), None, None))).unwrap();
    let (early, late) = (count(GoalTestAt::Generation), count(GoalTestAt::Selection));
    assert_eq!((early.moves.len(), late.moves.len()), (5, 5));
    assert!(early.stats.generated < late.stats.generated, "{} against {}", early.stats.generated, late.stats.generated);
}

#[test]
fn every_named_rule_set_runs_on_nilssons_example_with_its_own_rules() {
    let (start, goal) = nilsson();
    for &rules in npuzzle::search::Rules::ALL {
        let course = rules.course();
        assert!(course.source.len() > 60, "{rules}: the source is cited");
        for a in READERS {
            let max_depth = (a == Algorithm::Dfs).then_some(5);
            let params = Params { rules: Some(rules), max_depth, ..Params::default() };
            let r = request(&start, &goal, a, HeuristicKind::Misplaced, params);
            let c = Conventions::of(a.info(), &r.params);
            assert_eq!(c.duplicates, course.duplicates, "{rules} {a}");
            assert_eq!(c.ties, course.ties, "{rules} {a}");
            assert_eq!(c.goal_test, course.goal_test.unwrap_or(Conventions::own(a.info()).goal_test), "{rules} {a}");
            let out = solve(&r).unwrap();
            assert_eq!(out.status, Status::Solved, "{rules} {a}");
            assert_eq!(start.apply_all(&out.moves).unwrap().last().unwrap(), &goal, "{rules} {a}");
            if a.info().optimal && (a != Algorithm::Lc && a != Algorithm::Bfs || c.goal_test == GoalTestAt::Selection) {
                assert_eq!(out.moves.len(), 5, "{rules} {a}");
            }
        }
        // The depth-first family runs each set's rules where it can, its own where it cannot.
        for (a, _, _, _) in DEPTH_FIRST {
            let h = if a == Algorithm::Iddfs { HeuristicKind::Zero } else { HeuristicKind::Misplaced };
            let r = request(&start, &goal, a, h, Params { rules: Some(rules), ..Params::default() });
            let info = a.info();
            let c = Conventions::of(info, &r.params);
            let own = Conventions::own(info);
            let want_dups = if info.duplicates.contains(&course.duplicates) { course.duplicates } else { own.duplicates };
            assert_eq!(c.duplicates, want_dups, "{rules} {a}");
            let out = solve(&r).unwrap();
            assert_eq!(out.status, Status::Solved, "{rules} {a}");
            assert_eq!(start.apply_all(&out.moves).unwrap().last().unwrap(), &goal, "{rules} {a}");
            if c.keep_optimality(info) {
                assert_eq!(out.moves.len(), 5, "{rules} {a}");
            }
        }
        // A rule given by itself overrides the named set's.
        let p = Params { rules: Some(rules), ties: Some(Ties::Lifo), ..Params::default() };
        assert_eq!(Conventions::of(Algorithm::Astar.info(), &p).ties, Ties::Lifo);
    }
    // npuzzle's own rules are each algorithm's: nothing changes.
    for a in READERS {
        let p = Params { rules: Some(npuzzle::search::Rules::Npuzzle), ..Params::default() };
        assert_eq!(Conventions::of(a.info(), &p), Conventions::own(a.info()), "{a}");
    }
}

/// Princeton COS 226's 8puzzle assignment prints, for its `puzzle04.txt`, "Minimum number of
/// moves = 4" and these five boards (A* with the Manhattan priority, the move back not made).
#[test]
fn princetons_puzzle04_is_solved_as_its_assignment_prints() {
    let start = parse_board("0 1 3/4 2 5/7 8 6").unwrap();
    let params = Params { rules: Some(npuzzle::search::Rules::Princeton), ..Params::default() };
    let r = Request::new(start.clone(), goal3()).algorithm(Algorithm::Astar).heuristic(HeuristicKind::Manhattan).params(params);
    let (out, rec) = solve_observed(&r, Recorder::new(9, 10_000, true)).unwrap();
    assert_eq!(out.moves.len(), 4);
    let boards: Vec<String> = start.apply_all(&out.moves).unwrap().iter().map(|b| b.to_string()).collect();
    assert_eq!(boards, ["0 1 3/4 2 5/7 8 6", "1 0 3/4 2 5/7 8 6", "1 2 3/4 0 5/7 8 6", "1 2 3/4 5 0/7 8 6", "1 2 3/4 5 6/7 8 0"]);
    // The game tree's search nodes dequeued, in order: one a move, straight down the answer
    // (each has the least priority, moves + Manhattan = 4).
    let taken: Vec<(u32, u64)> = rec
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Selected { g, f, .. } => Some((*g, f.floor_moves())),
            _ => None,
        })
        .collect();
    assert_eq!(taken, [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]);
}

#[test]
fn the_trace_names_rules_other_than_the_algorithms_own() {
    let (start, goal) = nilsson();
    let heading = |params| npuzzle::render::trace::heading(&request(&start, &goal, Algorithm::Astar, HeuristicKind::Misplaced, params));
    assert_eq!(heading(Params::default()), "Trace: astar, heuristic misplaced, order LURD, goal 1 2 3/8 0 4/7 6 5");
    assert_eq!(
        heading(conv(Some(GoalTestAt::Generation), Some(Duplicates::None), Some(Ties::Fifo))),
        "Trace: astar, heuristic misplaced, order LURD, goal 1 2 3/8 0 4/7 6 5, rules: goal test at generation, duplicates: none"
    );
    let cs188 = Params { rules: Some(npuzzle::search::Rules::Cs188), ..Params::default() };
    assert!(heading(cs188).ends_with(", rules: duplicates: explored"));
}

#[test]
fn the_pseudocode_follows_the_rules_line_for_line() {
    for a in READERS.iter().chain(DEPTH_FIRST.iter().map(|d| &d.0)).copied() {
        let info = a.info();
        let own = Conventions::own(info);
        assert_eq!(own.pseudocode(info), None, "{a}: its own rules, its own pseudocode");
        let goal_tests = if info.takes(Param::GoalTest) { GoalTestAt::ALL } else { std::slice::from_ref(&own.goal_test) };
        let tie_rules = if info.takes(Param::Ties) { Ties::ALL } else { std::slice::from_ref(&own.ties) };
        for &d in info.duplicates {
            for &g in goal_tests {
                for &t in tie_rules {
                    let c = Conventions { goal_test: g, duplicates: d, ties: t };
                    let Some(texts) = c.pseudocode(info) else {
                        assert_eq!(c, Conventions::own(info), "{a}");
                        continue;
                    };
                    // One text a line: the replay lights the same lines.
                    assert_eq!(texts.len(), info.pseudocode.len(), "{a}");
                    let all = texts.join("\n");
                    let own = Conventions::own(info);
                    if g != own.goal_test {
                        let tested =
                            if g == GoalTestAt::Generation { "tested as each child is generated" } else { "tested when a node is taken" };
                        assert!(all.contains(tested), "{a} {g}: {all}");
                    }
                    if t != own.ties {
                        assert!(all.contains(&format!("ties: {}", npuzzle::search::conventions::tie_words(t))), "{a} {t}: {all}");
                    }
                    // The rule, either as a line of its own or in the comment on the line that
                    // expands a node.
                    let skip: &[&str] = match d {
                        Duplicates::None => &["no repeated state is skipped", "the move back included"],
                        Duplicates::Parent => &["= node.PARENT.STATE then skip child", "never the move that undoes the last"],
                        Duplicates::Path => {
                            &["is on the path from the start to node then skip child", "states on the current path are left out"]
                        }
                        Duplicates::Explored => &["if its state is in explored then skip it"],
                        Duplicates::Reached => &["reached"],
                    };
                    assert!(skip.iter().any(|s| all.contains(s)), "{a} {d}: {all}");
                    if d != Duplicates::Reached {
                        assert!(!all.contains("reached["), "{a} {d}: no reached table: {all}");
                    }
                }
            }
        }
    }
}
