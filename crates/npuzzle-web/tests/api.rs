//! The JSON API, driven through the router: every endpoint, every error class, and the limits.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use npuzzle_web::{router, Config};
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tower::ServiceExt;

/// A 3×3 board whose optimal solution is 14 moves (checked by every optimal algorithm).
const BOARD14: &str = "8 1 3 4 0 2 7 6 5";
/// A 4×4 board far from the goal (Korf's first instance), which blind searches do not finish
/// in any short time.
const HARD4: &str = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3";

fn app() -> Router {
    router(Config::default())
}

async fn send(app: &Router, req: Request<Body>) -> (StatusCode, Value) {
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let v = serde_json::from_slice(&bytes).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, v)
}

fn post(path: &str, body: impl Into<Body>) -> Request<Body> {
    Request::post(path).header("content-type", "application/json").body(body.into()).unwrap()
}

fn get(path: &str) -> Request<Body> {
    Request::get(path).body(Body::empty()).unwrap()
}

async fn post_json(app: &Router, path: &str, v: Value) -> (StatusCode, Value) {
    send(app, post(path, v.to_string())).await
}

fn error_of(v: &Value) -> &str {
    v["error"].as_str().unwrap_or_else(|| panic!("no error message in {v}"))
}

#[tokio::test]
async fn health_reports_ok_and_no_running_searches() {
    let (status, v) = send(&app(), get("/api/health")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["status"], "ok");
    assert_eq!(v["running"], 0);
}

