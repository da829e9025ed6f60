//! `npuzzle bench file FILE`: solves every board of a file, one after another, replays every
//! answer, and reports per board and in total the moves, the file's reference lengths, moves ÷
//! reference, the lower bound and moves ÷ lower bound, the time and the nodes (expanded and
//! generated).
//!
//! A line is a board (as `batch` reads it: tiles in row-major order, 0 the blank), or fields,
//! a `|`, then the board. A comment `# Columns: a b c | …` names the fields: a field named
//! `index` or `id` labels the board, and each field whose name ends in `_moves` is a reference
//! length (`optimal_moves` is the known optimum: an algorithm that claims optimality must match
//! it). The DeepCubeA test states in `crates/npuzzle-cli/data/deepcubea/` are such files.

use crate::bench::common::{BenchFormat, Jobs};
use crate::exit::{self, BadInput};
use crate::input::source_text;
use crate::opts::cancel_flag;
use crate::pdb::{reporter, store};
use anyhow::{anyhow, Context, Result};
use npuzzle::goal::Goal;
use npuzzle::heuristic::Estimator;
use npuzzle::search::Limits;
use npuzzle::solve::{solve, Request, Status};
use npuzzle::{Algorithm, Board};
use serde_json::json;
use std::io::Write;
use std::time::Instant;

/// Arguments of `bench file`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The benchmark file, or - for stdin.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Boards to leave out at the start of the file.
    #[arg(long)]
    pub skip: Option<usize>,
    /// The first COUNT boards (after --skip).
    #[arg(long)]
    pub count: Option<usize>,
    /// The goal of every board (blank-last, blank-first, snail, or a board).
    #[arg(long, short = 'g', default_value = "blank-last", allow_hyphen_values = true)]
    pub goal: String,
    /// The algorithm (default: the default solver for the board's size).
    #[arg(long = "algorithms", visible_alias = "algorithm", short = 'a')]
    pub algorithms: Option<String>,
    /// The heuristic (default: the default for the algorithm and size).
    #[arg(long = "heuristic", short = 'H')]
    pub heuristic: Option<String>,
    /// The classic searches' parameters (e.g. `--learnt-key` for pdb-beam), for every board.
    #[command(flatten)]
    pub search: crate::opts::ParamArgs<crate::opts::SearchParams>,
    /// The time limit of each board, e.g. 10s (the default solver beyond 25 cells then answers
    /// with the best it has found).
    #[arg(long, value_parser = crate::opts::parse_duration)]
    pub timeout: Option<std::time::Duration>,
    /// The node limit of each board (pdb-beam narrows its beams to spend about this many
    /// children: a shorter run, a longer answer, the same on every machine).
    #[arg(long)]
    pub max_nodes: Option<u64>,
    /// The output format.
    #[arg(long, short = 'f', value_enum, default_value_t = BenchFormat::Text)]
    pub format: BenchFormat,
    /// Leave out the line per board (text output).
    #[arg(long)]
    pub quiet: bool,
    #[command(flatten)]
    pub jobs: Jobs,
}

/// One board of the file, with the fields before its `|`.
#[derive(Debug, PartialEq)]
pub struct Entry {
    /// The line's number in the file (from 1).
    pub line: usize,
    /// The `index` or `id` field, else the board's rank in the file (from 1).
    pub label: String,
    /// The board.
    pub board: Board,
    /// The reference lengths, in the order of [`Parsed::references`] (`None`: the field is
    /// missing or not a number on this line).
    pub references: Vec<Option<u64>>,
}

/// A file's boards and the names of its reference columns.
#[derive(Debug, PartialEq)]
pub struct Parsed {
    /// The reference columns' names without `_moves`, e.g. `deepcubea`, `optimal`.
    pub references: Vec<String>,
    /// The boards in file order.
    pub entries: Vec<Entry>,
}

/// Refuses what `algorithm` would ignore of `params` (the library's notes, [`npuzzle::Plan::ignored`]):
/// a benchmark runs every board exactly as asked, or not at all.
fn untaken(params: &npuzzle::search::Params, algorithm: Algorithm) -> Result<()> {
    let plan = npuzzle::Spec { params: *params, ..Default::default() }.plan().context(BadInput)?;
    match plan.ignored(algorithm).into_iter().next() {
        Some(note) => Err(anyhow!(BadInput).context(format!("bench file: {note}"))),
        None => Ok(()),
    }
}

