//! The replay of a recorded search: each node's state ([`NodeState`]: current, explored,
//! frontier, goal, unexplored) after each event. This is the one place those states are worked
//! out. The search trees drawn after a search ([`crate::render::tree::Tree::upto`]) and the
//! frames of their animations read them, and the web page's replay receives them with every
//! event ([`annotate`]), so the page, the CLI's pictures and the exports agree event by event.
//!
//! The rules, one event at a time:
//! - a generated node waits on the frontier when it was added to it, is a goal when it was the
//!   goal, and is unexplored (a duplicate, or pruned) otherwise;
//! - a selected node becomes current, and the node current before it explored;
//! - a discarded node becomes unexplored;
//! - a frontier snapshot that lists the whole open list ends the wait of every frontier node
//!   it leaves out (superseded by a cheaper path, or forgotten by RBFS): they become unexplored;
//! - a new iteration ends the current node's expansion (it becomes explored);
//! - a goal or a new incumbent is a goal.

use crate::palette::NodeState;
use crate::record::{Event, Recorder};
use crate::search::local::Why;
use crate::search::observer::{Discard, Fate, NodeId};
use crate::search::{Bound, Info, Step};
use serde::Serialize;
use std::collections::HashSet;

/// Node states as a recorded search's events unfold.
#[derive(Clone, Debug, Default)]
pub struct Replay {
    states: Vec<Option<NodeState>>,
    current: Option<NodeId>,
}

impl Replay {
    /// Before the first event: no node generated yet.
    pub fn new() -> Replay {
        Replay::default()
    }

    /// A node's state now; `None` before it is generated.
    pub fn state(&self, id: NodeId) -> Option<NodeState> {
        self.states.get(id as usize).copied().flatten()
    }

    fn set(&mut self, id: NodeId, st: NodeState, changes: &mut Vec<(NodeId, NodeState)>) {
        let i = id as usize;
        if self.states.len() <= i {
            self.states.resize(i + 1, None);
        }
        if self.states[i] != Some(st) {
            self.states[i] = Some(st);
            changes.push((id, st));
        }
    }

    fn end_current(&mut self, changes: &mut Vec<(NodeId, NodeState)>) {
        if let Some(c) = self.current.take() {
            if self.state(c) == Some(NodeState::Current) {
                self.set(c, NodeState::Explored, changes);
            }
        }
    }

    /// Applies one event and returns the states it changed, in order.
    pub fn apply(&mut self, e: &Event) -> Vec<(NodeId, NodeState)> {
        let mut changes = Vec::new();
        match e {
            Event::Generated { node, .. } => {
                let st = match node.fate {
                    Fate::Added => NodeState::Frontier,
                    Fate::Goal => NodeState::Goal,
                    Fate::Duplicate | Fate::Pruned => NodeState::Unexplored,
                };
                self.set(node.id, st, &mut changes);
            }
            Event::Selected { id, .. } => {
                self.end_current(&mut changes);
                self.set(*id, NodeState::Current, &mut changes);
                self.current = Some(*id);
            }
            Event::Discarded { id, .. } => self.set(*id, NodeState::Unexplored, &mut changes),
            Event::Frontier { size, entries, .. } if *size == entries.len() as u64 => {
                let keep: HashSet<NodeId> = entries.iter().map(|x| x.id).collect();
                let gone: Vec<NodeId> = (0..self.states.len() as NodeId)
                    .filter(|&id| self.state(id) == Some(NodeState::Frontier) && !keep.contains(&id))
                    .collect();
                for id in gone {
                    self.set(id, NodeState::Unexplored, &mut changes);
                }
            }
            Event::Iteration { .. } => self.end_current(&mut changes),
            Event::Goal { id, .. } | Event::Incumbent { id, .. } => self.set(*id, NodeState::Goal, &mut changes),
            _ => {}
        }
        changes
    }
}

/// One event of a trace as the web page receives it: the event, the pseudocode step it carries
/// out, and the node states it changes.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TraceEvent {
    /// The event.
    #[serde(flatten)]
    pub event: Event,
    /// The step of the algorithm's pseudocode it carries out ([`Event::pseudocode_step`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub pseudocode: Option<Step>,
    /// The nodes whose state it changes, with their new state ([`Replay::apply`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub states: Vec<(NodeId, NodeState)>,
    /// The event in words ([`words`]): what the page's replay shows and announces.
    pub said: String,
}

