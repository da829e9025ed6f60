//! A full hand trace graded: at each step the node selected and the open list after it, each
//! entry with its g + h = f where the work writes them. It reads the layout `--trace` prints
//! (and `npuzzle exercise` asks for) and looser ones:
//!
//! ```text
//! Start S0, open: S0 0+4=4
//! Step 1: expand S0
//!   open: S2 (1 + 3 = 4), S1 (1 + 5 = 6), S3 (1 + 5 = 6)
//! 2. S2   open: S21 2+3=5, S22 2+3=5, S1 6, S3 6, S23 6
//! ```
//!
//! A step begins at a line that starts with `Step N`, `N.`, `N)`, `N:`, `expand` or `select`
//! (its first label is the node selected), or `Start` (the open list before the first
//! selection, or at the start of an iteration). The open list is what follows `open`,
//! `frontier`, `fringe`, `queue` or `stack` on that line and the lines after it: each label
//! with the numbers after it (three numbers: g, h and f; one: f). Lines that start with
//! `children`, `path`, `closed`, `explored`, `discard` or `goal` are skipped, with the lines
//! under them, up to the next open list or step; a line that starts with `solved` or `moves:`
//! ends the trace.

use super::diagnose::{diagnose, nodes_for, run_recorded, within_nodes, RunRecorded};
use super::limits::{DiagnosisLimits, MAX_ITEMS, MAX_TEXT};
use super::read::{labels_in, numbers_in};
use super::report::{Difference, Finding, Report, WorkKind};
use super::solution::reference_name;
use crate::error::Error;
use crate::limits::Limits;
use crate::record::{Event, Recorder};
use crate::search::Request;

/// The values written beside an open-list entry.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Values {
    /// None written.
    None,
    /// f alone.
    F(f64),
    /// g, h and f.
    Ghf(f64, f64, f64),
}

/// One entry of an open list, as written.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceEntry {
    /// Its label, upper case: `S21`.
    pub label: String,
    /// The values written beside it.
    pub values: Values,
}

/// One step of a hand trace.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct TraceStep {
    /// The node selected; `None` for a start (the open list before the first selection, or at
    /// the start of an iteration).
    pub selected: Option<String>,
    /// The open list after the step, next first; `None` when the work does not write it.
    pub open: Option<Vec<TraceEntry>>,
}

/// Words that open an open list.
const OPEN_WORDS: [&str; 6] = ["open", "frontier", "fringe", "queue", "stack", "priority"];
/// Words that open lines the trace check skips.
const SKIP_WORDS: [&str; 8] = ["children", "path", "closed", "explored", "discard", "goal", "generated", "successors"];

/// Where a step's header starts: `Some((is a start, the rest of the line))`.
fn header(line: &str) -> Option<(bool, &str)> {
    let t = line.trim_start();
    let lower = t.to_ascii_lowercase();
    if lower.starts_with("start") {
        return Some((true, &t[5..]));
    }
    for word in ["expand", "select"] {
        if lower.starts_with(word) {
            return Some((false, t));
        }
    }
    let rest = if lower.starts_with("step") { t[4..].trim_start() } else { t };
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let after = &rest[digits..];
    let numbered_step = lower.starts_with("step");
    match after.chars().next() {
        Some('.' | ')' | ':') => Some((false, &after[1..])),
        _ if numbered_step => Some((false, after)),
        _ => None,
    }
}

/// Where an open list begins in a line: the text after its keyword (and after the colon that
/// follows it, if any).
fn open_part(line: &str) -> Option<&str> {
    let lower = line.to_ascii_lowercase();
    let at = OPEN_WORDS.iter().filter_map(|w| lower.find(w)).min()?;
    let rest = &line[at..];
    Some(match rest.find(':') {
        Some(c) => &rest[c + 1..],
        None => rest.split_once(char::is_whitespace).map_or("", |(_, r)| r),
    })
}

