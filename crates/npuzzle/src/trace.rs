//! Step-by-step traces built from a [`Recorder`]: a numbered text account meant to be read next
//! to a hand execution ([`render_text`]), and the same trace as a stream of serialisable events
//! ([`events`]) for scripts and the web UI.
//!
//! A *step* is one selection of a node for expansion. Each step shows the selected node with its
//! path from `S0` and `g + h = f`, its board, every child generated (label, move, board,
//! `g + h = f`, and what became of it), and the frontier afterwards in the order the algorithm
//! will take it. Iteration bounds (IDA*, iterative deepening), incumbents (DFBnB), backed-up
//! values (RBFS) and the goal appear where they happen.

use crate::board::Tile;
use crate::cost::Cost;
use crate::record::{NodeInfo, Recorder, Step};
use crate::search::observer::{Fate, NodeId};
use crate::search::Algorithm;
use serde::Serialize;
use std::collections::HashMap;
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
}

/// How the frontier of an algorithm is named in the trace.
pub fn frontier_name(a: Algorithm) -> &'static str {
    match a {
        Algorithm::Bfs | Algorithm::Bidirectional => "queue (front first)",
        Algorithm::Dfs | Algorithm::Iddfs | Algorithm::Idastar | Algorithm::Dfbnb => "stack (top first)",
        Algorithm::Ucs | Algorithm::Greedy | Algorithm::Astar | Algorithm::Lc => "open list (priority queue, next first)",
        Algorithm::Rbfs => "children of the current node (best F first)",
    }
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

fn fate_text(a: Algorithm, n: &NodeInfo, bound: Option<Cost>, incumbent: Option<u32>) -> String {
    let check = if a == Algorithm::Lc { "answer check" } else { "goal test" };
    let at_generation = matches!(a, Algorithm::Bfs | Algorithm::Dfs | Algorithm::Lc | Algorithm::Bidirectional);
    match n.fate {
        Fate::Added if a == Algorithm::Bidirectional => "not met by the other search; added".to_string(),
        Fate::Goal if a == Algorithm::Bidirectional => "met by the other search; goal".to_string(),
        Fate::Added if at_generation => format!("{check}: no; added"),
        Fate::Added => "added".to_string(),
        Fate::Duplicate => "duplicate: dropped".to_string(),
        Fate::Pruned => match (a, bound, incumbent) {
            (Algorithm::Dfbnb, _, Some(c)) => format!("pruned by bound: f {} ≥ incumbent {c}", n.f),
            (Algorithm::Iddfs, Some(b), _) => format!("pruned by bound: depth {} > limit {}", n.g, b),
            (_, Some(b), _) => format!("pruned by bound: f {} > bound {b}", n.f),
            _ => "pruned by bound".to_string(),
        },
        Fate::Goal if at_generation => format!("{check}: yes; goal"),
        Fate::Goal => "goal".to_string(),
    }
}

