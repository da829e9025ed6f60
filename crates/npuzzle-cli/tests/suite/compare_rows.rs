//! One comparison, three front ends: `npuzzle compare`, the server's `POST /api/compare` (its
//! service called directly) and the library's rows give the same pairs, in the same order,
//! with the same counts and answers, for the same request. (Python's rows are checked against
//! the CLI's in the package's own tests.)

use crate::common::run;
use npuzzle::compare::DEFAULT_PAIRS;
use npuzzle::TableStore;
use npuzzle_web::service::Service;
use npuzzle_web::Config;
use serde_json::{json, Value};

const BOARDS: [&str; 2] = ["8 1 3 4 0 2 7 6 5", "4 1 3 7 2 6 0 5 8"];

/// The fields a row of each front end shares: the pair, its answer and its counts.
fn essentials(algorithm: &Value, heuristic: &Value, status: &Value, cost: &Value, optimal: &Value, stats: [&Value; 4]) -> Value {
    json!({
        "algorithm": algorithm, "heuristic": heuristic, "status": status, "cost": cost, "optimal": optimal,
        "expanded": stats[0], "generated": stats[1], "max_depth": stats[2], "max_frontier": stats[3],
    })
}

#[test]
fn the_cli_and_the_server_give_the_same_rows_for_the_default_pairs() {
    let r = run(&["compare", BOARDS[0], BOARDS[1], "--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let cli: Vec<Value> = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(cli.len(), BOARDS.len() * DEFAULT_PAIRS.len());
    let names: Vec<String> = DEFAULT_PAIRS.iter().map(|p| p.name()).collect();
    assert_eq!(cli.iter().take(DEFAULT_PAIRS.len()).map(|c| c["pair"].as_str().unwrap().to_string()).collect::<Vec<_>>(), names);
    let cli: Vec<Value> = cli
        .iter()
        .map(|c| {
            essentials(
                &c["algorithm"],
                &c["heuristic"],
                &c["status"],
                &c["cost"],
                &c["optimal"],
                [&c["expanded"], &c["generated"], &c["max_depth"], &c["max_frontier"]],
            )
        })
        .collect();

    let service = Service::new(Config::default().limits(), TableStore::in_memory());
    let options = serde_json::to_value(service.options()).unwrap();
    let page_pairs: Vec<Value> = options["compare_pairs"].as_array().unwrap().clone();
    assert_eq!(page_pairs, serde_json::to_value(DEFAULT_PAIRS).unwrap().as_array().unwrap().clone(), "the page starts with the same pairs");
    let mut server = Vec::new();
    for board in BOARDS {
        let body = json!({"start": board, "runs": page_pairs});
        let mut job = service.compare_job(body.to_string().as_bytes(), None).unwrap();
        let compared = serde_json::to_value(service.compare_all(&mut job).unwrap()).unwrap();
        for row in compared["results"].as_array().unwrap() {
            let s = &row["stats"];
            server.push(essentials(
                &row["algorithm"],
                &row["heuristic"],
                &row["status"],
                &row["cost"],
                &row["optimal"],
                [&s["expanded"], &s["generated"], &s["max_depth"], &s["max_frontier"]],
            ));
        }
    }
    assert_eq!(server, cli);
}

#[test]
fn a_runs_parameters_are_any_of_the_algorithms_parameters() {
    // Weighted A* by the weight, and a local search's seed and beam: each run names its own.
    let service = Service::new(Config::default().limits(), TableStore::in_memory());
    let body = json!({"start": BOARDS[1], "runs": [
        {"algorithm": "astar", "heuristic": "manhattan", "weight": 3},
        {"algorithm": "local-beam", "heuristic": "manhattan", "beam_width": 8, "seed": 5},
    ]});
    let mut job = service.compare_job(body.to_string().as_bytes(), None).unwrap();
    assert_eq!(job.reqs[0].params.weight(), 3.0);
    assert_eq!((job.reqs[1].params.beam_width(), job.reqs[1].params.seed()), (8, 5));
    let compared = serde_json::to_value(service.compare_all(&mut job).unwrap()).unwrap();
    assert_eq!(compared["results"][0]["weight"], 3.0);
    let bad = json!({"start": BOARDS[1], "runs": [{"algorithm": "astar", "goal": "snail"}]});
    assert!(service.compare_job(bad.to_string().as_bytes(), None).is_err());
}

/// The textbook's experiment, two front ends: `npuzzle bench depth --pairs TEXT` and the page's
/// depth experiment (the server's `POST /api/depth` with the pairs as typed, its service called
/// directly) read the same text by the library's one rule (`astar` alone is A* with Manhattan
/// distance, `h1` misplaced tiles, a formula keeps its commas) and give the same rows.
#[test]
fn the_cli_and_the_page_give_the_same_depth_rows_for_the_same_pairs() {
    let pairs = "bfs,astar,astar/h1,astar/max(h1, h2)";
    let r = run(&["bench", "depth", "--pairs", pairs, "--depths", "4,8", "--count", "5", "--seed", "3", "--format", "json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let cli: Vec<Value> = serde_json::from_str(&r.stdout).unwrap();
    let service = Service::new(Config::default().limits(), TableStore::in_memory());
    let body = json!({"size": "3x3", "depths": [4, 8], "count": 5, "seed": 3, "pairs": pairs});
    let page = serde_json::to_value(service.depth(body.to_string().as_bytes(), None).unwrap()).unwrap();
    let page = page["rows"].as_array().unwrap();
    let key =
        |v: &Value| json!([v["depth"], v["algorithm"], v["heuristic"], v["label"], v["boards"], v["generated"], v["expanded"], v["cost"]]);
    assert_eq!(cli.iter().map(key).collect::<Vec<_>>(), page.iter().map(key).collect::<Vec<_>>());
    let heuristics: Vec<&str> = page.iter().filter(|r| r["depth"] == 4).map(|r| r["heuristic"].as_str().unwrap()).collect();
    assert_eq!(heuristics, ["zero", "manhattan", "misplaced", "max(h1, h2)"]);
}
