//! `npuzzle audit`: is a heuristic admissible, consistent, zero at the goal, stronger than the
//! built-ins? Proved over every board where the exact table fits, sampled beyond; the
//! counterexample, and the board where it makes A* return a costlier answer. The library's
//! [`npuzzle::audit`] does it all; this reads the options and writes the report.

use crate::exit::{self, BadInput};
use crate::opts::{cancel_flag, parse_cost};
use anyhow::{Context, Result};
use npuzzle::audit::{self, AuditSpec, GradeSpec, Requirement};
use npuzzle::goal::Goal;
use npuzzle::parse::parse_size;
use std::io::Write;

/// How the report is written.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AuditFormat {
    /// In words, for people.
    Text,
    /// The report as JSON, for scripts (fields documented in docs/audit.md).
    Json,
    /// Gradescope's autograder results (results.json): h(goal) = 0, admissible, consistent, and
    /// A*'s expansions on a board set against a threshold.
    Gradescope,
}

/// Arguments of `audit`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The heuristic: a built-in's name (manhattan, h1, …) or a formula (`2*misplaced`,
    /// `max(h1, h2)`; see docs/teaching.md).
    #[arg(long, short = 'H', allow_hyphen_values = true, value_parser = crate::opts::heuristic_names(), hide_possible_values = true)]
    pub heuristic: String,
    /// Board size WxH (or N for N×N). Up to 10 cells every board is checked; up to 16 a sample
    /// solved optimally; beyond, random walks whose lengths bound h*.
    #[arg(long, default_value = "3x3")]
    pub size: String,
    /// Goal: blank-last (default), blank-first, snail, or a board.
    #[arg(long, short = 'g', default_value = "blank-last", allow_hyphen_values = true)]
    pub goal: String,
    /// Step costs: unit (every move costs 1) or tile (moving tile t costs t).
    #[arg(long, default_value = "unit", value_parser = parse_cost)]
    pub cost: npuzzle::CostModel,
    /// What must hold for exit 0: admissible, consistent, or both (default). On a sample: no
    /// counterexample found.
    #[arg(long, default_value = "both")]
    pub require: String,
    /// How to write the report.
    #[arg(long, value_enum, default_value_t = AuditFormat::Text)]
    pub format: AuditFormat,
    /// Uniform boards in a sample (boards of 11 to 16 cells).
    #[arg(long, default_value_t = audit::DEFAULT_UNIFORM)]
    pub uniform: usize,
    /// Boards on random walks from the goal in a sample (boards of more than 10 cells).
    #[arg(long, default_value_t = audit::DEFAULT_WALKS)]
    pub walks: usize,
    /// Seed of the sample and the grading set.
    #[arg(long, default_value_t = audit::DEFAULT_SEED)]
    pub seed: u64,
    /// Boards the consequence search tries at most (an inadmissible heuristic's boards, in
    /// decreasing excess, each with A*).
    #[arg(long, default_value_t = audit::DEFAULT_CONSEQUENCE_BOARDS)]
    pub consequence_boards: usize,
    /// Expansions each A* run of the consequence search may take.
    #[arg(long, default_value_t = audit::DEFAULT_CONSEQUENCE_NODES)]
    pub consequence_nodes: u64,
    /// --format gradescope: the most expansions over the grading set for the point (default:
    /// what A* with Manhattan distance expands on it).
    #[arg(long)]
    pub threshold: Option<u64>,
    /// Predict the expansions of one complete IDA* iteration at each threshold D (in moves) from
    /// the heuristic's distribution (Korf, Reid and Edelkamp 2001), beside the mean measured
    /// from start boards; a consistent heuristic and unit costs only.
    #[arg(long, value_name = "D[,D…]", value_delimiter = ',')]
    pub predict: Vec<u32>,
    /// With --predict: measure from this many uniform start boards (default: every board up to
    /// 10 cells, else 1000).
    #[arg(long, value_name = "N")]
    pub starts: Option<usize>,
    /// Draw h against h* as a heat map to FILE (.svg or .png): counts per cell, the diagonal, the
    /// overestimates outlined in red (boards of up to 16 cells).
    #[arg(long, value_name = "FILE")]
    pub plot: Option<std::path::PathBuf>,
    /// With --plot: a second heuristic, audited alike and drawn beside the first.
    #[arg(long, value_name = "HEURISTIC", allow_hyphen_values = true, requires = "plot", value_parser = crate::opts::heuristic_names(), hide_possible_values = true)]
    pub beside: Option<String>,
    /// --format gradescope: boards in the grading set.
    #[arg(long, default_value_t = audit::DEFAULT_GRADE_BOARDS)]
    pub grade_boards: usize,
}

/// Runs `audit`: exit 0 when what `--require` asks holds, 6 when a counterexample is found.
pub fn run(args: Args) -> Result<u8> {
    let (w, h) = parse_size(&args.size).context(BadInput)?;
    let goal = Goal::resolve(&args.goal, w, h)?;
    let estimator = npuzzle::compare::heuristic(&args.heuristic).context(BadInput)?;
    let require: Requirement = args.require.parse().context(BadInput)?;
    let beside = args.beside.as_deref().map(npuzzle::compare::heuristic).transpose().context(BadInput)?;
    if let Some(path) = &args.plot {
        crate::plot::check_path(path)?;
    }
    let mut spec = AuditSpec::new(goal).cost(args.cost).sample(args.uniform, args.walks).seed(args.seed);
    spec.consequence_boards = args.consequence_boards;
    spec.consequence_nodes = args.consequence_nodes;
    spec.cancel = Some(cancel_flag());
    spec.predict = args.predict;
    spec.starts = args.starts.map(audit::predict::Starts::Uniform);
    let store = crate::pdb::store();
    let on = crate::pdb::reporter();
    let report = match audit::audit_and_predict(&estimator, &spec, store, &on) {
        Ok(r) => r,
        Err(npuzzle::Error::Cancelled) => {
            note!("audit stopped by Ctrl-C");
            return Ok(exit::LIMIT);
        }
        Err(e) => return Err(e).context(BadInput),
    };
    if let Some(path) = &args.plot {
        let second = match &beside {
            Some(b) => Some(audit::audit(b, &AuditSpec { predict: Vec::new(), ..spec.clone() }, store, &on).context(BadInput)?),
            None => None,
        };
        let audits: Vec<&audit::Audit> = std::iter::once(&report).chain(second.as_ref()).collect();
        let svg = audit::picture::svg(&audits).ok_or_else(|| {
            anyhow::anyhow!(BadInput).context(format!("--plot: on {}, h* is only bounded by random walks; nothing to draw", report.size))
        })?;
        crate::plot::write(path, svg)?;
    }
    let mut out = std::io::stdout().lock();
    match args.format {
        AuditFormat::Text => out.write_all(audit::text(&report).as_bytes())?,
        AuditFormat::Json => writeln!(out, "{}", serde_json::to_string_pretty(&report)?)?,
        AuditFormat::Gradescope => {
            let grade = GradeSpec { boards: args.grade_boards, threshold: args.threshold };
            let g = audit::gradescope(&report, &estimator, &spec, &grade, store, &on).context(BadInput)?;
            writeln!(out, "{}", serde_json::to_string_pretty(&g)?)?;
        }
    }
    out.flush()?;
    Ok(if report.holds(require) { exit::OK } else { exit::DIFFERS })
}
