//! A student's own work graded against the reference search: a solution (valid? reaching the
//! goal? optimal?), an order of expansion (the nodes selected, as labels such as `S21` or as
//! boards), a full hand trace (the node selected and the open list with g + h = f at each step:
//! [`read_trace`], [`check_trace`]) or a sheet's answers against its key. The report names the first point where the work departs from the reference, what
//! was expected there, and a diagnosis: it re-runs the nearby variants (another rule for the goal
//! test, the repeated states or the ties; another move order, another heuristic, another
//! algorithm such as greedy best-first search, f = h, or uniform cost, f = g) and names the one
//! that reproduces the work.
//!
//! The diagnosis follows complete work: every variant is run as far as the work goes (work of
//! any length read, up to [`MAX_DIAGNOSED`] expansions), within a time budget
//! ([`DIAGNOSIS_TIME`]; [`DiagnosisLimits`] sets both). Most variants part from the work within
//! a few expansions, so each is first followed for 64 expansions, those that still agree four
//! times as far, and so on: the time goes to the few that keep agreeing. Where a limit stops the
//! diagnosis short, the report names it ([`Report::diagnosis_limit`]) rather than saying that no
//! variant reproduces the work.
//!
//! A solution is priced in the request's metric: under multi-tile moves
//! ([`crate::metric::Metric::Mtm`]) its cost is its slides, the maximal runs of one direction
//! of the blank's moves, and `optimal` compares them with the fewest slides.
//!
//! The readers are lenient (any whitespace, commas, arrows, step numbers, the blank written 0,
//! `_` or `-1`) and never trust the text: it is refused past [`MAX_TEXT`] bytes or
//! [`MAX_ITEMS`] items, and every search the check runs records at most [`VARIANT_NODES`]
//! nodes.

mod diagnose;
mod expansions;
mod export;
mod key;
mod limits;
mod read;
mod report;
mod solution;
mod trace;
pub use diagnose::RunRecorded;
pub use expansions::{check_expansions, check_expansions_by, check_expansions_with};
pub use export::{gradescope, text, Gradescope, GradescopeTest};
pub use key::{check_answers, Key, KeyAnswer, KeyQuestion};
pub use limits::{DiagnosisLimits, DIAGNOSIS_TIME, MAX_DIAGNOSED, MAX_DIAGNOSES, MAX_ITEMS, MAX_TEXT, VARIANT_NODES};
pub use read::{read_boards, read_expansions, read_solution, Item};
pub use report::{Difference, Finding, Report, WorkKind};
pub use solution::check_solution;
pub use trace::{check_trace, check_trace_by, check_trace_with, read_trace, TraceEntry, TraceStep, Values};

#[cfg(test)]
mod tests {
    use super::diagnose::{run_recorded, selections};
    use super::*;
    use crate::board::{Board, Move, MoveOrder};
    use crate::heuristic::HeuristicKind;

    use crate::notation::Reading;
    use crate::parse::parse_board;

    use crate::search::{Algorithm, Duplicates, GoalTestAt, Params, Request, Ties};
    use crate::solve::solve;

    fn nilsson(a: Algorithm, h: HeuristicKind) -> Request {
        let start = parse_board("2 8 3/1 6 4/7 0 5").unwrap();
        let goal = parse_board("1 2 3/8 0 4/7 6 5").unwrap();
        Request::new(start, goal).algorithm(a).heuristic(h)
    }

    /// The first 30 selections of `req` (a hand trace's length), as labels.
    fn labels(req: &Request) -> Vec<Item> {
        selections(req, 30, &run_recorded).unwrap().into_iter().map(|(l, _)| Item::Label(l)).collect()
    }

    #[test]
    fn the_reference_itself_is_right_in_labels_and_in_boards() {
        let req = nilsson(Algorithm::Astar, HeuristicKind::Misplaced);
        let work = labels(&req);
        let r = check_expansions(&req, &work, None).unwrap();
        assert!(r.right, "{}", text(&r));
        assert!(r.diagnoses.is_empty() && r.difference.is_none());
        let boards: Vec<Item> = selections(&req, 1000, &run_recorded).unwrap().into_iter().map(|(_, b)| Item::Board(b)).collect();
        assert!(check_expansions(&req, &boards, None).unwrap().right);
    }

