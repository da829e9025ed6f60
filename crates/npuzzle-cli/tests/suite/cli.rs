//! The real `npuzzle` binary: every input format, every error, exit codes, JSON, batch.

use crate::common::npuzzle;
use predicates::prelude::*;
use serde_json::Value;

fn solve_json(args: &[&str]) -> (Value, i32) {
    let out = npuzzle().arg("solve").args(args).args(["--format", "json"]).output().unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    (v, out.status.code().unwrap())
}

#[test]
fn every_input_format_gives_the_same_board() {
    let want = solve_json(&["1 2 3 4 0 5 7 8 6"]).0;
    assert_eq!(want["moves"], "RD");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("board.txt");
    std::fs::write(&file, "# a 3x3 board\n3\n1 2 3\n4 0 5\n7 8 6\n").unwrap();
    for text in [
        "1 2 3 4 -1 5 7 8 6",
        "1 2 3 4 _ 5 7 8 6",
        "1,2,3,4,0,5,7,8,6",
        "123405786",
        "1 2 3/4 0 5/7 8 6",
        "1 2 3\n4 0 5\n7 8 6",
        "[[1,2,3],[4,0,5],[7,8,6]]",
        "1 2 3 4 x 5 7 8 6",
        "1 2 3 4 . 5 7 8 6",
        file.to_str().unwrap(),
    ] {
        let (v, code) = solve_json(&[text]);
        assert_eq!(code, 0, "{text}");
        assert_eq!(v["start"], want["start"], "{text}");
        assert_eq!(v["moves"], "RD", "{text}");
    }
    // Standard input.
    let out = npuzzle().args(["solve", "-", "-f", "json"]).write_stdin("1 2 3\n4 0 5\n7 8 6\n").output().unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["moves"], "RD");
}

#[test]
fn rectangular_boards_by_rows_or_size() {
    let (v, code) = solve_json(&["[[1,2,3],[4,0,5]]"]);
    assert_eq!(code, 0);
    assert_eq!(v["moves"], "R");
    let (v, _) = solve_json(&["--size", "3x2", "1 2 3 4 0 5"]);
    assert_eq!(v["moves"], "R");
    assert_eq!(v["goal"], serde_json::json!([[1, 2, 3], [4, 5, 0]]));
}

#[test]
fn json_has_every_documented_field() {
    let (v, code) = solve_json(&["8 1 3 4 0 2 7 6 5", "-a", "idastar", "-H", "linear-conflict"]);
    assert_eq!(code, 0);
    assert_eq!(v["status"], "solved");
    assert_eq!(v["algorithm"], "idastar");
    assert_eq!(v["heuristic"], "linear-conflict");
    let cost = v["cost"].as_u64().unwrap();
    assert_eq!(v["moves"].as_str().unwrap().len() as u64, cost);
    assert_eq!(v["path"].as_array().unwrap().len() as u64, cost + 1);
    for k in ["expanded", "generated", "max_frontier", "search_depth", "max_depth", "time_ms"] {
        assert!(v["stats"][k].is_number(), "stats.{k}");
    }
    assert_eq!(v["path"][0], v["start"]);
    assert_eq!(v["path"][cost as usize], v["goal"]);
}

#[test]
fn text_output_shows_moves_boards_and_statistics() {
    npuzzle()
        .args(["solve", "1 2 3 4 0 5 7 8 6"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("solved in 2 moves (optimal)"))
        .stdout(predicate::str::contains("moves: RD"))
        .stdout(predicate::str::contains("step 2: D\n1 2 3\n4 5 6\n7 8 _"))
        .stdout(predicate::str::contains("nodes expanded"))
        .stdout(predicate::str::contains("max frontier"))
        .stdout(predicate::str::contains("search depth"))
        .stdout(predicate::str::contains("max depth"))
        .stdout(predicate::str::contains("time"));
}

#[test]
fn euclidean_values_print_with_decimals() {
    let (v, _) = solve_json(&["5 1 3 4 0 6 7 2 8", "-H", "euclidean", "-a", "astar"]);
    assert_eq!(v["heuristic"], "euclidean");
    assert_eq!(v["status"], "solved");
    assert_eq!(v["cost"], 10);
    // The trace shows real-valued estimates with decimals: h(start) = 4 + √2 ≈ 5.414.
    npuzzle()
        .args(["solve", "5 1 3 4 0 6 7 2 8", "-H", "euclidean", "--trace"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("0 + 5.414 = 5.414"));
}

#[test]
fn solution_file_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sol.txt");
    npuzzle().args(["solve", "1 2 3 4 0 5 7 8 6", "-o"]).arg(&file).assert().code(0);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("step 1: R"), "{text}");
    assert!(text.contains("nodes generated"), "{text}");
}

