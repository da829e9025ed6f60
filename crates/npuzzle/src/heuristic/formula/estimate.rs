//! A formula as a user's own estimate ([`Estimate`]): read once, bound to each run's goal with
//! its built-in parts bound in the run's metric and cost model, evaluated at each node.

use super::{Formula, FormulaError};
use crate::board::{Board, Tile};
use crate::cost::{Cost, CostModel};
use crate::error::Error;
use crate::heuristic::{Claims, Estimate, Estimator, Heuristic, HeuristicKind, NoTables, Position};
use crate::metric::Metric;
use std::sync::Arc;

/// A formula a student wrote, as an estimate every tree search takes: its name is its text,
/// and it claims what its parts let it claim ([`Formula::claims`]).
#[derive(Clone, Debug)]
pub struct FormulaEstimate {
    formula: Formula,
    claims: Claims,
}

impl FormulaEstimate {
    /// Reads `text` as a formula over the built-in heuristics computed from the board alone
    /// (a table heuristic is refused: a formula prepares nothing).
    pub fn parse(text: &str) -> Result<FormulaEstimate, Error> {
        // The names a formula may use, for "did you mean"; a table heuristic is still resolved,
        // so that its refusal says why.
        let names: Vec<&str> = HeuristicKind::classic().map(|k| k.name()).collect();
        let known = |n: &str| HeuristicKind::lookup(n).map(HeuristicKind::name);
        let formula = Formula::parse(text, &known, &names).map_err(FormulaError::into_error)?;
        let mut parts = Vec::new();
        for name in formula.heuristics() {
            let kind = HeuristicKind::lookup(name).expect("the parser resolved it");
            if kind.is_table() {
                return Err(Error::Invalid(format!(
                    "a formula reads the heuristics computed from the board alone; {name} needs its {} built first: use {}",
                    kind.table_name().unwrap_or("tables"),
                    HeuristicKind::classic().map(HeuristicKind::name).collect::<Vec<_>>().join(", ")
                )));
            }
            parts.push(kind);
        }
        let claims = formula.claims(&|n| HeuristicKind::lookup(n).map_or(Claims::UNKNOWN, HeuristicKind::claims));
        Ok(FormulaEstimate { formula, claims })
    }

    /// The formula read.
    pub fn formula(&self) -> &Formula {
        &self.formula
    }
}

impl Estimate for FormulaEstimate {
    fn estimate(&self, board: &Position<'_>) -> Result<Cost, Error> {
        // Searches bind it first; a direct call binds it for this board's goal.
        match self.bind(board.goal, CostModel::Unit, Metric::Stm)? {
            Some(bound) => bound.estimate(board),
            None => unreachable!("a formula always binds"),
        }
    }

    fn claims(&self) -> Claims {
        self.claims
    }

    fn name(&self) -> String {
        self.formula.text().to_string()
    }

    fn bind(&self, goal: &Board, cost: CostModel, metric: Metric) -> Result<Option<Arc<dyn Estimate>>, Error> {
        let parts = self
            .formula
            .heuristics()
            .into_iter()
            .map(|name| Heuristic::in_metric(HeuristicKind::lookup(name).expect("read by the parser"), goal, &NoTables, cost, metric))
            .collect::<Result<Vec<_>, _>>()?;
        let goal_cell = goal.positions();
        Ok(Some(Arc::new(Bound { formula: self.formula.clone(), claims: self.claims, parts, goal_cell })))
    }
}

/// A formula bound to a goal: its built-in parts ready, the goal's cells at hand.
struct Bound {
    formula: Formula,
    claims: Claims,
    parts: Vec<Heuristic>,
    goal_cell: Vec<usize>,
}

impl Estimate for Bound {
    fn estimate(&self, p: &Position<'_>) -> Result<Cost, Error> {
        let tiles: &[Tile] = p.tiles;
        let value = self
            .formula
            .eval(tiles, &self.goal_cell, p.width, p.height, &|i| self.parts[i].estimate_tiles(tiles).as_f64())
            .map_err(|e| e.at_board(&p.board()))?;
        Ok(Cost((value * Cost::ONE as f64).round() as u64))
    }

    fn claims(&self) -> Claims {
        self.claims
    }

    fn name(&self) -> String {
        self.formula.text().to_string()
    }
}

/// A formula read where a heuristic is named ([`Estimator`]'s parser, for a text that names
/// no built-in): a single word that is no heuristic's name is an unknown heuristic, anything
/// else a formula with its errors in place.
pub(crate) fn estimator(text: &str) -> Result<Estimator, Error> {
    let word = text.trim();
    if !word.is_empty()
        && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        && !word.starts_with(|c: char| c.is_ascii_digit())
    {
        return Err(Error::Invalid(format!(
            "unknown heuristic {}: use {}, or a formula such as max(manhattan, misplaced)",
            crate::error::quote(&word.to_ascii_lowercase()),
            HeuristicKind::names()
        )));
    }
    Ok(Estimator::own(FormulaEstimate::parse(text)?))
}