    #[test]
    fn greedy_work_is_diagnosed_as_greedy_and_never_passed() {
        let req = nilsson(Algorithm::Astar, HeuristicKind::Manhattan);
        // A board where greedy and A* part ways.
        let start = parse_board("8 1 3/4 0 2/7 6 5").unwrap();
        let goal = parse_board("1 2 3/4 5 6/7 8 0").unwrap();
        let req = Request { start, goal, ..req };
        let greedy = labels(&req.clone().algorithm(Algorithm::Greedy));
        let r = check_expansions(&req, &greedy, None).unwrap();
        assert!(!r.right);
        assert!(r.difference.is_some());
        // Each kind of variant is named: a move order, a heuristic, uniform cost.
        for (variant, words) in [
            (req.clone().order(MoveOrder::parse("LURD").unwrap()), "matches A* with the children generated in the order LURD, not UDLR"),
            (req.clone().heuristic(HeuristicKind::Misplaced), "matches A* with h = misplaced, not h = manhattan"),
            (req.clone().algorithm(Algorithm::Ucs), "matches uniform-cost search (f = g), not A* (f = g + h)"),
        ] {
            let r = check_expansions(&req, &labels(&variant), None).unwrap();
            assert!(!r.right);
            assert!(r.diagnoses.iter().any(|d| d == words), "{}", text(&r));
        }
        assert_eq!(r.diagnoses, ["matches greedy best-first search (f = h) with h = manhattan, not A* (f = g + h)"], "{}", text(&r));
    }

    #[test]
    fn work_under_another_course_s_rules_is_diagnosed_by_the_rule() {
        let req = nilsson(Algorithm::Astar, HeuristicKind::Misplaced);
        let rule = |f: &dyn Fn(&mut Params)| {
            let mut r = req.clone();
            f(&mut r.params);
            r
        };
        for (variant, words) in [
            (rule(&|p| p.ties = Some(Ties::Lifo)), "matches A* with ties broken last in, first out, not first in, first out (--ties lifo)"),
            (
                rule(&|p| p.goal_test = Some(GoalTestAt::Generation)),
                "matches A* with the goal tested when generated, not when selected (--goal-test generation)",
            ),
            (
                rule(&|p| p.duplicates = Some(Duplicates::None)),
                "matches A* with no repeated state skipped, not even the move back to the parent (--duplicates none)",
            ),
        ] {
            let work = labels(&variant);
            let r = check_expansions(&req, &work, None).unwrap();
            if work == labels(&req) {
                // The rule changes nothing here: the work is right, and is passed.
                assert!(r.right, "{words}");
                continue;
            }
            assert!(!r.right && r.difference.is_some(), "{words}");
            assert!(r.diagnoses.iter().any(|d| d == words), "{words}: {}", text(&r));
            // And the same work checked under that rule is right.
            assert!(check_expansions(&variant, &work, None).unwrap().right, "{words}");
        }
    }

    #[test]
    fn readers_are_lenient_and_refuse_what_is_not_work() {
        let like = parse_board("1 2 3/4 5 6/7 8 0").unwrap();
        let items = read_expansions("1. S0\n2) s2 -> S21, S211\nstep 5: G3", &like).unwrap();
        assert_eq!(items, ["S0", "S2", "S21", "S211", "G3"].map(|l| Item::Label(l.into())));
        let boards = read_expansions("1: 1 2 3 / 4 5 6 / 7 8 _\n\n2. 1 2 3\n4 5 6\n7 0 8", &like).unwrap();
        assert_eq!(boards.len(), 2);
        assert!(read_expansions("1 2 3 4 5 6 7 8", &like).is_err());
        assert!(read_expansions("1 1 3 4 5 6 7 8 0", &like).is_err());
        assert!(read_expansions(&"x".repeat(MAX_TEXT + 1), &like).is_err());
        let start = parse_board("1 2 3/4 5 6/7 0 8").unwrap();
        assert_eq!(read_solution("R", &start, Reading::Blank).unwrap(), [Move::Right]);
        assert_eq!(read_solution("1 2 3/4 5 6/7 8 0", &start, Reading::Blank).unwrap(), [Move::Right]);
        assert_eq!(read_solution("1 2 3 4 5 6 7 0 8\n1 2 3 4 5 6 7 8 0", &start, Reading::Blank).unwrap(), [Move::Right]);
        assert!(read_solution("1 2 3/4 5 6/0 7 8\n1 2 3/4 5 6/7 8 0", &start, Reading::Blank).is_err());
        assert_eq!(read_solution("U, L2 → R", &start, Reading::Blank).unwrap(), [Move::Up, Move::Left, Move::Left, Move::Right]);
    }

