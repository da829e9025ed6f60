//! What the audit adds up over its boards and moves, whatever their coverage.

use super::{Audit, Counterexample, Coverage, Dominance, InconsistentMove, Sample, TABLE_COLUMNS};
use crate::board::Board;
use crate::cost::Cost;
use crate::heuristic::{Claims, Heuristic};
use std::collections::BTreeMap;

/// A board the consequence search may try: where h > h*, with what it needs to judge A*'s
/// answer there.
pub(super) struct Candidate {
    /// h − h*, in cost units.
    pub excess: u64,
    /// Which board, as the coverage keeps it (a rank, or an index into the sample).
    pub key: u64,
}

/// The findings of [`super::exhaustive`] or [`super::sampled`], and the boards for the
/// consequence search.
pub(super) struct Found {
    pub audit: Audit,
    pub candidates: Candidates,
}

/// The boards where h > h*, and how to turn one into a board, its optimum and an optimal answer.
pub(super) struct Candidates {
    pub list: Vec<Candidate>,
    /// The board, its optimal cost (or an upper bound), whether that is a bound, and the moves
    /// of an optimal answer (or of the bound's walk back).
    #[allow(clippy::type_complexity)]
    pub resolve: Box<dyn Fn(u64) -> (Board, u64, bool, String) + Send + Sync>,
}

pub(super) struct Tally<'a> {
    against: &'a [(String, Heuristic)],
    /// Per built-in: boards where h ≥ it, boards where h > it.
    versus: Vec<(u64, u64)>,
    pub boards: u64,
    pub moves: u64,
    pub overestimated: u64,
    pub inconsistent: u64,
    worst: Option<(u64, Counterexample)>,
    worst_move: Option<(u64, InconsistentMove)>,
    sum_h: f64,
    nonzero: u64,
    sum_ratio: f64,
    ratio_boards: u64,
    /// Whether h* is exact (else a bound: no table, no ratio).
    exact: bool,
    table: Vec<Vec<u64>>,
    pub candidates: Vec<Candidate>,
}

impl<'a> Tally<'a> {
    pub fn new(against: &'a [(String, Heuristic)], exact: bool) -> Tally<'a> {
        Tally {
            against,
            versus: vec![(0, 0); against.len()],
            boards: 0,
            moves: 0,
            overestimated: 0,
            inconsistent: 0,
            worst: None,
            worst_move: None,
            sum_h: 0.0,
            nonzero: 0,
            sum_ratio: 0.0,
            ratio_boards: 0,
            exact,
            table: Vec::new(),
            candidates: Vec::new(),
        }
    }

    /// Counts a board with tiles `tiles`, estimate `h` and true cost (or bound) `h_star` in
    /// whole units; `board` makes it a [`Board`] when it is the worst so far; `key` names it to
    /// the consequence search.
    pub fn board(&mut self, tiles: &[crate::board::Tile], h: Cost, h_star: u64, key: u64, board: impl FnOnce() -> Board) {
        self.boards += 1;
        for (i, (_, other)) in self.against.iter().enumerate() {
            let o = other.estimate_tiles(tiles);
            self.versus[i].0 += u64::from(h >= o);
            self.versus[i].1 += u64::from(h > o);
        }
        let star = Cost(h_star.saturating_mul(Cost::ONE));
        if h_star > 0 {
            self.nonzero += 1;
            self.sum_h += h.as_f64();
            if self.exact {
                self.sum_ratio += h.as_f64() / h_star as f64;
                self.ratio_boards += 1;
            }
        }
        if self.exact {
            let row = usize::try_from(h_star).unwrap_or(usize::MAX).min(1 << 16);
            if self.table.len() <= row {
                self.table.resize(row + 1, Vec::new());
            }
            let col = usize::try_from(h.floor_moves()).unwrap_or(usize::MAX).min(TABLE_COLUMNS - 1);
            let cells = &mut self.table[row];
            if cells.len() <= col {
                cells.resize(col + 1, 0);
            }
            cells[col] += 1;
        }
        if h > star {
            self.overestimated += 1;
            let excess = h.0 - star.0;
            self.candidates.push(Candidate { excess, key });
            if self.worst.as_ref().is_none_or(|(e, _)| excess > *e) {
                self.worst = Some((excess, Counterexample { board: board(), h: h.as_f64(), h_star, h_star_bound: !self.exact }));
            }
        }
    }

    /// Counts a move costing `cost` whole units from a board with estimate `h_from` to one
    /// with `h_to`; the boards are made only for the worst move so far.
    pub fn step(&mut self, h_from: Cost, h_to: Cost, cost: u64, boards: impl FnOnce() -> (Board, Board)) {
        self.moves += 1;
        let reach = h_to.0.saturating_add(cost.saturating_mul(Cost::ONE));
        if h_from.0 > reach {
            self.inconsistent += 1;
            let excess = h_from.0 - reach;
            if self.worst_move.as_ref().is_none_or(|(e, _)| excess > *e) {
                let (from, to) = boards();
                self.worst_move = Some((excess, InconsistentMove { from, to, h_from: h_from.as_f64(), h_to: h_to.as_f64(), cost }));
            }
        }
    }

    /// The audit these counts make; the caller fills in the name, claims and consequence.
    pub fn finish(mut self, goal: &Board, spec: &super::AuditSpec, coverage: Coverage, goal_h: Cost, sample: Option<Sample>) -> Audit {
        let exhaustive = coverage == Coverage::Exhaustive;
        let columns = self.table.iter().map(Vec::len).max().unwrap_or(0);
        for row in &mut self.table {
            row.resize(columns, 0);
        }
        let boards = self.boards.max(1) as f64;
        let against: Vec<Dominance> = self
            .against
            .iter()
            .zip(&self.versus)
            .map(|((name, _), &(ge, gt))| Dominance {
                name: name.clone(),
                at_least: ge as f64 / boards,
                greater: gt as f64 / boards,
                dominates: ge == self.boards,
            })
            .collect();
        let dominates: BTreeMap<String, f64> = against.iter().filter(|d| d.dominates).map(|d| (d.name.clone(), d.greater)).collect();
        let decided = |bad: bool| {
            if bad {
                Some(false)
            } else if exhaustive {
                Some(true)
            } else {
                None
            }
        };
        Audit {
            heuristic: String::new(),
            size: format!("{}x{}", goal.width(), goal.height()),
            goal: goal.clone(),
            cost: spec.cost,
            coverage,
            exhaustive,
            boards: self.boards,
            moves: self.moves,
            sample,
            admissible: decided(self.overestimated > 0),
            consistent: decided(self.inconsistent > 0),
            goal_h: goal_h.as_f64(),
            overestimated: self.overestimated,
            inconsistent_moves: self.inconsistent,
            counterexample: self.worst.map(|(_, c)| c),
            inconsistent_move: self.worst_move.map(|(_, m)| m),
            consequence: None,
            consequence_search: None,
            dominates,
            against,
            mean_h: (self.nonzero > 0).then(|| self.sum_h / self.nonzero as f64),
            mean_ratio: (self.exact && self.ratio_boards > 0).then(|| self.sum_ratio / self.ratio_boards as f64),
            table: self.exact.then_some(self.table),
            claims: Claims::UNKNOWN,
            notes: Vec::new(),
            prediction: None,
            prediction_refused: None,
        }
    }
}
