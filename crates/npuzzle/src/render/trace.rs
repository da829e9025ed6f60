//! The numbered text trace of a [`Recorder`], meant to be read next to a hand execution
//! ([`render_text`]). The same search as JSON is simply the recorder's events, serialised.
//!
//! A *step* is one selection of a node: for expansion, or, when an algorithm that tests on
//! selection selects the goal, for that test (`Step 7: select S22111, the goal`: the goal is not
//! expanded). Each step shows the selected node with its path from `S0` and `g + h = f`, its
//! board, every child generated (label, move, board, `g + h = f`, and what became of it), and
//! the frontier afterwards in the order the algorithm will take it. Iteration bounds (IDA*, iterative deepening), incumbents (DFBnB), backed-up
//! values (RBFS) and the goal appear where they happen.
//!
//! [`json_trace`] gives the same search as a JSON stream: a [`TraceStart`], the recorder's
//! events of the shown steps, and a [`TraceEnd`] carrying the run's report. The CLI's
//! `--trace --format json` and the Python package's `trace` both write exactly these.

use crate::board::{Board, Tile};
use crate::cost::{Cost, CostModel};
use crate::metric::Metric;
use crate::record::{Event, Node, Recorder};
use crate::search::observer::Fate;
use crate::search::{Algorithm, Bound, Conventions, GoalTest, Why};
use crate::solve::{Report, Request};
use serde::Serialize;
use std::fmt::Write;

/// Default number of steps a trace shows.
pub const DEFAULT_LIMIT: u64 = 200;

/// Frontier entries listed per step in the text trace; the rest are counted.
pub const FRONTIER_SHOWN: usize = 50;

/// What a trace is about.
#[derive(Clone, Copy, Debug)]
pub struct Setup {
    /// The algorithm that ran.
    pub algorithm: Algorithm,
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// Most steps (selections) to show.
    pub limit: u64,
    /// What a move costs: under tile costs the trace says so first, g, h and f are in cost
    /// units, and each child says which tile its move slid and what that cost.
    pub cost: CostModel,
}

/// The trace's first line: `Trace: astar, heuristic misplaced, order LURD, goal 1 2 3/8 0 4/7 6 5`,
/// with the step costs when they are not unit costs, the metric when moves are counted in
/// slides (`, metric mtm: each slide of one or more tiles is one move`) and the rules when they
/// are not the algorithm's own (`, rules: goal test at generation, duplicates: none`).
pub fn heading(req: &Request) -> String {
    let mut cost = if req.cost.is_unit() { String::new() } else { format!(", cost {}", req.cost) };
    if req.metric == Metric::Mtm {
        cost.push_str(", metric mtm: each slide of one or more tiles is one move");
    }
    let info = req.algorithm.info();
    let rules = Conventions::of(info, &req.params).differences(info);
    let rules = if rules.is_empty() { String::new() } else { format!(", rules: {}", rules.join(", ")) };
    format!("Trace: {}, heuristic {}, order {}{cost}, goal {}{rules}", req.algorithm, req.effective_heuristic(), req.order, req.goal)
}

/// What the trace says first about the cost model under which `a` ran: nothing under unit
/// costs; under others what a move costs, and why `a` is not optimal under them if it is not.
pub fn cost_lines(a: Algorithm, cost: CostModel) -> String {
    if cost.is_unit() {
        return String::new();
    }
    let mut s = format!("Cost model: {cost}: {}; g, h and f are in cost units.\n", cost.summary());
    if let Some(note) = a.info().cost_note {
        s.push_str(&format!("Not optimal under these costs: {note}.\n"));
    }
    s
}

/// `g + h = f: 1 + 3 = 4` when f is g + h; otherwise each value on its own (greedy orders by h,
/// weighted A* by g + W·h, RBFS by a backed-up F).
pub fn ghf(g: u32, h: Cost, f: Cost) -> String {
    if Cost::moves(g) + h == f {
        format!("g + h = f: {g} + {h} = {f}")
    } else {
        format!("g = {g}, h = {h}, f = {f}")
    }
}

