//! The real binary, on the reports of wrong answers, misleading messages, runaway work and
//! panics: each test is named after the bug it pins. Every run gets a scratch cache directory.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;
use std::io::{BufRead, Read};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("trust").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The binary with its table cache in this suite's scratch directory.
fn npuzzle() -> Command {
    npuzzle_in(&PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("trust-cache"))
}

fn npuzzle_in(cache: &Path) -> Command {
    let mut c = Command::new(assert_cmd::cargo::cargo_bin!("npuzzle"));
    c.env("NPUZZLE_CACHE_DIR", cache);
    c
}

fn process(cache: &Path) -> std::process::Command {
    let mut c = std::process::Command::new(assert_cmd::cargo::cargo_bin!("npuzzle"));
    c.env("NPUZZLE_CACHE_DIR", cache);
    c
}

fn json(bytes: &[u8]) -> Value {
    serde_json::from_slice(bytes).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(bytes)))
}

fn json_lines(bytes: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(bytes).lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

#[cfg(unix)]
use npuzzle_testkit::interrupt;

/// Waits for a child, failing the test if it outlives `within`.
fn wait_within(child: &mut std::process::Child, within: Duration) -> std::process::ExitStatus {
    let started = Instant::now();
    loop {
        if let Some(s) = child.try_wait().unwrap() {
            return s;
        }
        if started.elapsed() > within {
            let _ = child.kill();
            panic!("still running {within:?} after it should have stopped");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

// ---------- wrong answers ----------

#[test]
fn dfs_with_a_max_depth_from_14_to_25_solves_the_14_move_board() {
    for d in 14..=25 {
        let out =
            npuzzle().args(["solve", "8 1 3 4 0 2 7 6 5", "-a", "dfs", "--max-depth", &d.to_string(), "-f", "json"]).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "--max-depth {d}: {}", String::from_utf8_lossy(&out.stderr));
        let v = json(&out.stdout);
        assert!(v["cost"].as_u64().unwrap() <= d, "--max-depth {d}: cost {}", v["cost"]);
    }
}

#[test]
fn a_board_beginning_with_minus_one_is_a_board_not_an_option() {
    let out = npuzzle().args(["solve", "-1 1 2 3 4 5 6 7 8", "-f", "json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(json(&out.stdout)["start"], serde_json::json!([[0, 1, 2], [3, 4, 5], [6, 7, 8]]));
    // Options before the board still work. Compare takes many boards: after `--`, they may
    // begin with -1 too.
    npuzzle().args(["solve", "-a", "bfs", "-1 1 2 3 4 5 6 7 8"]).assert().code(0);
    npuzzle()
        .args(["solve", "1 0 2 3 4 5 6 7 8", "--goal", "-1 1 2 3 4 5 6 7 8"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("moves: L\n"));
    npuzzle().args(["compare", "--algorithms", "bfs", "--", "-1 1 2 3 4 5 6 7 8"]).assert().code(0);
}

#[cfg(unix)]
#[test]
fn an_interrupted_batch_exits_4_not_0() {
    let dir = scratch("interrupted-batch");
    let korf = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n".repeat(6);
    std::fs::write(dir.join("b.txt"), korf).unwrap();
    let mut child = process(&dir)
        .args(["batch", "b.txt", "--goal", "blank-first", "-a", "astar", "--timeout", "2s", "--jobs", "1"])
        .current_dir(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(800));
    interrupt(child.id());
    let status = wait_within(&mut child, Duration::from_secs(10));
    let mut stdout = Vec::new();
    child.stdout.take().unwrap().read_to_end(&mut stdout).unwrap();
    assert_eq!(status.code(), Some(4));
    let lines = json_lines(&stdout);
    assert_eq!(lines.len(), 6);
    assert!(lines.iter().any(|l| l["limit"] == "cancelled"), "{lines:?}");
}

#[test]
fn json_never_says_optimal_true_beside_cost_null() {
    let korf = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";
    let out =
        npuzzle().args(["solve", korf, "--goal", "blank-first", "-a", "astar", "--max-nodes", "1000", "-f", "json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(4));
    let v = json(&out.stdout);
    assert!(v["cost"].is_null() && v["optimal"] == false, "{v}");
    let out =
        npuzzle().args(["batch", "-", "--goal", "blank-first", "-a", "idastar", "--max-nodes", "1000"]).write_stdin(korf).output().unwrap();
    let v = &json_lines(&out.stdout)[0];
    assert!(v["cost"].is_null() && v["optimal"] == false, "{v}");
    let out = npuzzle()
        .args(["compare", korf, "--goal", "blank-first", "--algorithms", "astar,bfs,idastar", "--max-nodes", "1000", "-f", "json"])
        .output()
        .unwrap();
    let cells = json(&out.stdout);
    for c in cells.as_array().unwrap() {
        assert_eq!(c["status"], "limit", "{c}");
        assert!(c["cost"].is_null() && c["optimal"] == false, "{c}");
    }
}

// ---------- limits that hold on big boards ----------

#[test]
fn a_1000x1000_board_is_refused_early_with_what_would_work() {
    let dir = scratch("big-board");
    let out = npuzzle_in(&dir).args(["generate", "--size", "1000x1000", "--count", "1", "--seed", "1"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    std::fs::write(dir.join("b.txt"), &out.stdout).unwrap();
    // The default solver (reduce-plus, which is plain row-and-column reduction at this size)
    // needs memory for the board only: it runs, writing moves, until the time limit stops it.
    let out = npuzzle_in(&dir).args(["solve", "b.txt", "--timeout", "2s", "-f", "json"]).current_dir(&dir).output().unwrap();
    assert_eq!(out.status.code(), Some(4), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json(&out.stdout);
    assert_eq!((v["algorithm"].as_str(), v["limit"].as_str()), (Some("reduce-plus"), Some("time")));
    assert!(v["stats"]["generated"].as_u64().unwrap() > 0);
    // The classic searches that keep every node are refused before they start.
    for extra in [&["-a", "astar"][..], &["-a", "bfs"][..]] {
        let out =
            npuzzle_in(&dir).args(["solve", "b.txt", "--timeout", "15s", "-f", "json"]).args(extra).current_dir(&dir).output().unwrap();
        assert_eq!(out.status.code(), Some(4), "{extra:?}: {}", String::from_utf8_lossy(&out.stderr));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("would need at least") && stderr.contains("tile by tile"), "{stderr}");
        let v = json(&out.stdout);
        assert_eq!((v["status"].as_str(), v["limit"].as_str()), (Some("limit"), Some("memory")));
        assert_eq!(v["stats"]["generated"], 0);
    }
    // IDA* keeps only its path's moves, so it is not refused, but it is told it cannot finish,
    // and the time limit stops it.
    let out =
        npuzzle_in(&dir).args(["solve", "b.txt", "-a", "idastar", "--timeout", "2s", "-f", "json"]).current_dir(&dir).output().unwrap();
    assert_eq!(out.status.code(), Some(4));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("will run until a limit stops it") && stderr.contains("tile by tile"), "{stderr}");
    // In text, --no-boards keeps the 1000×1000 start and goal out of the output.
    let out = npuzzle_in(&dir).args(["solve", "b.txt", "-a", "astar", "--no-boards"]).current_dir(&dir).output().unwrap();
    assert_eq!(out.status.code(), Some(4));
    assert!(out.stdout.len() < 2000, "{} bytes of text output", out.stdout.len());
    // batch says so once, and the line ends with limit: memory.
    let out = npuzzle_in(&dir).args(["batch", "b.txt", "-a", "astar"]).current_dir(&dir).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let line = &json_lines(&out.stdout)[0];
    assert_eq!(line["limit"], "memory");
    assert_eq!(String::from_utf8_lossy(&out.stderr).matches("would need at least").count(), 1);
}

#[cfg(target_os = "linux")]
#[test]
fn a_search_under_ulimit_v_ends_with_exit_4_not_an_abort() {
    // Under a 1.5 GB address-space limit, BFS on a hard 4×4 board would once grow until an
    // allocation failed and aborted (exit 134). The default memory limit now reads the address
    // space limit, and containers grow fallibly.
    let bin = assert_cmd::cargo::cargo_bin!("npuzzle");
    let cache = scratch("ulimit");
    let out = std::process::Command::new("bash")
        .args([
            "-c",
            &format!(
                "ulimit -v 1500000; exec '{}' solve '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3' --goal blank-first -a bfs -f json",
                bin.display()
            ),
        ])
        .env("NPUZZLE_CACHE_DIR", &cache)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json(&out.stdout);
    assert_eq!(v["limit"], "memory");
}

// ---------- misleading messages ----------

#[test]
fn a_missing_file_is_neither_a_board_nor_an_existing_file_not_a_bad_tile() {
    npuzzle()
        .args(["solve", "nonexistent.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("\"nonexistent.txt\" is neither a board nor an existing file"));
}

#[test]
fn a_file_with_a_utf8_byte_order_mark_reads() {
    let dir = scratch("bom");
    std::fs::write(dir.join("b.txt"), "\u{feff}3\n1 2 3\n4 0 5\n7 8 6\n").unwrap();
    std::fs::write(dir.join("many.txt"), "\u{feff}1 2 3 4 0 5 7 8 6\n").unwrap();
    npuzzle().args(["solve", "b.txt"]).current_dir(&dir).assert().code(0).stdout(predicate::str::contains("moves: RD"));
    let out = npuzzle().args(["batch", "many.txt"]).current_dir(&dir).output().unwrap();
    assert_eq!(json_lines(&out.stdout)[0]["status"], "solved");
}

#[test]
fn a_size_line_that_does_not_fit_its_rows_is_named_not_ragged_rows() {
    let dir = scratch("size-line");
    std::fs::write(dir.join("b.txt"), "4\n1 2 3\n4 0 5\n7 8 6\n").unwrap();
    npuzzle()
        .args(["solve", "b.txt"])
        .current_dir(&dir)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the size line \"4\" says 4×4 (16 tiles with the blank), but the rows below it hold 9"))
        .stderr(predicate::str::contains("ragged").not());
}

#[test]
fn batch_and_compare_say_which_options_an_algorithm_ignores() {
    npuzzle()
        .args(["solve", "1 2 3 4 0 5 7 8 6", "-a", "bfs", "-H", "misplaced"])
        .assert()
        .code(0)
        .stderr(predicate::str::contains("bfs uses no heuristic: the misplaced heuristic is ignored"));
    let out = npuzzle()
        .args(["batch", "-", "-a", "bfs", "-H", "misplaced"])
        .write_stdin("1 2 3 4 0 5 7 8 6\n1 2 3 4 5 6 7 0 8\n")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.matches("bfs uses no heuristic: the misplaced heuristic is ignored").count(), 1, "{stderr}");
    npuzzle()
        .args(["compare", "1 2 3 4 0 5 7 8 6", "--algorithms", "bfs,astar", "--heuristics", "misplaced"])
        .assert()
        .code(0)
        .stderr(predicate::str::contains("bfs uses no heuristic: the misplaced heuristic is ignored"));
}

#[test]
fn the_unquoted_board_gets_a_hint_to_quote_it() {
    npuzzle()
        .args(["solve", "8", "1", "3", "4", "0", "2", "7", "6", "5", "-a", "bfs"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("quote the board"))
        .stderr(predicate::str::contains("npuzzle solve \"8 1 3 4 0 2 7 6 5\" -a bfs"));
}

#[test]
fn a_bad_goal_says_it_is_the_goal_in_every_command() {
    let cache = scratch("bad-goal");
    for args in [
        &["solve", "1 2 3 4 0 5 7 8 6", "--goal", "1 2 3 3"][..],
        &["solve", "1 2 3 4 0 5 7 8 6", "--goal", "1 2 3 0"][..],
        &["batch", "-", "--goal", "1 2 3 3"][..],
        &["compare", "1 2 3 4 0 5 7 8 6", "--goal", "1 2 3 3"][..],
        &["generate", "--goal", "1 2 3 3"][..],
        &["pdb", "build", "--size", "2x2", "--goal", "1 2 3 3"][..],
    ] {
        let out = npuzzle_in(&cache).args(args).write_stdin("1 2 3 4 0 5 7 8 6\n").output().unwrap();
        let said = format!("{}{}", String::from_utf8_lossy(&out.stderr), String::from_utf8_lossy(&out.stdout));
        assert!(said.contains("goal"), "{args:?}: {said}");
        assert!(!said.contains("bad board: bad goal"), "{args:?}: {said}");
        if args[0] != "batch" {
            assert_eq!(out.status.code(), Some(2), "{args:?}: {said}");
        }
    }
}

#[test]
fn the_top_level_help_says_what_npuzzle_does_with_examples() {
    npuzzle()
        .arg("--help")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("sliding-tile puzzle"))
        .stdout(predicate::str::contains("Examples:"))
        .stdout(predicate::str::contains("npuzzle solve \"8 1 3 4 0 2 7 6 5\""))
        .stdout(predicate::str::contains("npuzzle command-line tool").not());
}

#[test]
fn bash_completion_offers_algorithm_and_heuristic_names() {
    let out = npuzzle().args(["completions", "bash"]).output().unwrap();
    let script = String::from_utf8(out.stdout).unwrap();
    // The lines that complete the value of -a/--algorithm and -H/--heuristic list the names.
    let completes = |flag: &str, names: &[&str]| {
        let at = script.find(&format!("{flag})")).unwrap_or_else(|| panic!("no case for {flag}"));
        let case = &script[at..at + script[at..].find(";;").unwrap()];
        for n in names {
            assert!(case.contains(n), "{flag} does not complete {n}: {case}");
        }
    };
    completes("--algorithm", &["bfs", "astar", "idastar", "bidirectional"]);
    completes("-a", &["dfs", "rbfs"]);
    completes("--heuristic", &["manhattan", "linear-conflict", "pdb", "exact"]);
    completes("-H", &["misplaced", "euclidean"]);
}

#[test]
fn one_move_and_one_file_are_singular() {
    npuzzle().args(["solve", "1 2 3 4 5 6 7 0 8"]).assert().code(0).stdout(predicate::str::contains("solved in 1 move (optimal)"));
    let cache = scratch("singular");
    npuzzle_in(&cache).args(["pdb", "build", "--size", "2x2"]).assert().code(0).stdout(predicate::str::contains("(3 tables,"));
    // Keep one of the three tables and drop the pruning automaton.
    for f in ["pdb-2x2-b0-2.pdb", "pdb-2x2-b0-3.pdb"] {
        std::fs::remove_file(cache.join(f)).unwrap();
    }
    for e in std::fs::read_dir(&cache).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "fsm") {
            std::fs::remove_file(p).unwrap();
        }
    }
    npuzzle_in(&cache).args(["pdb", "list"]).assert().code(0).stdout(predicate::str::contains("\n1 file, "));
    npuzzle_in(&cache).args(["pdb", "verify"]).assert().code(0).stdout(predicate::str::contains("1 file checked"));
}

#[test]
fn the_first_solve_reports_table_preparation_apart_from_search_time() {
    let cache = scratch("tables-time");
    let out = npuzzle_in(&cache).args(["solve", "8 1 3 4 0 2 7 6 5", "-f", "json"]).output().unwrap();
    let v = json(&out.stdout);
    assert!(v["tables_ms"].as_f64().is_some(), "{v}");
    let out = npuzzle_in(&cache).args(["solve", "8 1 3 4 0 2 7 6 5"]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("\ntables          "));
    // No tables, no line.
    let out = npuzzle_in(&cache).args(["solve", "8 1 3 4 0 2 7 6 5", "-a", "astar", "-f", "json"]).output().unwrap();
    assert!(json(&out.stdout).get("tables_ms").is_none());
}

// ---------- the first hour: Ctrl-C, pipes, outputs, help ----------

#[cfg(unix)]
#[test]
fn ctrl_c_while_the_default_solver_builds_its_tables_exits_4_promptly() {
    let cache = scratch("ctrl-c-build");
    let mut child = process(&cache)
        .args(["solve", "12 3 11 7/8 14 15 1/13 6 0 10/4 9 5 2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until a build has started (its note on stderr), then interrupt it.
    let mut err = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    loop {
        line.clear();
        assert!(err.read_line(&mut line).unwrap() > 0, "stderr closed before any build started");
        if line.starts_with("building pattern") {
            break;
        }
    }
    interrupt(child.id());
    let sent = Instant::now();
    let status = wait_within(&mut child, Duration::from_secs(5));
    let mut rest = String::new();
    err.read_to_string(&mut rest).unwrap();
    assert_eq!(status.code(), Some(4), "{rest}");
    assert!(rest.contains("while the tables were being built"), "{rest}");
    assert!(sent.elapsed() < Duration::from_secs(5));
}

#[cfg(unix)]
#[test]
fn a_closed_pipe_is_success_for_every_subcommand() {
    let cache = scratch("epipe");
    npuzzle_in(&cache).args(["pdb", "build", "--size", "2x2"]).assert().code(0);
    for args in [
        &["pdb", "verify"][..],
        &["pdb", "list"][..],
        &["solve", "8 1 3 4 0 2 7 6 5"][..],
        &["solve", "8 1 3 4 0 2 7 6 5", "-a", "astar", "--trace"][..],
        &["solve", "8 1 3 4 0 2 7 6 5", "-a", "astar", "--tree", "svg"][..],
        &["batch", "-"][..],
        &["compare", "8 1 3 4 0 2 7 6 5"][..],
        &["generate", "--count", "1000"][..],
        &["completions", "bash"][..],
        &["--help"][..],
        &["bench", "3x3-all"][..],
    ] {
        let mut child = process(&cache).args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        // Close the reading end at once, before the command writes: every write then fails
        // with a broken pipe, as under `npuzzle … | head -1` once head has exited.
        drop(child.stdout.take());
        {
            use std::io::Write;
            let mut stdin = child.stdin.take().unwrap();
            let _ = stdin.write_all(b"8 1 3 4 0 2 7 6 5\n");
        }
        let status = wait_within(&mut child, Duration::from_secs(60));
        let mut stderr = String::new();
        child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
        assert_eq!(status.code(), Some(0), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn generate_keeps_no_walk_and_refuses_walks_and_counts_it_cannot_finish() {
    // Walks of more than a billion moves are refused at once, not run for hours.
    npuzzle()
        .args(["generate", "--walk", "99999999999", "--count", "1", "--size", "2x2"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--walk 99999999999 is longer than"));
    npuzzle().args(["generate", "--size", "5x5", "--walk", "18446744073709551615", "--count", "1"]).assert().code(2);
    // A long walk runs in the memory of one board.
    npuzzle().args(["generate", "--size", "2x2", "--walk", "3000000", "--count", "2", "--seed", "1"]).assert().code(0);
}

#[cfg(unix)]
#[test]
fn generate_with_the_largest_count_streams_until_the_reader_stops() {
    // `--count 18446744073709551615` panicked with a capacity overflow; now boards stream and a
    // reader that has enough ends it.
    let cache = scratch("count");
    let mut child = process(&cache)
        .args(["generate", "--size", "4x4", "--count", "18446744073709551615", "--seed", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    npuzzle::parse::parse_board(first.trim()).unwrap();
    drop(out);
    let status = wait_within(&mut child, Duration::from_secs(10));
    assert_eq!(status.code(), Some(0));
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_long_walk() {
    let cache = scratch("walk-ctrl-c");
    let mut child = process(&cache)
        .args(["generate", "--size", "10x10", "--walk", "1000000000", "--count", "1000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    interrupt(child.id());
    let status = wait_within(&mut child, Duration::from_secs(5));
    assert_eq!(status.code(), Some(4));
}

#[test]
fn a_single_explicit_row_is_refused_as_one_row_not_read_as_2x2() {
    npuzzle()
        .args(["solve", "[[1,0,2,3]]"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("a 4×1 board is not supported (each side must be 2..=1000)"));
}

#[test]
fn bad_output_paths_and_extensions_are_refused_before_any_search() {
    let dir = scratch("outputs");
    // Nothing is printed: the check comes before the solve (or, for compare, before any run).
    npuzzle().args(["solve", "8 1 3 4 0 2 7 6 5", "-o", "nodir/x.txt"]).current_dir(&dir).assert().code(2).stdout("");
    npuzzle()
        .args(["solve", "8 1 3 4 0 2 7 6 5", "-a", "bfs", "--tree", "svg", "--tree-out", "nodir/t.svg"])
        .current_dir(&dir)
        .assert()
        .code(2)
        .stdout("");
    npuzzle()
        .args(["compare", "8 1 3 4 0 2 7 6 5", "--plot", "p.pdf"])
        .current_dir(&dir)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("name the file .svg or .png"));
    npuzzle().args(["compare", "8 1 3 4 0 2 7 6 5", "--plot", "nodir/p.svg"]).current_dir(&dir).assert().code(2).stdout("");
}

// ---------- panics and runaway work ----------

#[test]
fn a_huge_token_is_quoted_short_in_solve_and_batch() {
    // One argument may hold at most 128 kB on Linux; a batch line may be as long as it likes.
    let token = "9".repeat(100_000);
    let out = npuzzle().args(["solve", &token]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stderr.len() < 500, "{} bytes on stderr", out.stderr.len());
    assert!(String::from_utf8_lossy(&out.stderr).contains("(100000 characters)"));
    let token = "9".repeat(10 << 20);
    let out = npuzzle().args(["batch", "-"]).write_stdin(format!("{token}\n")).output().unwrap();
    assert!(out.stdout.len() < 500, "{} bytes of batch output", out.stdout.len());
    assert_eq!(json_lines(&out.stdout)[0]["status"], "invalid");
}

#[test]
fn timeout_zero_stops_at_once_in_solve_and_batch() {
    let cache = scratch("timeout-zero");
    for args in [
        &["solve", "1 2 3 4 0 5 7 8 6", "--timeout", "0", "-f", "json"][..],
        &["solve", "1 2 3 4 0 5 7 8 6", "-a", "bfs", "--timeout", "0", "-f", "json"][..],
        // The 4×4 default (fast IDA* with pattern databases) stops before building any table.
        &["solve", "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15", "--timeout", "0", "-f", "json"][..],
    ] {
        let out = npuzzle_in(&cache).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(4), "{args:?}");
        let v = json(&out.stdout);
        assert_eq!(v["limit"], "time", "{args:?}");
    }
    assert!(std::fs::read_dir(&cache).unwrap().next().is_none(), "no table was built");
    let out =
        npuzzle_in(&cache).args(["batch", "-", "--timeout", "0"]).write_stdin("1 2 3 4 0 5 7 8 6\n8 1 3 4 0 2 7 6 5\n").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    for l in json_lines(&out.stdout) {
        assert_eq!(l["limit"], "time", "{l}");
    }
}

/// Three boards of DeepCubeA's 35-puzzle test file, one a line.
fn three_6x6_boards() -> Vec<String> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/deepcubea/puzzle35_dev.txt")).unwrap();
    text.lines().filter(|l| !l.starts_with('#')).take(3).map(|l| l.split_once('|').unwrap().1.trim().to_string()).collect()
}

/// `npuzzle solve BOARD --format json` for each board, with `extra` options, in `cache`.
fn solve_each(cache: &Path, boards: &[String], extra: &[&str]) -> Vec<Value> {
    boards
        .iter()
        .map(|b| {
            let out = npuzzle_in(cache).args(["solve", b, "--format", "json", "--no-boards"]).args(extra).output().unwrap();
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
            json(&out.stdout)
        })
        .collect()
}

/// A batch of 6×6 boards on a fresh cache answered its first line with `reduce-plus` (the
/// default settled for the tables at hand) and refused every later line ("pdb-beam needs the
/// pattern databases for every goal"): each line now gets what `solve` gives that board, the
/// note is said once, and nothing is built.
#[test]
fn a_cold_cache_batch_answers_every_line_as_solve_does() {
    let dir = scratch("cold-batch");
    let cache = dir.join("cache");
    let boards = three_6x6_boards();
    let file = dir.join("boards.txt");
    std::fs::write(&file, boards.join("\n") + "\n").unwrap();
    let same = ["--size", "6x6", "--max-memory", "2G", "--max-nodes", "100000"];
    let out = npuzzle_in(&cache).args(["batch", file.to_str().unwrap(), "-j", "2"]).args(same).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.matches("npuzzle pdb build --size 6x6").count(), 1, "the note once: {stderr}");
    let lines = json_lines(&out.stdout);
    let alone = solve_each(&cache, &boards, &same);
    assert_eq!(lines.len(), 3);
    for (line, one) in lines.iter().zip(&alone) {
        assert_eq!(line["status"], "solved", "{line}");
        assert_eq!(line["algorithm"], "reduce-plus", "{line}");
        for field in ["algorithm", "moves", "cost", "lower_bound", "optimal"] {
            assert_eq!(line[field], one[field], "{field}: batch {line} against solve {one}");
        }
    }
    let built = std::fs::read_dir(&cache).map(|d| d.count()).unwrap_or(0);
    assert_eq!(built, 0, "no table was built or saved");
}

/// With the tables at hand (the 3×9 set builds in seconds, so it always is), every line of a
/// batch and every row of `compare` runs `pdb-beam` with them, as `solve` does each board.
#[test]
fn a_batch_with_its_tables_at_hand_answers_every_line_as_solve_does() {
    let dir = scratch("warm-batch");
    let cache = dir.join("cache");
    let out = npuzzle_in(&cache).args(["generate", "--size", "3x9", "--count", "3", "--seed", "64"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let rng_boards: Vec<String> = String::from_utf8(out.stdout).unwrap().lines().map(|l| l.trim().to_string()).collect();
    let file = dir.join("boards.txt");
    std::fs::write(&file, rng_boards.join("\n") + "\n").unwrap();
    let same = ["--size", "3x9", "--max-memory", "2G", "--max-nodes", "100000"];
    let out = npuzzle_in(&cache).args(["batch", file.to_str().unwrap(), "-j", "2"]).args(same).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let lines = json_lines(&out.stdout);
    let alone = solve_each(&cache, &rng_boards, &same);
    assert_eq!(lines.len(), 3);
    for (line, one) in lines.iter().zip(&alone) {
        assert_eq!(line["status"], "solved", "{line}");
        assert_eq!(line["algorithm"], "pdb-beam", "{line}");
        assert_eq!((&line["moves"], &line["cost"]), (&one["moves"], &one["cost"]), "batch {line} against solve {one}");
    }
    // compare names its algorithm: each row is that board's `solve -a pdb-beam`.
    let mut args =
        vec!["compare", "--algorithms", "pdb-beam", "--format", "json", "--size", "3x9", "--max-memory", "2G", "--max-nodes", "100000"];
    args.extend(rng_boards.iter().map(String::as_str));
    let out = npuzzle_in(&cache).args(&args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let rows = json(&out.stdout);
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 3);
    for (row, one) in rows.iter().zip(&alone) {
        assert_eq!(row["algorithm"], "pdb-beam");
        assert_eq!(row["cost"], one["cost"], "compare {row} against solve {one}");
    }
}