/// Reads a benchmark file's text (see the module's documentation). Errors name the line.
pub fn parse(text: &str) -> Result<Parsed> {
    let mut columns: Vec<String> = Vec::new();
    let mut entries = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(comment) = line.strip_prefix('#') {
            if let Some(rest) = comment.trim().strip_prefix("Columns:") {
                let names = rest.split('|').next().unwrap_or("");
                columns = names.split_whitespace().map(str::to_string).collect();
            }
            continue;
        }
        let (fields, board_text) = match line.split_once('|') {
            Some((f, b)) => (f.split_whitespace().collect::<Vec<_>>(), b),
            None => (Vec::new(), line),
        };
        let board = npuzzle::parse::parse_board(board_text).map_err(|e| anyhow!(BadInput).context(format!("line {}: {e}", i + 1)))?;
        let field = |name: &str| columns.iter().position(|c| c == name).and_then(|p| fields.get(p).copied());
        let label = field("index").or_else(|| field("id")).map_or_else(|| (entries.len() + 1).to_string(), str::to_string);
        let references = columns
            .iter()
            .enumerate()
            .filter(|(_, c)| c.ends_with("_moves"))
            .map(|(p, _)| fields.get(p).and_then(|v| v.parse().ok()))
            .collect();
        entries.push(Entry { line: i + 1, label, board, references });
    }
    let references = columns.iter().filter_map(|c| c.strip_suffix("_moves")).map(str::to_string).collect();
    Ok(Parsed { references, entries })
}

/// One board's result.
struct Row {
    label: String,
    moves: Option<u64>,
    references: Vec<Option<u64>>,
    bound: u64,
    secs: f64,
    expanded: u64,
    generated: u64,
    peak: u64,
    replayed: bool,
    status: Status,
    problem: Option<String>,
    /// A wrong result (`problem` says which), not merely a stopped search: fails the bench.
    wrong: bool,
}

fn ratio(a: Option<u64>, b: Option<u64>) -> Option<f64> {
    match (a, b) {
        (Some(a), Some(b)) if b > 0 => Some(a as f64 / b as f64),
        _ => None,
    }
}

fn cell(v: Option<f64>, digits: usize) -> String {
    v.map_or_else(|| "-".to_string(), |v| format!("{v:.digits$}"))
}

