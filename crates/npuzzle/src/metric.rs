//! The two metrics sliding-puzzle fans count moves in: single-tile moves (STM, one tile slides
//! one cell: what every npuzzle search counts) and multi-tile moves (MTM: the k tiles between the
//! blank and a cell of its row or column slide together, counted once).
//!
//! [`MtmTable`] holds the exact MTM distance of every board of at most
//! [`crate::generate::MAX_TABLE_CELLS`] cells, from a breadth-first search out of the goal over
//! the MTM moves.
//!
//! ```
//! use npuzzle::metric::MtmTable;
//! use npuzzle::parse::parse_board;
//! let goal = parse_board("1 2 3/4 5 6/7 8 0").unwrap();
//! let table = MtmTable::new(&goal).unwrap();
//! // Two tiles of the bottom row, one slide.
//! let start = parse_board("1 2 3/4 5 6/0 7 8").unwrap();
//! assert_eq!(table.distance(&start), Some(1));
//! assert_eq!(npuzzle::notation::write(&table.solve(&start).unwrap(), npuzzle::notation::Reading::Blank), "R2");
//! ```

use crate::board::{Board, Move, Tile};
use crate::error::Error;
use crate::generate::MAX_TABLE_CELLS;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How moves are counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Metric {
    /// Single-tile moves: one tile slides one cell.
    #[default]
    Stm,
    /// Multi-tile moves: a line of tiles slides toward the blank together, counted once.
    Mtm,
}

impl Metric {
    /// The metric's name, as `--metric` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Stm => "stm",
            Metric::Mtm => "mtm",
        }
    }
}

impl<'de> Deserialize<'de> for Metric {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

impl Metric {
    /// Whether this is the single-tile metric (the default; reports leave it out).
    pub fn is_stm(&self) -> bool {
        *self == Metric::Stm
    }

    /// Both metrics, the default first.
    pub const ALL: [Metric; 2] = [Metric::Stm, Metric::Mtm];

    /// The most successors a state of a `width` × `height` board can have: single-tile moves
    /// give at most two along each side longer than one cell (4 on 3×3 and up); multi-tile
    /// moves give a slide to every other cell of the blank's row and column, `width - 1 +
    /// height - 1` (6 on 4×4, 14 on 8×8).
    ///
    /// ```
    /// use npuzzle::metric::Metric;
    /// assert_eq!(Metric::Stm.branching(4, 4), 4);
    /// assert_eq!(Metric::Mtm.branching(4, 4), 6);
    /// assert_eq!(Metric::Stm.branching(2, 3), 3);
    /// ```
    pub fn branching(self, width: usize, height: usize) -> usize {
        let (w, h) = (width.saturating_sub(1), height.saturating_sub(1));
        match self {
            Metric::Stm => w.min(2) + h.min(2),
            Metric::Mtm => w + h,
        }
    }

