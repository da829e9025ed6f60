//! The one path from options to a [`Request`].
//!
//! A [`Spec`] is what a user asks for, as the command line, the web API and the Python package
//! receive it: every field optional, deserialisable from JSON. [`Spec::plan`] applies the
//! defaults and validates everything but the start board, once, giving a [`Plan`]; a server
//! caps a plan's limits with [`Plan::cap`]; [`Plan::request`] binds a start board and resolves
//! the default solver for its size.
//!
//! ```
//! use npuzzle::spec::Spec;
//! let spec: Spec = serde_json::from_str(r#"{"algorithm": "bfs", "goal": "blank-first"}"#).unwrap();
//! let plan = spec.plan().unwrap();
//! let req = plan.request(plan.board_text("1 2 3 0").unwrap()).unwrap();
//! assert_eq!(req.goal.tiles(), &[0, 1, 2, 3]);
//! ```

use crate::board::{Board, MoveOrder};
use crate::cost::CostModel;
use crate::error::{BoardError, Error};
use crate::goal::Goal;
use crate::heuristic::{Estimator, HeuristicKind};
use crate::metric::Metric;
use crate::parse::{parse_size, BoardInput};
use crate::search::{Algorithm, Limits, Param, Params};
use crate::solve::Request;
use crate::tables::Tables;
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// The algorithm used when a request names only a heuristic.
pub const DEFAULT_ALGORITHM: Algorithm = Algorithm::Astar;
/// The heuristic used when a request names only an algorithm.
pub const DEFAULT_HEURISTIC: HeuristicKind = HeuristicKind::Manhattan;

/// The board's size where neither a size nor a goal board says it: the 8-puzzle's.
pub const DEFAULT_SIZE: (usize, usize) = (3, 3);

/// What a user asks for, before defaults and validation. See the [module documentation](self).
///
/// In JSON the parameters ([`Params`]) sit beside the other fields, each under its key
/// (`"weight": 2`, `"beam_width": 20`); an unknown field is an error that lists the known ones.
#[derive(Clone, Debug, Default)]
pub struct Spec {
    /// The goal: a preset (`blank-last`, the default, `blank-first`, `snail`), or a board as
    /// text or arrays.
    pub goal: Option<BoardInput>,
    /// The size `WxH` (or `N`) for boards whose text does not say.
    pub size: Option<String>,
    /// The algorithm. With neither an algorithm nor a heuristic, the default solver for the
    /// board's size is used ([`crate::solve::default_choice_for`]); with only one of them, the other defaults to
    /// [`DEFAULT_ALGORITHM`] or [`DEFAULT_HEURISTIC`].
    pub algorithm: Option<Algorithm>,
    /// The heuristic.
    pub heuristic: Option<Estimator>,
    /// The successor order, e.g. `LURD` (default `UDLR`).
    pub order: Option<MoveOrder>,
    /// What a move costs: `unit` (the default) or `tile` (moving tile t costs t).
    pub cost: Option<CostModel>,
    /// How moves are counted: `stm` (single-tile moves, the default) or `mtm` (multi-tile).
    pub metric: Option<Metric>,
    /// The algorithms' parameters (weight, depth bound, the local searches' options).
    pub params: Params,
    /// Limits on the search.
    pub limits: LimitSpec,
}

/// The fields of a specification besides the parameters, in the order messages list them.
const SPEC_FIELDS: [&str; 8] = ["goal", "size", "algorithm", "heuristic", "order", "cost", "metric", "limits"];

impl Spec {
    /// Every JSON key a specification takes: its own fields and every parameter's key.
    pub fn keys() -> &'static [&'static str] {
        static KEYS: OnceLock<Vec<&'static str>> = OnceLock::new();
        KEYS.get_or_init(|| SPEC_FIELDS.iter().copied().chain(Param::ALL.iter().map(|p| p.key())).collect())
    }
}

