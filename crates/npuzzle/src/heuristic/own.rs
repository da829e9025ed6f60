//! The open estimate: a heuristic a user brings (a Rust type, a formula, a Python callable)
//! runs in every tree search, the trace, the tree, `check`, `compare` and `bench depth`, the
//! way the built-ins do.
//!
//! A user implements [`Estimate`]: the estimate of a board ([`Position`]: its tiles row by row
//! and the goal), an update along a move where it has a cheaper one, what it claims
//! ([`Claims`]: unknown unless proven), and a name for reports. [`Estimator`] is what a request
//! names: a built-in ([`HeuristicKind`]) or a user's own. The built-ins keep their static,
//! incremental paths ([`super::Heuristic`] dispatches on them directly); a user's estimate is
//! recomputed in full at each node unless it overrides [`Estimate::update`].
//!
//! An estimate that fails at a board (a formula dividing by zero, a Python callable raising)
//! stops the search: from its first error on it estimates every board as unreachable, and the
//! facade returns that error, naming the board, in place of the outcome. A search that
//! reads no estimate never calls it.

use super::{Claims, HeuristicKind};
use crate::board::{Board, Tile};
use crate::cost::{Cost, CostModel};
use crate::error::Error;
use crate::metric::Metric;
use crate::state::State;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// A board as a user's estimate sees it: its tiles row by row (`tiles[cell]`, 0 the blank)
/// and the goal it is estimated against.
#[derive(Clone, Copy, Debug)]
pub struct Position<'a> {
    /// The tiles, row by row; 0 is the blank.
    pub tiles: &'a [Tile],
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The goal board.
    pub goal: &'a Board,
}

impl Position<'_> {
    /// The board these tiles make (for messages: a board that made an estimate fail).
    pub fn board(&self) -> Board {
        Board::new(self.width, self.height, self.tiles.to_vec()).unwrap_or_else(|_| self.goal.clone())
    }
}

/// A heuristic of the user's own. Implement [`Estimate::estimate`]; the rest has defaults.
///
/// ```
/// use npuzzle::heuristic::{Estimate, Estimator, Position};
/// use npuzzle::{Algorithm, Board, Cost, Error, Request};
/// use std::sync::Arc;
///
/// /// Tiles out of their goal row.
/// struct OutOfRow;
/// impl Estimate for OutOfRow {
///     fn estimate(&self, p: &Position<'_>) -> Result<Cost, Error> {
///         let home = p.goal.positions();
///         let n = p.tiles.iter().enumerate().filter(|&(c, &t)| t != 0 && c / p.width != home[t as usize] / p.width).count();
///         Ok(Cost::moves(n as u32))
///     }
///     fn name(&self) -> String {
///         "out-of-row".into()
///     }
/// }
///
/// let start: Board = npuzzle::parse::parse_board("1 2 3/4 0 6/7 5 8").unwrap();
/// let goal: Board = npuzzle::parse::parse_board("1 2 3/4 5 6/7 8 0").unwrap();
/// let req = Request::new(start, goal).algorithm(Algorithm::Astar).heuristic(Estimator::own(OutOfRow));
/// let out = npuzzle::solve(&req).unwrap();
/// assert_eq!(out.length, Some(2));
/// ```
pub trait Estimate: Send + Sync {
    /// The estimate of the cost from `board` to its goal, in [`Cost`] units (whole moves with
    /// [`Cost::moves`]). An error stops the search that asked (see the [module](self)).
    fn estimate(&self, board: &Position<'_>) -> Result<Cost, Error>;

    /// The estimate of `child`, reached from a board whose estimate was `parent_h` by sliding
    /// `tile` from cell `from` to cell `to`. By default, computed afresh.
    fn update(&self, child: &Position<'_>, parent_h: Cost, tile: Tile, from: usize, to: usize) -> Result<Cost, Error> {
        let _ = (parent_h, tile, from, to);
        self.estimate(child)
    }

    /// What it claims. By default nothing: an answer found with it is claimed optimal only
    /// where its cost meets a proven lower bound.
    fn claims(&self) -> Claims {
        Claims::UNKNOWN
    }

    /// The name reports give it.
    fn name(&self) -> String {
        "own".to_string()
    }

    /// Whether every value is a whole number of moves (then, for example, IDA*'s bounds are).
    fn integral(&self) -> bool {
        false
    }

    /// The estimate for runs toward `goal` in `cost` and `metric`, asked once before a search:
    /// an estimate that precomputes what depends on the goal returns a new one here; `None`
    /// (the default) uses this one as it is.
    fn bind(&self, goal: &Board, cost: CostModel, metric: Metric) -> Result<Option<Arc<dyn Estimate>>, Error> {
        let _ = (goal, cost, metric);
        Ok(None)
    }
}

/// The heuristic a request names: a built-in, or a user's own estimate.
#[derive(Clone)]
pub enum Estimator {
    /// A built-in heuristic, by kind.
    Builtin(HeuristicKind),
    /// A user's own estimate (a formula, a Rust type, a Python callable).
    Own(Arc<dyn Estimate>),
}

impl Estimator {
    /// A user's own estimate.
    pub fn own(e: impl Estimate + 'static) -> Estimator {
        Estimator::Own(Arc::new(e))
    }

