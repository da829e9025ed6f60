//! The parameters an algorithm may read beyond the heuristic and the move order, each declared
//! once, as a value that carries its names, its help, its range and its default ([`ParamInfo`];
//! after ripgrep's `flags/defs.rs`). Everything else is derived from the list at the end of this
//! file (the `params!` macro):
//!
//! - [`Params`], the values a user gave (every one optional), and [`Params::check`], which
//!   tests each against its range with one wording for every front end;
//! - the request specification's JSON keys ([`crate::spec::Spec`] reads them by [`Param::key`]);
//! - the command line's flags (the CLI builds one flag per parameter from its [`ParamInfo`]);
//! - `/api/options`, from which the web page builds its inputs;
//! - the Python package's keywords.
//!
//! A new parameter is one entry in the list below (with a getter when it has a default), and
//! the algorithms that read it name it in their [`super::Info::params`].

use super::rules::{Duplicates, GoalTestAt, Rules, Ties};

/// The rules' choices as parameter values: chosen by name, in the order front ends list them.
macro_rules! rule_values {
    ($($name:ident),*) => {$(
        impl ParamValue for $name {
            const KIND: ParamKind = ParamKind::Choice;
            const CHOICES: &'static [&'static str] = $name::NAMES;
            fn as_f64(self) -> f64 {
                $name::ALL.iter().position(|&c| c == self).unwrap_or(0) as f64
            }
            fn parse_text(text: &str) -> Option<$name> {
                $name::parse(text)
            }
        }
    )*};
}

rule_values!(GoalTestAt, Duplicates, Ties, Rules);
use crate::error::Error;
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

/// Restarts random-restart hill climbing makes unless told otherwise: enough that nearly every
/// 8-puzzle is solved (see `docs/local-search.md`).
pub const DEFAULT_RESTARTS: u32 = 10_000;
/// Simulated annealing's starting temperature T0 unless told otherwise.
pub const DEFAULT_TEMPERATURE: f64 = 2.0;
/// Simulated annealing's cooling factor α unless told otherwise.
pub const DEFAULT_COOLING: f64 = 0.99995;
/// The number of states local beam search keeps unless told otherwise.
pub const DEFAULT_BEAM_WIDTH: u32 = 10;
/// The largest beam accepted.
pub const MAX_BEAM_WIDTH: u32 = 100_000;

/// Which front-end group a parameter belongs to: the page shows the local searches' together,
/// and the command line lists them under their own heading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ParamGroup {
    /// Parameters of the classic searches (weight, depth bound).
    Search,
    /// Parameters of the local searches (seed, sideways moves, schedule, beam).
    Local,
}

/// What kind of value a parameter takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ParamKind {
    /// A whole number (≥ 0).
    Integer,
    /// A real number.
    Number,
    /// On or off: a flag without a value on the command line.
    Flag,
    /// One of a list of names ([`ParamInfo::choices`]).
    Choice,
}

/// A parameter described once, for every front end.
#[derive(Clone, Copy, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ParamInfo {
    /// The key in JSON and the Python keyword, e.g. `beam_width`.
    pub key: &'static str,
    /// The command line's long flag, without the dashes, e.g. `beam-width`.
    pub flag: &'static str,
    /// The command line's short flag, if any.
    #[cfg_attr(feature = "ts", ts(type = "string | null"))]
    pub short: Option<char>,
    /// What the command line's help calls the value, e.g. `K`.
    pub value_name: &'static str,
    /// The name in prose and in error messages, e.g. `beam width`.
    pub name: &'static str,
    /// The label of the page's input, e.g. `Beam width K`.
    pub label: &'static str,
    /// What it does, in a sentence or two (the command line's help, the page's tooltip, the
    /// Python docstring).
    pub help: &'static str,
    /// Which group it belongs to.
    pub group: ParamGroup,
    /// What kind of value it takes.
    pub kind: ParamKind,
    /// The least value allowed, if any (integers are never below 0).
    pub min: Option<f64>,
    /// Whether `min` itself is excluded.
    pub min_exclusive: bool,
    /// The largest value allowed, if any.
    pub max: Option<f64>,
    /// Whether `max` itself is excluded.
    pub max_exclusive: bool,
    /// Why the range is what it is, added to the message that refuses a value outside it.
    pub why: Option<&'static str>,
    /// What is counted, for messages about a value that is not a whole number, e.g. `states`.
    pub unit: Option<&'static str>,
    /// The value used when none is given, when there is one value for every algorithm.
    pub default: Option<f64>,
    /// What happens when no value is given, in words, when `default` alone does not say it.
    pub default_note: Option<&'static str>,
    /// A sensible step for an input that steps through values (the page's number boxes).
    pub step: Option<f64>,
    /// The names a choice takes, in the order front ends list them (empty for other kinds).
    pub choices: &'static [&'static str],
}