/// The entries of a piece of an open list: each label with the numbers after it, up to the
/// next label (a `path …` after an entry is not read).
fn entries(text: &str) -> Result<Vec<TraceEntry>, Error> {
    let text = match text.to_ascii_lowercase().find("path") {
        Some(at) => &text[..at],
        None => text,
    };
    let labels = labels_in(text)?;
    let mut out = Vec::new();
    let mut rest = text;
    for (i, label) in labels.iter().enumerate() {
        // The label's place: it is written in any case.
        let Some(at) = rest.to_ascii_uppercase().find(label.as_str()) else { continue };
        rest = &rest[at + label.len()..];
        let upto = match labels.get(i + 1) {
            Some(next) => rest.to_ascii_uppercase().find(next.as_str()).unwrap_or(rest.len()),
            None => rest.len(),
        };
        let nums = numbers_in(&rest[..upto]);
        let values = match nums.len() {
            0 => Values::None,
            1 | 2 => Values::F(nums[nums.len() - 1]),
            _ => Values::Ghf(nums[0], nums[1], nums[nums.len() - 1]),
        };
        out.push(TraceEntry { label: label.clone(), values });
    }
    Ok(out)
}

/// Reads a hand trace; see the module documentation.
pub fn read_trace(text: &str) -> Result<Vec<TraceStep>, Error> {
    if text.len() > MAX_TEXT {
        return Err(Error::Invalid(format!("the work is {} bytes long; at most {MAX_TEXT} are read", text.len())));
    }
    #[derive(PartialEq)]
    enum Mode {
        Head,
        Open,
        Skip,
    }
    let mut steps: Vec<TraceStep> = Vec::new();
    let mut mode = Mode::Skip;
    let mut start = false;
    for raw in text.lines() {
        let line = raw.split('#').next().unwrap_or("");
        let lower = line.trim().to_ascii_lowercase();
        if lower.is_empty() || lower.starts_with("===") {
            continue;
        }
        if lower.starts_with("solved") || lower.starts_with("moves:") || lower.starts_with("no solution") {
            break;
        }
        if let Some((is_start, rest)) = header(line) {
            if steps.len() >= MAX_ITEMS {
                return Err(Error::Invalid(format!("the trace has more than {MAX_ITEMS} steps; at most {MAX_ITEMS} are read")));
            }
            start = is_start;
            let (head, open) = match open_part(rest) {
                Some(open) => (&rest[..rest.len() - open.len()], Some(open)),
                None => (rest, None),
            };
            let selected = if start { None } else { labels_in(head)?.into_iter().next() };
            let open = open.map(entries).transpose()?;
            mode = if open.is_some() { Mode::Open } else { Mode::Head };
            steps.push(TraceStep { selected, open });
            continue;
        }
        let Some(step) = steps.last_mut() else { continue };
        let first = lower.trim_start_matches(|c: char| !c.is_ascii_alphanumeric());
        if OPEN_WORDS.iter().any(|w| first.starts_with(w)) {
            let open = entries(open_part(line).unwrap_or(""))?;
            // A second open list in one step (after a discard) replaces the first.
            step.open = Some(open);
            mode = Mode::Open;
            continue;
        }
        if SKIP_WORDS.iter().any(|w| first.starts_with(w)) {
            mode = Mode::Skip;
            continue;
        }
        match mode {
            Mode::Open => step.open.get_or_insert_with(Vec::new).extend(entries(line)?),
            Mode::Head if step.selected.is_none() && !start => step.selected = labels_in(line)?.into_iter().next(),
            _ => {}
        }
    }
    if steps.iter().all(|s| s.selected.is_none()) {
        return Err(Error::Invalid(
            "no step of the trace names a node selected: begin each step with `Step N: expand S…` (or `N. S…`), then its open list".into(),
        ));
    }
    Ok(steps)
}