/// Runs `bench file`; exit 1 when an answer does not replay to the goal, falls below its lower
/// bound, or differs from a known optimum that its algorithm claims to reach, or when a lower
/// bound (a stopped search's too) exceeds a known optimum; 4 when a limit
/// stopped a board without an answer or Ctrl-C cut the run short.
pub fn run(args: &Args) -> Result<u8> {
    let path = args.file.as_str();
    let text = source_text(path)?;
    let mut parsed = parse(&text)?;
    if let Some(skip) = args.skip {
        parsed.entries.drain(..skip.min(parsed.entries.len()));
    }
    if let Some(count) = args.count {
        parsed.entries.truncate(count);
    }
    if parsed.entries.is_empty() {
        return Err(anyhow!(BadInput).context(format!("{path} holds no board")));
    }
    let goal_kind = Goal::parse(&args.goal, None).context(BadInput)?;
    let algorithm: Option<Algorithm> =
        args.algorithms.as_deref().map(|a| a.parse().map_err(|e| anyhow!(BadInput).context(format!("{e}")))).transpose()?;
    let heuristic: Option<Estimator> =
        args.heuristic.as_deref().map(|h| h.parse().map_err(|e| anyhow!(BadInput).context(format!("{e}")))).transpose()?;
    let params = args.search.params()?;
    if let Some(a) = algorithm {
        // Refused before the table's header is printed; the default's, board by board.
        untaken(&params, a)?;
    }
    let cancel = cancel_flag();
    let limits = Limits { time: args.timeout, nodes: args.max_nodes, cancel: Some(cancel.clone()), memory: crate::opts::default_memory(1) };
    let out = &mut std::io::stdout().lock();
    let started = Instant::now();
    // The tables are prepared once for all the boards that read the same ones.
    let mut preparer = npuzzle::prepare::Preparer::new();
    let mut tables_secs = 0.0;
    let mut rows = Vec::new();
    let mut chosen = None;
    let optimum_column = parsed.references.iter().position(|r| r == "optimal");
    if args.format == BenchFormat::Csv {
        writeln!(out, "{}", csv_header(&parsed.references))?;
    }
    if args.format == BenchFormat::Text && !args.quiet {
        let mut head = format!("{:>8} {:>6}", "board", "moves");
        for r in &parsed.references {
            head += &format!(" {:>10} {:>7}", r, "÷");
        }
        head += &format!(" {:>6} {:>7} {:>9} {:>12} {:>13} {:>6}", "bound", "÷bound", "time s", "expanded", "generated", "replay");
        writeln!(out, "{head}")?;
    }
    for entry in &parsed.entries {
        let (w, h) = (entry.board.width(), entry.board.height());
        let goal = goal_kind.board(w, h).context(BadInput)?;
        let mut req = match (algorithm, heuristic.clone()) {
            (None, None) => Request::auto(entry.board.clone(), goal.clone()),
            (a, hk) => {
                let (da, dh) = npuzzle::solve::default_choice(w, h);
                Request::new(entry.board.clone(), goal.clone()).algorithm(a.unwrap_or(da)).heuristic(hk.unwrap_or(dh.into()))
            }
        };
        untaken(&params, req.algorithm)?;
        req.params = params;
        req.limits = limits.clone();
        let claims_optimal = req.algorithm.is_optimal();
        chosen = Some((req.algorithm, req.effective_heuristic()));
        // A benchmark times the solver it names, the default included: the default's own tables
        // are built where they are not cached, rather than another solver standing in.
        req.by_default = false;
        let t = Instant::now();
        match preparer.prepare(store(), &mut req, None, &reporter(), Some(&cancel)) {
            Ok(notes) => notes.iter().for_each(|n| note!("{n}")),
            Err(npuzzle::Error::Cancelled) => {
                note!("cancelled while preparing the tables");
                return Ok(exit::LIMIT);
            }
            Err(e) => return Err(e.into()),
        }
        tables_secs += t.elapsed().as_secs_f64();
        let t = Instant::now();
        let solved = solve(&req);
        let secs = t.elapsed().as_secs_f64();
        let row = match solved {
            Err(e) => Row {
                label: entry.label.clone(),
                moves: None,
                references: entry.references.clone(),
                bound: 0,
                secs,
                expanded: 0,
                generated: 0,
                peak: 0,
                replayed: false,
                status: Status::Limit,
                problem: Some(e.to_string()),
                wrong: false,
            },
            Ok(o) => {
                let moves = (o.status == Status::Solved).then(|| o.cost.unwrap_or(o.moves.len() as u64));
                let replayed = o.status == Status::Solved && entry.board.apply_all(&o.moves).is_ok_and(|p| p.last() == Some(&goal));
                let bound = o.lower_bound.unwrap_or(0);
                let mut problem = None;
                let mut wrong = true;
                if o.status == Status::Solved && !replayed {
                    problem = Some("the answer does not replay to the goal".to_string());
                } else if moves.is_some_and(|m| bound > m) {
                    problem = Some(format!("the lower bound {bound} exceeds the answer"));
                } else if let (true, Some(col), Some(m)) = (claims_optimal, optimum_column, moves) {
                    if entry.references[col].is_some_and(|opt| opt != m) {
                        problem = Some(format!("{m} moves, the known optimum is {}", entry.references[col].unwrap_or(0)));
                    }
                } else if let Some(opt) = optimum_column.and_then(|c| entry.references[c]).filter(|&opt| bound > opt) {
                    problem = Some(format!("the lower bound {bound} exceeds the known optimum {opt}"));
                } else if o.status != Status::Solved {
                    problem = Some(o.summary());
                    wrong = false;
                }
                Row {
                    label: entry.label.clone(),
                    moves,
                    references: entry.references.clone(),
                    bound,
                    secs,
                    expanded: o.stats.expanded,
                    generated: o.stats.generated,
                    peak: o.stats.peak_memory,
                    replayed,
                    status: o.status,
                    wrong: wrong && problem.is_some(),
                    problem,
                }
            }
        };
        print_row(out, args.format, args.quiet, &parsed.references, &row)?;
        if let Some(p) = &row.problem {
            note!("board {} (line {}): {p}", row.label, entry.line);
        }
        rows.push(row);
        if cancel.load(std::sync::atomic::Ordering::Relaxed) {
            break;
        }
    }
    let wall = started.elapsed().as_secs_f64();
    let (algo, heur) = chosen.expect("at least one board");
    // The parameters given, as their flags (`--learnt-key`), for the total line.
    let flags: Vec<String> = params
        .given()
        .iter()
        .map(|(p, t)| match p.info().kind {
            npuzzle::search::ParamKind::Flag => format!("--{}", p.info().flag),
            _ => format!("--{} {t}", p.info().flag),
        })
        .collect();
    print_total(out, args.format, &parsed.references, &rows, (algo, heur, &flags), tables_secs, wall)?;
    let failed = rows.iter().any(|r| r.wrong);
    let stopped = rows.len() < parsed.entries.len() || rows.iter().any(|r| r.status != Status::Solved);
    Ok(if failed {
        exit::ERROR
    } else if stopped {
        exit::LIMIT
    } else {
        exit::OK
    })
}