#[test]
fn goals_presets_and_explicit() {
    let (v, _) = solve_json(&["1 2 3 8 4 0 7 6 5", "--goal", "snail"]);
    assert_eq!(v["moves"], "L");
    let (v, _) = solve_json(&["1 0 2 3 4 5 6 7 8", "--goal", "blank-first"]);
    assert_eq!(v["moves"], "L");
    let (v, _) = solve_json(&["1 2 3 4 5 6 7 8 0", "--goal", "1 2 3/4 5 6/7 0 8"]);
    assert_eq!(v["moves"], "L");
}

#[test]
fn move_order_breaks_ties() {
    // Several optimal answers exist; the order decides which one is found, and the same order
    // always finds the same one.
    let (a, _) = solve_json(&["2 4 3/1 5 6/7 8 0", "-a", "bfs", "--order", "UDLR"]);
    let (b, _) = solve_json(&["2 4 3/1 5 6/7 8 0", "-a", "bfs", "--order", "LURD"]);
    let (c, _) = solve_json(&["2 4 3/1 5 6/7 8 0", "-a", "bfs", "--order", "LURD"]);
    assert_eq!(a["cost"], 8);
    assert_eq!(b["cost"], 8);
    assert_eq!(a["moves"], "ULULDRRD");
    assert_eq!(b["moves"], "LUULDRDR");
    assert_eq!(b["moves"], c["moves"]);
}

fn error_case(args: &[&str], code: i32, message: &str) {
    npuzzle().args(args).assert().code(code).stderr(predicate::str::contains(message));
}

#[test]
fn bad_boards_get_specific_errors_and_exit_2() {
    error_case(&["solve", "1 4 2 0 5 3 6 4 8"], 2, "duplicate tile 4, missing tile 7");
    error_case(&["solve", "1 4 2 0 5 3 6 9 8"], 2, "tile 9 is out of range for a 3×3 board (tiles are 1..8), missing tile 7");
    error_case(&["solve", "--size", "3x3", "1 4 2 0 5 3 6 7"], 2, "8 tiles for a 3×3 board (expected 9)");
    error_case(&["solve", "1 4 2 0 5 3 6 7"], 2, "8 tiles do not form a square board");
    error_case(&["solve", "1 4 2 a 5 3 6 7 8"], 2, "token \"a\" is not a tile");
    error_case(&["solve", "1 4 2 9 5 3 6 0 8", "--size", "3x3"], 2, "tile 9 is out of range");
    error_case(&["solve", "1 4 2/3 5 6/7 0 9"], 2, "tile 9 is out of range for a 3×3 board (tiles are 1..8), missing tile 8");
    error_case(&["solve", "[[1,2,3],[4,5,6],[7,0,9]]"], 2, "out of range");
    error_case(&["solve", "1 4 2 0 5 3 6 0 8"], 2, "two blanks");
    error_case(&["solve", "1 2 3/4 5/6 7 0"], 2, "ragged rows: row 2 has 2 tiles but row 1 has 3");
    error_case(&["solve", "1 2 3 4 5 6 7 8 0", "--goal", "1 2 3 0"], 2, "goal size 2×2 differs from start size 3×3");
    error_case(&["solve", ""], 2, "the board is empty");
    error_case(&["solve", "[[1,2],[3,0]"], 2, "malformed nested array");
}

#[test]
fn no_blank_is_reported() {
    // Tiles 1..9 on a 3×3 board: the blank was written as a 9.
    error_case(&["solve", "--size", "3x3", "1 2 3 4 5 6 7 8 9"], 2, "no blank (write it as 0, -1, _, x or .)");
    error_case(&["solve", "1 2 3 4"], 2, "no blank");
}

