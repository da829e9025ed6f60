//! `npuzzle check`'s readers of a student's work on any text (a solution, an order of
//! expansion, a hand trace, a sheet's answers): never a panic; what they accept is bounded, a solution read as moves is graded move by move, and a sheet's answers are
//! graded against a key.
#![no_main]

use libfuzzer_sys::fuzz_target;
use npuzzle::check::{check_answers, check_solution, read_expansions, read_solution, read_trace, Key, KeyAnswer, KeyQuestion, MAX_ITEMS};
use npuzzle::notation::Reading;
use npuzzle::parse::parse_board;
use npuzzle::render::exercise::Exercise;
use npuzzle::search::{Algorithm, Request};
use npuzzle::HeuristicKind;
use std::sync::OnceLock;

/// The key of Nilsson's A* sheet, made once.
fn key() -> &'static Key {
    static KEY: OnceLock<Key> = OnceLock::new();
    KEY.get_or_init(|| {
        let req = Request::new(parse_board("2 8 3/1 6 4/7 0 5").unwrap(), parse_board("1 2 3/8 0 4/7 6 5").unwrap())
            .algorithm(Algorithm::Astar)
            .heuristic(HeuristicKind::Misplaced);
        let ex = Exercise::run(&req, 12).expect("the sheet is made");
        Key {
            start: ex.start.rows(),
            goal: ex.goal.rows(),
            algorithm: ex.algorithm.name().into(),
            heuristic: ex.heuristic.name(),
            order: ex.order.clone(),
            cost_model: ex.cost_model.name().into(),
            questions: ex.questions.iter().map(|q| KeyQuestion { number: q.number, kind: q.kind, text: q.text.clone() }).collect(),
            answers: ex.answers.iter().map(|a| KeyAnswer { number: a.number, items: a.items.clone(), text: a.text.clone() }).collect(),
        }
    })
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let start = parse_board("2 8 3/1 6 4/7 0 5").expect("Nilsson's start");
    let goal = parse_board("1 2 3/8 0 4/7 6 5").expect("Nilsson's goal");
    if let Ok(items) = read_expansions(&text, &start) {
        assert!(!items.is_empty() && items.len() <= MAX_ITEMS);
    }
    for reading in [Reading::Blank, Reading::Tiles] {
        if let Ok(moves) = read_solution(&text, &start, reading) {
            let report = check_solution(&Request::new(start.clone(), goal.clone()), &moves, false).expect("a solution is always graded");
            assert!(!report.findings.is_empty());
        }
    }
    if let Ok(steps) = read_trace(&text) {
        assert!(!steps.is_empty() && steps.len() <= MAX_ITEMS);
        assert!(steps.iter().any(|s| s.selected.is_some()));
    }
    if let Ok(report) = check_answers(key(), &text) {
        assert_eq!(report.findings.len(), key().questions.len());
    }
});
