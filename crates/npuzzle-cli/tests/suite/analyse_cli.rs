//! `npuzzle analyse` on hand-made solutions whose waste is known, the counted notation in both
//! readings, and bad input with its exit codes. Every notation example of docs/fans.md
//! round-trips through the library.

use crate::common::run;
use npuzzle::notation::{mtm_length, parse, write, Reading};
use serde_json::Value;

/// Nilsson's start with the blank-last goal: 14 moves, 12 multi-tile moves.
const BOARD: &str = "8 1 3/4 0 2/7 6 5";
const OPTIMAL: &str = "RDLLUURDLDRURD";

fn json(args: &[&str]) -> (i32, Value) {
    let mut all = vec!["analyse"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json"]);
    let r = run(&all);
    (r.code, serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {} {}", r.stdout, r.stderr)))
}

#[test]
fn an_optimal_solution_wastes_nothing() {
    let (code, a) = json(&[BOARD, OPTIMAL]);
    assert_eq!(code, 0);
    assert_eq!((a["stm"].as_u64(), a["mtm"].as_u64()), (Some(14), Some(12)));
    assert_eq!(a["optimum"]["stm"], 14);
    assert_eq!(a["optimum"]["mtm"], 12);
    assert_eq!(a["wasted_stm"], 0);
    assert!(a["first_waste"].is_null());
    assert_eq!(a["detours"].as_array().unwrap().len(), 0);
    assert_eq!(a["wasted_slides"].as_array().unwrap().len(), 0);
    let d: Vec<u64> = a["distances"].as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect();
    assert_eq!(d, (0..=14).rev().collect::<Vec<u64>>());
}

#[test]
fn detours_are_found_where_they_were_put() {
    // The optimal solution with two detours put in by hand: UD after move 3, LR after move 7.
    let (code, a) = json(&[BOARD, "RDL UD LUUR LR DLDRURD"]);
    assert_eq!(code, 0);
    assert_eq!(a["stm"], 18);
    assert_eq!(a["wasted_stm"], 4);
    assert_eq!(a["first_waste"], 4);
    let detours: Vec<(u64, u64, String, u64)> = a["detours"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["from"].as_u64().unwrap(),
                d["to"].as_u64().unwrap(),
                d["moves"].as_str().unwrap().to_string(),
                d["wasted"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(detours, [(4, 5, "UD".to_string(), 2), (10, 11, "LR".to_string(), 2)]);
    // In MTM the split LL costs a slide, and each detour one slide away and one back.
    assert_eq!(a["mtm"], 17);
    assert_eq!(a["wasted_slides"], serde_json::json!([3, 4, 9]));
    // A detour inside a detour is one detour: UUDD after move 3.
    let (_, a) = json(&[BOARD, "RDL UUDD LUURDLDRURD"]);
    assert_eq!(a["wasted_stm"], 4);
    assert_eq!(a["detours"].as_array().unwrap().len(), 1);
    assert_eq!((a["detours"][0]["from"].as_u64(), a["detours"][0]["to"].as_u64()), (Some(4), Some(7)));
}

#[test]
fn the_tiles_reading_is_the_blanks_reversed() {
    let (_, blank) = json(&[BOARD, "RDL UD LUUR LR DLDRURD"]);
    let (_, tiles) = json(&[BOARD, "LUR DU RDDL RL URULDLU", "--reading", "tiles"]);
    assert_eq!(blank["moves"], tiles["moves"]);
    assert_eq!(blank["distances"], tiles["distances"]);
    assert_eq!(tiles["notation"], "LURDURD2LRLURULDLU");
    assert_eq!(tiles["detours"][0]["moves"], "DU");
}

#[test]
fn a_15_puzzle_detour_is_found_with_the_pattern_databases() {
    // 14 moves from the goal (`npuzzle generate --size 4x4 --walk 24 --seed 3`), solved with a
    // DU detour after move 6.
    let board = "3 7 0 4/1 6 2 8/5 9 11 12/13 10 14 15";
    let (code, a) = json(&[board, "L2D2RU DU RULD3R2"]);
    assert_eq!(code, 0);
    assert_eq!(a["optimum"]["stm"], 14);
    assert_eq!(a["wasted_stm"], 2);
    assert_eq!((a["detours"][0]["from"].as_u64(), a["detours"][0]["to"].as_u64()), (Some(7), Some(8)));
    // No MTM optimum beyond twelve cells.
    assert!(a["optimum"].get("mtm").is_none());
    let text = run(&["analyse", board, "L2D2RUDURULD3R2"]).stdout;
    assert!(text.contains("detour  moves 7-8: DU (+2)"), "{text}");
}

#[test]
fn a_solution_that_stops_short_says_so_and_exits_5() {
    let r = run(&["analyse", BOARD, "RDL"]);
    assert_eq!(r.code, 5, "{}", r.stderr);
    assert!(r.stdout.contains("does not reach the goal") && r.stdout.contains("left      11 moves to the goal"), "{}", r.stdout);
}

#[test]
fn bad_input_gets_a_specific_error_and_its_exit_code() {
    for (args, code, says) in [
        (vec!["analyse", BOARD, "R2X"], 2, "\"X\" is not a move at character 3"),
        (vec!["analyse", BOARD, "2R"], 2, "a count with no move before it"),
        (vec!["analyse", BOARD, "R0"], 2, "a count of 0"),
        (vec!["analyse", BOARD, "UUU"], 2, "move 2 (U, read as blank moves) leaves the board, after U"),
        (vec!["analyse", BOARD, "RD", "--reading", "sideways"], 2, "invalid value 'sideways'"),
        (vec!["analyse", "1 2 3/4 5 6/8 7 0", "R"], 3, "cannot reach the goal"),
        (
            vec!["analyse", "1 2 3 4 5 6/7 8 9 10 11 12/13 14 15 16 17 18/19 20 21 22 23 24/25 26 27 28 29 30/31 32 33 34 0 35", "R"],
            2,
            "at most 25 cells",
        ),
        (vec!["analyse", "1 2 3 4 5 0 7 8", "R"], 2, "bad scramble"),
    ] {
        let r = run(&args);
        assert_eq!(r.code, code, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
        assert!(r.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn every_notation_example_of_the_docs_round_trips() {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/fans.md")).unwrap();
    let code = |cell: &str| cell.trim().trim_matches('`').to_string();
    let rows: Vec<Vec<String>> = page
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| l.trim_matches('|').split('|').map(code).collect::<Vec<_>>())
        .filter(|r| r.len() == 5)
        .collect();
    assert!(rows.len() >= 4, "the notation table of docs/fans.md");
    for row in rows {
        let [counted, letters, tiles, stm, mtm] = &row[..] else { panic!("{row:?}") };
        let moves = parse(counted, Reading::Blank).unwrap();
        assert_eq!(&npuzzle::moves_to_string(&moves), letters, "{counted}");
        assert_eq!(&write(&moves, Reading::Blank), counted);
        assert_eq!(&write(&moves, Reading::Tiles), tiles, "{counted}");
        assert_eq!(parse(tiles, Reading::Tiles).unwrap(), moves, "{tiles}");
        assert_eq!(moves.len().to_string(), *stm, "{counted}");
        assert_eq!(mtm_length(&moves).to_string(), *mtm, "{counted}");
    }
}

/// `solve --metric mtm` finds the analysis's optimum in slides, says it in JSON and text, and
/// what cannot count slides is refused with exit 2.
#[test]
fn a_search_in_slides_agrees_with_the_analysis() {
    let r = run(&["solve", BOARD, "--metric", "mtm", "--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let s: Value = serde_json::from_str(&r.stdout).unwrap();
    let (_, a) = json(&[BOARD, OPTIMAL]);
    assert_eq!(s["cost"], a["optimum"]["mtm"]);
    assert_eq!((s["metric"].as_str(), s["optimal"].as_bool(), s["lower_bound_from"].as_str()), (Some("mtm"), Some(true), Some("optimal")));
    let moves = parse(s["moves"].as_str().unwrap(), Reading::Blank).unwrap();
    assert_eq!(mtm_length(&moves), 12);
    let t = run(&["solve", BOARD, "--metric", "mtm", "-a", "bfs", "--no-boards"]);
    assert!(t.stdout.starts_with("solved in 12 multi-tile moves (14 single-tile) (optimal)"), "{}", t.stdout);
    assert!(t.stdout.contains("\nslides: "), "{}", t.stdout);
    for (args, says) in [
        (vec!["solve", BOARD, "--metric", "mtm", "-a", "annealing"], "single-tile moves only"),
        (vec!["solve", BOARD, "--metric", "mtm", "-H", "linear-conflict"], "overestimates multi-tile ones"),
        (vec!["solve", BOARD, "--metric", "mtm", "--cost", "tile"], "each costing 1"),
        (vec!["solve", BOARD, "--metric", "ftm"], "ftm"),
        (vec!["bench", "korf24", "--metric", "mtm"], "unexpected argument '--metric'"),
    ] {
        let e = run(&args);
        assert_eq!(e.code, 2, "{args:?}: {}", e.stderr);
        assert!(e.stderr.contains(says), "{args:?}: {}", e.stderr);
    }
}
