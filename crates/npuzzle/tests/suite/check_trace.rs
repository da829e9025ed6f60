//! `npuzzle check --trace`: a full hand trace graded step by step. Right work is passed in
//! every layout the reader takes; work made by a nearby variant (another tie rule, goal test,
//! heuristic, move order or algorithm) is failed and diagnosed as that variant; a slip of
//! arithmetic is failed and diagnosed as nothing; hostile text is refused.

use npuzzle::board::Board;
use npuzzle::check::{check_trace, read_trace, Values, MAX_ITEMS, MAX_TEXT};
use npuzzle::parse::parse_board;
use npuzzle::record::Recorder;
use npuzzle::render::trace::{render_text, Setup};
use npuzzle::search::{Algorithm, GoalTestAt, Params, Ties};
use npuzzle::solve::{solve_observed, Request};
use npuzzle::{HeuristicKind, MoveOrder};

fn nilsson(a: Algorithm, h: HeuristicKind, params: Params) -> Request {
    let mut r = Request::new(parse_board("2 8 3/1 6 4/7 0 5").unwrap(), parse_board("1 2 3/8 0 4/7 6 5").unwrap())
        .algorithm(a)
        .heuristic(h)
        .params(params);
    r.order = MoveOrder::parse("LURD").unwrap();
    r
}

/// The trace `npuzzle solve --trace` prints for `r`.
fn printed(r: &Request) -> String {
    let (_, rec) = solve_observed(r, Recorder::new(r.start.len(), 10_000, true)).unwrap();
    let b: &Board = &r.start;
    let setup = Setup { algorithm: r.algorithm, width: b.width(), height: b.height(), limit: 1_000, cost: r.cost };
    format!("{}\n{}", npuzzle::render::trace::heading(r), render_text(&rec, &setup))
}

fn astar() -> Request {
    nilsson(Algorithm::Astar, HeuristicKind::Misplaced, Params::default())
}

#[test]
fn right_traces_pass_in_every_layout() {
    let r = astar();
    // The layout --trace prints, whole.
    let report = check_trace(&r, &read_trace(&printed(&r)).unwrap(), None).unwrap();
    assert!(report.right, "{report:?}");
    assert!(report.findings.iter().all(|f| f.passed) && report.diagnoses.is_empty());
    // One line a step, the open list after the selection, values in brackets; f alone; none.
    for text in [
        "Start: open S0 0+4=4\n1. expand S0  open: S2 (1+3=4), S1 (1+5=6), S3 (1+5=6)\n2. S2; open: S21 (2+3=5), S22 (2+3=5), S1 (1+5=6), S3 (1+5=6), S23 (2+4=6)\n",
        "step 1: expand s0\n  OPEN = [s2 f=4, s1 f=6, s3 f=6]\nstep 2: expand s2\n  OPEN = [s21 f=5, s22 f=5, s1 f=6, s3 f=6, s23 f=6]\n",
        "1) S0\n   frontier:\n     S2\n     S1\n     S3\n2) S2\n   frontier: S21 S22 S1 S3 S23\n",
        "expand S0\nexpand S2\n",
    ] {
        let steps = read_trace(text).unwrap();
        let report = check_trace(&r, &steps, Some(2)).unwrap();
        assert!(report.right, "{text}: {report:?}");
    }
    // IDA*'s passes, each begun at a start, and breadth-first search's queue.
    for r in [
        nilsson(Algorithm::Idastar, HeuristicKind::Misplaced, Params::default()),
        nilsson(Algorithm::Bfs, HeuristicKind::Zero, Params::default()),
        nilsson(Algorithm::Dfbnb, HeuristicKind::Misplaced, Params::default()),
    ] {
        let report = check_trace(&r, &read_trace(&printed(&r)).unwrap(), None).unwrap();
        assert!(report.right, "{}: {report:?}", r.algorithm);
    }
}

#[test]
fn the_reader_takes_labels_and_values_as_written() {
    let steps = read_trace("Step 2: expand S2  g + h = f: 1 + 3 = 4\n  children:\n    S21 L 2 8 3 / _ 1 4 / 7 6 5\n  open list:\n    S21  g + h = f: 2 + 3 = 5   path S0 -> S2 -> S21\n    s1 6\n    S3\n").unwrap();
    assert_eq!(steps.len(), 1);
    assert_eq!(steps[0].selected.as_deref(), Some("S2"));
    let open = steps[0].open.as_ref().unwrap();
    assert_eq!(open.iter().map(|e| e.label.as_str()).collect::<Vec<_>>(), ["S21", "S1", "S3"]);
    assert_eq!(open.iter().map(|e| e.values).collect::<Vec<_>>(), [Values::Ghf(2.0, 3.0, 5.0), Values::F(6.0), Values::None]);
}

