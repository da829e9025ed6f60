//! `npuzzle check`'s readers of a student's work on any text: never a panic; what they accept
//! is bounded, and a solution read as moves replays from the start or names its first
//! impossible move in the check.
#![no_main]

use libfuzzer_sys::fuzz_target;
use npuzzle::check::{check_solution, read_expansions, read_solution, MAX_ITEMS};
use npuzzle::notation::Reading;
use npuzzle::parse::parse_board;
use npuzzle::search::Request;

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
});
