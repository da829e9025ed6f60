//! `npuzzle bench file`: every board of a file solved and replayed, its reference lengths
//! compared, a wrong known optimum caught, and the DeepCubeA test states read as shipped.

use assert_cmd::Command;
use serde_json::Value;

fn npuzzle(cache: &std::path::Path) -> Command {
    let mut c = Command::cargo_bin("npuzzle").expect("binary built");
    c.env("NPUZZLE_CACHE_DIR", cache);
    c
}

/// Three 3×3 boards with their optimal lengths (checked by `bench 3x3-all`'s histogram and the
/// exact table), under a `# Columns:` header.
const EIGHT: &str = "# Columns: index manhattan optimal_moves | the 3x3 board\n\
                     1 2 2 | 1 2 3 4 5 6 0 7 8\n\
                     2 0 0 | 1 2 3 4 5 6 7 8 0\n\
                     3 12 14 | 8 1 3 4 0 2 7 6 5\n";

#[test]
fn bench_file_solves_replays_and_compares_with_the_optimum() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("eight.txt");
    std::fs::write(&file, EIGHT).unwrap();
    let out = npuzzle(dir.path()).args(["bench", "file", file.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("against optimal (3 boards): 5.3 moves against 5.3"), "{text}");
    assert!(text.contains("shorter on 0, equal on 3, longer on 0"), "{text}");
    assert!(text.contains("every answer replays to the goal"), "{text}");
    // Per board: the label, the moves and the reference, in that order.
    let row = text.lines().find(|l| l.split_whitespace().next() == Some("3")).unwrap();
    assert_eq!(row.split_whitespace().take(3).collect::<Vec<_>>(), ["3", "14", "14"], "{row}");

    // JSON Lines: one object a board, then the totals.
    let out = npuzzle(dir.path()).args(["bench", "file", file.to_str().unwrap(), "-f", "json"]).output().unwrap();
    let lines: Vec<Value> = String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[2]["moves"], 14);
    assert_eq!(lines[2]["references"]["optimal"], 14);
    assert_eq!(lines[2]["replayed"], true);
    assert!(lines[2]["lower_bound"].as_u64().unwrap() <= 14);
    assert_eq!(lines[3]["total"]["boards"], 3);
    assert_eq!(lines[3]["total"]["references"][0]["equal"], 3);

    // CSV: a header, then a row a board.
    let out = npuzzle(dir.path()).args(["bench", "file", file.to_str().unwrap(), "-f", "csv", "--count", "2"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows[0], "board,moves,optimal_moves,lower_bound,time_s,expanded,generated,peak_memory,replayed");
    assert_eq!(rows.len(), 3);
    assert!(rows[1].starts_with("1,2,2,"), "{}", rows[1]);
}

#[test]
fn a_wrong_known_optimum_fails_the_bench() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("wrong.txt");
    std::fs::write(&file, EIGHT.replace("3 12 14 |", "3 12 16 |")).unwrap();
    let out = npuzzle(dir.path()).args(["bench", "file", file.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the known optimum is 16"));
}

/// A search a node limit stops still reports the length its iterations proved: never above
/// the known optimum, and a bound above a (wrong) optimum fails the bench.
#[test]
fn a_stopped_optimal_search_reports_its_proven_bound() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hard.txt");
    // One of the two 3×3 boards 31 moves from the goal (blank last), Manhattan distance 21.
    std::fs::write(&file, "# Columns: optimal_moves | the 3x3 board\n31 | 8 6 7 2 5 4 3 0 1\n").unwrap();
    let run = |file: &std::path::Path| {
        let args = ["bench", "file", file.to_str().unwrap(), "-a", "idastar", "-H", "pdb", "--max-nodes", "20", "-f", "json"];
        npuzzle(dir.path()).args(args).output().unwrap()
    };
    let out = run(&file);
    assert_eq!(out.status.code(), Some(4), "{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<Value> = String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["moves"], Value::Null);
    let bound = lines[0]["lower_bound"].as_u64().unwrap();
    assert!((21..=31).contains(&bound), "lower bound {bound}");
    std::fs::write(&file, "# Columns: optimal_moves | the 3x3 board\n10 | 8 6 7 2 5 4 3 0 1\n").unwrap();
    let out = run(&file);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("exceeds the known optimum 10"));
}

