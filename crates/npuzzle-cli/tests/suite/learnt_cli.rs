//! The learnt estimate on the command line: `-H learnt` with the shipped 6×6 weights, refused
//! where none fit (exit 2), and a corrupt weights file in the cache passed over with a warning.

use super::common::{npuzzle, run};
use npuzzle_testkit::{replay, Scratch};

/// A 6×6 board two moves from the goal (blank last).
const BOARD: &str = "1 2 3 4 5 6/7 8 9 10 11 12/13 14 15 16 17 18/19 20 21 22 23 24/25 26 27 28 0 29/31 32 33 34 35 30";

fn tiles(text: &str) -> Vec<u8> {
    text.split([' ', '/']).map(|t| t.parse().unwrap()).collect()
}

#[test]
fn greedy_over_the_learnt_estimate_solves_a_6x6_board_and_claims_no_more_than_it_proves() {
    let r = run(&["solve", BOARD, "-a", "greedy", "-H", "learnt", "--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["heuristic"], "learnt");
    let moves = v["moves"].as_str().unwrap();
    let goal: Vec<u8> = (1..36).chain([0]).collect();
    assert_eq!(replay(6, 6, &tiles(BOARD), moves), Some(goal));
    // Proven only where the answer meets Manhattan distance plus linear conflicts.
    if v["optimal"] == true {
        assert_eq!(v["lower_bound_from"], "optimal");
        assert_eq!(v["length"], v["lower_bound"]);
    }
}

#[test]
fn a_board_with_no_weights_is_refused_with_what_to_do() {
    let r = run(&["solve", "1 2 3/4 5 6/7 0 8", "-H", "learnt"]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stderr.contains("no learnt weights for 3×3") && r.stderr.contains("npuzzle-learn"), "{}", r.stderr);
}

#[test]
fn a_corrupt_weights_file_in_the_cache_is_refused_and_the_shipped_weights_answer() {
    let scratch = Scratch::new("learnt-cli");
    std::fs::write(scratch.path().join(npuzzle::learnt::file_name(6, 6, 35)), b"NPZNET\0\n damaged").unwrap();
    let out = npuzzle()
        .env("NPUZZLE_CACHE_DIR", scratch.path())
        .args(["solve", BOARD, "-a", "greedy", "-H", "learnt", "--format", "json"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("learnt weights") && stderr.contains("refused"), "{stderr}");
}
