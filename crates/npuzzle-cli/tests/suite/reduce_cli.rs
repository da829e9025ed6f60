//! `npuzzle` beyond 25 cells: the default solvers (`pdb-beam` to 64 cells, `reduce-plus`
//! beyond) and plain row-and-column reduction (`-a reduce`), moves streamed for boards over 400
//! cells, limits on big boards, and `bench big`. Every answer is replayed.

use crate::common::npuzzle;
use serde_json::Value;

/// One random board from `npuzzle generate`, solvable toward blank-last.
fn generated(size: &str, seed: u32) -> String {
    generated_for(size, seed, "blank-last")
}

/// One random board from `npuzzle generate`, solvable toward `goal`.
fn generated_for(size: &str, seed: u32, goal: &str) -> String {
    let out = npuzzle().args(["generate", "--size", size, "--count", "1", "--seed", &seed.to_string(), "--goal", goal]).output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

fn rows(v: &Value) -> (usize, Vec<u64>) {
    let rows = v.as_array().unwrap();
    (rows[0].as_array().unwrap().len(), rows.iter().flat_map(|r| r.as_array().unwrap().iter().map(|t| t.as_u64().unwrap())).collect())
}

/// Replays the letters from `start` (`w` wide); `None` when a move leaves the board.
fn replay(w: usize, start: &[u64], moves: &str) -> Option<Vec<u64>> {
    let mut tiles = start.to_vec();
    let mut b = tiles.iter().position(|&t| t == 0)?;
    for m in moves.chars() {
        let to = match m {
            'U' if b >= w => b - w,
            'D' if b + w < tiles.len() => b + w,
            'L' if b % w > 0 => b - 1,
            'R' if b % w + 1 < w => b + 1,
            _ => return None,
        };
        tiles.swap(b, to);
        b = to;
    }
    Some(tiles)
}

/// Checks a JSON report: solved by `algorithm`, not claimed optimal, its moves replay to its
/// goal, its lower bound no more than its cost.
fn check_solved_by(v: &Value, algorithm: &str) {
    assert_eq!(v["status"], "solved", "{v}");
    assert_eq!(v["algorithm"], algorithm);
    assert_eq!(v["optimal"], false);
    assert!(v["lower_bound"].as_u64().unwrap() <= v["cost"].as_u64().unwrap(), "{v}");
    let (w, start) = rows(&v["start"]);
    let (_, goal) = rows(&v["goal"]);
    let moves = v["moves"].as_str().unwrap();
    assert_eq!(v["cost"].as_u64(), Some(moves.len() as u64));
    assert_eq!(replay(w, &start, moves), Some(goal));
}

/// Checks a JSON report of the default solver.
fn check_solved(v: &Value) {
    check_solved_by(v, "reduce-plus");
}

/// A node limit that narrows pdb-beam's beams (a few seconds in a test build).
const BEAM_NODES: &str = "3000000";

#[test]
fn the_default_solver_answers_a_6x6_board() {
    let board = generated("6x6", 3);
    let out = npuzzle().args(["solve", &board, "-f", "json", "--max-nodes", BEAM_NODES]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    check_solved_by(&v, "pdb-beam");
    // Its lower bound is the larger of the 6×6 pattern databases' and Manhattan distance plus
    // linear conflicts (this board's), and is admissible.
    assert!(v["lower_bound_from"] == "pattern_databases" || v["lower_bound_from"] == "linear_conflict", "{v}");
    assert!(v["lower_bound"].as_u64().unwrap() <= v["cost"].as_u64().unwrap());
    // The same options give the same answer.
    let again: Value =
        serde_json::from_slice(&npuzzle().args(["solve", &board, "-f", "json", "--max-nodes", BEAM_NODES]).output().unwrap().stdout)
            .unwrap();
    assert_eq!(again["moves"], v["moves"]);
    // The boards along the path come with a 36-cell board.
    assert_eq!(v["path"].as_array().unwrap().len() as u64, v["cost"].as_u64().unwrap() + 1);
    // Any goal: snail, whose blank is inside the board.
    let snail = generated_for("6x6", 4, "snail");
    let out = npuzzle().args(["solve", &snail, "--goal", "snail", "-f", "json", "--max-nodes", BEAM_NODES]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    check_solved_by(&serde_json::from_slice(&out.stdout).unwrap(), "pdb-beam");
    let text = npuzzle().args(["solve", &board, "--max-nodes", BEAM_NODES]).output().unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("(not guaranteed optimal)") && text.contains("algorithm pdb-beam"), "{text}");
    assert!(text.contains("× the optimum"), "{text}");
    // reduce-plus stays available.
    let out = npuzzle().args(["solve", &board, "-a", "reduce-plus", "-f", "json"]).output().unwrap();
    check_solved(&serde_json::from_slice(&out.stdout).unwrap());
    // Plain reduction stays available, and is never shorter.
    let out = npuzzle().args(["solve", &board, "-a", "reduce", "-f", "json"]).output().unwrap();
    let plain: Value = serde_json::from_slice(&out.stdout).unwrap();
    check_solved_by(&plain, "reduce");
    assert!(v["cost"].as_u64() <= plain["cost"].as_u64(), "{v} {plain}");
    // With a time limit the default answers with the best it has once it has one: solved, the
    // limit named when it was still improving.
    let out = npuzzle().args(["solve", &board, "--timeout", "30ms", "-f", "json"]).output().unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    if v["status"] == "solved" {
        check_solved_by(&v, "pdb-beam");
        assert!(v["limit"].is_null() || v["limit"] == "time", "{v}");
    } else {
        assert_eq!(v["limit"], "time", "{v}");
    }
}

#[test]
fn a_large_board_streams_its_moves_to_the_output_file() {
    let board = generated("30x25", 7);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("solution.txt");
    let out = npuzzle().args(["solve", &board, "-f", "json", "-o", file.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    check_solved(&v);
    assert!(v.get("path").is_none(), "no boards along the path over 400 cells");
    // The file: the same moves as text, no boards, and a line saying why.
    let text = std::fs::read_to_string(&file).unwrap();
    let line = text.lines().find_map(|l| l.strip_prefix("moves: ")).unwrap();
    assert_eq!(line, v["moves"].as_str().unwrap());
    assert!(text.contains("boards along the path left out: the board has more than 400 cells"), "{text}");
    assert!(!text.contains("step 1"));
    assert!(text.contains(&format!("solved in {} moves (not guaranteed optimal)", line.len())));
    assert!(text.contains("nodes generated"));
    // Text on standard output has the same moves.
    let board = generated_for("30x25", 8, "blank-first");
    let out = npuzzle().args(["solve", &board, "--goal", "blank-first"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().any(|l| l.starts_with("moves: ") && l.len() > 1000), "{}", &text[..200.min(text.len())]);
}

#[test]
fn limits_end_a_big_board_with_statistics() {
    let board = generated("100x100", 1);
    let run = |extra: &[&str]| {
        let out = npuzzle().args(["solve", &board, "-a", "reduce", "-f", "json"]).args(extra).output().unwrap();
        let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
        (v, out.status.code())
    };
    let (v, code) = run(&["--max-nodes", "300000"]);
    assert_eq!(code, Some(4));
    assert_eq!((v["status"].as_str(), v["limit"].as_str()), (Some("limit"), Some("nodes")));
    assert_eq!(v["stats"]["generated"], 300000);
    // The moves written before the limit are marked as no answer.
    assert_eq!(v["partial_moves"], true);
    let written = v["moves"].as_str().unwrap().len();
    assert!(written > 0 && written < 300000, "{written}");
    assert!(v["cost"].is_null());
    let (v, code) = run(&["--max-memory", "100K"]);
    assert_eq!(code, Some(4));
    assert_eq!(v["limit"], "memory");
    assert_eq!(v["moves"], "");
    let (v, code) = run(&["--timeout", "0ms"]);
    assert_eq!(code, Some(4));
    assert_eq!(v["limit"], "time");
    // Text says how many moves were written and that they are no answer (moves are held back
    // in batches of 65,536 to cancel inverse pairs, so a few batches are made first).
    let out = npuzzle().args(["solve", &board, "-a", "reduce", "--max-nodes", "300000"]).output().unwrap();
    assert_eq!(out.status.code(), Some(4));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("limit reached (node limit)"), "{text}");
    assert!(text.contains("moves above were made before the run stopped: they do not reach the goal"), "{text}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_ends_a_big_board_with_status_limit() {
    let board = generated("400x400", 2);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("board.txt");
    std::fs::write(&path, &board).unwrap();
    let bin = assert_cmd::cargo::cargo_bin("npuzzle");
    let child = std::process::Command::new(bin)
        .args(["solve", path.to_str().unwrap(), "-f", "json"])
        .env("NPUZZLE_CACHE_DIR", concat!(env!("CARGO_TARGET_TMPDIR"), "/npuzzle-cache"))
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let out = npuzzle_testkit::interrupt_after(child, std::time::Duration::from_millis(1500));
    assert_eq!(out.status.code(), Some(4));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["status"], "limit");
    assert_eq!(v["limit"], "cancelled");
    assert!(v["stats"]["generated"].as_u64().unwrap() > 0);
}

#[test]
fn bench_big_replays_every_answer() {
    let out =
        npuzzle().args(["bench", "big", "--sizes", "6,3x9,20", "--count", "2", "--seed", "5", "--max-nodes", BEAM_NODES]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    for (size, solver) in [("6x6", "pdb-beam"), ("3x9", "pdb-beam"), ("20x20", "reduce-plus")] {
        let row = text.lines().find(|l| l.trim_start().starts_with(size)).unwrap_or_else(|| panic!("{text}"));
        let cols: Vec<&str> = row.split_whitespace().collect();
        assert_eq!((cols[1], cols[2]), (solver, "2"), "{row}");
        // At least the Manhattan distance and the lower bound, which no solution beats.
        for back in [3, 4, 5] {
            let ratio: f64 = cols[cols.len() - back].parse().unwrap();
            assert!(ratio >= 1.0, "{row}");
        }
    }
    let out = npuzzle().args(["bench", "big", "--sizes", "7", "--count", "1", "-a", "reduce"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8(out.stdout).unwrap().lines().any(|l| l.trim_start().starts_with("7x7") && l.contains(" reduce ")));
    let out = npuzzle().args(["bench", "big", "--sizes", "6,banana"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}
