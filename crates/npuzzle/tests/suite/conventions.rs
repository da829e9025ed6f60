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

#[test]
fn the_readers_say_so_and_the_defaults_are_their_own_rules() {
    for a in Algorithm::ALL {
        let info = a.info();
        let reads = [Param::GoalTest, Param::Duplicates].iter().all(|&p| info.takes(p));
        assert_eq!(reads, READERS.contains(a), "{a}");
        assert_eq!(Conventions::of(info, &Params::default()), Conventions::own(info), "{a}");
    }
    for a in [Algorithm::Ucs, Algorithm::Greedy, Algorithm::Astar, Algorithm::Lc] {
        assert!(a.info().takes(Param::Ties), "{a}: a priority queue has ties to break");
    }
    // Given to a search that does not read it, a convention is noted as ignored.
    let spec: Spec = serde_json::from_str(r#"{"duplicates": "none", "ties": "lifo"}"#).unwrap();
    let notes = spec.plan().unwrap().ignored(Algorithm::Idastar);
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(notes[0].contains("idastar takes no duplicates"), "{notes:?}");
    // And a bad name is refused with the choices.
    let e = serde_json::from_str::<Spec>(r#"{"ties": "coin"}"#).unwrap_err().to_string();
    assert!(e.contains("expected one of fifo, lifo, low-h, high-g"), "{e}");
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
    for a in READERS {
        let info = a.info();
        assert_eq!(Conventions::own(info).pseudocode(info), None, "{a}: its own rules, its own pseudocode");
        for &d in Duplicates::ALL {
            for &g in GoalTestAt::ALL {
                for &t in Ties::ALL {
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
                    let skip = match d {
                        Duplicates::None => "no repeated state is skipped",
                        Duplicates::Parent => "if s = node.PARENT.STATE then skip child",
                        Duplicates::Path => "if s is on the path from the start to node then skip child",
                        Duplicates::Explored => "if its state is in explored then skip it",
                        Duplicates::Reached => "reached",
                    };
                    assert!(all.contains(skip), "{a} {d}: {all}");
                }
            }
        }
    }
}