/// Renders the recorded search as a numbered text trace of at most `setup.limit` steps. When
/// more steps ran, the last line says how many were not shown.
pub fn render_text(rec: &Recorder, setup: &Setup) -> String {
    let a = setup.algorithm;
    let w = setup.width;
    let mut s = String::new();
    let mut step = 0u64;
    let mut bound: Option<Cost> = None;
    let mut incumbent: Option<u32> = None;
    // The "children:" heading waits for the first child, so a goal selected and not expanded
    // shows none.
    let mut heading = false;
    // RBFS: the current backed-up F of each node, which orders its siblings.
    let mut backed: HashMap<NodeId, Cost> = HashMap::new();
    let label = |id: NodeId| rec.node(id).map_or_else(|| format!("#{id}"), |n| n.label.clone());
    let path = |id: NodeId| path_text(&rec.path_labels(id));
    for st in &rec.steps {
        if let Step::Selected { .. } = st {
            if step >= setup.limit {
                break;
            }
        }
        match st {
            Step::Generated { id } => {
                let Some(n) = rec.node(*id) else { continue };
                match n.parent {
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
                        let mv = n.mv.map_or(String::new(), |m| m.to_string());
                        let _ = writeln!(
                            s,
                            "    {:<6} {mv}  {}   {}   {}",
                            n.label,
                            board_line(&n.board, w),
                            ghf(n.g, n.h, n.f),
                            fate_text(a, n, bound, incumbent)
                        );
                    }
                }
            }
            Step::Selected { id, f } => {
                step += 1;
                let Some(n) = rec.node(*id) else { continue };
                let _ = writeln!(s, "\nStep {step}: expand {}   {}", n.label, ghf(n.g, n.h, *f));
                let _ = writeln!(s, "  path: {}", path(*id));
                s.push_str(&board_grid(&n.board, w, "  "));
                heading = true;
            }
            Step::Discarded { id } => {
                let _ = writeln!(s, "  discard {} (taken from the {}, but the bound now cuts it)", label(*id), frontier_name(a));
            }
            Step::Frontier { ids } => {
                heading = false;
                let _ = writeln!(s, "  {}:{}", frontier_name(a), if ids.is_empty() { " empty" } else { "" });
                for id in ids.iter().take(FRONTIER_SHOWN) {
                    match rec.node(*id) {
                        Some(n) => {
                            let value = match backed.get(id) {
                                Some(&bf) if bf != n.f => format!("F = {bf} (backed up; {})", ghf(n.g, n.h, n.f)),
                                _ => ghf(n.g, n.h, n.f),
                            };
                            let _ = writeln!(s, "    {:<6} {:<26} path {}", n.label, value, path(*id));
                        }
                        None => {
                            let _ = writeln!(s, "    #{id}");
                        }
                    }
                }
                if ids.len() > FRONTIER_SHOWN {
                    let _ = writeln!(s, "    … and {} more", ids.len() - FRONTIER_SHOWN);
                }
            }
            Step::Iteration { number, bound: b } => {
                bound = Some(*b);
                let what = if a == Algorithm::Iddfs { "depth limit" } else { "bound" };
                let _ = writeln!(s, "\n=== Iteration {number}: {what} {b} ===");
            }
            Step::IterationEnd { next } => {
                let what = if a == Algorithm::Iddfs { "depth limit" } else { "bound" };
                match next {
                    Some(nb) => {
                        let _ = writeln!(s, "=== Iteration ends without a solution: next {what} {nb} ===");
                    }
                    None => {
                        let _ = writeln!(s, "=== Iteration ends: nothing was cut off, no solution ===");
                    }
                }
            }
            Step::Incumbent { id, cost } => {
                incumbent = Some(*cost);
                let _ = writeln!(s, "  new incumbent {} with cost {cost}: the bound is now {cost}", label(*id));
            }
            Step::BackedUp { id, f } => {
                backed.insert(*id, *f);
                let _ = writeln!(s, "  back up: {} gets F = {f}", label(*id));
            }
            Step::Goal { id } => {
                let _ = writeln!(s, "  goal {} reached: {}", label(*id), path(*id));
            }
        }
    }
    let shown = step;
    if rec.expansions > shown {
        let why = if shown < setup.limit && rec.truncated {
            "the recorder's node cap was reached".to_string()
        } else {
            format!("--trace-limit {}", setup.limit)
        };
        let _ = writeln!(s, "\n… {} more steps not shown ({why})", rec.expansions - shown);
    }
    s
}

/// One frontier entry in the event stream.
#[derive(Clone, Debug, Serialize)]
pub struct Entry {
    /// Node id.
    pub id: NodeId,
    /// Its label.
    pub label: String,
    /// Moves from the start.
    pub g: u32,
    /// Heuristic estimate.
    pub h: Cost,
    /// Ordering value (RBFS: the current backed-up F).
    pub f: Cost,
}