    /// What the metric counts, in a few words.
    pub fn summary(self) -> &'static str {
        match self {
            Metric::Stm => "single-tile moves: one tile slides one cell",
            Metric::Mtm => "multi-tile moves: the tiles between the blank and a cell of its row or column slide together, once",
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Metric {
    type Err = Error;
    fn from_str(s: &str) -> Result<Metric, Error> {
        match s.trim().to_ascii_lowercase().as_str() {
            "stm" => Ok(Metric::Stm),
            "mtm" => Ok(Metric::Mtm),
            other => Err(Error::Invalid(format!("unknown metric {}: use stm or mtm", crate::error::quote(other)))),
        }
    }
}

/// The MTM moves of a board: the blank moving `k` cells in one direction, for every `k` from 1
/// to the edge, each with the board it gives.
pub fn mtm_moves(board: &Board) -> Vec<(Move, usize, Board)> {
    let mut out = Vec::new();
    for m in Move::ALL {
        let mut b = board.clone();
        let mut k = 0;
        while let Some(next) = b.apply(m) {
            k += 1;
            out.push((m, k, next.clone()));
            b = next;
        }
    }
    out
}

/// The exact MTM distance to one goal of every board that reaches it, for boards of at most
/// [`MAX_TABLE_CELLS`] cells (3×3: 181,440 boards, each at most 24 MTM moves away).
#[derive(Clone, Debug)]
pub struct MtmTable {
    goal: Board,
    depth: FxHashMap<u64, u8>,
}

fn pack(tiles: &[Tile]) -> u64 {
    tiles.iter().fold(0u64, |acc, &t| (acc << 4) | t as u64)
}

impl MtmTable {
    /// The table of `goal`, by breadth-first search over the MTM moves (which are their own
    /// inverses' family: a slide of k tiles is undone by the slide back). Boards over
    /// [`MAX_TABLE_CELLS`] cells are refused.
    pub fn new(goal: &Board) -> Result<MtmTable, Error> {
        let n = goal.len();
        if n > MAX_TABLE_CELLS {
            return Err(Error::Unsupported(format!(
                "the exact multi-tile distances need the whole state space, which only boards of at most {MAX_TABLE_CELLS} cells allow ({}×{} has {n})",
                goal.width(),
                goal.height()
            )));
        }
        let mut depth = FxHashMap::default();
        depth.insert(pack(goal.tiles()), 0u8);
        let mut layer = vec![goal.clone()];
        let mut d = 0u8;
        while !layer.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for b in &layer {
                for (_, _, c) in mtm_moves(b) {
                    let key = pack(c.tiles());
                    if let std::collections::hash_map::Entry::Vacant(e) = depth.entry(key) {
                        e.insert(d);
                        next.push(c);
                    }
                }
            }
            layer = next;
        }
        Ok(MtmTable { goal: goal.clone(), depth })
    }

    /// The goal.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The MTM distance of `board` to the goal; `None` when it cannot reach it (or has another
    /// size).
    pub fn distance(&self, board: &Board) -> Option<u64> {
        if board.width() != self.goal.width() || board.height() != self.goal.height() {
            return None;
        }
        self.depth.get(&pack(board.tiles())).map(|&d| d as u64)
    }

    /// The MTM distance of the board whose cell `c` holds `tile(c)` (`cells` cells, the
    /// goal's size); `None` when it cannot reach the goal.
    pub fn distance_tiles(&self, tile: impl Fn(usize) -> Tile, cells: usize) -> Option<u64> {
        if cells != self.goal.len() {
            return None;
        }
        let key = (0..cells).fold(0u64, |acc, c| (acc << 4) | tile(c) as u64);
        self.depth.get(&key).map(|&d| d as u64)
    }

    /// An MTM-optimal solution of `board`, as the blank's single moves (each slide of k tiles is
    /// k moves in one direction); `None` when the board cannot reach the goal. The slides are
    /// tried in the order `U`, `D`, `L`, `R` and then from the shortest, so the answer is the
    /// same every time.
    pub fn solve(&self, board: &Board) -> Option<Vec<Move>> {
        let mut d = self.distance(board)?;
        let mut b = board.clone();
        let mut moves = Vec::new();
        while d > 0 {
            let (m, k, next) = mtm_moves(&b).into_iter().find(|(_, _, c)| self.distance(c) == Some(d - 1))?;
            moves.extend(std::iter::repeat_n(m, k));
            b = next;
            d -= 1;
        }
        Some(moves)
    }

    /// The number of boards in the table.
    pub fn len(&self) -> usize {
        self.depth.len()
    }

    /// Whether the table is empty (never: it holds the goal).
    pub fn is_empty(&self) -> bool {
        self.depth.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::DepthTable;
    use crate::goal::Goal;
    use crate::notation::mtm_length;

    #[test]
    fn the_2x2_and_3x3_spaces_are_covered_and_mtm_is_never_longer_than_stm() {
        let goal = Goal::BlankLast.board(2, 2).unwrap();
        let t = MtmTable::new(&goal).unwrap();
        assert_eq!(t.len(), 12);
        let goal = Goal::BlankLast.board(3, 3).unwrap();
        let t = MtmTable::new(&goal).unwrap();
        let stm = DepthTable::new(&goal).unwrap();
        assert_eq!(t.len(), 181_440);
        let mut rng = crate::generate::Rng::new(7);
        for _ in 0..200 {
            let b = crate::generate::random_solvable(&goal, &mut rng);
            let d = t.distance(&b).unwrap();
            let moves = t.solve(&b).unwrap();
            // The answer reaches the goal in d slides.
            let end = b.apply_all(&moves).unwrap().pop().unwrap_or_else(|| b.clone());
            assert_eq!(end, goal);
            assert_eq!(mtm_length(&moves), d);
            assert!(d <= stm.depth_of(&b).unwrap() as u64);
        }
    }

    #[test]
    fn boards_too_large_are_refused() {
        assert!(MtmTable::new(&Goal::BlankLast.board(4, 3).unwrap()).is_err());
        assert_eq!("MTM".parse::<Metric>().unwrap(), Metric::Mtm);
        assert!("qtm".parse::<Metric>().is_err());
    }
}
