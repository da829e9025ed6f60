//! The in-browser engine answers as the server does: the same documents and the same messages
//! for bad input, because both call `npuzzle_web::service`. Only the limits differ, and the one
//! refusal the page adds (pattern-database sets too large to build in a page) names the command
//! that solves the board.

use npuzzle::TableStore;
use npuzzle_wasm::Engine;
use npuzzle_web::service::Service;
use serde_json::{json, Value};

fn server() -> Service {
    Service::new(npuzzle_web::Config::default().limits(), TableStore::in_memory())
}

/// A document as JSON, to compare with the engine's.
fn json<T: serde::Serialize>(doc: T) -> Value {
    serde_json::to_value(doc).expect("every document serialises")
}

fn wrapped(answer: &str) -> Value {
    serde_json::from_str(answer).expect("the engine answers JSON")
}

const BAD_BODIES: &[&str] = &[
    "not json",
    "[1, 2]",
    r#"{"start": "1 2 3 4 5 6 8 8 0"}"#,
    r#"{"start": "8 1 3 4 0 2 7 6 5", "algorithm": "quantum"}"#,
    r#"{"start": "8 1 3 4 0 2 7 6 5", "colour": "red"}"#,
    r#"{"start": "8 1 3 4 0 2 7 6 5", "goal": "1 2 3 8 0 4 7 6 5"}"#,
    r#"{"start": "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 0", "algorithm": "bfs"}"#,
    r#"{"start": "8 1 3 4 0 2 7 6 5", "algorithm": "reduce", "tree": true}"#,
];

#[test]
fn bad_input_gets_the_servers_messages() {
    let engine = Engine::new();
    let server = server();
    for body in BAD_BODIES {
        let ours = server.solve_job(body.as_bytes(), None).expect_err(body);
        // The engine's solve needs a JavaScript callback; its check and compare read bodies with
        // the same code, and solve_job is what its solve calls first.
        let page = Service::new(npuzzle_wasm::limits(), TableStore::in_memory()).solve_job(body.as_bytes(), None).expect_err(body);
        assert_eq!((page.status(), page.message()), (ours.status(), ours.message()), "{body}");
        let check = wrapped(&engine.check(body));
        match server.check(body.as_bytes()) {
            Ok(v) => assert_eq!(check, json!({"ok": true, "status": 200, "data": json(v)}), "{body}"),
            Err(e) => assert_eq!(check, json!({"ok": false, "status": e.status(), "data": {"error": e.message()}}), "{body}"),
        }
    }
}