#[test]
fn bad_options_exit_2() {
    error_case(&["solve", "1 2 3 4 0 5 7 8 6", "-a", "quick"], 2, "unknown algorithm \"quick\"");
    error_case(&["solve", "1 2 3 4 0 5 7 8 6", "-H", "magic"], 2, "unknown heuristic \"magic\"");
    error_case(&["solve", "1 2 3 4 0 5 7 8 6", "--order", "UUDL"], 2, "bad move order");
    error_case(&["solve", "1 2 3 4 0 5 7 8 6", "--goal", "upside-down"], 2, "unknown goal");
    error_case(&["solve", "1 2 3 4 0 5 7 8 6", "--timeout", "soon"], 2, "bad duration");
    error_case(&["solve", "1 2 3 4 0 5 7 8 6", "--max-memory", "lots"], 2, "bad size");
    error_case(&["solve", "1 2 3 4 0 5 7 8 6", "--weight", "0.5"], 2, "must be a number ≥ 1");
    error_case(&["solve"], 2, "BOARD");
    // The exit-code marker is not part of the message.
    npuzzle().args(["solve", "1 2 3 4 0 5 7 8 6", "-a", "quick"]).assert().code(2).stderr(predicate::eq(
        "error: unknown algorithm \"quick\": use bfs, dfs, iddfs, ucs, greedy, astar, lc, dfbnb, idastar, rbfs, bidirectional, reduce, reduce-plus, pdb-beam, hill-climbing, first-choice, random-restart, annealing, local-beam\n",
    ));
}

#[test]
fn unsolvable_exits_3_at_once() {
    let (v, code) = solve_json(&["1 4 2 0 5 3 6 7 8", "--goal", "blank-first"]);
    assert_eq!(code, 3);
    assert_eq!(v["status"], "unsolvable");
    assert_eq!(v["stats"]["generated"], 0);
    npuzzle().args(["solve", "2 1 3 4 5 6 7 8 0"]).assert().code(3).stdout(predicate::str::contains("unsolvable"));
}

#[test]
fn limits_exit_4_with_statistics() {
    let korf1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
    let (v, code) = solve_json(&[korf1, "--goal", "blank-first", "-a", "bfs", "--max-nodes", "2000"]);
    assert_eq!(code, 4);
    assert_eq!(v["status"], "limit");
    assert_eq!(v["limit"], "nodes");
    assert!(v["stats"]["generated"].as_u64().unwrap() >= 2000);
    let (v, code) = solve_json(&[korf1, "--goal", "blank-first", "-a", "bfs", "--max-memory", "2M"]);
    assert_eq!(code, 4);
    assert_eq!(v["limit"], "memory");
    let (v, code) = solve_json(&[korf1, "--goal", "blank-first", "-a", "iddfs", "--timeout", "200ms"]);
    assert_eq!(code, 4);
    assert_eq!(v["limit"], "time");
    npuzzle()
        .args(["solve", korf1, "--goal", "blank-first", "-a", "bfs", "--max-nodes", "100"])
        .assert()
        .code(4)
        .stdout(predicate::str::contains("limit reached (node limit)"))
        .stdout(predicate::str::contains("nodes generated"));
}

#[test]
fn dfs_depth_bound_exits_5() {
    let (v, code) = solve_json(&["8 6 7 2 5 4 3 0 1", "-a", "dfs", "--max-depth", "5"]);
    assert_eq!(code, 5);
    assert_eq!(v["status"], "not_found");
}

#[test]
fn help_documents_exit_codes() {
    npuzzle()
        .args(["solve", "--help"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("3  unsolvable"))
        .stdout(predicate::str::contains("4  limit reached"));
}

#[test]
fn batch_reports_every_line_in_order() {
    let input = "# three boards\n1 2 3 4 0 5 7 8 6\n\n1 2 3 4 4 5 7 8 0\n2 1 3 4 5 6 7 8 0\n8 1 3 4 0 2 7 6 5\n";
    for jobs in ["1", "2"] {
        let out = npuzzle().args(["batch", "-", "--jobs", jobs, "-a", "idastar"]).write_stdin(input).output().unwrap();
        assert_eq!(out.status.code(), Some(0));
        let lines: Vec<Value> = String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0]["line"], 2);
        assert_eq!(lines[0]["moves"], "RD");
        assert_eq!(lines[1]["status"], "invalid");
        assert!(lines[1]["error"].as_str().unwrap().contains("duplicate tile 4"));
        assert_eq!(lines[2]["status"], "unsolvable");
        assert_eq!(lines[3]["status"], "solved");
        assert_eq!(lines[3]["cost"], 14);
        assert!(lines[3].get("path").is_none());
    }
    let out = npuzzle().args(["batch", "-", "--paths"]).write_stdin("1 2 3 4 0 5 7 8 6\n").output().unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["path"].as_array().unwrap().len(), 3);
}

/// The fields of one CSV record (RFC 4180: a quoted field may hold commas and doubled quotes).
fn csv_record(line: &str) -> Vec<String> {
    let (mut fields, mut cur, mut quoted, mut chars) = (Vec::new(), String::new(), false, line.chars().peekable());
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                cur.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    assert!(!quoted, "unterminated quote in {line:?}");
    fields.push(cur);
    fields
}

