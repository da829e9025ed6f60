//! What a check answers: the findings, the first difference, the diagnosis.

use serde::Serialize;

/// What was graded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum WorkKind {
    /// A solution: moves, or the boards along the way.
    Solution,
    /// An order of expansion: the nodes selected, as labels or boards.
    Expansions,
    /// The answers to an exercise sheet, against its key.
    Answers,
    /// A full hand trace: the node selected and the open list at each step.
    Trace,
}

/// One thing checked, passed or not, in words.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Finding {
    /// What was checked: `valid`, `reaches the goal`, `optimal`, `order of expansion`.
    pub name: String,
    /// Whether the work passed it.
    pub passed: bool,
    /// What was found, e.g. `move 4 (R) is not possible: the blank is on the right edge`.
    pub says: String,
}

/// Where the work first departs from the reference.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Difference {
    /// The 1-based place: the move, board or expansion.
    pub at: usize,
    /// What the reference has there (`None`: the reference has ended).
    pub expected: Option<String>,
    /// What the work has there (`None`: the work has ended).
    pub got: Option<String>,
}

/// A graded piece of work (`POST /api/grade` answers it as `Graded`).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "Graded"))]
pub struct Report {
    /// What was graded.
    pub work: WorkKind,
    /// The reference the work is graded against, e.g. `astar + manhattan, order UDLR`.
    pub reference: String,
    /// Whether the work is right.
    pub right: bool,
    /// Each thing checked.
    pub findings: Vec<Finding>,
    /// Where the work first departs from the reference.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub difference: Option<Difference>,
    /// The nearby variants that reproduce the work (at most [`super::MAX_DIAGNOSES`], closest
    /// first), in words: `matches greedy best-first search (f = h), not A* (f = g + h)`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub diagnoses: Vec<String>,
    /// Why the diagnosis stopped short, naming the limit: `the work has 443 expansions, more
    /// than the 200 a diagnosis follows`, or `the time budget of 10 s ran out with 3 of the 75
    /// nearby variants not followed to the work's end`. Absent when every variant was followed
    /// as far as the work goes (or the work needs no diagnosis).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub diagnosis_limit: Option<String>,
}