#[test]
fn a_formulas_preview_is_the_servers() {
    let engine = Engine::new();
    let server = server();
    for body in [
        r#"{"start": "2 8 3/1 6 4/7 0 5", "goal": "snail", "heuristic": "max(manhattan, 2*misplaced)"}"#,
        r#"{"start": "2 8 3/1 6 4/7 0 5", "goal": "snail", "heuristic": "max(manhattan,\n  misplcaed)"}"#,
        r#"{"start": "2 8 3/1 6 4/7 0 5", "goal": "snail", "heuristic": "misplaced - 4"}"#,
        r#"{"start": "2 8 3/1 6 4/7 0 5", "heuristic": "manhattan", "metric": "mtm"}"#,
        r#"{"start": "2 8 3/1 6 4/7 0 5", "heuristic": "linear-conflict", "cost": "tile"}"#,
    ] {
        let page = wrapped(&engine.check(body));
        assert_eq!(page, json!({"ok": true, "status": 200, "data": json(server.check(body.as_bytes()).unwrap())}), "{body}");
        assert!(page["data"]["preview"]["ok"].is_boolean(), "{body}: {page}");
    }
    let bad = wrapped(&engine.check(r#"{"start": "2 8 3/1 6 4/7 0 5", "heuristic": "max(manhatan, h1)"}"#));
    assert_eq!(bad["data"]["preview"]["error"]["column"], 5, "{bad}");
}

#[test]
fn goals_boards_and_options_are_the_servers() {
    let engine = Engine::new();
    let server = server();
    let goal = wrapped(&engine.goal(r#"{"size": "4x3", "goal": "snail"}"#));
    let q = [("size".to_string(), "4x3".to_string()), ("goal".to_string(), "snail".to_string())].into_iter().collect();
    assert_eq!(goal["data"], json(npuzzle_web::service::goal(&q).unwrap()));
    let generated = wrapped(&engine.generate(r#"{"size": "3x3", "depth": "12", "seed": "7"}"#));
    let q = [("size", "3x3"), ("depth", "12"), ("seed", "7")].into_iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let q = npuzzle_web::service::GenerateQuery::parse(&q).unwrap();
    assert_eq!(generated["data"], json(server.generate(&q).unwrap()));
    assert_eq!(generated["data"]["depth"], 12);
    let bad = wrapped(&engine.generate(r#"{"size": "3x3", "depth": "deep"}"#));
    assert_eq!(bad["status"], 400);
    assert_eq!(bad["data"]["error"], "bad depth \"deep\": give a whole number of moves");
    // The same algorithms, with their pseudocode; the page's engine says it is the browser's.
    let options = wrapped(&engine.options())["data"].clone();
    assert_eq!(options["algorithms"], json(server.options())["algorithms"]);
    assert_eq!(options["engine"], "browser");
    assert_eq!(json(server.options())["engine"], "server");
}

#[test]
fn the_page_takes_6_6_3_on_4x4_and_names_the_command_for_5x5_sets() {
    let page = Service::new(npuzzle_wasm::limits(), TableStore::in_memory());
    let korf1 = r#"{"start": "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "goal": "blank-first", "algorithm": "idastar", "heuristic": "pdb"}"#;
    assert!(page.solve_job(korf1.as_bytes(), None).is_ok());
    let five =
        r#"{"start": "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24", "algorithm": "idastar", "heuristic": "pdb"}"#;
    let e = page.solve_job(five.as_bytes(), None).unwrap_err();
    assert_eq!(e.status(), 422);
    assert!(e.message().contains("too large to build in this page"), "{}", e.message());
    assert!(e.message().contains("npuzzle solve \"1 2 3 4 5/"), "{}", e.message());
    // The server builds any set.
    assert!(server().solve_job(five.as_bytes(), None).is_ok());
    // Compare runs are held to the same rule.
    let cmp = r#"{"start": "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24", "runs": [{"algorithm": "idastar", "heuristic": "pdb"}]}"#;
    assert_eq!(page.compare_job(cmp.as_bytes(), None).unwrap_err().status(), 422);
}

#[test]
fn a_search_in_the_page_runs_under_the_pages_limits() {
    let page = Service::new(npuzzle_wasm::limits(), TableStore::in_memory());
    // A breadth-first search that would outgrow a tiny memory limit ends with its statistics.
    let body =
        r#"{"start": "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "goal": "blank-first", "algorithm": "bfs", "limits": {"memory": 1000000}}"#;
    let mut job = page.solve_job(body.as_bytes(), None).unwrap();
    let v = json(page.solve(&mut job, None).unwrap());
    assert_eq!(v["status"], "limit");
    assert_eq!(v["limit"], "memory");
    assert!(v["stats"]["generated"].as_u64().unwrap() > 0);
}

#[test]
fn a_students_work_is_graded_as_the_server_grades_it() {
    let engine = Engine::new();
    let server = server();
    for body in [
        r#"{"start": "2 8 3/1 6 4/7 0 5", "goal": "1 2 3/8 0 4/7 6 5", "order": "LURD", "expansions": "S0 S1 S11 S12 S111 S1111 S11112"}"#,
        r#"{"start": "2 8 3/1 6 4/7 0 5", "goal": "1 2 3/8 0 4/7 6 5", "solution": "UULRLDR", "optimal": true, "algorithm": "astar", "heuristic": "manhattan"}"#,
        r#"{"start": "2 8 3/1 6 4/7 0 5", "goal": "1 2 3/8 0 4/7 6 5", "expansions": "no labels"}"#,
    ] {
        let page = wrapped(&engine.grade(body));
        let ours = server.grade_job(body.as_bytes(), None).and_then(|mut job| server.grade(&mut job));
        match ours {
            Ok(v) => assert_eq!(page, json!({"ok": true, "status": 200, "data": json(v)}), "{body}"),
            Err(e) => assert_eq!(page, json!({"ok": false, "status": e.status(), "data": {"error": e.message()}}), "{body}"),
        }
    }
    let graded = wrapped(&engine.grade(
        r#"{"start": "2 8 3/1 6 4/7 0 5", "goal": "1 2 3/8 0 4/7 6 5", "order": "LURD", "expansions": "S0 S1 S11 S12 S111 S1111 S11112"}"#,
    ));
    assert_eq!(graded["data"]["diagnoses"][0], "matches A* with the children generated in the order UDLR, not LURD");
}

#[test]
fn a_heuristics_audit_is_the_servers() {
    let engine = Engine::new();
    let server = server();
    for body in [
        r#"{"heuristic": "2*misplaced", "size": "2x3"}"#,
        r#"{"heuristic": "manhattan", "size": "3x2", "goal": "snail", "cost": "tile"}"#,
        r#"{"heuristic": "manhattan", "size": "4x4"}"#,
        r#"{"heuristic": "max(h1,"}"#,
        r#"{"heuristic": "h1", "metric": "mtm"}"#,
    ] {
        let page = wrapped(&engine.audit(body));
        match server.audit_job(body.as_bytes(), None).and_then(|job| server.audit(&job)) {
            // Read back from text, as the engine's answer is: serde_json's reader may round a
            // float's last bit differently from the value written.
            Ok(v) => assert_eq!(page, json!({"ok": true, "status": 200, "data": wrapped(&serde_json::to_string(&v).unwrap())}), "{body}"),
            Err(e) => assert_eq!(page, json!({"ok": false, "status": e.status(), "data": {"error": e.message()}}), "{body}"),
        }
    }
}
