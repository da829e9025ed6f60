//! `npuzzle audit` as a user runs it: the verdicts and their exit codes (0 when `--require`
//! holds, 6 on a counterexample, 2 on bad input), the JSON fields, the counterexample and its
//! consequence replayed, Gradescope's results.json, and a sampled 4×4 audit.

use crate::common::run;
use npuzzle::board::{parse_moves, Board};
use npuzzle::parse::parse_board;
use serde_json::Value;

fn audit(args: &[&str]) -> (i32, Value) {
    let mut all = vec!["audit"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json"]);
    let r = run(&all);
    let v = serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {} {}", r.stdout, r.stderr));
    (r.code, v)
}

fn board(v: &Value) -> Board {
    let rows: Vec<String> =
        v.as_array().unwrap().iter().map(|r| r.as_array().unwrap().iter().map(|t| t.to_string()).collect::<Vec<_>>().join(" ")).collect();
    parse_board(&rows.join("/")).unwrap()
}

fn replay(b: &Board, moves: &str) -> Board {
    b.apply_all(&parse_moves(moves).unwrap()).unwrap().pop().unwrap()
}

#[test]
fn an_admissible_consistent_heuristic_passes_and_an_inadmissible_one_exits_6_with_its_cost() {
    let (code, v) = audit(&["-H", "manhattan"]);
    assert_eq!(code, 0);
    assert_eq!((v["admissible"].clone(), v["consistent"].clone(), v["exhaustive"].clone()), (true.into(), true.into(), true.into()));
    assert_eq!(v["boards"], 181_440);
    assert_eq!(v["counterexample"], Value::Null);
    assert!(v["dominates"]["misplaced"].as_f64().unwrap() > 0.99);

    let (code, v) = audit(&["-H", "2*misplaced", "--goal", "blank-first"]);
    assert_eq!(code, 6);
    assert_eq!(v["admissible"], false);
    let c = &v["counterexample"];
    assert!(c["h"].as_f64().unwrap() > c["h_star"].as_f64().unwrap());
    let q = &v["consequence"];
    let goal = parse_board("0 1 2/3 4 5/6 7 8").unwrap();
    let start = board(&q["board"]);
    for (moves, cost) in [(&q["found_moves"], &q["found"]), (&q["optimal_moves"], &q["optimal"])] {
        assert_eq!(replay(&start, moves.as_str().unwrap()), goal);
        assert_eq!(parse_moves(moves.as_str().unwrap()).unwrap().len() as u64, cost.as_u64().unwrap());
    }
    assert!(q["found"].as_u64() > q["optimal"].as_u64());
    // The optimum is what `solve` finds.
    let r = run(&["solve", &start.to_string(), "--goal", "blank-first", "--format", "json"]);
    let solved: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(solved["cost"], q["optimal"]);
}

#[test]
fn require_picks_what_must_hold() {
    // Korf and Taylor's corner heuristic is admissible and not consistent.
    let (code, v) = audit(&["-H", "lc-corner"]);
    assert_eq!((code, v["admissible"].clone(), v["consistent"].clone()), (6, true.into(), false.into()));
    assert!(v["inconsistent_move"]["h_from"].as_f64() > v["inconsistent_move"]["h_to"].as_f64());
    assert_eq!(audit(&["-H", "lc-corner", "--require", "admissible"]).0, 0);
    assert_eq!(audit(&["-H", "lc-corner", "--require", "consistent"]).0, 6);
    assert_eq!(audit(&["-H", "2*misplaced", "--require", "admissible"]).0, 6);
}

#[test]
fn text_and_gradescope_say_the_same() {
    let r = run(&["audit", "-H", "max(h1, h2)", "--size", "2x4"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("admissible: yes (proved on every board)"), "{}", r.stdout);
    assert!(r.stdout.contains("every board (20160 boards"), "{}", r.stdout);

    let r = run(&["audit", "-H", "2*misplaced", "--format", "gradescope", "--grade-boards", "5"]);
    assert_eq!(r.code, 6);
    let g: Value = serde_json::from_str(&r.stdout).unwrap();
    let tests = g["tests"].as_array().unwrap();
    let names: Vec<&str> = tests.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["h(goal) = 0", "admissible", "consistent", "nodes expanded"]);
    assert_eq!(tests[1]["status"], "failed");
    assert_eq!(tests[0]["status"], "passed");
    assert_eq!(g["score"].as_f64().unwrap(), tests.iter().map(|t| t["score"].as_f64().unwrap()).sum::<f64>());
    let r = run(&["audit", "-H", "linear-conflict", "--format", "gradescope", "--grade-boards", "5"]);
    let g: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(g["score"], 4.0, "{g}");
    let r = run(&["audit", "-H", "h1", "--format", "gradescope", "--grade-boards", "5"]);
    let g: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(g["tests"][3]["status"], "failed", "misplaced tiles expand more than Manhattan: {g}");
    assert_eq!(r.code, 0, "the nodes test grades; --require decides the exit");
}

#[test]
fn a_sampled_4x4_audit_says_what_a_sample_cannot_prove() {
    let (code, v) = audit(&["-H", "manhattan", "--size", "4x4", "--uniform", "5", "--walks", "60"]);
    assert_eq!(code, 0, "no counterexample in the sample");
    assert_eq!(v["admissible"], Value::Null);
    assert_eq!(v["exhaustive"], false);
    assert_eq!(v["sample"]["uniform"], 5);
    assert_eq!(v["sample"]["h_star"], "solved");
    let (code, v) = audit(&["-H", "2*manhattan", "--size", "4x4", "--uniform", "5", "--walks", "60", "--consequence-boards", "0"]);
    assert_eq!(code, 6);
    assert_eq!(v["admissible"], false);
    assert_eq!(v["consequence_search"]["tried"], 0);
}

#[test]
fn bad_input_exits_2_with_the_reason() {
    for (args, says) in [
        (vec!["-H", "nonsense"], "nonsense"),
        (vec!["-H", "manhattan", "--size", "1x1"], ""),
        (vec!["-H", "manhattan", "--require", "fast"], "--require"),
        (vec!["-H", "exact", "--size", "5x5"], "exact"),
        (vec!["-H", "manhattan/0", ""], ""),
    ] {
        let mut all = vec!["audit"];
        all.extend(args.iter().copied().filter(|a| !a.is_empty()));
        let r = run(&all);
        assert_eq!(r.code, 2, "{all:?}: {}", r.stderr);
        assert!(r.stderr.contains(says), "{all:?}: {}", r.stderr);
        assert!(!r.stderr.contains("panicked"));
    }
}

#[test]
fn plot_draws_the_table_as_svg_or_png_and_predict_adds_kre_beside_the_measured() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("audit-plot");
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("heat.svg");
    let png = dir.join("heat.png");
    let (code, v) = audit(&["-H", "h1 + h2", "--beside", "manhattan", "--plot", svg.to_str().unwrap()]);
    assert_eq!(code, 6);
    let text = std::fs::read_to_string(&svg).unwrap();
    // The cells' counts add up to the table's, panel by panel.
    let start = text.find(r#"data-heuristic="h1 + h2""#).unwrap();
    let panel = &text[start..start + text[start..].find("</g>").unwrap()];
    let total: u64 = panel.split(r#"data-count=""#).skip(1).map(|s| s[..s.find('"').unwrap()].parse::<u64>().unwrap()).sum();
    assert_eq!(total, v["table"].as_array().unwrap().iter().flat_map(|r| r.as_array().unwrap()).map(|c| c.as_u64().unwrap()).sum::<u64>());
    assert!(text.contains(r#"data-heuristic="manhattan""#));
    assert_eq!(run(&["audit", "-H", "manhattan", "--plot", png.to_str().unwrap()]).code, 0);
    assert_eq!(&std::fs::read(&png).unwrap()[..8], b"\x89PNG\r\n\x1a\n");
    let r = run(&["audit", "-H", "manhattan", "--plot", dir.join("heat.gif").to_str().unwrap()]);
    assert_eq!(r.code, 2, "{}", r.stderr);

    let (code, v) = audit(&["-H", "manhattan", "--predict", "10,14"]);
    assert_eq!(code, 0);
    let rows = v["prediction"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    for r in rows {
        let (p, m) = (r["predicted"].as_f64().unwrap(), r["measured"].as_f64().unwrap());
        assert!((p - m).abs() <= 0.01 * m, "{r}");
        assert_eq!(r["starts"], 181_440);
    }
    let (_, v) = audit(&["-H", "lc-corner", "--predict", "10"]);
    assert_eq!(v["prediction"], Value::Null);
    assert!(v["prediction_refused"].as_str().unwrap().contains("not consistent"));
}
