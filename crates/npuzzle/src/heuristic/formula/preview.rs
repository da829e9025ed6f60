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
use crate::board::{Board, Move};
use crate::cost::{Cost, CostModel};
use crate::error::Error;
use crate::heuristic::{Estimator, Heuristic, HeuristicKind, NoTables};
use crate::metric::Metric;
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
    /// Its value at the start, in moves (or step costs).
    pub h: Cost,
    /// Its value at each board one move from the start, in the order `U`, `D`, `L`, `R`.
    pub children: Vec<PreviewChild>,
}

/// One child of the start and the formula's value there.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PreviewChild {
    /// The way the blank travels: `U`, `D`, `L` or `R`.
    #[serde(rename = "move")]
    #[cfg_attr(feature = "ts", ts(rename = "move", type = "\"U\" | \"D\" | \"L\" | \"R\""))]
    pub mv: char,
    /// The cells it travels: 1, or more under multi-tile moves (a slide of several tiles).
    pub run: u16,
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
    start.check_same_size(goal)?;
    let names: Vec<&str> = HeuristicKind::classic().map(HeuristicKind::name).collect();
    let known = |n: &str| HeuristicKind::lookup(n).map(HeuristicKind::name);
    Ok(match Formula::parse(text, &known, &names) {
        Err(e) => Preview::fault(e),
        Ok(_) => match values(text, start, goal, cost, metric) {
            Ok(v) => Preview::Values(v),
            Err(e) => Preview::whole(text, e.to_string()),
        },
    })
}

/// The values of a formula that reads, or the first error on the way.
fn values(text: &str, start: &Board, goal: &Board, cost: CostModel, metric: Metric) -> Result<PreviewValues, Error> {
    // The same reading as a request's `heuristic`: a built-in's name, or a formula.
    let estimator: Estimator = text.parse()?;
    let h = Heuristic::of(&estimator, goal, &NoTables, cost, metric)?;
    let value = |board: &Board| -> Result<Cost, Error> {
        let v = h.estimate_board(board);
        h.failure().map_or(Ok(v), Err)
    };
    let at_start = value(start)?;
    // Each move of the blank: one cell, or under multi-tile moves every run to the edge.
    let mut children = Vec::new();
    for mv in Move::ALL {
        let mut board = start.clone();
        let mut run = 0;
        while let Some(next) = board.apply(mv) {
            board = next;
            run += 1;
            let h = value(&board)?;
            children.push(PreviewChild { mv: mv.letter(), run, board: board.clone(), h });
            if metric == Metric::Stm {
                break;
            }
        }
    }
    Ok(PreviewValues { ok: true, h: at_start, children })
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
            let moves: Vec<(char, u16)> = v.children.iter().map(|c| (c.mv, c.run)).collect();
            assert_eq!(moves, [('U', 1), ('L', 1), ('R', 1)], "the blank is on the bottom row");
            for c in &v.children {
                assert_eq!(c.h, builtin.estimate_board(&c.board), "{text} after {}", c.mv);
                assert_eq!(Some(&c.board), start.apply(Move::from_letter(c.mv).unwrap()).as_ref());
            }
        }
        // Nilsson's board: Manhattan 5 at the start; the blank going up (tile 6 down) gives 4.
        let v = values("manhattan", &start, &goal, CostModel::Unit, Metric::Stm);
        assert_eq!(v.h, Cost::moves(5));
        assert_eq!((v.children[0].board.tiles()[start.blank()], v.children[0].h), (6, Cost::moves(4)));
    }

    #[test]
    fn a_formula_gives_its_own_values() {
        let (start, goal) = boards();
        let misplaced = Heuristic::new(HeuristicKind::Misplaced, &goal, &NoTables).unwrap();
        let v = values("2*misplaced + 1", &start, &goal, CostModel::Unit, Metric::Stm);
        assert_eq!(v.h.as_f64(), 2.0 * misplaced.estimate_board(&start).as_f64() + 1.0);
        for c in &v.children {
            assert_eq!(c.h.as_f64(), 2.0 * misplaced.estimate_board(&c.board).as_f64() + 1.0);
        }
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
        let moves: Vec<(char, u16)> = v.children.iter().map(|c| (c.mv, c.run)).collect();
        assert_eq!(moves, [('U', 1), ('U', 2), ('L', 1), ('R', 1)]);
        // Two tiles slide down together: the board is the blank's two single moves.
        let two = start.apply(Move::Up).and_then(|b| b.apply(Move::Up));
        assert_eq!(Some(&v.children[1].board), two.as_ref());
        assert_eq!(
            v.children[1].h,
            Heuristic::in_metric(HeuristicKind::Manhattan, &goal, &NoTables, CostModel::Unit, Metric::Mtm)
                .unwrap()
                .estimate_board(&v.children[1].board)
        );
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
