//! The heuristic audit against an independent check written here: a breadth-first search from
//! the goal over boards kept in a hash map (no exact table, no permutation ranks), each board's
//! estimate computed afresh from its `Board`, every move of every board checked. Two goals on
//! 3×3 and one on 4×2 (4 columns, 2 rows); a sampled 4×4 audit whose counterexample is replayed.

use npuzzle::audit::{self, AuditSpec, Coverage};
use npuzzle::board::{Board, Move};
use npuzzle::cost::{Cost, CostModel};
use npuzzle::goal::Goal;
use npuzzle::heuristic::{Estimate, Estimator, Heuristic, HeuristicKind, NoTables, Position};
use npuzzle::metric::Metric;
use npuzzle::{Error, TableStore};
use std::collections::{HashMap, VecDeque};

/// Every board that reaches `goal`, with its distance, by breadth-first search from the goal.
fn bfs(goal: &Board) -> HashMap<Board, u64> {
    let mut dist = HashMap::new();
    dist.insert(goal.clone(), 0);
    let mut queue = VecDeque::from([goal.clone()]);
    while let Some(b) = queue.pop_front() {
        let d = dist[&b];
        for m in Move::ALL {
            if let Some(next) = b.apply(m) {
                dist.entry(next.clone()).or_insert_with(|| {
                    queue.push_back(next);
                    d + 1
                });
            }
        }
    }
    dist
}

/// What the independent check finds for one estimate.
#[derive(Debug, PartialEq)]
struct Oracle {
    boards: u64,
    moves: u64,
    overestimated: u64,
    inconsistent: u64,
    /// The largest h − h*, in cost units, where positive.
    worst_excess: Option<u64>,
    /// The largest h(n) − 1 − h(n'), where positive.
    worst_drop: Option<u64>,
}

fn oracle(h: &Heuristic, space: &HashMap<Board, u64>) -> Oracle {
    let mut o = Oracle { boards: 0, moves: 0, overestimated: 0, inconsistent: 0, worst_excess: None, worst_drop: None };
    for (b, &d) in space {
        o.boards += 1;
        let hb = h.estimate_board(b).0;
        let star = d * Cost::ONE;
        if hb > star {
            o.overestimated += 1;
            o.worst_excess = o.worst_excess.max(Some(hb - star));
        }
        for m in Move::ALL {
            let Some(next) = b.apply(m) else { continue };
            o.moves += 1;
            let hn = h.estimate_board(&next).0 + Cost::ONE;
            if hb > hn {
                o.inconsistent += 1;
                o.worst_drop = o.worst_drop.max(Some(hb - hn));
            }
        }
    }
    o
}

fn goals() -> Vec<Board> {
    vec![Goal::BlankLast.board(3, 3).unwrap(), Goal::Snail.board(3, 3).unwrap(), Goal::BlankFirst.board(4, 2).unwrap()]
}

fn spec(goal: &Board) -> AuditSpec {
    AuditSpec::new(goal.clone())
}

fn run(text: &str, goal: &Board, store: &TableStore) -> audit::Audit {
    let est: Estimator = text.parse().unwrap();
    audit::audit(&est, &spec(goal), store, &|_| {}).unwrap()
}

/// The audit's counts and verdicts equal the oracle's.
fn agrees(a: &audit::Audit, o: &Oracle, what: &str) {
    assert!(a.exhaustive, "{what}");
    assert_eq!(a.coverage, Coverage::Exhaustive);
    assert_eq!(a.boards, o.boards, "{what}");
    assert_eq!(a.moves, o.moves, "{what}");
    assert_eq!(a.overestimated, o.overestimated, "{what}");
    assert_eq!(a.inconsistent_moves, o.inconsistent, "{what}");
    assert_eq!(a.admissible, Some(o.overestimated == 0), "{what}");
    assert_eq!(a.consistent, Some(o.inconsistent == 0), "{what}");
    let excess = a.counterexample.as_ref().map(|c| (c.h * Cost::ONE as f64).round() as u64 - c.h_star * Cost::ONE);
    assert_eq!(excess, o.worst_excess, "{what}");
    let drop = a.inconsistent_move.as_ref().map(|m| ((m.h_from - m.h_to - m.cost as f64) * Cost::ONE as f64).round() as u64);
    assert_eq!(drop, o.worst_drop, "{what}");
}