/// Each event of a search by `info`'s algorithm with its pseudocode step, the state changes the
/// replay makes of it, and its words.
pub fn annotate(events: &[Event], info: &Info) -> Vec<TraceEvent> {
    let mut replay = Replay::new();
    events
        .iter()
        .map(|e| TraceEvent { event: e.clone(), pseudocode: e.pseudocode_step(), states: replay.apply(e), said: words(e, info) })
        .collect()
}

/// The most entries of the open list each frontier snapshot of a player's recording keeps
/// ([`player_recorder`]); a snapshot's `size` still counts them all.
pub const PLAYER_FRONTIER: usize = 100;

/// A recorder for a replay in a player (the web page's and the notebook widget's): at most
/// `cap` nodes, the open list after each step (its first [`PLAYER_FRONTIER`] entries) when
/// `trace` is set, and frontier entries without labels: the player takes them from the
/// generated events, and a deep search's labels would make every snapshot megabytes.
pub fn player_recorder(cells: usize, cap: usize, trace: bool) -> Recorder {
    Recorder::new(cells, cap, trace).with_frontier_cap(PLAYER_FRONTIER).with_entry_labels(false)
}

/// The recorded events of a search, for a player's replay.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Trace {
    /// The events, each with its pseudocode step and the node states it changes.
    pub events: Vec<TraceEvent>,
    /// Whether recording stopped at a cap before the search ended.
    pub truncated: bool,
    /// The most entries a frontier snapshot keeps (its `size` still counts them all).
    pub frontier_shown: usize,
}

impl Trace {
    /// The events `rec` recorded of a search by `info`'s algorithm, annotated ([`annotate`]),
    /// with the frontier cap of [`player_recorder`].
    pub fn of(rec: &Recorder, info: &Info) -> Trace {
        Trace { events: annotate(&rec.events, info), truncated: rec.truncated, frontier_shown: PLAYER_FRONTIER }
    }
}

/// How many characters of a deep label's head and tail are said ([`short_label`]).
pub const LABEL_KEEP: usize = 5;

/// A deep label (one digit a level) said by its head and tail, `S2131…21312`; short labels whole.
pub fn short_label(label: &str) -> String {
    let chars: Vec<char> = label.chars().collect();
    if chars.len() <= 2 * LABEL_KEEP + 2 {
        return label.to_string();
    }
    let head: String = chars[..LABEL_KEEP].iter().collect();
    let tail: String = chars[chars.len() - LABEL_KEEP..].iter().collect();
    format!("{head}…{tail}")
}

/// What becomes of a generated node, by its fate.
fn fate_words(fate: Fate) -> &'static str {
    match fate {
        Fate::Added => "added to the frontier",
        Fate::Duplicate => "a duplicate: dropped",
        Fate::Pruned => "pruned by the bound",
        Fate::Goal => "the goal",
    }
}

/// A count with thousands separators, `12,345`.
fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Two decimals, as the page writes a probability or a temperature.
fn two(x: f64) -> String {
    format!("{x:.2}")
}

/// Four significant digits (a temperature as it falls: `10.00`, `0.9703`).
fn four_digits(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let magnitude = x.abs().log10().floor() as i32;
    let decimals = (3 - magnitude).max(0) as usize;
    format!("{x:.decimals$}")
}