#[test]
fn batch_format_csv_holds_the_same_results_as_the_default_json_lines() {
    // Solved, invalid (its input has commas and its error quotes it), unsolvable, solved, and a
    // line a node limit stops.
    let input = "1 2 3 4 0 5 7 8 6\n1,2,3,4,4,5,7,8,0\n2 1 3 4 5 6 7 8 0\n8 1 3 4 0 2 7 6 5\n8 6 7 2 5 4 3 0 1\n";
    let args = ["batch", "-", "-a", "astar", "-H", "manhattan", "--max-nodes", "2000", "--jobs", "2"];
    let json_out = npuzzle().args(args).write_stdin(input).output().unwrap();
    let explicit = npuzzle().args(args).args(["--format", "json"]).write_stdin(input).output().unwrap();
    let csv_out = npuzzle().args(args).args(["--format", "csv"]).write_stdin(input).output().unwrap();
    for o in [&json_out, &explicit, &csv_out] {
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let json: Vec<Value> = String::from_utf8(json_out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let explicit: Vec<Value> = String::from_utf8(explicit.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let csv_text = String::from_utf8(csv_out.stdout).unwrap();
    let mut csv = csv_text.lines();
    let header = csv_record(csv.next().unwrap());
    let rows: Vec<Vec<String>> = csv.map(csv_record).collect();
    assert_eq!(json.len(), 5);
    assert_eq!(rows.len(), json.len());
    let col = |row: &Vec<String>, name: &str| -> String {
        assert_eq!(row.len(), header.len(), "row {row:?} does not have the header's {} columns", header.len());
        row[header.iter().position(|h| h == name).unwrap_or_else(|| panic!("no column {name}"))].clone()
    };
    let text = |v: &Value| match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let statuses: Vec<&str> = json.iter().map(|v| v["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["solved", "invalid", "unsolvable", "solved", "limit"]);
    for ((j, e), r) in json.iter().zip(&explicit).zip(&rows) {
        assert_eq!((&j["line"], &j["status"], &j["moves"]), (&e["line"], &e["status"], &e["moves"]));
        assert_eq!(col(r, "line"), j["line"].to_string());
        assert_eq!(col(r, "status"), text(&j["status"]));
        if j["status"] == "invalid" {
            assert_eq!(col(r, "board"), text(&j["input"]));
            assert_eq!(col(r, "error"), text(&j["error"]));
            assert!(col(r, "error").contains("duplicate tile 4"));
            continue;
        }
        for name in ["limit", "optimal", "cost", "moves", "algorithm", "heuristic"] {
            assert_eq!(col(r, name), text(&j[name]), "column {name}");
        }
        for name in ["expanded", "generated", "max_frontier", "search_depth", "max_depth"] {
            assert_eq!(col(r, name), text(&j["stats"][name]), "column {name}");
        }
        // The board columns parse back to the JSON's rows.
        for (name, key) in [("board", "start"), ("goal", "goal")] {
            let b = npuzzle::parse::parse_board(&col(r, name)).unwrap();
            assert_eq!(serde_json::to_value(&b).unwrap(), j[key], "column {name}");
        }
        col(r, "time_ms").parse::<f64>().unwrap();
    }
    assert_eq!(col(&rows[4], "limit"), "nodes");
    assert_eq!((col(&rows[4], "cost"), col(&rows[4], "optimal")), (String::new(), "false".to_string()));
    // A CSV row has no room for a path.
    npuzzle()
        .args(["batch", "-", "--format", "csv", "--paths"])
        .write_stdin("1 2 3 4 0 5 7 8 6\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--paths needs --format json"));
}

#[test]
fn batch_missing_file_is_an_error() {
    error_case(&["batch", "/nonexistent/boards.txt"], 1, "reading /nonexistent/boards.txt");
}

#[test]
fn completions_name_the_subcommands() {
    npuzzle()
        .args(["completions", "bash"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("solve"))
        .stdout(predicate::str::contains("batch"));
    error_case(&["completions", "cmd.exe"], 2, "invalid value");
}

#[cfg(unix)]
#[test]
fn ctrl_c_ends_the_search_with_status_limit() {
    let bin = assert_cmd::cargo::cargo_bin("npuzzle");
    let child = std::process::Command::new(bin)
        .args(["solve", "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "--goal", "blank-first", "-a", "iddfs", "-f", "json"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let out = npuzzle_testkit::interrupt_after(child, std::time::Duration::from_millis(700));
    assert_eq!(out.status.code(), Some(4));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["status"], "limit");
    assert_eq!(v["limit"], "cancelled");
    assert!(v["stats"]["generated"].as_u64().unwrap() > 0);
}
