//! `npuzzle check` diagnoses complete work: a variant's whole order of expansion (hundreds to
//! thousands of selections) or whole hand trace is followed to its end and named; right work is
//! never diagnosed; work a limit stops the diagnosis of is said to be undiagnosed, naming the
//! limit, never "no variant reproduces it"; and a solution is graded in slides under the
//! multi-tile metric.

use npuzzle::board::{Board, Move};
use npuzzle::check::{
    check_expansions, check_expansions_with, check_solution, check_trace, check_trace_with, text, DiagnosisLimits, Item, Report,
    TraceEntry, TraceStep, Values,
};
use npuzzle::goal::Goal;
use npuzzle::metric::{Metric, MtmTable};
use npuzzle::notation::{self, Reading};
use npuzzle::parse::parse_board;
use npuzzle::record::{Event, Recorder};
use npuzzle::search::{Algorithm, Duplicates, Params, Ties};
use npuzzle::solve::{solve, solve_observed, Request};
use npuzzle::tables::Tables;
use npuzzle::{HeuristicKind, MoveOrder};
use std::sync::Arc;
use std::time::Duration;

/// The board: greedy best-first search with misplaced tiles and order LURD expands 443
/// nodes on it, uniform-cost search 1,633.
const BOARD: &str = "2 6 4/1 3 8/7 5 0";

fn request(board: &str, a: Algorithm, h: HeuristicKind, order: &str) -> Request {
    let start = parse_board(board).unwrap();
    let goal = Goal::BlankLast.board(start.width(), start.height()).unwrap();
    Request::new(start, goal).algorithm(a).heuristic(h).order(MoveOrder::parse(order).unwrap())
}

fn astar_misplaced() -> Request {
    request(BOARD, Algorithm::Astar, HeuristicKind::Misplaced, "LURD")
}

/// `req`'s complete order of expansion, as `solve --trace` records it: every node selected.
fn order_of(req: &Request) -> Vec<Item> {
    let (_, rec) = solve_observed(req, Recorder::new(req.start.len(), usize::MAX, false)).unwrap();
    rec.events
        .iter()
        .filter_map(|e| match e {
            Event::Selected { label, .. } => Some(Item::Label(label.clone())),
            _ => None,
        })
        .collect()
}

/// Asserts that `report` fails the work and names it in `words`, with no limit said.
fn diagnosed(report: &Report, words: &str) {
    assert!(!report.right, "{words}: passed");
    assert!(report.diagnosis_limit.is_none(), "{words}: {:?}", report.diagnosis_limit);
    assert!(report.diagnoses.iter().any(|d| d == words), "{words}:\n{}", text(report));
    assert!(!text(report).contains("no nearby variant"), "{}", text(report));
}

#[test]
fn greedy_best_first_work_of_443_expansions_is_diagnosed_as_f_equal_to_h() {
    let greedy = order_of(&request(BOARD, Algorithm::Greedy, HeuristicKind::Misplaced, "LURD"));
    assert_eq!(greedy.len(), 443);
    let words = "matches greedy best-first search (f = h) with h = misplaced, not A* (f = g + h)";
    // The first 200 expansions (the old bound), 300, and all 443.
    for n in [200, 300, 443] {
        let report = check_expansions(&astar_misplaced(), &greedy[..n], None).unwrap();
        diagnosed(&report, words);
        assert_eq!(report.diagnoses[0], words, "the closest variant first: {:?}", report.diagnoses);
    }
}

#[test]
fn uniform_cost_work_of_1633_expansions_is_diagnosed_as_f_equal_to_g() {
    let ucs = order_of(&request(BOARD, Algorithm::Ucs, HeuristicKind::Zero, "LURD"));
    assert_eq!(ucs.len(), 1633);
    let report = check_expansions(&astar_misplaced(), &ucs, None).unwrap();
    diagnosed(&report, "matches uniform-cost search (f = g), not A* (f = g + h)");
}

/// A board A* with Manhattan distance and order LURD expands 727 nodes on.
const DEEPER: &str = "0 8 7/6 5 4/3 2 1";

#[test]
fn another_heuristic_move_order_rule_or_tie_break_over_a_complete_run_is_diagnosed() {
    let reference = request(DEEPER, Algorithm::Astar, HeuristicKind::Manhattan, "LURD");
    let own = order_of(&reference);
    assert_eq!(own.len(), 727);
    let with = |f: &dyn Fn(&mut Params)| {
        let mut r = reference.clone();
        f(&mut r.params);
        r
    };
    for (variant, words) in [
        (reference.clone().heuristic(HeuristicKind::LinearConflict), "matches A* with h = linear-conflict, not h = manhattan"),
        (reference.clone().order(MoveOrder::parse("UDLR").unwrap()), "matches A* with the children generated in the order UDLR, not LURD"),
        (with(&|p| p.ties = Some(Ties::Lifo)), "matches A* with ties broken last in, first out, not first in, first out (--ties lifo)"),
        (
            with(&|p| p.duplicates = Some(Duplicates::Parent)),
            "matches A* with only the move back to the parent skipped (--duplicates parent)",
        ),
    ] {
        let work = order_of(&variant);
        assert!(work.len() >= 100 && work != own, "{words}: {} expansions", work.len());
        diagnosed(&check_expansions(&reference, &work, None).unwrap(), words);
    }
}