impl<'de> Deserialize<'de> for Spec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Spec, D::Error> {
        struct SpecVisitor;
        impl<'de> Visitor<'de> for SpecVisitor {
            type Value = Spec;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a request specification (a JSON object)")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Spec, A::Error> {
                let mut spec = Spec::default();
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "goal" => spec.goal = map.next_value()?,
                        "size" => spec.size = map.next_value()?,
                        "algorithm" => spec.algorithm = map.next_value()?,
                        "heuristic" => spec.heuristic = map.next_value()?,
                        "order" => spec.order = map.next_value()?,
                        "cost" => spec.cost = map.next_value()?,
                        "metric" => spec.metric = map.next_value()?,
                        "limits" => spec.limits = map.next_value::<Option<LimitSpec>>()?.unwrap_or_default(),
                        other => match Param::from_key(other) {
                            Some(p) => spec.params.read(p, &mut map)?,
                            None => return Err(de::Error::unknown_field(other, Spec::keys())),
                        },
                    }
                }
                Ok(spec)
            }
        }
        d.deserialize_map(SpecVisitor)
    }
}

/// Limits as a user gives them.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LimitSpec {
    /// Most nodes generated.
    pub nodes: Option<u64>,
    /// Most wall time; `time_ms` in JSON.
    #[serde(rename = "time_ms", deserialize_with = "millis")]
    pub time: Option<Duration>,
    /// Most bytes of the search's frontier and explored set.
    pub memory: Option<u64>,
}

impl LimitSpec {
    /// Whether any limit is given.
    pub fn any(&self) -> bool {
        self.nodes.is_some() || self.time.is_some() || self.memory.is_some()
    }
}

fn millis<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Duration>, D::Error> {
    let ms = Option::<f64>::deserialize(d)?;
    ms.map(|ms| {
        if ms.is_finite() && ms >= 0.0 && ms <= u64::MAX as f64 / 1e3 {
            Ok(Duration::from_secs_f64(ms / 1e3))
        } else {
            Err(serde::de::Error::custom(format!("time_ms {ms} is not a number of milliseconds")))
        }
    })
    .transpose()
}

/// The ceilings a server puts on every request's limits.
#[derive(Clone, Copy, Debug)]
pub struct Caps {
    /// Longest a search may run.
    pub time: Duration,
    /// Most nodes a search may generate.
    pub nodes: u64,
    /// Most bytes a search may hold.
    pub memory: u64,
}

/// A validated spec: everything a request needs but its start board.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The goal.
    pub goal: Goal,
    /// The size for boards whose text does not say.
    pub size: Option<(usize, usize)>,
    /// The algorithm; `None` with `heuristic` also `None` means the default solver for the
    /// board's size.
    pub algorithm: Option<Algorithm>,
    /// The heuristic.
    pub heuristic: Option<Estimator>,
    /// The successor order.
    pub order: MoveOrder,
    /// What a move costs.
    pub cost: CostModel,
    /// How moves are counted.
    pub metric: Metric,
    /// The parameters, checked.
    pub params: Params,
    /// The limits (no cancel flag until [`Plan::cancel_with`]).
    pub limits: Limits,
}

impl Spec {
    /// Applies the defaults and checks every field.
    pub fn plan(&self) -> Result<Plan, Error> {
        let size = self.size.as_deref().map(parse_size).transpose()?;
        self.params.check()?;
        let goal = match &self.goal {
            None => Goal::BlankLast,
            Some(BoardInput::Text(t)) => Goal::parse(t, size).map_err(Error::about_goal)?,
            Some(input) => Goal::Board(input.parse(size).map_err(Error::Goal)?),
        };
        Ok(Plan {
            goal,
            size,
            algorithm: self.algorithm,
            heuristic: self.heuristic.clone(),
            order: self.order.unwrap_or_default(),
            cost: self.cost.unwrap_or_default(),
            metric: self.metric.unwrap_or_default(),
            params: self.params,
            limits: Limits { nodes: self.limits.nodes, time: self.limits.time, memory: self.limits.memory, cancel: None },
        })
    }
}