/// The work a variant of the reference prints, graded against the reference: failed, and
/// diagnosed as that variant in the words given.
fn diagnosed_as(work_of: &Request, reference: &Request, words: &str) {
    let report = check_trace(reference, &read_trace(&printed(work_of)).unwrap(), None).unwrap();
    assert!(!report.right, "{words}: passed");
    assert!(report.difference.is_some());
    assert!(report.diagnoses.iter().any(|d| d.contains(words)), "{words}: {:?}", report.diagnoses);
    // And graded against the variant itself, the same work is right and diagnosed as nothing.
    let own = check_trace(work_of, &read_trace(&printed(work_of)).unwrap(), None).unwrap();
    assert!(own.right && own.diagnoses.is_empty(), "{words}: {own:?}");
}

#[test]
fn ties_broken_last_in_first_out_are_diagnosed() {
    let lifo = nilsson(Algorithm::Astar, HeuristicKind::Misplaced, Params { ties: Some(Ties::Lifo), ..Params::default() });
    diagnosed_as(&lifo, &astar(), "ties broken last in, first out");
}

#[test]
fn f_equal_to_h_is_diagnosed_as_greedy_search() {
    let greedy = nilsson(Algorithm::Greedy, HeuristicKind::Misplaced, Params::default());
    diagnosed_as(&greedy, &astar(), "greedy best-first search (f = h)");
}

#[test]
fn another_heuristic_is_diagnosed() {
    let manhattan = nilsson(Algorithm::Astar, HeuristicKind::Manhattan, Params::default());
    diagnosed_as(&manhattan, &astar(), "h = manhattan, not h = misplaced");
}

#[test]
fn another_move_order_is_diagnosed() {
    let mut udlr = astar();
    udlr.order = MoveOrder::parse("UDLR").unwrap();
    diagnosed_as(&udlr, &astar(), "in the order UDLR, not LURD");
}

#[test]
fn the_goal_tested_when_generated_is_diagnosed() {
    let bfs = |g| nilsson(Algorithm::Bfs, HeuristicKind::Zero, Params { goal_test: Some(g), ..Params::default() });
    // The work stops as the goal is generated; the reference goes on to select it.
    diagnosed_as(&bfs(GoalTestAt::Selection), &bfs(GoalTestAt::Generation), "the goal tested when selected");
}

#[test]
fn a_slip_of_arithmetic_fails_the_values_only_and_is_diagnosed_as_nothing() {
    let text =
        "1. expand S0  open: S2 1+3=4, S1 1+5=6, S3 1+5=6\n2. expand S2  open: S21 2+3=5, S22 2+3=5, S1 1+5=6, S3 1+5=6, S23 2+4=7\n";
    let report = check_trace(&astar(), &read_trace(text).unwrap(), Some(2)).unwrap();
    assert!(!report.right);
    let passed: Vec<bool> = report.findings.iter().map(|f| f.passed).collect();
    assert_eq!(passed, [true, true, false], "{report:?}");
    let d = report.difference.unwrap();
    assert_eq!((d.at, d.expected.as_deref(), d.got.as_deref()), (2, Some("S23 2 + 4 = 6"), Some("S23 2 + 4 = 7")));
    assert!(report.diagnoses.is_empty(), "{:?}", report.diagnoses);
}

#[test]
fn hostile_text_is_refused_with_a_clear_error() {
    let e = read_trace("no steps here\nS0 S1").unwrap_err().to_string();
    assert!(e.contains("no step of the trace names a node selected"), "{e}");
    // A long trace is read (a complete one runs to hundreds of steps); past MAX_ITEMS, refused.
    assert_eq!(read_trace(&"1. S0\n".repeat(300)).unwrap().len(), 300);
    let long = "1. S0\n".repeat(MAX_ITEMS + 1);
    assert!(read_trace(&long).unwrap_err().to_string().contains(&format!("more than {MAX_ITEMS} steps")));
    let huge = "x".repeat(MAX_TEXT + 1);
    assert!(read_trace(&huge).unwrap_err().to_string().contains("at most"));
    // Nonsense steps are graded, not trusted: a label the search never made is a difference.
    let report = check_trace(&astar(), &read_trace("1. S0 open: S999999999999999999999 1+1=2\n").unwrap(), Some(1)).unwrap();
    assert!(!report.right);
}
