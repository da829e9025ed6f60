//! Grading a solution: valid, reaching the goal and, when asked, optimal in the request's
//! metric.

use super::read::line;
use super::report::{Difference, Finding, Report, WorkKind};
use crate::board::{Board, Move};
use crate::error::Error;
use crate::limits::Limits;
use crate::metric::Metric;
use crate::notation::{self, Reading};
use crate::search::{Conventions, Request};
use crate::solve::{solve, Status};

pub(super) fn reference_name(req: &Request) -> String {
    let info = req.algorithm.info();
    let h = if info.uses_heuristic { format!(" + {}", req.heuristic.name()) } else { String::new() };
    let cost = if req.cost.is_unit() { String::new() } else { format!(", {} step costs", req.cost.name()) };
    let cost = if req.metric == Metric::Mtm { format!("{cost}, metric mtm (slides)") } else { cost };
    let rules = Conventions::of(info, &req.params).differences(info);
    let rules = if rules.is_empty() { String::new() } else { format!(", rules: {}", rules.join(", ")) };
    format!("{}{h}, move order {}{cost}{rules}", req.algorithm.name(), req.order)
}

/// Where the blank cannot go, in words.
pub(super) fn why_not(b: &Board, m: Move) -> String {
    let edge = match m {
        Move::Up => "top row",
        Move::Down => "bottom row",
        Move::Left => "left edge",
        Move::Right => "right edge",
    };
    format!("the blank is on the {edge} ({})", line(b))
}

/// Grades a solution of `req`'s problem: it must be valid and reach the goal and, with
/// `optimal`, cost no more than the optimum, which `req`'s algorithm finds (it must guarantee
/// optimal answers; any optimal answer is accepted). The cost is in `req`'s metric: under
/// multi-tile moves the solution's slides (each maximal run of one direction is one), against
/// the fewest slides.
pub fn check_solution(req: &Request, moves: &[Move], optimal: bool) -> Result<Report, Error> {
    if optimal && !req.guarantees_optimal() {
        return Err(Error::Invalid(format!(
            "{} does not guarantee an optimal answer, so it cannot grade one: use an optimal algorithm (astar or idastar with an admissible heuristic)",
            reference_name(req)
        )));
    }
    let mut findings = Vec::new();
    let mut difference = None;
    let mut at = req.start.clone();
    let mut valid = true;
    for (i, &m) in moves.iter().enumerate() {
        match at.apply(m) {
            Some(next) => at = next,
            None => {
                findings.push(Finding {
                    name: "valid".into(),
                    passed: false,
                    says: format!("move {} ({}) is not possible: {}", i + 1, m.letter(), why_not(&at, m)),
                });
                let can: String = Move::ALL.into_iter().filter(|&x| at.apply(x).is_some()).map(Move::letter).collect();
                difference = Some(Difference { at: i + 1, expected: Some(format!("one of {can}")), got: Some(m.letter().to_string()) });
                valid = false;
                break;
            }
        }
    }
    let mtm = req.metric == Metric::Mtm;
    if valid {
        let slides = if mtm { format!(" ({} slides)", notation::mtm_length(moves)) } else { String::new() };
        findings.push(Finding { name: "valid".into(), passed: true, says: format!("all {} moves are possible{slides}", moves.len()) });
    }
    let reaches = valid && at == req.goal;
    if valid {
        findings.push(Finding {
            name: "reaches the goal".into(),
            passed: reaches,
            says: if reaches {
                "the last board is the goal".into()
            } else {
                format!("the last board is {}, not the goal {}", line(&at), line(&req.goal))
            },
        });
    }
    let cost = if mtm { notation::mtm_length(moves) } else { req.cost.path_cost(&req.start, moves) };
    let mut right = reaches;
    if optimal && reaches {
        let mut r = req.clone();
        r.limits = Limits { nodes: None, ..req.limits.clone() };
        let out = solve(&r)?;
        if out.status != Status::Solved {
            return Err(Error::Invalid(format!("the reference search did not finish ({:?}): no optimum to grade against", out.status)));
        }
        let best = out.cost.unwrap_or(0);
        let unit = if mtm && cost == 1 {
            "slide"
        } else if mtm {
            "slides"
        } else if req.cost.is_unit() {
            "moves"
        } else {
            "cost"
        };
        let example = if mtm { notation::write(&out.moves, Reading::Blank) } else { crate::board::moves_to_string(&out.moves) };
        let ok = cost <= best;
        findings.push(Finding {
            name: "optimal".into(),
            passed: ok,
            says: if ok {
                format!("{cost} {unit}, the optimum")
            } else {
                format!("{cost} {unit}; the optimum is {best} (for example {example})")
            },
        });
        right = ok;
    }
    Ok(Report {
        work: WorkKind::Solution,
        reference: reference_name(req),
        right,
        findings,
        difference,
        diagnoses: Vec::new(),
        diagnosis_limit: None,
    })
}
