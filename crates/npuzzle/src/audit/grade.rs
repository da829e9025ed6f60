//! An audit in words, and as Gradescope's `results.json`: admissible, consistent, zero at the
//! goal, and the nodes A* with the estimate expands on a board set against a threshold, the way
//! a course's autograder grades a student's heuristic, but proved over every board.

use super::{Audit, AuditSpec};
use crate::board::Board;
use crate::check::{Gradescope, GradescopeTest};
use crate::error::Error;
use crate::generate::{random_solvable, random_walk, Rng};
use crate::heuristic::{Estimator, HeuristicKind};
use crate::solve::Status;
use crate::tables::{Progress, TableStore, Tables};

/// Boards in the grading set, by default.
pub const DEFAULT_GRADE_BOARDS: usize = 20;
/// Expansions each A* run of the grading set may take.
pub const GRADE_NODES: u64 = 2_000_000;

/// How the nodes test grades.
#[derive(Clone, Debug)]
pub struct GradeSpec {
    /// Boards in the set (uniform on boards of up to 9 cells, else random walks of twice the
    /// cells' number of moves), drawn with the audit's seed.
    pub boards: usize,
    /// Most expansions over the set for the point; by default what A* with Manhattan distance
    /// expands on the same boards.
    pub threshold: Option<u64>,
}

impl Default for GradeSpec {
    fn default() -> GradeSpec {
        GradeSpec { boards: DEFAULT_GRADE_BOARDS, threshold: None }
    }
}

/// The grading set for `spec`'s goal.
fn grading_set(spec: &AuditSpec, count: usize) -> Vec<Board> {
    let goal = &spec.goal;
    let mut rng = Rng::new(spec.seed ^ 0x9e37_79b9_7f4a_7c15);
    let cells = goal.width() * goal.height();
    (0..count).map(|_| if cells <= 9 { random_solvable(goal, &mut rng) } else { random_walk(goal, 2 * cells, &mut rng).0 }).collect()
}

/// Total expansions of A* with `estimator` over `boards`; `None` when a run hit its limit.
fn expansions(estimator: &Estimator, tables: &Tables, spec: &AuditSpec, boards: &[Board]) -> Result<Option<u64>, Error> {
    let mut total = 0;
    for b in boards {
        let out = super::astar(estimator, tables, spec, b.clone(), GRADE_NODES)?;
        if out.status != Status::Solved {
            return Ok(None);
        }
        total += out.stats.expanded;
    }
    Ok(Some(total))
}

/// The audit as Gradescope's `results.json`: four tests of a point each.
pub fn gradescope(
    audit: &Audit,
    estimator: &Estimator,
    spec: &AuditSpec,
    grade: &GradeSpec,
    store: &TableStore,
    on: Progress,
) -> Result<Gradescope, Error> {
    let tables = super::tables_for(estimator, spec, store, on)?;
    let boards = grading_set(spec, grade.boards);
    let threshold = match grade.threshold {
        Some(t) => Some(t),
        None => expansions(&HeuristicKind::Manhattan.into(), &Tables::none(), spec, &boards)?,
    };
    let nodes = expansions(estimator, &tables, spec, &boards)?;
    let over = if audit.exhaustive { "every board".to_string() } else { format!("{} sampled boards", audit.boards) };
    let test = |name: &str, passed: bool, output: String| GradescopeTest {
        name: name.to_string(),
        score: if passed { 1.0 } else { 0.0 },
        max_score: 1.0,
        status: if passed { "passed" } else { "failed" },
        output,
    };
    let tests = vec![
        test("h(goal) = 0", audit.goal_h == 0.0, format!("h at the goal is {}", audit.goal_h)),
        test(
            "admissible",
            audit.admissible != Some(false),
            match &audit.counterexample {
                Some(c) => format!("h = {} > h* = {} on {}", c.h, c.h_star, c.board),
                None => format!("h ≤ h* on {over}"),
            },
        ),
        test(
            "consistent",
            audit.consistent != Some(false),
            match &audit.inconsistent_move {
                Some(m) => format!("h falls from {} to {} along a move of cost {} ({} to {})", m.h_from, m.h_to, m.cost, m.from, m.to),
                None => format!("h(n) ≤ c(n, n') + h(n') on every move of {over}"),
            },
        ),
        test(
            "nodes expanded",
            matches!((nodes, threshold), (Some(n), Some(t)) if n <= t),
            match (nodes, threshold) {
                (Some(n), Some(t)) => format!("A* expanded {n} nodes on {} boards; the threshold is {t}", boards.len()),
                (None, _) => format!("A* passed {GRADE_NODES} expansions on a board of the set"),
                (Some(n), None) => format!("A* expanded {n} nodes; Manhattan distance, the threshold, passed its limit"),
            },
        ),
    ];
    Ok(Gradescope { score: tests.iter().map(|t| t.score).sum(), max_score: tests.len() as f64, output: text(audit), tests })
}

