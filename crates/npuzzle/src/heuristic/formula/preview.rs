//! A formula tried on one board before it is searched with: its value at the start and at each
//! child of the start, or the error that stops it, with its place in the text. The page shows
//! this as a student types their own heuristic; both of its engines call [`preview`], so a
//! formula reads and evaluates the same way here as in a search.
//!
//! ```
//! use npuzzle::cost::{Cost, CostModel};
//! use npuzzle::heuristic::formula::preview::{preview, Preview};
//! use npuzzle::metric::Metric;
//! use npuzzle::parse::parse_board;
//! let start = parse_board("1 2 3/4 5 6/7 0 8").unwrap();
//! let goal = parse_board("1 2 3/4 5 6/7 8 0").unwrap();
//! let Preview::Values(v) = preview("2*misplaced", &start, &goal, CostModel::Unit, Metric::Stm).unwrap() else { panic!() };
//! assert_eq!(v.h, Cost::moves(2));
//! assert_eq!(v.children.len(), 3); // the blank goes up, left or right
//! let Preview::Fault(f) = preview("max(manhatan, h1)", &start, &goal, CostModel::Unit, Metric::Stm).unwrap() else { panic!() };
//! assert_eq!((f.error.at, f.error.column), (4, 5));
//! ```

use super::{place, Formula, FormulaError};
use crate::board::{Board, Move, Slide, Tile};
use crate::cost::{Cost, CostModel};
use crate::error::Error;
use crate::heuristic::{Claims, Estimator, Heuristic, HeuristicKind, NoTables};
use crate::metric::{mtm_moves, Metric};
use serde::Serialize;

/// What a formula gives on a board: its values, or why it gives none.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum Preview {
    /// The formula read, and gave a value at the start and at every child.
    Values(PreviewValues),
    /// It did not read, or gave no estimate at a board.
    Fault(PreviewFault),
}

/// A formula's values at a start board and at its children.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PreviewValues {
    /// Always `true`.
    #[cfg_attr(feature = "ts", ts(type = "true"))]
    pub ok: bool,
    /// The formula, trimmed (the name a search reports it by).
    pub formula: String,
    /// Its value at the start, in moves (or step costs).
    pub h: Cost,
    /// Its value at each board one move from the start, in the order `U`, `D`, `L`, `R`.
    pub children: Vec<PreviewChild>,
    /// What it claims (admissible, consistent), from what its parts claim.
    pub claims: Claims,
}

/// One child of the start and the formula's value there.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PreviewChild {
    /// The move, as the blank travels: `U`, `D`, `L`, `R` (with the cells it travels, `R2`,
    /// under multi-tile moves).
    #[serde(rename = "move")]
    #[cfg_attr(feature = "ts", ts(rename = "move"))]
    pub mv: String,
    /// The tile that slides into the start's blank cell.
    pub tile: Tile,
    /// The board after the move.
    pub board: Board,
    /// The formula's value there.
    pub h: Cost,
}

/// Why a formula gives no values: its error and place.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PreviewFault {
    /// Always `false`.
    #[cfg_attr(feature = "ts", ts(type = "false"))]
    pub ok: bool,
    /// What is wrong and where: the fault's own place for a reading error; the whole formula
    /// for a part it may not use here or a board where it gives no estimate.
    pub error: FormulaError,
}

impl Preview {
    fn fault(error: FormulaError) -> Preview {
        Preview::Fault(PreviewFault { ok: false, error })
    }

    /// An error of the whole text (a part refused, a value that is no estimate).
    fn whole(text: &str, message: String) -> Preview {
        let trimmed = text.trim_start();
        let at = text.len() - trimmed.len();
        let (line, column) = place(text, at);
        Preview::fault(FormulaError { message, at, len: trimmed.trim_end().len(), line, column })
    }
}

