//! `npuzzle._npuzzle`: the Rust half of the Python package `npuzzle`.
//!
//! Everything about puzzles and search is the `npuzzle` library's. This module only moves values
//! across the boundary: boards and options arrive as JSON text (the library's own request
//! specification, [`npuzzle::spec::Spec`], deserialises them and holds the defaults and the
//! validation), reports leave as the JSON the CLI prints. It also runs each long call on a
//! thread of its own with the GIL released, so that Python stays responsive: progress reaches a
//! Python callback and Ctrl-C sets the library's cancel flag.
//!
//! The Python side (`python/npuzzle/`) wraps these functions in the documented API.

use npuzzle::audit::{Audit, AuditSpec, Requirement};
use npuzzle::generate::{random_solvable, random_walk, DepthTable, Rng};
use npuzzle::goal::Goal;
use npuzzle::heuristic::pdb::SetSpec;
use npuzzle::heuristic::Heuristic;
use npuzzle::parse::{parse_size, BoardInput};
use npuzzle::prepare::Preparer;
use npuzzle::record::Recorder;
use npuzzle::render::trace::{self as trace_render, json_trace, Setup};
use npuzzle::render::tree::{self as tree_render, Tree};
use npuzzle::replay::{player_recorder, Trace as ReplayTrace};
use npuzzle::session::Session;
use npuzzle::solve::{solve, solve_observed, Report, Request};
use npuzzle::spec::{Plan, Spec};
use npuzzle::tables::{Progress, TableEvent, TableStore};
use npuzzle::{Board, Error, HeuristicKind};
mod own;

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyKeyboardInterrupt, PyMemoryError, PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use rayon::prelude::*;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

create_exception!(npuzzle, BoardError, PyValueError, "A malformed or inconsistent board (a `ValueError`).");
create_exception!(npuzzle, UnsolvableError, PyException, "Start and goal have different parity: no sequence of moves joins them.");
create_exception!(npuzzle, TablesError, PyRuntimeError, "Tables a heuristic needs are missing or could not be read.");

/// Stack of every search thread: the classic searches recurse (as the CLI's batch threads do).
const STACK: usize = 64 << 20;

/// The library's error as the Python exception that fits it, with the library's message.
fn py_err(e: Error) -> PyErr {
    let msg = e.to_string();
    match e {
        Error::Board(_) | Error::Goal(_) => BoardError::new_err(msg),
        Error::Invalid(_) | Error::Unsupported(_) => PyValueError::new_err(msg),
        Error::Memory(_) => PyMemoryError::new_err(msg),
        Error::Cache(_) => PyOSError::new_err(msg),
        Error::Unprepared(_) => TablesError::new_err(msg),
        Error::Cancelled => PyKeyboardInterrupt::new_err(msg),
        Error::Internal(_) => PyRuntimeError::new_err(msg),
    }
}

fn json_err(what: &str, e: serde_json::Error) -> PyErr {
    // The JSON is the package's own, written from the keywords: a place in it means nothing to
    // the caller, so `… at line 1 column 119` is left off.
    let text = e.to_string();
    let text = match text.rfind(" at line ") {
        Some(i) if e.line() > 0 => &text[..i],
        _ => &text,
    };
    PyValueError::new_err(format!("{what}: {text}"))
}

/// The plan for a JSON request specification, with `cancel` as its cancel flag and, for an
/// algorithm that makes random choices given no seed, a seed drawn ([`Plan::draw_seed`], as the
/// CLI draws it), which the report gives.
fn plan(spec_json: &str, cancel: &Arc<AtomicBool>) -> PyResult<Plan> {
    let spec: Spec = serde_json::from_str(spec_json).map_err(|e| json_err("bad options", e))?;
    let mut plan = spec.plan().map_err(py_err)?;
    plan.cancel_with(cancel.clone());
    plan.draw_seed();
    Ok(plan)
}

/// A heuristic passed as a Python callable (`npuzzle._own.Heuristic`: the callable, its name
/// and the user's claim), as the estimate a plan carries and the handle on what it raises.
struct Own {
    estimator: npuzzle::heuristic::Estimator,
    raised: std::sync::Arc<Mutex<Option<PyErr>>>,
}

impl Own {
    /// The estimate of `h` (an `npuzzle._own.Heuristic`), if given.
    fn of(py: Python<'_>, h: Option<Bound<'_, PyAny>>) -> PyResult<Option<Own>> {
        let Some(h) = h else { return Ok(None) };
        let func: Py<PyAny> = h.getattr("func")?.unbind();
        let name: String = h.getattr("name")?.extract()?;
        let admissible: bool = h.getattr("admissible")?.extract()?;
        let tiles_type = py.import("npuzzle._own")?.getattr("Tiles")?.unbind();
        let c = own::Callable::new(func, tiles_type, name, admissible);
        let raised = c.raised();
        Ok(Some(Own { estimator: npuzzle::heuristic::Estimator::own(c), raised }))
    }

    /// The error to raise for `e`: what one of the callables raised, if one did, else the
    /// library's.
    fn error(owns: &[Own], e: Error) -> PyErr {
        match owns.iter().find_map(|o| o.raised.lock().unwrap_or_else(|p| p.into_inner()).take()) {
            Some(raised) => raised,
            None => py_err(e),
        }
    }

    /// The heuristics of a list whose items are names or formulas (text, itself a
    /// comma-separated list) or callables (`npuzzle._own.Heuristic`), in order, with the
    /// callables' handles.
    fn list(py: Python<'_>, items: Vec<Bound<'_, PyAny>>) -> PyResult<(Vec<npuzzle::heuristic::Estimator>, Vec<Own>)> {
        let (mut out, mut owns) = (Vec::new(), Vec::new());
        for item in items {
            if let Ok(text) = item.extract::<String>() {
                for name in npuzzle::compare::split_list(&text) {
                    out.push(npuzzle::compare::heuristic(name).map_err(py_err)?);
                }
            } else if let Some(o) = Own::of(py, Some(item))? {
                out.push(o.estimator.clone());
                owns.push(o);
            }
        }
        Ok((out, owns))
    }
}

/// [`plan`] with a callable's estimate, if given, as its heuristic.
fn plan_own(spec_json: &str, cancel: &Arc<AtomicBool>, own: Option<&Own>) -> PyResult<Plan> {
    let mut plan = plan(spec_json, cancel)?;
    if let Some(o) = own {
        plan.heuristic = Some(o.estimator.clone());
    }
    Ok(plan)
}

/// A board given as JSON (text, rows or flat tiles).
fn board_input(json: &str) -> Result<BoardInput, Error> {
    serde_json::from_str(json).map_err(|e| Error::Invalid(format!("a board must be text, rows of tiles or a flat list of tiles: {e}")))
}

fn request(plan: &Plan, start_json: &str) -> Result<Request, Error> {
    let start = plan.board(&board_input(start_json)?)?;
    plan.request(start)
}

