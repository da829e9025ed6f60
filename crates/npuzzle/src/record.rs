//! [`Recorder`]: an observer that keeps a search as owned, serialisable data, in the one model
//! every consumer shares: [`Node`] for a generated node and [`Event`] for a step. The text trace
//! and the search trees ([`crate::render`]), the JSON event stream of `--trace --format json`,
//! the web API and the page's replay all read these two types.
//!
//! Nodes are labelled the way exercises do: the start is `S0`, its children `S1`, `S2`, …, the
//! children of `S2` are `S21`, `S22`, … (a new root, as in each IDA* iteration, is `S0` again).
//! Bidirectional search grows a second tree from the goal before anything is selected; its root
//! is `G0`, its children `G1`, `G2`, ….

use crate::board::{Slide, Tile};
use crate::cost::Cost;
use crate::search::observer::{self, Discard, Fate, NodeId, Observer};
use crate::search::{Step, Stuck, Why};
use crate::state::State;
use rustc_hash::FxHashMap;
use serde::Serialize;

/// A generated node.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Node {
    /// The node's id (ids are dense, in generation order).
    pub id: NodeId,
    /// Its parent, `None` for a root.
    pub parent: Option<NodeId>,
    /// Hierarchical label, e.g. `S21`.
    pub label: String,
    /// The move from the parent: its letter, and under multi-tile moves the tiles the slide
    /// moves when more than one (`R2`).
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// The path cost from the start, in the cost model's units (its moves under unit costs).
    pub g: u32,
    /// Moves from the start (the same as g under unit costs).
    pub depth: u32,
    /// Heuristic estimate.
    pub h: Cost,
    /// The value the algorithm orders or bounds by (g + h for A*, h for greedy, g for UCS).
    pub f: Cost,
    /// What happened to it when it was generated.
    pub fate: Fate,
    /// Row-major tiles.
    pub board: Vec<Tile>,
    /// The true distance h* to the goal, when known (see [`Recorder::set_true_distances`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub h_star: Option<u32>,
}

/// One entry of a frontier snapshot.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Entry {
    /// Node id.
    pub id: NodeId,
    /// Its label (empty, and left out of JSON, when the recorder keeps entries without labels:
    /// the node's `Generated` event has it).
    #[serde(skip_serializing_if = "String::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub label: String,
    /// The path cost from the start (moves under unit costs).
    pub g: u32,
    /// Heuristic estimate.
    pub h: Cost,
    /// Ordering value now (RBFS: the current backed-up F, which may exceed the node's own f).
    pub f: Cost,
}

