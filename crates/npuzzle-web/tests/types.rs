//! The page's TypeScript declarations (`static/js/api.d.ts`) are what
//! `npuzzle_web::documents::typescript` writes from the Rust types both engines serialise, so
//! `tsc --checkJs` checks the page against the documents it really receives. Run
//! `NPUZZLE_WRITE_TYPES=1 cargo test -p npuzzle-web --test types` to write the file again after
//! changing a document.

use std::path::Path;

#[test]
fn the_pages_declarations_are_up_to_date() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("static/js/api.d.ts");
    let want = npuzzle_web::documents::typescript();
    if std::env::var_os("NPUZZLE_WRITE_TYPES").is_some() {
        std::fs::write(&path, &want).expect("static/js/api.d.ts can be written");
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "static/js/api.d.ts is out of date: run NPUZZLE_WRITE_TYPES=1 cargo test -p npuzzle-web --test types (the new text starts:\n{})",
        &want[..want.len().min(2000)]
    );
}

#[test]
fn every_document_is_declared_and_exported() {
    let ts = npuzzle_web::documents::typescript();
    for name in [
        "Options",
        "Check",
        "Solved",
        "Trace",
        "TraceEvent",
        "Event",
        "Tree",
        "CompareRow",
        "SolveLine",
        "CompareLine",
        "Pictures",
        "Graded",
        "Audit",
        "ErrorBody",
        "DepthTable",
        "DepthRow",
        "CostModel",
        "Notation",
    ] {
        assert!(ts.contains(&format!("export type {name} =")), "{name} is not declared");
    }
    // Large integers are numbers in JSON, not bigints.
    assert!(!ts.contains("bigint"));
}

/// The searches the page's unit tests replay (`tests/js/fixtures/`), as the engine answers
/// them, with the times zeroed (they differ from run to run).
const FIXTURES: &[(&str, &str)] = &[
    (
        "astar-nilsson",
        r#"{"start": "2 8 3/1 6 4/7 0 5", "goal": "snail", "algorithm": "astar", "heuristic": "misplaced", "order": "LURD", "tree": true, "trace": true}"#,
    ),
    (
        "idastar-nilsson",
        r#"{"start": "2 8 3/1 6 4/7 0 5", "goal": "snail", "algorithm": "idastar", "heuristic": "misplaced", "order": "LURD", "tree": true, "trace": true}"#,
    ),
    (
        "bidirectional-nilsson",
        r#"{"start": "2 8 3/1 6 4/7 0 5", "goal": "snail", "algorithm": "bidirectional", "order": "LURD", "tree": true, "trace": true}"#,
    ),
    ("bfs-capped", r#"{"start": "8 1 3 4 0 2 7 6 5", "algorithm": "bfs", "tree": true, "trace": true, "tree_cap": 60}"#),
    ("annealing", r#"{"start": "1 2 3 4 5 6 0 7 8", "algorithm": "annealing", "heuristic": "manhattan", "seed": 1, "trace": true}"#),
];

#[test]
fn fixtures_are_up_to_date() {
    use npuzzle_web::service::Service;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/js/fixtures");
    let service = Service::new(npuzzle_web::Config::default().limits(), npuzzle::TableStore::in_memory());
    let mut docs = vec![("options".to_string(), serde_json::to_string(&service.options()).unwrap())];
    for (name, body) in FIXTURES {
        let mut job = service.solve_job(body.as_bytes(), None).unwrap_or_else(|e| panic!("{name}: {}", e.message()));
        let mut solved = service.solve(&mut job, None).unwrap_or_else(|e| panic!("{name}: {}", e.message()));
        solved.report.stats.time = std::time::Duration::ZERO;
        solved.report.tables_time = None;
        docs.push((name.to_string(), serde_json::to_string(&solved).unwrap()));
    }
    // A heuristic's audit, as the Heuristic check tab draws it: an overestimate on a small
    // board (20,160 boards), with its counterexample, inconsistent move and consequence.
    let job =
        service.audit_job(br#"{"heuristic": "2*misplaced", "size": "2x4"}"#, None).unwrap_or_else(|e| panic!("audit: {}", e.message()));
    let audit = service.audit(&job).unwrap_or_else(|e| panic!("audit: {}", e.message()));
    docs.push(("audit-2misplaced-2x4".to_string(), serde_json::to_string(&audit).unwrap()));
    // Manhattan distance with misplaced tiles drawn beside it, IDA*'s expansions predicted.
    let job = service
        .audit_job(br#"{"heuristic": "manhattan", "size": "2x4", "beside": "misplaced", "predict": true}"#, None)
        .unwrap_or_else(|e| panic!("audit: {}", e.message()));
    let audit = service.audit(&job).unwrap_or_else(|e| panic!("audit: {}", e.message()));
    docs.push(("audit-manhattan-beside-2x4".to_string(), serde_json::to_string(&audit).unwrap()));
    let write = std::env::var_os("NPUZZLE_WRITE_TYPES").is_some();
    for (name, mut text) in docs {
        text.push('\n');
        let path = dir.join(format!("{name}.json"));
        if write {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &text).unwrap();
        } else {
            let have = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(
                have == text,
                "tests/js/fixtures/{name}.json is out of date: run NPUZZLE_WRITE_TYPES=1 cargo test -p npuzzle-web --test types"
            );
        }
    }
}