/// A board on one line, rows separated by `/`, the blank as `_`.
pub fn board_line(tiles: &[Tile], width: usize) -> String {
    let cellw = (tiles.len() - 1).to_string().len();
    tiles
        .chunks(width)
        .map(|row| {
            row.iter().map(|&t| if t == 0 { format!("{:>cellw$}", "_") } else { format!("{t:>cellw$}") }).collect::<Vec<_>>().join(" ")
        })
        .collect::<Vec<_>>()
        .join(" / ")
}

fn board_grid(tiles: &[Tile], width: usize, indent: &str) -> String {
    let cellw = (tiles.len() - 1).to_string().len();
    let mut s = String::new();
    for row in tiles.chunks(width) {
        s.push_str(indent);
        let cells: Vec<String> = row.iter().map(|&t| if t == 0 { format!("{:>cellw$}", "_") } else { format!("{t:>cellw$}") }).collect();
        s.push_str(&cells.join(" "));
        s.push('\n');
    }
    s
}

/// Labels most shown in a path before the middle is elided.
pub const PATH_SHOWN: usize = 8;

/// `S0 -> S2 -> S21`; a long path keeps its two first and three last labels (each label already
/// spells its whole path).
pub fn path_text(labels: &[String]) -> String {
    if labels.len() <= PATH_SHOWN {
        return labels.join(" -> ");
    }
    let n = labels.len();
    format!("{} -> … {} more … -> {}", labels[..2].join(" -> "), n - 5, labels[n - 3..].join(" -> "))
}

fn fate_text(a: Algorithm, n: &Node, bound: Option<Cost>, incumbent: Option<u32>) -> String {
    let info = a.info();
    let tested = info.words.tested.filter(|_| info.goal_test == GoalTest::OnGeneration);
    match (n.fate, tested) {
        (Fate::Added, Some((added, _))) => added.to_string(),
        (Fate::Added, None) => "added".to_string(),
        (Fate::Goal, Some((_, goal))) => goal.to_string(),
        (Fate::Goal, None) => "goal".to_string(),
        (Fate::Duplicate, _) => "duplicate: dropped".to_string(),
        (Fate::Pruned, _) => match (info.words.bound, bound, incumbent) {
            (Some(Bound::Incumbent), _, Some(c)) => format!("pruned by bound: f {} ≥ incumbent {c}", n.f),
            (Some(Bound::Depth), Some(b), _) => format!("pruned by bound: depth {} > limit {}", n.depth, b),
            (_, Some(b), _) => format!("pruned by bound: f {} > bound {b}", n.f),
            _ => "pruned by bound".to_string(),
        },
    }
}

/// What an iteration's bound is called in the trace.
fn bound_name(a: Algorithm) -> &'static str {
    a.info().words.bound.map_or("bound", Bound::name)
}

