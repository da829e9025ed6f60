//! The teaching flags of `solve`: `--trace` (a numbered step-by-step account, or with
//! `--format json` a stream of JSON events, one per line) and `--tree dot|json|svg` (the search
//! tree, to stdout or `--tree-out FILE`; the solution summary then goes to stderr), `--tree gif
//! --tree-out FILE.gif` (the tree growing, one frame per step) and `--animate FILE.gif` (the
//! solution played back, one frame per board on the path).

use crate::exit::{self, BadInput};
use crate::opts::Format;
use crate::output;
use anyhow::{anyhow, Context, Result};
use clap::ValueEnum;
use npuzzle::record::Recorder;
use npuzzle::render::animate;
use npuzzle::render::trace::{self, Setup};
use npuzzle::render::tree::{self, Tree};
use npuzzle::solve::{solve_observed, Report, Request};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Search-tree formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TreeFormat {
    /// Graphviz DOT.
    Dot,
    /// One JSON document.
    Json,
    /// An SVG picture drawn by npuzzle (no Graphviz needed).
    Svg,
    /// An animated GIF of the tree growing, one frame per step (needs --tree-out FILE.gif).
    Gif,
}

/// Trace and tree flags.
#[derive(clap::Args, Debug, Clone)]
pub struct TeachOpts {
    /// Print a numbered step-by-step trace (with --format json: one JSON event per line).
    #[arg(long)]
    pub trace: bool,
    /// Most steps (node selections) the trace shows.
    #[arg(long, default_value_t = trace::DEFAULT_LIMIT, value_name = "N")]
    pub trace_limit: u64,
    /// Write the search tree in this format (to stdout unless --tree-out; the summary then goes
    /// to stderr).
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub tree: Option<TreeFormat>,
    /// Write the tree to this file instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub tree_out: Option<PathBuf>,
    /// Most nodes in the tree.
    #[arg(long, default_value_t = tree::DEFAULT_LIMIT, value_name = "N")]
    pub tree_limit: usize,
    /// Write the solution's playback as an animated GIF: one frame per board on the path.
    #[arg(long, value_name = "FILE.gif")]
    pub animate: Option<PathBuf>,
    /// Frames per second of --animate and --tree gif.
    #[arg(long, default_value_t = 2, value_name = "N")]
    pub fps: u32,
    /// Most frames in an animation (the first N - 1 and the last are kept, and a note says so).
    #[arg(long, default_value_t = animate::DEFAULT_MAX_FRAMES, value_name = "N")]
    pub max_frames: usize,
}

impl TeachOpts {
    /// Whether any output that records the search was asked for (`--animate` alone needs only
    /// the solution: a plain solve, at full speed).
    pub fn active(&self) -> bool {
        self.trace || self.tree.is_some() || self.tree_out.is_some()
    }

    /// Checks, before any work, that a board of `cells` cells can be animated.
    pub fn check_size(&self, cells: usize) -> Result<()> {
        if (self.animate.is_some() || self.tree == Some(TreeFormat::Gif)) && cells > crate::stream::BOARDS_UP_TO {
            return Err(anyhow!(BadInput)
                .context(format!("a board of {cells} cells is too big to animate (at most {})", crate::stream::BOARDS_UP_TO)));
        }
        Ok(())
    }

    /// Writes `--animate`'s GIF of the solution in `report` (a note instead when there is none).
    pub fn write_animation(&self, report: &Report) -> Result<()> {
        let Some(path) = &self.animate else { return Ok(()) };
        match &report.path {
            Some(boards) if report.status == npuzzle::Status::Solved => {
                let frames = animate::path_frames(boards, &report.moves, self.max_frames);
                crate::animate::write_gif(path, &frames.svgs, self.fps)?;
                if let Some(n) = frames.cap_note("one per board on the path") {
                    note!("animation {n}");
                }
            }
            _ => note!("note: no solution, so no animation was written to {}", path.display()),
        }
        Ok(())
    }