#[test]
fn the_audit_equals_an_independent_breadth_first_check_on_two_3x3_goals_and_a_4x2_goal() {
    let store = TableStore::in_memory();
    for goal in goals() {
        let space = bfs(&goal);
        for text in [
            "misplaced",
            "manhattan",
            "max(manhattan, misplaced)",
            "linear-conflict",
            "gaschnig",
            "out-of-line",
            "walking-distance",
            "lc-corner",
            "2*misplaced",
        ] {
            let a = run(text, &goal, &store);
            let h = Heuristic::of(&text.parse().unwrap(), &goal, &NoTables, CostModel::Unit, Metric::Stm).unwrap();
            let o = oracle(&h, &space);
            agrees(&a, &o, &format!("{text} toward {goal}"));
            if matches!(text, "misplaced" | "manhattan" | "max(manhattan, misplaced)" | "linear-conflict") {
                assert_eq!((a.admissible, a.consistent), (Some(true), Some(true)), "{text} toward {goal}");
            }
            assert_eq!(a.goal_h, 0.0);
            // Every counterexample's h* is the breadth-first distance.
            if let Some(c) = &a.counterexample {
                assert_eq!(Some(&c.h_star), space.get(&c.board));
                assert!(c.h > c.h_star as f64);
            }
            if let Some(m) = &a.inconsistent_move {
                assert!(Move::ALL.iter().any(|&mv| m.from.apply(mv).as_ref() == Some(&m.to)), "one move apart");
                assert!(m.h_from > m.h_to + m.cost as f64);
            }
            // The table counts every board once, by h* and ⌊h⌋.
            let table = a.table.as_ref().unwrap();
            assert_eq!(table.iter().flatten().sum::<u64>(), o.boards);
            for (b, &d) in space.iter().take(500) {
                let v = h.estimate_board(b).floor_moves() as usize;
                assert!(table[d as usize][v.min(audit::TABLE_COLUMNS - 1)] > 0);
            }
        }
    }
}

#[test]
fn dominance_is_counted_board_by_board() {
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let space = bfs(&goal);
    let a = run("manhattan", &goal, &TableStore::in_memory());
    let man = Heuristic::formula(HeuristicKind::Manhattan, &goal).unwrap();
    for d in &a.against {
        let other = Heuristic::formula(HeuristicKind::lookup(&d.name).unwrap(), &goal).unwrap();
        let (mut ge, mut gt) = (0u64, 0u64);
        for b in space.keys() {
            let (x, y) = (man.estimate_board(b), other.estimate_board(b));
            ge += u64::from(x >= y);
            gt += u64::from(x > y);
        }
        let n = space.len() as f64;
        assert!((d.at_least - ge as f64 / n).abs() < 1e-12, "{}", d.name);
        assert!((d.greater - gt as f64 / n).abs() < 1e-12, "{}", d.name);
        assert_eq!(d.dominates, ge == space.len() as u64);
        assert_eq!(a.dominates.contains_key(&d.name), d.dominates);
    }
    assert!(a.dominates.contains_key("misplaced"));
    assert!(!a.dominates.contains_key("linear-conflict"));
    assert!(!a.against.iter().any(|d| d.name == "manhattan"), "not against itself");
    let ratio = space.iter().filter(|(_, &d)| d > 0).map(|(b, &d)| man.estimate_board(b).as_f64() / d as f64).sum::<f64>()
        / (space.len() - 1) as f64;
    assert!((a.mean_ratio.unwrap() - ratio).abs() < 1e-9);
}

/// Manhattan distance where the blank's cell is even, misplaced tiles where it is odd: each is
/// admissible, so it is; a move of the blank switches between them, so it is not consistent.
struct Switcher;

impl Estimate for Switcher {
    fn estimate(&self, p: &Position<'_>) -> Result<Cost, Error> {
        let home = p.goal.positions();
        let blank = p.tiles.iter().position(|&t| t == 0).unwrap();
        let mut man = 0;
        let mut mis = 0;
        for (c, &t) in p.tiles.iter().enumerate().filter(|&(_, &t)| t != 0) {
            let g = home[t as usize];
            man += (c / p.width).abs_diff(g / p.width) + (c % p.width).abs_diff(g % p.width);
            mis += usize::from(c != g);
        }
        Ok(Cost::moves(if blank % 2 == 0 { man } else { mis } as u32))
    }
    fn name(&self) -> String {
        "switcher".into()
    }
}