/// One line of the JSON event stream. `step` is the number of the selection the event belongs to
/// (0 before the first).
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum TraceEvent {
    /// A node was generated.
    Generated {
        /// Step number.
        step: u64,
        /// Node id.
        id: NodeId,
        /// Label, e.g. `S21`.
        label: String,
        /// Parent id (`null` for a root).
        parent: Option<NodeId>,
        /// The move from the parent.
        #[serde(rename = "move")]
        mv: Option<char>,
        /// Moves from the start.
        g: u32,
        /// Heuristic estimate.
        h: Cost,
        /// Ordering value.
        f: Cost,
        /// `added`, `duplicate`, `pruned` or `goal`.
        fate: Fate,
        /// Row-major tiles.
        board: Vec<Tile>,
    },
    /// A node was selected for expansion.
    Selected {
        /// Step number (this selection's).
        step: u64,
        /// Node id.
        id: NodeId,
        /// Label.
        label: String,
        /// Labels from `S0` to the node.
        path: Vec<String>,
        /// Moves from the start.
        g: u32,
        /// Heuristic estimate.
        h: Cost,
        /// Ordering value at selection.
        f: Cost,
    },
    /// A node was dropped when taken, because a bound now cuts it.
    Discarded {
        /// Step number.
        step: u64,
        /// Node id.
        id: NodeId,
        /// Label.
        label: String,
    },
    /// The frontier after a step, next first.
    Frontier {
        /// Step number.
        step: u64,
        /// The entries.
        entries: Vec<Entry>,
    },
    /// An iteration began.
    Iteration {
        /// Step number.
        step: u64,
        /// 1-based iteration number.
        number: u64,
        /// Its bound.
        bound: Cost,
    },
    /// An iteration ended.
    IterationEnd {
        /// Step number.
        step: u64,
        /// The next bound (`null`: none).
        next: Option<Cost>,
    },
    /// A new incumbent (DFBnB).
    Incumbent {
        /// Step number.
        step: u64,
        /// Node id.
        id: NodeId,
        /// Label.
        label: String,
        /// Its cost, the new bound.
        cost: u32,
    },
    /// A value backed up (RBFS).
    BackedUp {
        /// Step number.
        step: u64,
        /// Node id.
        id: NodeId,
        /// Label.
        label: String,
        /// The backed-up F.
        f: Cost,
    },
    /// The goal was reached.
    Goal {
        /// Step number.
        step: u64,
        /// Node id.
        id: NodeId,
        /// Label.
        label: String,
    },
}

