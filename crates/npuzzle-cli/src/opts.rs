//! Options shared by the commands that search, parsed in two stages: raw flags here, then the
//! library's one request specification ([`npuzzle::spec::Spec`]), which holds the defaults and
//! the validation. The algorithms' parameters are not written out here: [`ParamArgs`] makes one
//! flag of each parameter the library describes ([`npuzzle::search::ParamInfo`]).

use crate::exit::BadInput;
use anyhow::{anyhow, Context, Result};
use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches, ValueEnum};
use npuzzle::parse::BoardInput;
use npuzzle::search::{Param, ParamGroup, ParamKind, Params};
use npuzzle::spec::{LimitSpec, Plan, Spec};
use npuzzle::{Algorithm, HeuristicKind};
use std::marker::PhantomData;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

/// Output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Readable text.
    Text,
    /// One JSON object.
    Json,
}

/// A name checked later by the library (so its error names every valid value), offered to help
/// and shell completions as the given possible values.
#[derive(Clone)]
pub struct Names(fn() -> Vec<(&'static str, &'static str)>, fn(&str) -> &'static [&'static str]);

impl TypedValueParser for Names {
    type Value = String;

    fn parse_ref(&self, _: &clap::Command, _: Option<&clap::Arg>, value: &std::ffi::OsStr) -> Result<String, clap::Error> {
        Ok(value.to_string_lossy().into_owned())
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            (self.0)().into_iter().map(|(name, help)| PossibleValue::new(name).help(help).aliases((self.1)(name).iter().copied())),
        ))
    }
}

/// The algorithms, from their own descriptions.
pub fn algorithm_names() -> Names {
    Names(|| Algorithm::ALL.iter().map(|a| (a.name(), a.info().summary)).collect(), |_| &[])
}

/// The heuristics.
pub fn heuristic_names() -> Names {
    Names(
        || HeuristicKind::ALL.iter().map(|h| (h.name(), h.summary())).collect(),
        |n| HeuristicKind::lookup(n).map_or(&[], |k| k.aliases()),
    )
}

/// The cost models.
pub fn cost_names() -> Names {
    Names(|| npuzzle::CostModel::ALL.iter().map(|c| (c.name(), c.summary())).collect(), |_| &[])
}

/// The metrics.
pub fn metric_names() -> Names {
    Names(|| npuzzle::metric::Metric::ALL.iter().map(|m| (m.name(), m.summary())).collect(), |_| &[])
}

/// Parses `--cost` (the library names the valid values when it is wrong).
pub fn parse_cost(s: &str) -> Result<npuzzle::CostModel> {
    s.parse().context(BadInput)
}

/// Search options.
#[derive(Args, Debug, Clone)]
pub struct SearchOpts {
    /// Goal: blank-last (default), blank-first, snail, or a board in any format.
    #[arg(long, short = 'g', default_value = "blank-last", allow_hyphen_values = true)]
    pub goal: String,
    /// Algorithm. Without it (and without --heuristic): the exact table up to 10 cells, IDA*
    /// with pattern databases up to 25 cells (both optimal), beyond reduce-plus: beam search up
    /// to 16×16, staged reduction and window search, any size, not optimal, never longer than
    /// reduce.
    #[arg(long, short = 'a', value_parser = algorithm_names(), hide_possible_values = true)]
    pub algorithm: Option<String>,
    /// Heuristic: a built-in by name or alias (listed below; h1 and h2 as in Russell and Norvig),
    /// or a formula of your own, e.g. "max(manhattan, misplaced)" (docs/teaching.md).
    #[arg(long = "heuristic", short = 'H', value_parser = heuristic_names())]
    pub heuristic: Option<String>,
    /// Order in which successors are generated (the blank's moves), e.g. LURD.
    #[arg(long, default_value = "UDLR")]
    pub order: String,
    /// What a move costs: unit (every move 1) or tile (moving tile t costs t, "heavy tiles").
    #[arg(long, default_value = "unit", value_parser = cost_names(), hide_possible_values = true)]
    pub cost: String,
    /// How moves are counted: stm (single-tile moves: one tile one cell) or mtm (multi-tile
    /// moves: the tiles between the blank and a cell of its row or column slide together, once).
    #[arg(long, default_value = "stm", value_parser = metric_names(), hide_possible_values = true)]
    pub metric: String,
    /// Board size WxH (or N) when the text does not say, e.g. 3x2.
    #[arg(long)]
    pub size: Option<String>,
    /// Stop after generating this many nodes.
    #[arg(long)]
    pub max_nodes: Option<u64>,
    /// Stop after this much time, e.g. 2s, 500ms, 1m.
    #[arg(long)]
    pub timeout: Option<String>,
    /// Stop when the search's frontier and explored set reach this size, e.g. 1G, 512M
    /// [default: half the memory the system reports available, shared among batch jobs].
    #[arg(long)]
    pub max_memory: Option<String>,
    #[command(flatten)]
    pub params: ParamArgs<AllParams>,
}

