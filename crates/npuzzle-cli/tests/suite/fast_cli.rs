//! The real binary: the default solver, `pdb build|list|verify|clean`, and `bench` on small
//! suites. Every run gets its own cache directory through NPUZZLE_CACHE_DIR.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::Path;

fn npuzzle(cache: &Path) -> Command {
    let mut c = Command::new(assert_cmd::cargo::cargo_bin!("npuzzle"));
    c.env("NPUZZLE_CACHE_DIR", cache);
    c
}

#[test]
fn default_solver_on_three_by_three_uses_the_exact_table() {
    let dir = tempfile::tempdir().unwrap();
    let out = npuzzle(dir.path()).args(["solve", "8 1 3 4 0 2 7 6 5", "-f", "json"]).assert().success().get_output().stdout.clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["algorithm"], "idastar");
    assert_eq!(v["heuristic"], "exact");
    assert_eq!(v["cost"], 14);
    assert_eq!(v["optimal"], true);
    // An explicit algorithm keeps the old default heuristic.
    let out = npuzzle(dir.path())
        .args(["solve", "8 1 3 4 0 2 7 6 5", "-a", "astar", "-f", "json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["heuristic"], "manhattan");
    assert_eq!(v["cost"], 14);
}

#[test]
fn classic_algorithms_take_heuristic_pdb() {
    let dir = tempfile::tempdir().unwrap();
    let out = npuzzle(dir.path())
        .args(["solve", "8 1 3 4 0 2 7 6 5", "-a", "astar", "-H", "pdb", "-f", "json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["heuristic"], "pdb");
    assert_eq!(v["cost"], 14);
    npuzzle(dir.path())
        .args([
            "solve",
            "--size",
            "9x9",
            &(1..81).chain([0]).map(|t| t.to_string()).collect::<Vec<_>>().join(" "),
            "-a",
            "idastar",
            "-H",
            "pdb",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("at most 64 cells"));
}

#[test]
fn pdb_build_list_verify_detects_corruption_and_clean() {
    let dir = tempfile::tempdir().unwrap();
    npuzzle(dir.path()).args(["pdb", "build", "--size", "3x3"]).assert().success().stdout(predicate::str::contains("set 6-2 for 3x3"));
    npuzzle(dir.path()).args(["pdb", "list"]).assert().success().stdout(predicate::str::contains("3 files"));
    npuzzle(dir.path()).args(["pdb", "verify"]).assert().success().stdout(predicate::str::contains("3 files checked, 0 corrupt"));
    // Damage one table byte.
    let file =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().path()).find(|p| p.to_string_lossy().contains("1.2.3.4.5.6")).unwrap();
    let mut bytes = std::fs::read(&file).unwrap();
    let n = bytes.len();
    bytes[n - 100] ^= 0x01;
    std::fs::write(&file, bytes).unwrap();
    npuzzle(dir.path()).args(["pdb", "verify"]).assert().code(1).stdout(predicate::str::contains("CORRUPT"));
    // Using it reports the damage and rebuilds the table.
    npuzzle(dir.path())
        .args(["solve", "8 1 3 4 0 2 7 6 5", "-a", "idastar", "-H", "pdb", "--no-boards"])
        .assert()
        .success()
        .stdout(predicate::str::contains("solved in 14 moves"))
        .stderr(predicate::str::contains("corrupt"));
    npuzzle(dir.path()).args(["pdb", "verify"]).assert().success();
    npuzzle(dir.path()).args(["pdb", "clean"]).assert().success().stdout(predicate::str::contains("removed 3 files"));
    npuzzle(dir.path()).args(["pdb", "list"]).assert().success().stdout(predicate::str::contains("no cached pattern databases"));
    npuzzle(dir.path())
        .args(["pdb", "build", "--size", "4x4", "--set", "9-6"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no pattern set"));
    npuzzle(dir.path()).args(["pdb", "build", "--size", "9x9"]).assert().code(2);
}

#[test]
fn pdb_build_over_its_memory_limit_stops_at_once_with_exit_4() {
    let dir = tempfile::tempdir().unwrap();
    // The 8-tile table of 7-8 needs about 1.56 GB; 1G is refused before any table is built.
    npuzzle(dir.path())
        .args(["pdb", "build", "--size", "4x4", "--max-memory", "1G"])
        .assert()
        .code(4)
        .stderr(predicate::str::contains("building set 7-8 for 4×4 needs about 1557 MB, more than the limit"))
        .stderr(predicate::str::contains("building pattern").not());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "nothing written");
    npuzzle(dir.path()).args(["pdb", "build", "--size", "4x4", "--max-memory", "lots"]).assert().code(2);
    // A set that fits is built.
    npuzzle(dir.path()).args(["pdb", "build", "--size", "3x3", "--max-memory", "10M"]).assert().success();
}

#[test]
fn bench_checks_every_three_by_three_length() {
    let dir = tempfile::tempdir().unwrap();
    npuzzle(dir.path())
        .args(["bench", "3x3-all", "--quiet"])
        .assert()
        .success()
        .stdout(predicate::str::contains("181440 boards").and(predicate::str::contains("all lengths optimal")));
}

#[test]
fn bench_korf100_with_a_small_set_checks_lengths() {
    let dir = tempfile::tempdir().unwrap();
    npuzzle(dir.path())
        .args(["bench", "korf100", "--ids", "55,16", "--set", "5-5-5"])
        .assert()
        .success()
        .stdout(predicate::str::contains("all lengths optimal").and(predicate::str::contains("  55     41     41  yes")));
    npuzzle(dir.path()).args(["bench", "korf100", "--ids", "101"]).assert().code(2);
}

#[test]
fn batch_without_algorithm_uses_the_default_solver() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("boards.txt");
    std::fs::write(&input, "8 1 3 4 0 2 7 6 5\n1 2 3 4 5 6 7 0 8\n").unwrap();
    let out = npuzzle(dir.path()).args(["batch", input.to_str().unwrap(), "--jobs", "2"]).assert().success().get_output().stdout.clone();
    let lines: Vec<serde_json::Value> = String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["cost"], 14);
    assert_eq!(lines[1]["cost"], 1);
    assert_eq!(lines[1]["heuristic"], "exact");
}

/// Regression: a cached table whose header claims 64 GiB of entries, on a sparse file of that
/// size, aborted every `-H pdb` solve and `pdb verify` (the loader allocated first). Now the
/// header is checked against its board and pattern first, reported and rebuilt.
#[test]
fn a_table_header_claiming_64_gib_is_reported_and_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    npuzzle(dir.path()).args(["pdb", "build", "--size", "3x3"]).assert().success();
    let file =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().path()).find(|p| p.to_string_lossy().contains("1.2.3.4.5.6")).unwrap();
    let bytes = std::fs::read(&file).unwrap();
    let (_, head_end, data_at) = npuzzle::tables::cache::parse_header(&file, &bytes).unwrap();
    let huge: u64 = 64 << 30;
    let mut head = bytes[..data_at].to_vec();
    head[head_end - 8..head_end].copy_from_slice(&huge.to_le_bytes());
    std::fs::write(&file, &head).unwrap();
    std::fs::OpenOptions::new().write(true).open(&file).unwrap().set_len(data_at as u64 + huge).unwrap();
    npuzzle(dir.path()).args(["pdb", "verify"]).assert().code(1).stdout(predicate::str::contains("CORRUPT"));
    npuzzle(dir.path())
        .args(["solve", "8 1 3 4 0 2 7 6 5", "-a", "idastar", "-H", "pdb", "--no-boards"])
        .assert()
        .success()
        .stdout(predicate::str::contains("solved in 14 moves"))
        .stderr(predicate::str::contains("corrupt"));
    npuzzle(dir.path()).args(["pdb", "verify"]).assert().success();
}

