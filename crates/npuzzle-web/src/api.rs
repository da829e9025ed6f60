//! The JSON API handlers: request bodies read, searches run on blocking threads under the
//! server's limits and lanes, answers streamed. What each answer holds is the transport-free
//! [`crate::service`]'s, which the WebAssembly worker calls too.

use crate::documents::{
    Analysed, Audited, Check, CompareLine, DepthTable, Generated, GoalBoard, Graded, Health, Options, Pictures, SolveLine, Solved,
};
use crate::progress::Shared;
use crate::service::{self, internal, progress_line, GenerateQuery};
use crate::{ApiError, AppState, BODY_LIMIT};
use axum::body::{Body, Bytes};
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use npuzzle::clock::Instant;
use serde::Serialize;
use std::collections::HashMap;
use std::convert::Infallible;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver};
use tokio::task::JoinHandle;

type App = Arc<AppState>;

/// The answer to a body that could not be read.
fn body_error(rej: BytesRejection) -> ApiError {
    let status = rej.status();
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::new(status.as_u16(), format!("request body is larger than the {} KiB limit", BODY_LIMIT / 1024))
    } else {
        ApiError::new(status.as_u16(), format!("could not read the request body: {}", rej.body_text()))
    }
}

/// A JSON answer of type `T`, serialized already: [`encode`] makes it on the blocking thread
/// that made the value. A solve with its tree and trace serializes to megabytes, and doing that
/// on an async worker would hold up the requests queued behind it (the health check among them).
pub struct Encoded<T> {
    body: Bytes,
    of: PhantomData<fn() -> T>,
}

/// `v`, serialized as its JSON answer.
fn encode<T: Serialize>(v: &T) -> Result<Encoded<T>, ApiError> {
    let body = serde_json::to_vec(v).map_err(|e| internal(format!("serializing the answer: {e}")))?;
    Ok(Encoded { body: Bytes::from(body), of: PhantomData })
}

impl<T> IntoResponse for Encoded<T> {
    fn into_response(self) -> Response {
        ([(header::CONTENT_TYPE, "application/json")], self.body).into_response()
    }
}

/// Sets the cancel flag when dropped: when the handler's future or the response stream is
/// dropped because the client went away, the search stops at its next check.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

fn query(q: Result<Query<HashMap<String, String>>, QueryRejection>) -> Result<HashMap<String, String>, ApiError> {
    q.map(|Query(q)| q).map_err(|e| ApiError::bad_request(format!("bad query string: {}", e.body_text())))
}

/// `GET /api/health`.
pub async fn health(State(state): State<App>) -> Json<Health> {
    Json(Health {
        status: "ok",
        version: env!("CARGO_PKG_VERSION"),
        running: state.lanes.running(),
        waiting: state.lanes.waiting(),
        max_concurrent: state.lanes.slots(),
        connections: state.connections.open.load(Ordering::Relaxed),
        max_connections: state.connections.cap,
        displaced: state.connections.displaced.load(Ordering::Relaxed),
    })
}

/// `GET /api/options`: what the library offers and the server's limits.
pub async fn options(State(state): State<App>) -> Json<Options> {
    Json(state.service.options())
}

/// `POST /api/check`: a verdict on a start and goal ([`service::Service::check`]), answered with
/// 200 so a page can validate as the user types; only a body that is not a JSON object is a 400.
pub async fn check(State(state): State<App>, body: Result<Bytes, BytesRejection>) -> Result<Json<Check>, ApiError> {
    let bytes = body.map_err(body_error)?;
    state.service.check(&bytes).map(Json)
}

