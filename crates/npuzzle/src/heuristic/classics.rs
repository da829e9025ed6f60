//! What four classic heuristics from the literature share. Each is a heuristic of its own,
//! in its own file and registered like every other ([`super::HeuristicKind`]), for
//! single-tile moves of unit cost (the STM metric), any goal (the blank anywhere) and boards of
//! up to [`MAX_CELLS`] cells:
//!
//! - [`gaschnig`]: Gaschnig's heuristic, the swaps that sort the board when the blank may swap
//!   with any tile;
//! - [`out_of_line`]: tiles out of their goal row plus tiles out of their goal column;
//! - [`walking_distance`]: Takahashi's walking distance, two abstract tables built by
//!   breadth-first search;
//! - [`lc_corner`]: Korf and Taylor's Manhattan distance plus linear conflicts, corner tiles
//!   and the last move.
//!
//! Each is a struct bound to one goal: `new(goal)` precomputes what it needs (or refuses a size
//! it does not serve with [`Error::Unsupported`]), and `estimate(tiles)` reads a board given as
//! its tile per cell (row-major, `tiles[cell]`, 0 the blank) without allocating. Each module's
//! `INFO` says what it is; its `admissible` and `consistent` are what the tests
//! (`tests/suite/classics.rs`) check against the exact distances of every 3×3 board.

pub use super::gaschnig::{self, Gaschnig};
pub use super::lc_corner::{self, LcCorner};
pub use super::out_of_line::{self, OutOfLine};
pub use super::walking_distance::{self, WalkingDistance};

use super::HeuristicInfo;
use crate::board::Board;
use crate::error::Error;

/// Most cells a board may have: tiles are read as bytes.
pub const MAX_CELLS: usize = 256;

/// One of these heuristics, bound to a goal: the shape all four share, so callers and tests can
/// treat them alike.
pub trait Classic: Sized + Send + Sync + std::fmt::Debug + 'static {
    /// What it is.
    const INFO: &'static HeuristicInfo;
    /// Binds it to `goal`, or refuses a size it does not serve.
    fn new(goal: &Board) -> Result<Self, Error>;
    /// The estimate of the moves from `tiles` (`tiles[cell]`, 0 the blank) to the goal.
    fn estimate(&self, tiles: &[u8]) -> u32;
}

/// A classic bound to a goal, as a search holds it ([`super::Source::Classic`]).
pub(crate) trait Bytes: Send + Sync + std::fmt::Debug {
    /// [`Classic::estimate`].
    fn of(&self, tiles: &[u8]) -> u32;
}

impl<C: Classic> Bytes for C {
    #[inline]
    fn of(&self, tiles: &[u8]) -> u32 {
        self.estimate(tiles)
    }
}

/// The estimate of `bytes` for a board of `cells` cells whose tile in cell `c` is `tile(c)`,
/// read into a buffer on the stack.
#[inline]
pub(crate) fn estimate_with(h: &dyn Bytes, cells: usize, tile: impl Fn(usize) -> u8) -> u32 {
    let mut buf = [0u8; MAX_CELLS];
    for (c, b) in buf[..cells].iter_mut().enumerate() {
        *b = tile(c);
    }
    h.of(&buf[..cells])
}

/// The goal as these heuristics read it: where each tile belongs and which tile each cell
/// holds, with cells and tiles as bytes.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    pub(crate) width: usize,
    pub(crate) height: usize,
    /// `cell_of[t]`: the goal cell of tile `t` (of the blank for `t = 0`).
    pub(crate) cell_of: Vec<u8>,
    /// `tile_at[c]`: the tile cell `c` holds in the goal.
    pub(crate) tile_at: Vec<u8>,
}

impl Layout {
    /// The layout of `goal`, or [`Error::Unsupported`] naming `name` when the board has more
    /// than [`MAX_CELLS`] cells.
    pub(crate) fn new(goal: &Board, name: &str) -> Result<Layout, Error> {
        let (width, height) = (goal.width(), goal.height());
        let n = width * height;
        if n > MAX_CELLS {
            return Err(Error::Unsupported(format!(
                "the {name} heuristic reads boards of at most {MAX_CELLS} cells, not {width}×{height}"
            )));
        }
        let tile_at: Vec<u8> = goal.tiles().iter().map(|&t| t as u8).collect();
        let mut cell_of = vec![0u8; n];
        for (c, &t) in tile_at.iter().enumerate() {
            cell_of[t as usize] = c as u8;
        }
        Ok(Layout { width, height, cell_of, tile_at })
    }

    /// The number of cells.
    #[inline]
    pub(crate) fn cells(&self) -> usize {
        self.cell_of.len()
    }
}