/// Regression: a FIFO in place of a cache file hung the table load forever.
#[cfg(unix)]
#[test]
fn a_fifo_in_place_of_a_cached_table_is_refused_and_replaced() {
    let dir = tempfile::tempdir().unwrap();
    npuzzle(dir.path()).args(["pdb", "build", "--size", "3x3"]).assert().success();
    let file =
        std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().path()).find(|p| p.to_string_lossy().contains("1.2.3.4.5.6")).unwrap();
    std::fs::remove_file(&file).unwrap();
    assert!(std::process::Command::new("mkfifo").arg(&file).status().unwrap().success());
    npuzzle(dir.path())
        .args(["solve", "8 1 3 4 0 2 7 6 5", "-a", "idastar", "-H", "pdb", "--no-boards"])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .success()
        .stderr(predicate::str::contains("not a regular file"));
    assert!(std::fs::metadata(&file).unwrap().is_file(), "the FIFO was replaced by the rebuilt table");
}

/// Regression: `kill -9` of a build left its `…tmpPID` file, which nothing removed or reported.
#[test]
fn temporary_files_of_killed_builds_are_reported_and_cleaned() {
    let dir = tempfile::tempdir().unwrap();
    npuzzle(dir.path()).args(["pdb", "build", "--size", "3x3"]).assert().success();
    // A process id that is not running: the highest one Linux hands out is far below this.
    let stale = dir.path().join("pdb-3x3-b0-1.2.3.4.5.6.tmp4194999");
    std::fs::write(&stale, vec![0u8; 1000]).unwrap();
    npuzzle(dir.path()).args(["pdb", "list"]).assert().success().stdout(predicate::str::contains("STALE"));
    npuzzle(dir.path()).args(["pdb", "verify"]).assert().success().stdout(predicate::str::contains("process 4194999, which is gone"));
    npuzzle(dir.path())
        .args(["pdb", "clean"])
        .assert()
        .success()
        .stdout(predicate::str::contains("removed 3 files and 1 temporary file of killed builds"));
    assert!(!stale.exists());
}