/// One step of a recorded search. `step` is the number of the selection the event belongs to
/// (0 before the first selection).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A node was generated.
    Generated {
        /// Step number.
        step: u64,
        /// The node.
        #[serde(flatten)]
        node: Node,
    },
    /// A node was selected for expansion (or, for a goal found at selection, for its test).
    Selected {
        /// Step number (this selection's).
        step: u64,
        /// Node id.
        id: NodeId,
        /// Label.
        label: String,
        /// Labels from the root to the node, when the recorder keeps them.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        path: Option<Vec<String>>,
        /// The path cost from the start (moves under unit costs).
        g: u32,
        /// Heuristic estimate.
        h: Cost,
        /// Ordering value at selection (RBFS: the stored, backed-up value).
        f: Cost,
    },
    /// A node was dropped when taken, not expanded: a bound now cuts it, or (`why`:
    /// `expanded`) its state was expanded before.
    Discarded {
        /// Step number.
        step: u64,
        /// Node id.
        id: NodeId,
        /// Label.
        label: String,
        /// Why, when not the bound (`expanded`).
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        why: Option<Discard>,
    },
    /// The open list after a step, next first.
    Frontier {
        /// Step number.
        step: u64,
        /// Entries on it in all.
        size: u64,
        /// The first entries (all of them unless the recorder caps snapshots).
        entries: Vec<Entry>,
    },
    /// An iteration began with this bound (f for IDA*, depth for iterative deepening).
    Iteration {
        /// Step number.
        step: u64,
        /// 1-based iteration number.
        number: u64,
        /// Its bound.
        bound: Cost,
    },
    /// An iteration ended without a solution.
    IterationEnd {
        /// Step number.
        step: u64,
        /// The next bound (`None`: nothing was cut off, no solution).
        next: Option<Cost>,
    },
    /// A better solution became the bound (branch and bound).
    Incumbent {
        /// Step number.
        step: u64,
        /// The goal node.
        id: NodeId,
        /// Label.
        label: String,
        /// Its cost, the new bound.
        cost: u32,
    },
    /// A value was backed up to a node as the recursion unwound (RBFS).
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
    /// The goal was reached (bidirectional search: the two searches met here).
    Goal {
        /// Step number.
        step: u64,
        /// Node id.
        id: NodeId,
        /// Label.
        label: String,
    },
    /// A local search stands at a state: its step begins (local beam: one event per beam
    /// state, `member` 0 first).
    LocalCurrent {
        /// Step number (this step's).
        step: u64,
        /// Row-major tiles.
        board: Vec<Tile>,
        /// Its estimate.
        h: Cost,
        /// Whether a run, or a restart's climb, begins here.
        initial: bool,
        /// Its index in a local beam.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        member: Option<u32>,
        /// Simulated annealing's temperature T at this step.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        temperature: Option<f64>,
        /// The restart this step belongs to, once random-restart hill climbing has restarted.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        restart: Option<u32>,
    },
    /// A neighbour of the current state (local beam: of beam state `member`) and its h.
    LocalNeighbour {
        /// Step number.
        step: u64,
        /// The move to it, as a letter.
        #[serde(rename = "move")]
        mv: char,
        /// Row-major tiles.
        board: Vec<Tile>,
        /// Its estimate.
        h: Cost,
        /// The beam state it is a neighbour of.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        member: Option<u32>,
    },
    /// The move a local search chose and why (`reason.kind`: `best_improvement`, `sideways`,
    /// `first_improvement`, `accepted`, `rejected` (the move is not made), `beam_best`,
    /// `beam_drawn`).
    LocalChoice {
        /// Step number.
        step: u64,
        /// The move, as a letter.
        #[serde(rename = "move")]
        mv: char,
        /// The estimate of the state it leads to.
        h: Cost,
        /// Why, with the probability and temperature for annealing.
        reason: Why,
        /// Local beam: its index in the next beam.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        member: Option<u32>,
        /// Local beam: the beam state it is made from.
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        from: Option<u32>,
    },
    /// Random-restart hill climbing begins again from a random walk of the start.
    LocalRestart {
        /// Step number.
        step: u64,
        /// 1-based restart number.
        number: u32,
        /// The walk's moves, as letters.
        walk: String,
    },
    /// A local search, or one climb of random-restart hill climbing, ended: at the goal
    /// (`stuck` null) or stuck, and why.
    LocalEnd {
        /// Step number.
        step: u64,
        /// Why it stopped without the goal.
        stuck: Option<Stuck>,
    },
}

impl Event {
    /// The step of the algorithm's pseudocode this event carries out ([`crate::search::Info`]'s
    /// `pseudocode` tags its lines with them); `None` for frontier snapshots, which only report.
    /// A root's generation is [`Step::Start`]; a child's is its fate (added, duplicate, pruned,
    /// or the goal when the test is at generation).
    pub fn pseudocode_step(&self) -> Option<Step> {
        Some(match self {
            Event::Generated { node, .. } if node.parent.is_none() => Step::Start,
            Event::Generated { node, .. } => match node.fate {
                Fate::Added => Step::Add,
                Fate::Duplicate => Step::Duplicate,
                Fate::Pruned => Step::Prune,
                Fate::Goal => Step::Goal,
            },
            Event::Selected { .. } => Step::Select,
            Event::Discarded { .. } => Step::Discard,
            Event::Frontier { .. } => return None,
            Event::Iteration { .. } => Step::Iteration,
            Event::IterationEnd { next: Some(_), .. } => Step::RaiseBound,
            Event::IterationEnd { next: None, .. } => Step::Fail,
            Event::Incumbent { .. } => Step::Incumbent,
            Event::BackedUp { .. } => Step::BackUp,
            Event::Goal { .. } => Step::Goal,
            Event::LocalCurrent { initial: true, .. } => Step::Start,
            Event::LocalCurrent { .. } => Step::Select,
            Event::LocalNeighbour { .. } => Step::Evaluate,
            Event::LocalChoice { reason: Why::Rejected { .. }, .. } => Step::Reject,
            Event::LocalChoice { .. } => Step::Move,
            Event::LocalRestart { .. } => Step::Restart,
            Event::LocalEnd { stuck: None, .. } => Step::Goal,
            Event::LocalEnd { stuck: Some(_), .. } => Step::Fail,
        })
    }