impl Plan {
    /// The board's size for a run with no start board to read it from (boards drawn, an
    /// audit): the size given, else the goal board's, else [`DEFAULT_SIZE`].
    pub fn board_size(&self) -> (usize, usize) {
        match (self.size, &self.goal) {
            (Some(size), _) => size,
            (None, Goal::Board(b)) => (b.width(), b.height()),
            (None, _) => DEFAULT_SIZE,
        }
    }

    /// Whether the run makes random choices (its algorithm takes a seed) and no seed was given.
    pub fn wants_seed(&self) -> bool {
        self.params.seed.is_none() && self.algorithm.is_some_and(|a| a.info().takes(Param::Seed))
    }

    /// Where the run makes random choices and no seed was given, a seed drawn
    /// ([`crate::generate::fresh_seed`]) and set: the seed, for the caller to show (the report
    /// gives it too). `None`, and nothing set, otherwise.
    pub fn draw_seed(&mut self) -> Option<u64> {
        if !self.wants_seed() {
            return None;
        }
        let seed = crate::generate::fresh_seed();
        self.params.seed = Some(seed);
        Some(seed)
    }

    /// Lowers every limit to the server's `caps` (and sets the missing ones to them).
    pub fn cap(&mut self, caps: &Caps) {
        let l = &mut self.limits;
        l.nodes = Some(l.nodes.map_or(caps.nodes, |n| n.min(caps.nodes)));
        l.time = Some(l.time.map_or(caps.time, |t| t.min(caps.time)));
        l.memory = Some(l.memory.map_or(caps.memory, |m| m.min(caps.memory)));
    }

    /// Sets the flag that cancels the searches of this plan.
    pub fn cancel_with(&mut self, flag: Arc<AtomicBool>) {
        self.limits.cancel = Some(flag);
    }

    /// Parses a start board given as text, with the plan's size.
    pub fn board_text(&self, text: &str) -> Result<Board, BoardError> {
        crate::parse::parse_board_sized(text, self.size)
    }

    /// Parses a start board in any input form, with the plan's size.
    pub fn board(&self, input: &BoardInput) -> Result<Board, BoardError> {
        input.parse(self.size)
    }

    /// The goal board for a `width`×`height` start; errors say they are about the goal.
    pub fn goal_board(&self, width: usize, height: usize) -> Result<Board, Error> {
        self.goal.board(width, height).map_err(Error::about_goal)
    }

    /// The algorithm and heuristic for a `width`×`height` board: the ones asked for, or the
    /// default solver for the size (and cost model).
    pub fn choice(&self, width: usize, height: usize) -> (Algorithm, Estimator) {
        match (self.algorithm, &self.heuristic) {
            (None, None) => {
                let (a, h) = crate::solve::default_choice_in(width, height, self.cost, self.metric);
                (a, h.into())
            }
            (a, h) => (a.unwrap_or(DEFAULT_ALGORITHM), h.clone().unwrap_or(DEFAULT_HEURISTIC.into())),
        }
    }

    /// The request for `start` (tables still to be prepared: see [`Request::tables`]).
    pub fn request(&self, start: Board) -> Result<Request, Error> {
        let goal = self.goal_board(start.width(), start.height())?;
        start.check_same_size(&goal)?;
        let (algorithm, heuristic) = self.choice(start.width(), start.height());
        Ok(Request {
            start,
            goal,
            algorithm,
            heuristic,
            order: self.order,
            params: self.params,
            limits: self.limits.clone(),
            tables: Tables::none(),
            parallel: true,
            cost: self.cost,
            metric: self.metric,
            by_default: self.algorithm.is_none() && self.heuristic.is_none(),
        })
    }

