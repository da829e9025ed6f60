//! What a heuristic says about itself ([`HeuristicInfo`]), and what an estimate claims
//! ([`Claims`]): every front end lists, names and explains the heuristics from these, and a
//! search's "optimal" rests on the claims.

use super::{Source, TableSource};
use crate::board::Board;
use crate::cost::CostModel;
use crate::error::Error;
use crate::metric::Metric;
use serde::Serialize;

/// Whether a property holds: proven, disproven, or not known (a user's own estimate, until the
/// audit tells).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Claim {
    /// It holds, by proof (for a built-in, the source in its [`HeuristicInfo::source`]).
    Yes,
    /// It does not hold: a counterexample is known.
    No,
    /// Nobody proved it either way.
    Unknown,
    /// Its author says it holds (a user passing their own heuristic as admissible); nobody
    /// proved it. A search's answer is called optimal on that word, and its report says whose
    /// word it is ([`crate::solve::Report::claim_note`]).
    Claimed,
}

impl Claim {
    /// `Yes` for `true`, `No` for `false`.
    pub const fn of(b: bool) -> Claim {
        if b {
            Claim::Yes
        } else {
            Claim::No
        }
    }

    /// Whether it holds, proven or on its author's word ([`Claim::Claimed`]).
    pub fn holds(self) -> bool {
        matches!(self, Claim::Yes | Claim::Claimed)
    }
}

/// What an estimate claims about itself: admissible (never above the true cost to the goal) and
/// consistent (never falling by more than a move's cost along a move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Claims {
    /// h ≤ h* on every board.
    pub admissible: Claim,
    /// h(n) ≤ c(n, n') + h(n') on every move.
    pub consistent: Claim,
}

impl Claims {
    /// Nothing known: a user's own estimate.
    pub const UNKNOWN: Claims = Claims { admissible: Claim::Unknown, consistent: Claim::Unknown };
    /// Admissible and consistent.
    pub const PROVEN: Claims = Claims { admissible: Claim::Yes, consistent: Claim::Yes };
}

/// How a built-in heuristic is bound to a goal: its values' source for `goal`, reading the
/// prepared `tables` it needs, under the cost model and metric (which its
/// [`HeuristicInfo`] says it serves: checked before this is called).
pub(crate) type Bind = fn(goal: &Board, tables: &dyn TableSource, cost: CostModel, metric: Metric) -> Result<Source, Error>;

/// What a heuristic says about itself: every front end lists, names and explains it from this,
/// and nothing else keeps a list of heuristics. Each heuristic's file defines one as
/// `pub const INFO`, and one line of the `heuristics!` list in [`crate::heuristic`] registers it.
#[derive(Debug)]
pub struct HeuristicInfo {
    /// The name on the command line and in JSON (`linear-conflict`).
    pub name: &'static str,
    /// Other names it is read by (`h1`, `hamming`); [`HeuristicKind`](super::HeuristicKind)'s
    /// parser reads these and the name, and nothing else does.
    pub aliases: &'static [&'static str],
    /// The name in prose, for menus (`pdb (pattern databases)`).
    pub title: &'static str,
    /// One line on what it measures, for help texts and the page.
    pub summary: &'static str,
    /// Whether it never overestimates, in the metrics and cost models it serves. A search's
    /// optimality rests on it.
    pub admissible: bool,
    /// Whether it never falls by more than a move's cost along a move.
    pub consistent: bool,
    /// Where the two claims come from: the paper or the argument, in a line.
    pub source: &'static str,
    /// What its prepared tables are called (`pattern databases`); `None` for a heuristic
    /// computed from the board alone.
    pub table: Option<&'static str>,
    /// The most cells a board may have for it, if it is limited.
    pub max_cells: Option<usize>,
    /// Whether it estimates multi-tile moves ([`Metric::Mtm`]) as well as single-tile ones.
    pub mtm: bool,
    /// Whether it weighs tiles by their cost under [`CostModel::Tile`].
    pub tile_costs: bool,
    /// Whether every value is a whole number of moves.
    pub integral: bool,
    /// Whether the page offers it (the learnt estimate's weights are left out of the page's
    /// WebAssembly, and it is a research baseline, not a course's heuristic).
    pub page: bool,
    pub(crate) bind: Bind,
}