/// Renders the recorded search as a numbered text trace of at most `setup.limit` steps. When
/// more steps ran, the last line says how many were not shown.
pub fn render_text(rec: &Recorder, setup: &Setup) -> String {
    let a = setup.algorithm;
    let frontier_name = a.info().frontier;
    let w = setup.width;
    let mut s = String::new();
    let mut step = 0u64;
    let mut bound: Option<Cost> = None;
    let mut incumbent: Option<u32> = None;
    // A local search's current h, for its moves' wording.
    let mut current_h = Cost::ZERO;
    // The "children:" heading waits for the first child, so a goal selected and not expanded
    // shows none.
    let mut heading = false;
    let path = |id| path_text(&rec.path_labels(id));
    s.push_str(&cost_lines(a, setup.cost));
    for (i, ev) in rec.events.iter().enumerate() {
        if ev.begins_step() && step >= setup.limit {
            break;
        }
        match ev {
            Event::Generated { node: n, .. } => match n.parent {
                None => {
                    let side = if n.label.starts_with('G') { " (the backward search, from the goal)" } else { "" };
                    let _ = writeln!(s, "Start {}{side}, {}", n.label, ghf(n.g, n.h, n.f));
                    s.push_str(&board_grid(&n.board, w, "  "));
                    if n.fate == Fate::Goal {
                        let _ = writeln!(s, "  the start is the goal");
                    }
                }
                Some(_) => {
                    if heading {
                        let _ = writeln!(s, "  children:");
                        heading = false;
                    }
                    let mv = n.mv.clone().unwrap_or_default();
                    // Under step costs, which tile the move slid (it sits where the parent's
                    // blank was) and what it cost.
                    let slid = match n.parent.and_then(|p| rec.node(p)) {
                        Some(parent) if !setup.cost.is_unit() => parent
                            .board
                            .iter()
                            .position(|&t| t == 0)
                            .map(|b| n.board[b])
                            .map_or(String::new(), |t| format!("  tile {t} +{}", setup.cost.step(t))),
                        _ => String::new(),
                    };
                    let _ = writeln!(
                        s,
                        "    {:<6} {mv}{slid}  {}   {}   {}",
                        n.label,
                        board_line(&n.board, w),
                        ghf(n.g, n.h, n.f),
                        fate_text(a, n, bound, incumbent)
                    );
                }
            },
            Event::Selected { id, f, .. } => {
                step += 1;
                let Some(n) = rec.node(*id) else { continue };
                // A node selected and found to be the goal is tested, not expanded.
                let is_goal = matches!(rec.events.get(i + 1), Some(Event::Goal { id: g, .. }) if g == id);
                let what = if is_goal { format!("select {}, the goal", n.label) } else { format!("expand {}", n.label) };
                let _ = writeln!(s, "\nStep {step}: {what}   {}", ghf(n.g, n.h, *f));
                let _ = writeln!(s, "  path: {}", path(*id));
                s.push_str(&board_grid(&n.board, w, "  "));
                heading = true;
            }
            Event::Discarded { label, why, .. } => {
                let because =
                    if why.is_none_or(|w| w.is_bound()) { "but the bound now cuts it" } else { "but its state was already expanded" };
                let _ = writeln!(s, "  discard {label} (taken from the {frontier_name}, {because})");
            }
            Event::Frontier { size, entries, .. } => {
                heading = false;
                let _ = writeln!(s, "  {frontier_name}:{}", if *size == 0 { " empty" } else { "" });
                for e in entries.iter().take(FRONTIER_SHOWN) {
                    let value = match rec.node(e.id) {
                        Some(n) if e.f != n.f => format!("F = {} (backed up; {})", e.f, ghf(n.g, n.h, n.f)),
                        _ => ghf(e.g, e.h, e.f),
                    };
                    let _ = writeln!(s, "    {:<6} {:<26} path {}", e.label, value, path(e.id));
                }
                let shown = entries.len().min(FRONTIER_SHOWN) as u64;
                if *size > shown {
                    let _ = writeln!(s, "    … and {} more", size - shown);
                }
            }
            Event::Iteration { number, bound: b, .. } => {
                bound = Some(*b);
                let _ = writeln!(s, "\n=== Iteration {number}: {} {b} ===", bound_name(a));
            }
            Event::IterationEnd { next, .. } => match next {
                Some(nb) => {
                    let _ = writeln!(s, "=== Iteration ends without a solution: next {} {nb} ===", bound_name(a));
                }
                None => {
                    let _ = writeln!(s, "=== Iteration ends: nothing was cut off, no solution ===");
                }
            },
            Event::Incumbent { label, cost, .. } => {
                incumbent = Some(*cost);
                let _ = writeln!(s, "  new incumbent {label} with cost {cost}: the bound is now {cost}");
            }
            Event::BackedUp { label, f, .. } => {
                let _ = writeln!(s, "  back up: {label} gets F = {f}");
            }
            Event::Goal { id, label, .. } => {
                let _ = writeln!(s, "  goal {label} reached: {}", path(*id));
            }
            Event::LocalCurrent { board, h, initial, member, temperature, restart, .. } => {
                current_h = *h;
                let t = temperature.map_or(String::new(), |t| format!(", T = {t:.3}"));
                let begins = match (initial, restart) {
                    (false, _) => "",
                    (true, None) => "  (start)",
                    (true, Some(_)) => "  (the restart's climb begins)",
                };
                match member {
                    None => {
                        step += 1;
                        let _ = writeln!(s, "\nStep {step}: current h = {h}{t}{begins}");
                        s.push_str(&board_grid(board, w, "  "));
                        heading = true;
                    }
                    Some(i) => {
                        if *i == 0 {
                            step += 1;
                            let _ = writeln!(s, "\nStep {step}: the beam{begins}");
                        }
                        let _ = writeln!(s, "  [{i}] {}   h = {h}", board_line(board, w));
                        // The neighbours of all the beam's states follow its last state.
                        heading |= *i == 0;
                    }
                }
            }
            Event::LocalNeighbour { mv, board, h, member, .. } => {
                if heading {
                    let _ = writeln!(s, "  neighbours:");
                    heading = false;
                }
                let of = member.map_or(String::new(), |i| format!("of [{i}] "));
                let _ = writeln!(s, "    {of}{mv}  {}   h = {h}", board_line(board, w));
            }
            Event::LocalChoice { mv, h, reason, member, from, .. } => match (member, from) {
                (Some(j), Some(i)) => {
                    let _ = writeln!(s, "  next beam [{j}] ← [{i}] {mv}, h = {h}: {reason}");
                }
                _ if matches!(reason, Why::Rejected { .. }) => {
                    let _ = writeln!(s, "  stay: move {mv} (h {current_h} → {h}) {reason}");
                }
                _ => {
                    let _ = writeln!(s, "  move {mv} (h {current_h} → {h}): {reason}");
                }
            },
            Event::LocalRestart { number, walk, .. } => {
                let _ = writeln!(s, "\n=== Restart {number}: a random walk of {} moves from the start: {walk} ===", walk.len());
            }
            Event::LocalEnd { stuck, .. } => match stuck {
                None => {
                    let _ = writeln!(s, "  the goal: h = {current_h}");
                }
                Some(why) => {
                    let _ = writeln!(s, "  {why}");
                }
            },
        }
    }
    let shown = step;
    if rec.expansions > shown {
        let why = if shown < setup.limit && rec.truncated {
            "the recorder's node cap was reached".to_string()
        } else {
            format!("--trace-limit {}", setup.limit)
        };
        let more = rec.expansions - shown;
        let _ = writeln!(s, "\n… {more} more step{} not shown ({why})", if more == 1 { "" } else { "s" });
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::MoveOrder;
    use crate::parse::parse_board;
    use crate::solve::{solve_observed, Request};
    use crate::HeuristicKind;

    fn nilsson(a: Algorithm) -> (crate::Outcome, Recorder) {
        let start = parse_board("2 8 3/1 6 4/7 0 5").unwrap();
        let goal = parse_board("1 2 3/8 0 4/7 6 5").unwrap();
        let req = Request::new(start, goal).algorithm(a).heuristic(HeuristicKind::Misplaced).order(MoveOrder::parse("LURD").unwrap());
        solve_observed(&req, Recorder::new(9, 100_000, true)).unwrap()
    }

    fn selected_labels(rec: &Recorder) -> Vec<String> {
        rec.events
            .iter()
            .filter_map(|s| match s {
                Event::Selected { label, .. } => Some(label.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_trace_under_tile_costs_says_so_and_prices_each_move() {
        let start = parse_board("1 2 3/4 5 6/0 7 8").unwrap();
        let goal = crate::goal::Goal::BlankLast.board(3, 3).unwrap();
        let req = Request::new(start, goal).algorithm(Algorithm::Bfs).cost(CostModel::Tile);
        let (out, rec) = solve_observed(&req, Recorder::new(9, 1000, true)).unwrap();
        assert_eq!(out.cost, Some(15));
        let text = render_text(&rec, &Setup { algorithm: Algorithm::Bfs, width: 3, height: 3, limit: 100, cost: CostModel::Tile });
        assert!(text.starts_with("Cost model: tile: moving tile t costs t"), "{text}");
        assert!(text.contains("Not optimal under these costs: breadth-first search finds the fewest moves"), "{text}");
        // The start's blank moves right, sliding 7 left: g = 7.
        assert!(text.contains("R  tile 7 +7"), "{text}");
        assert!(text.contains("g + h = f: 7 + 0 = 7"), "{text}");
    }

    #[test]
    fn astar_on_the_nilsson_example_selects_in_textbook_order() {
        // Misplaced tiles, LURD: S0 (f 4), then the U child S2 (1 + 3), its U child S22
        // (2 + 2)... wait for ties: S21 (L, 2 + 3 = 5) and S23 (R, 2 + 3 = 5) stay behind S22.
        let (out, rec) = nilsson(Algorithm::Astar);
        assert_eq!(out.cost, Some(5));
        let order = selected_labels(&rec);
        assert_eq!(order[..2], ["S0", "S2"]);
        let text = render_text(&rec, &Setup { algorithm: Algorithm::Astar, width: 3, height: 3, limit: 100, cost: CostModel::Unit });
        assert!(text.contains("Step 1: expand S0   g + h = f: 0 + 4 = 4"), "{text}");
        assert!(text.contains("goal "), "{text}");
        assert!(!text.contains("more steps not shown"));
    }

    /// The trace of Nilsson's example ended "Step 7: expand S22111", though A* selects the goal
    /// and stops: the step now says the node is selected and is the goal.
    #[test]
    fn the_goal_step_says_select_not_expand() {
        for a in [Algorithm::Astar, Algorithm::Idastar, Algorithm::Rbfs] {
            let (_, rec) = nilsson(a);
            let text = render_text(&rec, &Setup { algorithm: a, width: 3, height: 3, limit: 1000, cost: CostModel::Unit });
            assert!(text.contains(": select S22111, the goal   g + h = f: 5 + 0 = 5"), "{a}: {text}");
            assert!(!text.contains("expand S22111"), "{a}");
        }
        // A breadth-first trace meets the goal as it generates it: no step selects it.
        let (_, rec) = nilsson(Algorithm::Bfs);
        let text = render_text(&rec, &Setup { algorithm: Algorithm::Bfs, width: 3, height: 3, limit: 100_000, cost: CostModel::Unit });
        assert!(!text.contains(", the goal"));
    }

    #[test]
    fn limit_cuts_the_trace_and_says_how_much() {
        let (_, rec) = nilsson(Algorithm::Bfs);
        let text = render_text(&rec, &Setup { algorithm: Algorithm::Bfs, width: 3, height: 3, limit: 3, cost: CostModel::Unit });
        assert_eq!(text.matches("\nStep ").count(), 3);
        let hidden = rec.expansions - 3;
        assert!(text.contains(&format!("… {hidden} more steps not shown (--trace-limit 3)")), "{text}");
    }

    #[test]
    fn per_algorithm_lines_appear() {
        let (_, rec) = nilsson(Algorithm::Idastar);
        let t = render_text(&rec, &Setup { algorithm: Algorithm::Idastar, width: 3, height: 3, limit: 1000, cost: CostModel::Unit });
        assert!(t.contains("=== Iteration 1: bound 4 ==="), "{t}");
        assert!(t.contains("next bound 5"), "{t}");
        assert!(t.contains("pruned by bound: f 6 > bound 4"), "{t}");
        let (_, rec) = nilsson(Algorithm::Dfbnb);
        let t = render_text(&rec, &Setup { algorithm: Algorithm::Dfbnb, width: 3, height: 3, limit: 1000, cost: CostModel::Unit });
        assert!(t.contains("new incumbent"), "{t}");
        let (_, rec) = nilsson(Algorithm::Rbfs);
        let t = render_text(&rec, &Setup { algorithm: Algorithm::Rbfs, width: 3, height: 3, limit: 1000, cost: CostModel::Unit });
        assert!(t.contains("back up:"), "{t}");
        let (_, rec) = nilsson(Algorithm::Lc);
        let t = render_text(&rec, &Setup { algorithm: Algorithm::Lc, width: 3, height: 3, limit: 1000, cost: CostModel::Unit });
        assert!(t.contains("answer check: no; added") && t.contains("answer check: yes; goal"), "{t}");
    }
}

/// The first event of a JSON trace: what ran, on which boards.
#[derive(Clone, Debug, Serialize)]
pub struct TraceStart<'a> {
    /// Always `start`.
    pub event: &'static str,
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The heuristic actually used (`zero` for algorithms that use none).
    pub heuristic: crate::heuristic::Estimator,
    /// The successor order.
    pub order: String,
    /// What a move costs (`unit` or `tile`); g, h and f are in its units.
    pub cost_model: CostModel,
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The start board, as rows.
    pub start: &'a Board,
    /// The goal board, as rows.
    pub goal: &'a Board,
    /// Most steps shown.
    pub trace_limit: u64,
    /// The rules the search ran under, when they are not the algorithm's own (`goal_test`,
    /// `duplicates`, `ties`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<Conventions>,
    /// `mtm` when moves are counted in slides (left out for single-tile moves).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metric: Option<Metric>,
}

/// The last event of a JSON trace: counts that agree with the report's statistics, and the
/// report.
#[derive(Clone, Debug, Serialize)]
pub struct TraceEnd<'a> {
    /// Always `end`.
    pub event: &'static str,
    /// Steps (selections) whose events were shown.
    pub steps_shown: u64,
    /// Steps left out past the limit.
    pub steps_not_shown: u64,
    /// Every selection the search made.
    pub selections: u64,
    /// Every node the search generated.
    pub generated: u64,
    /// Whether the recorder stopped keeping nodes at its cap.
    pub truncated: bool,
    /// The run's report.
    pub report: &'a Report,
}

/// A recorded search as the JSON trace's events: `start`, then the events of the first
/// `limit` steps, then `end`. Serialise each part as one JSON line.
#[derive(Clone, Debug)]
pub struct JsonTrace<'a> {
    /// The first event.
    pub start: TraceStart<'a>,
    /// The recorded events of the shown steps.
    pub events: &'a [Event],
    /// The last event.
    pub end: TraceEnd<'a>,
}

/// The JSON trace of `rec`, recorded while solving `req` (whose report is `report`), showing
/// the first `limit` steps.
pub fn json_trace<'a>(req: &'a Request, rec: &'a Recorder, report: &'a Report, limit: u64) -> JsonTrace<'a> {
    let (events, shown) = shown_events(&rec.events, limit);
    JsonTrace {
        start: TraceStart {
            event: "start",
            algorithm: req.algorithm,
            heuristic: req.effective_heuristic(),
            order: req.order.to_string(),
            cost_model: req.cost,
            width: req.start.width(),
            height: req.start.height(),
            start: &req.start,
            goal: &req.goal,
            trace_limit: limit,
            rules: {
                let info = req.algorithm.info();
                Some(Conventions::of(info, &req.params)).filter(|&c| c != Conventions::own(info))
            },
            metric: Some(req.metric).filter(|&m| m == Metric::Mtm),
        },
        events,
        end: TraceEnd {
            event: "end",
            steps_shown: shown,
            steps_not_shown: rec.expansions - shown,
            selections: rec.expansions,
            generated: rec.total_nodes,
            truncated: rec.truncated,
            report,
        },
    }
}

/// The events of the first `limit` steps, and how many steps that is.
fn shown_events(events: &[Event], limit: u64) -> (&[Event], u64) {
    let mut shown = 0;
    for (i, e) in events.iter().enumerate() {
        if e.begins_step() {
            if shown == limit {
                return (&events[..i], shown);
            }
            shown += 1;
        }
    }
    (events, shown)
}