impl ParamInfo {
    /// The fields every entry shares unless it says otherwise.
    pub const BASE: ParamInfo = ParamInfo {
        key: "",
        flag: "",
        short: None,
        value_name: "N",
        name: "",
        label: "",
        help: "",
        group: ParamGroup::Local,
        kind: ParamKind::Integer,
        min: None,
        min_exclusive: false,
        max: None,
        max_exclusive: false,
        why: None,
        unit: None,
        default: None,
        default_note: None,
        step: None,
        choices: &[],
    };

    /// Whether `v` lies in the parameter's range.
    pub fn allows(&self, v: f64) -> bool {
        let above = self.min.is_none_or(|m| if self.min_exclusive { v > m } else { v >= m });
        let below = self.max.is_none_or(|m| if self.max_exclusive { v < m } else { v <= m });
        v.is_finite() && above && below
    }

    /// The range in words, e.g. `from 1 to 100000`, `a positive number`, `a number ≥ 1`, `one of
    /// fifo, lifo, low-h, high-g`.
    pub fn range_text(&self) -> String {
        if self.kind == ParamKind::Choice {
            return format!("one of {}", self.choices.join(", "));
        }
        let n = |v: f64| fmt_number(v);
        let whole = self.kind == ParamKind::Integer;
        match (self.min, self.max) {
            (Some(lo), Some(hi)) if self.min_exclusive && self.max_exclusive => {
                format!("between {} and {}, both excluded", n(lo), n(hi))
            }
            (Some(lo), Some(hi)) if whole => format!("from {} to {}", n(lo), n(hi)),
            (Some(lo), Some(hi)) => format!("between {} and {}", n(lo), n(hi)),
            (Some(lo), None) if lo == 0.0 && self.min_exclusive => "a positive number".to_string(),
            (Some(lo), None) => {
                format!("a {} {} {}", if whole { "whole number" } else { "number" }, if self.min_exclusive { ">" } else { "≥" }, n(lo))
            }
            (None, Some(hi)) => format!("a number {} {}", if self.max_exclusive { "<" } else { "≤" }, n(hi)),
            (None, None) => if whole { "a whole number" } else { "a number" }.to_string(),
        }
    }

    /// The message that refuses `value` (outside the range).
    pub fn out_of_range(&self, value: impl fmt::Display) -> String {
        let why = self.why.map_or(String::new(), |w| format!(" ({w})"));
        format!("{} {value} must be {}{why}", self.name, self.range_text())
    }

    /// The default in words, for help texts: `10000`, or the note.
    pub fn default_text(&self) -> Option<String> {
        match (self.default, self.default_note) {
            (_, Some(note)) => Some(note.to_string()),
            (Some(v), None) if self.kind != ParamKind::Flag && self.kind != ParamKind::Choice => Some(fmt_number(v)),
            _ => None,
        }
    }
}

/// `1`, `0.99995`, `100000`: a number as a user writes it.
fn fmt_number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

/// A Rust type a parameter's value can have.
pub trait ParamValue: Copy + fmt::Display + for<'de> Deserialize<'de> + Serialize {
    /// The kind of value.
    const KIND: ParamKind;
    /// The names a choice takes (empty for other kinds).
    const CHOICES: &'static [&'static str] = &[];
    /// The value as a number, for range checks (a flag is 1 or 0).
    fn as_f64(self) -> f64;
    /// Reads the value as a user types it (on the command line).
    fn parse_text(text: &str) -> Option<Self>;
}

impl ParamValue for f64 {
    const KIND: ParamKind = ParamKind::Number;
    fn as_f64(self) -> f64 {
        self
    }
    fn parse_text(text: &str) -> Option<f64> {
        text.trim().parse().ok()
    }
}

impl ParamValue for u32 {
    const KIND: ParamKind = ParamKind::Integer;
    fn as_f64(self) -> f64 {
        f64::from(self)
    }
    fn parse_text(text: &str) -> Option<u32> {
        text.trim().parse().ok()
    }
}

impl ParamValue for u64 {
    const KIND: ParamKind = ParamKind::Integer;
    fn as_f64(self) -> f64 {
        self as f64
    }
    fn parse_text(text: &str) -> Option<u64> {
        text.trim().parse().ok()
    }
}