    /// The built-in it is, if it is one.
    pub fn kind(&self) -> Option<HeuristicKind> {
        match self {
            Estimator::Builtin(k) => Some(*k),
            Estimator::Own(_) => None,
        }
    }

    /// Whether it is `kind`.
    pub fn is(&self, kind: HeuristicKind) -> bool {
        self.kind() == Some(kind)
    }

    /// The name reports give it: a built-in's name, a formula's text, a user's name.
    pub fn name(&self) -> String {
        match self {
            Estimator::Builtin(k) => k.name().to_string(),
            Estimator::Own(e) => e.name(),
        }
    }

    /// One line on what it measures, for help texts and reports.
    pub fn summary(&self) -> String {
        match self {
            Estimator::Builtin(k) => k.summary().to_string(),
            Estimator::Own(e) => {
                format!("your own estimate {} (admissible: {:?}, consistent: {:?})", e.name(), e.claims().admissible, e.claims().consistent)
                    .replace("Yes", "yes")
                    .replace("No", "no")
                    .replace("Unknown", "unknown")
                    .replace("Claimed", "claimed by its author")
            }
        }
    }

    /// What it claims.
    pub fn claims(&self) -> Claims {
        match self {
            Estimator::Builtin(k) => k.claims(),
            Estimator::Own(e) => e.claims(),
        }
    }

    /// Whether it is proven never to overestimate: optimality rests on it.
    pub fn is_admissible(&self) -> bool {
        self.claims().admissible.holds()
    }

    /// Whether it needs tables prepared before use (a built-in's pattern databases or exact
    /// table); a user's own never does.
    pub fn is_table(&self) -> bool {
        self.kind().is_some_and(HeuristicKind::is_table)
    }

    /// Checks that it covers a `width`×`height` board ([`HeuristicKind::check_size`]).
    pub fn check_size(&self, width: usize, height: usize) -> Result<(), Error> {
        match self {
            Estimator::Builtin(k) => k.check_size(width, height),
            Estimator::Own(_) => Ok(()),
        }
    }
}

impl From<HeuristicKind> for Estimator {
    fn from(k: HeuristicKind) -> Estimator {
        Estimator::Builtin(k)
    }
}

impl PartialEq for Estimator {
    fn eq(&self, other: &Estimator) -> bool {
        match (self, other) {
            (Estimator::Builtin(a), Estimator::Builtin(b)) => a == b,
            (Estimator::Own(a), Estimator::Own(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl Eq for Estimator {}

impl PartialEq<HeuristicKind> for Estimator {
    fn eq(&self, other: &HeuristicKind) -> bool {
        self.is(*other)
    }
}

impl std::hash::Hash for Estimator {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        match self {
            Estimator::Builtin(k) => k.hash(state),
            Estimator::Own(e) => (Arc::as_ptr(e) as *const () as usize).hash(state),
        }
    }
}

impl fmt::Debug for Estimator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Estimator::Builtin(k) => write!(f, "{k:?}"),
            Estimator::Own(e) => write!(f, "Own({:?})", e.name()),
        }
    }
}

impl fmt::Display for Estimator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// Written as its name: a built-in's, or a formula's text.
impl Serialize for Estimator {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name())
    }
}