    /// Whether the event begins a step: a selection, or a local search's current state (the
    /// first of a beam's).
    pub fn begins_step(&self) -> bool {
        matches!(self, Event::Selected { .. } | Event::LocalCurrent { member: None | Some(0), .. })
    }

    /// The number of the selection the event belongs to.
    pub fn step(&self) -> u64 {
        match self {
            Event::Generated { step, .. }
            | Event::Selected { step, .. }
            | Event::Discarded { step, .. }
            | Event::Frontier { step, .. }
            | Event::Iteration { step, .. }
            | Event::IterationEnd { step, .. }
            | Event::Incumbent { step, .. }
            | Event::BackedUp { step, .. }
            | Event::Goal { step, .. }
            | Event::LocalCurrent { step, .. }
            | Event::LocalNeighbour { step, .. }
            | Event::LocalChoice { step, .. }
            | Event::LocalRestart { step, .. }
            | Event::LocalEnd { step, .. } => *step,
        }
    }
}

/// Records events and nodes up to a cap on nodes; past the cap it only counts.
#[derive(Clone, Debug)]
pub struct Recorder {
    /// Recorded events, in order.
    pub events: Vec<Event>,
    /// Nodes generated in all, recorded or not.
    pub total_nodes: u64,
    /// Whether a cap was reached (later events were not recorded).
    pub truncated: bool,
    /// Selections seen in all.
    pub expansions: u64,
    /// `index[id]`: the position of node `id`'s `Generated` event.
    index: Vec<u32>,
    /// Children generated so far under each node, for labels.
    children: Vec<u32>,
    /// RBFS's current backed-up values.
    backed: FxHashMap<NodeId, Cost>,
    node_cap: usize,
    frontier: bool,
    frontier_cap: usize,
    /// `frontier_caps[k]`: the most entries kept of a snapshot taken after `k` selections.
    frontier_caps: Option<Vec<usize>>,
    paths: bool,
    entry_labels: bool,
    cells: usize,
    selection_cap: Option<u64>,
    /// Whether a root was generated and nothing selected since (a second root then is the
    /// backward tree of bidirectional search).
    fresh_root: bool,
    /// The restart random-restart hill climbing is in, once it has restarted.
    restart: Option<u32>,
}

impl Recorder {
    /// A recorder for boards of `cells` cells that keeps at most `node_cap` nodes; `frontier`
    /// asks the search for the open list after each step.
    pub fn new(cells: usize, node_cap: usize, frontier: bool) -> Recorder {
        Recorder {
            events: Vec::new(),
            total_nodes: 0,
            truncated: false,
            expansions: 0,
            index: Vec::new(),
            children: Vec::new(),
            backed: FxHashMap::default(),
            node_cap,
            frontier,
            frontier_cap: usize::MAX,
            frontier_caps: None,
            paths: false,
            entry_labels: true,
            cells,
            selection_cap: None,
            fresh_root: false,
            restart: None,
        }
    }

    /// Stops recording (but not counting) at the selection after the first `n`, so a trace of
    /// `n` steps keeps only what it shows.
    pub fn with_selection_cap(mut self, n: u64) -> Recorder {
        self.selection_cap = Some(n);
        self
    }

    /// Keeps at most `n` entries of each frontier snapshot (its `size` still counts them all).
    pub fn with_frontier_cap(mut self, n: usize) -> Recorder {
        self.frontier_cap = n;
        self
    }

    /// Keeps at most `caps[k]` entries of each frontier snapshot taken after `k` selections
    /// (none past the end of `caps`; `size` still counts them all), within
    /// [`Recorder::with_frontier_cap`]: a check of a hand trace keeps no more of the open list
    /// after each step than the trace writes there, so a long search's snapshots stay small.
    pub fn with_frontier_caps(mut self, caps: Vec<usize>) -> Recorder {
        self.frontier_caps = Some(caps);
        self
    }

    /// Whether frontier entries carry their node's label. Labels grow one character a level, so
    /// a deep search's snapshots of long frontiers are mostly labels; without them an entry is
    /// its id, g, h and f, and the label is in the node's `Generated` event.
    pub fn with_entry_labels(mut self, labels: bool) -> Recorder {
        self.entry_labels = labels;
        self
    }

    /// Keeps each selected node's path of labels in its `Selected` event.
    pub fn with_paths(mut self, paths: bool) -> Recorder {
        self.paths = paths;
        self
    }

