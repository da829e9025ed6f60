//! [`Recorder`]: an observer that keeps the search's events and nodes as owned data, for the
//! step-by-step trace, the search-tree exports and the web UI. It labels nodes the way exercises
//! do: the start is `S0`, its children `S1`, `S2`, …, the children of `S2` are `S21`, `S22`, …
//! (a new root, as in each IDA* iteration, is `S0` again). Bidirectional search grows a second
//! tree from the goal before anything is selected; its root is `G0`, its children `G1`, `G2`, ….

use crate::board::{Move, Tile};
use crate::cost::Cost;
use crate::search::observer::{Event, Fate, NodeId, Observer};
use crate::state::State;
use serde::Serialize;

/// A node as recorded.
#[derive(Clone, Debug, Serialize)]
pub struct NodeInfo {
    /// The node's id (ids are dense, in generation order).
    pub id: NodeId,
    /// Its parent, `None` for a root.
    pub parent: Option<NodeId>,
    /// Hierarchical label, e.g. `S21`.
    pub label: String,
    /// The move from the parent, as a letter.
    #[serde(rename = "move")]
    pub mv: Option<char>,
    /// Moves from the start.
    pub g: u32,
    /// Heuristic estimate.
    pub h: Cost,
    /// The algorithm's ordering value.
    pub f: Cost,
    /// What happened when it was generated.
    pub fate: Fate,
    /// Row-major tiles.
    pub board: Vec<Tile>,
    /// 0-based position in expansion order, if it was ever selected.
    pub expanded: Option<u64>,
    /// Number of children generated under it so far (used for labels).
    #[serde(skip)]
    children: u32,
}

/// One recorded event; `Generated` refers to [`Recorder::nodes`] by id.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Step {
    /// A node was generated.
    Generated {
        /// The node.
        id: NodeId,
    },
    /// A node was selected for expansion.
    Selected {
        /// The node.
        id: NodeId,
        /// Its ordering value at selection (RBFS: the stored, backed-up value).
        f: Cost,
    },
    /// A node was dropped when taken because a bound now cuts it.
    Discarded {
        /// The node.
        id: NodeId,
    },
    /// The open list, next first.
    Frontier {
        /// Node ids.
        ids: Vec<NodeId>,
    },
    /// An iteration began with this bound.
    Iteration {
        /// 1-based number.
        number: u64,
        /// Bound (f for IDA*, depth for iterative deepening).
        bound: Cost,
    },
    /// An iteration ended; `next` is the next bound.
    IterationEnd {
        /// The next bound, if any.
        next: Option<Cost>,
    },
    /// A new incumbent (branch and bound).
    Incumbent {
        /// The goal node.
        id: NodeId,
        /// Its cost, the new bound.
        cost: u32,
    },
    /// A backed-up value (RBFS).
    BackedUp {
        /// The node.
        id: NodeId,
        /// The value.
        f: Cost,
    },
    /// The goal was reached (or the two searches met).
    Goal {
        /// The node.
        id: NodeId,
    },
}

/// Records events and nodes up to a cap on nodes; past the cap it only counts.
#[derive(Clone, Debug)]
pub struct Recorder {
    /// Recorded nodes; `nodes[i].id == i`.
    pub nodes: Vec<NodeInfo>,
    /// Recorded events, in order.
    pub steps: Vec<Step>,
    /// Nodes generated in all, recorded or not.
    pub total_nodes: u64,
    /// Whether the cap was reached (later events were not recorded).
    pub truncated: bool,
    /// Expansions seen.
    pub expansions: u64,
    node_cap: usize,
    frontier: bool,
    cells: usize,
    selection_cap: Option<u64>,
    /// Whether a root was generated and nothing selected since (a second root then is the
    /// backward tree of bidirectional search).
    fresh_root: bool,
}

impl Recorder {
    /// A recorder for boards of `cells` cells that keeps at most `node_cap` nodes; `frontier`
    /// asks the search for the open list after each step.
    pub fn new(cells: usize, node_cap: usize, frontier: bool) -> Recorder {
        Recorder {
            nodes: Vec::new(),
            steps: Vec::new(),
            total_nodes: 0,
            truncated: false,
            expansions: 0,
            node_cap,
            frontier,
            cells,
            selection_cap: None,
            fresh_root: false,
        }
    }

    /// Stops recording (but not counting) at the selection after the first `n`, so a trace of
    /// `n` steps keeps only what it shows.
    pub fn with_selection_cap(mut self, n: u64) -> Recorder {
        self.selection_cap = Some(n);
        self
    }