#[test]
fn bad_files_are_refused_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.txt");
    std::fs::write(&file, "1 2 3 4 5 6 0 7 8\n1 2 3 banana\n").unwrap();
    let out = npuzzle(dir.path()).args(["bench", "file", file.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2"));
    std::fs::write(&file, "# nothing\n").unwrap();
    npuzzle(dir.path()).args(["bench", "file", file.to_str().unwrap()]).assert().code(2);
    npuzzle(dir.path()).args(["bench", "file"]).assert().code(2);
}

/// The shipped DeepCubeA 35-puzzle states: read, solved by the default solver (narrowed by a node
/// limit), replayed, and compared with DeepCubeA's lengths.
#[test]
fn the_deepcubea_files_run_as_shipped() {
    // The 6×6 tables in the cache the other command-line tests share (built once, verified on
    // every load).
    let cache = std::path::Path::new(concat!(env!("CARGO_TARGET_TMPDIR"), "/npuzzle-cache"));
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/data/deepcubea/puzzle35_dev.txt");
    let out = npuzzle(cache).args(["bench", "file", data, "--count", "1", "--max-nodes", "2000000", "-f", "json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<Value> = String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["board"], "250");
    assert_eq!(lines[0]["references"]["deepcubea"], 130);
    assert_eq!(lines[0]["replayed"], true);
    assert_eq!(lines[1]["total"]["algorithm"], "pdb-beam");
    let moves = lines[0]["moves"].as_u64().unwrap();
    assert!(lines[0]["lower_bound"].as_u64().unwrap() <= moves);
    // Every file: 250 or so boards of the right size, each with its reference.
    for (name, cells) in [("puzzle24_dev", 25), ("puzzle35_dev", 36), ("puzzle48_dev", 49)] {
        let text = std::fs::read_to_string(format!("{}/data/deepcubea/{name}.txt", env!("CARGO_MANIFEST_DIR"))).unwrap();
        let boards: Vec<&str> = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).collect();
        assert!(boards.len() >= 240, "{name}");
        for b in boards {
            let (fields, tiles) = b.split_once('|').unwrap();
            assert_eq!(tiles.split_whitespace().count(), cells, "{name}: {b}");
            assert!(fields.split_whitespace().count() >= 3, "{name}: {b}");
        }
    }
}

/// A search parameter reaches every board (`--learnt-key`: pdb-beam ranks by the shipped 6×6
/// weights), the total names it, and a parameter the algorithm does not read, or one given to
/// another suite, is refused with exit 2.
#[test]
fn bench_file_passes_a_search_parameter_to_every_board() {
    let cache = std::path::Path::new(concat!(env!("CARGO_TARGET_TMPDIR"), "/npuzzle-cache"));
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/data/deepcubea/puzzle35_dev.txt");
    let args = ["bench", "file", data, "--count", "1", "-a", "pdb-beam", "--learnt-key", "--max-nodes", "300000", "-f", "json"];
    let out = npuzzle(cache).args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<Value> = String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["replayed"], true);
    assert_eq!(lines[1]["total"]["algorithm"], "pdb-beam");
    assert_eq!(lines[1]["total"]["flags"], serde_json::json!(["--learnt-key"]));
    let out = npuzzle(cache).args(["bench", "file", data, "--count", "1", "-a", "astar", "--learnt-key"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("astar takes no learnt key"));
    let out = npuzzle(cache).args(["bench", "korf100", "--weight", "2"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unexpected argument '--weight'"));
}
