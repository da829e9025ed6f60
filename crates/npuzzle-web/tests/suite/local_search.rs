//! The local searches through `POST /api/solve`: their options are the library's `Spec` fields,
//! a seed repeats a run, stuck runs say why, and the trace carries what the page draws.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use npuzzle_web::{router, Config};
use serde_json::{json, Value};
use tower::ServiceExt;

const STUCK: &str = "8 1 3 4 0 2 7 6 5";

fn app() -> Router {
    router(Config { cache_dir: None, ..Config::default() })
}

async fn solve(app: &Router, body: Value) -> (StatusCode, Value) {
    let req = Request::post("/api/solve").header("content-type", "application/json").body(Body::from(body.to_string())).unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned())))
}

#[tokio::test]
async fn annealing_solves_with_its_seed_and_traces_each_step() {
    let app = app();
    let body = json!({"start": STUCK, "algorithm": "annealing", "seed": 3, "temperature": 2, "cooling": 0.9999, "trace": true});
    let (status, v) = solve(&app, body.clone()).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!((v["status"].as_str(), v["optimal"].as_bool(), v["seed"].as_u64()), (Some("solved"), Some(false), Some(3)));
    let (_, again) = solve(&app, body).await;
    assert_eq!(again["moves"], v["moves"]);
    let events = v["trace"]["events"].as_array().unwrap();
    let current = events.iter().find(|e| e["event"] == "local_current").unwrap();
    assert_eq!(current["board"].as_array().unwrap().len(), 9);
    assert_eq!(current["h"], 10);
    assert_eq!(current["temperature"], 2.0);
    assert!(events.iter().any(|e| e["event"] == "local_neighbour" && e["h"].is_u64() && e["move"].is_string()));
    let choice = events.iter().find(|e| e["event"] == "local_choice" && e["reason"]["kind"] == "accepted").unwrap();
    assert!(choice["reason"]["probability"].is_f64() && choice["reason"]["temperature"].is_f64());
}

#[tokio::test]
async fn stuck_runs_and_bad_options_are_reported() {
    let app = app();
    let (status, v) = solve(&app, json!({"start": STUCK, "algorithm": "hill-climbing", "seed": 1})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!((v["status"].as_str(), v["stuck"]["kind"].as_str()), (Some("not_found"), Some("local_minimum")));
    let (status, v) = solve(&app, json!({"start": STUCK, "algorithm": "local-beam", "beam_width": 0})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("beam width 0 must be from 1"), "{v}");
    let (status, v) = solve(&app, json!({"start": STUCK, "algorithm": "annealing", "cooling": 1.5})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("cooling 1.5"), "{v}");
    let (status, v) = solve(&app, json!({"start": STUCK, "algorithm": "annealing", "tree": true})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["error"].as_str().unwrap().contains("local search"), "{v}");
    // The beam's members are marked in the trace.
    let (status, v) =
        solve(&app, json!({"start": STUCK, "algorithm": "local-beam", "beam_width": 3, "stochastic": true, "seed": 2, "trace": true}))
            .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let events = v["trace"]["events"].as_array().unwrap();
    let members: Vec<u64> =
        events.iter().filter(|e| e["event"] == "local_current" && e["step"] == 2).map(|e| e["member"].as_u64().unwrap()).collect();
    assert_eq!(members, [0, 1, 2]);
}