#[tokio::test]
async fn page_and_assets_are_served() {
    let app = app();
    for (path, kind, needle) in [
        ("/", "text/html", "<svg"),
        ("/app.js", "text/javascript", "/api/solve"),
        ("/tree.js", "text/javascript", "frontier"),
        ("/style.css", "text/css", "{"),
    ] {
        let res = app.clone().oneshot(get(path)).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        assert!(res.headers()["content-type"].to_str().unwrap().starts_with(kind), "{path}");
        let text = String::from_utf8(res.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
        assert!(text.contains(needle), "{path} lacks {needle}");
    }
    let (status, v) = send(&app, get("/nope")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(error_of(&v).contains("no such"));
    let (status, v) = send(&app, get("/api/solve")).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(error_of(&v).contains("take POST"));
}

#[tokio::test]
async fn options_list_what_the_library_offers() {
    let (status, v) = send(&app(), get("/api/options")).await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = v["algorithms"].as_array().unwrap().iter().map(|a| a["name"].as_str().unwrap()).collect();
    assert_eq!(names.len(), npuzzle::Algorithm::ALL.len());
    assert!(names.contains(&"astar") && names.contains(&"idastar"));
    assert!(v["heuristics"].as_array().unwrap().contains(&json!("linear-conflict")));
    assert_eq!(v["limits"]["time_ms"], 10_000);
    assert_eq!(v["limits"]["body_bytes"], 65_536);
    assert_eq!(v["limits"]["max_side"], 12);
}

#[tokio::test]
async fn solve_returns_the_cli_json_shape() {
    let (status, v) = post_json(&app(), "/api/solve", json!({"start": BOARD14, "algorithm": "idastar"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "solved");
    assert_eq!(v["cost"], 14);
    assert_eq!(v["algorithm"], "idastar");
    assert_eq!(v["heuristic"], "manhattan");
    assert_eq!(v["moves"].as_str().unwrap().len(), 14);
    assert_eq!(v["path"].as_array().unwrap().len(), 15);
    assert_eq!(v["path"][14], json!([[1, 2, 3], [4, 5, 6], [7, 8, 0]]));
    for key in ["expanded", "generated", "max_frontier", "max_depth", "time_ms"] {
        assert!(v["stats"][key].is_number(), "stats.{key}");
    }
    assert!(v.get("tree").is_none() && v.get("trace").is_none());
}

#[tokio::test]
async fn solve_takes_nested_arrays_goal_presets_order_and_weight() {
    let app = app();
    let body = json!({
        "start": [[0, 1, 2], [3, 4, 5], [6, 7, 8]],
        "goal": "blank-first",
        "algorithm": "astar",
        "heuristic": "linear-conflict",
        "order": "LURD",
        "weight": 1.0,
    });
    let (status, v) = post_json(&app, "/api/solve", body).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["cost"], 0);
    assert_eq!(v["order"], "LURD");
    let (status, v) = post_json(
        &app,
        "/api/solve",
        json!({"start": "1 2 3/4 5 6/0 7 8", "goal": "1 2 3 4 5 6 7 8 0", "algorithm": "astar", "weight": 2.5}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["cost"], 2);
    assert_eq!(v["weight"], 2.5);
    assert_eq!(v["optimal"], false);
    // A rectangular board given flat needs its size.
    let (status, v) = post_json(&app, "/api/solve", json!({"start": "1 2 3 4 0 5", "size": "3x2"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["cost"], 1);
}

#[tokio::test]
async fn solve_with_tree_and_trace_records_nodes_and_events() {
    let (status, v) = post_json(&app(), "/api/solve", json!({"start": BOARD14, "algorithm": "astar", "tree": true, "trace": true})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let tree = &v["tree"];
    let nodes = tree["nodes"].as_array().unwrap();
    assert_eq!(tree["total_nodes"], v["stats"]["generated"]);
    assert_eq!(tree["capped"], false);
    assert_eq!(nodes[0]["label"], "S0");
    assert!(nodes[0]["parent"].is_null());
    for (i, n) in nodes.iter().enumerate() {
        assert_eq!(n["id"].as_u64().unwrap() as usize, i);
        for key in ["parent", "move", "g", "h", "f", "fate", "board", "expanded", "label", "state", "on_path"] {
            assert!(n.get(key).is_some(), "node {i} lacks {key}");
        }
        assert_eq!(n["board"].as_array().unwrap().len(), 9);
    }
    let steps = v["trace"]["events"].as_array().unwrap();
    // The trace's generated events carry the same nodes the tree shows.
    let generated: Vec<&Value> = steps.iter().filter(|s| s["event"] == "generated").collect();
    assert_eq!(generated.len(), nodes.len());
    for (g, n) in generated.iter().zip(nodes) {
        for key in ["id", "parent", "move", "g", "h", "f", "fate", "board", "label"] {
            assert_eq!(g[key], n[key], "{key}");
        }
    }
    let goal = steps.iter().find(|s| s["event"] == "goal").expect("a goal event");
    assert_eq!(nodes[goal["id"].as_u64().unwrap() as usize]["g"], 14);
    let selected = steps.iter().filter(|s| s["event"] == "selected").count() as u64;
    // A* selects the goal and stops before expanding it.
    assert_eq!(selected, v["stats"]["expanded"].as_u64().unwrap() + 1);
    assert!(steps.iter().any(|s| s["event"] == "frontier" && s["size"].as_u64().unwrap() > 1));
}

#[tokio::test]
async fn the_tree_is_capped_with_the_total_still_counted() {
    let (status, v) = post_json(&app(), "/api/solve", json!({"start": BOARD14, "algorithm": "bfs", "tree": true, "tree_cap": 50})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "solved");
    assert_eq!(v["tree"]["nodes"].as_array().unwrap().len(), 50);
    assert_eq!(v["tree"]["capped"], true);
    assert!(v["tree"]["total_nodes"].as_u64().unwrap() > 1000);
    // A client cannot raise the cap above the server's.
    let (_, v) = post_json(&app(), "/api/solve", json!({"start": BOARD14, "algorithm": "bfs", "tree": true, "tree_cap": 1_000_000})).await;
    assert_eq!(v["tree"]["limit"], 2000);
    assert_eq!(v["tree"]["nodes"].as_array().unwrap().len(), 2000);
}

#[tokio::test]
async fn trace_alone_keeps_the_head_of_long_frontiers() {
    let (status, v) = post_json(&app(), "/api/solve", json!({"start": BOARD14, "algorithm": "bfs", "trace": true})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert!(v.get("tree").is_none());
    let steps = v["trace"]["events"].as_array().unwrap();
    let long = steps.iter().find(|s| s["event"] == "frontier" && s["size"].as_u64().unwrap() > 100).expect("a frontier over 100 nodes");
    assert_eq!(long["entries"].as_array().unwrap().len(), 100);
    let short = steps.iter().find(|s| s["event"] == "frontier" && s["size"] == 4).unwrap();
    assert_eq!(short["entries"].as_array().unwrap().len(), 4);
}

#[tokio::test]
async fn stream_sends_ndjson_ending_in_the_result() {
    let res = app().oneshot(post("/api/solve", json!({"start": BOARD14, "stream": true}).to_string())).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "application/x-ndjson");
    let text = String::from_utf8(res.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
    let lines: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let last = lines.last().unwrap();
    assert_eq!(last["type"], "result");
    assert_eq!(last["cost"], 14);
    assert!(lines[..lines.len() - 1].iter().all(|l| l["type"] == "progress"));
}

#[tokio::test]
async fn stream_reports_progress_while_a_long_search_runs() {
    let config = Config { time_cap: Duration::from_millis(1500), node_cap: u64::MAX, ..Config::default() };
    let body = json!({"start": HARD4, "goal": "blank-first", "algorithm": "idastar", "heuristic": "zero", "stream": true});
    let res = router(config).oneshot(post("/api/solve", body.to_string())).await.unwrap();
    let text = String::from_utf8(res.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
    let lines: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let progress: Vec<&Value> = lines.iter().filter(|l| l["type"] == "progress").collect();
    assert!(progress.len() >= 2, "{} progress lines", progress.len());
    let last = progress.last().unwrap();
    assert!(last["generated"].as_u64().unwrap() > 0 && last["expanded"].as_u64().unwrap() > 0);
    assert!(last["depth"].as_u64().unwrap() > 0);
    let result = lines.last().unwrap();
    assert_eq!(result["type"], "result");
    assert_eq!(result["status"], "limit");
    assert_eq!(result["limit"], "time");
}

#[tokio::test]
async fn compare_runs_every_pair_on_one_board() {
    let body = json!({
        "start": BOARD14,
        "runs": [
            {"algorithm": "bfs"},
            {"algorithm": "astar", "heuristic": "misplaced"},
            {"algorithm": "astar", "heuristic": "manhattan"},
            {"algorithm": "idastar", "heuristic": "linear-conflict"},
            {"algorithm": "greedy", "heuristic": "manhattan"},
        ],
    });
    let (status, v) = post_json(&app(), "/api/compare", body).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 5);
    for r in &results[..4] {
        assert_eq!(r["status"], "solved");
        assert_eq!(r["cost"], 14, "{}", r["algorithm"]);
    }
    assert_eq!(results[0]["heuristic"], "zero");
    assert_eq!(results[1]["heuristic"], "misplaced");
    let expanded = |i: usize| results[i]["stats"]["expanded"].as_u64().unwrap();
    // Better-informed heuristics expand fewer nodes: the lesson the compare view shows.
    assert!(expanded(0) > expanded(1) && expanded(1) > expanded(2), "{} {} {}", expanded(0), expanded(1), expanded(2));
}

#[tokio::test]
async fn compare_rejects_empty_and_oversized_run_lists() {
    let app = app();
    let (status, v) = post_json(&app, "/api/compare", json!({"start": BOARD14, "runs": []})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_of(&v).contains("runs is empty"));
    let runs: Vec<Value> = (0..9).map(|_| json!({"algorithm": "astar"})).collect();
    let (status, v) = post_json(&app, "/api/compare", json!({"start": BOARD14, "runs": runs})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(&v).contains("at most 8"));
    let (status, v) = post_json(&app, "/api/compare", json!({"start": BOARD14, "runs": [{"algorithm": "quantum"}]})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_of(&v).contains("unknown algorithm"));
}

#[tokio::test]
async fn check_flags_unsolvable_pairs_with_the_reason() {
    let app = app();
    let (status, v) = post_json(&app, "/api/check", json!({"start": "1 2 3 4 5 6 8 7 0"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["solvable"], false);
    assert!(v["reason"].as_str().unwrap().contains("parity"));
    let (status, v) = post_json(&app, "/api/check", json!({"start": "4\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15", "goal": "snail"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["width"], 4);
    assert_eq!(v["goal"][1], json!([12, 13, 14, 5]));
    let (_, v) = post_json(&app, "/api/check", json!({"start": BOARD14})).await;
    assert_eq!(v["solvable"], true);
    assert!(v["reason"].is_null());
    assert_eq!(v["h"]["manhattan"], 10);
    assert_eq!(v["h"]["zero"], 0);
}

#[tokio::test]
async fn generate_gives_solvable_boards_at_the_depth_asked() {
    let app = app();
    let (status, v) = send(&app, get("/api/generate?size=3x3&depth=12&seed=7")).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["exact"], true);
    assert_eq!(v["seed"], 7);
    let (_, solved) = post_json(&app, "/api/solve", json!({"start": v["board"], "algorithm": "astar"})).await;
    assert_eq!(solved["cost"], 12);
    let (_, again) = send(&app, get("/api/generate?size=3x3&depth=12&seed=7")).await;
    assert_eq!(again["board"], v["board"]);

    let (status, v) = send(&app, get("/api/generate?size=5x4&depth=40&seed=3&goal=blank-first")).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["exact"], false);
    assert_eq!((v["width"].as_u64(), v["height"].as_u64()), (Some(5), Some(4)));
    let (status, c) = post_json(&app, "/api/check", json!({"start": v["board"], "goal": "blank-first"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(c["solvable"], true);

    let (status, v) = send(&app, get("/api/generate")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["depth"], 20);
}

#[tokio::test]
async fn generate_rejects_bad_parameters() {
    let app = app();
    for (query, status, needle) in [
        ("size=banana", StatusCode::BAD_REQUEST, "bad size"),
        ("size=13x13", StatusCode::UNPROCESSABLE_ENTITY, "too large"),
        ("depth=-3", StatusCode::BAD_REQUEST, "bad depth"),
        ("depth=99999", StatusCode::UNPROCESSABLE_ENTITY, "too deep"),
        ("size=3x3&depth=40", StatusCode::UNPROCESSABLE_ENTITY, "farthest are 31"),
        ("seed=x", StatusCode::BAD_REQUEST, "bad seed"),
        ("colour=red", StatusCode::BAD_REQUEST, "unknown parameter"),
    ] {
        let (s, v) = send(&app, get(&format!("/api/generate?{query}"))).await;
        assert_eq!(s, status, "{query}: {v}");
        assert!(error_of(&v).contains(needle), "{query}: {v}");
    }
}

#[tokio::test]
async fn malformed_json_is_a_400_saying_so() {
    let app = app();
    let (status, v) = send(&app, post("/api/solve", "{\"start\": ")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_of(&v).starts_with("malformed JSON"), "{v}");
    let (status, v) = send(&app, post("/api/compare", "not json")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_of(&v).starts_with("malformed JSON"), "{v}");
    // Well-formed JSON of the wrong shape names the field.
    let (status, v) = post_json(&app, "/api/solve", json!({"start": BOARD14, "limits": {"nodes": "many"}})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_of(&v).contains("invalid type"), "{v}");
    let (status, v) = post_json(&app, "/api/solve", json!({"board": BOARD14})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_of(&v).contains("unknown field `board`"), "{v}");
}

#[tokio::test]
async fn bad_boards_and_options_are_400s_that_name_the_problem() {
    let app = app();
    for (body, needle) in [
        (json!({"start": "1 2 3 4 5 6 8 8 0"}), "duplicate tile 8, missing tile 7"),
        (json!({"start": "1 2 3 4 5 6 7 a 0"}), "token \"a\""),
        (json!({"start": "1 2 3 4 5"}), "square"),
        (json!({"start": 42}), "a string, an array of rows"),
        (json!({"start": BOARD14, "goal": "upside-down"}), "unknown goal"),
        (json!({"start": BOARD14, "goal": "1 2 3 0"}), "bad goal"),
        (json!({"start": BOARD14, "algorithm": "quantum"}), "unknown algorithm"),
        (json!({"start": BOARD14, "heuristic": "vibes"}), "unknown heuristic"),
        (json!({"start": BOARD14, "heuristic": "pdb"}), "does not offer the pdb heuristic"),
        (json!({"start": BOARD14, "order": "UUDD"}), "bad move order"),
        (json!({"start": BOARD14, "weight": 0.5}), "weight"),
    ] {
        let (status, v) = post_json(&app, "/api/solve", body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {v}");
        assert!(error_of(&v).contains(needle), "{body}: {v}");
    }
}

#[tokio::test]
async fn unsolvable_pairs_are_422_before_any_search() {
    let app = app();
    let (status, v) = post_json(&app, "/api/solve", json!({"start": "1 2 3 4 5 6 8 7 0"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(&v).starts_with("unsolvable"), "{v}");
    let (status, v) = post_json(&app, "/api/compare", json!({"start": "1 2 3 4 5 6 8 7 0", "runs": [{"algorithm": "bfs"}]})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(&v).contains("parity"), "{v}");
}

#[tokio::test]
async fn boards_too_large_for_the_ui_are_422() {
    let tiles: Vec<String> = (1..169).map(|t| t.to_string()).chain(["0".into()]).collect();
    let (status, v) = post_json(&app(), "/api/solve", json!({"start": tiles.join(" ")})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(&v).contains("13×13 board is too large"), "{v}");
    let (status, v) = post_json(&app(), "/api/check", json!({"start": "1 2 3 4 5 6 7 0", "size": "8x1"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(&v).contains("too"), "{v}");
}

/// Replays a report's moves from its start and checks the path's boards along the way.
fn replays_to_the_goal(v: &Value) -> bool {
    let board = |b: &Value| -> Vec<u64> {
        b.as_array().unwrap().iter().flat_map(|r| r.as_array().unwrap().iter().map(|t| t.as_u64().unwrap())).collect()
    };
    let w = v["start"][0].as_array().unwrap().len();
    let mut tiles = board(&v["start"]);
    let path = v["path"].as_array().unwrap();
    for (i, m) in v["moves"].as_str().unwrap().chars().enumerate() {
        let b = tiles.iter().position(|&t| t == 0).unwrap();
        let to = match m {
            'U' if b >= w => b - w,
            'D' if b + w < tiles.len() => b + w,
            'L' if b % w > 0 => b - 1,
            'R' if b % w + 1 < w => b + 1,
            _ => return false,
        };
        tiles.swap(b, to);
        if board(&path[i + 1]) != tiles {
            return false;
        }
    }
    tiles == board(&v["goal"])
}

#[tokio::test]
async fn boards_over_25_cells_are_solved_by_reduce_up_to_12_by_12() {
    let app = app();
    for (size, goal) in [("12x12", "blank-last"), ("7x10", "snail"), ("6x6", "blank-first")] {
        let (status, g) = send(&app, get(&format!("/api/generate?size={size}&depth=400&seed=5&goal={goal}"))).await;
        assert_eq!(status, StatusCode::OK, "{g}");
        // No algorithm named: the default for the size.
        let (status, v) = post_json(&app, "/api/solve", json!({"start": g["board"], "goal": goal})).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["status"], "solved");
        assert_eq!(v["algorithm"], "reduce");
        assert_eq!(v["optimal"], false);
        assert!(replays_to_the_goal(&v), "{size}: {v}");
    }
    // The classic searches and the tree stay at the sizes where they make sense, and say so.
    let (_, g) = send(&app, get("/api/generate?size=6x6&depth=30&seed=2")).await;
    let (status, v) = post_json(&app, "/api/solve", json!({"start": g["board"], "algorithm": "astar"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(&v).contains("with reduce only"), "{v}");
    let (status, v) = post_json(&app, "/api/solve", json!({"start": g["board"], "tree": true})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(&v).contains("no search tree"), "{v}");
    // reduce on a small board is the exact table's answer: optimal in length.
    let (status, v) = post_json(&app, "/api/solve", json!({"start": BOARD14, "algorithm": "reduce"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["cost"], 14);
    let (_, opts) = send(&app, get("/api/options")).await;
    assert_eq!(opts["limits"]["max_side"], 12);
    assert_eq!(opts["limits"]["classic_max_cells"], 25);
}

#[tokio::test]
async fn bodies_over_64_kib_are_413() {
    let big = json!({"start": BOARD14, "padding": "x".repeat(70 * 1024)}).to_string();
    let (status, v) = send(&app(), post("/api/solve", big)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(error_of(&v).contains("64 KiB"), "{v}");
    // Just under the limit is read (and then rejected for its unknown field, not its size).
    let ok = json!({"start": BOARD14, "padding": "x".repeat(60 * 1024)}).to_string();
    let (status, _) = send(&app(), post("/api/solve", ok)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn node_limit_ends_the_search_with_status_limit() {
    let (status, v) =
        post_json(&app(), "/api/solve", json!({"start": HARD4, "goal": "blank-first", "algorithm": "bfs", "limits": {"nodes": 5000}}))
            .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "limit");
    assert_eq!(v["limit"], "nodes");
    assert!(v["stats"]["generated"].as_u64().unwrap() >= 5000);
    // The server's cap applies when the request asks for more.
    let config = Config { node_cap: 3000, ..Config::default() };
    let (_, v) = post_json(
        &router(config),
        "/api/solve",
        json!({"start": HARD4, "goal": "blank-first", "algorithm": "bfs", "limits": {"nodes": 10_000_000}}),
    )
    .await;
    assert_eq!(v["limit"], "nodes");
    assert!(v["stats"]["generated"].as_u64().unwrap() < 10_000);
}

#[tokio::test]
async fn time_limit_ends_the_search_with_status_limit() {
    let body = json!({"start": HARD4, "goal": "blank-first", "algorithm": "idastar", "heuristic": "zero", "limits": {"time_ms": 200}});
    let (status, v) = post_json(&app(), "/api/solve", body).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "limit");
    assert_eq!(v["limit"], "time");
    // The server's time cap applies when the request asks for none.
    let config = Config { time_cap: Duration::from_millis(200), ..Config::default() };
    let body = json!({"start": HARD4, "goal": "blank-first", "algorithm": "idastar", "heuristic": "zero"});
    let (_, v) = post_json(&router(config), "/api/solve", body).await;
    assert_eq!(v["limit"], "time");
}

async fn running(app: &Router) -> u64 {
    send(app, get("/api/health")).await.1["running"].as_u64().unwrap()
}

/// Polls until `running` reaches `want`, for at most five seconds.
async fn wait_running(app: &Router, want: u64) -> bool {
    let deadline = Instant::now() + Duration::from_secs(5);
    while Instant::now() < deadline {
        if running(app).await == want {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn excess_requests_get_503_and_a_dropped_request_cancels_its_search() {
    // A 60 s cap: if dropping the request did not cancel the search, `running` would stay at 1.
    let config = Config { max_concurrent: 1, time_cap: Duration::from_secs(60), ..Config::default() };
    let app = router(config);
    let long = json!({"start": HARD4, "goal": "blank-first", "algorithm": "idastar", "heuristic": "zero"});
    let first = tokio::spawn({
        let app = app.clone();
        async move { send(&app, post("/api/solve", long.to_string())).await }
    });
    assert!(wait_running(&app, 1).await, "the first search never started");
    let (status, v) = post_json(&app, "/api/solve", json!({"start": BOARD14})).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(error_of(&v).contains("busy"), "{v}");
    let (status, _) = post_json(&app, "/api/compare", json!({"start": BOARD14, "runs": [{"algorithm": "astar"}]})).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    // Health and the page still answer while the server is busy.
    assert_eq!(send(&app, get("/api/health")).await.0, StatusCode::OK);
    first.abort();
    assert!(wait_running(&app, 0).await, "the search went on after its request was dropped");
    let (status, v) = post_json(&app, "/api/solve", json!({"start": BOARD14})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["cost"], 14);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_disconnects_cancels_its_search() {
    use tokio::io::AsyncWriteExt;
    let config = Config { max_concurrent: 1, time_cap: Duration::from_secs(60), ..Config::default() };
    let app = router(config);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = tokio::spawn({
        let app = app.clone();
        async move { axum::serve(listener, app).await }
    });
    for stream in [false, true] {
        let body =
            json!({"start": HARD4, "goal": "blank-first", "algorithm": "idastar", "heuristic": "zero", "stream": stream}).to_string();
        let mut sock = tokio::net::TcpStream::connect(addr).await.unwrap();
        let head =
            format!("POST /api/solve HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n", body.len());
        sock.write_all(head.as_bytes()).await.unwrap();
        sock.write_all(body.as_bytes()).await.unwrap();
        assert!(wait_running(&app, 1).await, "the search never started (stream: {stream})");
        drop(sock);
        assert!(wait_running(&app, 0).await, "the search went on after the client left (stream: {stream})");
    }
    server.abort();
}
