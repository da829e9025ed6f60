//! The reference search's selections and the diagnosis of work that departs from them: the
//! nearby variants (another rule, move order, heuristic or algorithm), followed as far as the
//! work goes within [`super::DiagnosisLimits`].

use super::limits::{DiagnosisLimits, FIRST_ROUND, MAX_DIAGNOSES, VARIANT_NODES};
use super::read::Item;
use crate::board::{Board, MoveOrder};
use crate::clock::Instant;
use crate::error::Error;
use crate::heuristic::HeuristicKind;
use crate::limits::Limits;
use crate::record::{Event, Recorder};
use crate::search::{Algorithm, Conventions, Duplicates, GoalTestAt, Param, Params, Request, Ties};
use crate::solve::solve_observed;
use std::time::Duration;

/// Runs a recorded search and hands its recorder back: [`solve_observed`] by default; a front
/// end may run it its own way (the web service runs every recorded search through its progress
/// observer, so its WebAssembly build holds one copy of each search fewer).
pub type RunRecorded<'a> = &'a dyn Fn(&Request, Recorder) -> Result<Recorder, Error>;

/// The library's own way to run a recorded search.
pub(super) fn run_recorded(req: &Request, rec: Recorder) -> Result<Recorder, Error> {
    Ok(solve_observed(req, rec)?.1)
}

/// The most nodes a search of `n` selections generates: at most the metric's branching children
/// a selection, a root for each iteration (at most one a selection, and the first), and a few
/// more (bidirectional search's second root).
pub(super) fn nodes_for(req: &Request, n: usize) -> u64 {
    let b = req.metric.branching(req.start.width(), req.start.height()) as u64;
    (n as u64).saturating_add(2).saturating_mul(b + 1).saturating_add(16)
}

/// Refuses work whose reference search of `n` selections could record more than
/// [`VARIANT_NODES`] nodes.
pub(super) fn within_nodes(req: &Request, n: usize) -> Result<(), Error> {
    if nodes_for(req, n) > VARIANT_NODES {
        let b = req.metric.branching(req.start.width(), req.start.height()) as u64;
        let most = (VARIANT_NODES - 16) / (b + 1) - 2;
        return Err(Error::Invalid(format!(
            "grading this work follows the reference search for {n} expansions; on a {}×{} board under {} the check follows at most {most} (grade the first ones with steps)",
            req.start.width(),
            req.start.height(),
            req.metric
        )));
    }
    Ok(())
}

/// The first `n` selections of `req`'s search (fewer when it ends sooner), as labels and boards.
pub(super) fn selections(req: &Request, n: usize, run: RunRecorded<'_>) -> Result<Vec<(String, Board)>, Error> {
    let mut r = req.clone();
    let cap = (n as u64).saturating_add(1);
    // The search stops once it has generated the nodes its first n selections may generate
    // (it then has made them all); the request's time limit and cancel flag still hold.
    let nodes = nodes_for(req, n).min(VARIANT_NODES);
    r.limits = Limits { nodes: Some(nodes), ..req.limits.clone() };
    let rec = Recorder::new(req.start.len(), nodes as usize, false).with_selection_cap(cap);
    let rec = run(&r, rec)?;
    let mut out = Vec::new();
    for e in &rec.events {
        if let Event::Selected { id, label, .. } = e {
            let board = match rec.node(*id) {
                Some(node) => {
                    Board::new(req.start.width(), req.start.height(), node.board.clone()).map_err(|e| Error::Internal(e.to_string()))?
                }
                None => continue,
            };
            out.push((label.clone(), board));
            if out.len() >= n {
                break;
            }
        }
    }
    Ok(out)
}

/// How many items agree from the first on.
pub(super) fn agreeing(work: &[Item], reference: &[(String, Board)]) -> usize {
    work.iter()
        .zip(reference)
        .take_while(|(w, (label, board))| match w {
            Item::Label(l) => l == label,
            Item::Board(b) => b == board,
        })
        .count()
}

/// How an algorithm orders its frontier, for a diagnosis.
pub(super) fn ordering(a: Algorithm) -> &'static str {
    match a.name() {
        "astar" => "f = g + h",
        "greedy" => "f = h",
        "ucs" => "f = g",
        "bfs" => "first in, first out",
        "dfs" => "last in, first out",
        "weighted-astar" => "f = g + w·h",
        _ => "",
    }
}