fn yes_no(v: Option<bool>, sample_boards: u64, what: &str) -> String {
    match v {
        Some(true) => "yes (proved on every board)".to_string(),
        Some(false) => "no".to_string(),
        None => format!("no counterexample in {sample_boards} {what} (a sample proves nothing more)"),
    }
}

/// An audit in words, for people.
pub fn text(a: &Audit) -> String {
    let mut out = String::new();
    let cover = match &a.sample {
        None => format!("every board ({} boards, {} moves)", a.boards, a.moves),
        Some(s) if s.h_star == "solved" => format!(
            "a sample of {} boards ({} uniform, {} on walks of 1 to {} moves, seed {}), each solved optimally{}",
            a.boards,
            s.uniform,
            s.walks,
            s.longest_walk,
            s.seed,
            if s.unsolved > 0 { format!("; {} not solved", s.unsolved) } else { String::new() }
        ),
        Some(s) => format!(
            "a sample of {} boards on walks of 1 to {} moves (seed {}), each walk's cost bounding h*",
            a.boards, s.longest_walk, s.seed
        ),
    };
    out.push_str(&format!("audit of {} on {} toward {} ({} costs): {cover}\n", a.heuristic, a.size, a.goal, a.cost));
    out.push_str(&format!("admissible: {}\n", yes_no(a.admissible, a.boards, "boards")));
    if let Some(c) = &a.counterexample {
        let star = if c.h_star_bound { format!("h* ≤ {}", c.h_star) } else { format!("h* = {}", c.h_star) };
        out.push_str(&format!("  counterexample: {} with h = {} > {star} ({} boards overestimated)\n", c.board, c.h, a.overestimated));
    }
    out.push_str(&format!("consistent: {}\n", yes_no(a.consistent, a.moves, "moves")));
    if let Some(m) = &a.inconsistent_move {
        out.push_str(&format!(
            "  inconsistent move: {} (h = {}) to {} (h = {}), cost {}: h falls by {} ({} such moves)\n",
            m.from,
            m.h_from,
            m.to,
            m.h_to,
            m.cost,
            m.h_from - m.h_to,
            a.inconsistent_moves
        ));
    }
    out.push_str(&format!("h(goal) = {}\n", a.goal_h));
    match (&a.consequence, &a.consequence_search) {
        (Some(c), Some(s)) => out.push_str(&format!(
            "consequence: on {} A* with it returns cost {} ({}) where the optimum is {}{} ({}); board {} of {} tried\n",
            c.board,
            c.found,
            c.found_moves,
            if c.optimal_bound { "at most " } else { "" },
            c.optimal,
            c.optimal_moves,
            s.tried,
            s.candidates
        )),
        (None, Some(s)) => out.push_str(&format!(
            "consequence: A* with it returned optimal answers on the {} boards tried (of {}, at most {} boards and {} expansions each)\n",
            s.tried, s.candidates, s.max_boards, s.max_nodes
        )),
        _ => {}
    }
    if let (Some(h), Some(r)) = (a.mean_h, a.mean_ratio) {
        out.push_str(&format!("mean h: {h:.3}; mean h/h*: {r:.3} (every board counted but the goal)\n"));
    }
    for d in &a.against {
        out.push_str(&format!(
            "  against {}: at least it on {:.1} % of the boards, greater on {:.1} %{}\n",
            d.name,
            100.0 * d.at_least,
            100.0 * d.greater,
            if d.dominates { " (dominates)" } else { "" }
        ));
    }
    for n in &a.notes {
        out.push_str(&format!("note: {n}\n"));
    }
    if let Some(why) = &a.prediction_refused {
        out.push_str(&format!("prediction refused: {why}\n"));
    }
    for p in a.prediction.iter().flatten() {
        out.push_str(&format!(
            "IDA* iteration at threshold {}: {:.1} expansions predicted (Korf, Reid and Edelkamp), {:.1} measured (95 % interval {:.1} to {:.1}) over {} start boards\n",
            p.threshold, p.predicted, p.measured, p.interval[0], p.interval[1], p.starts
        ));
    }
    out
}
