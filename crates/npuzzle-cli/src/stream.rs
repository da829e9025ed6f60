//! `solve` on boards over [`BOARDS_UP_TO`] cells: the moves are written as they are made, to
//! standard output and to the `-o` file at once, and never held in memory. The boards along the
//! path are left out (a line says so), and the summary comes after the moves. JSON output keeps
//! the report's fields, `moves` still one letter string, in another order: the fields known
//! before the run, then `moves`, then the rest.

use crate::opts::{cancel_flag, Format};
use crate::output;
use anyhow::{Context, Result};
use npuzzle::solve::{solve_streamed, Outcome, Report, Request};
use npuzzle::Status;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::Ordering;

/// The largest board, in cells, whose solution is printed board by board.
pub const BOARDS_UP_TO: usize = 400;

/// Bytes of move letters gathered before a write.
const CHUNK: usize = 1 << 16;

/// One destination: where, and in which format.
struct Out {
    to: Box<dyn Write>,
    format: Format,
    name: String,
}

/// Solves `req`, streaming the report to stdout in `format` and, as text, to `file`. Returns the
/// outcome; an output that cannot be written stops the run (through the cancel flag) and is
/// reported as an error.
pub fn solve(req: &Request, format: Format, file: Option<&Path>) -> Result<Outcome> {
    let mut outs = vec![Out { to: Box::new(std::io::BufWriter::new(std::io::stdout().lock())), format, name: "standard output".into() }];
    if let Some(path) = file {
        let f = std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?;
        outs.push(Out { to: Box::new(std::io::BufWriter::new(f)), format: Format::Text, name: path.display().to_string() });
    }
    for o in &mut outs {
        o.to.write_all(head(req, o.format)?.as_bytes()).with_context(|| format!("writing {}", o.name))?;
    }
    let mut chunk: Vec<u8> = Vec::with_capacity(CHUNK);
    let mut failed: Option<anyhow::Error> = None;
    let write_all = |outs: &mut [Out], bytes: &[u8], failed: &mut Option<anyhow::Error>| {
        if failed.is_some() {
            return;
        }
        for o in outs.iter_mut() {
            if let Err(e) = o.to.write_all(bytes) {
                *failed = Some(anyhow::Error::new(e).context(format!("writing {}", o.name)));
                // Stop the run at its next check: nothing more can be written.
                cancel_flag().store(true, Ordering::SeqCst);
                return;
            }
        }
    };
    let mut given = 0u64;
    let outcome = solve_streamed(req, &mut |m| {
        given += 1;
        chunk.push(m.letter() as u8);
        if chunk.len() == CHUNK {
            write_all(&mut outs, &chunk, &mut failed);
            chunk.clear();
        }
    })?;
    write_all(&mut outs, &chunk, &mut failed);
    if let Some(e) = failed {
        return Err(e);
    }
    for o in &mut outs {
        let tail = tail(req, &outcome, given, o.format)?;
        o.to.write_all(tail.as_bytes()).and_then(|_| o.to.flush()).with_context(|| format!("writing {}", o.name))?;
    }
    Ok(outcome)
}

/// What comes before the moves.
fn head(req: &Request, format: Format) -> Result<String> {
    Ok(match format {
        Format::Text => format!("algorithm {}, heuristic {}, order {}\nmoves: ", req.algorithm, req.effective_heuristic(), req.order),
        Format::Json => {
            let known = serde_json::json!({
                "start": req.start,
                "goal": req.goal,
                "algorithm": req.algorithm,
                "heuristic": req.effective_heuristic(),
                "weight": req.params.weight(),
                "order": req.order.to_string(),
            });
            let text = serde_json::to_string(&known)?;
            format!("{},\"moves\":\"", text.strip_suffix('}').unwrap_or(&text))
        }
    })
}

/// What comes after the moves: how the run ended and its statistics.
fn tail(req: &Request, outcome: &Outcome, given: u64, format: Format) -> Result<String> {
    let report = Report::without_path(req, outcome);
    let stopped = outcome.status != Status::Solved && given > 0;
    Ok(match format {
        Format::Text => {
            let mut s = String::new();
            if outcome.status == Status::Solved && given == 0 {
                s.push_str("(none: the start is the goal)");
            }
            s.push('\n');
            let opt = match (outcome.status, report.optimal) {
                (Status::Solved, true) => " (optimal)",
                (Status::Solved, false) => " (not guaranteed optimal)",
                _ => "",
            };
            s.push_str(&format!("{}{opt}\n", report.message));
            if let Some(line) = output::bound_line(&report) {
                s.push_str(&format!("{line}\n"));
            }
            if stopped {
                s.push_str(&format!("the {given} moves above were made before the run stopped: they do not reach the goal\n"));
            }
            if outcome.status == Status::Solved {
                s.push_str(&format!("boards along the path left out: the board has more than {BOARDS_UP_TO} cells\n"));
            }
            s.push_str(&output::stats(&report));
            s
        }
        Format::Json => {
            let mut rest = serde_json::json!({
                "status": report.status,
                "message": report.message,
                "optimal": report.optimal,
                "cost": report.cost,
                "stats": report.stats,
            });
            if let Some(lb) = report.lower_bound {
                rest["lower_bound"] = serde_json::to_value(lb)?;
            }
            if let Some(from) = report.lower_bound_from {
                rest["lower_bound_from"] = serde_json::to_value(from)?;
            }
            if let Some(l) = report.limit {
                rest["limit"] = serde_json::to_value(l)?;
            }
            if stopped {
                // The moves written are a prefix of no solution, not an answer.
                rest["partial_moves"] = serde_json::Value::Bool(true);
            }
            let text = serde_json::to_string(&rest)?;
            format!("\",{}\n", text.strip_prefix('{').unwrap_or(&text))
        }
    })
}
