//! The local searches from the command line: seeds (given, or picked and printed), exit codes
//! of stuck runs and limits, specific errors for bad options, the trace, and `bench local`.

use crate::common::{npuzzle, run, Run};
use predicates::prelude::*;
use serde_json::Value;

fn json(args: &[&str]) -> (Value, Run) {
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json"]);
    let r = run(&all);
    let v = serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {} {}", r.stdout, r.stderr));
    (v, r)
}

const STUCK: &str = "8 1 3 4 0 2 7 6 5";
const HARD: &str = "8 6 7 2 5 4 3 0 1";

/// Applies the blank's moves to a 3×3 board, checking each stays on the board.
fn replay(board: &str, moves: &str) -> Vec<u64> {
    let mut b: Vec<u64> = board.split_whitespace().map(|t| t.parse().unwrap()).collect();
    let mut z = b.iter().position(|&t| t == 0).unwrap();
    for m in moves.chars() {
        let to = match m {
            'U' => z.checked_sub(3),
            'D' => Some(z + 3).filter(|&c| c < 9),
            'L' => Some(z).filter(|&c| c % 3 > 0).map(|c| c - 1),
            'R' => Some(z).filter(|&c| c % 3 < 2).map(|c| c + 1),
            _ => None,
        }
        .unwrap_or_else(|| panic!("move {m} leaves the board"));
        b.swap(z, to);
        z = to;
    }
    b
}

#[test]
fn every_local_search_solves_from_the_command_line_and_replays() {
    for a in ["hill-climbing", "first-choice", "random-restart", "annealing", "local-beam"] {
        // Two moves from the goal: every local search finds it.
        let (v, r) = json(&["1 2 3 4 5 6 0 7 8", "-a", a, "--seed", "3"]);
        assert_eq!(r.code, 0, "{a}: {}", r.stderr);
        assert_eq!((v["status"].as_str(), v["seed"].as_u64()), (Some("solved"), Some(3)), "{a}");
        // Not an optimal algorithm, but an answer as long as its lower bound is optimal.
        assert_eq!(v["optimal"].as_bool(), Some(v["length"] == v["lower_bound"]), "{a}");
        assert_eq!(v["algorithm"], a);
        assert_eq!(replay("1 2 3 4 5 6 0 7 8", v["moves"].as_str().unwrap()), [1, 2, 3, 4, 5, 6, 7, 8, 0], "{a}");
    }
    let (v, r) = json(&[HARD, "-a", "annealing", "--seed", "1"]);
    assert_eq!(r.code, 0);
    assert_eq!(replay(HARD, v["moves"].as_str().unwrap()), [1, 2, 3, 4, 5, 6, 7, 8, 0]);
    assert!(v["cost"].as_u64().unwrap() > 31, "the moves actually made, not an optimal path");
}

#[test]
fn a_seed_repeats_a_run_and_without_one_the_seed_used_is_printed() {
    let (one, _) = json(&[HARD, "-a", "annealing", "--seed", "42"]);
    let (two, _) = json(&[HARD, "-a", "annealing", "--seed", "42"]);
    assert_eq!(one["moves"], two["moves"]);
    assert_eq!(one["stats"]["generated"], two["stats"]["generated"]);
    let (v, r) = json(&[HARD, "-a", "annealing"]);
    let printed: u64 = r.stderr.lines().find_map(|l| l.strip_prefix("seed ")).expect("seed on stderr").trim().parse().unwrap();
    assert_eq!(v["seed"].as_u64(), Some(printed));
    let (again, _) = json(&[HARD, "-a", "annealing", "--seed", &printed.to_string()]);
    assert_eq!(again["moves"], v["moves"]);
    // Algorithms without randomness print no seed and report none.
    let (v, r) = json(&[HARD, "-a", "astar"]);
    assert!(!r.stderr.contains("seed") && v.get("seed").is_none(), "{}", r.stderr);
}

#[test]
fn stuck_runs_exit_5_with_the_reason() {
    let (v, r) = json(&[STUCK, "-a", "hill-climbing", "--seed", "1"]);
    assert_eq!(r.code, 5);
    assert_eq!((v["status"].as_str(), v["stuck"]["kind"].as_str()), (Some("not_found"), Some("local_minimum")));
    assert_eq!(v["stuck"]["h"], 7);
    assert!(v["message"].as_str().unwrap().starts_with("not found: stuck at a local minimum (h = 7)"), "{v}");
    assert!(v["cost"].is_null() && v["moves"] == "" && v["optimal"] == false);
    let r = run(&["solve", STUCK, "-a", "random-restart", "--restarts", "2", "--seed", "1"]);
    assert_eq!(r.code, 5);
    assert!(r.stdout.starts_with("not found: restarts exhausted: 2 restarts without the goal"), "{}", r.stdout);
    let r = run(&["solve", STUCK, "-a", "annealing", "--temperature", "1", "--cooling", "0.5", "--seed", "1"]);
    assert_eq!(r.code, 5);
    assert!(r.stdout.contains("the temperature fell below its floor 0.01 after 7 steps"), "{}", r.stdout);
    let (v, r) = json(&[STUCK, "-a", "hill-climbing", "-H", "misplaced", "--seed", "1"]);
    assert_eq!(r.code, 5);
    assert!(v["stuck"]["kind"] == "plateau" || v["stuck"]["kind"] == "local_minimum", "{v}");
}