impl ParamValue for bool {
    const KIND: ParamKind = ParamKind::Flag;
    fn as_f64(self) -> f64 {
        if self {
            1.0
        } else {
            0.0
        }
    }
    fn parse_text(text: &str) -> Option<bool> {
        match text.trim().to_ascii_lowercase().as_str() {
            "" | "1" | "true" | "yes" | "on" => Some(true),
            "0" | "false" | "no" | "off" => Some(false),
            _ => None,
        }
    }
}

/// Declares every parameter once: `Variant key: Type = ParamInfo { … }`. Generates [`Param`],
/// [`Params`] (one optional field per parameter), and their lookups, checks and readers.
macro_rules! params {
    ($($(#[$doc:meta])* $variant:ident $key:ident: $ty:ty = $info:expr,)*) => {
        /// A parameter an algorithm reads. See the [module documentation](self).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Param {
            $($(#[$doc])* $variant,)*
        }

        impl Param {
            /// Every parameter, in the order front ends list them.
            pub const ALL: &'static [Param] = &[$(Param::$variant),*];

            /// The parameter's description.
            pub fn info(self) -> &'static ParamInfo {
                match self {
                    $(Param::$variant => {
                        const INFO: ParamInfo = ParamInfo {
                            key: stringify!($key),
                            kind: <$ty as ParamValue>::KIND,
                            choices: <$ty as ParamValue>::CHOICES,
                            ..$info
                        };
                        &INFO
                    })*
                }
            }

            /// The parameter with this JSON key.
            pub fn from_key(key: &str) -> Option<Param> {
                match key {
                    $(stringify!($key) => Some(Param::$variant),)*
                    _ => None,
                }
            }
        }

        /// The parameters a user gave, each `None` when not given. Algorithms read the ones their
        /// [`super::Info::params`] lists (through the getters, which apply the defaults).
        #[derive(Clone, Copy, Debug, PartialEq, Default, Serialize)]
        pub struct Params {
            $(
                #[doc = concat!("`", stringify!($key), "` (see [`Param::", stringify!($variant), "`]).")]
                #[serde(skip_serializing_if = "Option::is_none")]
                pub $key: Option<$ty>,
            )*
        }

        impl Params {
            /// Checks every value given against its parameter's range.
            pub fn check(&self) -> Result<(), Error> {
                $(
                    if let Some(v) = self.$key {
                        let info = Param::$variant.info();
                        if !info.allows(v.as_f64()) {
                            return Err(Error::Invalid(info.out_of_range(v)));
                        }
                    }
                )*
                Ok(())
            }

            /// The parameters given, with their values as text, in list order.
            pub fn given(&self) -> Vec<(Param, String)> {
                let mut out = Vec::new();
                $(
                    if let Some(v) = self.$key {
                        out.push((Param::$variant, v.to_string()));
                    }
                )*
                out
            }

            /// Whether `p` was given.
            pub fn has(&self, p: Param) -> bool {
                match p {
                    $(Param::$variant => self.$key.is_some(),)*
                }
            }

            /// Sets `p` from text as a user types it (a flag's presence is `""`); the message
            /// says what was expected.
            pub fn set_text(&mut self, p: Param, text: &str) -> Result<(), String> {
                let info = p.info();
                match p {
                    $(Param::$variant => {
                        self.$key = Some(<$ty as ParamValue>::parse_text(text).ok_or_else(|| not_a_value(info, text))?);
                    })*
                }
                Ok(())
            }

            /// Reads `p`'s value from a map being deserialised (the request specification).
            pub fn read<'de, A: serde::de::MapAccess<'de>>(&mut self, p: Param, map: &mut A) -> Result<(), A::Error> {
                match p {
                    $(Param::$variant => self.$key = map.next_value::<Option<$ty>>()?,)*
                }
                Ok(())
            }

            /// These parameters over `base`: each one given here, else `base`'s.
            pub fn over(self, base: Params) -> Params {
                Params { $($key: self.$key.or(base.$key),)* }
            }

            /// Keeps only the parameters `keep` accepts (the others become `None`).
            pub fn only(mut self, keep: impl Fn(Param) -> bool) -> Params {
                $(
                    if !keep(Param::$variant) {
                        self.$key = None;
                    }
                )*
                self
            }
        }
    };
}

fn not_a_value(info: &ParamInfo, text: &str) -> String {
    let what = match info.kind {
        ParamKind::Integer => format!("not a whole number{}", info.unit.map_or(String::new(), |u| format!(" of {u}"))),
        ParamKind::Number => "not a number".to_string(),
        ParamKind::Flag => "not on or off".to_string(),
        ParamKind::Choice => format!("not one of {}", info.choices.join(", ")),
    };
    format!("--{} {}: {what}", info.flag, crate::error::quote(text))
}

params! {
    /// The weight W on h (f = g + W·h); optimality holds only at W = 1.
    Weight weight: f64 = ParamInfo {
        flag: "weight",
        short: Some('w'),
        value_name: "W",
        name: "weight",
        label: "Weight W (f = g + W·h)",
        help: "Weight W on h for A* (f = g + W·h); 1 is plain A*, and more trades optimality for speed.",
        group: ParamGroup::Search,
        min: Some(1.0),
        default: Some(1.0),
        step: Some(0.5),
        ..ParamInfo::BASE
    },
    /// A depth bound on the nodes expanded.
    MaxDepth max_depth: u32 = ParamInfo {
        flag: "max-depth",
        value_name: "D",
        name: "depth bound",
        label: "Max depth",
        help: "Depth bound for depth-first search: nodes deeper than this are not expanded.",
        group: ParamGroup::Search,
        unit: Some("moves"),
        default_note: Some("none"),
        step: Some(1.0),
        ..ParamInfo::BASE
    },
    /// The seed of every random choice the algorithm makes.
    Seed seed: u64 = ParamInfo {
        flag: "seed",
        name: "seed",
        label: "Seed",
        help: "Seed of a local search's random choices; the same seed repeats a run. Without one, a seed is drawn and \
               reported (the command line prints it on stderr).",
        default_note: Some("random"),
        step: Some(1.0),
        ..ParamInfo::BASE
    },
    /// How many sideways moves in a row (to a neighbour with the same h) a climb may make.
    Sideways sideways: u32 = ParamInfo {
        flag: "sideways",
        name: "sideways moves",
        label: "Sideways moves",
        help: "Sideways moves (to a neighbour with the same h) allowed in a row: hill-climbing, first-choice, \
               random-restart; local-beam: steps its best h may stall.",
        unit: Some("moves"),
        default_note: Some("0; local-beam 10"),
        step: Some(1.0),
        ..ParamInfo::BASE
    },
    /// How many times random-restart hill climbing begins again.
    Restarts restarts: u32 = ParamInfo {
        flag: "restarts",
        name: "restarts",
        label: "Restarts",
        help: "Restarts of random-restart hill climbing, each from a random walk of the start.",
        unit: Some("restarts"),
        default: Some(DEFAULT_RESTARTS as f64),
        step: Some(1.0),
        ..ParamInfo::BASE
    },
    /// Simulated annealing's starting temperature T0.
    Temperature temperature: f64 = ParamInfo {
        flag: "temperature",
        value_name: "T0",
        name: "temperature",
        label: "Temperature T0",
        help: "Annealing's starting temperature T0 > 0; T = T0·α^t, and the run stops when T < 0.01.",
        min: Some(0.0),
        min_exclusive: true,
        why: Some("the annealing schedule starts at T0 > 0"),
        default: Some(DEFAULT_TEMPERATURE),
        step: Some(0.5),
        ..ParamInfo::BASE
    },
    /// Simulated annealing's cooling factor α (T = T0·α^t).
    Cooling cooling: f64 = ParamInfo {
        flag: "cooling",
        value_name: "ALPHA",
        name: "cooling",
        label: "Cooling α",
        help: "Annealing's cooling factor α, 0 < α < 1: the temperature after t steps is T0·α^t.",
        min: Some(0.0),
        min_exclusive: true,
        max: Some(1.0),
        max_exclusive: true,
        why: Some("T = T0·α^t must fall towards 0"),
        default: Some(DEFAULT_COOLING),
        step: Some(0.0001),
        ..ParamInfo::BASE
    },
    /// The number of states a local beam search keeps.
    BeamWidth beam_width: u32 = ParamInfo {
        flag: "beam-width",
        value_name: "K",
        name: "beam width",
        label: "Beam width K",
        help: "States local-beam keeps at each step.",
        min: Some(1.0),
        max: Some(MAX_BEAM_WIDTH as f64),
        why: Some("the number of states the beam keeps"),
        unit: Some("states"),
        default: Some(DEFAULT_BEAM_WIDTH as f64),
        step: Some(1.0),
        ..ParamInfo::BASE
    },
    /// Local beam search draws its next beam at random, weighted towards lower h.
    Stochastic stochastic: bool = ParamInfo {
        flag: "stochastic",
        value_name: "",
        name: "stochastic beam",
        label: "stochastic beam",
        help: "Stochastic beam search: local-beam draws its next beam at random, weighted towards lower h.",
        default: Some(0.0),
        ..ParamInfo::BASE
    },
    /// Pdb-beam ranks its boards by the learnt estimate.
    LearntKey learnt_key: bool = ParamInfo {
        flag: "learnt-key",
        value_name: "",
        name: "learnt key",
        label: "rank by the learnt estimate",
        help: "pdb-beam ranks the boards of each beam whose goal the learnt weights fit (6×6 with the blank last: the \
               forward views) by the learnt estimate instead of the pattern databases' key; the databases still bound \
               the answer and recognise the goal.",
        group: ParamGroup::Search,
        default: Some(0.0),
        ..ParamInfo::BASE
    },
    /// The most steps a local search takes.
    MaxSteps max_steps: u64 = ParamInfo {
        flag: "max-steps",
        name: "step limit",
        label: "Max steps",
        help: "Stop a local search after this many steps (a limit: exit 4 on the command line).",
        min: Some(1.0),
        unit: Some("steps"),
        default_note: Some("none"),
        step: Some(1.0),
        ..ParamInfo::BASE
    },
    /// A course's or a textbook's rules, named: a goal test, the repeated states skipped and
    /// the tie-breaking together.
    Rules rules: Rules = ParamInfo {
        flag: "rules",
        value_name: "COURSE",
        name: "rules",
        label: "Course rules",
        help: "A course's or textbook's rules for the goal test, repeated states and ties, together: npuzzle (its own), \
               aima4 (AIMA 4th edition), cs188 (Berkeley CS188), princeton (Princeton's 8puzzle), tree-search (no \
               repeated state skipped). --goal-test, --duplicates and --ties override one rule each.",
        group: ParamGroup::Search,
        default_note: Some("npuzzle"),
        ..ParamInfo::BASE
    },
    /// When the goal is tested: as nodes are generated or as they are selected.
    GoalTest goal_test: GoalTestAt = ParamInfo {
        flag: "goal-test",
        value_name: "WHEN",
        name: "goal test",
        label: "Goal test",
        help: "When the goal is tested: generation (as a node is generated: AIMA's breadth-first search) or selection \
               (as it is taken off the frontier: most A* presentations, Berkeley CS188).",
        group: ParamGroup::Search,
        default_note: Some("the algorithm's own: generation for bfs, dfs and lc, selection for the others"),
        ..ParamInfo::BASE
    },
    /// Which repeated states are skipped.
    Duplicates duplicates: Duplicates = ParamInfo {
        flag: "duplicates",
        value_name: "WHICH",
        name: "duplicates",
        label: "Repeated states",
        help: "Which repeated states are skipped: none (tree search: even the move back), parent (only the move back: \
               Princeton's 8puzzle), path (states on the node's own path), explored (a state already expanded is \
               skipped when taken: Berkeley CS188), reached (a state already reached, unless more cheaply: AIMA 4th \
               edition).",
        group: ParamGroup::Search,
        default_note: Some("reached"),
        ..ParamInfo::BASE
    },
    /// How ties among equal priorities are broken.
    Ties ties: Ties = ParamInfo {
        flag: "ties",
        value_name: "RULE",
        name: "tie-breaking",
        label: "Ties",
        help: "How ties among nodes of equal priority (f) are broken: fifo (the first generated first), lifo (the last \
               generated first), low-h (the lower h first), high-g (the higher g first).",
        group: ParamGroup::Search,
        default_note: Some("fifo"),
        ..ParamInfo::BASE
    },
}

impl Param {
    /// The JSON key, e.g. `beam_width`.
    pub fn key(self) -> &'static str {
        self.info().key
    }
}

impl fmt::Display for Param {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.info().name)
    }
}

