//! `npuzzle check` on hand-made student work: right work in every layout it reads (exit 0),
//! work with a known mistake (exit 6, the first difference and the diagnosis that names the
//! mistake), Gradescope's results.json, and bad input (exit 2, never a panic).

use crate::common::{npuzzle, run, NILSSON, NILSSON_GOAL};
use serde_json::Value;
use std::path::PathBuf;

/// A student's file in this suite's scratch directory.
fn work(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("check-work");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn check(args: &[&str]) -> (i32, Value) {
    let mut all = vec!["check", NILSSON, "--goal", NILSSON_GOAL];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json"]);
    let r = run(&all);
    let v = serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {} {}", r.stdout, r.stderr));
    (r.code, v)
}

/// The reference's order of expansion, as labels, from the exercise's answer key.
fn key_order(args: &[&str]) -> Vec<String> {
    let mut all = vec!["exercise", NILSSON, "--goal", NILSSON_GOAL, "--format", "json", "--max-steps", "30"];
    all.extend_from_slice(args);
    let r = run(&all);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let ex: Value = serde_json::from_str(&r.stdout).unwrap();
    ex["expansions"].as_array().unwrap().iter().map(|l| l.as_str().unwrap().to_string()).collect()
}

#[test]
fn right_work_passes_in_every_layout() {
    // Labels, as the exercise's key gives them, with step numbers and arrows around them.
    let order = key_order(&[]);
    let numbered: String = order.iter().enumerate().map(|(i, l)| format!("{}. {l}\n", i + 1)).collect();
    for text in [order.join(", "), order.join(" -> "), numbered] {
        let f = work("labels.txt", &text);
        let (code, r) = check(&["--expansions", f.to_str().unwrap()]);
        assert_eq!(code, 0, "{r}");
        assert_eq!(r["right"], true);
        assert!(r.get("diagnoses").is_none());
    }
    // The optimal solution as letters, with counts, and as the boards along the way.
    for text in ["U U L D R", "U2LDR", "2 8 3/1 0 4/7 6 5\n2 0 3/1 8 4/7 6 5\n0 2 3/1 8 4/7 6 5\n1 2 3/0 8 4/7 6 5\n1 2 3/8 0 4/7 6 5"] {
        let f = work("solution.txt", text);
        let (code, r) = check(&["--solution", f.to_str().unwrap(), "--optimal"]);
        assert_eq!(code, 0, "{text}: {r}");
        assert_eq!(r["findings"].as_array().unwrap().len(), 3);
    }
}

#[test]
fn each_mistake_is_found_and_diagnosed() {
    // Greedy best-first work handed in for A* (both with misplaced tiles).
    let greedy = key_order(&["-a", "greedy", "-H", "misplaced"]);
    let astar = key_order(&["-a", "astar", "-H", "misplaced"]);
    assert_ne!(greedy, astar, "the board tells the two apart");
    let f = work("greedy.txt", &greedy.join(", "));
    let (code, r) = check(&["--expansions", f.to_str().unwrap(), "-a", "astar", "-H", "misplaced"]);
    assert_eq!(code, 6);
    assert_eq!(r["right"], false);
    let at = r["difference"]["at"].as_u64().unwrap() as usize;
    assert_eq!(greedy[..at - 1], astar[..at - 1], "the difference is the first place they part");
    assert_eq!(r["difference"]["expected"], astar[at - 1].as_str());
    let d: Vec<&str> = r["diagnoses"].as_array().unwrap().iter().map(|x| x.as_str().unwrap()).collect();
    assert!(d.iter().any(|x| x.starts_with("matches greedy best-first search (f = h)")), "{d:?}");
    // Another move order.
    let lurd = key_order(&["--order", "LURD"]);
    let f = work("lurd.txt", &lurd.join(" "));
    let (code, r) = check(&["--expansions", f.to_str().unwrap()]);
    assert_eq!(code, 6);
    let d = r["diagnoses"].to_string();
    assert!(d.contains("in the order LURD, not UDLR"), "{d}");
    // A detour: right but not optimal, and only the optimality fails.
    let f = work("detour.txt", "U U L R L D R");
    let (code, r) = check(&["--solution", f.to_str().unwrap(), "--optimal"]);
    assert_eq!(code, 6);
    let passed: Vec<bool> = r["findings"].as_array().unwrap().iter().map(|x| x["passed"].as_bool().unwrap()).collect();
    assert_eq!(passed, [true, true, false]);
    // An impossible move: the blank starts on the bottom row.
    let f = work("impossible.txt", "D U");
    let (code, r) = check(&["--solution", f.to_str().unwrap()]);
    assert_eq!(code, 6);
    assert_eq!(r["difference"]["at"], 1);
    assert!(r["findings"][0]["says"].as_str().unwrap().contains("bottom row"));
    // Short of the goal.
    let f = work("short.txt", "U U");
    let (code, r) = check(&["--solution", f.to_str().unwrap()]);
    assert_eq!(code, 6);
    assert_eq!(r["findings"][1]["passed"], false);
}

#[test]
fn gradescope_results_have_the_fields_the_autograder_reads() {
    let f = work("gs.txt", "U U L R L D R");
    let r = run(&["check", NILSSON, "--goal", NILSSON_GOAL, "--solution", f.to_str().unwrap(), "--optimal", "-f", "gradescope"]);
    assert_eq!(r.code, 6);
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    // Gradescope's results.json: a numeric score, and tests with a name, score, max_score,
    // status (passed or failed) and output.
    assert_eq!(v["score"], 2.0);
    assert_eq!(v["max_score"], 3.0);
    assert!(v["output"].as_str().unwrap().starts_with("differs:"));
    for t in v["tests"].as_array().unwrap() {
        assert!(t["name"].is_string() && t["output"].is_string());
        assert!(t["score"].is_number() && t["max_score"] == 1.0);
        assert!(t["status"] == "passed" || t["status"] == "failed");
    }
}

#[test]
fn bad_work_gets_a_clear_error_and_exit_2() {
    for (name, text, says) in [
        ("empty.txt", "", "no board found"),
        ("garbage.txt", "hello world", "no board found"),
        ("half.txt", "1 2 3 4", "do not make whole boards"),
        ("twice.txt", "1 1 3 4 5 6 7 8 0", "not a board"),
    ] {
        let f = work(name, text);
        let r = run(&["check", NILSSON, "--goal", NILSSON_GOAL, "--expansions", f.to_str().unwrap()]);
        assert_eq!(r.code, 2, "{name}: {}", r.stderr);
        assert!(r.stderr.contains(says), "{name}: {}", r.stderr);
    }
    let f = work("jump.txt", "2 8 3/1 6 4/7 0 5\n1 2 3/8 0 4/7 6 5");
    let r = run(&["check", NILSSON, "--goal", NILSSON_GOAL, "--solution", f.to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("not one slide from the board before it"), "{}", r.stderr);
    let big = work("big.txt", &"S1 ".repeat(400_000));
    let r = run(&["check", NILSSON, "--goal", NILSSON_GOAL, "--expansions", big.to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("at most"), "{}", r.stderr);
    let r = run(&["check", NILSSON, "--goal", NILSSON_GOAL, "--expansions", "/no/such/file"]);
    assert_eq!(r.code, 2);
    // Greedy cannot grade an optimal answer; both kinds of work at once is refused.
    let f = work("ok.txt", "UULDR");
    let r = run(&["check", NILSSON, "--goal", NILSSON_GOAL, "-a", "greedy", "--solution", f.to_str().unwrap(), "--optimal"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("does not guarantee an optimal answer"), "{}", r.stderr);
    let r = run(&["check", NILSSON, "--solution", "x", "--expansions", "y"]);
    assert_eq!(r.code, 2);
    // Standard input.
    let out = npuzzle().args(["check", NILSSON, "--goal", NILSSON_GOAL, "--solution", "-"]).write_stdin("U2 L D R").output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn a_sheets_answers_are_graded_against_its_key() {
    let key = run(&["exercise", NILSSON, "--goal", NILSSON_GOAL, "-a", "astar", "-H", "misplaced", "--order", "LURD", "--format", "json"]);
    assert_eq!(key.code, 0);
    let key_file = work("key.json", &key.stdout);
    let ex: Value = serde_json::from_str(&key.stdout).unwrap();
    // The key's answers, numbered as on the sheet: every question right.
    let all: String =
        ex["answers"].as_array().unwrap().iter().map(|a| format!("{}. {}\n", a["number"], a["text"].as_str().unwrap())).collect();
    let f = work("answers-right.txt", &all);
    let (code, r) = check_answers(&f, &key_file);
    assert_eq!(code, 0, "{r}");
    assert_eq!(r["findings"].as_array().unwrap().len(), ex["questions"].as_array().unwrap().len());
    // A sheet with a wrong order of expansion and the rest left out.
    let f = work("answers-wrong.txt", "1. S0, S1, S11, S12, S111, S1111, S11112\n");
    let (code, r) = check_answers(&f, &key_file);
    assert_eq!(code, 6);
    assert_eq!(r["findings"][0]["passed"], false);
    assert!(r["diagnoses"].to_string().contains("in the order UDLR, not LURD"), "{r}");
    // A key that is not one, and answers without numbers.
    let bad = work("not-a-key.json", "{\"start\": 1}");
    let r = run(&["check", "--answers", f.to_str().unwrap(), "--key", bad.to_str().unwrap()]);
    assert_eq!(r.code, 2, "{}", r.stderr);
    let none = work("answers-none.txt", "S0 S2");
    let r = run(&["check", "--answers", none.to_str().unwrap(), "--key", key_file.to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("no numbered answer"), "{}", r.stderr);
}

fn check_answers(answers: &std::path::Path, key: &std::path::Path) -> (i32, Value) {
    let r = run(&["check", "--answers", answers.to_str().unwrap(), "--key", key.to_str().unwrap(), "-f", "json"]);
    (r.code, serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {} {}", r.stdout, r.stderr)))
}

/// The labels `solve --trace --format json` selects on `board` (goal blank-last) with `args`.
fn solve_order(board: &str, args: &[&str]) -> Vec<String> {
    let mut all = vec!["solve", board, "--trace", "--format", "json", "--trace-limit", "100000"];
    all.extend_from_slice(args);
    let r = run(&all);
    assert_eq!(r.code, 0, "{}", r.stderr);
    r.stdout
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|e| e["event"] == "selected")
        .map(|e| e["label"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_complete_order_of_expansion_is_diagnosed_however_long() {
    // Greedy best-first search's whole order (443 expansions) handed in for A*: diagnosed as
    // f = h, in words and in JSON, where the first 200 alone once were.
    let board = "2 6 4/1 3 8/7 5 0";
    let greedy = solve_order(board, &["-a", "greedy", "-H", "misplaced", "--order", "LURD"]);
    assert_eq!(greedy.len(), 443);
    let f = work("greedy-443.txt", &greedy.join(", "));
    let args = ["check", board, "-a", "astar", "-H", "misplaced", "--order", "LURD", "--expansions", f.to_str().unwrap()];
    let r = run(&args);
    assert_eq!(r.code, 6, "{}", r.stderr);
    assert!(
        r.stdout.contains("diagnosis: the work matches greedy best-first search (f = h) with h = misplaced, not A* (f = g + h)"),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("no nearby variant"), "{}", r.stdout);
    let r = run(&[&args[..], &["--format", "json"]].concat());
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    assert!(v.get("diagnosis_limit").is_none(), "{v}");
    assert_eq!(v["diagnoses"][0], "matches greedy best-first search (f = h) with h = misplaced, not A* (f = g + h)");
}

#[test]
fn under_multi_tile_moves_a_solution_is_graded_in_slides() {
    // Nilsson's board to the blank-last goal: the fewest slides, from `solve --metric mtm`.
    let board = "2 6 4/1 3 8/7 5 0";
    let r = run(&["solve", board, "--metric", "mtm", "--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let solved: Value = serde_json::from_str(&r.stdout).unwrap();
    let slides = solved["cost"].as_u64().unwrap();
    let moves = solved["moves"].as_str().unwrap().to_string();
    let f = work("mtm-best.txt", &moves);
    let r = run(&["check", board, "--metric", "mtm", "--solution", f.to_str().unwrap(), "--optimal", "--format", "json"]);
    assert_eq!(r.code, 0, "{} {}", r.stdout, r.stderr);
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["findings"][2]["says"], format!("{slides} slides, the optimum"));
    // The blank out and back first (the start's blank is in the corner: up, then down; the
    // optimum's first slide is not along that column both ways): two slides more.
    let f = work("mtm-detour.txt", &format!("U D {moves}"));
    let r = run(&["check", board, "--metric", "mtm", "--solution", f.to_str().unwrap(), "--optimal", "--format", "json"]);
    assert_eq!(r.code, 6, "{} {}", r.stdout, r.stderr);
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    let passed: Vec<bool> = v["findings"].as_array().unwrap().iter().map(|x| x["passed"].as_bool().unwrap()).collect();
    assert_eq!(passed, [true, true, false], "{v}");
    assert!(v["findings"][2]["says"].as_str().unwrap().contains(&format!("; the optimum is {slides}")), "{v}");
    // The same detour under single-tile moves is counted in moves.
    let r = run(&["check", board, "--solution", f.to_str().unwrap(), "--optimal", "--format", "json"]);
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    assert!(v["findings"][2]["says"].as_str().unwrap().contains("moves; the optimum is"), "{v}");
}