/// The interpreter's tables ([`Session`]): one store per cache directory (by default
/// `$NPUZZLE_CACHE_DIR`, else the user's cache directory), its builds limited to the memory the
/// system reports available, and the set `tables.load`/`tables.build` chose for each board size.
/// A module keeps its state for the interpreter's life; the rules of which store and set a run
/// reads are the library's.
fn session() -> &'static Session {
    static SESSION: OnceLock<Session> = OnceLock::new();
    SESSION.get_or_init(|| Session::new(Some(npuzzle_host::cache_dir()), npuzzle_host::available_memory()))
}

/// Progress of a table load or build, as the Python callback receives it.
type Note = (&'static str, String, u64, u64);

/// A progress callback for the library that forwards its events to `tx`.
fn reporter(tx: Sender<Note>) -> impl Fn(&TableEvent) + Sync {
    let tx = Mutex::new(tx);
    move |e: &TableEvent| {
        let note = match e {
            TableEvent::BuildStart { pattern, entries } => ("build", npuzzle::words::pattern(pattern), 0, *entries),
            TableEvent::BuildLevel { pattern, filled, entries, .. } => ("level", npuzzle::words::pattern(pattern), *filled, *entries),
            TableEvent::Built { pattern, .. } => ("built", npuzzle::words::pattern(pattern), 0, 0),
            TableEvent::Loaded { pattern, path } => ("loaded", format!("{} ({})", npuzzle::words::pattern(pattern), path.display()), 0, 0),
            TableEvent::Saved { path } => ("saved", path.display().to_string(), 0, 0),
            TableEvent::SaveFailed { error } => ("save_failed", error.clone(), 0, 0),
            TableEvent::Corrupt { path, reason } => ("corrupt", format!("{}: {reason}", path.display()), 0, 0),
        };
        let _ = tx.lock().unwrap_or_else(|e| e.into_inner()).send(note);
    }
}

/// One call into the library from Python: its cancel flag (set by Ctrl-C or by a progress
/// callback that raises) and the cache directory its tables come from (the session's default
/// when `None`). [`Call::run`] runs the call's work off the GIL; the work prepares its tables
/// through [`Work`].
struct Call {
    cancel: Arc<AtomicBool>,
    dir: Option<PathBuf>,
}

impl Call {
    fn new(dir: Option<PathBuf>) -> Call {
        Call { cancel: Arc::new(AtomicBool::new(false)), dir }
    }

    /// The call's cancel flag, for its plan and limits.
    fn cancel(&self) -> &Arc<AtomicBool> {
        &self.cancel
    }

    /// Runs `work` on a thread of its own ([`interruptible`]): its progress and notes reach
    /// `progress`, and Ctrl-C stops it.
    fn run<T: Send>(&self, py: Python<'_>, progress: Option<&Bound<'_, PyAny>>, work: impl FnOnce(&Work<'_>) -> T + Send) -> PyResult<T> {
        let (tx, rx) = channel();
        interruptible(py, &self.cancel, rx, progress, move || work(&Work { call: self, tx }))
    }
}

/// What a call's work reads on its thread: the call, and the channel to its progress callback.
struct Work<'a> {
    call: &'a Call,
    tx: Sender<Note>,
}

impl Work<'_> {
    /// The call's cancel flag.
    fn cancel(&self) -> &AtomicBool {
        &self.call.cancel
    }

    /// The library's table events, forwarded to the progress callback.
    fn on(&self) -> impl Fn(&TableEvent) + Sync {
        reporter(self.tx.clone())
    }

    /// The store of the call's cache directory.
    fn store(&self) -> Arc<TableStore> {
        session().store(self.call.dir.clone())
    }

    /// Sends the library's notes to the progress callback (`note` events).
    fn notes(&self, notes: Vec<String>) {
        for n in notes {
            let _ = self.tx.send(("note", n, 0, 0));
        }
    }

    /// Prepares what `req` reads through the library ([`TableStore::prepare_run`], as `npuzzle
    /// solve` does), from the store and set the session gives a run of the board's size
    /// ([`Session::for_run`]: the set `tables.load`/`build` chose, when no cache directory is
    /// named).
    fn prepare(&self, req: &mut Request) -> Result<(), Error> {
        self.prepare_with(TableStore::prepare_run, req)
    }

    /// [`Work::prepare`] for an analysis of a solve ([`TableStore::prepare_analysis`]), which
    /// adds the slide pattern database where it is cached (4×4: the optimum in slides too).
    fn prepare_analysis(&self, req: &mut Request) -> Result<(), Error> {
        self.prepare_with(TableStore::prepare_analysis, req)
    }

    fn prepare_with(&self, how: Preparation, req: &mut Request) -> Result<(), Error> {
        let (st, set) = session().for_run(self.call.dir.clone(), req.goal.width(), req.goal.height());
        let said = how(&st, req, set.as_ref(), &self.on(), Some(self.cancel()))?;
        self.notes(said);
        Ok(())
    }

    /// [`Work::prepare`] for one of the requests of a run over many boards (`solve_many`,
    /// `compare`), through the run's [`Preparer`]: each request settled and prepared as it would
    /// be alone, the tables shared, each note sent once.
    fn prepare_in(&self, preparer: &mut Preparer, req: &mut Request, on: Progress) -> Result<(), Error> {
        let (st, set) = session().for_run(self.call.dir.clone(), req.goal.width(), req.goal.height());
        let said = preparer.prepare(&st, req, set.as_ref(), on, Some(self.cancel()))?;
        self.notes(said);
        Ok(())
    }
}

/// A store's preparation ([`TableStore::prepare_run`] or [`TableStore::prepare_analysis`]).
type Preparation = fn(&TableStore, &mut Request, Option<&SetSpec>, Progress, Option<&AtomicBool>) -> Result<Vec<String>, Error>;

/// Runs `work` on a thread of its own with the GIL released. Meanwhile it hands progress notes
/// to `progress` and checks for signals: a KeyboardInterrupt sets `cancel`, which the library's
/// searches and builds poll, and is raised once `work` has stopped.
fn interruptible<T: Send>(
    py: Python<'_>,
    cancel: &AtomicBool,
    notes: Receiver<Note>,
    progress: Option<&Bound<'_, PyAny>>,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    let (done_tx, done_rx) = channel::<()>();
    std::thread::scope(|s| {
        let handle = std::thread::Builder::new()
            .name("npuzzle".into())
            .stack_size(STACK)
            .spawn_scoped(s, move || {
                let out = work();
                let _ = done_tx.send(());
                out
            })
            .map_err(|e| PyRuntimeError::new_err(format!("starting a search thread: {e}")))?;
        let mut raised: Option<PyErr> = None;
        let mut done_rx = Some(done_rx);
        loop {
            let rx = done_rx.take().expect("the receiver is put back");
            let (rx, got) = py.detach(move || {
                let got = rx.recv_timeout(Duration::from_millis(50));
                (rx, got)
            });
            done_rx = Some(rx);
            for note in notes.try_iter() {
                if let (Some(cb), None) = (progress, &raised) {
                    if let Err(e) = cb.call1(note) {
                        cancel.store(true, Ordering::SeqCst);
                        raised = Some(e);
                    }
                }
            }
            match got {
                Ok(()) | Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => {}
            }
            if raised.is_none() {
                if let Err(e) = py.check_signals() {
                    cancel.store(true, Ordering::SeqCst);
                    raised = Some(e);
                }
            }
        }
        let out = handle.join().map_err(|_| PyRuntimeError::new_err("a search thread panicked"))?;
        match raised {
            Some(e) => Err(e),
            None => Ok(out),
        }
    })
}