    #[test]
    fn a_sheets_answers_are_graded_question_by_question_against_its_key() {
        let req = nilsson(Algorithm::Astar, HeuristicKind::Misplaced).order(MoveOrder::parse("LURD").unwrap());
        let ex = crate::render::exercise::Exercise::run(&req, 12).unwrap();
        let rows = |b: &Board| b.rows();
        let key = Key {
            start: rows(&ex.start),
            goal: rows(&ex.goal),
            algorithm: ex.algorithm.name().into(),
            heuristic: ex.heuristic.name(),
            order: ex.order.clone(),
            cost_model: ex.cost_model.name().into(),
            questions: ex.questions.iter().map(|q| KeyQuestion { number: q.number, kind: q.kind, text: q.text.clone() }).collect(),
            answers: ex.answers.iter().map(|a| KeyAnswer { number: a.number, items: a.items.clone(), text: a.text.clone() }).collect(),
        };
        // The key's own answers, as a student would write them, are all right.
        let right: String = ex.answers.iter().map(|a| format!("{}. {}\n", a.number, a.text)).collect();
        let r = check_answers(&key, &right).unwrap();
        assert!(r.right, "{}", text(&r));
        assert_eq!(r.findings.len(), ex.questions.len());
        // Other ways of writing them: values as a sum, moves with spaces.
        let values = ex.questions.iter().position(|q| q.kind == crate::render::exercise::Kind::Values).unwrap();
        let n = ex.questions[values].number;
        let sum = ex.answers[values].text.split(": ").nth(1).unwrap().split(';').next().unwrap().to_string();
        let r = check_answers(&key, &format!("{n}) {sum}")).unwrap();
        assert!(r.findings[values].passed, "{}", text(&r));
        // A wrong order of expansion (children generated U, D, L, R) is wrong and diagnosed.
        let r = check_answers(&key, "1. S0, S1, S11, S12, S111, S1111, S11112").unwrap();
        assert!(!r.right && !r.findings[0].passed);
        assert!(r.diagnoses.iter().any(|d| d.contains("in the order UDLR, not LURD")), "{}", text(&r));
        assert!(r.findings[1..].iter().all(|f| !f.passed && f.says.starts_with("no answer")));
        assert!(check_answers(&key, "no numbers here").is_err());
    }

    #[test]
    fn solutions_are_checked_move_by_move_and_against_the_optimum() {
        let req = nilsson(Algorithm::Astar, HeuristicKind::Manhattan);
        let best = solve(&req).unwrap().moves;
        let r = check_solution(&req, &best, true).unwrap();
        assert!(r.right, "{}", text(&r));
        // A detour: valid, reaches the goal, not optimal.
        let mut longer = vec![Move::Left, Move::Right];
        longer.extend(&best);
        let r = check_solution(&req, &longer, true).unwrap();
        assert!(!r.right);
        assert_eq!(r.findings.iter().map(|f| f.passed).collect::<Vec<_>>(), [true, true, false]);
        assert!(check_solution(&req, &longer, false).unwrap().right);
        // The blank starts on the bottom row: D is impossible.
        let r = check_solution(&req, &[Move::Down], false).unwrap();
        assert!(!r.right);
        assert_eq!(r.difference.as_ref().unwrap().at, 1);
        assert!(r.findings[0].says.contains("bottom row"), "{}", r.findings[0].says);
        // Greedy does not guarantee the optimum, so it cannot grade one.
        assert!(check_solution(&nilsson(Algorithm::Greedy, HeuristicKind::Manhattan), &best, true).is_err());
        let g = gradescope(&check_solution(&req, &longer, true).unwrap());
        assert_eq!((g.score, g.max_score), (2.0, 3.0));
        assert_eq!(g.tests[2].status, "failed");
    }
}
