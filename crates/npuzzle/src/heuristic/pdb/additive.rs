//! A pattern set bound to one goal: the additive heuristic with the mirror lookup.

use super::{Frame, Pdb};
use crate::board::{Board, Tile};
use crate::error::Error;
use std::fmt;
use std::sync::Arc;

/// A pattern set bound to one goal: the additive heuristic, with the mirror lookup.
pub struct PdbHeuristic {
    goal: Board,
    frame: Frame,
    name: String,
    pdbs: Vec<Arc<Pdb>>,
    /// `transpose[c]`: cell `c` mirrored about the main diagonal (identity when not mirroring).
    transpose: Vec<u8>,
}

impl fmt::Debug for PdbHeuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PdbHeuristic").field("set", &self.name).field("frame", &self.frame).finish()
    }
}

impl PdbHeuristic {
    /// Binds loaded tables (a set named `name`, adjusted for the goal's blank) to `goal`. The
    /// tables must be built for the goal's canonical frame (size and blank cell) and hold
    /// disjoint patterns, or the sum would not be admissible.
    pub fn new(goal: &Board, name: &str, pdbs: Vec<Arc<Pdb>>) -> Result<PdbHeuristic, Error> {
        let frame = Frame::new(goal);
        let mut used = 1u32 << frame.blank;
        for p in &pdbs {
            let fits = p.width() == frame.width && p.height() == frame.height && p.blank() == frame.blank;
            let cells = p.cells().iter().fold(0u32, |m, &c| m | 1 << c);
            if !fits || used & cells != 0 {
                return Err(Error::Invalid(format!(
                    "table {} does not fit the goal {goal}: tables must be built for its frame and hold disjoint patterns",
                    p.file_name()
                )));
            }
            used |= cells;
        }
        let w = frame.width;
        let transpose = (0..goal.len()).map(|c| if frame.reflect { ((c % w) * w + c / w) as u8 } else { c as u8 }).collect();
        Ok(PdbHeuristic { goal: goal.clone(), frame, name: name.to_string(), pdbs, transpose })
    }

    /// The goal the tables are bound to.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The goal's canonical frame.
    pub fn frame(&self) -> &Frame {
        &self.frame
    }

    /// The set's name, e.g. `7-8`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether the patterns cover every tile (as every named set does); the fast IDA* engine
    /// needs that.
    pub fn covers_board(&self) -> bool {
        self.pdbs.iter().map(|p| p.cells().len()).sum::<usize>() + 1 == self.goal.len()
    }

    /// The tables.
    pub fn pdbs(&self) -> &[Arc<Pdb>] {
        &self.pdbs
    }

    /// The mirror map on canonical cells (identity when the mirror lookup does not apply).
    pub fn transpose(&self) -> &[u8] {
        &self.transpose
    }

    /// The estimate for canonical positions (`pos[label]` = canonical cell): the larger of the
    /// sum over the tables and the sum over the tables in the mirrored position.
    #[inline]
    pub fn estimate_canonical(&self, pos: &[u8]) -> u32 {
        let direct: u32 = self.pdbs.iter().map(|p| p.value(pos) as u32).sum();
        if !self.frame.reflect {
            return direct;
        }
        let t = &self.transpose;
        let blank = t[pos[t[self.frame.blank as usize] as usize] as usize];
        let mirrored: u32 = self.pdbs.iter().map(|p| p.lookup(|i| t[pos[t[p.cells()[i] as usize] as usize] as usize], blank) as u32).sum();
        direct.max(mirrored)
    }

    /// The estimate for a board in the actual frame, given as its tile per cell.
    pub fn estimate_tiles(&self, tile_at: impl Fn(usize) -> Tile) -> u32 {
        self.estimate_canonical(&self.frame.positions(tile_at))
    }
}