/// A title inside a sentence: `Greedy best-first search` as `greedy best-first search`, `A*` as is.
pub(super) fn in_sentence(title: &str) -> String {
    let mut chars = title.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if second.is_lowercase() => format!("{}{}", first.to_lowercase(), &title[first.len_utf8()..]),
        _ => title.to_string(),
    }
}

pub(super) fn alg_words(a: Algorithm) -> String {
    let o = ordering(a);
    let title = in_sentence(a.info().title);
    if o.is_empty() {
        title.to_string()
    } else {
        format!("{title} ({o})")
    }
}

/// The nearby variants of `req`, each with the words that name how it differs, closest first:
/// the other tree searches with the same heuristic, the other heuristics, the other move
/// orders, then the other tree searches with each other heuristic. h = 0 is left to uniform-cost search, which it turns A* into.
pub(super) fn variants(req: &Request) -> Vec<(Request, String)> {
    let info = req.algorithm.info();
    let mut out = Vec::new();
    let letters = ['U', 'D', 'L', 'R'];
    let mut orders = Vec::new();
    for a in 0..4 {
        for b in 0..4 {
            for c in 0..4 {
                for d in 0..4 {
                    let s: String = [letters[a], letters[b], letters[c], letters[d]].iter().collect();
                    if let Ok(o) = MoveOrder::parse(&s) {
                        orders.push(o);
                    }
                }
            }
        }
    }
    let mut by_order = Vec::new();
    for o in orders {
        if o != req.order {
            by_order.push((
                req.clone().order(o),
                format!("matches {} with the children generated in the order {o}, not {}", in_sentence(info.title), req.order),
            ));
        }
    }
    let heuristics: Vec<HeuristicKind> =
        [HeuristicKind::Misplaced, HeuristicKind::Manhattan, HeuristicKind::LinearConflict, HeuristicKind::Euclidean]
            .into_iter()
            .filter(|&h| !req.heuristic.is(h))
            .collect();
    if info.uses_heuristic {
        for &h in &heuristics {
            out.push((
                req.clone().heuristic(h),
                format!("matches {} with h = {}, not h = {}", in_sentence(info.title), h.name(), req.heuristic.name()),
            ));
        }
    }
    let others: Vec<Algorithm> = Algorithm::ALL
        .iter()
        .copied()
        .filter(|&a| {
            let i = a.info();
            // The plain tree searches: one tree from the start, on the general search.
            a != req.algorithm && i.kind == crate::search::Kind::Tree && (i.check_size)(req.start.width(), req.start.height()).is_ok()
        })
        .collect();
    let mut by_algorithm = Vec::new();
    for &a in &others {
        let h = if a.info().uses_heuristic { format!(" with h = {}", req.heuristic.name()) } else { String::new() };
        by_algorithm.push((req.clone().algorithm(a), format!("matches {}{h}, not {}", alg_words(a), alg_words(req.algorithm))));
    }
    // The closest first: the same search under another rule (goal test, repeated states,
    // ties), another algorithm on the same heuristic (f = h, f = g), another heuristic, another
    // move order, then both algorithm and heuristic changed.
    out.splice(0..0, by_algorithm);
    out.splice(0..0, by_rule(req));
    out.extend(by_order);
    for &a in others.iter().filter(|a| a.info().uses_heuristic) {
        for &h in &heuristics {
            out.push((
                req.clone().algorithm(a).heuristic(h),
                format!(
                    "matches {} with h = {}, not {} with h = {}",
                    alg_words(a),
                    h.name(),
                    alg_words(req.algorithm),
                    req.heuristic.name()
                ),
            ));
        }
    }
    out
}