/// A step of the reference search: the node selected (`None` at a start) and the open list
/// after it, each entry as (label, g, h, f): as many entries as the work's open list there has,
/// and one more; `size` counts them all.
#[derive(Clone, Debug, Default)]
struct RefStep {
    selected: Option<String>,
    open: Vec<(String, f64, f64, f64)>,
    size: u64,
}

/// How much of each open list a check of `work` keeps: `caps[k]`, one entry more than the
/// longest open list the work writes after `k` selections (none where it writes none), so
/// every entry written is compared and a list cut short is seen. `None` when the work writes
/// neither an open list nor a start: then no open list is recorded at all.
fn open_caps(work: &[TraceStep]) -> Option<Vec<usize>> {
    if work.iter().all(|s| s.open.is_none() && s.selected.is_some()) {
        return None;
    }
    let mut caps = Vec::new();
    let mut at = 0;
    for s in work {
        at += usize::from(s.selected.is_some());
        if let Some(open) = &s.open {
            if caps.len() <= at {
                caps.resize(at + 1, 0);
            }
            caps[at] = caps[at].max(open.len() + 1);
        }
    }
    Some(caps)
}

/// The work's steps up to its `m`-th selection (all of them when it has fewer).
fn prefix(work: &[TraceStep], m: usize) -> &[TraceStep] {
    let mut seen = 0;
    for (i, s) in work.iter().enumerate() {
        seen += usize::from(s.selected.is_some());
        if seen == m && s.selected.is_some() {
            return &work[..=i];
        }
    }
    work
}

/// The first `n` selections of `req`'s search, with the starts and open lists between them, as
/// much of each open list as `caps` keeps ([`open_caps`]).
fn reference(req: &Request, n: usize, run: RunRecorded<'_>, caps: &Option<Vec<usize>>) -> Result<Vec<RefStep>, Error> {
    let mut r = req.clone();
    let cap = (n as u64).saturating_add(1);
    let nodes = nodes_for(req, n).min(super::VARIANT_NODES);
    r.limits = Limits { nodes: Some(nodes), ..req.limits.clone() };
    let mut rec = Recorder::new(req.start.len(), nodes as usize, caps.is_some()).with_selection_cap(cap);
    if let Some(caps) = caps {
        rec = rec.with_frontier_caps(caps.clone());
    }
    let rec = run(&r, rec)?;
    let mut steps: Vec<RefStep> = Vec::new();
    let mut selections = 0;
    // A new start opens at the search's first open list, and at each iteration's.
    let mut fresh = true;
    for e in &rec.events {
        match e {
            Event::Iteration { .. } => fresh = true,
            Event::Selected { label, .. } => {
                if selections == n {
                    break;
                }
                selections += 1;
                fresh = false;
                steps.push(RefStep { selected: Some(label.clone()), ..RefStep::default() });
            }
            Event::Frontier { entries, size, .. } => {
                if fresh {
                    steps.push(RefStep::default());
                    fresh = false;
                }
                if let Some(s) = steps.last_mut() {
                    s.open = entries.iter().map(|x| (x.label.clone(), f64::from(x.g), x.h.as_f64(), x.f.as_f64())).collect();
                    s.size = *size;
                }
            }
            _ => {}
        }
    }
    Ok(steps)
}

