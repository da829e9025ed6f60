//! Text rendering of a run, and the check every output file passes before any work.

use crate::exit::BadInput;
use anyhow::{anyhow, Result};
use npuzzle::solve::Report;
use npuzzle::Status;
use std::fmt::Write;
use std::path::Path;

/// Checks, before any work, that `path` (given to `option`) can be written: its directory
/// exists, and it is neither a directory nor a read-only file. A bad output path is bad input
/// (exit 2), found before a search that would be lost.
pub fn check_writable(path: &Path, option: &str) -> Result<()> {
    let bad = |why: String| Err(anyhow!(BadInput).context(format!("{option} {}: {why}", path.display())));
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !dir.is_dir() {
        return bad(format!("the directory {} does not exist", dir.display()));
    }
    if path.is_dir() {
        return bad("is a directory".to_string());
    }
    if path.metadata().is_ok_and(|m| m.permissions().readonly()) {
        return bad("is read-only".to_string());
    }
    Ok(())
}

/// The full text report: summary, moves, boards along the path (unless `boards` is false), and
/// statistics.
pub fn text(r: &Report, boards: bool) -> String {
    let mut s = String::new();
    let opt = if r.status == Status::Solved {
        if r.optimal {
            " (optimal)"
        } else {
            " (not guaranteed optimal)"
        }
    } else {
        ""
    };
    let weight = if r.weight != 1.0 { format!(", weight {}", r.weight) } else { String::new() };
    let _ = writeln!(s, "{}{opt}", r.message);
    if let Some(line) = bound_line(r) {
        let _ = writeln!(s, "{line}");
    }
    let cost = if r.cost_model.is_unit() { String::new() } else { format!(", cost {} ({})", r.cost_model, r.cost_model.summary()) };
    let metric = r.metric.map_or(String::new(), |m| format!(", metric {m} ({})", m.summary()));
    let _ = writeln!(s, "algorithm {}, heuristic {}{weight}, order {}{cost}{metric}", r.algorithm, r.heuristic, r.order);
    if let (Some(note), Status::Solved) = (&r.cost_note, r.status) {
        let _ = writeln!(s, "not optimal under these costs: {note}");
    }
    if r.status == Status::Solved {
        let _ = writeln!(s, "moves: {}", if r.moves.is_empty() { "(none: the start is the goal)" } else { &r.moves });
        if r.metric.is_some() && !r.moves.is_empty() {
            let moves = npuzzle::board::parse_moves(&r.moves).unwrap_or_default();
            let n = npuzzle::notation::write(&moves, npuzzle::notation::Reading::Blank);
            let _ = writeln!(s, "slides: {n} (the blank's moves, each letter one slide, its count the tiles moved)");
        }
    }
    if boards && r.status == Status::Solved {
        let _ = writeln!(s);
        for (i, b) in r.path.iter().flatten().enumerate() {
            if i == 0 {
                let _ = writeln!(s, "step 0 (start)");
            } else {
                let _ = writeln!(s, "step {i}: {}", r.moves.as_bytes()[i - 1] as char);
            }
            s.push_str(&b.grid());
            s.push('\n');
        }
    } else if boards && r.status != Status::Solved {
        let _ = writeln!(s, "start: {}", r.start);
        let _ = writeln!(s, "goal:  {}", r.goal);
    }
    s.push_str(&stats(r));
    s
}

/// How far from the optimum a solved, not proven optimal answer can be: "N moves, at most X×
/// the optimum", from the report's lower bound; for an optimal search a limit stopped, the
/// length it proved no answer is below.
pub fn bound_line(r: &Report) -> Option<String> {
    if r.status == Status::Limit {
        let (lb, from) = (r.lower_bound?, r.lower_bound_from?);
        return Some(format!("no solution is shorter than {lb} moves ({})", from.words()));
    }
    let (Some(cost), Some(lb)) = (r.cost, r.lower_bound) else { return None };
    if r.status != Status::Solved || r.optimal || lb == 0 {
        return None;
    }
    if !r.cost_model.is_unit() {
        return Some(format!(
            "cost {cost}, at most {:.2}× the optimum (no solution costs less than {lb}: Manhattan distance plus linear conflicts, each tile \
             weighed by its cost)",
            cost as f64 / lb as f64
        ));
    }
    let from = r.lower_bound_from.unwrap_or(npuzzle::solve::BoundSource::LinearConflict).words();
    let unit = if r.metric.is_some() { "multi-tile moves" } else { "moves" };
    Some(format!("{cost} {unit}, at most {:.2}× the optimum (no solution is shorter than {lb} {unit}: {from})", cost as f64 / lb as f64))
}

/// The statistics block.
pub fn stats(r: &Report) -> String {
    let st = &r.stats;
    let mut s = String::new();
    let cost = match (r.cost, r.length) {
        (Some(c), Some(l)) if !r.cost_model.is_unit() => format!("{c} ({l} moves)"),
        (Some(c), _) => c.to_string(),
        _ => "-".to_string(),
    };
    let bstar = st.effective_branching_factor.map_or("-".to_string(), |b| format!("{b:.3}"));
    let rows: [(&str, String); 8] = [
        ("cost", cost),
        ("nodes expanded", st.expanded.to_string()),
        ("nodes generated", st.generated.to_string()),
        ("max frontier", st.max_frontier.to_string()),
        ("search depth", st.search_depth.to_string()),
        ("max depth", st.max_depth.to_string()),
        ("branching b*", bstar),
        ("time", format!("{:.3} ms", st.time.as_secs_f64() * 1e3)),
    ];
    for (k, v) in rows {
        let _ = writeln!(s, "{k:<16}{v}");
    }
    if st.iterations > 1 {
        let _ = writeln!(s, "{:<16}{}", "iterations", st.iterations);
    }
    if let Some(t) = r.tables_time {
        let _ = writeln!(s, "{:<16}{:.3} ms (loading or building them, before the search)", "tables", t.as_secs_f64() * 1e3);
    }
    s
}
