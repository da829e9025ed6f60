//! `POST /api/check`: a board checked and described.

use super::*;
use npuzzle::heuristic::formula::preview::preview;

/// The fields of a check request beyond the specification (which gives `goal` and `size`).
#[derive(Deserialize, Debug)]
pub(super) struct CheckExtras {
    start: BoardInput,
    /// A heuristic to preview on the start (a built-in's name or a formula): read here, not
    /// by the specification, so that a formula being typed never spoils the boards' verdict.
    heuristic: Option<String>,
}

impl Service {
    /// Parses a pair and gives a verdict: `valid` (with the parsed boards, whether the pair is
    /// solvable and why not, and the estimates of the formula heuristics) or not (with the reason
    /// and the `field` at fault). Bad boards are a verdict, so a page can validate as the user
    /// types; only a body that is not a JSON object is an error. With a `heuristic`, a valid
    /// verdict also carries its preview ([`npuzzle::heuristic::formula::preview::preview`]):
    /// its values at the start and its children in the request's cost model and metric, or
    /// its error in place.
    pub fn check(&self, bytes: &[u8]) -> Result<Check, ApiError> {
        let verdict = |e: ApiError| {
            let m = e.message();
            let field = if m.contains("goal") && !m.starts_with("bad start") { Field::Goal } else { Field::Start };
            Ok(Check::Invalid(InvalidPair { valid: false, field, error: m.to_string() }))
        };
        let (extras, spec): (CheckExtras, Spec) = match parse_json(bytes, &["start", "heuristic"]) {
            Ok(v) => v,
            Err(e) if e.message().starts_with("bad request: ") && !e.message().contains("unknown field") => return verdict(e),
            Err(e) => return Err(e),
        };
        let req = match plan_capped(&self.caps(), &spec, None).and_then(|p| request(&p, &extras.start)) {
            Ok(r) => r,
            Err(e) => return verdict(e),
        };
        let (start, goal) = (req.start, req.goal);
        let solvable = start.can_reach(&goal);
        let preview = match &extras.heuristic {
            Some(text) => Some(preview(text, &start, &goal, req.cost, req.metric).map_err(|e| ApiError::bad_request(e.to_string()))?),
            None => None,
        };
        let h: BTreeMap<&'static str, npuzzle::Cost> = HeuristicKind::informative()
            .filter_map(|k| Some((k.name(), Heuristic::formula(k, &goal).ok()?.estimate_board(&start))))
            .collect();
        Ok(Check::Valid(ValidPair {
            valid: true,
            width: start.width(),
            height: start.height(),
            start,
            goal,
            solvable,
            reason: (!solvable).then_some(UNSOLVABLE),
            h,
            preview,
        }))
    }
}