/// Where a trace first departs from a reference: (the step: the selections up to it, so a
/// start before the first selection is 0; whether it is a start; what was checked; expected;
/// got).
type Departure = (usize, bool, &'static str, Option<String>, Option<String>);

/// A step in words: `step 3`, or `the start` (of the search, or of an iteration).
fn step_words(at: usize, start: bool) -> String {
    match (start, at) {
        (true, 0) => "the start".into(),
        (true, n) => format!("the start after step {n}"),
        (false, n) => format!("step {n}"),
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-6
}

fn show_entry(label: &str, g: f64, h: f64, f: f64) -> String {
    format!("{label} {} + {} = {}", trim(g), trim(h), trim(f))
}

fn trim(x: f64) -> String {
    let s = format!("{x:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// An open list of the reference, `size` entries in all (those not kept shown as `…`).
fn show_open(open: &[(String, f64, f64, f64)], size: u64) -> String {
    if size == 0 {
        return "empty".into();
    }
    if open.is_empty() {
        return format!("{size} entries");
    }
    let shown = open.iter().map(|(l, g, h, f)| show_entry(l, *g, *h, *f)).collect::<Vec<_>>().join(", ");
    if size as usize > open.len() {
        format!("{shown}, … ({size} entries in all)")
    } else {
        shown
    }
}

/// Compares the work with a reference step by step; `None` when they agree throughout.
fn depart(work: &[TraceStep], reference: &[RefStep]) -> Option<Departure> {
    let mut r = 0;
    let mut at = 0;
    for w in work {
        at += usize::from(w.selected.is_some());
        // A start the work leaves out is passed over.
        if w.selected.is_some() {
            while reference.get(r).is_some_and(|s| s.selected.is_none()) {
                r += 1;
            }
        }
        let Some(want) = reference.get(r) else {
            let got = w.selected.clone().unwrap_or_else(|| "a start".into());
            return Some((at, w.selected.is_none(), "selected", None, Some(got)));
        };
        r += 1;
        if w.selected != want.selected {
            let show = |s: &Option<String>| Some(s.clone().unwrap_or_else(|| "a start".into()));
            return Some((at, w.selected.is_none(), "selected", show(&want.selected), show(&w.selected)));
        }
        let Some(open) = &w.open else { continue };
        for (k, e) in open.iter().enumerate() {
            let Some((label, g, h, f)) = want.open.get(k) else {
                return Some((
                    at,
                    w.selected.is_none(),
                    "open list",
                    Some(show_open(&want.open, want.size)),
                    Some(format!("{} (entry {})", e.label, k + 1)),
                ));
            };
            if &e.label != label {
                let got = format!("{} as entry {}", e.label, k + 1);
                return Some((
                    at,
                    w.selected.is_none(),
                    "open list",
                    Some(format!("{label} as entry {}: {}", k + 1, show_open(&want.open, want.size))),
                    Some(got),
                ));
            }
            let agrees = match e.values {
                Values::None => true,
                Values::F(wf) => close(wf, *f),
                Values::Ghf(wg, wh, wf) => close(wg, *g) && close(wh, *h) && close(wf, *f),
            };
            if !agrees {
                let got = match e.values {
                    Values::F(wf) => format!("{label} f = {}", trim(wf)),
                    Values::Ghf(wg, wh, wf) => show_entry(label, wg, wh, wf),
                    Values::None => unreachable!("no values always agree"),
                };
                return Some((at, w.selected.is_none(), "values", Some(show_entry(label, *g, *h, *f)), Some(got)));
            }
        }
        if open.len() < want.open.len() {
            let (label, ..) = &want.open[open.len()];
            return Some((
                at,
                w.selected.is_none(),
                "open list",
                Some(format!("{label} as entry {}: {}", open.len() + 1, show_open(&want.open, want.size))),
                Some("the end of the list".into()),
            ));
        }
    }
    // The work ends; the reference goes on.
    let next = reference[r.min(reference.len())..].iter().find_map(|s| s.selected.clone());
    next.map(|label| (at + 1, false, "selected", Some(label), None))
}

/// Grades a hand trace against `req`'s search, run by `run`: the nodes selected, the open
/// lists and the values, step by step. A wrong one gets the first difference and the nearby
/// variants that reproduce the whole trace.
///
/// The work runs to the reference's end (its goal, or its exhausted search) unless `steps`
/// asks for its first `steps` selections only (the steps a sheet asks about).
pub fn check_trace_by(req: &Request, work: &[TraceStep], steps: Option<usize>, run: RunRecorded<'_>) -> Result<Report, Error> {
    check_trace_with(req, work, steps, run, &DiagnosisLimits::default())
}

/// [`check_trace_by`], with the diagnosis bounded by `limits`.
pub fn check_trace_with(
    req: &Request,
    work: &[TraceStep],
    steps: Option<usize>,
    run: RunRecorded<'_>,
    limits: &DiagnosisLimits,
) -> Result<Report, Error> {
    let selected = work.iter().filter(|s| s.selected.is_some()).count();
    // One selection more than the work's shows whether the reference goes on.
    let n = steps.unwrap_or(selected.saturating_add(1)).min(MAX_ITEMS + 1);
    within_nodes(req, n)?;
    let caps = open_caps(work);
    let reference_steps = reference(req, n, run, &caps)?;
    let departure = depart(work, &reference_steps);
    let right = departure.is_none();
    let written = work.iter().filter(|s| s.open.is_some()).count();
    let valued = work.iter().flat_map(|s| s.open.iter().flatten()).filter(|e| e.values != Values::None).count();
    let failed = departure.as_ref().map(|d| d.2);
    // Each finding fails only for its own kind of difference (so a grader's points follow the
    // work's first mistake); past the first difference nothing is graded.
    let so_far = |n: usize, what: &str| match &departure {
        None => format!("{n} {what} agree"),
        Some((at, start, ..)) => format!("{n} {what} written; those before {}, the first difference, agree", step_words(*at, *start)),
    };
    let findings = vec![
        Finding {
            name: "nodes selected".into(),
            passed: failed != Some("selected"),
            says: match &departure {
                Some((at, _, "selected", want, None)) => {
                    format!("the work ends after step {}; the reference goes on to select {}", at - 1, want.as_deref().unwrap_or("-"))
                }
                Some((at, start, "selected", want, Some(got))) => format!(
                    "{} has {got}; the reference has {}",
                    step_words(*at, *start),
                    want.as_deref().unwrap_or("nothing more (it has ended)")
                ),
                _ => so_far(selected, "selections"),
            },
        },
        Finding {
            name: "open lists".into(),
            passed: failed != Some("open list"),
            says: match &departure {
                Some((at, start, "open list", want, got)) => {
                    format!(
                        "{}: {} — the reference has {}",
                        step_words(*at, *start),
                        got.as_deref().unwrap_or("-"),
                        want.as_deref().unwrap_or("-")
                    )
                }
                _ if written == 0 => "the work writes no open list".into(),
                _ => so_far(written, "open lists"),
            },
        },
        Finding {
            name: "g + h = f".into(),
            passed: failed != Some("values"),
            says: match &departure {
                Some((at, start, "values", want, got)) => {
                    format!(
                        "{}: {} — the reference has {}",
                        step_words(*at, *start),
                        got.as_deref().unwrap_or("-"),
                        want.as_deref().unwrap_or("-")
                    )
                }
                _ if valued == 0 => "the work writes no values".into(),
                _ => so_far(valued, "values"),
            },
        },
    ];
    let difference = departure.as_ref().map(|(at, _, _, want, got)| Difference { at: *at, expected: want.clone(), got: got.clone() });
    let (diagnoses, diagnosis_limit) = if right {
        (Vec::new(), None)
    } else {
        // Each round follows a variant for the work's first m selections; the last, for the
        // whole work and as far beyond it as the reference was followed.
        let len = selected.min(n);
        diagnose(req, len, limits, &mut |variant, m| {
            let last = m == len;
            let steps = reference(variant, if last { n } else { m }, run, &caps)?;
            Ok(depart(if last { work } else { prefix(work, m) }, &steps).is_none())
        })
    };
    Ok(Report { work: WorkKind::Trace, reference: reference_name(req), right, findings, difference, diagnoses, diagnosis_limit })
}

/// [`check_trace_by`] with the library's own runner.
pub fn check_trace(req: &Request, work: &[TraceStep], steps: Option<usize>) -> Result<Report, Error> {
    check_trace_by(req, work, steps, &run_recorded)
}