/// Read from a built-in's name or alias, or else as a formula ([`super::formula`]).
impl<'de> Deserialize<'de> for Estimator {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

impl std::str::FromStr for Estimator {
    type Err = Error;
    fn from_str(s: &str) -> Result<Estimator, Error> {
        match HeuristicKind::lookup(s) {
            Some(k) => Ok(Estimator::Builtin(k)),
            None => super::formula_estimator(s),
        }
    }
}

#[cfg(feature = "ts")]
impl ts_rs::TS for Estimator {
    type WithoutGenerics = Estimator;
    type OptionInnerType = Self;
    fn name(_: &ts_rs::Config) -> String {
        "string".to_string()
    }
    fn inline(_: &ts_rs::Config) -> String {
        "string".to_string()
    }
    fn decl(_: &ts_rs::Config) -> String {
        "type Estimator = string;".to_string()
    }
    fn decl_concrete(c: &ts_rs::Config) -> String {
        Self::decl(c)
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for Estimator {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Estimator".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A heuristic: a built-in's name or alias (manhattan, h1, …), or a formula such as max(manhattan, misplaced).",
            "type": "string"
        })
    }
}

/// A user's estimate bound to a goal, as a search reads it: its first error kept, after which
/// every board is estimated unreachable.
pub(crate) struct Bound {
    estimate: Arc<dyn Estimate>,
    goal: Board,
    failed: AtomicBool,
    error: Mutex<Option<Error>>,
}

/// The estimate of every board once the user's estimate has failed: far above any search's
/// bound, with room to add path costs without overflow.
const UNREACHABLE: Cost = Cost(u64::MAX / 4);

impl Bound {
    pub(crate) fn new(estimate: Arc<dyn Estimate>, goal: &Board) -> Bound {
        Bound { estimate, goal: goal.clone(), failed: AtomicBool::new(false), error: Mutex::new(None) }
    }

    pub(crate) fn failure(&self) -> Option<Error> {
        self.error.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub(crate) fn failed_flag(&self) -> &AtomicBool {
        &self.failed
    }

    pub(crate) fn integral(&self) -> bool {
        self.estimate.integral()
    }

    fn keep(&self, got: Result<Cost, Error>) -> Cost {
        match got {
            Ok(c) => c,
            Err(e) => {
                if !self.failed.swap(true, Ordering::Relaxed) {
                    *self.error.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                }
                UNREACHABLE
            }
        }
    }

    /// Calls `f` with the state's tiles as a [`Position`]: on the stack up to 64 cells.
    fn with_position<S: State, T>(&self, s: &S, f: impl FnOnce(&Position<'_>) -> T) -> T {
        let n = self.goal.len();
        let mut small = [0 as Tile; 64];
        let mut big = Vec::new();
        let tiles: &mut [Tile] = if n <= small.len() {
            &mut small[..n]
        } else {
            big.resize(n, 0);
            &mut big
        };
        for (c, t) in tiles.iter_mut().enumerate() {
            *t = s.tile(c);
        }
        f(&Position { tiles, width: self.goal.width(), height: self.goal.height(), goal: &self.goal })
    }

    pub(crate) fn estimate<S: State>(&self, s: &S) -> Cost {
        if self.failed.load(Ordering::Relaxed) {
            return UNREACHABLE;
        }
        let got = self.with_position(s, |p| self.estimate.estimate(p));
        self.keep(got)
    }

    pub(crate) fn update<S: State>(&self, child: &S, parent_h: Cost, tile: Tile, from: usize, to: usize) -> Cost {
        if self.failed.load(Ordering::Relaxed) {
            return UNREACHABLE;
        }
        let got = self.with_position(child, |p| self.estimate.update(p, parent_h, tile, from, to));
        self.keep(got)
    }
}

impl fmt::Debug for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bound({:?})", self.estimate.name())
    }
}
