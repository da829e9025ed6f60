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

/// The server with no table cache on disk: tests never write outside their scratch directory.
fn app() -> Router {
    router(Config { cache_dir: None, ..Config::default() })
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
        ("/js/main.js", "text/javascript", "Controller"),
        ("/js/engine/engine.js", "text/javascript", "/api/solve"),
        ("/js/views/frontier.js", "text/javascript", "frontier"),
        ("/style.css", "text/css", "{"),
        ("/favicon.svg", "image/svg+xml", "<svg"),
        ("/favicon.ico", "image/svg+xml", "<svg"),
    ] {
        let res = app.clone().oneshot(get(path)).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        assert!(res.headers()["content-type"].to_str().unwrap().starts_with(kind), "{path}");
        let text = String::from_utf8(res.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
        assert!(text.contains(needle), "{path} lacks {needle}");
    }
    // Every file of the page is served, each as its kind.
    for (path, kind, _) in npuzzle_web::assets::FILES {
        let res = app.clone().oneshot(get(&format!("/{path}"))).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        assert_eq!(res.headers()["content-type"].to_str().unwrap(), *kind, "{path}");
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
    // The table heuristics are offered, with the fast optimal choice for each size.
    for h in ["exact", "pdb"] {
        assert!(v["heuristics"].as_array().unwrap().contains(&json!(h)), "{h}");
    }
    assert_eq!(v["optimal_choice"]["large"], json!({"algorithm": "idastar", "heuristic": "pdb"}));
    // Every algorithm brings its pseudocode, each line tagged with the steps it carries out.
    for a in v["algorithms"].as_array().unwrap() {
        if a["one_path"] == true {
            // reduce, reduce-plus, pdb-beam: no frontier node by node, nothing is selected.
            continue;
        }
        let lines = a["pseudocode"].as_array().unwrap_or_else(|| panic!("{} has no pseudocode", a["name"]));
        assert!(lines.iter().any(|l| l["steps"].as_array().unwrap().contains(&json!("select"))), "{}", a["name"]);
        assert!(lines.iter().all(|l| l["text"].is_string() && l["indent"].is_u64()));
    }
    // The legend carries a shape for every state, so none depends on colour.
    let shapes: Vec<&str> = v["legend"].as_array().unwrap().iter().map(|l| l["shape"].as_str().unwrap()).collect();
    assert_eq!(shapes, ["diamond", "circle", "square", "star", "cross"]);
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
    // Weighted A* guarantees nothing, but an answer as long as its lower bound is optimal.
    assert_eq!(v["lower_bound"], 2);
    assert_eq!(v["optimal"], true);
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
    // Entries are ids with g, h and f; labels are in the generated events, once each.
    assert!(long["entries"][0].get("label").is_none() && long["entries"][0]["id"].is_u64());
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
    let config = Config { time_cap: Duration::from_millis(1500), node_cap: u64::MAX, cache_dir: None, ..Config::default() };
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
    // Every heuristic computed from the board that estimates something, from the registry: the
    // classics from the literature too; zero is no estimate to show.
    assert_eq!(v["h"]["gaschnig"], 6);
    assert_eq!(v["h"]["lc-corner"], 12);
    assert!(v["h"]["zero"].is_null(), "{v}");
}

#[tokio::test]
async fn generate_gives_solvable_boards_at_the_depth_asked() {
    let app = app();
    let (status, v) = send(&app, get("/api/generate?size=3x3&depth=12&seed=7")).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["exact"], true);
    // Seeds are strings: 64-bit seeds lose digits as JavaScript numbers.
    assert_eq!(v["seed"], "7");
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
        (json!({"start": "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0", "heuristic": "exact"}), "at most 10 cells"),
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
    // The check endpoint gives the same reason as a verdict.
    let (status, v) = post_json(&app(), "/api/check", json!({"start": "1 2 3 4 5 6 7 0", "size": "8x1"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["valid"], false);
    assert!(v["error"].as_str().unwrap().contains("too"), "{v}");
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
async fn boards_over_25_cells_are_solved_by_pdb_beam_or_reduce_plus_up_to_12_by_12() {
    let app = app();
    for (size, goal, solver) in
        [("12x12", "blank-last", "reduce-plus"), ("7x10", "snail", "reduce-plus"), ("6x5", "blank-first", "pdb-beam")]
    {
        let (status, g) = send(&app, get(&format!("/api/generate?size={size}&depth=400&seed=5&goal={goal}"))).await;
        assert_eq!(status, StatusCode::OK, "{g}");
        // No algorithm named: the default for the size.
        let (status, v) = post_json(&app, "/api/solve", json!({"start": g["board"], "goal": goal})).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["status"], "solved");
        assert_eq!(v["algorithm"], solver);
        assert_eq!(v["optimal"], false);
        assert!(replays_to_the_goal(&v), "{size}: {v}");
        assert!(v["lower_bound"].as_u64().unwrap() <= v["cost"].as_u64().unwrap(), "{size}: {v}");
    }
    // The classic searches and the tree stay at the sizes where they make sense, and say so.
    let (_, g) = send(&app, get("/api/generate?size=6x6&depth=30&seed=2")).await;
    let (status, v) = post_json(&app, "/api/solve", json!({"start": g["board"], "algorithm": "astar"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(&v).contains("with pdb-beam, reduce-plus or reduce only"), "{v}");
    // Plain reduction is still there for the large boards.
    let (_, g) = send(&app, get("/api/generate?size=8x8&depth=200&seed=3")).await;
    let (status, v) = post_json(&app, "/api/solve", json!({"start": g["board"], "algorithm": "reduce"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert!(replays_to_the_goal(&v), "{v}");
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
    let config = Config { node_cap: 3000, cache_dir: None, ..Config::default() };
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
    let config = Config { time_cap: Duration::from_millis(200), cache_dir: None, ..Config::default() };
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
async fn a_long_search_cannot_starve_short_ones_and_excess_long_ones_get_503_with_retry_after() {
    // One slot in each lane, and a 60 s cap: if dropping the request did not cancel the
    // search, `running` would stay up.
    let config = Config { max_concurrent: 1, time_cap: Duration::from_secs(60), cache_dir: None, ..Config::default() };
    let app = router(config);
    let long = json!({"start": HARD4, "goal": "blank-first", "algorithm": "idastar", "heuristic": "zero"});
    let first = tokio::spawn({
        let (app, long) = (app.clone(), long.clone());
        async move { send(&app, post("/api/solve", long.to_string())).await }
    });
    assert!(wait_running(&app, 1).await, "the first search never started");
    // Short searches still run while the long one holds its slot.
    for _ in 0..3 {
        let (status, v) = post_json(&app, "/api/solve", json!({"start": BOARD14})).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["cost"], 14);
        let (status, v) = post_json(&app, "/api/compare", json!({"start": BOARD14, "runs": [{"algorithm": "astar"}]})).await;
        assert_eq!(status, StatusCode::OK, "{v}");
    }
    // A second long search finds the long lane full: after its wait it is stopped with a 503
    // that says when to come back.
    let res = app.clone().oneshot(post("/api/solve", long.to_string())).await.unwrap();
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(res.headers()["retry-after"], "1");
    let v: Value = serde_json::from_slice(&res.into_body().collect().await.unwrap().to_bytes()).unwrap();
    assert!(error_of(&v).contains("busy") && error_of(&v).contains("stopped"), "{v}");
    assert_eq!(running(&app).await, 1, "the stopped search still counts");
    // Health and the page still answer while the server is busy.
    assert_eq!(send(&app, get("/api/health")).await.0, StatusCode::OK);
    first.abort();
    assert!(wait_running(&app, 0).await, "the search went on after its request was dropped");
    let (status, v) = post_json(&app, "/api/solve", json!({"start": BOARD14})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["cost"], 14);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn searches_wait_in_a_short_queue_before_any_503() {
    // One quick slot, taken by a search that is still in its first quarter second: a second
    // request waits for the slot instead of being refused.
    let config = Config { max_concurrent: 1, time_cap: Duration::from_secs(60), cache_dir: None, ..Config::default() };
    let app = router(config);
    let long = json!({"start": HARD4, "goal": "blank-first", "algorithm": "idastar", "heuristic": "zero"});
    let first = tokio::spawn({
        let app = app.clone();
        async move { send(&app, post("/api/solve", long.to_string())).await }
    });
    assert!(wait_running(&app, 1).await);
    let (status, v) = post_json(&app, "/api/solve", json!({"start": BOARD14})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    first.abort();
    assert!(wait_running(&app, 0).await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_disconnects_cancels_its_search() {
    use tokio::io::AsyncWriteExt;
    let config = Config { max_concurrent: 1, time_cap: Duration::from_secs(60), cache_dir: None, ..Config::default() };
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

#[tokio::test]
async fn check_answers_bad_boards_with_a_verdict_not_an_error() {
    let app = app();
    for (body, field, needle) in [
        (json!({"start": "1 2 3"}), "start", "square"),
        (json!({"start": "1 2 3 4 5 6 8 8 0"}), "start", "duplicate tile 8"),
        (json!({"start": BOARD14, "goal": "1 2 3 0"}), "goal", "goal"),
        (json!({"start": BOARD14, "goal": "upside-down"}), "goal", "unknown goal"),
    ] {
        let (status, v) = post_json(&app, "/api/check", body.clone()).await;
        assert_eq!(status, StatusCode::OK, "{body}: {v}");
        assert_eq!(v["valid"], false, "{body}: {v}");
        assert_eq!(v["field"], field, "{body}: {v}");
        assert!(v["error"].as_str().unwrap().contains(needle), "{body}: {v}");
    }
    let (_, v) = post_json(&app, "/api/check", json!({"start": BOARD14})).await;
    assert_eq!(v["valid"], true);
    // A body that is not JSON is still a client error.
    let (status, _) = send(&app, post("/api/check", "{not json")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn check_previews_a_heuristic_formula_on_the_start_and_its_children() {
    let app = app();
    // Nilsson's board to the snail goal: Manhattan 5 at the start, misplaced 4.
    let nilsson = json!({"start": "2 8 3/1 6 4/7 0 5", "goal": "snail"});
    let with = |h: &str| {
        let mut b = nilsson.clone();
        b["heuristic"] = json!(h);
        b
    };
    let (status, plain) = post_json(&app, "/api/check", nilsson.clone()).await;
    assert_eq!(status, StatusCode::OK, "{plain}");
    assert!(plain.get("preview").is_none(), "no heuristic, no preview: {plain}");
    let (status, v) = post_json(&app, "/api/check", with("max(manhattan, 2*misplaced)")).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["valid"], true);
    let p = &v["preview"];
    assert_eq!(p["ok"], true, "{p}");
    assert_eq!(p["h"], 8, "2 × 4 misplaced beats Manhattan's 5: {p}");
    let children = p["children"].as_array().unwrap();
    let moves: Vec<(&str, u64)> = children.iter().map(|c| (c["move"].as_str().unwrap(), c["run"].as_u64().unwrap())).collect();
    assert_eq!(moves, [("U", 1), ("L", 1), ("R", 1)]);
    // Each child's value is the formula computed from the built-ins the check reports there.
    for c in children {
        let board: Vec<String> = c["board"].as_array().unwrap().iter().map(|r| r.to_string()).collect();
        let (_, at) = post_json(&app, "/api/check", json!({"start": board.join("/").replace(['[', ']', ','], " "), "goal": "snail"})).await;
        let (m, h1) = (at["h"]["manhattan"].as_f64().unwrap(), at["h"]["misplaced"].as_f64().unwrap());
        assert_eq!(c["h"].as_f64().unwrap(), m.max(2.0 * h1), "{c}");
    }
    // A built-in's name previews as the built-in.
    let (_, v) = post_json(&app, "/api/check", with("h2")).await;
    assert_eq!(v["preview"]["h"], plain["h"]["manhattan"]);

    // A misspelled name: the verdict on the boards stands, the preview has the error in place.
    let (status, v) = post_json(&app, "/api/check", with("max(manhattan,\n    misplcaed)")).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["valid"], true, "{v}");
    let e = &v["preview"]["error"];
    assert_eq!(v["preview"]["ok"], false, "{v}");
    assert_eq!(
        (e["line"].as_u64(), e["column"].as_u64(), e["at"].as_u64(), e["len"].as_u64()),
        (Some(2), Some(5), Some(19), Some(9)),
        "{e}"
    );
    assert!(e["message"].as_str().unwrap().contains("did you mean \"misplaced\""), "{e}");
    // A value that is no estimate names the board.
    let (_, v) = post_json(&app, "/api/check", with("misplaced - 4")).await;
    assert!(v["preview"]["error"]["message"].as_str().unwrap().contains("cannot be negative"), "{v}");
    // The cost model is the request's: tile costs weigh Manhattan's terms.
    let mut tile = with("manhattan");
    tile["cost"] = json!("tile");
    let (_, v) = post_json(&app, "/api/check", tile).await;
    assert!(v["preview"]["h"].as_f64().unwrap() > 5.0, "{v}");

    // Malformed bodies are client errors, in JSON.
    for body in ["{\"start\": \"2 8 3/1 6 4/7 0 5\", \"heuristic\": ", "[1, 2]"] {
        let (status, v) = send(&app, post("/api/check", body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {v}");
        assert!(v["error"].is_string(), "{body}: {v}");
    }
    // A field no request takes is still refused, and named.
    let (status, v) = post_json(&app, "/api/check", json!({"start": BOARD14, "formula": "manhattan"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(v["error"].as_str().unwrap().contains("unknown field `formula`"), "{v}");
}

#[tokio::test]
async fn a_64_bit_seed_comes_back_digit_for_digit() {
    let app = app();
    let (status, v) = send(&app, get("/api/generate?size=3x3&depth=30&seed=1795342531739751181")).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["seed"], "1795342531739751181");
    let (_, again) = send(&app, get(&format!("/api/generate?size=3x3&depth=30&seed={}", v["seed"].as_str().unwrap()))).await;
    assert_eq!(again["board"], v["board"]);
}

#[tokio::test]
async fn small_boards_carry_each_nodes_true_distance() {
    let (status, v) =
        post_json(&app(), "/api/solve", json!({"start": BOARD14, "algorithm": "astar", "heuristic": "manhattan", "tree": true})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let nodes = v["tree"]["nodes"].as_array().unwrap();
    assert_eq!(nodes[0]["h_star"], 14);
    for n in nodes {
        let (h, hs) = (n["h"].as_f64().unwrap(), n["h_star"].as_f64().unwrap());
        assert!(h <= hs, "Manhattan distance is admissible: {n}");
    }
    // Larger boards have no exact table: no h_star.
    let body = json!({"start": "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", "algorithm": "astar", "tree": true});
    let (_, v) = post_json(&app(), "/api/solve", body).await;
    assert!(v["tree"]["nodes"][0].get("h_star").is_none());
}

async fn ndjson(res: axum::response::Response) -> Vec<Value> {
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    std::str::from_utf8(&bytes).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[tokio::test]
async fn compare_streams_a_row_as_each_run_finishes_with_median_timings() {
    let body = json!({
        "start": BOARD14,
        "stream": true,
        "runs": [
            {"algorithm": "astar", "heuristic": "manhattan"},
            {"algorithm": "astar", "heuristic": "manhattan", "weight": 3},
            {"algorithm": "dfs", "max_depth": 20},
            {"algorithm": "greedy", "heuristic": "manhattan"},
        ],
    });
    let res = app().oneshot(post("/api/compare", body.to_string())).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "application/x-ndjson");
    let lines = ndjson(res).await;
    assert_eq!(lines[0]["type"], "start");
    assert_eq!(lines[0]["runs"], 4);
    assert_eq!(lines.last().unwrap()["type"], "done");
    let rows: Vec<&Value> = lines.iter().filter(|l| l["type"] == "row").collect();
    assert_eq!(rows.iter().map(|r| r["index"].as_u64().unwrap()).collect::<Vec<_>>(), [0, 1, 2, 3]);
    let r = |i: usize| &rows[i]["result"];
    assert_eq!(r(0)["cost"], 14);
    assert_eq!(r(0)["optimal"], true);
    // A quick run is timed several times and the median reported.
    let t = &r(0)["timing"];
    assert!(t["samples"].as_u64().unwrap() > 1, "{t}");
    assert!(
        t["min_ms"].as_f64().unwrap() <= t["median_ms"].as_f64().unwrap()
            && t["median_ms"].as_f64().unwrap() <= t["max_ms"].as_f64().unwrap()
    );
    assert_eq!(r(0)["stats"]["time_ms"], t["median_ms"]);
    // Weighted A* is not claimed optimal; the depth bound reaches DFS.
    assert_eq!(r(1)["weight"], 3.0);
    assert_eq!(r(1)["optimal"], false);
    assert!(r(2)["stats"]["max_depth"].as_u64().unwrap() <= 21, "{}", r(2)["stats"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_compare_is_one_search_and_stops_when_its_client_goes() {
    let config = Config { max_concurrent: 1, time_cap: Duration::from_secs(60), cache_dir: None, ..Config::default() };
    let app = router(config);
    let body = json!({"start": HARD4, "goal": "blank-first", "stream": true,
        "runs": [{"algorithm": "idastar", "heuristic": "zero"}, {"algorithm": "iddfs"}]});
    let res = app.clone().oneshot(post("/api/compare", body.to_string())).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(wait_running(&app, 1).await);
    // The whole compare is one search, in the long lane once it runs long: a short solve runs.
    let (status, _) = post_json(&app, "/api/solve", json!({"start": BOARD14})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(running(&app).await, 1);
    drop(res);
    assert!(wait_running(&app, 0).await, "the compare went on after its client left");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_compare_s_runs_share_one_time_cap() {
    let config = Config { time_cap: Duration::from_millis(900), cache_dir: None, ..Config::default() };
    let app = router(config);
    let body = json!({"start": HARD4, "goal": "blank-first",
        "runs": [{"algorithm": "idastar", "heuristic": "zero"}, {"algorithm": "iddfs"}, {"algorithm": "bfs"}]});
    let (status, v) = post_json(&app, "/api/compare", body).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 3);
    let mut total = 0.0;
    for r in results {
        assert_eq!(r["status"], "limit", "{r}");
        total += r["stats"]["time_ms"].as_f64().unwrap();
    }
    // Three runs that would each take the whole cap share it (each may overshoot by the
    // interval between its time checks).
    assert!(total <= 900.0 + 3.0 * 100.0, "the runs took {total} ms together");
}

#[tokio::test]
async fn pattern_databases_are_built_before_the_time_limit_starts_and_cached() {
    let scratch = npuzzle_testkit::Scratch::new("web-pdb");
    let config = Config { cache_dir: Some(scratch.path().to_path_buf()), time_cap: Duration::from_secs(5), ..Config::default() };
    let app = router(config);
    let body = json!({"start": HARD4, "goal": "blank-first", "algorithm": "idastar", "heuristic": "pdb", "stream": true});
    let res = app.clone().oneshot(post("/api/solve", body.to_string())).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let lines = ndjson(res).await;
    let result = lines.last().unwrap();
    assert_eq!(result["type"], "result", "{result}");
    assert_eq!(result["status"], "solved");
    assert_eq!(result["optimal"], true);
    assert_eq!(result["cost"], 57, "Korf's first instance takes 57 moves");
    // Progress lines carry the build while it runs.
    if let Some(t) = lines.iter().find_map(|l| l.get("tables")) {
        assert!(t["tables"].as_u64().unwrap() >= 2 && t["entries"].as_u64().unwrap() > 0, "{t}");
    }
    assert!(std::fs::read_dir(scratch.path()).unwrap().count() >= 2, "tables saved to the cache");
    let (status, v) =
        post_json(&app, "/api/solve", json!({"start": HARD4, "goal": "blank-first", "algorithm": "idastar", "heuristic": "pdb"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["cost"], 57);
}

#[tokio::test]
async fn a_time_limit_hint_names_a_solver_that_would_finish() {
    let body = json!({"start": HARD4, "goal": "blank-first", "algorithm": "astar", "heuristic": "manhattan", "limits": {"time_ms": 100}});
    let (_, v) = post_json(&app(), "/api/solve", body).await;
    assert_eq!(v["status"], "limit");
    let hint = v["hint"].as_str().unwrap_or_else(|| panic!("no hint in {v}"));
    assert!(hint.contains("idastar") && hint.contains("pdb"), "{hint}");
    let (_, v) = post_json(&app(), "/api/solve", json!({"start": BOARD14, "algorithm": "bfs", "limits": {"nodes": 10}})).await;
    assert!(v["hint"].as_str().unwrap().contains("exact"), "{v}");
    let (_, v) = post_json(&app(), "/api/solve", json!({"start": BOARD14})).await;
    assert!(v.get("hint").is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_build_stops_when_its_client_goes() {
    let scratch = npuzzle_testkit::Scratch::new("web-pdb-cancel");
    let config = Config { cache_dir: Some(scratch.path().to_path_buf()), ..Config::default() };
    let app = router(config);
    // A 5×5 board: its default set is five tables, many seconds of building in all.
    let start: Vec<String> = (1..24).map(|t| t.to_string()).chain(["0".into(), "24".into()]).collect();
    let body = json!({"start": start.join(" "), "algorithm": "idastar", "heuristic": "pdb", "stream": true});
    let res = app.clone().oneshot(post("/api/solve", body.to_string())).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(wait_running(&app, 1).await);
    tokio::time::sleep(Duration::from_millis(300)).await;
    drop(res);
    assert!(wait_running(&app, 0).await, "the build went on after its client left");
    let saved = std::fs::read_dir(scratch.path()).map_or(0, |d| d.count());
    assert!(saved < 5, "{saved} tables saved: the build was not stopped");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn generate_rotating_goals_and_sizes_gives_each_board_at_its_depth() {
    // Six goals and sizes asked for at once, over and over, as a class scrambling boards does:
    // every answer is exactly at its depth for its own goal (checked by an optimal search).
    let app = app();
    let cases = [
        ("3x3", "blank-last"),
        ("3x3", "snail"),
        ("3x3", "blank-first"),
        ("2x4", "blank-last"),
        ("4x2", "snail"),
        ("3x2", "2%201%203%204%205%200"),
    ];
    let mut jobs = Vec::new();
    for round in 0..5u64 {
        for (i, (size, goal)) in cases.iter().enumerate() {
            let app = app.clone();
            let depth = 3 + (round as usize * 3 + i) % 9;
            let path = format!("/api/generate?size={size}&goal={goal}&depth={depth}&seed={}", round * 10 + i as u64);
            jobs.push(tokio::spawn(async move { (depth, send(&app, get(&path)).await) }));
        }
    }
    for job in jobs {
        let (depth, (status, v)) = job.await.unwrap();
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["exact"], true);
        let body = json!({"start": v["board"], "goal": v["goal"], "algorithm": "astar"});
        let (status, solved) = post_json(&app, "/api/solve", body).await;
        assert_eq!(status, StatusCode::OK, "{solved}");
        assert_eq!(solved["cost"], depth, "{v}");
    }
    // Past the farthest board of a goal, the answer says how far that is.
    let (status, v) = send(&app, get("/api/generate?size=4x2&goal=snail&depth=40")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(error_of(&v).contains("the farthest are"), "{v}");
}

#[tokio::test]
async fn grade_checks_a_students_work_with_the_librarys_diagnosis() {
    let app = app();
    let nilsson = json!({"start": "2 8 3/1 6 4/7 0 5", "goal": "1 2 3/8 0 4/7 6 5", "order": "LURD"});
    let with = |extra: Value| {
        let mut body = nilsson.clone();
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        body
    };
    // Without an algorithm: the exercise's pair, A* with misplaced tiles; the key's order is right.
    let (status, v) = post_json(&app, "/api/grade", with(json!({"expansions": "S0, S2, S21, S22, S221, S2211, S22111"}))).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["right"], true);
    assert!(v.get("diagnoses").is_none());
    // The children generated U, D, L, R: the first difference and the move order named.
    let (status, v) = post_json(&app, "/api/grade", with(json!({"expansions": "S0 S1 S11 S12 S111 S1111 S11112"}))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["right"], false);
    assert_eq!(v["difference"], json!({"at": 2, "expected": "S2", "got": "S1"}));
    assert_eq!(v["diagnoses"][0], "matches A* with the children generated in the order UDLR, not LURD");
    // A solution graded against the optimum.
    let (status, v) = post_json(
        &app,
        "/api/grade",
        with(json!({"solution": "UULRLDR", "optimal": true, "algorithm": "astar", "heuristic": "manhattan"})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["findings"][2]["passed"], false);
    // Bad work and bad requests are 4xx that say why.
    for (body, code) in [
        (with(json!({})), 400),
        (with(json!({"expansions": "S0", "solution": "U"})), 400),
        (with(json!({"expansions": "nothing here"})), 422),
        (with(json!({"expansions": "S0", "steps": 0})), 400),
        (with(json!({"expansions": "S0", "algorithm": "hill-climbing"})), 422),
    ] {
        let (status, v) = post_json(&app, "/api/grade", body.clone()).await;
        assert_eq!(status.as_u16(), code, "{body}: {v}");
        assert!(!error_of(&v).is_empty());
    }
}

#[tokio::test]
async fn analyse_gives_the_librarys_analysis_of_a_fans_solution() {
    let app = app();
    // docs/fans.md's example: two detours of two moves; 12 slides at best.
    let body = json!({"start": "8 1 3/4 0 2/7 6 5", "solution": "R D L U D L U2 R L R D L D R U R D"});
    let (status, v) = post_json(&app, "/api/analyse", body).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let a = &v["analysis"];
    assert_eq!((a["stm"].as_u64(), a["mtm"].as_u64()), (Some(18), Some(17)));
    assert_eq!((a["optimum"]["stm"].as_u64(), a["optimum"]["mtm"].as_u64()), (Some(14), Some(12)));
    assert_eq!(a["wasted_stm"], 4);
    assert_eq!(a["wasted_slides"], json!([3, 4, 9]));
    assert!(v["text"].as_str().unwrap().contains("detour  moves 4-5: UD (+2)"), "{v}");
    // The tiles' reading of the same solution.
    let (status, v) =
        post_json(&app, "/api/analyse", json!({"start": "8 1 3/4 0 2/7 6 5", "solution": "LURDURD2LRLURULDLU", "reading": "tiles"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["analysis"]["notation"], "LURDURD2LRLURULDLU");
    assert_eq!(v["analysis"]["wasted_stm"], 4);
    // Bad notation, a move off the board, an algorithm named, a wrong parity, too many moves.
    let long = "UD".repeat(300);
    for (body, code, says) in [
        (json!({"start": "8 1 3/4 0 2/7 6 5", "solution": "R2X"}), 400, "\"X\" is not a move"),
        (json!({"start": "8 1 3/4 0 2/7 6 5", "solution": "U3"}), 400, "leaves the board"),
        (json!({"start": "8 1 3/4 0 2/7 6 5", "solution": "U", "algorithm": "bfs"}), 400, "default optimal solver"),
        (json!({"start": "8 1 3/4 0 2/7 5 6", "solution": "U"}), 422, "parity"),
        (json!({"start": "8 1 3/4 0 2/7 6 5", "solution": long}), 422, "at most 500"),
        (json!({"start": "8 1 3/4 0 2/7 6 5"}), 400, "solution"),
        (json!({"start": "8 1 3/4 0 2/7 6 5", "solution": "U", "reading": "sideways"}), 400, "expected `blank` or `tiles`"),
    ] {
        let (status, v) = post_json(&app, "/api/analyse", body.clone()).await;
        assert_eq!(status.as_u16(), code, "{body}: {v}");
        assert!(error_of(&v).contains(says), "{body}: {v}");
    }
}

#[tokio::test]
async fn audit_proves_manhattan_admissible_and_consistent_on_every_3x3_board() {
    let app = app();
    let (status, v) = post_json(&app, "/api/audit", json!({"heuristic": "manhattan", "size": "3x3"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!((v["admissible"].as_bool(), v["consistent"].as_bool()), (Some(true), Some(true)), "{v}");
    assert_eq!(v["exhaustive"], true);
    assert_eq!(v["coverage"], "exhaustive");
    // Every board of the 8-puzzle's half reachable from the goal, and every move of each.
    assert_eq!(v["boards"], 181_440);
    assert_eq!(v["moves"], 483_840);
    assert_eq!(v["goal_h"], 0.0);
    assert!(v["counterexample"].is_null() && v["inconsistent_move"].is_null() && v["consequence"].is_null(), "{v}");
    // h against h*: every board in one cell, none to the right of the diagonal.
    let table = v["table"].as_array().unwrap();
    let total: u64 = table.iter().flat_map(|row| row.as_array().unwrap()).map(|c| c.as_u64().unwrap()).sum();
    assert_eq!(total, 181_440);
    for (star, row) in table.iter().enumerate() {
        for (h, count) in row.as_array().unwrap().iter().enumerate() {
            assert!(h <= star || count == 0, "h = {h} > h* = {star} on {count} boards");
        }
    }
    // Manhattan distance is at least misplaced tiles everywhere.
    assert!(v["dominates"]["misplaced"].as_f64().unwrap() > 0.0, "{v}");
    let ratio = v["mean_ratio"].as_f64().unwrap();
    assert!(ratio > 0.5 && ratio < 1.0, "{ratio}");
}

#[tokio::test]
async fn audit_finds_where_twice_misplaced_tiles_overestimates_and_what_it_costs_astar() {
    let app = app();
    let (status, v) = post_json(&app, "/api/audit", json!({"heuristic": "2*misplaced"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["heuristic"], "2*misplaced");
    assert_eq!(v["size"], "3x3");
    assert_eq!(v["admissible"], false);
    assert_eq!(v["consistent"], false);
    let c = &v["counterexample"];
    assert!(c["h"].as_f64().unwrap() > c["h_star"].as_f64().unwrap(), "{c}");
    assert_eq!(c["h_star_bound"], false);
    assert!(v["overestimated"].as_u64().unwrap() > 0);
    let m = &v["inconsistent_move"];
    assert!(m["h_from"].as_f64().unwrap() > m["h_to"].as_f64().unwrap() + m["cost"].as_f64().unwrap(), "{m}");
    // A* with it returns a longer answer than the optimum on some board: both answers given.
    let q = &v["consequence"];
    let (found, optimal) = (q["found"].as_u64().unwrap(), q["optimal"].as_u64().unwrap());
    assert!(found > optimal, "{q}");
    assert_eq!(q["found_moves"].as_str().unwrap().len() as u64, found, "{q}");
    assert_eq!(q["optimal_moves"].as_str().unwrap().len() as u64, optimal, "{q}");
    // The command line's budget: the same boards tried, the same board found.
    assert_eq!(v["consequence_search"]["max_boards"], npuzzle::audit::DEFAULT_CONSEQUENCE_BOARDS);
}

#[tokio::test]
async fn audit_refuses_a_board_too_large_to_audit_exhaustively_and_the_server_goes_on() {
    let app = app();
    for body in [
        json!({"heuristic": "manhattan", "size": "4x4"}),
        json!({"heuristic": "manhattan", "goal": "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0"}),
    ] {
        let started = Instant::now();
        let (status, v) = post_json(&app, "/api/audit", body.clone()).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {v}");
        let e = error_of(&v);
        assert!(e.contains("up to 10 cells") && e.contains("npuzzle audit -H 'manhattan' --size 4x4"), "{e}");
        assert!(started.elapsed() < Duration::from_secs(1), "a refusal takes no search");
    }
    let (status, v) = send(&app, get("/api/health")).await;
    assert_eq!((status, v["running"].as_u64()), (StatusCode::OK, Some(0)));
    let (status, v) = post_json(&app, "/api/audit", json!({"heuristic": "misplaced", "size": "2x4"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!((v["boards"].as_u64(), v["admissible"].as_bool()), (Some(20_160), Some(true)));
}

#[tokio::test]
async fn audit_names_what_is_wrong_with_a_request() {
    let app = app();
    for (body, code, says) in [
        (json!({"heuristic": "2*misplaced +"}), 400, "heuristic: "),
        (json!({"heuristic": "max(manhattan, misplcaed)"}), 400, "misplcaed"),
        (json!({"heuristic": ""}), 400, "give the heuristic"),
        (json!({"size": "3x3"}), 400, "give the heuristic"),
        (json!({"heuristic": 7}), 400, "as text"),
        (json!({"heuristic": "manhattan", "algorithm": "astar"}), 400, "unknown field `algorithm`"),
        (json!({"heuristic": "manhattan", "size": "three"}), 400, "size"),
        (json!({"heuristic": "manhattan", "cost": "gold"}), 400, "bad request"),
        (json!({"heuristic": "manhattan", "size": "13x13"}), 422, "too large"),
        (json!({"heuristic": "manhattan", "size": "1x3"}), 422, "too small"),
    ] {
        let (status, v) = post_json(&app, "/api/audit", body.clone()).await;
        assert_eq!(status.as_u16(), code, "{body}: {v}");
        assert!(error_of(&v).contains(says), "{body}: {v}");
    }
    let (status, _) = send(&app, Request::get("/api/audit").body(Body::empty()).unwrap()).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn audit_takes_a_goal_and_tile_costs() {
    let app = app();
    let (status, v) =
        post_json(&app, "/api/audit", json!({"heuristic": "manhattan", "goal": "snail", "size": "3x3", "cost": "tile"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["goal"], json!([[1, 2, 3], [8, 0, 4], [7, 6, 5]]));
    assert_eq!(v["cost"], "tile");
    assert_eq!(v["boards"], 181_440);
    assert!(v["admissible"].is_boolean(), "{v}");
    // A goal given as a board sets the size.
    let (status, v) = post_json(&app, "/api/audit", json!({"heuristic": "h1", "goal": "1 2 3 4/5 6 0 7"})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!((v["size"].as_str(), v["boards"].as_u64()), (Some("4x2"), Some(20_160)));
}

#[tokio::test]
async fn an_audit_past_the_time_cap_is_stopped_and_says_so() {
    let config = Config { time_cap: Duration::from_millis(1), cache_dir: None, ..Config::default() };
    let app = router(config);
    let (status, v) = post_json(&app, "/api/audit", json!({"heuristic": "max(manhattan, linear-conflict)", "size": "2x5"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(error_of(&v).contains("time cap"), "{v}");
    let (status, v) = send(&app, get("/api/health")).await;
    assert_eq!((status, v["running"].as_u64()), (StatusCode::OK, Some(0)));
}

/// A cell of the audit's table: `(h*, ⌊h⌋, boards)`.
type Cell = (usize, usize, u64);

/// The cells of each panel of the audit's picture: `(heuristic, [(h*, h, count)])`.
fn picture_cells(svg: &str) -> Vec<(String, Vec<Cell>)> {
    let attr = |s: &str, name: &str| -> Option<String> {
        let at = s.find(&format!("{name}=\""))? + name.len() + 2;
        Some(s[at..at + s[at..].find('"')?].to_string())
    };
    svg.split("<g class=\"cells\" ")
        .skip(1)
        .map(|panel| {
            let body = &panel[..panel.find("</g>").unwrap()];
            let name = attr(body, "data-heuristic").unwrap();
            let cells = body
                .split("<rect ")
                .skip(1)
                .map(|r| {
                    let n = |k| attr(r, k).unwrap().parse::<u64>().unwrap();
                    (n("data-h-star") as usize, n("data-h") as usize, n("data-count"))
                })
                .collect();
            (name, cells)
        })
        .collect()
}

/// A table of the audit's JSON as `(h*, h, count)` for every cell with a board.
fn table_cells(table: &Value) -> Vec<Cell> {
    let mut out = Vec::new();
    for (star, row) in table.as_array().unwrap().iter().enumerate() {
        for (h, n) in row.as_array().unwrap().iter().enumerate() {
            let n = n.as_u64().unwrap();
            if n > 0 {
                out.push((star, h, n));
            }
        }
    }
    out
}

#[tokio::test]
async fn audit_draws_h_against_h_star_beside_a_second_heuristic_and_predicts_idastar() {
    let app = app();
    let (status, v) =
        post_json(&app, "/api/audit", json!({"heuristic": "manhattan", "size": "3x3", "beside": "misplaced", "predict": true})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let beside = &v["beside"];
    assert_eq!((beside["heuristic"].as_str(), beside["boards"].as_u64()), (Some("misplaced"), Some(181_440)));
    assert_eq!((beside["admissible"].as_bool(), beside["consistent"].as_bool()), (Some(true), Some(true)));
    // The picture's two panels count what the two tables count.
    let panels = picture_cells(v["picture"].as_str().unwrap());
    assert_eq!(panels.len(), 2);
    assert_eq!(panels[0].0, "manhattan");
    assert_eq!(panels[0].1, table_cells(&v["table"]));
    assert_eq!(panels[1].0, "misplaced");
    assert_eq!(panels[1].1, table_cells(&beside["table"]));
    // KRE's prediction at thresholds chosen within the budget, each beside its measured mean
    // over a thousand uniform starts; the heuristic beside at the same thresholds.
    let p = v["prediction"].as_array().unwrap();
    assert!(!p.is_empty() && p.len() <= 4, "{p:?}");
    let thresholds: Vec<u64> = p.iter().map(|x| x["threshold"].as_u64().unwrap()).collect();
    assert!(thresholds.windows(2).all(|w| w[1] == w[0] + 4), "{thresholds:?}");
    let spent: f64 = p.iter().map(|x| x["predicted"].as_f64().unwrap() * x["starts"].as_f64().unwrap()).sum();
    assert!(spent <= npuzzle_web::service::PREDICT_BUDGET as f64, "{spent}");
    // The deepest threshold is deep enough to be worth predicting: Manhattan's iteration at 16
    // expands about 41 nodes on average, well within the budget.
    assert!(*thresholds.last().unwrap() >= 16, "{thresholds:?}");
    for x in p {
        let (predicted, measured) = (x["predicted"].as_f64().unwrap(), x["measured"].as_f64().unwrap());
        let (lo, hi) = (x["interval"][0].as_f64().unwrap(), x["interval"][1].as_f64().unwrap());
        assert_eq!(x["starts"], 1000);
        assert!(lo <= measured && measured <= hi, "{x}");
        assert!(predicted >= lo * 0.9 && predicted <= hi * 1.1, "the prediction is far from the measured mean: {x}");
    }
    let q = beside["prediction"].as_array().unwrap();
    let beside_thresholds: Vec<u64> = q.iter().map(|x| x["threshold"].as_u64().unwrap()).collect();
    assert!(thresholds.starts_with(&beside_thresholds) && !q.is_empty(), "{beside_thresholds:?}");
    // The weaker heuristic expands more at every threshold.
    for (a, b) in p.iter().zip(q) {
        assert!(b["predicted"].as_f64().unwrap() >= a["predicted"].as_f64().unwrap(), "{a} {b}");
    }
}

#[tokio::test]
async fn audit_predicts_at_thresholds_asked_for_and_refuses_an_inconsistent_heuristic() {
    let app = app();
    let (status, v) = post_json(&app, "/api/audit", json!({"heuristic": "misplaced", "size": "2x4", "predict": [6, 2]})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let thresholds: Vec<u64> = v["prediction"].as_array().unwrap().iter().map(|x| x["threshold"].as_u64().unwrap()).collect();
    assert_eq!(thresholds, [2, 6]);
    assert!(v["beside"].is_null() && v["picture"].as_str().unwrap().starts_with("<svg"), "{v}");
    // A threshold beyond the budget is left out, and the notes say so.
    let (status, v) = post_json(&app, "/api/audit", json!({"heuristic": "misplaced", "size": "3x3", "predict": [4, 60]})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let thresholds: Vec<u64> = v["prediction"].as_array().unwrap().iter().map(|x| x["threshold"].as_u64().unwrap()).collect();
    assert_eq!(thresholds, [4]);
    assert!(v["notes"].as_array().unwrap().iter().any(|n| n.as_str().unwrap().contains("not measured at threshold 60")), "{v}");
    // KRE's prediction rests on consistency.
    let (status, v) = post_json(&app, "/api/audit", json!({"heuristic": "2*misplaced", "size": "2x4", "predict": true})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert!(v["prediction"].is_null(), "{v}");
    assert!(v["prediction_refused"].as_str().unwrap().contains("not consistent"), "{v}");
    for (body, says) in [
        (json!({"heuristic": "manhattan", "predict": [0]}), "predict"),
        (json!({"heuristic": "manhattan", "predict": [101]}), "predict"),
        (json!({"heuristic": "manhattan", "predict": "yes"}), "predict"),
        (json!({"heuristic": "manhattan", "predict": []}), "predict"),
        (json!({"heuristic": "manhattan", "predict": [1, 2, 3, 4, 5, 6, 7, 8, 9]}), "predict"),
        (json!({"heuristic": "manhattan", "beside": 7}), "beside"),
        (json!({"heuristic": "manhattan", "beside": "misplcaed"}), "beside: "),
    ] {
        let (status, v) = post_json(&app, "/api/audit", body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {v}");
        assert!(error_of(&v).contains(says), "{body}: {v}");
    }
}
