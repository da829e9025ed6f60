//! Options shared by the commands that search, parsed in two stages: raw flags here, then the
//! library's one request specification ([`npuzzle::spec::Spec`]), which holds the defaults and
//! the validation.

use crate::exit::BadInput;
use anyhow::{anyhow, Context, Result};
use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Args, ValueEnum};
use npuzzle::parse::BoardInput;
use npuzzle::spec::{LimitSpec, Plan, Spec};
use npuzzle::{Algorithm, HeuristicKind};
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
pub struct Names(fn() -> Vec<(&'static str, &'static str)>);

impl TypedValueParser for Names {
    type Value = String;

    fn parse_ref(&self, _: &clap::Command, _: Option<&clap::Arg>, value: &std::ffi::OsStr) -> Result<String, clap::Error> {
        Ok(value.to_string_lossy().into_owned())
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new((self.0)().into_iter().map(|(name, help)| PossibleValue::new(name).help(help))))
    }
}

/// The algorithms, from their own descriptions.
pub fn algorithm_names() -> Names {
    Names(|| Algorithm::ALL.iter().map(|a| (a.name(), a.info().summary)).collect())
}

/// The heuristics.
pub fn heuristic_names() -> Names {
    Names(|| HeuristicKind::ALL.iter().map(|h| (h.name(), h.summary())).collect())
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
    /// Heuristic: zero, misplaced, manhattan, euclidean, linear-conflict, pdb, exact.
    #[arg(long = "heuristic", short = 'H', value_parser = heuristic_names(), hide_possible_values = true)]
    pub heuristic: Option<String>,
    /// Order in which successors are generated (the blank's moves), e.g. LURD.
    #[arg(long, default_value = "UDLR")]
    pub order: String,
    /// Weight W on h for A* (f = g + W·h); 1 is plain A*.
    #[arg(long, short = 'w', default_value_t = 1.0)]
    pub weight: f64,
    /// Depth bound for dfs.
    #[arg(long)]
    pub max_depth: Option<u32>,
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
    /// Seed of a local search's random choices (default: taken from the clock and printed on
    /// stderr).
    #[arg(long, help_heading = "Local search")]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub local: LocalOpts,
}

/// The local searches' options, shared by `solve`, `batch` and `bench local`.
#[derive(Args, Debug, Clone, Default)]
pub struct LocalOpts {
    /// Sideways moves (to a neighbour with the same h) allowed in a row: hill-climbing,
    /// first-choice, random-restart (default 0); local-beam: steps its best h may stall
    /// (default 10).
    #[arg(long, value_name = "N", help_heading = "Local search")]
    pub sideways: Option<u32>,
    /// Restarts of random-restart hill climbing [default: 10000].
    #[arg(long, value_name = "N", help_heading = "Local search")]
    pub restarts: Option<u32>,
    /// Annealing's starting temperature T0 > 0; T = T0·α^t, and the run stops when T < 0.01
    /// [default: 2].
    #[arg(long, value_name = "T0", allow_hyphen_values = true, help_heading = "Local search")]
    pub temperature: Option<f64>,
    /// Annealing's cooling factor α, 0 < α < 1 [default: 0.99995].
    #[arg(long, value_name = "ALPHA", allow_hyphen_values = true, help_heading = "Local search")]
    pub cooling: Option<f64>,
    /// States local-beam keeps [default: 10].
    #[arg(long, value_name = "K", allow_hyphen_values = true, help_heading = "Local search")]
    pub beam_width: Option<String>,
    /// Stochastic beam search: local-beam draws its next beam at random, weighted towards
    /// lower h.
    #[arg(long, help_heading = "Local search")]
    pub stochastic: bool,
    /// Stop a local search after this many steps (exit 4).
    #[arg(long, value_name = "N", help_heading = "Local search")]
    pub max_steps: Option<u64>,
}

impl LocalOpts {
    /// Fills the local-search fields of `spec` from these flags.
    pub fn fill(&self, spec: &mut Spec) -> Result<()> {
        spec.sideways = self.sideways;
        spec.restarts = self.restarts;
        spec.temperature = self.temperature;
        spec.cooling = self.cooling;
        spec.beam_width = self.beam_width.as_deref().map(parse_beam_width).transpose()?;
        spec.stochastic = self.stochastic.then_some(true);
        spec.max_steps = self.max_steps;
        Ok(())
    }
}

/// The memory limit of each of `share` searches running at once when none is given: half the
/// memory the system reports available (what the searches count is their frontier and explored
/// set; allocator overhead and the containers' growth take the other half), so the system never
/// has to kill npuzzle. `None` where the system does not say.
pub fn default_memory(share: usize) -> Option<u64> {
    npuzzle_host::available_memory().map(|m| m / 2 / share.max(1) as u64)
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

/// Parses `1G`, `512M`, `64K`, `1GiB`, or a plain number of bytes.
pub fn parse_bytes(s: &str) -> Result<u64> {
    let t = s.trim();
    let bad = || anyhow!(BadInput).context(format!("bad size {} (use e.g. 1G, 512M)", npuzzle::error::quote(t)));
    let split = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let v: f64 = num.parse().map_err(|_| bad())?;
    let mult: f64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1.0,
        "k" | "kb" | "kib" => 1024.0,
        "m" | "mb" | "mib" => 1024.0 * 1024.0,
        "g" | "gb" | "gib" => 1024.0 * 1024.0 * 1024.0,
        "t" | "tb" | "tib" => 1024f64.powi(4),
        _ => return Err(bad()),
    };
    let bytes = v * mult;
    if !(bytes.is_finite() && bytes >= 0.0 && bytes <= u64::MAX as f64) {
        return Err(bad());
    }
    Ok(bytes as u64)
}

impl SearchOpts {
    /// The library's request specification for these flags.
    pub fn spec(&self) -> Result<Spec> {
        let mut spec = Spec {
            goal: Some(BoardInput::Text(self.goal.clone())),
            size: self.size.clone(),
            algorithm: self.algorithm.as_deref().map(str::parse).transpose().context(BadInput)?,
            heuristic: self.heuristic.as_deref().map(str::parse).transpose().context(BadInput)?,
            order: Some(npuzzle::MoveOrder::parse(&self.order).context(BadInput)?),
            weight: Some(self.weight),
            max_depth: self.max_depth,
            seed: self.seed,
            limits: LimitSpec {
                nodes: self.max_nodes,
                time: self.timeout.as_deref().map(parse_duration).transpose()?,
                memory: self.max_memory.as_deref().map(parse_bytes).transpose()?,
            },
            ..Spec::default()
        };
        self.local.fill(&mut spec)?;
        Ok(spec)
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

/// `--beam-width`: a whole number (its range is checked with the other local-search options).
fn parse_beam_width(s: &str) -> Result<u32> {
    s.trim()
        .parse()
        .map_err(|_| anyhow!(BadInput).context(format!("--beam-width {}: not a whole number of states", npuzzle::error::quote(s))))
}

/// When the algorithm asked for makes random choices and no seed was given, a seed from the
/// clock, printed on stderr as `generate` does, so the run can be repeated.
pub fn pick_seed(plan: &mut Plan) {
    let random = plan.algorithm.is_some_and(|a| a.info().takes(npuzzle::search::Param::Seed));
    if random && plan.local.seed.is_none() {
        let s = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
        note!("seed {s}");
        plan.local.seed = Some(s);
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