/// The recorded search as events, stopping before selection number `limit + 1`. Returns the
/// events and the number of steps shown.
pub fn events(rec: &Recorder, limit: u64) -> (Vec<TraceEvent>, u64) {
    let mut out = Vec::with_capacity(rec.steps.len());
    let mut step = 0u64;
    let mut backed: HashMap<NodeId, Cost> = HashMap::new();
    let label = |id: NodeId| rec.node(id).map_or_else(|| format!("#{id}"), |n| n.label.clone());
    for st in &rec.steps {
        let ev = match st {
            Step::Generated { id } => {
                let Some(n) = rec.node(*id) else { continue };
                TraceEvent::Generated {
                    step,
                    id: n.id,
                    label: n.label.clone(),
                    parent: n.parent,
                    mv: n.mv,
                    g: n.g,
                    h: n.h,
                    f: n.f,
                    fate: n.fate,
                    board: n.board.clone(),
                }
            }
            Step::Selected { id, f } => {
                if step >= limit {
                    break;
                }
                step += 1;
                let (g, h) = rec.node(*id).map_or((0, Cost::ZERO), |n| (n.g, n.h));
                TraceEvent::Selected { step, id: *id, label: label(*id), path: rec.path_labels(*id), g, h, f: *f }
            }
            Step::Discarded { id } => TraceEvent::Discarded { step, id: *id, label: label(*id) },
            Step::Frontier { ids } => TraceEvent::Frontier {
                step,
                entries: ids
                    .iter()
                    .filter_map(|&id| rec.node(id))
                    .map(|n| Entry { id: n.id, label: n.label.clone(), g: n.g, h: n.h, f: backed.get(&n.id).copied().unwrap_or(n.f) })
                    .collect(),
            },
            Step::Iteration { number, bound } => TraceEvent::Iteration { step, number: *number, bound: *bound },
            Step::IterationEnd { next } => TraceEvent::IterationEnd { step, next: *next },
            Step::Incumbent { id, cost } => TraceEvent::Incumbent { step, id: *id, label: label(*id), cost: *cost },
            Step::BackedUp { id, f } => {
                backed.insert(*id, *f);
                TraceEvent::BackedUp { step, id: *id, label: label(*id), f: *f }
            }
            Step::Goal { id } => TraceEvent::Goal { step, id: *id, label: label(*id) },
        };
        out.push(ev);
    }
    (out, step)
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
        rec.steps
            .iter()
            .filter_map(|s| match s {
                Step::Selected { id, .. } => Some(rec.node(*id).unwrap().label.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn astar_on_the_nilsson_example_selects_in_textbook_order() {
        // Misplaced tiles, LURD: S0 (f 4), then the U child S2 (1 + 3), its U child S22
        // (2 + 2)... wait for ties: S21 (L, 2 + 3 = 5) and S23 (R, 2 + 3 = 5) stay behind S22.
        let (out, rec) = nilsson(Algorithm::Astar);
        assert_eq!(out.cost, Some(5));
        let order = selected_labels(&rec);
        assert_eq!(order[..2], ["S0", "S2"]);
        let text = render_text(&rec, &Setup { algorithm: Algorithm::Astar, width: 3, height: 3, limit: 100 });
        assert!(text.contains("Step 1: expand S0   g + h = f: 0 + 4 = 4"), "{text}");
        assert!(text.contains("goal "), "{text}");
        assert!(!text.contains("more steps not shown"));
    }

    #[test]
    fn limit_cuts_the_trace_and_says_how_much() {
        let (_, rec) = nilsson(Algorithm::Bfs);
        let text = render_text(&rec, &Setup { algorithm: Algorithm::Bfs, width: 3, height: 3, limit: 3 });
        assert_eq!(text.matches("\nStep ").count(), 3);
        let hidden = rec.expansions - 3;
        assert!(text.contains(&format!("… {hidden} more steps not shown (--trace-limit 3)")), "{text}");
        let (ev, shown) = events(&rec, 3);
        assert_eq!(shown, 3);
        assert_eq!(ev.iter().filter(|e| matches!(e, TraceEvent::Selected { .. })).count(), 3);
    }

    #[test]
    fn per_algorithm_lines_appear() {
        let (_, rec) = nilsson(Algorithm::Idastar);
        let t = render_text(&rec, &Setup { algorithm: Algorithm::Idastar, width: 3, height: 3, limit: 1000 });
        assert!(t.contains("=== Iteration 1: bound 4 ==="), "{t}");
        assert!(t.contains("next bound 5"), "{t}");
        assert!(t.contains("pruned by bound: f 6 > bound 4"), "{t}");
        let (_, rec) = nilsson(Algorithm::Dfbnb);
        let t = render_text(&rec, &Setup { algorithm: Algorithm::Dfbnb, width: 3, height: 3, limit: 1000 });
        assert!(t.contains("new incumbent"), "{t}");
        let (_, rec) = nilsson(Algorithm::Rbfs);
        let t = render_text(&rec, &Setup { algorithm: Algorithm::Rbfs, width: 3, height: 3, limit: 1000 });
        assert!(t.contains("back up:"), "{t}");
        let (_, rec) = nilsson(Algorithm::Lc);
        let t = render_text(&rec, &Setup { algorithm: Algorithm::Lc, width: 3, height: 3, limit: 1000 });
        assert!(t.contains("answer check: no; added") && t.contains("answer check: yes; goal"), "{t}");
    }
}