fn print_row(out: &mut impl Write, format: BenchFormat, quiet: bool, names: &[String], r: &Row) -> Result<()> {
    match format {
        BenchFormat::Text if quiet => {}
        BenchFormat::Text => {
            let mut line = format!("{:>8} {:>6}", r.label, r.moves.map_or("-".into(), |m| m.to_string()));
            for v in &r.references {
                line += &format!(" {:>10} {:>7}", v.map_or("-".into(), |v| v.to_string()), cell(ratio(r.moves, *v), 3));
            }
            line += &format!(
                " {:>6} {:>7} {:>9.3} {:>12} {:>13} {:>6}",
                r.bound,
                cell(ratio(r.moves, Some(r.bound)), 3),
                r.secs,
                r.expanded,
                r.generated,
                if r.replayed { "ok" } else { "NO" }
            );
            writeln!(out, "{line}")?;
        }
        BenchFormat::Csv => {
            let mut line = format!("{},{}", r.label, r.moves.map_or(String::new(), |m| m.to_string()));
            for v in &r.references {
                line += &format!(",{}", v.map_or(String::new(), |v| v.to_string()));
            }
            line += &format!(",{},{:.6},{},{},{},{}", r.bound, r.secs, r.expanded, r.generated, r.peak, r.replayed);
            writeln!(out, "{line}")?;
        }
        BenchFormat::Json => {
            let refs: serde_json::Map<String, serde_json::Value> =
                names.iter().cloned().zip(r.references.iter().map(|v| json!(v))).collect();
            let doc = json!({
                "board": r.label, "status": r.status, "moves": r.moves, "references": refs,
                "lower_bound": r.bound, "time_s": r.secs, "expanded": r.expanded, "generated": r.generated,
                "peak_memory": r.peak, "replayed": r.replayed, "problem": r.problem,
            });
            writeln!(out, "{doc}")?;
        }
    }
    Ok(())
}

/// The header of `--format csv`, for a file with reference columns `names`.
pub fn csv_header(names: &[String]) -> String {
    let mut h = "board,moves".to_string();
    for n in names {
        h += &format!(",{n}_moves");
    }
    h + ",lower_bound,time_s,expanded,generated,peak_memory,replayed"
}