/// The heuristic `text` (a formula, or a built-in's name) at `start` and at each of its
/// children, as a search from `start` to `goal` in `cost` and `metric` would estimate them.
///
/// A formula that does not read is a [`Preview::Fault`] with its [`FormulaError`] in place;
/// so is one that reads a heuristic it may not use here (a table, or a part the metric or cost
/// model refuses) and one that gives no estimate (negative, not finite, a division by zero) at
/// one of the boards. Only a start and goal of different sizes is an `Err`.
pub fn preview(text: &str, start: &Board, goal: &Board, cost: CostModel, metric: Metric) -> Result<Preview, Error> {
    start.check_same_size(goal).map_err(|e| Error::Invalid(e.to_string()))?;
    let names: Vec<&str> = HeuristicKind::classic().map(HeuristicKind::name).collect();
    let known = |n: &str| HeuristicKind::lookup(n).map(HeuristicKind::name);
    let formula = match Formula::parse(text, &known, &names) {
        Ok(f) => f,
        Err(e) => return Ok(Preview::fault(e)),
    };
    // The same reading as a request's `heuristic`: a built-in's name, or a formula.
    let estimator: Estimator = match text.parse() {
        Ok(e) => e,
        Err(e) => return Ok(Preview::whole(text, e.to_string())),
    };
    let h = match Heuristic::of(&estimator, goal, &NoTables, cost, metric) {
        Ok(h) => h,
        Err(e) => return Ok(Preview::whole(text, e.to_string())),
    };
    let value = |board: &Board| -> Result<Cost, Error> {
        let v = h.estimate_board(board);
        h.failure().map_or(Ok(v), Err)
    };
    let at_start = match value(start) {
        Ok(v) => v,
        Err(e) => return Ok(Preview::whole(text, e.to_string())),
    };
    let moves: Vec<(Slide, Board)> = match metric {
        Metric::Stm => Move::ALL.iter().filter_map(|&m| Some((Slide::one(m), start.apply(m)?))).collect(),
        Metric::Mtm => mtm_moves(start).into_iter().map(|(mv, run, b)| (Slide { mv, run: run as u16 }, b)).collect(),
    };
    let mut children = Vec::with_capacity(moves.len());
    for (slide, board) in moves {
        match value(&board) {
            Ok(v) => children.push(PreviewChild { mv: slide.label(), tile: board.tiles()[start.blank()], board, h: v }),
            Err(e) => return Ok(Preview::whole(text, e.to_string())),
        }
    }
    Ok(Preview::Values(PreviewValues { ok: true, formula: formula.text().to_string(), h: at_start, children, claims: estimator.claims() }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_board;

    fn boards() -> (Board, Board) {
        (parse_board("2 8 3/1 6 4/7 0 5").unwrap(), parse_board("1 2 3/8 0 4/7 6 5").unwrap())
    }

    fn values(text: &str, start: &Board, goal: &Board, cost: CostModel, metric: Metric) -> PreviewValues {
        match preview(text, start, goal, cost, metric).unwrap() {
            Preview::Values(v) => v,
            Preview::Fault(f) => panic!("{text}: {:?}", f.error),
        }
    }

    fn fault(text: &str) -> FormulaError {
        let (start, goal) = boards();
        match preview(text, &start, &goal, CostModel::Unit, Metric::Stm).unwrap() {
            Preview::Fault(f) => f.error,
            Preview::Values(v) => panic!("{text} gave {:?}", v.h),
        }
    }

    #[test]
    fn manhattan_written_out_or_named_gives_the_built_ins_values() {
        let (start, goal) = boards();
        let builtin = Heuristic::new(HeuristicKind::Manhattan, &goal, &NoTables).unwrap();
        for text in ["manhattan", "sum(abs(row - goal_row) + abs(col - goal_col))", "  h2 "] {
            let v = values(text, &start, &goal, CostModel::Unit, Metric::Stm);
            assert_eq!(v.h, builtin.estimate_board(&start), "{text}");
            assert_eq!(v.formula, text.trim());
            let moves: Vec<&str> = v.children.iter().map(|c| c.mv.as_str()).collect();
            assert_eq!(moves, ["U", "L", "R"], "the blank is on the bottom row");
            for c in &v.children {
                assert_eq!(c.h, builtin.estimate_board(&c.board), "{text} after {}", c.mv);
                assert_eq!(Some(&c.board), start.apply(Move::from_letter(c.mv.chars().next().unwrap()).unwrap()).as_ref());
                assert_eq!(c.board.tiles()[start.blank()], c.tile);
            }
        }
        // Nilsson's board: Manhattan 5 at the start; the blank going up (tile 6 down) gives 4.
        let v = values("manhattan", &start, &goal, CostModel::Unit, Metric::Stm);
        assert_eq!(v.h, Cost::moves(5));
        assert_eq!((v.children[0].tile, v.children[0].h), (6, Cost::moves(4)));
        assert_eq!(v.claims, Claims::PROVEN);
    }

    #[test]
    fn a_formula_gives_its_own_values_and_claims() {
        let (start, goal) = boards();
        let misplaced = Heuristic::new(HeuristicKind::Misplaced, &goal, &NoTables).unwrap();
        let v = values("2*misplaced + 1", &start, &goal, CostModel::Unit, Metric::Stm);
        assert_eq!(v.h.as_f64(), 2.0 * misplaced.estimate_board(&start).as_f64() + 1.0);
        for c in &v.children {
            assert_eq!(c.h.as_f64(), 2.0 * misplaced.estimate_board(&c.board).as_f64() + 1.0);
        }
        assert_eq!(v.claims, Claims::UNKNOWN);
        // Halves stay halves.
        let v = values("misplaced / 2", &start, &goal, CostModel::Unit, Metric::Stm);
        assert_eq!(v.h.as_f64(), misplaced.estimate_board(&start).as_f64() / 2.0);
    }

    #[test]
    fn a_misspelled_name_is_an_error_at_its_column() {
        let e = fault("max(misplaced, manhatan)");
        assert_eq!((e.at, e.len, e.line, e.column), (15, 8, 1, 16));
        assert!(e.message.contains("did you mean \"manhattan\""), "{}", e.message);
        let e = fault("manhattan +\n  2 * (misplaced");
        assert_eq!(e.line, 2, "{e:?}");
        let e = fault("");
        assert_eq!((e.at, e.len), (0, 0));
    }

    #[test]
    fn a_value_that_is_no_estimate_or_a_refused_part_is_an_error_of_the_whole_formula() {
        let e = fault("  misplaced - 10 ");
        assert_eq!((e.at, e.len, e.column), (2, 14, 3), "{e:?}");
        assert!(e.message.contains("cannot be negative"), "{}", e.message);
        let e = fault("1 / (blank_row - 2)");
        assert!(e.message.contains("division by zero"), "{}", e.message);
        let e = fault("max(pdb, manhattan)");
        assert!(e.message.contains("built first"), "{}", e.message);
    }

    #[test]
    fn the_metric_and_the_cost_model_are_the_searchs() {
        let (start, goal) = boards();
        // Multi-tile moves: every slide of the blank, and the estimates in slides.
        let v = values("manhattan", &start, &goal, CostModel::Unit, Metric::Mtm);
        let moves: Vec<&str> = v.children.iter().map(|c| c.mv.as_str()).collect();
        assert_eq!(moves, ["U", "U2", "L", "R"]);
        let e = match preview("max(linear-conflict, 1)", &start, &goal, CostModel::Unit, Metric::Mtm).unwrap() {
            Preview::Fault(f) => f.error,
            Preview::Values(_) => panic!("linear conflict overestimates slides"),
        };
        assert!(e.message.contains("multi-tile"), "{}", e.message);
        // Tile costs weigh the built-in parts.
        let unit = values("manhattan", &start, &goal, CostModel::Unit, Metric::Stm);
        let tile = values("manhattan", &start, &goal, CostModel::Tile, Metric::Stm);
        assert!(tile.h > unit.h, "{:?} {:?}", tile.h, unit.h);
    }

    #[test]
    fn boards_of_different_sizes_are_refused() {
        let (start, _) = boards();
        let goal = parse_board("1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0").unwrap();
        assert!(preview("manhattan", &start, &goal, CostModel::Unit, Metric::Stm).is_err());
    }
}