impl Serialize for Param {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

#[cfg(feature = "ts")]
impl ts_rs::TS for Param {
    type WithoutGenerics = Param;
    type OptionInnerType = Param;
    fn name(_: &ts_rs::Config) -> String {
        "Param".to_string()
    }
    fn inline(_: &ts_rs::Config) -> String {
        Param::ALL.iter().map(|p| format!("\"{}\"", p.key())).collect::<Vec<_>>().join(" | ")
    }
    fn decl(cfg: &ts_rs::Config) -> String {
        format!("type Param = {};", Self::inline(cfg))
    }
    fn decl_concrete(cfg: &ts_rs::Config) -> String {
        Self::decl(cfg)
    }
    fn docs() -> Option<String> {
        Some("A parameter an algorithm reads, by its JSON key.".to_string())
    }
}

impl Params {
    /// The weight W on h (1 unless given).
    pub fn weight(&self) -> f64 {
        self.weight.unwrap_or(1.0)
    }

    /// The seed used (0 unless given; front ends pick one and say which).
    pub fn seed(&self) -> u64 {
        self.seed.unwrap_or(0)
    }

    /// Annealing's T0.
    pub fn temperature(&self) -> f64 {
        self.temperature.unwrap_or(DEFAULT_TEMPERATURE)
    }

