//! The npuzzle page's in-browser engine: the library compiled to WebAssembly, called from a Web
//! Worker (`static/js/engine/worker.js` of `npuzzle-web`), with no logic of its own.
//!
//! Each method takes what the web API's endpoint of the same name takes (a JSON body, or the
//! query parameters as a JSON object) and answers with what the endpoint answers, wrapped as
//! `{"ok": bool, "status": HTTP status, "data": answer}`: the answers are built by
//! [`npuzzle_web::service`], the module the server's handlers call, so a request gets the same
//! document and bad input the same message from either engine. Searches that stream report
//! `progress` lines (the server's stream format) to a JavaScript callback every 200 ms from the
//! search's own thread.
//!
//! A page keeps the pattern databases it builds in the browser's storage: [`Engine::export_table`]
//! gives each as cache-file bytes, and [`Engine::import_table`] takes them back after the same
//! checks a cache file passes (header, size, XXH3 checksum).
//!
//! A panic is passed to `globalThis.npuzzlePanic(message)` before the module traps, so the
//! worker can report it and the page can start a fresh worker.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use npuzzle::clock::Instant;
use npuzzle::TableStore;
use npuzzle_web::documents::{CompareLine, EngineKind};
use npuzzle_web::progress::Shared;
use npuzzle_web::service::{self, progress_line, GenerateQuery, Limits, Service};
use npuzzle_web::ApiError;
use serde::Serialize;
use serde_json::Value;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use wasm_bindgen::prelude::*;

/// The limits of a search in the page: the user's own machine runs it, so it may run longer
/// than on a shared server; memory stays well inside WebAssembly's 4 GiB.
pub fn limits() -> Limits {
    Limits {
        time_cap: Duration::from_secs(60),
        node_cap: 500_000_000,
        memory_cap: 768 << 20,
        tree_cap: 2_000,
        max_compare: 8,
        max_concurrent: 1,
        // 6-6-3 on 4×4 (11.5 million entries, 5.8 MB) and the small sets of smaller boards; not
        // 7-8 (577 million) nor the 5×5 sets.
        pdb_max_entries: Some(16_000_000),
        pdb_note: Some(
            "In this page the tables are built in your browser and kept in its storage: the 6-6-3 set on 4×4 (5.8 MB, built once in a \
             few seconds) and the small sets of smaller boards. The 7-8 set and the 5×5 sets are too large for a page: the command line \
             solves those boards (npuzzle solve \"BOARD\", after cargo install --path crates/npuzzle-cli).",
        ),
        engine: EngineKind::Browser,
        // The page's engine runs the library compiled to WebAssembly, a few times slower than
        // native: the book's 100 boards a depth stay a click away (`count`).
        depth_count: 30,
    }
}

/// The most memory one table build may take in the page.
const BUILD_MEMORY: u64 = 512 << 20;

/// How often progress reaches the page.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

#[wasm_bindgen]
extern "C" {
    /// The worker's panic reporter.
    #[wasm_bindgen(js_namespace = globalThis, js_name = npuzzlePanic)]
    fn report_panic(message: &str);
}

/// Where progress lines go while a search runs.
struct Reporter {
    on_line: js_sys::Function,
    started: Instant,
    last: Instant,
    /// Whether lines name the compare run.
    compare: bool,
}

thread_local! {
    static REPORTER: RefCell<Option<Reporter>> = const { RefCell::new(None) };
}

/// The counters' hook: a progress line to the page at most every [`PROGRESS_EVERY`].
fn tick(shared: &Shared) {
    REPORTER.with(|r| {
        let mut r = r.borrow_mut();
        let Some(rep) = r.as_mut() else { return };
        if rep.last.elapsed() < PROGRESS_EVERY {
            return;
        }
        rep.last = Instant::now();
        let line = progress_line(shared, rep.started, rep.compare.then(|| shared.run()));
        if rep.compare {
            send(&rep.on_line, &CompareLine::Progress(line));
        } else {
            send(&rep.on_line, &npuzzle_web::documents::SolveLine::Progress(line));
        }
    });
}

fn send(on_line: &js_sys::Function, line: &impl Serialize) {
    if let Ok(text) = serde_json::to_string(line) {
        let _ = on_line.call1(&JsValue::NULL, &JsValue::from_str(&text));
    }
}

/// Sends progress to `on_line` while it lives.
struct Reporting;

impl Reporting {
    fn start(on_line: &js_sys::Function, compare: bool) -> Reporting {
        let now = Instant::now();
        REPORTER.with(|r| *r.borrow_mut() = Some(Reporter { on_line: on_line.clone(), started: now, last: now, compare }));
        Reporting
    }
}

impl Drop for Reporting {
    fn drop(&mut self) {
        REPORTER.with(|r| *r.borrow_mut() = None);
    }
}

/// A document wrapped as the worker passes it on.
#[derive(Serialize)]
struct Wrapped<'a, T> {
    ok: bool,
    status: u16,
    data: &'a T,
}

/// The answer as text: the document written straight out, with the same writer the progress
/// lines use (not through a `serde_json::Value`, whose serializer would be one more copy of
/// every document's code in the module).
fn answer<T: Serialize>(r: Result<T, ApiError>) -> String {
    let r = r.and_then(|data| {
        serde_json::to_string(&Wrapped { ok: true, status: 200, data: &data })
            .map_err(|e| ApiError::new(500, format!("internal error: {e}")))
    });
    r.unwrap_or_else(|e| {
        let data = npuzzle_web::documents::ErrorBody { error: e.message().to_string() };
        serde_json::to_string(&Wrapped { ok: false, status: e.status(), data: &data }).unwrap_or_default()
    })
}