#[test]
fn a_right_complete_run_passes_undiagnosed() {
    for req in [astar_misplaced(), request(BOARD, Algorithm::Ucs, HeuristicKind::Zero, "LURD")] {
        let work = order_of(&req);
        let report = check_expansions(&req, &work, None).unwrap();
        assert!(report.right, "{}", text(&report));
        assert!(report.diagnoses.is_empty() && report.diagnosis_limit.is_none() && report.difference.is_none());
    }
}

#[test]
fn work_past_a_limit_is_said_to_be_undiagnosed_naming_the_limit() {
    let greedy = order_of(&request(BOARD, Algorithm::Greedy, HeuristicKind::Misplaced, "LURD"));
    let run = |r: &Request, rec: Recorder| Ok(solve_observed(r, rec)?.1);
    let short = DiagnosisLimits { expansions: 200, ..DiagnosisLimits::default() };
    let report = check_expansions_with(&astar_misplaced(), &greedy, None, &run, &short).unwrap();
    assert!(!report.right && report.diagnoses.is_empty());
    assert_eq!(report.diagnosis_limit.as_deref(), Some("the work has 443 expansions, more than the 200 a diagnosis follows"));
    let words = text(&report);
    assert!(words.contains("not diagnosed: the work has 443 expansions, more than the 200"), "{words}");
    assert!(!words.contains("no nearby variant"), "{words}");
    // The JSON report carries the limit.
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["diagnosis_limit"], "the work has 443 expansions, more than the 200 a diagnosis follows");
    // No time at all: nothing is tried, and the report says the budget ran out.
    let none = DiagnosisLimits { time: Duration::ZERO, ..DiagnosisLimits::default() };
    let report = check_expansions_with(&astar_misplaced(), &greedy, None, &run, &none).unwrap();
    assert!(report.diagnoses.is_empty());
    let limit = report.diagnosis_limit.clone().unwrap();
    assert!(limit.starts_with("the time budget of 0 s ran out with "), "{limit}");
    assert!(text(&report).contains("not diagnosed: the time budget"), "{}", text(&report));
    // Work within the limits is diagnosed, and right work never gets a limit.
    assert!(check_expansions_with(&astar_misplaced(), &greedy, None, &run, &DiagnosisLimits::default()).unwrap().diagnosis_limit.is_none());
    let own = order_of(&astar_misplaced());
    assert!(check_expansions_with(&astar_misplaced(), &own, None, &run, &short).unwrap().diagnosis_limit.is_none());
}

/// `req`'s complete hand trace as a student writes it: each step's node selected and its whole
/// open list with g + h = f.
fn trace_of(req: &Request) -> Vec<TraceStep> {
    let (_, rec) = solve_observed(req, Recorder::new(req.start.len(), usize::MAX, true)).unwrap();
    let mut steps: Vec<TraceStep> = Vec::new();
    for e in &rec.events {
        match e {
            Event::Selected { label, .. } => steps.push(TraceStep { selected: Some(label.clone()), open: None }),
            Event::Frontier { entries, .. } => {
                if steps.is_empty() {
                    steps.push(TraceStep::default());
                }
                let open = entries
                    .iter()
                    .map(|x| TraceEntry { label: x.label.clone(), values: Values::Ghf(f64::from(x.g), x.h.as_f64(), x.f.as_f64()) })
                    .collect();
                steps.last_mut().unwrap().open = Some(open);
            }
            _ => {}
        }
    }
    steps
}

/// The trace written out in the layout the reader takes (`Step N: expand S…  open: S2 1+3=4, …`).
fn written(steps: &[TraceStep]) -> String {
    let mut out = String::new();
    let mut n = 0;
    for s in steps {
        let open: Vec<String> = s
            .open
            .iter()
            .flatten()
            .map(|e| match e.values {
                Values::Ghf(g, h, f) => format!("{} {g}+{h}={f}", e.label),
                _ => e.label.clone(),
            })
            .collect();
        match &s.selected {
            Some(label) => {
                n += 1;
                out.push_str(&format!("Step {n}: expand {label}  open: {}\n", open.join(", ")));
            }
            None => out.push_str(&format!("Start: open {}\n", open.join(", "))),
        }
    }
    out
}