/// Which of the library's parameters a command takes as flags.
pub trait Which: Clone + Default + std::fmt::Debug + Send + Sync + 'static {
    /// Whether the command takes `p`.
    fn takes(p: Param) -> bool;
}

/// Every parameter: `solve`, `batch`.
#[derive(Clone, Debug, Default)]
pub struct AllParams;

impl Which for AllParams {
    fn takes(_: Param) -> bool {
        true
    }
}

/// The parameters of the searches that are not local (weight, depth bound, `--learnt-key`):
/// `bench file`.
#[derive(Clone, Debug, Default)]
pub struct SearchParams;

impl Which for SearchParams {
    fn takes(p: Param) -> bool {
        p.info().group == ParamGroup::Search
    }
}

/// The parameters a tree search reads (weight, depth bound; not `--learnt-key`, which only
/// `pdb-beam` reads): `exercise` and `check`, whose work is about tree searches.
#[derive(Clone, Debug, Default)]
pub struct TreeParams;

impl Which for TreeParams {
    fn takes(p: Param) -> bool {
        npuzzle::search::Algorithm::ALL.iter().any(|a| a.info().records_tree() && a.info().takes(p))
    }
}

/// The local searches' parameters but the seed: `bench local`, whose `--seed` draws the boards
/// and every run's seed.
#[derive(Clone, Debug, Default)]
pub struct LocalUnseeded;

impl Which for LocalUnseeded {
    fn takes(p: Param) -> bool {
        p.info().group == ParamGroup::Local && p != Param::Seed
    }
}

/// The parameters' flags as given, one flag per parameter the library describes: its long
/// name, short name, value name and help come from [`npuzzle::search::ParamInfo`], and its
/// value is read and checked by the library ([`Params::set_text`], then [`Spec::plan`]).
#[derive(Clone, Debug, Default)]
pub struct ParamArgs<W> {
    /// Each flag given, with its text (`""` for a flag without a value).
    pub raw: Vec<(Param, String)>,
    which: PhantomData<W>,
}

impl<W> ParamArgs<W> {
    /// The same flags, for another command's set.
    pub fn to<V>(&self) -> ParamArgs<V> {
        ParamArgs { raw: self.raw.clone(), which: PhantomData }
    }

    /// The parameters these flags give.
    pub fn params(&self) -> Result<Params> {
        let mut params = Params::default();
        for (p, text) in &self.raw {
            params.set_text(*p, text).map_err(|e| anyhow!(BadInput).context(e))?;
        }
        Ok(params)
    }
}

/// The flag of parameter `p`.
fn param_arg(p: Param) -> Arg {
    let info = p.info();
    let help = match info.default_text() {
        Some(d) => format!("{} [default: {d}]", info.help),
        None => info.help.to_string(),
    };
    let mut arg = Arg::new(info.key).long(info.flag).help(help);
    if let Some(c) = info.short {
        arg = arg.short(c);
    }
    arg = if info.kind == ParamKind::Flag {
        arg.action(ArgAction::SetTrue)
    } else {
        // Negative numbers are values, so that the library can say why they are refused.
        arg.action(ArgAction::Set).value_name(info.value_name).allow_hyphen_values(true)
    };
    if info.group == ParamGroup::Local {
        arg = arg.help_heading("Local search");
    }
    arg
}