#[test]
fn an_admissible_heuristic_that_switches_by_the_blanks_cell_is_found_inconsistent_with_the_move() {
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let est = Estimator::own(Switcher);
    let a = audit::audit(&est, &spec(&goal), &TableStore::in_memory(), &|_| {}).unwrap();
    assert_eq!(a.admissible, Some(true));
    assert_eq!(a.consistent, Some(false));
    assert!(a.counterexample.is_none() && a.consequence.is_none() && a.consequence_search.is_none());
    let m = a.inconsistent_move.as_ref().unwrap();
    assert!(m.h_from > m.h_to + m.cost as f64);
    let h = Heuristic::of(&est, &goal, &NoTables, CostModel::Unit, Metric::Stm).unwrap();
    assert_eq!(h.estimate_board(&m.from).as_f64(), m.h_from);
    assert_eq!(h.estimate_board(&m.to).as_f64(), m.h_to);
    assert_eq!(m.from.blank() % 2, 0, "Manhattan where the move starts");
    assert_eq!(a.heuristic, "switcher");
    let o = oracle(&h, &bfs(&goal));
    agrees(&a, &o, "switcher");
}

fn replay(board: &Board, moves: &str) -> Board {
    let moves = npuzzle::board::parse_moves(moves).unwrap();
    board.apply_all(&moves).unwrap().pop().unwrap()
}

#[test]
fn an_inadmissible_heuristic_costs_a_longer_answer_and_the_audit_shows_both() {
    let store = TableStore::in_memory();
    for goal in [Goal::BlankLast.board(3, 3).unwrap(), Goal::BlankFirst.board(4, 2).unwrap()] {
        let space = bfs(&goal);
        let a = run("2*misplaced", &goal, &store);
        assert_eq!(a.admissible, Some(false));
        let c = a.consequence.as_ref().expect("a board where A* returns a longer answer");
        assert_eq!(replay(&c.board, &c.found_moves), goal);
        assert_eq!(replay(&c.board, &c.optimal_moves), goal);
        assert_eq!(c.found_moves.len() as u64, c.found);
        assert_eq!(c.optimal_moves.len() as u64, c.optimal);
        assert_eq!(Some(&c.optimal), space.get(&c.board), "the optimum is the breadth-first distance");
        assert!(c.found > c.optimal);
        assert!(!c.optimal_bound);
        let s = a.consequence_search.as_ref().unwrap();
        assert!(s.tried >= 1 && s.tried <= s.max_boards);
        assert_eq!(s.candidates, a.overestimated);
        // The same board with A* as `solve` runs it.
        let req = npuzzle::Request::new(c.board.clone(), goal.clone())
            .algorithm(npuzzle::Algorithm::Astar)
            .heuristic("2*misplaced".parse::<Estimator>().unwrap());
        assert_eq!(npuzzle::solve(&req).unwrap().cost, Some(c.found));
    }
}

#[test]
fn admissible_heuristics_under_tile_costs_stay_admissible_and_doubled_ones_do_not() {
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let store = TableStore::in_memory();
    for (text, ok) in [("manhattan", true), ("linear-conflict", true), ("2*manhattan", false)] {
        let est: Estimator = text.parse().unwrap();
        let a = audit::audit(&est, &spec(&goal).cost(CostModel::Tile), &store, &|_| {}).unwrap();
        assert_eq!(a.admissible, Some(ok), "{text}");
        assert_eq!(a.cost, CostModel::Tile);
        if let Some(c) = &a.consequence {
            assert!(c.found > c.optimal);
            assert_eq!(CostModel::Tile.path_cost(&c.board, &npuzzle::board::parse_moves(&c.found_moves).unwrap()), c.found);
            assert_eq!(CostModel::Tile.path_cost(&c.board, &npuzzle::board::parse_moves(&c.optimal_moves).unwrap()), c.optimal);
        }
    }
}