    /// The node with this id, if recorded.
    pub fn node(&self, id: NodeId) -> Option<&Node> {
        match self.events.get(*self.index.get(id as usize)? as usize)? {
            Event::Generated { node, .. } => Some(node),
            _ => None,
        }
    }

    /// Every recorded node, in id order.
    pub fn nodes(&self) -> impl Iterator<Item = &Node> + '_ {
        self.index.iter().filter_map(|&i| match &self.events[i as usize] {
            Event::Generated { node, .. } => Some(node),
            _ => None,
        })
    }

    /// Number of recorded nodes.
    pub fn node_count(&self) -> usize {
        self.index.len()
    }

    /// Sets every recorded node's true distance to the goal, `h_star`, from `distance` (which
    /// reads a node's row-major tiles; `None` leaves a node's unset). With an exact table this
    /// shows how far each heuristic estimate falls short.
    pub fn set_true_distances(&mut self, distance: impl Fn(&[Tile]) -> Option<u32>) {
        for e in &mut self.events {
            if let Event::Generated { node, .. } = e {
                node.h_star = distance(&node.board);
            }
        }
    }

    /// Sets every recorded node's true distance to `goal` from its exact table
    /// ([`crate::tables::TableStore::exact`]), where the board is small enough for one
    /// ([`crate::heuristic::HeuristicKind::Exact`]); a larger board, or a table that cannot be
    /// had, leaves them unset, and a replay then shows h alone.
    pub fn set_true_distances_from(&mut self, store: &crate::tables::TableStore, goal: &crate::board::Board) {
        if crate::heuristic::HeuristicKind::Exact.check_size(goal.width(), goal.height()).is_err() {
            return;
        }
        if let Ok(exact) = store.exact(goal, &|_| {}) {
            self.set_true_distances(|tiles| exact.distance_tiles(|i| tiles[i]).map(u32::from));
        }
    }

    /// The labels on the path from the root to `id`, e.g. `["S0", "S2", "S21"]`.
    pub fn path_labels(&self, id: NodeId) -> Vec<String> {
        let mut out = Vec::new();
        let mut cur = self.node(id);
        while let Some(n) = cur {
            out.push(n.label.clone());
            cur = n.parent.and_then(|p| self.node(p));
        }
        out.reverse();
        out
    }

    fn label(&self, id: NodeId) -> String {
        self.node(id).map_or_else(|| format!("#{id}"), |n| n.label.clone())
    }

    fn entry(&self, id: NodeId) -> Option<Entry> {
        let n = self.node(id)?;
        let label = if self.entry_labels { n.label.clone() } else { String::new() };
        Some(Entry { id, label, g: n.g, h: n.h, f: self.backed.get(&id).copied().unwrap_or(n.f) })
    }

    fn generated<S: State>(&mut self, step: u64, e: &observer::Event<'_, S>) -> Option<Event> {
        let observer::Event::Generated { id, parent, mv, g, h, f, state, fate } = *e else { return None };
        if self.index.len() >= self.node_cap || id as usize != self.index.len() {
            self.truncated = true;
            return None;
        }
        let depth = parent.and_then(|p| self.node(p)).map_or(0, |n| n.depth + 1);
        let label = match parent.filter(|&p| (p as usize) < self.children.len()) {
            Some(p) => {
                self.children[p as usize] += 1;
                let parent_node = self.node(p).expect("recorded parent");
                // The root's children are S1, S2, …, not S01.
                let stem = if parent_node.parent.is_none() { &parent_node.label[..1] } else { parent_node.label.as_str() };
                format!("{stem}{}", self.children[p as usize])
            }
            None if self.fresh_root => "G0".to_string(),
            None => {
                self.fresh_root = true;
                "S0".to_string()
            }
        };
        self.index.push(self.events.len() as u32);
        self.children.push(0);
        let node =
            Node { id, parent, label, mv: mv.map(Slide::label), g, depth, h, f, fate, board: state.to_tiles(self.cells), h_star: None };
        Some(Event::Generated { step, node })
    }
}