fn query(json: &str) -> Result<HashMap<String, String>, ApiError> {
    let v: HashMap<String, Value> = serde_json::from_str(json).map_err(|e| ApiError::bad_request(format!("bad query string: {e}")))?;
    Ok(v.into_iter()
        .map(|(k, v)| {
            let text = match v {
                Value::String(s) => s,
                other => other.to_string(),
            };
            (k, text)
        })
        .collect())
}

/// One engine: its limits and the tables it has built, kept for the next requests.
#[wasm_bindgen]
pub struct Engine {
    service: Service,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

#[wasm_bindgen]
impl Engine {
    /// An engine with the page's [`limits`] and no tables yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Engine {
        std::panic::set_hook(Box::new(|info| {
            if cfg!(target_arch = "wasm32") {
                report_panic(&info.to_string().replace('\n', " "));
            }
        }));
        Engine { service: Service::new(limits(), TableStore::in_memory().build_memory(Some(BUILD_MEMORY))) }
    }

    /// `GET /api/options`.
    pub fn options(&self) -> String {
        answer(Ok(self.service.options()))
    }

    /// `POST /api/check`.
    pub fn check(&self, body: &str) -> String {
        answer(self.service.check(body.as_bytes()))
    }

    /// `GET /api/generate`, its query parameters given as a JSON object.
    pub fn generate(&self, params: &str) -> String {
        answer(query(params).and_then(|q| GenerateQuery::parse(&q)).and_then(|q| self.service.generate(&q)))
    }

    /// `GET /api/goal`, its query parameters given as a JSON object.
    pub fn goal(&self, params: &str) -> String {
        answer(query(params).and_then(|q| service::goal(&q)))
    }

    /// `POST /api/solve`: the answer; with `"stream": true`, `progress` lines go to `on_line`
    /// (as JSON text) while the tables are prepared and the search runs.
    pub fn solve(&self, body: &str, on_line: &js_sys::Function) -> String {
        let run = || {
            let mut job = self.service.solve_job(body.as_bytes(), None)?;
            let _reporting = job.stream.then(|| Reporting::start(on_line, false));
            self.service.solve(&mut job, Some(Arc::new(Shared::with_tick(tick))))
        };
        answer(run())
    }

    /// `POST /api/depth`: the textbook's table of nodes generated and b* by solution depth.
    pub fn depth(&self, body: &str) -> String {
        answer(self.service.depth(body.as_bytes(), None))
    }

    /// `POST /api/compare`: the answer; with `"stream": true`, the server's stream lines
    /// (`start`, `progress`, `row`, `error`, `done`) go to `on_line` and the answer's data is
    /// `null`.
    pub fn compare(&self, body: &str, on_line: &js_sys::Function) -> String {
        let run = || {
            let mut job = self.service.compare_job(body.as_bytes(), None)?;
            if !job.stream {
                return self.service.compare_all(&mut job).map(|c| Some(Box::new(c)));
            }
            send(on_line, &CompareLine::Start { runs: job.reqs.len(), start: job.start.clone(), goal: job.goal.clone() });
            let _reporting = Reporting::start(on_line, true);
            let shared = Arc::new(Shared::with_tick(tick));
            self.service.compare_stream(&mut job.reqs, &shared, &mut |line| send(on_line, &line));
            Ok(None)
        };
        answer(run())
    }

    /// `POST /api/svg`: the search tree of a solve drawn by the library after chosen events.
    pub fn svg(&self, body: &str) -> String {
        answer(self.service.svg_job(body.as_bytes(), None).and_then(|mut job| self.service.svg(&mut job)))
    }

    /// `POST /api/grade`: a student's work graded by the library's check.
    pub fn grade(&self, body: &str) -> String {
        answer(self.service.grade_job(body.as_bytes(), None).and_then(|mut job| self.service.grade(&mut job)))
    }

    /// `POST /api/analyse`: a fan's solution analysed by the library.
    pub fn analyse(&self, body: &str) -> String {
        answer(self.service.analyse_job(body.as_bytes(), None).and_then(|mut job| self.service.analyse(&mut job)))
    }

    /// `POST /api/audit`: a heuristic audited over every board of a size of up to 10 cells.
    pub fn audit(&self, body: &str) -> String {
        answer(self.service.audit_job(body.as_bytes(), None).and_then(|job| self.service.audit(&job)))
    }

    /// The names of the pattern databases this engine holds.
    pub fn table_names(&self) -> Vec<String> {
        self.service.tables.exported_names()
    }

    /// The pattern database named `name` as cache-file bytes, for the browser's storage; an
    /// empty array when the engine holds no such table.
    pub fn export_table(&self, name: &str) -> Vec<u8> {
        self.service.tables.export_one(name).unwrap_or_default()
    }

    /// Takes back a table [`Engine::export_table`] gave: `""` when it passed every check, else
    /// why it was refused (the page then deletes it and builds the table again).
    pub fn import_table(&self, name: &str, bytes: &[u8]) -> String {
        match self.service.tables.import(name, bytes) {
            Ok(()) => String::new(),
            Err(e) => e.to_string(),
        }
    }

    /// Panics, so a test can check that the page reports a crashed engine and starts a new one.
    pub fn panic_for_test(&self) {
        panic!("a panic asked for by the page's self-test");
    }
}