#[test]
fn a_sampled_4x4_audit_never_calls_a_heuristic_admissible_and_finds_a_doubled_one_out() {
    let goal = Goal::BlankLast.board(4, 4).unwrap();
    let store = TableStore::in_memory();
    let sample = |text: &str| {
        let est: Estimator = text.parse().unwrap();
        let spec = AuditSpec::new(goal.clone()).sample(12, 120);
        audit::audit(&est, &spec, &store, &|_| {}).unwrap()
    };
    let man = sample("manhattan");
    assert_eq!(man.coverage, Coverage::Solved);
    assert!(!man.exhaustive);
    assert_eq!(man.admissible, None);
    assert_eq!(man.consistent, None);
    assert_eq!(man.boards, 132);
    assert!(man.notes.iter().any(|n| n.contains("no board with h > h* in 132 boards")));
    let s = man.sample.as_ref().unwrap();
    assert_eq!((s.uniform, s.walks, s.unsolved, s.h_star), (12, 120, 0, "solved"));

    let twice = sample("2*manhattan");
    assert_eq!(twice.admissible, Some(false));
    let c = twice.counterexample.as_ref().unwrap();
    let mut optimal = npuzzle::Request::auto(c.board.clone(), goal.clone());
    store.prepare_run(&mut optimal, None, &|_| {}, None).unwrap();
    let solved = npuzzle::solve(&optimal).unwrap();
    assert_eq!(replay(&c.board, &solved.moves_string()), goal);
    assert!(c.h > solved.moves.len() as f64, "h exceeds a replayed solution's length");
    assert_eq!(c.h_star, solved.moves.len() as u64);
    let q = twice.consequence.as_ref().expect("A* with 2*manhattan returns a longer answer on some sampled board");
    assert_eq!(replay(&q.board, &q.found_moves), goal);
    assert_eq!(replay(&q.board, &q.optimal_moves), goal);
    assert!(q.found > q.optimal);
}

#[test]
fn walks_bound_h_star_on_boards_too_large_to_solve() {
    let goal = Goal::BlankLast.board(5, 5).unwrap();
    let store = TableStore::in_memory();
    let est: Estimator = "3*manhattan".parse().unwrap();
    let mut spec = AuditSpec::new(goal.clone()).sample(1000, 50);
    spec.consequence_boards = 0;
    let a = audit::audit(&est, &spec, &store, &|_| {}).unwrap();
    assert_eq!(a.coverage, Coverage::Walks);
    assert_eq!(a.sample.as_ref().unwrap().uniform, 0, "no uniform board without a solver");
    assert_eq!(a.boards, 50);
    assert_eq!(a.admissible, Some(false));
    let c = a.counterexample.as_ref().unwrap();
    assert!(c.h_star_bound && c.h > c.h_star as f64);
    assert!(a.table.is_none() && a.mean_ratio.is_none());
    let man = audit::audit(&"manhattan".parse().unwrap(), &spec, &store, &|_| {}).unwrap();
    assert_eq!((man.admissible, man.consistent), (None, None));
}

#[test]
fn bad_requests_are_refused_with_a_reason() {
    let store = TableStore::in_memory();
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let err =
        audit::audit(&"manhattan".parse().unwrap(), &AuditSpec::new(Goal::BlankLast.board(4, 4).unwrap()).sample(0, 0), &store, &|_| {});
    assert!(matches!(err, Err(Error::Invalid(m)) if m.contains("no board")));
    let err = audit::audit(&"exact".parse().unwrap(), &AuditSpec::new(Goal::BlankLast.board(5, 5).unwrap()), &store, &|_| {});
    assert!(err.is_err());
    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let mut s = AuditSpec::new(goal);
    s.cancel = Some(cancel);
    assert!(matches!(audit::audit(&"manhattan".parse().unwrap(), &s, &store, &|_| {}), Err(Error::Cancelled)));
}

fn predicted(text: &str, goal: &Board, thresholds: &[u32], starts: Option<audit::predict::Starts>) -> audit::Audit {
    let est: Estimator = text.parse().unwrap();
    let mut spec = AuditSpec::new(goal.clone());
    spec.predict = thresholds.to_vec();
    spec.starts = starts;
    audit::audit_and_predict(&est, &spec, &TableStore::in_memory(), &|_| {}).unwrap()
}

#[test]
fn kre_predicts_the_mean_ida_star_iteration_over_every_3x3_start_within_1_percent() {
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    for (text, thresholds) in [("manhattan", [10, 14, 18]), ("misplaced", [8, 11, 14])] {
        let a = predicted(text, &goal, &thresholds, None);
        let p = a.prediction.as_ref().unwrap();
        assert_eq!(p.iter().map(|p| p.threshold).collect::<Vec<_>>(), thresholds);
        for row in p {
            assert_eq!(row.starts, 181_440);
            assert!(row.measured > 0.5, "{text} at {}: {row:?}", row.threshold);
            let error = (row.predicted - row.measured).abs() / row.measured;
            assert!(error < 0.01, "{text} at {}: predicted {} measured {}", row.threshold, row.predicted, row.measured);
            assert_eq!(row.interval, [row.measured, row.measured], "over every board the mean is exact");
        }
        // More work at a higher threshold.
        assert!(p.windows(2).all(|w| w[1].measured > w[0].measured));
    }
}