    /// The node with this id, if recorded.
    pub fn node(&self, id: NodeId) -> Option<&NodeInfo> {
        self.nodes.get(id as usize)
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

    fn live(&mut self) -> bool {
        !self.truncated
    }
}

fn letter(m: Option<Move>) -> Option<char> {
    m.map(Move::letter)
}

impl Observer for Recorder {
    fn event<S: State>(&mut self, e: &Event<'_, S>) {
        if let Event::Generated { .. } = e {
            self.total_nodes += 1;
        }
        if let Event::Selected { .. } = e {
            self.expansions += 1;
        }
        if !self.live() {
            return;
        }
        if matches!(e, Event::Selected { .. }) && self.selection_cap.is_some_and(|cap| self.expansions > cap) {
            self.truncated = true;
            return;
        }
        let step = match *e {
            Event::Generated { id, parent, mv, g, h, f, state, fate } => {
                if self.nodes.len() >= self.node_cap || id as usize != self.nodes.len() {
                    self.truncated = true;
                    return;
                }
                let label = match parent.and_then(|p| self.nodes.get_mut(p as usize)) {
                    Some(p) => {
                        p.children += 1;
                        // The root's children are S1, S2, …, not S01.
                        let stem = if p.parent.is_none() { &p.label[..1] } else { p.label.as_str() };
                        format!("{stem}{}", p.children)
                    }
                    None if self.fresh_root => "G0".to_string(),
                    None => {
                        self.fresh_root = true;
                        "S0".to_string()
                    }
                };
                self.nodes.push(NodeInfo {
                    id,
                    parent,
                    label,
                    mv: letter(mv),
                    g,
                    h,
                    f,
                    fate,
                    board: state.to_tiles(self.cells),
                    expanded: None,
                    children: 0,
                });
                Step::Generated { id }
            }
            Event::Selected { id, f, .. } => {
                self.fresh_root = false;
                let order = self.expansions - 1;
                if let Some(n) = self.nodes.get_mut(id as usize) {
                    n.expanded.get_or_insert(order);
                }
                Step::Selected { id, f }
            }
            Event::Discarded { id } => Step::Discarded { id },
            Event::Frontier { ids } => Step::Frontier { ids: ids.to_vec() },
            Event::Iteration { number, bound } => Step::Iteration { number, bound },
            Event::IterationEnd { next } => Step::IterationEnd { next },
            Event::Incumbent { id, cost } => Step::Incumbent { id, cost },
            Event::BackedUp { id, f } => Step::BackedUp { id, f },
            Event::Goal { id } => Step::Goal { id },
        };
        self.steps.push(step);
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
        let labels: Vec<&str> = rec.nodes.iter().map(|n| n.label.as_str()).collect();
        // The centre blank has four children; S1 (blank moved up) has two: no move back.
        assert_eq!(&labels[..8], &["S0", "S1", "S2", "S3", "S4", "S11", "S12", "S21"]);
        assert_eq!(rec.total_nodes, out.stats.generated);
        let expanded = rec.steps.iter().filter(|s| matches!(s, Step::Selected { .. })).count() as u64;
        assert_eq!(expanded, out.stats.expanded);
        let last = rec.nodes.last().unwrap();
        assert_eq!(rec.path_labels(last.id).len() as u32, last.g + 1);
    }

    #[test]
    fn bidirectional_goal_tree_is_labelled_g() {
        let start = parse_board("1 2 3 4 0 5 7 8 6").unwrap();
        let goal = Goal::BlankLast.board(3, 3).unwrap();
        let req = Request::new(start, goal).algorithm(Algorithm::Bidirectional);
        let (_, rec) = solve_observed(&req, Recorder::new(9, 1000, true)).unwrap();
        let roots: Vec<&str> = rec.nodes.iter().filter(|n| n.parent.is_none()).map(|n| n.label.as_str()).collect();
        assert_eq!(roots, ["S0", "G0"]);
        assert!(rec.nodes.iter().any(|n| n.label == "G1"));
        // IDA* iterations each start again from S0.
        let req = Request::new(parse_board("1 2 3 4 0 5 7 8 6").unwrap(), Goal::BlankLast.board(3, 3).unwrap())
            .algorithm(Algorithm::Idastar)
            .heuristic(crate::HeuristicKind::Misplaced);
        let (_, rec) = solve_observed(&req, Recorder::new(9, 1000, true)).unwrap();
        assert!(rec.nodes.iter().filter(|n| n.parent.is_none()).all(|n| n.label == "S0"));
    }
}