    /// Checks the flags together, and that `--tree-out` can be written, before any work.
    pub fn check(&self) -> Result<()> {
        if let Some(path) = &self.tree_out {
            crate::output::check_writable(path, "--tree-out")?;
        }
        if self.tree_out.is_some() && self.tree.is_none() {
            return Err(anyhow!(BadInput).context("--tree-out needs --tree dot|json|svg|gif"));
        }
        if self.trace && self.tree.is_some() && self.tree_out.is_none() {
            return Err(anyhow!(BadInput).context("--trace and --tree would both write to stdout: give --tree-out FILE"));
        }
        if self.tree.is_some() && self.tree_limit == 0 {
            return Err(anyhow!(BadInput).context("--tree-limit must be at least 1"));
        }
        if self.tree == Some(TreeFormat::Gif) {
            match &self.tree_out {
                Some(path) => crate::animate::check_path(path, "--tree-out")?,
                None => return Err(anyhow!(BadInput).context("--tree gif needs --tree-out FILE.gif (a GIF is not written to a terminal)")),
            }
        }
        if let Some(path) = &self.animate {
            crate::animate::check_path(path, "--animate")?;
        }
        if self.animate.is_some() || self.tree == Some(TreeFormat::Gif) {
            crate::animate::check_fps(self.fps)?;
            if self.max_frames < 2 {
                return Err(anyhow!(BadInput).context("--max-frames must be at least 2 (the start and the end)"));
            }
        }
        Ok(())
    }
}

/// Runs `solve` with a recorder and writes the trace and/or tree as `t` asks, then the summary
/// in `format` (without the boards along the path when `no_boards`), and saves the solution as
/// text to `saved` when given (`solve -o`).
pub fn run(t: &TeachOpts, format: Format, no_boards: bool, saved: Option<&Path>, req: &Request) -> Result<u8> {
    t.check()?;
    if t.tree.is_some() && req.algorithm.info().local() {
        return Err(anyhow!(BadInput).context(format!("{} is a local search: it keeps no search tree to draw; use --trace", req.algorithm)));
    }
    let cells = req.start.len();
    t.check_size(cells)?;
    let rec = match t.tree {
        // A tree alone needs the frontier snapshots (they settle the nodes' states) but not
        // their labels, which grow a character a level: a deep depth-first tree's snapshots
        // would otherwise hold gigabytes of them.
        Some(_) => Recorder::new(cells, t.tree_limit, true).with_entry_labels(t.trace),
        None => Recorder::new(cells, usize::MAX, true).with_selection_cap(t.trace_limit),
    }
    .with_paths(t.trace && format == Format::Json);
    let (outcome, rec) = solve_observed(req, rec)?;
    let report = Report::new(req, &outcome);
    let (w, h) = (req.start.width(), req.start.height());
    let mut out = std::io::stdout().lock();

    if t.trace {
        let setup = Setup { algorithm: req.algorithm, width: w, height: h, limit: t.trace_limit, cost: req.cost };
        match format {
            Format::Text => {
                writeln!(out, "{}", trace::heading(req))?;
                out.write_all(trace::render_text(&rec, &setup).as_bytes())?;
                writeln!(out)?;
            }
            Format::Json => {
                let doc = trace::json_trace(req, &rec, &report, t.trace_limit);
                writeln!(out, "{}", serde_json::to_string(&doc.start)?)?;
                for e in doc.events {
                    writeln!(out, "{}", serde_json::to_string(e)?)?;
                }
                writeln!(out, "{}", serde_json::to_string(&doc.end)?)?;
            }
        }
    }

    if let Some(fmt) = t.tree {
        let tree = Tree::new(&rec, w, h, t.tree_limit);
        let doc = match fmt {
            TreeFormat::Dot => tree::to_dot(&tree),
            TreeFormat::Svg => tree::to_svg(&tree),
            TreeFormat::Json => serde_json::to_string(&tree)? + "\n",
            TreeFormat::Gif => String::new(),
        };
        match &t.tree_out {
            Some(path) if fmt == TreeFormat::Gif => {
                let frames = animate::tree_frames(&rec, w, h, t.tree_limit, t.max_frames);
                crate::animate::write_gif(path, &frames.svgs, t.fps)?;
                if let Some(n) = frames.cap_note("one per step") {
                    note!("tree animation {n}");
                }
            }
            Some(path) => std::fs::write(path, doc).with_context(|| format!("writing {}", path.display()))?,
            None => out.write_all(doc.as_bytes())?,
        }
        if let Some(n) = tree.cap_note() {
            note!("tree {n}");
        }
    }

    t.write_animation(&report)?;

    // The summary: after the trace on stdout, or on stderr when the tree holds stdout.
    let summary = match format {
        Format::Json => serde_json::to_string(&report)? + "\n",
        Format::Text => output::text(&report, !no_boards),
    };
    let tree_on_stdout = t.tree.is_some() && t.tree_out.is_none();
    if tree_on_stdout {
        let _ = std::io::stderr().write_all(summary.as_bytes());
    } else if !(t.trace && format == Format::Json) {
        // (A JSON trace already carries the report in its `end` event.)
        out.write_all(summary.as_bytes())?;
    }
    out.flush()?;
    if let Some(path) = saved {
        std::fs::write(path, output::text(&report, true)).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(exit::for_status(outcome.status))
}