/// `GET /api/generate?size=WxH&depth=D&seed=S&goal=G`.
pub async fn generate(
    State(state): State<App>,
    q: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Encoded<Generated>, ApiError> {
    let q = GenerateQuery::parse(&query(q)?)?;
    let slot = tokio::time::timeout(crate::lanes::QUEUE_WAIT, state.generate_slots.clone().acquire_owned())
        .await
        .ok()
        .and_then(Result::ok)
        .ok_or_else(|| crate::lanes::busy("server busy: every slot for generating boards stayed taken for 2 s".into()))?;
    let job_state = state.clone();
    let v = tokio::task::spawn_blocking(move || {
        crate::lanes::search_priority();
        let _slot = slot;
        encode(&job_state.service.generate(&q)?)
    })
    .await
    .map_err(internal)??;
    Ok(v)
}

/// `GET /api/goal?size=WxH&goal=G`: the goal board a preset (or a board) names at a size.
pub async fn goal(q: Result<Query<HashMap<String, String>>, QueryRejection>) -> Result<Json<GoalBoard>, ApiError> {
    service::goal(&query(q)?).map(Json)
}

/// What `POST /api/solve` makes of `body` under `config`'s caps, short of searching: `Ok` with
/// the start board's cell count when the server would search, else the status and message it
/// answers with. The fuzz target `web_body` drives the server's own reading of a body here.
pub fn check_solve_body(config: &crate::Config, body: &[u8]) -> Result<usize, (u16, String)> {
    let service = service::Service::new(config.limits(), npuzzle::TableStore::in_memory());
    service.solve_job(body, None).map(|job| job.req.start.len()).map_err(|e| (e.status(), e.message().to_string()))
}

/// `POST /api/solve`.
pub async fn solve(State(state): State<App>, body: Result<Bytes, BytesRejection>) -> Result<Response, ApiError> {
    let bytes = body.map_err(body_error)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let mut job = state.service.solve_job(&bytes, Some(cancel.clone()))?;
    let guard = CancelOnDrop(cancel.clone());
    let lease = state.lanes.enter().await?;
    let shared = Arc::new(Shared::default());
    let job_shared = shared.clone();
    let job_state = state.clone();
    let stream_it = job.stream;
    let task = tokio::task::spawn_blocking(move || {
        crate::lanes::search_priority();
        let solved = job_state.service.solve(&mut job, Some(job_shared))?;
        Ok(if stream_it { Bytes::from(ndjson(&SolveLine::Result(Box::new(solved)))) } else { encode(&solved)?.body })
    });
    let task = state.lanes.supervise(lease, task, cancel);
    if stream_it {
        Ok(stream(task, shared, guard))
    } else {
        let body = task.await.map_err(internal)??;
        drop(guard);
        Ok(Encoded::<Solved> { body, of: PhantomData }.into_response())
    }
}

/// `POST /api/svg`: the search tree of a solve, drawn by the library after the events asked
/// for ([`service::Service::svg`]): the page's SVG, PNG and video exports.
pub async fn svg(State(state): State<App>, body: Result<Bytes, BytesRejection>) -> Result<Encoded<Pictures>, ApiError> {
    let bytes = body.map_err(body_error)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let mut job = state.service.svg_job(&bytes, Some(cancel.clone()))?;
    let guard = CancelOnDrop(cancel.clone());
    let lease = state.lanes.enter().await?;
    let job_state = state.clone();
    let task = tokio::task::spawn_blocking(move || {
        crate::lanes::search_priority();
        encode(&job_state.service.svg(&mut job)?)
    });
    let v = state.lanes.supervise(lease, task, cancel).await.map_err(internal)??;
    drop(guard);
    Ok(v)
}

/// `POST /api/grade`: a student's work graded by the library's check
/// ([`service::Service::grade`]): the worksheet's diagnosis of a wrong step.
pub async fn grade(State(state): State<App>, body: Result<Bytes, BytesRejection>) -> Result<Encoded<Graded>, ApiError> {
    let bytes = body.map_err(body_error)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let mut job = state.service.grade_job(&bytes, Some(cancel.clone()))?;
    let guard = CancelOnDrop(cancel.clone());
    let lease = state.lanes.enter().await?;
    let job_state = state.clone();
    let task = tokio::task::spawn_blocking(move || {
        crate::lanes::search_priority();
        encode(&job_state.service.grade(&mut job)?)
    });
    let v = state.lanes.supervise(lease, task, cancel).await.map_err(internal)??;
    drop(guard);
    Ok(v)
}

/// `POST /api/analyse`: a fan's solution analysed by the library
/// ([`service::Service::analyse`]): both metrics, the optimum in both, the wasted moves.
pub async fn analyse(State(state): State<App>, body: Result<Bytes, BytesRejection>) -> Result<Encoded<Analysed>, ApiError> {
    let bytes = body.map_err(body_error)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let mut job = state.service.analyse_job(&bytes, Some(cancel.clone()))?;
    let guard = CancelOnDrop(cancel.clone());
    let lease = state.lanes.enter().await?;
    let job_state = state.clone();
    let task = tokio::task::spawn_blocking(move || {
        crate::lanes::search_priority();
        encode(&job_state.service.analyse(&mut job)?)
    });
    let v = state.lanes.supervise(lease, task, cancel).await.map_err(internal)??;
    drop(guard);
    Ok(v)
}

/// How many searches' time an audit may take: it is a pass over every board of its size (up to
/// 1.8 million on 2×5, each estimated by every built-in too) and up to 1,000 A* runs, one
/// request as a depth experiment is, and a search's cap bounds each of a depth experiment's runs.
pub const AUDIT_CAPS: u32 = 6;

/// `POST /api/audit`: a heuristic audited over every board of a size of up to 10 cells
/// ([`service::Service::audit`]), as one search (one place in the lanes) under [`AUDIT_CAPS`]
/// times the server's time cap: past that the audit stops and the answer is a 422 naming the
/// command line, which has no cap. A client that goes away cancels it.
pub async fn audit(State(state): State<App>, body: Result<Bytes, BytesRejection>) -> Result<Encoded<Audited>, ApiError> {
    let bytes = body.map_err(body_error)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let job = state.service.audit_job(&bytes, Some(cancel.clone()))?;
    let guard = CancelOnDrop(cancel.clone());
    let lease = state.lanes.enter().await?;
    let job_state = state.clone();
    let cap = state.service.limits.time_cap * AUDIT_CAPS;
    let flag = cancel.clone();
    // The time cap: the library's audit takes a cancel flag, not a time limit.
    let timer = tokio::spawn(async move {
        tokio::time::sleep(cap).await;
        flag.store(true, Ordering::Relaxed);
    });
    let command = format!("npuzzle audit -H '{}' --size {}", job.estimator.name().replace('\'', "'\\''"), size_of(&job));
    let task = tokio::task::spawn_blocking(move || {
        crate::lanes::search_priority();
        encode(&job_state.service.audit(&job)?)
    });
    let r = state.lanes.supervise(lease, task, cancel).await.map_err(internal)?;
    let timed_out = timer.is_finished();
    timer.abort();
    drop(guard);
    match r {
        Err(_) if timed_out => Err(ApiError::unprocessable(format!(
            "the audit ran past the server's time cap for an audit ({} s, {AUDIT_CAPS} times a search's) and was stopped; the command line has no cap: {command}",
            cap.as_secs_f64()
        ))),
        r => r,
    }
}

fn size_of(job: &service::AuditJob) -> String {
    format!("{}x{}", job.spec.goal.width(), job.spec.goal.height())
}

struct StreamState {
    /// The search, ending in its `result` line, serialized on its thread.
    job: Option<JoinHandle<Result<Bytes, ApiError>>>,
    shared: Arc<Shared>,
    started: Instant,
    _guard: CancelOnDrop,
}

fn ndjson(line: &impl Serialize) -> String {
    let mut text = serde_json::to_string(line).unwrap_or_else(|e| format!("{{\"type\":\"error\",\"error\":\"internal error: {e}\"}}"));
    text.push('\n');
    text
}

/// Newline-delimited JSON: `{"type":"progress",…}` lines every 200 ms while the tables are
/// prepared and the search runs, then one `{"type":"result",…}` (the solve object) or
/// `{"type":"error","error":…}` line.
fn stream(job: JoinHandle<Result<Bytes, ApiError>>, shared: Arc<Shared>, guard: CancelOnDrop) -> Response {
    let st = StreamState { job: Some(job), shared, started: Instant::now(), _guard: guard };
    let lines = futures_util::stream::unfold(st, |mut st| async move {
        let job = st.job.as_mut()?;
        let done = tokio::select! {
            r = job => Some(r),
            _ = tokio::time::sleep(Duration::from_millis(200)) => None,
        };
        let line = match done {
            None => Bytes::from(ndjson(&SolveLine::Progress(progress_line(&st.shared, st.started, None)))),
            Some(r) => {
                st.job = None;
                match r.map_err(internal).and_then(|r| r) {
                    Ok(result) => result,
                    Err(e) => Bytes::from(ndjson(&SolveLine::Error { error: e.message().to_string() })),
                }
            }
        };
        Some((Ok::<_, Infallible>(line), st))
    });
    ([(header::CONTENT_TYPE, "application/x-ndjson")], Body::from_stream(lines)).into_response()
}

/// `POST /api/compare`: every pair on one board, one after another as ONE search (one place in
/// the lanes, one time cap for all the runs together). With `"stream": true` the answer is
/// newline-delimited JSON: `progress` lines (which run, its live counts), a `row` line as each
/// run finishes, then `done`; a client that goes away cancels the rest.
pub async fn compare(State(state): State<App>, body: Result<Bytes, BytesRejection>) -> Result<Response, ApiError> {
    let bytes = body.map_err(body_error)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let mut job = state.service.compare_job(&bytes, Some(cancel.clone()))?;
    let guard = CancelOnDrop(cancel.clone());
    let lease = state.lanes.enter().await?;
    let job_state = state.clone();
    if !job.stream {
        let task = tokio::task::spawn_blocking(move || {
            crate::lanes::search_priority();
            encode(&job_state.service.compare_all(&mut job)?)
        });
        let v = state.lanes.supervise(lease, task, cancel).await.map_err(internal)??;
        drop(guard);
        return Ok(v.into_response());
    }
    let (tx, rx) = unbounded_channel::<CompareLine>();
    let shared = Arc::new(Shared::default());
    let job_shared = shared.clone();
    let _ = tx.send(CompareLine::Start { runs: job.reqs.len(), start: job.start.clone(), goal: job.goal.clone() });
    let task = tokio::task::spawn_blocking(move || {
        crate::lanes::search_priority();
        job_state.service.compare_stream(&mut job.reqs, &job_shared, &mut |v| {
            let _ = tx.send(v);
        });
        Ok(())
    });
    let task = state.lanes.supervise(lease, task, cancel);
    Ok(compare_stream(task, rx, shared, guard))
}

/// `POST /api/depth`: the textbook's experiment, as one search (one place in the lanes); a
/// client that goes away cancels it.
pub async fn depth(State(state): State<App>, body: Result<Bytes, BytesRejection>) -> Result<Encoded<DepthTable>, ApiError> {
    let bytes = body.map_err(body_error)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let guard = CancelOnDrop(cancel.clone());
    let lease = state.lanes.enter().await?;
    let job_state = state.clone();
    let flag = cancel.clone();
    let task = tokio::task::spawn_blocking(move || {
        crate::lanes::search_priority();
        encode(&job_state.service.depth(&bytes, Some(flag))?)
    });
    let v = state.lanes.supervise(lease, task, cancel).await.map_err(internal)??;
    drop(guard);
    Ok(v)
}

struct CompareStream {
    job: JoinHandle<Result<(), ApiError>>,
    rx: UnboundedReceiver<CompareLine>,
    shared: Arc<Shared>,
    started: Instant,
    over: bool,
    _guard: CancelOnDrop,
}

fn compare_stream(
    job: JoinHandle<Result<(), ApiError>>,
    rx: UnboundedReceiver<CompareLine>,
    shared: Arc<Shared>,
    guard: CancelOnDrop,
) -> Response {
    let st = CompareStream { job, rx, shared, started: Instant::now(), over: false, _guard: guard };
    let lines = futures_util::stream::unfold(st, |mut st| async move {
        if st.over {
            return None;
        }
        let line = tokio::select! {
            m = st.rx.recv() => match m {
                Some(line) => {
                    if matches!(line, CompareLine::Done | CompareLine::Error { .. }) {
                        st.over = true;
                    }
                    line
                }
                None => {
                    st.over = true;
                    let error = match (&mut st.job).await {
                        Ok(Ok(())) => "the compare ended early".to_string(),
                        Ok(Err(e)) => e.message().to_string(),
                        Err(e) => format!("internal error: {e}"),
                    };
                    CompareLine::Error { index: None, error }
                }
            },
            _ = tokio::time::sleep(Duration::from_millis(200)) => {
                CompareLine::Progress(progress_line(&st.shared, st.started, Some(st.shared.run())))
            }
        };
        Some((Ok::<_, Infallible>(ndjson(&line)), st))
    });
    ([(header::CONTENT_TYPE, "application/x-ndjson")], Body::from_stream(lines)).into_response()
}