/// Regression: the fast IDA* engine polled its limits every 16,384 nodes, so `--max-nodes 1000`
/// stopped after about 16,000. It now polls often enough to stop near the limit.
#[test]
fn max_nodes_1000_on_the_fast_engine_stops_near_1000() {
    let dir = tempfile::tempdir().unwrap();
    let out = npuzzle(dir.path())
        .args(["solve", "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "--goal", "blank-first", "--max-nodes", "1000", "-f", "json"])
        .assert()
        .code(4)
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["status"], "limit");
    let generated = v["stats"]["generated"].as_u64().unwrap();
    assert!((1000..=1000 + 64).contains(&generated), "generated {generated}");
    // The stopped search still says how short no answer can be: Korf's #1 takes 57 moves.
    let bound = v["lower_bound"].as_u64().expect("a stopped IDA* reports its lower bound");
    assert!((41..=57).contains(&bound), "lower bound {bound}");
    assert!(v["lower_bound_from"].is_string(), "{v}");
    npuzzle(dir.path())
        .args(["solve", "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "--goal", "blank-first", "--max-nodes", "1000"])
        .assert()
        .code(4)
        .stdout(predicate::str::contains(format!("no solution is shorter than {bound} moves")));
}

/// Regression: `--jobs 100000` spawned a thread per job and never finished. Jobs are bounded.
#[test]
fn jobs_100000_is_refused_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    for cmd in [vec!["batch", "-"], vec!["bench", "korf100", "--ids", "1"]] {
        npuzzle(dir.path())
            .args(&cmd)
            .args(["--jobs", "100000"])
            .write_stdin("1 2 3 0\n")
            .assert()
            .code(2)
            .stderr(predicate::str::contains("jobs must be from 1 to 256"));
    }
    npuzzle(dir.path()).args(["batch", "-", "--jobs", "0"]).write_stdin("1 2 3 0\n").assert().code(2);
}

/// Regression: one line that is not UTF-8 stopped the whole batch with exit 1. Now that line
/// gets its own `invalid` status and the lines after it are solved.
#[test]
fn a_batch_line_that_is_not_utf8_is_invalid_and_the_batch_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let out = npuzzle(dir.path())
        .args(["batch", "-"])
        .write_stdin(&b"1 2 3 0\n\xff\xfe\n8 1 3 4 0 2 7 6 5\n"[..])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let lines: Vec<serde_json::Value> = String::from_utf8(out).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["status"], "solved");
    assert_eq!(lines[1]["status"], "invalid");
    assert_eq!(lines[1]["line"], 2);
    assert_eq!(lines[2]["cost"], 14);
}