impl<W: Which> Args for ParamArgs<W> {
    fn augment_args(cmd: Command) -> Command {
        Param::ALL.iter().filter(|&&p| W::takes(p)).fold(cmd, |cmd, &p| cmd.arg(param_arg(p)))
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl<W: Which> FromArgMatches for ParamArgs<W> {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut args = ParamArgs::default();
        args.update_from_arg_matches(m)?;
        Ok(args)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        for &p in Param::ALL.iter().filter(|&&p| W::takes(p)) {
            let key = p.info().key;
            if p.info().kind == ParamKind::Flag {
                if m.get_flag(key) {
                    self.raw.push((p, String::new()));
                }
            } else if let Some(text) = m.get_one::<String>(key) {
                self.raw.push((p, text.clone()));
            }
        }
        Ok(())
    }
}

/// The memory limit of each of `share` searches running at once when none is given
/// ([`npuzzle::limits::default_memory`] of what the system reports available).
pub fn default_memory(share: usize) -> Option<u64> {
    npuzzle::limits::default_memory(npuzzle_host::available_memory(), share)
}

/// Set by Ctrl-C; every search and table build polls it.
pub fn cancel_flag() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let f = flag.clone();
        // A second Ctrl-C leaves at once.
        let _ = ctrlc::set_handler(move || {
            if f.swap(true, std::sync::atomic::Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
        flag
    })
    .clone()
}

/// Parses `2s`, `500ms`, `1.5s`, `1m`, `1h`, or a plain number of seconds.
pub fn parse_duration(s: &str) -> Result<Duration> {
    let s = s.trim();
    let bad = || anyhow!(BadInput).context(format!("bad duration {} (use e.g. 2s, 500ms, 1m)", npuzzle::error::quote(s)));
    let split = s.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(s.len());
    let (num, unit) = s.split_at(split);
    let v: f64 = num.parse().map_err(|_| bad())?;
    let secs = match unit.trim() {
        "" | "s" | "sec" | "secs" => v,
        "ms" => v / 1e3,
        "us" | "µs" => v / 1e6,
        "m" | "min" => v * 60.0,
        "h" => v * 3600.0,
        _ => return Err(bad()),
    };
    Duration::try_from_secs_f64(secs).map_err(|_| bad())
}

/// Parses `1G`, `512M`, `64K`, `1GiB`, or a plain number of bytes ([`npuzzle::parse::parse_bytes`]).
pub fn parse_bytes(s: &str) -> Result<u64> {
    npuzzle::parse::parse_bytes(s).map_err(|e| anyhow!(BadInput).context(e.to_string()))
}

impl SearchOpts {
    /// The library's request specification for these flags.
    pub fn spec(&self) -> Result<Spec> {
        Ok(Spec {
            goal: Some(BoardInput::Text(self.goal.clone())),
            size: self.size.clone(),
            algorithm: self.algorithm.as_deref().map(str::parse).transpose().context(BadInput)?,
            heuristic: self.heuristic.as_deref().map(str::parse).transpose().context(BadInput)?,
            order: Some(npuzzle::MoveOrder::parse(&self.order).context(BadInput)?),
            cost: Some(parse_cost(&self.cost)?),
            metric: Some(self.metric.parse().context(BadInput)?),
            params: self.params.params()?,
            limits: LimitSpec {
                nodes: self.max_nodes,
                time: self.timeout.as_deref().map(parse_duration).transpose()?,
                memory: self.max_memory.as_deref().map(parse_bytes).transpose()?,
            },
        })
    }

    /// Validates every option (stage two of parsing), with Ctrl-C as the cancel flag and, unless
    /// `--max-memory` says otherwise, the default memory limit for one of `share` searches
    /// running at once ([`default_memory`]).
    pub fn plan(&self, share: usize) -> Result<Plan> {
        let mut plan = self.spec()?.plan().context(BadInput)?;
        plan.cancel_with(cancel_flag());
        pick_seed(&mut plan);
        if plan.limits.memory.is_none() {
            plan.limits.memory = default_memory(share);
        }
        Ok(plan)
    }
}

/// When the algorithm asked for makes random choices and no seed was given, a seed from the
/// clock, printed on stderr as `generate` does, so the run can be repeated.
pub fn pick_seed(plan: &mut Plan) {
    if let Some(s) = plan.draw_seed() {
        note!("seed {s}");
    }
}

/// The most worker threads `--jobs` accepts. More threads than this buy nothing on any machine
/// npuzzle runs on, and a typo such as `--jobs 100000` would otherwise spawn a thread each.
pub const MAX_JOBS: usize = 256;

/// Parses `--jobs`: a whole number from 1 to [`MAX_JOBS`].
pub fn parse_jobs(s: &str) -> Result<usize, String> {
    let n: usize = s.trim().parse().map_err(|_| format!("{s:?} is not a whole number of jobs"))?;
    if (1..=MAX_JOBS).contains(&n) {
        Ok(n)
    } else {
        Err(format!("jobs must be from 1 to {MAX_JOBS}, not {n}"))
    }
}