/// The same search under each other rule it reads, with the words that name the rule: `the
/// goal was tested when generated (--goal-test generation)`.
pub(super) fn by_rule(req: &Request) -> Vec<(Request, String)> {
    let info = req.algorithm.info();
    let title = in_sentence(info.title);
    let now = Conventions::of(info, &req.params);
    let mut out = Vec::new();
    let with = |f: &dyn Fn(&mut Params)| {
        let mut r = req.clone();
        f(&mut r.params);
        r
    };
    let when = |g: GoalTestAt| if g == GoalTestAt::Generation { "generated" } else { "selected" };
    if info.takes(Param::GoalTest) {
        for &g in GoalTestAt::ALL.iter().filter(|&&g| g != now.goal_test) {
            let words =
                format!("matches {title} with the goal tested when {}, not when {} (--goal-test {g})", when(g), when(now.goal_test));
            out.push((with(&|p| p.goal_test = Some(g)), words));
        }
    }
    if info.takes(Param::Duplicates) {
        for &d in Duplicates::ALL.iter().filter(|&&d| d != now.duplicates && info.duplicates.contains(&d)) {
            let what = match d {
                Duplicates::None => "no repeated state skipped, not even the move back to the parent",
                Duplicates::Parent => "only the move back to the parent skipped",
                Duplicates::Path => "only states on a node's own path skipped",
                Duplicates::Explored => "states already expanded skipped when taken (an explored set)",
                Duplicates::Reached => "states already reached skipped unless reached more cheaply",
            };
            out.push((with(&|p| p.duplicates = Some(d)), format!("matches {title} with {what} (--duplicates {d})")));
        }
    }
    if info.takes(Param::Ties) {
        let how = |t: Ties| match t {
            Ties::Fifo => "first in, first out",
            Ties::Lifo => "last in, first out",
            Ties::LowH => "lower h first",
            Ties::HighG => "higher g first",
        };
        for &t in Ties::ALL.iter().filter(|&&t| t != now.ties) {
            let words = format!("matches {title} with ties broken {}, not {} (--ties {t})", how(t), how(now.ties));
            out.push((with(&|p| p.ties = Some(t)), words));
        }
    }
    out
}

/// A duration in words: `10 s`, `250 ms`.
pub(super) fn duration_words(d: Duration) -> String {
    if d.subsec_nanos() == 0 {
        format!("{} s", d.as_secs())
    } else {
        format!("{} ms", d.as_millis())
    }
}

/// The nearby variants of `req` ([`variants`]) tried against work of `len` expansions:
/// `reproduces(variant, m)` runs one as far as the work's first `m` expansions (its whole and
/// its end when `m == len`) and says whether it reproduces them. Every variant is followed for
/// [`FIRST_ROUND`] expansions, those that still agree four times as far, and so on to the
/// work's end, so the many variants that part from the work early cost little. Returns the
/// variants that reproduce the whole work (at most [`super::MAX_DIAGNOSES`], closest first) and, when
/// a limit of `limits` (or the request's own time limit or cancel flag) stopped the diagnosis
/// short, the limit in words.
pub(super) fn diagnose(
    req: &Request,
    len: usize,
    limits: &DiagnosisLimits,
    reproduces: &mut dyn FnMut(&Request, usize) -> Result<bool, Error>,
) -> (Vec<String>, Option<String>) {
    if len == 0 {
        return (Vec::new(), None);
    }
    if len > limits.expansions {
        return (Vec::new(), Some(format!("the work has {len} expansions, more than the {} a diagnosis follows", limits.expansions)));
    }
    let began = Instant::now();
    let budget = req.limits.time.map_or(limits.time, |t| t.min(limits.time));
    let cancelled = || req.limits.cancel.as_ref().is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed));
    let mut candidates = variants(req);
    let total = candidates.len();
    let mut m = FIRST_ROUND.min(len);
    loop {
        let last = m == len;
        let mut kept: Vec<(Request, String)> = Vec::new();
        for (tried, (variant, words)) in candidates.iter().enumerate() {
            let left = budget.saturating_sub(began.elapsed());
            let mut v = variant.clone();
            v.limits.time = Some(left);
            // A run the budget or the cancel flag may have cut short proves nothing.
            let result = if left.is_zero() || cancelled() { None } else { Some(reproduces(&v, m)) };
            if result.is_none() || began.elapsed() >= budget || cancelled() {
                // The variants still in question: those kept that the work's end must still
                // confirm, and those not yet tried this round.
                let open = if last { 0 } else { kept.len() } + candidates.len() - tried;
                let found = if last { kept.into_iter().map(|(_, w)| w).collect() } else { Vec::new() };
                let what = if cancelled() {
                    "the diagnosis was cancelled".to_string()
                } else {
                    format!("the time budget of {} ran out", duration_words(budget))
                };
                return (found, Some(format!("{what} with {open} of the {total} nearby variants not followed to the work's end")));
            }
            if let Some(Ok(true)) = result {
                kept.push((variant.clone(), words.clone()));
                if last && kept.len() == MAX_DIAGNOSES {
                    break;
                }
            }
        }
        if last || kept.is_empty() {
            return (if last { kept.into_iter().map(|(_, w)| w).collect() } else { Vec::new() }, None);
        }
        candidates = kept;
        m = m.saturating_mul(4).min(len);
    }
}