#[allow(clippy::too_many_arguments)]
fn print_total(
    out: &mut impl Write,
    format: BenchFormat,
    names: &[String],
    rows: &[Row],
    (algorithm, heuristic, flags): (Algorithm, Estimator, &[String]),
    tables_secs: f64,
    wall: f64,
) -> Result<()> {
    let solved: Vec<&Row> = rows.iter().filter(|r| r.moves.is_some()).collect();
    let n = solved.len().max(1) as f64;
    let mean = |f: &dyn Fn(&Row) -> f64| solved.iter().map(|r| f(r)).sum::<f64>() / n;
    let moves = mean(&|r| r.moves.unwrap_or(0) as f64);
    let bound = mean(&|r| r.bound as f64);
    let by_bound = mean(&|r| ratio(r.moves, Some(r.bound)).unwrap_or(0.0));
    let secs = mean(&|r| r.secs);
    let max_secs = rows.iter().map(|r| r.secs).fold(0.0, f64::max);
    let expanded: u64 = rows.iter().map(|r| r.expanded).sum();
    let generated: u64 = rows.iter().map(|r| r.generated).sum();
    let peak = rows.iter().map(|r| r.peak).max().unwrap_or(0);
    let problems = rows.iter().filter(|r| r.problem.is_some()).count();
    // Per reference: the boards that have it, their mean, our mean on them, the mean ratio,
    // and how many answers are shorter, equal and longer.
    let refs: Vec<(String, usize, f64, f64, f64, [usize; 3])> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let both: Vec<(u64, u64)> = solved.iter().filter_map(|r| Some((r.moves?, r.references[i]?))).collect();
            let k = both.len().max(1) as f64;
            let theirs = both.iter().map(|b| b.1 as f64).sum::<f64>() / k;
            let ours = both.iter().map(|b| b.0 as f64).sum::<f64>() / k;
            let ratio = both.iter().map(|b| b.0 as f64 / b.1.max(1) as f64).sum::<f64>() / k;
            let mut cmp = [0; 3];
            for (a, b) in &both {
                cmp[match a.cmp(b) {
                    std::cmp::Ordering::Less => 0,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Greater => 2,
                }] += 1;
            }
            (name.clone(), both.len(), theirs, ours, ratio, cmp)
        })
        .collect();
    match format {
        BenchFormat::Json => {
            let references: Vec<_> = refs
                .iter()
                .map(|(name, k, theirs, ours, ratio, cmp)| {
                    json!({"name": name, "boards": k, "mean": theirs, "mean_moves": ours, "mean_ratio": ratio,
                           "shorter": cmp[0], "equal": cmp[1], "longer": cmp[2]})
                })
                .collect();
            let doc = json!({"total": {
                "boards": rows.len(), "solved": solved.len(), "algorithm": algorithm.name(), "heuristic": algorithm.uses_heuristic().then(|| heuristic.name()),
                "flags": flags,
                "mean_moves": moves, "mean_lower_bound": bound, "mean_moves_per_bound": by_bound,
                "references": references, "mean_time_s": secs, "max_time_s": max_secs, "tables_s": tables_secs,
                "wall_s": wall, "expanded": expanded, "generated": generated, "peak_memory": peak, "problems": problems,
            }});
            writeln!(out, "{doc}")?;
        }
        BenchFormat::Csv => {}
        BenchFormat::Text => {
            writeln!(
                out,
                "{} boards ({} solved), {}: mean {:.1} moves, lower bound {:.1}, moves ÷ lower bound {:.3}",
                rows.len(),
                solved.len(),
                if algorithm.uses_heuristic() {
                    format!("{} with {}", algorithm.name(), heuristic.name())
                } else {
                    algorithm.name().to_string()
                } + &flags.iter().map(|f| format!(" {f}")).collect::<String>(),
                moves,
                bound,
                by_bound
            )?;
            for (name, k, theirs, ours, ratio, cmp) in &refs {
                writeln!(
                    out,
                    "  against {name} ({k} boards): {ours:.1} moves against {theirs:.1}, mean ratio {ratio:.4}; shorter on {}, equal on {}, longer on {}",
                    cmp[0], cmp[1], cmp[2]
                )?;
            }
            // Depth-first searches hold only their path: no figure rather than "0.0 MB".
            let memory = if peak > 0 { format!("; peak search memory {:.1} MB", peak as f64 / 1e6) } else { String::new() };
            writeln!(
                out,
                "time a board {secs:.3} s (most {max_secs:.3} s); tables ready in {tables_secs:.1} s; wall {wall:.1} s; \
                 {expanded} expanded, {generated} generated{memory}"
            )?;
            writeln!(
                out,
                "{}",
                if problems == 0 {
                    "every answer replays to the goal".to_string()
                } else {
                    format!("{problems} boards with problems (see above)")
                }
            )?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_name_labels_and_references() {
        let text = "# Columns: index manhattan deepcubea_moves optimal_moves | the board\n\
                    # other comment\n\
                    7 10 14 12 | 1 2 3 4 5 6 0 7 8\n\
                    \n\
                    9 4 x 4 | 1 2 3 4 5 6 7 8 0\n";
        let p = parse(text).unwrap();
        assert_eq!(p.references, vec!["deepcubea", "optimal"]);
        assert_eq!(p.entries.len(), 2);
        assert_eq!(p.entries[0].label, "7");
        assert_eq!(p.entries[0].line, 3);
        assert_eq!(p.entries[0].references, vec![Some(14), Some(12)]);
        assert_eq!(p.entries[1].references, vec![None, Some(4)]);
        assert_eq!(p.entries[1].board.tiles(), &[1, 2, 3, 4, 5, 6, 7, 8, 0]);
    }

    #[test]
    fn plain_board_lines_are_numbered() {
        let p = parse("1 2 3 4 5 6 0 7 8\n1 2 3 4 5 6 7 0 8\n").unwrap();
        assert!(p.references.is_empty());
        assert_eq!(p.entries.iter().map(|e| e.label.as_str()).collect::<Vec<_>>(), ["1", "2"]);
    }

    #[test]
    fn a_bad_board_names_its_line() {
        let e = parse("1 2 3 4 5 6 0 7 8\n1 2 3 banana\n").unwrap_err();
        assert!(format!("{e:#}").contains("line 2"), "{e:#}");
        assert_eq!(crate::exit::code_for(&e), crate::exit::BAD_INPUT);
    }
}