#[test]
fn a_complete_hand_trace_of_more_than_200_steps_is_read_and_diagnosed() {
    // 3×2 boards: open lists short enough to write out whole at every step.
    let board = "0 5 4/3 2 1";
    let astar = request(board, Algorithm::Astar, HeuristicKind::Misplaced, "LURD");
    let ucs = request(board, Algorithm::Ucs, HeuristicKind::Zero, "LURD");
    let text_of_ucs = written(&trace_of(&ucs));
    let work = npuzzle::check::read_trace(&text_of_ucs).unwrap();
    let selected = work.iter().filter(|s| s.selected.is_some()).count();
    assert!(selected > 200, "{selected} steps");
    // Graded against its own search, it is right.
    let own = check_trace(&ucs, &work, None).unwrap();
    assert!(own.right && own.diagnoses.is_empty(), "{}", text(&own));
    // Against A*, it is diagnosed as f = g, open lists and values included.
    let report = check_trace(&astar, &work, None).unwrap();
    diagnosed(&report, "matches uniform-cost search (f = g), not A* (f = g + h)");
    // A limit below its length is said.
    let run = |r: &Request, rec: Recorder| Ok(solve_observed(r, rec)?.1);
    let short = DiagnosisLimits { expansions: 200, ..DiagnosisLimits::default() };
    let report = check_trace_with(&astar, &work, None, &run, &short).unwrap();
    assert_eq!(report.diagnosis_limit, Some(format!("the work has {selected} expansions, more than the 200 a diagnosis follows")));
}

#[test]
fn under_multi_tile_moves_the_caps_follow_the_slides_a_state_has() {
    // 6×6 under multi-tile moves: 5 slides after each slide (10 from the start), past the 4
    // children of single-tile moves a check once allowed each selection.
    let board = "1 2 3 4 5 6/7 8 9 10 11 12/13 14 15 16 17 18/19 20 21 0 28 23/25 26 27 29 22 24/31 32 33 34 35 30";
    let reference = request(board, Algorithm::Astar, HeuristicKind::Misplaced, "LURD").metric(Metric::Mtm);
    let own = order_of(&reference);
    assert_eq!(own.len(), 620);
    let report = check_expansions(&reference, &own, None).unwrap();
    assert!(report.right, "{}", text(&report));
    let greedy = order_of(&reference.clone().algorithm(Algorithm::Greedy));
    assert_eq!(greedy.len(), 2170);
    diagnosed(
        &check_expansions(&reference, &greedy, None).unwrap(),
        "matches greedy best-first search (f = h) with h = misplaced, not A* (f = g + h)",
    );
}

/// A request under multi-tile moves with the exact table of slides prepared.
fn mtm_request(board: &str) -> Request {
    let start: Board = parse_board(board).unwrap();
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let table = Arc::new(MtmTable::new(&goal).unwrap());
    Request::new(start, goal)
        .algorithm(Algorithm::Idastar)
        .heuristic(HeuristicKind::Exact)
        .metric(Metric::Mtm)
        .tables(Tables::none().with_mtm_exact(table))
}

#[test]
fn under_multi_tile_moves_a_solution_costs_its_slides_against_the_fewest() {
    let req = mtm_request(BOARD);
    let best = solve(&req).unwrap();
    let slides = best.cost.unwrap();
    assert_eq!(notation::mtm_length(&best.moves), slides);
    // The optimum in slides is right, written with counts.
    let written = notation::write(&best.moves, Reading::Blank);
    let moves = npuzzle::check::read_solution(&written, &req.start, Reading::Blank).unwrap();
    let report = check_solution(&req, &moves, true).unwrap();
    assert!(report.right, "{}", text(&report));
    assert_eq!(report.findings[2].says, format!("{slides} slides, the optimum"));
    // The optimum of single-tile moves reaches the goal and is graded in slides: no fewer.
    let stm = solve(&request(BOARD, Algorithm::Astar, HeuristicKind::Manhattan, "LURD")).unwrap();
    let report = check_solution(&req, &stm.moves, true).unwrap();
    assert_eq!(report.right, notation::mtm_length(&stm.moves) == slides, "{}", text(&report));
    // A detour (the blank out and back along a line it does not slide on next) costs 2 slides more.
    let first = best.moves[0];
    let detour = Move::ALL.into_iter().find(|&m| m != first && m != first.inverse() && req.start.apply(m).is_some()).unwrap();
    let mut longer = vec![detour, detour.inverse()];
    longer.extend(&best.moves);
    assert_eq!(notation::mtm_length(&longer), slides + 2);
    let report = check_solution(&req, &longer, true).unwrap();
    assert!(!report.right);
    assert_eq!(report.findings.iter().map(|f| f.passed).collect::<Vec<_>>(), [true, true, false]);
    assert!(report.findings[2].says.starts_with(&format!("{} slides; the optimum is {slides}", slides + 2)), "{}", text(&report));
    // Runs of one direction are one slide however they are written: R R is R2.
    let start = parse_board("1 2 3/4 5 6/0 7 8").unwrap();
    let near = Request { start, ..mtm_request(BOARD) };
    let report = check_solution(&near, &[Move::Right, Move::Right], true).unwrap();
    assert!(report.right, "{}", text(&report));
    assert_eq!(report.findings[2].says, "1 slide, the optimum");
}