impl Observer for Recorder {
    fn event<S: State>(&mut self, e: &observer::Event<'_, S>) {
        use observer::Event as E;
        let begins_step = matches!(e, E::Selected { .. } | E::LocalCurrent { member: None | Some(0), .. });
        match e {
            E::Generated { .. } | E::LocalNeighbour { .. } => self.total_nodes += 1,
            _ if begins_step => self.expansions += 1,
            _ => {}
        }
        if self.truncated {
            return;
        }
        if begins_step && self.selection_cap.is_some_and(|cap| self.expansions > cap) {
            self.truncated = true;
            return;
        }
        let step = self.expansions;
        let event = match *e {
            E::Generated { .. } => match self.generated(step, e) {
                Some(ev) => ev,
                None => return,
            },
            E::Selected { id, g, h, f, .. } => {
                self.fresh_root = false;
                let path = self.paths.then(|| self.path_labels(id));
                Event::Selected { step, id, label: self.label(id), path, g, h, f }
            }
            E::Discarded { id, why } => Event::Discarded { step, id, label: self.label(id), why: (!why.is_bound()).then_some(why) },
            E::Frontier { ids } => {
                let cap = match &self.frontier_caps {
                    Some(caps) => caps.get(step as usize).copied().unwrap_or(0).min(self.frontier_cap),
                    None => self.frontier_cap,
                };
                Event::Frontier { step, size: ids.len() as u64, entries: ids.iter().take(cap).filter_map(|&id| self.entry(id)).collect() }
            }
            E::Iteration { number, bound } => Event::Iteration { step, number, bound },
            E::IterationEnd { next } => Event::IterationEnd { step, next },
            E::Incumbent { id, cost } => Event::Incumbent { step, id, label: self.label(id), cost },
            E::BackedUp { id, f } => {
                self.backed.insert(id, f);
                Event::BackedUp { step, id, label: self.label(id), f }
            }
            E::Goal { id } => Event::Goal { step, id, label: self.label(id) },
            E::LocalCurrent { state, h, initial, member, temperature } => {
                Event::LocalCurrent { step, board: state.to_tiles(self.cells), h, initial, member, temperature, restart: self.restart }
            }
            E::LocalNeighbour { mv, state, h, member } => {
                Event::LocalNeighbour { step, mv: mv.letter(), board: state.to_tiles(self.cells), h, member }
            }
            E::LocalChoice { mv, h, why, member, from } => Event::LocalChoice { step, mv: mv.letter(), h, reason: why, member, from },
            E::LocalRestart { number, walk } => {
                self.restart = Some(number);
                Event::LocalRestart { step, number, walk: crate::board::moves_to_string(walk) }
            }
            E::LocalEnd { stuck } => Event::LocalEnd { step, stuck },
        };
        self.events.push(event);
    }

