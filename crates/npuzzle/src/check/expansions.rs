//! Grading an order of expansion against the reference search.

use super::diagnose::{agreeing, diagnose, run_recorded, selections, within_nodes, RunRecorded};
use super::limits::{DiagnosisLimits, MAX_ITEMS};
use super::read::{line, Item};
use super::report::{Difference, Finding, Report, WorkKind};
use super::solution::reference_name;
use crate::error::Error;
use crate::search::Request;

/// Grades an order of expansion against `req`'s search: all of it, or its first `steps`
/// selections. A wrong one gets the first difference and, where a nearby variant reproduces
/// the work, its diagnosis.
pub fn check_expansions(req: &Request, work: &[Item], steps: Option<usize>) -> Result<Report, Error> {
    check_expansions_with(req, work, steps, &run_recorded, &DiagnosisLimits::default())
}

/// [`check_expansions`], with every search run by `run`.
pub fn check_expansions_by(req: &Request, work: &[Item], steps: Option<usize>, run: RunRecorded<'_>) -> Result<Report, Error> {
    check_expansions_with(req, work, steps, run, &DiagnosisLimits::default())
}

/// [`check_expansions`], with every search run by `run` and the diagnosis bounded by `limits`.
pub fn check_expansions_with(
    req: &Request,
    work: &[Item],
    steps: Option<usize>,
    run: RunRecorded<'_>,
    limits: &DiagnosisLimits,
) -> Result<Report, Error> {
    if work.is_empty() {
        return Err(Error::Invalid("the work names no node: give the labels (S0, S2, …) or the boards selected, in order".into()));
    }
    let want = steps.unwrap_or(usize::MAX).min(MAX_ITEMS);
    // One selection more than the work's shows whether the reference goes on; the steps asked
    // for, when given, however short the work.
    let count = if steps.is_some() { want } else { want.min(work.len().saturating_add(1)) };
    within_nodes(req, count)?;
    let reference = selections(req, count, run)?;
    let asked = steps.map_or(reference.len(), |s| s.min(reference.len()));
    let expected = &reference[..asked];
    let agree = agreeing(work, expected);
    let right = agree == expected.len() && work.len() == expected.len();
    let difference = (!right).then(|| Difference {
        at: agree + 1,
        expected: expected.get(agree).map(|(label, board)| match work.get(agree) {
            Some(Item::Board(_)) => line(board),
            _ => label.clone(),
        }),
        got: work.get(agree).map(Item::show),
    });
    let first = |n: usize| if n == 1 { "the first expansion is".to_string() } else { format!("the first {n} expansions are") };
    let says = if right {
        format!("all {} expansions are the reference's", expected.len())
    } else if agree == work.len() {
        format!("{} right, then the work stops; the reference expands {} nodes", first(agree), expected.len())
    } else if agree == expected.len() {
        format!("{} right, then the reference stops (at the goal or the steps asked); the work goes on", first(agree))
    } else {
        let d = difference.as_ref().expect("a wrong answer has a difference");
        format!(
            "{} right; expansion {} should be {}, not {}",
            if agree == 0 { "no expansion is".to_string() } else { first(agree) },
            d.at,
            d.expected.as_deref().unwrap_or("-"),
            d.got.as_deref().unwrap_or("-")
        )
    };
    // Work that stops before the reference does is diagnosed by a variant that stops there too
    // (the goal tested when generated, say).
    let stops_early = !right && agree == work.len() && work.len() < expected.len();
    let (diagnoses, diagnosis_limit) = if !right && (agree < work.len() || stops_early) {
        let n = work.len().min(want);
        diagnose(req, n, limits, &mut |variant, m| {
            let last = m == n;
            let got = selections(variant, if last { m + usize::from(stops_early) } else { m }, run)?;
            let enough = if last && stops_early { got.len() == n } else { got.len() >= m };
            Ok(enough && agreeing(&work[..m], &got) == m)
        })
    } else {
        (Vec::new(), None)
    };
    Ok(Report {
        work: WorkKind::Expansions,
        reference: reference_name(req),
        right,
        findings: vec![Finding { name: "order of expansion".into(), passed: right, says }],
        difference,
        diagnoses,
        diagnosis_limit,
    })
}