/// Solves one board; returns the CLI's JSON report (`npuzzle solve --format json`).
#[pyfunction]
#[pyo3(signature = (start, spec, cache_dir=None, progress=None, heuristic=None))]
fn solve_one(
    py: Python<'_>,
    start: &str,
    spec: &str,
    cache_dir: Option<PathBuf>,
    progress: Option<Bound<'_, PyAny>>,
    heuristic: Option<Bound<'_, PyAny>>,
) -> PyResult<String> {
    let own = Own::of(py, heuristic)?;
    let call = Call::new(cache_dir);
    let plan = plan_own(spec, call.cancel(), own.as_ref())?;
    let mut req = request(&plan, start).map_err(|e| Own::error(own.as_slice(), e))?;
    let out = call.run(py, progress.as_ref(), |work| -> Result<String, Error> {
        let started = Instant::now();
        work.prepare(&mut req)?;
        let prepared = started.elapsed();
        let outcome = solve(&req)?;
        let report = Report::new(&req, &outcome).with_tables_time(&req, prepared);
        Ok(serde_json::to_string(&report).expect("reports serialise"))
    })?;
    out.map_err(|e| Own::error(own.as_slice(), e))
}

/// Analyses `solution` (moves with counts, in `reading`) of `start` to the spec's goal, with the
/// default solver's tables prepared as `solve_one` prepares them; returns the library's analysis
/// as JSON (`npuzzle analyse --format json`).
#[pyfunction]
#[pyo3(signature = (start, solution, reading, spec, cache_dir=None, progress=None))]
fn analyse(
    py: Python<'_>,
    start: &str,
    solution: &str,
    reading: &str,
    spec: &str,
    cache_dir: Option<PathBuf>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<String> {
    let call = Call::new(cache_dir);
    let plan = plan(spec, call.cancel())?;
    let reading: npuzzle::notation::Reading = reading.parse().map_err(py_err)?;
    let moves = npuzzle::notation::parse(solution, reading).map_err(py_err)?;
    let mut req = request(&plan, start).map_err(py_err)?;
    if !req.start.can_reach(&req.goal) {
        return Err(UnsolvableError::new_err("the scramble cannot reach the goal (the two have different parity): no solution exists"));
    }
    let out = call.run(py, progress.as_ref(), |work| -> Result<String, Error> {
        work.prepare_analysis(&mut req)?;
        let a = npuzzle::analysis::analyse(&req, &moves, reading, &mut |_, _| {})?;
        Ok(serde_json::to_string(&a).expect("analyses serialise"))
    })?;
    out.map_err(py_err)
}

/// Grades a student's work on `start` against the spec's reference search, as `npuzzle check`
/// does: a `solution` (moves with counts, or the boards along the way; with `optimal`, against
/// the optimum), an order of `expansions` (labels or boards) or a hand `trace` (the node
/// selected and the open list with g + h = f at each step); its first `steps` when given.
/// Without an algorithm or heuristic, an order of expansion is graded against the exercise's
/// default pair (A* with misplaced tiles). Returns the report as JSON, or Gradescope's
/// `results.json` with `gradescope`.
#[pyfunction]
#[pyo3(signature = (start, spec, solution=None, expansions=None, optimal=false, steps=None, reading="blank", gradescope=false, cache_dir=None, progress=None, trace=None, heuristic=None))]
#[allow(clippy::too_many_arguments)]
fn check(
    py: Python<'_>,
    start: &str,
    spec: &str,
    solution: Option<&str>,
    expansions: Option<&str>,
    optimal: bool,
    steps: Option<usize>,
    reading: &str,
    gradescope: bool,
    cache_dir: Option<PathBuf>,
    progress: Option<Bound<'_, PyAny>>,
    trace: Option<&str>,
    heuristic: Option<Bound<'_, PyAny>>,
) -> PyResult<String> {
    let own = Own::of(py, heuristic)?;
    let call = Call::new(cache_dir);
    let mut plan = plan_own(spec, call.cancel(), own.as_ref())?;
    let reading: npuzzle::notation::Reading = reading.parse().map_err(py_err)?;
    let given = [solution, expansions, trace].iter().filter(|w| w.is_some()).count();
    if given != 1 {
        return Err(PyValueError::new_err("give the work to check: one of a solution, an order of expansions or a trace"));
    }
    let search_work = expansions.is_some() || trace.is_some();
    if search_work {
        npuzzle::render::exercise::settle(&mut plan);
    }
    let mut req = request(&plan, start).map_err(|e| Own::error(own.as_slice(), e))?;
    if !req.start.can_reach(&req.goal) {
        return Err(UnsolvableError::new_err("start and goal have different parity, so no work can reach the goal"));
    }
    if search_work {
        npuzzle::render::exercise::check_algorithm(req.algorithm).map_err(py_err)?;
        if steps == Some(0) {
            return Err(PyValueError::new_err("steps must be at least 1"));
        }
    }
    let out = call.run(py, progress.as_ref(), |work| -> Result<String, Error> {
        work.prepare(&mut req)?;
        let report = match (solution, expansions, trace) {
            (Some(text), _, _) => {
                let moves = npuzzle::check::read_solution(text, &req.start, reading)?;
                npuzzle::check::check_solution(&req, &moves, optimal)?
            }
            (_, Some(text), _) => {
                let items = npuzzle::check::read_expansions(text, &req.start)?;
                npuzzle::check::check_expansions(&req, &items, steps)?
            }
            (_, _, Some(text)) => {
                let work = npuzzle::check::read_trace(text)?;
                npuzzle::check::check_trace(&req, &work, steps)?
            }
            _ => unreachable!("one kind of work was checked for above"),
        };
        Ok(if gradescope {
            serde_json::to_string(&npuzzle::check::gradescope(&report)).expect("results serialise")
        } else {
            serde_json::to_string(&report).expect("reports serialise")
        })
    })?;
    out.map_err(|e| Own::error(own.as_slice(), e))
}

/// Grades a sheet's numbered `answers` against its `key` (the JSON `npuzzle exercise --format
/// json` writes), as `npuzzle check --answers --key` does: the report as JSON, or Gradescope's
/// `results.json` with `gradescope`.
#[pyfunction]
#[pyo3(signature = (key, answers, gradescope=false))]
fn check_answers(py: Python<'_>, key: &str, answers: &str, gradescope: bool) -> PyResult<String> {
    let key: npuzzle::check::Key =
        serde_json::from_str(key).map_err(|e| PyValueError::new_err(format!("the key is not an exercise's JSON: {e}")))?;
    let report = py.detach(|| npuzzle::check::check_answers(&key, answers)).map_err(py_err)?;
    Ok(if gradescope {
        serde_json::to_string(&npuzzle::check::gradescope(&report)).expect("results serialise")
    } else {
        serde_json::to_string(&report).expect("reports serialise")
    })
}

/// Moves with counts (`R2U2LDLD`, in `reading`: `blank` or `tiles`) as the blank's letters.
#[pyfunction]
fn notation_read(text: &str, reading: &str) -> PyResult<String> {
    let reading: npuzzle::notation::Reading = reading.parse().map_err(py_err)?;
    Ok(npuzzle::moves_to_string(&npuzzle::notation::parse(text, reading).map_err(py_err)?))
}

/// The blank's `moves` (letters) with counts, in `reading`: `blank` or `tiles`.
#[pyfunction]
fn notation_write(moves: &str, reading: &str) -> PyResult<String> {
    let reading: npuzzle::notation::Reading = reading.parse().map_err(py_err)?;
    let m = npuzzle::notation::parse(moves, npuzzle::notation::Reading::Blank).map_err(py_err)?;
    Ok(npuzzle::notation::write(&m, reading))
}

/// Solves many boards in parallel on a rayon pool of `jobs` threads (default: every core);
/// returns one JSON object per board, in input order: the report, or
/// `{"status": "invalid", "input": ..., "error": ...}` for a board that could not be searched.
#[pyfunction]
#[pyo3(signature = (boards, spec, jobs=None, paths=false, cache_dir=None, progress=None))]
fn solve_many(
    py: Python<'_>,
    boards: Vec<String>,
    spec: &str,
    jobs: Option<usize>,
    paths: bool,
    cache_dir: Option<PathBuf>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<Vec<String>> {
    let call = Call::new(cache_dir);
    let plan = plan(spec, call.cancel())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.unwrap_or(0))
        .stack_size(STACK)
        .build()
        .map_err(|e| PyRuntimeError::new_err(format!("starting worker threads: {e}")))?;
    let out = call.run(py, progress.as_ref(), |work| -> Result<Vec<String>, Error> {
        let mut reqs: Vec<Result<Request, Error>> = pool.install(|| boards.par_iter().map(|b| request(&plan, b)).collect());
        // Each board settled and prepared as `solve` would prepare it alone, the tables shared
        // among boards that read the same ones, before the workers start; a board whose tables
        // cannot be had fails alone, a cancel stops it all.
        let on = work.on();
        let mut preparer = Preparer::new();
        for slot in reqs.iter_mut() {
            let Ok(req) = slot else { continue };
            match work.prepare_in(&mut preparer, req, &on) {
                Ok(()) => {}
                Err(Error::Cancelled) => return Err(Error::Cancelled),
                Err(e) => *slot = Err(e),
            }
        }
        let invalid = |board: &str, e: &Error| {
            let input: serde_json::Value = serde_json::from_str(board).unwrap_or(serde_json::Value::Null);
            serde_json::json!({"status": "invalid", "input": input, "error": e.to_string()}).to_string()
        };
        Ok(pool.install(|| {
            boards
                .par_iter()
                .zip(reqs.par_iter())
                .map(|(board, req)| match req {
                    Err(e) => invalid(board, e),
                    Ok(req) => match solve(req) {
                        Err(e) => invalid(board, &e),
                        Ok(outcome) => {
                            let report = if paths { Report::new(req, &outcome) } else { Report::without_path(req, &outcome) };
                            serde_json::to_string(&report).expect("reports serialise")
                        }
                    },
                })
                .collect()
        }))
    })?;
    out.map_err(py_err)
}

/// Solves one board while recording it; returns the JSON trace's events, one JSON object each,
/// exactly as `npuzzle solve --trace --format json` prints them.
#[pyfunction]
#[pyo3(signature = (start, spec, limit, cache_dir=None, progress=None, heuristic=None))]
fn trace_events(
    py: Python<'_>,
    start: &str,
    spec: &str,
    limit: u64,
    cache_dir: Option<PathBuf>,
    progress: Option<Bound<'_, PyAny>>,
    heuristic: Option<Bound<'_, PyAny>>,
) -> PyResult<Vec<String>> {
    let own = Own::of(py, heuristic)?;
    let call = Call::new(cache_dir);
    let plan = plan_own(spec, call.cancel(), own.as_ref())?;
    let mut req = request(&plan, start).map_err(|e| Own::error(own.as_slice(), e))?;
    let out = call.run(py, progress.as_ref(), |work| -> Result<Vec<String>, Error> {
        work.prepare(&mut req)?;
        let rec = Recorder::new(req.start.len(), usize::MAX, true).with_selection_cap(limit).with_paths(true);
        let (outcome, rec) = solve_observed(&req, rec)?;
        let report = Report::new(&req, &outcome);
        let doc = json_trace(&req, &rec, &report, limit);
        let mut lines = vec![serde_json::to_string(&doc.start).expect("events serialise")];
        lines.extend(doc.events.iter().map(|e| serde_json::to_string(e).expect("events serialise")));
        lines.push(serde_json::to_string(&doc.end).expect("events serialise"));
        Ok(lines)
    })?;
    out.map_err(|e| Own::error(own.as_slice(), e))
}

/// Solves one board while recording it, as `npuzzle solve --trace` (text) does; returns the
/// numbered trace exactly as that command prints it before its summary (the `Trace:` line, the
/// steps, and a blank line), and the JSON report.
#[pyfunction]
#[pyo3(signature = (start, spec, limit, cache_dir=None, progress=None, heuristic=None))]
fn trace_text(
    py: Python<'_>,
    start: &str,
    spec: &str,
    limit: u64,
    cache_dir: Option<PathBuf>,
    progress: Option<Bound<'_, PyAny>>,
    heuristic: Option<Bound<'_, PyAny>>,
) -> PyResult<(String, String)> {
    let own = Own::of(py, heuristic)?;
    let call = Call::new(cache_dir);
    let plan = plan_own(spec, call.cancel(), own.as_ref())?;
    let mut req = request(&plan, start).map_err(|e| Own::error(own.as_slice(), e))?;
    let out = call.run(py, progress.as_ref(), |work| -> Result<(String, String), Error> {
        work.prepare(&mut req)?;
        // As the CLI's `teach::run` records a text trace.
        let rec = Recorder::new(req.start.len(), usize::MAX, true).with_selection_cap(limit).with_paths(false);
        let (outcome, rec) = solve_observed(&req, rec)?;
        let report = Report::new(&req, &outcome);
        let setup = Setup { algorithm: req.algorithm, width: req.start.width(), height: req.start.height(), limit, cost: req.cost };
        let text = format!("{}\n{}\n", trace_render::heading(&req), trace_render::render_text(&rec, &setup));
        Ok((text, serde_json::to_string(&report).expect("reports serialise")))
    })?;
    out.map_err(|e| Own::error(own.as_slice(), e))
}

/// Solves one board while recording its search tree of at most `limit` nodes, as
/// `npuzzle solve --tree dot|json|svg --tree-limit LIMIT` does; returns the tree as SVG, as
/// JSON and as DOT (each exactly the document that command writes), the JSON report, and the
/// note about the node cap (`None` when every node is shown).
#[pyfunction]
#[pyo3(signature = (start, spec, limit, cache_dir=None, progress=None, heuristic=None))]
fn tree_docs(
    py: Python<'_>,
    start: &str,
    spec: &str,
    limit: usize,
    cache_dir: Option<PathBuf>,
    progress: Option<Bound<'_, PyAny>>,
    heuristic: Option<Bound<'_, PyAny>>,
) -> PyResult<(String, String, String, String, Option<String>)> {
    let own = Own::of(py, heuristic)?;
    if limit == 0 {
        return Err(PyValueError::new_err("limit must be at least 1 node"));
    }
    let call = Call::new(cache_dir);
    let plan = plan_own(spec, call.cancel(), own.as_ref())?;
    let mut req = request(&plan, start).map_err(|e| Own::error(own.as_slice(), e))?;
    type Docs = (String, String, String, String, Option<String>);
    let out = call.run(py, progress.as_ref(), |work| -> Result<Docs, Error> {
        work.prepare(&mut req)?;
        // As the CLI's `teach::run` records and draws a tree: one recorder capped at `limit`
        // nodes, then the library's one renderer.
        let rec = Recorder::new(req.start.len(), limit, true).with_paths(false).with_entry_labels(false);
        let (outcome, rec) = solve_observed(&req, rec)?;
        let report = Report::new(&req, &outcome);
        let tree = Tree::new(&rec, req.start.width(), req.start.height(), limit);
        let json = serde_json::to_string(&tree).expect("trees serialise") + "\n";
        Ok((
            tree_render::to_svg(&tree),
            json,
            tree_render::to_dot(&tree),
            serde_json::to_string(&report).expect("reports serialise"),
            tree.cap_note(),
        ))
    })?;
    out.map_err(|e| Own::error(own.as_slice(), e))
}

/// The document of the notebook's replay widget: one search recorded as the web page's
/// player replays it (the library's [`player_recorder`], at most `limit` nodes), as JSON with
/// `tree` (the `--tree json` document), `trace` (its events, as the page's solve answer carries
/// them), `report` (the `--format json` report), `info` (the algorithm's description, with its
/// pseudocode), `legend` (the node states' colours and shapes) and `pseudocode` (its texts
/// under rules other than the algorithm's own, else `null`). On boards of up to 10 cells
/// every node carries its true distance `h_star`, from the exact table.
#[pyfunction]
#[pyo3(signature = (start, spec, limit, cache_dir=None, progress=None, heuristic=None))]
fn replay_doc(
    py: Python<'_>,
    start: &str,
    spec: &str,
    limit: usize,
    cache_dir: Option<PathBuf>,
    progress: Option<Bound<'_, PyAny>>,
    heuristic: Option<Bound<'_, PyAny>>,
) -> PyResult<String> {
    let own = Own::of(py, heuristic)?;
    if limit == 0 {
        return Err(PyValueError::new_err("limit must be at least 1 node"));
    }
    let call = Call::new(cache_dir);
    let plan = plan_own(spec, call.cancel(), own.as_ref())?;
    let mut req = request(&plan, start).map_err(|e| Own::error(own.as_slice(), e))?;
    let info = req.algorithm.info();
    if !info.records_tree() {
        return Err(PyValueError::new_err(format!(
            "{} grows no search tree to replay: pick a tree search (astar, bfs, idastar, ...)",
            req.algorithm
        )));
    }
    let out = call.run(py, progress.as_ref(), |work| -> Result<String, Error> {
        work.prepare(&mut req)?;
        let rec = player_recorder(req.start.len(), limit, true);
        let (outcome, mut rec) = solve_observed(&req, rec)?;
        rec.set_true_distances_from(&work.store(), &req.goal);
        let doc = ReplayDoc {
            tree: Tree::new(&rec, req.start.width(), req.start.height(), limit),
            trace: ReplayTrace::of(&rec, info),
            report: Report::new(&req, &outcome),
            info: info.described(),
            legend: npuzzle::render::palette::legend(),
            pseudocode: npuzzle::search::Conventions::of(info, &req.params).pseudocode(info),
        };
        Ok(serde_json::to_string(&doc).expect("replays serialise"))
    })?;
    out.map_err(|e| Own::error(own.as_slice(), e))
}

/// What [`replay_doc`] returns.
#[derive(serde::Serialize)]
struct ReplayDoc {
    tree: Tree,
    trace: ReplayTrace,
    report: Report,
    info: npuzzle::search::Described,
    legend: Vec<npuzzle::render::palette::LegendEntry>,
    pseudocode: Option<Vec<String>>,
}

/// Solves one board while recording it, as `npuzzle exercise` does, and builds the
/// hand-execution exercise of its first `max_steps` steps; returns the sheet and the key as
/// Markdown and as HTML (each exactly what that command writes) and the exercise as JSON.
#[pyfunction]
#[pyo3(signature = (start, spec, max_steps, cache_dir=None, progress=None, heuristic=None))]
fn exercise_docs(
    py: Python<'_>,
    start: &str,
    spec: &str,
    max_steps: u64,
    cache_dir: Option<PathBuf>,
    progress: Option<Bound<'_, PyAny>>,
    heuristic: Option<Bound<'_, PyAny>>,
) -> PyResult<(String, String, String, String, String)> {
    let own = Own::of(py, heuristic)?;
    use npuzzle::render::exercise::{self as ex, Exercise, Part};
    if max_steps == 0 {
        return Err(PyValueError::new_err("max_steps must be at least 1 step"));
    }
    let call = Call::new(cache_dir);
    let mut plan = plan_own(spec, call.cancel(), own.as_ref())?;
    ex::settle(&mut plan);
    let mut req = request(&plan, start).map_err(|e| Own::error(own.as_slice(), e))?;
    ex::check_algorithm(req.algorithm).map_err(py_err)?;
    type Docs = (String, String, String, String, String);
    let out = call.run(py, progress.as_ref(), |work| -> Result<Docs, Error> {
        work.prepare(&mut req)?;
        let e = Exercise::run(&req, max_steps)?;
        Ok((
            ex::to_markdown(&e, Part::Sheet),
            ex::to_markdown(&e, Part::Key),
            ex::to_html(&e, Part::Sheet),
            ex::to_html(&e, Part::Key),
            serde_json::to_string(&e).expect("exercises serialise"),
        ))
    })?;
    out.map_err(|e| Own::error(own.as_slice(), e))
}

/// Runs every algorithm/heuristic pair on every board, one after another, as `npuzzle compare`
/// does (the same pairs, limits per run, and rows); returns the rows of
/// `npuzzle compare --format json` as one JSON array. Without a memory limit in `spec`, each run
/// may hold half the memory the system reports available, as in the CLI.
#[pyfunction]
#[pyo3(signature = (boards, spec, algorithms, heuristics, cache_dir=None, progress=None))]
fn compare(
    py: Python<'_>,
    boards: Vec<String>,
    spec: &str,
    algorithms: Vec<String>,
    heuristics: Vec<Bound<'_, PyAny>>,
    cache_dir: Option<PathBuf>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<String> {
    let mut spec: Spec = serde_json::from_str(spec).map_err(|e| json_err("bad options", e))?;
    if spec.limits.memory.is_none() {
        spec.limits.memory = npuzzle::limits::default_memory(npuzzle_host::available_memory(), 1);
    }
    let call = Call::new(cache_dir);
    let mut plan = spec.plan().map_err(py_err)?;
    plan.cancel_with(call.cancel().clone());
    let (heuristics, owns) = Own::list(py, heuristics)?;
    let pairs = npuzzle::compare::pairs_of(&algorithms, heuristics).map_err(py_err)?;
    if boards.is_empty() {
        return Err(PyValueError::new_err("no boards to compare"));
    }
    let mut starts = Vec::new();
    for (i, b) in boards.iter().enumerate() {
        let board = board_input(b)
            .and_then(|input| plan.board(&input).map_err(Error::from))
            .map_err(|e| BoardError::new_err(format!("board {}: {e}", i + 1)))?;
        starts.push(board);
    }
    let out = call.run(py, progress.as_ref(), |work| -> Result<String, Error> {
        let on = work.on();
        let mut rows = Vec::new();
        let mut preparer = Preparer::new();
        for (i, b) in starts.iter().enumerate() {
            for pair in &pairs {
                let mut req = npuzzle::compare::request(&plan, b.clone(), pair)?;
                work.prepare_in(&mut preparer, &mut req, &on)?;
                let out = solve(&req)?;
                rows.push(npuzzle::compare::Row::new(i + 1, &req, &out));
            }
        }
        Ok(serde_json::to_string(&rows).expect("rows serialise"))
    })?;
    out.map_err(|e| Own::error(&owns, e))
}

/// The textbook's experiment ([`npuzzle::experiment`]): for each depth, `count` boards at
/// exactly that depth from `spec`'s goal (its size, cost model and order are read; its limits'
/// node count is the cut), each pair of `pairs` (`algorithm` or `algorithm/heuristic`) on every
/// board; returns the rows as one JSON array.
#[pyfunction]
#[pyo3(signature = (spec, depths, count, seed, pairs, max_nodes, cache_dir=None, progress=None))]
#[allow(clippy::too_many_arguments)]
fn bench_depth(
    py: Python<'_>,
    spec: &str,
    depths: Vec<u32>,
    count: usize,
    seed: u64,
    pairs: Vec<Bound<'_, PyAny>>,
    max_nodes: u64,
    cache_dir: Option<PathBuf>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<String> {
    let call = Call::new(cache_dir);
    let plan = plan(spec, call.cancel())?;
    let (w, h) = plan.board_size();
    let goal = plan.goal_board(w, h).map_err(py_err)?;
    let mut ex = npuzzle::experiment::DepthSpec::new(goal);
    if !depths.is_empty() {
        ex.depths = depths;
    }
    ex.count = count;
    ex.seed = seed;
    ex.max_nodes = max_nodes;
    ex.cost = plan.cost;
    ex.order = plan.order;
    ex.limits = npuzzle::search::Limits { cancel: Some(call.cancel().clone()), ..Default::default() };
    let mut owns = Vec::new();
    if !pairs.is_empty() {
        ex.pairs.clear();
        for item in pairs {
            if let Ok(text) = item.extract::<String>() {
                ex.pairs.extend(npuzzle::experiment::pairs(&text).map_err(py_err)?);
                continue;
            }
            // (algorithm, heuristic), the heuristic a name, a formula or a callable.
            let (algorithm, h): (String, Bound<'_, PyAny>) = item.extract()?;
            let algorithm: npuzzle::Algorithm = algorithm.parse().map_err(py_err)?;
            let (mut hs, mut own) = Own::list(py, vec![h])?;
            owns.append(&mut own);
            let heuristic = (hs.len() == 1).then(|| hs.remove(0));
            let run = npuzzle::compare::Run { algorithm, heuristic, params: Default::default() };
            ex.pairs.push(npuzzle::experiment::run_pair(run).map_err(py_err)?);
        }
    }
    let out = call.run(py, progress.as_ref(), |work| -> Result<String, Error> {
        let rows = npuzzle::experiment::run(&ex, &work.store(), &work.on(), &mut |_| {})?;
        Ok(serde_json::to_string(&rows).expect("rows serialise"))
    })?;
    out.map_err(|e| Own::error(&owns, e))
}

/// What [`audit`] returns: the report as JSON, in words, and whether each requirement holds.
type AuditOut = (String, String, Vec<(&'static str, bool)>);

/// Audits a heuristic as `npuzzle audit` does ([`npuzzle::audit::audit`]): `heuristic` is a
/// name or a formula (text, the library's reader) or a callable (`npuzzle._own.Heuristic`);
/// `spec` gives the size, the goal and the step costs. Returns the report as JSON (as
/// `npuzzle audit --format json` writes it), in words (as `--format text` writes it), and
/// whether each requirement holds ([`Audit::holds`], keyed by [`requirement_name`]).
#[pyfunction]
#[pyo3(signature = (
    heuristic,
    spec,
    uniform = npuzzle::audit::DEFAULT_UNIFORM,
    walks = npuzzle::audit::DEFAULT_WALKS,
    seed = npuzzle::audit::DEFAULT_SEED,
    consequence_boards = npuzzle::audit::DEFAULT_CONSEQUENCE_BOARDS,
    consequence_nodes = npuzzle::audit::DEFAULT_CONSEQUENCE_NODES,
    predict = Vec::new(),
    starts = None,
    cache_dir = None,
    progress = None
))]
#[allow(clippy::too_many_arguments)]
fn audit(
    py: Python<'_>,
    heuristic: Bound<'_, PyAny>,
    spec: &str,
    uniform: usize,
    walks: usize,
    seed: u64,
    consequence_boards: usize,
    consequence_nodes: u64,
    predict: Vec<u32>,
    starts: Option<usize>,
    cache_dir: Option<PathBuf>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<AuditOut> {
    let call = Call::new(cache_dir);
    let plan = plan(spec, call.cancel())?;
    let (w, h) = plan.size.ok_or_else(|| PyValueError::new_err("an audit needs the board's size"))?;
    let goal = plan.goal_board(w, h).map_err(py_err)?;
    let (estimator, own) = match heuristic.extract::<String>() {
        Ok(text) => (npuzzle::compare::heuristic(&text).map_err(py_err)?, None),
        Err(_) => {
            let o = Own::of(py, Some(heuristic))?.expect("a heuristic was given");
            (o.estimator.clone(), Some(o))
        }
    };
    let mut spec = AuditSpec::new(goal).cost(plan.cost).sample(uniform, walks).seed(seed);
    spec.consequence_boards = consequence_boards;
    spec.consequence_nodes = consequence_nodes;
    spec.predict = predict;
    spec.starts = starts.map(npuzzle::audit::predict::Starts::Uniform);
    spec.cancel = Some(call.cancel().clone());
    let out = call.run(py, progress.as_ref(), |work| -> Result<Audit, Error> {
        npuzzle::audit::audit_and_predict(&estimator, &spec, &work.store(), &work.on())
    })?;
    let report = out.map_err(|e| Own::error(own.as_slice(), e))?;
    let holds = REQUIREMENTS.iter().map(|&r| (requirement_name(r), report.holds(r))).collect();
    Ok((serde_json::to_string(&report).expect("audits serialise"), npuzzle::audit::text(&report), holds))
}

/// The heat map of h against h* of the audits `reports` (each as [`audit`]'s JSON), side by side
/// (the library's [`npuzzle::audit::picture`]); `None` when one has no table.
#[pyfunction]
fn audit_svg(reports: Vec<String>) -> PyResult<Option<String>> {
    struct Owned {
        heuristic: String,
        size: String,
        admissible: Option<bool>,
        table: Vec<Vec<u64>>,
    }
    let mut owned = Vec::with_capacity(reports.len());
    for r in &reports {
        let v: serde_json::Value = serde_json::from_str(r).map_err(|e| json_err("bad audit report", e))?;
        let Some(table) = v["table"].as_array() else { return Ok(None) };
        let table = table
            .iter()
            .map(|row| row.as_array().map(|r| r.iter().filter_map(serde_json::Value::as_u64).collect()).unwrap_or_default())
            .collect();
        owned.push(Owned {
            heuristic: v["heuristic"].as_str().unwrap_or_default().to_string(),
            size: v["size"].as_str().unwrap_or_default().to_string(),
            admissible: v["admissible"].as_bool(),
            table,
        });
    }
    let panels: Vec<npuzzle::audit::picture::Panel<'_>> = owned
        .iter()
        .map(|o| npuzzle::audit::picture::Panel { heuristic: &o.heuristic, size: &o.size, admissible: o.admissible, table: &o.table })
        .collect();
    Ok(npuzzle::audit::picture::panels_svg(&panels))
}

/// Every requirement an audit answers, in the order [`audit`] lists them.
const REQUIREMENTS: [Requirement; 3] = [Requirement::Both, Requirement::Admissible, Requirement::Consistent];

/// The name a requirement goes by in Python.
fn requirement_name(r: Requirement) -> &'static str {
    match r {
        Requirement::Both => "both",
        Requirement::Admissible => "admissible",
        Requirement::Consistent => "consistent",
    }
}

/// The requirement `text` asks for (the library's reader of `npuzzle audit --require`), by the
/// name [`audit`] keys it with.
#[pyfunction]
fn audit_requirement(text: &str) -> PyResult<&'static str> {
    text.parse::<Requirement>().map(requirement_name).map_err(py_err)
}

/// Random solvable boards toward `goal`, as rows: uniformly drawn, exactly `depth` moves from
/// the goal, or a random walk of `walk` moves; drawn with `seed`, or with a seed from the clock
/// ([`npuzzle::generate::fresh_seed`]).
#[pyfunction]
#[pyo3(signature = (size, count, seed, goal, depth=None, walk=None))]
fn generate(
    size: &str,
    count: usize,
    seed: Option<u64>,
    goal: &str,
    depth: Option<u32>,
    walk: Option<usize>,
) -> PyResult<Vec<Vec<Vec<u32>>>> {
    let (w, h) = parse_size(size).map_err(|e| py_err(e.into()))?;
    let goal = Goal::resolve(goal, w, h).map_err(py_err)?;
    let mut rng = Rng::new(seed.unwrap_or_else(npuzzle::generate::fresh_seed));
    let rows = |b: Board| b.rows();
    if depth.is_some() && walk.is_some() {
        return Err(PyValueError::new_err("give depth or walk, not both"));
    }
    if let Some(d) = depth {
        let table = DepthTable::new(&goal).map_err(py_err)?;
        return (0..count).map(|_| table.random_at(d, &mut rng).map(rows).map_err(py_err)).collect();
    }
    Ok(match walk {
        Some(k) => (0..count).map(|_| rows(random_walk(&goal, k, &mut rng).0)).collect(),
        None => (0..count).map(|_| rows(random_solvable(&goal, &mut rng))).collect(),
    })
}

/// The start and goal boards of a pair, checked to be the same size.
fn pair(start: &str, goal: &str) -> PyResult<(Board, Board)> {
    let plan = plan(
        &serde_json::json!({ "goal": serde_json::from_str::<serde_json::Value>(goal).map_err(|e| json_err("bad goal", e))? }).to_string(),
        Call::new(None).cancel(),
    )?;
    let req = request(&plan, start).map_err(py_err)?;
    Ok((req.start, req.goal))
}

/// Whether `start` can reach `goal` (same parity class).
#[pyfunction]
fn is_solvable(start: &str, goal: &str) -> PyResult<bool> {
    let (s, g) = pair(start, goal)?;
    Ok(s.can_reach(&g))
}

/// Every heuristic's estimate of the distance from `start` to `goal`, by name. The table
/// heuristics are included where their tables are at hand: the exact table (built in memory)
/// up to its size, pattern databases once `tables.load`/`build` chose a set for the size.
#[pyfunction]
#[pyo3(signature = (start, goal, cache_dir=None))]
fn heuristics(py: Python<'_>, start: &str, goal: &str, cache_dir: Option<PathBuf>) -> PyResult<Vec<(String, f64)>> {
    let (s, g) = pair(start, goal)?;
    py.detach(|| {
        let mut out = Vec::new();
        for kind in HeuristicKind::ALL {
            let Some(tables) = session().at_hand(kind, &g, cache_dir.clone()) else { continue };
            if let Ok(heur) = Heuristic::new(kind, &g, &tables) {
                let v = serde_json::to_value(heur.estimate_board(&s)).expect("costs serialise");
                out.push((kind.name().to_string(), v.as_f64().unwrap_or(f64::NAN)));
            }
        }
        Ok(out)
    })
}

/// Loads (`build` false: from memory or the cache only) or loads-or-builds (`build` true; with
/// `force`, builds anew) a pattern-database set for `size` and `goal`, and makes it the set
/// every later search of that size uses. Returns the set's name and its tables' files.
#[pyfunction]
#[pyo3(signature = (size, set, goal, cache_dir, build, force, progress=None))]
#[allow(clippy::too_many_arguments)]
fn tables_prepare(
    py: Python<'_>,
    size: &str,
    set: Option<&str>,
    goal: &str,
    cache_dir: Option<PathBuf>,
    build: bool,
    force: bool,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<(String, Vec<String>)> {
    let (w, h) = parse_size(size).map_err(|e| py_err(e.into()))?;
    HeuristicKind::Pdb.check_size(w, h).map_err(py_err)?;
    let goal_board = Goal::resolve(goal, w, h).map_err(py_err)?;
    let call = Call::new(cache_dir);
    let st = session().store(call.dir.clone());
    let spec = st.set_for(&goal_board, set, build).map_err(py_err)?;
    let got = call.run(py, progress.as_ref(), |work| {
        let on = work.on();
        let c = Some(work.cancel());
        match (build, force) {
            (true, true) => st.build(&goal_board, &spec, &on, c),
            (true, false) => st.load_or_build(&goal_board, &spec, &on, c),
            (false, _) => st.load(&goal_board, &spec, &on),
        }
    })?;
    let heur = got.map_err(py_err)?;
    let files =
        heur.pdbs().iter().map(|p| st.dir().map_or_else(|| p.file_name(), |d| d.join(p.file_name()).display().to_string())).collect();
    session().choose(st.clone(), &goal_board, spec.clone());
    Ok((spec.name, files))
}

/// The names of the pattern-database sets offered for a board size, strongest first.
#[pyfunction]
fn table_sets(size: &str) -> PyResult<Vec<String>> {
    let (w, h) = parse_size(size).map_err(|e| py_err(e.into()))?;
    HeuristicKind::Pdb.check_size(w, h).map_err(py_err)?;
    Ok(SetSpec::all_for(w, h).into_iter().map(|s| s.name).collect())
}

/// The algorithms, each as (name, summary, optimal, uses a heuristic).
#[pyfunction]
fn algorithms() -> Vec<(String, String, bool, bool)> {
    npuzzle::Algorithm::ALL
        .iter()
        .map(|a| (a.name().to_string(), a.info().summary.to_string(), a.info().optimal, a.info().uses_heuristic))
        .collect()
}

/// The algorithms' parameters as a JSON list, one object per parameter as the library
/// describes it (`npuzzle::search::ParamInfo`: key, name, help, kind, range, default): the
/// package's keyword arguments are these keys.
#[pyfunction]
fn params() -> PyResult<String> {
    let all: Vec<_> = npuzzle::search::Param::ALL.iter().map(|p| p.info()).collect();
    serde_json::to_string(&all).map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// The JSON Schema of a run's report (`npuzzle::solve::report_schema`): the package's result
/// types (`_types.py`) are written from it.
#[pyfunction]
fn report_schema() -> PyResult<String> {
    serde_json::to_string(&npuzzle::solve::report_schema()).map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// An amount of memory as users write it (`1G`, `512M`, or a number of bytes), in bytes: the
/// library's reader, the one `--max-memory` uses.
#[pyfunction]
fn parse_bytes(text: &str) -> PyResult<u64> {
    npuzzle::parse::parse_bytes(text).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The registered heuristics as a JSON list, each described by its own file's
/// [`npuzzle::heuristic::HeuristicInfo`].
#[pyfunction]
fn heuristic_info() -> PyResult<String> {
    let all: Vec<serde_json::Value> = HeuristicKind::ALL
        .iter()
        .map(|h| {
            let i = h.info();
            serde_json::json!({
                "name": i.name,
                "aliases": i.aliases,
                "title": i.title,
                "summary": i.summary,
                "admissible": i.admissible,
                "consistent": i.consistent,
                "source": i.source,
                "table": i.table,
                "max_cells": i.max_cells,
                "mtm": i.mtm,
                "tile_costs": i.tile_costs,
                "integral": i.integral,
            })
        })
        .collect();
    serde_json::to_string(&all).map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// The default cache directory: `$NPUZZLE_CACHE_DIR`, else the user's cache directory.
#[pyfunction]
fn default_cache_dir() -> PathBuf {
    npuzzle_host::cache_dir()
}

#[pymodule]
fn _npuzzle(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("BoardError", py.get_type::<BoardError>())?;
    m.add("UnsolvableError", py.get_type::<UnsolvableError>())?;
    m.add("TablesError", py.get_type::<TablesError>())?;
    // The audit's defaults, which `npuzzle.audit`'s signature shows.
    m.add("AUDIT_UNIFORM", npuzzle::audit::DEFAULT_UNIFORM)?;
    m.add("AUDIT_WALKS", npuzzle::audit::DEFAULT_WALKS)?;
    m.add("AUDIT_SEED", npuzzle::audit::DEFAULT_SEED)?;
    m.add("AUDIT_CONSEQUENCE_BOARDS", npuzzle::audit::DEFAULT_CONSEQUENCE_BOARDS)?;
    m.add("AUDIT_CONSEQUENCE_NODES", npuzzle::audit::DEFAULT_CONSEQUENCE_NODES)?;
    m.add_function(wrap_pyfunction!(solve_one, m)?)?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(trace_events, m)?)?;
    m.add_function(wrap_pyfunction!(trace_text, m)?)?;
    m.add_function(wrap_pyfunction!(tree_docs, m)?)?;
    m.add_function(wrap_pyfunction!(replay_doc, m)?)?;
    m.add_function(wrap_pyfunction!(exercise_docs, m)?)?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(bench_depth, m)?)?;
    m.add_function(wrap_pyfunction!(audit, m)?)?;
    m.add_function(wrap_pyfunction!(audit_requirement, m)?)?;
    m.add_function(wrap_pyfunction!(audit_svg, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(is_solvable, m)?)?;
    m.add_function(wrap_pyfunction!(heuristics, m)?)?;
    m.add_function(wrap_pyfunction!(tables_prepare, m)?)?;
    m.add_function(wrap_pyfunction!(table_sets, m)?)?;
    m.add_function(wrap_pyfunction!(algorithms, m)?)?;
    m.add_function(wrap_pyfunction!(heuristic_info, m)?)?;
    m.add_function(wrap_pyfunction!(params, m)?)?;
    m.add_function(wrap_pyfunction!(report_schema, m)?)?;
    m.add_function(wrap_pyfunction!(analyse, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(check_answers, m)?)?;
    m.add_function(wrap_pyfunction!(notation_read, m)?)?;
    m.add_function(wrap_pyfunction!(notation_write, m)?)?;
    m.add_function(wrap_pyfunction!(parse_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(default_cache_dir, m)?)?;
    Ok(())
}
