//! Grading a sheet's numbered answers against its key (`npuzzle exercise --format json`).

use super::expansions::check_expansions;
use super::limits::MAX_ITEMS;
use super::read::{labels_in, numbers_in, read_expansions, too_long};
use super::report::{Finding, Report, WorkKind};
use super::solution::reference_name;
use crate::board::{Board, MoveOrder};
use crate::error::Error;
use crate::heuristic::HeuristicKind;
use crate::search::{Algorithm, Request};

/// The answer key `npuzzle exercise --format json` writes, as far as grading reads it.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct Key {
    /// The start board, as rows.
    pub start: Vec<Vec<crate::board::Tile>>,
    /// The goal board, as rows.
    pub goal: Vec<Vec<crate::board::Tile>>,
    /// The algorithm's name.
    pub algorithm: String,
    /// The heuristic's name.
    pub heuristic: String,
    /// The move order.
    pub order: String,
    /// The step costs' name.
    pub cost_model: String,
    /// The questions.
    pub questions: Vec<KeyQuestion>,
    /// Their answers, in the same order.
    pub answers: Vec<KeyAnswer>,
}

/// A question of a [`Key`].
#[derive(Clone, Debug, serde::Deserialize)]
pub struct KeyQuestion {
    /// Its number on the sheet.
    pub number: usize,
    /// What it asks for.
    pub kind: crate::render::exercise::Kind,
    /// The question as the sheet prints it.
    pub text: String,
}

/// An answer of a [`Key`].
#[derive(Clone, Debug, serde::Deserialize)]
pub struct KeyAnswer {
    /// The number of the question it answers.
    pub number: usize,
    /// Its items (labels, entries, values).
    pub items: Vec<String>,
    /// The answer in one line.
    pub text: String,
}

pub(super) fn board_of(rows: &[Vec<crate::board::Tile>]) -> Result<Board, Error> {
    let width = rows.first().map_or(0, Vec::len);
    Board::new(width, rows.len(), rows.concat()).map_err(|e| Error::Invalid(format!("the key's board is not a board: {e}")))
}

impl Key {
    /// The search the key was made from.
    pub fn request(&self) -> Result<Request, Error> {
        let algorithm: Algorithm = self.algorithm.parse()?;
        let heuristic: HeuristicKind = self.heuristic.parse()?;
        Ok(Request::new(board_of(&self.start)?, board_of(&self.goal)?)
            .algorithm(algorithm)
            .heuristic(heuristic)
            .order(MoveOrder::parse(&self.order)?)
            .cost(self.cost_model.parse()?))
    }
}

/// A sheet's answers by question number: a line that starts with a number and `.`, `)` or `:`
/// begins that question's answer; the lines after it, up to the next number, continue it.
pub(super) fn numbered(text: &str) -> Result<std::collections::BTreeMap<usize, String>, Error> {
    let mut out = std::collections::BTreeMap::new();
    let mut current: Option<usize> = None;
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        let digits = line.chars().take_while(char::is_ascii_digit).count();
        let after = &line[digits..];
        if digits > 0 && digits < 6 && after.starts_with(['.', ')', ':']) {
            let n: usize = line[..digits].parse().map_err(|_| Error::Invalid("a question number is too large".into()))?;
            out.insert(n, after[1..].trim().to_string());
            current = Some(n);
            if out.len() > MAX_ITEMS {
                return Err(Error::Invalid(format!("more than {MAX_ITEMS} answers")));
            }
        } else if let Some(n) = current {
            let entry: &mut String = out.get_mut(&n).expect("the current answer is kept");
            entry.push(' ');
            entry.push_str(line);
        }
    }
    Ok(out)
}

/// The value written after `name:` or `name =` in a key's item, e.g. `5` of `cost: 5`.
pub(super) fn value_of<'a>(items: &'a [String], name: &str) -> Option<&'a str> {
    items.iter().find_map(|i| i.strip_prefix(name)).map(|v| v.trim_start_matches([':', '=', ' ']).trim())
}

