//! Formulas a student writes run as the built-ins they spell: A* with
//! `count(cell != goal_cell)` and `sum(abs(row - goal_row) + abs(col - goal_col))` finds the
//! same cost with the same expansions and generations as with `misplaced` and `manhattan`, on
//! sampled 3×3 and 4×4 boards, two goals and a non-square board, under each tie rule; textbook
//! aliases and formulas are read wherever a heuristic is named; a bad formula is refused with
//! its place; a formula that fails at a board stops the search with that board named.

use npuzzle::generate::{random_walk, Rng};
use npuzzle::goal::Goal;
use npuzzle::heuristic::{Claim, Estimator, HeuristicKind};
use npuzzle::search::Ties;
use npuzzle::solve::Report;
use npuzzle::{solve, Algorithm, Error, Request};

const MISPLACED: &str = "count(cell != goal_cell)";
const MANHATTAN: &str = "sum(abs(row - goal_row) + abs(col - goal_col))";

#[test]
fn formulas_spelling_misplaced_and_manhattan_search_as_the_built_ins() {
    let mut rng = Rng::new(65);
    let cases = [(3, 3, Goal::BlankLast, 18), (3, 3, Goal::Snail, 18), (4, 4, Goal::BlankFirst, 22), (3, 4, Goal::BlankLast, 20)];
    for (w, h, goal, walk) in cases {
        let goal = goal.board(w, h).unwrap();
        for _ in 0..3 {
            let (start, _) = random_walk(&goal, walk, &mut rng);
            for (text, kind) in [(MISPLACED, HeuristicKind::Misplaced), (MANHATTAN, HeuristicKind::Manhattan)] {
                let formula: Estimator = text.parse().unwrap();
                assert!(formula.kind().is_none(), "{text} is a formula");
                for &ties in Ties::ALL {
                    let run = |h: Estimator| {
                        let mut req = Request::new(start.clone(), goal.clone()).algorithm(Algorithm::Astar).heuristic(h);
                        req.params.ties = Some(ties);
                        let out = solve(&req).unwrap();
                        (out.cost, out.stats.expanded, out.stats.generated, Report::new(&req, &out).optimal)
                    };
                    let (built_in, spelt) = (run(kind.into()), run(formula.clone()));
                    assert_eq!(built_in.0, spelt.0, "{w}×{h} {start} {ties:?}: cost of {kind} and {text}");
                    assert_eq!((built_in.1, built_in.2), (spelt.1, spelt.2), "{w}×{h} {start} {ties:?}: nodes of {kind} and {text}");
                    assert!(built_in.3, "{kind} is admissible: its answer is optimal");
                }
            }
        }
    }
}

#[test]
fn aliases_and_formulas_are_read_where_a_heuristic_is_named() {
    assert_eq!("h1".parse::<Estimator>().unwrap(), HeuristicKind::Misplaced);
    assert_eq!("H2".parse::<Estimator>().unwrap(), HeuristicKind::Manhattan);
    assert_eq!("h1".parse::<HeuristicKind>().unwrap(), HeuristicKind::Misplaced);
    let f: Estimator = "max(manhattan, misplaced)".parse().unwrap();
    assert_eq!(f.name(), "max(manhattan, misplaced)");
    assert_eq!(f.claims().admissible, Claim::Yes);
    assert_eq!(f.claims().consistent, Claim::Yes);
    let twice: Estimator = "2*misplaced".parse().unwrap();
    assert_eq!(twice.claims().admissible, Claim::Unknown);
    // In a request specification, as JSON carries it.
    let spec: npuzzle::Spec = serde_json::from_str(r#"{"heuristic": "max(h1, h2)"}"#).unwrap();
    assert_eq!(spec.heuristic.unwrap().name(), "max(h1, h2)");
}

#[test]
fn a_bad_formula_is_refused_with_its_place() {
    let e = "max(manhattan, misplaced".parse::<Estimator>().unwrap_err();
    assert!(matches!(e, Error::Invalid(_)), "{e}");
    assert!(e.to_string().contains("column"), "{e}");
    let e = "2*manhatan".parse::<Estimator>().unwrap_err().to_string();
    assert!(e.contains("column 3") && e.contains("manhattan"), "{e}");
    // A single unknown word is an unknown heuristic, as before formulas.
    let e = "manhatan".parse::<Estimator>().unwrap_err().to_string();
    assert!(e.contains("unknown heuristic"), "{e}");
    // A formula reads no table.
    let e = "max(pdb, manhattan)".parse::<Estimator>().unwrap_err().to_string();
    assert!(e.contains("pattern databases"), "{e}");
}

#[test]
fn a_formula_that_fails_at_a_board_stops_the_search_naming_the_board() {
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let start = npuzzle::parse::parse_board("1 2 3/4 5 6/0 7 8").unwrap();
    // 1/(misplaced - 1): a division by zero on a board with one tile misplaced.
    let f: Estimator = "1/(misplaced - 1)".parse().unwrap();
    let req = Request::new(start, goal).algorithm(Algorithm::Astar).heuristic(f);
    let e = solve(&req).unwrap_err().to_string();
    assert!(e.contains("division by zero") && e.contains("at the board"), "{e}");
}

#[test]
fn an_inadmissible_formula_is_never_claimed_optimal() {
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let (start, _) = random_walk(&goal, 20, &mut Rng::new(3));
    let req = Request::new(start, goal).algorithm(Algorithm::Astar).heuristic("3*manhattan".parse::<Estimator>().unwrap());
    let out = solve(&req).unwrap();
    let report = Report::new(&req, &out);
    assert!(!report.optimal || report.lower_bound == report.cost, "optimal only where the cost meets a proven bound");
}
