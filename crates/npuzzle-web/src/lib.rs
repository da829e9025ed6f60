//! The npuzzle web UI: an axum [`router`] serving a JSON API over the `npuzzle` library and a
//! static page (HTML, CSS and JavaScript embedded in the binary, no front-end build step).
//!
//! Every answer is a type of [`documents`], from which the page's TypeScript declarations are
//! written. The answers themselves are built by [`service`], which has no transport: with the default
//! feature `server` off, this crate is that module alone, and compiles to WebAssembly for the
//! page's in-browser engine (`crates/npuzzle-wasm`).
//!
//! The API (all bodies JSON, sent as `Content-Type: application/json`; every error is a 4xx or
//! 503 with `{"error": "..."}`):
//! - `POST /api/solve`: one search; returns the same object as `npuzzle solve --format json`,
//!   optionally with the search tree (`tree`) and the step events (`trace`), or a stream of live
//!   statistics ending in that object (`stream`);
//! - `POST /api/compare`: several algorithm/heuristic pairs on one board;
//! - `POST /api/check`: parses a start and goal and says whether the pair is solvable;
//! - `GET /api/generate?size=4x4&depth=20&seed=7`: a random solvable board;
//! - `GET /api/goal?size=4x4&goal=snail`: the goal board a preset names at a size;
//! - `POST /api/svg`: the search tree of a solve, drawn by the library after chosen events
//!   (the page's SVG, PNG and video exports);
//! - `POST /api/grade`: a student's work (an order of expansion, a solution) graded by the
//!   library's check, with the first difference and a diagnosis (`npuzzle check`);
//! - `POST /api/analyse`: a fan's solution analysed by the library (`npuzzle analyse`): its
//!   length in both metrics, the optimum in both, and the moves that took it no closer;
//! - `POST /api/audit`: a heuristic (a built-in's name or a formula) audited by the library
//!   (`npuzzle audit`) over every board of a size of up to 10 cells: admissible, consistent,
//!   the counterexample, the inconsistent move, what the overestimate costs A*, dominance over
//!   the built-ins, and h against h*;
//! - `GET /api/options`: the algorithms, heuristics, parameters and goal presets the library
//!   offers;
//! - `GET /api/health`: a health check with the number of searches running.
//!
//! Every search runs on a blocking thread, off the async runtime, under a time cap, a node cap
//! and a memory cap. Searches start in a quick lane and move to a lane of their own once they
//! run long, each lane [`Config::max_concurrent`] wide; a search waits up to 2 s for a place,
//! then gets 503 with `Retry-After` (see the `lanes` module). A client that disconnects cancels
//! its search.
//!
//! Only the server's own page may drive it: a request addressed to a name other than a loopback
//! name or the address served, or sent by another site's page, gets 403, and an API body not
//! declared JSON gets 415, unless [`Config::allow_origins`] opens the server (see [`AllowOrigin`]).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "server")]
mod api;
#[cfg(feature = "server")]
pub mod assets;
#[cfg(feature = "server")]
mod body;
pub mod documents;
mod generate;
#[cfg(feature = "server")]
mod guard;
#[cfg(feature = "server")]
mod headers;
#[cfg(feature = "server")]
mod lanes;
pub mod progress;
#[cfg(feature = "server")]
mod server;
pub mod service;

#[cfg(feature = "server")]
pub use api::check_solve_body;
pub use generate::{generate, GenerateError, Generated};
#[cfg(feature = "server")]
pub use guard::{AllowOrigin, Origin};
#[cfg(feature = "server")]
pub use server::serve;

#[cfg(feature = "server")]
use axum::extract::DefaultBodyLimit;
#[cfg(feature = "server")]
use axum::http::{header, HeaderValue, StatusCode};
#[cfg(feature = "server")]
use axum::response::{IntoResponse, Response};
#[cfg(feature = "server")]
use axum::routing::{get, post};
#[cfg(feature = "server")]
use axum::{Json, Router};
#[cfg(feature = "server")]
use std::sync::Arc;
#[cfg(feature = "server")]
use std::time::Duration;

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
#[cfg(feature = "server")]
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
    /// Searches (or compare requests) running at once in each of the two lanes, quick and long
    /// (see the crate documentation); more wait up to 2 s, then get 503.
    pub max_concurrent: usize,
    /// Most algorithm/heuristic pairs in one compare request.
    pub max_compare: usize,
    /// Where pattern databases are cached (`None`: built in memory and forgotten).
    pub cache_dir: Option<std::path::PathBuf>,
    /// Longest a request body may take to arrive once its headers have (408 after that).
    pub body_timeout: Duration,
    /// Longest [`serve`] waits for a request head, and lets a kept-alive connection sit idle.
    pub header_timeout: Duration,
    /// Most connections [`serve`] keeps open at once (fewer if the system allows this process
    /// fewer open files). When all are open, the one idle longest (no request in flight) is
    /// closed to make room; only when every one has a request in flight does a new connection
    /// get 503.
    pub max_connections: usize,
    /// Origins whose pages may use the API besides the server's own page, and whose host names
    /// the server answers to (`npuzzle serve --allow-origin`); see the `guard` module.
    pub allow_origins: Vec<AllowOrigin>,
}

#[cfg(feature = "server")]
impl Default for Config {
    /// 10 s, 200 million nodes and 1 GiB per search, 2,000 tree nodes, one search per core,
    /// tables cached in [`npuzzle_host::cache_dir`], 10 s for a request head or body and for an
    /// idle connection, 4,096 connections, no other origin allowed.
    fn default() -> Self {
        Config {
            time_cap: Duration::from_secs(10),
            node_cap: 200_000_000,
            memory_cap: 1 << 30,
            tree_cap: 2_000,
            max_concurrent: std::thread::available_parallelism().map_or(2, |n| n.get()),
            max_compare: 8,
            cache_dir: Some(npuzzle_host::cache_dir()),
            body_timeout: Duration::from_secs(10),
            header_timeout: Duration::from_secs(10),
            max_connections: 4096,
            allow_origins: Vec::new(),
        }
    }
}

