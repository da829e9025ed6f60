//! Tiles out of row plus tiles out of column (a relaxed-model heuristic discussed by O. Hansson,
//! A. Mayer and M. Yung, "Criticizing solutions to relaxed models yields powerful admissible
//! heuristics", *Information Sciences* 63, 1992, the paper that also gives linear conflict; and
//! an exercise in Russell and Norvig, *Artificial Intelligence: A Modern Approach*).
//!
//! **Definition.** The number of tiles (the blank not counted) that are not in their goal row,
//! plus the number that are not in their goal column. A tile out of place in both counts twice.
//! It is the exact cost of the relaxation in which a tile may jump, in one move, to any cell of
//! its row or of its column, whatever stands there.
//!
//! **Claims.** Admissible: a tile out of its goal row makes at least one vertical move and a
//! tile out of its goal column at least one horizontal move, and one real move is one tile's
//! step along one axis. Consistent: that step changes one tile's row or column only, so the
//! count changes by at most one. The tests check both on every board of 3×3 for four goals. It
//! lies between the misplaced-tiles count and Manhattan distance.
//!
//! **Sizes.** Every board of up to [`super::classics::MAX_CELLS`] cells.

use super::classics::{Classic, Layout};
use super::{HeuristicInfo, Source, TableSource};
use crate::cost::CostModel;
use crate::metric::Metric;
use crate::board::Board;
use crate::error::Error;

/// The name on the command line.
pub const NAME: &str = "out-of-line";
/// One line on what it measures.
pub const SUMMARY: &str = "tiles out of their goal row plus tiles out of their goal column";
/// It never overestimates (checked on every 3×3 board for four goals).
pub const ADMISSIBLE: bool = true;
/// It drops by at most one a move (checked on every move of every 3×3 board for four goals).
pub const CONSISTENT: bool = true;

/// What it says about itself.
pub const INFO: HeuristicInfo = HeuristicInfo {
    name: NAME,
    aliases: &[],
    title: "out-of-line (tiles out of row plus out of column)",
    summary: SUMMARY,
    admissible: ADMISSIBLE,
    consistent: CONSISTENT,
    source: "Hansson, Mayer and Yung, Information Sciences 63 (1992); Russell and Norvig, AIMA (exercise)",
    table: None,
    max_cells: Some(super::classics::MAX_CELLS),
    mtm: false,
    tile_costs: false,
    integral: true,
    page: true,
    bind,
};

fn bind(goal: &Board, _: &dyn TableSource, _: CostModel, _: Metric) -> Result<Source, Error> {
    Ok(Source::Classic(std::sync::Arc::new(OutOfLine::new(goal)?)))
}

/// Tiles out of row plus tiles out of column, bound to a goal.
#[derive(Clone, Debug)]
pub struct OutOfLine {
    /// `wrong[cell * n + tile]`: how many of its goal row and goal column `tile` misses when
    /// it stands in `cell` (0 for the blank).
    wrong: Vec<u8>,
    cells: usize,
}

impl OutOfLine {
    /// Binds the heuristic to `goal` (at most [`super::classics::MAX_CELLS`] cells).
    pub fn new(goal: &Board) -> Result<OutOfLine, Error> {
        let layout = Layout::new(goal, NAME)?;
        let (n, w) = (layout.cells(), layout.width);
        let mut wrong = vec![0u8; n * n];
        for cell in 0..n {
            for tile in 1..n {
                let home = layout.cell_of[tile] as usize;
                wrong[cell * n + tile] = (cell / w != home / w) as u8 + (cell % w != home % w) as u8;
            }
        }
        Ok(OutOfLine { wrong, cells: n })
    }

    /// Tiles of `tiles` (`tiles[cell]`, 0 the blank) out of their goal row, plus those out of
    /// their goal column.
    pub fn estimate(&self, tiles: &[u8]) -> u32 {
        debug_assert_eq!(tiles.len(), self.cells);
        let n = self.cells;
        tiles.iter().enumerate().map(|(c, &t)| self.wrong[c * n + t as usize] as u32).sum()
    }
}

impl Classic for OutOfLine {
    const INFO: &'static HeuristicInfo = &INFO;
    fn new(goal: &Board) -> Result<Self, Error> {
        OutOfLine::new(goal)
    }
    fn estimate(&self, tiles: &[u8]) -> u32 {
        OutOfLine::estimate(self, tiles)
    }
}
