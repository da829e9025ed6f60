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
use crate::record::Event;
use crate::search::observer::{Fate, NodeId};
use crate::search::Step;
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
}

/// Each event with its pseudocode step and the state changes the replay makes of it.
pub fn annotate(events: &[Event]) -> Vec<TraceEvent> {
    let mut replay = Replay::new();
    events.iter().map(|e| TraceEvent { event: e.clone(), pseudocode: e.pseudocode_step(), states: replay.apply(e) }).collect()
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
        let trace = annotate(&rec.events);
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