/// A whole number as an integer, any other with its decimals.
fn plain(x: f64) -> String {
    if x == x.trunc() && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// Why a local search chose (or refused) a move, with the move and its h.
fn why_words(mv: char, h: crate::Cost, reason: &Why, member: Option<u32>, from: Option<u32>) -> String {
    let to = format!("{mv} (h = {h})");
    let beam = |how: &str| format!("move {to} from [{}] into the next beam as [{}]: {how}", from.unwrap_or(0), member.unwrap_or(0));
    match *reason {
        Why::BestImprovement { .. } => format!("move {to}: the best improvement"),
        Why::Sideways { used, allowed, .. } => format!("move {to}: a sideways move ({used} of {allowed} allowed in a row)"),
        Why::FirstImprovement { tried } => format!("move {to}: the first improvement, after {tried} random neighbours"),
        Why::Accepted { delta, .. } if delta <= 0.0 => format!("move {to}: accepted, Δ = {} ≤ 0", plain(delta)),
        Why::Accepted { delta, temperature, probability } => {
            format!("move {to}: accepted with probability e^(−Δ/T) = e^(−{}/{}) = {}", plain(delta), two(temperature), two(probability))
        }
        Why::Rejected { delta, temperature, probability } => format!(
            "{to} rejected: probability e^(−Δ/T) = e^(−{}/{}) = {}; the search stays",
            plain(delta),
            two(temperature),
            two(probability)
        ),
        Why::BeamBest => beam("among the K best"),
        Why::BeamDrawn { .. } => beam("drawn at random, weighted by e^(−(h − h_min))"),
    }
}

/// An event of a search by `info`'s algorithm in words: `selected S2 for expansion (f = 4)`,
/// `generated S21 by L: g 2 + h 3 = f 5, added to the frontier`, `move R (h = 1): accepted,
/// Δ = -1 ≤ 0`. The page shows it beside the replay and announces it to screen readers.
pub fn words(e: &Event, info: &Info) -> String {
    let bound_name = if info.words.bound == Some(Bound::Depth) { "depth limit" } else { "bound f ≤" };
    match e {
        Event::Generated { node, .. } => {
            let by = node.mv.as_ref().map(|m| format!(" by {m}")).unwrap_or_default();
            format!("generated {}{by}: g {} + h {} = f {}, {}", short_label(&node.label), node.g, node.h, node.f, fate_words(node.fate))
        }
        Event::Selected { label, f, .. } => format!("selected {} for expansion (f = {f})", short_label(label)),
        Event::Discarded { label, why: None | Some(Discard::Bound), .. } => {
            format!("discarded {}: the bound now cuts it", short_label(label))
        }
        Event::Discarded { label, why: Some(Discard::Expanded), .. } => {
            format!("skipped {}: its state was already expanded", short_label(label))
        }
        Event::Frontier { size: 1, .. } => "the frontier now holds 1 node".to_string(),
        Event::Frontier { size, .. } => format!("the frontier now holds {} nodes", count(*size)),
        Event::Iteration { number, bound, .. } => format!("iteration {number} starts with {bound_name} {bound}"),
        Event::IterationEnd { next: None, .. } => "the iteration ends: nothing was cut off, no solution".to_string(),
        Event::IterationEnd { next: Some(next), .. } => {
            let what = if info.words.bound == Some(Bound::Depth) { "depth limit" } else { "bound" };
            format!("the iteration ends; the {what} rises to {next}")
        }
        Event::Incumbent { label, cost, .. } => format!("new best solution at {}: cost {cost}, now the bound", short_label(label)),
        Event::BackedUp { label, f, .. } => format!("backed up f = {f} to {}", short_label(label)),
        Event::Goal { label, .. } if info.two_roots() => format!("the searches meet at {}", short_label(label)),
        Event::Goal { label, .. } => format!("goal reached at {}", short_label(label)),
        Event::LocalCurrent { step, h, initial, member, temperature, restart, .. } => {
            let who = member.map_or_else(|| "current state".to_string(), |m| format!("beam state [{m}]"));
            let t = temperature.map(|t| format!(", T = {}", four_digits(t))).unwrap_or_default();
            let r = restart.filter(|&r| r > 0).map(|r| format!(" (restart {r})")).unwrap_or_default();
            format!("step {step}: {}{who}, h = {h}{t}{r}", if *initial { "begin at the " } else { "" })
        }
        Event::LocalNeighbour { step, mv, h, member, .. } => {
            let of = member.map(|m| format!(" of [{m}]")).unwrap_or_default();
            format!("step {step}: neighbour {mv}{of}, h = {h}")
        }
        Event::LocalChoice { step, mv, h, reason, member, from } => format!("step {step}: {}", why_words(*mv, *h, reason, *member, *from)),
        Event::LocalRestart { number, walk, .. } => format!(
            "restart {number}: a random walk of {} moves from the start ({})",
            walk.chars().count(),
            if walk.is_empty() { "no moves" } else { walk }
        ),
        Event::LocalEnd { stuck: Some(stuck), .. } => format!("stuck: {stuck}"),
        Event::LocalEnd { stuck: None, .. } => "goal reached".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_board;
    use crate::record::Recorder;
    use crate::search::Algorithm;
    use crate::solve::{solve_observed, Request};

    fn recorded(a: Algorithm) -> Recorder {
        let start = parse_board("2 8 3/1 6 4/7 0 5").unwrap();
        let goal = parse_board("1 2 3/8 0 4/7 6 5").unwrap();
        let req = Request::new(start, goal).algorithm(a).heuristic(crate::HeuristicKind::Misplaced);
        solve_observed(&req, Recorder::new(9, 2000, true)).unwrap().1
    }

    #[test]
    fn one_node_is_current_and_the_frontier_is_the_open_list() {
        for &a in &[Algorithm::Astar, Algorithm::Bfs, Algorithm::Ucs, Algorithm::Greedy] {
            let rec = recorded(a);
            let mut replay = Replay::new();
            for e in &rec.events {
                replay.apply(e);
                let ids = 0..rec.node_count() as NodeId;
                let current = ids.clone().filter(|&id| replay.state(id) == Some(NodeState::Current)).count();
                assert!(current <= 1, "{a}: {current} current nodes");
                // After a full snapshot, the frontier nodes are exactly the snapshot's.
                if let Event::Frontier { size, entries, .. } = e {
                    if *size == entries.len() as u64 {
                        let frontier: HashSet<NodeId> = ids.filter(|&id| replay.state(id) == Some(NodeState::Frontier)).collect();
                        let listed: HashSet<NodeId> = entries.iter().map(|x| x.id).collect();
                        assert_eq!(frontier, listed, "{a}");
                    }
                }
            }
        }
    }

    #[test]
    fn annotations_carry_the_step_and_only_real_changes() {
        let rec = recorded(Algorithm::Astar);
        let trace = annotate(&rec.events, Algorithm::Astar.info());
        assert_eq!(trace.len(), rec.events.len());
        assert_eq!(trace[0].pseudocode, Some(Step::Start));
        assert_eq!(trace[0].states, [(0, NodeState::Frontier)]);
        let first_selection = trace.iter().find(|t| matches!(t.event, Event::Selected { .. })).unwrap();
        assert_eq!(first_selection.states, [(0, NodeState::Current)]);
        assert!(trace.iter().filter(|t| matches!(t.event, Event::Frontier { .. })).all(|t| t.pseudocode.is_none()));
        let json = serde_json::to_value(&trace[0]).unwrap();
        assert_eq!(json["event"], "generated");
        assert_eq!(json["pseudocode"], "start");
        assert_eq!(json["states"], serde_json::json!([[0, "frontier"]]));
        assert_eq!(json["label"], "S0");
        assert_eq!(first_selection.said, "selected S0 for expansion (f = 4)");
    }

    #[test]
    fn events_are_said_as_the_page_shows_them() {
        let trace = annotate(&recorded(Algorithm::Astar).events, Algorithm::Astar.info());
        assert_eq!(trace[0].said, "generated S0: g 0 + h 4 = f 4, added to the frontier");
        assert!(trace.iter().any(|t| t.said.starts_with("generated S1 by ") && t.said.ends_with(", added to the frontier")), "a child");
        assert!(trace.iter().any(|t| t.said.starts_with("goal reached at S")), "the goal");
        let ida = annotate(&recorded(Algorithm::Idastar).events, Algorithm::Idastar.info());
        assert!(
            ida.iter().any(|t| t.said == "iteration 2 starts with bound f ≤ 5"),
            "{:?}",
            ida.iter().map(|t| &t.said).collect::<Vec<_>>()
        );
        assert!(ida.iter().any(|t| t.said.starts_with("the iteration ends; the bound rises to ")));
        let dfid = annotate(&recorded(Algorithm::Iddfs).events, Algorithm::Iddfs.info());
        assert!(dfid.iter().any(|t| t.said.starts_with("iteration 2 starts with depth limit ")));
        // Every event has words, and no label is said longer than its head and tail.
        assert!(trace.iter().chain(&ida).all(|t| !t.said.is_empty()));
        assert_eq!(short_label("S12345678901"), "S12345678901");
        assert_eq!(short_label("S123456789012"), "S1234…89012");
        assert_eq!(count(1234567), "1,234,567");
        assert_eq!(count(12), "12");
        assert_eq!(four_digits(10.0), "10.00");
        assert_eq!(four_digits(0.97032), "0.9703");
    }

    #[test]
    fn iterations_end_the_current_expansion() {
        let rec = recorded(Algorithm::Idastar);
        let mut replay = Replay::new();
        let mut seen_iteration = false;
        for e in &rec.events {
            replay.apply(e);
            if let Event::Iteration { number, .. } = e {
                seen_iteration |= *number > 1;
                assert!((0..rec.node_count() as NodeId).all(|id| replay.state(id) != Some(NodeState::Current)));
            }
        }
        assert!(seen_iteration);
    }
}
