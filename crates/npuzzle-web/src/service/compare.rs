//! `POST /api/compare`: every run of a comparison, timed, in order or streamed.

use super::*;

/// A compare request read and checked, ready to run.
#[derive(Debug)]
pub struct CompareJob {
    /// The start board.
    pub start: Board,
    /// The goal board.
    pub goal: Board,
    /// One request a run.
    pub reqs: Vec<Request>,
    /// Whether the caller asked for a stream.
    pub stream: bool,
}

/// The fields of a compare request beyond the specification.
#[derive(Deserialize, Debug)]
pub(super) struct CompareExtras {
    start: BoardInput,
    runs: Vec<npuzzle::compare::Run>,
    #[serde(default)]
    stream: bool,
}

/// Runs faster than this are timed again, up to [`TIMING_SAMPLES`] times in all within
/// [`TIMING_BUDGET`], and the median is reported: one sub-millisecond sample is mostly noise.
pub(super) const TIMING_REPEAT_BELOW: Duration = Duration::from_millis(200);
/// Most timing samples of one compare run.
pub(super) const TIMING_SAMPLES: usize = 7;
/// Most wall time spent on repeated timings of one compare run.
pub(super) const TIMING_BUDGET: Duration = Duration::from_millis(600);

/// Lowers a compare run's time limit to what is left before the compare's `deadline` (at least
/// a millisecond, so the run still reports how far it got).
pub(super) fn within(req: &mut Request, deadline: Instant) {
    let left = deadline.saturating_duration_since(Instant::now()).max(Duration::from_millis(1));
    req.limits.time = Some(req.limits.time.map_or(left, |t| t.min(left)));
}

impl Service {
    /// A compare request's body read and checked: every run is the shared specification with
    /// its own algorithm, heuristic, weight and depth bound, validated the same way.
    pub fn compare_job(&self, bytes: &[u8], cancel: Option<Arc<AtomicBool>>) -> Result<CompareJob, ApiError> {
        let (body, spec): (CompareExtras, Spec) = parse_json(bytes, &["start", "runs", "stream"])?;
        let caps = self.caps();
        let base = request(&plan_capped(&caps, &spec, cancel.clone())?, &body.start)?;
        let (start, goal) = (base.start.clone(), base.goal.clone());
        if body.runs.is_empty() {
            return Err(ApiError::bad_request("runs is empty: give at least one {\"algorithm\", \"heuristic\"} pair"));
        }
        if body.runs.len() > self.limits.max_compare {
            return Err(ApiError::unprocessable(format!(
                "{} runs asked for; one compare request runs at most {}",
                body.runs.len(),
                self.limits.max_compare
            )));
        }
        ensure_solvable(&start, &goal)?;
        let mut reqs = Vec::with_capacity(body.runs.len());
        for run in &body.runs {
            let run_spec = run.spec(&spec);
            let req = request(&plan_capped(&caps, &run_spec, cancel.clone())?, &body.start)?;
            req.effective_heuristic().check_size(req.goal.width(), req.goal.height()).map_err(|e| ApiError::bad_request(e.to_string()))?;
            self.check_tables(&req)?;
            reqs.push(req);
        }
        Ok(CompareJob { start, goal, reqs, stream: body.stream })
    }

    /// One compare run: the search (with live counts when `shared` is given), then, when it was
    /// quick, more timed runs with no observer; `stats.time_ms` becomes their median and `timing`
    /// says how many samples it took.
    pub fn compare_run(&self, req: &mut Request, shared: Option<Arc<Shared>>) -> Result<CompareRow, ApiError> {
        self.prepare(req, shared.as_deref())?;
        let mut solved = self.run_solve(req, Record { tree: false, trace: false, cap: 0 }, shared)?;
        let first = solved.report.stats.time.as_secs_f64() * 1e3;
        let mut samples = vec![first];
        let cancelled = || req.limits.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed));
        if solved.report.status == Status::Solved && first < TIMING_REPEAT_BELOW.as_secs_f64() * 1e3 {
            let began = Instant::now();
            // The first run had an observer counting for the progress line; repeat without one.
            samples.clear();
            while samples.len() < TIMING_SAMPLES && (samples.is_empty() || began.elapsed() < TIMING_BUDGET) && !cancelled() {
                let (out, _) = search(req, NoObserver, None)?;
                if out.status != Status::Solved {
                    break;
                }
                samples.push(out.stats.time.as_secs_f64() * 1e3);
            }
            if samples.is_empty() {
                samples.push(first);
            }
        }
        samples.sort_by(f64::total_cmp);
        let n = samples.len();
        // Milliseconds to the microsecond, as `stats.time_ms` is written.
        let ms = |x: f64| (x * 1e3).round() / 1e3;
        let median = ms(if n % 2 == 1 { samples[n / 2] } else { (samples[n / 2 - 1] + samples[n / 2]) / 2.0 });
        solved.report.stats.time = Duration::from_secs_f64(median / 1e3);
        if let Some(p) = solved.report.path.as_mut() {
            p.clear();
        }
        Ok(CompareRow {
            report: solved.report,
            timing: Timing { samples: n, median_ms: median, min_ms: ms(samples[0]), max_ms: ms(samples[n - 1]) },
        })
    }

    /// Every run of a compare, one after another, sharing one time cap counted from now: the
    /// answer of a compare request that asked for no stream.
    pub fn compare_all(&self, job: &mut CompareJob) -> Result<Compared, ApiError> {
        let deadline = Instant::now() + self.limits.time_cap;
        let results = job
            .reqs
            .iter_mut()
            .map(|r| {
                within(r, deadline);
                self.compare_run(r, None)
            })
            .collect::<Result<Vec<CompareRow>, ApiError>>()?;
        Ok(Compared { start: job.start.clone(), goal: job.goal.clone(), results })
    }

    /// The runs of a compare in order on this thread, under one time cap counted from now,
    /// giving `send` a `row` (or `error`) line as each finishes and `done` at the end.
    pub fn compare_stream(&self, reqs: &mut [Request], shared: &Arc<Shared>, send: &mut dyn FnMut(CompareLine)) {
        let deadline = Instant::now() + self.limits.time_cap;
        for (i, r) in reqs.iter_mut().enumerate() {
            shared.reset(i as u64);
            within(r, deadline);
            match self.compare_run(r, Some(shared.clone())) {
                Ok(row) => send(CompareLine::Row { index: i, result: Box::new(row) }),
                Err(e) => {
                    send(CompareLine::Error { index: Some(i), error: e.message().to_string() });
                    return;
                }
            }
            if r.limits.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
                return;
            }
        }
        send(CompareLine::Done);
    }
}
