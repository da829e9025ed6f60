//! A report for others to read: Gradescope's `results.json`, and the report in words.

use super::report::{Report, WorkKind};
use serde::Serialize;

/// A report as Gradescope's autograder reads it (`results.json`): the score the findings
/// passed out of their number, the report in words as the output, and one test per finding.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Gradescope {
    /// Points: one for each finding passed.
    pub score: f64,
    /// One point for each finding.
    pub max_score: f64,
    /// The report in words ([`text`]).
    pub output: String,
    /// One test per finding.
    pub tests: Vec<GradescopeTest>,
}

/// One of Gradescope's tests: a finding, worth one point.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GradescopeTest {
    /// What was checked.
    pub name: String,
    /// 1 when passed, else 0.
    pub score: f64,
    /// 1.
    pub max_score: f64,
    /// `passed` or `failed`.
    pub status: &'static str,
    /// What was found.
    pub output: String,
}

/// A report as Gradescope's `results.json`.
pub fn gradescope(report: &Report) -> Gradescope {
    let tests: Vec<GradescopeTest> = report
        .findings
        .iter()
        .map(|f| GradescopeTest {
            name: f.name.clone(),
            score: if f.passed { 1.0 } else { 0.0 },
            max_score: 1.0,
            status: if f.passed { "passed" } else { "failed" },
            output: f.says.clone(),
        })
        .collect();
    Gradescope { score: tests.iter().map(|t| t.score).sum(), max_score: tests.len() as f64, output: text(report), tests }
}

/// A report in words, for people.
pub fn text(report: &Report) -> String {
    let mut out = String::new();
    let what = match report.work {
        WorkKind::Solution => "solution",
        WorkKind::Expansions => "order of expansion",
        WorkKind::Answers => "answers",
        WorkKind::Trace => "hand trace",
    };
    out.push_str(&format!("{}: the {what} against {}\n", if report.right { "right" } else { "differs" }, report.reference));
    for f in &report.findings {
        out.push_str(&format!("  {} {}: {}\n", if f.passed { "✓" } else { "✗" }, f.name, f.says));
    }
    if let Some(d) = &report.difference {
        out.push_str(&format!(
            "first difference at {}: expected {}, got {}\n",
            d.at,
            d.expected.as_deref().unwrap_or("the end"),
            d.got.as_deref().unwrap_or("the end")
        ));
    }
    for d in &report.diagnoses {
        out.push_str(&format!("diagnosis: the work {d}\n"));
    }
    match &report.diagnosis_limit {
        Some(limit) if report.diagnoses.is_empty() => out.push_str(&format!("not diagnosed: {limit}\n")),
        Some(limit) => out.push_str(&format!("diagnosis stopped short (other variants may reproduce the work too): {limit}\n")),
        None if report.diagnoses.is_empty() && !report.right && matches!(report.work, WorkKind::Expansions | WorkKind::Trace) => {
            out.push_str("diagnosis: no nearby variant (rules, algorithm, heuristic, move order) reproduces the work\n");
        }
        None => {}
    }
    out
}