    /// Annealing's α.
    pub fn cooling(&self) -> f64 {
        self.cooling.unwrap_or(DEFAULT_COOLING)
    }

    /// Local beam's K.
    pub fn beam_width(&self) -> u32 {
        self.beam_width.unwrap_or(DEFAULT_BEAM_WIDTH)
    }

    /// Random-restart's restarts.
    pub fn restarts(&self) -> u32 {
        self.restarts.unwrap_or(DEFAULT_RESTARTS)
    }

    /// Whether local beam draws its next beam at random.
    pub fn stochastic(&self) -> bool {
        self.stochastic.unwrap_or(false)
    }

    /// Whether pdb-beam ranks its boards by the learnt estimate.
    pub fn learnt_key(&self) -> bool {
        self.learnt_key.unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_flags_and_names_are_unique_and_consistent() {
        let mut keys = std::collections::HashSet::new();
        let mut flags = std::collections::HashSet::new();
        for &p in Param::ALL {
            let i = p.info();
            assert!(keys.insert(i.key) && flags.insert(i.flag), "{p:?}");
            assert_eq!(i.flag, i.key.replace('_', "-"), "{p:?}: the flag is the key with dashes");
            assert_eq!(Param::from_key(i.key), Some(p));
            assert!(!i.label.is_empty() && !i.help.is_empty() && !i.name.is_empty(), "{p:?}");
            if let Some(d) = i.default.filter(|_| i.kind != ParamKind::Flag) {
                assert!(i.allows(d), "{p:?}: its default {d} is outside its range");
            }
        }
    }

    #[test]
    fn ranges_are_checked_with_one_wording() {
        let bad = |p: Params| p.check().unwrap_err().to_string();
        assert_eq!(
            bad(Params { temperature: Some(0.0), ..Params::default() }),
            "temperature 0 must be a positive number (the annealing schedule starts at T0 > 0)"
        );
        assert_eq!(
            bad(Params { cooling: Some(1.5), ..Params::default() }),
            "cooling 1.5 must be between 0 and 1, both excluded (T = T0·α^t must fall towards 0)"
        );
        assert_eq!(
            bad(Params { beam_width: Some(0), ..Params::default() }),
            "beam width 0 must be from 1 to 100000 (the number of states the beam keeps)"
        );
        assert_eq!(bad(Params { weight: Some(0.5), ..Params::default() }), "weight 0.5 must be a number ≥ 1");
        assert_eq!(bad(Params { weight: Some(f64::NAN), ..Params::default() }), "weight NaN must be a number ≥ 1");
        assert!(Params { weight: Some(1.0), beam_width: Some(100_000), cooling: Some(0.5), ..Params::default() }.check().is_ok());
    }

    #[test]
    fn text_is_read_by_the_parameter_s_type() {
        let mut p = Params::default();
        p.set_text(Param::BeamWidth, "12").unwrap();
        p.set_text(Param::Stochastic, "").unwrap();
        p.set_text(Param::Cooling, "0.5").unwrap();
        assert_eq!((p.beam_width, p.stochastic, p.cooling), (Some(12), Some(true), Some(0.5)));
        assert_eq!(p.set_text(Param::BeamWidth, "-3").unwrap_err(), "--beam-width \"-3\": not a whole number of states");
        assert_eq!(p.set_text(Param::Cooling, "x").unwrap_err(), "--cooling \"x\": not a number");
        let given: Vec<Param> = p.given().into_iter().map(|(p, _)| p).collect();
        assert_eq!(given, [Param::Cooling, Param::BeamWidth, Param::Stochastic]);
        assert_eq!(p.only(|q| q != Param::Cooling).cooling, None);
    }
}