    fn wants_frontier(&self) -> bool {
        self.frontier && !self.truncated
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::goal::Goal;
    use crate::parse::parse_board;
    use crate::search::Algorithm;
    use crate::solve::{solve_observed, Request};

    #[test]
    fn labels_follow_the_exercise_convention() {
        let start = parse_board("1 2 3 4 0 5 7 8 6").unwrap();
        let goal = Goal::BlankLast.board(3, 3).unwrap();
        let req = Request::new(start, goal).algorithm(Algorithm::Bfs);
        let (out, rec) = solve_observed(&req, Recorder::new(9, 1000, true)).unwrap();
        assert_eq!(out.cost, Some(2));
        let labels: Vec<&str> = rec.nodes().map(|n| n.label.as_str()).collect();
        // The centre blank has four children; S1 (blank moved up) has two: no move back.
        assert_eq!(&labels[..8], &["S0", "S1", "S2", "S3", "S4", "S11", "S12", "S21"]);
        assert_eq!(rec.total_nodes, out.stats.generated);
        let expanded = rec.events.iter().filter(|s| matches!(s, Event::Selected { .. })).count() as u64;
        assert_eq!(expanded, out.stats.expanded);
        let last = rec.nodes().last().unwrap();
        assert_eq!(rec.path_labels(last.id).len() as u32, last.g + 1);
        assert_eq!(last.depth, last.g);
    }

    #[test]
    fn bidirectional_goal_tree_is_labelled_g() {
        let start = parse_board("1 2 3 4 0 5 7 8 6").unwrap();
        let goal = Goal::BlankLast.board(3, 3).unwrap();
        let req = Request::new(start, goal).algorithm(Algorithm::Bidirectional);
        let (_, rec) = solve_observed(&req, Recorder::new(9, 1000, true)).unwrap();
        let roots: Vec<&str> = rec.nodes().filter(|n| n.parent.is_none()).map(|n| n.label.as_str()).collect();
        assert_eq!(roots, ["S0", "G0"]);
        assert!(rec.nodes().any(|n| n.label == "G1"));
        // IDA* iterations each start again from S0.
        let req = Request::new(parse_board("1 2 3 4 0 5 7 8 6").unwrap(), Goal::BlankLast.board(3, 3).unwrap())
            .algorithm(Algorithm::Idastar)
            .heuristic(crate::HeuristicKind::Misplaced);
        let (_, rec) = solve_observed(&req, Recorder::new(9, 1000, true)).unwrap();
        assert!(rec.nodes().filter(|n| n.parent.is_none()).all(|n| n.label == "S0"));
    }

    #[test]
    fn every_step_an_algorithm_takes_has_a_pseudocode_line() {
        for &a in Algorithm::ALL {
            let info = a.info();
            assert!(!info.pseudocode.is_empty(), "{} has no pseudocode", info.name);
            if a.info().one_path() {
                // Reduction places tiles by construction: it grows no search tree and sends no
                // search events, so there is no step to match with a line.
                continue;
            }
            for (board, goal) in [("8 1 3 4 0 2 7 6 5", Goal::BlankLast), ("2 8 3 1 6 4 7 0 5", Goal::Snail)] {
                let req = Request::new(parse_board(board).unwrap(), goal.board(3, 3).unwrap())
                    .algorithm(a)
                    .heuristic(crate::HeuristicKind::Misplaced);
                let (_, rec) = solve_observed(&req, Recorder::new(9, 5_000, true).with_frontier_cap(3)).unwrap();
                let mut seen = std::collections::HashSet::new();
                for e in &rec.events {
                    if let Some(step) = e.pseudocode_step() {
                        seen.insert(step);
                        assert!(!info.lines_for(step).is_empty(), "{}: no pseudocode line for {step:?} ({e:?})", info.name);
                    }
                }
                // A local search stuck at its start makes no second step (no selection).
                assert!((info.local() || seen.contains(&Step::Select)) && seen.contains(&Step::Start), "{}: {seen:?}", info.name);
            }
        }
    }

    #[test]
    fn true_distances_are_set_from_the_table() {
        let start = parse_board("1 2 3 4 0 5 7 8 6").unwrap();
        let goal = Goal::BlankLast.board(3, 3).unwrap();
        let req = Request::new(start, goal.clone()).algorithm(Algorithm::Bfs);
        let (_, mut rec) = solve_observed(&req, Recorder::new(9, 1000, true)).unwrap();
        assert!(rec.nodes().all(|n| n.h_star.is_none()));
        let exact = crate::heuristic::exact::ExactHeuristic::build(&goal).unwrap();
        rec.set_true_distances(|tiles| exact.distance_tiles(|i| tiles[i]).map(u32::from));
        assert_eq!(rec.node(0).unwrap().h_star, Some(2));
        assert!(rec.nodes().all(|n| n.h_star.is_some()));
        let goal_node = rec.nodes().find(|n| n.fate == Fate::Goal).unwrap();
        assert_eq!(goal_node.h_star, Some(0));
    }

    #[test]
    fn frontier_snapshots_keep_their_size_when_capped() {
        let start = parse_board("8 1 3 4 0 2 7 6 5").unwrap();
        let goal = Goal::BlankLast.board(3, 3).unwrap();
        let req = Request::new(start, goal).algorithm(Algorithm::Bfs);
        let (_, rec) = solve_observed(&req, Recorder::new(9, 500, true).with_frontier_cap(3)).unwrap();
        let big = rec.events.iter().find_map(|e| match e {
            Event::Frontier { size, entries, .. } if *size > 3 => Some(entries.len()),
            _ => None,
        });
        assert_eq!(big, Some(3));
        // Without labels, entries still name their nodes by id.
        let req = Request::new(parse_board("8 1 3 4 0 2 7 6 5").unwrap(), Goal::BlankLast.board(3, 3).unwrap()).algorithm(Algorithm::Bfs);
        let (_, rec) = solve_observed(&req, Recorder::new(9, 500, true).with_entry_labels(false)).unwrap();
        let entries: Vec<&Entry> = rec
            .events
            .iter()
            .filter_map(|e| if let Event::Frontier { entries, .. } = e { Some(entries) } else { None })
            .flatten()
            .collect();
        assert!(!entries.is_empty() && entries.iter().all(|e| e.label.is_empty() && rec.node(e.id).is_some()));
        assert!(!serde_json::to_string(entries[0]).unwrap().contains("label"));
    }
}