#[test]
fn limits_exit_4() {
    let (v, r) = json(&[HARD, "-a", "annealing", "--seed", "1", "--max-steps", "100"]);
    assert_eq!(r.code, 4);
    assert_eq!((v["status"].as_str(), v["limit"].as_str()), (Some("limit"), Some("steps")));
    assert_eq!(v["stats"]["expanded"], 100);
    assert_eq!(v["message"], "limit reached (step limit)");
    let (v, r) = json(&[HARD, "-a", "random-restart", "--seed", "1", "--max-nodes", "300"]);
    assert_eq!(r.code, 4);
    assert_eq!(v["limit"], "nodes");
    let (_, r) = json(&[HARD, "-a", "annealing", "--seed", "1", "--timeout", "0s"]);
    assert_eq!(r.code, 4);
}

#[test]
fn bad_local_options_get_specific_errors_and_exit_2() {
    let cases: [(&[&str], &str); 6] = [
        (&["-a", "local-beam", "--beam-width", "0"], "beam width 0 must be from 1 to 100000"),
        (&["-a", "local-beam", "--beam-width", "-3"], "--beam-width \"-3\": not a whole number of states"),
        (&["-a", "annealing", "--cooling", "1.5"], "cooling 1.5 must be between 0 and 1, both excluded"),
        (&["-a", "annealing", "--cooling", "-0.5"], "cooling -0.5 must be between 0 and 1"),
        (&["-a", "annealing", "--temperature", "-1"], "temperature -1 must be a positive number"),
        (&["-a", "annealing", "--temperature", "0"], "temperature 0 must be a positive number"),
    ];
    for (args, message) in cases {
        let mut all = vec!["solve", STUCK];
        all.extend_from_slice(args);
        npuzzle().args(&all).assert().code(2).stderr(predicate::str::contains(message));
    }
    // A local search draws no search tree.
    npuzzle()
        .args(["solve", STUCK, "-a", "annealing", "--tree", "dot"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("annealing is a local search: it keeps no search tree to draw; use --trace"));
    // Options the algorithm does not take are noted, not errors.
    let r = run(&["solve", STUCK, "-a", "annealing", "--restarts", "3", "--seed", "1"]);
    assert!(r.stderr.contains("note: annealing takes no restarts: restarts 3 is ignored"), "{}", r.stderr);
}

#[test]
fn the_text_trace_shows_boards_neighbours_and_reasons() {
    let r = run(&["solve", "1 2 3 4 5 6 0 7 8", "-a", "hill-climbing", "--seed", "1", "--trace"]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.starts_with("Trace: hill-climbing, heuristic manhattan"), "{}", r.stdout);
    assert!(
        r.stdout
            .contains("Step 1: current h = 2  (start)\n  1 2 3\n  4 5 6\n  _ 7 8\n  neighbours:\n    U  1 2 3 / _ 5 6 / 4 7 8   h = 3\n"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("  move R (h 2 → 1): best improvement\n"), "{}", r.stdout);
    let r = run(&["solve", STUCK, "-a", "annealing", "--seed", "3", "--trace", "--trace-limit", "40"]);
    assert!(r.stdout.contains("T = 2.000"), "{}", r.stdout);
    assert!(r.stdout.contains("accepted with probability e^(−Δ/T) = e^(−1/"), "{}", r.stdout);
    assert!(r.stdout.contains("rejected: probability e^(−Δ/T)"), "{}", r.stdout);
    assert!(r.stdout.contains("more steps not shown (--trace-limit 40)"), "{}", r.stdout);
    let r = run(&["solve", HARD, "-a", "random-restart", "--seed", "1", "--trace", "--trace-limit", "100000"]);
    assert!(r.stdout.contains("=== Restart 1: a random walk of 18 moves from the start: "), "{}", &r.stdout[..3000.min(r.stdout.len())]);
    assert!(r.stdout.contains("  stuck at a local minimum"));
}

#[test]
fn the_json_trace_carries_what_a_page_needs() {
    let r = run(&["solve", STUCK, "-a", "annealing", "--seed", "3", "--trace", "-f", "json", "--trace-limit", "1000000"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let ev: Vec<Value> = r.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(ev[0]["event"], "start");
    let end = ev.last().unwrap();
    assert_eq!(end["event"], "end");
    let count = |kind: &str| ev.iter().filter(|e| e["event"] == kind).count() as u64;
    let stats = &end["report"]["stats"];
    // One current state per step; the neighbours (and the start) are the nodes generated.
    assert_eq!(count("local_current"), end["selections"].as_u64().unwrap());
    assert_eq!(count("local_neighbour") + 1, stats["generated"].as_u64().unwrap());
    assert_eq!(count("local_choice"), stats["expanded"].as_u64().unwrap());
    let current = ev.iter().find(|e| e["event"] == "local_current").unwrap();
    assert_eq!(current["board"].as_array().unwrap().len(), 9);
    assert!(current["h"].is_u64() && current["temperature"].is_f64());
    let choice = ev.iter().find(|e| e["event"] == "local_choice" && e["reason"]["kind"] == "rejected").unwrap();
    assert!(choice["reason"]["probability"].is_f64() && choice["reason"]["temperature"].is_f64() && choice["reason"]["delta"].is_f64());
    assert!(choice["move"].is_string() && choice["h"].is_u64());
    assert_eq!(ev[ev.len() - 2]["event"], "local_end");
    // The beam's states are marked, and each choice says which state it came from.
    let r = run(&["solve", STUCK, "-a", "local-beam", "--beam-width", "4", "--seed", "1", "--trace", "-f", "json"]);
    let ev: Vec<Value> = r.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let members: Vec<u64> =
        ev.iter().filter(|e| e["event"] == "local_current" && e["step"] == 2).map(|e| e["member"].as_u64().unwrap()).collect();
    assert_eq!(members, [0, 1, 2, 3]);
    assert!(ev.iter().any(|e| e["event"] == "local_choice" && e["from"].is_u64() && e["member"] == 3));
}

#[test]
fn completions_and_help_name_the_local_searches() {
    let r = run(&["completions", "bash"]);
    for a in ["hill-climbing", "first-choice", "random-restart", "annealing", "local-beam"] {
        assert!(r.stdout.contains(a), "{a} not in the completions");
    }
    let r = run(&["solve", "--help"]);
    assert!(r.stdout.contains("Local search:") && r.stdout.contains("--beam-width") && r.stdout.contains("--cooling"), "{}", r.stdout);
    // One flag per parameter the library describes, with its help and its default.
    let flat = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let help = flat(&r.stdout);
    for p in npuzzle::search::Param::ALL {
        let info = p.info();
        assert!(help.contains(&format!("--{}", info.flag)), "--{} is not a flag of solve", info.flag);
        assert!(help.contains(&flat(info.help)), "{}'s help is not shown", info.flag);
        if let Some(d) = info.default_text() {
            assert!(help.contains(&format!("[default: {}]", flat(&d))), "{}'s default is not shown", info.flag);
        }
    }
    // The values are read and checked by the library, with the parameter's own wording.
    let r = run(&["solve", STUCK, "-a", "local-beam", "--max-steps", "0"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("step limit 0 must be a whole number ≥ 1"), "{}", r.stderr);
}

#[test]
fn bench_local_prints_the_success_table() {
    let r = run(&["bench", "local", "--count", "20", "--seed", "2"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let rows: Vec<&str> = r.stdout.lines().filter(|l| l.contains('%')).collect();
    let names: Vec<&str> = rows.iter().map(|l| l.split("  ").next().unwrap().trim()).collect();
    assert_eq!(
        names,
        [
            "hill-climbing",
            "hill-climbing --sideways 100",
            "first-choice",
            "first-choice --sideways 100",
            "random-restart",
            "annealing",
            "local-beam",
            "local-beam --stochastic"
        ]
    );
    assert!(r.stdout.contains("3×3, 20 uniformly random boards (seed 2)"), "{}", r.stdout);
    // The same seed gives the same table, all but the times.
    let again = run(&["bench", "local", "--count", "20", "--seed", "2"]);
    // (Each line's words, a row's last column, the mean time in µs, left out.)
    let cut = |s: &str| {
        s.lines()
            .map(|l| {
                let words: Vec<&str> = l.split_whitespace().collect();
                let keep = if l.ends_with(" µs") { words.len() - 2 } else { words.len() };
                words[..keep].join(" ")
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(cut(&r.stdout), cut(&again.stdout));
    // Boards at a depth, and one algorithm.
    let r = run(&["bench", "local", "--count", "10", "--depth", "4", "-a", "hill-climbing"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("10 random boards 4 moves from the goal"), "{}", r.stdout);
    assert_eq!(r.stdout.lines().filter(|l| l.contains('%')).count(), 1);
    npuzzle().args(["bench", "local", "-a", "astar"]).assert().code(2).stderr(predicate::str::contains("astar is not a local search"));
    npuzzle()
        .args(["bench", "local", "--cooling", "2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cooling 2 must be between 0 and 1"));
}