    /// What the plan asks for that `algorithm` ignores, as notes for the user: a heuristic for
    /// an algorithm that uses none, a parameter it does not read.
    pub fn ignored(&self, algorithm: Algorithm) -> Vec<String> {
        let info = algorithm.info();
        let mut notes = Vec::new();
        if let Some(h) = self.heuristic.as_ref().filter(|_| !info.uses_heuristic) {
            notes.push(format!("{algorithm} uses no heuristic: the {h} heuristic is ignored"));
        }
        for (param, value) in self.params.given() {
            // A weight of 1 is plain A*: nothing to ignore.
            if info.takes(param) || (param == Param::Weight && self.params.weight() == 1.0) {
                continue;
            }
            let name = param.info().name;
            notes.push(format!("{algorithm} takes no {name}: {name} {value} is ignored"));
        }
        notes.extend(crate::search::Conventions::unrun(info, &self.params));
        notes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::default_choice;

    fn spec(json: &str) -> Result<Spec, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }

    #[test]
    fn defaults_and_auto_choice() {
        let plan = Spec::default().plan().unwrap();
        assert_eq!(plan.goal, Goal::BlankLast);
        let default = |w, h| {
            let (a, k) = default_choice(w, h);
            (a, k.into())
        };
        assert_eq!(plan.choice(3, 3), default(3, 3));
        assert_eq!(plan.choice(6, 6), default(6, 6));
        let plan = spec(r#"{"heuristic": "misplaced"}"#).unwrap().plan().unwrap();
        assert_eq!(plan.choice(3, 3), (Algorithm::Astar, HeuristicKind::Misplaced.into()));
    }

    #[test]
    fn the_cost_model_is_read_and_checked() {
        let plan = spec(r#"{"cost": "tile"}"#).unwrap().plan().unwrap();
        assert_eq!(plan.cost, CostModel::Tile);
        assert_eq!(plan.request(plan.board_text("1 2 3 4 5 6 7 0 8").unwrap()).unwrap().cost, CostModel::Tile);
        assert_eq!(Spec::default().plan().unwrap().cost, CostModel::Unit);
        assert!(spec(r#"{"cost": "gold"}"#).unwrap_err().contains("unknown cost model"));
    }

    #[test]
    fn bad_fields_are_named() {
        assert!(spec(r#"{"algorithm": "foo"}"#).unwrap_err().contains("unknown algorithm \"foo\""));
        assert!(spec(r#"{"order": "UUDL"}"#).unwrap_err().contains("bad move order"));
        assert!(spec(r#"{"colour": 1}"#).unwrap_err().contains("unknown field"));
        assert!(spec(r#"{"limits": {"time_ms": -5}}"#).unwrap_err().contains("time_ms"));
        let e = spec(r#"{"weight": 0.5}"#).unwrap().plan().unwrap_err();
        assert!(e.to_string().contains("weight 0.5"), "{e}");
    }

    #[test]
    fn goal_errors_say_goal() {
        let e = spec(r#"{"goal": "1 2 3 3"}"#).unwrap().plan().unwrap_err();
        assert!(e.to_string().starts_with("bad goal board"), "{e}");
        let plan = spec(r#"{"goal": [[0, 1], [2, 3]]}"#).unwrap().plan().unwrap();
        assert_eq!(plan.goal_board(2, 2).unwrap().tiles(), &[0, 1, 2, 3]);
        assert!(plan.goal_board(3, 3).unwrap_err().to_string().contains("goal"));
    }

    #[test]
    fn caps_lower_limits() {
        let mut plan = spec(r#"{"limits": {"nodes": 10, "time_ms": 60000}}"#).unwrap().plan().unwrap();
        plan.cap(&Caps { time: Duration::from_secs(10), nodes: 1000, memory: 1 << 20 });
        assert_eq!(plan.limits.nodes, Some(10));
        assert_eq!(plan.limits.time, Some(Duration::from_secs(10)));
        assert_eq!(plan.limits.memory, Some(1 << 20));
    }

    #[test]
    fn ignored_options_are_noted() {
        let plan = spec(r#"{"heuristic": "misplaced", "weight": 2}"#).unwrap().plan().unwrap();
        let notes = plan.ignored(Algorithm::Bfs);
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert!(plan.ignored(Algorithm::Astar).is_empty());
    }
}