/// One answer graded against the key's: whether it is right, and what was expected.
pub(super) fn grade_answer(kind: crate::render::exercise::Kind, key: &KeyAnswer, got: &str) -> Result<bool, Error> {
    use crate::render::exercise::Kind;
    Ok(match kind {
        Kind::Expansions | Kind::Frontier | Kind::Incumbents => {
            let want: Vec<String> = key.items.iter().flat_map(|i| labels_in(i).unwrap_or_default().into_iter().take(1)).collect();
            labels_in(got)? == want
        }
        Kind::Bounds => {
            let want: Vec<f64> = key.items.iter().filter_map(|i| i.rsplit(':').next()).flat_map(numbers_in).collect();
            let got = numbers_in(got);
            let interleaved: Vec<f64> = want.iter().enumerate().flat_map(|(i, b)| [(i + 1) as f64, *b]).collect();
            got == want || got == interleaved
        }
        Kind::Values => {
            let want: Vec<f64> = key.items.iter().flat_map(|i| numbers_in(i.rsplit('=').next().unwrap_or(""))).collect();
            let got = numbers_in(got);
            got.len() >= want.len() && got[..want.len()] == want[..]
        }
        Kind::Solution => {
            let lower = got.to_ascii_lowercase();
            match (value_of(&key.items, "moves"), value_of(&key.items, "cost")) {
                (Some(moves), Some(cost)) => {
                    let (before, after) = lower.split_once("cost").unwrap_or((&lower, ""));
                    let letters: String = before
                        .split(|c: char| !c.is_ascii_alphabetic())
                        .filter(|w| !w.is_empty() && w.chars().all(|c| matches!(c, 'u' | 'd' | 'l' | 'r')))
                        .collect::<String>()
                        .to_ascii_uppercase();
                    let cost_got = numbers_in(if after.is_empty() { before } else { after });
                    letters == moves && cost_got.first().copied() == cost.parse::<f64>().ok()
                }
                _ => lower.contains("none") || lower.contains("no solution"),
            }
        }
    })
}

/// Grades a sheet's answers (`1. S0, S2, S21` …, one numbered answer per question) against its
/// key ([`Key`], the JSON `npuzzle exercise --format json` writes): one finding per question;
/// a wrong order of expansion gets its diagnosis as [`check_expansions`] gives it.
pub fn check_answers(key: &Key, text: &str) -> Result<Report, Error> {
    too_long(text)?;
    let req = key.request()?;
    let answers = numbered(text)?;
    if answers.is_empty() {
        return Err(Error::Invalid("no numbered answer found: write each answer after its question's number, as 1. S0, S2, …".into()));
    }
    let mut findings = Vec::new();
    let mut diagnoses = Vec::new();
    let mut diagnosis_limit = None;
    for (q, a) in key.questions.iter().zip(&key.answers) {
        let name = format!("question {}", q.number);
        let Some(got) = answers.get(&q.number) else {
            findings.push(Finding { name, passed: false, says: format!("no answer; the key says {}", a.text) });
            continue;
        };
        let passed = grade_answer(q.kind, a, got)?;
        let says = if passed { format!("right: {}", a.text) } else { format!("{got} — the key says {}", a.text) };
        if !passed && q.kind == crate::render::exercise::Kind::Expansions {
            if let Ok(items) = read_expansions(got, &req.start) {
                let report = check_expansions(&req, &items, None)?;
                (diagnoses, diagnosis_limit) = (report.diagnoses, report.diagnosis_limit);
            }
        }
        findings.push(Finding { name, passed, says });
    }
    let right = findings.iter().all(|f| f.passed);
    Ok(Report { work: WorkKind::Answers, reference: reference_name(&req), right, findings, difference: None, diagnoses, diagnosis_limit })
}
