//! The teaching legend: the state a node is in at some point of a search, and the colours and
//! shapes that show it. Every tree output includes the legend; the web page draws with the same
//! palette (served by `/api/options`).

use serde::Serialize;

/// A node's state when the search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NodeState {
    /// The node being expanded when the search stopped.
    Current,
    /// Selected and expanded.
    Explored,
    /// Still waiting on the open list (queue, stack or heap).
    Frontier,
    /// A goal node.
    Goal,
    /// Generated but never expanded and not waiting: a duplicate, a pruned node, or one a
    /// bound discarded.
    Unexplored,
}

impl NodeState {
    /// Every state, in legend order.
    pub const ALL: [NodeState; 5] = [NodeState::Current, NodeState::Explored, NodeState::Frontier, NodeState::Goal, NodeState::Unexplored];

    /// The state's name.
    pub fn name(self) -> &'static str {
        match self {
            NodeState::Current => "current",
            NodeState::Explored => "explored",
            NodeState::Frontier => "frontier",
            NodeState::Goal => "goal",
            NodeState::Unexplored => "unexplored",
        }
    }

    /// Fill colour (the teaching legend: red, yellow, green, magenta, black).
    pub fn fill(self) -> &'static str {
        match self {
            NodeState::Current => "#e53935",
            NodeState::Explored => "#fdd835",
            NodeState::Frontier => "#43a047",
            NodeState::Goal => "#c2185b",
            NodeState::Unexplored => "#000000",
        }
    }

    /// Text colour that reads on [`NodeState::fill`].
    pub fn ink(self) -> &'static str {
        match self {
            NodeState::Explored => "#000000",
            _ => "#ffffff",
        }
    }

    /// The colour's plain name, for the legend.
    pub fn colour_name(self) -> &'static str {
        match self {
            NodeState::Current => "red",
            NodeState::Explored => "yellow",
            NodeState::Frontier => "green",
            NodeState::Goal => "magenta",
            NodeState::Unexplored => "black",
        }
    }
}

/// One legend entry.
#[derive(Clone, Debug, Serialize)]
pub struct LegendEntry {
    /// The state.
    pub state: NodeState,
    /// Its colour name.
    pub colour: &'static str,
    /// Its fill colour.
    pub fill: &'static str,
}

/// The legend, in order.
pub fn legend() -> Vec<LegendEntry> {
    NodeState::ALL.iter().map(|&s| LegendEntry { state: s, colour: s.colour_name(), fill: s.fill() }).collect()
}
