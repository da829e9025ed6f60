//! The npuzzle web UI: an axum [`router`] serving a JSON API over the `npuzzle` library and a
//! static page (HTML, CSS and JavaScript embedded in the binary, no front-end build step).
//!
//! The API (all bodies JSON; every error is a 4xx or 503 with `{"error": "..."}`):
//! - `POST /api/solve`: one search; returns the same object as `npuzzle solve --format json`,
//!   optionally with the search tree (`tree`) and the step events (`trace`), or a stream of live
//!   statistics ending in that object (`stream`);
//! - `POST /api/compare`: several algorithm/heuristic pairs on one board;
//! - `POST /api/check`: parses a start and goal and says whether the pair is solvable;
//! - `GET /api/generate?size=4x4&depth=20&seed=7`: a random solvable board;
//! - `GET /api/goal?size=4x4&goal=snail`: the goal board a preset names at a size;
//! - `GET /api/options`: the algorithms, heuristics and goal presets the library offers;
//! - `GET /api/health`: a health check with the number of searches running.
//!
//! Every search runs on a blocking thread, off the async runtime, under a time cap, a node cap
//! and a memory cap; at most [`Config::max_concurrent`] run at once and the rest get 503. A
//! client that disconnects cancels its search.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod api;
mod generate;
mod progress;

pub use generate::{generate, GenerateError, Generated};

use axum::extract::DefaultBodyLimit;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Largest request body accepted, in bytes.
pub const BODY_LIMIT: usize = 64 * 1024;
/// Smallest board side the UI accepts.
pub const MIN_SIDE: usize = 2;
/// Largest board side the UI accepts.
pub const MAX_SIDE: usize = 12;
/// Largest board, in cells, the UI's classic searches and search tree take; beyond, only
/// row-and-column reduction (`reduce`) is offered.
pub const CLASSIC_MAX_CELLS: usize = 25;

/// Server-side limits.
#[derive(Clone, Debug)]
pub struct Config {
    /// Longest a single search may run (a request may ask for less).
    pub time_cap: Duration,
    /// Most nodes a single search may generate (a request may ask for less).
    pub node_cap: u64,
    /// Most bytes of frontier and explored set a single search may hold.
    pub memory_cap: u64,
    /// Most nodes kept for the search-tree view and the trace.
    pub tree_cap: usize,
    /// Most searches (or compare requests) running at once; more get 503.
    pub max_concurrent: usize,
    /// Most algorithm/heuristic pairs in one compare request.
    pub max_compare: usize,
}

impl Default for Config {
    /// 10 s, 200 million nodes and 1 GiB per search, 2,000 tree nodes, one search per core.
    fn default() -> Self {
        Config {
            time_cap: Duration::from_secs(10),
            node_cap: 200_000_000,
            memory_cap: 1 << 30,
            tree_cap: 2_000,
            max_concurrent: std::thread::available_parallelism().map_or(2, |n| n.get()),
            max_compare: 8,
        }
    }
}

impl Config {
    /// The ceilings every request's limits are lowered to.
    pub fn caps(&self) -> npuzzle::spec::Caps {
        npuzzle::spec::Caps { time: self.time_cap, nodes: self.node_cap, memory: self.memory_cap }
    }
}

/// Shared state of the handlers.
pub(crate) struct AppState {
    pub config: Config,
    pub permits: Arc<Semaphore>,
    /// Exact tables built for requests, kept for the next ones (memory only).
    pub tables: npuzzle::TableStore,
}

/// The router: the page at `/`, its assets, and the JSON API under `/api/`.
pub fn router(config: Config) -> Router {
    let permits = Arc::new(Semaphore::new(config.max_concurrent.max(1)));
    let state = Arc::new(AppState { config, permits, tables: npuzzle::TableStore::in_memory() });
    Router::new()
        .route("/", get(index))
        .route("/index.html", get(index))
        .route("/app.js", get(app_js))
        .route("/tree.js", get(tree_js))
        .route("/style.css", get(style_css))
        .route("/api/health", get(api::health))
        .route("/api/options", get(api::options))
        .route("/api/generate", get(api::generate))
        .route("/api/goal", get(api::goal))
        .route("/api/check", post(api::check))
        .route("/api/solve", post(api::solve))
        .route("/api/compare", post(api::compare))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(state)
}

const INDEX_HTML: &str = include_str!("../static/index.html");
const APP_JS: &str = include_str!("../static/app.js");
const TREE_JS: &str = include_str!("../static/tree.js");
const STYLE_CSS: &str = include_str!("../static/style.css");

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

async fn index() -> Response {
    asset("text/html; charset=utf-8", INDEX_HTML)
}

async fn app_js() -> Response {
    asset("text/javascript; charset=utf-8", APP_JS)
}

async fn tree_js() -> Response {
    asset("text/javascript; charset=utf-8", TREE_JS)
}

async fn style_css() -> Response {
    asset("text/css; charset=utf-8", STYLE_CSS)
}

async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such page or endpoint")
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method not allowed: the /api/solve, /api/compare and /api/check endpoints take POST, the others GET",
    )
}

/// An error answer: a status and `{"error": message}`.
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError { status, message: message.into() }
    }

    pub fn message(&self) -> &str {
        &self.message
    }

    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(serde_json::json!({ "error": self.message }))).into_response()
    }
}