#[test]
fn kre_predicts_a_4x4_iteration_from_a_sample_within_10_percent_or_the_interval() {
    let goal = Goal::BlankLast.board(4, 4).unwrap();
    let est: Estimator = "manhattan".parse().unwrap();
    let mut spec = AuditSpec::new(goal).sample(0, 50);
    spec.predict = vec![36, 40];
    spec.starts = Some(audit::predict::Starts::Uniform(1000));
    let a = audit::audit_and_predict(&est, &spec, &TableStore::in_memory(), &|_| {}).unwrap();
    for row in a.prediction.as_ref().unwrap() {
        assert_eq!(row.starts, 1000);
        let close = (row.predicted - row.measured).abs() <= 0.1 * row.measured;
        let inside = row.interval[0] <= row.predicted && row.predicted <= row.interval[1];
        assert!(close || inside, "{row:?}");
        assert!(row.interval[0] < row.measured && row.measured < row.interval[1]);
    }
}

#[test]
fn the_prediction_is_refused_for_an_inconsistent_heuristic_and_for_step_costs() {
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let a = predicted("lc-corner", &goal, &[10], None);
    assert!(a.prediction.is_none());
    assert!(a.prediction_refused.as_deref().unwrap().contains("not consistent"));
    let mut spec = AuditSpec::new(goal).cost(CostModel::Tile);
    spec.predict = vec![10];
    let a = audit::audit_and_predict(&"manhattan".parse().unwrap(), &spec, &TableStore::in_memory(), &|_| {}).unwrap();
    assert!(a.prediction_refused.as_deref().unwrap().contains("unit cost"));
}

/// The `(h*, h, count)` of every cell of a heat map's panel, read back from its SVG.
fn cells(svg: &str, heuristic: &str) -> Vec<(usize, usize, u64, bool)> {
    let start = svg.find(&format!(r#"<g class="cells" data-heuristic="{heuristic}">"#)).unwrap();
    let end = start + svg[start..].find("</g>").unwrap();
    let attr = |rect: &str, name: &str| -> u64 {
        let at = rect.find(&format!(r#"{name}=""#)).unwrap() + name.len() + 2;
        rect[at..at + rect[at..].find('"').unwrap()].parse().unwrap()
    };
    svg[start..end]
        .split("<rect ")
        .skip(1)
        .map(|r| (attr(r, "data-h-star") as usize, attr(r, "data-h") as usize, attr(r, "data-count"), r.contains(r##"stroke="#d62728""##)))
        .collect()
}

#[test]
fn the_heat_maps_counts_are_the_audits_table() {
    let goal = Goal::BlankLast.board(3, 3).unwrap();
    let store = TableStore::in_memory();
    let twice = run("h1 + h2", &goal, &store);
    let man = run("manhattan", &goal, &store);
    let svg = audit::picture::svg(&[&twice, &man]).unwrap();
    for a in [&twice, &man] {
        let drawn = cells(&svg, &a.heuristic);
        let table = a.table.as_ref().unwrap();
        let nonzero = table.iter().flatten().filter(|&&c| c > 0).count();
        assert_eq!(drawn.len(), nonzero, "{}", a.heuristic);
        for &(star, v, count, marked) in &drawn {
            assert_eq!(table[star][v], count);
            assert_eq!(marked, v > star, "cells above the diagonal are marked");
        }
        assert_eq!(drawn.iter().map(|c| c.2).sum::<u64>(), 181_440);
        assert_eq!(drawn.iter().any(|c| c.3), a.admissible == Some(false));
    }
    // Walks only bound h*: nothing to draw.
    let mut spec = AuditSpec::new(Goal::BlankLast.board(5, 5).unwrap()).sample(0, 10);
    spec.consequence_boards = 0;
    let walks = audit::audit(&"manhattan".parse().unwrap(), &spec, &store, &|_| {}).unwrap();
    assert!(audit::picture::svg(&[&walks]).is_none());
}