#[cfg(feature = "server")]
impl Config {
    /// What the server allows a request.
    pub fn limits(&self) -> service::Limits {
        service::Limits {
            time_cap: self.time_cap,
            node_cap: self.node_cap,
            memory_cap: self.memory_cap,
            tree_cap: self.tree_cap,
            max_compare: self.max_compare,
            max_concurrent: self.max_concurrent,
            pdb_max_entries: None,
            pdb_note: None,
            engine: documents::EngineKind::Server,
            depth_count: npuzzle::experiment::DEFAULT_COUNT,
        }
    }
}

/// The connections [`serve`] holds open, for `/api/health`.
#[cfg(feature = "server")]
#[derive(Debug, Default)]
pub(crate) struct ConnectionGauge {
    /// Open now.
    pub open: std::sync::atomic::AtomicUsize,
    /// The most that may be open at once (0: not served by [`serve`]).
    pub cap: usize,
    /// Idle connections closed so far to make room for new ones.
    pub displaced: std::sync::atomic::AtomicU64,
}

#[cfg(feature = "server")]
impl ConnectionGauge {
    pub fn new(cap: usize) -> ConnectionGauge {
        ConnectionGauge { cap, ..ConnectionGauge::default() }
    }
}

/// Shared state of the handlers.
#[cfg(feature = "server")]
pub(crate) struct AppState {
    pub lanes: Arc<lanes::Lanes>,
    /// The answers, with the tables prepared for requests, kept for the next ones: exact tables
    /// in memory, pattern databases also in the cache directory.
    pub service: service::Service,
    /// Slots for `/api/generate` draws (one per core): each takes well under a millisecond once
    /// its table exists, and they wait here rather than each take a thread.
    pub generate_slots: Arc<tokio::sync::Semaphore>,
    /// The connections held open, when [`serve`] serves the router.
    pub connections: Arc<ConnectionGauge>,
}

/// The router: the page at `/`, its assets, and the JSON API under `/api/`.
#[cfg(feature = "server")]
pub fn router(config: Config) -> Router {
    router_with(config, Arc::new(ConnectionGauge::default()))
}

#[cfg(feature = "server")]
pub(crate) fn router_with(config: Config, connections: Arc<ConnectionGauge>) -> Router {
    let lanes = Arc::new(lanes::Lanes::new(config.max_concurrent));
    let tables = match &config.cache_dir {
        Some(dir) => npuzzle::TableStore::new(dir.clone()),
        None => npuzzle::TableStore::in_memory(),
    }
    .build_memory(npuzzle_host::available_memory());
    let body_timeout = body::BodyTimeout(config.body_timeout);
    let generate_slots = Arc::new(tokio::sync::Semaphore::new(config.max_concurrent.max(1)));
    let state = Arc::new(AppState { generate_slots, connections, service: service::Service::new(config.limits(), tables), lanes });
    Router::new()
        .route("/", get(assets::index))
        .route("/api/health", get(api::health))
        .route("/api/options", get(api::options))
        .route("/api/generate", get(api::generate))
        .route("/api/goal", get(api::goal))
        .route("/api/check", post(api::check))
        .route("/api/solve", post(api::solve))
        .route("/api/compare", post(api::compare))
        .route("/api/depth", post(api::depth))
        .route("/api/svg", post(api::svg))
        .route("/api/grade", post(api::grade))
        .route("/api/analyse", post(api::analyse))
        .route("/api/audit", post(api::audit))
        .fallback(assets::serve)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn_with_state(body_timeout, body::read_body))
        .layer(axum::middleware::from_fn_with_state(guard::Guard::new(config.allow_origins.clone()), guard::check))
        .layer(axum::middleware::map_response_with_state(headers::SecurityHeaders::new(&config.allow_origins), headers::add))
        .with_state(state)
}

#[cfg(feature = "server")]
pub(crate) async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND.as_u16(), "no such page or endpoint")
}

#[cfg(feature = "server")]
async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED.as_u16(),
        "method not allowed: the /api/solve, /api/compare, /api/check, /api/depth, /api/svg, /api/grade, /api/analyse and /api/audit endpoints take POST, the others GET",
    )
}

/// An error answer: an HTTP status and `{"error": message}`.
#[derive(Debug)]
pub struct ApiError {
    status: u16,
    message: String,
    retry_after: Option<u64>,
}

impl ApiError {
    /// An error with HTTP status `status`.
    pub fn new(status: u16, message: impl Into<String>) -> ApiError {
        ApiError { status, message: message.into(), retry_after: None }
    }

    /// Asks the client to try again in `secs` seconds (a `Retry-After` header).
    pub fn retry_after(mut self, secs: u64) -> ApiError {
        self.retry_after = Some(secs);
        self
    }

    /// What went wrong, for the user.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The HTTP status: 400 for a request that cannot be read, 422 for one the UI does not
    /// take, 5xx for the server's own trouble.
    pub fn status(&self) -> u16 {
        self.status
    }

    /// A 400 answer.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(400, message)
    }

    /// A 422 answer.
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(422, message)
    }
}

#[cfg(feature = "server")]
impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let mut res = (status, Json(documents::ErrorBody { error: self.message })).into_response();
        if let Some(secs) = self.retry_after {
            res.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        res
    }
}
